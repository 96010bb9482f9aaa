//! Mahjong players over `mj-game`'s [`SeatView`](mj_game::SeatView), and the arena that
//! measures them.
//!
//! Every player implements [`mj_game::Bot`]: it sees only what its seat sees (its own hand,
//! every river, meld, riichi and kita, the dora indicators, scores, tiles left) and picks one
//! of the legal actions. By name ([`registry`]: [`registry::make`], [`NAMES`], the seat seeds of a
//! seeded game):
//!
//! * `random`, `tsumogiri`: `mj-game`'s baselines ([`mj_game::RandomBot`],
//!   [`mj_game::TsumogiriBot`]: a uniformly random legal action; the drawn tile discarded,
//!   every call passed, never a win).
//! * `efficiency`: [`Efficiency`] (shanten, then live effective tiles; see its docs).
//! * `value`: [`Value`], the seeds' tile-value method among the discards of the lowest
//!   shanten, with the table tuned by self-play ([`tuned_weights`]); `value_untuned` is the
//!   same player with the seeds' table.
//! * `defense`: [`Defense`], `efficiency` plus push/fold from a per-tile deal-in risk
//!   ([`risk`]).
//! * `imitation`: [`Imitation`], `defense` with the discard a Phoenix player would make, by a
//!   model fitted on real games ([`imitation`]).
//! * `search`: [`Search`], `imitation`'s candidates (`base=defense`: `defense`'s) judged by
//!   playing rounds with the hidden tiles dealt anew ([`mj_game::determinize`]) to their end,
//!   by expected placement points;
//!   200 ms a decision, `search:20` for 20 ms, `search:samples=64` for a fixed, deterministic
//!   budget ([`search`]); the other seats' hands dealt ready as often as [`reads`] reads them
//!   ready. Riichi, Sichuan and 红中 (there the rollouts are `defense`'s by
//!   default); in MCR it plays as `defense`.
//!
//! ```
//! use mj_game::{GameRules, Length};
//! let mut bots: Vec<_> = ["defense", "efficiency", "efficiency", "efficiency"]
//!     .iter()
//!     .map(|n| mj_bot::bot_by_name(n, 7).unwrap())
//!     .collect();
//! let game = mj_bot::arena::play_game(GameRules::tenhou(), Length::Hanchan, 7, &mut bots);
//! assert_eq!(game.result.scores.iter().sum::<i32>(), 100_000);
//! assert!(game.seats.iter().all(|s| s.illegal == 0));
//! ```
//!
//! The arena ([`arena`]) plays seeded matches between named players, optionally in duplicate
//! (every wall with the line-up rotated through all seats), and reports per name the average
//! rank with its 95 % interval, the rank distribution, points, win / deal-in / riichi / call
//! rates, the average win and deal-in values and the cost of a decision. `mj arena` is its
//! command line.
//!
//! Sichuan 血战到底 (`GameRules::sichuan()`), 红中血战 (`sichuan_hongzhong`) and 红中麻将
//! (`hongzhong`): `efficiency`, `value` and `defense` all play the same Chinese strategy
//! ([`sichuan`]): pass the three weakest tiles of the suit held least, give up the suit that
//! leaves the lowest shanten, throw that suit first, take every win, pon only to lower the
//! shanten, kong only when the hand keeps its shanten, never call the suit given up, and play
//! on after other seats have won; with 红中 wild, the shanten counts every 红中 held as any
//! tile (so a 红中 is the last tile it would discard). The value table is tuned on riichi and
//! the deal-in risk model reads riichi declarations, so neither is used there. `random` and
//! `tsumogiri` play these flows as they play riichi (legal, aimless). MCR (`mcr`) is played by
//! the riichi players' shanten and effective tiles (no 8-fan planning).

pub mod arena;
mod common;
pub mod imitation;
mod players;
pub mod reads;
pub mod registry;
pub mod risk;
pub mod search;
pub mod sichuan;
mod tuning;

pub use common::call_keeps_yaku;
pub use imitation::Imitation;
pub use players::{Defense, Efficiency, Value};
pub use registry::NAMES;
pub use search::{Base, Rollout, Search, SearchConfig};
pub use tuning::{TUNING_RUN, tuned_weights};

use mj_game::Bot;

/// A player by name (see [`NAMES`]); `seed` seeds the random ones. `None` for an unknown name.
/// [`registry::make`] is the same lookup with an error naming the known players, and a
/// `Send + Sync` player.
pub fn bot_by_name(name: &str, seed: u64) -> Option<Box<dyn Bot>> {
    registry::make(name, seed).ok().map(|b| b as Box<dyn Bot>)
}
