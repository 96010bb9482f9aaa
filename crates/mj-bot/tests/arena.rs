//! The players only choose legal actions, a seed reproduces a run, and the statistics are
//! right on hand-made results.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_bot::arena::{
    ArenaConfig, GamePlayed, GameRecord, SeatStats, mean_ci95, play_game, run, summarize,
};
use mj_bot::{NAMES, bot_by_name};
use mj_game::{GameRules, Length, MatchResult};
use proptest::prelude::*;

/// Every name, `search` with a fixed number of samples instead of its default 200 ms a
/// decision: the same player and code paths, deterministic for a seed, and a match in
/// milliseconds rather than tens of seconds.
fn players() -> Vec<&'static str> {
    NAMES
        .iter()
        .map(|&n| if n == "search" { "search:samples=4" } else { n })
        .collect()
}

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// Plays one match with `lineup` and checks every decision's legality (counted by the
/// driver), the points' sum and that rounds were played.
fn check_legal(rules: GameRules, length: Length, seed: u64, lineup: &[&str]) {
    let mut bots: Vec<_> = lineup
        .iter()
        .enumerate()
        .map(|(i, n)| bot_by_name(n, seed + i as u64).expect("a known name"))
        .collect();
    let g = play_game(rules, length, seed, &mut bots);
    let n = usize::from(rules.players);
    for (s, st) in g.seats.iter().enumerate().take(n) {
        assert_eq!(
            st.illegal, 0,
            "seed {seed} seat {s} ({}) {lineup:?}",
            lineup[s]
        );
        assert!(st.rounds > 0 && st.decisions > 0, "seed {seed} seat {s}");
    }
    let start = if n == 3 { 35_000 * 3 } else { 100_000 };
    assert_eq!(
        g.result.scores[..n].iter().sum::<i32>(),
        start,
        "seed {seed} {lineup:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Four players: every name against every other (the line-up rotates with the seed).
    #[test]
    fn four_player_bots_choose_legal_actions(seed in any::<u64>()) {
        let names = players();
        let r = (seed % names.len() as u64) as usize;
        let lineup: Vec<&str> = (0..4).map(|i| names[(r + i) % names.len()]).collect();
        check_legal(GameRules::tenhou(), Length::EastOnly, seed, &lineup);
        check_legal(GameRules::tenhou(), Length::EastOnly, seed ^ 1, &["defense", "value", "efficiency", "defense"]);
    }

    /// Three players (kita, no chi, 108 tiles).
    #[test]
    fn three_player_bots_choose_legal_actions(seed in any::<u64>()) {
        let names = players();
        let r = (seed % names.len() as u64) as usize;
        let lineup: Vec<&str> = (0..3).map(|i| names[(r + i) % names.len()]).collect();
        let rules = GameRules::preset("sanma").expect("the sanma preset");
        check_legal(rules, Length::EastOnly, seed, &lineup);
        check_legal(rules, Length::EastOnly, seed ^ 1, &["defense", "efficiency", "value"]);
    }
}

fn without_timings(mut v: Vec<GameRecord>) -> Vec<GameRecord> {
    for r in &mut v {
        for s in &mut r.game.seats {
            s.nanos = 0;
        }
    }
    v
}

#[test]
fn a_seed_reproduces_a_run() {
    let config = ArenaConfig {
        rules: GameRules::tenhou(),
        length: Length::EastOnly,
        games: 8,
        seed: 99,
        players: names(&["defense", "random", "efficiency", "value"]),
        duplicate: true,
    };
    let mut calls = 0;
    let a = run(&config, |done, total| {
        calls += 1;
        assert!(done <= total);
    })
    .expect("a valid config");
    assert_eq!(calls, 8);
    let b = run(&config, |_, _| {}).expect("a valid config");
    assert_eq!(without_timings(a.clone()), without_timings(b));
    // Duplicate: walls 0,0,0,0,1,1,1,1 with the line-up rotated; another seed differs.
    let walls: Vec<u64> = a.iter().map(|r| r.wall).collect();
    assert_eq!(walls, [0, 0, 0, 0, 1, 1, 1, 1]);
    assert_eq!(a[1].lineup, [1, 2, 3, 0]);
    let other = run(
        &ArenaConfig {
            seed: 100,
            ..config.clone()
        },
        |_, _| {},
    )
    .expect("valid");
    assert_ne!(without_timings(a), without_timings(other));
    let bad = ArenaConfig {
        players: names(&["efficiency", "nobody", "random", "value"]),
        ..config.clone()
    };
    assert!(run(&bad, |_, _| {}).is_err());
    let three = ArenaConfig {
        players: names(&["efficiency", "random", "value"]),
        ..config
    };
    assert!(
        run(&three, |_, _| {}).is_err(),
        "three names for four seats"
    );
}

#[test]
fn mean_and_interval_by_hand() {
    let (m, ci) = mean_ci95(&[1.0, 2.0, 3.0, 4.0]);
    // s = sqrt(5/3), half = 1.96 * s / 2.
    let half = 1.96 * (5.0f64 / 3.0).sqrt() / 2.0;
    assert!((m - 2.5).abs() < 1e-12);
    assert!((ci[0] - (2.5 - half)).abs() < 1e-12 && (ci[1] - (2.5 + half)).abs() < 1e-12);
    assert_eq!(mean_ci95(&[3.0]), (3.0, [3.0, 3.0]));
    assert_eq!(mean_ci95(&[]), (0.0, [0.0, 0.0]));
}

fn record(wall: u64, lineup: [usize; 4], ranks: [u8; 4], seats: [SeatStats; 4]) -> GameRecord {
    GameRecord {
        wall,
        lineup: lineup.to_vec(),
        game: GamePlayed {
            result: MatchResult {
                scores: [0; 4],
                ranks,
                points_tenths: ranks.map(|r| [500, 100, -200, -400][usize::from(r - 1)]),
                rounds: 8,
                players: 4,
            },
            seats,
        },
    }
}

#[test]
fn statistics_of_hand_made_results() {
    // "a" vs three "b": two walls, two rotations each.
    let st = |rounds, wins, deal_ins, riichi, calls, wp, dp| SeatStats {
        rounds,
        wins,
        deal_ins,
        riichi,
        calls,
        win_points: wp,
        deal_in_points: dp,
        decisions: 100,
        illegal: 0,
        nanos: 200_000,
        ..SeatStats::default()
    };
    let z = SeatStats::default();
    let names = names(&["a", "b", "b", "b"]);
    let records = vec![
        // Wall 0: a (seat 0) first, then a (seat 1) second.
        record(
            0,
            [0, 1, 2, 3],
            [1, 2, 3, 4],
            [st(8, 2, 1, 1, 0, 9000, 3000), z, z, z],
        ),
        record(
            0,
            [3, 0, 1, 2],
            [3, 2, 1, 4],
            [z, st(8, 1, 0, 2, 1, 2000, 0), z, z],
        ),
        // Wall 1: a third, then fourth.
        record(
            1,
            [0, 1, 2, 3],
            [3, 1, 2, 4],
            [st(10, 0, 2, 0, 5, 0, 5000), z, z, z],
        ),
        record(
            1,
            [3, 0, 1, 2],
            [1, 4, 2, 3],
            [z, st(6, 1, 1, 1, 0, 1000, 8000), z, z],
        ),
    ];
    let rep = summarize(&names, &records, 2.0);
    assert_eq!(rep.games, 4);
    assert!((rep.games_per_second - 2.0).abs() < 1e-12);
    let a = &rep.players[0];
    assert_eq!((a.name.as_str(), a.games), ("a", 4));
    assert_eq!(a.ranks, [1, 1, 1, 1]);
    assert!((a.avg_rank - 2.5).abs() < 1e-12);
    // Points: 50, 10, -20, -40.
    assert!((a.avg_points - 0.0).abs() < 1e-12);
    assert_eq!(a.rounds, 32);
    assert!((a.win_rate - 4.0 / 32.0).abs() < 1e-12);
    assert!((a.deal_in_rate - 4.0 / 32.0).abs() < 1e-12);
    assert!((a.riichi_rate - 4.0 / 32.0).abs() < 1e-12);
    assert!((a.call_rate - 6.0 / 32.0).abs() < 1e-12);
    assert!((a.avg_win_value - 12000.0 / 4.0).abs() < 1e-12);
    assert!((a.avg_deal_in_value - 16000.0 / 4.0).abs() < 1e-12);
    assert!((a.us_per_decision - 2.0).abs() < 1e-12);
    let b = &rep.players[1];
    assert_eq!(b.games, 12);
    // b's ranks: the other 12 seats: 2,3,4 | 3,1,4 | 1,2,4 | 1,2,3.
    assert_eq!(b.ranks, [3, 3, 3, 3]);
    assert!((b.avg_rank - 30.0 / 12.0).abs() < 1e-12);
    // Advantage per wall: wall 0: b avg (2+3+4+3+1+4)/6 = 17/6, a avg 1.5 -> 4/3;
    // wall 1: b avg (1+2+4+1+2+3)/6 = 13/6, a avg 3.5 -> -4/3.
    let c = rep.comparison.expect("two names");
    assert_eq!(
        (c.name.as_str(), c.against.as_str(), c.walls),
        ("a", "b", 2)
    );
    assert!(c.rank_advantage.abs() < 1e-12, "{}", c.rank_advantage);
    let (m, ci) = mean_ci95(&[4.0 / 3.0, -4.0 / 3.0]);
    assert!((c.rank_advantage - m).abs() < 1e-12);
    for i in 0..2 {
        assert!((c.rank_advantage_ci95[i] - ci[i]).abs() < 1e-12, "{ci:?}");
    }
    // 1.96 * s / sqrt(2) with s = sqrt(2) * 4/3.
    assert!((ci[1] - 1.96 * 4.0 / 3.0).abs() < 1e-12, "{ci:?}");
}

/// Strength, on few games: efficiency in a 1 vs 3 duplicate against tsumogiri (which never
/// wins) finishes first far more often than a quarter of the time.
#[test]
fn efficiency_beats_tsumogiri() {
    let config = ArenaConfig {
        rules: GameRules::tenhou(),
        length: Length::EastOnly,
        games: 16,
        seed: 5,
        players: names(&["efficiency", "tsumogiri", "tsumogiri", "tsumogiri"]),
        duplicate: true,
    };
    let rep = summarize(
        &config.players,
        &run(&config, |_, _| {}).expect("valid"),
        1.0,
    );
    let e = &rep.players[0];
    assert!(e.avg_rank < 1.6, "efficiency avg rank {}", e.avg_rank);
    assert!(e.win_rate > 0.2, "win rate {}", e.win_rate);
}

/// The committed tuning run parses, names the command that made it, and `value` plays its
/// `tuned` table (which differs from the seeds' table only if the run accepted a step).
#[test]
fn tuned_weights_come_from_the_committed_run() {
    let v: serde_json::Value = serde_json::from_str(mj_bot::TUNING_RUN).expect("JSON");
    let cmd = v["command"].as_str().expect("a command");
    assert!(
        cmd.starts_with("cargo run --release -p mj-bot --example tune_value -- "),
        "{cmd}"
    );
    let tuned: mj_ai::ValueWeights = serde_json::from_value(v["tuned"].clone()).expect("a table");
    assert_eq!(mj_bot::tuned_weights(), tuned);
    let untuned: mj_ai::ValueWeights =
        serde_json::from_value(v["untuned"].clone()).expect("a table");
    assert_eq!(untuned, mj_ai::ValueWeights::DEFAULT);
    let steps = v["accepted_steps"].as_array().expect("steps").len();
    assert_eq!(steps > 1, tuned != untuned, "{steps} steps");
}
