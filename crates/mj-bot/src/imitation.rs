//! `imitation`: the discard of a Phoenix player, fitted on real games.
//!
//! Each kind the seat may discard is described by [`FEATURES`] numbers read from the seat's
//! view alone ([`features`]): how it changes the shape (shanten lost, live effective tiles and
//! improvement-weighted ukeire as a share of the best), its deal-in risk (`defense`'s model)
//! as the hand stands, and what kind of tile it is (honor, terminal, dora, red, a value tile,
//! how many are held, isolated, the drawn tile). With a few more per-kind numbers and the
//! decision's context (shanten, turn, threats, tiles left, place, dealer) they are the inputs
//! of a network with one hidden layer ([`model`]: [`Mlp`]) whose score picks the discard. It
//! is fitted as a softmax over the kinds of one decision, by maximum likelihood, on the
//! discards of Tenhou Phoenix players with `cargo run --release -p mj-review --example
//! train_discards` (the command, the games and the agreement are in
//! `data/discard_model.json`). Every other decision (win, riichi or not, calls, kans) is
//! `defense`'s, and so is the riichi flag of the chosen tile.

use mj_ai::{HandView, ShapeRules};
use mj_game::view::kind_of;
use mj_game::{Action, Bot, SeatView};
use mj_tiles::{Tile, TileSet};

use crate::Defense;
use crate::common::{discard_of, dora_kinds, is_red, offered_kinds, yakuhai};
use crate::players::order_scores;
use crate::risk::{Threats, deal_in_risk};

mod model;
pub use model::{
    Activation, CONTEXT, CONTEXT_NAMES, EXTRA, EXTRA_NAMES, INPUTS, Mlp, input_names, inputs, model,
};

/// How many numbers describe a discard.
pub const FEATURES: usize = 31;

/// The name of each feature, in order (the first of the model file's `inputs`).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "shanten_lost",
    "shanten_lost_2",
    "ukeire_share",
    "ukeire_log",
    "improved_share",
    "risk",
    "risk_far",
    "risk_ready",
    "honor",
    "terminal",
    "two_or_eight",
    "dora",
    "red",
    "value_honor_single",
    "value_honor_pair",
    "guest_honor",
    "held_2",
    "held_3",
    "isolated",
    "tsumogiri",
    "neighbour_count",
    "risk_threats",
    "honor_seen",
    "shanten_lost_far",
    "ukeire_share_far",
    "dora_neighbour",
    "safe_under_threat",
    "terminal_or_honor_early",
    "value_share",
    "value_rank_last",
    "tanyao_breaker",
];

/// The committed model: `data/discard_model.json` (the network's weights, and the run that
/// fitted them), read by [`model`].
pub const MODEL: &str = include_str!("../data/discard_model.json");

/// The features of discarding each kind in `kinds` (kinds the seat holds), from its view.
pub fn features(view: &SeatView<'_>, kinds: TileSet) -> Vec<(Tile, [f64; FEATURES])> {
    features_and_shanten(view, kinds).0
}

/// [`features`], and the hand's shanten (counted with the 14th tile: the best shanten a
/// discard leaves; 8 when it cannot be read).
fn features_and_shanten(view: &SeatView<'_>, kinds: TileSet) -> (Vec<(Tile, [f64; FEATURES])>, i8) {
    let me = view.seat();
    let counts = view.hand();
    let melds: Vec<_> = view.melds(me).iter().map(|m| m.meld).collect();
    let seen = view.seen_elsewhere();
    let table = HandView::new(counts, &melds, TileSet::EMPTY)
        .and_then(|h| h.discards(ShapeRules::RIICHI, &seen).map(|t| (h, t)))
        .ok();
    let best_shanten = table
        .as_ref()
        .and_then(|(_, t)| t.iter().map(|o| o.shanten).min())
        .unwrap_or(8);
    let best_ukeire = table
        .as_ref()
        .and_then(|(_, t)| {
            t.iter()
                .filter(|o| o.shanten == best_shanten)
                .map(|o| o.ukeire_count)
                .max()
        })
        .unwrap_or(1)
        .max(1);
    // Improvement-weighted ukeire of the 1-shanten hands a discard leaves.
    let improved = |t: Tile| -> Option<f64> {
        let (h, _) = table.as_ref()?;
        h.without_tile(t)?
            .improved_ukeire(ShapeRules::RIICHI, &seen)
            .ok()
            .flatten()
    };
    let threats = Threats::of(view);
    let risk = if threats.is_empty() {
        [0.0; 34]
    } else {
        deal_in_risk(view, &threats)
    };
    let shanten_now = best_shanten;
    let dora = dora_kinds(view);
    let yh = yakuhai(view, me);
    let drawn = view.drawn().map(kind_of);
    let visible = view.visible_counts();
    let visible = visible.as_array();
    // A numbered kind next to a dora of its suit (it builds a shape with the dora).
    let dora_near = |t: Tile| {
        !t.is_honor()
            && [t.rank().wrapping_sub(1), t.rank() + 1]
                .into_iter()
                .filter_map(|r| Tile::from_suit_rank(t.suit(), r))
                .any(|k| dora[k.index()] > 0)
    };
    let red_held = |t: Tile| {
        view.hand_ids().filter(|&i| kind_of(i) == t).count() == 1
            && view.hand_ids().any(|i| kind_of(i) == t && is_red(i))
    };
    // The seeds' tile values (`mj_ai::tile_values`, the tuned table): how much each kind
    // takes part in the hand's melds and partial melds.
    let values = table.as_ref().map_or([0.0; 34], |(h, _)| {
        mj_ai::tile_values(h, &seen, &crate::tuned_weights())
    });
    let max_value = kinds
        .into_iter()
        .map(|t| values[t.index()])
        .fold(1e-9f64, f64::max);
    let min_value = kinds
        .into_iter()
        .map(|t| values[t.index()])
        .fold(f64::INFINITY, f64::min);
    // Every other held kind is a simple: an all-simples hand but for this tile.
    let simples_only = counts.tiles().filter(|t| !t.is_simple()).count() <= 1
        && view
            .melds(me)
            .iter()
            .all(|m| m.meld.tiles().all(|t| t.is_simple()));
    let rows: Vec<(Tile, i8, u32, Option<f64>)> = kinds
        .into_iter()
        .map(|t| {
            let row = table
                .as_ref()
                .and_then(|(_, tb)| tb.iter().find(|o| o.tile == t));
            let s = row.map_or(best_shanten + 1, |o| o.shanten);
            let u = row.map_or(0, |o| o.ukeire_count);
            (t, s, u, improved(t))
        })
        .collect();
    let best_improved = rows.iter().filter_map(|r| r.3).fold(1.0f64, f64::max);
    let rows = rows
        .into_iter()
        .map(|(t, s, u, imp)| {
            let lost = f64::from((s - best_shanten).max(0));
            let held = counts.get(t);
            let neighbours = if t.is_honor() {
                0
            } else {
                (1..=9u8)
                    .filter(|&r| r != t.rank() && r.abs_diff(t.rank()) <= 2)
                    .filter_map(|r| Tile::from_suit_rank(t.suit(), r))
                    .map(|k| counts.get(k))
                    .sum::<u8>()
            };
            let r = risk[t.index()];
            let f = [
                lost,
                lost * lost,
                if lost == 0.0 {
                    f64::from(u) / f64::from(best_ukeire)
                } else {
                    0.0
                },
                f64::from(u).ln_1p(),
                imp.map_or(0.0, |i| i / best_improved),
                r,
                if shanten_now >= 2 { r } else { 0.0 },
                if shanten_now <= 0 { r } else { 0.0 },
                f64::from(u8::from(t.is_honor())),
                f64::from(u8::from(t.is_terminal())),
                f64::from(u8::from(t.is_simple() && matches!(t.rank(), 2 | 8))),
                f64::from(dora[t.index()].min(2)),
                f64::from(u8::from(red_held(t))),
                f64::from(u8::from(yh.contains(t) && held == 1)),
                f64::from(u8::from(yh.contains(t) && held >= 2)),
                f64::from(u8::from(t.is_honor() && !yh.contains(t))),
                f64::from(u8::from(held == 2)),
                f64::from(u8::from(held >= 3)),
                f64::from(u8::from(held == 1 && neighbours == 0)),
                f64::from(u8::from(drawn == Some(t))),
                f64::from(neighbours.min(4)),
                r * threats.0.len() as f64,
                if t.is_honor() {
                    f64::from(visible[t.index()].saturating_sub(held))
                } else {
                    0.0
                },
                if shanten_now >= 2 { lost } else { 0.0 },
                if shanten_now >= 2 && lost == 0.0 {
                    f64::from(u) / f64::from(best_ukeire)
                } else {
                    0.0
                },
                f64::from(u8::from(dora_near(t))),
                f64::from(u8::from(!threats.is_empty() && r == 0.0)),
                f64::from(u8::from(t.is_terminal_or_honor() && view.live_left() > 50)),
                values[t.index()] / max_value,
                f64::from(u8::from(values[t.index()] <= min_value)),
                f64::from(u8::from(t.is_terminal_or_honor() && simples_only)),
            ];
            (t, f)
        })
        .collect();
    (rows, best_shanten)
}

/// **imitation**: the discard a Phoenix player would make, by the fitted model (see the
/// module docs); every other decision, and riichi or not with the chosen tile, `defense`'s.
#[derive(Clone, Copy, Debug, Default)]
pub struct Imitation;

impl Imitation {
    /// The kinds on offer, best first by the model; `None` without a model or a choice.
    pub(crate) fn order(view: &SeatView<'_>, legal: &[Action]) -> Option<Vec<Tile>> {
        let kinds = offered_kinds(legal, false) | offered_kinds(legal, true);
        if kinds.len() < 2 {
            return None;
        }
        let net = model()?;
        let mut scored: Vec<(Tile, f64)> = inputs(view, kinds)
            .into_iter()
            .map(|(t, x)| (t, net.score(&x)))
            .collect();
        scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        Some(scored.into_iter().map(|(t, _)| t).collect())
    }
}

impl Bot for Imitation {
    fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action {
        let base = Defense.act(view, legal);
        if view.rules().flow != mj_game::Flow::Riichi
            || !matches!(base, Action::Discard { .. } | Action::Riichi { .. })
        {
            return base;
        }
        let Some(order) = Imitation::order(view, legal) else {
            return base;
        };
        let riichi = matches!(base, Action::Riichi { .. });
        order
            .iter()
            .find_map(|&t| {
                riichi
                    .then(|| discard_of(legal, t, true, view.drawn()))
                    .flatten()
                    .or_else(|| discard_of(legal, t, false, view.drawn()))
            })
            .unwrap_or(base)
    }

    fn scores(&mut self, view: &SeatView<'_>, legal: &[Action]) -> (Action, Vec<f64>) {
        let chosen = self.act(view, legal);
        let order = Imitation::order(view, legal).unwrap_or_else(|| Defense::order(view));
        (chosen, order_scores(legal, chosen, &order))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    #[test]
    fn the_committed_model_loads_with_every_input() {
        let net = model().expect("data/discard_model.json holds a network over every input");
        assert!(net.w1.len() >= 2);
        assert!(net.w2.iter().any(|&x| x != 0.0));
        let v: serde_json::Value = serde_json::from_str(MODEL).unwrap();
        assert!(v["command"].as_str().unwrap().contains("train_discards"));
        assert_eq!(v["inputs"].as_array().unwrap().len(), INPUTS);
        assert!(v["top1_held_out"].as_f64().unwrap() > 0.6);
    }

    /// A change to a model file.
    type Change = fn(&mut serde_json::Value);

    #[test]
    fn a_model_file_of_the_wrong_shape_gives_no_model() {
        let good: serde_json::Value = serde_json::from_str(MODEL).unwrap();
        assert!(Mlp::from_json(&good).is_some());
        let broken: [(&str, Change); 7] = [
            ("old version", |v| v["version"] = 1.into()),
            ("a short w1 row", |v| {
                v["w1"][0].as_array_mut().unwrap().pop();
            }),
            ("one bias too many", |v| {
                v["b1"].as_array_mut().unwrap().push(0.0.into());
            }),
            ("an input renamed", |v| v["inputs"][3] = "other".into()),
            ("a zero scale", |v| v["scale"][0] = 0.0.into()),
            ("an unknown activation", |v| {
                v["activation"] = "sigmoid".into()
            }),
            ("a weight as text", |v| v["w2"][0] = "1".into()),
        ];
        for (what, change) in broken {
            let mut v = good.clone();
            change(&mut v);
            assert!(Mlp::from_json(&v).is_none(), "{what}");
        }
    }

    #[test]
    fn written_weights_read_back() {
        let net = model().unwrap();
        let again = Mlp::from_json(&net.to_json()).unwrap();
        let x = net.mean.map(|m| m + 0.5);
        assert!((net.score(&x) - again.score(&x)).abs() < 1e-9);
    }
}
