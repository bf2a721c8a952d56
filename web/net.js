// The table connection: hello with the seat secret and the last version
// seen, then snapshots and events; reconnects by itself (with `since`, so
// only missed events come back) after a drop, a close code 4008 (fell
// behind), a page coming back from the background or from the bfcache.
// It is "online" only once it has caught up to the version the welcome
// names: until then the page shows a past state, and a click on it would
// act on a hand the table has moved past.

const CONNECT_TIMEOUT_MS = 8000;
const PING_EVERY_MS = 25000;
const PONG_TIMEOUT_MS = 4000;
// An act with no answer (event or reject) this long: is the line still there?
const ANSWER_TIMEOUT_MS = 3000;

// Close codes whose reason the page shows while it tries again: the
// server is full (1013), this table, seat or address has as many
// connections or tables as it may (4029), or the table cannot be loaded
// (1011: the database failed, which may pass, or its log no longer
// rebuilds, which a person should hear of rather than wait in silence).
const BUSY = new Set([1011, 1013, 4029]);

// Close codes after which reconnecting cannot help.
const FATAL = {
  4003: "This seat link is not valid for this table.",
  4009: "Your seat was given a new link on another tab or device: the link this page used opens nothing now.",
  4011: "The table's host gave your seat a new link: the link this page used opens nothing now. Ask them for the new one.",
  4004: "There is no such table.",
};

export class Connection {
  // handlers: { welcome(frame), snapshot(frame), event(frame), reject(frame),
  //   hint(frame), presence(frame), error(frame), status(text, why),
  //   fatal(message, code) }
  // `why`: the server's reason for refusing the last attempt, if busy.
  constructor(table, secret, handlers) {
    this.table = table;
    this.secret = secret;
    this.h = handlers;
    this.v = 0;
    this.ws = null;
    this.attempt = 0;
    this.stopped = false;
    this.timer = null;
    this.pinger = null;
    this.pongWait = null;
    this.why = "";
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.check();
    });
    window.addEventListener("pageshow", (e) => {
      if (e.persisted) this.reconnect();
      else this.check();
    });
    window.addEventListener("online", () => this.check());
  }

  start() {
    this.open();
  }

  get connected() {
    return this.ws && this.ws.readyState === WebSocket.OPEN && this.caughtUp;
  }

  open() {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.welcomed = false;
    this.caughtUp = false;
    this.target = null; // the table's version when it welcomed us
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws`);
    this.ws = ws;
    this.h.status(this.attempt === 0 && this.v === 0 ? "connecting" : "reconnecting", this.why);
    // Welcomed and caught up in time, or start again.
    const giveUp = setTimeout(() => {
      if (this.ws === ws && !this.caughtUp) this.drop(ws);
    }, CONNECT_TIMEOUT_MS);
    ws.onopen = () => {
      const hello = { t: "hello", table: this.table };
      if (this.secret) hello.secret = this.secret;
      if (this.v > 0) hello.since = this.v;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (msg) => {
      if (this.ws !== ws) return;
      let frame;
      try {
        frame = JSON.parse(msg.data);
      } catch {
        return;
      }
      this.receive(frame, giveUp);
    };
    ws.onclose = (e) => {
      clearTimeout(giveUp);
      if (this.ws !== ws) return;
      this.closed(e.code, e.reason);
    };
    ws.onerror = () => {};
  }

  receive(frame, giveUp) {
    if (frame.t === "event" || frame.t === "reject" || frame.t === "error") this.answered();
    switch (frame.t) {
      case "welcome":
        this.welcomed = true;
        this.target = frame.v;
        this.startPing();
        this.h.welcome(frame);
        // Up to date already: the server sends nothing more. Behind (or
        // ahead, after a server lost its tail): missed events or a
        // snapshot follow.
        if (this.v === frame.v) this.online(giveUp);
        break;
      case "snapshot":
        this.v = frame.v;
        this.h.snapshot(frame);
        if (this.welcomed) this.online(giveUp);
        break;
      case "event":
        if (frame.v <= this.v) break; // already seen
        this.v = frame.v;
        this.h.event(frame);
        if (this.welcomed && this.v >= this.target) this.online(giveUp);
        break;
      case "pong":
        clearTimeout(this.pongWait);
        this.pongWait = null;
        break;
      default:
        if (this.h[frame.t]) this.h[frame.t](frame);
    }
  }

  online(giveUp) {
    if (this.caughtUp) return;
    clearTimeout(giveUp);
    this.caughtUp = true;
    this.attempt = 0;
    this.why = "";
    this.h.status("online");
  }

  closed(code, reason) {
    this.stopPing();
    this.answered();
    this.ws = null;
    if (FATAL[code]) {
      this.stopped = true;
      this.h.status("offline");
      this.h.fatal(FATAL[code], code);
      return;
    }
    this.why = BUSY.has(code) ? String(reason || "").slice(0, 200) : "";
    this.h.status("reconnecting", this.why);
    // Fell behind (4008), or the table was leaving memory (1012): at once;
    // otherwise with a growing pause.
    const delay = code === 4008 || code === 1012 ? 0 : Math.min(10000, 500 * 2 ** this.attempt);
    this.attempt += 1;
    this.timer = setTimeout(() => this.open(), delay);
  }

  drop(ws) {
    // Forget this socket and start again (its close event is ignored).
    this.stopPing();
    this.answered();
    if (this.ws === ws) this.ws = null;
    try {
      ws.close();
    } catch {}
    this.h.status("reconnecting");
    this.attempt += 1;
    this.timer = setTimeout(() => this.open(), 200);
  }

  // Back in the foreground: sockets may have died silently; make sure.
  check() {
    if (this.stopped) return;
    if (!this.ws) {
      this.open();
      return;
    }
    if (this.ws.readyState !== WebSocket.OPEN) {
      if (this.ws.readyState !== WebSocket.CONNECTING) this.reconnect();
      return;
    }
    this.ping();
  }

  reconnect() {
    if (this.stopped) return;
    if (this.ws) this.drop(this.ws);
    else this.open();
  }

  startPing() {
    this.stopPing();
    this.pinger = setInterval(() => this.ping(), PING_EVERY_MS);
  }

  stopPing() {
    clearInterval(this.pinger);
    clearTimeout(this.pongWait);
    this.pinger = null;
    this.pongWait = null;
  }

  ping() {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN || this.pongWait) return;
    ws.send(JSON.stringify({ t: "ping" }));
    this.pongWait = setTimeout(() => {
      this.pongWait = null;
      if (this.ws === ws) this.drop(ws);
    }, PONG_TIMEOUT_MS);
  }

  send(frame) {
    if (!this.connected) return false;
    this.ws.send(JSON.stringify(frame));
    if (frame.t === "act" || frame.t === "undo") {
      // A socket can die silently with a move in flight: if no answer
      // comes, ping; a missing pong drops the socket and reconnects.
      this.answered();
      this.answerWait = setTimeout(() => {
        this.answerWait = null;
        this.ping();
      }, ANSWER_TIMEOUT_MS);
    }
    return true;
  }

  answered() {
    clearTimeout(this.answerWait);
    this.answerWait = null;
  }
}
