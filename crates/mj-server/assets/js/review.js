// The review page: a log is sent to POST /api/review?format=html, which answers the review of
// one seat as a page (mj-review's report, its CSS linked as /assets/review.css); its body's
// nodes are parsed with DOMParser and imported here. Every string from the log in that report
// was escaped by mj-review; the page itself sets text only (textContent), never HTML. The
// names and the title come from POST /api/log's answer for the same log, set as text.

import { el, fill, params, setParams } from "./common.js";

const $ = (id) => document.getElementById(id);

/** The log to send (the file chosen or the text pasted, whichever was touched last), a
 * number that changes with it, and the number whose names are shown. */
const source = { body: null, version: 0, known: -1 };

function show(text, alert = false) {
  fill($("status"), text ? el("p", { class: alert ? "alert" : "muted", role: alert ? "alert" : null }, text) : []);
}

/** An error answer `{"error": {"kind", "message"}}` (or anything else) in words. */
function errorText(status, text) {
  try {
    const e = JSON.parse(text).error;
    if (e && e.kind) return `${e.kind}: ${e.message}`;
  } catch (_) {
    // not JSON: the status says it
  }
  return `HTTP ${status}`;
}

/** The seat names and title of the log (from /api/log), set as the seat options' text. */
async function learnNames(body, version) {
  let answer;
  try {
    const response = await fetch("/api/log", { method: "POST", body });
    if (!response.ok) return;
    answer = await response.json();
  } catch (_) {
    return; // the review's own answer says what is wrong
  }
  if (version !== source.version) return;
  const game = (answer.games || []).find((g) => g.rounds && g.rounds.length > 0);
  if (!game) return;
  source.known = version;
  const names = game.names || [];
  for (const option of $("seat").options) {
    const seat = Number(option.value);
    const name = names[seat];
    option.textContent = name ? `${seat} · ${name}` : `${seat}${seat === 0 ? " (first dealer)" : ""}`;
    option.hidden = seat >= names.length && names.length > 0;
  }
  const title = $("log-title");
  title.textContent = game.title || "";
  title.hidden = !game.title;
}

function forget() {
  source.version += 1;
  $("log-title").hidden = true;
  $("log-title").textContent = "";
  for (const option of $("seat").options) {
    option.textContent = `${option.value}${option.value === "0" ? " (first dealer)" : ""}`;
    option.hidden = false;
  }
}

async function review() {
  if (source.body === null) {
    show("Choose a log file or paste one first.", true);
    return;
  }
  const seat = $("seat").value;
  const player = $("player").value;
  setParams([["seat", seat === "0" ? "" : seat], ["player", player === "defense" ? "" : player],
    ["rules", $("rules").value]]);
  const rules = $("rules").value;
  const query = new URLSearchParams({ format: "html", seat, player });
  if (rules) query.set("rules", rules);
  const { body, version } = source;
  $("go").disabled = true;
  show("Reviewing…");
  const names = source.known === version ? null : learnNames(body, version);
  try {
    let response;
    try {
      response = await fetch(`/api/review?${query}`, { method: "POST", body });
    } catch (e) {
      show(`The server could not be reached: ${e.message}`, true);
      return;
    }
    const text = await response.text();
    if (!response.ok) {
      fill($("report"), []);
      show(errorText(response.status, text), true);
      return;
    }
    const doc = new DOMParser().parseFromString(text, "text/html");
    // Only the report's elements come over: no script is in it, and none would run (the
    // page's Content-Security-Policy allows only this server's script files).
    const nodes = [...doc.body.childNodes].filter((n) => !(n instanceof Element && n.localName === "script"));
    $("report").replaceChildren(...nodes.map((n) => document.importNode(n, true)));
    const agreement = $("report").querySelector("[data-decisions]");
    show(agreement
      ? `${agreement.dataset.agreed} of ${agreement.dataset.decisions} decisions agree with ${player}.`
      : "Reviewed.");
  } finally {
    $("go").disabled = false;
    await names;
  }
}

$("file").addEventListener("change", async () => {
  const file = $("file").files[0];
  if (!file) return;
  forget();
  source.body = await file.arrayBuffer();
  $("paste").value = "";
});
$("paste").addEventListener("input", async () => {
  forget();
  const text = $("paste").value;
  const file = $("file").files[0];
  // Emptying the text goes back to the file chosen, if any.
  if (text.trim() !== "") source.body = text;
  else source.body = file ? await file.arrayBuffer() : null;
});
$("form").addEventListener("submit", (e) => {
  e.preventDefault();
  review();
});

const start = params();
if (["0", "1", "2", "3"].includes(start.get("seat"))) $("seat").value = start.get("seat");
if (["efficiency", "value", "defense"].includes(start.get("player"))) $("player").value = start.get("player");
if ([...$("rules").options].some((o) => o.value === start.get("rules"))) $("rules").value = start.get("rules");
