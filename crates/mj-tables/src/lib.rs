//! Per-group mahjong tables with wildcards: for every shape of a numbered suit (up to 17 tiles),
//! of the winds and of the dragons, the fewest wildcards that complete it as melds only, as
//! melds plus a pair, and as melds plus a 2/5/8 pair, with one bit per rank saying which added
//! tiles lower each need. A whole hand is then a handful of lookups (see `mj-hu`).
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
//! // 1m2m + 55m: melds need one wildcard (3m, plus 5m to finish the 55 triplet needs another:
//! // 12m+w and 55m+w), a pair form needs one (12m+w, 55m as the pair).
//! let entry = tables.suited(Eigen::new(0x20011).unwrap());
//! assert_eq!((entry.melds(), entry.pair()), (2, 1));
//! # Ok::<(), mj_tables::TableError>(())
//! ```

pub mod blob;
pub mod generate;
pub mod layout;
mod reader;

pub use blob::TableError;
pub use layout::{Entry, WaitMasks};
pub use reader::{COMMITTED_BLOB, Tables};
