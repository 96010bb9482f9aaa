// What the browser tests share: where things are (the repository, `mj`, the real logs, the
// screenshots), Debian's headless Chromium launched as CI runs it, a page that records what
// goes wrong in it, and the screenshot check (many colours, none covering almost all of it,
// measured in a page of the same browser).

import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { after, before } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../../..");
export const MJ = process.env.MJ_BIN || join(ROOT, "target/debug/mj");
// Real games (not in the repository): `../shared/logs` beside it, as every test reads them.
export const LOGS = process.env.MJ_LOGS || join(ROOT, "../shared/logs");
export const SHOTS = process.env.MJ_SCREENSHOTS || join(ROOT, "target/e2e-screenshots");
mkdirSync(SHOTS, { recursive: true });

/** Debian's headless Chromium (CHROMIUM names another), with no network of its own. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/**
 * A test file's browser: launched before its tests and closed after them (hooks registered
 * here). The returned object's `browser` is it, once the tests run.
 */
export function useBrowser() {
  const held = { browser: undefined };
  before(async () => {
    held.browser = await launch();
  });
  after(async () => {
    await held.browser?.close();
  });
  return held;
}

/**
 * A fresh page (its own context) of `browser` that records console errors, page errors and
 * dialogs in `problems`, and every URL it requests in `requests`.
 */
export async function openPage(browser, viewport = { width: 1100, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems = [];
  const requests = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("dialog", (d) => {
    problems.push(`dialog: ${d.message()}`);
    d.dismiss();
  });
  page.on("request", (r) => requests.push(r.url()));
  return { page, problems, requests, close: () => context.close() };
}

/** Saves `page` (the whole page, or the viewport) to `path`; asserts it is not blank. */
export async function checkedScreenshot(browser, page, path, name, fullPage = true) {
  const png = await page.screenshot({ path, fullPage });
  const probe = await browser.newPage();
  const stats = await probe.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext("2d");
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, img.width, img.height).data;
    const counts = new Map();
    for (let i = 0; i < data.length; i += 4) {
      const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
      counts.set(key, (counts.get(key) || 0) + 1);
    }
    return { colours: counts.size, top: Math.max(...counts.values()) / (data.length / 4) };
  }, png.toString("base64"));
  await probe.close();
  assert.ok(stats.colours >= 50, `${name}: only ${stats.colours} colours`);
  assert.ok(stats.top < 0.95, `${name}: one colour covers ${(stats.top * 100).toFixed(1)} %`);
  return path;
}

/** The play page: the seat's next decision shown (or the round's end). */
export const PLAY_NEXT = [
  "#round-end[data-round-end]",
  "#game:not([data-acting]) #actions button[data-action=hora]:enabled",
  "#game:not([data-acting]) #actions button[data-action=none]:enabled",
  "#game:not([data-acting]) [data-hand] button.hand-tile:enabled",
].join(", ");
