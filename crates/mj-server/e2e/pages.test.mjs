// Browser tests of the pages of `mj serve`, in Debian's headless Chromium (playwright-core,
// no browser download). The server must already run: MJ_SERVE_URL names it (`.ci/run` starts
// `mj serve --bind 127.0.0.1:0` and passes the printed address). Screenshots go to
// MJ_SCREENSHOTS (default: target/e2e-screenshots at the repository root).
//
//   MJ_SERVE_URL=http://127.0.0.1:8080 npm test

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LOGS, SHOTS, checkedScreenshot, openPage, useBrowser } from "./browser.mjs";

const BASE = process.env.MJ_SERVE_URL;
if (!BASE) throw new Error("set MJ_SERVE_URL to the address `mj serve` printed");

const held = useBrowser();

/** A fresh page that records what goes wrong in it ([`openPage`]). */
const open = (viewport) => openPage(held.browser, viewport);

/** The protocol's answer to one request, straight from POST /api. */
async function api(request) {
  const response = await fetch(`${BASE}/api`, { method: "POST", body: JSON.stringify(request) + "\n" });
  assert.equal(response.status, 200);
  return JSON.parse((await response.text()).trim());
}

/** Saves a screenshot to MJ_SCREENSHOTS and checks it is not blank. */
async function screenshot(page, name) {
  return checkedScreenshot(held.browser, page, join(SHOTS, `${name}.png`), name);
}

async function discardRows(page) {
  await page.waitForSelector("table[data-table=discards] tr[data-discard]");
  return page.$$eval("table[data-table=discards] tr[data-discard]", (rows) =>
    rows.map((r) => ({ tile: r.dataset.discard, count: Number(r.dataset.ukeire), shanten: Number(r.dataset.shanten) })));
}

test("a hand typed into the analysis page shows the discards op's rows", async () => {
  const { page, problems, close } = await open();
  await page.goto(`${BASE}/`);
  const hands = ["123m456p789s23455z", "13m24p68s1257z779m7z", "1112345678999m5p", "0m34m067p23455s11z2z"];
  for (const hand of hands) {
    await page.fill("#hand", hand);
    await page.press("#hand", "Enter");
    await page.waitForFunction((h) => document.getElementById("result").dataset.hand === h, hand);
    const shown = await discardRows(page);
    const answer = await api({ op: "discards", hand, rules: "riichi" });
    const expected = answer.discards.map((r) => ({ tile: r.tile, count: r.ukeire_count, shanten: r.shanten }));
    assert.deepEqual(shown, expected, `rows of ${hand}`);
  }
  await screenshot(page, "analysis");
  assert.deepEqual(problems, []);
  await close();
});

test("the picker builds a hand by mouse, and the address shares it", async () => {
  const { page, problems, close } = await open();
  await page.goto(`${BASE}/`);
  for (const t of ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "2z", "2z", "5z"]) {
    await page.click(`button[data-pick="${t}"]`);
  }
  assert.equal(await page.inputValue("#hand"), "123m456p789s11225z");
  const shown = await discardRows(page);
  assert.equal(shown[0].tile, "5z");
  const url = page.url();
  // The same address in a new page shows the same table.
  const other = await open();
  await other.page.goto(url);
  assert.deepEqual(await discardRows(other.page), shown);
  // Waits, furiten and riichi candidates with their yaku.
  await page.goto(`${BASE}/?q=2344m456p789s111z9p&river=1m&dora=3m`);
  await page.waitForSelector("table[data-table=ready] tr[data-ready]");
  const ready = await page.$$eval("tr[data-ready]", (rows) => rows.map((r) => [r.dataset.ready, r.dataset.furiten]));
  assert.deepEqual(ready, [["4m", "false"], ["9p", "true"]]);
  const scores = await page.textContent("table[data-table=ready]");
  assert.match(scores, /riichi/);
  assert.deepEqual(problems, []);
  assert.deepEqual(other.problems, []);
  await other.close();
  await close();
});

test("a phone-sized analysis page, and text from the address is shown as text", async () => {
  const { page, problems, close } = await open({ width: 390, height: 844 });
  await page.goto(`${BASE}/?q=2344m456p789s1z&melds=pon:555z`);
  await page.waitForSelector("#result .shanten");
  await screenshot(page, "analysis-phone");
  const hostile = "<img src=x onerror=alert(1)><script>alert(2)</script>";
  await page.goto(`${BASE}/?q=${encodeURIComponent(hostile)}`);
  await page.waitForSelector("#result .error");
  assert.equal(await page.$$eval("main img, main script", (n) => n.length), 0);
  const text = await page.textContent("#hand-view");
  assert.equal(text, hostile, "the hand is shown as text");
  assert.deepEqual(problems, []);
  await close();
});

test("a score entered shows the scorer's points", async () => {
  const { page, problems, close } = await open();
  await page.goto(`${BASE}/score`);
  await page.fill("#hand", "22334455m667788p");
  await page.fill("#win_tile", "8p");
  await page.check("#tsumo");
  await page.check("#flag-riichi");
  await page.fill("#dora", "1p");
  await page.fill("#honba", "2");
  await page.click("#go");
  await page.waitForSelector("#result[data-request] [data-points-total]");
  const shown = Number(await page.getAttribute("[data-points-total]", "data-points-total"));
  const answer = await api({ op: "score", rules: "riichi", hand: "22334455m667788p", win_tile: "8p", tsumo: true, riichi: true, dora: ["1p"], honba: 2 });
  assert.equal(shown, answer.points.total);
  const yaku = await page.$$eval("tr[data-yaku]", (rows) => rows.map((r) => r.dataset.yaku));
  assert.deepEqual(yaku, answer.yaku.map((y) => y.name));
  await screenshot(page, "score-riichi");
  // MCR fans and Sichuan fan with a wildcard.
  await page.selectOption("#rules", "mcr");
  await page.fill("#hand", "123m456m789m123p55p");
  await page.fill("#win_tile", "5p");
  await page.uncheck("#tsumo");
  await page.click("#go");
  await page.waitForSelector("#result[data-request*='rules=mcr'] [data-fan]");
  const mcr = await api({ op: "score", rules: "mcr", hand: "123m456m789m123p55p", win_tile: "5p" });
  assert.equal(Number(await page.getAttribute("[data-fan]", "data-fan")), mcr.fan);
  await page.selectOption("#rules", "sichuan");
  await page.fill("#hand", "1112345678999m7z");
  await page.fill("#win_tile", "7z");
  await page.fill("#wild", "7z");
  await page.click("#go");
  await page.waitForSelector("#result[data-request*='rules=sichuan'] [data-fan]");
  const sichuan = await api({ op: "score", rules: "sichuan", hand: "1112345678999m7z", win_tile: "7z", wild: ["7z"] });
  assert.equal(Number(await page.getAttribute("[data-fan]", "data-fan")), sichuan.fan);
  await screenshot(page, "score-sichuan");
  assert.deepEqual(problems, []);
  await close();
});

/** A real log's bytes, or null (and the test says so) when `../shared/logs` is absent. */
function realLog(t, relative) {
  const path = join(LOGS, relative);
  if (!existsSync(path)) {
    t.skip(`${path} is absent: the real logs live in ../shared/logs (or MJ_LOGS)`);
    return null;
  }
  return readFileSync(path);
}

/** The viewer's board: the step label, each seat's name, score and hand size. */
async function board(page) {
  return page.evaluate(() => ({
    step: Number(document.getElementById("step-label").dataset.step),
    steps: Number(document.getElementById("step-label").dataset.steps),
    names: [...document.querySelectorAll("[data-seat] [data-name]")].map((n) => n.textContent),
    scores: [...document.querySelectorAll("[data-seat] [data-score]")].map((n) => Number(n.dataset.score)),
    sizes: [...document.querySelectorAll("[data-seat] [data-hand-size]")].map((n) => Number(n.dataset.handSize)),
    melds: [...document.querySelectorAll("[data-seat]")].map((s) => s.querySelectorAll("[data-meld]").length),
  }));
}

test("a real Tenhou log steps through to its end, its names shown as text", async (t) => {
  const bytes = realLog(t, "tenhou-phoenix-2020/2020010100gm-00a9-0000-03aa14b0.mjlog");
  if (!bytes) return;
  // A hostile player name (Tenhou writes names URL-encoded in <UN n0=...>).
  const hostile = "<script>alert(1)</script><b>x</b>";
  const xml = bytes.toString("utf8").replace(/ n0="[^"]*"/, ` n0="${encodeURIComponent(hostile)}"`);
  const answer = await (await fetch(`${BASE}/api/log`, { method: "POST", body: xml })).json();
  const rounds = answer.games[0].rounds;
  const { page, problems, close } = await open();
  await page.goto(`${BASE}/log`);
  await page.setInputFiles("#file", { name: "game.mjlog", mimeType: "application/xml", buffer: Buffer.from(xml) });
  await page.waitForSelector("[data-seat] [data-name]");
  const first = await board(page);
  assert.equal(first.names[0], hostile, "the name is shown as text");
  assert.equal(await page.$$eval("main script, main b", (n) => n.length), 0);
  // Every step of the first round by key: each hand holds 13 tiles, 14 with a draw, 3 fewer
  // per meld (a kan's fourth tile replaced by the draw after it).
  for (let i = 1; i < rounds[0].length; i++) {
    await page.keyboard.press("ArrowRight");
    const b = await board(page);
    assert.equal(b.step, i + 1);
    b.sizes.forEach((n, seat) => {
      const concealed = 13 - 3 * b.melds[seat];
      assert.ok(n === concealed || n === concealed + 1, `step ${i + 1} seat ${seat}: ${n} tiles, ${b.melds[seat]} melds`);
    });
  }
  // Every round to its end: the scores shown there are the next round's starting scores.
  for (let r = 0; r < rounds.length; r++) {
    await page.click(`#rounds button[data-round="${r}"]`);
    const start = await board(page);
    assert.deepEqual(start.scores, rounds[r][0].scores, `round ${r + 1} starts`);
    await page.keyboard.press("End");
    const end = await board(page);
    assert.equal(end.step, end.steps);
    if (r + 1 < rounds.length) assert.deepEqual(end.scores, rounds[r + 1][0].scores, `round ${r + 1} ends`);
    assert.ok(await page.$("[data-result]"), `round ${r + 1} shows its result`);
  }
  await screenshot(page, "log-viewer");
  assert.deepEqual(problems, []);
  await close();
});

test("a pasted tenhou.net/6 log with HTML in its names, three players, and a phone", async (t) => {
  const bytes = realLog(t, "tenhou6/2019021004gm-00a9-0000-e2f6516d.json");
  const sanma = realLog(t, "tenhou-phoenix-2020/2020010100gm-00b9-0000-18a1410f.mjlog");
  if (!bytes || !sanma) return;
  const log = JSON.parse(bytes.toString("utf8"));
  log.name = ["<img src=x onerror=alert(1)>", "<i>b</i>", "c&amp;", "d"];
  const { page, problems, close } = await open({ width: 390, height: 844 });
  await page.goto(`${BASE}/log`);
  await page.fill("#paste", JSON.stringify(log));
  await page.click("#go");
  await page.waitForSelector("[data-seat] [data-name]");
  assert.deepEqual((await board(page)).names, log.name);
  assert.equal(await page.$$eval("main img, main i", (n) => n.length), 0);
  await page.keyboard.press("End");
  await screenshot(page, "log-viewer-phone");
  await page.setInputFiles("#file", { name: "sanma.mjlog", mimeType: "application/xml", buffer: sanma });
  await page.waitForFunction(() => document.querySelectorAll("[data-seat]").length === 3);
  assert.deepEqual(problems, []);
  await close();
});
