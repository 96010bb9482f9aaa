//! The reading of other seats (`mj_bot::reads`) against the Phoenix games it was not fitted
//! on (file names ending in 0-4): its chances beat a constant one (the share of ready seats)
//! by log loss, and are calibrated: among the seats it reads likely ready, about as many are.
//! Reads `../shared/logs` (or `MJ_LOGS`); says so and passes when absent.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use mj_bot::reads::{chance_of, weights};
use mj_review::games::split;
use mj_review::reads::{scores, seat_reads};

fn logs_dir() -> PathBuf {
    match std::env::var_os("MJ_LOGS") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/logs"),
    }
}

#[test]
fn reads_of_held_out_phoenix_games_beat_a_constant_and_are_calibrated() {
    let dir = logs_dir().join("tenhou-phoenix-2020");
    let Ok((_, held_out)) = split(&dir) else {
        eprintln!(
            "reads: {} is absent: not checked on real games",
            dir.display()
        );
        return;
    };
    let w = weights().expect("the committed model loads");
    let mut reads = Vec::new();
    for f in &held_out {
        let log = mj_log::read(&std::fs::read(f).unwrap()).unwrap();
        reads.extend(seat_reads(&log).unwrap());
    }
    assert!(reads.len() > 10_000, "{} seats read", reads.len());
    let n = reads.len() as f64;
    let share = reads.iter().filter(|r| r.ready).count() as f64 / n;
    let (model, _) = scores(&reads, |r| chance_of(w, &r.features));
    let (constant, _) = scores(&reads, |_| share);
    eprintln!("held-out log loss {model:.4}, constant {constant:.4}, ready share {share:.3}");
    assert!(model < 0.8 * constant, "{model} against {constant}");
    // Calibration where it matters to a search: seats read at 30 % or more.
    let likely: Vec<_> = reads
        .iter()
        .filter(|r| chance_of(w, &r.features) >= 0.3)
        .collect();
    let said = likely
        .iter()
        .map(|r| chance_of(w, &r.features))
        .sum::<f64>()
        / likely.len() as f64;
    let were = likely.iter().filter(|r| r.ready).count() as f64 / likely.len() as f64;
    eprintln!(
        "{} seats read at 30 % or more: mean read {said:.3}, ready {were:.3}",
        likely.len()
    );
    assert!(likely.len() > 1_000, "{}", likely.len());
    assert!((said - were).abs() < 0.05, "read {said}, ready {were}");
}
