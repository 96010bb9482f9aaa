//! The shanten tables: the committed blob `data/shanten.bin` (made by
//! [`crate::generate::generate`] through `cargo xtask gen-tables`), validated and decoded on
//! first use ([`ShantenTables::committed`]). A blob that fails validation is refused: every
//! analysis answers [`crate::AiError::Tables`] (it is never regenerated, in any build
//! profile).
//!
//! # What is tabulated
//!
//! For one suit with counts `c` (9 ranks, or 7 honors without sequences) the **distance vector**
//! `V[j][p]` (`j` = 0..=5 melds, `p` = 0..=1 pairs) is the fewest tiles that must be added to the
//! suit so that it holds `j` melds and `p` pairs, where the target never holds more than four
//! copies of a kind: `V[j][p] = min over targets T of sum_r max(0, T_r - c_r)`, `T_r <= 4`.
//! Because the four-copy limit is per kind, a whole hand's distance is the min-plus combination
//! of its four suits' vectors, read at `(m, 1)`; shanten is that distance minus one.
//!
//! * **Suit classes.** There are only [`NUMBERED_CLASSES`] distinct vectors for a numbered suit
//!   and [`HONOR_CLASSES`] for the honors (up to 5 melds). A numbered suit finds its class by a
//!   two-step automaton: the first six ranks (two base-5 numbers of three ranks, 125 x 128
//!   entries) give a state of the minimal automaton after six ranks (1 845 states), and that
//!   state with the last three ranks (128 entries per state) gives the class. The honors' class depends only on how many
//!   kinds are held at least once, twice, three and four times (a 12-bit key).
//! * **Pair classes.** `man_pin` = man combined with pin ([`MAN_PIN_CLASSES`] distinct vectors), `sou_honor` =
//!   sou combined with honors; each is one lookup in a class-by-class table.
//! * **Final table.** `m`, `man_pin` class and `sou_honor` class give the distance of the whole hand for
//!   `m` melds and a pair (one byte each, one slice per `m`).
//!
//! A query is therefore four lookups deep: six-rank state, suit class, pair class, final.
//!
use std::sync::OnceLock;

use mj_tables::TableError;
use mj_tables::blob::{self, Layout, SectionData, SectionSpec};

/// The most melds one suit (and the whole concealed hand) is asked for: 5 melds and a pair is
/// the 17-tile hand of 16-tile variants.
pub const MAX_MELDS: usize = 5;
/// Length of a distance vector: `(MAX_MELDS + 1) * 2`, index `j * 2 + p`.
pub const VECTOR_LEN: usize = (MAX_MELDS + 1) * 2;
/// The former name of [`VECTOR_LEN`].
#[deprecated(note = "renamed VECTOR_LEN")]
pub const VLEN: usize = VECTOR_LEN;
/// How many distinct distance vectors a numbered suit has.
pub const NUMBERED_CLASSES: usize = 187;
/// How many distinct distance vectors the honors have.
pub const HONOR_CLASSES: usize = 83;
/// How many distinct vectors man and pin combined have.
pub const MAN_PIN_CLASSES: usize = 328;
/// The former name of [`MAN_PIN_CLASSES`].
#[deprecated(note = "renamed MAN_PIN_CLASSES")]
pub const MP_CLASSES: usize = MAN_PIN_CLASSES;

/// A distance vector: index `j * 2 + p`.
pub type Vector = [u8; VECTOR_LEN];

/// Entries of the six-rank table: `128 * a + b` with `a < 125`, padded to a power of two.
pub(crate) const SIX_LEN: usize = 1 << 14;
/// Entries of the tail table: `128 * state + c` for up to 2 048 states.
pub(crate) const TAIL_LEN: usize = 1 << 18;
/// Entries of the honor-class table: keys `n1 + 8 n2 + 64 n3 + 512 n4`.
pub(crate) const HONOR_LEN: usize = 1 << 12;
/// Entries of the man-pin table: `256 * man class + pin class`.
pub(crate) const MAN_PIN_LEN: usize = 1 << 16;
/// Entries of the sou-honor table: `128 * sou class + honor class`.
pub(crate) const SOU_HONOR_LEN: usize = 1 << 15;
/// Bits of one final slice: a slice holds every (sou-honor key + man-pin class) pair, under `1 << 17`.
pub(crate) const FINAL_SHIFT: u32 = 17;
/// Entries of the final table: eight slices of `1 << FINAL_SHIFT` (slices 0..=5 used).
pub(crate) const FINAL_LEN: usize = 8 << FINAL_SHIFT;

/// A table of fixed, power-of-two length: indices are masked, so lookups need no bounds check
/// (valid indices are below the length; the mask only keeps any index in range).
pub(crate) type Fixed<T, const N: usize> = Box<[T; N]>;

/// A zero-padded fixed table from the first entries (callers check that `values` fits: an
/// excess is dropped).
pub(crate) fn fixed<T: Copy + Default, const N: usize>(values: &[T]) -> Fixed<T, N> {
    debug_assert!(
        values.len() <= N,
        "{} entries for a table of {N}",
        values.len()
    );
    let mut table = vec![T::default(); N];
    let n = values.len().min(N);
    table[..n].copy_from_slice(&values[..n]);
    // Built on the heap (a `Box::new` of the array would build it on the stack first, 1 MB
    // for the final table); the conversion cannot fail, the length being `N`.
    match table.into_boxed_slice().try_into() {
        Ok(fixed) => fixed,
        Err(_) => Box::new([T::default(); N]),
    }
}

/// The tables, as produced by [`crate::generate::generate`] or decoded from the blob. The
/// lookup tables are padded to powers of two (see the `*_LEN` constants) and read through
/// masked indices; the blob stores only the used entries.
#[derive(Clone, PartialEq, Eq)]
pub struct ShantenTables {
    /// `128 * base5(ranks 1..=3) + base5(ranks 4..=6)` -> minimal automaton state after six
    /// ranks.
    pub(crate) six: Fixed<u16, SIX_LEN>,
    /// `128 * state + base5(ranks 7..=9)` -> numbered suit class.
    pub(crate) tail: Fixed<u8, TAIL_LEN>,
    /// Number of minimal states after six ranks.
    pub(crate) six_states: usize,
    /// Honor key (`n1 + 8 n2 + 64 n3 + 512 n4`, `nk` = kinds held at least `k` times) -> class.
    pub(crate) honor: Fixed<u8, HONOR_LEN>,
    /// Numbered class -> vector.
    pub(crate) numbered_vec: Vec<Vector>,
    /// Honor class -> vector.
    pub(crate) honor_vec: Vec<Vector>,
    /// `256 * man class + pin class` -> man-pin class.
    pub(crate) man_pin: Fixed<u16, MAN_PIN_LEN>,
    /// `128 * sou class + honor class` -> sou-honor key (sou-honor class times the number of man-pin classes).
    pub(crate) sou_honor: Fixed<u32, SOU_HONOR_LEN>,
    /// man-pin class -> vector.
    pub(crate) man_pin_vectors: Vec<Vector>,
    /// sou-honor class -> vector.
    pub(crate) sou_honor_vectors: Vec<Vector>,
    /// `m << FINAL_SHIFT | (sou-honor key + man-pin class)` -> distance for `m` melds and a pair (one byte;
    /// a query touches the slice of its own `m` only).
    pub(crate) final_table: Fixed<u8, FINAL_LEN>,
}

impl core::fmt::Debug for ShantenTables {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ShantenTables")
            .field("six_states", &self.six_states)
            .field("numbered_classes", &self.numbered_vec.len())
            .field("honor_classes", &self.honor_vec.len())
            .field("mp_classes", &self.man_pin_vectors.len())
            .field("sz_classes", &self.sou_honor_vectors.len())
            .field("bytes", &self.size_in_bytes())
            .finish()
    }
}

impl ShantenTables {
    /// Size of the used table entries in bytes (as stored in the blob; in memory the lookup
    /// tables are padded to powers of two).
    pub fn size_in_bytes(&self) -> usize {
        125 * 128 * 2
            + self.six_states * 128
            + HONOR_LEN
            + (self.numbered_vec.len()
                + self.honor_vec.len()
                + self.man_pin_vectors.len()
                + self.sou_honor_vectors.len())
                * VECTOR_LEN
            + (self.numbered_vec.len() << 8) * 2
            + (self.numbered_vec.len() << 7) * 4
            + self.final_slice_len() * (MAX_MELDS + 1)
    }

    /// Used entries of one final slice: sou-honor classes times man-pin classes.
    pub(crate) fn final_slice_len(&self) -> usize {
        self.man_pin_vectors.len() * self.sou_honor_vectors.len()
    }

    /// The former name of [`ShantenTables::sou_honor_classes`].
    #[deprecated(note = "renamed sou_honor_classes")]
    pub fn sz_classes(&self) -> usize {
        self.sou_honor_classes()
    }

    /// Number of distinct sou-honor (sou + honors) vectors.
    pub fn sou_honor_classes(&self) -> usize {
        self.sou_honor_vectors.len()
    }

    /// Number of minimal automaton states after six ranks.
    pub fn six_states(&self) -> usize {
        self.six_states
    }

    /// The minimal automaton state after six ranks of six-rank index `i`.
    #[inline]
    pub(crate) fn six(&self, i: usize) -> usize {
        usize::from(self.six[i & (SIX_LEN - 1)])
    }

    /// The numbered class of tail index `i` (`128 * state + base5(ranks 7..=9)`).
    #[inline]
    pub(crate) fn tail(&self, i: usize) -> usize {
        usize::from(self.tail[i & (TAIL_LEN - 1)])
    }

    /// The honor class of an honor key.
    #[inline]
    pub(crate) fn honor_class(&self, key: usize) -> usize {
        usize::from(self.honor[key & (HONOR_LEN - 1)])
    }

    /// The class of a numbered suit given as nine counts (each 0..=4).
    #[cfg(test)]
    pub(crate) fn numbered_class(&self, c: &[u8]) -> usize {
        let state = self.six(base5(&c[0..3]) << 7 | base5(&c[3..6]));
        self.tail(state << 7 | base5(&c[6..9]))
    }

    /// The class of a numbered suit whose nine counts start at `c[first]` (`first <= 18`):
    /// three base-5 numbers of three ranks each, by one multiply apiece.
    #[inline]
    pub(crate) fn numbered_class_at(&self, c: &[u8; 34], first: usize) -> usize {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(&c[first..first + 8]);
        let x = u64::from_le_bytes(bytes);
        let a = base5_three((x & 0xFF_FFFF) as u32);
        let b = base5_three((x >> 24 & 0xFF_FFFF) as u32);
        let h = base5_three((x >> 48) as u32 | u32::from(c[first + 8]) << 16);
        self.tail(self.six(a << 7 | b) << 7 | h)
    }

    /// The man-pin class of a man class and a pin class.
    #[inline]
    pub(crate) fn man_pin_class(&self, man: usize, pin: usize) -> usize {
        usize::from(self.man_pin[(man << 8 | pin) & (MAN_PIN_LEN - 1)])
    }

    /// The sou-honor key (sou-honor class times the number of man-pin classes) of a sou class and an honor class.
    #[inline]
    pub(crate) fn sou_honor_key(&self, sou: usize, honor: usize) -> usize {
        self.sou_honor[(sou << 7 | honor) & (SOU_HONOR_LEN - 1)] as usize
    }

    /// Distance of the whole hand (`m` melds and a pair) from its man-pin class and sou-honor key.
    #[inline]
    pub(crate) fn distance(&self, man_pin: usize, sou_honor_key: usize, m: usize) -> u8 {
        self.final_table[(m << FINAL_SHIFT | (sou_honor_key + man_pin)) & (FINAL_LEN - 1)]
    }
}

/// Base-5 number of up to six counts, first count lowest.
#[cfg(test)]
pub(crate) fn base5(c: &[u8]) -> usize {
    c.iter()
        .rev()
        .fold(0usize, |acc, &d| acc * 5 + usize::from(d))
}

/// Base-5 number of three counts packed one per byte: `b0 + 5 b1 + 25 b2` lands at bit 16.
#[inline]
pub(crate) fn base5_three(x: u32) -> usize {
    ((x.wrapping_mul(25 | 5 << 8 | 1 << 16) >> 16) & 0xFF) as usize
}

/// The honor key of seven counts: `n1 + 8 n2 + 64 n3 + 512 n4` where `nk` is how many kinds
/// are held at least `k` times.
#[inline]
pub(crate) fn honor_key(c: &[u8]) -> usize {
    let mut word = 0u64;
    for (i, &d) in c.iter().take(7).enumerate() {
        word |= u64::from(d) << (8 * i);
    }
    honor_key_word(word)
}

/// [`honor_key`] of seven counts packed one per byte (byte 7 zero).
#[inline]
pub(crate) fn honor_key_word(word: u64) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Per lane: 1 + 8 [c >= 2] + 64 [c >= 3] + 512 [c >= 4] for a held kind, as 16-bit lanes
    // would overflow bytes; instead sum the four flag counts by multiplies (no popcount on
    // baseline x86-64). Byte 7 is zero and stays below 0x80 for every k >= 1.
    let count = |k: u64| {
        let flags = ((word + (0x80 - k) * ONES) & HIGH) >> 7;
        (flags.wrapping_mul(ONES) >> 56) as usize
    };
    count(1) + 8 * count(2) + 64 * count(3) + 512 * count(4)
}

/// The committed blob, written by `cargo xtask gen-tables` (format [`FORMAT_VERSION`]).
pub static COMMITTED_BLOB: &[u8] = include_bytes!("../data/shanten.bin");

/// The blob's magic bytes.
pub const MAGIC: [u8; 8] = *b"MJSHANTN";
/// The blob's format version; bumped on any change of layout or meaning.
pub const FORMAT_VERSION: u32 = 1;

const fn section(
    tag: &[u8; 4],
    name: &'static str,
    element_size: usize,
    len: Option<usize>,
) -> SectionSpec {
    SectionSpec {
        tag: *tag,
        name,
        element_size,
        expected_len: len,
    }
}

const SECTIONS: [SectionSpec; 10] = [
    section(b"SIX ", "six-ranks", 2, Some(125 * 128)),
    section(b"TAIL", "tail", 1, None),
    section(b"HONR", "honor-classes", 1, Some(4096)),
    section(
        b"NVEC",
        "numbered-vectors",
        1,
        Some(NUMBERED_CLASSES * VECTOR_LEN),
    ),
    section(
        b"HVEC",
        "honor-vectors",
        1,
        Some(HONOR_CLASSES * VECTOR_LEN),
    ),
    section(b"MP  ", "mp-classes", 2, Some(NUMBERED_CLASSES << 8)),
    section(b"SZ  ", "sz-keys", 4, Some(NUMBERED_CLASSES << 7)),
    section(b"MPV ", "mp-vectors", 1, Some(MAN_PIN_CLASSES * VECTOR_LEN)),
    section(b"SZV ", "sz-vectors", 1, None),
    section(b"FIN ", "final", 1, None),
];

/// The layout of `data/shanten.bin` in the workspace's blob container ([`mj_tables::blob`]).
pub const LAYOUT: Layout<'static> = Layout {
    magic: MAGIC,
    version: FORMAT_VERSION,
    sections: &SECTIONS,
};

fn bad(section: &'static str, problem: impl Into<String>) -> TableError {
    TableError::BadSection {
        section,
        problem: problem.into(),
    }
}

/// Checks that every value of `values` is below `bound`.
fn check_below<T: Copy + Into<u64>>(
    values: &[T],
    bound: usize,
    section: &'static str,
) -> Result<(), TableError> {
    match values.iter().position(|&v| v.into() >= bound as u64) {
        Some(i) => Err(bad(
            section,
            format!(
                "entry {i} is {} (at most {})",
                values[i].into(),
                bound.saturating_sub(1)
            ),
        )),
        None => Ok(()),
    }
}

/// Vectors from `VECTOR_LEN`-byte rows; every distance at most 3 per meld plus 2 for the pair.
fn vectors(bytes: &[u8], section: &'static str) -> Result<Vec<Vector>, TableError> {
    if !bytes.len().is_multiple_of(VECTOR_LEN) {
        return Err(bad(
            section,
            format!("{} bytes, not a multiple of {VECTOR_LEN}", bytes.len()),
        ));
    }
    let max = (3 * MAX_MELDS + 2) as u8;
    bytes
        .chunks_exact(VECTOR_LEN)
        .map(|row| {
            let mut v = [0u8; VECTOR_LEN];
            v.copy_from_slice(row);
            match v.iter().find(|&&d| d > max) {
                Some(d) => Err(bad(section, format!("distance {d} above {max}"))),
                None => Ok(v),
            }
        })
        .collect()
}

impl ShantenTables {
    /// The blob of these tables ([`LAYOUT`]).
    pub fn to_bytes(&self) -> Result<Vec<u8>, TableError> {
        let flat = |v: &[Vector]| v.iter().flatten().copied().collect::<Vec<u8>>();
        blob::write_layout(
            &LAYOUT,
            &[
                SectionData::U16(self.six[..125 * 128].to_vec()),
                SectionData::U8(self.tail[..self.six_states * 128].to_vec()),
                SectionData::U8(self.honor.to_vec()),
                SectionData::U8(flat(&self.numbered_vec)),
                SectionData::U8(flat(&self.honor_vec)),
                SectionData::U16(self.man_pin[..self.numbered_vec.len() << 8].to_vec()),
                SectionData::U32(self.sou_honor[..self.numbered_vec.len() << 7].to_vec()),
                SectionData::U8(flat(&self.man_pin_vectors)),
                SectionData::U8(flat(&self.sou_honor_vectors)),
                SectionData::U8(
                    (0..=MAX_MELDS)
                        .flat_map(|m| {
                            let start = m << FINAL_SHIFT;
                            self.final_table[start..start + self.final_slice_len()]
                                .iter()
                                .copied()
                        })
                        .collect(),
                ),
            ],
        )
    }

    /// Validates a blob (header, checksum, section sizes, and every class id and key in range,
    /// so no lookup can index out of bounds) and decodes it.
    pub fn from_bytes(bytes: &[u8]) -> Result<ShantenTables, TableError> {
        let s = blob::parse_layout(&LAYOUT, bytes)?;
        let [
            six,
            tail,
            honor,
            nvec,
            hvec,
            man_pin,
            sou_honor,
            man_pin_bytes,
            sou_honor_bytes,
            final_table,
        ] = s[..]
        else {
            return Err(bad("table", "section count"));
        };
        let u16s = |b: &[u8]| -> Vec<u16> {
            b.chunks_exact(2)
                .map(|w| u16::from_le_bytes([w[0], w[1]]))
                .collect()
        };
        let u32s = |b: &[u8]| -> Vec<u32> {
            b.chunks_exact(4)
                .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
                .collect()
        };
        let numbered_vec = vectors(nvec, "numbered-vectors")?;
        let honor_vec = vectors(hvec, "honor-vectors")?;
        let man_pin_vectors = vectors(man_pin_bytes, "mp-vectors")?;
        let sou_honor_vectors = vectors(sou_honor_bytes, "sz-vectors")?;
        if tail.is_empty() || !tail.len().is_multiple_of(128) {
            return Err(bad(
                "tail",
                format!("{} bytes, not a positive multiple of 128", tail.len()),
            ));
        }
        let six_states = tail.len() / 128;
        if tail.len() > TAIL_LEN {
            return Err(bad(
                "tail",
                format!("{six_states} states, at most {}", TAIL_LEN / 128),
            ));
        }
        let six = u16s(six);
        check_below(&six, six_states, "six-ranks")?;
        check_below(tail, numbered_vec.len(), "tail")?;
        check_below(honor, honor_vec.len(), "honor-classes")?;
        let man_pin = u16s(man_pin);
        check_below(&man_pin, man_pin_vectors.len(), "mp-classes")?;
        let sou_honor = u32s(sou_honor);
        if let Some(i) = sou_honor
            .iter()
            .position(|&k| !(k as usize).is_multiple_of(man_pin_vectors.len()))
        {
            return Err(bad(
                "sz-keys",
                format!("entry {i} is not a multiple of {}", man_pin_vectors.len()),
            ));
        }
        check_below(
            &sou_honor,
            sou_honor_vectors.len() * man_pin_vectors.len(),
            "sz-keys",
        )?;
        let slice = man_pin_vectors.len() * sou_honor_vectors.len();
        if final_table.len() != (MAX_MELDS + 1) * slice || slice > 1 << FINAL_SHIFT {
            return Err(bad(
                "final",
                format!("{} bytes for slices of {slice}", final_table.len()),
            ));
        }
        let mut padded = vec![0u8; FINAL_LEN];
        for (m, part) in final_table.chunks_exact(slice.max(1)).enumerate() {
            padded[m << FINAL_SHIFT..(m << FINAL_SHIFT) + part.len()].copy_from_slice(part);
        }
        // Every section's length was checked against its fixed table above or by the layout.
        Ok(ShantenTables {
            six: fixed(&six),
            tail: fixed(tail),
            six_states,
            honor: fixed(honor),
            numbered_vec,
            honor_vec,
            man_pin: fixed(&man_pin),
            sou_honor: fixed(&sou_honor),
            man_pin_vectors,
            sou_honor_vectors,
            final_table: fixed(&padded),
        })
    }

    /// The committed tables, validated and decoded on first use (about 1 MB; well under a
    /// millisecond). A [`crate::HandView`] is built only when they check out, and the free
    /// [`crate::shanten`] asks here first, so a damaged blob is an error, never a wrong answer.
    pub fn committed() -> Result<&'static ShantenTables, TableError> {
        validated().map_err(Clone::clone)
    }
}

/// [`ShantenTables::committed`] without copying the error: two pointers, so the hot path (the
/// free [`crate::shanten`]) pays one load and one branch.
#[inline]
pub(crate) fn validated() -> Result<&'static ShantenTables, &'static TableError> {
    static TABLES: OnceLock<Result<ShantenTables, TableError>> = OnceLock::new();
    TABLES.get_or_init(decode_committed).as_ref()
}

#[cold]
fn decode_committed() -> Result<ShantenTables, TableError> {
    ShantenTables::from_bytes(COMMITTED_BLOB)
}

/// The four suit classes of a hand's counts.
#[inline]
pub(crate) fn suit_classes(t: &ShantenTables, c: &[u8; 34]) -> [usize; 4] {
    let honors = {
        let mut b = [0u8; 8];
        b.copy_from_slice(&c[26..34]);
        u64::from_le_bytes(b) >> 8
    };
    [
        t.numbered_class_at(c, 0),
        t.numbered_class_at(c, 9),
        t.numbered_class_at(c, 18),
        t.honor_class(honor_key_word(honors)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, suit_vector};

    #[test]
    fn table_build_time_and_sizes() {
        let start = std::time::Instant::now();
        let t = generate();
        let elapsed = start.elapsed();
        println!("{t:?} built in {elapsed:?}");
        assert_eq!(t.numbered_vec.len(), NUMBERED_CLASSES);
        assert_eq!(t.honor_vec.len(), HONOR_CLASSES);
        assert_eq!(t.man_pin_vectors.len(), MAN_PIN_CLASSES);
        assert_eq!(t.six_states, 1845);
        // The fixed, power-of-two tables hold every used entry.
        assert!(t.numbered_vec.len() <= 256 && t.honor_vec.len() <= 128);
        assert!(t.six_states * 128 <= TAIL_LEN);
        assert!(t.final_slice_len() <= 1 << FINAL_SHIFT);
        assert!(t.man_pin_vectors.len() <= usize::from(u16::MAX));
    }

    #[test]
    fn automaton_classes_match_the_direct_programme() {
        let t = ShantenTables::committed().unwrap();
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for i in 0..20_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mut c = [0u8; 9];
            for (r, d) in c.iter_mut().enumerate() {
                // Sparse and dense patterns in turn.
                let v = ((x >> (3 * r)) & 7) as u8;
                *d = if i % 2 == 0 {
                    v % 5
                } else {
                    v.saturating_sub(3)
                };
            }
            let direct = suit_vector(&c, true);
            assert_eq!(t.numbered_vec[t.numbered_class(&c)], direct, "{c:?}");
            let h = [c[0], c[1], c[2], c[3], c[4], c[5], c[6]];
            assert_eq!(
                t.honor_vec[t.honor_class(honor_key(&h))],
                suit_vector(&h, false)
            );
        }
    }

    #[test]
    fn base5_by_multiply_matches_the_fold() {
        for i in 0..125usize {
            let digits = [(i % 5) as u8, (i / 5 % 5) as u8, (i / 25) as u8, 0];
            assert_eq!(base5(&digits[..3]), i);
            assert_eq!(base5_three(u32::from_le_bytes(digits)), i);
        }
    }

    #[test]
    fn generator_is_deterministic() {
        assert!(generate() == generate());
    }

    #[test]
    fn empty_suit_costs_three_per_meld_two_per_pair() {
        let t = ShantenTables::committed().unwrap();
        let v = t.numbered_vec[t.numbered_class(&[0; 9])];
        for j in 0..=MAX_MELDS {
            for p in 0..2 {
                assert_eq!(usize::from(v[j * 2 + p]), 3 * j + 2 * p);
            }
        }
    }
}
