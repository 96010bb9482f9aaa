//! The reader: the committed blob, validated once, decoded into aligned vectors.

use std::sync::OnceLock;

use mj_tables::TableError;
use mj_tables::blob;

use crate::layout::{self, decomposition_bits};

/// The blob committed in `data/agari.bin` (regenerate with `cargo xtask gen-tables`).
pub static COMMITTED_BLOB: &[u8] = include_bytes!("../data/agari.bin");

/// The agari and machi tables, decoded from a validated blob.
#[derive(Clone, Debug)]
pub struct AgariTables {
    /// Agari slots, key in the low 32 bits and value in the high 32 (one load per probe).
    aslots: Vec<u64>,
    entries: Vec<u32>,
    /// Machi slots, key in the low 32 bits and stream offset above.
    mslots: Vec<u64>,
    stream: Vec<u16>,
    /// A bit per hash of every machi key (2^FILTER_BITS bits, built on load): a clear bit
    /// proves a pattern is not ready with one load from a table that stays in cache.
    filter: Vec<u64>,
}

const FILTER_BITS: u32 = 20;
const FILTER_MUL: u64 = 0xD6E8_FEB8_6659_FD93;

#[inline]
fn filter_bit(key: u64) -> usize {
    (key.wrapping_mul(FILTER_MUL) >> (64 - FILTER_BITS)) as usize
}

fn words<const N: usize>(bytes: &[u8]) -> impl Iterator<Item = [u8; N]> + '_ {
    bytes.chunks_exact(N).filter_map(|c| c.try_into().ok())
}

fn bad(section: &'static str, problem: impl Into<String>) -> TableError {
    TableError::BadSection {
        section,
        problem: problem.into(),
    }
}

fn check_slots(keys: &[u32], section: &'static str) -> Result<(), TableError> {
    if keys.len() < 2 || !keys.contains(&0) || u32::try_from(keys.len()).is_err() {
        return Err(bad(section, format!("{} slots", keys.len())));
    }
    Ok(())
}

/// Finds a packed key in an open-addressing table (which holds at least one empty slot): the
/// slot's value.
#[inline]
fn find(slots: &[u64], packed: u32) -> Option<u32> {
    find_from(slots, packed, layout::home(packed, slots.len()))
}

/// [`find`] from slot `h` on.
#[inline]
fn find_from(slots: &[u64], packed: u32, mut h: usize) -> Option<u32> {
    let size = slots.len();
    if h >= size {
        h = 0;
    }
    loop {
        let slot = *slots.get(h)?;
        let k = slot as u32;
        if k == packed {
            return Some((slot >> 32) as u32);
        }
        if k == 0 {
            return None;
        }
        h += 1;
        if h == size {
            h = 0;
        }
    }
}

fn slots(keys: &[u32], values: impl Iterator<Item = u32>) -> Vec<u64> {
    keys.iter()
        .zip(values)
        .map(|(&k, v)| u64::from(k) | u64::from(v) << 32)
        .collect()
}

impl AgariTables {
    /// Validates a blob (header, checksum, sections, every offset and position) and decodes it.
    pub fn from_bytes(bytes: &[u8]) -> Result<AgariTables, TableError> {
        let s = blob::parse_layout(&layout::LAYOUT, bytes)?;
        let [ak, av, ad, mk, mv, ms] = s[..] else {
            return Err(bad("table", "section count"));
        };
        let akeys: Vec<u32> = words::<4>(ak).map(u32::from_le_bytes).collect();
        let avals: Vec<u32> = words::<4>(av).map(u32::from_le_bytes).collect();
        let entries: Vec<u32> = words::<4>(ad).map(u32::from_le_bytes).collect();
        let mkeys: Vec<u32> = words::<4>(mk).map(u32::from_le_bytes).collect();
        let mvals: Vec<u16> = words::<2>(mv).map(u16::from_le_bytes).collect();
        let stream: Vec<u16> = words::<2>(ms).map(u16::from_le_bytes).collect();
        check_slots(&akeys, "agari-keys")?;
        check_slots(&mkeys, "machi-keys")?;
        if avals.len() != akeys.len() || mvals.len() != mkeys.len() {
            return Err(bad("values", "not one value per key slot"));
        }
        for (&packed, &val) in akeys.iter().zip(&avals) {
            if packed == 0 {
                continue;
            }
            let key = layout::unpack(packed)
                .ok_or_else(|| bad("agari-keys", format!("{packed:#x} is not a key")))?;
            let n = layout::positions(key);
            let (off, count) = ((val & 0xFF_FFFF) as usize, (val >> 24) as usize);
            let list = entries
                .get(off..off + count)
                .filter(|l| !l.is_empty())
                .ok_or_else(|| bad("agari-values", format!("entries {off}+{count}")))?;
            let tiles: usize = (0..n).map(|i| usize::from(layout::count_at(key, i))).sum();
            for &d in list {
                let melds = tiles.saturating_sub(2) / 3;
                let fits = d & decomposition_bits::SEVEN_PAIRS != 0
                    || (decomposition_bits::pair(d) < n
                        && (0..melds).all(|m| {
                            let (pos, trip) = decomposition_bits::meld(d, m);
                            pos + if trip { 0 } else { 2 } < n
                        }));
                if !fits {
                    return Err(bad("agari-entries", format!("{d:#x} for {key:#x}")));
                }
            }
        }
        let aslots = slots(&akeys, avals.iter().copied());
        for &packed in akeys.iter().filter(|&&k| k != 0) {
            if find(&aslots, packed).is_none() {
                return Err(bad("agari-keys", format!("{packed:#x} not at its place")));
            }
        }
        let mslots = slots(&mkeys, mvals.iter().map(|&v| u32::from(v)));
        let mut filter = vec![0u64; (1 << FILTER_BITS) / 64];
        for (&packed, &val) in mkeys.iter().zip(&mvals) {
            if packed == 0 {
                continue;
            }
            let key = layout::unpack(packed)
                .ok_or_else(|| bad("machi-keys", format!("{packed:#x} is not a key")))?;
            let n = layout::positions(key);
            let off = usize::from(val);
            let count = stream
                .get(off)
                .copied()
                .filter(|&c| c > 0)
                .ok_or_else(|| bad("machi-values", format!("waits at {off} for {key:#x}")))?;
            let mut at = off + 1;
            for _ in 0..count {
                let w = stream
                    .get(at)
                    .copied()
                    .ok_or_else(|| bad("machi-waits", format!("end of waits for {key:#x}")))?;
                let readings = usize::from((w >> 6) & 63);
                if usize::from(w & 15) >= n
                    || (w >> 4) & 3 == 3
                    || w >> 12 != 0
                    || readings == 0
                    || at + 1 + readings > stream.len()
                {
                    return Err(bad("machi-waits", format!("{w:#x} for {key:#x}")));
                }
                at += 1 + readings;
            }
            if find(&mslots, packed).is_none() {
                return Err(bad("machi-keys", format!("{packed:#x} not at its place")));
            }
            let b = filter_bit(key);
            if let Some(word) = filter.get_mut(b / 64) {
                *word |= 1 << (b % 64);
            }
        }
        Ok(AgariTables {
            filter,
            aslots,
            entries,
            mslots,
            stream,
        })
    }

    /// The committed tables, validated on first use.
    pub fn committed() -> Result<&'static AgariTables, TableError> {
        static TABLES: OnceLock<Result<AgariTables, TableError>> = OnceLock::new();
        TABLES
            .get_or_init(|| AgariTables::from_bytes(COMMITTED_BLOB))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The agari entries (decompositions) of an agari key; empty when it is not a win.
    #[inline]
    pub fn agari(&self, agari_key: u64) -> &[u32] {
        self.agari_packed(layout::pack(agari_key).unwrap_or(0))
    }

    /// The agari entries of a [`layout::pack`]ed agari key (0: none).
    #[inline]
    pub fn agari_packed(&self, packed: u32) -> &[u32] {
        let Some(v) = find(&self.aslots, packed).filter(|_| packed != 0) else {
            return &[];
        };
        let off = (v & 0xFF_FFFF) as usize;
        self.entries
            .get(off..off + (v >> 24) as usize)
            .unwrap_or(&[])
    }

    /// `false` proves the machi key is not in the table; `true` means look it up.
    #[inline]
    pub fn may_be_ready(&self, machi_key: u64) -> bool {
        let b = filter_bit(machi_key);
        self.filter
            .get(b / 64)
            .is_some_and(|w| w >> (b % 64) & 1 != 0)
    }

    /// The waits of a machi key, each as (slot, readings); none when it is not ready.
    #[inline]
    pub fn machi(&self, machi_key: u64) -> Waits<'_> {
        self.machi_packed(layout::pack(machi_key).unwrap_or(0))
    }

    /// Where a packed machi key's probe starts, and that slot (loaded now so that several
    /// lookups' cache misses overlap).
    #[inline]
    pub(crate) fn machi_start(&self, packed: u32) -> (usize, u64) {
        let h = layout::home(packed, self.mslots.len());
        (h, self.mslots.get(h).copied().unwrap_or(0))
    }

    /// [`AgariTables::machi_packed`] from a probe start of [`AgariTables::machi_start`].
    #[inline]
    pub(crate) fn machi_from(&self, packed: u32, (h, first): (usize, u64)) -> Waits<'_> {
        let v = if first as u32 == packed {
            Some((first >> 32) as u32)
        } else if first as u32 == 0 {
            None
        } else {
            find_from(&self.mslots, packed, h + 1)
        };
        self.waits_at(v.filter(|_| packed != 0))
    }

    #[inline]
    fn waits_at(&self, value: Option<u32>) -> Waits<'_> {
        let none = Waits {
            stream: &[],
            left: 0,
        };
        let Some(v) = value else {
            return none;
        };
        match self.stream.get(v as usize..) {
            Some([count, rest @ ..]) => Waits {
                stream: rest,
                left: usize::from(*count),
            },
            _ => none,
        }
    }

    /// The waits of a [`layout::pack`]ed machi key (0: none).
    #[inline]
    pub fn machi_packed(&self, packed: u32) -> Waits<'_> {
        let none = Waits {
            stream: &[],
            left: 0,
        };
        let Some(v) = find(&self.mslots, packed).filter(|_| packed != 0) else {
            return none;
        };
        let off = v as usize;
        match self.stream.get(off..) {
            Some([count, rest @ ..]) => Waits {
                stream: rest,
                left: usize::from(*count),
            },
            _ => none,
        }
    }

    /// Number of agari and machi patterns.
    pub fn pattern_counts(&self) -> (usize, usize) {
        (
            self.aslots.iter().filter(|&&k| k as u32 != 0).count(),
            self.mslots.iter().filter(|&&k| k as u32 != 0).count(),
        )
    }
}

/// The waits of a ready pattern: (slot, readings) per wait (see [`crate::layout`]).
#[derive(Clone, Copy, Debug)]
pub struct Waits<'a> {
    stream: &'a [u16],
    left: usize,
}

impl<'a> Iterator for Waits<'a> {
    type Item = (u32, &'a [u16]);

    #[inline]
    fn next(&mut self) -> Option<(u32, &'a [u16])> {
        if self.left == 0 {
            return None;
        }
        let (&header, rest) = self.stream.split_first()?;
        let (readings, rest) = rest.split_at_checked(usize::from((header >> 6) & 63))?;
        self.stream = rest;
        self.left -= 1;
        Some((u32::from(header & 63), readings))
    }
}
