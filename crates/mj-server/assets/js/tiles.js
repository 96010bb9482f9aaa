// Tiles drawn as tiles (rank and suit letter, coloured by suit: no font with mahjong glyphs
// is assumed), and the tile picker.

import { el } from "./common.js";

const HONORS = { 1: ["E", "East 東"], 2: ["S", "South 南"], 3: ["W", "West 西"], 4: ["N", "North 北"], 5: ["P", "White 白"], 6: ["F", "Green 發"], 7: ["C", "Red 中"] };
const SUITS = { m: "characters 萬", p: "dots 筒", s: "bamboo 索" };

const HONOR_MJAI = { E: "1z", S: "2z", W: "3z", N: "4z", P: "5z", F: "6z", C: "7z" };

/** An mjai tile name ("5m", "5mr", "E", "?") as mpsz for drawing ("5m", "0m", "1z", "?"). */
export function mpsz(name) {
  if (HONOR_MJAI[name]) return HONOR_MJAI[name];
  const red = /^5([mps])r$/.exec(name);
  return red ? `0${red[1]}` : name;
}

/** A tile face down (another seat's concealed tile, or a hidden one). */
export function back(extra = {}) {
  return el("span", { class: "tile back", title: "hidden tile", "data-back": "", ...extra });
}

/** One tile ("5p", "0m" a red five, "H3" a flower) as an element; anything else is shown as
 * text. */
export function tile(name, extra = {}) {
  const flower = /^H([1-8])$/.exec(name);
  if (flower) return el("span", { class: "tile flower", title: `flower ${flower[1]}`, "data-tile": name, ...extra }, "花", el("small", {}, flower[1]));
  const match = /^([0-9])([mpsz])$/.exec(name);
  if (!match) return el("span", { class: "tile unknown", ...extra }, name);
  const [, rank, suit] = match;
  if (suit === "z") {
    const [face, title] = HONORS[rank] || [name, name];
    return el("span", { class: `tile z z${rank}`, title, "data-tile": name, ...extra }, face);
  }
  const red = rank === "0";
  const title = `${red ? "red 5" : rank} ${SUITS[suit]}`;
  return el("span", { class: `tile ${suit}${red ? " red" : ""}`, title, "data-tile": name, ...extra },
    red ? "5" : rank, el("small", {}, suit));
}

/** A row of tiles. */
export function tiles(names, extra = {}) {
  return el("span", { class: "tiles", ...extra }, names.map((n) => tile(n)));
}

/** Every tile the picker offers: 1-9 and the red five of each suit, then the honors. */
export const PICKABLE = [
  ..."1234506789".split("").map((r) => `${r}m`),
  ..."1234506789".split("").map((r) => `${r}p`),
  ..."1234506789".split("").map((r) => `${r}s`),
  ..."1234567".split("").map((r) => `${r}z`),
];

/** The tile picker: a button per tile; `onPick(tile)` on click, plus backspace and clear. */
export function picker(onPick, onBack, onClear) {
  const rows = ["m", "p", "s", "z"].map((suit) =>
    el("div", { class: "picker-row" },
      PICKABLE.filter((t) => t.endsWith(suit)).map((t) => {
        const button = el("button", { type: "button", class: "pick", "data-pick": t, "aria-label": `add ${t}` }, tile(t));
        button.addEventListener("click", () => onPick(t));
        return button;
      })));
  const back = el("button", { type: "button", class: "small", "data-pick-back": "" }, "⌫ last");
  back.addEventListener("click", onBack);
  const clear = el("button", { type: "button", class: "small", "data-pick-clear": "" }, "clear");
  clear.addEventListener("click", onClear);
  return el("div", { class: "picker", role: "group", "aria-label": "tile picker" }, rows, el("div", { class: "picker-row" }, back, clear));
}

/** Adds a tile to mpsz text, keeping the text grouped by suit ("123m4p" + "5m" -> "1235m4p"). */
export function addTile(text, name) {
  const groups = [];
  const compact = text.replace(/\s+/g, "");
  const re = /([0-9]+)([mpsz])/g;
  let m;
  let consumed = 0;
  while ((m = re.exec(compact)) !== null) {
    if (m.index !== consumed) return compact + name;
    groups.push([m[1], m[2]]);
    consumed = re.lastIndex;
  }
  if (consumed !== compact.length) return compact + name;
  const [rank, suit] = [name[0], name[1]];
  const at = groups.findIndex((g) => g[1] === suit);
  if (at >= 0) groups[at][0] += rank;
  else groups.push([rank, suit]);
  const order = "mpsz";
  groups.sort((a, b) => order.indexOf(a[1]) - order.indexOf(b[1]));
  return groups.map(([ranks, s]) => ranks.split("").sort((a, b) => (a === "0" ? 5.5 : a) - (b === "0" ? 5.5 : b)).join("") + s).join("");
}

/** Removes the last tile of mpsz text ("123m4p" -> "123m"). */
export function dropTile(text) {
  const compact = text.replace(/\s+/g, "");
  const m = /^(.*?)([0-9]*)([0-9])([mpsz])$/.exec(compact);
  if (!m) return compact.slice(0, -1);
  const [, head, rest, , suit] = m;
  return rest === "" ? head : head + rest + suit;
}
