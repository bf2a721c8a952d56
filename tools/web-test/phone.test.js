// Phones in real Chromium: upright (390x844) and on their side
// (844x390), where the table and what you play with sit side by side.
// tools/test-web.sh starts a `talon serve` and sets TALON_URL.

import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, createTable, openPage, data, settle } from "./lib.js";

useBrowser();

const LANDSCAPE = { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

test("phone 390x844: no sideways scroll, 44px targets, whole hand reachable", async () => {
  const t = await createTable("sixty-three", [{ kind: "person" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }]);
  const page = await openPage(t.seats[0].invite, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await page.waitForSelector("#hand .card");
  const m = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
    buttons: [...document.querySelectorAll("button, a.button, select")]
      .filter((b) => b.offsetParent !== null)
      .map((b) => {
        const r = b.getBoundingClientRect();
        return { w: r.width, h: r.height, right: r.right, name: b.getAttribute("aria-label") || b.textContent };
      }),
  }));
  assert.ok(m.scroll <= m.width, `no sideways scroll (${m.scroll} > ${m.width})`);
  for (const b of m.buttons) {
    assert.ok(b.w >= 44 && b.h >= 44, `${b.name}: ${b.w}x${b.h}`);
    assert.ok(b.right <= m.width + 0.5, `${b.name} is on screen`);
  }
  // Tap to select, tap again to play.
  if ((await data(page)).turn === "you") {
    const v = Number((await data(page)).v);
    const legal = page.locator("#hand .card.legal").first();
    if (await legal.count()) {
      const before = page.sent.length;
      await legal.tap();
      assert.equal(page.sent.length, before, "the first tap only selects");
      await page.locator("#hand .card.selected").tap();
      await settle(page, v);
      assert.equal(page.sent.length, before + 1);
    }
  }
  await page.context().close();
});

test("a phone on its side (844x390): the hand and the actions are in view without scrolling", async () => {
  for (const preset of ["schnapsen", "eighty-three"]) {
    const n = preset === "schnapsen" ? 2 : 4;
    const seats = [{ kind: "person" }, ...Array(n - 1).fill({ kind: "bot", level: "random" })];
    const t = await createTable(preset, seats);
    const page = await openPage(t.seats[0].invite, LANDSCAPE);
    await page.waitForSelector("#hand .card");
    const bottom = await page.$$eval("#hand .card, .actions button", (els) => Math.max(...els.map((e) => e.getBoundingClientRect().bottom)));
    assert.ok(bottom <= 390, `${preset}: the hand ends at ${bottom}px of 390`);
    await page.context().close();
  }
  // The longest hand: an 83 bidder holding the kitty (17 cards) while
  // choosing trumps. The whole page fits, not only the hand.
  const t = await createTable("eighty-three", ["Ann", "Bo", "Cy", "Di"].map((name) => ({ kind: "person", name })));
  const pages = [await openPage(t.seats[0].invite, LANDSCAPE), ...(await Promise.all(t.seats.slice(1).map((s) => openPage(s.invite))))];
  await pages[0].waitForFunction(() => document.body.dataset.turn === "you");
  await pages[0].locator("#bid-go").click();
  for (const page of pages.slice(1)) {
    await page.waitForFunction(() => document.body.dataset.turn === "you");
    await page.locator('button[data-action="pass"]').click();
  }
  await pages[0].waitForFunction(() => document.querySelectorAll("#hand .card").length === 17);
  const size = await pages[0].evaluate(() => [document.documentElement.scrollHeight, document.documentElement.scrollWidth]);
  assert.deepEqual(size, [390, 844], "17 cards: no scrolling either way");
  // The others are told what Ann is doing, not that she is to play.
  await pages[1].waitForFunction(() => /^Ann to name trumps/.test(document.getElementById("status")?.textContent || ""));
  // By keyboard: mark as many as may go now; the focus then moves to the
  // button that sends them, and the status counts the marks.
  const bidder = pages[0];
  // Trumps in the suit it holds fewest of: more non-trumps than must go,
  // so a mark past the count can be tried below.
  const fewest = await bidder.evaluate(() => {
    const held = [...document.querySelectorAll("#hand .card")].map((c) => c.dataset.card);
    return ["C", "D", "H", "S"].sort((a, b) => held.filter((c) => c.endsWith(a)).length - held.filter((c) => c.endsWith(b)).length)[0];
  });
  await bidder.locator(`button[data-action="trump ${fewest}"]`).click();
  await bidder.waitForFunction(() => document.getElementById("confirm-marked"));
  const target = await bidder.evaluate(() => Math.min(document.querySelectorAll("#hand .card").length - 6, document.querySelectorAll("#hand .card.legal").length));
  for (let i = 0; i < target; i++) {
    await bidder.focus("#hand .card.legal:not(.marked)");
    await bidder.keyboard.press("Enter");
  }
  assert.equal(await bidder.evaluate(() => document.activeElement.id), "confirm-marked");
  assert.match(await bidder.textContent("#status"), new RegExp(`, ${target} selected\\)$`));
  // One more than may go is not marked (it would not be sent): the page says so.
  const unmarked = bidder.locator("#hand .card.legal:not(.marked)");
  if (await unmarked.count()) {
    await unmarked.first().click();
    assert.equal(await bidder.locator("#hand .card.marked").count(), target, "no mark past the count");
    assert.match(await bidder.textContent(".flash"), /as many as go now: unselect one first/);
  }
  for (const page of pages) await page.context().close();
});

// A busy four-handed table on its side: a full trick, the cards you drew,
// a robbed stock and the bid all in the table's box. The table's news
// may run below the fold, but what you play with never does: the status,
// the actions, the hand and your own seat (it was 4 to 22 px below).
// Each is measured at your turn and again after the first tap, when the
// "Play" button joins the actions.
// Bottoms are taken from the top of the page, not of the window: the
// table's news may make the page scroll a little as cards are tapped.
async function inView(page, what) {
  const m = await page.evaluate(() => ({
    bottoms: ["#status", ".actions", "#hand", ".you-line"].map((sel) => {
      const e = document.querySelector(sel);
      return [sel, e ? e.getBoundingClientRect().bottom + window.scrollY : null];
    }),
  }));
  for (const [sel, bottom] of m.bottoms) {
    assert.notEqual(bottom, null, `${what}: no ${sel}`);
    assert.ok(bottom <= 390, `${what}: ${sel} ends at ${bottom}px of 390`);
  }
}

test("a phone on its side: your hand, actions and own seat stay in view at a busy four-handed table", async () => {
  for (const preset of ["sixty-three", "pedro"]) {
    const seats = [{ kind: "person", name: "Annabelle Longname" }, ...Array(3).fill({ kind: "bot", level: "random" })];
    const t = await createTable(preset, seats);
    const page = await openPage(t.seats[0].invite, LANDSCAPE);
    await page.waitForSelector("#hand .card");
    // Up to eight of your turns; usually seven (a bid and six tricks).
    let turns = 0;
    for (let i = 0; i < 200 && turns < 8; i++) {
      const d = await data(page);
      if (d.status !== "playing") break;
      if (d.turn !== "you" || d.pending === "1") {
        await page.waitForTimeout(50);
        continue;
      }
      turns += 1;
      const what = `${preset}, turn ${turns}`;
      await inView(page, what);
      // A move by touch: a card takes two taps (select, play), cards to
      // discard are marked and then sent, an action takes one tap.
      const v = Number(d.v);
      const legal = page.locator("#hand .card.legal:not(.marked)").first();
      if (await page.locator("#confirm-marked").count()) {
        await legal.tap();
        await page.locator("#confirm-marked").tap();
      } else if (await legal.count()) {
        await legal.tap();
        if (await page.locator("#hand .card.selected").count()) {
          await inView(page, `${what}, a card selected`);
          await page.locator("#hand .card.selected").tap();
        }
      } else {
        await page.locator(".actions button.act:not(#hint):not(.room)").first().tap();
      }
      await settle(page, v);
    }
    assert.ok(turns >= 4, `${preset}: only ${turns} turns seen`);
    await page.context().close();
  }
});

test("phone: the first tap on a card does not move the hand, also with no Hint button", async () => {
  // Two people: no hints, so nothing else holds the actions row open.
  const t = await createTable("schnapsen", [{ kind: "person" }, { kind: "person" }]);
  const page = await openPage(t.seats[0].invite, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await page.waitForFunction(() => document.body.dataset.turn === "you" && document.querySelector("#hand .card.legal"), null, { timeout: 20000 });
  assert.equal(await page.locator("#hint").count(), 0);
  const card = page.locator("#hand .card.legal").first();
  // The hand's place (a picked card is raised a little within it).
  const top = async () => (await page.locator("#hand").boundingBox()).y;
  const before = await top();
  await card.tap();
  await page.waitForSelector("#play-selected");
  assert.equal(await top(), before, "the hand stays under the finger");
  await page.context().close();
});

test("the smallest phone (320x568): three other seats share one row, and your hand is within reach", async () => {
  const seats = [{ kind: "person" }, ...Array(3).fill({ kind: "bot", level: "heuristic" })];
  const t = await createTable("sixty-three", seats);
  const page = await openPage(t.seats[0].invite, { viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await page.waitForSelector("#hand .card");
  const m = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    tops: [...document.querySelectorAll(".opponents > .seat")].map((s) => Math.round(s.getBoundingClientRect().top)),
    firstCard: document.querySelector("#hand .card").getBoundingClientRect().top,
  }));
  assert.ok(m.scroll <= 320, `no sideways scroll (${m.scroll})`);
  assert.equal(m.tops.length, 3);
  assert.equal(new Set(m.tops).size, 1, `one row of seats: tops ${m.tops}`);
  // At least a finger's 44px of the first row shows (the status, bids
  // and actions above it vary in height with the deal).
  assert.ok(m.firstCard + 44 <= 568, `the hand starts at ${m.firstCard}px of 568`);
  await page.context().close();
});
