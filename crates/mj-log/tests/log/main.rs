//! mj-log's integration tests, one module per area, in a single test binary: one compile and link
//! of the engine's generic code instead of one per file. Run one area with a filter, for example
//! `cargo test -p mj-log --test log mcr_botzone::`.

mod common;
#[path = "../../../mj-game/tests/game/common_mcr/mod.rs"]
mod common_mcr;

mod mcr_botzone;
mod mcr_botzone_walls;
mod mcr_replay;
mod mjai_logs;
mod mjlog_corpus;
mod mjlog_fuzz;
mod mjlog_mjai;
mod mjlog_mjx_walls;
mod replay_real;
mod replay_rooms;
mod sichuan_replay;
mod tenhou6_fuzz;
mod tenhou6_twins;
