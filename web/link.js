// Your own seat link: shown in Settings, to open the seat on another
// device, and replaced by a new one on request. Whoever made the table
// holds every seat's first link, and a link may land in the wrong chat; a
// new link makes every older one open nothing.
//
// This page chooses the new secret and keeps it before asking: if the
// answer is lost (a dropped socket, a reload), the secret the server may
// now hold is still here, and is tried when the old one is refused. The
// kept secret goes only once known: taken (its answer, or a welcome with
// it) or refused for what it is.

import { h, linkField, announce, secretKey, pendingSecretKey, loadInvites, loadHost, updateInvite, forgetTable } from "./dom.js";

// Close codes after which this page's secret opens its seat no more: a
// wrong secret (4003), a new link made elsewhere (4009) or by the host (4011).
export const SEAT_LOST = new Set([4003, 4009, 4011]);

// The kept new secret goes once it is known to be `secret` (taken, or
// refused for what it is), and not if another request kept a newer one.
function dropKept(ui, secret) {
  if (secret && localStorage.getItem(pendingSecretKey(ui.table)) === secret) localStorage.removeItem(pendingSecretKey(ui.table));
}

// This page uses `secret` from now on (it is stored once welcomed).
function useSecret(ui, secret) {
  ui.secret = secret;
  ui.net.secret = secret;
}

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
      linkField(url, "Your seat link", "own-link"),
    ),
    s.status === "finished"
      ? null
      : h(
          "p",
          {},
          // One request at a time: its answer says which secret was taken.
          h("button", { type: "button", id: "new-link", disabled: Boolean(ui.askedSecret), onclick: () => askNewLink(ui) }, ui.askedSecret ? "Making a new link…" : "Make a new link"),
          " ",
          // Whoever made the table holds every first link: said to the
          // others, not to the maker's own tab.
          h("span", { class: "muted" }, loadHost(ui.table) ? "A new link makes every older one stop working, on your other devices as well." : "Whoever made the table has your first link too. A new link makes every older one stop working, on your other devices as well. (The table's host can still give your seat a new link; everyone at the table is told.)"),
        ),
  );
}

function askNewLink(ui) {
  if (ui.askedSecret) return;
  if (!window.confirm("Make a new link for your seat? Your old link stops working everywhere, on your other devices too. This page keeps your seat.")) return;
  const secret = randomSecret();
  // Kept twice: in this page (another tab may take the stored copy) and
  // in storage (this page may be reloaded before the answer).
  localStorage.setItem(pendingSecretKey(ui.table), secret);
  if (!ui.net.send({ t: "new_link", secret })) {
    localStorage.removeItem(pendingSecretKey(ui.table));
    ui.flash("Not connected: try again in a moment.");
  } else {
    ui.askedSecret = secret;
  }
  ui.render();
}

// Taken: the seat's secret is the one this page asked for.
export function linkChanged(ui) {
  const secret = ui.askedSecret;
  ui.askedSecret = null;
  if (!secret) return;
  // Stored before the kept copy goes: another tab reading between the two
  // finds it in one place or the other.
  localStorage.setItem(secretKey(ui.table), secret);
  sessionStorage.setItem(secretKey(ui.table), secret);
  dropKept(ui, secret);
  useSecret(ui, secret);
  announce("Your seat has a new link. Copy it from Settings to open your seat on another device.");
  ui.render();
}

// Refused: `no_new_link` (spectator, finished, malformed, taken) says the
// secret is not the seat's; `store` may have reached the disk after all,
// so that one is kept to try.
export function linkRefused(ui, code) {
  const secret = ui.askedSecret;
  ui.askedSecret = null;
  if (code === "no_new_link") dropKept(ui, secret);
}

// Welcomed to the seat: a kept secret it was welcomed with is the seat's.
// Welcomed with another, a request this page made on a connection that
// dropped has no answer to wait for (the button comes back); its secret
// stays kept, since the request may still land late and then be the seat's.
export function seated(ui) {
  // A secret that was welcomed, if refused later, was replaced: the one
  // stored by another tab may be the seat's. Tries start afresh.
  (ui.welcomedSecrets ||= new Set()).add(ui.secret);
  ui.triedSecrets = new Set();
  ui.lookedAgain = false;
  dropKept(ui, ui.secret);
  if (ui.askedSecret && ui.askedSecret !== ui.secret) ui.askedSecret = null;
}

// This page's secret was refused (4003) or replaced from elsewhere
// (4009): a secret this browser holds that the page has not tried yet may
// be the seat's now: one it asked for whose answer was lost, and, after a
// 4009 or a refusal of a secret that worked before, one another tab of
// this browser stored. (A pasted link that never worked does not fall
// back to the stored one: the person hears it is wrong.) Tries it and
// returns true; the welcome then keeps it. Each is tried once, so this
// ends. After a 4009 with nothing to try, it looks
// again once, a moment later (`again`), as another tab's storage may not
// have reached this one yet.
export function tryOtherSecret(ui, code, again) {
  ui.triedSecrets = ui.triedSecrets || new Set();
  ui.triedSecrets.add(ui.secret);
  const replaced = code === 4009 || ui.welcomedSecrets?.has(ui.secret);
  const stored = replaced ? localStorage.getItem(secretKey(ui.table)) : null;
  const held = [ui.askedSecret, localStorage.getItem(pendingSecretKey(ui.table)), stored];
  ui.askedSecret = null;
  const next = held.find((s) => s && !ui.triedSecrets.has(s));
  if (!next && code === 4009 && !ui.lookedAgain) {
    ui.lookedAgain = true;
    setTimeout(again, 500);
    return true;
  }
  if (!next) return false;
  useSecret(ui, next);
  ui.net.stopped = false;
  ui.net.open();
  return true;
}

// Settings, for whoever made the table in this tab (it holds the host
// key): a new link for any other person's seat, for when a link reached
// the wrong person, who took the seat first.
export function hostLinksView(ui) {
  const s = ui.state;
  const host = loadHost(ui.table);
  if (!host || s.status === "finished") return null;
  const rows = loadInvites(ui.table)
    .filter((i) => i.seat !== s.you)
    .map((i) => {
      const made = i.renewed ? i.invite : null;
      return h(
        "li",
        {},
        h("span", {}, ui.name(i.seat)),
        made ? linkField(location.origin + made, `New link for ${ui.name(i.seat)}`) : null,
        h("button", { type: "button", class: "host-new-link", "data-seat": i.seat, disabled: ui.hostAsking != null, onclick: () => hostNewLink(ui, host, i.seat) }, ui.hostAsking === i.seat ? "Making a new link…" : "New link"),
      );
    });
  if (!rows.length) return null;
  return h(
    "div",
    { class: "seat-link" },
    h("h3", {}, "Seats you invited"),
    h("p", { class: "muted" }, "You made this table. If a link reached the wrong person, give the seat a new link: whoever holds the old one is shut out, everyone at the table is told, and you send the new one to the right person."),
    h("ul", { class: "invites" }, rows),
  );
}

async function hostNewLink(ui, host, seat) {
  if (ui.hostAsking != null) return;
  const name = ui.name(seat);
  if (!window.confirm(`Give ${name}'s seat a new link? Whoever holds the old one is shut out, ${name} too if they are there, until you send them the new one.`)) return;
  // One request at a time: answers out of order would keep a dead link.
  ui.hostAsking = seat;
  ui.render();
  let reply;
  try {
    const r = await fetch(`/api/tables/${ui.table}/seats/${seat}/link`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ host }) });
    reply = await r.json();
  } catch {
    reply = { ok: false, error: "the server could not be reached: try again" };
  }
  ui.hostAsking = null;
  if (!reply.ok) {
    ui.flash(reply.error || "That was not accepted.");
  } else {
    updateInvite(ui.table, seat, reply.invite);
    announce(`${name}'s seat has a new link: copy it and send it to them.`);
  }
  ui.render();
}

// Someone's seat got a new link. From the host it is said aloud to
// everyone (a host taking a seat is never silent); a person's own is
// their business.
export function seatLinkChanged(ui, f) {
  // The host's own tab said so already.
  if (f.by !== "host" || f.seat === ui.seat || loadHost(ui.table)) return;
  const text = `The table's host gave ${ui.name(f.seat)}'s seat a new link.`;
  ui.flash(text);
  announce(text);
  if (ui.state) ui.render();
}

// The tries are over and the seat is lost to this page: a stored or kept
// secret that was refused goes (the stored good one a wrong pasted link
// was tried instead of stays).
export function forgetRefused(ui) {
  const refused = new Set(ui.triedSecrets || []).add(ui.secret);
  if (refused.has(localStorage.getItem(secretKey(ui.table)))) forgetTable(ui.table);
  const kept = localStorage.getItem(pendingSecretKey(ui.table));
  if (refused.has(kept)) dropKept(ui, kept);
}
