//! Outside mjai bots in `mj arena` (`--bot NAME=COMMAND`): `mj bot` itself seated as an outside
//! bot plays exactly as the same player seated in-process (same seeds, same matches, 0 errors),
//! and broken bots (garbage answers, answers past the timeout, a bot that exits mid-game) cost
//! errors that are counted and logged, never the match; a bot that exited is restarted at the
//! next round. The bots are `sh` scripts around the `mj` binary built with these tests.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;
use std::time::Duration;

use mj_bot::arena::{ArenaConfig, GameRecord, Seated, run_seated};
use mj_cli::outside_bot::OutsideBot;
use mj_game::{GameRules, Length};
use serde_json::Value;

const MJ: &str = env!("CARGO_BIN_EXE_mj");

fn config(players: &[&str], games: u64, seed: u64, length: Length) -> ArenaConfig {
    ArenaConfig {
        rules: GameRules::tenhou(),
        length,
        games,
        seed,
        players: players.iter().map(|s| s.to_string()).collect(),
        duplicate: false,
    }
}

/// A run in which line-up place 0 is `mj bot --player PLAYER` as an outside bot (when
/// `outside`) or PLAYER in-process, the other places `others`.
fn run(player: &str, others: &str, outside: bool, games: u64, seed: u64) -> Vec<GameRecord> {
    let c = config(&["x", others, others, others], games, seed, Length::Hanchan);
    let mut made = 0u64;
    let records = run_seated(
        &c,
        |place, _seat, seed| {
            let game = made / 4;
            made += 1;
            let name = if place == 0 { player } else { others };
            if place == 0 && outside {
                // Generous: a late answer would change the match (no timed assertion here).
                let command = format!("{MJ} bot --player {player}");
                Seated::Events(Box::new(OutsideBot::new(
                    "x",
                    &command,
                    Duration::from_secs(30),
                    game,
                )))
            } else {
                Seated::Bot(mj_bot::registry::make(name, seed).unwrap())
            }
        },
        |_, _| {},
    )
    .unwrap();
    assert_eq!(records.len() as u64, games);
    records
}

#[test]
fn mj_bot_as_an_outside_bot_plays_as_in_process() {
    // The rule players decide from what the seat sees, and `mj bot` rebuilds that view from
    // the events alone (mj_game::SeatRound): the same seeded matches must come out, decision
    // for decision. (`random` is left out: `mj bot` seeds it from its own --seed.)
    for (player, others, seed) in [("efficiency", "defense", 11), ("defense", "value", 12)] {
        let inside = run(player, others, false, 2, seed);
        let outside = run(player, others, true, 2, seed);
        for (g, (a, b)) in inside.iter().zip(&outside).enumerate() {
            assert_eq!(a.lineup, b.lineup);
            assert_eq!(
                a.game.result, b.game.result,
                "{player} vs {others}, seed {seed}, game {g}: results differ"
            );
            for s in 0..4 {
                let (x, y) = (a.game.seats[s], b.game.seats[s]);
                assert_eq!(y.errors, 0, "{player}: errors in game {g}");
                assert_eq!(y.restarts, 0, "{player}: restarts in game {g}");
                assert_eq!(
                    (x.rounds, x.wins, x.deal_ins, x.riichi, x.calls, x.decisions),
                    (y.rounds, y.wins, y.deal_ins, y.riichi, y.calls, y.decisions),
                    "{player} vs {others}, seed {seed}, game {g}, seat {s}"
                );
                assert_eq!(
                    (x.win_points, x.deal_in_points),
                    (y.win_points, y.deal_in_points)
                );
            }
        }
    }
}

/// `mj arena` with the outside bot `ext` (running `script` through sh); (stdout, stderr, the
/// JSON report's entry for `ext`).
fn arena(script: &str, games: u64, timeout: &str, tag: &str) -> (String, String, Value) {
    let dir = std::env::temp_dir().join(format!("mj-arena-bots-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json = dir.join("r.json");
    let out = Command::new(MJ)
        .args([
            "arena", "--rules", "tenhou", "--length", "east", "--seed", "5",
        ])
        .args(["--games", &games.to_string(), "--bot-timeout", timeout])
        .args(["--players", "ext,efficiency,tsumogiri,efficiency"])
        .arg("--bot")
        .arg(format!("ext={script}"))
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stdout}\n{stderr}");
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(report["games"], games, "every match completes: {stdout}");
    let ext = report["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "ext")
        .unwrap()
        .clone();
    assert_eq!(ext["illegal"], 0, "a replaced reaction is legal: {stdout}");
    (stdout, stderr, ext)
}

#[test]
fn mj_arena_reports_no_error_for_mj_bot() {
    let (stdout, stderr, ext) = arena(&format!("{MJ} bot --player defense"), 2, "2", "ok");
    assert_eq!(ext["errors"], 0, "{stderr}");
    assert_eq!(ext["restarts"], 0, "{stderr}");
    assert!(ext["decisions"].as_u64().unwrap() > 50, "{ext}");
    assert!(stdout.contains("outside bot: 0 errors"), "{stdout}");
    assert!(!stderr.contains("mj arena: bot"), "{stderr}");
}

#[test]
fn garbage_answers_are_errors_and_the_match_goes_on() {
    let (stdout, stderr, ext) = arena(
        "while read -r line; do echo 'garbage'; done; :",
        1,
        "2",
        "garbage",
    );
    let decisions = ext["decisions"].as_u64().unwrap();
    let errors = ext["errors"].as_u64().unwrap();
    // Every decision, plus start_game and each end_kyoku and end_game (answers not JSON).
    assert!(
        errors > decisions,
        "{errors} errors, {decisions} decisions: {stdout}"
    );
    assert!(stderr.contains("not JSON"), "{stderr}");
    assert!(
        stderr.contains(": garbage"),
        "the offending line is logged: {stderr}"
    );
    assert!(
        stdout.contains(&format!("outside bot: {errors} errors")),
        "{stdout}"
    );
}

#[test]
fn late_answers_are_replaced_then_dropped_when_they_come() {
    // `mj bot` whose 12th answer comes 2 s late (timeout 0.5 s): that question and the ones
    // asked while the late answers are still coming get the default action; once the late
    // answers are in and dropped, the bot is in step again.
    // (The player id is appended to the command: `f ID`.)
    let script = format!(
        "f() {{ {MJ} bot --player tsumogiri \"$1\" | {{ n=0; while read -r line; do \
         n=$((n+1)); if [ $n -eq 12 ]; then sleep 2; fi; echo \"$line\"; done; }}; }}; f"
    );
    let (_, stderr, ext) = arena(&script, 1, "0.5", "late");
    let errors = ext["errors"].as_u64().unwrap();
    assert!(errors >= 1, "{stderr}");
    assert!(stderr.contains("no answer within 0.500 s"), "{stderr}");
    assert!(stderr.contains("dropped a late answer"), "{stderr}");
    assert_eq!(ext["restarts"], 0, "{stderr}");
}

#[test]
fn a_bot_that_exits_is_restarted_at_the_next_round() {
    // `mj bot` that reads 25 lines and stops: it exits mid-round, misses the rest of it, and
    // starts again with the next round (and exits again 25 lines later). The lines pass one
    // `echo` at a time (`head` would hold them back until it exits).
    let script = format!(
        "f() {{ n=0; while [ $n -lt 25 ] && read -r line; do echo \"$line\"; n=$((n+1)); done \
         | {MJ} bot --player tsumogiri \"$1\"; }}; f"
    );
    let (stdout, stderr, ext) = arena(&script, 1, "2", "exit");
    let restarts = ext["restarts"].as_u64().unwrap();
    let rounds = ext["rounds"].as_u64().unwrap();
    assert!(restarts >= 1, "{stderr}");
    assert!(
        restarts < rounds,
        "at most one start per round: {restarts} in {rounds} rounds"
    );
    assert!(ext["errors"].as_u64().unwrap() > 0, "{stdout}");
    assert!(stderr.contains("exited"), "{stderr}");
    assert!(stderr.contains("restarted"), "{stderr}");
    assert!(stdout.contains(&format!("{restarts} restarts")), "{stdout}");
}
