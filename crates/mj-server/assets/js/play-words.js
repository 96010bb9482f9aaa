// The table's events in words (the log strip), the round's name, and a round's results
// (wins with their yaku and points, draws, payments): built as elements, names as text.

import { el, points } from "./common.js";
import { tile, mpsz } from "./tiles.js";

export const WIND_NAMES = { E: "East", S: "South", W: "West", N: "North" };
const SUIT_NAMES = { m: "characters (m)", p: "dots (p)", s: "bamboo (s)" };

/** A small tile of an mjai name, for sentences. */
export const small = (name) => el("span", { class: "word-tile" }, tile(mpsz(name)));

/** "East 1" (bakaze E, kyoku 1). */
export function roundName(bakaze, kyoku) {
  return `${WIND_NAMES[bakaze] || bakaze} ${kyoku}`;
}

/** "+1,000" / "-1,000" / "±0". */
export const signed = (n) => (n > 0 ? `+${points(n)}` : n === 0 ? "±0" : points(n));

/** The value of a win: yakuman, han and fu, or fan. */
export function value(ev) {
  if (ev.yakuman > 0) return `yakuman${ev.yakuman > 1 ? ` ×${ev.yakuman}` : ""}`;
  if (ev.fu > 0) return `${ev.fan} han ${ev.fu} fu`;
  return `${ev.fan} fan`;
}

/**
 * An event in words, or null for those the strip leaves out (draws, the match's start).
 * `who(seat)` names a seat.
 */
export function describe(ev, who) {
  switch (ev.type) {
    case "start_kyoku":
      return [`${roundName(ev.bakaze, ev.kyoku)}, ${ev.honba} honba: hands dealt, dora indicator `, small(ev.dora_marker)];
    case "dahai":
      return [`${who(ev.actor)} discards `, small(ev.pai), ev.tsumogiri ? " (the drawn tile)" : ""];
    case "reach":
      return [`${who(ev.actor)} declares riichi`];
    case "chi": case "pon": case "daiminkan":
      return [`${who(ev.actor)} calls ${ev.type === "daiminkan" ? "kan" : ev.type} on ${who(ev.target)}'s `, small(ev.pai), " with ", ...ev.consumed.map(small)];
    case "kakan":
      return [`${who(ev.actor)} adds `, small(ev.pai), " to a pon (kan)"];
    case "ankan":
      return [`${who(ev.actor)} declares a closed kan of `, small(ev.consumed[0])];
    case "nukidora":
      return [`${who(ev.actor)} sets aside `, small(ev.pai), " (kita)"];
    case "hua":
      return [`${who(ev.actor)} sets aside the flower `, small(ev.pai)];
    case "dora":
      return ["New dora indicator ", small(ev.dora_marker)];
    case "hora": {
      const how = ev.actor === ev.target ? "by tsumo on " : `by ron on ${who(ev.target)}'s `;
      return [`${who(ev.actor)} wins ${how}`, small(ev.pai), `: ${value(ev)}, ${points(ev.hora_points)} points`];
    }
    case "ryukyoku":
      return [`Draw: ${ev.reason || "exhaustive"}`];
    case "huansanzhang":
      return [`${who(ev.actor)} passes three tiles to ${who(ev.target)}`, ...(ev.pai.every((t) => t !== "?") ? [" ", ...ev.pai.map(small)] : [])];
    case "dingque":
      return [`${who(ev.actor)} gives up ${SUIT_NAMES[ev.suit] || ev.suit}`];
    case "settle":
      return [`Payment (${ev.reason}) about ${who(ev.actor)}: ${(ev.deltas || []).map((d, i) => `${who(i)} ${signed(d)}`).join(", ")}`];
    case "zhuaniao":
      return [`Birds for ${who(ev.actor)}: `, ...(ev.pai || []).map(small), ` (${ev.hits} hit)`];
    case "end_kyoku":
      return ["Round over"];
    case "end_game":
      return [`Match over: ${(ev.scores || []).map((s, i) => `${who(i)} ${points(s)}`).join(", ")}`];
    default:
      return null;
  }
}

/** A round's results (its hora, ryukyoku, settle and zhuaniao events) as elements. */
export function results(events, who, players) {
  return events.map((ev) => {
    const deltas = (ev.deltas || []).slice(0, players);
    const changes = deltas.length
      ? el("p", { class: "deltas" }, deltas.map((d, i) => el("span", { class: d > 0 ? "up" : d < 0 ? "down" : "", "data-delta": d }, `${who(i)} ${signed(d)}`)))
      : null;
    if (ev.type === "hora") {
      const how = ev.actor === ev.target ? "tsumo" : `ron on ${who(ev.target)}`;
      const yaku = (ev.yakus || []).map(([name, han]) => (han > 0 ? `${name} ${han}` : name)).join(", ");
      return el("div", { class: "result", "data-result": "hora" },
        el("p", {}, el("strong", {}, `${who(ev.actor)} wins (${how}) on `), small(ev.pai), el("strong", {}, ` — ${value(ev)}, ${points(ev.hora_points)} points`)),
        yaku ? el("p", { class: "yaku", "data-yaku": "" }, yaku) : null,
        ev.uradora_markers && ev.uradora_markers.length ? el("p", { class: "muted" }, "ura dora indicators ", ev.uradora_markers.map(small)) : null,
        changes);
    }
    if (ev.type === "ryukyoku") {
      const tenpai = (ev.tenpais || []).slice(0, players).flatMap((t, i) => (t ? [who(i)] : []));
      return el("div", { class: "result", "data-result": "ryukyoku" },
        el("p", {}, el("strong", {}, `Draw: ${ev.reason || "exhaustive"}`)),
        el("p", { class: "muted" }, tenpai.length ? `ready: ${tenpai.join(", ")}` : "nobody ready"),
        changes);
    }
    return el("div", { class: "result", "data-result": ev.type }, el("p", {}, describe(ev, who)), changes);
  });
}
