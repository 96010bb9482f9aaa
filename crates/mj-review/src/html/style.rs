//! The page's stylesheet, inline: system fonts, a light and a dark scheme, phone first
//! (tables scroll sideways inside their box; the page itself never does).

/// The CSS of the page.
pub(crate) const CSS: &str = r#"
:root{--bg:#f6f6f3;--fg:#1d1d1b;--card:#fff;--line:#d8d8d2;--muted:#666;--ok:#1f7a3a;--bad:#b3261e;
--tile:#fffdf6;--tileb:#b9b4a6;--m:#7a1f5c;--p:#1553a0;--s:#16743a;--z:#222;
--safe:#cdeccf;--low:#fff0a8;--mid:#ffd19a;--high:#ffb3ad}
@media (prefers-color-scheme:dark){:root{--bg:#17181a;--fg:#e8e8e4;--card:#222326;--line:#3a3b3f;
--muted:#a0a0a0;--ok:#63c77f;--bad:#ff8a80;--safe:#24452a;--low:#4a4420;--mid:#553a1c;--high:#5a2623}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:1000px;padding:12px;background:var(--bg);color:var(--fg);
font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK JP",sans-serif}
h1{margin:.2em 0;font-size:1.5em}h2{font-size:1.15em;margin:.3em 0}
small,.k{color:var(--muted);font-size:.85em}
.top{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:10px 12px}
.seats{list-style:none;padding:0;margin:0 0 6px;display:flex;flex-wrap:wrap;gap:6px}
.seats li{border:1px solid var(--line);border-radius:6px;padding:2px 8px}
.seats li.me{border-color:var(--ok);font-weight:600}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:6px 0}
.facts dt{color:var(--muted)}.facts dd{margin:0;overflow-wrap:anywhere}.big{font-weight:700}
.tables{display:flex;flex-wrap:wrap;gap:12px}
table{border-collapse:collapse;font-size:.9em}
th,td{border-bottom:1px solid var(--line);padding:3px 6px;text-align:left;vertical-align:top}
th{color:var(--muted);font-weight:600}
.scroll{overflow-x:auto;max-width:100%}
svg.curve{width:100%;height:auto;display:block;background:var(--card)}
svg .grid{stroke:var(--line);stroke-width:1}
svg .round{stroke:var(--muted);stroke-dasharray:4 4;stroke-width:1}
svg .line{fill:none;stroke:var(--bad);stroke-width:2.5}
svg .err{fill:var(--bad);fill-opacity:.75}
svg text{fill:var(--muted);font-size:13px}
nav.rounds{display:flex;flex-wrap:wrap;gap:4px;margin-top:8px}
nav.rounds a{border:1px solid var(--line);border-radius:4px;padding:1px 6px;text-decoration:none;color:inherit}
#only-errors{margin:14px 6px 14px 2px}
#only-errors:checked~main .decision.ok{display:none}
section.round{margin:16px 0}
section.round>h2{border-bottom:2px solid var(--line);padding-bottom:2px}
.delta.up{color:var(--ok)}.delta.down{color:var(--bad)}.delta.even{color:var(--muted)}
.result{margin:.2em 0 .5em}
.board{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:8px;margin-bottom:8px}
.start,.river,.end{margin:3px 0;line-height:2}
.who{display:inline-block;min-width:9em;font-size:.9em}
.river.me .who{font-weight:700}
.tg .t{opacity:.6}.rc .t{transform:rotate(90deg);margin:0 5px}.cl .t{text-decoration:line-through}
.t{font-style:normal;display:inline-block;min-width:1.85em;padding:1px 2px;margin:1px;border:1px solid var(--tileb);
border-bottom-width:3px;border-radius:4px;background:var(--tile);text-align:center;font-weight:700;
font-size:.95em;line-height:1.3;font-variant-numeric:tabular-nums}
.t.m{color:var(--m)}.t.p{color:var(--p)}.t.s{color:var(--s)}.t.z{color:var(--z)}
.t.rd{color:#c62828}.t.gd{color:#1b7a2e}.t.wd{color:#667}
.t.red{background:#ffd9d6;border-color:#d0443a;color:#c62828;box-shadow:inset 0 0 0 1px #d0443a}
.t.back{background:#8a9bb0;color:#fff}
.tiles{white-space:normal}
.decision{background:var(--card);border:1px solid var(--line);border-left:5px solid var(--ok);
border-radius:8px;padding:8px 10px;margin:8px 0}
.decision.bad{border-left-color:var(--bad)}
.decision header{font-size:.9em}.num{font-weight:700}.sit{text-transform:uppercase;font-size:.8em;color:var(--muted)}
.flag,.threat{border:1px solid var(--bad);color:var(--bad);border-radius:4px;padding:0 4px;font-size:.85em}
.hand{margin:4px 0;line-height:2.1;overflow-wrap:anywhere}
.drawn{margin-left:8px}.meld{margin-left:8px;padding-left:4px;border-left:2px solid var(--line)}
.offer{margin-left:8px}
.vs{display:grid;grid-template-columns:1fr auto 1fr;gap:8px;align-items:center;margin:6px 0}
.vs>div{border:1px solid var(--line);border-radius:6px;padding:4px 8px;min-height:2.4em}
.vs .verdict{border:none;font-weight:700;color:var(--ok);text-align:center}
.bad .vs .verdict{color:var(--bad)}
.bad .vs .actual{background:rgba(179,38,30,.08)}
.advised{background:rgba(31,122,58,.08)}
@media (max-width:560px){body{padding:6px}.vs{grid-template-columns:1fr}.vs .verdict{text-align:left}
.who{min-width:0;display:block}.cands .sc{display:none}.cands td,.cands th{padding:3px 3px}
.kinds{display:block;font-size:.85em}.kinds i{margin:0 .4em 0 0}.decision{padding:6px}}
.error{margin:4px 0}.cat{font-weight:700;color:var(--bad)}
.reason{margin:4px 0}
details summary{cursor:pointer;color:var(--muted);font-size:.9em}
tr.advice td{background:rgba(31,122,58,.08)}tr.played td{background:rgba(179,38,30,.08)}
tr.advice.played td{background:rgba(31,122,58,.14)}
.mark{font-size:.75em;border:1px solid var(--line);border-radius:3px;padding:0 3px;color:var(--muted)}
.count{font-variant-numeric:tabular-nums}
.kinds i{font-style:normal;font-weight:600;margin-left:.4em;white-space:nowrap}
.kinds .m{color:var(--m)}.kinds .p{color:var(--p)}.kinds .s{color:var(--s)}.kinds .z{color:var(--fg)}
.cands td:nth-child(2){white-space:nowrap}
.risk{display:inline-block;border-radius:4px;padding:0 5px;font-weight:700;color:var(--fg)}
.risk.safe{background:var(--safe)}.risk.low{background:var(--low)}.risk.mid{background:var(--mid)}.risk.high{background:var(--high)}
@media (prefers-color-scheme:dark){.kinds .m{color:#e79ad0}.kinds .p{color:#8fb8f0}.kinds .s{color:#7fd49a}}
"#;
