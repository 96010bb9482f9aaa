//! Botzone's own match log: the JSON Botzone keeps of a Chinese Standard Mahjong match (its
//! `logs`, one entry per judge output and per bot answers, each judge output with the
//! `display` of the step; `initdata` with the `walltiles`), turned into the line form and
//! replayed on own walls.

use serde_json::Value;

use mj_game::is_flower;

use super::{botzone_code, hand};
use crate::LogError;
use crate::log::Game;

/// `true` for a Botzone match log: JSON whose entries hold the judge's `INIT` / `DEAL`
/// displays.
pub(super) fn is_match_log(t: &str) -> bool {
    if !(t.starts_with('{') || t.starts_with('[')) {
        return false;
    }
    serde_json::from_str::<Value>(t).is_ok_and(|v| {
        log_entries(&v).is_some_and(|logs| {
            logs.iter().filter_map(display).any(|d| {
                matches!(
                    d.get("action").and_then(Value::as_str),
                    Some("INIT" | "DEAL")
                )
            })
        })
    })
}

/// The log entries of a match log: its `logs`, or the array itself.
fn log_entries(v: &Value) -> Option<&Vec<Value>> {
    match v {
        Value::Array(a) => Some(a),
        Value::Object(o) => o.get("logs").and_then(Value::as_array),
        _ => None,
    }
}

/// The judge's display of a log entry (an object, or JSON in a string).
fn display(entry: &Value) -> Option<Value> {
    match entry.get("output")?.get("display")? {
        Value::String(s) => serde_json::from_str(s).ok(),
        d @ Value::Object(_) => Some(d.clone()),
        _ => None,
    }
}

/// Reads one Botzone match log: its displays become the lines of the line form (the claimed
/// tile of a `PENG` / `CHI` and the follow-up discard each on its own line; a `GANG` with a
/// discard on offer is a kong on it, else a concealed kong), replayed on own walls, from
/// `initdata.walltiles` when the log has it.
pub(super) fn read(text: &str) -> Result<Game, LogError> {
    let whole = |why: String| LogError::Line {
        what: "log entry",
        line: 0,
        why,
    };
    let v: Value = serde_json::from_str(text).map_err(|e| whole(format!("JSON: {e}")))?;
    let logs = log_entries(&v).ok_or_else(|| whole("a Botzone match log has `logs`".into()))?;
    let init = match v.get("initdata") {
        Some(Value::String(s)) if !s.is_empty() => {
            serde_json::from_str(s).map_err(|e| whole(format!("initdata: {e}")))?
        }
        Some(i @ Value::Object(_)) => i.clone(),
        _ => Value::Null,
    };
    let id = ["_id", "matchId", "id"]
        .iter()
        .find_map(|k| v.get(k).and_then(Value::as_str))
        .unwrap_or("botzone")
        .to_string();
    let mut lines: Vec<(usize, String)> = vec![(0, format!("Match {id}"))];
    let mut quan = init.get("quan").and_then(Value::as_u64);
    let mut live: Option<String> = None;
    let mut drawn: Option<(u64, String)> = None;
    let mut finish: Option<Vec<i64>> = None;
    // The judge's count of each own wall at the last display, checked against the engine's.
    let mut tile_cnt: Option<(usize, String)> = None;
    for (i, entry) in logs.iter().enumerate() {
        let n = i + 1;
        if let Some(c) = entry
            .get("output")
            .filter(|o| o.get("command") == Some(&"finish".into()))
        {
            finish = (0..4)
                .map(|s| c.get("content")?.get(s.to_string())?.as_i64())
                .collect();
        }
        let Some(d) = display(entry) else {
            continue;
        };
        let at = |why: &str| LogError::Line {
            what: "log entry",
            line: n,
            why: why.to_string(),
        };
        if let Some(c) = d.get("tileCnt").and_then(Value::as_array) {
            let c: Vec<String> = c
                .iter()
                .map(|x| x.as_i64().unwrap_or(-1).to_string())
                .collect();
            tile_cnt = Some((n, c.join(" ")));
        }
        let action = d.get("action").and_then(Value::as_str).unwrap_or("");
        let p = d.get("player").and_then(Value::as_u64);
        let tile = d.get("tile").and_then(Value::as_str).map(str::to_string);
        let pl = || p.filter(|&p| p < 4).ok_or_else(|| at("no player"));
        let tl = || tile.clone().ok_or_else(|| at("no tile"));
        // The judge's `canHu` after a draw, a discard or an added kong: whether each seat
        // could win on that tile (checked against the engine's offers).
        let can_hu = d
            .get("canHu")
            .and_then(Value::as_array)
            .filter(|_| matches!(action, "DRAW" | "PLAY" | "PENG" | "CHI" | "BUGANG"))
            .map(|c| {
                let c: Vec<String> = c
                    .iter()
                    .map(|x| x.as_i64().unwrap_or(-4).to_string())
                    .collect();
                format!("CanHu {}", c.join(" "))
            });
        let mut push = |s: String| lines.push((n, s));
        match action {
            "INIT" => {
                quan = quan.or(d.get("quan").and_then(Value::as_u64));
            }
            "DEAL" => {
                let hands = d
                    .get("hand")
                    .and_then(Value::as_array)
                    .ok_or(at("no hand"))?;
                for (p, h) in hands.iter().enumerate() {
                    let h: Vec<&str> = h
                        .as_array()
                        .map(|h| h.iter().filter_map(Value::as_str).collect())
                        .unwrap_or_default();
                    if h.len() < 13 {
                        return Err(at("a deal of fewer than 13 tiles"));
                    }
                    push(format!("Player {p} Deal {}", h[..13].join(" ")));
                    // The judge deals until 13 are no flowers: the rest replaced dealt flowers.
                    for t in &h[13..] {
                        let verb = if t.starts_with('H') { "BuHua" } else { "Draw" };
                        push(format!("Player {p} {verb} {t}"));
                    }
                }
            }
            "DRAW" => {
                let (p, t) = (pl()?, tl()?);
                push(format!("Player {p} Draw {t}"));
                if let Some(c) = can_hu {
                    push(c);
                }
                drawn = Some((p, t));
                live = None;
                continue;
            }
            "BUHUA" => push(format!("Player {} BuHua {}", pl()?, tl()?)),
            "PLAY" => {
                push(format!("Player {} Play {}", pl()?, tl()?));
                live = tile;
            }
            "PENG" | "CHI" => {
                let p = pl()?;
                let claimed = live.take().ok_or_else(|| at("a claim with no discard"))?;
                if action == "PENG" {
                    push(format!("Player {p} Peng {claimed}"));
                } else {
                    let mid = d.get("tileCHI").and_then(Value::as_str);
                    push(format!("Player {p} Chi {}", mid.ok_or(at("no tileCHI"))?));
                }
                push(format!("Player {p} Play {}", tl()?));
                live = tile;
            }
            "GANG" => match live.take() {
                Some(t) => push(format!("Player {} Gang {t}", pl()?)),
                None => push(format!("Player {} AnGang {}", pl()?, tl()?)),
            },
            "BUGANG" => {
                push(format!("Player {} BuGang {}", pl()?, tl()?));
                live = tile;
            }
            "HU" => {
                let p = pl()?;
                let win = match drawn.take() {
                    Some((q, t)) if q == p => t,
                    _ => live.take().ok_or_else(|| at("a win on no tile"))?,
                };
                push(format!("Player {p} Hu {win}"));
                let fans: Vec<String> = d
                    .get("fan")
                    .and_then(Value::as_array)
                    .map(|f| {
                        f.iter()
                            .map(|f| {
                                let v = f.get("value").and_then(Value::as_u64).unwrap_or(0);
                                let c = f.get("cnt").and_then(Value::as_u64).unwrap_or(1);
                                let name = f.get("name").and_then(Value::as_str).unwrap_or("?");
                                format!("{name} {}", v * c)
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                let total = d.get("fanCnt").and_then(Value::as_u64).unwrap_or(0);
                push(format!("Fan {total} {}", fans.join(" ")));
                let score = d.get("score").and_then(Value::as_array).map(|s| {
                    s.iter()
                        .map(|x| x.as_i64().unwrap_or(0).to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                });
                if let Some(s) = score {
                    push(format!("Score {s}"));
                }
            }
            "HUANG" => push("Huang".to_string()),
            other => {
                return Err(at(&format!(
                    "the match ended on `{other}` of player {} (a bot's fault), not a hand's end",
                    p.map_or("?".to_string(), |p| p.to_string())
                )));
            }
        }
        if let Some(c) = can_hu {
            lines.push((n, c));
        }
        drawn = None;
    }
    if let Some(f) = finish.filter(|_| !lines.iter().any(|(_, l)| l.starts_with("Score"))) {
        let f: Vec<String> = f.iter().map(i64::to_string).collect();
        lines.push((logs.len(), format!("Score {}", f.join(" "))));
    }
    // The prevailing wind: `initdata`'s, else the `INIT` display's.
    lines.insert(1, (0, format!("Wind {}", quan.unwrap_or(0))));
    if let Some((n, c)) = tile_cnt {
        lines.push((n, format!("TileCnt {c}")));
    }
    let wall = match init.get("walltiles").and_then(Value::as_str) {
        Some(w) if !w.trim().is_empty() => Some(wall_ids(w).map_err(whole)?),
        _ => None,
    };
    let block: Vec<(usize, Vec<&str>)> = lines
        .iter()
        .map(|(n, l)| (*n, l.split_whitespace().collect()))
        .collect();
    hand(&block, "log entry", Some(wall.unwrap_or_default()))
}

/// The ids of Botzone's `walltiles` (136 names, or 144 with the flowers), per kind in the
/// order they lie.
fn wall_ids(walltiles: &str) -> Result<Vec<u8>, String> {
    let mut copies = [0u8; 34];
    walltiles
        .split_whitespace()
        .map(|name| {
            let c = botzone_code(name).ok_or(format!("walltiles: `{name}` is no tile"))?;
            if is_flower(c) {
                return Ok(c);
            }
            let k = usize::from(c);
            copies[k] += 1;
            if copies[k] > 4 {
                return Err(format!("walltiles: a fifth {name}"));
            }
            Ok(c * 4 + copies[k] - 1)
        })
        .collect()
}
