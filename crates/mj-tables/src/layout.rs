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
//! Each group shape has one `u32` [`Entry`]:
//!
//! | bits  | field |
//! |-------|-------|
//! | 0-3   | fewest wildcards that complete the shape as melds only |
//! | 4-7   | ... as melds plus one pair |
//! | 8-11  | ... as melds plus one pair of 2, 5 or 8 (numbered suits only; 15 for honors) |
//! | 12-31 | the shape's wait class: an index into the wait-class section |
//!
//! Needs saturate at 15 ([`Entry::IMPOSSIBLE`]); a hand has at most 8 wildcards and asks at most
//! "9 with one more", so every need from 10 up means "impossible" and saturation loses nothing.
//!
//! A wait class is a `u32` of three rank masks (bit `r` = rank `r + 1`): bits 0-8 melds, 9-17
//! pair, 18-26 pair of 2/5/8. Bit `r` is set when adding one tile of that rank lowers the need of
//! that plane by one. Adding a tile changes a need by exactly -1 or +2: never below need - 1
//! (replace the added tile by a wildcard), never above need + 2 (add it with two wildcards as a
//! triplet), and the completed size is fixed modulo 3, so the two cases are the whole story and
//! one bit per rank says which. Masks are computed for shapes of at most 16 tiles (a 3k+1 hand
//! has at most 16) and leave out ranks already held four times.
//!
//! ## Indexing without hashing
//!
//! A shape's base-5 value (rank 1 lowest) comes from its eigen by three SWAR multiply-adds
//! ([`base5`]). Numbered-suit shapes of up to 17 tiles are ranked densely: the low five ranks
//! ordered by their tile count (so "at most B tiles" is a prefix), one block per high-four-ranks
//! pattern; `index = HIGH_OFFSET[high] + LOW_RANK[low]`, two lookups in tables of 3,125 and 625
//! entries. Honors are indexed by their base-5 value directly (625 wind, 125 dragon shapes).

/// Format version of the blob; bump on any change of layout or meaning.
pub const FORMAT_VERSION: u32 = 1;

/// Magic bytes that open every blob.
pub const MAGIC: [u8; 8] = *b"MJTABLES";

/// The most tiles of one suit a table covers (a 16-tile variant's 17-tile hand).
pub const MAX_SUIT_TILES: u32 = 17;

/// The most tiles a shape may have for its wait masks to be filled in.
pub const MAX_WAIT_SHAPE_TILES: u32 = 16;

/// Number of numbered-suit shapes with at most 17 tiles: the length of the suited section.
pub const SUITED_SHAPES: usize = 886_400;

/// Low ranks (1-5) of a numbered suit: 5^5 patterns.
pub const LOW_PATTERNS: usize = 3125;

/// High ranks (6-9) of a numbered suit: 5^4 patterns.
pub const HIGH_PATTERNS: usize = 625;

/// Wind shapes: 5^4.
pub const WIND_SHAPES: usize = 625;

/// Dragon shapes: 5^3.
pub const DRAGON_SHAPES: usize = 125;

/// The sections of a blob, by tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Section {
    /// `LOW_RANK`: u32 per low pattern (base-5 of ranks 1-5), its position in size order.
    LowRank,
    /// `HIGH_OFFSET`: u32 per high pattern (base-5 of ranks 6-9), where its block starts.
    HighOffset,
    /// Numbered-suit entries, [`SUITED_SHAPES`] of them.
    Suited,
    /// Wind entries, triplets only.
    Winds,
    /// Wind entries, any three different winds also a sequence.
    WindsWithSequences,
    /// Dragon entries, triplets only.
    Dragons,
    /// Dragon entries, the three dragons also a sequence.
    DragonsWithSequences,
    /// Wait classes, u32 each.
    WaitClasses,
}

impl Section {
    /// Every section, in blob order.
    pub const ALL: [Section; 8] = [
        Section::LowRank,
        Section::HighOffset,
        Section::Suited,
        Section::Winds,
        Section::WindsWithSequences,
        Section::Dragons,
        Section::DragonsWithSequences,
        Section::WaitClasses,
    ];

    /// The four-byte tag written in the section table.
    pub const fn tag(self) -> [u8; 4] {
        match self {
            Section::LowRank => *b"LRNK",
            Section::HighOffset => *b"HOFF",
            Section::Suited => *b"SUIT",
            Section::Winds => *b"WIND",
            Section::WindsWithSequences => *b"WSEQ",
            Section::Dragons => *b"DRAG",
            Section::DragonsWithSequences => *b"DSEQ",
            Section::WaitClasses => *b"WAIT",
        }
    }

    /// How many u32 values the section must hold; `None` when it varies (wait classes).
    pub const fn expected_len(self) -> Option<usize> {
        match self {
            Section::LowRank => Some(LOW_PATTERNS),
            Section::HighOffset => Some(HIGH_PATTERNS),
            Section::Suited => Some(SUITED_SHAPES),
            Section::Winds | Section::WindsWithSequences => Some(WIND_SHAPES),
            Section::Dragons | Section::DragonsWithSequences => Some(DRAGON_SHAPES),
            Section::WaitClasses => None,
        }
    }

    /// A readable name for reports.
    pub const fn name(self) -> &'static str {
        match self {
            Section::LowRank => "low-rank",
            Section::HighOffset => "high-offset",
            Section::Suited => "suited",
            Section::Winds => "winds",
            Section::WindsWithSequences => "winds+sequences",
            Section::Dragons => "dragons",
            Section::DragonsWithSequences => "dragons+sequences",
            Section::WaitClasses => "wait-classes",
        }
    }
}

/// One shape's table entry: three needs and a wait class (module docs give the bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry(pub u32);

impl Entry {
    /// The saturated need: more wildcards than any hand has.
    pub const IMPOSSIBLE: u8 = 15;

    /// An entry that completes in no plane (used for out-of-range lookups).
    pub const NONE: Entry = Entry(0xFFF);

    /// Packs three needs (each saturated at 15) and a wait class (below 2^20).
    pub const fn pack(melds: u8, pair: u8, pair_258: u8, wait_class: u32) -> Entry {
        Entry(
            saturate(melds)
                | saturate(pair) << 4
                | saturate(pair_258) << 8
                | (wait_class & 0xF_FFFF) << 12,
        )
    }

    /// Fewest wildcards to complete as melds only.
    #[inline]
    pub const fn melds(self) -> u32 {
        self.0 & 0xF
    }

    /// Fewest wildcards to complete as melds plus one pair.
    #[inline]
    pub const fn pair(self) -> u32 {
        self.0 >> 4 & 0xF
    }

    /// Fewest wildcards to complete as melds plus one pair of 2, 5 or 8.
    #[inline]
    pub const fn pair_258(self) -> u32 {
        self.0 >> 8 & 0xF
    }

    /// Index into the wait classes.
    #[inline]
    pub const fn wait_class(self) -> usize {
        (self.0 >> 12) as usize
    }
}

const fn saturate(n: u8) -> u32 {
    if n > 15 { 15 } else { n as u32 }
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
    // Bytes: d(2j) + 5 d(2j+1), at most 24.
    let a = (digits & 0x0F_0F0F_0F0F) + (digits >> 4 & 0x0F_0F0F_0F0F) * 5;
    // 16-bit lanes: b(2k) + 25 b(2k+1), at most 624.
    let b = (a & 0x00FF_00FF_00FF) + (a >> 8 & 0x00FF_00FF_00FF) * 25;
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
