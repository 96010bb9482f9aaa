//! The reader: the committed blob, validated once, decoded into aligned vectors.

use std::sync::OnceLock;

use mj_tables::TableError;
use mj_tables::blob;

use crate::layout::{self, dec};

/// The blob committed in `data/agari.bin` (regenerate with `cargo xtask gen-tables`).
pub static COMMITTED_BLOB: &[u8] = include_bytes!("../data/agari.bin");

/// The agari and machi tables, decoded from a validated blob.
#[derive(Clone, Debug)]
pub struct AgariTables {
    akeys: Vec<u64>,
    avals: Vec<u32>,
    abits: u32,
    entries: Vec<u32>,
    mkeys: Vec<u64>,
    mvals: Vec<u32>,
    mbits: u32,
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

fn hash_bits(keys: &[u64], section: &'static str) -> Result<u32, TableError> {
    if !keys.len().is_power_of_two() || keys.len() < 2 || !keys.contains(&0) {
        return Err(bad(section, format!("{} slots", keys.len())));
    }
    Ok(keys.len().trailing_zeros())
}

/// Finds `key` in an open-addressing table.
#[inline]
fn find(keys: &[u64], bits: u32, key: u64) -> Option<usize> {
    let mask = keys.len() - 1;
    let mut h = layout::home(key, bits) & mask;
    loop {
        let k = *keys.get(h)?;
        if k == key {
            return Some(h);
        }
        if k == 0 {
            return None;
        }
        h = (h + 1) & mask;
    }
}

impl AgariTables {
    /// Validates a blob (header, checksum, sections, every offset and position) and decodes it.
    pub fn from_bytes(bytes: &[u8]) -> Result<AgariTables, TableError> {
        let s = blob::parse_layout(&layout::LAYOUT, bytes)?;
        let [ak, av, ad, mk, mv, ms] = s[..] else {
            return Err(bad("table", "section count"));
        };
        let akeys: Vec<u64> = words::<8>(ak).map(u64::from_le_bytes).collect();
        let avals: Vec<u32> = words::<4>(av).map(u32::from_le_bytes).collect();
        let entries: Vec<u32> = words::<4>(ad).map(u32::from_le_bytes).collect();
        let mkeys: Vec<u64> = words::<8>(mk).map(u64::from_le_bytes).collect();
        let mvals: Vec<u32> = words::<4>(mv).map(u32::from_le_bytes).collect();
        let stream: Vec<u16> = words::<2>(ms).map(u16::from_le_bytes).collect();
        let abits = hash_bits(&akeys, "agari-keys")?;
        let mbits = hash_bits(&mkeys, "machi-keys")?;
        if avals.len() != akeys.len() || mvals.len() != mkeys.len() {
            return Err(bad("values", "not one value per key slot"));
        }
        for (&key, &val) in akeys.iter().zip(&avals) {
            if key == 0 {
                continue;
            }
            let n = layout::positions(key);
            let (off, count) = ((val & 0xFF_FFFF) as usize, (val >> 24) as usize);
            let list = entries
                .get(off..off + count)
                .filter(|l| !l.is_empty() && n <= layout::MAX_POSITIONS)
                .ok_or_else(|| bad("agari-values", format!("entries {off}+{count}")))?;
            let tiles: usize = (0..n).map(|i| usize::from(layout::count_at(key, i))).sum();
            for &d in list {
                let melds = tiles.saturating_sub(2) / 3;
                let fits = d & dec::SEVEN_PAIRS != 0
                    || (dec::pair(d) < n
                        && (0..melds).all(|m| {
                            let (pos, trip) = dec::meld(d, m);
                            pos + if trip { 0 } else { 2 } < n
                        }));
                if !fits {
                    return Err(bad("agari-entries", format!("{d:#x} for {key:#x}")));
                }
            }
            if find(&akeys, abits, key).is_none() {
                return Err(bad("agari-keys", format!("{key:#x} not at its place")));
            }
        }
        for (&key, &val) in mkeys.iter().zip(&mvals) {
            if key == 0 {
                continue;
            }
            let n = layout::positions(key);
            let (off, count) = ((val & 0xFF_FFFF) as usize, (val >> 24) as usize);
            let mut at = off;
            for _ in 0..count {
                let w = stream
                    .get(at)
                    .copied()
                    .ok_or_else(|| bad("machi-values", format!("waits at {off} for {key:#x}")))?;
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
            if count == 0 {
                return Err(bad("machi-values", format!("no waits for {key:#x}")));
            }
            if find(&mkeys, mbits, key).is_none() {
                return Err(bad("machi-keys", format!("{key:#x} not at its place")));
            }
        }
        let mut filter = vec![0u64; (1 << FILTER_BITS) / 64];
        for &k in mkeys.iter().filter(|&&k| k != 0) {
            let b = filter_bit(k);
            if let Some(w) = filter.get_mut(b / 64) {
                *w |= 1 << (b % 64);
            }
        }
        Ok(AgariTables {
            filter,
            akeys,
            avals,
            abits,
            entries,
            mkeys,
            mvals,
            mbits,
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
        match find(&self.akeys, self.abits, agari_key) {
            Some(h) => {
                let v = self.avals.get(h).copied().unwrap_or(0);
                let off = (v & 0xFF_FFFF) as usize;
                self.entries
                    .get(off..off + (v >> 24) as usize)
                    .unwrap_or(&[])
            }
            None => &[],
        }
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
        match find(&self.mkeys, self.mbits, machi_key) {
            Some(h) => {
                let v = self.mvals.get(h).copied().unwrap_or(0);
                Waits {
                    stream: self.stream.get((v & 0xFF_FFFF) as usize..).unwrap_or(&[]),
                    left: (v >> 24) as usize,
                }
            }
            None => Waits {
                stream: &[],
                left: 0,
            },
        }
    }

    /// Number of agari and machi patterns.
    pub fn pattern_counts(&self) -> (usize, usize) {
        (
            self.akeys.iter().filter(|&&k| k != 0).count(),
            self.mkeys.iter().filter(|&&k| k != 0).count(),
        )
    }

    /// Every agari key with its entries, in slot order.
    pub fn agari_patterns(&self) -> impl Iterator<Item = (u64, &[u32])> + '_ {
        self.akeys
            .iter()
            .filter(|&&k| k != 0)
            .map(|&k| (k, self.agari(k)))
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
