//! `mj game --rules mcr` as a user runs it: a 16-hand match (`--length hanchan`: four
//! prevailing winds) as mjai events with the `hua` extension, zero-sum final scores,
//! determinism, a summary with the wins and their fans, and `mj replay` of the printed log
//! matching every hand.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{event_type, final_scores, mj, seeded_game, stdout};

#[test]
fn mcr_games_play_sixteen_hands_and_replay() {
    for seed in [1u64, 2] {
        let s = seed.to_string();
        let args = [
            "game", "--rules", "mcr", "--seed", &s, "--length", "hanchan",
        ];
        let (log, events) = seeded_game(&args);
        let count = |k: &str| events.iter().filter(|e| event_type(e) == k).count();
        assert_eq!(count("start_kyoku"), 16, "seed {seed}: sixteen hands");
        assert!(count("hua") > 16, "flowers are set aside");
        let sum: i64 = final_scores(&events).iter().sum();
        assert_eq!(sum, 0, "seed {seed}: zero-sum");
        // The log replays through the engine.
        let path = std::env::temp_dir().join(format!("mj-mcr-{}-{seed}.jsonl", std::process::id()));
        std::fs::write(&path, &log).unwrap();
        let r = mj(&["replay", path.to_str().unwrap()]);
        let _ = std::fs::remove_file(&path);
        let report = stdout(&r) + &String::from_utf8_lossy(&r.stderr);
        assert!(r.status.success(), "{report}");
        assert!(
            report.contains("mcr, 16 hands") && report.contains("all match"),
            "{report}"
        );
        let sum = mj(&[
            "game",
            "--rules",
            "mcr",
            "--seed",
            &s,
            "--length",
            "hanchan",
            "--summary",
        ]);
        let text = stdout(&sum);
        assert!(text.contains("(mcr, hanchan"), "{text}");
        assert_eq!(text.matches("round ").count(), 16, "{text}");
    }
    let bad = mj(&["game", "--rules", "mcrx"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("mcr"));
}

/// `mj replay` reads a Botzone / IJCAI match log (written here by `mj_log::botzone`) and
/// replays every hand; a wrong score fails.
#[test]
fn botzone_logs_replay() {
    use mj_game::{GameRules, Round, RoundSetup, Wall};
    let mut text = String::new();
    for seed in 0..5u64 {
        let mut r = Round::try_new(
            GameRules::mcr(),
            RoundSetup::first(0),
            Wall::from_seed(seed),
            true,
        )
        .unwrap();
        while !r.is_over() {
            let seat = r.to_act().first().unwrap_or(4);
            let legal = r.legal_actions(seat);
            let a = legal
                .iter()
                .copied()
                .find(|a| matches!(a, mj_game::Action::Tsumo | mj_game::Action::Ron))
                .unwrap_or(legal[0]);
            r.play(seat, a).unwrap();
        }
        text.push_str(&mj_log::botzone::write_botzone(&seed.to_string(), r.events()).unwrap());
    }
    let path = std::env::temp_dir().join(format!("mj-botzone-{}.txt", std::process::id()));
    std::fs::write(&path, &text).unwrap();
    let r = mj(&["replay", path.to_str().unwrap()]);
    let report = stdout(&r) + &String::from_utf8_lossy(&r.stderr);
    assert!(r.status.success(), "{report}");
    assert!(report.contains("botzone mcr, 5 hands"), "{report}");
    let bad = text.replacen("Score 0 0 0 0", "Score 1 -1 0 0", 1);
    assert_ne!(bad, text, "a drawn hand to tamper with");
    std::fs::write(&path, &bad).unwrap();
    let r = mj(&["replay", path.to_str().unwrap()]);
    let _ = std::fs::remove_file(&path);
    assert!(!r.status.success());
}

/// `mj game --rules mcr_botzone` plays Botzone's game (a wall of its own per seat, 136 tiles)
/// and `mj replay` picks that preset from the printed log, and from the Botzone line form of
/// its hands.
#[test]
fn botzone_games_play_and_replay_under_their_preset() {
    let args = [
        "game",
        "--rules",
        "mcr_botzone",
        "--seed",
        "5",
        "--length",
        "east",
        "--players",
        "value",
    ];
    let (log, events) = seeded_game(&args);
    let count = |k: &str| events.iter().filter(|e| event_type(e) == k).count();
    assert_eq!(count("start_kyoku"), 4);
    assert_eq!(count("hua"), 0, "Botzone's game has no flowers");
    let dir = std::env::temp_dir();
    let path = dir.join(format!("mj-mcr-botzone-{}.jsonl", std::process::id()));
    std::fs::write(&path, &log).unwrap();
    let r = mj(&["replay", path.to_str().unwrap()]);
    let _ = std::fs::remove_file(&path);
    let report = stdout(&r) + &String::from_utf8_lossy(&r.stderr);
    assert!(r.status.success(), "{report}");
    assert!(report.contains("mcr_botzone, 4 hands"), "{report}");

    // The same hands in the line form.
    let parsed = mj_log::read(log.as_bytes()).unwrap();
    let mut text = String::new();
    let mut hand = Vec::new();
    for e in parsed
        .games
        .iter()
        .flat_map(|g| &g.rounds)
        .flat_map(|r| r.events.clone())
    {
        let end = matches!(e, mj_game::Event::EndKyoku);
        if matches!(e, mj_game::Event::StartKyoku { .. }) || !hand.is_empty() {
            hand.push(e);
        }
        if end {
            text.push_str(&mj_log::botzone::write_botzone("h", &hand).unwrap());
            hand.clear();
        }
    }
    let path = dir.join(format!("mj-botzone-lines-{}.txt", std::process::id()));
    std::fs::write(&path, &text).unwrap();
    let r = mj(&["replay", path.to_str().unwrap()]);
    let _ = std::fs::remove_file(&path);
    let report = stdout(&r) + &String::from_utf8_lossy(&r.stderr);
    assert!(r.status.success(), "{report}");
    assert!(report.contains("botzone mcr_botzone, 4 hands"), "{report}");
}
