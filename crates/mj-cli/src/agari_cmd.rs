//! The `mj agari` and `mj riichi` commands (human layer): requests through the `agari` op
//! (`mj_protocol`), answers in words.

use mj_agari::Karaten;
use serde_json::{Value, json};

use mj_protocol::{OpError, Request};

use crate::hand_cmd::{self, HandArgs};

/// `mj agari`: the decompositions in words; `Err` holds the error message.
pub fn agari_text(args: &HandArgs) -> Result<String, String> {
    let answer = hand_cmd::ask(&hand_cmd::request("agari", args)?.to_string())?;
    let list = answer["decompositions"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    if list.is_empty() {
        return Ok("no win\n".to_owned());
    }
    let mut out = format!("win: {} decomposition(s)\n", list.len());
    for d in &list {
        let mut parts: Vec<String> = Vec::new();
        for m in d["melds"].as_array().into_iter().flatten() {
            let tiles = m["tiles"].as_str().unwrap_or("?");
            let open = if m["concealed"] == json!(true) {
                ""
            } else {
                " (open)"
            };
            parts.push(format!("{tiles}{open}"));
        }
        match d["form"].as_str() {
            Some("seven_pairs") => {
                let pairs: Vec<&str> = d["pairs"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .collect();
                out.push_str(&format!("  seven pairs: {}\n", pairs.join(" ")));
            }
            Some("thirteen_orphans") => {
                let pair = d["pair"].as_str().unwrap_or("?");
                out.push_str(&format!("  thirteen orphans, pair {pair}\n"));
            }
            _ => {
                let pair = d["pair"].as_str().unwrap_or("?");
                out.push_str(&format!("  {} + pair {pair}", parts.join(" ")));
                if let Some(flags) = d["flags"].as_array() {
                    let names: Vec<&str> = flags.iter().filter_map(Value::as_str).collect();
                    out.push_str(&format!("  [{}]", names.join(", ")));
                }
                out.push('\n');
            }
        }
    }
    Ok(out)
}

/// `mj riichi`: the discards that leave the hand ready, with their waits. `karaten`: list waits
/// on tiles the hand holds four of.
pub fn riichi_text(args: &HandArgs, karaten: bool) -> Result<String, String> {
    let line = hand_cmd::request("agari", args)?.to_string();
    let request = Request::parse(&line).map_err(|e| format!("{}: {e}", e.kind()))?;
    let hand = request
        .hu_hand()
        .map_err(|e| format!("{}: {e}", e.kind()))?;
    let switch = if karaten {
        Karaten::Counts
    } else {
        Karaten::LeftOut
    };
    let candidates = mj_agari::riichi_candidates(&hand, switch).map_err(|e| {
        let e = OpError::from(e);
        format!("{}: {e}", e.kind())
    })?;
    if candidates.as_slice().is_empty() {
        return Ok("no discard leaves the hand ready\n".to_owned());
    }
    let mut out = String::new();
    for c in candidates.as_slice() {
        let tiles = c.waits.to_vec();
        out.push_str(&format!(
            "discard {}: waits {} ({} kinds)\n",
            c.discard,
            mj_tiles::notation::format_tiles(&tiles),
            tiles.len()
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(hand: &str) -> HandArgs {
        HandArgs {
            hand: hand.to_owned(),
            ..HandArgs::default()
        }
    }

    #[test]
    fn describes_decompositions_and_candidates() {
        let out = agari_text(&args("111222333m789p55s")).unwrap();
        assert!(out.starts_with("win: 2 decomposition(s)"), "{out}");
        assert!(out.contains("111m 222m 333m 789p + pair 5s"), "{out}");
        assert_eq!(agari_text(&args("123m456p789s11123z")).unwrap(), "no win\n");
        let out = riichi_text(&args("2344m456p789s111z9p"), false).unwrap();
        assert_eq!(
            out,
            "discard 4m: waits 9p (1 kinds)\ndiscard 9p: waits 14m (2 kinds)\n"
        );
        assert!(
            agari_text(&args("123m"))
                .unwrap_err()
                .starts_with("hand_size")
        );
        assert!(
            riichi_text(&args("123m"), false)
                .unwrap_err()
                .starts_with("hand_size")
        );
    }
}
