//! The zero-copy reader: lookups straight from the blob's bytes.

use std::sync::OnceLock;

use mj_tiles::Eigen;

use crate::blob::{self, TableError};
use crate::layout::{Entry, LOW_PATTERNS, Section, WaitMasks, base5};

/// The committed blob, as built by `cargo xtask gen-tables`.
pub static COMMITTED_BLOB: &[u8] = include_bytes!("../data/tables.bin");

/// Validated views into a blob. Every lookup is a bounds-checked read of little-endian bytes; a
/// blob is only accepted after its magic, version, length, checksum, section sizes and every
/// cross-reference (offsets into the suited section, wait-class indices) have been checked.
#[derive(Clone, Copy, Debug)]
pub struct Tables<'a> {
    low_rank: &'a [u8],
    high_offset: &'a [u8],
    suited: &'a [u8],
    winds: [&'a [u8]; 2],
    dragons: [&'a [u8]; 2],
    wait_classes: &'a [u8],
}

#[inline]
fn read(bytes: &[u8], i: usize) -> Option<u32> {
    bytes
        .get(4 * i..)?
        .first_chunk::<4>()
        .map(|b| u32::from_le_bytes(*b))
}

impl<'a> Tables<'a> {
    /// Validates a blob and returns its views.
    pub fn from_bytes(bytes: &'a [u8]) -> Result<Tables<'a>, TableError> {
        let [
            low_rank,
            high_offset,
            suited,
            winds,
            winds_seq,
            dragons,
            dragons_seq,
            waits,
        ] = blob::parse(bytes)?;
        let tables = Tables {
            low_rank,
            high_offset,
            suited,
            winds: [winds, winds_seq],
            dragons: [dragons, dragons_seq],
            wait_classes: waits,
        };
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
        let suited_len = self.suited.len() / 4;
        let classes = self.wait_classes.len() / 4;
        for h in 0..self.high_offset.len() / 4 {
            let off = read(self.high_offset, h).unwrap_or(u32::MAX) as usize;
            if off > suited_len {
                return Err(bad(
                    Section::HighOffset,
                    format!("offset {off} of pattern {h}"),
                ));
            }
        }
        for l in 0..LOW_PATTERNS {
            let rank = read(self.low_rank, l).unwrap_or(u32::MAX) as usize;
            if rank >= LOW_PATTERNS {
                return Err(bad(Section::LowRank, format!("rank {rank} of pattern {l}")));
            }
        }
        let entry_sections = [
            (Section::Suited, self.suited),
            (Section::Winds, self.winds[0]),
            (Section::WindsWithSequences, self.winds[1]),
            (Section::Dragons, self.dragons[0]),
            (Section::DragonsWithSequences, self.dragons[1]),
        ];
        for (section, bytes) in entry_sections {
            for i in 0..bytes.len() / 4 {
                let class = Entry(read(bytes, i).unwrap_or(u32::MAX)).wait_class();
                if class >= classes {
                    return Err(bad(section, format!("entry {i} names wait class {class}")));
                }
            }
        }
        Ok(())
    }

    /// The entry of a numbered-suit shape of at most 17 tiles ([`Entry::NONE`] beyond).
    #[inline]
    pub fn suited(&self, eigen: Eigen) -> Entry {
        if eigen.total() > crate::layout::MAX_SUIT_TILES {
            return Entry::NONE;
        }
        self.suited_within_limit(eigen)
    }

    /// [`Tables::suited`] without the size check, for callers that know the shape has at most
    /// 17 tiles (a validated hand). A larger shape reads the entry of some other shape: a wrong
    /// answer, never undefined behaviour.
    #[inline]
    pub fn suited_within_limit(&self, eigen: Eigen) -> Entry {
        let x = base5(eigen.raw());
        let (low, high) = (x % LOW_PATTERNS, x / LOW_PATTERNS);
        match (read(self.high_offset, high), read(self.low_rank, low)) {
            (Some(h), Some(l)) => read(self.suited, (h + l) as usize).map_or(Entry::NONE, Entry),
            _ => Entry::NONE,
        }
    }

    /// The entry of the winds part (ranks 1-4) of an honor eigen.
    #[inline]
    pub fn winds(&self, honors: Eigen, sequences: bool) -> Entry {
        let x = base5(honors.raw() & 0xFFFF);
        read(self.winds[usize::from(sequences)], x).map_or(Entry::NONE, Entry)
    }

    /// The entry of the dragons part (ranks 5-7) of an honor eigen.
    #[inline]
    pub fn dragons(&self, honors: Eigen, sequences: bool) -> Entry {
        let x = base5(honors.raw() >> 16 & 0xFFF);
        read(self.dragons[usize::from(sequences)], x).map_or(Entry::NONE, Entry)
    }

    /// The wait masks of an entry.
    #[inline]
    pub fn wait_masks(&self, entry: Entry) -> WaitMasks {
        WaitMasks(read(self.wait_classes, entry.wait_class()).unwrap_or(0))
    }

    /// Number of wait classes.
    pub fn wait_class_count(&self) -> usize {
        self.wait_classes.len() / 4
    }
}
