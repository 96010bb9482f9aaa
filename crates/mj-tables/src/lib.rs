//! Per-group mahjong tables with wildcards: for every shape of a numbered suit (up to 17 tiles)
//! and of the seven honors, the fewest wildcards that complete it as melds only, as melds plus a
//! pair, and as melds plus a 2/5/8 pair, with one bit per rank saying which added tiles lower
//! each need. A whole hand is then a handful of lookups (see `mj-hu`).
//!
//! * [`layout`]: what an entry holds and how a shape finds it (read this first).
//! * [`generate`]: the pure generator behind `cargo xtask gen-tables`.
//! * [`blob`]: the versioned container (magic, version, section table, checksum).
//! * [`Tables`]: the zero-copy reader over a validated blob; [`Tables::committed`] is the blob
//!   committed in `data/tables.bin`.
//!
//! ```
//! use mj_tables::Tables;
//! use mj_tiles::Eigen;
//! let tables = Tables::committed()?;
//! // 12m + 55m: as melds it needs two wildcards (12m+w, 55m+w); with a pair, one (55m is it).
//! let shape = Eigen::new(0x20011).unwrap();
//! let entry = tables.suited(shape);
//! assert_eq!((entry.melds(), entry.pair()), (2, 1));
//! // Drawing 3m lowers both needs by one; drawing 5m lowers the melds need only.
//! let waits = tables.suited_waits(shape);
//! assert_eq!((waits.melds(), waits.pair()), (0b10100, 0b00100));
//! # Ok::<(), mj_tables::TableError>(())
//! ```

pub mod blob;
pub mod generate;
pub mod layout;
mod reader;
#[cfg(feature = "testing")]
pub mod testing;

pub use blob::TableError;
pub use layout::{Entry, WaitMasks};
pub use reader::{COMMITTED_BLOB, Tables};
