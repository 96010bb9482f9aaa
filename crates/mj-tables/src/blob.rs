//! The blob container: header, section table, payload, checksum. Little-endian throughout.
//!
//! ```text
//! offset  size  field
//! 0       8     magic "MJTABLES"
//! 8       4     format version (layout::FORMAT_VERSION)
//! 12      4     section count
//! 16      8     total length of the blob in bytes
//! 24      8     FNV-1a 64 checksum of every byte from offset 32 to the end
//! 32      16*n  section table: tag [u8; 4], offset u32, length in bytes u32, element size u32
//!               (1, 2 or 4)
//! ...           sections, each starting at a multiple of 8
//! ```

use crate::layout::{FORMAT_VERSION, MAGIC, Section};

const HEADER: usize = 32;
const ENTRY: usize = 16;

/// Why a blob was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// Shorter than its header or section table.
    #[error("table blob truncated: {0}")]
    Truncated(&'static str),
    /// The first eight bytes are not the magic.
    #[error("not a table blob (bad magic)")]
    BadMagic,
    /// Made for another layout.
    #[error("table blob format version {found}, this build reads version {expected}")]
    WrongVersion {
        /// Version in the blob.
        found: u32,
        /// Version this build reads.
        expected: u32,
    },
    /// The recorded length is not the real one.
    #[error("table blob length {recorded} recorded, {actual} present")]
    WrongLength {
        /// Length in the header.
        recorded: u64,
        /// Bytes present.
        actual: usize,
    },
    /// The checksum does not match: the blob is corrupted.
    #[error("table blob checksum mismatch (recorded {recorded:#018x}, computed {computed:#018x})")]
    BadChecksum {
        /// Recorded checksum.
        recorded: u64,
        /// Computed checksum.
        computed: u64,
    },
    /// A section is missing, misplaced, or of the wrong size.
    #[error("table section {section}: {problem}")]
    BadSection {
        /// Section name.
        section: &'static str,
        /// What is wrong.
        problem: String,
    },
}

/// FNV-1a, 64 bits.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}

/// A section's values, at its element size.
#[derive(Clone, Debug)]
pub enum SectionData {
    /// One byte each.
    U8(Vec<u8>),
    /// Two bytes each, little-endian.
    U16(Vec<u16>),
    /// Four bytes each, little-endian.
    U32(Vec<u32>),
}

impl SectionData {
    /// Number of elements.
    pub fn len(&self) -> usize {
        match self {
            SectionData::U8(v) => v.len(),
            SectionData::U16(v) => v.len(),
            SectionData::U32(v) => v.len(),
        }
    }

    /// `true` when empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn element_size(&self) -> usize {
        match self {
            SectionData::U8(_) => 1,
            SectionData::U16(_) => 2,
            SectionData::U32(_) => 4,
        }
    }

    fn bytes(&self) -> Vec<u8> {
        match self {
            SectionData::U8(v) => v.clone(),
            SectionData::U16(v) => v.iter().flat_map(|x| x.to_le_bytes()).collect(),
            SectionData::U32(v) => v.iter().flat_map(|x| x.to_le_bytes()).collect(),
        }
    }
}

/// Writes sections into a blob.
pub fn write(sections: &[(Section, SectionData)]) -> Vec<u8> {
    let table_end = HEADER + ENTRY * sections.len();
    let payloads: Vec<Vec<u8>> = sections.iter().map(|(_, d)| d.bytes()).collect();
    let mut offsets = Vec::with_capacity(sections.len());
    let mut at = table_end.next_multiple_of(8);
    for payload in &payloads {
        offsets.push(at);
        at = (at + payload.len()).next_multiple_of(8);
    }
    let mut out = vec![0u8; at];
    out[..8].copy_from_slice(&MAGIC);
    out[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    out[12..16].copy_from_slice(&(sections.len() as u32).to_le_bytes());
    out[16..24].copy_from_slice(&(at as u64).to_le_bytes());
    for (i, (((section, data), payload), &offset)) in
        sections.iter().zip(&payloads).zip(&offsets).enumerate()
    {
        let e = HEADER + ENTRY * i;
        out[e..e + 4].copy_from_slice(&section.tag());
        out[e + 4..e + 8].copy_from_slice(&(offset as u32).to_le_bytes());
        out[e + 8..e + 12].copy_from_slice(&(payload.len() as u32).to_le_bytes());
        out[e + 12..e + 16].copy_from_slice(&(data.element_size() as u32).to_le_bytes());
        out[offset..offset + payload.len()].copy_from_slice(payload);
    }
    let checksum = fnv1a64(&out[HEADER..]);
    out[24..32].copy_from_slice(&checksum.to_le_bytes());
    out
}

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    bytes
        .get(at..)?
        .first_chunk::<4>()
        .map(|b| u32::from_le_bytes(*b))
}

fn u64_at(bytes: &[u8], at: usize) -> Option<u64> {
    bytes
        .get(at..)?
        .first_chunk::<8>()
        .map(|b| u64::from_le_bytes(*b))
}

/// Checks header, length, checksum and section table, and returns each section's bytes in
/// [`Section::ALL`] order. Section lengths are checked against the layout.
pub fn parse(bytes: &[u8]) -> Result<[&[u8]; 10], TableError> {
    if bytes.len() < HEADER {
        return Err(TableError::Truncated("header"));
    }
    if bytes[..8] != MAGIC {
        return Err(TableError::BadMagic);
    }
    let version = u32_at(bytes, 8).ok_or(TableError::Truncated("version"))?;
    if version != FORMAT_VERSION {
        return Err(TableError::WrongVersion {
            found: version,
            expected: FORMAT_VERSION,
        });
    }
    let count = u32_at(bytes, 12).ok_or(TableError::Truncated("section count"))? as usize;
    let recorded = u64_at(bytes, 16).ok_or(TableError::Truncated("length"))?;
    if recorded != bytes.len() as u64 {
        return Err(TableError::WrongLength {
            recorded,
            actual: bytes.len(),
        });
    }
    let stored = u64_at(bytes, 24).ok_or(TableError::Truncated("checksum"))?;
    let computed = fnv1a64(&bytes[HEADER..]);
    if stored != computed {
        return Err(TableError::BadChecksum {
            recorded: stored,
            computed,
        });
    }
    if count != Section::ALL.len() || HEADER + ENTRY * count > bytes.len() {
        return Err(TableError::BadSection {
            section: "table",
            problem: format!("{count} sections, expected {}", Section::ALL.len()),
        });
    }
    let mut out: [&[u8]; 10] = [&[]; 10];
    for (i, section) in Section::ALL.into_iter().enumerate() {
        let bad = |problem: String| TableError::BadSection {
            section: section.name(),
            problem,
        };
        let e = HEADER + ENTRY * i;
        let tag = bytes
            .get(e..e + 4)
            .ok_or(TableError::Truncated("section table"))?;
        if tag != section.tag() {
            return Err(bad(format!(
                "tag {tag:?} where {:?} belongs",
                section.tag()
            )));
        }
        let field = |k: usize| u32_at(bytes, e + 4 * k).ok_or(TableError::Truncated("section"));
        let (offset, len, elem) = (field(1)? as usize, field(2)? as usize, field(3)?);
        let size = section.element_size();
        if elem as usize != size || len % size != 0 || offset % 8 != 0 {
            return Err(bad(format!(
                "element size {elem}, length {len}, offset {offset}"
            )));
        }
        let data = bytes
            .get(offset..offset.saturating_add(len))
            .ok_or_else(|| bad(format!("bytes {offset}..{} out of range", offset + len)))?;
        if let Some(n) = section.expected_len()
            && n * size != len
        {
            return Err(bad(format!("{} entries, expected {n}", len / size)));
        }
        out[i] = data;
    }
    Ok(out)
}
