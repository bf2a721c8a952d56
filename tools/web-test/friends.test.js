// Browser tests of a table among friends: the lobby's names for games and
// bots, a friend who has not come or has gone (a bot may play for them),
// the tab's title, a seat's new link, Sixes and Sevens saying whether
// high or low wins, and the Pedro family's auction and robbing in words.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, env, useBrowser, createTable, openPage, data, moveByClick, playDeal, ownServer } from "./lib.js";

useBrowser();

test("the lobby names games as people write them, offers the five levels first and shows no empty default", async () => {
  const context = await env.browser.newContext();
  const lobby = await context.newPage();
  await lobby.goto(BASE + "/");
  await lobby.waitForSelector("#preset");
  const labels = await lobby.$$eval("#preset option", (o) => o.map((x) => x.textContent));
  assert.ok(labels.includes("Sixty-three (Inverness County)"), labels.join(", "));
  assert.ok(labels.includes("Schnapsen"), labels.join(", "));
  await lobby.selectOption("#preset", "schnapsen");
  const docs = await lobby.$$eval(".options small", (s) => s.map((x) => x.textContent));
  assert.ok(docs.length > 3);
  for (const d of docs) assert.doesNotMatch(d, /null|undefined/, d);
  const top = await lobby.$$eval("#seat-1 > option", (o) => o.map((x) => x.value));
  assert.deepEqual(top, ["person", "bot:random", "bot:heuristic", "bot:beginner", "bot:intermediate", "bot:expert"]);
  const kept = await lobby.$$eval("#seat-1 optgroup option", (o) => o.map((x) => x.value));
  assert.ok(kept.includes("bot:expert-2026-11"), kept.join(", "));
  // The shorthand unticked is not sent: the table is made with no options.
  await lobby.selectOption("#seat-1", "bot:random");
  const sent = lobby.waitForRequest((r) => r.url().endsWith("/api/tables") && r.method() === "POST");
  await lobby.click("#create");
  const body = JSON.parse((await sent).postData());
  assert.deepEqual(body.options, {});
  await context.close();
});

test("a bot plays for a friend who has not come, and for one who has gone, at a seated person's word", async () => {
  const t = await createTable("schnapsen", [{ kind: "person", name: "Ann" }, { kind: "person", name: "Bo" }]);
  const ann = await openPage(t.seats[0].invite);
  const boBox = ann.locator('.seat[data-seat="1"]');
  await boBox.getByText("not here yet").waitFor();
  // The tab names the game, and says when it is Ann's turn.
  assert.match(await ann.title(), /Schnapsen · Talon$/);
  await boBox.getByRole("button", { name: "Let a bot play for now" }).click();
  await boBox.getByText("a bot plays for now").waitFor();
  assert.equal(await boBox.getByRole("button").count(), 0, "no button once a bot plays");
  // The deal goes on: Ann plays, the stand-in answers.
  const v0 = Number((await data(ann)).v);
  for (let i = 0; i < 200 && Number((await data(ann)).v) < v0 + 4; i++) {
    if (!(await moveByClick(ann))) await ann.waitForTimeout(50);
  }
  assert.ok(Number((await data(ann)).v) >= v0 + 4, "the table moved on");
  await ann.waitForFunction(() => document.body.dataset.turn !== "you" || document.title.startsWith("\u25B6 Your turn"));
  // Bo comes: the seat is his, and the button stays gone.
  const bo = await openPage(t.seats[1].invite);
  await boBox.getByText("online").waitFor();
  assert.equal(await boBox.getByRole("button").count(), 0);
  // He is told what the bot played for him (unless the deal ended).
  if ((await data(bo)).status === "playing") {
    assert.match(await bo.locator("#stood-in").textContent(), /^A bot played for you: \S/);
  }
  // Bo goes: Ann sees how long until a bot stands in, and may not wait.
  await bo.context().close();
  await boBox.getByText(/away: a bot plays in \d+ s/).waitFor();
  await boBox.getByRole("button", { name: "Let a bot play for now" }).click();
  await boBox.getByText("a bot plays for now").waitFor();
  await ann.context().close();
});

test("a spectator gets no button to seat a bot", async () => {
  const t = await createTable("schnapsen", [{ kind: "person" }, { kind: "person" }]);
  const watcher = await openPage(`/t/${t.table}#watch`);
  await watcher.locator('.seat[data-seat="1"]').getByText("not here yet").waitFor();
  assert.equal(await watcher.getByRole("button", { name: "Let a bot play for now" }).count(), 0);
  await watcher.context().close();
});

test("Sixes and Sevens says whether the high or the low card wins the trick so far", async () => {
  const t = await createTable("sixes-and-sevens", [{ kind: "person", name: "Ann" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }]);
  const ann = await openPage(t.seats[0].invite);
  let seen = null;
  for (let i = 0; i < 400 && !seen; i++) {
    const d = await data(ann);
    if (d.turn === "you") {
      seen = await ann.evaluate(() => {
        const line = document.getElementById("so-far");
        const played = document.querySelectorAll(".trick figure").length;
        return line ? { text: line.textContent, played } : null;
      });
      if (!seen) await moveByClick(ann);
    } else await ann.waitForTimeout(50);
  }
  assert.ok(seen, "a trick in progress at Ann's turn");
  const m = seen.text.match(/^(High|Low) card of (clubs|diamonds|hearts|spades) wins so far \((\d+) odd, (\d+) even\)$/);
  assert.ok(m, seen.text);
  const [odd, even] = [Number(m[3]), Number(m[4])];
  assert.equal(odd + even, seen.played, `${seen.text}: every card on the table counted`);
  // The default rule: a level count goes to the high card.
  assert.equal(m[1], odd >= even ? "High" : "Low", seen.text);
  await ann.context().close();
});

test("friends play again with one click each: the same seats, and the same cards when asked", async () => {
  const t = await createTable("sixty-six", [{ kind: "person", name: "Ann" }, { kind: "person", name: "Bo" }]);
  const ann = await openPage(t.seats[0].invite);
  const bo = await openPage(t.seats[1].invite);
  // Ann's tab made the table (as the lobby keeps it: the invites and host key).
  const people = t.seats.map((s) => ({ seat: s.seat, name: s.name, invite: s.invite }));
  await ann.evaluate(([table, seats, host]) => sessionStorage.setItem(`talon.invites.${table}`, JSON.stringify({ at: Date.now(), seats, host })), [t.table, people, t.host]);
  const handOf = (page) => page.$$eval("#hand .card", (cs) => cs.map((c) => c.dataset.card).sort());
  const annHand = await handOf(ann);
  assert.equal(annHand.length, 6);
  await playDeal([ann, bo]);
  for (const p of [ann, bo]) await p.waitForFunction(() => document.body.dataset.status === "finished", null, { timeout: 20000 });
  // Ann asks for the same cards and is taken to the new table, seated.
  await ann.click("#same-cards");
  await ann.waitForURL((u) => u.pathname.startsWith("/t/") && !u.pathname.endsWith(t.table), { timeout: 20000 });
  const again = new URL(ann.url()).pathname.split("/")[2];
  await ann.waitForFunction(() => document.body.dataset.status === "playing" && document.querySelectorAll("#hand .card").length === 6, null, { timeout: 20000 });
  assert.deepEqual(await handOf(ann), annHand, "the same cards");
  // Her tab holds the rematch's host key and links too (the same seats).
  await ann.click("#show-settings");
  await ann.locator('.host-new-link[data-seat="1"]').waitFor();
  const carried = await ann.evaluate((id) => JSON.parse(sessionStorage.getItem(`talon.invites.${id}`)), again);
  assert.equal(carried.host, t.host);
  assert.ok(carried.seats.every((s) => s.invite.startsWith(`/t/${again}#s=`)), JSON.stringify(carried));
  await ann.click("#panel-close");
  // Bo hears of it at the old table and joins with his own seat. Ann has
  // left this finished table; she is not "away", as if she might be back.
  const join = bo.locator("#join-rematch");
  await join.waitFor();
  await bo.locator('.seat[data-seat="0"]').getByText("left", { exact: true }).waitFor({ timeout: 10000 });
  assert.match(await join.getAttribute("href"), new RegExp(`^/t/${again}#s=`));
  await join.click();
  await bo.waitForURL((u) => u.pathname.endsWith(again), { timeout: 20000 });
  await bo.waitForFunction(() => document.querySelectorAll("#hand .card").length === 6, null, { timeout: 20000 });
  await ann.context().close();
  await bo.context().close();
});

test("the lobby leads back to a table in play whose tab was left, seated", async () => {
  const t = await createTable("schnapsen", [{ kind: "person", name: "Ann" }, { kind: "bot", level: "random" }]);
  const page = await openPage(t.seats[0].invite);
  await page.waitForFunction(() => document.querySelectorAll("#hand .card").length === 5);
  await page.goto(BASE + "/");
  const entry = page.locator(`#your-tables li[data-table="${t.table}"]`);
  await entry.waitFor();
  assert.match(await entry.textContent(), /^Schnapsen with random bot( · .*)?$/);
  await entry.locator("a").click();
  await page.waitForURL((u) => u.pathname === `/t/${t.table}`);
  // The seat's secret came from this browser, not from the address.
  await page.waitForFunction(() => document.querySelectorAll("#hand .card").length === 5, null, { timeout: 20000 });
  await page.context().close();
});

test("a person ends a game against bots; a table with a friend's seat has no such button", async () => {
  const t = await createTable("schnapsen", [{ kind: "person", name: "Ann" }, { kind: "bot", level: "random" }], { match: true });
  const ann = await openPage(t.seats[0].invite);
  await ann.waitForFunction(() => document.querySelectorAll("#hand .card").length === 5);
  await ann.click("#show-settings");
  // Against a bot: Ann may end it (the confirmation is accepted).
  await ann.click("#end-table");
  await ann.waitForFunction(() => document.body.dataset.status === "finished", null, { timeout: 20000 });
  assert.equal(await ann.locator(".finished-text").textContent(), "The table ended before the match was over.");
  // New cards, yes; the same cards would show Ann nothing she did not hold.
  assert.equal(await ann.locator("#play-again").count(), 1);
  assert.equal(await ann.locator("#same-cards").count(), 0);
  const summary = await (await fetch(`${BASE}/api/tables/${t.table}`)).json();
  assert.equal(summary.summary.status, "finished");
  // A seat of Bo's: neither is offered it, before he comes or after.
  const u = await createTable("schnapsen", [{ kind: "person", name: "Ann" }, { kind: "person", name: "Bo" }]);
  const ann2 = await openPage(u.seats[0].invite);
  await ann2.locator('.seat[data-seat="1"] .presence', { hasText: "not here yet" }).waitFor();
  await ann2.click("#show-settings");
  await ann2.waitForSelector(".panel");
  assert.equal(await ann2.locator("#end-table").count(), 0);
  await ann2.click("#panel-close");
  const bo = await openPage(u.seats[1].invite);
  await ann2.locator('.seat[data-seat="1"] .presence', { hasText: "online" }).waitFor();
  for (const page of [ann2, bo]) {
    await page.click("#show-settings");
    await page.waitForSelector(".panel");
    assert.equal(await page.locator("#end-table").count(), 0);
  }
  for (const page of [ann, ann2, bo]) await page.context().close();
});

test("a seat open in two places says so, to its person and to the others", async () => {
  const t = await createTable("schnapsen", [{ kind: "person", name: "Ann" }, { kind: "person", name: "Bo" }]);
  const ann = await openPage(t.seats[0].invite);
  const bo = await openPage(t.seats[1].invite);
  await ann.locator('.seat[data-seat="1"] .presence', { hasText: "online" }).waitFor();
  // Bo's link opened somewhere else too (a second tab, or whoever has it).
  const other = await openPage(t.seats[1].invite);
  await bo.locator('.seat[data-seat="1"] .presence', { hasText: "open in 2 places (tabs or devices)" }).waitFor();
  await ann.locator('.seat[data-seat="1"] .presence', { hasText: "online in 2 places" }).waitFor();
  await other.context().close();
  await bo.locator('.seat[data-seat="1"] .presence', { hasText: /^online$/ }).waitFor();
  for (const page of [ann, bo]) await page.context().close();
});

test("a new seat link closes the old one's other places; a tab of the same browser follows it", async () => {
  const t = await createTable("schnapsen", [{ kind: "person", name: "Ann" }, { kind: "person", name: "Bo" }]);
  const old = t.seats[1].invite;
  const bo = await openPage(old);
  await bo.waitForFunction(() => document.querySelectorAll("#hand .card").length === 5);
  // Bo's second tab (same browser, the secret from its storage) and
  // whoever else holds his first link.
  const tab = await bo.context().newPage();
  tab.on("pageerror", (e) => {
    throw e;
  });
  await tab.goto(`${BASE}/t/${t.table}`);
  await tab.waitForFunction(() => document.querySelectorAll("#hand .card").length === 5);
  const other = await openPage(old);
  await other.waitForFunction(() => document.querySelectorAll("#hand .card").length === 5);
  await bo.click("#show-settings");
  const link = bo.locator("#own-link");
  assert.equal(await link.inputValue(), BASE + old);
  await bo.click("#new-link"); // the confirmation is accepted
  await bo.waitForFunction((o) => { const v = document.querySelector("#own-link")?.value; return v && !v.endsWith(o); }, old.split("#")[1]);
  const fresh = await link.inputValue();
  assert.match(fresh, new RegExp(`/t/${t.table}#s=[0-9a-f]{32}$`));
  // The other holder is shut out, saying why; the tab of Bo's browser
  // takes the new secret and keeps playing; Bo's own page never left.
  await other.locator(".fatal", { hasText: "given a new link on another tab or device" }).waitFor();
  assert.equal(await other.locator('.fatal a[href$="#watch"]').count(), 1);
  await tab.waitForFunction(() => document.body.dataset.conn === "online" && document.querySelectorAll("#hand .card").length === 5, null, { timeout: 20000 });
  await tab.click("#show-settings");
  await tab.waitForFunction((f) => document.querySelector("#own-link")?.value === f, fresh, { timeout: 20000 });
  assert.equal(await bo.locator("#hand .card").count(), 5);
  // The new link opens the seat anywhere; the old one nowhere.
  const elsewhere = await openPage(fresh.slice(BASE.length));
  await elsewhere.waitForFunction(() => document.querySelectorAll("#hand .card").length === 5);
  const stale = await (await env.browser.newContext()).newPage();
  await stale.goto(BASE + old);
  await stale.locator(".fatal", { hasText: "not valid for this table" }).waitFor();
  for (const page of [bo, other, elsewhere, stale]) await page.context().close();
});

test("a new seat link whose answer was lost still opens the seat after a reload", async () => {
  const t = await createTable("schnapsen", [{ kind: "person", name: "Ann" }, { kind: "person", name: "Bo" }]);
  const context = await env.browser.newContext();
  // The line loses the server's answer to new_link (the change itself lands).
  await context.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      if (!m.includes('"link_changed"')) ws.send(m);
    });
  });
  const page = await context.newPage();
  page.on("dialog", (d) => d.accept());
  page.on("pageerror", (e) => {
    throw e;
  });
  await page.goto(BASE + t.seats[1].invite);
  await page.waitForFunction(() => document.querySelectorAll("#hand .card").length === 5);
  await page.click("#show-settings");
  await page.click("#new-link");
  await page.locator("#new-link", { hasText: "Making a new link" }).waitFor();
  // The server has it: the old link opens nothing.
  const check = await (await env.browser.newContext()).newPage();
  await check.goto(BASE + t.seats[1].invite);
  await check.locator(".fatal", { hasText: "not valid for this table" }).waitFor();
  // Reloaded before any answer: the old secret is refused, the kept one opens the seat.
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.conn === "online" && document.querySelectorAll("#hand .card").length === 5, null, { timeout: 20000 });
  await page.click("#show-settings");
  const link = await page.locator("#own-link").inputValue();
  assert.ok(!link.endsWith(t.seats[1].invite.split("#")[1]), link);
  assert.equal(await page.evaluate((id) => localStorage.getItem(`talon.newSecret.${id}`), t.table), null, "the kept secret is the seat's now");
  await context.close();
  await check.context().close();
});

test("whoever made the table gives a seat taken by a stranger a new link", async () => {
  const context = await env.browser.newContext();
  const ann = await context.newPage();
  ann.on("dialog", (d) => d.accept());
  ann.on("pageerror", (e) => {
    throw e;
  });
  await ann.goto(BASE + "/");
  await ann.waitForSelector("#preset");
  await ann.selectOption("#preset", "schnapsen");
  await ann.selectOption("#seat-1", "person");
  await ann.fill("#seat-1-name", "Bo");
  await ann.click("#create");
  await ann.waitForSelector("#join-own");
  const bosLink = await ann.locator('input[aria-label="Invite link for seat 2"]').inputValue();
  await ann.click("#join-own");
  await ann.waitForFunction(() => document.querySelectorAll("#hand .card").length === 5);
  // The link reached a stranger first, who took the seat and locked it
  // to themselves with a new link of their own.
  const stranger = await openPage(bosLink.slice(BASE.length));
  await stranger.waitForFunction(() => document.querySelectorAll("#hand .card").length === 5);
  await stranger.click("#show-settings");
  const taken = await stranger.locator("#own-link").inputValue();
  await stranger.click("#new-link");
  await stranger.waitForFunction((was) => document.querySelector("#own-link")?.value !== was, taken);
  // Ann, who made the table, gives Bo's seat a new link from Settings,
  // and whoever is at the table is told.
  const watcher = await openPage(`/t/${new URL(bosLink).pathname.split("/")[2]}`);
  await watcher.waitForSelector(".seat");
  await ann.click("#show-settings");
  await ann.click('.host-new-link[data-seat="1"]');
  const fresh = await ann.locator('input[aria-label="New link for Bo"]').inputValue();
  assert.match(fresh, new RegExp(`/t/.+#s=[0-9a-f]{32}$`));
  await stranger.locator(".fatal", { hasText: "The table's host gave your seat a new link" }).waitFor();
  await watcher.locator("text=The table's host gave Bo's seat a new link.").first().waitFor();
  // Made here, it stays here: a reload still shows it.
  await ann.reload();
  await ann.waitForFunction(() => document.querySelectorAll("#hand .card").length === 5);
  await ann.click("#show-settings");
  assert.equal(await ann.locator('input[aria-label="New link for Bo"]').inputValue(), fresh);
  const bo = await openPage(fresh.slice(BASE.length));
  await bo.waitForFunction(() => document.querySelectorAll("#hand .card").length === 5);
  assert.equal(await bo.locator(".seat-name", { hasText: "Bo" }).first().textContent().then((t) => t.includes("(you)")), true);
  // Only the maker's tab holds the host key: Bo has no such buttons.
  await bo.click("#show-settings");
  assert.equal(await bo.locator(".host-new-link").count(), 0);
  for (const page of [stranger, bo, watcher]) await page.context().close();
  await context.close();
});

test("names that read alike are told apart by seat number", async () => {
  const t = await createTable("schnapsen", [{ kind: "person", name: "Ann" }, { kind: "person", name: "\uff21\uff4e\uff4e " }]);
  const ann = await openPage(t.seats[0].invite);
  const names = await ann.$$eval(".seat .seat-name", (els) => els.map((e) => e.textContent.replace("\u25B6 ", "").trim()));
  assert.deepEqual(names.sort(), ["Ann 1 (you)", "\uff21\uff4e\uff4e 2"].sort(), "numbered from 1, as the lobby numbers seats");
  await ann.context().close();
});

test("a person whose time ran out twice gets their seat back with one press", async () => {
  const server = await ownServer(["--turn-secs", "3", "--bot-delay-ms", "100", "--deal-pause-ms", "0"]);
  try {
    const reply = await (await fetch(`${server.url}/api/tables`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ preset: "schnapsen", match: true, seats: [{ kind: "person", name: "Ann" }, { kind: "bot", level: "heuristic" }] }) })).json();
    const context = await env.browser.newContext();
    const page = await context.newPage();
    page.on("dialog", (d) => d.accept());
    // Seat 0's moves as the server records them: by Ann, or by a bot.
    const byAnn = [];
    page.on("websocket", (ws) =>
      ws.on("framereceived", (f) => {
        const frame = typeof f.payload === "string" && f.payload.startsWith("{") ? JSON.parse(f.payload) : null;
        if (frame?.t === "event" && frame.event?.seat === 0 && frame.event.kind === "acted") byAnn.push(frame.event.by);
      }),
    );
    await page.goto(server.url + reply.seats[0].invite);
    await page.evaluate(() => {
      window.said = [];
      new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach((n) => window.said.push(n.textContent)))).observe(document.getElementById("live"), { childList: true });
      // Every status line shown, in order.
      window.statuses = [];
      new MutationObserver(() => {
        const text = document.getElementById("status")?.textContent;
        if (text !== undefined && text !== window.statuses.at(-1)) window.statuses.push(text);
      }).observe(document.body, { childList: true, characterData: true, subtree: true });
    });
    // Ann's turn counts down (the server's turn time comes in its welcome).
    await page.locator("#status", { hasText: /s before a bot moves for you\)$/ }).waitFor({ timeout: 20000 });
    // Ann does nothing: a bot takes the seat and says so, with the way back.
    const back = page.locator("#im-back");
    await back.waitFor({ timeout: 20000 });
    assert.match(await page.locator('.seat.me .presence').textContent(), /a bot plays for you/);
    // The bot's moves for her are said to be the bot's, never hers.
    await page.waitForFunction(() => window.said.some((l) => /^A bot .+ for you\.$/.test(l)), null, { timeout: 20000 });
    const said = await page.evaluate(() => window.said);
    assert.ok(!said.some((l) => /^You (play|show|declare|close|exchange|draw)/.test(l)), said.join(" / "));
    assert.equal(await page.locator("#undo").count(), 0, "no Undo while a bot plays for her");
    // On her turn meanwhile, the status says whose hands are on her cards.
    await page.waitForFunction(() => window.statuses.some((t) => t.startsWith("A bot is playing for you")), null, { timeout: 20000 });
    await back.click();
    await page.locator('.seat.me .presence', { hasText: /^online$/ }).waitFor();
    assert.equal(await back.count(), 0);
    // Her turn comes and her own click plays.
    const before = byAnn.length;
    await page.waitForFunction(() => document.body.dataset.turn === "you", null, { timeout: 20000 });
    assert.equal(await moveByClick(page), true);
    for (let i = 0; i < 50 && !byAnn.slice(before).includes("person"); i++) await page.waitForTimeout(100);
    assert.ok(byAnn.slice(before).includes("person"), `seat 0's moves since: ${byAnn.slice(before).join(", ")}`);
    await context.close();
  } finally {
    server.stop();
  }
});

test("memory play: the lobby's box makes a table with no looking back while the deal is played", async () => {
  const context = await env.browser.newContext();
  const lobby = await context.newPage();
  await lobby.goto(BASE + "/");
  await lobby.waitForSelector("#preset");
  await lobby.selectOption("#preset", "schnapsen");
  await lobby.selectOption("#seat-1", "bot:random");
  await lobby.check("#memory");
  const sent = lobby.waitForRequest((r) => r.url().endsWith("/api/tables") && r.method() === "POST");
  await lobby.click("#create");
  assert.equal(JSON.parse((await sent).postData()).memory, true);
  await lobby.click("#join-own");
  await lobby.waitForSelector("#memory-tag");
  assert.equal(await lobby.locator("#show-last").count(), 0, "no Last trick button");
  // A few moves on, the page still shows no points.
  for (let i = 0; i < 6; i++) if (!(await moveByClick(lobby))) await lobby.waitForTimeout(50);
  assert.doesNotMatch(await lobby.textContent("body"), /Your points/);
  await context.close();
});

test("the auction shows every seat's call, and a match of two names each score", async () => {
  const t = await createTable("sixty-three", [{ kind: "person", name: "Ann" }, { kind: "bot", level: "random" }, { kind: "person", name: "Bo" }, { kind: "bot", level: "random" }]);
  const ann = await openPage(t.seats[0].invite);
  const bo = await openPage(t.seats[2].invite);
  await ann.locator('button[data-action="pass"]').click();
  // Bo speaks after Ann and the bot between them: both calls are on show.
  await bo.waitForFunction(() => document.querySelector("#status")?.textContent.startsWith("Your turn"));
  const label = (page, seat) => page.locator(`.seat[data-seat="${seat}"]`).getAttribute("aria-label");
  assert.match(await label(bo, 0), /\bpassed\b/);
  assert.match(await label(bo, 1), /\b(passed|bid \d+)\b/);
  // The stock is named as the rules name it, and a Sixty-three deal has one.
  assert.match(await bo.locator(".info").textContent(), /Stock: \d+/);
  await ann.context().close();
  await bo.context().close();

  const m = await createTable("schnapsen", [{ kind: "person", name: "Ann" }, { kind: "bot", level: "random" }], { match: true });
  const page = await openPage(m.seats[0].invite);
  assert.match(await page.locator(".bar .score").textContent(), /^you 0 : 0 random bot$/);
  // After a deal the sheet gives what each side gained: the loser of a
  // Schnapsen deal gains nothing (not minus the winner's points).
  await playDeal([page]);
  await page.click("#show-sheet");
  const first = await page.$$eval("table.sheet tbody tr.figures:first-child td", (tds) => tds.map((td) => td.textContent));
  assert.equal(first.length, 2, first.join(" | "));
  assert.ok(first.some((c) => /^\+[1-3] \([1-3]\)$/.test(c)) && first.some((c) => c === "0 (0)"), first.join(" | "));
  await page.context().close();
});

test("the dealer hears that passing last means the forced bid, and who robbed the stock is said", async () => {
  const names = ["Ann", "Bo", "Cy", "Di"];
  const t = await createTable("sixty-three", names.map((name) => ({ kind: "person", name })));
  const pages = await Promise.all(t.seats.map((s) => openPage(s.invite)));
  const [ann, , , di] = pages;
  // Seat 3 deals the first deal and speaks last.
  for (const page of pages.slice(0, 3)) {
    await page.waitForFunction(() => document.body.dataset.turn === "you");
    await page.locator('button[data-action="pass"]').click();
  }
  await di.waitForFunction(() => document.body.dataset.turn === "you");
  assert.match(await di.locator("#bid-help").textContent(), /Everyone else passed: if you pass too, you are stuck with a bid of 25\./);
  await di.locator('button[data-action="pass"]').click();
  await di.waitForFunction(() => document.querySelector('button[data-action^="trump "]'));
  await di.locator('button[data-action^="trump "]').first().click();
  // Everyone's non-trumps go at once; a seat with more than six trumps
  // gives first; then the fill and the robbing: the dealer robs whatever
  // the fill left (the spectator's record says how many).
  // Nobody moves once the hands are filled: the dealer's robbed cards stay.
  const filled = async () => {
    const events = (await (await fetch(`${BASE}/api/tables/${t.table}`)).json()).summary.observation.events;
    return events.some((e) => e.event === "drew") ? events : null;
  };
  let events = await filled();
  for (let i = 0; i < 40 && !events; i++) {
    for (const page of pages) if (!events) {
      await moveByClick(page);
      events = await filled();
    }
    if (!events) await ann.waitForTimeout(50);
  }
  assert.ok(events, "the hands were filled");
  const robbing = events.find((e) => e.event === "drew" && e.from === "robbing");
  if (robbing) {
    assert.equal(robbing.seat, 3);
    await ann.waitForSelector("#robbing");
    assert.equal(await ann.locator("#robbing").textContent(), `Di robbed the rest of the stock (${robbing.count} ${robbing.count === 1 ? "card" : "cards"})`);
    const robbed = (await di.getAttribute("#robbed", "data-cards")).split(" ");
    const hand = await di.$$eval("#hand .card", (cs) => cs.map((c) => c.dataset.card));
    for (const c of robbed) assert.ok(hand.includes(c), `${c} robbed and held`);
    if (hand.length > 6) assert.match(await di.locator("#status").textContent(), /^Your turn: you robbed the rest of the stock; choose cards to /);
  }
  for (const page of pages) await page.context().close();
});
