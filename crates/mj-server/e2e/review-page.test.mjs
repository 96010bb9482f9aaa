// Browser test of the review page of `mj serve` (/review), in Debian's headless Chromium
// (playwright-core): a log uploaded there is reviewed by POST /api/review and its report shown
// with one element per decision of the JSON answer for the same log; the report is styled by
// /assets/review.css under the server's strict policy; names and titles that hold markup are
// shown as text there and in the log viewer. The server must already run (MJ_SERVE_URL, as for
// pages.test.mjs). The game is a Tenhou Phoenix log from MJ_LOGS (default `../shared/logs`
// beside the repository); when the logs are absent, a match of `mj game --seed 1 --length east
// --players defense` reviewed with rules=tenhou (MJ_BIN names `mj`, default target/debug/mj),
// and the test says which it used.
//
//   MJ_SERVE_URL=http://127.0.0.1:8080 node --test review-page.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LOGS, MJ, SHOTS, checkedScreenshot, openPage, useBrowser } from "./browser.mjs";

const BASE = process.env.MJ_SERVE_URL;
if (!BASE) throw new Error("set MJ_SERVE_URL to the address `mj serve` printed");

/** One East round of a tenhou.net/6 game, for when the real logs are absent. */
const ROUND = String.raw`{"name":["A","B","C","D"],"rule":{"disp":"","aka":1},"log":[[[0,0,0],[25000,25000,25000,25000],[16],[],[11,13,14,15,19,29,31,32,33,34,37,44,46],[32,34,23,17,14,43,47,16,42,18,44,13,41,37,43,24,45,27],[44,29,19,46,11,60,60,14,60,32,60,37,31,13,60,32,60,23],[14,15,17,23,26,29,33,41,42,43,43,45,47],[31,41,35,42,"p434343",11,36,"p424242",18,12,41,28,"c131415",18,27,22,23],[60,29,47,45,23,26,33,11,36,60,35,60,41,60,60,60,60],[22,22,24,25,27,31,32,33,35,36,36,37,38],[39,11,35,21,25,28,21,42,14,45,21,13,25,38,24,46,16],[27,60,36,60,35,60,60,60,60,60,60,60,"r24",60,60,60,60],[12,12,17,19,28,34,53,37,39,44,44,45,47],["4444p44",39,47,"c363453",33,11,12,24,46,51,15,38,28,32,23,46,19],[47,28,60,45,60,60,37,60,60,19,60,60,60,60,60,60,39],["和了",[0,8700,-7700,0],[1,2,1,"30符4飜7700点","自風 南(1飜)","混一色(2飜)","ドラ(1飜)"]]]]}`;

const held = useBrowser();

/** A fresh page that records what goes wrong in it ([`openPage`]). */
const open = (viewport) => openPage(held.browser, viewport);

/** A real log under LOGS, or null (said) when absent. */
function realLog(t, relative) {
  const path = join(LOGS, relative);
  if (existsSync(path)) return readFileSync(path);
  t.diagnostic(`${path} is absent (the real logs live in ../shared/logs, or MJ_LOGS)`);
  return null;
}

/** The game to review: a Phoenix mjlog, or a match `mj game` plays (mjai, rules not stated). */
function game(t) {
  const real = realLog(t, "tenhou-phoenix-2020/2020010100gm-00a9-0000-03aa14b0.mjlog");
  if (real) return { bytes: real, name: "game.mjlog", rules: "" };
  t.diagnostic("reviewing the match of `mj game --seed 1 --length east --players defense` with rules=tenhou");
  const bytes = execFileSync(MJ, ["game", "--seed", "1", "--length", "east", "--players", "defense"]);
  return { bytes, name: "game.mjson", rules: "tenhou" };
}

/** POST /api/review's JSON for the same log and choices. */
async function reviewJson(bytes, seat, player, rules) {
  const query = new URLSearchParams({ format: "json", seat: String(seat), player });
  if (rules) query.set("rules", rules);
  const response = await fetch(`${BASE}/api/review?${query}`, { method: "POST", body: bytes });
  assert.equal(response.status, 200, await response.clone().text());
  return response.json();
}

/** Submits the form and waits for the report (or an alert). */
async function submit(page) {
  await page.evaluate(() => document.getElementById("report").replaceChildren());
  await page.click("#go");
  await page.waitForSelector("#report [data-decisions], #status [role=alert]");
}

test("a log uploaded to /review shows one element per decision of /api/review", async (t) => {
  const g = game(t);
  const { page, problems, close } = await open();
  await page.goto(`${BASE}/review`);
  assert.equal(await page.getAttribute("nav a[aria-current=page]", "href"), "/review");
  await page.setInputFiles("#file", { name: g.name, mimeType: "application/octet-stream", buffer: g.bytes });
  if (g.rules) await page.selectOption("#rules", g.rules);
  for (const [seat, player] of [[1, "value"], [0, "defense"]]) {
    await page.selectOption("#seat", String(seat));
    await page.selectOption("#player", player);
    await submit(page);
    const expected = await reviewJson(g.bytes, seat, player, g.rules);
    const shown = await page.$$eval("#report [data-decision]", (n) => n.map((d) => Number(d.dataset.decision)));
    assert.equal(shown.length, expected.decisions.length, `seat ${seat} by ${player}`);
    assert.deepEqual(shown, expected.decisions.map((_, i) => i));
    const agreed = await page.getAttribute("#report [data-agreed]", "data-agreed");
    assert.equal(Number(agreed), expected.summary.agreed);
    const status = await page.textContent("#status");
    assert.ok(status.includes(`${expected.summary.agreed} of ${expected.decisions.length}`), status);
    // After the first answer the seats carry the log's names (as text).
    const options = await page.$$eval("#seat option", (o) => o.map((x) => x.textContent));
    expected.names.forEach((name, i) => {
      if (name) assert.ok(options[i].includes(name), `${options[i]} names ${name}`);
    });
  }
  // The report is styled by review.css (linked, as the policy forbids inline style).
  const border = await page.$eval("#report .decision", (d) => getComputedStyle(d).borderLeftWidth);
  assert.equal(border, "5px");
  // The report's own switch works here too: only the decisions that differ.
  await page.check("#only-errors");
  const visible = await page.$$eval("#report .decision", (ds) => ds.filter((d) => d.offsetParent !== null).length);
  const differing = await page.$$eval("#report .decision.bad", (ds) => ds.length);
  assert.equal(visible, differing);
  await page.uncheck("#only-errors");
  // The top of the page (the form, the seats, the agreement, the curve): docs/server.md's image.
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkedScreenshot(held.browser, page, join(SHOTS, "review-page.png"), "review-page", false);
  assert.deepEqual(problems, []);
  await close();

  // A phone: the page never scrolls sideways.
  const phone = await open({ width: 390, height: 844 });
  await phone.page.goto(`${BASE}/review?player=efficiency${g.rules ? `&rules=${g.rules}` : ""}`);
  assert.equal(await phone.page.inputValue("#player"), "efficiency");
  await phone.page.setInputFiles("#file", { name: g.name, mimeType: "application/octet-stream", buffer: g.bytes });
  await submit(phone.page);
  assert.ok(await phone.page.$("#report [data-decision]"));
  const wide = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(wide <= 0, `the phone page scrolls ${wide} px sideways`);
  await checkedScreenshot(held.browser, phone.page, join(SHOTS, "review-page-phone.png"), "review-page-phone", false);
  assert.deepEqual(phone.problems, []);
  await phone.close();
});

test("errors are shown as text in an alert", async () => {
  const { page, problems, close } = await open();
  await page.goto(`${BASE}/review`);
  await page.click("#go");
  await page.waitForSelector("#status [role=alert]");
  await page.fill("#paste", "<b>not a log</b>");
  await submit(page);
  const alert = await page.textContent("#status [role=alert]");
  assert.ok(alert.startsWith("unreadable_log: "), alert);
  assert.equal(await page.$$eval("#status b, #report *", (n) => n.length), 0);
  // A round cut before its result: named.
  const cut = JSON.parse(ROUND);
  cut.log[0].pop();
  await page.fill("#paste", JSON.stringify(cut));
  await submit(page);
  const named = await page.textContent("#status [role=alert]");
  assert.ok(/round 0/.test(named), named);
  // The server's console error for a 4xx is the browser's own network line: allowed here.
  assert.deepEqual(problems.filter((p) => !p.includes("status of 422") && !p.includes("status of 400")), []);
  await close();
});

test("names and titles holding markup are text in the review page and the viewer", async (t) => {
  const hostile = "<script>alert(1)</script>";
  const mjlog = realLog(t, "tenhou-phoenix-2020/2020010100gm-00a9-0000-03aa14b0.mjlog");
  const title = "<img src=x onerror=alert(1)>";
  const real6 = realLog(t, "tenhou6/2019021004gm-00a9-0000-e2f6516d.json");
  const log6 = JSON.parse(real6 ? real6.toString("utf8") : ROUND);
  log6.title = [title, "", "2019/02/10"];
  log6.name = [hostile, "b", "c", "d"];

  const { page, problems, close } = await open();
  // The review page: a name from a Tenhou mjlog (URL-encoded in <UN n0=...>).
  if (mjlog) {
    const xml = mjlog.toString("utf8").replace(/ n0="[^"]*"/, ` n0="${encodeURIComponent(hostile)}"`);
    await page.goto(`${BASE}/review`);
    await page.setInputFiles("#file", { name: "game.mjlog", mimeType: "application/xml", buffer: Buffer.from(xml) });
    await submit(page);
    assert.ok((await page.textContent("#report .seats li")).includes(hostile));
    assert.ok((await page.textContent("#seat option[value='0']")).includes(hostile));
  }
  // The review page: a tenhou.net/6 title and name.
  await page.goto(`${BASE}/review`);
  await page.fill("#paste", JSON.stringify(log6));
  await submit(page);
  await page.waitForSelector("#log-title:not([hidden])");
  assert.equal(await page.textContent("#log-title"), `${title} / 2019/02/10`);
  assert.ok((await page.textContent("#report .seats li")).includes(hostile));
  assert.equal(await page.$$eval("img, script:not([src])", (n) => n.length), 0);
  // The log viewer: the same title and name as text.
  await page.goto(`${BASE}/log`);
  await page.fill("#paste", JSON.stringify(log6));
  await page.click("#go");
  await page.waitForSelector("[data-title]");
  assert.equal(await page.textContent("[data-title]"), `${title} / 2019/02/10`);
  assert.equal(await page.textContent("[data-seat='0'] [data-name]"), hostile);
  assert.equal(await page.$$eval("img, script:not([src])", (n) => n.length), 0);
  assert.deepEqual(problems, []);
  await close();
});
