// Page helpers every view shares: building elements (`h`), patching the
// page in place so that unchanged nodes (a pressed button, a focused card)
// survive a redraw, the live region, preferences and the seat secret's key.

export const main = document.getElementById("main");
const live = document.getElementById("live");


export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node[k] = v; // a property, so that patch() can carry it over
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

// Patching: the table is drawn as a fresh tree on every update, then
// patched into the page so that nodes that did not change stay the same
// nodes. A card button under the pointer, a focused button or an open
// picker survives presence frames, timers and events; only what changed is
// touched. Children are matched by key (id, data-card, data-seat,
// data-action, data-key) or else by position and tag.

const HANDLERS = ["onclick", "onchange", "oninput", "onsubmit", "onkeydown"];

function keyOf(node) {
  if (node.nodeType !== 1) return null;
  if (node.id) return `#${node.id}`;
  const d = node.dataset;
  if (!d) return null;
  if (d.card) return `c:${d.card}`;
  if (d.seat) return `s:${d.seat}`;
  if (d.action) return `a:${d.action}`;
  if (d.key) return `k:${d.key}`;
  return null;
}

export function patch(old, neu) {
  if (old.nodeType !== 1) {
    if (old.nodeValue !== neu.nodeValue) old.nodeValue = neu.nodeValue;
    return;
  }
  for (const a of [...old.attributes]) if (!neu.hasAttribute(a.name)) old.removeAttribute(a.name);
  for (const a of neu.attributes) if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
  for (const k of HANDLERS) if (old[k] !== neu[k]) old[k] = neu[k];
  patchChildren(old, neu);
  if (old.tagName === "INPUT" && old.checked !== neu.checked) old.checked = neu.checked;
  if (old.tagName === "SELECT" && old.value !== neu.value) old.value = neu.value;
}

function sameKind(a, b) {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName;
}

function patchChildren(old, neu) {
  const wanted = [...neu.childNodes];
  const keys = new Set(wanted.map(keyOf).filter(Boolean));
  const byKey = new Map();
  for (const c of old.childNodes) {
    const k = keyOf(c);
    if (k) byKey.set(k, c);
  }
  let cursor = old.firstChild;
  const dropStale = () => {
    // Keyed nodes that are gone: remove them now rather than move the
    // others past them (moving a node loses its focus).
    while (cursor && keyOf(cursor) && !keys.has(keyOf(cursor))) {
      const next = cursor.nextSibling;
      cursor.remove();
      cursor = next;
    }
  };
  for (const n of wanted) {
    dropStale();
    const k = keyOf(n);
    let match = null;
    if (k) {
      const o = byKey.get(k);
      if (o && sameKind(o, n)) match = o;
      byKey.delete(k);
    } else if (cursor && !keyOf(cursor) && sameKind(cursor, n)) {
      match = cursor;
    }
    if (!match) {
      old.insertBefore(n, cursor);
      continue;
    }
    if (match === cursor) cursor = cursor.nextSibling;
    else old.insertBefore(match, cursor);
    patch(match, n);
  }
  while (cursor) {
    const next = cursor.nextSibling;
    cursor.remove();
    cursor = next;
  }
}

export function announce(text) {
  // The same line again (a seat laying six cards away) is counted on one
  // new line, "… (6 times)", rather than said six times over.
  const last = live.lastChild;
  const times = last && last.dataset.text === text ? Number(last.dataset.times) + 1 : 1;
  if (times > 1) last.remove();
  const line = h("p", { "data-text": text, "data-times": String(times) }, times > 1 ? `${text} (${times} times)` : text);
  live.append(line);
  while (live.childNodes.length > 4) live.firstChild.remove();
}

export const prefs = {
  get fourColour() {
    return localStorage.getItem("talon.fourColour") === "1";
  },
  set fourColour(on) {
    localStorage.setItem("talon.fourColour", on ? "1" : "0");
    document.body.classList.toggle("four-colour", on);
  },
  // With a mouse, a click plays at once unless this is on: the first
  // click picks the card, the second plays it (a finger always does so).
  get twoClicks() {
    return localStorage.getItem("talon.twoClicks") === "1";
  },
  set twoClicks(on) {
    localStorage.setItem("talon.twoClicks", on ? "1" : "0");
  },
};
document.body.classList.toggle("four-colour", prefs.fourColour);

export const secretKey = (table) => `talon.secret.${table}`;
// A new seat secret asked for and not yet known to be the seat's (link.js).
export const pendingSecretKey = (table) => `talon.newSecret.${table}`;

// The tables this browser holds a seat at (their secrets are under
// secretKey), newest first, so the lobby can lead back to a game whose tab
// was closed: {table, title, finished, at}. The newest 30 are kept.
const MY_TABLES = "talon.myTables";
const MY_TABLES_KEPT = 30;
export function myTables() {
  try {
    const list = JSON.parse(localStorage.getItem(MY_TABLES) || "[]");
    return Array.isArray(list) ? list.filter((t) => t && typeof t.table === "string") : [];
  } catch {
    return [];
  }
}
export function rememberTable(entry) {
  try {
    const rest = myTables().filter((t) => t.table !== entry.table);
    const list = [{ ...entry, at: Date.now() }, ...rest];
    for (const old of list.slice(MY_TABLES_KEPT)) localStorage.removeItem(secretKey(old.table));
    localStorage.setItem(MY_TABLES, JSON.stringify(list.slice(0, MY_TABLES_KEPT)));
  } catch {
    // Storage full or refused: the seat link still works.
  }
}
// A table seen finished from the lobby: no longer in play (kept in place).
export function markFinished(table) {
  try {
    const list = myTables().map((t) => (t.table === table ? { ...t, finished: true } : t));
    localStorage.setItem(MY_TABLES, JSON.stringify(list));
  } catch {}
}
export function forgetTable(table) {
  try {
    localStorage.setItem(MY_TABLES, JSON.stringify(myTables().filter((t) => t.table !== table)));
    localStorage.removeItem(secretKey(table));
    localStorage.removeItem(pendingSecretKey(table));
    sessionStorage.removeItem(secretKey(table));
  } catch {}
}

// Copies a link to the clipboard; where that is refused, selects the
// input before the button for copying by hand.
export async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "Copied";
  } catch {
    const input = button.previousElementSibling;
    if (input && input.select) input.select();
    button.textContent = "Select and copy";
  }
  setTimeout(() => (button.textContent = "Copy"), 2000);
}

// A link to copy: the address in a read-only box, and its Copy button.
export function linkField(url, label, id = undefined) {
  return [
    h("input", { type: "text", readonly: true, value: url, "aria-label": label, class: "link", id }),
    h("button", { type: "button", onclick: (e) => copy(url, e.currentTarget) }, "Copy"),
  ];
}

// The seat links of tables made in this tab, for the table page's
// "Invite" panel, and the table's host key (a new link for any person's
// seat, from Settings): in sessionStorage, so they last while the tab is
// open (back to the lobby, a reload) and no key outlives it; the newest
// 20 tables are kept.
const INVITES = "talon.invites.";
export function saveInvites(table, seats, host = null) {
  try {
    sessionStorage.setItem(INVITES + table, JSON.stringify({ at: Date.now(), seats, host }));
    const kept = Object.keys(sessionStorage)
      .filter((k) => k.startsWith(INVITES))
      .map((k) => [k, JSON.parse(sessionStorage.getItem(k) || "{}").at || 0])
      .sort((a, b) => b[1] - a[1]);
    for (const [k] of kept.slice(20)) sessionStorage.removeItem(k);
  } catch {
    // Storage full or refused: the lobby still shows the links.
  }
}
function loadSaved(table) {
  try {
    const v = JSON.parse(sessionStorage.getItem(INVITES + table) || "null");
    return v && Array.isArray(v.seats) ? v : null;
  } catch {
    return null;
  }
}
export function loadInvites(table) {
  return loadSaved(table)?.seats ?? [];
}
export function loadHost(table) {
  return loadSaved(table)?.host ?? null;
}
// A seat's link changed by the host: the Invite panel and Settings show
// the new one (`renewed`), across a reload too.
export function updateInvite(table, seat, invite) {
  const v = loadSaved(table);
  if (!v) return;
  v.seats = v.seats.map((s) => (s.seat === seat ? { ...s, invite, renewed: true } : s));
  try {
    sessionStorage.setItem(INVITES + table, JSON.stringify(v));
  } catch {}
}
// The rematch has the same seats' links (at its own address) and host.
export function carryInvites(from, to) {
  const v = loadSaved(from);
  if (!v || loadSaved(to)) return;
  const seats = v.seats.map((s) => ({ seat: s.seat, name: s.name, invite: s.invite.replace(`/t/${from}#`, `/t/${to}#`) }));
  saveInvites(to, seats, v.host);
}
