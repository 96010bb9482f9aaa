// The score page: a winning hand and its situation in, the protocol's `score` answer out
// (riichi and sanma: yaku, fu with its breakdown, limit, payments; Sichuan and MCR: fans).
// Every field and switch carries its protocol name; every number comes from POST /api.

import { ask, el, fill, errorBox, params, setParams, splitTiles, meldEditor, points } from "./common.js";
import { tile, tiles, picker, addTile, dropTile } from "./tiles.js";

const $ = (id) => document.getElementById(id);

const FLAGS = {
  riichi: ["riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou"],
  sichuan: ["chankan", "tenhou", "chiihou", "kong", "last_wall"],
  mcr: ["last_tile", "kong", "last_wall"],
};
FLAGS.sanma = FLAGS.riichi;
const RIICHI_SWITCHES = [["kuitan", true], ["aka", true], ["double_yakuman", true], ["kazoe_yakuman", true], ["kiriage", false], ["renhou", "none", ["none", "mangan", "yakuman"]]];
const SWITCHES = {
  riichi: RIICHI_SWITCHES,
  sanma: [...RIICHI_SWITCHES, ["tsumo_loss", true]],
  sichuan: [["sichuan_table", "common", ["common", "zimo_jiadi", "classic"]]],
  mcr: [["ming_an_gang", false]],
};
const ALL_FLAGS = [...new Set(Object.values(FLAGS).flat())];
const ALL_SWITCHES = [];
for (const list of Object.values(SWITCHES)) for (const s of list) if (!ALL_SWITCHES.some((x) => x[0] === s[0])) ALL_SWITCHES.push(s);

const melds = meldEditor($("meld-box"), () => {});

for (const name of ALL_FLAGS) {
  $("flags").append(el("label", { class: "switch", "data-flag": name }, el("input", { type: "checkbox", id: `flag-${name}`, name }), ` ${name}`));
}
for (const [name, def, choices] of ALL_SWITCHES) {
  let input;
  if (choices) {
    input = el("select", { id: `opt-${name}`, name, "data-switch": name }, choices.map((c) => el("option", { value: c }, c)));
    input.value = def;
  } else {
    input = el("input", { type: "checkbox", id: `opt-${name}`, name, "data-switch": name });
    input.checked = def;
  }
  $("switches").append(el("label", { class: "switch", "data-option": name }, input, ` ${name}`));
}

$("picker").append(picker(
  (t) => edit((text) => ($("target").value === "win_tile" ? t : addTile(text, t))),
  () => edit(dropTile),
  () => edit(() => ""),
));

function edit(change) {
  const input = $($("target").value);
  input.value = change(input.value);
  if ($("target").value === "hand") fill($("hand-view"), tiles(splitTiles($("hand").value)));
}

function switchValue(name, def) {
  const input = $(`opt-${name}`);
  return typeof def === "boolean" ? input.checked : input.value;
}

function showFor(rules) {
  for (const node of document.querySelectorAll("[data-rules]")) node.hidden = !node.dataset.rules.split(" ").includes(rules);
  for (const name of ALL_FLAGS) $("flags").querySelector(`[data-flag="${name}"]`).hidden = !FLAGS[rules].includes(name);
  for (const [name] of ALL_SWITCHES) $("switches").querySelector(`[data-option="${name}"]`).hidden = !SWITCHES[rules].some((s) => s[0] === name);
}

$("rules").addEventListener("change", () => showFor($("rules").value));
$("form").addEventListener("submit", (event) => {
  event.preventDefault();
  score();
});

/** The `score` request of the form, and its URL form. */
function request() {
  const rules = $("rules").value;
  const req = { op: "score", rules, hand: $("hand").value.trim(), win_tile: $("win_tile").value.trim() };
  const url = [["q", req.hand], ["win_tile", req.win_tile], ["rules", rules]];
  const m = melds.get();
  if (m.length) {
    req.melds = m;
    url.push(["melds", melds.text()]);
  }
  if ($("tsumo").checked) {
    req.tsumo = true;
    url.push(["tsumo", "1"]);
  }
  for (const w of ["seat_wind", "round_wind"]) {
    if ($(w).value !== "1z") {
      req[w] = $(w).value;
      url.push([w, $(w).value]);
    }
  }
  for (const input of $("fields").querySelectorAll("[data-rules]")) {
    if (input.tagName === "LABEL" || !input.dataset.rules.split(" ").includes(rules)) continue;
    const value = input.value.trim();
    if (value === "") continue;
    const kind = input.dataset.field;
    if (kind === "int") {
      if (Number(value) === 0 && input.name !== "cap") continue;
      req[input.name] = Number(value);
    } else if (kind === "tiles") {
      req[input.name] = splitTiles(value);
    } else {
      req[input.name] = value;
    }
    url.push([input.name, value]);
  }
  for (const name of FLAGS[rules]) {
    if ($(`flag-${name}`).checked) {
      req[name] = true;
      url.push([name, "1"]);
    }
  }
  const options = {};
  for (const [name, def] of SWITCHES[rules]) {
    const value = switchValue(name, def);
    if (value !== def) {
      options[name] = value;
      url.push([`opt.${name}`, typeof value === "boolean" ? (value ? "1" : "0") : value]);
    }
  }
  if (Object.keys(options).length) req.options = options;
  if (rules === "sichuan" && req.wild === undefined) delete req.wild;
  return [req, url];
}

function loadState() {
  const p = params();
  $("hand").value = p.get("q") || "";
  $("win_tile").value = p.get("win_tile") || "";
  const rules = p.get("rules");
  if (rules && SWITCHES[rules]) $("rules").value = rules;
  $("tsumo").checked = p.get("tsumo") === "1";
  melds.setText(p.get("melds"));
  for (const input of $("fields").querySelectorAll("input, select")) {
    if (p.get(input.name) !== null) input.value = p.get(input.name);
  }
  for (const name of ALL_FLAGS) $(`flag-${name}`).checked = p.get(name) === "1";
  for (const [name, def] of ALL_SWITCHES) {
    const v = p.get(`opt.${name}`);
    if (v === null) continue;
    if (typeof def === "boolean") $(`opt-${name}`).checked = v === "1";
    else $(`opt-${name}`).value = v;
  }
  showFor($("rules").value);
}

function riichiResult(a) {
  const pay = a.points;
  const payment = pay.ron !== undefined ? `ron: the discarder pays ${points(pay.ron)}` : pay.dealer !== undefined ? `tsumo: the dealer pays ${points(pay.dealer)}, the others ${points(pay.others)} each` : `tsumo: ${points(pay.others)} from each`;
  const value = a.yakuman ? `yakuman${a.yakuman > 1 ? ` x${a.yakuman}` : ""}` : `${a.han} han ${a.fu} fu`;
  const yaku = el("table", { class: "yaku", "data-table": "yaku" },
    el("thead", {}, el("tr", {}, el("th", {}, "yaku"), el("th", { class: "num" }, "han"))),
    el("tbody", {}, a.yaku.map((y) => el("tr", { "data-yaku": y.name }, el("td", {}, y.name), el("td", { class: "num" }, y.yakuman ? `yakuman${y.yakuman > 1 ? ` x${y.yakuman}` : ""}` : y.han)))));
  const fu = a.fu_details
    ? el("table", { class: "fu", "data-table": "fu" },
      el("thead", {}, el("tr", {}, el("th", {}, "fu"), el("th", { class: "num" }, ""))),
      el("tbody", {}, a.fu_details.map((f) => el("tr", { "data-fu": f.name }, el("td", {}, f.name), el("td", { class: "num" }, f.fu))),
        el("tr", { class: "total" }, el("td", {}, "rounded"), el("td", { class: "num" }, a.fu))))
    : null;
  return [
    el("p", { class: "points", "data-points-total": pay.total }, points(pay.total), el("small", {}, " points")),
    el("p", {}, el("strong", {}, value), a.limit ? ` — ${a.limit}` : "", ` — ${payment}`),
    el("div", { class: "cols" }, yaku, fu),
  ];
}

function fanResult(a) {
  const table = el("table", { class: "fans", "data-table": "fans" },
    el("thead", {}, el("tr", {}, el("th", {}, "fan"), el("th", {}, "中文"), el("th", { class: "num" }, "value"), el("th", { class: "num" }, "count"))),
    el("tbody", {}, a.fans.map((f) => el("tr", { "data-fan-name": f.name }, el("td", {}, f.name), el("td", {}, f.zh), el("td", { class: "num" }, f.fan), el("td", { class: "num" }, f.count)))));
  const out = [el("p", { class: "points", "data-fan": a.fan }, `${a.fan}`, el("small", {}, " fan"), a.multiplier !== undefined ? el("small", {}, ` — x${points(a.multiplier)}`) : null), table];
  if (a.wildcards && a.wildcards.length) {
    out.push(el("p", {}, "wildcards as: ", a.wildcards.map((w) => el("span", { class: "wait" }, tile(w.tile), " → ", tile(w.as)))));
  }
  return out;
}

async function score() {
  const [req, url] = request();
  const shown = new URLSearchParams(url).toString();
  setParams(url);
  fill($("hand-view"), req.hand ? tiles(splitTiles(req.hand)) : null);
  if (!req.hand) {
    fill($("result"), el("p", { class: "muted" }, "Type the winning hand (the winning tile included) and the winning tile."));
    return;
  }
  let answer;
  try {
    [answer] = await ask([req]);
  } catch (e) {
    fill($("result"), el("p", { class: "error", role: "alert" }, String(e.message)));
  }
  if (answer && answer.error) {
    const extra = answer.error.fan !== undefined ? ` (${answer.error.fan} fan)` : "";
    fill($("result"), errorBox({ kind: answer.error.kind, message: answer.error.message + extra }));
  } else if (answer) {
    fill($("result"), req.rules === "riichi" || req.rules === "sanma" ? riichiResult(answer) : fanResult(answer));
  }
  // What the shown answer is for (the request as in the address): tests wait for it.
  $("result").dataset.request = shown;
}

loadState();
if ($("hand").value) score();
else fill($("result"), el("p", { class: "muted" }, "Type the winning hand (the winning tile included) and the winning tile."));
