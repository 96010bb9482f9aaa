// The lobby: pick the rules, the length and who sits where, create the room (POST /api/games),
// keep every human seat's token and go to the first one's table; below, the rooms
// (GET /api/games) with a link to watch each, and to play the seats this browser holds.

import { el, fill } from "./common.js";
import { call, load, save, tokenKey, seatLink, timerSeconds, TIMER_KEY, THREE_PLAYERS } from "./play-api.js";

const $ = (id) => document.getElementById(id);

/** What can sit at a seat: a person, or one of our players (the first bot is the default). */
const SEAT_CHOICES = [
  ["human", "human"],
  ["defense", "defense (push/fold)"],
  ["efficiency", "efficiency"],
  ["value", "value"],
  ["imitation", "imitation (Phoenix-like)"],
  ["search", "search (slower)"],
  ["random", "random"],
  ["tsumogiri", "tsumogiri"],
];

function seatCount() {
  return THREE_PLAYERS.includes($("rules").value) ? 3 : 4;
}

/** One select per seat; the choices already made are kept when the count changes. */
function drawSeats() {
  const before = [...$("seats").querySelectorAll("select")].map((s) => s.value);
  const n = seatCount();
  fill($("seats"), Array.from({ length: n }, (_, i) => {
    const id = `seat-${i}`;
    const select = el("select", { id, name: id, "data-seat-choice": i },
      SEAT_CHOICES.map(([value, label]) => el("option", { value }, label)));
    select.value = before[i] || (i === 0 ? "human" : "defense");
    return el("div", { class: "seat-choice" }, el("label", { for: id }, `seat ${i}`), select);
  }));
}

function show(node, text, error = false) {
  fill(node, text ? el("p", { class: error ? "error" : "muted", role: error ? "alert" : null }, text) : []);
}

async function create(event) {
  event.preventDefault();
  const seats = [...$("seats").querySelectorAll("select")].map((s) => s.value);
  const humans = seats.flatMap((s, i) => (s === "human" ? [i] : []));
  if (humans.length === 0) {
    show($("lobby-status"), "At least one seat must be human (bots alone play in `mj arena`).", true);
    return;
  }
  const seconds = Number($("timer").value);
  save(TIMER_KEY, String(Number.isFinite(seconds) && seconds >= 0 ? seconds : 0));
  const request = { rules: $("rules").value, length: $("length").value, seats };
  const seed = $("seed").value.trim();
  if (seed !== "") {
    // The walls' seed, for a game that can be played again: an integer JSON can carry exactly.
    if (!/^[0-9]+$/.test(seed) || !Number.isSafeInteger(Number(seed))) {
      show($("lobby-status"), `The seed ${seed} is not a whole number below 2^53.`, true);
      return;
    }
    request.seed = Number(seed);
  }
  const decision = Number($("decision").value);
  if (decision !== 0) {
    if (!Number.isInteger(decision) || decision < 3 || decision > 3600) {
      show($("lobby-status"), "The decision time is 0 (none) or 3 to 3600 seconds.", true);
      return;
    }
    request.timeout_s = decision;
  }
  const name = $("name").value.trim();
  if (name) {
    request.names = seats.map((s, i) => (i === humans[0] ? name : s === "human" ? `player ${i}` : s));
  }
  $("create-go").disabled = true;
  show($("lobby-status"), "Creating the room…");
  try {
    const room = await call("/api/games", { body: request });
    for (const [seat, token] of Object.entries(room.tokens || {})) save(tokenKey(room.id, seat), token);
    const first = humans[0];
    const token = (room.tokens || {})[String(first)];
    window.location.assign(seatLink(room.id, first, token));
  } catch (e) {
    show($("lobby-status"), `The room was not created: ${e.message}`, true);
    $("create-go").disabled = false;
  }
}

/** A room's creation time: seconds or milliseconds since 1970, or text as given. */
function when(created) {
  if (typeof created !== "number") return created === undefined || created === null ? "" : String(created);
  const date = new Date(created > 1e12 ? created : created * 1000);
  return date.toLocaleString();
}

async function listRooms() {
  let answer;
  try {
    answer = await call("/api/games");
  } catch (e) {
    show($("rooms"), `The rooms could not be listed: ${e.message}`, true);
    return;
  }
  const games = answer.games || [];
  if (games.length === 0) {
    fill($("rooms"), el("p", { class: "muted", "data-rooms": 0 }, "No room yet."));
    return;
  }
  const head = el("tr", {}, ["room", "rules", "length", "players", "state", "created", ""].map((h) => el("th", { class: h === "created" ? "when" : null }, h)));
  const rows = games.map((g) => {
    const seats = g.seats || [];
    const mine = seats.flatMap((s, i) => (load(tokenKey(g.id, i)) !== null ? [i] : []));
    const links = [el("a", { href: `/play?game=${encodeURIComponent(g.id)}`, "data-watch": g.id }, "watch")];
    for (const i of mine) links.push(" · ", el("a", { href: seatLink(g.id, i, null), "data-play": `${g.id}-${i}` }, `play seat ${i}`));
    return el("tr", { "data-room": g.id },
      el("td", { class: "mono" }, g.id),
      el("td", {}, g.rules),
      el("td", {}, g.length),
      el("td", {}, seats.map((kind, i) => {
        const name = (g.names || [])[i];
        return name && name !== kind ? `${name} (${kind})` : kind;
      }).join(", ")),
      el("td", {}, g.done ? "over" : g.expired ? "closed (idle)" : "playing"),
      el("td", { class: "muted when" }, when(g.created)),
      el("td", {}, links));
  });
  fill($("rooms"), el("table", { "data-rooms": games.length }, el("thead", {}, head), el("tbody", {}, rows)));
}

export function lobby() {
  $("lobby").hidden = false;
  $("timer").value = String(timerSeconds());
  drawSeats();
  $("rules").addEventListener("change", drawSeats);
  $("create").addEventListener("submit", create);
  $("refresh").addEventListener("click", listRooms);
  listRooms();
}
