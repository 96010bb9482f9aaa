//! `search` in the flows on the Sichuan machinery (`sichuan`, `sichuan_hongzhong`,
//! `hongzhong`): the candidates of a decision and the fast rollout policy there.
//!
//! * **Candidates.** On a turn: `defense`'s choice (the Chinese strategy's), the two next
//!   discards by [`crate::sichuan::shanten`] after the discard (the suit given up first, a wild
//!   红中 last, as the strategy orders them), the kind with the most copies seen outside its own
//!   hand and melds (the fewest left for others to wait on: the cheap safe tile), a kong on
//!   offer. On a tile on offer:
//!   `defense`'s answer, passing, the pon, the kong. 换三张 and 定缺 are `defense`'s.
//! * **Rollout** ([`fast`]): wins whenever it can, never calls or kongs, throws the suit it
//!   gave up first, a wild 红中 never while another kind can go, and otherwise the kind with
//!   the lowest keep value of the riichi fast policy (8 a copy held, 4 for each neighbour one
//!   rank away, 2 two ranks away, 1 less for a terminal).
//! * **Value.** These flows' matches rank the seats by the stakes won and lost (no uma, no
//!   oka), so a round's end is worth minus the seat's expected final rank ([`rank_value`]): each
//!   other seat ends above it with a logistic chance of their score difference over
//!   [`SIGMA_PER_ROUND`] stakes times the square root of the rounds left, the exact rank in the
//!   last round. The seat's expected points instead (tried first) made it play for big hands:
//!   more points a win, fewer wins, and a worse rank than `defense` in a duplicate run.

use mj_game::{Action, SeatView};
use mj_tiles::{Suit, Tile};

use crate::common::{discard_of, keep_score, offered_kinds, win};
use crate::sichuan::{Shape, shanten};

/// The spread of the difference of two seats' stakes over one round: a rough figure (a win
/// is worth a few stakes from each payer, several seats win a round), not fitted.
pub(super) const SIGMA_PER_ROUND: f64 = 10.0;

/// Minus the expected final rank (1 to 4) of `seat` with `scores` after the round and `left`
/// rounds still to play (see the module docs): `1 + Σ P(other above)` by linearity, each
/// chance a logistic of the difference, or exact (ties to the lower seat) with none left.
pub(super) fn rank_value(scores: &[i32; 4], seat: u8, left: u32) -> f64 {
    let me = usize::from(seat & 3);
    let sigma = SIGMA_PER_ROUND * f64::from(left).sqrt();
    let mut rank = 1.0;
    for o in (0..4).filter(|&o| o != me) {
        rank += super::value::chance_above(scores, o, me, (left > 0).then_some(sigma));
    }
    -rank
}

/// A flow on the Sichuan machinery.
pub(super) fn is_chinese(view: &SeatView<'_>) -> bool {
    matches!(
        view.rules().flow,
        mj_game::Flow::Sichuan | mj_game::Flow::Hongzhong
    )
}

/// A decision before play (换三张, 定缺): left to `defense`.
pub(super) fn before_play(legal: &[Action]) -> bool {
    legal
        .iter()
        .any(|a| matches!(a, Action::Exchange { .. } | Action::DeclareLack { .. }))
}

fn lack_of(view: &SeatView<'_>) -> Option<Suit> {
    view.lack(view.seat())
}

/// The candidates of a decision, `base` (`defense`'s choice) first (see the module docs).
pub(super) fn candidates(
    view: &SeatView<'_>,
    legal: &[Action],
    base: Action,
    most: usize,
) -> Vec<Action> {
    let mut out: Vec<Action> = Vec::with_capacity(6);
    let mut push = |a: Option<Action>| {
        if let Some(a) = a
            && legal.contains(&a)
            && !out.contains(&a)
        {
            out.push(a);
        }
    };
    push(Some(base));
    if view.offer().is_some() {
        push(Some(Action::Pass));
        push(
            legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Pon { .. })),
        );
        push(legal.iter().copied().find(|a| *a == Action::Minkan));
    } else {
        let drawn = view.drawn();
        let hand = view.hand();
        let shape = Shape::of_seat(view);
        let lack = lack_of(view);
        let kinds = offered_kinds(legal, false);
        let mut keyed: Vec<((bool, bool, i8, u8), Tile)> = kinds
            .into_iter()
            .map(|k| {
                let mut after = hand;
                let s = if after.remove(k) {
                    shanten(&after, shape)
                } else {
                    i8::MAX
                };
                let wild = shape.red_wild && k == Tile::RED;
                ((Some(k.suit()) != lack, wild, s, k.as_u8()), k)
            })
            .collect();
        keyed.sort();
        for &(_, k) in keyed.iter().take(3) {
            push(discard_of(legal, k, false, drawn));
        }
        // Copies seen outside the seat's own hand and melds (its own copies would make a pair
        // or a triplet look safe).
        let seen = view.seen_elsewhere();
        let safest = kinds
            .into_iter()
            .filter(|&k| k != Tile::RED || !shape.red_wild)
            .max_by_key(|&k| (seen.get(k), core::cmp::Reverse(k.as_u8())));
        if let Some(k) = safest {
            push(discard_of(legal, k, false, drawn));
        }
        push(
            legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Ankan { .. } | Action::Kakan { .. })),
        );
    }
    out.truncate(most.max(1));
    out
}

/// One decision of the fast rollout policy in these flows (see the module docs).
pub(super) fn fast(view: &SeatView<'_>, legal: &[Action]) -> Action {
    if let Some(a) = win(legal) {
        return a;
    }
    if view.offer().is_some() {
        if legal.contains(&Action::Pass) {
            return Action::Pass;
        }
        return legal.first().copied().unwrap_or(Action::Pass);
    }
    let drawn = view.drawn();
    let kinds = offered_kinds(legal, false);
    let lack = lack_of(view);
    let red_wild = view.rules().red_wildcards();
    let hand = view.hand();
    let c = hand.as_array();
    let holds_lack = lack.is_some_and(|l| kinds.into_iter().any(|k| k.suit() == l));
    let mut best: Option<((bool, i32), Tile)> = None;
    for k in kinds {
        if holds_lack && Some(k.suit()) != lack {
            continue;
        }
        let wild = red_wild && k == Tile::RED;
        let key = (wild, keep_score(c, k));
        if best.is_none_or(|(b, t)| key < b || (key == b && k < t)) {
            best = Some((key, k));
        }
    }
    best.and_then(|(_, k)| discard_of(legal, k, false, drawn))
        .or_else(|| {
            legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Discard { .. }))
        })
        .unwrap_or_else(|| legal.first().copied().unwrap_or(Action::Pass))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In the last round the value is minus the exact rank, ties to the lower seat.
    #[test]
    fn last_round_value_is_the_rank() {
        let scores = [5, -3, 5, -7];
        let ranks: Vec<f64> = (0..4).map(|s| -rank_value(&scores, s, 0)).collect();
        assert_eq!(ranks, [1.0, 3.0, 2.0, 4.0], "{scores:?}");
    }

    /// Earlier the value is smooth: between the ranks, ordered by score.
    #[test]
    fn early_value_is_ordered_and_smooth() {
        let scores = [12, 0, -4, -8];
        let v: Vec<f64> = (0..4).map(|s| rank_value(&scores, s, 3)).collect();
        assert!(v.windows(2).all(|w| w[0] > w[1]), "{v:?}");
        assert!(v[0] < -1.0 && v[3] > -4.0, "{v:?}");
        // The four expected ranks sum to 1 + 2 + 3 + 4.
        assert!((v.iter().sum::<f64>() + 10.0).abs() < 1e-9, "{v:?}");
    }
}
