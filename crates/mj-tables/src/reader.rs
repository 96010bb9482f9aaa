//! The zero-copy reader: lookups straight from the blob's bytes.

use std::sync::OnceLock;

use mj_tiles::Eigen;

use crate::blob::{self, TableError};
use crate::layout::{
    Entry, HIGH_PATTERNS, HONOR_SHAPES, LOW_PATTERNS, LOW_RANKS, MAX_SUIT_TILES, SUITED_PATTERNS,
    SUITED_SHAPES, Section, WaitMasks, base5, base5_parts, digits_of,
};

/// The committed blob, as built by `cargo xtask gen-tables`.
pub static COMMITTED_BLOB: &[u8] = include_bytes!("../data/tables.bin");

/// Validated views into a blob. Every lookup is a bounds-checked read of little-endian bytes (an
/// index past the end reads the last element: a wrong answer for a shape no validated hand has,
/// never a panic); a blob is only accepted after its magic, version, length, checksum, section
/// sizes and the ranking's offsets have been checked.
#[derive(Clone, Copy, Debug)]
pub struct Tables<'a> {
    suited_needs: &'a [u8; SUITED_PATTERNS],
    honor_needs: &'a [u8; 2 * HONOR_SHAPES],
    low_rank: &'a [[u8; 4]; LOW_PATTERNS],
    high_offset: &'a [[u8; 4]; HIGH_PATTERNS],
    suited_waits: &'a [[u8; 4]; SUITED_SHAPES],
    honor_waits: &'a [[u8; 2]; 2 * HONOR_SHAPES],
}

/// Element `i` of a fixed-size section, or its last for an index past the end (no validated
/// hand reads past the end; a compare and a conditional move, no branch).
#[inline]
fn at<T: Copy, const N: usize>(section: &[T; N], i: usize) -> T {
    section[i.min(N - 1)]
}

/// A section as `N` fixed-size elements of `E` bytes.
fn elements<const E: usize, const N: usize>(
    bytes: &[u8],
    section: Section,
) -> Result<&[[u8; E]; N], TableError> {
    let (chunks, rest) = bytes.as_chunks::<E>();
    match <&[[u8; E]; N]>::try_from(chunks) {
        Ok(array) if rest.is_empty() => Ok(array),
        _ => Err(wrong_length(bytes, section, E * N)),
    }
}

/// A section of `N` bytes.
fn bytes_of<const N: usize>(bytes: &[u8], section: Section) -> Result<&[u8; N], TableError> {
    <&[u8; N]>::try_from(bytes).map_err(|_| wrong_length(bytes, section, N))
}

fn wrong_length(bytes: &[u8], section: Section, expected: usize) -> TableError {
    TableError::BadSection {
        section: section.name(),
        problem: format!("{} bytes, expected {expected}", bytes.len()),
    }
}

/// How many low patterns (ranks 1-4) hold at most `b` tiles, `b = 0..=16`.
fn low_patterns_at_most() -> [u32; 4 * LOW_RANKS + 1] {
    let mut at_most = [0u32; 4 * LOW_RANKS + 1];
    for l in 0..LOW_PATTERNS {
        let sum: u32 = digits_of(l, LOW_RANKS).iter().map(|&c| u32::from(c)).sum();
        for slot in at_most.iter_mut().skip(sum as usize) {
            *slot += 1;
        }
    }
    at_most
}

impl<'a> Tables<'a> {
    /// Validates a blob and returns its views.
    pub fn from_bytes(bytes: &'a [u8]) -> Result<Tables<'a>, TableError> {
        let [
            suited_needs,
            honor_needs,
            low_rank,
            high_offset,
            suited_waits,
            honor_waits,
        ] = blob::parse(bytes)?;
        let tables = Tables {
            suited_needs: bytes_of(suited_needs, Section::SuitedNeeds)?,
            honor_needs: bytes_of(honor_needs, Section::HonorNeeds)?,
            low_rank: elements(low_rank, Section::LowRank)?,
            high_offset: elements(high_offset, Section::HighOffset)?,
            suited_waits: elements(suited_waits, Section::SuitedWaits)?,
            honor_waits: elements(honor_waits, Section::HonorWaits)?,
        };
        tables.check_ranking()?;
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

    /// Every shape of at most 17 tiles must find its wait masks inside the ranked section: a low
    /// pattern of `b` tiles ranks below the number of low patterns of at most `b` tiles, and a
    /// high pattern's block has room for every low pattern that fits beside it.
    fn check_ranking(&self) -> Result<(), TableError> {
        let bad = |section: Section, problem: String| TableError::BadSection {
            section: section.name(),
            problem,
        };
        let at_most = low_patterns_at_most();
        for (l, rank) in self.low_rank.iter().enumerate() {
            let rank = u32::from_le_bytes(*rank);
            let sum: usize = digits_of(l, LOW_RANKS)
                .iter()
                .map(|&c| usize::from(c))
                .sum();
            if rank >= at_most[sum] {
                return Err(bad(Section::LowRank, format!("rank {rank} of pattern {l}")));
            }
        }
        let ranked = SUITED_SHAPES as u64;
        for (h, offset) in self.high_offset.iter().enumerate() {
            let offset = u64::from(u32::from_le_bytes(*offset));
            let sum: u32 = digits_of(h, 9 - LOW_RANKS)
                .iter()
                .map(|&c| u32::from(c))
                .sum();
            let Some(room) = MAX_SUIT_TILES.checked_sub(sum) else {
                continue;
            };
            let block = u64::from(at_most[(room as usize).min(4 * LOW_RANKS)]);
            if offset + block > ranked {
                return Err(bad(
                    Section::HighOffset,
                    format!("block {offset}+{block} of pattern {h} past {ranked}"),
                ));
            }
        }
        Ok(())
    }

    /// The needs of a numbered-suit shape (any size): one load at its base-5 value.
    #[inline]
    pub fn suited(&self, eigen: Eigen) -> Entry {
        self.suited_at(base5(eigen.raw()))
    }

    /// [`Tables::suited`] from the shape's base-5 value.
    #[inline]
    pub fn suited_at(&self, x: usize) -> Entry {
        Entry(u32::from(at(self.suited_needs, x)))
    }

    /// Where an honor eigen (all seven kinds) finds its needs and wait masks: its base-5 value,
    /// in the plane of `sequences`.
    #[inline]
    pub fn honor_index(honors: Eigen, sequences: bool) -> usize {
        base5(honors.raw()) + HONOR_SHAPES * usize::from(sequences)
    }

    /// The needs of all seven honors as one group (winds and dragons side by side, the pair in
    /// either).
    #[inline]
    pub fn honors(&self, honors: Eigen, sequences: bool) -> Entry {
        self.honors_at(Tables::honor_index(honors, sequences))
    }

    /// [`Tables::honors`] from [`Tables::honor_index`].
    #[inline]
    pub fn honors_at(&self, i: usize) -> Entry {
        Entry(u32::from(at(self.honor_needs, i)) | Entry::NO_258)
    }

    /// The wait masks of a numbered-suit shape; empty for shapes of more than 17 tiles (and
    /// always empty for 17, since masks are kept for at most 16).
    #[inline]
    pub fn suited_waits(&self, eigen: Eigen) -> WaitMasks {
        if eigen.total() > MAX_SUIT_TILES {
            return WaitMasks(0);
        }
        let (low, high) = base5_parts(eigen.raw());
        self.suited_waits_at(low, high)
    }

    /// [`Tables::suited_waits`] from [`base5_parts`] of the shape, for callers that know it has
    /// at most 17 tiles (a validated hand). A larger shape reads the masks of another shape: a
    /// wrong answer, never a panic.
    #[inline]
    pub fn suited_waits_at(&self, low: usize, high: usize) -> WaitMasks {
        let rank = u32::from_le_bytes(at(self.high_offset, high))
            .wrapping_add(u32::from_le_bytes(at(self.low_rank, low)));
        WaitMasks(u32::from_le_bytes(at(self.suited_waits, rank as usize)))
    }

    /// The wait masks of all seven honors as one group (no 2/5/8 pair).
    #[inline]
    pub fn honor_waits(&self, honors: Eigen, sequences: bool) -> WaitMasks {
        self.honor_waits_at(Tables::honor_index(honors, sequences))
    }

    /// [`Tables::honor_waits`] from [`Tables::honor_index`].
    #[inline]
    pub fn honor_waits_at(&self, i: usize) -> WaitMasks {
        WaitMasks::from_honors(u16::from_le_bytes(at(self.honor_waits, i)))
    }
}
