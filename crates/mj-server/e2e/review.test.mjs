// Browser test of `mj review --html`: the page of a real game opened from disk (file://) in
// Debian's headless Chromium (playwright-core, no browser download) loads nothing from
// anywhere, shows one element per decision of the JSON with the same actions, and renders on
// a desktop and a phone. It needs no server. The game is a Tenhou Phoenix log from
// MJ_LOGS (default `../shared/logs` beside the repository); when the logs are absent (a clone
// elsewhere) it is a match `mj game --seed 1` plays, and the test says which it used.
// MJ_BIN names the `mj` program (default target/debug/mj); screenshots go to MJ_SCREENSHOTS
// (default target/e2e-screenshots).
//
//   node --test review.test.mjs      (`npm test` runs it after pages.test.mjs, which needs
//                                     MJ_SERVE_URL)

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, existsSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { LOGS, MJ, SHOTS, checkedScreenshot, openPage, useBrowser } from "./browser.mjs";

const WORK = mkdtempSync(join(tmpdir(), "mj-review-e2e-"));

const held = useBrowser();

before(async () => {
  assert.ok(existsSync(MJ), `${MJ} is missing: build it (cargo build -p mj-cli) or set MJ_BIN`);
});

after(async () => {
  rmSync(WORK, { recursive: true, force: true });
});

/**
 * A game to review: the real log `relative` under LOGS, or, when it is absent, a match of
 * `mj game` under `preset` written to a file (its rules named to `mj review`, as the mjai
 * log of a match does not state them).
 */
function game(t, relative, preset) {
  const real = join(LOGS, relative);
  if (existsSync(real)) {
    t.diagnostic(`reviewing the real log ${real}`);
    return { log: real, args: [] };
  }
  const log = join(WORK, `${preset}.mjson`);
  writeFileSync(log, execFileSync(MJ, ["game", "--seed", "1", "--rules", preset, "--length", "east"]));
  t.diagnostic(`${real} is absent (the real logs live in ../shared/logs, or MJ_LOGS): reviewing ` +
    `the match of \`mj game --seed 1 --rules ${preset} --length east\``);
  return { log, args: ["--rules", preset] };
}

/** `mj review` of a game: the JSON it wrote and the page's file:// address. */
function review(g, name, extra = []) {
  const json = join(WORK, `${name}.json`);
  const html = join(WORK, `${name}.html`);
  execFileSync(MJ, ["review", g.log, ...g.args, ...extra, "--json", json, "--html", html]);
  return { review: JSON.parse(readFileSync(json, "utf8")), url: pathToFileURL(html).href };
}

/** A page of its own context ([`openPage`]) on `url`; `done` asserts nothing went wrong in it
 * and nothing was fetched from the network, then closes it. */
async function open(url, viewport = { width: 1000, height: 900 }) {
  const { page, problems, requests, close } = await openPage(held.browser, viewport);
  await page.goto(url, { waitUntil: "load" });
  const done = async () => {
    assert.deepEqual(problems, []);
    const outside = requests.filter((u) => !u.startsWith("file:") && !u.startsWith("data:"));
    assert.deepEqual(outside, [], "the page asked the network");
    await close();
  };
  return { page, done };
}

/** How the page writes a tile's name: `5mr` as 5m, the honours as their characters. */
const HONOURS = { E: "東", S: "南", W: "西", N: "北", P: "白", F: "發", C: "中" };
const label = (pai) => HONOURS[pai] || pai.replace(/r$/, "");

/** The words an action's events must show: the verb and the tile. */
function words(events) {
  const out = [];
  for (const e of events) {
    if (e.type === "reach") out.push("riichi");
    else if (e.type === "dahai") {
      if (!events.some((x) => x.type === "reach")) out.push("discard");
      out.push(label(e.pai));
    } else if (e.type === "none") out.push("pass");
    else if (e.type === "hora") out.push(e.actor === e.target ? "tsumo" : "ron");
    else if (["chi", "pon"].includes(e.type)) out.push(e.type, label(e.pai));
  }
  return out;
}

async function checkDecisions(page, r) {
  const shown = await page.$$eval("[data-decision]", (nodes) =>
    nodes.map((n) => ({ index: Number(n.dataset.decision), agree: n.dataset.agree })));
  assert.equal(shown.length, r.decisions.length, "one [data-decision] per decision");
  assert.deepEqual(shown.map((s) => s.index), r.decisions.map((_, i) => i));
  assert.deepEqual(shown.map((s) => s.agree), r.decisions.map((d) => String(d.agree)));
  // A sample: the ends, every tenth, and the first few where the seat and the player differ.
  const n = r.decisions.length;
  const sample = new Set([0, n - 1, ...r.decisions.filter((d) => !d.agree).slice(0, 5).map((d) => d.index)]);
  for (let i = 0; i < n; i += 10) sample.add(i);
  for (const i of sample) {
    if (i < 0) continue;
    const d = r.decisions[i];
    for (const side of ["actual", "advised"]) {
      const el = await page.$(`[data-decision="${i}"] .${side} .action`);
      assert.ok(el, `decision ${i} shows its ${side} action`);
      assert.deepEqual(JSON.parse(await el.getAttribute("data-events")), d[side], `decision ${i} ${side}`);
      const text = await el.textContent();
      for (const w of words(d[side])) assert.ok(text.includes(w), `decision ${i} ${side}: ${w} in "${text}"`);
    }
    const rows = await page.$$eval(`[data-decision="${i}"] tr[data-candidate]`, (t) => t.length);
    assert.equal(rows, d.candidates.length, `decision ${i}: candidate rows`);
  }
  const agreed = await page.getAttribute("[data-agreed]", "data-agreed");
  assert.equal(Number(agreed), r.summary.agreed);
  assert.equal(await page.$$eval("svg.curve", (s) => s.length), 1, "the error curve");
}

test("a whole game's review page: every decision, its actions, nothing fetched", async (t) => {
  const g = game(t, "tenhou-phoenix-2020/2020010100gm-00a9-0000-03aa14b0.mjlog", "tenhou");
  const { review: r, url } = review(g, "game");
  assert.ok(r.decisions.length > 20, `only ${r.decisions.length} decisions`);
  const { page, done } = await open(url);
  await checkDecisions(page, r);
  // The filter shows only the decisions that differ.
  await page.check("#only-errors");
  const visible = await page.$$eval("[data-decision]", (ns) => ns.filter((n) => n.offsetParent !== null).length);
  assert.equal(visible, r.decisions.filter((d) => !d.agree).length);
  await done();
});

test("one round of a three-player game, on a desktop and on a phone", async (t) => {
  const g = game(t, "tenhou-phoenix-2020/2020010100gm-00b9-0000-18a1410f.mjlog", "sanma");
  const { review: r, url } = review(g, "round", ["--rounds", "E1"]);
  assert.equal(r.rounds.length, 1);
  assert.equal(r.players, 3);
  const desktop = await open(url);
  await checkDecisions(desktop.page, r);
  assert.equal(await desktop.page.$$eval("[data-river]", (n) => n.length), 3, "three rivers");
  await checkedScreenshot(held.browser, desktop.page, join(SHOTS, "review.png"), "review");
  await desktop.done();
  const phone = await open(url, { width: 390, height: 844 });
  const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide on a 390 px phone`);
  await checkedScreenshot(held.browser, phone.page, join(SHOTS, "review-phone.png"), "review-phone");
  await phone.done();
});
