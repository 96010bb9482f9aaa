//! The eigen (特征值): one suit's counts packed one hex digit per rank.
//!
//! Rank 1 is the lowest digit, so `0x200011100` is `345` + `99` (three, four, five once; nine
//! twice), and the digit sum is the number of tiles. Because every count is 0..=4, whole-suit
//! operations become single integer operations:
//!
//! **Removal is one subtraction, checked by the borrow.** Taking `b` out of `a` is `a - b`. If
//! some rank of `b` exceeds the same rank of `a`, the lowest such digit borrows 16 and becomes
//! `16 + a_i - b_i`, which lies in 12..=15 because `b_i - a_i` is 1..=4; every digit that does
//! not borrow stays in 0..=4 (and one that is borrowed from while equal becomes 15). Values
//! 0..=4 have bit 3 clear and 12..=15 have it set, so
//! `(a - b) & 0x888888888 == 0` exactly when `b` fits inside `a`. Worked example:
//!
//! ```text
//!   a = 0x213121010   2m 4m 5m5m 6m 7m7m7m 8m 9m9m   (digits from rank 1: 0,1,0,1,2,1,3,1,2)
//!   b = 0x103011000   4m 5m 7m7m7m 9m                (digits from rank 1: 0,0,0,1,1,0,3,0,1)
//!   a - b = 0x110110010            & 0x888888888 = 0   -> b fits, the rest is a - b
//!
//!   a = 0x211021010,  b = 0x103011000
//!   a - b = 0x10E010010            & 0x888888888 = 0x008000000 -> rank 7 borrowed: no fit
//! ```
//!
//! **Digit masks.** Adding `0x777777777` sets bit 3 of every digit that is at least 1 (no digit
//! carries, since 4 + 7 < 16); `0x666666666` finds the ranks held twice, `0x555555555` three
//! times, and `& 0x444444444` the quads (根, since 4 is the only count with bit 2 set).
//! `& 0x111111111` finds odd counts, which is what seven pairs cares about.

use core::fmt;

const BIT3: u64 = 0x8_8888_8888;
const DIGITS: u64 = 0xF_FFFF_FFFF;

/// One suit's tile counts, one hex digit per rank (rank 1 lowest), each digit 0..=4.
///
/// ```
/// use mj_tiles::Eigen;
/// let hand = Eigen::from_counts(&[0, 0, 1, 1, 1, 0, 0, 0, 2]).unwrap();
/// assert_eq!(hand.raw(), 0x200011100);
/// let run = Eigen::new(0x000011100).unwrap();
/// assert!(hand.contains(run));
/// assert_eq!(hand.checked_sub(run), Eigen::new(0x200000000));
/// assert_eq!(run.checked_sub(hand), None);
/// assert_eq!(hand.total(), 5);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Eigen(u64);

/// Why a value is not an eigen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EigenError {
    /// More than nine ranks.
    #[error("an eigen has at most 9 ranks, got {0}")]
    TooManyRanks(usize),
    /// A rank held more than four times.
    #[error("rank {rank} is held {count} times (at most 4)")]
    CountTooHigh {
        /// The 1-based rank.
        rank: usize,
        /// The count.
        count: u8,
    },
}

impl Eigen {
    /// The empty suit.
    pub const EMPTY: Eigen = Eigen(0);

    /// The eigen with these digits, if it has at most 9 digits, each 0..=4.
    pub const fn new(raw: u64) -> Option<Eigen> {
        if raw & !DIGITS != 0 || raw & BIT3 != 0 || (raw + 0x3_3333_3333) & BIT3 != 0 {
            None
        } else {
            Some(Eigen(raw))
        }
    }

    /// The eigen of up to nine counts, rank 1 first.
    pub fn from_counts(counts: &[u8]) -> Result<Eigen, EigenError> {
        if counts.len() > 9 {
            return Err(EigenError::TooManyRanks(counts.len()));
        }
        let mut raw = 0u64;
        for (i, &c) in counts.iter().enumerate() {
            if c > 4 {
                return Err(EigenError::CountTooHigh {
                    rank: i + 1,
                    count: c,
                });
            }
            raw |= u64::from(c) << (4 * i);
        }
        Ok(Eigen(raw))
    }

    /// The eigen of one tile of a 1-based rank (1..=9).
    pub const fn of_rank(rank: u8) -> Option<Eigen> {
        if rank >= 1 && rank <= 9 {
            Some(Eigen(1 << (4 * (rank - 1))))
        } else {
            None
        }
    }

    /// The packed digits.
    pub const fn raw(self) -> u64 {
        self.0
    }

    /// The count of a 1-based rank (0 for ranks outside 1..=9).
    pub const fn count(self, rank: u8) -> u8 {
        if rank >= 1 && rank <= 9 {
            (self.0 >> (4 * (rank - 1)) & 0xF) as u8
        } else {
            0
        }
    }

    /// The nine counts, rank 1 first.
    pub const fn to_counts(self) -> [u8; 9] {
        let mut out = [0u8; 9];
        let mut i = 0;
        while i < 9 {
            out[i] = (self.0 >> (4 * i) & 0xF) as u8;
            i += 1;
        }
        out
    }

    /// The number of tiles (the digit sum).
    pub const fn total(self) -> u32 {
        // Pairs of digits into bytes (each at most 8), then all bytes summed by one multiply.
        let bytes = (self.0 & 0x0F_0F0F_0F0F) + (self.0 >> 4 & 0x0F_0F0F_0F0F);
        (bytes.wrapping_mul(0x01_0101_0101) >> 32 & 0xFF) as u32
    }

    /// `true` if `self` holds at least the tiles of `other`: `(a - b) & 0x888888888 == 0`.
    pub const fn contains(self, other: Eigen) -> bool {
        self.0.wrapping_sub(other.0) & (BIT3 | !DIGITS) == 0
    }

    /// `self - other`, if `other` fits inside `self`.
    #[inline]
    pub const fn checked_sub(self, other: Eigen) -> Option<Eigen> {
        // One subtraction is both the test and the result.
        let diff = self.0.wrapping_sub(other.0);
        if diff & (BIT3 | !DIGITS) == 0 {
            Some(Eigen(diff))
        } else {
            None
        }
    }

    /// `self + other`, if no rank goes past four.
    pub const fn checked_add(self, other: Eigen) -> Option<Eigen> {
        // Each digit of the sum is at most 8; adding 3 sets bit 3 exactly when it exceeds 4.
        let sum = self.0 + other.0;
        if (sum + 0x3_3333_3333) & BIT3 == 0 {
            Some(Eigen(sum))
        } else {
            None
        }
    }

    /// The ranks held at least `n` times, as a rank mask (bit 0 = rank 1). `n` = 0 gives all
    /// nine ranks; `n` > 4 gives none.
    pub const fn ranks_at_least(self, n: u8) -> u16 {
        let nibbles = match n {
            0 => return 0x1FF,
            1 => (self.0 + 0x7_7777_7777) & BIT3,
            2 => (self.0 + 0x6_6666_6666) & BIT3,
            3 => (self.0 + 0x5_5555_5555) & BIT3,
            4 => (self.0 & 0x4_4444_4444) << 1,
            _ => return 0,
        };
        compress_nibble_flags(nibbles >> 3)
    }

    /// The ranks held an odd number of times, as a rank mask.
    pub const fn odd_ranks(self) -> u16 {
        compress_nibble_flags(self.0 & 0x1_1111_1111)
    }

    /// How many ranks are held four times (根 in Sichuan scoring): `popcount(e & 0x444444444)`.
    pub const fn quads(self) -> u32 {
        (self.0 & 0x4_4444_4444).count_ones()
    }

    /// The eigen reflected rank for rank (1 <-> 9, 2 <-> 8, ...), over `len` ranks.
    pub const fn reversed(self, len: u8) -> Eigen {
        let mut out = 0u64;
        let mut i = 0;
        while i < len as u64 {
            out |= (self.0 >> (4 * i) & 0xF) << (4 * (len as u64 - 1 - i));
            i += 1;
        }
        Eigen(out)
    }
}

/// Gathers flags at bits 0, 4, 8, ..., 32 into bits 0..9.
const fn compress_nibble_flags(mut m: u64) -> u16 {
    m = (m | m >> 3) & 0x03_0303_0303; // pairs of flags into 2-bit groups at bytes
    m = (m | m >> 6) & 0x0F_000F_000F; // into nibbles at 16-bit lanes
    m = (m | m >> 12) & 0xFF_0000_00FF; // into bytes at 32-bit lanes
    ((m | m >> 24) & 0x1FF) as u16
}

impl fmt::Debug for Eigen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Eigen({:#011x})", self.0)
    }
}

impl fmt::Display for Eigen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#011x}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_examples_hold() {
        let a = Eigen::new(0x213121010).unwrap();
        let b = Eigen::new(0x103011000).unwrap();
        assert_eq!(a.checked_sub(b).map(Eigen::raw), Some(0x110110010));
        let a2 = Eigen::new(0x211021010).unwrap();
        assert_eq!(a2.raw().wrapping_sub(b.raw()), 0x10E010010);
        assert!(!a2.contains(b));
        assert_eq!(Eigen::new(0x5), None);
        assert_eq!(Eigen::new(0x8), None);
        assert_eq!(Eigen::new(1 << 36), None);
    }

    #[test]
    fn masks() {
        let e = Eigen::new(0x4_3210_4321).unwrap();
        // digits rank1..9: 1,2,3,4,0,1,2,3,4
        assert_eq!(e.ranks_at_least(1), 0b1_1110_1111);
        assert_eq!(e.ranks_at_least(2), 0b1_1100_1110);
        assert_eq!(e.ranks_at_least(3), 0b1_1000_1100);
        assert_eq!(e.ranks_at_least(4), 0b1_0000_1000);
        assert_eq!(e.quads(), 2);
        assert_eq!(e.odd_ranks(), 0b0_1010_0101);
        assert_eq!(e.reversed(9).raw(), 0x1_2340_1234);
    }
}
