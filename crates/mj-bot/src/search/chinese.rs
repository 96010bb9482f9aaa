//! `search` in the flows on the Sichuan machinery (`sichuan`, `sichuan_hongzhong`,
//! `hongzhong`): the candidates of a decision and the fast rollout policy there.
//!
//! * **Candidates.** On a turn: `defense`'s choice (the Chinese strategy's), the two next
//!   discards by [`crate::sichuan::shanten`] after the discard (the suit given up first, a wild
//!   红中 last, as the strategy orders them), the kind with the most copies in sight (the
//!   fewest left to wait on: the cheap safe tile), a kong on offer. On a tile on offer:
//!   `defense`'s answer, passing, the pon, the kong. 换三张 and 定缺 are `defense`'s.
//! * **Rollout** ([`fast`]): wins whenever it can, never calls or kongs, throws the suit it
//!   gave up first, a wild 红中 never while another kind can go, and otherwise the kind with
//!   the lowest keep value of the riichi fast policy (8 a copy held, 4 for each neighbour one
//!   rank away, 2 two ranks away, 1 less for a terminal).
//! * **Value.** The seat's points at the end of the round: these flows' matches rank by the
//!   stakes won and lost (no uma), so the points are what a round changes.

use mj_game::{Action, SeatView};
use mj_tiles::{Suit, Tile};

use crate::common::{discard_of, offered_kinds, win};
use crate::sichuan::{Shape, shanten};

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
        let seen = view.visible_counts();
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
        let i = k.index();
        let mut v = 8 * i32::from(c[i]);
        if k.suit().is_numbered() {
            let r = i % 9;
            let at = |d: isize| -> i32 {
                let j = r as isize + d;
                if (0..9).contains(&j) {
                    i32::from(c[i - r + j as usize].min(1))
                } else {
                    0
                }
            };
            v += 4 * (at(-1) + at(1)) + 2 * (at(-2) + at(2));
            if r == 0 || r == 8 {
                v -= 1;
            }
        }
        let key = (wild, v);
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
