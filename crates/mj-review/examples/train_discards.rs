//! Fits `imitation`'s discard model (`mj_bot::imitation`) on the discards of real players.
//!
//! ```sh
//! cargo run --release -p mj-review --example train_discards -- ../shared/logs/tenhou-phoenix-2020 crates/mj-bot/data/discard_model.json
//! ```
//!
//! Every `*.mjlog` of the folder is replayed through the engine (`mj_log::replay_observed`);
//! at every turn of every seat where two or more kinds may be discarded and the player
//! discarded, the features of each kind ([`mj_bot::imitation::features`], from the seat's
//! view) and the kind discarded are kept. Logs whose name ends in `0`-`4` before `.mjlog` (the
//! last hex digit of the game's id: about 5 in 16) are held out; the rest fit a conditional logit
//! (a softmax over the kinds of a decision) by full-batch Adam with a small L2 penalty,
//! starting from zero, so a run is deterministic. The file written holds the weights, the
//! command, the games and the top-1 agreement on the fitted and the held-out games.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use core::ops::ControlFlow;
use std::path::{Path, PathBuf};

use mj_bot::imitation::{FEATURE_NAMES, FEATURES, features};
use mj_game::view::kind_of;
use mj_game::{Action, Observer, Round, Seat};
use mj_tiles::{Tile, TileSet};
use serde_json::json;

/// One decision: each kind's features, and which was discarded.
struct Sample {
    rows: Vec<[f64; FEATURES]>,
    chosen: usize,
}

/// Each kind's features at a decision.
type Rows = Vec<(Tile, [f64; FEATURES])>;

#[derive(Default)]
struct Collect {
    pending: Option<(Rows, Seat)>,
    samples: Vec<Sample>,
}

fn discard_kinds(legal: &[Action]) -> TileSet {
    let mut s = TileSet::EMPTY;
    for a in legal {
        if let Action::Discard { tile } | Action::Riichi { tile } = a {
            s.insert(kind_of(tile.as_u8()));
        }
    }
    s
}

impl Observer<Round> for Collect {
    fn before(&mut self, game: &Round, seat: Seat, legal: &[Action]) {
        self.pending = None;
        let kinds = discard_kinds(legal);
        if kinds.len() < 2 {
            return;
        }
        let view = game.view(seat);
        self.pending = Some((features(&view, kinds), seat));
    }

    fn after(
        &mut self,
        _: &Round,
        seat: Seat,
        action: Action,
        _: Option<Action>,
    ) -> ControlFlow<()> {
        if let Some((rows, s)) = self.pending.take()
            && s == seat
            && let Action::Discard { tile } | Action::Riichi { tile } = action
        {
            let k = kind_of(tile.as_u8());
            if let Some(chosen) = rows.iter().position(|(t, _)| *t == k) {
                self.samples.push(Sample {
                    rows: rows.into_iter().map(|(_, f)| f).collect(),
                    chosen,
                });
            }
        }
        ControlFlow::Continue(())
    }
}

fn held_out(p: &Path) -> bool {
    let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    stem.ends_with(['0', '1', '2', '3', '4'])
}

fn collect(files: &[PathBuf]) -> Vec<Sample> {
    let mut c = Collect::default();
    for f in files {
        let log = mj_log::read(&std::fs::read(f).unwrap()).unwrap();
        let r = mj_log::replay_observed(&log, &mj_log::ReplayOptions::default(), &mut c);
        assert!(
            r.unsupported.is_none(),
            "{}: {:?}",
            f.display(),
            r.unsupported
        );
    }
    c.samples
}

/// Mean negative log-likelihood (plus the L2 penalty) and its gradient.
fn loss(w: &[f64; FEATURES], data: &[Sample], l2: f64) -> (f64, [f64; FEATURES]) {
    let mut g = [0.0; FEATURES];
    let mut nll = 0.0;
    for s in data {
        let z: Vec<f64> = s
            .rows
            .iter()
            .map(|f| mj_bot::imitation::score(w, f))
            .collect();
        let m = z.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let e: Vec<f64> = z.iter().map(|x| (x - m).exp()).collect();
        let sum: f64 = e.iter().sum();
        nll -= z[s.chosen] - m - sum.ln();
        for (f, ei) in s.rows.iter().zip(&e) {
            let p = ei / sum;
            for (gk, fk) in g.iter_mut().zip(f) {
                *gk += p * fk;
            }
        }
        for (gk, fk) in g.iter_mut().zip(&s.rows[s.chosen]) {
            *gk -= fk;
        }
    }
    let n = data.len().max(1) as f64;
    for (gk, wk) in g.iter_mut().zip(w) {
        *gk = *gk / n + 2.0 * l2 * wk;
    }
    (nll / n + l2 * w.iter().map(|x| x * x).sum::<f64>(), g)
}

fn accuracy(w: &[f64; FEATURES], data: &[Sample]) -> f64 {
    let hits = data
        .iter()
        .filter(|s| {
            let z: Vec<f64> = s
                .rows
                .iter()
                .map(|f| mj_bot::imitation::score(w, f))
                .collect();
            let best = (0..z.len())
                .max_by(|&a, &b| z[a].total_cmp(&z[b]).then(b.cmp(&a)))
                .unwrap();
            best == s.chosen
        })
        .count();
    hits as f64 / data.len().max(1) as f64
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir, out] = &args[..] else {
        panic!("usage: train_discards LOGS_DIR OUT.json");
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mjlog"))
        .collect();
    files.sort();
    let (test_files, train_files): (Vec<PathBuf>, Vec<PathBuf>) =
        files.into_iter().partition(|p| held_out(p));
    let train = collect(&train_files);
    let test = collect(&test_files);
    eprintln!(
        "{} games fitted ({} decisions), {} held out ({} decisions)",
        train_files.len(),
        train.len(),
        test_files.len(),
        test.len()
    );
    let l2 = 1e-4;
    let mut w = [0.0; FEATURES];
    let (mut m, mut v) = ([0.0; FEATURES], [0.0; FEATURES]);
    let (b1, b2, lr) = (0.9f64, 0.999f64, 0.05);
    let steps = 400;
    for t in 1..=steps {
        let (l, g) = loss(&w, &train, l2);
        #[allow(clippy::needless_range_loop)]
        for k in 0..FEATURES {
            m[k] = b1 * m[k] + (1.0 - b1) * g[k];
            v[k] = b2 * v[k] + (1.0 - b2) * g[k] * g[k];
            let mh = m[k] / (1.0 - b1.powi(t));
            let vh = v[k] / (1.0 - b2.powi(t));
            w[k] -= lr * mh / (vh.sqrt() + 1e-8);
        }
        if t % 50 == 0 {
            eprintln!(
                "step {t}: loss {l:.4}, fitted top-1 {:.4}",
                accuracy(&w, &train)
            );
        }
    }
    let (fit_acc, test_acc) = (accuracy(&w, &train), accuracy(&w, &test));
    eprintln!("top-1 agreement: fitted {fit_acc:.4}, held out {test_acc:.4}");
    let weights: serde_json::Map<String, serde_json::Value> = FEATURE_NAMES
        .iter()
        .zip(w)
        .map(|(n, x)| ((*n).to_string(), json!((x * 1e6).round() / 1e6)))
        .collect();
    let model = json!({
        "about": "imitation's discard model: a conditional logit over the kinds a seat may discard, fitted on Tenhou Phoenix players' discards (mj_bot::imitation)",
        "command": format!("cargo run --release -p mj-review --example train_discards -- {dir} {out}"),
        "held_out": "games whose file name ends in 0-4 before .mjlog",
        "fitted_games": train_files.len(),
        "fitted_decisions": train.len(),
        "held_out_games": test_files.len(),
        "held_out_decisions": test.len(),
        "top1_fitted": (fit_acc * 1e4).round() / 1e4,
        "top1_held_out": (test_acc * 1e4).round() / 1e4,
        "optimizer": format!("full-batch Adam, {steps} steps, lr {lr}, L2 {l2}, from zero"),
        "weights": weights,
    });
    std::fs::write(out, serde_json::to_string_pretty(&model).unwrap() + "\n").unwrap();
}
