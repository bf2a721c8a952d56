// What the browser tests share: the browser, the server's address, and
// pages that create tables, open seats and play by clicking.

import { before, after } from "node:test";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

export const BASE = process.env.TALON_URL;
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
if (!BASE) throw new Error("TALON_URL is not set: run tools/test-web.sh");

// One browser per test file: `env.browser` once the file's tests start.
export const env = { browser: null };
export function useBrowser() {
  before(async () => {
    env.browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  });
  after(async () => {
    await env.browser?.close();
  });
}

// A server of a test's own, for flags the shared one must not have (a
// short turn time would hurry every other test); stopped by `stop()`.
export async function ownServer(flags) {
  const { spawn } = await import("node:child_process");
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const dir = mkdtempSync(`${tmpdir()}/talon-web-`);
  const child = spawn(process.env.TALON_BIN, ["serve", "--addr", "127.0.0.1:0", "--db", `${dir}/talon.db`, "--log", "warn", ...flags], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/http:\/\/[0-9.:]+/);
      if (m) resolve(m[0]);
    });
    child.on("exit", (code) => reject(new Error(`talon serve ended (${code}): ${out}`)));
  });
  const stop = () => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  return { url, stop };
}

export async function api(path, body) {
  const r = await fetch(BASE + path, body ? { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) } : {});
  return r.json();
}

export async function createTable(preset, seats, extra = {}) {
  // The server allows a few creations a minute from one address: wait.
  for (let i = 0; ; i++) {
    const reply = await api("/api/tables", { preset, seats, ...extra });
    if (!reply.ok && /tables per|try again/i.test(reply.error || "") && i < 30) {
      await new Promise((r) => setTimeout(r, 3000));
      continue;
    }
    assert.equal(reply.ok, true, JSON.stringify(reply));
    return reply;
  }
}

// A page with a record of the act frames it sent.
export async function openPage(path, options = {}) {
  const context = await env.browser.newContext(options);
  // Cutting the line: the server's side goes, and the page sees its socket close.
  const cut = (conn) => {
    conn.dead = true; // nothing more crosses, even before the closes land
    conn.ws.close({ code: 1001, reason: "gone" });
    conn.server.close({ code: 1001, reason: "gone" });
  };
  const page = await context.newPage();
  page.sent = [];
  page.presence = 0;
  page.on("websocket", (ws) => {
    ws.on("framesent", (f) => {
      try {
        const frame = JSON.parse(f.payload);
        if (frame.t === "act") page.sent.push(frame);
      } catch {}
    });
    ws.on("framereceived", (f) => {
      if (typeof f.payload === "string" && f.payload.includes('"t":"presence"')) page.presence += 1;
    });
  });
  page.on("dialog", (d) => d.accept());
  page.on("pageerror", (e) => {
    throw e;
  });
  await page.goto(BASE + path);
  await page.waitForSelector("body[data-status]");
  return page;
}

export const data = (page) => page.evaluate(() => ({ ...document.body.dataset }));

// Waits until the table moved past version `v` or it is this seat's turn.
export async function settle(page, v) {
  await page.waitForFunction(
    (v) => {
      const d = document.body.dataset;
      return d.pending !== "1" && (Number(d.v) > v || d.status !== "playing");
    },
    v,
    { timeout: 20000 },
  );
}

// One move through the UI by pointer: a highlighted card, else the first
// action button. Returns false when it is not this seat's turn.
export async function moveByClick(page) {
  const d = await data(page);
  if (d.turn !== "you" || d.pending === "1") return false;
  const v = Number(d.v);
  // Locators, not handles: the page redraws itself as frames arrive.
  const legal = page.locator("#hand .card.legal:not(.marked)").first();
  if (await page.locator("#confirm-marked").count()) {
    await legal.click();
    await page.locator("#confirm-marked").click();
  } else if (await page.locator("#hand .card.legal").count()) {
    await legal.click();
  } else {
    await page.locator(".actions button.act:not(#hint):not(#undo):not(#confirm-marked):not(.room)").first().click();
  }
  await settle(page, v);
  return true;
}

// Plays until the deal (or table) is over, moving for every page whose turn it is.
export async function playDeal(pages, mover = moveByClick) {
  const deal = (await data(pages[0])).deal;
  for (let i = 0; i < 400; i++) {
    const states = await Promise.all(pages.map(data));
    if (states.some((s) => s.status !== "playing" || s.deal !== deal)) return;
    let moved = false;
    for (const p of pages) moved = (await mover(p)) || moved;
    if (!moved) await pages[0].waitForTimeout(50);
  }
  throw new Error("the deal did not end");
}
