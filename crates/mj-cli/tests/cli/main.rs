//! mj-cli's integration tests, one module per area, in a single test binary: one compile and link
//! of the engine's generic code instead of one per file. Run one area with a filter, for example
//! `cargo test -p mj-cli --test cli arena_bots::`.

mod common;

mod arena_bots;
mod batch_framing;
mod batch_lines;
mod bot_cmd;
mod game_cmd;
mod game_mcr;
mod game_sichuan;
mod parse_cmd;
mod readme_examples;
mod reliability;
mod score_sanma_logs;
mod score_sichuan;
mod serve_crash;
