//! What the criterion benches in `benches/` share: the seeded corpora and the conversions of a
//! hand into the peers' types. The benches themselves are `benches/*.rs`.

pub mod game;
pub mod peer_game;

use mj_hu::Hand;
use mj_hu::sample::{Sampler, Shape};
use mj_tiles::TileCounts;

/// Hands per corpus: every bench cycles through this many, one per iteration.
pub const N: usize = 1024;

/// `N` seeded hands of 4 melds' size cycling through `shapes` (3k+1 when `waiting`), with
/// `wildcards` wildcards, kept only when `keep` says so.
pub fn corpus(
    shapes: &[Shape],
    wildcards: u8,
    waiting: bool,
    seed: u64,
    keep: impl Fn(&Hand) -> bool,
) -> Vec<Hand> {
    let mut sampler = Sampler::new(seed);
    let mut out = Vec::with_capacity(N);
    let mut i = 0;
    while out.len() < N {
        let shape = shapes[i % shapes.len()];
        i += 1;
        if let Some(hand) = sampler.sample(shape, 4, 0, wildcards, waiting).hand()
            && keep(&hand)
        {
            out.push(hand);
        }
    }
    out
}

/// A hand as `riichienv-core` counts.
pub fn riichienv_hand(counts: &TileCounts) -> riichienv_core::types::Hand {
    let mut h = riichienv_core::types::Hand::new(None);
    h.counts.copy_from_slice(counts.as_array());
    h
}

/// A hand as a `riichi-decomp` tile set.
pub fn riichi_decomp_set(counts: &TileCounts) -> riichi_elements::prelude::TileSet34 {
    counts
        .tiles()
        .filter_map(|t| riichi_elements::prelude::Tile::from_num_suit(t.rank(), t.suit() as u8))
        .collect()
}

/// The riichi oracle fixtures as benchmark hands (the workspace's one fixture reader).
pub use mj_testkit::riichi_fixtures;
