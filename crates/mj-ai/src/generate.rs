//! The generator of the shanten tables: pure and deterministic ([`generate`]), written into
//! the committed blob `data/shanten.bin` by `cargo xtask gen-tables` ([`generate_blob`]).
//!
//! # How the automaton is built
//!
//! Ranks are read left to right. After rank `r` the prefix is summarised by the function
//! `F(x, y, j, p)`: the least cost so far for a partial target with `j` melds (counting open
//! sequences), `p` pairs, `x` sequences started at rank `r` and `y` started at rank `r - 1`
//! (both still needing later ranks). Distinct functions are the forward states (deduplicated
//! per level); Myhill-Nerode minimisation from the last level back gives the minimal states
//! whose futures differ. The generator never reads a table it made, and every map it uses
//! assigns ids in insertion order, so the output is the same on every run. It shares no code
//! with [`crate::reference`], which the tests compare its tables with.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::tables::{
    FINAL_LEN, FINAL_SHIFT, MAX_MELDS, ShantenTables, VECTOR_LEN, Vector, fixed, honor_key,
};

#[derive(Default)]
struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0x517c_c1b7_2722_0a95;
        let mut h = self.0;
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            h = (h.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(K);
        }
        for &b in chunks.remainder() {
            h = (h.rotate_left(5) ^ u64::from(b)).wrapping_mul(K);
        }
        self.0 = h;
    }
}

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// Assigns ids in first-seen order.
struct Interner<K> {
    map: FxMap<K, u32>,
    items: Vec<K>,
}

impl<K: Copy + Eq + core::hash::Hash> Interner<K> {
    fn new() -> Self {
        Interner {
            map: FxMap::default(),
            items: Vec::new(),
        }
    }

    fn id(&mut self, key: K) -> u32 {
        if let Some(&id) = self.map.get(&key) {
            return id;
        }
        let id = self.items.len() as u32;
        self.map.insert(key, id);
        self.items.push(key);
        id
    }
}

// A prefix function F is stored as 30 rows (15 (x, y) pairs with x + y <= 4, times p), each a
// u64 of 8 byte lanes: lane j (0..=5) is the cost for j melds, lanes 6 and 7 stay "infinite".
// Finite costs are at most 0x3F; 0x7F is infinity.
const XY: usize = 15;
const ROWS: usize = XY * 2;
type Prefix = [u64; ROWS];
const INF_LANES: u64 = 0x7F7F_7F7F_7F7F_7F7F;
const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

#[derive(Clone, Copy)]
struct Transition {
    src: u8,
    dst: u8,
    shift: u8,
    tiles: u8,
    pair: u8,
}

fn xy_index(x: usize, y: usize) -> usize {
    // Rows ordered by x, then y, over x + y <= 4.
    let mut i = 0;
    for xx in 0..5 {
        for yy in 0..5 - xx {
            if xx == x && yy == y {
                return i;
            }
            i += 1;
        }
    }
    usize::MAX
}

/// Every way to extend a prefix by one rank: `s` new sequences, `t` triplets, `q` pairs, with at
/// most four tiles of the rank in the target.
fn transitions(sequences: bool) -> Vec<Transition> {
    let mut out = Vec::new();
    for x in 0..5usize {
        for y in 0..5 - x {
            let src = xy_index(x, y);
            for s in 0..=(if sequences { 4 } else { 0 }) {
                for t in 0..2usize {
                    for q in 0..2usize {
                        let tiles = x + y + s + 3 * t + 2 * q;
                        if tiles > 4 {
                            continue;
                        }
                        out.push(Transition {
                            src: src as u8,
                            dst: xy_index(s, x) as u8,
                            shift: (s + t) as u8,
                            tiles: tiles as u8,
                            pair: q as u8,
                        });
                    }
                }
            }
        }
    }
    out
}

/// `min(acc, (src shifted up by `shift` lanes) + cost)`, lane-wise, infinity preserved.
#[inline]
fn lanes_min_add(acc: u64, src: u64, shift: u32, cost: u8) -> u64 {
    let shifted = if shift == 0 {
        src
    } else {
        (src << (8 * shift)) | (INF_LANES >> (64 - 8 * shift))
    };
    let mut x = shifted + u64::from(cost) * ONES;
    let over = ((x & HIGH) >> 7) * 0xFF;
    x = (x & !over) | (over & INF_LANES);
    let ge = ((((acc | HIGH) - x) & HIGH) >> 7) * 0xFF;
    (x & ge) | (acc & !ge) | 0x7F7F_0000_0000_0000
}

fn step(f: &Prefix, count: u8, trs: &[Transition]) -> Prefix {
    let mut out = [INF_LANES; ROWS];
    for tr in trs {
        let cost = tr.tiles.saturating_sub(count);
        for p in 0..(2 - usize::from(tr.pair)) {
            let src = f[usize::from(tr.src) * 2 + p];
            if src == INF_LANES {
                continue;
            }
            let d = usize::from(tr.dst) * 2 + p + usize::from(tr.pair);
            out[d] = lanes_min_add(out[d], src, u32::from(tr.shift), cost);
        }
    }
    out
}

fn root() -> Prefix {
    let mut f = [INF_LANES; ROWS];
    f[0] = INF_LANES << 8;
    f
}

/// The final vector of a prefix function that has read every rank (x = y = 0).
fn final_vector(f: &Prefix) -> Vector {
    let mut v = [0u8; VECTOR_LEN];
    let (p0, p1) = (f[0].to_le_bytes(), f[1].to_le_bytes());
    for j in 0..=MAX_MELDS {
        v[j * 2] = p0[j];
        v[j * 2 + 1] = p1[j];
    }
    v
}

/// The distance vector of one suit by running the prefix DP over its counts.
#[cfg(test)]
pub(crate) fn suit_vector(counts: &[u8], sequences: bool) -> Vector {
    let with = transitions(sequences);
    let without = transitions(false);
    let len = counts.len();
    let mut f = root();
    for (r, &c) in counts.iter().enumerate() {
        f = step(&f, c, if r + 2 < len { &with } else { &without });
    }
    final_vector(&f)
}

/// Min-plus combination of two vectors (melds add, pairs add up to one).
pub(crate) fn combine(a: &Vector, b: &Vector) -> Vector {
    let mut out = [u8::MAX; VECTOR_LEN];
    for ja in 0..=MAX_MELDS {
        for jb in 0..=MAX_MELDS - ja {
            for pa in 0..2 {
                for pb in 0..2 - pa {
                    let k = (ja + jb) * 2 + pa + pb;
                    let s = a[ja * 2 + pa] + b[jb * 2 + pb];
                    if s < out[k] {
                        out[k] = s;
                    }
                }
            }
        }
    }
    out
}

/// Builds every table. Pure and deterministic. About 30 ms in an optimised build on the
/// 2-core reference machine (the `table_build_time_and_sizes` test prints it); most of it is
/// the forward automaton over ranks 6 to 9 (about 19 000 prefix functions of 240 bytes).
pub fn generate() -> ShantenTables {
    const LEN: usize = 9;
    let with = transitions(true);
    let without = transitions(false);

    // Forward automaton, one level per rank.
    let mut levels: Vec<Vec<Prefix>> = vec![vec![root()]];
    let mut trans: Vec<Vec<[u32; 5]>> = Vec::with_capacity(LEN);
    for r in 0..LEN {
        let trs = if r + 2 < LEN { &with } else { &without };
        let mut next = Interner::<Prefix>::new();
        let mut rows = Vec::with_capacity(levels[r].len());
        for f in &levels[r] {
            let mut row = [0u32; 5];
            for (c, slot) in row.iter_mut().enumerate() {
                *slot = next.id(step(f, c as u8, trs));
            }
            rows.push(row);
        }
        levels.push(next.items);
        trans.push(rows);
    }

    // Final classes, then minimisation backwards; keep the minimal ids at level 6.
    let mut classes = Interner::<Vector>::new();
    let mut minimal: Vec<u32> = levels[LEN]
        .iter()
        .map(|f| classes.id(final_vector(f)))
        .collect();
    let final_of_forward9 = minimal.clone();
    let mut minimal6 = Vec::new();
    for r in (0..LEN).rev() {
        let mut sigs = Interner::<[u32; 5]>::new();
        minimal = trans[r]
            .iter()
            .map(|row| sigs.id(row.map(|t| minimal[t as usize])))
            .collect();
        if r == 6 {
            minimal6 = minimal.clone();
        }
    }
    let six_states = minimal6.iter().map(|&s| s as usize + 1).max().unwrap_or(0);

    // Six-rank table: walk the forward automaton.
    let mut six = vec![0u16; 125 * 128];
    for i in 0..15_625 {
        let mut state = 0usize;
        let mut rest = i;
        for level in trans.iter().take(6) {
            state = level[state][rest % 5] as usize;
            rest /= 5;
        }
        six[((i % 125) << 7) | (i / 125)] = minimal6[state] as u16;
    }
    // Tail table: a representative forward state per minimal state, then the last three ranks.
    let mut representative = vec![usize::MAX; six_states];
    for (forward, &m) in minimal6.iter().enumerate() {
        if representative[m as usize] == usize::MAX {
            representative[m as usize] = forward;
        }
    }
    let mut tail = vec![0u8; six_states * 128];
    for (m, &rep) in representative.iter().enumerate() {
        for suffix in 0..125 {
            let mut state = rep;
            let mut rest = suffix;
            for level in trans.iter().skip(6) {
                state = level[state][rest % 5] as usize;
                rest /= 5;
            }
            tail[m << 7 | suffix] = final_of_forward9[state] as u8;
        }
    }
    let numbered_vec = classes.items;

    // Honors: the vector depends on how many kinds are held 1, 2, 3, 4 times.
    let mut honor_classes = Interner::<Vector>::new();
    let mut honor = vec![0u8; 4096];
    for n1 in 0..=7usize {
        for n2 in 0..=7 - n1 {
            for n3 in 0..=7 - n1 - n2 {
                for n4 in 0..=7 - n1 - n2 - n3 {
                    let mut counts = [0u8; 7];
                    let mut i = 0;
                    for (count, n) in [(4u8, n4), (3, n3), (2, n2), (1, n1)] {
                        for _ in 0..n {
                            counts[i] = count;
                            i += 1;
                        }
                    }
                    let mut f = root();
                    for &c in &counts {
                        f = step(&f, c, &without);
                    }
                    let id = honor_classes.id(final_vector(&f));
                    honor[honor_key(&counts)] = id as u8;
                }
            }
        }
    }
    let honor_vec = honor_classes.items;

    // Pair classes.
    let mut man_pin_classes = Interner::<Vector>::new();
    let mut man_pin = vec![0u16; numbered_vec.len() << 8];
    for (i, a) in numbered_vec.iter().enumerate() {
        for (j, b) in numbered_vec.iter().enumerate() {
            man_pin[i << 8 | j] = man_pin_classes.id(combine(a, b)) as u16;
        }
    }
    let mut sou_honor_classes = Interner::<Vector>::new();
    let mut sou_honor = vec![0u32; numbered_vec.len() << 7];
    for (i, a) in numbered_vec.iter().enumerate() {
        for (j, b) in honor_vec.iter().enumerate() {
            sou_honor[i << 7 | j] = sou_honor_classes.id(combine(a, b));
        }
    }
    let (man_pin_vectors, sou_honor_vectors) = (man_pin_classes.items, sou_honor_classes.items);
    for key in sou_honor.iter_mut() {
        *key *= man_pin_vectors.len() as u32;
    }

    // Final table: distance for m melds and one pair, one slice per m.
    let mut final_table = vec![0u8; FINAL_LEN];
    for m in 0..=MAX_MELDS {
        let mut at = m << FINAL_SHIFT;
        for b in &sou_honor_vectors {
            for a in &man_pin_vectors {
                let mut best = u8::MAX;
                for ja in 0..=m {
                    let jb = m - ja;
                    best = best
                        .min(a[ja * 2] + b[jb * 2 + 1])
                        .min(a[ja * 2 + 1] + b[jb * 2]);
                }
                final_table[at] = best;
                at += 1;
            }
        }
    }

    // The fixed tables fit: 1 845 states of 2 048, 187 numbered and 83 honor classes of
    // 256 and 128, slices of 275 x 328 of 1 << 17 (the `table_build_time_and_sizes` test).
    ShantenTables {
        six: fixed(&six),
        tail: fixed(&tail),
        six_states,
        honor: fixed(&honor),
        numbered_vec,
        honor_vec,
        man_pin: fixed(&man_pin),
        sou_honor: fixed(&sou_honor),
        man_pin_vectors,
        sou_honor_vectors,
        final_table: fixed(&final_table),
    }
}

/// The blob of [`generate`]'s tables (see [`crate::tables::LAYOUT`]), as `cargo xtask
/// gen-tables` writes it.
pub fn generate_blob() -> Result<Vec<u8>, String> {
    generate().to_bytes().map_err(|e| e.to_string())
}
