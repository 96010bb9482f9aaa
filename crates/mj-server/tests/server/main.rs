//! mj-server's integration tests, one module per area, in a single test binary: one compile and link
//! of the engine's generic code instead of one per file. Run one area with a filter, for example
//! `cargo test -p mj-server --test server games::`.

mod common;

mod games;
mod games_load;
mod review;
mod server;
