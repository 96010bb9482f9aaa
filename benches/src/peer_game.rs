//! Whole games in `riichienv-core` (the peer of `mj-game`), driven by the same kinds of players
//! the `game` bench gives our engine ([`PlayerKind`]): a seeded random legal action, tsumogiri
//! (winning when it can), or greedy (the same [`greedy_discard`] policy as ours).
//!
//! Each decision asks `GameState::get_observation` for the seat's legal actions, the API a
//! riichienv user (and its Python environment) calls, and `GameState::step` applies them.
//! riichienv declares riichi in two steps (a `Riichi` action, then a discard among those that
//! keep the hand ready), so a greedy riichi is two decisions there and one in `mj-game`.

use std::collections::HashMap;

use mj_tiles::{Tile, TileCounts};
use riichienv_core::action::{Action, ActionType, Phase};
use riichienv_core::rule::GameRule;
use riichienv_core::state::GameState;

use mj_tiles::random::SplitMix64;

use crate::game::{PlayerKind, greedy_discard};

fn find(legal: &[Action], t: ActionType) -> Option<&Action> {
    legal.iter().find(|a| a.action_type == t)
}

fn greedy(state: &GameState, seat: u8, legal: &[Action]) -> Action {
    let win = find(legal, ActionType::Tsumo).or_else(|| find(legal, ActionType::Ron));
    if let Some(a) = win.or_else(|| find(legal, ActionType::Riichi)) {
        return a.clone();
    }
    let discards = legal
        .iter()
        .filter(|a| a.action_type == ActionType::Discard)
        .filter_map(|a| a.tile);
    if discards.clone().nth(1).is_some() {
        let mut counts = TileCounts::EMPTY;
        for &id in &state.players[usize::from(seat & 3)].hand {
            let _ = counts.add(Tile::ALL[usize::from(id / 4).min(33)]);
        }
        if let Some(tile) = greedy_discard(&counts, discards, state.drawn_tile)
            && let Some(a) = legal
                .iter()
                .find(|a| a.action_type == ActionType::Discard && a.tile == Some(tile))
        {
            return a.clone();
        }
    }
    find(legal, ActionType::Discard)
        .or_else(|| find(legal, ActionType::Pass))
        .unwrap_or(&legal[0])
        .clone()
}

fn choose(
    kind: PlayerKind,
    state: &GameState,
    seat: u8,
    legal: &[Action],
    rng: &mut SplitMix64,
) -> Action {
    match kind {
        PlayerKind::Random => legal[rng.below(legal.len() as u32) as usize].clone(),
        PlayerKind::Tsumogiri => {
            let drawn = state.drawn_tile;
            find(legal, ActionType::Tsumo)
                .or_else(|| find(legal, ActionType::Ron))
                .or_else(|| {
                    legal
                        .iter()
                        .find(|a| a.action_type == ActionType::Discard && a.tile == drawn)
                })
                .or_else(|| find(legal, ActionType::Pass))
                .or_else(|| find(legal, ActionType::Discard))
                .unwrap_or(&legal[0])
                .clone()
        }
        PlayerKind::Greedy => greedy(state, seat, legal),
    }
}

/// Plays one hanchan (Tenhou rules, mjai logging off) between four players of `kind` and
/// returns the number of decisions (one per seat asked to act).
pub fn play_hanchan(seed: u64, kind: PlayerKind) -> u64 {
    play_hanchan_checked(seed, kind).decisions
}

/// What [`play_hanchan_checked`] reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PeerGame {
    /// Decisions taken.
    pub decisions: u64,
    /// The game reached its end.
    pub done: bool,
    /// Final scores.
    pub scores: [i32; 4],
    /// Rounds started (counted as changes of round wind, dealer or honba).
    pub rounds: u32,
}

/// [`play_hanchan`], also reporting whether the game reached its end, the final scores and the
/// rounds played.
pub fn play_hanchan_checked(seed: u64, kind: PlayerKind) -> PeerGame {
    let mut state = GameState::new(2, true, Some(seed), 0, GameRule::default_tenhou());
    let mut rng = SplitMix64::new(seed ^ 0x5eed);
    let mut decisions = 0u64;
    let mut actions = HashMap::new();
    let mut round = (state.round_wind, state.kyoku_idx, state.honba);
    let mut rounds = 1;
    while !state.is_done {
        let actors: Vec<u8> = match state.phase {
            Phase::WaitAct => vec![state.current_player],
            Phase::WaitResponse => state.active_players.clone(),
        };
        actions.clear();
        for seat in actors {
            let obs = state.get_observation(seat);
            let legal = obs.legal_actions_method();
            if legal.is_empty() {
                continue;
            }
            decisions += 1;
            actions.insert(seat, choose(kind, &state, seat, &legal, &mut rng));
        }
        if actions.is_empty() {
            break;
        }
        state.step(&actions);
        let now = (state.round_wind, state.kyoku_idx, state.honba);
        if now != round && !state.is_done {
            round = now;
            rounds += 1;
        }
    }
    PeerGame {
        decisions,
        done: state.is_done,
        scores: core::array::from_fn(|s| state.players[s].score),
        rounds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_finishes_a_hanchan_and_conserves_points() {
        for kind in PlayerKind::ALL {
            for seed in 0..2 {
                let PeerGame {
                    decisions,
                    done,
                    scores,
                    rounds,
                } = play_hanchan_checked(seed, kind);
                assert!(rounds >= 4, "{kind:?} seed {seed}: {rounds} rounds");
                assert!(done, "{kind:?} seed {seed}: stopped at {scores:?}");
                assert!(
                    decisions > 100,
                    "{kind:?} seed {seed}: {decisions} decisions"
                );
                // Sticks left on the table at the end are not in the scores.
                let sum: i32 = scores.iter().sum();
                assert!(
                    sum <= 100_000 && (100_000 - sum) % 1000 == 0,
                    "{kind:?} seed {seed}: {scores:?}"
                );
            }
        }
    }
}
