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
//!               (1, 2, 4 or 8)
//! ...           sections, each starting at a multiple of 8
//! ```
//!
//! The container is shared: another crate describes its own blob with a [`Layout`] (its magic,
//! version and sections) and uses [`write_layout`] / [`parse_layout`]; [`write()`] and [`parse()`]
//! are this crate's tables, the same bytes as always.

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
    /// Eight bytes each, little-endian.
    U64(Vec<u64>),
}

impl SectionData {
    /// Number of elements.
    pub fn len(&self) -> usize {
        match self {
            SectionData::U8(v) => v.len(),
            SectionData::U16(v) => v.len(),
            SectionData::U32(v) => v.len(),
            SectionData::U64(v) => v.len(),
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
            SectionData::U64(_) => 8,
        }
    }

    fn bytes(&self) -> Vec<u8> {
        match self {
            SectionData::U8(v) => v.clone(),
            SectionData::U16(v) => v.iter().flat_map(|x| x.to_le_bytes()).collect(),
            SectionData::U32(v) => v.iter().flat_map(|x| x.to_le_bytes()).collect(),
            SectionData::U64(v) => v.iter().flat_map(|x| x.to_le_bytes()).collect(),
        }
    }
}

/// One section of a [`Layout`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SectionSpec {
    /// The four-byte tag written in the section table.
    pub tag: [u8; 4],
    /// A readable name for errors and reports.
    pub name: &'static str,
    /// Bytes per element: 1, 2, 4 or 8.
    pub element_size: usize,
    /// How many elements the section must hold; `None` when it varies.
    pub expected_len: Option<usize>,
}

/// What a blob family looks like: its magic, its format version and its sections, in order.
#[derive(Clone, Copy, Debug)]
pub struct Layout<'a> {
    /// The eight bytes that open the blob.
    pub magic: [u8; 8],
    /// Format version; bump on any change of layout or meaning.
    pub version: u32,
    /// Every section, in blob order.
    pub sections: &'a [SectionSpec],
}

/// How many sections this crate's blob has.
const SECTIONS: usize = Section::ALL.len();

/// This crate's own layout (`MJTABLES`, [`FORMAT_VERSION`], [`Section::ALL`]).
const TABLES_SECTIONS: [SectionSpec; SECTIONS] = {
    let mut out = [SectionSpec {
        tag: [0; 4],
        name: "",
        element_size: 1,
        expected_len: None,
    }; SECTIONS];
    let mut i = 0;
    while i < SECTIONS {
        let s = Section::ALL[i];
        out[i] = SectionSpec {
            tag: s.tag(),
            name: s.name(),
            element_size: s.element_size(),
            expected_len: s.expected_len(),
        };
        i += 1;
    }
    out
};

/// The layout of `mj-tables`' own blob.
pub const TABLES_LAYOUT: Layout<'static> = Layout {
    magic: MAGIC,
    version: FORMAT_VERSION,
    sections: &TABLES_SECTIONS,
};

/// Writes sections into a blob.
pub fn write(sections: &[(Section, SectionData)]) -> Vec<u8> {
    let tagged: Vec<([u8; 4], &SectionData)> = sections.iter().map(|(s, d)| (s.tag(), d)).collect();
    write_raw(MAGIC, FORMAT_VERSION, &tagged)
}

/// Writes a blob of `layout`, one [`SectionData`] per section in layout order. Refuses data
/// that does not fit the layout (count, element size, expected length).
pub fn write_layout(layout: &Layout<'_>, data: &[SectionData]) -> Result<Vec<u8>, TableError> {
    if data.len() != layout.sections.len() {
        return Err(TableError::BadSection {
            section: "table",
            problem: format!(
                "{} sections given, layout has {}",
                data.len(),
                layout.sections.len()
            ),
        });
    }
    let mut tagged = Vec::with_capacity(data.len());
    for (spec, d) in layout.sections.iter().zip(data) {
        let fits = d.element_size() == spec.element_size
            && spec.expected_len.is_none_or(|n| n == d.len())
            && d.len() * d.element_size() <= u32::MAX as usize;
        if !fits {
            return Err(TableError::BadSection {
                section: spec.name,
                problem: format!(
                    "{} entries of {} bytes given, layout wants {} bytes each ({:?} entries)",
                    d.len(),
                    d.element_size(),
                    spec.element_size,
                    spec.expected_len
                ),
            });
        }
        tagged.push((spec.tag, d));
    }
    Ok(write_raw(layout.magic, layout.version, &tagged))
}

fn write_raw(magic: [u8; 8], version: u32, sections: &[([u8; 4], &SectionData)]) -> Vec<u8> {
    let table_end = HEADER + ENTRY * sections.len();
    let payloads: Vec<Vec<u8>> = sections.iter().map(|(_, d)| d.bytes()).collect();
    let mut offsets = Vec::with_capacity(sections.len());
    let mut at = table_end.next_multiple_of(8);
    for payload in &payloads {
        offsets.push(at);
        at = (at + payload.len()).next_multiple_of(8);
    }
    let mut out = vec![0u8; at];
    out[..8].copy_from_slice(&magic);
    out[8..12].copy_from_slice(&version.to_le_bytes());
    out[12..16].copy_from_slice(&(sections.len() as u32).to_le_bytes());
    out[16..24].copy_from_slice(&(at as u64).to_le_bytes());
    for (i, (((tag, data), payload), &offset)) in
        sections.iter().zip(&payloads).zip(&offsets).enumerate()
    {
        let e = HEADER + ENTRY * i;
        out[e..e + 4].copy_from_slice(tag);
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
pub fn parse(bytes: &[u8]) -> Result<[&[u8]; SECTIONS], TableError> {
    let sections = parse_layout(&TABLES_LAYOUT, bytes)?;
    let mut out: [&[u8]; SECTIONS] = [&[]; SECTIONS];
    for (slot, data) in out.iter_mut().zip(sections) {
        *slot = data;
    }
    Ok(out)
}

/// Checks a blob of `layout`: magic, version, length, checksum, and every section's tag,
/// element size, alignment, bounds and expected length. Returns each section's bytes in layout
/// order.
pub fn parse_layout<'b>(layout: &Layout<'_>, bytes: &'b [u8]) -> Result<Vec<&'b [u8]>, TableError> {
    if bytes.len() < HEADER {
        return Err(TableError::Truncated("header"));
    }
    if bytes[..8] != layout.magic {
        return Err(TableError::BadMagic);
    }
    let version = u32_at(bytes, 8).ok_or(TableError::Truncated("version"))?;
    if version != layout.version {
        return Err(TableError::WrongVersion {
            found: version,
            expected: layout.version,
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
    if count != layout.sections.len() || HEADER + ENTRY * count > bytes.len() {
        return Err(TableError::BadSection {
            section: "table",
            problem: format!("{count} sections, expected {}", layout.sections.len()),
        });
    }
    let mut out = Vec::with_capacity(count);
    for (i, section) in layout.sections.iter().enumerate() {
        let bad = |problem: String| TableError::BadSection {
            section: section.name,
            problem,
        };
        let e = HEADER + ENTRY * i;
        let tag = bytes
            .get(e..e + 4)
            .ok_or(TableError::Truncated("section table"))?;
        if tag != section.tag {
            return Err(bad(format!("tag {tag:?} where {:?} belongs", section.tag)));
        }
        let field = |k: usize| u32_at(bytes, e + 4 * k).ok_or(TableError::Truncated("section"));
        let (offset, len, elem) = (field(1)? as usize, field(2)? as usize, field(3)?);
        let size = section.element_size;
        if elem as usize != size || len % size != 0 || offset % 8 != 0 {
            return Err(bad(format!(
                "element size {elem}, length {len}, offset {offset}"
            )));
        }
        let data = bytes
            .get(offset..offset.saturating_add(len))
            .ok_or_else(|| bad(format!("bytes {offset}..{} out of range", offset + len)))?;
        if let Some(n) = section.expected_len
            && n * size != len
        {
            return Err(bad(format!("{} entries, expected {n}", len / size)));
        }
        out.push(data);
    }
    Ok(out)
}
