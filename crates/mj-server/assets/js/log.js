// The log viewer: a log is sent to POST /api/log, which answers its games as mjai events;
// this page replays those events into a board (hands, draws, rivers, melds, dora, scores) and
// steps through them. Names and every other string from the log are set as text, never HTML.

import { el, fill, points } from "./common.js";
import { tile, mpsz } from "./tiles.js";

const WINDS = ["East", "South", "West", "North"];

/** Hand order: man, pin, sou, honors; a red five beside the fives; hidden tiles last. */
function order(name) {
  const t = mpsz(name);
  const m = /^([0-9])([mpsz])$/.exec(t);
  if (!m) return 1000;
  const rank = m[1] === "0" ? 5.5 : Number(m[1]);
  return "mpsz".indexOf(m[2]) * 10 + rank;
}

/** The kind of an mjai tile name, red or not ("5mr" and "5m" -> "5m"). */
const kindOf = (name) => mpsz(name).replace(/^0/, "5");

const sorted = (names) => [...names].sort((a, b) => order(a) - order(b));

/** Removes one `name` from `hand` (a hidden `?` when the name is not there). */
function take(hand, name) {
  let i = hand.indexOf(name);
  if (i < 0) i = hand.indexOf("?");
  if (i >= 0) hand.splice(i, 1);
}

/** The board at a round's start. */
function start(ev, names) {
  const seats = ev.tehais.map((tehai, i) => ({
    name: names[i] || `seat ${i}`,
    hand: sorted(tehai),
    drawn: null,
    river: [],
    melds: [],
    kita: 0,
    riichi: false,
    declaring: false,
  }));
  return {
    round: `${ev.bakaze}${ev.kyoku}-${ev.honba}`,
    bakaze: ev.bakaze,
    kyoku: ev.kyoku,
    honba: ev.honba,
    kyotaku: ev.kyotaku,
    oya: ev.oya,
    scores: [...ev.scores],
    dora: [ev.dora_marker],
    ura: [],
    seats,
    results: [],
  };
}

/** The drawn tile joins the hand before the seat gives up a tile. */
function merge(seat) {
  if (seat.drawn !== null) {
    seat.hand.push(seat.drawn);
    seat.drawn = null;
  }
}

/** The board after `ev` (a new object: the board before it is kept for stepping back). */
export function apply(board, ev) {
  const b = structuredClone(board);
  const s = b.seats[ev.actor];
  switch (ev.type) {
    case "tsumo":
      s.drawn = ev.pai;
      break;
    case "dahai":
      merge(s);
      take(s.hand, ev.pai);
      s.hand = sorted(s.hand);
      s.river.push({ pai: ev.pai, tsumogiri: ev.tsumogiri, riichi: s.declaring, called: false });
      s.declaring = false;
      break;
    case "reach":
      s.declaring = true;
      s.riichi = true;
      break;
    case "reach_accepted":
      if (ev.scores) b.scores = [...ev.scores];
      b.kyotaku += 1;
      break;
    case "chi":
    case "pon":
    case "daiminkan": {
      for (const t of ev.consumed) take(s.hand, t);
      const from = b.seats[ev.target].river;
      if (from.length > 0) from[from.length - 1].called = true;
      s.melds.push({ type: ev.type, tiles: [ev.pai, ...ev.consumed], from: ev.target });
      break;
    }
    case "kakan": {
      merge(s);
      take(s.hand, ev.pai);
      s.hand = sorted(s.hand);
      const pon = s.melds.find((m) => m.type === "pon" && m.tiles.some((t) => kindOf(t) === kindOf(ev.pai)));
      if (pon) {
        pon.type = "kakan";
        pon.tiles.push(ev.pai);
      } else s.melds.push({ type: "kakan", tiles: [ev.pai, ...ev.consumed] });
      break;
    }
    case "ankan":
      merge(s);
      for (const t of ev.consumed) take(s.hand, t);
      s.hand = sorted(s.hand);
      s.melds.push({ type: "ankan", tiles: [...ev.consumed] });
      break;
    case "nukidora":
      merge(s);
      take(s.hand, ev.pai);
      s.hand = sorted(s.hand);
      s.kita += 1;
      break;
    case "dora":
      b.dora.push(ev.dora_marker);
      break;
    case "hora":
    case "ryukyoku":
      if (ev.scores) b.scores = [...ev.scores];
      else if (ev.deltas) b.scores = b.scores.map((x, i) => x + (ev.deltas[i] || 0));
      if (ev.uradora_markers && ev.uradora_markers.length > 0) b.ura = [...ev.uradora_markers];
      if (ev.type === "hora") b.kyotaku = 0;
      b.results.push(ev);
      break;
    default:
      break;
  }
  return b;
}

/** The boards after each event of a round (the first is its `start_kyoku`). */
export function boards(events, names) {
  const out = [];
  let board = null;
  for (const ev of events) {
    if (ev.type === "start_kyoku") board = start(ev, names);
    else if (board !== null) board = apply(board, ev);
    out.push(board);
  }
  return out;
}

/** An event in words. */
function describe(ev, board) {
  const who = (seat) => (board && board.seats[seat] ? board.seats[seat].name : `seat ${seat}`);
  const t = (name) => mpsz(name);
  switch (ev.type) {
    case "start_kyoku": return `Round ${ev.bakaze}${ev.kyoku}, honba ${ev.honba}: hands dealt, dora indicator ${t(ev.dora_marker)}`;
    case "tsumo": return `${who(ev.actor)} draws ${t(ev.pai)}`;
    case "dahai": return `${who(ev.actor)} discards ${t(ev.pai)}${ev.tsumogiri ? " (the drawn tile)" : ""}`;
    case "reach": return `${who(ev.actor)} declares riichi`;
    case "reach_accepted": return `${who(ev.actor)}'s riichi stands`;
    case "chi": case "pon": case "daiminkan":
      return `${who(ev.actor)} calls ${ev.type} on ${who(ev.target)}'s ${t(ev.pai)} with ${ev.consumed.map(t).join(" ")}`;
    case "kakan": return `${who(ev.actor)} adds ${t(ev.pai)} to a pon`;
    case "ankan": return `${who(ev.actor)} declares a closed kan of ${t(ev.consumed[0])}`;
    case "nukidora": return `${who(ev.actor)} sets aside ${t(ev.pai)} (kita)`;
    case "dora": return `new dora indicator ${t(ev.dora_marker)}`;
    case "hora":
      return ev.actor === ev.target
        ? `${who(ev.actor)} wins by tsumo on ${t(ev.pai)}`
        : `${who(ev.actor)} wins by ron on ${who(ev.target)}'s ${t(ev.pai)}`;
    case "ryukyoku": return `draw: ${ev.reason || "exhaustive"}`;
    case "end_kyoku": return "round over";
    case "end_game": return "game over";
    default: return ev.type;
  }
}

// --- the page -------------------------------------------------------------------------------

const $ = (id) => document.getElementById(id);
const view = { game: null, round: 0, step: 0, boards: [] };

function show(text, error = false) {
  fill($("status"), text ? el("p", { class: error ? "error" : "muted", role: error ? "alert" : null }, text) : []);
}

function seatPanel(board, i) {
  const s = board.seats[i];
  const wind = WINDS[(i - board.oya + 4) % 4];
  const hand = el("span", { class: "tiles", "data-hand": s.hand.map(mpsz).join(" "), "data-hand-size": s.hand.length + (s.drawn !== null ? 1 : 0) },
    s.hand.map((t) => tile(mpsz(t))));
  const drawn = s.drawn !== null ? el("span", { class: "tiles drawn", "data-drawn": mpsz(s.drawn) }, tile(mpsz(s.drawn))) : null;
  const melds = el("span", { class: "melds-row" }, s.melds.map((m) =>
    el("span", { class: `tiles meld ${m.type}`, title: m.type, "data-meld": m.type }, m.tiles.map((t) => tile(mpsz(t))))),
  s.kita > 0 ? el("span", { class: "muted" }, ` kita ×${s.kita}`) : null);
  const river = el("div", { class: "river", "data-river": s.river.length }, s.river.map((d) => {
    const classes = [d.tsumogiri ? "tsumogiri" : "", d.riichi ? "riichi" : "", d.called ? "called" : ""].join(" ").trim();
    return el("span", { class: `discard ${classes}` }, tile(mpsz(d.pai), { title: `${mpsz(d.pai)}${d.tsumogiri ? " drawn and discarded" : ""}${d.riichi ? " riichi" : ""}${d.called ? " called" : ""}` }));
  }));
  return el("section", { class: `seat${i === board.oya ? " dealer" : ""}`, "data-seat": i },
    el("div", { class: "seat-head" },
      el("span", { class: "wind" }, wind),
      el("span", { class: "name", "data-name": "" }, s.name),
      el("span", { class: "score", "data-score": board.scores[i] }, points(board.scores[i])),
      s.riichi ? el("span", { class: "badge" }, "riichi") : null),
    el("div", { class: "hand-row" }, hand, drawn, melds),
    river);
}

function resultBox(board) {
  if (board.results.length === 0) return [];
  return board.results.map((r) => {
    const deltas = (r.deltas || []).map((d, i) => `${board.seats[i] ? board.seats[i].name : i}: ${d > 0 ? "+" : ""}${points(d)}`).join(", ");
    const head = r.type === "hora"
      ? `${board.seats[r.actor].name} wins: ${r.fan} han ${r.fu} fu, ${points(r.hora_points)} points`
      : `Draw (${r.reason || "exhaustive"})`;
    const yaku = r.type === "hora" && r.yakus ? r.yakus.map(([name, han]) => `${name} ${han}`).join(", ") : "";
    return el("div", { class: "result", "data-result": r.type },
      el("p", {}, el("strong", {}, head)),
      yaku ? el("p", { class: "muted" }, yaku) : null,
      el("p", {}, deltas));
  });
}

function render() {
  const events = view.game.rounds[view.round];
  const board = view.boards[view.step];
  const ev = events[view.step];
  $("slider").max = String(events.length - 1);
  $("slider").value = String(view.step);
  const label = $("step-label");
  label.textContent = `step ${view.step + 1} / ${events.length}`;
  label.dataset.step = String(view.step + 1);
  label.dataset.steps = String(events.length);
  for (const b of $("rounds").querySelectorAll("button")) {
    if (Number(b.dataset.round) === view.round) b.setAttribute("aria-current", "true");
    else b.removeAttribute("aria-current");
  }
  $("event").textContent = describe(ev, board);
  $("event").dataset.type = ev.type;
  if (!board) {
    fill($("board"), []);
    fill($("table"), el("p", { class: "muted" }, "before the first round"));
    fill($("result"), []);
    return;
  }
  fill($("board"), el("div", { class: "row" },
    el("span", {}, `Round ${board.round}`),
    el("span", { class: "muted" }, `riichi sticks ${board.kyotaku}`),
    el("span", {}, "dora indicators "), el("span", { class: "tiles", "data-dora": board.dora.map(mpsz).join(" ") }, board.dora.map((t) => tile(mpsz(t)))),
    board.ura.length > 0 ? el("span", {}, " ura ") : null,
    board.ura.length > 0 ? el("span", { class: "tiles" }, board.ura.map((t) => tile(mpsz(t)))) : null));
  fill($("table"), board.seats.slice(0, view.players).map((_, i) => seatPanel(board, i)));
  fill($("result"), resultBox(board));
}

function goRound(i) {
  const rounds = view.game.rounds;
  view.round = Math.max(0, Math.min(rounds.length - 1, i));
  view.boards = boards(rounds[view.round], view.game.names);
  view.step = 0;
  render();
}

function goStep(i) {
  const n = view.game.rounds[view.round].length;
  view.step = Math.max(0, Math.min(n - 1, i));
  render();
}

function open(answer) {
  const game = answer.games.find((g) => g.rounds.length > 0);
  if (!game) {
    show("The log holds no round.", true);
    return;
  }
  view.game = game;
  const start = game.rounds[0].find((e) => e.type === "start_kyoku");
  // Three players: the fourth seat is dealt nothing (its tiles all hidden).
  view.players = start && start.tehais.length === 4 && start.tehais[3].every((t) => t === "?") ? 3 : start ? start.tehais.length : 4;
  const info = [`${answer.format}`, game.rules, `${game.rounds.length} rounds`];
  if (game.end && game.end.scores) info.push(`final ${game.end.scores.map(points).join(" / ")}`);
  // A tenhou.net/6 title is text from the log: a text node, whatever it holds.
  fill($("game-info"),
    game.title ? el("strong", { class: "title", "data-title": "" }, game.title) : null,
    el("span", { class: "muted" }, info.join(" · ")));
  fill($("rounds"), game.rounds.map((events, i) => {
    const s = events.find((e) => e.type === "start_kyoku");
    const b = el("button", { type: "button", class: "small", "data-round": i }, s ? `${s.bakaze}${s.kyoku}-${s.honba}` : `#${i + 1}`);
    b.addEventListener("click", () => goRound(i));
    return b;
  }));
  $("viewer").hidden = false;
  // The keys step through the log, not the form field last used.
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  show("");
  goRound(0);
}

async function load(body) {
  show("Reading the log…");
  let response;
  try {
    response = await fetch("/api/log", { method: "POST", body });
  } catch (e) {
    show(`The server could not be reached: ${e.message}`, true);
    return;
  }
  const text = await response.text();
  let answer;
  try {
    answer = JSON.parse(text);
  } catch (_) {
    show(`HTTP ${response.status}: the answer is not JSON`, true);
    return;
  }
  if (!response.ok) {
    const e = answer.error || {};
    show(`${e.kind || response.status}: ${e.message || ""}`, true);
    return;
  }
  open(answer);
}

$("file").addEventListener("change", async () => {
  const file = $("file").files[0];
  if (file) await load(await file.arrayBuffer());
});
$("form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const text = $("paste").value;
  if (text.trim() !== "") await load(text);
});
$("first").addEventListener("click", () => goStep(0));
$("prev").addEventListener("click", () => goStep(view.step - 1));
$("next").addEventListener("click", () => goStep(view.step + 1));
$("last").addEventListener("click", () => goStep(Infinity));
$("slider").addEventListener("input", () => goStep(Number($("slider").value)));
document.addEventListener("keydown", (e) => {
  if (!view.game || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement && e.target.type !== "range") return;
  const moves = {
    ArrowRight: () => goStep(view.step + 1),
    ArrowLeft: () => goStep(view.step - 1),
    Home: () => goStep(0),
    End: () => goStep(Infinity),
    PageDown: () => goRound(view.round + 1),
    PageUp: () => goRound(view.round - 1),
  };
  if (moves[e.key]) {
    e.preventDefault();
    moves[e.key]();
  }
});
