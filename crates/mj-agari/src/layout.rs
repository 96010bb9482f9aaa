//! The continuity-pattern encoding and the blob layout: the one place the generator and the
//! reader take them from.
//!
//! ## Patterns
//!
//! A concealed hand is read as its **positions**: the kinds it holds, in kind order, each with
//! its count (1-4), and between two neighbours a **link**: `ADJACENT` (same numbered suit, next
//! rank), `GAP` (same numbered suit, two ranks apart: a kanchan gap) or `FAR` (anything else).
//! What the tiles are is forgotten: `123m567p` and `234s678s` have one pattern.
//!
//! A **key** packs a pattern in a `u64`: position `i` takes bits `4i..4i+4`, `count - 1` in the
//! low two bits and the link to position `i + 1` in the high two (0 for the last position); the
//! number of positions is in bits 60-63. A hand of up to 14 tiles has at most 14 positions.
//!
//! The **agari key** merges `GAP` into `FAR` (a win never uses a gap): this is mjscore's
//! continuity pattern. The **machi key** keeps them apart, so that taking one tile out of a
//! winning pattern gives the ready pattern exactly.
//!
//! ## Agari entries
//!
//! One `u32` per decomposition: bits 0-3 the pair's position, then four melds of 5 bits each
//! (bits `4 + 5m ..`: position of the meld's lowest tile in bits 0-3, bit 4 set for a
//! triplet), melds sorted; bit 24 seven pairs (no pair or melds then), 25 nine gates (the whole
//! hand is `1112345678999` plus one of the suit), 26 pure straight (`123456789` of one suit
//! among the melds), 27 one double sequence (exactly one pair of identical sequences), 28 two
//! double sequences.
//!
//! ## Machi entries
//!
//! Per ready pattern, its waits; per wait a **slot** (bits 0-3 a position of the ready pattern,
//! bits 4-5 an offset: 0 the same kind, 1 one rank below, 2 one rank above) and its
//! **readings** (`u16` each): a decomposition of the completed pattern (bits 0-7, its index
//! among that pattern's agari entries), the group the winning tile completes (bits 8-10: 0 the
//! pair or the seven-pairs single, `m + 1` meld `m`) and its place in a sequence (bits 11-12:
//! 0 lowest, 1 middle, 2 highest). The completed hand's positions are the ready hand's with the
//! slot's kind inserted; its agari key finds its entries.
//!
//! ## Hash tables
//!
//! Tables store [`pack`]ed 32-bit keys in open-addressing tables (linear probing, load at most
//! 0.8, an empty slot holds 0, which no packed key is; [`home`] maps a key to its first slot).
//! Values: agari `offset | count << 24` into the entries; machi a `u16` offset into the machi
//! stream (`u16`s): the number of waits, then per wait a header `slot | readings << 6` followed
//! by its readings. Patterns with the same stream share it (4,407 distinct streams serve
//! 98,943 patterns).

use mj_tables::blob::{Layout, SectionSpec};

/// Magic of the agari/machi blob.
pub const MAGIC: [u8; 8] = *b"MJAGARI\0";
/// Format version; bump on any change of layout or meaning.
pub const FORMAT_VERSION: u32 = 3;

/// Link codes.
pub const ADJACENT: u64 = 0;
/// Two ranks apart in one numbered suit.
pub const GAP: u64 = 1;
/// Anything else.
pub const FAR: u64 = 2;

/// Most positions in a key.
pub const MAX_POSITIONS: usize = 14;

const LINK_LOW_BITS: u64 = 0x0444_4444_4444_4444;

/// The agari key of a machi key: every `GAP` link becomes `FAR`.
#[inline]
pub const fn agari_key(machi_key: u64) -> u64 {
    (machi_key & !LINK_LOW_BITS) | ((machi_key & LINK_LOW_BITS) << 1)
}

/// Number of positions of a key.
#[inline]
pub const fn positions(key: u64) -> usize {
    (key >> 60) as usize
}

/// Count at position `i` of a key.
#[inline]
pub const fn count_at(key: u64, i: usize) -> u8 {
    ((key >> (4 * i)) & 3) as u8 + 1
}

/// Link from position `i` to `i + 1`.
#[inline]
pub const fn link_at(key: u64, i: usize) -> u64 {
    (key >> (4 * i + 2)) & 3
}

/// The link between two kinds (indices 0-33, `a < b`).
#[inline]
pub const fn link(a: usize, b: usize) -> u64 {
    if b < 27 && a / 9 == b / 9 {
        match b - a {
            1 => ADJACENT,
            2 => GAP,
            _ => FAR,
        }
    } else {
        FAR
    }
}

/// The **packed key** stored in the tables: the pattern as a bit string after a leading 1:
/// per position `count - 1` ones and a zero, then (unless last) its link, `0` adjacent, `10`
/// gap, `11` far. Prefix-free, so injective; every table pattern fits in 32 bits (the
/// generator checks), so a key that does not fit is in no table.
#[inline]
pub const fn pack(key: u64) -> Option<u32> {
    let n = positions(key);
    // Every position as if a link followed (the last one's link field is 0, adjacent: one
    // extra 0 bit, dropped at the end). At most 14 tiles and 13 links of two bits: 42 bits.
    let mut acc: u64 = 1;
    let mut i = 0;
    while i < n {
        let code = PACK_CODES[((key >> (4 * i)) & 15) as usize];
        acc = (acc << (code >> 8)) | (code & 0xFF) as u64;
        i += 1;
    }
    acc >>= 1;
    if acc > u32::MAX as u64 || n > MAX_POSITIONS {
        None
    } else {
        Some(acc as u32)
    }
}

/// Per nibble (`count - 1` in bits 0-1, link in bits 2-3): the bits (low byte) and their number
/// (high byte) of `count - 1` ones, a zero and the link's code.
const PACK_CODES: [u16; 16] = {
    let mut out = [0u16; 16];
    let mut v = 0;
    while v < 16 {
        let c = (v & 3) + 1;
        let (link_bits, link_len) = match v >> 2 {
            0 => (0, 1),
            1 => (2, 2),
            _ => (3, 2),
        };
        let bits = (((1u16 << c) - 2) << link_len) | link_bits;
        out[v] = bits | ((c as u16 + link_len) << 8);
        v += 1;
    }
    out
};

/// The key behind a packed key; `None` if the bits are not one.
pub fn unpack(packed: u32) -> Option<u64> {
    if packed < 2 {
        return None;
    }
    let top = 31 - packed.leading_zeros();
    let mut bit = top; // bits below `bit` are still to read
    let take = |bit: &mut u32| -> Option<u32> {
        *bit = bit.checked_sub(1)?;
        Some((packed >> *bit) & 1)
    };
    let mut counts = Vec::new();
    let mut links = Vec::new();
    loop {
        let mut c = 1u64;
        while take(&mut bit)? == 1 {
            c += 1;
            if c > 4 {
                return None;
            }
        }
        counts.push(c);
        if bit == 0 {
            break;
        }
        links.push(if take(&mut bit)? == 0 {
            ADJACENT
        } else if take(&mut bit)? == 0 {
            GAP
        } else {
            FAR
        });
        if counts.len() >= MAX_POSITIONS {
            return None;
        }
    }
    let mut key = (counts.len() as u64) << 60;
    for (i, c) in counts.iter().enumerate() {
        key |= (c - 1) << (4 * i);
    }
    for (i, l) in links.iter().enumerate() {
        key |= l << (4 * i + 2);
    }
    Some(key)
}

/// Multiplier of the hash.
pub const HASH_MUL: u64 = 0x9E37_79B9_7F4A_7C15;

/// Home slot of a packed key in a table of `size` slots.
#[inline]
pub const fn home(packed: u32, size: usize) -> usize {
    let h = (packed as u64).wrapping_mul(HASH_MUL) >> 32;
    ((h * size as u64) >> 32) as usize
}

/// Decomposition bits.
pub mod decomposition_bits {
    /// Seven pairs.
    pub const SEVEN_PAIRS: u32 = 1 << 24;
    /// Nine gates.
    pub const NINE_GATES: u32 = 1 << 25;
    /// Pure straight.
    pub const PURE_STRAIGHT: u32 = 1 << 26;
    /// One double sequence.
    pub const DOUBLE_SEQUENCE: u32 = 1 << 27;
    /// Two double sequences.
    pub const TWO_DOUBLE_SEQUENCES: u32 = 1 << 28;
    /// Pair position.
    #[inline]
    pub const fn pair(d: u32) -> usize {
        (d & 15) as usize
    }
    /// Meld `m`: (position, triplet).
    #[inline]
    pub const fn meld(d: u32, m: usize) -> (usize, bool) {
        let bits = d >> (4 + 5 * m);
        ((bits & 15) as usize, bits & 16 != 0)
    }
    /// Packs a meld.
    pub const fn pack_meld(m: usize, pos: usize, triplet: bool) -> u32 {
        ((pos as u32) | if triplet { 16 } else { 0 }) << (4 + 5 * m)
    }
}

/// Where a wait's kind lies relative to a position of the ready pattern (a wait slot's offset).
pub mod wait_offset {
    /// The slot's kind is the position's.
    pub const SAME: u8 = 0;
    /// One rank below the position.
    pub const BELOW: u8 = 1;
    /// One rank above.
    pub const ABOVE: u8 = 2;
}

/// The sections, in blob order.
pub const SECTIONS: [SectionSpec; 6] = [
    spec(*b"AKEY", "agari-keys", 4),
    spec(*b"AVAL", "agari-values", 4),
    spec(*b"ADEC", "agari-entries", 4),
    spec(*b"MKEY", "machi-keys", 4),
    spec(*b"MVAL", "machi-values", 2),
    spec(*b"MSTR", "machi-waits", 2),
];

const fn spec(tag: [u8; 4], name: &'static str, element_size: usize) -> SectionSpec {
    SectionSpec {
        tag,
        name,
        element_size,
        expected_len: None,
    }
}

/// The blob layout.
pub const LAYOUT: Layout<'static> = Layout {
    magic: MAGIC,
    version: FORMAT_VERSION,
    sections: &SECTIONS,
};
