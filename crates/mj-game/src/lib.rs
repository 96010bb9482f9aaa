//! Whole mahjong games: a round (kyoku) and a match as a deterministic state machine with the
//! legal actions of every seat at every decision, settlement through `mj-score`, the game as
//! mjai events, and replay of real Tenhou logs.

pub mod action;
pub mod game;
pub mod mjai;
pub mod play;
pub mod replay;
pub mod round;
pub mod rules;
mod settle;
mod tiles;
pub mod wall;

// Log readers.
pub mod mjlog;
pub mod tenhou6;

pub use action::{Action, IllegalAction, Seat};
pub use game::{Match, MatchResult, WallSource};
pub use mjai::{Event, MjaiTile};
pub use play::{Bot, Played, RandomBot, TsumogiriBot, play};
pub use replay::{Replay, replay};
pub use round::{
    ActionList, DrawKind, Observation, Phase, Round, RoundEnd, RoundResult, RoundSetup, WinRecord,
};
pub use rules::{GameRules, Length};
pub use settle::{Payments, WinScore};
pub use tiles::{id_of_mjai, mjai_name};
pub use wall::{Wall, WallError};
