//! The pure generator of the agari and machi tables (behind `cargo xtask gen-tables`).
//!
//! Deterministic: every collection iterated here is ordered (`BTreeMap`, `BTreeSet`, sorted
//! vectors). It never reads the blob.
//!
//! 1. **Runs.** Every multiset of at most four melds and at most one pair placed on the nine
//!    ranks of a suit whose tiles are contiguous, shifted to start at rank 0: a run's counts and
//!    all the ways it splits.
//! 2. **Agari patterns.** Every ordered sequence of runs (separated by a non-adjacent link) with
//!    one pair in all and 2, 5, 8, 11 or 14 tiles; its decompositions are the products of its
//!    runs' splits. Seven pairs adds every pattern of seven 2s.
//! 3. **Machi patterns.** Every agari pattern with each separator a `GAP` or `FAR` (a chain of
//!    runs joined by gaps fits in nine ranks), minus one tile at each position: the ready
//!    pattern, where the wait sits, and which group of which decomposition the wait completes.

use std::collections::{BTreeMap, BTreeSet};

use mj_tables::blob::{self, SectionData};

use crate::layout::{self, ADJACENT, FAR, GAP, decomposition_bits, wait_offset};

/// A run's split: the pair's rank (if any) and its melds `(lowest rank, triplet)`, sorted.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Split {
    pair: Option<u8>,
    melds: Vec<(u8, bool)>,
}

/// Runs of at most `width` ranks: contiguous count vectors and their splits.
fn runs(width: u8) -> BTreeMap<Vec<u8>, BTreeSet<Split>> {
    let mut kinds = Vec::new();
    for s in 0..width - 2 {
        kinds.push((s, false));
    }
    for s in 0..width {
        kinds.push((s, true));
    }
    let mut out: BTreeMap<Vec<u8>, BTreeSet<Split>> = BTreeMap::new();
    let mut chosen = Vec::new();
    fn rec(
        width: u8,
        kinds: &[(u8, bool)],
        from: usize,
        chosen: &mut Vec<(u8, bool)>,
        out: &mut BTreeMap<Vec<u8>, BTreeSet<Split>>,
    ) {
        for pair in std::iter::once(None).chain((0..width).map(Some)) {
            let mut counts = [0u8; 16];
            for &(s, trip) in chosen.iter() {
                if trip {
                    counts[s as usize] += 3;
                } else {
                    for c in &mut counts[s as usize..s as usize + 3] {
                        *c += 1;
                    }
                }
            }
            if let Some(p) = pair {
                counts[p as usize] += 2;
            }
            if counts.iter().any(|&c| c > 4) {
                continue;
            }
            let Some(lo) = counts.iter().position(|&c| c > 0) else {
                continue;
            };
            let hi = counts.iter().rposition(|&c| c > 0).unwrap_or(lo);
            if counts[lo..=hi].contains(&0) {
                continue;
            }
            let shift = lo as u8;
            let mut melds: Vec<(u8, bool)> = chosen.iter().map(|&(s, t)| (s - shift, t)).collect();
            melds.sort_unstable();
            out.entry(counts[lo..=hi].to_vec())
                .or_default()
                .insert(Split {
                    pair: pair.map(|p| p - shift),
                    melds,
                });
        }
        if chosen.len() == 4 {
            return;
        }
        for k in from..kinds.len() {
            chosen.push(kinds[k]);
            rec(width, kinds, k, chosen, out);
            chosen.pop();
        }
    }
    rec(width, &kinds, 0, &mut chosen, &mut out);
    out
}

/// A key from counts and links (`links[i]` joins position `i` and `i + 1`).
pub(crate) fn key_of(counts: &[u8], links: &[u64]) -> u64 {
    debug_assert!(counts.len() <= layout::MAX_POSITIONS && links.len() + 1 == counts.len());
    let mut key = (counts.len() as u64) << 60;
    for (i, &c) in counts.iter().enumerate() {
        key |= u64::from(c - 1) << (4 * i);
        if let Some(&l) = links.get(i) {
            key |= l << (4 * i + 2);
        }
    }
    key
}

/// An agari pattern: its counts, the lengths of its runs (adjacent positions) and its
/// decompositions.
#[derive(Clone, Debug)]
struct Pattern {
    counts: Vec<u8>,
    runs: Vec<usize>,
    decs: BTreeSet<u32>,
}

impl Pattern {
    /// The decompositions in table order: standard ones (sorted), then seven pairs.
    fn ordered(&self) -> Vec<u32> {
        let (seven, standard): (Vec<u32>, Vec<u32>) = self
            .decs
            .iter()
            .partition(|&&d| d & decomposition_bits::SEVEN_PAIRS != 0);
        standard.into_iter().chain(seven).collect()
    }

    fn links(&self) -> Vec<u64> {
        let mut links = Vec::new();
        for (r, &len) in self.runs.iter().enumerate() {
            links.extend(std::iter::repeat_n(ADJACENT, len - 1));
            if r + 1 < self.runs.len() {
                links.push(FAR);
            }
        }
        links
    }
}

fn flags(melds: &[(u8, bool)], runs_of: &[usize], run_start: &[usize], run_len: &[usize]) -> u32 {
    let seqs: Vec<u8> = melds.iter().filter(|m| !m.1).map(|m| m.0).collect();
    let mut doubles = 0;
    let mut i = 0;
    while i < seqs.len() {
        let mut j = i;
        while j < seqs.len() && seqs[j] == seqs[i] {
            j += 1;
        }
        doubles += (j - i) / 2;
        i = j;
    }
    let mut f = match doubles {
        0 => 0,
        1 => decomposition_bits::DOUBLE_SEQUENCE,
        _ => decomposition_bits::TWO_DOUBLE_SEQUENCES,
    };
    for &s in &seqs {
        let s = usize::from(s);
        let r = runs_of[s];
        if run_len[r] == 9
            && run_start[r] == s
            && seqs.contains(&((s + 3) as u8))
            && seqs.contains(&((s + 6) as u8))
        {
            f |= decomposition_bits::PURE_STRAIGHT;
        }
    }
    f
}

/// Every agari pattern with runs of at most `width` ranks (9 for real hands), by agari key.
fn agari_patterns(width: u8) -> Result<BTreeMap<u64, Pattern>, String> {
    let runs: Vec<(Vec<u8>, Vec<Split>)> = runs(width)
        .into_iter()
        .map(|(c, s)| (c, s.into_iter().collect()))
        .collect();
    let mut out: BTreeMap<u64, Pattern> = BTreeMap::new();
    let mut seq: Vec<usize> = Vec::new();
    for total in [2u32, 5, 8, 11, 14] {
        sequences(&runs, total, 0, false, &mut seq, &mut |seq| {
            add_standard(&runs, seq, &mut out)
        })?;
    }
    // Seven pairs: seven positions of two, any links.
    for mask in 0u32..64 {
        let mut run_lens = vec![1usize];
        for b in 0..6 {
            if mask >> b & 1 == 1 {
                if let Some(last) = run_lens.last_mut() {
                    *last += 1;
                }
            } else {
                run_lens.push(1);
            }
        }
        let counts = vec![2u8; 7];
        let p = Pattern {
            counts,
            runs: run_lens,
            decs: BTreeSet::new(),
        };
        let key = key_of(&p.counts, &p.links());
        out.entry(key)
            .or_insert(p)
            .decs
            .insert(decomposition_bits::SEVEN_PAIRS);
    }
    Ok(out)
}

fn sequences(
    runs: &[(Vec<u8>, Vec<Split>)],
    left: u32,
    positions: usize,
    has_pair: bool,
    seq: &mut Vec<usize>,
    f: &mut dyn FnMut(&[usize]) -> Result<(), String>,
) -> Result<(), String> {
    if left == 0 {
        return if has_pair { f(seq) } else { Ok(()) };
    }
    for (r, (counts, _)) in runs.iter().enumerate() {
        let tiles: u32 = counts.iter().map(|&c| u32::from(c)).sum();
        let pair = tiles % 3 == 2;
        if tiles > left || (pair && has_pair) || positions + counts.len() > layout::MAX_POSITIONS {
            continue;
        }
        seq.push(r);
        sequences(
            runs,
            left - tiles,
            positions + counts.len(),
            has_pair || pair,
            seq,
            f,
        )?;
        seq.pop();
    }
    Ok(())
}

fn add_standard(
    runs: &[(Vec<u8>, Vec<Split>)],
    seq: &[usize],
    out: &mut BTreeMap<u64, Pattern>,
) -> Result<(), String> {
    let mut counts = Vec::new();
    let mut run_lens = Vec::new();
    let mut run_start = Vec::new();
    let mut runs_of = Vec::new();
    for (i, &r) in seq.iter().enumerate() {
        run_start.push(counts.len());
        run_lens.push(runs[r].0.len());
        runs_of.extend(std::iter::repeat_n(i, runs[r].0.len()));
        counts.extend_from_slice(&runs[r].0);
    }
    let p = Pattern {
        counts,
        runs: run_lens.clone(),
        decs: BTreeSet::new(),
    };
    let key = key_of(&p.counts, &p.links());
    let nine_gates = p.counts.len() == 9
        && p.counts.iter().map(|&c| u32::from(c)).sum::<u32>() == 14
        && p.counts[0] >= 3
        && p.counts[8] >= 3;
    // Cartesian product of the runs' splits.
    let mut combos: Vec<Split> = vec![Split {
        pair: None,
        melds: Vec::new(),
    }];
    for (i, &r) in seq.iter().enumerate() {
        let base = run_start[i] as u8;
        let mut next = Vec::new();
        for done in &combos {
            for split in &runs[r].1 {
                let mut melds = done.melds.clone();
                melds.extend(split.melds.iter().map(|&(s, t)| (s + base, t)));
                next.push(Split {
                    pair: done.pair.or(split.pair.map(|q| q + base)),
                    melds,
                });
            }
        }
        combos = next;
    }
    let entry = out.entry(key).or_insert(p);
    for Split { pair, mut melds } in combos {
        let pair = pair.ok_or("a standard pattern without a pair")?;
        melds.sort_unstable();
        let mut d = u32::from(pair);
        for (m, &(pos, trip)) in melds.iter().enumerate() {
            d |= decomposition_bits::pack_meld(m, usize::from(pos), trip);
        }
        d |= flags(&melds, &runs_of, &run_start, &run_lens);
        if nine_gates {
            d |= decomposition_bits::NINE_GATES;
        }
        entry.decs.insert(d);
    }
    Ok(())
}

/// Agari patterns by concealed tile count, with runs of at most `width` ranks: 9 is the real
/// tiles; 14 lifts the limit (as mjscore's pattern list does, which counts 9,362 for 14 tiles).
pub fn agari_pattern_counts(width: u8) -> Result<BTreeMap<u32, usize>, String> {
    let mut out = BTreeMap::new();
    for key in agari_patterns(width)?.keys() {
        *out.entry(tiles_of(*key)).or_insert(0) += 1;
    }
    Ok(out)
}

/// Distances behind link codes: 1, 2, 3 or more.
fn distance(link: u64) -> u8 {
    link as u8 + 1
}

fn link_of_distance(d: u8) -> u64 {
    match d {
        1 => ADJACENT,
        2 => GAP,
        _ => FAR,
    }
}

/// Packs a machi reading.
fn reading(entry: usize, group: usize, offset: usize) -> u16 {
    entry as u16 | (group as u16) << 8 | (offset as u16) << 11
}

type MachiMap = BTreeMap<u64, BTreeMap<u8, BTreeSet<u16>>>;

fn machi_from(p: &Pattern, decs: &[u32], out: &mut MachiMap) -> Result<(), String> {
    // Every choice of GAP/FAR between runs whose gap chains fit in nine ranks.
    let separators = p.runs.len() - 1;
    for mask in 0u32..(1 << separators) {
        let mut span = p.runs[0];
        let mut fits = true;
        for (b, &len) in p.runs.iter().enumerate().skip(1) {
            if mask >> (b - 1) & 1 == 1 {
                span += 1 + len;
                fits &= span <= 9;
            } else {
                span = len;
            }
        }
        if !fits {
            continue;
        }
        let mut links = Vec::new();
        let mut b = 0;
        for (r, &len) in p.runs.iter().enumerate() {
            links.extend(std::iter::repeat_n(ADJACENT, len - 1));
            if r + 1 < p.runs.len() {
                links.push(if mask >> b & 1 == 1 { GAP } else { FAR });
                b += 1;
            }
        }
        for i in 0..p.counts.len() {
            let mut counts = p.counts.clone();
            counts[i] -= 1;
            let (key, slot_code) = if counts[i] > 0 {
                (key_of(&counts, &links), i as u8 | wait_offset::SAME << 4)
            } else {
                let before = i.checked_sub(1).map(|j| distance(links[j]));
                let after = links.get(i).map(|&l| distance(l));
                let code = match (before, after) {
                    (Some(1), _) => (i - 1) as u8 | wait_offset::ABOVE << 4,
                    (_, Some(1)) => i as u8 | wait_offset::BELOW << 4,
                    _ => return Err(format!("an isolated single in {:?}", p.counts)),
                };
                counts.remove(i);
                let mut l = links.clone();
                match (before, after) {
                    (Some(x), Some(y)) => {
                        l[i - 1] = link_of_distance((x + y).min(3));
                        l.remove(i);
                    }
                    (Some(_), None) => {
                        l.remove(i - 1);
                    }
                    (None, _) => {
                        l.remove(0);
                    }
                }
                (key_of(&counts, &l), code)
            };
            let readings = out.entry(key).or_default().entry(slot_code).or_default();
            for (j, &d) in decs.iter().enumerate() {
                let entry = j;
                if d & decomposition_bits::SEVEN_PAIRS != 0 {
                    readings.insert(reading(entry, 0, 0));
                    continue;
                }
                if decomposition_bits::pair(d) == i {
                    readings.insert(reading(entry, 0, 0));
                }
                let n = (p.counts.iter().map(|&c| usize::from(c)).sum::<usize>() - 2) / 3;
                let mut seen: Vec<(usize, bool)> = Vec::new();
                for m in 0..n {
                    let (pos, trip) = decomposition_bits::meld(d, m);
                    if seen.contains(&(pos, trip)) {
                        continue;
                    }
                    seen.push((pos, trip));
                    if trip && pos == i {
                        readings.insert(reading(entry, m + 1, 0));
                    } else if !trip && (pos..pos + 3).contains(&i) {
                        readings.insert(reading(entry, m + 1, i - pos));
                    }
                }
            }
        }
    }
    Ok(())
}

/// The generator's output: the blob and the pattern counts.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The blob.
    pub bytes: Vec<u8>,
    /// Agari patterns by concealed tile count (2, 5, 8, 11, 14).
    pub agari_patterns: BTreeMap<u32, usize>,
    /// Machi patterns by concealed tile count (1, 4, 7, 10, 13).
    pub machi_patterns: BTreeMap<u32, usize>,
    /// Agari entries (decompositions) in all.
    pub agari_entries: usize,
    /// Machi waits and readings in all.
    pub machi_waits: usize,
    /// Machi readings in all.
    pub machi_readings: usize,
    /// Section sizes in bytes, by name.
    pub sections: Vec<(&'static str, usize)>,
}

fn hash_table(keys: &[u64]) -> Result<(Vec<u32>, Vec<usize>), String> {
    let size = (keys.len() * 5).div_ceil(4).max(2) + 1;
    let mut slots = vec![0u32; size];
    let mut at = vec![usize::MAX; size];
    for (i, &k) in keys.iter().enumerate() {
        let packed = layout::pack(k).ok_or_else(|| format!("key {k:#x} does not pack"))?;
        if layout::unpack(packed) != Some(k) {
            return Err(format!("key {k:#x} does not unpack"));
        }
        let mut h = layout::home(packed, size);
        while slots[h] != 0 {
            h = (h + 1) % size;
        }
        slots[h] = packed;
        at[h] = i;
    }
    Ok((slots, at))
}

fn tiles_of(key: u64) -> u32 {
    (0..layout::positions(key))
        .map(|i| u32::from(layout::count_at(key, i)))
        .sum()
}

/// Generates the blob.
pub fn generate(progress: &mut dyn FnMut(&str)) -> Result<Generated, String> {
    progress("agari patterns");
    let agari = agari_patterns(9)?;
    let mut agari_values = Vec::new();
    let mut entries: Vec<u32> = Vec::new();
    let mut agari_counts = BTreeMap::new();
    for (&key, p) in &agari {
        let n = p.decs.len();
        if n > 255 || entries.len() >= 1 << 24 {
            return Err("too many decompositions".into());
        }
        agari_values.push(entries.len() as u32 | (n as u32) << 24);
        entries.extend(p.ordered());
        *agari_counts.entry(tiles_of(key)).or_insert(0) += 1;
    }
    progress("machi patterns");
    let mut machi: MachiMap = BTreeMap::new();
    for p in agari.values() {
        machi_from(p, &p.ordered(), &mut machi)?;
    }
    let mut machi_values: Vec<u32> = Vec::new();
    let mut stream: Vec<u16> = Vec::new();
    let mut shared: BTreeMap<Vec<u16>, u32> = BTreeMap::new();
    let (mut wait_count, mut reading_count) = (0, 0);
    let mut machi_counts = BTreeMap::new();
    for (&key, ws) in &machi {
        let mut own = vec![ws.len() as u16];
        for (&s, rs) in ws {
            if rs.len() > 63 {
                return Err(format!("{} readings", rs.len()));
            }
            own.push(u16::from(s) | (rs.len() as u16) << 6);
            own.extend(rs.iter().copied());
            wait_count += 1;
            reading_count += rs.len();
        }
        let offset = match shared.get(&own) {
            Some(&o) => o,
            None => {
                let o = stream.len() as u32;
                stream.extend_from_slice(&own);
                shared.insert(own, o);
                o
            }
        };
        if offset > u32::from(u16::MAX) {
            return Err("machi stream beyond 65,535 entries".into());
        }
        machi_values.push(offset);
        *machi_counts.entry(tiles_of(key)).or_insert(0) += 1;
    }
    progress("hash tables");
    let agari_keys: Vec<u64> = agari.keys().copied().collect();
    let machi_keys: Vec<u64> = machi.keys().copied().collect();
    let (akeys, aat) = hash_table(&agari_keys)?;
    let (mkeys, mat) = hash_table(&machi_keys)?;
    let avals: Vec<u32> = aat
        .iter()
        .map(|&i| agari_values.get(i).copied().unwrap_or(0))
        .collect();
    let mvals: Vec<u16> = mat
        .iter()
        .map(|&i| machi_values.get(i).copied().unwrap_or(0) as u16)
        .collect();
    let data = vec![
        SectionData::U32(akeys),
        SectionData::U32(avals),
        SectionData::U32(entries.clone()),
        SectionData::U32(mkeys),
        SectionData::U16(mvals),
        SectionData::U16(stream),
    ];
    let sections = layout::SECTIONS
        .iter()
        .zip(&data)
        .map(|(s, d)| (s.name, d.len() * s.element_size))
        .collect();
    progress("writing the blob");
    let bytes = blob::write_layout(&layout::LAYOUT, &data).map_err(|e| e.to_string())?;
    Ok(Generated {
        bytes,
        agari_patterns: agari_counts,
        machi_patterns: machi_counts,
        agari_entries: entries.len(),
        machi_waits: wait_count,
        machi_readings: reading_count,
        sections,
    })
}
