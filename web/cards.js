// Card names and SVG faces, drawn by our own code. A card is written as in
// the engine's notation: rank (2-9, T, J, Q, K, A) then suit (C, D, H, S),
// or JK for the joker. Face-down cards are drawn without any identity.

import { h } from "./dom.js";

const RANKS = {
  2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
  9: "Nine", T: "Ten", J: "Jack", Q: "Queen", K: "King", A: "Ace",
};
const RANK_SHORT = { T: "10" };
export const SUITS = {
  C: { name: "clubs", symbol: "\u2663" },
  D: { name: "diamonds", symbol: "\u2666" },
  H: { name: "hearts", symbol: "\u2665" },
  S: { name: "spades", symbol: "\u2660" },
};

export function isCard(text) {
  return /^([2-9TJQKA][CDHS]|JK)$/.test(text);
}

export function cardName(card) {
  if (card === "JK") return "Joker";
  const rank = RANKS[card[0]];
  const suit = SUITS[card[1]];
  return rank && suit ? `${rank} of ${suit.name}` : card;
}

export function suitName(s) {
  return SUITS[s] ? SUITS[s].name : s;
}

export function suitSymbol(s) {
  return SUITS[s] ? SUITS[s].symbol : s;
}

export function cardShort(card) {
  if (card === "JK") return "Joker";
  return (RANK_SHORT[card[0]] || card[0]) + suitSymbol(card[1]);
}

const NS = "http://www.w3.org/2000/svg";

function el(name, attrs, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

// The SVG face of a card (decorative: the button around it carries the name).
export function cardSvg(card) {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "face", "aria-hidden": "true", focusable: "false" });
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "paper" }));
  if (card === "JK") {
    svg.classList.add("joker");
    svg.append(el("text", { x: 30, y: 50, "text-anchor": "middle", class: "pip big" }, "\u2605"));
    svg.append(el("text", { x: 6, y: 16, class: "idx" }, "JK"));
    return svg;
  }
  const suit = card[1];
  svg.classList.add(`suit-${suit}`);
  const rank = RANK_SHORT[card[0]] || card[0];
  const sym = suitSymbol(suit);
  svg.append(el("text", { x: 5, y: 18, class: "idx" }, rank));
  svg.append(el("text", { x: 5, y: 31, class: "idx-suit" }, sym));
  svg.append(el("text", { x: 33, y: 62, "text-anchor": "middle", class: "pip big" }, sym));
  const corner = el("text", { x: 55, y: 78, "text-anchor": "end", class: "idx small" }, rank + sym);
  svg.append(corner);
  return svg;
}

// A card's back: nothing of its identity anywhere.
export function backSvg() {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "face back", "aria-hidden": "true", focusable: "false" });
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "back-paper" }));
  svg.append(el("rect", { x: 6, y: 6, width: 48, height: 72, rx: 3, class: "back-pattern" }));
  return svg;
}

// Cards of the hand, sorted by suit (alternating colours) then rank. Once
// trumps are named they come first: in the Pedro family with the joker
// and the left pedro (the five of the other suit of the trump's colour),
// which is a trump in every respect.
const SAME_COLOUR = { C: "S", S: "C", D: "H", H: "D" };
export function cardOrder(trump, family) {
  const suits = ["S", "H", "C", "D"];
  if (trump) suits.unshift(...suits.splice(suits.indexOf(trump), 1));
  const rankOrder = "23456789TJQKA";
  const leftPedro = trump && family === "pedro" ? `5${SAME_COLOUR[trump]}` : null;
  // [group, rank]: group 0 is the trump suit; the joker and the left pedro
  // go with it (the joker first, the left pedro below the trump five).
  const key = (c) => {
    if (c === "JK") return trump ? [0, 20] : [9, 0];
    if (c === leftPedro) return [0, 2.5];
    return [suits.indexOf(c[1]), rankOrder.indexOf(c[0])];
  };
  return (a, b) => {
    const [ga, ra] = key(a);
    const [gb, rb] = key(b);
    return ga - gb || rb - ra;
  };
}

export function bigCard(card) {
  return h("span", { class: "cardface" }, cardSvg(card));
}

export function smallCard(card) {
  return h("span", { class: "cardface small", role: "img", "aria-label": cardName(card), title: cardName(card) }, cardSvg(card));
}

export function backCard() {
  return h("span", { class: "cardface" }, backSvg());
}

export function miniBacks(n) {
  return h("span", { class: "backs" }, [...Array(Math.min(n, 3)).keys()].map(() => h("span", { class: "cardface tiny" }, backSvg())));
}
