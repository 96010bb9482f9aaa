// What every page shares: the API client, element building (text only, never HTML), the URL
// state, and small form helpers. Strings from answers or the URL are always set with
// textContent or setAttribute, never parsed as HTML.

/** POST protocol requests (objects) to /api; resolves to their answers, in order. */
export async function ask(requests) {
  const body = requests.map((r) => JSON.stringify(r)).join("\n") + "\n";
  const response = await fetch("/api", {
    method: "POST",
    headers: { "Content-Type": "application/jsonl" },
    body,
  });
  const text = await response.text();
  if (!response.ok) {
    let message = `HTTP ${response.status}`;
    try {
      const error = JSON.parse(text).error;
      message = `${error.kind}: ${error.message}`;
    } catch (_) {
      // not JSON: keep the status
    }
    throw new Error(message);
  }
  return text
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line));
}

/** An element with attributes and children (strings become text nodes). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) throw new Error("no event attributes: use addEventListener");
    node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Replaces the children of `node`. */
export function fill(node, ...children) {
  node.replaceChildren();
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** A protocol error answer as a paragraph. */
export function errorBox(error, what) {
  const prefix = what ? `${what}: ` : "";
  return el("p", { class: "error", role: "alert", "data-error": error.kind }, `${prefix}${error.kind}: ${error.message}`);
}

/** The page's query parameters. */
export function params() {
  return new URLSearchParams(window.location.search);
}

/** Puts the state in the address bar (shareable), without reloading. */
export function setParams(entries) {
  const query = new URLSearchParams();
  for (const [name, value] of entries) {
    if (value !== "" && value !== undefined && value !== null) query.set(name, value);
  }
  const text = query.toString();
  const url = window.location.pathname + (text ? `?${text}` : "");
  window.history.replaceState(null, "", url);
}

/** Splits mpsz text into single tiles ("123m5z" -> ["1m","2m","3m","5z"]); any text it cannot
 * read is passed on whole, so that the protocol names the problem. */
export function splitTiles(text) {
  const compact = text.replace(/\s+/g, "");
  if (compact === "") return [];
  const tiles = [];
  let digits = "";
  for (const ch of compact) {
    if (/[0-9]/.test(ch)) digits += ch;
    else if (/[mpsz]/.test(ch) && digits !== "") {
      for (const d of digits) tiles.push(d + ch);
      digits = "";
    } else return [text.trim()];
  }
  return digits === "" ? tiles : [text.trim()];
}

/** Formats points: 12000 -> "12,000". */
export function points(n) {
  return Number(n).toLocaleString("en-US");
}

/** The melds editor: kind, tiles, called tile and the seat it came from, as protocol melds. */
export function meldEditor(root, onChange) {
  const list = el("ul", { class: "melds", "data-melds": "" });
  const kind = el("select", { "aria-label": "meld kind", name: "meld-kind" },
    ["chi", "pon", "minkan", "ankan", "kakan"].map((k) => el("option", { value: k }, k)));
  const tiles = el("input", { type: "text", "aria-label": "meld tiles (mpsz)", placeholder: "555z", size: 8, name: "meld-tiles", autocomplete: "off" });
  const add = el("button", { type: "button", class: "small" }, "add meld");
  let melds = [];
  const render = () => {
    fill(list, melds.map((m, i) => {
      const remove = el("button", { type: "button", class: "small", "aria-label": `remove meld ${i + 1}` }, "×");
      remove.addEventListener("click", () => {
        melds.splice(i, 1);
        render();
        onChange();
      });
      return el("li", { "data-meld": `${m.kind}:${m.tiles}` }, `${m.kind} ${m.tiles} `, remove);
    }));
  };
  add.addEventListener("click", () => {
    const text = tiles.value.trim();
    if (text === "") return;
    melds.push({ kind: kind.value, tiles: text });
    tiles.value = "";
    render();
    onChange();
  });
  root.append(el("div", { class: "meld-input" }, kind, tiles, add), list);
  return {
    get: () => melds.map((m) => ({ ...m })),
    /** "pon:555z,chi:123m" (the URL form). */
    text: () => melds.map((m) => `${m.kind}:${m.tiles}`).join(","),
    setText: (text) => {
      melds = (text || "")
        .split(",")
        .filter((part) => part.includes(":"))
        .map((part) => {
          const [k, t] = part.split(":");
          return { kind: k, tiles: t };
        });
      render();
    },
  };
}
