// The table: the state the server sends, drawn; input by pointer,
// keyboard and touch, sent as the actions in `state.legal` and nothing else.

import { isCard, cardName, cardShort, cardOrder, bigCard } from "./cards.js";
import { h, main, patch, announce, prefs, secretKey, loadInvites, rememberTable, forgetTable } from "./dom.js";
import { Connection } from "./net.js";
import { seatBox } from "./seats.js";
import { centreView } from "./centre.js";
import { panelView, finishedView, rematchMade, fatalView } from "./panels.js";
import { linkChanged, linkRefused, seated, tryOtherSecret, seatLinkChanged, forgetRefused, SEAT_LOST } from "./link.js";
import { describeAction, actionLabel, bidHelp, capital, figure, CONFIRM } from "./words.js";
import { received, finishText, doing } from "./told.js";

export function tablePage(table) {
  // A seat link carries the secret after `#s=`; take it out of the address
  // bar so a copied address is not a seat key. It is kept (for reloads)
  // only once the server has seated it: a wrong or cut-off link must not
  // replace a good one.
  const hash = new URLSearchParams(location.hash.slice(1));
  // This tab's own seat first (a friend's link opened in another tab of
  // this browser replaces the stored one), then the browser's.
  let secret = sessionStorage.getItem(secretKey(table)) || localStorage.getItem(secretKey(table));
  if (hash.get("s")) {
    secret = hash.get("s");
    history.replaceState(null, "", location.pathname);
  } else if (hash.has("watch")) {
    forgetTable(table);
    secret = null;
    history.replaceState(null, "", location.pathname);
  }
  // Only the part after `#` changed (a pasted seat link, "watch
  // instead"): the browser does not load the page again, so do it here.
  window.addEventListener("hashchange", () => location.reload());
  document.title = `Talon: table ${table}`;
  const ui = new TableUi(table, secret);
  ui.start();
}

class TableUi {
  constructor(table, secret) {
    this.table = table;
    this.secret = secret;
    this.state = null;
    this.seat = null;
    this.presence = {};
    this.connections = {}; // online seats: how many tabs and devices hold each
    this.standInAt = {}; // away seats: when a bot stands in (Date.now() ms)
    this.awaySince = {}; // away seats: since when this page has seen them away
    this.selected = null; // a card picked by a first tap (or click, if asked)
    this.marked = new Set(); // cards marked for discard / give
    this.queue = []; // discard / give actions still to send
    this.pending = null; // the id of an action sent and not yet answered
    this.panel = null; // "last", "sheet", "deal", "settings" or null
    this.hint = null;
    this.showTrick = null; // a finished trick kept in view for a moment
    this.seenDeal = null;
    this.rematch = null; // the table that plays this one again, once made
    this.rematchAsked = false;
    this.net = new Connection(table, secret, {
      welcome: (f) => {
        this.seat = f.seat;
        this.turnSecs = f.turn_secs || null;
        if (this.secret && f.seat === null) this.secret = null;
        if (this.secret && f.seat !== null) {
          localStorage.setItem(secretKey(this.table), this.secret);
          sessionStorage.setItem(secretKey(this.table), this.secret);
          seated(this);
        }
      },
      link_changed: () => linkChanged(this),
      seat_link_changed: (f) => seatLinkChanged(this, f),
      snapshot: (f) => this.setState(f.state, null),
      event: (f) => this.onEvent(f),
      reject: (f) => this.onReject(f),
      rematch: (f) => rematchMade(this, f.table),
      hint: (f) => {
        this.hintAsked = false;
        // A hint for a position already left behind (a move came first).
        if (f.v !== this.net.v) return this.render();
        this.hint = f.action;
        announce(`Hint: ${describeAction(f.action).replace(/^plays/, "play")}`);
        this.render();
      },
      presence: (f) => {
        const presence = Object.fromEntries(f.seats.map((s) => [s.seat, s.status]));
        const now = Date.now();
        this.standInAt = Object.fromEntries(f.seats.filter((s) => typeof s.stand_in_in_ms === "number").map((s) => [s.seat, now + s.stand_in_in_ms]));
        this.awaySince = Object.fromEntries(f.seats.filter((s) => s.status === "away").map((s) => [s.seat, this.awaySince[s.seat] ?? now]));
        this.presence = presence;
        this.connections = Object.fromEntries(f.seats.map((s) => [s.seat, s.connections || 0]));
        this.tickCountdowns();
        this.render();
      },
      error: (f) => {
        // A hint that cannot be given now (still being worked out, not
        // your turn any more) leaves the button and any action in flight.
        if (f.code === "no_hint") this.hintAsked = false;
        else this.pending = null;
        if (f.code === "no_new_link" || f.code === "store") linkRefused(this, f.code);
        this.flash(f.message);
        this.render();
      },
      status: (s, why) => {
        this.connection = s;
        this.connectionWhy = why || "";
        if (s !== "online") {
          this.pending = null;
          this.hintAsked = false; // an answer on a dropped socket is lost
        }
        this.renderStatus();
        // Redrawn either way: offline, the page must stop inviting moves.
        if (this.state) this.render();
        if (s === "online" && this.state) this.sendQueued();
      },
      fatal: (msg, code) => {
        // Refused, or replaced from elsewhere: another secret this browser
        // holds may open the seat. A seat link the server refuses is
        // forgotten, so that this browser can still watch the table.
        if ((code === 4003 || code === 4009) && tryOtherSecret(this, code, () => this.net.h.fatal(msg, code))) return;
        if (SEAT_LOST.has(code)) forgetRefused(this);
        if (code === 4004) forgetTable(this.table);
        this.fatal = msg;
        this.fatalCode = code;
        this.render();
      },
    });
    this.coarse = window.matchMedia("(pointer: coarse)").matches;
    document.addEventListener("keydown", (e) => this.onKey(e));
  }

  // While someone is away, or your turn's time runs, the countdown is
  // redrawn every second.
  tickCountdowns() {
    const ticking = Object.keys(this.standInAt).length > 0 || this.turnLeft() !== null;
    if (ticking && !this.tickTimer) this.tickTimer = setInterval(() => this.state && this.render(), 1000);
    if (!ticking && this.tickTimer) {
      clearInterval(this.tickTimer);
      this.tickTimer = null;
    }
  }

  askStandIn(seat) {
    if (this.net.send({ t: "stand_in", seat })) announce(`A bot will play for ${this.name(seat)} until they come.`);
  }

  start() {
    main.replaceChildren(h("p", { class: "muted", id: "first-connect", role: "status" }, "Connecting to the table…"));
    this.net.start();
  }

  name(seat) {
    if (!this.state || seat === null || seat === undefined) return "";
    const seats = this.state.seats;
    const s = seats[seat];
    let base = s ? s.name : `seat ${seat + 1}`;
    // Two seats of one name (two bots of a level) get their numbers, from 1
    // as in the lobby; names alike as they read ("Ann", "Ann ", full-width
    // "Ａｎｎ") count as one.
    const looks = (n) => n.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();
    if (s && seats.some((o, i) => i !== seat && looks(o.name) === looks(s.name))) base = `${base.trim()} ${seat + 1}`;
    if (seat !== this.state.you || /^you$/i.test(base.trim())) return base;
    return `${base} (you)`;
  }

  // A name short enough for a card's caption: "you" for yourself.
  shortName(seat) {
    return seat === this.state.you ? "you" : this.name(seat);
  }

  // The seat across: the partner in a four-seat partnership game.
  partnerOf(seat) {
    return (seat + 2) % 4;
  }

  // A side of a partnership game by its two seats: "you & Bo".
  sideName(seat) {
    return `${this.shortName(seat)} & ${this.shortName(this.partnerOf(seat))}`;
  }

  // A result line of the engine ("seat 1 declared 66", "side 0 (seats 0
  // and 2) 40 points") with the seats' names, as the table shows them.
  namesIn(text) {
    const short = (n) => this.shortName(n);
    return capital(text
      // A figure after a side's names gets a colon too: "Ann & Cy: 8 points".
      .replace(/side \d \(seats (\d) and (\d)\)(?= [-+]?\d)/g, (_, a, b) => `${short(Number(a))} & ${short(Number(b))}:`)
      // Two names are "they": "Ann & Bo win".
      .replace(/side (\d) \(seats (\d) and (\d)\)( (?:wins|was|scores|makes|takes|loses|has)\b)?/g, (_, side, a, b, verb) =>
        `${short(Number(a))} & ${short(Number(b))}${verb ? ` ${AGREE[verb.trim()]}` : ""}`)
      // A figure after a name gets a colon: names may end in a digit.
      .replace(/\bseat (\d)(?= [-+]?\d)/g, (_, n) => `${short(Number(n))}:`)
      .replace(/\bseat (\d)\b/g, (_, n) => short(Number(n)))
      .replace(/\byou (wins|was|scores|makes|takes|loses|has)\b/g, (_, v) => `you ${AGREE[v]}`)
      // "you bid 45 and was set", "you bid the moon and was set"
      .replace(/\byou ([^;:.]*?) and was set\b/g, "you $1 and were set"));
  }

  // Where a seat sits from your chair: the next to play sits on your left,
  // the one before you on your right; in a four-seat partnership game the
  // seat across is your partner. Null for your own seat, two-seat games and
  // spectators.
  position(seat) {
    const s = this.state;
    const n = s.seats.length;
    if (s.you === null || s.you === undefined || seat === s.you || n < 3 || n > 4) return null;
    const offset = (seat - s.you + n) % n;
    if (offset === 1) return "left";
    if (offset === n - 1) return "right";
    return this.partners() ? "partner" : "across";
  }

  // Whether the seats play as two sides, 0 and 2 against 1 and 3: the
  // server says so.
  partners() {
    return this.state.partners === true;
  }

  flash(text) {
    this.message = text;
    announce(text);
    clearTimeout(this.flashTimer);
    this.flashTimer = setTimeout(() => {
      this.message = null;
      this.render();
    }, 5000);
  }

  onEvent(f) {
    const ev = f.event;
    if (ev && ev.kind === "acted") {
      // Your own moves in the second person: "You bid 45".
      const mine = this.state && ev.seat === this.state.you;
      if (mine && ev.by === "stand_in") announce(`A bot ${describeAction(ev.action)} for you.`);
      else announce(mine ? `You ${describeAction(ev.action, true)}` : `${capital(this.name(ev.seat))} ${describeAction(ev.action)}`);
    } else if (ev && ev.kind === "dealt") {
      announce(`Deal ${ev.deal_no} is dealt.`);
    } else if (ev && ev.kind === "ended") {
      announce("The table has ended.");
    } else if (ev && ev.kind === "undone") {
      announce(ev.seat === this.state?.you ? "Your last move is taken back." : `${capital(this.name(ev.seat))} takes back a move.`);
    }
    if (f.state) this.setState(f.state, ev);
  }

  onReject(f) {
    this.pending = null;
    this.queue = [];
    this.flash(f.message || "That was not accepted.");
    this.render();
  }

  setState(state, ev) {
    // The tab says which game, and when it is your turn.
    const yours = state.status === "playing" && state.you !== null && state.to_move === state.you;
    document.title = `${yours ? "\u25B6 Your turn · " : ""}${state.title || state.preset} · Talon`;
    const before = this.state;
    this.state = state;
    // Every event starts a turn's time anew, on the server as here.
    if (ev || !before) this.turnSince = Date.now();
    this.tickCountdowns();
    // Seated: the lobby's "Your tables" leads back here.
    const ended = state.status === "finished";
    if (this.secret && state.you !== null && (!before || (before.status === "finished") !== ended)) {
      rememberTable({ table: this.table, title: state.title || state.preset, seat: state.you, finished: ended });
    }
    this.pending = null;
    this.hint = null;
    // Marked cards left over when the turn passed are not sent later, and
    // the bid picker starts at the lowest bid on your next turn.
    if (state.to_move !== state.you) (this.queue = []), (this.bidChoice = null);
    if (this.seat === null && state.you !== null) this.seat = state.you;
    const lt = state.last_trick;
    // A move taken back brings an earlier trick back: not a trick won now.
    const trickDone = before && lt && ev?.kind !== "undone" && JSON.stringify(lt) !== JSON.stringify(before.last_trick);
    if (trickDone) {
      announce(lt.winner === state.you ? "You win the trick." : `${capital(this.name(lt.winner))} wins the trick.`);
      this.showTrick = { trick: lt, until: Date.now() + 1500 };
      clearTimeout(this.trickTimer);
      this.trickTimer = setTimeout(() => this.render(), 1600);
    }
    const ld = state.last_deal;
    if (ld && this.seenDeal !== null && ld.deal_no !== this.seenDeal) {
      announce(`Deal ${ld.deal_no} is over. ${this.namesIn(ld.text || "")}`);
      this.panel = "deal";
    }
    this.seenDeal = ld ? ld.deal_no : 0;
    for (const line of received(before, state)) announce(line);
    // Whose turn: yours (also when you lead again after taking a trick),
    // or a person's; a bot's move is announced when it comes.
    const moved = (before && state.to_move !== before.to_move) || (!before && state.status === "playing");
    if ((moved || (trickDone && state.to_move === state.you)) && state.status === "playing" && state.to_move !== null) {
      if (state.to_move === state.you) announce("Your turn.");
      else if (state.seats[state.to_move]?.kind !== "bot") announce(`${capital(this.name(state.to_move))} to ${doing(state)}.`);
    }
    if (state.status === "finished" && (!before || before.status !== "finished")) {
      announce(this.finishText());
    }
    // Marks and a queue only make sense while those actions stay legal.
    const legal = new Set(state.legal);
    for (const c of [...this.marked]) {
      if (!legal.has(`discard ${c}`) && !legal.has(`give ${c}`)) this.marked.delete(c);
    }
    if (this.selected && !this.cardActions().has(this.selected)) this.selected = null;
    this.render();
    this.sendQueued();
  }

  finishText() {
    return finishText(this);
  }

  // The actions naming each card of the hand: card -> [actions].
  cardActions() {
    const map = new Map();
    if (!this.state) return map;
    for (const a of this.state.legal) {
      let card = null;
      if (isCard(a)) card = a;
      else {
        const m = a.match(/^(?:play|discard|give) (\S+)$/);
        if (m && isCard(m[1])) card = m[1];
      }
      if (card) {
        if (!map.has(card)) map.set(card, []);
        map.get(card).push(a);
      }
    }
    return map;
  }

  // Actions that are not about one card.
  otherActions() {
    if (!this.state) return [];
    return this.state.legal.filter((a) => {
      if (isCard(a)) return false;
      const m = a.match(/^(?:play|discard|give) (\S+)$/);
      return !(m && isCard(m[1]));
    });
  }

  markMode() {
    return this.state && this.state.legal.some((a) => /^(discard|give) /.test(a));
  }

  // Closes the open panel; the focus goes back to the button that opened it.
  closePanel() {
    const opener = this.panel ? document.getElementById(`show-${this.panel}`) : null;
    this.panel = null;
    this.render();
    if (opener && document.contains(opener)) opener.focus();
  }

  // Watching forgets this browser's seat link: only with the link (kept
  // elsewhere) can the person come back to the seat.
  confirmLeaveSeat(e) {
    if (this.state && this.state.you !== null && this.state.you !== undefined) {
      if (!window.confirm("Watch instead of playing? This browser forgets your seat; only your seat link brings you back to it.")) e.preventDefault();
    }
  }

  // "give", "discard" or both: what the legal marking actions are.
  markVerbs() {
    return ["give", "discard"].filter((v) => this.state.legal.some((a) => a.startsWith(`${v} `)));
  }

  // What the server says a move does (the rules under this table's
  // options); a plain question if it says nothing.
  said(action) {
    return (this.state.confirm || {})[action] || `Play ${actionLabel(action)}?`;
  }

  // The question before an action that cannot be taken back; declaring
  // says how many points you have.
  confirmText(action) {
    const o = this.state.observation || {};
    if (action === "declare" && Array.isArray(o.points) && o.seat != null) {
      const pending = Array.isArray(o.pending_marriage_points) ? o.pending_marriage_points[o.seat] : 0;
      const waiting = pending ? ` (and ${pending} from a marriage, not counted until you take a trick)` : "";
      return `You have ${o.points[o.seat]} points${waiting}. ${this.said(action)}`;
    }
    return this.said(action);
  }

  send(action) {
    if (this.pending || !this.state) return;
    if (CONFIRM.has(action) && !window.confirm(this.confirmText(action))) return;
    const id = Math.random().toString(36).slice(2, 10);
    if (this.net.send({ t: "act", action, v: this.net.v, id })) {
      this.pending = id;
      this.selected = null;
      this.render();
    } else {
      this.flash("Not connected: wait for the table to come back.");
      this.render();
    }
  }

  sendQueued() {
    // Offline or still catching up: the queue waits for "online".
    if (!this.net.connected) return;
    while (this.queue.length && !this.pending) {
      const next = this.queue[0];
      if (!this.state.legal.includes(next)) {
        if (this.state.to_move === this.state.you && this.state.legal.length) {
          this.queue = []; // no longer possible
        }
        return;
      }
      this.queue.shift();
      this.send(next);
    }
  }

  playCard(card, viaKeyboard) {
    const actions = this.cardActions().get(card);
    if (!actions || this.pending) return; // dimmed: nothing is sent
    const plain = actions.find((a) => a === card || a === `play ${card}`);
    if (!plain && this.markMode()) {
      const target = this.markTarget();
      if (this.marked.has(card)) this.marked.delete(card);
      else if (target > 0 && this.marked.size >= target) {
        // No more than must go: a mark past that would not be sent.
        this.flash(`${this.marked.size} already selected, as many as go now: unselect one first.`);
        this.render();
        return;
      } else this.marked.add(card);
      this.render();
      // As many marked as must go now: the button that sends them is next.
      if (this.marked.size && this.marked.size === target) {
        const button = document.getElementById("confirm-marked");
        if (button && viaKeyboard) {
          button.focus();
          announce(`${this.marked.size} selected: press Enter to ${this.markVerbs().join(" or ")} them.`);
        }
      }
      return;
    }
    const action = plain || actions[0];
    if ((this.coarse || prefs.twoClicks) && !viaKeyboard && this.selected !== card) {
      this.selected = card;
      this.render();
      return;
    }
    this.send(action);
  }

  // How many cards must go now, when the page can tell: the Pedro
  // family's reduction (as many as may be chosen now) and the lay-away.
  // A hand already down to six may still owe a give or a discard (the
  // rest of a pass-and-fold, making room for partner): no count then.
  markTarget() {
    const o = this.state.observation || {};
    if (o.family === "pedro" && o.to_shed > 0) return Math.min(o.to_shed, this.cardActions().size);
    if (o.family === "na-sixty-six" && Array.isArray(o.widow)) return o.widow.length - (o.laid_away || []).length;
    return null;
  }

  confirmMarked() {
    if (!this.marked.size || this.pending) return;
    const legal = new Set(this.state.legal);
    const actions = [...this.marked].map((c) => (legal.has(`discard ${c}`) ? `discard ${c}` : `give ${c}`));
    this.marked.clear();
    this.queue = actions;
    this.sendQueued();
  }

  onKey(e) {
    if (!this.state || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target && /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
    // Esc closes a panel even when no card is left in the hand.
    if (e.key === "Escape") {
      this.selected = null;
      this.closePanel();
      return;
    }
    const cards = [...document.querySelectorAll("#hand .card")];
    if (!cards.length) return;
    const at = cards.indexOf(document.activeElement);
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      e.preventDefault();
      const step = e.key === "ArrowRight" ? 1 : -1;
      const next = at < 0 ? 0 : (at + step + cards.length) % cards.length;
      cards[next].focus();
    } else if (/^[1-9]$/.test(e.key)) {
      const n = parseInt(e.key, 10) - 1;
      if (n < cards.length) {
        e.preventDefault();
        cards[n].focus();
      }
    }
  }

  // ----- rendering -----

  renderStatus() {
    const why = this.connectionWhy ? ` (the server says: ${this.connectionWhy})` : "";
    const el = document.getElementById("conn");
    if (!el) {
      // Not welcomed yet: the first screen says why it still waits.
      const first = document.getElementById("first-connect");
      if (first) first.textContent = `Connecting to the table…${why}`;
      return;
    }
    const words = { online: "", connecting: "Connecting…", reconnecting: "Reconnecting…", offline: "Offline" };
    el.textContent = (words[this.connection] || "") + why;
    document.body.dataset.conn = this.connection || "";
    el.hidden = !words[this.connection];
  }

  render() {
    if (this.fatal) {
      main.replaceChildren(fatalView(this));
      return;
    }
    const s = this.state;
    if (!s) return;
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.card : null;
    const focusedId = document.activeElement ? document.activeElement.id : null;
    // Focus on the table (a card, a button) before this redraw.
    const hadFocus = main.contains(document.activeElement);
    const obs = s.observation || {};
    const n = s.seats.length;
    const you = s.you;
    const order = [];
    const base = you === null ? 0 : you;
    for (let i = 1; i <= n; i++) order.push((base + i) % n);
    const others = you === null ? order.slice(n - 1).concat(order.slice(0, n - 1)) : order.slice(0, n - 1);

    const root = h("div", { class: `table fam-${obs.family || "none"}` });
    root.append(this.topBar());
    root.append(h("section", { class: "opponents", "aria-label": "Other seats" }, others.map((seat) => seatBox(this, seat))));
    root.append(centreView(this));
    // What you play with, your own seat last: one box, so that a phone on
    // its side can stack it beside the table without its height pushing
    // the table's rows apart (on other screens it is no box at all:
    // `display: contents`).
    const play = h("div", { class: "play" });
    // Finished: the banner takes the status line's place (one winner line).
    play.append(s.status === "finished" ? finishedView(this) : this.statusLine());
    if (this.message) play.append(h("p", { class: "flash", role: "alert" }, this.message));
    play.append(this.actionBar());
    if (you !== null) {
      play.append(this.handView());
      play.append(h("div", { class: "you-line" }, seatBox(this, you)));
    } else {
      // Finished, the banner offers a new table already.
      play.append(h("p", { class: "muted spectating" }, "You are watching.", s.status === "finished" ? null : [" ", h("a", { href: "/" }, "New table")]));
    }
    root.append(play);
    if (this.panel) root.append(panelView(this));
    const shown = main.firstElementChild;
    if (main.childNodes.length === 1 && shown.tagName === "DIV" && shown.classList.contains("table")) patch(shown, root);
    else main.replaceChildren(root);
    // For tests and styling: where the table stands (nothing hidden).
    const data = document.body.dataset;
    data.status = s.status;
    data.v = String(this.net.v);
    data.turn = s.status === "playing" && you !== null && s.to_move === you ? "you" : "";
    data.pending = this.pending ? "1" : "";
    data.deal = String(s.deal_no);
    this.renderStatus();
    // Keep keyboard focus where it was.
    let target = null;
    if (focused) target = main.querySelector(`#hand [data-card="${focused}"]`);
    if (!target && focusedId) target = document.getElementById(focusedId);
    // The focused card was played, or the button pressed is gone: the
    // focus goes on to what comes next, not back to the top of the page.
    if (!target && hadFocus && !main.contains(document.activeElement)) target = this.nextFocus();
    if (target && document.activeElement !== target) target.focus({ preventScroll: true });
  }

  // Where the focus goes when what had it is gone: a card that may be
  // played, an action, an open panel, the end of the table, the hand.
  nextFocus() {
    const at = (sel) => main.querySelector(sel);
    return at("#hand .card.legal") || at('.actions button:not([aria-disabled="true"])') || at("#panel-close") || at("#finished button, #finished a") || at("#hand .card");
  }

  topBar() {
    const s = this.state;
    let scores = null;
    if (s.scores && this.partners()) {
      // Partners share a score: two sides, yours first.
      const mine = s.you === null || s.you === undefined ? 0 : s.you % 2;
      const [us, them] = s.you === null || s.you === undefined ? [`${this.name(0)} & ${this.name(2)}`, `${this.name(1)} & ${this.name(3)}`] : ["us", "them"];
      const [a, b] = [figure(s.scores[mine]), figure(s.scores[1 - mine])];
      scores = h("span", { class: "score", "aria-label": `Match score: ${us} ${a}, ${them} ${b}` }, `${us} ${a} : ${b} ${them}`);
    } else if (s.scores) {
      const who = s.scores.map((v, i) => `${this.name(i)}: ${figure(v)}`).join(", ");
      // Two seats: each number by its name ("you 3 : 5 Bo"); more, the
      // numbers in seat order with yours named ("3 : you 5 : 0"; each
      // seat's box has its own, the Scores panel every name).
      const f = s.scores.map(figure);
      const shown = f.length === 2 ? `${this.shortName(0)} ${f[0]} : ${f[1]} ${this.shortName(1)}` : f.map((v, i) => (i === s.you ? `you ${v}` : v)).join(" : ");
      scores = h("span", { class: "score", title: who, "aria-label": `Match score: ${who}` }, shown);
    }
    const btn = (id, label, panel, name) =>
      h("button", {
        type: "button", id, class: this.panel === panel ? "on" : "",
        "aria-expanded": this.panel === panel ? "true" : "false",
        "aria-label": name,
        onclick: () => {
          this.panel = this.panel === panel ? null : panel;
          this.render();
          // Into the panel, which comes after the hand in the tab order.
          if (this.panel) document.getElementById("panel-close")?.focus();
        },
      }, label);
    return h(
      "header",
      { class: "bar" },
      h("div", { class: "title" }, h("strong", {}, s.title || s.preset), h("span", { class: "muted" }, ` deal ${s.deal_no}`), s.memory ? h("span", { class: "tag", id: "memory-tag", title: "Past tricks and points stay hidden while a deal is played" }, "memory play") : null, scores),
      h("p", { id: "conn", class: "conn", role: "status", hidden: true }),
      h(
        "nav",
        { class: "tools", "aria-label": "Table tools" },
        // Memory play: no looking back (the trick just taken stays on the table).
        s.memory && s.status === "playing" ? null : btn("show-last", "Last trick", "last"),
        btn("show-sheet", "Scores", "sheet"),
        this.openInvites().length || this.panel === "invites" ? btn("show-invites", "Invite", "invites") : null,
        s.last_deal ? btn("show-deal", "Last deal", "deal") : null,
        btn("show-settings", "\u2699", "settings", "Settings"),
      ),
    );
  }

  // The seat links this browser made the table with, for the seats whose
  // person has not come yet.
  openInvites() {
    const s = this.state;
    return loadInvites(this.table).filter((i) => i.seat !== s.you && this.presence[i.seat] === "open");
  }

  statusLine() {
    const s = this.state;
    let text;
    if (s.status === "deal_over") text = "The deal is over; the next deal follows.";
    else if (s.to_move === null || s.to_move === undefined) text = "";
    else if (this.connection && this.connection !== "online") text = "Waiting for the table to come back…";
    else if (s.to_move === s.you && this.presence[s.you] === "stand_in") text = "A bot is playing for you: “I'm back” lets you play again";
    else if (s.to_move === s.you) {
      text = "Your turn";
      const o = s.observation || {};
      if (this.markMode()) {
        // The dealer who robbed the stock keeps six of it all.
        const robbed = o.family === "pedro" && (o.events || []).some((e) => e.event === "drew" && e.from === "robbing" && e.seat === s.you);
        text += `${robbed ? ": you robbed the rest of the stock;" : ":"} choose cards to ${this.markVerbs().join(" or ")}`;
        // Gives go to your partner: say to whom.
        if (this.markVerbs().includes("give") && this.partners()) text += ` (gives go to ${this.name(this.partnerOf(s.you))})`;
        // The Pedro family's reduction: how far there is still to go. The
        // cards offered now may be fewer (non-trumps go first; the trumps
        // over six are given or shown after them).
        const extra = o.family === "pedro" ? o.to_shed || 0 : 0;
        const now = this.cardActions().size;
        const chosen = this.marked.size ? `, ${this.marked.size} selected` : "";
        if (extra > 0) text += now < extra ? ` (${extra} more to get down to six: first these ${now}, then the trumps over six${chosen})` : ` (${extra} more to get down to six${chosen})`;
        // North American Sixty-six: as many laid away as the widow brought.
        if (o.family === "na-sixty-six" && Array.isArray(o.widow)) {
          const left = o.widow.length - (o.laid_away || []).length;
          if (left > 0) text += ` (lay away ${left} more)`;
        }
      } else if (this.cardActions().size) {
        // North American Sixty-six: the bidder's first lead names trump.
        if (o.family === "na-sixty-six" && !o.trump && o.bidder === s.you) text += ": your lead names trump";
        // The Pedro family: a seat that kept more than six trumps plays
        // them all to the first trick, one after another.
        if (o.family === "pedro" && Array.isArray(o.trick) && o.trick.some((t) => t.seat === s.you)) text += ": another card to this trick";
        text += this.coarse ? ": tap a card, tap again to play" : prefs.twoClicks ? ": click a card, click again to play" : ": play a card";
      }
      else if (this.otherActions().length) text += ": choose below";
    } else text = `${capital(this.name(s.to_move))} to ${doing(s)}`;
    if (this.pending) text = "Sending…";
    const left = this.turnLeft();
    if (left !== null && left <= 60) text += ` (${Math.max(0, Math.ceil(left))} s before a bot moves for you)`;
    return h("p", { class: `status${s.to_move === s.you && s.status === "playing" ? " yours" : ""}`, id: "status" }, text);
  }

  // Seconds left of your turn on the server's clock (--turn-secs), while
  // it is your turn and you are here; else null.
  turnLeft() {
    const s = this.state;
    if (!this.turnSecs || !s || s.status !== "playing" || s.you === null || s.to_move !== s.you || this.presence[s.you] !== "online") return null;
    return this.turnSecs - (Date.now() - this.turnSince) / 1000;
  }

  actionBar() {
    const s = this.state;
    let acts = this.otherActions();
    const buttons = [];
    // Many bids (40 to 63): one picker and a button instead of a wall.
    // In number order, as the server lists them.
    const bids = acts.filter((a) => /^bid \d+$/.test(a));
    if (bids.length > 6) {
      acts = acts.filter((a) => !bids.includes(a));
      if (!bids.includes(this.bidChoice)) this.bidChoice = bids[0];
      const pick = h(
        "select",
        { id: "bid-value", "aria-label": "Bid amount", onchange: (e) => (this.bidChoice = e.target.value) },
        bids.map((b) => h("option", { value: b, selected: b === this.bidChoice }, b.slice(4))),
      );
      buttons.push(
        h("span", { class: "bidpick" }, pick,
          h("button", { type: "button", class: "act primary", id: "bid-go", "aria-disabled": busy(this.pending), onclick: () => this.send(document.getElementById("bid-value")?.value || this.bidChoice) }, "Bid")),
      );
    }
    buttons.push(...acts.map((a) =>
      h("button", { type: "button", class: `act${CONFIRM.has(a) ? " warn" : ""}`, "data-action": a, "aria-disabled": busy(this.pending), onclick: () => this.send(a) }, actionLabel(a)),
    ));
    if (this.markMode() && s.you === s.to_move) {
      // What the marked cards will be sent as (a card both may be is
      // discarded, as confirmMarked does); before any mark, what is offered.
      const legal = new Set(s.legal);
      const sent = new Set([...this.marked].map((c) => (legal.has(`discard ${c}`) ? "discard" : "give")));
      const verbs = sent.size ? ["give", "discard"].filter((v) => sent.has(v)) : this.markVerbs();
      const label = verbs.join(" and ");
      buttons.push(
        h(
          "button",
          { type: "button", class: "act primary", id: "confirm-marked", "aria-disabled": busy(!this.marked.size || this.pending), onclick: () => this.confirmMarked() },
          `${label[0].toUpperCase()}${label.slice(1)} ${this.marked.size} selected`,
        ),
      );
    }
    if (s.hints && s.you !== null && s.to_move === s.you && s.status === "playing") {
      const ask = () => {
        if (this.hintAsked) return;
        if (this.net.send({ t: "hint" })) this.hintAsked = true;
        this.render();
      };
      buttons.push(h("button", { type: "button", class: "act ghost", id: "hint", "aria-disabled": busy(this.hintAsked), onclick: ask }, "Hint"));
    }
    // Only one person against bots may take a move back (the server's
    // rule); on their turn, so a bot's reply cannot make it stale.
    const undo = () => !this.pending && this.net.send({ t: "undo", v: this.net.v }) && ((this.pending = "undo"), this.render());
    if (s.undo && s.to_move === s.you && this.presence[s.you] !== "stand_in") buttons.push(h("button", { type: "button", class: "act ghost", id: "undo", "aria-disabled": busy(this.pending), onclick: undo }, "Undo"));
    if (this.hint) buttons.push(h("span", { class: "hint-text" }, `Hint: ${isCard(this.hint) ? cardName(this.hint) : actionLabel(this.hint)}`));
    if (this.selected) {
      buttons.push(h("button", { type: "button", class: "act primary", id: "play-selected", onclick: () => this.playCard(this.selected, true) }, `Play ${cardShort(this.selected)}`));
    } else if ((this.coarse || prefs.twoClicks) && s.to_move === s.you && this.cardActions().size) {
      // Its room (as wide as it gets), held while no card is picked: the
      // first tap must not move the hand under the finger.
      buttons.push(h("button", { type: "button", class: "act primary room", disabled: true, tabindex: "-1", "aria-hidden": "true" }, "Play 10♠"));
    }
    const help = s.to_move === s.you && s.status === "playing" ? bidHelp(s) : null;
    return h(
      "div",
      { class: "actions", role: "group", "aria-label": "Actions" },
      buttons,
      help ? h("p", { class: "bid-help", id: "bid-help" }, help) : null,
    );
  }

  handView() {
    const o = this.state.observation || {};
    const hand = (o.hand || []).slice();
    hand.sort(cardOrder(o.trump, o.family));
    const actions = this.cardActions();
    const yours = this.state.to_move === this.state.you && this.state.status === "playing";
    const marks = this.markMode();
    return h(
      "section",
      { id: "hand", class: `hand n${hand.length}`, "aria-label": `Your hand, ${hand.length} cards` },
      hand.map((card, i) => {
        const legal = yours && actions.has(card);
        const hinted = this.hint && (this.hint === card || this.hint.endsWith(` ${card}`));
        const cls = ["card", legal ? "legal" : "dim", this.selected === card ? "selected" : "", this.marked.has(card) ? "marked" : "", hinted ? "hinted" : ""];
        let label = cardName(card);
        if (marks && legal) label += this.marked.has(card) ? ", selected" : "";
        return h(
          "button",
          {
            type: "button",
            class: cls.filter(Boolean).join(" "),
            "data-card": card,
            "aria-label": label,
            "aria-disabled": legal ? "false" : "true",
            "aria-pressed": marks && legal ? String(this.marked.has(card)) : undefined,
            "aria-keyshortcuts": i < 9 ? String(i + 1) : undefined,
            onclick: (e) => this.playCard(card, e.detail === 0),
          },
          bigCard(card),
        );
      }),
    );
  }

}

// Verbs after "you" in the engine's result lines.
const AGREE = { wins: "win", was: "were", scores: "score", makes: "make", takes: "take", loses: "lose", has: "have" };

// A button that may not be pressed now stays focusable (`aria-disabled`,
// not `disabled`, which would drop the keyboard focus to the page's top).
function busy(flag) {
  return flag ? "true" : "false";
}
