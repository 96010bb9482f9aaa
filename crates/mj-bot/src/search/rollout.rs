//! The policies a search plays its sampled rounds out with.
//!
//! * [`Rollout::Fast`]: a player of a few dozen operations a decision, so a round plays out in
//!   tens of microseconds. It wins whenever it can, declares riichi whenever it can, never
//!   calls or kans (kita is taken: it cannot hurt), and discards the kind with the lowest keep
//!   value: 8 a copy held, 4 for each neighbour held one rank away and 2 two ranks away, 1
//!   more for an honor that is a value tile for the seat, 1 less for a terminal. Facing a riichi it
//!   folds when its hand is not ready: it discards a kind safe against every riichi seat (in
//!   that seat's river, or discarded by another seat after the declaration) when it holds one.
//! * [`Rollout::Mixed`]: `defense` for the searching seat (so a fold chosen at the root is
//!   carried on as the player itself would), [`Rollout::Fast`] for the others.
//! * [`Rollout::Defense`]: the `defense` player itself at every seat (several times slower, so
//!   fewer samples in the same budget).

use mj_game::view::kind_of;
use mj_game::{Action, Bot, SeatView};
use mj_tiles::{Tile, TileSet};

use crate::Defense;
use crate::common::{discard_of, keep_score, offered_kinds, win, yakuhai};

/// How the sampled rounds are played out (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rollout {
    /// The cheap heuristic player.
    #[default]
    Fast,
    /// `defense` for the searching seat, `Fast` for the others.
    Mixed,
    /// `defense` at every seat.
    Defense,
}

impl Rollout {
    /// The policy of a name: `fast`, `mixed`, `defense`.
    pub fn from_name(name: &str) -> Option<Rollout> {
        match name {
            "fast" => Some(Rollout::Fast),
            "mixed" => Some(Rollout::Mixed),
            "defense" => Some(Rollout::Defense),
            _ => None,
        }
    }
}

/// A rollout player: `defense` or the fast one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RolloutBot {
    defense: bool,
}

impl RolloutBot {
    /// The four seats' players of `policy` when `me` searches.
    pub(crate) fn seats(policy: Rollout, me: u8) -> [RolloutBot; 4] {
        core::array::from_fn(|s| RolloutBot {
            defense: match policy {
                Rollout::Fast => false,
                Rollout::Mixed => s == usize::from(me),
                Rollout::Defense => true,
            },
        })
    }
}

impl Bot for RolloutBot {
    fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action {
        if self.defense {
            Defense.act(view, legal)
        } else if super::chinese::is_chinese(view) {
            super::chinese::fast(view, legal)
        } else {
            fast(view, legal)
        }
    }
}

/// One decision of [`Rollout::Fast`].
fn fast(view: &SeatView<'_>, legal: &[Action]) -> Action {
    if let Some(a) = win(legal) {
        return a;
    }
    if view.offer().is_some() {
        return Action::Pass;
    }
    if let Some(&a) = legal.iter().find(|a| matches!(a, Action::Kita { .. })) {
        return a;
    }
    let drawn = view.drawn();
    let riichi = offered_kinds(legal, true);
    let kinds = offered_kinds(legal, false);
    let me = view.seat();
    // Folding: not ready (no riichi on offer, closed or not) while another seat is in riichi.
    let threat = (0..view.players()).any(|s| s != me && view.in_riichi(s));
    if threat && riichi.is_empty() && !view.in_riichi(me) {
        let safe = safe_kinds(view);
        if let Some(k) = kinds.into_iter().find(|&k| safe.contains(k))
            && let Some(a) = discard_of(legal, k, false, drawn)
        {
            return a;
        }
    }
    let pool = if riichi.is_empty() { kinds } else { riichi };
    let use_riichi = !riichi.is_empty();
    let hand = view.hand();
    let c = hand.as_array();
    let value_tiles = yakuhai(view, me);
    let mut best: Option<(i32, Tile)> = None;
    for k in pool {
        let mut v = keep_score(c, k);
        if !k.suit().is_numbered() && value_tiles.contains(k) {
            v += 1;
        }
        if best.is_none_or(|(b, t)| v < b || (v == b && k < t)) {
            best = Some((v, k));
        }
    }
    best.and_then(|(_, k)| discard_of(legal, k, use_riichi, drawn))
        .or_else(|| {
            legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Discard { .. }))
        })
        .unwrap_or_else(|| legal.first().copied().unwrap_or(Action::Pass))
}

/// Kinds safe against every seat in riichi (its river, and discards after its declaration).
fn safe_kinds(view: &SeatView<'_>) -> TileSet {
    let me = view.seat();
    let mut all = TileSet::EMPTY;
    let mut first = true;
    for s in (0..view.players()).filter(|&s| s != me && view.in_riichi(s)) {
        let river = view.river(s);
        let mut safe = TileSet::EMPTY;
        for r in river {
            safe.insert(kind_of(r.tile));
        }
        let at = river.iter().position(|r| r.riichi).unwrap_or(0);
        for o in (0..view.players()).filter(|&o| o != s) {
            for r in view.river(o).iter().skip(at + 1) {
                safe.insert(kind_of(r.tile));
            }
        }
        all = if first { safe } else { all & safe };
        first = false;
    }
    all
}
