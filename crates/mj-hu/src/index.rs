//! A hand kept as table offsets across draws: the win check without the eigens' conversion.

use mj_tables::layout::{HONOR_SHAPES, POW5};
use mj_tiles::{Eigen, EigenHand, FifthCopy, Suit, Tile, TileCounts, TileSet};

use crate::fast::Size;
use crate::{Checker, Declared, Hand, SizeError};

/// What a tile changes: its suit's eigen by one digit, its suit's offset by `5^(rank - 1)`.
#[derive(Clone, Copy)]
struct Kind {
    suit: usize,
    unit: Eigen,
    power: u32,
}

/// Every kind's [`Kind`], by kind index: no division by nine on a draw.
const KINDS: [Kind; 34] = {
    let mut kinds = [Kind {
        suit: 0,
        unit: Eigen::EMPTY,
        power: 0,
    }; 34];
    let mut i = 0;
    while i < 34 {
        let rank = i % 9;
        let unit = match Eigen::new(1 << (4 * rank)) {
            Some(unit) => unit,
            None => Eigen::EMPTY,
        };
        kinds[i] = Kind {
            suit: i / 9,
            unit,
            power: POW5[rank] as u32,
        };
        i += 1;
    }
    kinds
};

/// A concealed hand kept for repeated win checks as tiles come and go: each group's base-5
/// value (where its table entry sits, `mj_tables::layout`) is kept up to date, so that a draw
/// adds `5^(rank - 1)` to one suit's value and [`Checker::is_winning_index`] is four loads and a
/// sum, with none of the eigens' conversions [`Checker::is_winning_eigen`] makes on every call.
///
/// Tiles of a wild kind count as wildcards. The type also keeps every kind's count, so a fifth
/// concealed copy is refused as [`TileCounts::add`] refuses it (declared melds are the
/// caller's: [`Hand`] checks copies across both).
///
/// ```
/// use mj_hu::{Checker, Declared, HandIndex, Rules};
/// use mj_tiles::{Tile, TileCounts, TileSet};
/// let checker = Checker::new(Rules::RIICHI)?;
/// let counts: TileCounts = "123m456p789s1122z".parse()?;
/// let mut hand = HandIndex::from_counts(&counts, TileSet::EMPTY);
/// let east: Tile = "1z".parse()?;
/// hand.add(east)?; // the draw
/// assert!(checker.is_winning_index(&hand, Declared::default())?);
/// assert!(hand.remove(east)); // and its discard
/// assert!(checker.is_ready_index(&hand, Declared::default())?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HandIndex {
    /// Base-5 value of the real (not wild) tiles of m, p, s and the seven honors.
    offsets: [u32; 4],
    /// The real tiles, one eigen per suit: what the special forms read, and the four-copy
    /// limit of kinds that are not wild.
    real: [Eigen; 4],
    /// The tiles of wild kinds: their four-copy limit.
    wild_held: [Eigen; 4],
    wild: TileSet,
    wildcards: u8,
    total: u8,
}

impl HandIndex {
    /// No tiles, with `wild` as the wildcard kinds.
    pub const fn new(wild: TileSet) -> HandIndex {
        HandIndex {
            offsets: [0; 4],
            real: [Eigen::EMPTY; 4],
            wild_held: [Eigen::EMPTY; 4],
            wild,
            wildcards: 0,
            total: 0,
        }
    }

    /// The tiles of `counts`, tiles of a kind in `wild` counted as wildcards.
    pub fn from_counts(counts: &TileCounts, wild: TileSet) -> HandIndex {
        let mut hand = HandIndex::new(wild);
        for t in counts.tiles() {
            // `counts` holds at most four of a kind, so no add fails.
            let _ = hand.add(t);
        }
        hand
    }

    /// A hand's concealed tiles and wildcard kinds.
    pub fn of(hand: &Hand) -> HandIndex {
        HandIndex::from_counts(hand.concealed(), hand.wild())
    }

    /// Adds one tile; a fifth copy is an error and leaves the hand unchanged.
    #[inline]
    pub fn add(&mut self, tile: Tile) -> Result<(), FifthCopy> {
        let Kind { suit, unit, power } = KINDS[tile.index()];
        if self.wild.contains(tile) {
            let held = &mut self.wild_held[suit];
            *held = held.checked_add(unit).ok_or(FifthCopy { tile })?;
            self.wildcards += 1;
        } else {
            let held = &mut self.real[suit];
            *held = held.checked_add(unit).ok_or(FifthCopy { tile })?;
            self.offsets[suit] += power;
        }
        self.total += 1;
        Ok(())
    }

    /// Removes one tile; returns `false` (and changes nothing) if there is none.
    #[inline]
    pub fn remove(&mut self, tile: Tile) -> bool {
        let Kind { suit, unit, power } = KINDS[tile.index()];
        let wild = self.wild.contains(tile);
        let held = if wild {
            &mut self.wild_held[suit]
        } else {
            &mut self.real[suit]
        };
        let Some(less) = held.checked_sub(unit) else {
            return false;
        };
        *held = less;
        if wild {
            self.wildcards -= 1;
        } else {
            self.offsets[suit] -= power;
        }
        self.total -= 1;
        true
    }

    /// Concealed tiles, wildcards included.
    pub const fn total(&self) -> u32 {
        self.total as u32
    }

    /// Tiles of a wild kind.
    pub const fn wildcards(&self) -> u8 {
        self.wildcards
    }

    /// The wildcard kinds.
    pub const fn wild(&self) -> TileSet {
        self.wild
    }

    /// The real (not wild) tiles, one eigen per suit.
    pub const fn real(&self) -> [Eigen; 4] {
        self.real
    }

    /// The same hand as eigens of its real tiles and a wildcard count.
    pub fn eigens(&self) -> EigenHand {
        EigenHand::new(self.real(), self.wildcards)
    }

    /// `true` when the real tiles of numbered suit `s` (m, p, s) are some.
    fn holds(&self, s: Suit) -> bool {
        self.offsets[s as usize] != 0
    }
}

impl Checker {
    /// [`Checker::is_winning_eigen`] of a hand kept as table offsets (3k+2 tiles, wildcards
    /// counted): the same answers, without converting eigens on every call.
    #[inline]
    pub fn is_winning_index(
        &self,
        hand: &HandIndex,
        declared: Declared,
    ) -> Result<bool, SizeError> {
        self.index_wins(hand, declared, true)
    }

    /// [`Checker::is_ready_eigen`] of a hand kept as table offsets (3k+1 tiles): a win with one
    /// more wildcard.
    #[inline]
    pub fn is_ready_index(&self, hand: &HandIndex, declared: Declared) -> Result<bool, SizeError> {
        self.index_wins(hand, declared, false)
    }

    /// [`Checker::ready_discards_eigen`] of a hand kept as table offsets (3k+2 tiles,
    /// wildcards counted): the kinds whose discard leaves it ready, without converting eigens.
    #[inline]
    pub fn ready_discards_index(
        &self,
        hand: &HandIndex,
        declared: Declared,
    ) -> Result<u64, SizeError> {
        let n = Self::check_size(hand.total(), hand.wildcards, declared, true)?;
        let offsets = self.kept_offsets(hand);
        Ok(self.ready_discards_at(&hand.real, &offsets, u32::from(hand.wildcards), n, declared))
    }

    /// The four groups' table offsets of a kept hand (the honors' in the honor-sequences plane
    /// when the rules have it).
    #[inline(always)]
    fn kept_offsets(&self, hand: &HandIndex) -> [usize; 4] {
        let x = hand.offsets;
        let plane = HONOR_SHAPES * usize::from(self.rules().honor_sequences);
        [
            x[0] as usize,
            x[1] as usize,
            x[2] as usize,
            x[3] as usize + plane,
        ]
    }

    #[inline(always)]
    fn index_wins(
        &self,
        hand: &HandIndex,
        declared: Declared,
        complete: bool,
    ) -> Result<bool, SizeError> {
        let n = Self::check_size(hand.total(), hand.wildcards, declared, complete)?;
        let held = [
            hand.holds(Suit::Man),
            hand.holds(Suit::Pin),
            hand.holds(Suit::Sou),
        ];
        if self.rules().lack_one_suit && Self::three_suits(held, declared) {
            return Ok(false);
        }
        let missing = u32::from(!complete);
        let size = Size {
            concealed: n + missing,
            declared: declared.count,
        };
        let offsets = self.kept_offsets(hand);
        let w = u32::from(hand.wildcards) + missing;
        Ok(self.wins(&self.entries_at(&offsets), w, size, || hand.real()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mj_tables::Tables;

    #[test]
    fn offsets_are_the_tables_base5_values() {
        let counts: TileCounts = "1122m345p99s1234567z".parse().unwrap_or_default();
        let hand = HandIndex::from_counts(&counts, TileSet::EMPTY);
        let e = counts.eigens();
        for (offset, eigen) in hand.offsets.iter().zip(e) {
            assert_eq!(*offset as usize, mj_tables::layout::base5(eigen.raw()));
        }
        assert_eq!(
            Tables::honor_index(e[3], true),
            hand.offsets[3] as usize + HONOR_SHAPES
        );
    }
}
