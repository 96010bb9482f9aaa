//! mj-score's integration tests, one module per area, in a single test binary: one compile and link
//! of the engine's generic code instead of one per file. Run one area with a filter, for example
//! `cargo test -p mj-score --test score mcr_oracle::`.

mod mcr_oracle;
mod mcr_props;
mod mcr_rules;
mod riichi_oracle;
mod riichi_robust;
mod riichi_textbook;
mod riichi_three_player;
mod sichuan_cases;
mod sichuan_reference;
