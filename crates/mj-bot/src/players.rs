//! The players: `efficiency`, `value`, `defense`.

use mj_ai::{Engine, ShapeRules, ValueWeights, discard_preference};
use mj_game::{Action, Bot, SeatView};
use mj_tiles::Tile;

use crate::common::{
    discard_of, first_offered, hand, offered_kinds, pass_or_first, rough_han, shanten_of,
    useful_call, win,
};
use crate::risk::{Threats, deal_in_risk};

/// How a player orders the kinds it may discard, best first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Ranker {
    Efficiency,
    Value(ValueWeights),
}

/// The seat's held kinds, best discard first, by `ranker`; when `mj-ai` refuses the hand
/// (cannot happen for a dealt hand) honors first, then terminals, then by rank.
pub(crate) fn rank(view: &SeatView<'_>, ranker: Ranker) -> Vec<Tile> {
    let fallback = || {
        let mut v: Vec<Tile> = view.hand().tiles().collect();
        v.sort_by_key(|&t| (discard_preference(t), t));
        v
    };
    let Some(h) = hand(view) else {
        return fallback();
    };
    let seen = view.seen_elsewhere();
    match ranker {
        Ranker::Efficiency => match h.discards(ShapeRules::RIICHI, &seen) {
            Ok(mut table) => {
                table.sort_by(|a, b| {
                    a.shanten
                        .cmp(&b.shanten)
                        .then(b.ukeire_count.cmp(&a.ukeire_count))
                        .then(discard_preference(a.tile).cmp(&discard_preference(b.tile)))
                        .then(a.tile.cmp(&b.tile))
                });
                table.iter().map(|o| o.tile).collect()
            }
            Err(_) => fallback(),
        },
        Ranker::Value(w) => match h.recommend(ShapeRules::RIICHI, &seen, &Engine::Value(w)) {
            Ok(mut r) => {
                // Shanten first (stable: the value order within each shanten).
                r.ranking.sort_by_key(|c| c.shanten);
                r.ranking.iter().map(|c| c.tile).collect()
            }
            Err(_) => fallback(),
        },
    }
}

/// `true` in the flows the Chinese play ([`crate::sichuan`]) serves: Sichuan 血战到底, 红中血战
/// and 红中麻将 (no riichi, no yaku: the riichi players' call and value rules do not apply).
fn plays_chinese(view: &SeatView<'_>) -> bool {
    let rules = view.rules();
    rules.is_sichuan() || rules.is_hongzhong()
}

/// One decision of the plain (non-defending) players.
fn attack(view: &SeatView<'_>, legal: &[Action], ranker: Ranker) -> Action {
    if plays_chinese(view) {
        return crate::sichuan::act(view, legal);
    }
    if let Some(a) = win(legal) {
        return a;
    }
    if view.offer().is_some() {
        // Claims: a chi or pon that lowers the shanten and keeps a yaku, else pass.
        return match useful_call(view, legal) {
            Some((a, _)) => a,
            None => pass_or_first(legal),
        };
    }
    if let Some(&a) = legal.iter().find(|a| matches!(a, Action::Kita { .. })) {
        return a;
    }
    if legal.contains(&Action::NineTerminals) {
        return Action::NineTerminals;
    }
    // One kind to discard (in riichi, or after a call with one choice): nothing to rank.
    let kinds = offered_kinds(legal, false);
    if offered_kinds(legal, true).is_empty()
        && kinds.len() == 1
        && let Some(t) = kinds.into_iter().next()
        && let Some(a) = discard_of(legal, t, false, view.drawn())
    {
        return a;
    }
    let order = rank(view, ranker);
    first_offered(legal, &order, true, view.drawn())
        .or_else(|| first_offered(legal, &order, false, view.drawn()))
        .unwrap_or_else(|| pass_or_first(legal))
}

/// **efficiency** (牌効率): wins whenever it can and declares riichi whenever it can; otherwise
/// discards the tile that leaves the lowest shanten and, among those, the most live effective
/// tiles (copies counted from what the seat sees: its hand, every river, meld, kita and dora
/// indicator), ties to honors, then terminals, then ranks far from 5. It calls a chi or pon only
/// when the call lowers the shanten and the hand keeps a likely yaku (a value triplet, all
/// simples, or one suit with honors); it never calls a kan, sets every north aside (kita) and
/// aborts on nine terminals. It never folds.
#[derive(Clone, Copy, Debug, Default)]
pub struct Efficiency;

impl Bot for Efficiency {
    fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action {
        attack(view, legal, Ranker::Efficiency)
    }

    fn scores(&mut self, view: &SeatView<'_>, legal: &[Action]) -> (Action, Vec<f64>) {
        let chosen = self.act(view, legal);
        (
            chosen,
            order_scores(legal, chosen, &rank(view, Ranker::Efficiency)),
        )
    }
}

/// **value** (价值法): the seed article's tile-value method. Every split of the hand into
/// melds, partial melds, pairs and isolated tiles is counted; each tile is worth the weights of
/// the groups it takes part in, scaled by the live copies of the tiles that would complete them
/// (`mj_ai::tile_values`); the lowest-valued tile among the discards that keep the lowest
/// shanten is discarded (the pure value order, shanten ignored, lost 0.88 of a rank to
/// `efficiency` in a 1 vs 3 duplicate of 50 walls; with shanten first it loses 0.24). Wins,
/// riichi, calls, kita and nine terminals as `efficiency`. The weights are a [`ValueWeights`]
/// table: `Value::default()` has the seeds' table ([`ValueWeights::DEFAULT`], the name
/// `value_untuned`); the name `value` uses the table tuned by self-play
/// ([`crate::tuned_weights`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Value {
    /// The group weights.
    pub weights: ValueWeights,
}

impl Bot for Value {
    fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action {
        attack(view, legal, Ranker::Value(self.weights))
    }

    fn scores(&mut self, view: &SeatView<'_>, legal: &[Action]) -> (Action, Vec<f64>) {
        let chosen = self.act(view, legal);
        let order = rank(view, Ranker::Value(self.weights));
        (chosen, order_scores(legal, chosen, &order))
    }
}

/// **defense** (押し引き): the discard order of `efficiency` plus push or fold when another
/// seat threatens: a riichi, or an open hand of two or more melds that shows a value triplet,
/// dora or one suit (three or more melds always count). Every tile gets a deal-in risk from
/// what is visible ([`deal_in_risk`]: genbutsu, discards passed after the riichi, suji, kabe /
/// no-chance, honors seen, the riichi discard's neighbours). It then pushes or folds by its
/// shanten, the rough value of its hand (dora, red fives, kita, value triplets, closed, all
/// simples) and the tiles left: ready with two or more han it discards its best tile unless
/// that risk is above 15 %, ready and cheap up to 10 %, one from ready with two or more han
/// and more than 20 tiles left up to 6 %, one from ready early (more than 40 left) up to
/// 3.5 %; otherwise it folds, discarding the safest tile (the better by efficiency on a tie).
/// Folding, it does not call and does not declare riichi; under threat it calls only into a
/// ready hand. With no threat it plays as `efficiency`.
///
/// The issue asked for `value` plus push/fold. Measured (README, arena section), `value` loses
/// to `efficiency` by itself, and push/fold on top of the value order only drew level with
/// `efficiency`; on the efficiency order it is clearly ahead, so that is the order kept.
#[derive(Clone, Copy, Debug, Default)]
pub struct Defense;

impl Bot for Defense {
    fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action {
        if plays_chinese(view) {
            return crate::sichuan::act(view, legal);
        }
        let threats = Threats::of(view);
        if threats.is_empty() {
            return attack(view, legal, Ranker::Efficiency);
        }
        if let Some(a) = win(legal) {
            return a;
        }
        if view.offer().is_some() {
            // Under threat: only a call that makes the hand ready.
            return match useful_call(view, legal) {
                Some((a, s)) if s <= 0 => a,
                _ => pass_or_first(legal),
            };
        }
        if let Some(&a) = legal.iter().find(|a| matches!(a, Action::Kita { .. })) {
            return a;
        }
        let order = rank(view, Ranker::Efficiency);
        let offered = offered_kinds(legal, false) | offered_kinds(legal, true);
        let risk = deal_in_risk(view, &threats);
        let limit = push_limit(view);
        let drawn = view.drawn();
        // The best kind by efficiency whose risk is within the limit; else the safest kind.
        let push = order
            .iter()
            .copied()
            .filter(|&t| offered.contains(t))
            .find(|t| risk[t.index()] <= limit);
        let kind = push.or_else(|| {
            order
                .iter()
                .copied()
                .filter(|&t| offered.contains(t))
                .min_by(|a, b| risk[a.index()].total_cmp(&risk[b.index()]))
        });
        let Some(kind) = kind else {
            return pass_or_first(legal);
        };
        let pushing = push.is_some() && limit > 0.0;
        if pushing && let Some(a) = discard_of(legal, kind, true, drawn) {
            return a;
        }
        discard_of(legal, kind, false, drawn)
            .or_else(|| discard_of(legal, kind, true, drawn))
            .unwrap_or_else(|| pass_or_first(legal))
    }

    fn scores(&mut self, view: &SeatView<'_>, legal: &[Action]) -> (Action, Vec<f64>) {
        let chosen = self.act(view, legal);
        (chosen, order_scores(legal, chosen, &Defense::order(view)))
    }
}

impl Defense {
    /// The kinds in `defense`'s order, best first: with no threat `efficiency`'s; under
    /// threat the kinds within its push limit in `efficiency`'s order, then the rest safest
    /// first.
    pub(crate) fn order(view: &SeatView<'_>) -> Vec<Tile> {
        let order = rank(view, Ranker::Efficiency);
        let threats = Threats::of(view);
        if threats.is_empty() || plays_chinese(view) {
            return order;
        }
        let risk = deal_in_risk(view, &threats);
        let limit = push_limit(view);
        let (mut push, mut fold): (Vec<Tile>, Vec<Tile>) =
            order.into_iter().partition(|t| risk[t.index()] <= limit);
        fold.sort_by(|a, b| risk[a.index()].total_cmp(&risk[b.index()]));
        push.append(&mut fold);
        push
    }
}

/// Scores of `legal` for a review ([`Bot::scores`]) from a player's order of kinds (best
/// first) and its choice: a discard scores minus its kind's place in the order (0 is the
/// best; a riichi with it 0.25 more when the choice is a riichi, 0.25 less when not), a win
/// 10, any other action 1 when chosen and below every discard when not. The choice is raised
/// above the rest when the order alone would not put it first.
pub(crate) fn order_scores(legal: &[Action], chosen: Action, order: &[Tile]) -> Vec<f64> {
    let n = order.len() as f64;
    let place = |t: Tile| order.iter().position(|&k| k == t).map_or(n, |p| p as f64);
    let riichi = if matches!(chosen, Action::Riichi { .. }) {
        0.25
    } else {
        -0.25
    };
    let mut v: Vec<f64> = legal
        .iter()
        .map(|&a| match a {
            Action::Tsumo | Action::Ron => 10.0,
            Action::Discard { tile } => 0.0 - place(tile.tile()),
            Action::Riichi { tile } => riichi - place(tile.tile()),
            _ if a == chosen => 1.0,
            _ => -n - 1.0,
        })
        .collect();
    if let Some(i) = legal.iter().position(|&a| a == chosen) {
        let top = v
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &x)| x)
            .fold(f64::NEG_INFINITY, f64::max);
        if v[i] < top {
            v[i] = top + 0.5;
        }
    }
    v
}

/// The highest deal-in risk `defense` accepts for its best tile (see [`Defense`]).
fn push_limit(view: &SeatView<'_>) -> f64 {
    let s = shanten_of(&view.hand());
    let han = rough_han(view);
    match s {
        ..=0 if han >= 2 => 0.15,
        ..=0 => 0.10,
        1 if han >= 2 && view.live_left() > 20 => 0.06,
        1 if view.live_left() > 40 => 0.035,
        _ => 0.0,
    }
}
