//! `EigenHand`: a hand as four eigens and a wildcard count. It sits above both [`Eigen`] (what
//! it holds) and [`TileCounts`] (what it is made from and turns back into).

use core::fmt;

use crate::{Eigen, Suit, Tile, TileCounts, TileSet};

/// A concealed hand as four eigens (m, p, s, z) plus a count of wildcards: the form the table
/// lookups take.
///
/// ```
/// use mj_tiles::{EigenHand, Suit, TileCounts, TileSet};
/// let counts: TileCounts = "123m55p77z".parse().unwrap();
/// let wild: TileSet = "7z".parse().unwrap();
/// let hand = EigenHand::from_counts(&counts, wild);
/// assert_eq!(hand.wildcards(), 2);
/// assert_eq!(hand.suit(Suit::Man).raw(), 0x111);
/// assert_eq!(hand.suit(Suit::Honor).raw(), 0);
/// assert_eq!(hand.total(), 7);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct EigenHand {
    suits: [Eigen; 4],
    wildcards: u8,
    /// Real tiles plus wildcards, kept by every constructor (it sits in padding).
    total: u8,
}

impl EigenHand {
    /// A hand from its four eigens and its wildcard count.
    pub const fn new(suits: [Eigen; 4], wildcards: u8) -> EigenHand {
        let real = count_tiles(&suits);
        // At most 136 real tiles; wildcards beyond the byte saturate the count.
        let total = if real + wildcards as u32 > 255 {
            255
        } else {
            real + wildcards as u32
        };
        EigenHand {
            suits,
            wildcards,
            total: total as u8,
        }
    }

    /// The hand of `counts` where every tile of a kind in `wild` becomes a wildcard.
    pub fn from_counts(counts: &TileCounts, wild: TileSet) -> EigenHand {
        let mut real = *counts;
        let mut wildcards = 0u8;
        for t in wild {
            wildcards += real.get(t);
            // Setting to zero cannot fail.
            let _ = real.set(t, 0);
        }
        EigenHand::new(real.eigens(), wildcards)
    }

    /// The eigen of one suit.
    pub const fn suit(&self, suit: Suit) -> Eigen {
        self.suits[suit as usize]
    }

    /// The four eigens, m, p, s, z.
    pub const fn suits(&self) -> [Eigen; 4] {
        self.suits
    }

    /// How many wildcards.
    pub const fn wildcards(&self) -> u8 {
        self.wildcards
    }

    /// Real tiles plus wildcards (kept, not recounted).
    #[inline]
    pub const fn total(&self) -> u32 {
        self.total as u32
    }

    /// The real tiles' counts.
    pub fn real_counts(&self) -> TileCounts {
        let mut counts = [0u8; 34];
        for suit in Suit::ALL {
            let digits = self.suits[suit as usize].to_counts();
            for rank in 0..suit.ranks() as usize {
                counts[suit.first_kind() as usize + rank] = digits[rank];
            }
        }
        TileCounts::new(counts).unwrap_or_default()
    }

    /// The same hand with one more real tile, if that kind is not already held four times.
    pub fn with_tile(&self, tile: Tile) -> Option<EigenHand> {
        let unit = Eigen::of_rank(tile.rank())?;
        let mut suits = self.suits;
        suits[tile.suit() as usize] = self.suits[tile.suit() as usize].checked_add(unit)?;
        Some(EigenHand::new(suits, self.wildcards))
    }
}

/// Tiles in four eigens: digit pairs of all four suits into bytes (each at most 32), then one
/// multiply sums the bytes; a hand has at most 136 real tiles, so the sum fits its byte.
const fn count_tiles(suits: &[Eigen; 4]) -> u32 {
    let mut bytes = 0u64;
    let mut i = 0;
    while i < 4 {
        let e = suits[i].raw();
        bytes += (e & 0x0F_0F0F_0F0F) + (e >> 4 & 0x0F_0F0F_0F0F);
        i += 1;
    }
    (bytes.wrapping_mul(0x01_0101_0101) >> 32 & 0xFF) as u32
}

impl fmt::Debug for EigenHand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "EigenHand({} + {} wild)",
            self.real_counts(),
            self.wildcards
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_total_is_kept_by_every_constructor() {
        let mut rng = crate::random::SplitMix64::new(11);
        for n in 0..=18 {
            let mut wall = crate::random::TileBag::shuffled(&mut rng);
            let counts = wall.draw_counts(n).unwrap();
            let wild = TileSet::from_bits(rng.next_u64() & rng.next_u64() & rng.next_u64());
            let hand = EigenHand::from_counts(&counts, wild);
            let recount: u32 = hand.suits().iter().map(|e| e.total()).sum();
            assert_eq!(
                hand.total(),
                recount + u32::from(hand.wildcards()),
                "{counts}"
            );
            assert_eq!(hand.total(), n as u32, "{counts}");
            for t in Tile::ALL {
                if let Some(more) = hand.with_tile(t) {
                    assert_eq!(more.total(), hand.total() + 1, "{counts} + {t}");
                }
            }
        }
    }
}
