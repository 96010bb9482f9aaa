//! The network that scores a discard: one hidden layer over a kind's inputs.
//!
//! A kind's inputs ([`inputs`]) are its [`FEATURES`] per-kind features, a few more per-kind
//! numbers ([`EXTRA_NAMES`]) and the decision's context, the same for every kind of one decision
//! ([`CONTEXT_NAMES`]: the hand's shanten, the turn, the threats, the tiles left, the seat's
//! place and whether it deals). The context moves a kind's score only through the hidden
//! layer, where it can change how much shape, risk or value count. The score of a kind is
//!
//! ```text
//! x' = (x - mean) / scale
//! score = linear · x' + w2 · act(W1 x' + b1)
//! ```
//!
//! and the discard is the kind with the highest score (a softmax over the kinds of the decision
//! when fitted). The weights are read from `data/discard_model.json` and checked on load: a
//! missing field, a wrong shape, a non-finite number or inputs named differently from
//! [`input_names`] leave no model.

use mj_game::SeatView;
use mj_tiles::{Tile, TileSet};
use serde_json::{Value, json};

use super::{FEATURE_NAMES, FEATURES, MODEL, features_and_shanten};
use crate::risk::Threats;

/// The per-kind inputs beyond [`FEATURE_NAMES`].
pub const EXTRA_NAMES: [&str; EXTRA] = ["visible_share", "middle", "in_own_river"];

/// How many [`EXTRA_NAMES`].
pub const EXTRA: usize = 3;

/// The decision's context, the same for every kind of one decision.
pub const CONTEXT_NAMES: [&str; CONTEXT] = [
    "ctx_shanten",
    "ctx_ready",
    "ctx_turn",
    "ctx_live_left",
    "ctx_riichi_threats",
    "ctx_open_threats",
    "ctx_dealer",
    "ctx_place",
    "ctx_behind_top",
    "ctx_melds",
    "ctx_dora_held",
    "ctx_last_round",
];

/// How many [`CONTEXT_NAMES`].
pub const CONTEXT: usize = 12;

/// How many inputs describe a kind at a decision.
pub const INPUTS: usize = FEATURES + EXTRA + CONTEXT;

/// Every input's name, in order.
pub fn input_names() -> impl Iterator<Item = &'static str> {
    FEATURE_NAMES
        .into_iter()
        .chain(EXTRA_NAMES)
        .chain(CONTEXT_NAMES)
}

/// The inputs of discarding each kind in `kinds` (kinds the seat holds), from its view.
pub fn inputs(view: &SeatView<'_>, kinds: TileSet) -> Vec<(Tile, [f64; INPUTS])> {
    let (rows, shanten) = features_and_shanten(view, kinds);
    let me = view.seat();
    let visible = view.visible_counts();
    let mut own_river = TileSet::EMPTY;
    for r in view.river(me) {
        own_river.insert(mj_game::view::kind_of(r.tile));
    }
    let context = context(view, shanten);
    rows.into_iter()
        .map(|(t, f)| {
            let mut x = [0.0; INPUTS];
            x[..FEATURES].copy_from_slice(&f);
            let extra = [
                f64::from(visible.get(t)) / 4.0,
                f64::from(u8::from(t.is_simple() && (4..=6).contains(&t.rank()))),
                f64::from(u8::from(own_river.contains(t))),
            ];
            x[FEATURES..FEATURES + EXTRA].copy_from_slice(&extra);
            x[FEATURES + EXTRA..].copy_from_slice(&context);
            (t, x)
        })
        .collect()
}

/// The decision's context ([`CONTEXT_NAMES`]).
fn context(view: &SeatView<'_>, shanten: i8) -> [f64; CONTEXT] {
    let me = view.seat();
    let threats = Threats::of(view);
    let riichi = threats.0.iter().filter(|t| t.weight >= 1.0).count();
    let scores = view.scores();
    let seats = 0..view.players();
    let mine = scores[usize::from(me)];
    let place = seats
        .clone()
        .filter(|&s| s != me && scores[usize::from(s)] > mine)
        .count();
    let top = seats.map(|s| scores[usize::from(s)]).max().unwrap_or(mine);
    let dora = crate::common::dora_kinds(view);
    let hand = view.hand();
    let mut dora_held: u32 = view
        .hand_ids()
        .filter(|&i| crate::common::is_red(i))
        .count() as u32;
    for t in hand.tiles() {
        dora_held += u32::from(dora[t.index()]) * u32::from(hand.get(t));
    }
    for m in view.melds(me) {
        dora_held += m
            .meld
            .tiles()
            .map(|t| u32::from(dora[t.index()]))
            .sum::<u32>();
        dora_held += m.ids.iter().filter(|&&i| crate::common::is_red(i)).count() as u32;
    }
    [
        f64::from(shanten.clamp(0, 4)),
        f64::from(u8::from(shanten <= 0)),
        view.river(me).len().min(24) as f64 / 6.0,
        f64::from(view.live_left()) / 70.0,
        riichi as f64,
        (threats.0.len() - riichi) as f64,
        f64::from(u8::from(view.dealer() == me)),
        place as f64,
        f64::from(top - mine) / 10_000.0,
        view.melds(me).len() as f64,
        f64::from(dora_held.min(6)),
        f64::from(u8::from(view.round_wind() >= 1)),
    ]
}

/// The hidden layer's activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Activation {
    /// `tanh`.
    Tanh,
    /// `max(0, x)`.
    Relu,
}

impl Activation {
    /// The name in the model file.
    pub fn name(self) -> &'static str {
        match self {
            Activation::Tanh => "tanh",
            Activation::Relu => "relu",
        }
    }

    /// Reads a name of the model file.
    pub fn from_name(s: &str) -> Option<Activation> {
        match s {
            "tanh" => Some(Activation::Tanh),
            "relu" => Some(Activation::Relu),
            _ => None,
        }
    }

    /// Applies it.
    pub fn apply(self, x: f64) -> f64 {
        match self {
            Activation::Tanh => x.tanh(),
            Activation::Relu => x.max(0.0),
        }
    }
}

/// The fitted network (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Mlp {
    /// The hidden layer's activation.
    pub activation: Activation,
    /// Subtracted from each input.
    pub mean: [f64; INPUTS],
    /// Each input is divided by it (positive).
    pub scale: [f64; INPUTS],
    /// The linear part of the score, over the scaled inputs.
    pub linear: [f64; INPUTS],
    /// The hidden layer's weights, one row per unit.
    pub w1: Vec<[f64; INPUTS]>,
    /// The hidden layer's biases.
    pub b1: Vec<f64>,
    /// The weight of each hidden unit in the score.
    pub w2: Vec<f64>,
}

impl Mlp {
    /// The score of one kind's inputs.
    pub fn score(&self, x: &[f64; INPUTS]) -> f64 {
        let mut z = [0.0; INPUTS];
        for (((zk, xk), m), s) in z.iter_mut().zip(x).zip(&self.mean).zip(&self.scale) {
            *zk = (xk - m) / s;
        }
        let mut out: f64 = self.linear.iter().zip(&z).map(|(a, b)| a * b).sum();
        for ((row, b), w) in self.w1.iter().zip(&self.b1).zip(&self.w2) {
            let pre: f64 = row.iter().zip(&z).map(|(a, b)| a * b).sum::<f64>() + b;
            out += w * self.activation.apply(pre);
        }
        out
    }

    /// Reads the network from a model file's JSON; `None` unless every part is there with its
    /// shape, finite, with positive scales and the inputs named as [`input_names`].
    pub fn from_json(v: &Value) -> Option<Mlp> {
        if v.get("version")?.as_u64()? != 2 {
            return None;
        }
        let names = v.get("inputs")?.as_array()?;
        if names.len() != INPUTS
            || !names
                .iter()
                .zip(input_names())
                .all(|(a, b)| a.as_str() == Some(b))
        {
            return None;
        }
        let activation = Activation::from_name(v.get("activation")?.as_str()?)?;
        let mean = fixed(v.get("mean")?)?;
        let scale = fixed(v.get("scale")?)?;
        if scale.iter().any(|&s| s <= 0.0) {
            return None;
        }
        let linear = fixed(v.get("linear")?)?;
        let w1 = v
            .get("w1")?
            .as_array()?
            .iter()
            .map(fixed)
            .collect::<Option<Vec<_>>>()?;
        let b1 = numbers(v.get("b1")?)?;
        let w2 = numbers(v.get("w2")?)?;
        if w1.is_empty() || b1.len() != w1.len() || w2.len() != w1.len() {
            return None;
        }
        Some(Mlp {
            activation,
            mean,
            scale,
            linear,
            w1,
            b1,
            w2,
        })
    }

    /// The network as the model file's fields (`version`, `inputs`, the weights), numbers
    /// rounded to 7 significant digits.
    pub fn to_json(&self) -> Value {
        let r = |x: f64| -> Value {
            if x == 0.0 {
                return json!(0.0);
            }
            let e = 6 - x.abs().log10().floor() as i32;
            let p = 10f64.powi(e);
            json!((x * p).round() / p)
        };
        let row = |a: &[f64]| Value::Array(a.iter().map(|&x| r(x)).collect());
        json!({
            "version": 2,
            "inputs": input_names().collect::<Vec<_>>(),
            "activation": self.activation.name(),
            "hidden": self.w1.len(),
            "mean": row(&self.mean),
            "scale": row(&self.scale),
            "linear": row(&self.linear),
            "w1": self.w1.iter().map(|w| row(w)).collect::<Vec<_>>(),
            "b1": row(&self.b1),
            "w2": row(&self.w2),
        })
    }
}

fn numbers(v: &Value) -> Option<Vec<f64>> {
    v.as_array()?
        .iter()
        .map(|x| x.as_f64().filter(|x| x.is_finite()))
        .collect()
}

fn fixed(v: &Value) -> Option<[f64; INPUTS]> {
    numbers(v)?.try_into().ok()
}

/// The committed network of [`MODEL`]; `None` if the file does not hold one (a test checks
/// that it does).
pub fn model() -> Option<&'static Mlp> {
    static M: std::sync::OnceLock<Option<Mlp>> = std::sync::OnceLock::new();
    M.get_or_init(|| Mlp::from_json(&serde_json::from_str(MODEL).ok()?))
        .as_ref()
}
