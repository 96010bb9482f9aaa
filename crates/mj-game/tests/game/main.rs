//! mj-game's integration tests, one module per former test file, in a single test binary: one
//! compile and link of the engine's generic code instead of nineteen (the property tests alone
//! took about 27 s each to build as separate binaries). Run one area with a filter, for example
//! `cargo test -p mj-game --test game perft::`.

mod common;
mod common_mcr;

mod determinize;
mod determinize_chinese;
mod hongzhong_kong_rules;
mod hongzhong_props;
mod hongzhong_scenarios;
mod mcr_props;
mod mcr_scenarios;
mod mjai_events;
mod perft;
mod props;
mod rules_scenarios;
mod sanma;
mod scenarios;
mod seat_round;
mod sichuan_hongzhong_props;
mod sichuan_observation;
mod sichuan_props;
mod sichuan_scenarios;
mod sichuan_waits;
