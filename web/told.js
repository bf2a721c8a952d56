// What the table page says in words from a state: the cards that came
// into your hand, the result of a finished table, whether a deal is in
// its auction. Pure functions of the states (and the page's names).

import { cardName } from "./cards.js";
import { andList, capital } from "./words.js";

// The cards that came into your hand since `before` (the fill, four
// more, the kitty, the robbing, the widow), as sentences for the live
// region.
export function received(before, state) {
  const o = state.observation || {};
  // Three-hand North American Sixty-six: the widow, once you may see it.
  if (o.family === "na-sixty-six" && Array.isArray(o.widow) && o.widow.length) {
    const had = before && before.deal_no === state.deal_no && Array.isArray(before.observation?.widow) && before.observation.widow.length;
    const whose = o.widow_taker === o.seat ? "Your widow" : "The widow";
    return had ? [] : [`${whose}: ${andList(o.widow.map(cardName))}.`];
  }
  // On the first state (a reload) the draws are old news.
  if (!before || o.family !== "pedro" || !Array.isArray(o.events) || o.seat == null) return [];
  const old = before.observation && before.observation.family === "pedro" && before.deal_no === state.deal_no ? (before.observation.events || []).length : 0;
  const words = { stock: "You drew", kitty: "From the kitty you took", robbing: "You robbed" };
  return o.events
    .slice(old)
    .filter((e) => e.event === "drew" && e.seat === o.seat && Array.isArray(e.own_cards) && e.own_cards.length)
    .map((e) => `${words[e.from] || "You drew"} ${andList(e.own_cards.map(cardName))}.`);
}

// The result of a finished table, for `ui` (its state, names, sides).
export function finishText(ui) {
  const s = ui.state;
  if (s.unfinished) return `The table ended before the ${s.match ? "match" : "deal"} was over.`;
  const text = winnersText(ui, s.winners || []);
  // A result reached with moves taken back says so.
  return s.undos ? `${text.slice(0, -1)} (${s.undos === 1 ? "a move" : `${s.undos} moves`} taken back).` : text;
}

function winnersText(ui, winners) {
  if (winners.length === 0) return "The game is over.";
  // You first, as "You" ("You and Bo win."), and a capital to start.
  const mine = winners.includes(ui.state.you);
  const names = [...(mine ? ["you"] : []), ...winners.filter((i) => i !== ui.state.you).map((i) => ui.name(i))];
  const who = capital(andList(names));
  if (winners.length === 1) return mine ? "You win." : `${who} wins.`;
  // Partners win together; anyone else shares first place.
  return ui.partners() ? `${who} win.` : `${who} share first place.`;
}

// Whether a deal is in its auction (someone is to bid, not play).
export function bidding(s) {
  return ["auction", "bidding"].includes(s.observation?.phase);
}

// What the seat to move is doing, as "Bo to …" says it: an auction's bid,
// the Pedro family's trump naming and its discards and gives down to six,
// the widow's lay-away, an Ace's call, else play.
export function doing(s) {
  const phase = s.observation?.phase;
  if (bidding(s)) return "bid";
  if (phase === "trump") return "name trumps";
  if (phase === "reduce") return "get down to six";
  if (phase === "discard") return "lay cards away";
  if (phase === "acecall") return "call the Ace";
  return "play";
}
