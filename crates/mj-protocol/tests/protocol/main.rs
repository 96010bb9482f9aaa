//! mj-protocol's integration tests, one module per area, in a single test binary: one compile and link
//! of the engine's generic code instead of one per file. Run one area with a filter, for example
//! `cargo test -p mj-protocol --test protocol ai_answers::`.

mod ai_answers;
mod analysis_ops;
mod answer_props;
mod consistency;
mod protocol_doc;
mod score_mcr;
mod score_riichi;
