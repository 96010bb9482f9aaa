//! Win (hu / 胡 / 和了) and waits (ting / 听牌 / 待ち) for mahjong hands, with wildcards
//! (癞子 / 赖子 / 鬼牌) and rule switches, by a handful of table lookups.
//!
//! ```
//! use mj_hu::{Checker, Hand, Rules};
//! let checker = Checker::new(Rules::RIICHI)?;
//! let hand = Hand::parse("123m456p789s1122z", "")?; // 13 tiles: waits on 1z or 2z
//! assert!(checker.is_ready(&hand)?);
//! assert_eq!(checker.waits(&hand)?.to_string(), "12z");
//! let won = Hand::parse("123m456p789s11122z", "")?;
//! assert!(checker.is_winning(&won)?);
//! # Ok::<(), mj_hu::HuError>(())
//! ```
//!
//! * Wildcards: every tile of a kind listed as wild stands for any tile, with no four-copy limit
//!   (0-8 per hand). "Ready" is "a win with one wildcard missing".
//! * Hands: 3k+2 concealed tiles for wins, 3k+1 for waits, k + declared melds <= 5, so 16-tile
//!   variants (five melds and a pair) work. Declared melds only reduce the concealed shape.
//! * Forms: the standard form (melds + one pair), seven pairs (distinct or not), thirteen
//!   orphans, and MCR's knitted shapes; which ones win is set by [`Rules`].
//! * Waits leave out kinds the player holds four of, counting concealed tiles (wildcards of a
//!   wild kind included) and declared melds: a fifth copy cannot be drawn.
//!
//! The answers come from `mj-tables` (see `fast`'s docs for the arithmetic);
//! [`reference`](mod@reference) is a slow backtracking twin, and the tests compare the two
//! exhaustively on every single-group shape and on a million random hands. [`registry`] is the
//! workspace's one table of rule presets and switches, from which [`Rules`] is derived.
//!
//! No IO; no panics on data: bad input is a [`HuError`].

mod fast;
mod forms;
mod hand;
mod index;
pub mod reference;
pub mod registry;
mod rules;
#[cfg(feature = "corpus")]
pub mod sample;

pub use fast::{Checker, Declared, is_ready, is_winning, waits};
pub use hand::{Checked, Hand, HuError, MAX_MELDS, MAX_WILDCARDS, SizeError, check};
pub use index::HandIndex;
pub use rules::{Rules, RulesError};
