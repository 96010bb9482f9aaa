//! `mj bot`: one answer per input line in mjai.app's framing, bad lines reported and answered
//! `none` without ending the run, resynchronisation at the next `start_kyoku`, exit 0 at end
//! of input; recorded games of our own engine followed seat by seat with no line reported.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::process::{Command, Stdio};

use mj_cli::bot_cmd::{BotArgs, Format, run};
use mj_game::{Event, GameRules, Length, RandomBot, play};
use serde_json::Value;

fn args(player: &str, seat: u8, format: Format) -> BotArgs {
    BotArgs {
        player: player.to_owned(),
        format,
        seat,
        seed: 1,
    }
}

/// Runs the bot over `input`; returns (stdout lines, stderr lines).
fn bot(a: &BotArgs, input: &str) -> (Vec<String>, Vec<String>) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    run(a, input.as_bytes(), &mut out, &mut err).unwrap();
    let lines = |b: Vec<u8>| {
        String::from_utf8(b)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect()
    };
    (lines(out), lines(err))
}

fn start_kyoku(hand: [&str; 13]) -> String {
    format!(
        r#"{{"type":"start_kyoku","bakaze":"E","dora_marker":"1s","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[{},{q},{q},{q}]}}"#,
        serde_json::to_string(&hand).unwrap(),
        q = serde_json::to_string(&["?"; 13]).unwrap()
    )
}

const HAND: [&str; 13] = [
    "1m", "1m", "1m", "1m", "2p", "3p", "4p", "7s", "8s", "9s", "E", "E", "S",
];

#[test]
fn every_line_gets_one_answer_and_bad_lines_are_reported() {
    let input = [
        r#"[{"type":"start_game","names":["a","b","c","d"],"id":0}]"#.to_owned(),
        "this is not JSON".to_owned(),
        r#"{"type":"end_kyoku"}"#.to_owned(), // an object, not an array
        format!(r#"[{}]"#, start_kyoku(HAND)),
        // A fifth 1m: contradicts the hand.
        r#"[{"type":"tsumo","actor":0,"pai":"1m"}]"#.to_owned(),
        r#"[{"type":"dahai","actor":0,"pai":"1m","tsumogiri":true},{"type":"tsumo","actor":1,"pai":"?"}]"#
            .to_owned(),
        r#"[{"type":"no_such_event"}]"#.to_owned(),
        // Resynchronised: the dealer draws and the bot discards.
        format!(r#"[{},{{"type":"tsumo","actor":0,"pai":"N"}}]"#, start_kyoku(HAND)),
        r#"[{"type":"end_kyoku"}]"#.to_owned(),
        r#"[{"type":"end_game"}]"#.to_owned(),
    ]
    .join("\n");
    let (out, err) = bot(&args("tsumogiri", 0, Format::MjaiApp), &input);
    assert_eq!(out.len(), 10, "{out:?}");
    for (i, line) in out.iter().enumerate() {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(v["type"].is_string(), "answer {i}: {line}");
    }
    let none = r#"{"type":"none"}"#;
    assert_eq!(out[1], none);
    assert_eq!(out[2], none);
    assert_eq!(out[4], none, "a contradiction is answered none");
    assert_eq!(out[6], none);
    assert_eq!(
        out[7],
        r#"{"type":"dahai","actor":0,"pai":"N","tsumogiri":true}"#
    );
    assert_eq!(err.len(), 4, "{err:?}");
    assert!(err[0].starts_with("mj bot: line 2: not JSON"), "{}", err[0]);
    assert!(
        err[1].starts_with("mj bot: line 3: not a JSON array"),
        "{}",
        err[1]
    );
    assert!(err[2].starts_with("mj bot: line 5: tsumo:"), "{}", err[2]);
    assert!(err[2].contains("1m"), "{}", err[2]);
    assert!(
        err[3].starts_with("mj bot: line 7: not an mjai event"),
        "{}",
        err[3]
    );
}

#[test]
fn events_format_answers_only_when_asked() {
    let input = [
        "{not json".to_owned(),
        start_kyoku(HAND),
        r#"{"type":"tsumo","actor":0,"pai":"N"}"#.to_owned(),
        r#"{"type":"dahai","actor":0,"pai":"N","tsumogiri":true}"#.to_owned(),
        r#"{"type":"tsumo","actor":1,"pai":"?"}"#.to_owned(),
        r#"{"type":"dahai","actor":1,"pai":"9p","tsumogiri":true}"#.to_owned(),
    ]
    .join("\n");
    let (out, err) = bot(&args("tsumogiri", 0, Format::Events), &input);
    // Only the draw asks something (9p is no call for this hand).
    assert_eq!(
        out,
        [r#"{"type":"dahai","actor":0,"pai":"N","tsumogiri":true}"#],
        "{err:?}"
    );
    assert_eq!(err.len(), 1);
    assert!(err[0].starts_with("mj bot: line 1: not JSON"));
}

/// Our own engine's recorded games, each seat's view one event a line (mjai.app's framing):
/// one answer per line, no line reported, for every player.
#[test]
fn recorded_games_are_followed_by_every_seat() {
    for (g, player) in [
        "random",
        "tsumogiri",
        "efficiency",
        "value",
        "defense",
        "search:samples=2",
    ]
    .iter()
    .enumerate()
    {
        let mut bots: [Box<dyn mj_game::Bot>; 4] =
            core::array::from_fn(|s| Box::new(RandomBot::new(s as u64)) as Box<dyn mj_game::Bot>);
        let played = play(
            GameRules::tenhou(),
            Length::EastOnly,
            g as u64,
            &mut bots,
            true,
        );
        for seat in 0..4u8 {
            let lines: Vec<String> = played
                .events
                .iter()
                .map(|e| format!("[{}]", e.view(seat).to_json()))
                .collect();
            let (out, err) = bot(&args(player, seat, Format::MjaiApp), &lines.join("\n"));
            assert_eq!(out.len(), lines.len(), "game {g} seat {seat}");
            assert!(err.is_empty(), "game {g} seat {seat} {player}: {err:?}");
            let acted = out.iter().filter(|l| !l.contains("none")).count();
            assert!(acted > 10, "game {g} seat {seat}: {acted} actions");
        }
        assert!(
            played
                .events
                .iter()
                .any(|e| matches!(e, Event::EndGame { .. }))
        );
    }
}

#[test]
fn end_of_input_exits_zero_and_a_bad_player_is_a_usage_error() {
    let exe = env!("CARGO_BIN_EXE_mj");
    let mut child = Command::new(exe)
        .args(["bot", "--player", "efficiency", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // No final newline, then end of input.
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"[]\n[{\"type\":\"end_game\"}]")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 2);
    let bad = Command::new(exe)
        .args(["bot", "--player", "nobody", "0"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2), "{bad:?}");
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown player"));
}
