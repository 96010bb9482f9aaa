//! A small seeded generator and a shuffled wall, for simulations, tests and benchmarks that need
//! the same hands on every machine.

use crate::{Tile, TileCounts};

/// SplitMix64: a 64-bit generator with a fixed, documented sequence for each seed. Not for
/// anything that needs unpredictability.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator starting from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0), by multiply-shift (bias below 2^-32 for small `n`).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }

    /// `true` with probability `num / den`.
    pub fn chance(&mut self, num: u32, den: u32) -> bool {
        self.below(den) < num
    }

    /// Shuffles a slice in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// The 136 tiles (four of each kind), shuffled by a seeded generator.
///
/// ```
/// use mj_tiles::random::{SplitMix64, Wall};
/// let mut rng = SplitMix64::new(7);
/// let mut wall = Wall::shuffled(&mut rng);
/// let hand = wall.draw_counts(13).unwrap();
/// assert_eq!(hand.total(), 13);
/// assert_eq!(wall.remaining(), 123);
/// ```
#[derive(Clone, Debug)]
pub struct Wall {
    tiles: Vec<Tile>,
}

impl Wall {
    /// A full wall in a random order.
    pub fn shuffled(rng: &mut SplitMix64) -> Wall {
        let mut tiles: Vec<Tile> = Tile::ALL.iter().flat_map(|&t| [t; 4]).collect();
        rng.shuffle(&mut tiles);
        Wall { tiles }
    }

    /// Draws one tile.
    pub fn draw(&mut self) -> Option<Tile> {
        self.tiles.pop()
    }

    /// Draws `n` tiles as counts; `None` if the wall has fewer.
    pub fn draw_counts(&mut self, n: usize) -> Option<TileCounts> {
        if n > self.tiles.len() {
            return None;
        }
        let rest = self.tiles.len() - n;
        TileCounts::from_tiles(self.tiles.drain(rest..)).ok()
    }

    /// Tiles left.
    pub fn remaining(&self) -> usize {
        self.tiles.len()
    }
}
