// The table's panels, opened from its top bar: the last trick, the score
// sheet, the last deal's result, invites and settings.

import { h, prefs, linkField, announce, carryInvites } from "./dom.js";
import { bigCard, smallCard, cardOrder } from "./cards.js";
import { capital, figure } from "./words.js";
import { seatLinkView, hostLinksView, SEAT_LOST } from "./link.js";

export function panelView(ui) {
  // An id, so that a redraw (a message expiring) gives the focus back.
  const close = h("button", { type: "button", class: "close", id: "panel-close", "aria-label": "Close", onclick: () => ui.closePanel() }, "\u2715");
  let title, body;
  if (ui.panel === "last") {
    title = "Last trick";
    const t = ui.state.last_trick;
    body = t
      ? h("div", {}, h("div", { class: "row-cards" }, t.cards.map((c) => h("figure", { class: `played${c.seat === t.winner ? " winner" : ""}` }, bigCard(c.card), h("figcaption", {}, ui.name(c.seat))))), h("p", {}, `${ui.name(t.winner)} won it.`))
      : h("p", {}, "No trick has been played yet in this deal.");
  } else if (ui.panel === "sheet") {
    title = "Score sheet";
    body = sheet(ui);
  } else if (ui.panel === "deal") {
    title = "Result of the last deal";
    body = dealResult(ui);
  } else if (ui.panel === "invites") {
    title = "Invite";
    const open = ui.openInvites();
    body = open.length
      ? h(
          "div",
          {},
          h("p", {}, "Send each person their own seat link: the link is the key to the seat."),
          h(
            "ul",
            { class: "invites" },
            open.map((i) => {
              const url = location.origin + i.invite;
              return h(
                "li",
                {},
                h("span", {}, `${ui.name(i.seat)} (not here yet)`),
                linkField(url, `Invite link for ${ui.name(i.seat)}`),
              );
            }),
          ),
        )
      : h("p", {}, "Everyone invited has come.");
  } else {
    title = "Settings";
    const box = h("input", { type: "checkbox", id: "four-colour", checked: prefs.fourColour, onchange: (e) => { prefs.fourColour = e.target.checked; ui.render(); } });
    body = h(
      "div",
      {},
      h("label", { class: "check" }, box, " Four-colour suits (clubs green, diamonds blue)"),
      // A finger always picks first; a mouse may too, against misclicks.
      ui.coarse ? null : h("label", { class: "check" }, h("input", { type: "checkbox", id: "two-clicks", checked: prefs.twoClicks, onchange: (e) => { prefs.twoClicks = e.target.checked; ui.selected = null; ui.render(); } }), " Two clicks to play a card (the first picks it)"),
      h("p", {}, "Keys: \u2190 \u2192 move between cards, Enter plays, 1\u20139 pick the n-th card, Esc closes."),
      h("p", {}, h("a", { href: `/t/${ui.table}#watch`, onclick: (e) => ui.confirmLeaveSeat(e) }, "Watch this table instead of playing"), " \u00b7 ", h("a", { href: "/" }, "New table")),
      seatLinkView(ui),
      hostLinksView(ui),
      endTable(ui),
    );
  }
  return h("section", { class: "panel", role: "dialog", "aria-label": title }, h("div", { class: "panel-head" }, h("h2", {}, title), close), body);
}

// The page when the table cannot be reached any more (no such table, a
// seat link that opens nothing): where to go instead.
export function fatalView(ui) {
  const seatGone = SEAT_LOST.has(ui.fatalCode);
  return h(
    "div",
    { class: "fatal", role: "alert" },
    h("p", {}, ui.fatal),
    h("p", {}, seatGone ? h("a", { href: `/t/${ui.table}#watch`, class: "button" }, "Watch this table") : null, " ", h("a", { href: "/", class: "button" }, "New table")),
  );
}

// A seated person may end a game against bots. A table with another
// person's seat is theirs too (the server refuses it as well).
function endTable(ui) {
  const s = ui.state;
  if (s.you === null || s.you === undefined || s.status === "finished") return null;
  const others = s.seats.map((_, i) => i).filter((i) => i !== s.you);
  if (!others.every((i) => ui.presence[i] === "bot")) return null;
  const end = () => {
    if (!window.confirm(`End this table now? It is over for good: no more ${s.match ? "deals" : "play"}, and no winner.`)) return;
    if (ui.net.send({ t: "end" })) ui.closePanel();
  };
  return h("p", {}, h("button", { type: "button", id: "end-table", onclick: end }, "End this table"), " ", h("span", { class: "muted" }, "You play it alone with bots."));
}

function sheet(ui) {
  const s = ui.state;
  if (!s.deals.length) return h("p", {}, "No deal has finished yet.");
  const cols = s.deals[0].score.length;
  // Partners share a score: one column a side (seats 0 and 2, 1 and 3),
  // not each figure twice.
  const sides = ui.partners() && cols === 4;
  const shown = sides ? [0, 1] : [...Array(cols).keys()];
  const colName = (i) => (sides ? ui.sideName(i) : cols === s.seats.length ? ui.name(i) : s.seats.filter((_, k) => k % cols === i).map((x) => x.name).join(" & "));
  const head = h("tr", {}, h("th", { scope: "col" }, "Deal"), shown.map((i) => h("th", { scope: "col" }, colName(i))));
  // In a match a deal scores what it adds to the match (Schnapsen's loser
  // scores nothing, not minus the winner's points), with the total after.
  const gained = (d, k, i) => (d.match_scores ? d.match_scores[i] - (k ? s.deals[k - 1].match_scores?.[i] ?? 0 : 0) : d.score[i]);
  // One minus sign throughout (words.js), in gains and totals.
  const gain = (n) => (n > 0 ? `+${n}` : figure(n));
  // The result in words under its deal's figures, across the whole width,
  // so that a phone never has to scroll sideways to read it.
  const rows = s.deals.flatMap((d, k) => [
    h(
      "tr",
      { class: "figures" },
      h("th", { scope: "row", rowspan: 2 }, d.deal_no),
      shown.map((i) => h("td", {}, `${gain(gained(d, k, i))}${d.match_scores ? ` (${figure(d.match_scores[i])})` : ""}`)),
    ),
    h("tr", { class: "result" }, h("td", { class: "text", colspan: shown.length }, ui.namesIn(d.text))),
  ]);
  const totals = s.scores
    ? [
        h("tr", { class: "total" }, h("th", { scope: "row", rowspan: s.status === "finished" ? 2 : 1 }, "Match"), shown.map((i) => h("td", {}, figure(s.scores[i])))),
        s.status === "finished" ? h("tr", { class: "result total" }, h("td", { class: "text", colspan: shown.length }, ui.finishText())) : null,
      ]
    : null;
  return h("div", { class: "sheet-wrap" }, h("table", { class: "sheet" }, h("thead", {}, head), h("tbody", {}, rows, totals)));
}

function dealResult(ui) {
  const d = ui.state.last_deal;
  if (!d) return h("p", {}, "No deal has finished yet.");
  return h(
    "div",
    { class: "deal-result" },
    h("p", {}, `Deal ${d.deal_no}: ${ui.namesIn(d.text)}`),
    h("p", { id: "points-taken" }, "Points taken: ", pointsTaken(ui, d.points)),
    Object.entries(d.hands).map(([seat, cards]) =>
      h("div", { class: "reveal" }, h("h3", {}, ui.name(Number(seat))), h("div", { class: "row-cards small" }, cards.slice().sort(cardOrder(null)).map((c) => smallCard(c)))),
    ),
    // The talon, stock, kitty or widow, in the order it lay.
    (d.undealt || []).map((part) =>
      h("div", { class: "undealt", "data-name": part.name }, h("h3", {}, capital(part.name)), h("div", { class: "row-cards small" }, part.cards.map((c) => smallCard(c)))),
    ),
  );
}

// Each seat's points, or each side's once in a partnership game (where
// partners share a figure, by seat or by side).
function pointsTaken(ui, points) {
  if (ui.partners() && ui.state.seats.length === 4) {
    return [0, 1].map((i) => `${ui.sideName(i)}: ${points[i]}`).join(", ");
  }
  return points.map((p, i) => `${ui.name(i)}: ${p}`).join(", ");
}

// The end of the table, hard to miss, with the ways on: play again (the
// same seats; new cards or the same ones), a new table, the sheet.
export function finishedView(ui) {
  const seated = ui.secret && ui.state.you !== null;
  const again = [];
  if (ui.rematch) {
    const href = seated ? `/t/${ui.rematch}#s=${encodeURIComponent(ui.secret)}` : `/t/${ui.rematch}`;
    again.push(h("a", { href, class: "button primary", id: "join-rematch" }, seated ? "Join the rematch" : "Watch the rematch"));
  } else if (seated) {
    const ask = (sameCards) => async () => {
      ui.rematchAsked = true;
      ui.render();
      const table = await askRematch(ui, sameCards);
      ui.rematchAsked = false;
      if (table) location.assign(`/t/${table}#s=${encodeURIComponent(ui.secret)}`);
      else ui.render();
    };
    const busy = !!ui.rematchAsked;
    again.push(h("button", { type: "button", class: "primary", id: "play-again", disabled: busy, onclick: ask(false) }, "Play again"));
    // Not after a table ended early: some hands were never shown (the
    // server refuses it, and names anyone who never played).
    if (!ui.state.unfinished) again.push(" ", h("button", { type: "button", id: "same-cards", disabled: busy, title: "The same deals again, to see whether you do better (everyone has seen these hands)", onclick: ask(true) }, "Same cards again"));
  }
  const newTable = h("a", { href: "/", class: `button${again.length ? "" : " primary"}`, id: "new-table" }, "New table");
  const sheetButton = h("button", { type: "button", id: "finished-sheet", onclick: () => { ui.panel = "sheet"; ui.render(); document.getElementById("panel-close")?.focus(); } }, "Score sheet");
  return h(
    "section",
    { class: "finished", id: "finished", "aria-label": "The table is over" },
    h("p", { class: "finished-text" }, ui.finishText()),
    h("p", {}, ...again, again.length ? " " : null, newTable, " ", sheetButton),
  );
}

// Asks the server for the rematch (the same one whoever asks); its id, or
// null after saying what went wrong.
async function askRematch(ui, sameCards) {
  try {
    const r = await fetch(`/api/tables/${ui.table}/rematch`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ secret: ui.secret, same_cards: sameCards }),
    });
    const reply = await r.json();
    if (reply.ok) return reply.table;
    ui.flash(reply.error || "No rematch was made.");
  } catch {
    ui.flash("Cannot reach the server.");
  }
  return null;
}

// Everyone at a finished table hears of its rematch (whoever asked).
export function rematchMade(ui, table) {
  if (ui.rematch === table) return;
  ui.rematch = table;
  carryInvites(ui.table, table);
  announce("A rematch is ready.");
  ui.render();
}

