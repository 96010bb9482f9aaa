//! Built-in simple players and the match driver behind `mj game`.

use core::fmt;

use mj_tiles::random::SplitMix64;

use crate::action::Action;
use crate::game::{Match, MatchResult};
use crate::mjai::Event;
use crate::rules::{GameRules, Length};
use crate::view::SeatView;

/// A player (打ち手): picks one of the legal actions from what its seat sees.
///
/// The driver gives it a [`SeatView`] (its own hand, everything on the table, nothing hidden
/// from the seat) and the seat's legal actions, never empty. Whatever it returns should be one
/// of `legal`; the drivers in this workspace treat anything else as a bug of the player.
pub trait Bot: fmt::Debug {
    /// Chooses among `legal` (never empty) for the seat of `view`.
    fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action;
}

/// Picks a uniformly random legal action (seeded).
#[derive(Debug, Clone)]
pub struct RandomBot(SplitMix64);

impl RandomBot {
    /// A random player from a seed.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot(SplitMix64::new(seed))
    }
}

impl Bot for RandomBot {
    fn act(&mut self, _view: &SeatView<'_>, legal: &[Action]) -> Action {
        legal[self.0.below(legal.len() as u32) as usize]
    }
}

/// Discards the tile it drew (or the first legal discard after a call), passes every call,
/// never wins.
#[derive(Debug, Clone, Copy, Default)]
pub struct TsumogiriBot;

impl Bot for TsumogiriBot {
    fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action {
        if let Some(d) = view.drawn()
            && legal.contains(&Action::Discard { tile: d })
        {
            return Action::Discard { tile: d };
        }
        legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Pass | Action::Discard { .. }))
            .unwrap_or(legal[0])
    }
}

/// The built-in player kinds by name: `random`, `tsumogiri`.
pub fn bot_by_name(name: &str, seed: u64) -> Option<Box<dyn Bot>> {
    match name {
        "random" => Some(Box::new(RandomBot::new(seed))),
        "tsumogiri" => Some(Box::new(TsumogiriBot)),
        _ => None,
    }
}

/// A finished match: the result, decisions taken, and the events when recorded.
#[derive(Debug, Clone)]
pub struct Played {
    /// Final scores, ranks, points.
    pub result: MatchResult,
    /// Actions played (every seat's decisions, passes included).
    pub decisions: u64,
    /// mjai events (empty unless recorded).
    pub events: Vec<Event>,
}

impl fmt::Display for Played {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}; {} decisions", self.result, self.decisions)
    }
}

/// Plays a seeded match between four bots to its end.
pub fn play(
    rules: GameRules,
    length: Length,
    seed: u64,
    bots: &mut [Box<dyn Bot>; 4],
    record: bool,
) -> Played {
    let mut m = Match::seeded(rules, length, seed, record);
    let mut decisions = 0u64;
    // Bounded: a match has at most a few thousand decisions; the bound only guards a bug.
    while !m.is_over() && decisions < 10_000_000 {
        let mask = m.to_act();
        for seat in 0..4u8 {
            if mask >> seat & 1 == 0 {
                continue;
            }
            let legal = m.legal_actions(seat);
            if legal.is_empty() {
                continue;
            }
            let a = bots[usize::from(seat)].act(&m.round().view(seat), &legal);
            decisions += 1;
            if m.play(seat, a).is_err() {
                debug_assert!(false, "a bot chose an illegal action");
            }
            break;
        }
    }
    let events = if record { m.events() } else { Vec::new() };
    Played {
        result: m.result().cloned().unwrap_or(MatchResult {
            scores: m.round().scores(),
            ranks: crate::game::ranks(&m.round().scores()),
            points_tenths: [0; 4],
            rounds: 0,
            players: m.rules().players,
        }),
        decisions,
        events,
    }
}
