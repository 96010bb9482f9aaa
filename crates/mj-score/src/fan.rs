//! One row of a Chinese fan breakdown (Sichuan and MCR).

/// A fan that counts in a scored hand: PROTOCOL.md's `{"name", "zh", "fan", "count"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FanEntry {
    /// Pinyin, lower snake case, ü written `v` (`qing_yi_se`): a stable id.
    pub name: &'static str,
    /// The fan's name in the official Chinese text (`清一色`).
    pub zh: &'static str,
    /// Its value for one occurrence.
    pub fan: u32,
    /// How many times it counts.
    pub count: u32,
}
