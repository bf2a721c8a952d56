// A seat as the others see it: name, where it sits, whose turn, cards in
// hand, tags (dealer, bid, out), presence and the cards it has shown.

import { h } from "./dom.js";
import { cardName, smallCard, miniBacks } from "./cards.js";
import { plural } from "./words.js";

function presenceText(ui, seat) {
  const p = ui.presence[seat];
  // Over: who is still here matters (for a rematch), not who played for whom.
  if (ui.state.status === "finished" && (p === "stand_in" || p === "open")) return "";
  // Nobody comes back to a finished table: one who went (to the rematch,
  // most often) has left, not stepped away.
  if (ui.state.status === "finished" && p === "away") return "left";
  // This page's own link is down: the last presence it heard is stale.
  if (seat === ui.state.you && ui.connection && ui.connection !== "online") return "reconnecting…";
  if (p === "away" && longAway(ui, seat) && ui.standInAt[seat] !== undefined) {
    const secs = Math.max(0, Math.ceil((ui.standInAt[seat] - Date.now()) / 1000));
    return `away: a bot plays in ${secs} s`;
  }
  // A seat open in more than one place: yours, so you notice a tab or a
  // device you did not mean (a seat link is a key); another's, so you know.
  const places = ui.connections[seat] || 0;
  if (p === "online" && places > 1) return seat === ui.state.you ? `open in ${places} places (tabs or devices)` : `online in ${places} places`;
  if (p === "stand_in" && seat === ui.state.you) return "a bot plays for you";
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

// Your own seat, played by a bot (your time ran out, or friends let a bot
// play while you were away): the way back.
function backButton(ui, seat) {
  const s = ui.state;
  if (seat !== s.you || s.status === "finished" || ui.presence[seat] !== "stand_in") return null;
  return h("button", { type: "button", class: "stand-in primary", id: "im-back", onclick: () => ui.net.send({ t: "back" }) }, "I'm back: let me play");
}

function handSize(ui, seat) {
  const o = ui.state.observation;
  if (!o) return null;
  return Array.isArray(o.hand_sizes) ? o.hand_sizes[seat] : null;
}

// What each seat said in the auction so far, while it lasts: its last
// bid or pass (the high bid alone would hide the passes and your own
// earlier bids).
function auctionCall(o, seat) {
  if (o.family === "pedro" && o.phase === "auction" && Array.isArray(o.events)) {
    const calls = o.events.filter((e) => e.seat === seat && ["bid", "pass", "forced"].includes(e.event));
    const last = calls[calls.length - 1];
    if (!last) return null;
    if (last.event === "pass") return "passed";
    // The rules name the high bid (a double is one above the top).
    const bid = last.bid === o.high_bid ? (o.high_bid_name ?? last.bid) : last.bid;
    return last.event === "forced" ? `forced at ${bid}` : `bid ${bid}`;
  }
  if (o.family === "na-sixty-six" && o.phase === "bidding" && Array.isArray(o.bids)) {
    const calls = o.bids.filter((b) => b.seat === seat);
    const last = calls[calls.length - 1];
    if (!last) return null;
    return last.bid === 0 ? "passed" : last.bid === 5 ? "bid the moon" : `bid ${last.bid}`;
  }
  return null;
}

// Why a Pedro seat takes no further part: it folded before the play (no
// trumps, or it gave them to its partner), or it ran out of trumps in the
// play and said "I'm up" (King Pedro).
function outTag(o, seat) {
  const events = Array.isArray(o.events) ? o.events : [];
  const at = events.findIndex((e) => e.event === "out" && e.seat === seat);
  const inPlay = at > 0 && events.slice(0, at).some((e) => e.event === "play");
  return inPlay ? "out of trumps: \u201cI'm up\u201d, out of this deal" : "folded: out of this deal";
}

// Where a seat sits, in words: from your chair, or for a spectator of a
// partnership game, whom it plays with.
function whereText(ui, seat) {
  const where = ui.position(seat);
  if (where === "partner") return "your partner";
  if (where === "across") return "across from you";
  if (where) return `on your ${where}`;
  const s = ui.state;
  if ((s.you === null || s.you === undefined) && ui.partners()) return `with ${ui.name(ui.partnerOf(seat))}`;
  return null;
}

export function seatBox(ui, seat) {
  const s = ui.state;
  const o = s.observation || {};
  const turn = s.status === "playing" && s.to_move === seat;
  const count = handSize(ui, seat);
  const tags = [];
  if (o.dealer === seat) tags.push("dealer");
  const call = auctionCall(o, seat);
  if (call) tags.push(call);
  else if (o.bidder === seat && o.high_bid) tags.push(`bid ${o.high_bid_name ?? o.high_bid}`);
  if (o.sitting_out === seat) tags.push("sits out");
  if (Array.isArray(o.out) && o.out[seat]) tags.push(outTag(o, seat));
  // Three seats or more playing each for themselves: each seat's match
  // score by its name (the top bar has only room for the numbers).
  if (Array.isArray(s.scores) && s.scores.length > 2 && !ui.partners()) tags.push(`score ${s.scores[seat]}`);
  if (Array.isArray(o.tricks_won)) {
    // North American Sixty-six counts tricks per side.
    const bySide = ui.partners() && o.tricks_won.length === 2;
    const won = o.tricks_won[bySide ? seat % 2 : seat];
    if (won !== undefined) tags.push(bySide ? `side: ${plural(won, "trick")}` : plural(won, "trick"));
  }
  const presence = presenceText(ui, seat);
  const known = knownCards(ui, seat);
  const where = whereText(ui, seat);
  const label = [ui.name(seat), where, turn ? "to play" : null, count !== null ? plural(count, "card") : null, ...tags, presence]
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
    where ? h("div", { class: "where", "aria-hidden": "true" }, where) : null,
    h(
      "div",
      { class: "seat-info", "aria-hidden": "true" },
      // No count once the hand is empty: a bare 0 says nothing.
      seat !== s.you && count ? h("span", { class: "count" }, miniBacks(count), ` ${count}`) : null,
      tags.length ? h("span", { class: "tags" }, tags.join(" · ")) : null,
      presence ? h("span", { class: `presence p-${ui.presence[seat]}` }, presence) : null,
    ),
    standInButton(ui, seat),
    backButton(ui, seat),
    known.length
      ? h("div", { class: "known", "aria-label": `Known to hold: ${known.map(cardName).join(", ")}` }, h("span", { class: "muted", "aria-hidden": "true" }, "holds "), known.map((c) => smallCard(c)))
      : null,
  );
}

// Cards known to be (or to have been put away) in a seat's hand: shown
// marriages, face-up gives and discards.
function knownCards(ui, seat) {
  const o = ui.state.observation;
  if (!o) return [];
  // Your own known cards are in your hand already.
  if (seat === o.seat) return [];
  if (Array.isArray(o.known)) return (o.known[seat] || []).filter(Boolean);
  return [];
}
