//! Whole games in `riichienv-core` (the peer of `mj-game`), driven by the same kinds of trivial
//! players the `game` bench gives our engine: a seeded random legal action, or tsumogiri.

use std::collections::HashMap;

use riichienv_core::action::{Action, ActionType, Phase};
use riichienv_core::rule::GameRule;
use riichienv_core::state::GameState;

/// How a peer seat chooses among its legal actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeerPlayer {
    /// A uniformly random legal action (a seeded SplitMix64 stream).
    Random,
    /// Win when it can, otherwise pass on claims and discard the drawn tile.
    Tsumogiri,
}

/// SplitMix64: the same generator our own random players use, so both engines see the same
/// kind of choices.
#[derive(Debug, Clone)]
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform index below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

fn choose(player: PeerPlayer, legal: &[Action], rng: &mut SplitMix, drawn: Option<u8>) -> Action {
    match player {
        PeerPlayer::Random => legal[rng.below(legal.len())].clone(),
        PeerPlayer::Tsumogiri => {
            let pick = |t: ActionType| legal.iter().find(|a| a.action_type == t);
            pick(ActionType::Tsumo)
                .or_else(|| pick(ActionType::Ron))
                .or_else(|| {
                    legal
                        .iter()
                        .find(|a| a.action_type == ActionType::Discard && a.tile == drawn)
                })
                .or_else(|| pick(ActionType::Pass))
                .or_else(|| pick(ActionType::Discard))
                .unwrap_or(&legal[0])
                .clone()
        }
    }
}

/// Plays one hanchan (Tenhou rules, mjai logging off) and returns the number of decisions
/// (one per seat asked to act).
pub fn play_hanchan(seed: u64, player: PeerPlayer) -> u64 {
    let mut state = GameState::new(2, true, Some(seed), 0, GameRule::default_tenhou());
    let mut rng = SplitMix(seed ^ 0x5eed);
    let mut decisions = 0u64;
    let mut actions = HashMap::new();
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
            actions.insert(seat, choose(player, &legal, &mut rng, state.drawn_tile));
        }
        if actions.is_empty() {
            break;
        }
        state.step(&actions);
    }
    decisions
}
