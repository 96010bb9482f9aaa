// Browser tests of the play page of `mj serve` (/play), in Debian's headless Chromium
// (playwright-core): a room created through the lobby's form (a human and three `tsumogiri`
// bots, one round of tenhou) is played to its end by clicking (the drawn tile each turn, Pass
// when a call is offered, Tsumo or Ron when offered); the seat sees its own 13 or 14 tiles and
// only the backs of the others', a spectator of the same room sees no concealed tile, a reload
// reconnects with the token kept in the browser, and the log of the finished room holds the
// discards clicked. The server must already run (MJ_SERVE_URL, as for pages.test.mjs).
//
//   MJ_SERVE_URL=http://127.0.0.1:8080 node --test play.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { PLAY_NEXT as NEXT, SHOTS, checkedScreenshot, openPage, useBrowser } from "./browser.mjs";

const BASE = process.env.MJ_SERVE_URL;
if (!BASE) throw new Error("set MJ_SERVE_URL to the address `mj serve` printed");

const held = useBrowser();

/** A fresh page that records what goes wrong in it ([`openPage`]). */
const open = (viewport) => openPage(held.browser, viewport);

/** What a page shows of the table: its own hand, the hidden hands, the seats. */
async function shown(page) {
  return page.evaluate(() => {
    const own = document.querySelector("[data-hand]");
    return {
      seats: document.querySelectorAll("#board [data-seat]").length,
      hand: own ? [...own.querySelectorAll("[data-tile]")].map((t) => t.dataset.tile) : null,
      handSize: own ? Number(own.dataset.handSize) : null,
      drawn: document.querySelector("[data-drawn]")?.dataset.drawn ?? null,
      ownMelds: document.querySelectorAll("[data-own] [data-meld]").length,
      hidden: [...document.querySelectorAll("[data-hidden-hand]")].map((h) => ({
        seat: Number(h.dataset.hiddenHand),
        count: Number(h.dataset.count),
        melds: h.closest("[data-seat]").querySelectorAll("[data-meld]").length,
        backs: h.querySelectorAll(".tile.back").length,
        faces: h.querySelectorAll("[data-tile]").length,
      })),
      buttons: document.querySelectorAll("#actions button, [data-hand] button").length,
    };
  });
}

/** Opens a room through the API (not the lobby): its id and tokens. */
async function createRoom(request) {
  const response = await fetch(`${BASE}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(request),
  });
  assert.equal(response.status, 201, await response.clone().text());
  return response.json();
}

/** The protocol's answer to one request, straight from POST /api. */
async function api(request) {
  const response = await fetch(`${BASE}/api`, { method: "POST", body: JSON.stringify(request) + "\n" });
  assert.equal(response.status, 200);
  return JSON.parse((await response.text()).trim());
}

/** mjai tile names as mpsz ("5mr" -> "0m", "E" -> "1z"). */
function mpsz(names) {
  const honors = { E: "1z", S: "2z", W: "3z", N: "4z", P: "5z", F: "6z", C: "7z" };
  return names.map((n) => honors[n] || (n.endsWith("r") ? `0${n[1]}` : n)).join("");
}

/** A concealed hand holds 13 tiles, 14 with a draw, 3 fewer per meld. */
function assertCount(h, where) {
  const base = 13 - 3 * h.melds;
  assert.ok(h.count === base || h.count === base + 1, `${where}: seat ${h.seat} holds ${h.count} tiles with ${h.melds} melds`);
}

/** A spectator's view shows no concealed tile: no own hand, only backs, no buttons. */
function assertSpectator(view, players, where) {
  assert.equal(view.seats, players, `${where}: seats`);
  assert.equal(view.hand, null, `${where}: a spectator has no hand`);
  assert.equal(view.drawn, null, `${where}: no drawn tile shown`);
  assert.equal(view.hidden.length, players, `${where}: every hand hidden`);
  for (const h of view.hidden) {
    assert.equal(h.faces, 0, `${where}: seat ${h.seat} shows a face`);
    assert.equal(h.backs, h.count, `${where}: seat ${h.seat} shows ${h.backs} backs for ${h.count} tiles`);
    assertCount(h, where);
  }
  assert.equal(view.buttons, 0, `${where}: a spectator has no buttons`);
}

test("a round against three tsumogiri bots, created in the lobby and played by clicking", async (t) => {
  const { page, problems, close } = await open();
  await page.goto(`${BASE}/play`);
  assert.equal(await page.getAttribute("nav a[aria-current=page]", "href"), "/play");
  await page.selectOption("#rules", "tenhou");
  await page.selectOption("#length", "one");
  assert.equal(await page.$$eval("#seats select", (s) => s.length), 4);
  await page.selectOption("#seat-0", "human");
  for (const i of [1, 2, 3]) await page.selectOption(`#seat-${i}`, "tsumogiri");
  // A seeded deal: the same round, and the same picture for the docs, every run.
  await page.fill("#seed", "1");
  await checkedScreenshot(held.browser, page, join(SHOTS, "play-lobby.png"), "play-lobby");
  await Promise.all([page.waitForURL(/[?&]game=/), page.click("#create-go")]);
  const address = new URL(page.url());
  const game = address.searchParams.get("game");
  assert.equal(address.searchParams.get("seat"), "0");
  assert.equal(address.hash, "", "the token leaves the address bar");
  const token = await page.evaluate((g) => localStorage.getItem(`mj-game-${g}-0`), game);
  assert.ok(token, "the seat's token is kept in localStorage");

  let discards = 0;
  let passes = 0;
  let wins = 0;
  let spectated = false;
  let reloaded = false;
  for (let step = 0; step < 400; step++) {
    await page.waitForSelector(NEXT, { timeout: 30000 });
    if (await page.$("#round-end[data-round-end]")) break;
    const win = await page.$("#game:not([data-acting]) #actions button[data-action=hora]:enabled");
    if (win) {
      await win.click();
      wins += 1;
      continue;
    }
    const pass = await page.$("#game:not([data-acting]) #actions button[data-action=none]:enabled");
    if (pass) {
      // Offered a call on another's discard: 13 tiles (3 fewer per meld), no drawn tile.
      const offered = await shown(page);
      assert.equal(offered.handSize, 13 - 3 * offered.ownMelds, "a call offered with 13 tiles");
      assert.equal(offered.drawn, null);
      await pass.click();
      passes += 1;
      continue;
    }
    const view = await shown(page);
    assert.equal(view.seats, 4);
    // A discard is due: 14 tiles (3 fewer per meld), the drawn one apart.
    assert.equal(view.hand.length, view.handSize);
    assert.equal(view.handSize, 14 - 3 * view.ownMelds, `a discard is due with ${view.ownMelds} melds`);
    if (view.ownMelds === 0 && discards > 0) assert.notEqual(view.drawn, null, "the drawn tile is set apart");
    assert.equal(view.hidden.length, 3, "the other three hands are hidden");
    for (const h of view.hidden) {
      assert.equal(h.faces, 0, `seat ${h.seat}: only backs`);
      assert.equal(h.backs, h.count);
      assertCount(h, "seat 0's view");
    }
    if (discards === 2 && !(await page.isChecked("#analysis-on"))) {
      // The analysis beside the hand: the protocol's discards for the same hand.
      await page.check("#analysis-on");
      await page.waitForSelector("#analysis [data-analysis-discard]");
      const rows = await page.$$eval("#analysis [data-analysis-discard]", (r) => r.map((x) => ({ tile: x.dataset.analysisDiscard, shanten: Number(x.children[1].textContent) })));
      const answer = await api({ op: "discards", rules: "riichi", hand: mpsz(view.hand) });
      const kinds = answer.discards.map((r) => r.tile);
      assert.equal(rows[0].shanten, answer.discards[0].shanten, "the best discard keeps the hand's shanten");
      for (const r of rows) assert.ok(kinds.includes(r.tile), `${r.tile} is one of the hand's discards`);
      assert.equal(await page.$$eval("[data-hand] button.best", (b) => b.length > 0), true, "the best discard is marked in the hand");
    }
    if (discards === 4 && !spectated) {
      // Mid-game: the table for the docs, and a spectator of the same room.
      await page.evaluate(() => window.scrollTo(0, 0));
      await checkedScreenshot(held.browser, page, join(SHOTS, "play-table.png"), "play-table", false);
      const watcher = await open();
      await watcher.page.goto(`${BASE}/play?game=${game}`);
      await watcher.page.waitForSelector("#board [data-seat] [data-hidden-hand]");
      assertSpectator(await shown(watcher.page), 4, "spectator mid-game");
      assert.equal(await watcher.page.$$eval("#events li", (l) => l.length > 0), true, "the spectator sees the events");
      assert.deepEqual(watcher.problems, []);
      await watcher.close();
      spectated = true;
    }
    if (discards === 6 && !reloaded) {
      // A reload reconnects with the kept token (no fragment in the address now).
      await page.reload();
      reloaded = true;
      continue;
    }
    const drawn = await page.$("#game:not([data-acting]) [data-drawn] button.hand-tile:enabled");
    const target = drawn || (await page.$("#game:not([data-acting]) [data-hand] button.hand-tile:enabled"));
    await target.click();
    discards += 1;
  }
  assert.ok(spectated, `the round lasted ${discards} discards`);
  await page.waitForSelector("[data-match-end]");
  assert.ok(await page.$("#round-end [data-result]"), "the round's result is shown");
  assert.equal(await page.$$eval("#actions button, [data-hand] button:enabled", (b) => b.length), 0);
  const href = await page.getAttribute("a[data-log-link]", "href");
  assert.equal(href, `/api/games/${game}/log`);
  const log = await fetch(`${BASE}${href}`);
  assert.equal(log.status, 200);
  const events = (await log.text()).split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
  const mine = events.filter((e) => e.type === "dahai" && e.actor === 0).length;
  assert.equal(mine, discards, `the log holds the ${discards} discards clicked (${passes} passes, ${wins} wins)`);
  assert.ok(events.some((e) => e.type === "hora" || e.type === "ryukyoku"), "the round ended");
  // The finished room, watched.
  const watcher = await open({ width: 390, height: 844 });
  await watcher.page.goto(`${BASE}/play?game=${game}`);
  await watcher.page.waitForSelector("[data-match-end]");
  const wide = await watcher.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(wide <= 0, `the phone page scrolls ${wide} px sideways`);
  assert.deepEqual(watcher.problems, []);
  await watcher.close();
  // The analysis switch is remembered.
  assert.equal(await page.evaluate(() => localStorage.getItem("mj-play-analysis")), "1");
  t.diagnostic(`${discards} discards clicked, ${passes} calls passed, ${wins} wins`);
  assert.deepEqual(problems, []);
  await close();
});

test("sichuan: three tiles passed, a suit given up, then discards, by clicking", async (t) => {
  const room = await createRoom({ rules: "sichuan", length: "one", seats: ["human", "tsumogiri", "tsumogiri", "tsumogiri"] });
  const { page, problems, close } = await open();
  await page.goto(`${BASE}/play?game=${room.id}&seat=0#token=${encodeURIComponent(room.tokens["0"])}`);
  const confirm = "#actions button[data-action=huansanzhang]";
  await page.waitForSelector(confirm);
  assert.equal(await page.isDisabled(confirm), true, "nothing picked yet");
  // Any tile that can still complete a legal choice is enabled: three picks make one.
  for (let k = 0; k < 3; k++) {
    assert.equal(await page.isDisabled(confirm), true);
    await page.click("[data-hand] button.hand-tile:enabled:not(.picked)");
  }
  const picked = await page.$$eval("[data-hand] button.picked", (b) => b.map((x) => x.dataset.name));
  assert.equal(picked.length, 3);
  assert.equal(new Set(picked.map((n) => n[1])).size, 1, `${picked} are of one suit`);
  assert.equal(await page.$$eval("[data-hand] button.hand-tile:enabled:not(.picked)", (b) => b.length), 0, "a fourth cannot be picked");
  await page.click(confirm);
  await page.waitForSelector("#game:not([data-acting]) #actions button[data-action=dingque]:enabled", { timeout: 30000 });
  const suits = await page.$$eval("#actions button[data-action=dingque]", (b) => b.length);
  assert.ok(suits >= 1 && suits <= 3);
  await page.click("#actions button[data-action=dingque]");
  await page.waitForSelector("[data-own] [data-lack]", { timeout: 30000 });
  const events = await page.textContent("#events");
  assert.match(events, /passes three tiles/);
  assert.match(events, /gives up/);
  let discards = 0;
  for (let step = 0; step < 40 && discards < 4; step++) {
    await page.waitForSelector(NEXT, { timeout: 30000 });
    if (await page.$("#round-end[data-round-end]")) break;
    const choice = (await page.$("#game:not([data-acting]) #actions button[data-action=hora]:enabled"))
      || (await page.$("#game:not([data-acting]) #actions button[data-action=none]:enabled"));
    if (choice) {
      await choice.click();
      continue;
    }
    const view = await shown(page);
    assert.equal(view.handSize, 14 - 3 * view.ownMelds);
    await page.click("#game:not([data-acting]) [data-hand] button.hand-tile:enabled");
    discards += 1;
  }
  t.diagnostic(`${discards} discards after the exchange and the lack`);
  assert.ok(discards > 0);
  assert.deepEqual(problems, []);
  await close();
});

test("a call left unanswered passes by itself when the lobby's timer runs out", async (t) => {
  // Seed 7 offers seat 0 a call within the round when it discards each drawn tile.
  const { page, problems, close } = await open();
  await page.goto(`${BASE}/play`);
  await page.selectOption("#length", "one");
  for (const i of [1, 2, 3]) await page.selectOption(`#seat-${i}`, "tsumogiri");
  await page.fill("#timer", "1");
  await page.fill("#seed", "7");
  await Promise.all([page.waitForURL(/[?&]game=/), page.click("#create-go")]);
  assert.equal(await page.evaluate(() => localStorage.getItem("mj-play-timer")), "1", "the lobby keeps its timer");
  let offered = false;
  for (let step = 0; step < 200 && !offered; step++) {
    await page.waitForSelector(NEXT, { timeout: 30000 });
    if (await page.$("#round-end[data-round-end]")) break;
    if (await page.$("#actions button[data-action=none]")) {
      offered = true;
      assert.ok(await page.$("[data-call-timer]"), "the countdown is shown");
      // Nothing clicked: the pass is sent by the page.
      await page.waitForSelector("#actions button[data-action=none]", { state: "detached", timeout: 5000 });
      break;
    }
    await page.click("#game:not([data-acting]) [data-hand] button.hand-tile:enabled");
  }
  if (!offered) t.diagnostic("seed 7 offered no call this time: the timer was not exercised");
  assert.ok(offered, "a call was offered");
  assert.deepEqual(problems, []);
  await close();
});

test("the sanma lobby shows three seats, the rooms list links to watch, a second person's link opens their seat", async () => {
  const { page, problems, close } = await open({ width: 390, height: 844 });
  await page.goto(`${BASE}/play`);
  await page.selectOption("#seat-1", "value");
  await page.selectOption("#rules", "sanma");
  assert.equal(await page.$$eval("#seats select", (s) => s.length), 3);
  assert.equal(await page.inputValue("#seat-1"), "value", "choices made are kept");
  await page.selectOption("#rules", "mcr");
  assert.equal(await page.$$eval("#seats select", (s) => s.length), 4);
  await page.waitForSelector("#rooms [data-rooms]");
  const rooms = await (await fetch(`${BASE}/api/games`)).json();
  const links = await page.$$eval("#rooms a[data-watch]", (a) => a.map((x) => x.dataset.watch));
  assert.deepEqual(links, rooms.games.map((g) => g.id));
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(wide <= 0, `the phone lobby scrolls ${wide} px sideways`);
  // Two people: the creator plays seat 0 and is shown seat 2's link, which opens seat 2's
  // table in another browser.
  await page.selectOption("#rules", "sanma");
  await page.selectOption("#seat-2", "human");
  // A decision time under three seconds is refused before anything is sent; a valid one
  // (the server plays for an absent person after it) opens the room.
  await page.fill("#decision", "2");
  await page.click("#create-go");
  await page.waitForSelector("#lobby-status:has-text('decision time')");
  await page.fill("#decision", "600");
  await Promise.all([page.waitForURL(/[?&]game=/), page.click("#create-go")]);
  await page.waitForSelector("[data-hand] button.hand-tile");
  const share = await page.getAttribute("a[data-share='2']", "href");
  assert.match(share, /[?&]seat=2#token=[0-9a-f]+$/);
  const other = await open({ width: 390, height: 844 });
  await other.page.goto(share);
  await other.page.waitForSelector("[data-hand] button.hand-tile");
  const view = await shown(other.page);
  assert.equal(view.seats, 3);
  assert.equal(view.hidden.length, 2);
  assert.equal(view.handSize, 13, "seat 2 holds 13 tiles before its first draw");
  assert.equal(new URL(other.page.url()).hash, "", "the token leaves the address bar");
  assert.deepEqual(other.problems, []);
  await other.close();
  assert.deepEqual(problems, []);
  await close();
});

test("names that hold markup are shown as text at the table", async () => {
  const hostile = ["<img src=x onerror=alert(1)>", "<b>bold</b>", "a&amp;b", "<script>alert(2)</script>"];
  const room = await createRoom({ rules: "tenhou", length: "one", seats: ["human", "tsumogiri", "tsumogiri", "tsumogiri"], names: hostile });
  const { page, problems, close } = await open();
  await page.goto(`${BASE}/play?game=${room.id}&seat=0#token=${encodeURIComponent(room.tokens["0"])}`);
  await page.waitForSelector("[data-hand] button.hand-tile");
  const names = await page.$$eval("#board [data-seat]", (s) => s.map((x) => [Number(x.dataset.seat), x.querySelector("[data-name]").textContent]));
  for (const [seat, name] of names) assert.equal(name.replace(/ \(you\)$/, ""), hostile[seat]);
  assert.equal(await page.$$eval("main img, main b, main script", (n) => n.length), 0);
  assert.deepEqual(problems, []);
  await close();
});
