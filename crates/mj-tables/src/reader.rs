//! The zero-copy reader: lookups straight from the blob's bytes.

use std::sync::OnceLock;

use mj_tiles::Eigen;

use crate::blob::{self, TableError};
use crate::layout::{
    DRAGON_SHAPES, Entry, HONOR_SHAPES, LOW_PATTERNS, MAX_SUIT_TILES, Section, WIND_SHAPES,
    WaitMasks, base5,
};

/// The committed blob, as built by `cargo xtask gen-tables`.
pub static COMMITTED_BLOB: &[u8] = include_bytes!("../data/tables.bin");

/// Validated views into a blob. Every lookup is a bounds-checked read of little-endian bytes; a
/// blob is only accepted after its magic, version, length, checksum, section sizes and every
/// cross-reference (offsets into the ranked section, wait-class indices) have been checked.
#[derive(Clone, Copy, Debug)]
pub struct Tables<'a> {
    suited_needs: &'a [u8],
    wind_needs: &'a [u8],
    dragon_needs: &'a [u8],
    honor_needs: &'a [u8],
    low_rank: &'a [u8],
    high_offset: &'a [u8],
    suited_waits: &'a [u8],
    wind_waits: &'a [u8],
    dragon_waits: &'a [u8],
    wait_classes: &'a [u8],
}

#[inline]
fn read_u32(bytes: &[u8], i: usize) -> Option<u32> {
    bytes
        .get(4 * i..)?
        .first_chunk::<4>()
        .map(|b| u32::from_le_bytes(*b))
}

#[inline]
fn read_u16(bytes: &[u8], i: usize) -> Option<u16> {
    bytes
        .get(2 * i..)?
        .first_chunk::<2>()
        .map(|b| u16::from_le_bytes(*b))
}

/// An entry that completes in no plane (for reads that cannot happen in a validated blob).
const NONE: Entry = Entry(0x5F);

impl<'a> Tables<'a> {
    /// Validates a blob and returns its views.
    pub fn from_bytes(bytes: &'a [u8]) -> Result<Tables<'a>, TableError> {
        // The sections in blob order, named once: the destructuring and the struct share the list.
        macro_rules! from_sections {
            ($bytes:expr => $($field:ident),+) => {{
                let [$($field),+] = blob::parse($bytes)?;
                Tables { $($field),+ }
            }};
        }
        let tables = from_sections!(bytes =>
            suited_needs, wind_needs, dragon_needs, honor_needs, low_rank, high_offset,
            suited_waits, wind_waits, dragon_waits, wait_classes
        );
        tables.check_references()?;
        Ok(tables)
    }

    /// The committed tables, validated once on first use.
    pub fn committed() -> Result<&'static Tables<'static>, TableError> {
        static TABLES: OnceLock<Result<Tables<'static>, TableError>> = OnceLock::new();
        TABLES
            .get_or_init(|| Tables::from_bytes(COMMITTED_BLOB))
            .as_ref()
            .map_err(Clone::clone)
    }

    fn check_references(&self) -> Result<(), TableError> {
        let bad = |section: Section, problem: String| TableError::BadSection {
            section: section.name(),
            problem,
        };
        let ranked = self.suited_waits.len() / 2;
        let classes = self.wait_classes.len() / 4;
        for h in 0..self.high_offset.len() / 4 {
            let off = read_u32(self.high_offset, h).unwrap_or(u32::MAX) as usize;
            if off > ranked {
                return Err(bad(
                    Section::HighOffset,
                    format!("offset {off} of pattern {h}"),
                ));
            }
        }
        for l in 0..LOW_PATTERNS {
            let rank = read_u32(self.low_rank, l).unwrap_or(u32::MAX) as usize;
            if rank >= LOW_PATTERNS {
                return Err(bad(Section::LowRank, format!("rank {rank} of pattern {l}")));
            }
        }
        for (section, bytes) in [
            (Section::SuitedWaits, self.suited_waits),
            (Section::WindWaits, self.wind_waits),
            (Section::DragonWaits, self.dragon_waits),
        ] {
            for i in 0..bytes.len() / 2 {
                let class = usize::from(read_u16(bytes, i).unwrap_or(u16::MAX));
                if class >= classes {
                    return Err(bad(section, format!("entry {i} names wait class {class}")));
                }
            }
        }
        Ok(())
    }

    /// The needs of a numbered-suit shape (any size): one load at its base-5 value.
    #[inline]
    pub fn suited(&self, eigen: Eigen) -> Entry {
        self.suited_needs
            .get(base5(eigen.raw()))
            .map_or(NONE, |&b| Entry(u16::from(b)))
    }

    /// The needs of all seven honors as one group (winds and dragons side by side, the pair in
    /// either), for the win check.
    #[inline]
    pub fn honors(&self, honors: Eigen, sequences: bool) -> Entry {
        let x = base5(honors.raw()) + HONOR_SHAPES * usize::from(sequences);
        self.honor_needs
            .get(x)
            .map_or(NONE, |&b| Entry(u16::from(b) | Entry::NO_258))
    }

    /// The needs of the winds part (ranks 1-4) of an honor eigen.
    #[inline]
    pub fn winds(&self, honors: Eigen, sequences: bool) -> Entry {
        let x = base5(honors.raw() & 0xFFFF) + WIND_SHAPES * usize::from(sequences);
        self.wind_needs
            .get(x)
            .map_or(NONE, |&b| Entry(u16::from(b) | Entry::NO_258))
    }

    /// The needs of the dragons part (ranks 5-7) of an honor eigen.
    #[inline]
    pub fn dragons(&self, honors: Eigen, sequences: bool) -> Entry {
        let x = base5(honors.raw() >> 16 & 0xFFF) + DRAGON_SHAPES * usize::from(sequences);
        self.dragon_needs
            .get(x)
            .map_or(NONE, |&b| Entry(u16::from(b) | Entry::NO_258))
    }

    #[inline]
    fn class(&self, id: Option<u16>) -> WaitMasks {
        WaitMasks(
            id.and_then(|i| read_u32(self.wait_classes, usize::from(i)))
                .unwrap_or(0),
        )
    }

    /// The wait masks of a numbered-suit shape; empty for shapes of more than 16 tiles.
    #[inline]
    pub fn suited_waits(&self, eigen: Eigen) -> WaitMasks {
        if eigen.total() > MAX_SUIT_TILES {
            return WaitMasks(0);
        }
        self.suited_waits_at(base5(eigen.raw()))
    }

    /// [`Tables::suited_waits`] from the shape's base-5 value ([`base5`] of its eigen), for
    /// callers that know the shape has at most 17 tiles (a validated hand). A larger shape reads
    /// the class of another shape: a wrong answer, never undefined behaviour.
    #[inline]
    pub fn suited_waits_at(&self, x: usize) -> WaitMasks {
        let (low, high) = (x % LOW_PATTERNS, x / LOW_PATTERNS);
        let id = match (
            read_u32(self.high_offset, high),
            read_u32(self.low_rank, low),
        ) {
            (Some(h), Some(l)) => read_u16(self.suited_waits, (h + l) as usize),
            _ => None,
        };
        self.class(id)
    }

    /// The wait masks of the winds part of an honor eigen.
    #[inline]
    pub fn wind_waits(&self, honors: Eigen, sequences: bool) -> WaitMasks {
        let x = base5(honors.raw() & 0xFFFF) + WIND_SHAPES * usize::from(sequences);
        self.class(read_u16(self.wind_waits, x))
    }

    /// The wait masks of the dragons part of an honor eigen.
    #[inline]
    pub fn dragon_waits(&self, honors: Eigen, sequences: bool) -> WaitMasks {
        let x = base5(honors.raw() >> 16 & 0xFFF) + DRAGON_SHAPES * usize::from(sequences);
        self.class(read_u16(self.dragon_waits, x))
    }

    /// Number of wait classes.
    pub fn wait_class_count(&self) -> usize {
        self.wait_classes.len() / 4
    }
}
