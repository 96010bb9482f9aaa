// What the lobby and the table share: the rooms API (JSON in, JSON or an error out), the seat
// tokens and settings kept in localStorage, and the rules' player counts.

/** An answer of the rooms API that is not 2xx: its status, kind and message. */
export class ApiFailure extends Error {
  constructor(status, kind, message) {
    super(`${kind}: ${message}`);
    this.status = status;
    this.kind = kind;
  }
}

/**
 * Calls the rooms API: `path` under the server, an optional JSON `body` (POST), the seat's
 * `token` (Authorization), an AbortSignal. Resolves to the JSON answer; rejects with an
 * ApiFailure naming the server's error kind.
 */
export async function call(path, { body, token, signal } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    cache: "no-store",
  });
  const text = await response.text();
  let answer = null;
  try {
    answer = JSON.parse(text);
  } catch (_) {
    // not JSON: named below by its status
  }
  if (!response.ok) {
    const error = (answer && answer.error) || {};
    throw new ApiFailure(response.status, error.kind || `HTTP ${response.status}`, error.message || "the server refused the request");
  }
  if (answer === null) throw new ApiFailure(response.status, "invalid_answer", "the answer is not JSON");
  return answer;
}

/** localStorage, or nothing when the browser refuses it (private windows, policies). */
export function load(key) {
  try {
    return window.localStorage.getItem(key);
  } catch (_) {
    return null;
  }
}

export function save(key, value) {
  try {
    window.localStorage.setItem(key, value);
  } catch (_) {
    // not kept: the page still works until it is closed
  }
}

/** Where a seat's token is kept. */
export const tokenKey = (game, seat) => `mj-game-${game}-${seat}`;
/** The call timer, in seconds (0 = off), and the analysis switch. */
export const TIMER_KEY = "mj-play-timer";
export const ANALYSIS_KEY = "mj-play-analysis";
export const DEFAULT_TIMER = 10;

/** The call timer the lobby set, in seconds. */
export function timerSeconds() {
  const n = Number(load(TIMER_KEY));
  return load(TIMER_KEY) !== null && Number.isFinite(n) && n >= 0 ? n : DEFAULT_TIMER;
}

/** Presets played by three. */
export const THREE_PLAYERS = ["sanma", "sanma_mahjong_soul"];

/** A seat's address (its token in the fragment, which is never sent to the server). */
export function seatLink(game, seat, token) {
  const url = new URL("/play", window.location.origin);
  url.searchParams.set("game", game);
  url.searchParams.set("seat", String(seat));
  if (token) url.hash = `token=${encodeURIComponent(token)}`;
  return url.toString();
}
