// Actions in words: what the live region says a seat did, the label of an
// action's button, and the question asked before an action that cannot be
// taken back.

import { isCard, cardName, cardShort, suitName, suitSymbol } from "./cards.js";

const BID_WORDS = { double: "double", moon: "the moon" };

// What a seat did, in words: "plays the Queen of spades"; with `you`,
// as said to the one who did it ("play the Queen of spades").
export function describeAction(action, you = false) {
  const text = describeThird(action);
  if (!you) return text;
  // The verb comes first: "passes" → "pass", "bids" → "bid".
  return text
    .replace(/^(\S+?)(es|s)\b/, (_, stem, end) => (end === "es" && stem.endsWith("ss") ? stem : stem + (end === "es" ? "e" : "")))
    .replace(" and leads ", " and lead ");
}

function describeThird(action) {
  // The only moves a seat is not told: cards laid away face down.
  if (action === null || action === undefined) return "lays a card away face down";
  if (isCard(action)) return `plays ${cardName(action)}`;
  let m;
  if ((m = action.match(/^play (\S+)$/))) return `plays ${cardName(m[1])}`;
  if ((m = action.match(/^(\S\S)\+$/))) return `announces a marriage and leads ${cardName(m[1])}`;
  if ((m = action.match(/^M([CDHS])$/))) return `shows the marriage in ${suitName(m[1])}`;
  if ((m = action.match(/^bid (\S+)$/))) return `bids ${BID_WORDS[m[1]] || m[1]}`;
  if ((m = action.match(/^trump ([CDHS])$/))) return `names ${suitName(m[1])} trump`;
  if ((m = action.match(/^discard (\S+)$/))) return `discards ${cardName(m[1])}`;
  if ((m = action.match(/^give (\S+)$/))) return `gives ${cardName(m[1])}`;
  if ((m = action.match(/^ace (odd|even)$/))) return `calls ${m[1]}`;
  const words = {
    pass: "passes", moon: "shoots the moon", dump: "dumps the rest of the hand", keep: "keeps the extra trumps",
    exchange: "exchanges the trump card", close: "closes the talon",
    declare: "declares 66",
    draw: "draws",
  };
  return words[action] || action;
}

// The label of a non-card action's button.
export function actionLabel(action) {
  let m;
  if (action === "pass") return "Pass";
  if ((m = action.match(/^bid (\S+)$/))) return m[1] === "double" ? "Bid double" : `Bid ${m[1]}`;
  if (action === "moon") return "Moon";
  if ((m = action.match(/^trump ([CDHS])$/))) return `${suitSymbol(m[1])} Trump ${suitName(m[1])}`;
  if ((m = action.match(/^M([CDHS])$/))) return `Marriage ${suitSymbol(m[1])}`;
  if ((m = action.match(/^(\S\S)\+$/))) return `Marriage: lead ${cardShort(m[1])}`;
  // An Ace called odd counts 1 (lowest), even 14 (highest).
  if ((m = action.match(/^ace (odd|even)$/))) return m[1] === "odd" ? "Ace: odd (low, 1)" : "Ace: even (high, 14)";
  const words = { dump: "Dump", keep: "Keep trumps", exchange: "Exchange trump", close: "Close talon", declare: "Declare 66", draw: "Draw a card" };
  return words[action] || action;
}

// A score as the page writes it everywhere: one minus sign, the
// typographic one.
export function figure(n) {
  return n < 0 ? `\u2212${-n}` : `${n}`;
}

// "1 card", "3 cards".
export function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// A capital letter first.
export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

// "Ann", "Ann and Bo", "Ann, Bo and Cy".
export function andList(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

// What the bids on offer mean, in a line under the buttons (none when no
// bid is offered).
export function bidHelp(state) {
  const legal = state.legal || [];
  if (!legal.some((a) => a.startsWith("bid ") || a === "moon")) return null;
  const o = state.observation || {};
  if (o.family === "na-sixty-six") {
    const who = o.players === 3 ? "you" : "your side";
    let text = `Bid N: ${who} must take at least N \u00d7 33 points, or lose the bid.`;
    if (legal.includes("moon")) text += " Moon: you play alone and must take every trick.";
    return text;
  }
  let text = "Bid N: your side must take at least N points, or lose the bid.";
  if (legal.includes("bid double")) text += " Double: all the points, scored double.";
  // The last to speak when everyone else passed: passing is not free.
  const events = Array.isArray(o.events) ? o.events : [];
  const passes = events.filter((e) => e.event === "pass").length;
  if (o.family === "pedro" && legal.includes("pass") && passes === 3 && !events.some((e) => e.event === "bid")) {
    text += typeof o.forced_bid === "number"
      ? ` Everyone else passed: if you pass too, you are stuck with a bid of ${o.forced_bid}.`
      : " Everyone else passed: if you pass too, the cards are thrown in.";
  }
  return text;
}

// The moves the page asks about before it sends them; what each does is
// the server's to say (`confirm` in the state, true under the options).
export const CONFIRM = new Set(["moon", "bid double", "close", "declare", "dump"]);
