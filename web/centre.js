// The middle of the table: the trick on the table (a finished one kept in
// view for a moment) and the lines about the deal: trump, talon or stock,
// bids, marriages, the widow, what you drew, who is winning the trick.

import { isCard, cardName, cardShort, suitName, suitSymbol, bigCard, smallCard, backCard } from "./cards.js";
import { h } from "./dom.js";
import { actionLabel, capital, plural } from "./words.js";

function trickCards(ui) {
  const o = ui.state.observation;
  if (!o) return [];
  if (o.family === "sixty-six") return o.lead_card ? [{ seat: o.leader, card: o.lead_card }] : [];
  if (o.family === "sixes-and-sevens") return (o.trick || []).map((card, i) => ({ seat: (o.leader + i) % o.players, card }));
  return o.trick || [];
}

export function centreView(ui) {
  const s = ui.state;
  const o = s.observation || {};
  let trick = trickCards(ui);
  let won = null;
  if (!trick.length && ui.showTrick && Date.now() < ui.showTrick.until) {
    trick = ui.showTrick.trick.cards;
    won = ui.showTrick.trick.winner;
  }
  const trickView = h(
    "section",
    { class: "trick", "aria-label": trick.length ? `Trick: ${trick.map((t) => `${ui.name(t.seat)} ${t.card ? cardName(t.card) : "a card"}`).join(", ")}` : "No cards on the table" },
    trick.map((t) =>
      h("figure", { class: `played${won === t.seat ? " winner" : ""}` }, t.card ? bigCard(t.card) : backCard(), h("figcaption", {}, ui.shortName(t.seat))),
    ),
    won !== null ? h("p", { class: "won" }, won === ui.state.you ? "You win the trick" : `${capital(ui.name(won))} wins the trick`) : null,
  );
  const info = [];
  // Moves a bot made for you while you were away (or past your turn's
  // time), since your own last move: the server keeps them for you.
  if (Array.isArray(s.stood_in) && s.stood_in.length) {
    const moves = s.stood_in.map((a) => (isCard(a) ? cardShort(a) : actionLabel(a)));
    info.push(h("span", { id: "stood-in" }, `A bot played for you: ${moves.join(", ")}`));
  }
  if (o.trump) info.push(h("span", { class: `trump suit-${o.trump}` }, "Trump ", h("b", {}, suitSymbol(o.trump)), ` ${suitName(o.trump)}`));
  if (o.family === "sixty-six") {
    if (o.trump_card) info.push(h("span", { class: "talon" }, smallCard(o.trump_card), ` under the talon`));
    info.push(h("span", {}, `Talon: ${o.talon_remaining}${o.closed_by !== null && o.closed_by !== undefined ? ` (closed by ${o.closed_by === s.you ? "you" : ui.name(o.closed_by)})` : ""}`));
    if (Array.isArray(o.points) && o.seat != null) info.push(h("span", {}, `Your points: ${o.points[o.seat]}`));
    const pending = Array.isArray(o.pending_marriage_points) ? o.pending_marriage_points[o.seat] : o.pending_marriage_points;
    if (pending && o.seat != null) info.push(h("span", {}, `Your marriage points waiting for a trick: ${pending}`));
  }
  if (o.family === "na-sixty-six" && o.turned) info.push(h("span", { class: "talon" }, "Turned ", smallCard(o.turned)));
  // The widow (three hands): its cards are sent only to whoever may see
  // them; everyone is told it is there and who won it.
  if (o.family === "na-sixty-six" && o.players === 3 && !(Array.isArray(o.widow) && o.widow.length)) {
    const won = o.widow_taker !== null && o.widow_taker !== undefined;
    info.push(h("span", { id: "widow-note" }, won ? `Widow: won by ${ui.shortName(o.widow_taker)}, face down` : "Widow: 3 cards face down, for the first trick's winner"));
  }
  if (o.family === "na-sixty-six" && Array.isArray(o.widow) && o.widow.length) {
    const taker = o.widow_taker;
    const title = taker === null || taker === undefined ? "Widow" : taker === s.you ? "Your widow" : `Widow of ${ui.name(taker)}`;
    info.push(h("span", { id: "widow", "data-cards": o.widow.join(" "), "aria-label": `${title}: ${o.widow.map(cardName).join(", ")}` }, `${title} `, o.widow.map((c) => smallCard(c))));
  }
  if (o.family === "na-sixty-six" && Array.isArray(o.laid_away) && o.laid_away.length) {
    info.push(h("span", { id: "laid-away", "aria-label": `Laid away: ${o.laid_away.map(cardName).join(", ")}` }, "Laid away ", o.laid_away.map((c) => smallCard(c))));
  }
  if (o.family === "pedro" && o.stock_left !== undefined) info.push(h("span", {}, `${capital(o.stock_name || "stock")}: ${o.stock_left}`));
  if (o.family === "pedro" && Array.isArray(o.events) && o.phase !== "over") info.push(...draws(ui, o));
  if (o.high_bid && o.bidder !== null && o.bidder !== undefined) {
    // The rules name the bid: a number, "moon" or "double".
    info.push(h("span", {}, `Bid: ${o.high_bid_name ?? o.high_bid} by ${ui.name(o.bidder)}`));
  }
  if (o.family === "na-sixty-six" && Array.isArray(o.marriages) && o.marriages.length) {
    info.push(h("span", {}, "Marriages: ", o.marriages.map((m) => `${ui.name(m.seat)} ${suitSymbol(m.suit)} ${m.points}`).join(", ")));
  }
  if (o.family === "sixty-six" && Array.isArray(o.events)) {
    const melds = o.events.filter((e) => e.event === "meld");
    if (melds.length) info.push(h("span", {}, "Marriages: ", melds.map((m) => `${ui.name(m.seat)} ${suitSymbol(m.suit)} ${m.points}`).join(", ")));
  }
  if (o.family === "sixes-and-sevens" && o.so_far && o.trick.length) {
    // Who is winning depends on the odd/even count: say it.
    const m = o.so_far;
    const led = suitName(o.trick[0].slice(-1));
    info.push(h("span", { id: "so-far" }, `${m.high_wins ? "High" : "Low"} card of ${led} wins so far (${m.odd} odd, ${m.even} even)`));
  }
  if (o.family === "sixes-and-sevens" && o.calls && o.calls.some(Boolean)) {
    info.push(h("span", {}, "Ace calls: ", o.calls.map((c, i) => (c ? `${cardShort(o.trick[i] || "")} ${c}` : "")).filter(Boolean).join(", ")));
  }
  return h("div", { class: "centre" }, trickView, info.length ? h("div", { class: "info" }, info) : null);
}

// The Pedro family's draws: what the fill, the four more, the kitty or
// the robbing brought you and is still in your hand (your own record
// names the cards; others' only count them), and who robbed the stock.
function draws(ui, o) {
  const inHand = new Set(o.hand || []);
  const lines = [];
  const parts = [["stock", "drew", "You drew"], ["kitty", "kitty-taken", "From the kitty"], ["robbing", "robbed", "You robbed"]];
  for (const [from, id, words] of parts) {
    const cards = o.events
      .filter((e) => e.event === "drew" && e.from === from && e.seat === o.seat && Array.isArray(e.own_cards))
      .flatMap((e) => e.own_cards)
      .filter((c) => inHand.has(c));
    if (cards.length) lines.push(h("span", { id, "data-cards": cards.join(" "), "aria-label": `${words} ${cards.map(cardName).join(", ")}` }, `${words} `, cards.map((c) => smallCard(c))));
  }
  const robbing = o.events.find((e) => e.event === "drew" && e.from === "robbing" && e.seat !== o.seat);
  if (robbing) lines.push(h("span", { id: "robbing" }, `${capital(ui.shortName(robbing.seat))} robbed the rest of the stock (${plural(robbing.count, "card")})`));
  return lines;
}
