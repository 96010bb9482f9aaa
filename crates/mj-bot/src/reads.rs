//! Reading a seat (読み): how likely another seat not in riichi is ready (tenpai, 聴牌), from
//! what the reading seat sees of it: its calls, how many tiles it has discarded, and whether
//! its last discards came from the hand (手出し) or were the tiles just drawn (ツモ切り).
//!
//! A seat that has called three times, or that has thrown only drawn tiles for several turns
//! after a middle tile from the hand, is often ready; a closed seat early in the round rarely
//! is. [`ready_chance`] is a logistic model over [`FEATURES`] numbers of the seat ([`features`]),
//! fitted by maximum likelihood on the Tenhou Phoenix games in `../shared/logs`: at every
//! discard of every seat, each other seat not in riichi, labelled by whether its hand (which the
//! log shows) was ready. The weights, the command that fitted them and the held-out figures are
//! in `data/ready_model.json` (`cargo run --release -p mj-review --example train_reads`).
//!
//! `search` reads each other seat this way and has the sampled rounds deal it a ready hand with
//! that chance ([`mj_game::determinize::Deal::set_ready_chance`]).

use mj_game::SeatView;
use mj_game::view::kind_of;
use mj_tiles::MeldKind;

use crate::common::yakuhai;

/// How many numbers describe a seat.
pub const FEATURES: usize = 16;

/// The name of each feature, in order (the model file lists its weights by these names).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "bias",
    "calls",
    "calls_2",
    "calls_3",
    "closed_kans",
    "value_triplet",
    "turn",
    "turn_squared",
    "calls_turn",
    "tsumogiri_last_3",
    "tsumogiri_last_6",
    "tedashi_middle_last",
    "tedashi_edge_last",
    "tsumogiri_run_after_middle",
    "early_edges",
    "dealer",
];

/// The committed model: `data/ready_model.json`.
pub const MODEL: &str = include_str!("../data/ready_model.json");

/// The weights of [`MODEL`], in [`FEATURE_NAMES`] order; `None` if the file cannot be read (a
/// test checks that it can).
pub fn weights() -> Option<&'static [f64; FEATURES]> {
    static W: std::sync::OnceLock<Option<[f64; FEATURES]>> = std::sync::OnceLock::new();
    W.get_or_init(|| {
        let v: serde_json::Value = serde_json::from_str(MODEL).ok()?;
        let w = v.get("weights")?;
        let mut out = [0.0; FEATURES];
        for (o, name) in out.iter_mut().zip(FEATURE_NAMES) {
            *o = w.get(name)?.as_f64().filter(|x| x.is_finite())?;
        }
        Some(out)
    })
    .as_ref()
}

/// A middle tile: a numbered kind of rank 3 to 7.
fn is_middle(id: u8) -> bool {
    let t = kind_of(id);
    !t.is_honor() && (3..=7).contains(&t.rank())
}

/// The features of seat `s` as `view`'s seat sees it.
pub fn features(view: &SeatView<'_>, s: u8) -> [f64; FEATURES] {
    let melds = view.melds(s);
    let open = melds
        .iter()
        .filter(|m| m.meld.kind() != MeldKind::Ankan)
        .count();
    let closed_kans = melds.len() - open;
    let yh = yakuhai(view, s);
    let value_triplet = melds.iter().any(|m| {
        let mut t = m.meld.tiles();
        let first = t.next();
        first.is_some_and(|f| f.is_honor() && yh.contains(f) && t.all(|x| x == f))
    });
    let river = view.river(s);
    let turn = river.len() as f64 / 18.0;
    let last = |n: usize| river.iter().rev().take(n);
    let tsumogiri = |n: usize| last(n).filter(|r| r.tsumogiri).count() as f64 / n as f64;
    let last_tedashi = river.last().filter(|r| !r.tsumogiri);
    // Drawn tiles thrown since the last middle tile from the hand (0 when there is none).
    let run = river
        .iter()
        .rposition(|r| !r.tsumogiri)
        .filter(|&i| is_middle(river[i].tile))
        .map_or(0, |i| river.len() - 1 - i);
    let early_edges = river.iter().take(6).filter(|r| !is_middle(r.tile)).count() as f64 / 6.0;
    let calls = open as f64;
    [
        1.0,
        calls,
        f64::from(u8::from(open >= 2)),
        f64::from(u8::from(open >= 3)),
        closed_kans as f64,
        f64::from(u8::from(value_triplet)),
        turn,
        turn * turn,
        calls * turn,
        tsumogiri(3),
        tsumogiri(6),
        f64::from(u8::from(last_tedashi.is_some_and(|r| is_middle(r.tile)))),
        f64::from(u8::from(last_tedashi.is_some_and(|r| !is_middle(r.tile)))),
        (run.min(6) as f64) / 6.0,
        early_edges,
        f64::from(u8::from(view.dealer() == s)),
    ]
}

/// The model's chance that `features` describe a ready seat.
pub fn chance_of(w: &[f64; FEATURES], features: &[f64; FEATURES]) -> f64 {
    let z: f64 = w.iter().zip(features).map(|(a, b)| a * b).sum();
    1.0 / (1.0 + (-z).exp())
}

/// How likely seat `s` is ready, as `view`'s seat reads it: 1 for a seat in riichi, the model
/// for the others; `None` for the seat itself, a seat out of play or a model that did not load.
pub fn ready_chance(view: &SeatView<'_>, s: u8) -> Option<f64> {
    if s == view.seat() || s >= view.players() {
        return None;
    }
    if view.in_riichi(s) {
        return Some(1.0);
    }
    Some(chance_of(weights()?, &features(view, s)))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use mj_game::{GameRules, Round, RoundSetup, Wall};

    #[test]
    fn the_model_loads_and_reads_a_fresh_round_as_not_ready() {
        assert!(weights().is_some(), "data/ready_model.json loads");
        let round = Round::new(
            GameRules::tenhou(),
            RoundSetup::first(25_000),
            Wall::from_seed(1),
            false,
        );
        let view = round.view(0);
        assert_eq!(ready_chance(&view, 0), None);
        assert_eq!(ready_chance(&view, 4), None);
        for s in 1..4 {
            let p = ready_chance(&view, s).unwrap();
            assert!(p < 0.05, "seat {s}: {p}");
        }
    }
}
