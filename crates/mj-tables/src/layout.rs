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
//! Each shape also has a **wait class** (u16, below 65,536), an index into the wait-class
//! section. A wait class is a `u32` of three rank masks (bit `r` = rank `r + 1`): bits 0-8
//! melds, 9-17 pair, 18-26 pair of 2/5/8. Bit `r` is set when adding one tile of that rank
//! lowers the need of that plane by one. Adding a tile changes a need by exactly -1 or +2: never
//! below need - 1 (replace the added tile by a wildcard), never above need + 2 (add it with two
//! wildcards as a triplet), and the completed size is fixed modulo 3, so the two cases are the
//! whole story and one bit per rank says which. Masks are computed for shapes of at most 16
//! tiles (a 3k+1 hand has at most 16) and leave out ranks already held four times.
//!
//! ## Indexing without hashing
//!
//! A shape's base-5 value (rank 1 lowest) comes from its eigen by three SWAR multiply-adds
//! ([`base5`]); the needs byte is read at that offset, one load. Wait classes of numbered-suit
//! shapes are stored only for shapes of up to 17 tiles, ranked densely: the low five ranks
//! ordered by their tile count (so "at most B tiles" is a prefix), one block per high-four-ranks
//! pattern; `rank = HIGH_OFFSET[high] + LOW_RANK[low]`, two lookups in tables of 3,125 and 625
//! entries. Honor wait classes are indexed by base-5 value directly.

/// Format version of the blob; bump on any change of layout or meaning.
pub const FORMAT_VERSION: u32 = 3;

/// Magic bytes that open every blob.
pub const MAGIC: [u8; 8] = *b"MJTABLES";

/// The most tiles of one suit a table covers (a 16-tile variant's 17-tile hand).
pub const MAX_SUIT_TILES: u32 = 17;

/// The most tiles a shape may have for its wait masks to be filled in.
pub const MAX_WAIT_SHAPE_TILES: u32 = 16;

/// Number of numbered-suit shapes with at most 17 tiles: the length of the suited wait-class
/// section.
pub const SUITED_SHAPES: usize = 886_400;

/// Every numbered-suit shape: 5^9, the length of the suited needs section.
pub const SUITED_PATTERNS: usize = 1_953_125;

/// Low ranks (1-5) of a numbered suit: 5^5 patterns.
pub const LOW_PATTERNS: usize = 3125;

/// High ranks (6-9) of a numbered suit: 5^4 patterns.
pub const HIGH_PATTERNS: usize = 625;

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
    /// Wind needs bytes, triplets only, then with any three different winds a sequence.
    WindNeeds,
    /// Dragon needs bytes, triplets only, then with the three dragons a sequence.
    DragonNeeds,
    /// Needs bytes of all seven honors as one shape (winds and dragons side by side, the pair in
    /// either), both planes: the win check reads honors with one load.
    HonorNeeds,
    /// `LOW_RANK`: u32 per low pattern (base-5 of ranks 1-5), its position in size order.
    LowRank,
    /// `HIGH_OFFSET`: u32 per high pattern (base-5 of ranks 6-9), where its block starts.
    HighOffset,
    /// Wait-class index (u16) of every numbered-suit shape of at most 17 tiles, ranked.
    SuitedWaits,
    /// Wind wait-class indices (u16), both planes as in `WindNeeds`.
    WindWaits,
    /// Dragon wait-class indices (u16), both planes as in `DragonNeeds`.
    DragonWaits,
    /// Wait classes, u32 each.
    WaitClasses,
}

impl Section {
    /// Every section, in blob order.
    pub const ALL: [Section; 10] = [
        Section::SuitedNeeds,
        Section::WindNeeds,
        Section::DragonNeeds,
        Section::HonorNeeds,
        Section::LowRank,
        Section::HighOffset,
        Section::SuitedWaits,
        Section::WindWaits,
        Section::DragonWaits,
        Section::WaitClasses,
    ];

    /// The four-byte tag written in the section table.
    pub const fn tag(self) -> [u8; 4] {
        match self {
            Section::SuitedNeeds => *b"SNED",
            Section::WindNeeds => *b"WNED",
            Section::DragonNeeds => *b"DNED",
            Section::HonorNeeds => *b"HNED",
            Section::LowRank => *b"LRNK",
            Section::HighOffset => *b"HOFF",
            Section::SuitedWaits => *b"SWAI",
            Section::WindWaits => *b"WWAI",
            Section::DragonWaits => *b"DWAI",
            Section::WaitClasses => *b"WAIT",
        }
    }

    /// Bytes per element.
    pub const fn element_size(self) -> usize {
        match self {
            Section::SuitedNeeds
            | Section::WindNeeds
            | Section::DragonNeeds
            | Section::HonorNeeds => 1,
            Section::SuitedWaits | Section::WindWaits | Section::DragonWaits => 2,
            Section::LowRank | Section::HighOffset | Section::WaitClasses => 4,
        }
    }

    /// How many elements the section must hold; `None` when it varies (wait classes).
    pub const fn expected_len(self) -> Option<usize> {
        match self {
            Section::SuitedNeeds => Some(SUITED_PATTERNS),
            Section::WindNeeds | Section::WindWaits => Some(2 * WIND_SHAPES),
            Section::DragonNeeds | Section::DragonWaits => Some(2 * DRAGON_SHAPES),
            Section::HonorNeeds => Some(2 * HONOR_SHAPES),
            Section::LowRank => Some(LOW_PATTERNS),
            Section::HighOffset => Some(HIGH_PATTERNS),
            Section::SuitedWaits => Some(SUITED_SHAPES),
            Section::WaitClasses => None,
        }
    }

    /// A readable name for reports.
    pub const fn name(self) -> &'static str {
        match self {
            Section::SuitedNeeds => "suited-needs",
            Section::WindNeeds => "wind-needs",
            Section::DragonNeeds => "dragon-needs",
            Section::HonorNeeds => "honor-needs",
            Section::LowRank => "low-rank",
            Section::HighOffset => "high-offset",
            Section::SuitedWaits => "suited-waits",
            Section::WindWaits => "wind-waits",
            Section::DragonWaits => "dragon-waits",
            Section::WaitClasses => "wait-classes",
        }
    }
}

/// One shape's needs, as read from its byte (module docs give the bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry(pub u16);

impl Entry {
    /// The saturated need: more wildcards than any hand has.
    pub const IMPOSSIBLE: u32 = 15;

    /// Flag (above the byte) for groups that cannot hold a 2/5/8 pair: honors.
    pub const NO_258: u16 = 0x100;

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
        (self.0 & 0xF) as u32
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
}

/// The base-5 value of a shape whose hex digits are each 0..=4 (rank 1 lowest), for up to nine
/// digits: three multiply-adds over lanes of 8, 16 and 32 bits.
///
/// ```
/// use mj_tables::layout::base5;
/// assert_eq!(base5(0x0), 0);
/// assert_eq!(base5(0x21), 1 + 2 * 5);
/// assert_eq!(base5(0x4_4444_4444), 5usize.pow(9) - 1);
/// ```
#[inline]
pub const fn base5(digits: u64) -> usize {
    // Bytes: d(2j) + 5 d(2j+1), at most 24 (x5 = x + 4x).
    let odd = digits >> 4 & 0x0F_0F0F_0F0F;
    let a = (digits & 0x0F_0F0F_0F0F) + odd + (odd << 2);
    // 16-bit lanes: b(2k) + 25 b(2k+1), at most 624 (x25 = x + 8x + 16x).
    let hi = a >> 8 & 0x00FF_00FF_00FF;
    let b = (a & 0x00FF_00FF_00FF) + hi + (hi << 3) + (hi << 4);
    // 32-bit lanes: c(0) + 625 c(1) for ranks 1-8, rank 9 alone in the upper lane.
    let c = (b & 0x0000_FFFF_0000_FFFF) + (b >> 16 & 0x0000_FFFF_0000_FFFF) * 625;
    ((c & 0xFFFF_FFFF) + (c >> 32) * 390_625) as usize
}

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
