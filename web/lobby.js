// The lobby: pick a preset and its options, seat people and bots, create
// the table and hand out the seat links.

import { h, main, linkField, saveInvites, myTables, forgetTable, markFinished } from "./dom.js";
import { andList } from "./words.js";

export async function lobbyPage() {
  document.title = "Talon: new table";
  main.replaceChildren(h("p", { class: "muted" }, "Loading the games…"));
  let games;
  try {
    const r = await fetch("/api/games");
    games = (await r.json()).games;
  } catch (e) {
    main.replaceChildren(h("p", { class: "error", role: "alert" }, "Cannot reach the server. Reload to try again."));
    return;
  }
  const remembered = localStorage.getItem("talon.lastPreset");
  let game = games.find((g) => g.name === remembered) || games[0];

  const presetSelect = h(
    "select",
    { id: "preset", name: "preset" },
    games.map((g) => h("option", { value: g.name, selected: g === game }, g.title || g.name)),
  );
  const desc = h("p", { class: "desc", id: "preset-desc" });
  const optionsBox = h("div", { class: "options" });
  const seatsBox = h("div", { class: "seats-form" });
  const matchBox = h("input", { type: "checkbox", id: "whole-match", checked: true });
  const memoryBox = h("input", { type: "checkbox", id: "memory" });
  const hintsSelect = h(
    "select",
    { id: "hints" },
    h("option", { value: "" }, "table default (on with one person)"),
    h("option", { value: "on" }, "allowed"),
    h("option", { value: "off" }, "off"),
  );
  const message = h("p", { class: "error", role: "alert" });
  const result = h("section", { class: "created", hidden: true, "aria-labelledby": "created-title" });

  function seatCount() {
    const players = game.options.find((o) => o.name === "players");
    if (players) {
      const input = optionsBox.querySelector(`[name="players"]`);
      const n = parseInt(input ? input.value : players.default, 10);
      if (n > 0) return n;
    }
    return game.players;
  }

  function renderOptions() {
    desc.textContent = game.description;
    optionsBox.replaceChildren(
      ...game.options.map((o) => {
        const id = `opt-${o.name}`;
        let input;
        if (o.type === "bool") {
          input = h("input", { type: "checkbox", id, name: o.name, checked: o.default === "true" });
          // A shorthand (sharp) has no default of its own: unticked, it
          // is not sent.
        } else if (o.type.startsWith("int")) {
          const m = o.type.match(/int (-?\d+)..=(-?\d+)/);
          input = h("input", {
            type: "number", id, name: o.name, value: o.default ?? "",
            min: m ? m[1] : undefined, max: m ? m[2] : undefined, inputmode: "numeric",
          });
        } else if (o.type.startsWith("one of ")) {
          const choices = o.type.slice(7).split("|");
          input = h("select", { id, name: o.name }, choices.map((c) => h("option", { value: c, selected: c === o.default }, c)));
        } else {
          input = h("input", { type: "text", id, name: o.name, value: o.default ?? "" });
        }
        input.dataset.default = o.default ?? (o.type === "bool" ? "false" : "");
        input.dataset.kind = o.type;
        if (o.name === "players") input.addEventListener("change", renderSeats);
        return h(
          "div",
          { class: "option" },
          h("label", { for: id }, o.name.replaceAll("_", " ")),
          input,
          h("small", { id: `${id}-doc` }, o.default === null || o.default === undefined ? o.doc : `${o.doc} (default: ${o.default})`),
        );
      }),
    );
    for (const input of optionsBox.querySelectorAll("input,select")) {
      input.setAttribute("aria-describedby", `${input.id}-doc`);
    }
  }

  function renderSeats() {
    const n = seatCount();
    const level = game.bots.includes("intermediate") ? "intermediate" : game.bots[game.bots.length - 1];
    // The levels first; the variants kept for measuring after them.
    const levels = game.bots.filter((b) => !game.levels || game.levels.includes(b));
    const others = game.bots.filter((b) => !levels.includes(b));
    const rows = [];
    for (let i = 0; i < n; i++) {
      const kind = h(
        "select",
        { id: `seat-${i}`, "aria-label": `Seat ${i + 1}: who plays` },
        h("option", { value: "person", selected: i === 0 }, i === 0 ? "Person (you)" : "Person"),
        levels.map((b) => h("option", { value: `bot:${b}`, selected: i !== 0 && b === level }, `Bot: ${b}`)),
        others.length ? h("optgroup", { label: "Bots kept for experiments" }, others.map((b) => h("option", { value: `bot:${b}` }, `Bot: ${b}`))) : null,
      );
      const name = h("input", {
        type: "text", id: `seat-${i}-name`, maxlength: 40, placeholder: `name (else Player ${i + 1})`,
        "aria-label": `Seat ${i + 1}: name`,
      });
      // People count seats from 1 (the API from 0); a bot's row gives its
      // menu the name's room too.
      const row = h("div", { class: "seat-row" }, h("span", { class: "seat-no" }, `Seat ${i + 1}`), kind, name);
      const sync = () => {
        name.hidden = kind.value !== "person";
        row.classList.toggle("bot", name.hidden);
      };
      kind.addEventListener("change", sync);
      sync();
      rows.push(row);
    }
    seatsBox.replaceChildren(...rows);
  }

  presetSelect.addEventListener("change", () => {
    game = games.find((g) => g.name === presetSelect.value);
    localStorage.setItem("talon.lastPreset", game.name);
    renderOptions();
    renderSeats();
  });

  // One table per press: a second press while the first is on its way,
  // or within a moment after it (a double click on a fast server), does
  // nothing.
  let creating = false;
  async function create(e) {
    e.preventDefault();
    if (creating) return;
    creating = true;
    try {
      await createTable();
    } finally {
      setTimeout(() => (creating = false), 1500);
    }
  }

  async function createTable() {
    message.textContent = "";
    const options = {};
    for (const input of optionsBox.querySelectorAll("input,select")) {
      const kind = input.dataset.kind;
      let value;
      if (kind === "bool") value = input.checked;
      else if (kind.startsWith("int")) value = Number(input.value);
      else value = input.value;
      if (String(value) !== input.dataset.default) options[input.name] = value;
    }
    const seats = [];
    const n = seatCount();
    for (let i = 0; i < n; i++) {
      const kind = seatsBox.querySelector(`#seat-${i}`).value;
      // An unnamed person is called as the form counts (the server's own
      // default, "seat 0", counts from 0 as the API does).
      const name = seatsBox.querySelector(`#seat-${i}-name`).value.trim() || `Player ${i + 1}`;
      if (kind === "person") seats.push({ kind: "person", name });
      else seats.push({ kind: "bot", level: kind.slice(4) });
    }
    const body = { preset: game.name, options, seats, match: matchBox.checked };
    if (memoryBox.checked) body.memory = true;
    if (hintsSelect.value) body.hints = hintsSelect.value === "on";
    let reply;
    try {
      const r = await fetch("/api/tables", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      reply = await r.json();
    } catch {
      message.textContent = "Cannot reach the server.";
      return;
    }
    if (!reply.ok) {
      message.textContent = reply.error || "The table was not created.";
      return;
    }
    showCreated(reply);
  }

  function showCreated(reply) {
    const origin = location.origin;
    const people = reply.seats.filter((s) => s.kind === "person");
    const rows = reply.seats.map((s) => {
      if (s.kind !== "person") return h("li", {}, `Seat ${s.seat + 1}: ${s.name}`);
      const url = origin + s.invite;
      return h(
        "li",
        {},
        h("span", {}, `Seat ${s.seat + 1}: ${s.name}`),
        linkField(url, `Invite link for seat ${s.seat + 1}`),
        h("a", { href: s.invite, class: "button" }, "Sit here"),
      );
    });
    const spectate = origin + reply.spectate;
    // Kept so that the table page can show them again to whoever made it.
    saveInvites(reply.table, people.map((s) => ({ seat: s.seat, name: s.name, invite: s.invite })), reply.host);
    result.replaceChildren(
      h("h2", { id: "created-title" }, `Table ${reply.table} is ready`),
      h("p", {}, "Send each person their own seat link: the link is the key to the seat. Open yours to sit down."),
      h("ul", { class: "invites" }, rows),
      h(
        "p",
        { class: "spectate" },
        "Watch without playing: ",
        linkField(spectate, "Spectator link"),
      ),
      people.length
        ? h("p", {}, h("a", { href: people[0].invite, class: "button primary", id: "join-own" }, `Join seat ${people[0].seat + 1}`))
        : h("p", {}, h("a", { href: reply.spectate, class: "button primary" }, "Watch the bots")),
    );
    result.hidden = false;
    // Focus without its own jump, which would cut the smooth scroll short
    // and leave the links below a phone's screen.
    result.querySelector("h2").setAttribute("tabindex", "-1");
    result.querySelector("h2").focus({ preventScroll: true });
    result.scrollIntoView({ behavior: "smooth", block: "start" });
  }

  main.replaceChildren(
    yourTables(),
    h(
      "form",
      { class: "lobby", onsubmit: create },
      h("h1", {}, "New table"),
      h("div", { class: "field" }, h("label", { for: "preset" }, "Game"), presetSelect),
      desc,
      h("fieldset", {}, h("legend", {}, "Length"), h("label", { class: "check" }, matchBox, " Whole match (otherwise a single deal)")),
      h("fieldset", {}, h("legend", {}, "Play"), h("label", { class: "check" }, memoryBox, " Memory play: past tricks and points stay hidden while a deal is played, as strict Schnapsen players keep them in their heads")),
      h("fieldset", {}, h("legend", {}, "Seats"), seatsBox),
      h("details", { class: "rules" }, h("summary", {}, "Rule options"), optionsBox),
      h("div", { class: "field" }, h("label", { for: "hints" }, "Hints"), hintsSelect),
      message,
      h("button", { type: "submit", class: "primary", id: "create" }, "Create table"),
    ),
    result,
  );
  renderOptions();
  renderSeats();
}

// The tables in play this browser holds a seat at (newest first, at most
// eight), with whose turn it is: the way back to a game whose tab was
// closed. Filled in as the summaries come; empty, it shows nothing.
const YOURS_SHOWN = 8;
function yourTables() {
  const list = h("ul", { class: "your-tables" });
  const box = h("section", { id: "your-tables", hidden: true, "aria-labelledby": "yours-title" }, h("h2", { id: "yours-title" }, "Your tables"), list);
  const inPlay = myTables()
    .filter((t) => !t.finished)
    .slice(0, YOURS_SHOWN);
  for (const t of inPlay) {
    fetch(`/api/tables/${t.table}`)
      .then((r) => r.json().then((body) => [r.status, body]))
      .then(([status, body]) => {
        if (status === 404) return forgetTable(t.table);
        if (!body.ok || !body.summary) return;
        const s = body.summary;
        if (s.status === "finished") return markFinished(t.table);
        const names = s.seats.map((seat) => (seat.seat === t.seat ? "you" : seat.name));
        const others = names.filter((_, i) => i !== t.seat);
        const yours = s.to_move === t.seat;
        const when = yours ? "your turn" : s.to_move === null || s.to_move === undefined ? "" : `${names[s.to_move]} to play`;
        const line = [`with ${grouped(others)}`, when].filter(Boolean).join(" · ");
        list.append(h("li", { "data-table": t.table, class: yours ? "your-turn" : "" }, h("a", { href: `/t/${t.table}` }, s.title || t.title), " ", h("span", { class: "muted" }, line)));
        box.hidden = false;
      })
      .catch(() => {});
  }
  return box;
}

// "random bot, random bot, Bo" as "2 random bots and Bo": a name that
// several seats share (a bot level) is counted.
function grouped(names) {
  const counts = new Map();
  for (const n of names) counts.set(n, (counts.get(n) || 0) + 1);
  return andList([...counts].map(([n, k]) => (k > 1 ? `${k} ${n}s` : n)));
}
