// The analysis page: a hand in (mpsz or the picker), the protocol's answers out: shanten by
// form, a row per discard (shanten after it, accepted tiles, their live count, the
// improvement-weighted count), waits, furiten and the riichi candidates with their yaku.
// Every number comes from POST /api; the page only draws.

import { ask, el, fill, errorBox, params, setParams, splitTiles, meldEditor, points } from "./common.js";
import { tile, tiles, picker, addTile, dropTile } from "./tiles.js";

const $ = (id) => document.getElementById(id);
const SWITCHES = ["seven_pairs", "distinct_pairs", "thirteen_orphans", "honor_sequences", "eyes_258", "knitted", "honors", "lack_one_suit"];
const GENERIC_DEFAULTS = { seven_pairs: true, distinct_pairs: false, thirteen_orphans: true, honor_sequences: false, eyes_258: false, knitted: false, honors: true, lack_one_suit: false };
const FIELDS = ["dora", "visible", "river", "wild"];

const melds = meldEditor($("meld-box"), () => {});

// The switches of the generic preset, named as in the protocol.
for (const name of SWITCHES) {
  const box = el("input", { type: "checkbox", id: `opt-${name}`, name, "data-switch": name });
  box.checked = GENERIC_DEFAULTS[name];
  $("switches").append(el("label", { class: "switch" }, box, ` ${name}`));
}

$("picker").append(picker(
  (t) => edit((text) => addTile(text, t)),
  () => edit(dropTile),
  () => edit(() => ""),
));

function edit(change) {
  const input = $($("target").value);
  input.value = change(input.value);
  if ($("target").value === "hand") analyse();
}

$("rules").addEventListener("change", () => {
  $("switches").hidden = $("rules").value !== "generic";
  analyse();
});
$("form").addEventListener("submit", (event) => {
  event.preventDefault();
  analyse();
});

/** The request fields every line shares: hand, melds, rules, options, wild. */
function common(hand) {
  const rules = $("rules").value;
  const request = { hand };
  const m = melds.get();
  if (m.length) request.melds = m;
  let wild = splitTiles($("wild").value);
  if (rules === "hongzhong") {
    request.rules = "generic";
    if (!wild.includes("7z")) wild = [...wild, "7z"];
  } else {
    request.rules = rules;
  }
  if (wild.length) request.wild = wild;
  if (rules === "generic") {
    const options = {};
    for (const name of SWITCHES) {
      const on = $(`opt-${name}`).checked;
      if (on !== GENERIC_DEFAULTS[name]) options[name] = on;
    }
    if (Object.keys(options).length) request.options = options;
  }
  return request;
}

function saveState() {
  const entries = [["q", $("hand").value.trim()], ["rules", $("rules").value === "riichi" ? "" : $("rules").value]];
  for (const f of FIELDS) entries.push([f, $(f).value.trim()]);
  entries.push(["melds", melds.text()]);
  for (const w of ["seat_wind", "round_wind"]) entries.push([w, $(w).value === "1z" ? "" : $(w).value]);
  if ($("rules").value === "generic") {
    for (const name of SWITCHES) {
      const on = $(`opt-${name}`).checked;
      if (on !== GENERIC_DEFAULTS[name]) entries.push([`opt.${name}`, on ? "1" : "0"]);
    }
  }
  setParams(entries);
}

function loadState() {
  const p = params();
  $("hand").value = p.get("q") || "";
  const rules = p.get("rules") || "riichi";
  if ([...$("rules").options].some((o) => o.value === rules)) $("rules").value = rules;
  for (const f of FIELDS) $(f).value = p.get(f) || "";
  for (const w of ["seat_wind", "round_wind"]) if (p.get(w)) $(w).value = p.get(w);
  melds.setText(p.get("melds"));
  for (const name of SWITCHES) {
    const v = p.get(`opt.${name}`);
    if (v !== null) $(`opt-${name}`).checked = v === "1";
  }
  $("switches").hidden = $("rules").value !== "generic";
  if (FIELDS.some((f) => p.get(f)) || p.get("melds") || p.get("seat_wind") || p.get("round_wind")) $("more").open = true;
}

function shantenText(s) {
  const parts = [`standard ${s.standard}`];
  if (s.seven_pairs !== null) parts.push(`seven pairs ${s.seven_pairs}`);
  if (s.thirteen_orphans !== null) parts.push(`thirteen orphans ${s.thirteen_orphans}`);
  const head = s.shanten === -1 ? "complete (和了)" : s.shanten === 0 ? "ready (聴牌, 0-shanten)" : `${s.shanten}-shanten (${s.shanten}向聴)`;
  return el("p", { class: "shanten", "data-shanten": s.shanten }, el("strong", {}, head), ` — by form: ${parts.join(", ")}`);
}

function improvedCell(row) {
  if (row.improved_ukeire === null || row.improved_ukeire === undefined) return el("td", { class: "num muted" }, "–");
  const title = row.improvements.map((i) => `${i.tile} (${i.live}) then ${i.discard}: ${i.ukeire_count}`).join("; ");
  return el("td", { class: "num", title: title || "no improving draw", "data-improved": row.improved_ukeire }, row.improved_ukeire.toFixed(2));
}

function discardTable(rows) {
  const head = el("tr", {}, el("th", {}, "discard"), el("th", {}, "shanten"), el("th", {}, "accepted tiles"), el("th", { class: "num" }, "count"), el("th", { class: "num", title: "improvement-weighted acceptance" }, "improved"));
  const body = rows.map((r) =>
    el("tr", { "data-discard": r.tile, "data-ukeire": r.ukeire_count, "data-shanten": r.shanten },
      el("td", {}, tile(r.tile)),
      el("td", { class: "num" }, r.shanten),
      el("td", {}, tiles(r.ukeire)),
      el("td", { class: "num" }, r.ukeire_count),
      improvedCell(r)));
  return el("div", { class: "scroll" }, el("table", { class: "discards", "data-table": "discards" }, el("thead", {}, head), el("tbody", {}, body)));
}

function scoreText(answer) {
  if (!answer) return "";
  if (answer.error) return `no score (${answer.error.kind}: ${answer.error.message})`;
  const yaku = answer.yaku.map((y) => (y.yakuman ? `${y.name} (yakuman${y.yakuman > 1 ? ` x${y.yakuman}` : ""})` : `${y.name} ${y.han}`)).join(", ");
  const value = answer.yakuman ? `yakuman` : `${answer.han} han ${answer.fu} fu`;
  return `${points(answer.points.total)} — ${value}${answer.limit ? ` ${answer.limit}` : ""} — ${yaku}`;
}

function readyTable(rows, hasDiscard) {
  if (rows.length === 0) return el("p", { class: "muted", "data-ready": "none" }, hasDiscard ? "No discard leaves the hand ready." : "Not ready.");
  const scored = rows.some((r) => r.waits.some((w) => w.ron));
  const head = el("tr", {}, hasDiscard ? el("th", {}, "discard") : null, el("th", {}, "waits"), el("th", { class: "num" }, "live"), el("th", {}, "furiten"), scored ? el("th", {}, "ron / tsumo (riichi when closed)") : null);
  const body = rows.map((r) =>
    el("tr", { "data-ready": r.discard || "hand", "data-live": r.live, "data-furiten": String(r.furiten) },
      hasDiscard ? el("td", {}, tile(r.discard)) : null,
      el("td", {}, r.waits.map((w) => el("span", { class: "wait" }, tile(w.tile), el("small", {}, `×${w.live}`)))),
      el("td", { class: "num" }, r.live),
      el("td", { class: r.furiten ? "bad" : "" }, r.furiten ? "furiten" : "no"),
      scored ? el("td", { class: "scores" }, r.waits.map((w) => el("div", {}, tile(w.tile), ` ron ${scoreText(w.ron)}`, el("br"), el("span", { class: "muted" }, `tsumo ${scoreText(w.tsumo)}`)))) : null));
  return el("div", { class: "scroll" }, el("table", { class: "ready", "data-table": "ready" }, el("thead", {}, head), el("tbody", {}, body)));
}

let generation = 0;

async function analyse() {
  saveState();
  const hand = $("hand").value.trim();
  const result = $("result");
  fill($("hand-view"), hand ? tiles(splitTiles(hand)) : null);
  if (!hand) {
    fill(result, el("p", { class: "muted" }, "Type a hand in mpsz (e.g. 123m456p789s23455z) or pick tiles."));
    result.dataset.hand = "";
    return;
  }
  const base = common(hand);
  const rules = base.rules;
  const visible = $("visible").value.trim();
  const river = $("river").value.trim();
  const dora = splitTiles($("dora").value);
  const lines = [{ ...base, op: "shanten", id: "shanten" }];
  const withVisible = (r) => (visible ? { ...r, visible } : r);
  lines.push(withVisible({ ...base, op: "discards", improvement: true, id: "discards" }));
  lines.push(withVisible({ ...base, op: "ukeire", improvement: true, id: "ukeire" }));
  const ready = withVisible({ ...base, op: "ready", id: "ready" });
  if (river) ready.river = river;
  if (rules === "riichi" && !base.wild) {
    if (dora.length) ready.dora = dora;
    ready.seat_wind = $("seat_wind").value;
    ready.round_wind = $("round_wind").value;
  }
  lines.push(ready);
  const mine = ++generation;
  let answers;
  try {
    answers = await ask(lines);
  } catch (e) {
    fill(result, el("p", { class: "error", role: "alert" }, String(e.message)));
    result.dataset.hand = hand;
    return;
  }
  if (mine !== generation) return;
  const by = Object.fromEntries(answers.map((a) => [a.id, a]));
  const out = [];
  const s = by.shanten;
  if (s.error) {
    out.push(errorBox(s.error));
    fill(result, out);
    result.dataset.hand = hand;
    return;
  }
  out.push(shantenText(s));
  const d = by.discards;
  const u = by.ukeire;
  if (!d.error) {
    out.push(el("h2", {}, "Discards ", el("span", { class: "sub" }, "打牌")), discardTable(d.discards));
  } else if (d.error.kind !== "hand_size") {
    out.push(errorBox(d.error, "discards"));
  }
  if (!u.error) {
    out.push(el("h2", {}, "Accepted tiles ", el("span", { class: "sub" }, "受け入れ")),
      el("p", { class: "ukeire", "data-ukeire": u.ukeire_count }, tiles(u.ukeire), ` ${u.ukeire_count} tiles`,
        u.improved_ukeire !== null && u.improved_ukeire !== undefined ? el("span", { class: "muted" }, ` — improvement-weighted ${u.improved_ukeire.toFixed(2)}`) : null));
  } else if (u.error.kind !== "hand_size") {
    out.push(errorBox(u.error, "ukeire"));
  }
  const r = by.ready;
  if (!r.error) {
    const hasDiscard = r.ready.some((row) => row.discard !== null) || !d.error;
    out.push(el("h2", {}, hasDiscard ? "Ready discards (riichi candidates) " : "Waits ", el("span", { class: "sub" }, hasDiscard ? "聴牌打牌" : "待ち")), readyTable(r.ready, hasDiscard));
  } else {
    out.push(errorBox(r.error, "ready"));
  }
  fill(result, out);
  // What the shown answers are for: tests wait for it.
  result.dataset.hand = hand;
}

loadState();
analyse();
