// The play page across a server crash: a room of `mj serve --data DIR` (started by this test,
// `MJ_BIN` or target/debug/mj) is played by clicking, the server is killed with SIGKILL and
// started again on the same port and folder, and the same page, untouched, reconnects and goes
// on: every discard clicked before the kill is still in the room, and the round is played to
// its end.
//
//   node --test play-restart.test.mjs

import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MJ, PLAY_NEXT as NEXT, openPage, useBrowser } from "./browser.mjs";

const held = useBrowser();
const data = mkdtempSync(join(tmpdir(), "mj-play-restart-"));

after(async () => {
  rmSync(data, { recursive: true, force: true });
});

/** `mj serve --data` on `bind`; resolves with the process and its address once it listens. */
function serve(bind) {
  const child = spawn(MJ, ["serve", "--bind", bind, "--data", data], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const url = out.match(/http:\/\/127\.0\.0\.1:\d+/);
      if (url) resolve({ child, url: url[0] });
    });
    child.on("exit", (code) => reject(new Error(`mj serve exited with ${code} before listening: ${out}`)));
  });
}


/** One decision of seat 0 by clicking: a win, a pass, else the drawn tile. "end" at the end. */
async function decide(page) {
  await page.waitForSelector(NEXT, { timeout: 30000 });
  if (await page.$("#round-end[data-round-end]")) return "end";
  for (const action of ["hora", "none"]) {
    const button = await page.$(`#game:not([data-acting]) #actions button[data-action=${action}]:enabled`);
    if (button) {
      await button.click();
      return action;
    }
  }
  const drawn = await page.$("#game:not([data-acting]) [data-drawn] button.hand-tile:enabled");
  await (drawn || (await page.$("#game:not([data-acting]) [data-hand] button.hand-tile:enabled"))).click();
  return "dahai";
}

/** Seat 0's discards in the room, from the server. */
async function discards(url, game, token) {
  const r = await fetch(`${url}/api/games/${game}?seat=0`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(r.status, 200);
  const view = await r.json();
  return view.events.filter((e) => e.type === "dahai" && e.actor === 0).length;
}

test("the page reconnects to a server killed and restarted, and the room goes on", async () => {
  let server = await serve("127.0.0.1:0");
  const port = new URL(server.url).port;
  const created = await fetch(`${server.url}/api/games`, {
    method: "POST",
    body: JSON.stringify({ rules: "tenhou", length: "one", seed: 3, seats: ["human", "tsumogiri", "tsumogiri", "tsumogiri"] }),
  });
  assert.equal(created.status, 201);
  const room = await created.json();
  const token = room.tokens["0"];
  const { page, close } = await openPage(held.browser);
  await page.goto(`${server.url}/play?game=${room.id}&seat=0#token=${token}`);
  let clicked = 0;
  while (clicked < 4) {
    const did = await decide(page);
    assert.notEqual(did, "end", "the round ended before the crash");
    if (did === "dahai") clicked += 1;
  }
  // Every discard clicked has been answered (the page waits for the answer before the next).
  await page.waitForSelector(NEXT, { timeout: 30000 });
  assert.equal(await discards(server.url, room.id, token), clicked);
  server.child.kill("SIGKILL");
  await new Promise((r) => server.child.on("close", r));
  // The page notices, and keeps trying.
  await page.waitForSelector("#game-status >> text=could not be reached", { timeout: 20000 });
  server = await serve(`127.0.0.1:${port}`);
  try {
    assert.equal(await discards(server.url, room.id, token), clicked, "no discard was lost");
    // The same page, never reloaded, plays the round to its end.
    for (let step = 0; step < 400; step++) {
      const did = await decide(page);
      if (did === "end") break;
      if (did === "dahai") clicked += 1;
    }
    await page.waitForSelector("[data-match-end]", { timeout: 30000 });
    assert.equal(await discards(server.url, room.id, token), clicked, "every discard clicked is in the room");
    const log = await fetch(`${server.url}/api/games/${room.id}/log`);
    assert.equal(log.status, 200);
  } finally {
    await close();
    server.child.kill("SIGKILL");
  }
});

test("with a decision time, the server plays for an absent person and the page follows", async () => {
  const server = await serve("127.0.0.1:0");
  try {
    const created = await fetch(`${server.url}/api/games`, {
      method: "POST",
      body: JSON.stringify({ rules: "tenhou", length: "one", seed: 5, timeout_s: 3, seats: ["human", "tsumogiri", "tsumogiri", "tsumogiri"] }),
    });
    assert.equal(created.status, 201);
    const room = await created.json();
    const token = room.tokens["0"];
    const { page, problems, close } = await openPage(held.browser);
    await page.goto(`${server.url}/play?game=${room.id}&seat=0#token=${token}`);
    await page.waitForSelector(NEXT, { timeout: 30000 });
    // Nobody clicks: within the decision time and the page's next look, the discard the server
    // played for seat 0 shows in the page's events.
    await page.waitForSelector("#events li >> text=(you) discards", { timeout: 15000 });
    assert.ok((await discards(server.url, room.id, token)) >= 1);
    assert.deepEqual(problems, []);
    await close();
  } finally {
    server.child.kill("SIGKILL");
  }
});
