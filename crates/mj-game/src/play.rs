//! Players: the [`Bot`] trait, the two built-in baselines ([`RandomBot`], [`TsumogiriBot`])
//! as registry entries ([`BotEntry`], [`BUILTIN_BOTS`]; `mj_bot::registry` lists them with
//! the stronger players), and [`play()`], a seeded match played to its end through
//! [`crate::drive()`] (what `mj game` runs).

use core::fmt;

use mj_tiles::random::SplitMix64;

use crate::action::Action;
pub use crate::drive::Bot;
use crate::drive::drive;
use crate::game::{Match, MatchResult};
use crate::mjai::Event;
use crate::rules::{GameRules, Length};
use crate::view::SeatView;

/// A named kind of player, as a registry lists it: the name, a line on how it plays, and how
/// to make one from a seed (players that use no randomness ignore it). The player is `Send`
/// and `Sync`, so a game holding its players can move to another thread (or to Python).
#[derive(Clone, Copy, Debug)]
pub struct BotEntry {
    /// The name (`random`, `efficiency`, ...).
    pub name: &'static str,
    /// How it plays, in a line.
    pub about: &'static str,
    /// A player of this kind from a seed.
    pub build: fn(seed: u64) -> Box<dyn Bot + Send + Sync>,
}

/// mj-game's own players as registry entries: `random` ([`RandomBot`]) and `tsumogiri`
/// ([`TsumogiriBot`]). `mj_bot::registry` lists them first, beside its own.
pub const BUILTIN_BOTS: [BotEntry; 2] = [
    BotEntry {
        name: "random",
        about: "a uniformly random legal action (seeded)",
        build: |seed| Box::new(RandomBot::new(seed)),
    },
    BotEntry {
        name: "tsumogiri",
        about: "discards the tile it drew, passes every call, never wins",
        build: |_| Box::new(TsumogiriBot),
    },
];

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
        if let Some(d) = view.drawn().and_then(mj_tiles::TileId::new)
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

/// The built-in player kinds by name: `random`, `tsumogiri` (an entry of [`BUILTIN_BOTS`]).
#[deprecated(note = "use `mj_bot::registry`, which knows every player (or `BUILTIN_BOTS`)")]
pub fn bot_by_name(name: &str, seed: u64) -> Option<Box<dyn Bot>> {
    let entry = BUILTIN_BOTS.iter().find(|e| e.name == name)?;
    Some((entry.build)(seed))
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

/// Plays a seeded match between four bots to its end ([`crate::drive()`]; a choice the engine
/// refuses is replaced by the seat's first legal action).
pub fn play(
    rules: GameRules,
    length: Length,
    seed: u64,
    bots: &mut [Box<dyn Bot>; 4],
    record: bool,
) -> Played {
    let mut m = Match::seeded(rules, length, seed, record);
    let decisions = drive(&mut m, bots).decisions;
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
