// Your own seat link: shown in Settings, to open the seat on another
// device, and replaced by a new one on request. Whoever made the table
// holds every seat's first link, and a link may land in the wrong chat; a
// new link makes every older one open nothing.
//
// This page chooses the new secret and keeps it before asking: if the
// answer is lost (a dropped socket), the secret the server may now hold
// is still here, and the next connection tries it.

import { h, copy, announce, secretKey } from "./dom.js";

const pendingKey = (table) => `talon.newSecret.${table}`;

function randomSecret() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The Settings panel's part for a seated person.
export function seatLinkView(ui) {
  const s = ui.state;
  if (!ui.secret || s.you === null || s.you === undefined) return null;
  const url = `${location.origin}/t/${ui.table}#s=${ui.secret}`;
  return h(
    "div",
    { class: "seat-link" },
    h("h3", {}, "Your seat link"),
    h("p", {}, "Open it on another device to play your seat there. It is the key to your seat: keep it to yourself."),
    h(
      "div",
      { class: "link-row" },
      h("input", { type: "text", readonly: true, value: url, "aria-label": "Your seat link", class: "link", id: "own-link" }),
      h("button", { type: "button", onclick: (e) => copy(url, e.currentTarget) }, "Copy"),
    ),
    s.status === "finished"
      ? null
      : h(
          "p",
          {},
          h("button", { type: "button", id: "new-link", onclick: () => askNewLink(ui) }, "Make a new link"),
          " ",
          h("span", { class: "muted" }, "Whoever made the table has your first link too. A new link makes every older one stop working, on your other devices as well."),
        ),
  );
}

function askNewLink(ui) {
  if (!window.confirm("Make a new link for your seat? Your old link stops working everywhere, on your other devices too. This page keeps your seat.")) return;
  const secret = randomSecret();
  ui.askedSecret = secret; // another tab of this browser may take the stored copy
  localStorage.setItem(pendingKey(ui.table), secret);
  if (!ui.net.send({ t: "new_link", secret })) {
    localStorage.removeItem(pendingKey(ui.table));
    ui.flash("Not connected: try again in a moment.");
    ui.render();
  }
}

// The server's answers: taken (`link_changed`), or refused (an `error`
// with code `no_new_link`, which the page shows as any other).
export function linkChanged(ui) {
  const secret = ui.askedSecret;
  ui.askedSecret = null;
  localStorage.removeItem(pendingKey(ui.table));
  if (!secret) return;
  ui.secret = secret;
  ui.net.secret = secret;
  localStorage.setItem(secretKey(ui.table), secret);
  announce("Your seat has a new link. Copy it from Settings to open your seat on another device.");
  ui.render();
}

export function linkRefused(ui) {
  ui.askedSecret = null;
  localStorage.removeItem(pendingKey(ui.table));
}

// Welcomed to the seat with the secret this page holds: a new one still
// pending was never taken (the server would have refused this one).
export function seated(ui) {
  const pending = localStorage.getItem(pendingKey(ui.table));
  if (pending && pending !== ui.secret) localStorage.removeItem(pendingKey(ui.table));
}

// This page's secret was refused (4003) or replaced from elsewhere
// (4009): a secret this browser holds that the page has not tried (a new
// one whose answer was lost, or one another tab of this browser made)
// may be the seat's now. Tries it and returns true; the welcome keeps it.
export function tryOtherSecret(ui) {
  const pending = localStorage.getItem(pendingKey(ui.table));
  localStorage.removeItem(pendingKey(ui.table));
  const stored = localStorage.getItem(secretKey(ui.table));
  const next = [pending, stored].find((s) => s && s !== ui.secret);
  if (!next) return false;
  ui.secret = next;
  ui.net.secret = next;
  ui.net.stopped = false;
  ui.net.open();
  return true;
}
