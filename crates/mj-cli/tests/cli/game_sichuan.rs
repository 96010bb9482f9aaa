//! `mj game --rules sichuan` as a user runs it: the mjai stream with the Sichuan extensions
//! (`huansanzhang`, `dingque`, `settle`, `hora` that does not end the round), zero-sum final
//! scores, determinism, and a summary whose settlement adds up to the final scores.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{event_type, final_scores, mj, seeded_game, stdout};

#[test]
fn sichuan_games_speak_mjai_with_the_extensions() {
    let mut horas_not_last = 0;
    for seed in 0..20u64 {
        let s = seed.to_string();
        let args = [
            "game", "--rules", "sichuan", "--seed", &s, "--length", "east",
        ];
        let (_, events) = seeded_game(&args);
        let count = |k: &str| events.iter().filter(|e| event_type(e) == k).count();
        assert_eq!(count("start_kyoku"), 4, "seed {seed}: four rounds");
        assert_eq!(count("end_kyoku"), 4);
        assert_eq!(count("huansanzhang"), 16, "four per round");
        assert_eq!(count("dingque"), 16);
        for (i, e) in events.iter().enumerate() {
            if event_type(e) == "hora" && event_type(&events[i + 1]) != "end_kyoku" {
                horas_not_last += 1;
            }
        }
        let scores = final_scores(&events);
        assert_eq!(
            scores.iter().sum::<i64>(),
            0,
            "seed {seed}: stakes are zero-sum"
        );
        // The summary's settlement lines add up to the final scores.
        let sum = mj(&[
            "game",
            "--rules",
            "sichuan",
            "--seed",
            &s,
            "--length",
            "east",
            "--summary",
        ]);
        let text = stdout(&sum);
        let mut total = [0i64; 4];
        for line in text
            .lines()
            .filter(|l| l.starts_with("  ") && !l.contains("scores:"))
        {
            if let Some((_, d)) = line.rsplit_once("): ") {
                let d: Vec<i64> = d.split(' ').filter_map(|x| x.parse().ok()).collect();
                if d.len() == 4 {
                    for (t, x) in total.iter_mut().zip(d) {
                        *t += x;
                    }
                }
            }
        }
        assert_eq!(total.to_vec(), scores, "seed {seed}: {text}");
        assert!(text.contains("lacks (定缺)"), "{text}");
    }
    assert!(horas_not_last > 0, "some wins do not end their round");
}

#[test]
fn an_unknown_preset_names_sichuan_among_the_choices() {
    let o = mj(&["game", "--rules", "nope", "--seed", "1"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("sichuan"));
}

#[test]
fn replay_reads_sichuan_event_logs() {
    let dir = std::env::temp_dir().join(format!("mj-sichuan-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.jsonl");
    let bad = dir.join("bad.jsonl");
    let log = stdout(&mj(&[
        "game", "--rules", "sichuan", "--seed", "5", "--length", "east",
    ]));
    std::fs::write(&good, &log).unwrap();
    // One payment changed by a stake.
    let at = log.find("\"deltas\":[").unwrap() + "\"deltas\":[".len();
    let len = log[at..].find(',').unwrap();
    let v: i64 = log[at..at + len].parse().unwrap();
    let changed = format!("{}{}{}", &log[..at], v + 1, &log[at + len..]);
    assert!(
        changed
            .lines()
            .all(|l| serde_json::from_str::<serde_json::Value>(l).is_ok())
    );
    std::fs::write(&bad, &changed).unwrap();
    let o = mj(&["replay", good.to_str().unwrap()]);
    let report = format!("{}{}", stdout(&o), String::from_utf8_lossy(&o.stderr));
    assert_eq!(o.status.code(), Some(0), "{report}");
    assert!(
        report.contains("sichuan, 4 rounds") && report.contains("all match"),
        "{report}"
    );
    let o = mj(&["replay", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    // --mjai prints the replayed events: the log itself.
    let o = mj(&["replay", "--mjai", good.to_str().unwrap()]);
    assert_eq!(stdout(&o), log);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `mj game --rules sichuan_hongzhong|hongzhong` logs replay through `mj replay` (the
/// wildcard presets are found from the log, and named on the report's line) and a changed
/// payment does not.
#[test]
fn replay_reads_wildcard_event_logs() {
    let dir = std::env::temp_dir().join(format!("mj-wild-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for preset in ["sichuan_hongzhong", "hongzhong"] {
        let good = dir.join(format!("{preset}.jsonl"));
        let log = stdout(&mj(&[
            "game",
            "--rules",
            preset,
            "--seed",
            "7",
            "--length",
            "east",
            "--players",
            "efficiency",
        ]));
        assert!(log.contains("\"C\""), "{preset}: a 红中 shows somewhere");
        std::fs::write(&good, &log).unwrap();
        let o = mj(&["replay", good.to_str().unwrap()]);
        let report = format!("{}{}", stdout(&o), String::from_utf8_lossy(&o.stderr));
        assert_eq!(o.status.code(), Some(0), "{preset}: {report}");
        assert!(report.contains("all match"), "{preset}: {report}");
        // The line names the preset the log replayed under.
        assert!(report.contains(&format!(": {preset}, ")), "{report}");
        let at = log.find("\"deltas\":[").unwrap() + "\"deltas\":[".len();
        let len = log[at..].find(',').unwrap();
        let v: i64 = log[at..at + len].parse().unwrap();
        let bad = dir.join(format!("{preset}-bad.jsonl"));
        std::fs::write(&bad, format!("{}{}{}", &log[..at], v + 1, &log[at + len..])).unwrap();
        assert_eq!(
            mj(&["replay", bad.to_str().unwrap()]).status.code(),
            Some(1)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
