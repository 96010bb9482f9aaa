//! Test and bench support: the seeded generator under its former path and, with the feature
//! `corpus` (on for tests and benches through `mj-testkit`, off for users), the shuffled
//! [`TileBag`] the seeded corpora draw from (a plain bag of the 136 tiles; the game's wall,
//! with its dead wall and indicators, is `mj_game::Wall`). The runtime generator is [`crate::rng`].

#[cfg(feature = "corpus")]
use crate::{Tile, TileCounts};

/// The generator of [`crate::rng`], kept at this path for its callers.
pub use crate::rng::SplitMix64;

/// The 136 tiles (four of each kind), shuffled by a seeded generator: the draws of the test and
/// bench corpora (feature `corpus`).
///
/// ```
/// use mj_tiles::random::{SplitMix64, TileBag};
/// let mut rng = SplitMix64::new(7);
/// let mut wall = TileBag::shuffled(&mut rng);
/// let hand = wall.draw_counts(13).unwrap();
/// assert_eq!(hand.total(), 13);
/// assert_eq!(wall.remaining(), 123);
/// ```
#[cfg(feature = "corpus")]
#[derive(Clone, Debug)]
pub struct TileBag {
    tiles: Vec<Tile>,
}

#[cfg(feature = "corpus")]
impl TileBag {
    /// A full wall in a random order.
    pub fn shuffled(rng: &mut SplitMix64) -> TileBag {
        let mut tiles: Vec<Tile> = Tile::ALL.iter().flat_map(|&t| [t; 4]).collect();
        rng.shuffle(&mut tiles);
        TileBag { tiles }
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
