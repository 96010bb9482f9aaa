//! Replays every four-player Tenhou mjlog in `../shared/logs` (real games: the wall from the
//! `SHUFFLE` seed, every logged action through the engine, every result, the match rules
//! between rounds, the final scores and points) and fails on any mismatch. Three-player games
//! are skipped (the sanma issue's). When the folder is absent the test says so and passes.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Read;
use std::path::{Path, PathBuf};

fn logs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/logs")
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "mjlog" || x == "xml") {
            out.push(p);
        }
    }
}

/// The text of a log, gzip undone when the file is compressed.
fn read(p: &Path) -> String {
    let bytes = std::fs::read(p).unwrap();
    if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut s = String::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_string(&mut s)
            .unwrap();
        s
    } else {
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

#[test]
fn every_four_player_game_replays_without_mismatch() {
    let dir = logs_dir();
    if !dir.is_dir() {
        println!(
            "replay_real: {} is absent: no real games replayed (the test passes without them)",
            dir.display()
        );
        return;
    }
    let mut paths = Vec::new();
    collect(&dir, &mut paths);
    paths.sort();
    let texts: Vec<(String, String)> = paths
        .iter()
        .map(|p| {
            let name = p.strip_prefix(&dir).unwrap_or(p).display().to_string();
            (name, read(p))
        })
        .collect();
    let report = mj_game::replay(texts.iter().map(|(n, t)| (n.clone(), t.as_str())));
    for f in &report.files {
        if !f.mismatches.is_empty() || !f.notes.is_empty() || f.skipped.is_some() {
            println!("{f}");
        }
    }
    println!(
        "replay_real: {} files replayed ({} skipped), {} rounds, {} actions, {} mismatches",
        report.replayed(),
        report.skipped(),
        report.rounds(),
        report.actions(),
        report.mismatches()
    );
    assert!(
        report.replayed() > 250,
        "only {} files replayed",
        report.replayed()
    );
    assert!(
        report.all_match(),
        "{} mismatches (listed above)",
        report.mismatches()
    );
}
