// Card names and SVG faces, drawn by our own code. A card is written as in
// the engine's notation: rank (2-9, T, J, Q, K, A) then suit (C, D, H, S),
// or JK for the joker. Face-down cards are drawn without any identity.

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
