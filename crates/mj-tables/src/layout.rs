//! What the tables hold and how a shape finds its entry: the one place both the generator and
//! the reader take their layout from.
//!
//! ## Groups
//!
//! A hand is split into five **groups** whose melds never mix: the three numbered suits (9 ranks,
//! sequences and triplets), the winds (4 kinds) and the dragons (3 kinds). Honors have two
//! **planes**: triplets only, and "honor sequences allowed" (any three different winds, or the
//! three dragons).
//!
//! ## Entries
//!
//! Each group shape has a one-byte **needs** entry, indexed densely by the shape's base-5 value
//! (every 5^9 numbered-suit shape, 5^4 wind and 5^3 dragon shapes):
//!
//! | bits | field |
//! |------|-------|
//! | 0-3  | `m`: fewest wildcards that complete the shape as melds only (saturated at 15) |
//! | 4-5  | `p - m + 1`, where `p` completes it as melds plus one pair |
//! | 6-7  | `q - m + 1`, where `q` completes it as melds plus a pair of 2, 5 or 8 |
//!
//! The differences always lie in -1..=2: a pair plus one wildcard is a triplet (`m <= p + 1`),
//! and two wildcards are a pair (`p <= q <= m + 2`), so two bits hold each. Honors can never be
//! a 2/5/8 pair; their entries are read with [`Entry::NO_258`] set. A hand has at most 8
//! wildcards and asks at most "9 with one more", so saturating `m` at 15 loses nothing.
//!
//! Each shape also has **wait masks**: three rank masks (bit `r` = rank `r + 1`) saying which
//! added tile lowers each need by one: melds, pair, pair of 2/5/8. Adding a tile changes a need
//! by exactly -1 or +2: never below need - 1 (replace the added tile by a wildcard), never above
//! need + 2 (add it with two wildcards as a triplet), and the completed size is fixed modulo 3,
//! so the two cases are the whole story and one bit per rank says which. Masks are computed for
//! shapes of at most 16 tiles (a 3k+1 hand has at most 16) and leave out ranks already held four
//! times. They are stored per shape, with no class table in between: a numbered suit's as a
//! `u32` ([`WaitMasks`]: bits 0-8 melds, 9-17 pair, 18-26 pair of 2/5/8); the seven honors' as
//! one `u16` per shape of all seven (bits 0-6 melds, 7-13 pair; honors have no 2/5/8 pair),
//! indexed like their needs byte.
//!
//! ## Indexing without hashing
//!
//! A shape's base-5 value (rank 1 lowest) comes from its eigen by two lookups of four digits in
//! a table built at compile time and two multiply-adds ([`base5`]); the needs byte is read at
//! that offset, one load. Wait masks of numbered-suit
//! shapes are stored only for shapes of up to 17 tiles, ranked densely: the low four ranks
//! ordered by their tile count (so "at most B tiles" is a prefix), one block per high-five-ranks
//! pattern; `rank = HIGH_OFFSET[high] + LOW_RANK[low]`, two lookups in tables of 3,125 and 625
//! entries. The split falls between [`base5`]'s two lookups, so [`base5_parts`] gives `low`
//! and `high` as cheaply as the whole value (`value = low + 625 * high`).
//!
//! ## Budget
//!
//! The blob is 5,982,624 bytes, about 5.7 MiB (a test, `committed_blob_loads_and_is_within_budget`,
//! holds it to 6 MiB): 1.95 MB of suited needs, 3.55 MB of suited wait masks, 0.47 MB for the
//! honors. Storing the masks per shape costs 1.9 MB more than the previous layout (a `u16`
//! class index per ranked shape and a class table, 4.06 MB in all) and saves one dependent load
//! per group in every waits call; a dense `u16` class index over all 5^9 shapes would cost
//! 0.5 MB more again and keep the class table's load.

/// Format version of the blob; bump on any change of layout or meaning.
pub const FORMAT_VERSION: u32 = 4;

/// Magic bytes that open every blob.
pub const MAGIC: [u8; 8] = *b"MJTABLES";

/// The most tiles of one suit a table covers (a 16-tile variant's 17-tile hand).
pub const MAX_SUIT_TILES: u32 = 17;

/// The most tiles a shape may have for its wait masks to be filled in.
pub const MAX_WAIT_SHAPE_TILES: u32 = 16;

/// Number of numbered-suit shapes with at most 17 tiles: the length of the suited wait-masks
/// section.
pub const SUITED_SHAPES: usize = 886_400;

/// Every numbered-suit shape: 5^9, the length of the suited needs section.
pub const SUITED_PATTERNS: usize = 1_953_125;

/// Low ranks (1-4) of a numbered suit: 5^4 patterns.
pub const LOW_PATTERNS: usize = 625;

/// High ranks (5-9) of a numbered suit: 5^5 patterns.
pub const HIGH_PATTERNS: usize = 3125;

/// Ranks in a low pattern.
pub const LOW_RANKS: usize = 4;

/// Wind shapes: 5^4.
pub const WIND_SHAPES: usize = 625;

/// Dragon shapes: 5^3.
pub const DRAGON_SHAPES: usize = 125;

/// Honor shapes (winds and dragons together): 5^7.
pub const HONOR_SHAPES: usize = 78_125;

/// The sections of a blob, by tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Section {
    /// Needs bytes of every numbered-suit shape, by base-5 value.
    SuitedNeeds,
    /// Needs bytes of all seven honors as one shape (winds and dragons side by side, the pair in
    /// either), triplets only, then with honor sequences (any three different winds, or the
    /// three dragons): one load per hand.
    HonorNeeds,
    /// `LOW_RANK`: u32 per low pattern (base-5 of ranks 1-4), its position in size order.
    LowRank,
    /// `HIGH_OFFSET`: u32 per high pattern (base-5 of ranks 5-9), where its block starts.
    HighOffset,
    /// Wait masks (u32, [`WaitMasks`]) of every numbered-suit shape of at most 17 tiles, ranked.
    SuitedWaits,
    /// Wait masks (u16: melds, pair) of the seven honors as one shape, both planes as in
    /// `HonorNeeds`.
    HonorWaits,
}

impl Section {
    /// Every section, in blob order.
    pub const ALL: [Section; 6] = [
        Section::SuitedNeeds,
        Section::HonorNeeds,
        Section::LowRank,
        Section::HighOffset,
        Section::SuitedWaits,
        Section::HonorWaits,
    ];

    /// The four-byte tag written in the section table.
    pub const fn tag(self) -> [u8; 4] {
        match self {
            Section::SuitedNeeds => *b"SNED",
            Section::HonorNeeds => *b"HNED",
            Section::LowRank => *b"LRNK",
            Section::HighOffset => *b"HOFF",
            Section::SuitedWaits => *b"SWAI",
            Section::HonorWaits => *b"HWAI",
        }
    }

    /// Bytes per element.
    pub const fn element_size(self) -> usize {
        match self {
            Section::SuitedNeeds | Section::HonorNeeds => 1,
            Section::HonorWaits => 2,
            Section::LowRank | Section::HighOffset | Section::SuitedWaits => 4,
        }
    }

    /// How many elements the section must hold.
    pub const fn expected_len(self) -> Option<usize> {
        match self {
            Section::SuitedNeeds => Some(SUITED_PATTERNS),
            Section::HonorNeeds | Section::HonorWaits => Some(2 * HONOR_SHAPES),
            Section::LowRank => Some(LOW_PATTERNS),
            Section::HighOffset => Some(HIGH_PATTERNS),
            Section::SuitedWaits => Some(SUITED_SHAPES),
        }
    }

    /// A readable name for reports.
    pub const fn name(self) -> &'static str {
        match self {
            Section::SuitedNeeds => "suited-needs",
            Section::HonorNeeds => "honor-needs",
            Section::LowRank => "low-rank",
            Section::HighOffset => "high-offset",
            Section::SuitedWaits => "suited-waits",
            Section::HonorWaits => "honor-waits",
        }
    }
}

/// One shape's needs, as read from its byte (module docs give the bits), widened to 32 bits so
/// that [`Entry::NO_258`] fits beside it and sums stay in registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry(pub u32);

impl Entry {
    /// The saturated need: more wildcards than any hand has.
    pub const IMPOSSIBLE: u32 = 15;

    /// Flag (above the byte) for groups that cannot hold a 2/5/8 pair: honors.
    pub const NO_258: u32 = 0x100;

    /// Packs three exact needs into the byte; `None` if a difference is outside -1..=2.
    pub fn pack(melds: u8, pair: u8, pair_258: u8) -> Option<u8> {
        let m = melds.min(15);
        let dp = i16::from(pair) - i16::from(melds) + 1;
        let dq = i16::from(pair_258) - i16::from(melds) + 1;
        if !(0..=3).contains(&dp) || !(0..=3).contains(&dq) {
            return None;
        }
        Some(m | (dp as u8) << 4 | (dq as u8) << 6)
    }

    /// Fewest wildcards to complete as melds only.
    #[inline]
    pub const fn melds(self) -> u32 {
        self.0 & 0xF
    }

    /// `pair() - melds()`, in -1..=2.
    #[inline]
    pub const fn pair_delta(self) -> i32 {
        (self.0 >> 4 & 3) as i32 - 1
    }

    /// `pair_258() - melds()`, in -1..=2, or 15 where no 2/5/8 pair is possible.
    #[inline]
    pub const fn pair_258_delta(self) -> i32 {
        if self.0 & Entry::NO_258 != 0 {
            15
        } else {
            (self.0 >> 6 & 3) as i32 - 1
        }
    }

    /// Fewest wildcards to complete as melds plus one pair (saturated at 15).
    #[inline]
    pub const fn pair(self) -> u32 {
        let p = self.melds() as i32 + self.pair_delta();
        if p > 15 { 15 } else { p as u32 }
    }

    /// Fewest wildcards to complete as melds plus one pair of 2, 5 or 8 (15: impossible).
    #[inline]
    pub const fn pair_258(self) -> u32 {
        let q = self.melds() as i32 + self.pair_258_delta();
        if q > 15 { 15 } else { q as u32 }
    }
}

/// The three rank masks of a wait class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WaitMasks(pub u32);

impl WaitMasks {
    /// Packs three 9-bit rank masks.
    pub const fn pack(melds: u16, pair: u16, pair_258: u16) -> WaitMasks {
        WaitMasks(
            (melds as u32 & 0x1FF) | (pair as u32 & 0x1FF) << 9 | (pair_258 as u32 & 0x1FF) << 18,
        )
    }

    /// Ranks whose addition lowers the melds-only need by one.
    #[inline]
    pub const fn melds(self) -> u16 {
        (self.0 & 0x1FF) as u16
    }

    /// Ranks whose addition lowers the melds-plus-pair need by one.
    #[inline]
    pub const fn pair(self) -> u16 {
        (self.0 >> 9 & 0x1FF) as u16
    }

    /// Ranks whose addition lowers the melds-plus-2/5/8-pair need by one.
    #[inline]
    pub const fn pair_258(self) -> u16 {
        (self.0 >> 18 & 0x1FF) as u16
    }

    /// The `u16` an honor shape's masks are stored as: seven bits of melds, seven of pair.
    pub const fn to_honors(self) -> u16 {
        (self.melds() & 0x7F) | (self.pair() & 0x7F) << 7
    }

    /// The masks of an honor shape from its stored `u16` (no 2/5/8 pair).
    #[inline]
    pub const fn from_honors(bits: u16) -> WaitMasks {
        WaitMasks::pack(bits & 0x7F, bits >> 7 & 0x7F, 0)
    }
}

/// The base-5 value of a shape whose hex digits are each 0..=4 (rank 1 lowest), for up to nine
/// digits: two lookups of four digits each in [`BASE5_4`] and two multiply-adds.
///
/// ```
/// use mj_tables::layout::base5;
/// assert_eq!(base5(0x0), 0);
/// assert_eq!(base5(0x21), 1 + 2 * 5);
/// assert_eq!(base5(0x4_4444_4444), 5usize.pow(9) - 1);
/// ```
#[inline]
pub fn base5(digits: u64) -> usize {
    let (low, high) = base5_parts(digits);
    low + 625 * high
}

/// [`base5`] in two parts, `(low, high)`: ranks 1-4 (below [`LOW_PATTERNS`]) and ranks 5-9
/// (below [`HIGH_PATTERNS`] for nine digits), so that `base5 = low + 625 * high`. The ranked
/// wait masks are found by these two.
///
/// ```
/// use mj_tables::layout::{base5, base5_parts};
/// let e = 0x4_0312_0401;
/// let (low, high) = base5_parts(e);
/// assert_eq!(low + 625 * high, base5(e));
/// assert_eq!((low, high), (base5(0x0401), base5(0x4_0312)));
/// ```
#[inline]
pub fn base5_parts(digits: u64) -> (usize, usize) {
    let low = BASE5_4[(digits & 0xFFFF) as usize];
    let mid = BASE5_4[(digits >> 16 & 0xFFFF) as usize];
    let high = usize::from(mid) + 625 * (digits >> 32) as usize;
    (usize::from(low), high)
}

/// The base-5 value of every four-digit shape, indexed by its 16 bits (one hex digit per rank,
/// rank 1 lowest); 0 where a digit is above 4. Built at compile time: 128 KiB, of which a hand's
/// lookups touch the 625 entries of valid shapes (about 4 KiB of cache lines).
pub static BASE5_4: [u16; 1 << 16] = {
    let mut table = [0u16; 1 << 16];
    let mut i = 0;
    while i < 1 << 16 {
        let (mut value, mut weight, mut valid, mut k) = (0u16, 1u16, true, 0);
        while k < 4 {
            let d = (i >> (4 * k) & 0xF) as u16;
            valid &= d <= 4;
            value += d * weight;
            weight *= 5;
            k += 1;
        }
        table[i] = if valid { value } else { 0 };
        i += 1;
    }
    table
};

/// The digits (rank 1 first) of a base-5 value, for `n` ranks.
pub const fn digits_of(mut value: usize, n: usize) -> [u8; 9] {
    let mut out = [0u8; 9];
    let mut i = 0;
    while i < n {
        out[i] = (value % 5) as u8;
        value /= 5;
        i += 1;
    }
    out
}

/// Powers of five, 5^0..5^9.
pub const POW5: [usize; 10] = {
    let mut p = [1usize; 10];
    let mut i = 1;
    while i < 10 {
        p[i] = p[i - 1] * 5;
        i += 1;
    }
    p
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base5_of_every_nine_digit_shape() {
        for x in 0..SUITED_PATTERNS {
            let digits = digits_of(x, 9);
            let raw = (0..9).fold(0u64, |acc, i| acc | u64::from(digits[i]) << (4 * i));
            assert_eq!(base5(raw), x, "{raw:#x}");
            assert_eq!(
                base5_parts(raw),
                (x % LOW_PATTERNS, x / LOW_PATTERNS),
                "{raw:#x}"
            );
        }
    }
}
