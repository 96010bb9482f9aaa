//! `shanten` and `discards` in process against `mj-ai` called directly, on seeded random hands
//! (sizes 1 to 17, wildcards, declared melds, visible tiles, presets and switches): the batch
//! answer is exactly mj-ai's, and the discard list is in PROTOCOL.md's order.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use mj_ai::{HandView, ShapeRules};
use mj_protocol::answer_line;
use mj_tiles::random::{SplitMix64, TileBag};
use mj_tiles::{Meld, MeldKind, Tile, TileCounts, TileSet};
use serde_json::{Value, json};

/// One random request: its JSON line and what mj-ai is called with.
struct Case {
    line_fields: serde_json::Map<String, Value>,
    counts: TileCounts,
    melds: Vec<Meld>,
    wild: TileSet,
    rules: ShapeRules,
    visible: TileCounts,
}

fn tile_names(set: TileSet) -> Vec<String> {
    set.iter().map(|t| t.to_string()).collect()
}

fn random_case(rng: &mut SplitMix64) -> Case {
    let mut wall = TileBag::shuffled(rng);
    // Mostly 13/14 tiles (where every shape applies), some of every other size.
    const SIZES: [usize; 12] = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17];
    let size = if rng.chance(1, 2) {
        13 + rng.below(2) as usize
    } else {
        SIZES[rng.below(SIZES.len() as u32) as usize]
    };
    let counts = wall.draw_counts(size).unwrap();
    let visible = if rng.chance(1, 2) {
        wall.draw_counts(rng.below(30) as usize).unwrap()
    } else {
        TileCounts::EMPTY
    };
    // A pon of a kind in neither the hand nor the visible tiles, if the size leaves room.
    let mut melds = Vec::new();
    if size / 3 < 5 && rng.chance(1, 4) {
        let free: Vec<Tile> = Tile::ALL
            .into_iter()
            .filter(|&t| counts.get(t) == 0 && visible.get(t) == 0)
            .collect();
        if !free.is_empty() {
            let t = free[rng.below(free.len() as u32) as usize];
            melds.push(Meld::new(MeldKind::Pon, &[t.into(); 3], None, None).unwrap());
        }
    }
    // Up to two wild kinds (at most 8 wildcards).
    let mut wild = TileSet::EMPTY;
    for _ in 0..rng.below(3) {
        if rng.chance(1, 2) {
            wild.insert(Tile::ALL[rng.below(34) as usize]);
        }
    }
    let (preset, mut rules) = if rng.chance(1, 2) {
        ("generic", ShapeRules::GENERIC)
    } else {
        ("riichi", ShapeRules::RIICHI)
    };
    let mut options = serde_json::Map::new();
    for name in ["seven_pairs", "distinct_pairs", "thirteen_orphans"] {
        if rng.chance(1, 4) {
            let on = rng.chance(1, 2);
            options.insert(name.into(), json!(on));
            match name {
                "seven_pairs" => rules.seven_pairs = on,
                "distinct_pairs" => rules.distinct_pairs = on,
                _ => rules.thirteen_orphans = on,
            }
        }
    }
    let mut fields = serde_json::Map::new();
    fields.insert("hand".into(), json!(counts.to_string()));
    fields.insert("rules".into(), json!(preset));
    if !options.is_empty() {
        fields.insert("options".into(), Value::Object(options));
    }
    if !wild.is_empty() {
        fields.insert("wild".into(), json!(tile_names(wild)));
    }
    if !melds.is_empty() {
        let list: Vec<Value> = melds
            .iter()
            .map(|m| {
                let tiles: Vec<Tile> = m.tiles().collect();
                json!({"kind": "pon", "tiles": mj_tiles::notation::format_tiles(&tiles)})
            })
            .collect();
        fields.insert("melds".into(), Value::Array(list));
    }
    Case {
        line_fields: fields,
        counts,
        melds,
        wild,
        rules,
        visible,
    }
}

fn ask(op: &str, case: &Case, with_visible: bool) -> (String, Value) {
    let mut fields = case.line_fields.clone();
    fields.insert("op".into(), json!(op));
    if with_visible {
        fields.insert("visible".into(), json!(case.visible.to_string()));
    }
    let line = Value::Object(fields).to_string();
    let answer: Value = serde_json::from_str(&answer_line(line.as_bytes())).unwrap();
    (line, answer)
}

#[test]
fn batch_answers_are_mj_ai_answers() {
    let mut rng = SplitMix64::new(0x00a1_0b5e_55ed);
    let (mut discard_tables, mut wild_hands, mut meld_hands, mut errors) = (0, 0, 0, 0);
    for _ in 0..4000 {
        let case = random_case(&mut rng);
        let hand = HandView::new(case.counts, &case.melds, case.wild);
        let (line, answer) = ask("shanten", &case, false);
        let hand = match hand {
            Ok(hand) => hand,
            Err(e) => {
                // Only the wildcard limit can fail here; the batch says so too.
                errors += 1;
                assert_eq!(
                    answer["error"]["kind"], "invalid_wild",
                    "{line}: {answer} ({e})"
                );
                continue;
            }
        };
        wild_hands += usize::from(hand.wildcards() > 0);
        meld_hands += usize::from(hand.declared_melds() > 0);
        let report = hand.shanten(case.rules);
        assert_eq!(
            answer,
            json!({
                "shanten": report.shanten,
                "standard": report.standard,
                "seven_pairs": report.seven_pairs,
                "thirteen_orphans": report.thirteen_orphans,
            }),
            "{line}"
        );

        let (line, answer) = ask("discards", &case, case.visible.total() > 0);
        if !hand.is_discard_size() {
            assert_eq!(answer["error"]["kind"], "hand_size", "{line}: {answer}");
            continue;
        }
        discard_tables += 1;
        let table = hand.discards(case.rules, &case.visible).unwrap();
        let expected: Vec<Value> = table
            .iter()
            .map(|o| {
                json!({
                    "tile": o.tile.to_string(),
                    "shanten": o.shanten,
                    "ukeire": tile_names(o.ukeire),
                    "ukeire_count": o.ukeire_count,
                })
            })
            .collect();
        assert_eq!(answer, json!({ "discards": expected }), "{line}");
        check_discards(&line, &answer, &case);
    }
    // The corpus reaches what it is meant to.
    assert!(discard_tables > 1500, "{discard_tables} discard tables");
    assert!(wild_hands > 300, "{wild_hands} hands with wildcards");
    assert!(meld_hands > 300, "{meld_hands} hands with melds");
    assert!(errors < 100, "{errors} hands with too many wildcards");
}

/// PROTOCOL.md's contract for a `discards` answer, read from the JSON alone: one row per kind
/// held, best first (lowest shanten, then highest `ukeire_count`), `ukeire` sorted and never
/// holding a kind the 13 remaining tiles hold four of, `ukeire_count` the live copies.
fn check_discards(line: &str, answer: &Value, case: &Case) {
    let rows = answer["discards"].as_array().unwrap();
    let kinds: Vec<String> = case.counts.kinds().iter().map(|t| t.to_string()).collect();
    let mut listed: Vec<String> = rows
        .iter()
        .map(|r| r["tile"].as_str().unwrap().to_owned())
        .collect();
    listed.sort_by_key(|t| t.parse::<Tile>().unwrap().index());
    assert_eq!(listed, kinds, "one row per kind held: {line}");
    let key = |r: &Value| {
        (
            r["shanten"].as_i64().unwrap(),
            -r["ukeire_count"].as_i64().unwrap(),
        )
    };
    for pair in rows.windows(2) {
        assert!(key(&pair[0]) <= key(&pair[1]), "order: {line}: {answer}");
    }
    let mut in_melds = TileCounts::EMPTY;
    for meld in &case.melds {
        for t in meld.tiles() {
            in_melds.add(t).unwrap();
        }
    }
    for row in rows {
        let discarded: Tile = row["tile"].as_str().unwrap().parse().unwrap();
        let ukeire: Vec<Tile> = row["ukeire"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().parse().unwrap())
            .collect();
        assert!(
            ukeire.windows(2).all(|w| w[0].index() < w[1].index()),
            "sorted ukeire: {line}: {row}"
        );
        let mut live = 0u64;
        for &t in &ukeire {
            let left = case.counts.get(t) - u8::from(t == discarded);
            assert!(left < 4, "{t} held four times after the discard: {line}");
            let seen = case.counts.get(t) + in_melds.get(t) + case.visible.get(t);
            live += u64::from(4 - seen);
        }
        assert_eq!(
            row["ukeire_count"].as_u64(),
            Some(live),
            "live copies: {line}: {row}"
        );
    }
}
