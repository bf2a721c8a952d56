// A seat as the others see it: name, where it sits, whose turn, cards in
// hand, tags (dealer, bid, out), presence and the cards it has shown.

import { h } from "./dom.js";
import { cardName, smallCard, miniBacks } from "./cards.js";

function presenceText(ui, seat) {
  const p = ui.presence[seat];
  if (p === "away" && longAway(ui, seat) && ui.standInAt[seat] !== undefined) {
    const secs = Math.max(0, Math.ceil((ui.standInAt[seat] - Date.now()) / 1000));
    return `away: a bot plays in ${secs} s`;
  }
  return { online: "online", away: "away", stand_in: "a bot plays for now", open: "not here yet", bot: "" }[p] ?? "";
}

// Away for a few seconds: not a reconnect's blink. Only then do the
// countdown and the button show, so that a seat dropping and coming back
// does not move the page under a finger or the pointer.
const BLINK_MS = 5000;
function longAway(ui, seat) {
  return ui.awaySince[seat] !== undefined && Date.now() - ui.awaySince[seat] >= BLINK_MS;
}

// For a seated person: a bot may play for a seat whose person is not
// here, so that the table need not wait for them. The seat is theirs
// again the moment they come.
function standInButton(ui, seat) {
  const s = ui.state;
  const p = ui.presence[seat];
  if (s.you === null || s.you === undefined || s.status === "finished") return null;
  if (p !== "open" && !(p === "away" && longAway(ui, seat))) return null;
  return h(
    "button",
    { type: "button", class: "stand-in", "data-key": `stand-in-${seat}`, onclick: () => ui.askStandIn(seat) },
    "Let a bot play for now",
  );
}

function handSize(ui, seat) {
  const o = ui.state.observation;
  if (!o) return null;
  return Array.isArray(o.hand_sizes) ? o.hand_sizes[seat] : null;
}

export function seatBox(ui, seat) {
  const s = ui.state;
  const o = s.observation || {};
  const turn = s.status === "playing" && s.to_move === seat;
  const count = handSize(ui, seat);
  const tags = [];
  if (o.dealer === seat) tags.push("dealer");
  if (o.bidder === seat && o.high_bid) tags.push(`bid ${o.high_bid_name ?? o.high_bid}`);
  if (o.sitting_out === seat) tags.push("sits out");
  if (Array.isArray(o.out) && o.out[seat]) tags.push("out");
  if (Array.isArray(o.tricks_won)) {
    // North American Sixty-six counts tricks per side.
    const bySide = ui.partners() && o.tricks_won.length === 2;
    const won = o.tricks_won[bySide ? seat % 2 : seat];
    if (won !== undefined) tags.push(bySide ? `side: ${won} tricks` : `${won} tricks`);
  }
  const presence = presenceText(ui, seat);
  const known = knownCards(ui, seat);
  const where = ui.position(seat);
  const label = [ui.name(seat), where === "partner" ? "your partner" : where ? `on your ${where}` : null, turn ? "to play" : null, count !== null ? `${count} cards` : null, ...tags, presence]
    .filter(Boolean)
    .join(", ");
  return h(
    "div",
    { class: `seat${turn ? " turn" : ""}${seat === s.you ? " me" : ""}`, "aria-label": label, role: "group", "data-seat": seat },
    h(
      "div",
      { class: "seat-name" },
      turn ? h("span", { class: "dot", "aria-hidden": "true" }, "\u25B6 ") : null,
      ui.name(seat),
    ),
    where ? h("div", { class: "where", "aria-hidden": "true" }, where === "partner" ? "your partner" : `on your ${where}`) : null,
    h(
      "div",
      { class: "seat-info", "aria-hidden": "true" },
      seat !== s.you && count !== null ? h("span", { class: "count" }, miniBacks(count), ` ${count}`) : null,
      tags.length ? h("span", { class: "tags" }, tags.join(" · ")) : null,
      presence ? h("span", { class: `presence p-${ui.presence[seat]}` }, presence) : null,
    ),
    standInButton(ui, seat),
    known.length
      ? h("div", { class: "known", "aria-label": `Known cards of ${ui.name(seat)}: ${known.map(cardName).join(", ")}` }, known.map((c) => smallCard(c)))
      : null,
  );
}

// Cards known to be (or to have been put away) in a seat's hand: shown
// marriages, face-up gives and discards.
function knownCards(ui, seat) {
  const o = ui.state.observation;
  if (!o) return [];
  // Your own shown cards are in your hand already (Sixty-six).
  if (o.family === "sixty-six" && seat === o.seat) return [];
  if (Array.isArray(o.known)) return (o.known[seat] || []).filter(Boolean);
  return [];
}
