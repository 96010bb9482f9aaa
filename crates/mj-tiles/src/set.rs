//! `TileSet`: a set of kinds, one bit per kind. Its mpsz text (`FromStr`, `Display`) is read and
//! written in [`notation`](crate::notation), which sits above it.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

use crate::{Suit, Tile};

/// A set of tile kinds: bit `i` is kind `i` (0-8 = 1-9m, ..., 27-33 = 1-7z). Iterates in kind
/// order. Waits, effective tiles and wildcard kinds are `TileSet`s.
///
/// ```
/// use mj_tiles::{Tile, TileSet};
/// let waits: TileSet = "14m".parse().unwrap();
/// assert!(waits.contains("4m".parse().unwrap()));
/// assert_eq!(waits.len(), 2);
/// assert_eq!(waits.to_string(), "14m");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct TileSet(u64);

impl TileSet {
    /// No kinds.
    pub const EMPTY: TileSet = TileSet(0);
    /// All 34 kinds.
    pub const ALL: TileSet = TileSet((1 << 34) - 1);

    /// The set whose bits are `bits`; bits 34 and up are dropped.
    pub const fn from_bits(bits: u64) -> TileSet {
        TileSet(bits & Self::ALL.0)
    }

    /// The raw bits.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set of one kind.
    pub const fn single(tile: Tile) -> TileSet {
        TileSet(1 << tile.index())
    }

    /// The kinds of one suit.
    pub const fn suit(suit: Suit) -> TileSet {
        TileSet(((1u64 << suit.ranks()) - 1) << suit.first_kind())
    }

    /// The set of a suit's ranks given as a bit mask (bit 0 = rank 1).
    pub const fn from_rank_mask(suit: Suit, ranks: u16) -> TileSet {
        let mask = ranks as u64 & ((1u64 << suit.ranks()) - 1);
        TileSet(mask << suit.first_kind())
    }

    /// The ranks of one suit in the set, as a bit mask (bit 0 = rank 1).
    pub const fn rank_mask(self, suit: Suit) -> u16 {
        ((self.0 >> suit.first_kind()) & ((1u64 << suit.ranks()) - 1)) as u16
    }

    /// `true` if the kind is in the set.
    pub const fn contains(self, tile: Tile) -> bool {
        self.0 >> tile.index() & 1 == 1
    }

    /// Adds a kind.
    pub fn insert(&mut self, tile: Tile) {
        self.0 |= 1 << tile.index();
    }

    /// Removes a kind.
    pub fn remove(&mut self, tile: Tile) {
        self.0 &= !(1 << tile.index());
    }

    /// How many kinds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// `true` if no kind is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kinds in kind order.
    pub fn iter(self) -> TileSetIter {
        TileSetIter(self.0)
    }

    /// The kinds in kind order, as a vector.
    pub fn to_vec(self) -> Vec<Tile> {
        self.iter().collect()
    }
}

/// Iterator over a [`TileSet`] in kind order.
#[derive(Clone, Debug)]
pub struct TileSetIter(u64);

impl Iterator for TileSetIter {
    type Item = Tile;

    fn next(&mut self) -> Option<Tile> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Tile::new(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for TileSetIter {}

impl IntoIterator for TileSet {
    type Item = Tile;
    type IntoIter = TileSetIter;

    fn into_iter(self) -> TileSetIter {
        self.iter()
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> TileSet {
        let mut set = TileSet::EMPTY;
        for t in iter {
            set.insert(t);
        }
        set
    }
}

impl BitOr for TileSet {
    type Output = TileSet;
    fn bitor(self, rhs: TileSet) -> TileSet {
        TileSet(self.0 | rhs.0)
    }
}

impl BitOrAssign for TileSet {
    fn bitor_assign(&mut self, rhs: TileSet) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for TileSet {
    type Output = TileSet;
    fn bitand(self, rhs: TileSet) -> TileSet {
        TileSet(self.0 & rhs.0)
    }
}

impl BitAndAssign for TileSet {
    fn bitand_assign(&mut self, rhs: TileSet) {
        self.0 &= rhs.0;
    }
}

impl Sub for TileSet {
    type Output = TileSet;
    fn sub(self, rhs: TileSet) -> TileSet {
        TileSet(self.0 & !rhs.0)
    }
}

impl Not for TileSet {
    type Output = TileSet;
    fn not(self) -> TileSet {
        TileSet(!self.0 & TileSet::ALL.0)
    }
}

impl fmt::Debug for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TileSet({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suit_sets_partition_all() {
        let union = Suit::ALL
            .iter()
            .fold(TileSet::EMPTY, |acc, &s| acc | TileSet::suit(s));
        assert_eq!(union, TileSet::ALL);
        assert_eq!(TileSet::suit(Suit::Honor).len(), 7);
        assert_eq!(
            TileSet::from_rank_mask(Suit::Pin, 0b1_0000_0001).to_string(),
            "19p"
        );
        assert_eq!(TileSet::ALL.rank_mask(Suit::Honor), 0x7F);
    }

    #[test]
    fn iterates_in_kind_order() {
        let set: TileSet = "7z1s9m1m".parse().unwrap();
        let order: Vec<String> = set.iter().map(|t| t.to_string()).collect();
        assert_eq!(order, ["1m", "9m", "1s", "7z"]);
        assert_eq!(!set & set, TileSet::EMPTY);
        assert_eq!((!set).len(), 30);
    }
}
