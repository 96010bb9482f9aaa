//! The library behind the `mj` program: its human commands (`mj parse`, `hu`, `waits`,
//! `shanten`, `analyze`, `agari`, `riichi`, `score`, `game`, `replay`, `arena`, `bot`, `serve`), each a module
//! that turns command-line arguments into text.
//!
//! `mj batch` and the hand commands speak the JSON Lines protocol of [`mj_protocol`]: `mj batch`
//! is [`mj_protocol::run_batch_limited`] over standard input and output, and the hand commands
//! build the request `mj batch` would get and answer it through [`mj_protocol::answer_line`], so
//! both paths agree. The protocol's reference is `docs/protocol.md`. This crate is the only
//! place (with xtask) that does IO; the engines and the protocol below it are pure.

// Layers, each reading only the layers before it (no module cycle): the protocol (crate
// `mj_protocol`) <- human commands (`*_cmd`) <- `main.rs`.
pub mod agari_cmd;
pub mod arena_cmd;
pub mod bot_cmd;
pub mod budget_chart;
pub mod game_cmd;
pub mod hand_cmd;
pub mod mjai_app;
pub mod outside_bot;
pub mod parse_cmd;
pub mod review_cmd;
pub mod score_cmd;
pub mod serve_cmd;

/// The `mj agari` / `mj riichi` commands under their former path.
pub use agari_cmd as agari_ops;
/// The `mj score` command under its former path.
pub use score_cmd as score_ops;

// The Rust examples of README.md and docs/ compile and run as doctests of this crate, which
// depends on every library crate they use (`tests/readme_examples.rs` checks that each page
// with a Rust block is listed here).
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeExamples;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/games-and-logs.md")]
pub struct GamesAndLogsExamples;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/bots-and-arena.md")]
pub struct BotsAndArenaExamples;
