//! `mj game` and `mj replay` as a user runs them: determinism, the mjai stream's shape, and a
//! replay that passes on the real Tenhou logs in `../shared/logs` and fails once a logged
//! payment is changed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::path::{Path, PathBuf};

use common::{mj, stdout};

/// `--legal` adds a line before each decision and changes nothing else; each decision is
/// followed by its seat's answer or another decision (claims), and the seat's action is one of
/// those listed; `--rules libriichi` plays.
#[test]
fn game_legal_lists_each_decision_among_the_events() {
    let args = ["game", "--seed", "3", "--length", "east"];
    let plain = mj(&args);
    let with = mj(&[&args[..], &["--legal"]].concat());
    assert!(
        with.status.success(),
        "{}",
        String::from_utf8_lossy(&with.stderr)
    );
    let lines: Vec<serde_json::Value> = stdout(&with)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let events: Vec<String> = stdout(&with)
        .lines()
        .filter(|l| !l.starts_with("{\"legal\""))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(events.concat(), stdout(&plain));
    let mut discards = 0;
    for (i, l) in lines.iter().enumerate() {
        let Some(d) = l.get("legal") else { continue };
        let actions: Vec<&str> = d["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        assert!(!actions.is_empty(), "line {i}: {l}");
        let next = &lines[i + 1];
        if next["type"] == "dahai" && next["actor"] == d["actor"] {
            let tile = next["pai"].as_str().unwrap();
            assert!(
                actions.contains(&format!("discard {tile}").as_str()),
                "line {i}: {next} not among {actions:?}"
            );
            discards += 1;
        }
    }
    assert!(discards > 100, "{discards}");
    let libriichi = mj(&[
        "game",
        "--rules",
        "libriichi",
        "--seed",
        "3",
        "--length",
        "east",
    ]);
    assert!(libriichi.status.success());
    assert!(stdout(&libriichi).contains("\"start_kyoku\""));
}

#[test]
fn game_is_deterministic_and_speaks_mjai() {
    let a = mj(&["game", "--seed", "7", "--length", "east"]);
    let b = mj(&["game", "--seed", "7", "--length", "east"]);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    assert_eq!(stdout(&a), stdout(&b), "the same seed plays the same game");
    let events: Vec<serde_json::Value> = stdout(&a)
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is one JSON object"))
        .collect();
    let kind = |e: &serde_json::Value| e["type"].as_str().unwrap_or("").to_string();
    assert_eq!(kind(&events[0]), "start_game");
    assert_eq!(kind(&events[1]), "start_kyoku");
    assert_eq!(kind(&events[events.len() - 1]), "end_game");
    let kyoku = events.iter().filter(|e| kind(e) == "start_kyoku").count();
    let ends = events.iter().filter(|e| kind(e) == "end_kyoku").count();
    assert!(
        kyoku >= 4,
        "an east-only match has at least four rounds, got {kyoku}"
    );
    assert_eq!(kyoku, ends, "every round ends");
    // The final scores are the last settlement's and sum to the starting total.
    let last = events[events.len() - 1]["scores"]
        .as_array()
        .expect("end_game has scores")
        .iter()
        .map(|s| s.as_i64().expect("an integer score"))
        .sum::<i64>();
    let sticks_left = 100_000 - last;
    assert!(
        (0..=100_000).contains(&sticks_left) && sticks_left % 1000 == 0,
        "scores sum to 100,000 less riichi sticks left on the table: {last}"
    );
    let other = mj(&["game", "--seed", "8", "--length", "east"]);
    assert_ne!(stdout(&a), stdout(&other), "another seed, another game");
}

#[test]
fn sanma_games_have_three_seats() {
    let o = mj(&["game", "--rules", "sanma", "--seed", "2", "--summary"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let s = stdout(&o);
    assert!(
        s.starts_with("seed 2 (sanma, hanchan, random,random,random): "),
        "{s}"
    );
    assert!(s.contains("seat 2: ") && !s.contains("seat 3"), "{s}");
    let events = stdout(&mj(&[
        "game", "--rules", "sanma", "--seed", "2", "--length", "east",
    ]));
    let start: serde_json::Value =
        serde_json::from_str(events.lines().nth(1).expect("a start_kyoku line")).unwrap();
    assert_eq!(start["type"], "start_kyoku");
    let dealt: Vec<usize> = start["tehais"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_array().map_or(0, Vec::len))
        .collect();
    assert_eq!(&dealt[..3], &[13, 13, 13], "three seats dealt: {dealt:?}");
    for line in events.lines() {
        let e: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_ne!(e["type"], "chi", "no chi in three-player games: {line}");
        if let Some(pai) = e["pai"].as_str() {
            assert!(
                !matches!(pai, "2m" | "3m" | "4m" | "5m" | "5mr" | "6m" | "7m" | "8m"),
                "2m-8m are not in a three-player wall: {line}"
            );
        }
    }
}

#[test]
fn game_summary_and_bad_arguments() {
    let o = mj(&[
        "game",
        "--seed",
        "3",
        "--players",
        "tsumogiri,random",
        "--summary",
    ]);
    assert!(o.status.success());
    let s = stdout(&o);
    assert!(
        s.starts_with("seed 3 (tenhou, hanchan, tsumogiri,random,tsumogiri,random): seat 0: "),
        "{s}"
    );
    // 红中麻将: the first round of seed 1 ends in a win and its birds (抓鸟).
    let o = mj(&[
        "game",
        "--rules",
        "hongzhong",
        "--length",
        "one",
        "--seed",
        "1",
        "--players",
        "efficiency",
        "--summary",
    ]);
    assert!(o.status.success());
    let s = stdout(&o);
    assert!(s.starts_with("seed 1 (hongzhong, one, "), "{s}");
    assert!(s.contains("  win: seat 3 on 3s self-draw"), "{s}");
    assert!(s.contains("  birds (抓鸟) for seat 3: "), "{s}");
    for (args, says) in [
        (
            &["game", "--players", "bogus"][..],
            "unknown player `bogus`",
        ),
        // `mcr` is a preset now (tests/game_mcr.rs); an unknown name lists them all.
        (
            &["game", "--rules", "zung_jung"][..],
            "unknown preset `zung_jung`",
        ),
        (
            &["game", "--rules", "taiwan"][..],
            "sanma_mahjong_soul, sichuan, sichuan_hongzhong, hongzhong, mcr",
        ),
        (&["game", "--length", "south"][..], "unknown `south`"),
    ] {
        let o = mj(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// `../shared/logs` beside the repository, if it is there.
fn logs() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/logs");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("../shared/logs is absent: the replay tests against real games did not run");
        None
    }
}

fn four_player_logs(dir: &Path, n: usize) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("tenhou-phoenix-2020"))
        .expect("the Phoenix folder reads")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.to_string_lossy().contains("-00a9-"))
        .collect();
    files.sort();
    files.truncate(n);
    files
}

#[test]
fn replay_matches_real_games_and_fails_on_a_changed_payment() {
    let Some(dir) = logs() else { return };
    let files = four_player_logs(&dir, 5);
    assert_eq!(files.len(), 5);
    let args: Vec<&str> = std::iter::once("replay")
        .chain(files.iter().map(|p| p.to_str().expect("a UTF-8 path")))
        .collect();
    let o = mj(&args);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.lines().last().unwrap_or("").ends_with(" 0 mismatches"),
        "{out}"
    );

    // The same first game with one payment changed by 100 points must be caught.
    let text = std::fs::read_to_string(&files[0]).expect("the log reads");
    let at = text.find("<AGARI ").expect("the game has a win");
    let sc = at + text[at..].find(" sc=\"").expect("the win has sc") + 5;
    let end = sc + text[sc..].find('"').expect("sc ends");
    let mut fields: Vec<i64> = text[sc..end]
        .split(',')
        .map(|f| f.parse().expect("sc holds integers"))
        .collect();
    fields[1] += 1; // seat 0's delta, in hundreds
    let changed = fields
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let bad = format!("{}{}{}", &text[..sc], changed, &text[end..]);
    let path = std::env::temp_dir().join(format!("mj-replay-{}.mjlog", std::process::id()));
    std::fs::write(&path, bad).expect("a temporary file");
    let o = mj(&["replay", path.to_str().expect("a UTF-8 path")]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(
        o.status.code(),
        Some(1),
        "a changed payment must fail: {}",
        stdout(&o)
    );
    assert!(stdout(&o).contains("mismatch"), "{}", stdout(&o));

    let o = mj(&["replay", "/nonexistent/log.mjlog"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("unreadable"), "{}", stdout(&o));
}

#[test]
fn replay_mjai_prints_the_engines_events() {
    let Some(dir) = logs() else { return };
    let files = four_player_logs(&dir, 1);
    let o = mj(&["replay", "--mjai", files[0].to_str().expect("a UTF-8 path")]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON Lines"))
        .collect();
    assert_eq!(lines[0]["type"], "start_game");
    assert_eq!(lines[lines.len() - 1]["type"], "end_game");
    assert!(
        lines
            .iter()
            .any(|e| e["type"] == "hora" || e["type"] == "ryukyoku")
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("0 mismatches"));
}

#[test]
fn replay_checks_final_points_and_refuses_chip_rooms_by_name() {
    let Some(dir) = logs() else { return };
    // A 2009 east-only Phoenix game (uma 5-10): replayed with its final points compared.
    let bye = dir.join("corner-cases/bye.xml");
    let o = mj(&["replay", bye.to_str().expect("a UTF-8 path")]);
    assert!(o.status.success(), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("final scores and points: ok"),
        "{}",
        stdout(&o)
    );
    // Its owari with the first place's points changed by 1.0 must fail.
    let text = std::fs::read_to_string(&bye).expect("the log reads");
    let at = text.find("owari=\"").expect("the game has owari") + 7;
    let end = at + text[at..].find('"').expect("owari ends");
    let mut fields: Vec<String> = text[at..end].split(',').map(str::to_owned).collect();
    let p: i64 = fields[3].parse().expect("whole points");
    fields[3] = (p + 1).to_string();
    let bad = format!("{}{}{}", &text[..at], fields.join(","), &text[end..]);
    let path = std::env::temp_dir().join(format!("mj-replay-owari-{}.xml", std::process::id()));
    std::fs::write(&path, bad).expect("a temporary file");
    let o = mj(&["replay", path.to_str().expect("a UTF-8 path")]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains("final points"), "{}", stdout(&o));
    // A chip room is refused by name, and the replay fails.
    let chip = dir.join("corner-cases/chip.xml_");
    let o = mj(&["replay", chip.to_str().expect("a UTF-8 path")]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("unsupported: lobby rules of GO type 0x229"),
        "{}",
        stdout(&o)
    );
}
