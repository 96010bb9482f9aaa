//! Mahjong tiles: the 34 kinds, suits, mpsz notation, tile sets and counts, declared melds, and
//! the per-suit **eigen** (one hex digit per rank) that the table-driven engines above this crate
//! are built on.
//!
//! ```
//! use mj_tiles::{Suit, TileCounts};
//! let hand: TileCounts = "123m406p789s1122z".parse()?;
//! assert_eq!(hand.total(), 13);
//! assert_eq!(hand.eigen(Suit::Pin).raw(), 0x111000);
//! # Ok::<(), mj_tiles::NotationError>(())
//! ```
//!
//! This crate does no IO and does not panic on data: every constructor that takes outside values
//! validates them and returns an error that names what is wrong and where.

mod counts;
mod eigen;
mod eigen_hand;
mod group;
mod meld;
pub mod notation;
mod piece;
#[doc(hidden)]
pub mod random;
pub mod rng;
#[cfg(feature = "serde")]
mod serde_impls;
mod set;
mod tile;

pub use counts::{FifthCopy, TileCounts};
pub use eigen::{Eigen, EigenError};
pub use eigen_hand::EigenHand;
pub use group::{Group, GroupKind, READING_CAPACITY, Reading};
pub use meld::{Meld, MeldError, MeldKind};
pub use notation::NotationError;
pub use piece::{Piece, TileId};
pub use set::{TileSet, TileSetIter};
pub use tile::{Suit, Tile};
