//! Fits `imitation`'s discard model (`mj_bot::imitation`) on the discards of real players.
//!
//! ```sh
//! cargo run --release -p mj-review --example train_discards -- ../shared/logs/tenhou-phoenix-2020 crates/mj-bot/data/discard_model.json --hidden 32,64 --l2 1e-5,1e-4
//! ```
//!
//! Every `*.mjlog` of the folder is replayed through the engine (`mj_log::replay_observed`);
//! at every turn of every seat where two or more kinds may be discarded and the player
//! discarded, the inputs of each kind ([`mj_bot::imitation::inputs`], from the seat's view)
//! and the kind discarded are kept. Logs whose name ends in `0`-`4` before `.mjlog` (the last
//! hex digit of the game's id: about 5 in 16) are held out and only measured. Of the rest,
//! those ending in `e` or `f` are the validation split: the network
//! ([`mj_bot::imitation::Mlp`], a softmax over the kinds of a decision) is fitted on the others
//! by minibatch Adam with an L2 penalty, from a seeded start and seeded batch order, and the
//! epoch with the lowest validation loss is kept (early stopping). Each setting given (comma
//! lists: `--hidden 16,32`) is fitted so and the one with the lowest validation loss is then
//! fitted again on every fitted game for its best number of epochs. A run is deterministic.
//! The file written holds the weights, the command, the games and the top-1 agreement on the
//! fitted, validation and held-out games, measured with the rounded weights as written.
//!
//! Options: `--hidden N[,N..]` (32), `--l2 X[,X..]` (1e-4), `--lr X` (0.002), `--act relu|tanh`
//! (relu), `--batch N` (256 decisions), `--epochs N` (40, at most), `--patience N` (4),
//! `--seed N` (1), `--cache FILE` (keeps the extracted inputs between runs: read when it
//! exists and was written with the same inputs, else written).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use core::ops::ControlFlow;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use mj_bot::imitation::{Activation, INPUTS, Mlp, input_names, inputs};
use mj_game::view::kind_of;
use mj_game::{Action, Observer, Round, Seat};
use mj_tiles::random::SplitMix64;
use mj_tiles::{Tile, TileSet};
use serde_json::json;

/// Decisions: each kind's inputs, flat, and which kind was discarded.
#[derive(Clone, Default)]
struct Samples {
    /// `INPUTS` numbers per row.
    x: Vec<f64>,
    /// Each decision's first row, and one past its last (`starts[i]..starts[i + 1]`).
    starts: Vec<u32>,
    /// The row discarded, within its decision.
    chosen: Vec<u32>,
}

impl Samples {
    fn len(&self) -> usize {
        self.chosen.len()
    }

    fn rows(&self, d: usize) -> core::ops::Range<usize> {
        self.starts[d] as usize..self.starts[d + 1] as usize
    }

    fn row(&self, r: usize) -> &[f64] {
        &self.x[r * INPUTS..(r + 1) * INPUTS]
    }

    fn push(&mut self, rows: &[[f64; INPUTS]], chosen: usize) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        for r in rows {
            self.x.extend_from_slice(r);
        }
        self.chosen.push(chosen as u32);
        self.starts.push((self.x.len() / INPUTS) as u32);
    }

    fn write(&self, w: &mut impl Write) {
        w.write_all(&(self.len() as u64).to_le_bytes()).unwrap();
        w.write_all(&(self.x.len() as u64).to_le_bytes()).unwrap();
        for &s in &self.starts {
            w.write_all(&s.to_le_bytes()).unwrap();
        }
        for &c in &self.chosen {
            w.write_all(&c.to_le_bytes()).unwrap();
        }
        for &x in &self.x {
            w.write_all(&x.to_le_bytes()).unwrap();
        }
    }

    fn read(r: &mut impl Read) -> Samples {
        let mut b8 = [0u8; 8];
        let mut b4 = [0u8; 4];
        let mut u64_ = |r: &mut dyn Read| {
            r.read_exact(&mut b8).unwrap();
            u64::from_le_bytes(b8)
        };
        let (n, nx) = (u64_(r) as usize, u64_(r) as usize);
        let mut u32s = |r: &mut dyn Read, k: usize| {
            (0..k)
                .map(|_| {
                    r.read_exact(&mut b4).unwrap();
                    u32::from_le_bytes(b4)
                })
                .collect::<Vec<_>>()
        };
        let starts = u32s(r, n + 1);
        let chosen = u32s(r, n);
        let x = (0..nx)
            .map(|_| {
                r.read_exact(&mut b8).unwrap();
                f64::from_le_bytes(b8)
            })
            .collect();
        Samples { x, starts, chosen }
    }
}

/// Each kind's inputs at a decision.
type Rows = Vec<(Tile, [f64; INPUTS])>;

struct Collect<'a> {
    pending: Option<(Rows, Seat)>,
    samples: &'a mut Samples,
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

impl Observer<Round> for Collect<'_> {
    fn before(&mut self, game: &Round, seat: Seat, legal: &[Action]) {
        self.pending = None;
        let kinds = discard_kinds(legal);
        if kinds.len() < 2 {
            return;
        }
        let view = game.view(seat);
        self.pending = Some((inputs(&view, kinds), seat));
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
                let rows: Vec<[f64; INPUTS]> = rows.into_iter().map(|(_, f)| f).collect();
                self.samples.push(&rows, chosen);
            }
        }
        ControlFlow::Continue(())
    }
}

/// A fitted game kept for validation (its stem ends in `e` or `f`).
fn validation(p: &Path) -> bool {
    let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    stem.ends_with(['e', 'f'])
}

fn collect(files: &[PathBuf]) -> Samples {
    let mut samples = Samples::default();
    for f in files {
        let mut c = Collect {
            pending: None,
            samples: &mut samples,
        };
        let log = mj_log::read(&std::fs::read(f).unwrap()).unwrap();
        let r = mj_log::replay_observed(&log, &mj_log::ReplayOptions::default(), &mut c);
        assert!(
            r.unsupported.is_none(),
            "{}: {:?}",
            f.display(),
            r.unsupported
        );
    }
    samples
}

/// One setting of the fit.
#[derive(Clone, Copy, Debug)]
struct Setting {
    hidden: usize,
    l2: f64,
    lr: f64,
    act: Activation,
    batch: usize,
    epochs: usize,
    patience: usize,
    seed: u64,
}

/// The network's parameters, flat: `linear` (INPUTS), `w1` (hidden x INPUTS), `b1`, `w2`.
#[derive(Clone)]
struct Params {
    hidden: usize,
    p: Vec<f64>,
}

impl Params {
    fn new(s: &Setting) -> Params {
        let h = s.hidden;
        let mut rng = SplitMix64::new(s.seed);
        let mut uni = |a: f64| (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 * a - a;
        let mut p = vec![0.0; INPUTS + h * INPUTS + 2 * h];
        let a1 = (3.0 / INPUTS as f64).sqrt();
        for x in &mut p[INPUTS..INPUTS + h * INPUTS] {
            *x = uni(a1);
        }
        let a2 = (3.0 / h as f64).sqrt() * 0.1;
        for x in &mut p[INPUTS + h * INPUTS + h..] {
            *x = uni(a2);
        }
        Params { hidden: h, p }
    }

    fn mlp(&self, act: Activation, mean: &[f64; INPUTS], scale: &[f64; INPUTS]) -> Mlp {
        let h = self.hidden;
        let w1 = (0..h)
            .map(|j| {
                self.p[INPUTS + j * INPUTS..INPUTS + (j + 1) * INPUTS]
                    .try_into()
                    .unwrap()
            })
            .collect();
        let b1 = INPUTS + h * INPUTS;
        Mlp {
            activation: act,
            mean: *mean,
            scale: *scale,
            linear: self.p[..INPUTS].try_into().unwrap(),
            w1,
            b1: self.p[b1..b1 + h].to_vec(),
            w2: self.p[b1 + h..].to_vec(),
        }
    }
}

/// Adds the gradient of the summed negative log-likelihood of decisions `ds` to `g` (inputs
/// already scaled) and returns that sum.
fn nll_grad(
    w: &Params,
    act: Activation,
    data: &Samples,
    ds: &[usize],
    g: Option<&mut [f64]>,
) -> f64 {
    let h = w.hidden;
    let (lin, rest) = w.p.split_at(INPUTS);
    let (w1, rest) = rest.split_at(h * INPUTS);
    let (b1, w2) = rest.split_at(h);
    let mut pre = vec![0.0; h];
    let mut acts: Vec<f64> = Vec::new();
    let mut z: Vec<f64> = Vec::new();
    let mut total = 0.0;
    let mut g = g;
    for &d in ds {
        let rows = data.rows(d);
        acts.clear();
        z.clear();
        for r in rows.clone() {
            let x = data.row(r);
            let mut s: f64 = lin.iter().zip(x).map(|(a, b)| a * b).sum();
            for j in 0..h {
                let wj = &w1[j * INPUTS..(j + 1) * INPUTS];
                pre[j] = wj.iter().zip(x).map(|(a, b)| a * b).sum::<f64>() + b1[j];
            }
            for j in 0..h {
                let a = act.apply(pre[j]);
                acts.push(a);
                s += w2[j] * a;
            }
            z.push(s);
        }
        let m = z.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let sum: f64 = z.iter().map(|x| (x - m).exp()).sum();
        let c = data.chosen[d] as usize;
        total -= z[c] - m - sum.ln();
        let Some(g) = g.as_deref_mut() else {
            continue;
        };
        let (glin, grest) = g.split_at_mut(INPUTS);
        let (gw1, grest) = grest.split_at_mut(h * INPUTS);
        let (gb1, gw2) = grest.split_at_mut(h);
        for (i, r) in rows.enumerate() {
            let dz = (z[i] - m).exp() / sum - if i == c { 1.0 } else { 0.0 };
            let x = data.row(r);
            for (gk, xk) in glin.iter_mut().zip(x) {
                *gk += dz * xk;
            }
            for j in 0..h {
                let a = acts[i * h + j];
                gw2[j] += dz * a;
                let da = dz * w2[j];
                let dpre = match act {
                    Activation::Tanh => da * (1.0 - a * a),
                    Activation::Relu => {
                        if a > 0.0 {
                            da
                        } else {
                            0.0
                        }
                    }
                };
                if dpre == 0.0 {
                    continue;
                }
                gb1[j] += dpre;
                for (gk, xk) in gw1[j * INPUTS..(j + 1) * INPUTS].iter_mut().zip(x) {
                    *gk += dpre * xk;
                }
            }
        }
    }
    total
}

fn mean_nll(w: &Params, act: Activation, data: &Samples) -> f64 {
    let all: Vec<usize> = (0..data.len()).collect();
    nll_grad(w, act, data, &all, None) / data.len().max(1) as f64
}

/// Fits `s` on `fit`; with `val`, stops when its loss has not improved for `patience` epochs
/// and returns the best epoch's parameters, the epoch and its validation loss; without, runs
/// `epochs` epochs.
fn fit(s: &Setting, fit: &Samples, val: Option<&Samples>) -> (Params, usize, f64) {
    let mut w = Params::new(s);
    let n = w.p.len();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2) = (0.9f64, 0.999f64);
    let mut rng = SplitMix64::new(s.seed ^ 0x5eed);
    let mut order: Vec<usize> = (0..fit.len()).collect();
    let mut best = (w.clone(), 0, f64::INFINITY);
    let mut t = 0;
    let mut g = vec![0.0; n];
    for epoch in 1..=s.epochs {
        rng.shuffle(&mut order);
        for batch in order.chunks(s.batch) {
            g.iter_mut().for_each(|x| *x = 0.0);
            nll_grad(&w, s.act, fit, batch, Some(&mut g));
            t += 1;
            let k = batch.len() as f64;
            for i in 0..n {
                // No penalty on the hidden biases.
                let l2 = if (INPUTS + s.hidden * INPUTS..INPUTS + s.hidden * INPUTS + s.hidden)
                    .contains(&i)
                {
                    0.0
                } else {
                    s.l2
                };
                let gi = g[i] / k + 2.0 * l2 * w.p[i];
                m[i] = b1 * m[i] + (1.0 - b1) * gi;
                v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
                let mh = m[i] / (1.0 - b1.powi(t));
                let vh = v[i] / (1.0 - b2.powi(t));
                w.p[i] -= s.lr * mh / (vh.sqrt() + 1e-8);
            }
        }
        let Some(val) = val else {
            continue;
        };
        let l = mean_nll(&w, s.act, val);
        eprintln!("  {s:?} epoch {epoch}: validation loss {l:.4}");
        if l < best.2 {
            best = (w.clone(), epoch, l);
        } else if epoch >= best.1 + s.patience {
            break;
        }
    }
    if val.is_none() {
        let e = s.epochs;
        return (w, e, f64::NAN);
    }
    best
}

/// Scales the inputs in place by `mean` and `scale`.
fn standardize(data: &mut Samples, mean: &[f64; INPUTS], scale: &[f64; INPUTS]) {
    for row in data.x.chunks_mut(INPUTS) {
        for ((x, m), s) in row.iter_mut().zip(mean).zip(scale) {
            *x = (*x - m) / s;
        }
    }
}

/// Each input's mean and standard deviation (1 when it does not vary) over the rows.
fn moments(data: &Samples) -> ([f64; INPUTS], [f64; INPUTS]) {
    let rows = (data.x.len() / INPUTS).max(1) as f64;
    let mut mean = [0.0; INPUTS];
    for row in data.x.chunks(INPUTS) {
        for (m, x) in mean.iter_mut().zip(row) {
            *m += x / rows;
        }
    }
    let mut var = [0.0; INPUTS];
    for row in data.x.chunks(INPUTS) {
        for ((v, x), m) in var.iter_mut().zip(row).zip(&mean) {
            *v += (x - m) * (x - m) / rows;
        }
    }
    let scale = var.map(|v| if v > 1e-12 { v.sqrt() } else { 1.0 });
    (mean, scale)
}

/// Top-1 agreement of the network, on unscaled inputs.
fn accuracy(net: &Mlp, data: &Samples) -> f64 {
    let hits = (0..data.len())
        .filter(|&d| {
            let z: Vec<f64> = data
                .rows(d)
                .map(|r| net.score(data.row(r).try_into().unwrap()))
                .collect();
            let best = (0..z.len())
                .max_by(|&a, &b| z[a].total_cmp(&z[b]).then(b.cmp(&a)))
                .unwrap();
            best == data.chosen[d] as usize
        })
        .count();
    hits as f64 / data.len().max(1) as f64
}

fn load(dir: &str, cache: Option<&str>) -> (Samples, Samples, Samples, [usize; 3]) {
    let (fitted, test_files) = mj_review::games::split(Path::new(dir)).unwrap();
    let (val_files, fit_files): (Vec<PathBuf>, Vec<PathBuf>) =
        fitted.into_iter().partition(|p| validation(p));
    let games = [fit_files.len(), val_files.len(), test_files.len()];
    let names = input_names().collect::<Vec<_>>().join(",");
    if let Some(path) = cache
        && let Ok(f) = std::fs::File::open(path)
    {
        let mut r = std::io::BufReader::new(f);
        let mut len = [0u8; 8];
        r.read_exact(&mut len).unwrap();
        let mut head = vec![0u8; u64::from_le_bytes(len) as usize];
        r.read_exact(&mut head).unwrap();
        if head == format!("{names};{games:?}").as_bytes() {
            eprintln!("inputs read from {path}");
            let a = Samples::read(&mut r);
            let b = Samples::read(&mut r);
            let c = Samples::read(&mut r);
            return (a, b, c, games);
        }
        eprintln!("{path} holds other inputs: extracting again");
    }
    let (a, b, c) = (
        collect(&fit_files),
        collect(&val_files),
        collect(&test_files),
    );
    if let Some(path) = cache {
        let mut w = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
        let head = format!("{names};{games:?}");
        w.write_all(&(head.len() as u64).to_le_bytes()).unwrap();
        w.write_all(head.as_bytes()).unwrap();
        for s in [&a, &b, &c] {
            s.write(&mut w);
        }
    }
    (a, b, c, games)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir, out, opts @ ..] = &args[..] else {
        panic!("usage: train_discards LOGS_DIR OUT.json [options]");
    };
    let opt = |name: &str, default: &str| -> String {
        opts.iter()
            .position(|a| a == name)
            .map_or(default.to_string(), |i| opts[i + 1].clone())
    };
    let list = |name: &str, default: &str| -> Vec<f64> {
        opt(name, default)
            .split(',')
            .map(|x| x.parse().unwrap())
            .collect()
    };
    let cache = opts
        .iter()
        .position(|a| a == "--cache")
        .map(|i| opts[i + 1].as_str());
    let base = Setting {
        hidden: 0,
        l2: 0.0,
        lr: opt("--lr", "0.002").parse().unwrap(),
        act: Activation::from_name(&opt("--act", "relu")).unwrap(),
        batch: opt("--batch", "256").parse().unwrap(),
        epochs: opt("--epochs", "40").parse().unwrap(),
        patience: opt("--patience", "4").parse().unwrap(),
        seed: opt("--seed", "1").parse().unwrap(),
    };
    let mut settings = Vec::new();
    for h in list("--hidden", "32") {
        for l2 in list("--l2", "1e-4") {
            settings.push(Setting {
                hidden: h as usize,
                l2,
                ..base
            });
        }
    }

    let (mut fit_set, mut val_set, test_set, games) = load(dir, cache);
    eprintln!(
        "{} games fitted ({} decisions), {} validation ({}), {} held out ({})",
        games[0],
        fit_set.len(),
        games[1],
        val_set.len(),
        games[2],
        test_set.len()
    );
    // Scale by the moments of every fitted game (validation included), so the refit on all of
    // them sees the same inputs.
    let mut all = Samples::default();
    for s in [&fit_set, &val_set] {
        for d in 0..s.len() {
            let rows: Vec<[f64; INPUTS]> =
                s.rows(d).map(|r| s.row(r).try_into().unwrap()).collect();
            all.push(&rows, s.chosen[d] as usize);
        }
    }
    let (mean, scale) = moments(&all);
    let (raw_all, raw_val) = (all.clone(), val_set.clone());
    for s in [&mut fit_set, &mut val_set, &mut all] {
        standardize(s, &mean, &scale);
    }

    let mut best: Option<(Setting, usize, f64)> = None;
    for s in &settings {
        let (w, epoch, l) = fit(s, &fit_set, Some(&val_set));
        let acc = accuracy(&w.mlp(s.act, &mean, &scale), &raw_val);
        eprintln!("{s:?}: best epoch {epoch}, validation loss {l:.4}, top-1 {acc:.4}");
        if best.is_none_or(|b| l < b.2) {
            best = Some((*s, epoch, l));
        }
    }
    let (s, epochs, val_loss) = best.unwrap();
    let refit = Setting { epochs, ..s };
    let (w, _, _) = fit(&refit, &all, None);
    // Measure the network as written: rounded and read back.
    let written = w.mlp(s.act, &mean, &scale).to_json();
    let net = Mlp::from_json(&written).unwrap();
    let (fit_acc, val_acc, test_acc) = (
        accuracy(&net, &raw_all),
        accuracy(&net, &raw_val),
        accuracy(&net, &test_set),
    );
    eprintln!(
        "{s:?}, refit {epochs} epochs: top-1 fitted {fit_acc:.4} (validation {val_acc:.4}), held out {test_acc:.4}"
    );
    let mut model = json!({
        "about": "imitation's discard model: a network with one hidden layer scoring each kind a seat may discard, a softmax over the kinds of a decision, fitted on Tenhou Phoenix players' discards (mj_bot::imitation)",
        "command": format!("cargo run --release -p mj-review --example train_discards -- {dir} {out} {}", opts.join(" ")).trim_end().to_string(),
        "held_out": "games whose file name ends in 0-4 before .mjlog",
        "validation": "fitted games whose file name ends in e or f: picks the setting and the number of epochs, then every fitted game is fitted again",
        "fitted_games": games[0] + games[1],
        "fitted_decisions": all.len(),
        "validation_games": games[1],
        "held_out_games": games[2],
        "held_out_decisions": test_set.len(),
        "top1_fitted": (fit_acc * 1e4).round() / 1e4,
        "top1_held_out": (test_acc * 1e4).round() / 1e4,
        "validation_loss": (val_loss * 1e4).round() / 1e4,
        "optimizer": format!(
            "minibatch Adam, batches of {} decisions, lr {}, L2 {}, {} epochs, seeded SplitMix64 start and order (seed {}); {} hidden units ({})",
            s.batch, s.lr, s.l2, epochs, s.seed, s.hidden, s.act.name()
        ),
    });
    if let (Some(m), serde_json::Value::Object(w)) = (model.as_object_mut(), written) {
        m.extend(w);
    }
    std::fs::write(out, serde_json::to_string_pretty(&model).unwrap() + "\n").unwrap();
}
