// Browser tests of the questions asked before a move that cannot be taken
// back: the words are the server's, true under the table's options.

import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, createTable, openPage, data, moveByClick } from "./lib.js";

useBrowser();

test("closing asks in the server's words for this table's options, and a no sends nothing", async () => {
  const t = await createTable("schnapsen", [{ kind: "person" }, { kind: "bot", level: "heuristic" }], { options: { failed_close: "always_three" } });
  const page = await openPage(t.seats[0].invite);
  const close = page.locator('.actions button[data-action="close"]');
  for (let turn = 0; turn < 6 && !(await close.count()); turn++) {
    await page.waitForFunction(() => document.body.dataset.turn === "you" || document.body.dataset.status !== "playing", null, { timeout: 20000 });
    if ((await data(page)).status !== "playing") break;
    // The close may come in after the page has drawn the turn.
    await page.waitForTimeout(200);
    if (await close.count()) break;
    await moveByClick(page);
  }
  assert.ok(await close.count(), "closing was offered within six turns");
  page.removeAllListeners("dialog");
  const asked = new Promise((resolve) => page.once("dialog", (d) => { resolve(d.message()); d.dismiss(); }));
  const sent = page.sent.length;
  await close.click();
  const question = await asked;
  assert.match(question, /^Close the talon: no more drawing/);
  assert.match(question, /Reach 66, or your opponent scores 3 game points\.$/, "a failed close always costs 3 here");
  await page.waitForTimeout(300);
  assert.equal(page.sent.length, sent, "a no sends nothing");
  await page.context().close();
});
