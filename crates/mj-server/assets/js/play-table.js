// The table: long-polls GET /api/games/{id} (the events accumulate; each answer's `table` is
// drawn afresh), shows a button for each legal action and sends the chosen one back exactly
// as listed (POST /api/games/{id}/act). A spectator (no seat) sees the same table with every
// hand face down and no buttons. Everything the server says is set as text.

import { el, fill, ask, points } from "./common.js";
import { tile, back, mpsz } from "./tiles.js";
import { call, load, save, tokenKey, seatLink, timerSeconds, ApiFailure, ANALYSIS_KEY } from "./play-api.js";
import { describe, results, roundName, small, WIND_NAMES } from "./play-words.js";

const $ = (id) => document.getElementById(id);

/** How long a poll waits for news (the API's own limit is 20 s). */
const WAIT_MS = 15000;
/** While the seat must decide, the state is checked this often (another tab may have acted). */
const RECHECK_MS = 5000;
/** The events the strip shows. */
const STRIP = 14;

const state = {
  game: "",
  seat: null,
  token: null,
  next: 0,
  answer: null,
  legal: [],
  legalKey: "",
  mode: null, // null, "riichi" or "exchange"
  picked: [], // indices of the hand picked for the exchange
  acting: false,
  epoch: 0,
  immediate: true,
  stopped: false,
  waitMs: WAIT_MS,
  words: [],
  round: null, // the round being played: { name, results, ended }
  lastRound: null, // the last round that ended
  roundEndClosed: false,
  timer: { key: "", deadline: 0, interval: null },
  analysis: { key: "", answer: null, error: null },
};

let wake = null;

/** Waits `ms`, or less when `nudge()` is called. */
function pause(ms) {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timeout);
      wake = null;
      resolve();
    };
    const timeout = setTimeout(done, ms);
    wake = done;
  });
}

function nudge() {
  if (wake) wake();
}

const who = (i) => {
  const names = (state.answer && state.answer.names) || [];
  const name = names[i] || `seat ${i}`;
  return i === state.seat ? `${name} (you)` : name;
};

function status(text, error = false) {
  fill($("game-status"), text ? el("p", { class: error ? "error" : "muted", role: error ? "alert" : null }, text) : []);
}

// --- polling ---------------------------------------------------------------------------------

function fetchState(wait) {
  const query = new URLSearchParams();
  if (state.seat !== null) query.set("seat", String(state.seat));
  query.set("since", String(state.next));
  query.set("wait_ms", String(wait));
  return call(`/api/games/${encodeURIComponent(state.game)}?${query}`, { token: state.token });
}

async function loop() {
  for (;;) {
    while (!state.stopped && state.acting) await pause(60000);
    if (state.stopped) return;
    if (state.legal.length > 0 && !state.immediate) {
      // The seat is deciding: look again now and then all the same (a room with a decision
      // time is played for the seat when it runs out; a restarted server is found again).
      await pause(RECHECK_MS);
      if (state.stopped || state.acting) continue;
    }
    const quick = state.immediate || state.legal.length > 0;
    state.immediate = false;
    const epoch = state.epoch;
    let answer;
    try {
      answer = await fetchState(quick ? 0 : state.waitMs);
    } catch (e) {
      if (e instanceof ApiFailure && [401, 403, 404].includes(e.status)) {
        fatal(e);
        return;
      }
      if (e instanceof ApiFailure && e.status === 408) {
        // The server's time limit is shorter than our wait: wait less.
        state.waitMs = Math.max(1000, Math.floor(state.waitMs / 2));
        state.immediate = true;
        continue;
      }
      status(`The server could not be reached (${e.message}); trying again…`, true);
      await pause(3000);
      continue;
    }
    // An action was sent while this answer was on its way: it may predate it.
    if (epoch !== state.epoch) {
      state.immediate = true;
      continue;
    }
    status("");
    receive(answer);
    if (answer.done || answer.expired) {
      state.stopped = true;
      return;
    }
  }
}

function fatal(e) {
  state.stopped = true;
  const why = e.status === 404
    ? `There is no room ${state.game} (${e.message}).`
    : `This browser holds no valid token for seat ${state.seat} of this room (${e.message}). Open the seat's link (with #token=…), or watch.`;
  fill($("game-status"), el("p", { class: "error", role: "alert", "data-fatal": e.kind }, why, " ",
    e.status === 404 ? el("a", { href: "/play" }, "lobby") : el("a", { href: `/play?game=${encodeURIComponent(state.game)}` }, "watch this room")));
}

// --- what an answer changes ------------------------------------------------------------------

function finishRound(fresh) {
  if (!state.round || state.round.ended) return;
  state.round.ended = true;
  state.lastRound = state.round;
  if (fresh) state.roundEndClosed = false;
}

/** Follows the rounds through new events: their results, and when each one ends. */
function follow(events, initial) {
  for (const ev of events) {
    const words = describe(ev, who);
    if (words) state.words.push(words);
    switch (ev.type) {
      case "start_kyoku":
        if (state.round && state.round.results.length) finishRound(!initial);
        state.round = { name: `${roundName(ev.bakaze, ev.kyoku)}, ${ev.honba} honba`, results: [], ended: false };
        break;
      case "hora": case "ryukyoku": case "settle": case "zhuaniao":
        if (state.round) state.round.results.push(ev);
        break;
      case "end_kyoku": case "end_game":
        finishRound(!initial);
        break;
      default:
        break;
    }
  }
  if (state.words.length > 200) state.words.splice(0, state.words.length - 200);
  // A reload shows the last round's end only while no other round has started.
  if (initial && state.lastRound && !(state.round && !state.round.ended)) state.roundEndClosed = false;
  else if (initial) state.roundEndClosed = true;
}

function receive(answer) {
  const initial = state.answer === null;
  state.answer = answer;
  state.next = answer.next;
  follow(answer.events || [], initial);
  const legal = answer.legal || [];
  const key = `${answer.next}|${JSON.stringify(legal)}`;
  if (key !== state.legalKey) {
    state.legalKey = key;
    state.legal = legal;
    state.mode = legalOf("huansanzhang").length > 0 ? "exchange" : null;
    state.picked = [];
  }
  if (answer.done || answer.expired) finishRound(true);
  render();
}

// --- actions ---------------------------------------------------------------------------------

async function act(action) {
  if (state.acting || state.seat === null) return;
  state.acting = true;
  state.epoch += 1;
  state.legal = [];
  state.legalKey = "";
  state.mode = null;
  state.picked = [];
  stopTimer();
  render();
  try {
    await call(`/api/games/${encodeURIComponent(state.game)}/act`, { body: { seat: state.seat, action }, token: state.token });
    status("");
  } catch (e) {
    status(`The action was refused: ${e.message}`, true);
  } finally {
    state.epoch += 1;
    state.acting = false;
    state.immediate = true;
    render();
    nudge();
  }
}

const legalOf = (type) => state.legal.filter((a) => a.type === type);

/** The discard a click on `name` sends: the drawn tile's own when it is the drawn one. */
function discardFor(name, isDrawn) {
  const options = legalOf("dahai").filter((a) => a.pai === name);
  return options.find((a) => Boolean(a.tsumogiri) === isDrawn) || options[0] || null;
}

/** Counts of names, for comparing multisets. */
function counts(names) {
  const m = new Map();
  for (const n of names) m.set(n, (m.get(n) || 0) + 1);
  return m;
}

const within = (part, whole) => [...counts(part)].every(([n, c]) => (counts(whole).get(n) || 0) >= c);

/** The exchange whose three tiles are exactly `names`, or null. */
function exchangeOf(names) {
  return legalOf("huansanzhang").find((a) => a.pai.length === names.length && within(names, a.pai)) || null;
}

// --- the call timer --------------------------------------------------------------------------

function stopTimer() {
  if (state.timer.interval !== null) clearInterval(state.timer.interval);
  state.timer = { key: "", deadline: 0, interval: null };
}

function tick() {
  const left = Math.max(0, Math.ceil((state.timer.deadline - Date.now()) / 1000));
  const shown = document.querySelector("[data-call-timer]");
  if (shown) {
    shown.textContent = `passes in ${left} s`;
    shown.dataset.callTimer = String(left);
  }
  if (Date.now() >= state.timer.deadline) {
    const pass = legalOf("none")[0];
    stopTimer();
    if (pass) act(pass);
  }
}

/** Starts the countdown when a call or a ron is offered (a `none` is legal), once per offer. */
function armTimer() {
  const seconds = timerSeconds();
  if (state.acting || seconds <= 0 || legalOf("none").length === 0) {
    stopTimer();
    return;
  }
  if (state.timer.key === state.legalKey) return;
  stopTimer();
  state.timer = { key: state.legalKey, deadline: Date.now() + seconds * 1000, interval: setInterval(tick, 250) };
}

// --- analysis --------------------------------------------------------------------------------

const RIICHI = ["tenhou", "mahjong_soul", "sanma", "sanma_mahjong_soul"];
const MELD_KIND = { chi: "chi", pon: "pon", daiminkan: "minkan", ankan: "ankan", kakan: "kakan" };

/** The protocol's `discards` request for the seat's hand, or null when it has none. */
function analysisRequest() {
  const answer = state.answer;
  const t = answer.table;
  if (!t || !t.hand) return null;
  const me = t.players[state.seat];
  const request = { op: "discards", id: "play", hand: t.hand.map(mpsz).join("") };
  const melds = me.melds.map((m) => ({ kind: MELD_KIND[m.type] || m.type, tiles: m.pai.map(mpsz).join("") }));
  if (melds.length) request.melds = melds;
  const seen = [];
  if (answer.rules === "sanma" || answer.rules === "sanma_mahjong_soul") {
    // Three players play without 2m-8m: none of them is live.
    for (const r of "2345678") for (let i = 0; i < 4; i++) seen.push(`${r}m`);
  }
  t.players.forEach((p, i) => {
    for (const d of p.river) if (!d.called) seen.push(mpsz(d.pai));
    if (i !== state.seat) for (const m of p.melds) seen.push(...m.pai.map(mpsz));
    seen.push(...(p.kita || []).map(mpsz));
  });
  seen.push(...t.dora_markers.map(mpsz));
  const visible = seen.filter((x) => /^[0-9][mpsz]$/.test(x)).slice(0, 136).join("");
  if (visible) request.visible = visible;
  if (RIICHI.includes(answer.rules)) request.rules = "riichi";
  else {
    request.rules = "generic";
    if (answer.rules.includes("hongzhong")) request.wild = ["7z"];
  }
  return request;
}

const kind = (mpszName) => mpszName.replace(/^0/, "5");

async function analyse() {
  const on = $("analysis-on").checked && state.seat !== null;
  const mustDiscard = legalOf("dahai").length > 0 || legalOf("reach").length > 0;
  $("analysis").hidden = !on || !mustDiscard;
  if (!on || !mustDiscard) return;
  const request = analysisRequest();
  if (!request) return;
  const key = JSON.stringify(request);
  if (key === state.analysis.key) return;
  state.analysis = { key, answer: null, error: null };
  drawAnalysis();
  try {
    const [answer] = await ask([request]);
    if (state.analysis.key !== key) return;
    if (answer.error) state.analysis.error = `${answer.error.kind}: ${answer.error.message}`;
    else state.analysis.answer = answer;
  } catch (e) {
    if (state.analysis.key !== key) return;
    state.analysis.error = e.message;
  }
  render();
}

/** Accepted tiles, grouped by suit with the suit's letter after each group ("2345m"). */
function accepted(names) {
  const groups = [];
  for (const name of names) {
    const suit = name[1];
    const last = groups[groups.length - 1];
    if (last && last.suit === suit) last.tiles.push(name);
    else groups.push({ suit, tiles: [name] });
  }
  return groups.map((g) => el("span", { class: "suit-group" }, g.tiles.map((n) => tile(n)), g.suit !== "z" ? el("span", { class: "suit" }, g.suit) : null));
}

function drawAnalysis() {
  const a = state.analysis;
  const out = [el("h2", {}, "Best discards ", el("span", { class: "sub" }, "打牌"))];
  if (a.error) out.push(el("p", { class: "error" }, a.error));
  else if (!a.answer) out.push(el("p", { class: "muted" }, "analysing…"));
  else {
    const rows = a.answer.discards.slice(0, 5);
    out.push(el("table", { class: "analysis-table", "data-analysis": rows.length },
      el("thead", {}, el("tr", {}, el("th", {}, "discard"), el("th", { class: "num" }, "shanten"), el("th", { class: "num" }, "tiles"), el("th", {}, "accepted"))),
      el("tbody", {}, rows.map((r) => el("tr", { "data-analysis-discard": r.tile, "data-ukeire": r.ukeire_count },
        el("td", {}, tile(r.tile)),
        el("td", { class: "num" }, r.shanten),
        el("td", { class: "num" }, r.ukeire_count),
        el("td", { class: "accepted" }, accepted(r.ukeire)))))));
    if (!RIICHI.includes(state.answer.rules)) {
      out.push(el("p", { class: "muted" }, "Shanten by standard hands and seven pairs (the protocol's generic rules): this game's own forms and its lack of a suit are not counted."));
    }
  }
  fill($("analysis"), out);
}

// --- drawing ---------------------------------------------------------------------------------

/** Where each seat sits: the viewer at the bottom, the next seat (shimocha) to the right. */
function slots(players, base) {
  const at = (k) => (base + k) % players;
  return players === 3
    ? { bottom: at(0), right: at(1), left: at(2), top: null }
    : { bottom: at(0), right: at(1), top: at(2), left: at(3) };
}

function river(p) {
  return el("div", { class: "river", "data-river": p.river.length }, p.river.map((d) => {
    const classes = ["discard", d.tsumogiri ? "tsumogiri" : "", d.riichi ? "riichi" : "", d.called ? "called" : ""].filter(Boolean).join(" ");
    const label = `${mpsz(d.pai)}${d.tsumogiri ? " drawn and discarded" : ""}${d.riichi ? " riichi" : ""}${d.called ? " called" : ""}`;
    return el("span", { class: classes, title: label }, tile(mpsz(d.pai)));
  }));
}

function melds(p) {
  const items = p.melds.map((m) => el("span", { class: `tiles meld ${m.type}`, title: `${m.type}${m.from !== null && m.from !== undefined ? ` from ${who(m.from)}` : ""}`, "data-meld": m.type },
    m.pai.map((name, k) => (name === m.called && m.pai.indexOf(name) === k ? el("span", { class: "called-tile", title: "the called tile" }, tile(mpsz(name))) : tile(mpsz(name))))));
  if (p.kita && p.kita.length) items.push(el("span", { class: "tiles meld kita", title: "kita (norths set aside)", "data-kita": p.kita.length }, p.kita.map((n) => tile(mpsz(n)))));
  return items.length ? el("span", { class: "melds-row" }, items) : null;
}

function handButton(name, index, isDrawn) {
  let action = null;
  let enabled = false;
  let picked = false;
  if (!state.acting) {
    if (state.mode === "exchange") {
      picked = state.picked.includes(index);
      const names = state.picked.map((i) => handNames()[i]);
      enabled = picked || (state.picked.length < 3 && legalOf("huansanzhang").some((a) => within([...names, name], a.pai)));
    } else if (state.mode === "riichi") {
      action = legalOf("reach").find((a) => a.pai === name) || null;
      enabled = action !== null;
    } else {
      action = discardFor(name, isDrawn);
      enabled = action !== null;
    }
  }
  const choosing = state.mode !== null || legalOf("dahai").length > 0;
  const rows = state.analysis.answer && $("analysis-on").checked ? state.analysis.answer.discards : [];
  const best = rows.length > 0 && kind(rows[0].tile) === kind(mpsz(name));
  const classes = ["hand-tile", picked ? "picked" : "", choosing && !enabled ? "dim" : "", best && enabled ? "best" : ""].filter(Boolean).join(" ");
  const button = el("button", { type: "button", class: classes, "data-index": index, "data-name": name, disabled: !enabled, "aria-pressed": state.mode === "exchange" ? String(picked) : null },
    tile(mpsz(name)));
  button.addEventListener("click", () => {
    if (state.mode === "exchange") {
      state.picked = picked ? state.picked.filter((i) => i !== index) : [...state.picked, index];
      render();
    } else if (action) act(action);
  });
  return button;
}

/** The seat's concealed tiles in the order drawn: the hand, then the drawn tile. */
function handNames() {
  const t = state.answer.table;
  const rest = [...t.hand];
  if (t.drawn) {
    // The drawn tile is one of `hand`: it is shown apart, last.
    const at = rest.lastIndexOf(t.drawn);
    if (at >= 0) rest.splice(at, 1);
    rest.push(t.drawn);
  }
  return rest;
}

function ownHand(t) {
  const names = handNames();
  const drawnAt = t.drawn ? names.length - 1 : -1;
  const main = names.map((n, i) => (i === drawnAt ? null : handButton(n, i, false)));
  return [
    el("span", { class: "tiles hand own-hand", "data-hand": names.join(" "), "data-hand-size": names.length }, main,
      drawnAt >= 0 ? el("span", { class: "drawn", "data-drawn": t.drawn }, handButton(t.drawn, drawnAt, true)) : null),
  ];
}

function seatPanel(i, own) {
  const answer = state.answer;
  const t = answer.table;
  const p = t.players[i];
  const acting = (answer.to_act || []).includes(i) && !finished();
  const classes = ["seat", own ? "own" : "", i === t.oya ? "dealer" : "", acting ? "acting" : "", p.won ? "won" : ""].filter(Boolean).join(" ");
  const kindOf = (answer.seats || [])[i];
  const head = el("div", { class: "seat-head" },
    el("span", { class: "wind", title: "seat wind" }, WIND_NAMES[p.wind] || p.wind),
    el("span", { class: "name", "data-name": "" }, who(i)),
    kindOf && kindOf !== "human" && kindOf !== (answer.names || [])[i] ? el("span", { class: "muted bot", title: "a bot" }, kindOf) : null,
    p.riichi ? el("span", { class: "badge", "data-riichi": "" }, "riichi") : null,
    p.lack ? el("span", { class: "badge lack", "data-lack": p.lack }, `lacks ${p.lack}`) : null,
    p.won ? el("span", { class: "badge won-badge" }, "won") : null,
    el("span", { class: "score", "data-score": p.score }, points(p.score)));
  const hand = own && t.hand
    ? ownHand(t)
    : el("span", { class: "tiles hand hidden-hand", "data-hidden-hand": i, "data-count": p.hand_count, title: `${p.hand_count} concealed tiles` },
      Array.from({ length: p.hand_count }, () => back()));
  return el("section", { class: classes, "data-seat": i, "data-own": own ? "" : null, "aria-label": `seat ${i}: ${who(i)}` },
    head,
    el("div", { class: "hand-row" }, hand, melds(p)),
    river(p));
}

function center(t) {
  const offer = t.offer ? el("p", { class: "offer", "data-offer": t.offer.pai }, `${who(t.offer.from)} discarded `, small(t.offer.pai)) : null;
  const riichi = RIICHI.includes(state.answer.rules);
  return [
    el("p", { class: "round-name", "data-round": `${t.bakaze}${t.kyoku}-${t.honba}` }, roundName(t.bakaze, t.kyoku)),
    el("p", { class: "sticks", "data-sticks": t.kyotaku }, riichi || t.kyotaku > 0 ? `${t.honba} honba · riichi sticks ${t.kyotaku}` : `${t.honba} honba`),
    t.dora_markers.length > 0
      ? el("p", { class: "dora" }, el("span", { class: "muted" }, "dora indicators "), el("span", { class: "tiles", "data-dora": t.dora_markers.join(" ") }, t.dora_markers.map((d) => tile(mpsz(d)))))
      : null,
    el("p", { class: "left", "data-left": t.left }, `${t.left} tiles left`),
    offer,
  ];
}

function actionButton(label, action, extra = []) {
  const button = el("button", { type: "button", class: `act act-${action.type}`, "data-action": action.type, disabled: state.acting }, label, ...extra);
  button.addEventListener("click", () => act(action));
  return button;
}

function meldTiles(action) {
  const names = action.type === "ankan" ? action.consumed : [...(action.consumed || []), action.pai].filter(Boolean);
  return el("span", { class: "tiles" }, names.map((n) => tile(mpsz(n))));
}

/** The room will not go on: the match is over, or the server closed it for being idle. */
const finished = () => Boolean(state.answer && (state.answer.done || state.answer.expired));

function actions() {
  if (state.seat === null || !state.answer || finished()) return [];
  const out = [];
  if (state.mode === "riichi") {
    const cancel = el("button", { type: "button", class: "small", "data-action": "cancel" }, "cancel");
    cancel.addEventListener("click", () => {
      state.mode = null;
      render();
    });
    return [el("span", { class: "hint" }, "Riichi: click the tile to discard"), cancel];
  }
  const exchanges = legalOf("huansanzhang");
  if (exchanges.length > 0) {
    const names = state.picked.map((i) => handNames()[i]);
    const chosen = names.length === 3 ? exchangeOf(names) : null;
    const confirm = el("button", { type: "button", class: "act", "data-action": "huansanzhang", disabled: chosen === null || state.acting }, "Pass these three");
    confirm.addEventListener("click", () => chosen && act(chosen));
    const clear = el("button", { type: "button", class: "small", "data-action": "clear" }, "clear");
    clear.addEventListener("click", () => {
      state.picked = [];
      render();
    });
    out.push(el("span", { class: "hint" }, `Exchange: pick three tiles to pass (${names.length} of 3)`), confirm, clear);
  }
  for (const a of legalOf("dingque")) out.push(actionButton(`Give up ${{ m: "characters (m)", p: "dots (p)", s: "bamboo (s)" }[a.suit] || a.suit}`, a));
  for (const a of legalOf("hora")) out.push(actionButton(a.actor === a.target ? "Tsumo" : "Ron", a, [" ", tile(mpsz(a.pai))]));
  if (legalOf("reach").length > 0) {
    const riichi = el("button", { type: "button", class: "act act-reach", "data-action": "reach", disabled: state.acting }, "Riichi");
    riichi.addEventListener("click", () => {
      state.mode = "riichi";
      render();
    });
    out.push(riichi);
  }
  const NAMES = { chi: "Chi", pon: "Pon", daiminkan: "Kan", ankan: "Closed kan", kakan: "Added kan" };
  for (const type of Object.keys(NAMES)) for (const a of legalOf(type)) out.push(actionButton(`${NAMES[type]} `, a, [meldTiles(a)]));
  for (const a of legalOf("nukidora")) out.push(actionButton("Kita ", a, [tile(mpsz(a.pai))]));
  for (const a of legalOf("ryukyoku")) out.push(actionButton("Nine terminals (abort)", a));
  const known = ["dahai", "reach", "hora", "chi", "pon", "daiminkan", "ankan", "kakan", "nukidora", "ryukyoku", "none", "huansanzhang", "dingque"];
  for (const a of state.legal.filter((x) => !known.includes(x.type))) out.push(actionButton(a.type, a));
  for (const a of legalOf("none")) {
    out.push(actionButton("Pass", a));
    if (timerSeconds() > 0) out.push(el("span", { class: "call-timer", "data-call-timer": "" }, ""));
  }
  return out;
}

function turnText() {
  const answer = state.answer;
  if (answer.done) return "Match over";
  if (answer.expired) return "Room closed";
  if (state.acting) return "Sending…";
  const waiting = (answer.to_act || []).filter((i) => i !== state.seat).map(who);
  if (state.seat !== null) {
    if (legalOf("huansanzhang").length) return "Choose three tiles to pass";
    if (legalOf("dingque").length) return "Choose the suit to give up";
    if (legalOf("none").length) return "Call?";
    if (legalOf("dahai").length) return "Your turn: discard a tile";
    if (state.legal.length) return "Your turn";
  }
  return waiting.length ? `Waiting for ${waiting.join(", ")}` : "";
}

function roundEnd() {
  const answer = state.answer;
  const r = state.lastRound;
  if (!finished() && (!r || state.roundEndClosed)) return null;
  const players = answer.players;
  const parts = r ? [el("h2", {}, `${r.name}: round over`), ...results(r.results, who, players)] : [];
  if (finished()) {
    const order = answer.scores.slice(0, players).map((s, i) => [s, i]).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    parts.push(el("div", { "data-match-end": answer.done ? "over" : "expired" },
      answer.done
        ? el("h2", {}, "Match over ", el("span", { class: "sub" }, "終局"))
        : el("h2", {}, "Room closed: nobody moved for a long time"),
      el("ol", { class: "ranking" }, order.map(([s, i]) => el("li", { "data-final": s }, `${who(i)}: ${points(s)}`))),
      el("p", {}, el("a", { href: `/api/games/${encodeURIComponent(state.game)}/log`, download: `mj-${state.game}.jsonl`, "data-log-link": "" }, "Download the log"),
        " (mjai JSON Lines, every hand shown) · ", el("a", { href: "/play" }, "new game"))));
  } else {
    const scores = answer.table ? answer.table.players.map((p, i) => `${who(i)} ${points(p.score)}`).join(" · ") : "";
    const close = el("button", { type: "button", class: "small", "data-action": "close-round-end" }, "continue");
    close.addEventListener("click", () => {
      state.roundEndClosed = true;
      render();
    });
    parts.push(el("p", { class: "muted" }, scores), close);
  }
  return parts;
}

function invite() {
  const answer = state.answer;
  const others = (answer.seats || []).flatMap((s, i) => {
    if (s !== "human" || i === state.seat) return [];
    const token = load(tokenKey(state.game, i));
    return token ? [[i, token]] : [];
  });
  if (others.length === 0 || finished()) return [];
  return el("details", { class: "invite", open: state.next < 40 },
    el("summary", {}, "Invite people to the other human seats"),
    el("ul", {}, others.map(([i, token]) => {
      const link = seatLink(state.game, i, token);
      return el("li", {}, `seat ${i}: `, el("a", { href: link, "data-share": i }, link));
    })));
}

function render() {
  const answer = state.answer;
  const game = $("game");
  game.dataset.next = String(state.next);
  if (state.acting) game.dataset.acting = "";
  else delete game.dataset.acting;
  if (!answer) return;
  if (finished()) game.dataset.done = "";
  const spectator = state.seat === null;
  fill($("game-info"), `${answer.rules} · ${answer.length} · room ${answer.id || state.game}${spectator ? " · watching" : ""}`);
  fill($("turn"), turnText());
  fill($("invite"), invite());
  const end = roundEnd();
  $("round-end").hidden = end === null;
  if (end) {
    fill($("round-end"), end);
    $("round-end").dataset.roundEnd = state.lastRound ? state.lastRound.name : "";
  } else delete $("round-end").dataset.roundEnd;
  const t = answer.table;
  const board = $("board");
  if (!t) {
    for (const id of ["slot-top", "slot-left", "slot-right", "slot-bottom"]) fill($(id), []);
    fill($("center"), el("p", { class: "muted" }, "The game has not started."));
  } else {
    const players = t.players.length;
    board.dataset.players = String(players);
    const where = slots(players, spectator ? 0 : state.seat);
    for (const side of ["top", "left", "right", "bottom"]) {
      const i = where[side];
      fill($(`slot-${side}`), i === null ? [] : seatPanel(i, !spectator && i === state.seat));
    }
    fill($("center"), center(t));
  }
  fill($("actions"), actions());
  armTimer();
  if (state.timer.interval !== null) tick();
  const list = state.words.slice(-STRIP).reverse();
  fill($("events"), list.map((words) => el("li", {}, words)));
  if (!spectator) {
    if ($("analysis-on").checked) drawAnalysis();
    analyse();
  }
}

/** The table of `gameId`, for `seatText` (a seat number) or a spectator (null). */
export function table(gameId, seatText) {
  $("game").hidden = false;
  state.game = gameId;
  if (seatText !== null && seatText !== "") {
    const n = Number(seatText);
    if (!Number.isInteger(n) || n < 0 || n > 3) {
      fill($("game-status"), el("p", { class: "error", role: "alert" }, `seat ${seatText} is not a seat (0-3)`));
      return;
    }
    state.seat = n;
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const given = fragment.get("token");
    if (given) {
      save(tokenKey(gameId, n), given);
      // The token is kept here; the address bar no longer shows it.
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
    }
    state.token = given || load(tokenKey(gameId, n));
    if (!state.token) {
      fatal(new ApiFailure(401, "missing_token", "no token for this seat"));
      return;
    }
  } else {
    $("analysis-switch").hidden = true;
  }
  document.title = `mj: ${state.seat === null ? "watching" : `seat ${state.seat}`} · ${gameId}`;
  $("analysis-on").checked = load(ANALYSIS_KEY) === "1";
  $("analysis-on").addEventListener("change", () => {
    save(ANALYSIS_KEY, $("analysis-on").checked ? "1" : "0");
    render();
  });
  loop();
}

