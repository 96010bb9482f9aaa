//! mjai JSON Lines logs of riichi games: our own (`mj game`'s events) replay event for event
//! under the preset named, and are refused without one; the same games in libriichi's dialect
//! (its arena's `seed`, `hora` and `ryukyoku` with their changes only, `ura_markers`; the
//! event order, an open or added kan's dora before the kanner's discard, is the same), gzipped
//! or not, replay under libriichi's rules with every change and the end of the match checked.
//! Fresh logs of libriichi's own arena are replayed by
//! `crates/mj-py/tests/test_libriichi_logs.py`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test crate

use crate::common;

use std::io::Write as _;

use common::{events_text, replay_file};
use mj_game::{Event, GameRules, Length, RandomBot, play};
use mj_log::{Fields, LogError, LogRules, ReplayOptions};
use serde_json::{Value, json};

fn game(rules: GameRules, length: Length, seed: u64) -> Vec<Event> {
    let mut bots: [Box<dyn play::Bot>; 4] = core::array::from_fn(|s| {
        Box::new(RandomBot::new(seed * 4 + s as u64)) as Box<dyn play::Bot>
    });
    play::play(rules, length, seed, &mut bots, true).events
}

fn opts(rules: GameRules, length: Length) -> ReplayOptions {
    ReplayOptions {
        rules: Some(rules),
        length: Some(length),
        record: false,
    }
}

#[test]
fn our_riichi_logs_replay_event_for_event_under_their_preset() {
    let (mut rounds, mut finals) = (0, 0);
    for (rules, name) in [
        (GameRules::tenhou(), "tenhou"),
        (GameRules::mahjong_soul(), "mahjong_soul"),
        (GameRules::sanma(), "sanma"),
    ] {
        for seed in 0..12u64 {
            let length = if seed % 3 == 0 {
                Length::Hanchan
            } else {
                Length::EastOnly
            };
            let text = events_text(&game(rules, length, seed));
            let log = mj_log::read(text.as_bytes()).unwrap();
            let g = &log.games[0];
            assert_eq!(
                g.rules,
                LogRules::Unstated {
                    players: rules.players
                }
            );
            // Our own logs state every field of every result.
            assert!(
                g.rounds
                    .iter()
                    .flat_map(|r| &r.stated)
                    .all(|(_, f)| *f == Fields::ALL)
            );
            let r = mj_log::replay_with(&log, &opts(rules, length));
            assert!(r.matches(), "{name} seed {seed}: {r}");
            assert_eq!(r.rules, name);
            assert_eq!((r.checks.finals, r.checks.results), (1, r.rounds), "{r}");
            rounds += r.rounds;
            finals += r.checks.finals;
            // Without a preset the log is refused by name.
            let refused = mj_log::replay(&log);
            assert!(
                refused
                    .unsupported
                    .as_deref()
                    .is_some_and(|w| w.contains("does not state its rules")),
                "{refused}"
            );
            // A preset of the other table size, or of another flow, is refused by name.
            let other = if rules.players == 3 {
                GameRules::tenhou()
            } else {
                GameRules::sanma()
            };
            let r = mj_log::replay_with(&log, &opts(other, length));
            assert!(r.unsupported.is_some_and(|w| w.contains("players")));
            let r = mj_log::replay_with(&log, &opts(GameRules::mcr(), length));
            assert!(r.unsupported.is_some_and(|w| w.contains("riichi game")));
        }
    }
    println!("our riichi mjai logs: {rounds} rounds replayed event for event, {finals} finals");
    assert!(rounds > 150);
}

/// An event of ours in libriichi's dialect (`None`: libriichi writes no such event).
fn libriichi_event(e: &Event) -> Option<Value> {
    let mut v: Value = serde_json::to_value(e).unwrap();
    let m = v.as_object_mut().unwrap();
    match m["type"].as_str().unwrap() {
        "start_game" => {
            m.insert("seed".into(), json!([7, 11]));
        }
        "reach_accepted" => {
            m.remove("deltas");
            m.remove("scores");
        }
        "hora" => {
            let ura = m.remove("uradora_markers").unwrap();
            for k in [
                "pai",
                "yakus",
                "fu",
                "fan",
                "yakuman",
                "hora_points",
                "scores",
            ] {
                m.remove(k);
            }
            m.insert("ura_markers".into(), ura);
        }
        "ryukyoku" => {
            for k in ["reason", "tenpais", "scores"] {
                m.remove(k);
            }
        }
        "end_game" => {
            m.remove("scores");
        }
        _ => {}
    }
    Some(v)
}

/// A whole game in libriichi's dialect. The event order is already libriichi's: an open or
/// added kan's dora comes before the kanner's discard, never right after a discard.
fn libriichi_log(events: &[Event]) -> String {
    let lines: Vec<Value> = events.iter().filter_map(libriichi_event).collect();
    for w in lines.windows(2) {
        assert!(
            !(w[0]["type"] == "dahai" && w[1]["type"] == "dora"),
            "a dora after a discard: {} {}",
            w[0],
            w[1]
        );
    }
    lines.iter().map(|v| v.to_string() + "\n").collect()
}

#[test]
fn libriichi_dialect_logs_replay_under_its_rules() {
    let rules = mj_log::mjai::libriichi_rules();
    let (mut rounds, mut kans, mut doras) = (0, 0, 0);
    for seed in 0..16u64 {
        let events = game(rules, Length::Hanchan, seed);
        kans += events
            .iter()
            .filter(|e| matches!(e, Event::Daiminkan { .. } | Event::Kakan { .. }))
            .count();
        let text = libriichi_log(&events);
        doras += text.matches("\"type\":\"dora\"").count();
        // Gzipped, as the arena writes its logs.
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(text.as_bytes()).unwrap();
        let bytes = gz.finish().unwrap();
        let log = mj_log::read(&bytes).unwrap();
        assert!(
            matches!(
                &log.games[0].rules,
                LogRules::Known {
                    libriichi: true,
                    ..
                }
            ),
            "{:?}",
            log.games[0].rules
        );
        let r = replay_file("libriichi", &bytes, &ReplayOptions::default());
        assert!(r.matches(), "seed {seed}: {r}");
        assert!(r.differences.is_empty(), "{r}");
        assert_eq!(r.checks.finals, 1, "{r}");
        assert_eq!(r.checks.results, r.rounds, "{r}");
        assert!(r.rules.starts_with("libriichi arena"), "{}", r.rules);
        rounds += r.rounds;
        // A changed payment is a mismatch.
        let mut lines: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let paid = lines
            .iter_mut()
            .find(|v| v.get("deltas").is_some())
            .unwrap();
        paid["deltas"][0] = json!(paid["deltas"][0].as_i64().unwrap() + 100);
        let bad: String = lines.iter().map(|v| v.to_string() + "\n").collect();
        let r = replay_file("changed", bad.as_bytes(), &ReplayOptions::default());
        assert!(!r.matches(), "seed {seed}: a changed payment matched");
    }
    println!("libriichi dialect: {rounds} rounds, {kans} open or added kans, {doras} dora events");
    assert!(rounds > 100 && kans > 20);
}

#[test]
fn bad_lines_are_errors_naming_the_line() {
    let start = r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}"#;
    let cases = [
        (
            format!("{start}\n{{\"type\":\"nope\",\"actor\":0}}\n"),
            2,
            "unknown variant",
        ),
        (format!("{start}\n{{\"type\":\"tsumo\"\n"), 2, "EOF"),
        (
            format!("{start}\n{{\"type\":\"tsumo\",\"actor\":7,\"pai\":\"1m\"}}\n"),
            2,
            "not a seat",
        ),
        (
            "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\"}\n".to_string(),
            1,
            "before the first `start_kyoku`",
        ),
        (
            format!(
                "{start}\n{{\"type\":\"dahai\",\"actor\":0,\"pai\":\"0m\",\"tsumogiri\":true}}\n"
            ),
            2,
            "unknown mjai tile",
        ),
    ];
    for (text, line, why) in cases {
        match mj_log::read(text.as_bytes()) {
            Err(LogError::Line {
                line: l, why: w, ..
            }) => {
                assert_eq!(l, line, "{text}");
                assert!(w.contains(why), "{w}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}
