//! The shanten tables: a pure, deterministic generator ([`generate`]) and the lazily built
//! instance ([`tables`]) behind a [`OnceLock`].
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
//! * **Pair classes.** `mp` = man combined with pin ([`MP_CLASSES`] distinct vectors), `sz` =
//!   sou combined with honors; each is one lookup in a class-by-class table.
//! * **Final table.** `m`, `mp` class and `sz` class give the distance of the whole hand for
//!   `m` melds and a pair (one byte each, one slice per `m`).
//!
//! A query is therefore four lookups deep: six-rank state, suit class, pair class, final.
//!
//! # How the automaton is built
//!
//! Ranks are read left to right. After rank `r` the prefix is summarised by the function
//! `F(x, y, j, p)`: the least cost so far for a partial target with `j` melds (counting open
//! sequences), `p` pairs, `x` sequences started at rank `r` and `y` started at rank `r - 1`
//! (both still needing later ranks). Distinct functions are the forward states (deduplicated
//! per level); Myhill-Nerode minimisation from the last level back gives the minimal states
//! whose futures differ. The generator never reads a table it made, and every map it uses
//! assigns ids in insertion order, so the output is the same on every run.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

/// The most melds one suit (and the whole concealed hand) is asked for: 5 melds and a pair is
/// the 17-tile hand of 16-tile variants.
pub const MAX_MELDS: usize = 5;
/// Length of a distance vector: `(MAX_MELDS + 1) * 2`, index `j * 2 + p`.
pub const VLEN: usize = (MAX_MELDS + 1) * 2;
/// How many distinct distance vectors a numbered suit has.
pub const NUMBERED_CLASSES: usize = 187;
/// How many distinct distance vectors the honors have.
pub const HONOR_CLASSES: usize = 83;
/// How many distinct vectors man and pin combined have.
pub const MP_CLASSES: usize = 328;

/// A distance vector: index `j * 2 + p`.
pub type Vector = [u8; VLEN];

/// The tables, as produced by [`generate`].
#[derive(Clone, PartialEq, Eq)]
pub struct ShantenTables {
    /// `128 * base5(ranks 1..=3) + base5(ranks 4..=6)` -> minimal automaton state after six
    /// ranks.
    pub(crate) six: Vec<u16>,
    /// `128 * state + base5(ranks 7..=9)` -> numbered suit class.
    pub(crate) tail: Vec<u8>,
    /// Number of minimal states after six ranks.
    pub(crate) six_states: usize,
    /// Honor key (`n1 + 8 n2 + 64 n3 + 512 n4`, `nk` = kinds held at least `k` times) -> class.
    pub(crate) honor: Vec<u8>,
    /// Numbered class -> vector.
    pub(crate) numbered_vec: Vec<Vector>,
    /// Honor class -> vector.
    pub(crate) honor_vec: Vec<Vector>,
    /// `256 * man class + pin class` -> mp class.
    pub(crate) mp: Vec<u16>,
    /// `128 * sou class + honor class` -> sz key (sz class times the number of mp classes).
    pub(crate) sz: Vec<u32>,
    /// mp class -> vector.
    pub(crate) mp_vec: Vec<Vector>,
    /// sz class -> vector.
    pub(crate) sz_vec: Vec<Vector>,
    /// `(m * sz classes + sz class) * mp classes + mp class` -> distance for `m` melds and a
    /// pair (one byte; a query touches the slice of its own `m` only).
    pub(crate) fin: Vec<u8>,
}

impl core::fmt::Debug for ShantenTables {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ShantenTables")
            .field("six_states", &self.six_states)
            .field("numbered_classes", &self.numbered_vec.len())
            .field("honor_classes", &self.honor_vec.len())
            .field("mp_classes", &self.mp_vec.len())
            .field("sz_classes", &self.sz_vec.len())
            .field("bytes", &self.size_in_bytes())
            .finish()
    }
}

impl ShantenTables {
    /// Total size of the lookup tables in bytes.
    pub fn size_in_bytes(&self) -> usize {
        self.six.len() * 2
            + self.tail.len()
            + self.honor.len()
            + (self.numbered_vec.len()
                + self.honor_vec.len()
                + self.mp_vec.len()
                + self.sz_vec.len())
                * VLEN
            + self.mp.len() * 2
            + self.sz.len() * 4
            + self.fin.len()
    }

    /// Number of distinct sz (sou + honors) vectors.
    pub fn sz_classes(&self) -> usize {
        self.sz_vec.len()
    }

    /// Number of minimal automaton states after six ranks.
    pub fn six_states(&self) -> usize {
        self.six_states
    }

    /// The class of a numbered suit given as nine counts (each 0..=4).
    #[cfg(test)]
    pub(crate) fn numbered_class(&self, c: &[u8]) -> usize {
        let state = usize::from(self.six[base5(&c[0..3]) << 7 | base5(&c[3..6])]);
        usize::from(self.tail[state << 7 | base5(&c[6..9])])
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
        let state = usize::from(self.six[a << 7 | b]);
        usize::from(self.tail[state << 7 | h])
    }

    /// The mp class of a man class and a pin class.
    #[inline]
    pub(crate) fn mp_class(&self, man: usize, pin: usize) -> usize {
        usize::from(self.mp[man << 8 | pin])
    }

    /// The sz key (sz class times the number of mp classes) of a sou class and an honor class.
    #[inline]
    pub(crate) fn sz_class(&self, sou: usize, honor: usize) -> usize {
        self.sz[sou << 7 | honor] as usize
    }

    /// Distance of the whole hand (`m` melds and a pair) from its mp class and sz key.
    #[inline]
    pub(crate) fn distance(&self, mp: usize, sz_key: usize, m: usize) -> u8 {
        self.fin[m * self.mp_vec.len() * self.sz_vec.len() + sz_key + mp]
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

/// The tables, built on first use (see [`generate`] for the cost).
pub fn tables() -> &'static ShantenTables {
    static TABLES: OnceLock<ShantenTables> = OnceLock::new();
    TABLES.get_or_init(generate)
}

// ---------------------------------------------------------------------------------------------
// Generator.

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
    let mut v = [0u8; VLEN];
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
    let mut out = [u8::MAX; VLEN];
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
    let mut mp_classes = Interner::<Vector>::new();
    let mut mp = vec![0u16; numbered_vec.len() << 8];
    for (i, a) in numbered_vec.iter().enumerate() {
        for (j, b) in numbered_vec.iter().enumerate() {
            mp[i << 8 | j] = mp_classes.id(combine(a, b)) as u16;
        }
    }
    let mut sz_classes = Interner::<Vector>::new();
    let mut sz = vec![0u32; numbered_vec.len() << 7];
    for (i, a) in numbered_vec.iter().enumerate() {
        for (j, b) in honor_vec.iter().enumerate() {
            sz[i << 7 | j] = sz_classes.id(combine(a, b));
        }
    }
    let (mp_vec, sz_vec) = (mp_classes.items, sz_classes.items);
    for key in sz.iter_mut() {
        *key *= mp_vec.len() as u32;
    }

    // Final table: distance for m melds and one pair, one slice per m.
    let mut fin = Vec::with_capacity((MAX_MELDS + 1) * mp_vec.len() * sz_vec.len());
    for m in 0..=MAX_MELDS {
        for b in &sz_vec {
            for a in &mp_vec {
                let mut best = u8::MAX;
                for ja in 0..=m {
                    let jb = m - ja;
                    best = best
                        .min(a[ja * 2] + b[jb * 2 + 1])
                        .min(a[ja * 2 + 1] + b[jb * 2]);
                }
                fin.push(best);
            }
        }
    }

    ShantenTables {
        six,
        tail,
        six_states,
        honor,
        numbered_vec,
        honor_vec,
        mp,
        sz,
        mp_vec,
        sz_vec,
        fin,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_build_time_and_sizes() {
        let start = std::time::Instant::now();
        let t = generate();
        let elapsed = start.elapsed();
        println!("{t:?} built in {elapsed:?}");
        assert_eq!(t.numbered_vec.len(), NUMBERED_CLASSES);
        assert_eq!(t.honor_vec.len(), HONOR_CLASSES);
        assert_eq!(t.mp_vec.len(), MP_CLASSES);
        assert_eq!(t.six_states, 1845);
        assert!(t.numbered_vec.len() <= 256 && t.honor_vec.len() <= 256);
        assert!(t.mp_vec.len() <= usize::from(u16::MAX));
    }

    #[test]
    fn automaton_classes_match_the_direct_programme() {
        let t = tables();
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
                t.honor_vec[usize::from(t.honor[honor_key(&h)])],
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
        let t = tables();
        let v = t.numbered_vec[t.numbered_class(&[0; 9])];
        for j in 0..=MAX_MELDS {
            for p in 0..2 {
                assert_eq!(usize::from(v[j * 2 + p]), 3 * j + 2 * p);
            }
        }
    }
}
