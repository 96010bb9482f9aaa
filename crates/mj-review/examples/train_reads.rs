//! Fits the reading of other seats (`mj_bot::reads`): how likely a seat not in riichi is ready.
//!
//! ```sh
//! cargo run --release -p mj-review --example train_reads -- ../shared/logs/tenhou-phoenix-2020 crates/mj-bot/data/ready_model.json
//! ```
//!
//! Every `*.mjlog` of the folder is replayed through the engine and its seats read
//! ([`mj_review::reads::seat_reads`]: at every turn where a seat may discard, each other seat
//! not in riichi, its features and whether its hand waited on something). Logs whose name ends in `0`-`4` before `.mjlog` are held
//! out, as for the discard model. A logistic regression with a small L2 penalty is fitted by
//! Newton's method from zero (deterministic); the file written holds the weights, the command,
//! and the log loss, Brier score and calibration on the held-out games next to a constant
//! chance (the fitted share of ready seats).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
// Matrix arithmetic reads best with indices.
#![allow(clippy::needless_range_loop)]

use std::path::{Path, PathBuf};

use mj_bot::reads::{FEATURE_NAMES, FEATURES, chance_of};
use mj_review::reads::{SeatRead, scores, seat_reads};
use serde_json::json;

fn collect(files: &[PathBuf]) -> Vec<SeatRead> {
    let mut out = Vec::new();
    for f in files {
        let log = mj_log::read(&std::fs::read(f).unwrap()).unwrap();
        let reads = seat_reads(&log).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        out.extend(reads);
    }
    out
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> [f64; FEATURES] {
    for c in 0..FEATURES {
        let p = (c..FEATURES)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .unwrap();
        a.swap(c, p);
        b.swap(c, p);
        for r in c + 1..FEATURES {
            let f = a[r][c] / a[c][c];
            for k in c..FEATURES {
                a[r][k] -= f * a[c][k];
            }
            b[r] -= f * b[c];
        }
    }
    let mut x = [0.0; FEATURES];
    for c in (0..FEATURES).rev() {
        let s: f64 = (c + 1..FEATURES).map(|k| a[c][k] * x[k]).sum();
        x[c] = (b[c] - s) / a[c][c];
    }
    x
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir, out] = &args[..] else {
        panic!("usage: train_reads LOGS_DIR OUT.json");
    };
    let (train_files, test_files) = mj_review::games::split(Path::new(dir)).unwrap();
    let train = collect(&train_files);
    let test = collect(&test_files);
    let share = train.iter().filter(|s| s.ready).count() as f64 / train.len().max(1) as f64;
    eprintln!(
        "{} games fitted ({} seats read, {:.3} ready), {} held out ({} seats read)",
        train_files.len(),
        train.len(),
        share,
        test_files.len(),
        test.len()
    );
    let l2 = 1e-4;
    let mut w = [0.0; FEATURES];
    let n = train.len() as f64;
    let mut steps = 0;
    for step in 1..=50 {
        let mut g = [0.0; FEATURES];
        let mut h = [[0.0; FEATURES]; FEATURES];
        for s in &train {
            let p = chance_of(&w, &s.features);
            let y = f64::from(u8::from(s.ready));
            for i in 0..FEATURES {
                g[i] += (p - y) * s.features[i] / n;
                for j in 0..FEATURES {
                    h[i][j] += p * (1.0 - p) * s.features[i] * s.features[j] / n;
                }
            }
        }
        for i in 0..FEATURES {
            g[i] += 2.0 * l2 * w[i];
            h[i][i] += 2.0 * l2;
        }
        let d = solve(h, g);
        let size = d.iter().map(|x| x * x).sum::<f64>().sqrt();
        for (wi, di) in w.iter_mut().zip(d) {
            *wi -= di;
        }
        steps = step;
        eprintln!(
            "step {step}: fitted log loss {:.5}",
            scores(&train, |s| chance_of(&w, &s.features)).0
        );
        if size < 1e-9 {
            break;
        }
    }
    let (ll, brier) = scores(&test, |s| chance_of(&w, &s.features));
    let (ll0, brier0) = scores(&test, |_| share);
    eprintln!(
        "held out: log loss {ll:.4} (constant {ll0:.4}), Brier {brier:.4} (constant {brier0:.4})"
    );
    // Calibration: held-out seats by tenths of the chance read.
    let mut bins = [(0u32, 0u32, 0.0f64); 10];
    for s in &test {
        let p = chance_of(&w, &s.features);
        let b = ((p * 10.0) as usize).min(9);
        bins[b].0 += 1;
        bins[b].1 += u32::from(s.ready);
        bins[b].2 += p;
    }
    let calibration: Vec<serde_json::Value> = bins
        .iter()
        .enumerate()
        .filter(|(_, b)| b.0 > 0)
        .map(|(i, b)| {
            let (n, r, p) = (f64::from(b.0), f64::from(b.1), b.2);
            eprintln!(
                "  read {:.1}-{:.1}: {} seats, mean read {:.3}, ready {:.3}",
                i as f64 / 10.0,
                (i + 1) as f64 / 10.0,
                b.0,
                p / n,
                r / n
            );
            json!({
                "read_from": i as f64 / 10.0,
                "seats": b.0,
                "mean_read": (p / n * 1e3).round() / 1e3,
                "ready_share": (r / n * 1e3).round() / 1e3,
            })
        })
        .collect();
    let round = |x: f64, k: f64| (x * k).round() / k;
    let weights: serde_json::Map<String, serde_json::Value> = FEATURE_NAMES
        .iter()
        .zip(w)
        .map(|(n, x)| ((*n).to_string(), json!(round(x, 1e6))))
        .collect();
    let model = json!({
        "about": "how likely a seat not in riichi is ready, from its calls and discards as another seat sees them (mj_bot::reads): a logistic regression fitted on Tenhou Phoenix games",
        "command": format!("cargo run --release -p mj-review --example train_reads -- {dir} {out}"),
        "held_out": "games whose file name ends in 0-4 before .mjlog",
        "fitted_games": train_files.len(),
        "fitted_seats_read": train.len(),
        "fitted_ready_share": round(share, 1e4),
        "held_out_games": test_files.len(),
        "held_out_seats_read": test.len(),
        "held_out_log_loss": round(ll, 1e4),
        "held_out_log_loss_constant": round(ll0, 1e4),
        "held_out_brier": round(brier, 1e4),
        "held_out_brier_constant": round(brier0, 1e4),
        "held_out_calibration": calibration,
        "optimizer": format!("Newton's method, {steps} steps, L2 {l2}, from zero"),
        "weights": weights,
    });
    std::fs::write(out, serde_json::to_string_pretty(&model).unwrap() + "\n").unwrap();
}
