//! Game rooms for servers: whole matches between people and our bots, over mjai's words, kept
//! in SQLite so that no accepted action is ever lost.
//!
//! - [`GameSpec`]: a room's rules, length, seats (`human` or a player of
//!   [`mj_bot::registry`]), names and seed, read from a client's JSON.
//! - [`Room`]: the match, the bots and every [`Move`] so far. [`Room::act`] takes a person's
//!   mjai reaction (one of [`Room::legal`]), plays it and the bots' answers up to the next
//!   person's decision; a refused reaction changes nothing. [`Room::restore`] rebuilds a room
//!   from its spec and moves, on the same seeded walls.
//! - [`table::state`]: what a seat (or a spectator, [`SPECTATOR`]) is shown: the mjai events of
//!   its view, its legal reactions and the table from its `SeatView`, never another seat's
//!   concealed tiles.
//! - [`store`]: the database ([`Store`]) and its one writer thread ([`Writer`], group commit):
//!   a write is on disk before its reply is called.
//!
//! ```
//! use mj_room::{GameSpec, Room, SPECTATOR};
//! let spec = GameSpec::from_request(
//!     &serde_json::json!({"rules": "tenhou", "length": "one",
//!                          "seats": ["human", "defense", "defense", "defense"]}),
//!     42,
//! )?;
//! let mut room = Room::new(spec)?;
//! room.advance(); // the bots play up to seat 0's first decision
//! let discard = room.legal(0)[0].clone();
//! room.act(0, &discard)?;
//! let shown = mj_room::table::state(&room, SPECTATOR, 0);
//! assert_eq!(shown["legal"], serde_json::json!([]));
//! # Ok::<(), mj_room::RoomError>(())
//! ```

// Layers: `error`, then `spec`, `reaction`, then `room`, then `table` and `store`.
mod error;
pub mod reaction;
mod room;
mod spec;
pub mod store;
pub mod table;

pub use error::RoomError;
pub use room::{Move, Room, SPECTATOR};
pub use spec::{GameSpec, MAX_NAME_CHARS, SeatKind, TIMEOUT_RANGE};
pub use store::{GameSummary, Store, StoredGame, Write, Writer};
