//! The `value` table tuned by self-play, committed with the command that made it.

use mj_ai::ValueWeights;

/// The committed tuning run: `data/value_weights.json`, the output of
/// `cargo run --release -p mj-bot --example tune_value -- WALLS SEED` (the exact command is in
/// the file).
pub const TUNING_RUN: &str = include_str!("../data/value_weights.json");

/// The `value` table tuned by self-play (the `tuned` field of [`TUNING_RUN`]); the seeds'
/// table if the file could not be read (a test checks that it can).
pub fn tuned_weights() -> ValueWeights {
    static W: std::sync::OnceLock<Option<ValueWeights>> = std::sync::OnceLock::new();
    W.get_or_init(|| {
        let v: serde_json::Value = serde_json::from_str(TUNING_RUN).ok()?;
        serde_json::from_value(v.get("tuned")?.clone()).ok()
    })
    .unwrap_or(ValueWeights::DEFAULT)
}
