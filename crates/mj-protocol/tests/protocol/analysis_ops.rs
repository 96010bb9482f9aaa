//! The analysis answers (`ukeire`, `discards` with `improvement`, `ready`) agree with the ops
//! they are built from, asked one at a time through the same line handler, over seeded random
//! riichi hands:
//!
//! - `ukeire` of the hand left after a discard, with the discarded copy in `visible`, is that
//!   discard's `discards` row;
//! - `improved_ukeire` is the weighted mean recomputed here from `discards` of every drawn hand
//!   (the draw's live copies as weights), and `improvements` lists exactly the draws that beat
//!   the row's own count;
//! - `ready` lists exactly the discards whose remaining hand has `waits`, those waits, their live
//!   copies, furiten from `river`, and as `ron` / `tsumo` exactly `score`'s answer.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_protocol::answer_line;
use mj_tiles::{Tile, TileCounts};
use serde_json::{Value, json};

use crate::Rng;

/// A 14-tile hand drawn from a narrow band of kinds (so ready and 1-shanten hands are common),
/// and a few visible tiles that add no fifth copy.
fn random_hand(rng: &mut Rng) -> (TileCounts, TileCounts) {
    let mut counts = TileCounts::EMPTY;
    let base = rng.below(34);
    let spread = 6 + rng.below(28);
    while counts.total() < 14 {
        let tile = Tile::ALL[(base + rng.below(spread)) % 34];
        if counts.get(tile) < 4 {
            counts.add(tile).unwrap();
        }
    }
    let mut visible = TileCounts::EMPTY;
    for _ in 0..rng.below(6) {
        let tile = Tile::ALL[rng.below(34)];
        if counts.get(tile) + visible.get(tile) < 4 {
            visible.add(tile).unwrap();
        }
    }
    (counts, visible)
}

fn ask(line: &Value) -> Value {
    let answer = answer_line(line.to_string());
    serde_json::from_str(&answer).unwrap()
}

fn without(counts: &TileCounts, tile: Tile) -> TileCounts {
    let mut c = *counts;
    c.set(tile, c.get(tile) - 1).unwrap();
    c
}

fn with(counts: &TileCounts, tile: Tile) -> TileCounts {
    let mut c = *counts;
    c.add(tile).unwrap();
    c
}

#[test]
fn ukeire_is_the_discard_row_and_improvement_is_the_weighted_mean() {
    let mut rng = Rng(26);
    let mut improved_rows = 0;
    for _ in 0..40 {
        let (hand, visible) = random_hand(&mut rng);
        let table = ask(
            &json!({"op": "discards", "hand": hand.to_string(), "rules": "riichi",
            "visible": visible.to_string(), "improvement": true}),
        );
        let rows = table["discards"]
            .as_array()
            .unwrap_or_else(|| panic!("{table}"));
        for row in rows {
            let tile: Tile = row["tile"].as_str().unwrap().parse().unwrap();
            let after = without(&hand, tile);
            let seen = with(&visible, tile);
            let ukeire = ask(
                &json!({"op": "ukeire", "hand": after.to_string(), "rules": "riichi",
                "visible": seen.to_string(), "improvement": true}),
            );
            for field in [
                "shanten",
                "ukeire",
                "ukeire_count",
                "improvements",
                "improved_ukeire",
            ] {
                assert_eq!(ukeire[field], row[field], "{hand} - {tile}: {field}");
            }
            let shanten = row["shanten"].as_i64().unwrap();
            if !(0..=1).contains(&shanten) {
                assert_eq!(row["improved_ukeire"], Value::Null, "{hand} - {tile}");
                continue;
            }
            improved_rows += 1;
            // Recompute: every non-effective draw with live copies, weighted by them.
            let own = row["ukeire_count"].as_u64().unwrap();
            let effective: Vec<&str> = row["ukeire"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_str().unwrap())
                .collect();
            let (mut draws, mut total) = (0u64, 0u64);
            let mut better = Vec::new();
            for draw in Tile::ALL {
                let live = 4 - u64::from(after.get(draw) + seen.get(draw));
                if effective.contains(&draw.to_string().as_str()) || live == 0 {
                    continue;
                }
                let drawn = with(&after, draw);
                let next = ask(&json!({"op": "discards", "hand": drawn.to_string(),
                    "rules": "riichi", "visible": seen.to_string()}));
                let best = next["discards"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|r| r["shanten"].as_i64() == Some(shanten))
                    .filter(|r| r["tile"].as_str() != Some(draw.to_string().as_str()))
                    .map(|r| r["ukeire_count"].as_u64().unwrap())
                    .max()
                    .unwrap_or(0);
                if best > own {
                    better.push(draw.to_string());
                }
                draws += live;
                total += live * best.max(own);
            }
            let listed: Vec<String> = row["improvements"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| i["tile"].as_str().unwrap().to_owned())
                .collect();
            assert_eq!(listed, better, "{hand} - {tile}: improvement tiles");
            let mean = if draws == 0 {
                own as f64
            } else {
                total as f64 / draws as f64
            };
            let shown = row["improved_ukeire"].as_f64().unwrap();
            assert!(
                (shown - mean).abs() <= 0.0005 + 1e-9,
                "{hand} - {tile}: improved_ukeire {shown}, recomputed {mean}"
            );
        }
    }
    assert!(
        improved_rows > 20,
        "only {improved_rows} rows at shanten 0-1"
    );
}

#[test]
fn ready_lists_the_waits_and_scores_of_each_discard() {
    let mut rng = Rng(2026);
    let mut ready_rows = 0;
    let dora = ["3m", "5z"];
    for _ in 0..300 {
        let (hand, visible) = random_hand(&mut rng);
        let river = Tile::ALL[rng.below(34)].to_string();
        let answer = ask(
            &json!({"op": "ready", "hand": hand.to_string(), "rules": "riichi",
            "visible": visible.to_string(), "river": river, "dora": dora, "seat_wind": "2z"}),
        );
        let rows = answer["ready"]
            .as_array()
            .unwrap_or_else(|| panic!("{answer}"));
        let mut listed = rows.iter();
        for tile in Tile::ALL.into_iter().filter(|t| hand.get(*t) > 0) {
            let after = without(&hand, tile);
            let waits = ask(&json!({"op": "waits", "hand": after.to_string(), "rules": "riichi"}));
            let waits: Vec<&str> = waits["waits"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w.as_str().unwrap())
                .collect();
            if waits.is_empty() {
                continue;
            }
            ready_rows += 1;
            let row = listed
                .next()
                .unwrap_or_else(|| panic!("{hand}: no row for {tile}"));
            assert_eq!(row["discard"], tile.to_string(), "{hand}");
            let shown: Vec<&str> = row["waits"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w["tile"].as_str().unwrap())
                .collect();
            assert_eq!(shown, waits, "{hand} - {tile}");
            let furiten =
                waits.contains(&river.as_str()) || waits.contains(&tile.to_string().as_str());
            assert_eq!(row["furiten"], furiten, "{hand} - {tile}, river {river}");
            let mut live_total = 0;
            for wait in row["waits"].as_array().unwrap() {
                let w: Tile = wait["tile"].as_str().unwrap().parse().unwrap();
                let live = 4 - u64::from(hand.get(w) + visible.get(w));
                assert_eq!(wait["live"], live, "{hand} - {tile}: live {w}");
                live_total += live;
                let won = with(&after, w);
                for tsumo in [false, true] {
                    let score = ask(&json!({"op": "score", "hand": won.to_string(),
                        "rules": "riichi", "win_tile": w.to_string(), "tsumo": tsumo,
                        "riichi": true, "dora": dora, "seat_wind": "2z"}));
                    let field = if tsumo { "tsumo" } else { "ron" };
                    assert_eq!(wait[field], score, "{hand} - {tile}, {field} on {w}");
                }
            }
            assert_eq!(row["live"], live_total, "{hand} - {tile}");
        }
        assert!(listed.next().is_none(), "{hand}: extra rows {answer}");
    }
    assert!(ready_rows > 30, "only {ready_rows} ready discards");
}

#[test]
fn ready_of_a_waiting_hand_and_the_errors() {
    let answer = ask(&json!({"op": "ready", "hand": "2344m456p789s111z", "river": "4m"}));
    assert_eq!(
        answer,
        json!({"ready": [{"discard": null, "furiten": true, "live": 6,
            "waits": [{"tile": "1m", "live": 4}, {"tile": "4m", "live": 2}]}]})
    );
    let answer = ask(&json!({"op": "ready", "hand": "1357m2468p13579s"}));
    assert_eq!(answer, json!({"ready": []}));
    // Sichuan: waits without scores.
    let answer = ask(&json!({"op": "ready", "hand": "1112345678999m", "rules": "sichuan"}));
    assert_eq!(
        answer["ready"][0]["waits"].as_array().map(Vec::len),
        Some(9)
    );
    let kinds = [
        (json!({"op": "ready", "hand": "123m"}), "hand_size"),
        (
            json!({"op": "ready", "hand": "123m456p789s11z22z", "dora": ["1z"]}),
            "invalid_field",
        ),
        (
            json!({"op": "ready", "hand": "123m456p789s11z22z", "river": "9x"}),
            "invalid_field",
        ),
        (
            json!({"op": "ready", "hand": "123m456p789s11z22z", "rules": "riichi", "seat_wind": "5z"}),
            "invalid_field",
        ),
        (
            json!({"op": "ukeire", "hand": "123m456p789s11z222z"}),
            "hand_size",
        ),
        (
            json!({"op": "ukeire", "hand": "123m456p789s11z22z", "improvement": 1}),
            "invalid_field",
        ),
        (
            json!({"op": "discards", "hand": "123m456p789s11z222z", "improvement": "yes"}),
            "invalid_field",
        ),
        (
            json!({"op": "ukeire", "hand": "123m456p789s1122p", "rules": "sichuan"}),
            "unsupported_rules",
        ),
    ];
    for (line, kind) in kinds {
        let answer = ask(&line);
        assert_eq!(answer["error"]["kind"], kind, "{line}: {answer}");
    }
    // With wild kinds the improvement fields are null (mj-ai's general path would take seconds).
    let answer = ask(
        &json!({"op": "ukeire", "hand": "123m456p789s11z22z", "wild": ["7z"],
        "improvement": true}),
    );
    assert_eq!(answer["improved_ukeire"], Value::Null, "{answer}");
}
