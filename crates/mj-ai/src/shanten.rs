//! Shanten (向听 / 向聴): the table-driven evaluation and its report.

use mj_tiles::TileCounts;

use mj_hu::HuError;

use crate::hand::{AiError, HandView, ShapeRules};
use crate::tables::{ShantenTables, base5_three, honor_key_word, validated};
use crate::wild;

/// The shanten of a hand, overall and per winning shape, as the protocol's `shanten` op answers.
///
/// `-1` is a complete hand, `0` ready (听牌 / 聴牌). A shape that does not apply (melds
/// declared, not 13 or 14 concealed tiles, or its rule switch off) is `None`.
///
/// ```
/// use mj_ai::{HandView, ShapeRules};
/// let report = HandView::parse("19m19p19s1234567z")?.shanten(ShapeRules::GENERIC);
/// assert_eq!((report.shanten, report.thirteen_orphans), (0, Some(0)));
/// assert_eq!((report.standard, report.seven_pairs), (8, Some(6)));
/// # Ok::<(), mj_ai::AiError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShantenReport {
    /// The minimum over the shapes that apply.
    pub shanten: i8,
    /// The standard shape: `k` melds and a pair.
    pub standard: i8,
    /// Seven pairs, if it applies.
    pub seven_pairs: Option<i8>,
    /// Thirteen orphans, if it applies.
    pub thirteen_orphans: Option<i8>,
}

impl ShantenReport {
    /// The report of the three shapes' shanten (`None` where a shape does not apply); the
    /// overall shanten is their minimum.
    pub fn of_forms(standard: i8, seven_pairs: Option<i8>, thirteen_orphans: Option<i8>) -> Self {
        let shanten = standard
            .min(seven_pairs.unwrap_or(i8::MAX))
            .min(thirteen_orphans.unwrap_or(i8::MAX));
        ShantenReport {
            shanten,
            standard,
            seven_pairs,
            thirteen_orphans,
        }
    }
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;
/// Orphan (terminal and honor) lanes of the five count words.
const ORPHAN_MASK: [u64; 5] = [0xFF, 0xFFFF, 0x00FF_FF00, 0xFFFF_FFFF_FFFF_0000, 0xFFFF];

/// The 34 counts as five little-endian words of byte lanes (the last holds kinds 32 and 33).
#[inline]
pub(crate) fn count_words(c: &[u8; 34]) -> [u64; 5] {
    let word = |i: usize| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&c[i..i + 8]);
        u64::from_le_bytes(b)
    };
    [
        word(0),
        word(8),
        word(16),
        word(24),
        u64::from(c[32]) | u64::from(c[33]) << 8,
    ]
}

/// How many lanes hold at least `k` (1..=4). Flags at bit 7 of each byte are shifted to bit 0,
/// added across the five words (at most 5 per lane) and summed by one multiply (baseline
/// x86-64 has no popcount instruction, so this beats `count_ones`).
#[inline]
fn at_least(words: &[u64; 5], k: u64) -> u32 {
    let lanes: u64 = words
        .iter()
        .map(|&w| ((w + (0x80 - k) * ONES) & HIGH) >> 7)
        .sum();
    (lanes.wrapping_mul(ONES) >> 56) as u32
}

/// Aggregates of the real tiles that seven pairs and thirteen orphans need.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SpecialCounts {
    /// Kinds held at least once.
    pub kinds: i8,
    /// Kinds held at least twice.
    pub pairs: i8,
    /// Kinds held four times.
    pub quads: i8,
    /// Kinds held an odd number of times.
    pub odd: i8,
    /// Orphan kinds held.
    pub orphan_kinds: i8,
    /// Orphan kinds held at least twice.
    pub orphan_pairs: i8,
}

impl SpecialCounts {
    #[inline]
    pub(crate) fn of(c: &[u8; 34]) -> SpecialCounts {
        let w = count_words(c);
        let (k1, k2, k3, k4) = (
            at_least(&w, 1),
            at_least(&w, 2),
            at_least(&w, 3),
            at_least(&w, 4),
        );
        let mut o = [0u64; 5];
        for i in 0..5 {
            o[i] = w[i] & ORPHAN_MASK[i];
        }
        SpecialCounts {
            kinds: k1 as i8,
            pairs: k2 as i8,
            quads: k4 as i8,
            odd: (k1 - k2 + k3 - k4) as i8,
            orphan_kinds: at_least(&o, 1) as i8,
            orphan_pairs: at_least(&o, 2) as i8,
        }
    }

    /// The aggregates from a hand digest.
    #[inline]
    fn from_digest(d: u64) -> SpecialCounts {
        let (kinds, pairs) = (digest_byte(d, KINDS), digest_byte(d, PAIRS));
        let (triples, quads) = (digest_byte(d, TRIPLES), digest_byte(d, QUADS));
        SpecialCounts {
            kinds,
            pairs,
            quads,
            odd: kinds - pairs + triples - quads,
            orphan_kinds: digest_byte(d, ORPHAN_KINDS),
            orphan_pairs: digest_byte(d, ORPHAN_PAIRS),
        }
    }

    /// Adjusts the aggregates for one kind going from `before` to `after` copies. (Signed, so
    /// that a hypothetical change of a count no kind has stays harmless.)
    #[inline]
    pub(crate) fn adjust(&mut self, orphan: bool, before: u8, after: u8) {
        let f = |c: u8| {
            (
                i8::from(c >= 1),
                i8::from(c >= 2),
                i8::from(c == 4),
                (c & 1) as i8,
            )
        };
        let (a1, a2, a4, ao) = f(before);
        let (b1, b2, b4, bo) = f(after);
        self.kinds = self.kinds + b1 - a1;
        self.pairs = self.pairs + b2 - a2;
        self.quads = self.quads + b4 - a4;
        self.odd = self.odd + bo - ao;
        if orphan {
            self.orphan_kinds = self.orphan_kinds + b1 - a1;
            self.orphan_pairs = self.orphan_pairs + b2 - a2;
        }
    }

    /// Seven pairs shanten with `w` wildcards: 13 minus the real tiles a seven-pairs target
    /// keeps, minus the wildcards.
    #[inline]
    pub(crate) fn seven_pairs(&self, w: u8, distinct: bool) -> i8 {
        let (pairs, singles) = if distinct {
            (self.pairs, self.kinds - self.pairs)
        } else {
            (self.pairs + self.quads, self.odd)
        };
        let full = pairs.clamp(0, 7);
        let kept = 2 * full + singles.clamp(0, 7 - full);
        13 - kept - w as i8
    }

    /// Thirteen orphans shanten with `w` wildcards.
    #[inline]
    pub(crate) fn thirteen_orphans(&self, w: u8) -> i8 {
        let kept = self.orphan_kinds + i8::from(self.orphan_pairs > 0);
        13 - kept - w as i8
    }
}

// Digest bytes: what seven pairs, thirteen orphans and the size check need, summed per block.
const KINDS: u32 = 0;
const PAIRS: u32 = 8;
const TRIPLES: u32 = 16;
const QUADS: u32 = 24;
const ORPHAN_KINDS: u32 = 32;
const ORPHAN_PAIRS: u32 = 40;
const TILES: u32 = 48;

/// `BLOCK_DIGEST[pos][x]`: the digest of three ranks whose base-5 number is `x`, at block
/// position `pos` of a numbered suit (ranks 1-3, 4-6, 7-9; rank 1 and rank 9 are orphans).
/// 256 entries per position (125 used), so that a byte index needs no bounds check.
static BLOCK_DIGEST: [[u64; 256]; 3] = {
    let mut out = [[0u64; 256]; 3];
    let mut pos = 0;
    while pos < 3 {
        let mut x = 0;
        while x < 125 {
            let digits = [x % 5, x / 5 % 5, x / 25];
            let mut d = 0u64;
            let mut r = 0;
            while r < 3 {
                let c = digits[r] as u64;
                let orphan = (pos == 0 && r == 0) || (pos == 2 && r == 2);
                d += ((c >= 1) as u64) << KINDS
                    | ((c >= 2) as u64) << PAIRS
                    | ((c >= 3) as u64) << TRIPLES
                    | ((c >= 4) as u64) << QUADS
                    | c << TILES;
                if orphan {
                    d += ((c >= 1) as u64) << ORPHAN_KINDS | ((c >= 2) as u64) << ORPHAN_PAIRS;
                }
                r += 1;
            }
            out[pos][x] = d;
            x += 1;
        }
        pos += 1;
    }
    out
};

/// The digest byte at `shift`.
#[inline]
fn digest_byte(d: u64, shift: u32) -> i8 {
    (d >> shift & 0xFF) as i8
}

/// Suit classes of a hand and the block numbers they came from: each numbered suit is three
/// base-5 numbers (one multiply apiece), the honors one key.
#[inline]
fn classes_and_blocks(t: &ShantenTables, c: &[u8; 34]) -> ([usize; 4], [u8; 9], usize) {
    let mut classes = [0usize; 4];
    let mut blocks = [0u8; 9];
    for (s, first) in [0usize, 9, 18].into_iter().enumerate() {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(&c[first..first + 8]);
        let x = u64::from_le_bytes(bytes);
        let a = base5_three((x & 0xFF_FFFF) as u32);
        let b = base5_three((x >> 24 & 0xFF_FFFF) as u32);
        let h = base5_three((x >> 48) as u32 | u32::from(c[first + 8]) << 16);
        let state = t.six(a << 7 | b);
        classes[s] = t.tail(state << 7 | h);
        // Each below 125 (`base5_three` masks to a byte).
        blocks[3 * s] = a as u8;
        blocks[3 * s + 1] = b as u8;
        blocks[3 * s + 2] = h as u8;
    }
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&c[26..34]);
    let key = honor_key_word(u64::from_le_bytes(bytes) >> 8);
    classes[3] = t.honor_class(key);
    (classes, blocks, key)
}

/// The digest of a hand from its block numbers and honor key.
#[inline]
fn digest_of(blocks: &[u8; 9], key: usize) -> u64 {
    let mut digest = 0u64;
    for s in 0..3 {
        digest += BLOCK_DIGEST[0][usize::from(blocks[3 * s])]
            + BLOCK_DIGEST[1][usize::from(blocks[3 * s + 1])]
            + BLOCK_DIGEST[2][usize::from(blocks[3 * s + 2])];
    }
    // key = n1 + 8 n2 + 64 n3 + 512 n4 with nk = kinds held at least k times.
    let (n1, n2, n3, n4) = (
        (key & 7) as u64,
        (key >> 3 & 7) as u64,
        (key >> 6 & 7) as u64,
        (key >> 9 & 7) as u64,
    );
    digest += n1 << KINDS
        | n2 << PAIRS
        | n3 << TRIPLES
        | n4 << QUADS
        | n1 << ORPHAN_KINDS
        | n2 << ORPHAN_PAIRS;
    digest + ((n1 + n2 + n3 + n4) << TILES)
}

/// Suit classes and the digest of a hand.
#[inline]
fn classes_and_digest(t: &ShantenTables, c: &[u8; 34]) -> ([usize; 4], u64) {
    let (classes, blocks, key) = classes_and_blocks(t, c);
    (classes, digest_of(&blocks, key))
}

/// The full report for real counts `c`, `w` wildcards, `m` melds needed.
pub(crate) fn report(
    t: &ShantenTables,
    c: &TileCounts,
    w: u8,
    m: usize,
    special: bool,
    rules: ShapeRules,
) -> ShantenReport {
    let counts = c.as_array();
    let (classes, digest) = classes_and_digest(t, counts);
    let standard = if w > 0 && digest_byte(digest, QUADS) > 0 {
        wild::standard_distance_with_excess(t, counts, w, m) as i8 - w as i8 - 1
    } else {
        let [cm, cp, cs, cz] = classes;
        t.distance(t.man_pin_class(cm, cp), t.sou_honor_key(cs, cz), m) as i8 - w as i8 - 1
    };
    let (seven_pairs, thirteen_orphans) = if special {
        let s = SpecialCounts::from_digest(digest);
        (
            rules
                .seven_pairs
                .then(|| s.seven_pairs(w, rules.distinct_pairs)),
            rules.thirteen_orphans.then(|| s.thirteen_orphans(w)),
        )
    } else {
        (None, None)
    };
    ShantenReport::of_forms(standard, seven_pairs, thirteen_orphans)
}

impl HandView {
    /// The shanten report under the given shape rules (wildcards included).
    ///
    /// ```
    /// use mj_ai::{HandView, ShapeRules};
    /// // Four copies of 1z cannot be both a triplet and the pair: one away from ready.
    /// assert_eq!(HandView::parse("123456789m1111z")?.shanten(ShapeRules::RIICHI).shanten, 1);
    /// // Four of a kind is two pairs only when pairs need not be distinct.
    /// let h = HandView::parse("1122m3344p55s7777z")?;
    /// assert_eq!(h.shanten(ShapeRules::GENERIC).seven_pairs, Some(-1));
    /// assert_eq!(h.shanten(ShapeRules::RIICHI).seven_pairs, Some(1));
    /// # Ok::<(), mj_ai::AiError>(())
    /// ```
    pub fn shanten(&self, rules: ShapeRules) -> ShantenReport {
        report(
            self.tables(),
            self.real(),
            self.wildcards(),
            self.melds_needed(),
            self.special_forms_apply(),
            rules,
        )
    }
}

/// The error of a refused committed blob.
#[cold]
fn refused(e: &mj_tables::TableError) -> AiError {
    AiError::Tables(e.clone())
}

/// Shanten of a concealed hand without melds or wildcards: the fast entry point (`m` is
/// inferred from the tile count, as `xiangting` and `riichienv-core` do).
///
/// ```
/// use mj_ai::{ShapeRules, shanten};
/// let hand = "123m456p789s1122z".parse()?;
/// assert_eq!(shanten(&hand, ShapeRules::RIICHI)?, 0);
/// assert_eq!(shanten(&"13579m2468p1357s".parse()?, ShapeRules::STANDARD_ONLY)?, 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn shanten(counts: &TileCounts, rules: ShapeRules) -> Result<i8, AiError> {
    let t = match validated() {
        Ok(t) => t,
        Err(e) => return Err(refused(e)),
    };
    let c = counts.as_array();
    let (classes, blocks, key) = classes_and_blocks(t, c);
    // With a special form asked for, the digest (which carries the tile count) is needed anyway
    // and overlaps with the lookups; otherwise byte sums count the tiles: each word's eight
    // counts add up to at most 32, gathered in the top byte.
    let wants_special = rules.seven_pairs || rules.thirteen_orphans;
    let (digest, tiles) = if wants_special {
        let d = digest_of(&blocks, key);
        (d, u32::from(digest_byte(d, TILES) as u8))
    } else {
        let tiles = count_words(c)
            .iter()
            .map(|&w| (w.wrapping_mul(ONES) >> 56) as u32)
            .sum();
        (0, tiles)
    };
    if tiles == 0 || tiles.is_multiple_of(3) || tiles > 17 {
        return Err(AiError::Hand(HuError::WrongTileCount {
            concealed: tiles,
            melds: 0,
            expected: "3k+1 or 3k+2 concealed tiles with k <= 5",
        }));
    }
    let m = (tiles / 3) as usize;
    let [cm, cp, cs, cz] = classes;
    let standard = t.distance(t.man_pin_class(cm, cp), t.sou_honor_key(cs, cz), m) as i8 - 1;
    if m != 4 || standard < 0 || !wants_special {
        return Ok(standard);
    }
    let mut best = standard;
    if rules.seven_pairs {
        let kinds = digest_byte(digest, KINDS);
        let pairs = digest_byte(digest, PAIRS);
        let (pairs, singles) = if rules.distinct_pairs {
            (pairs, kinds - pairs)
        } else {
            let triples = digest_byte(digest, TRIPLES);
            let quads = digest_byte(digest, QUADS);
            (pairs + quads, kinds - pairs + triples - quads)
        };
        let full = pairs.min(7);
        best = best.min(13 - 2 * full - singles.min(7 - full));
    }
    if rules.thirteen_orphans {
        let kinds = digest_byte(digest, ORPHAN_KINDS);
        let pair = i8::from(digest_byte(digest, ORPHAN_PAIRS) > 0);
        best = best.min(13 - kinds - pair);
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;
    use crate::tables::suit_classes;

    #[rstest]
    #[case::complete("123m456p789s11222z", -1)]
    #[case::ready("123m456p789s1122z", 0)]
    #[case::four_copies_rule("123456789m1111z", 1)]
    #[case::quad_wait("1111m", 1)]
    #[case::pair_wait("1m", 0)]
    #[case::two("11m", -1)]
    #[case::kokushi_ready("19m19p19s1234567z", 0)]
    #[case::chiitoi_ready("1188m288p55s1177z", 0)]
    #[case::quad_chiitoi("1188m288p55s1111z", 2)]
    #[case::seventeen("11122233344455566m", -1)]
    #[case::sixteen("1112223334445556m", 0)]
    fn riichi_examples(#[case] text: &str, #[case] expected: i8) {
        let counts: TileCounts = text.parse().unwrap();
        assert_eq!(
            shanten(&counts, ShapeRules::RIICHI).unwrap(),
            expected,
            "{text}"
        );
        let hand = HandView::parse(text).unwrap();
        assert_eq!(hand.shanten(ShapeRules::RIICHI).shanten, expected, "{text}");
    }

    #[test]
    fn digest_matches_special_counts() {
        let t = ShantenTables::committed().unwrap();
        let mut rng = mj_tiles::random::SplitMix64::new(5);
        for n in [1usize, 2, 13, 14, 17] {
            for _ in 0..2000 {
                let c = mj_tiles::random::TileBag::shuffled(&mut rng)
                    .draw_counts(n)
                    .unwrap();
                let (classes, d) = classes_and_digest(t, c.as_array());
                assert_eq!(classes, suit_classes(t, c.as_array()));
                let s = SpecialCounts::of(c.as_array());
                let k3 = c.as_array().iter().filter(|&&x| x >= 3).count() as i8;
                assert_eq!(digest_byte(d, TILES) as usize, n);
                assert_eq!(
                    [
                        digest_byte(d, KINDS),
                        digest_byte(d, PAIRS),
                        digest_byte(d, TRIPLES),
                        digest_byte(d, QUADS),
                        digest_byte(d, ORPHAN_KINDS),
                        digest_byte(d, ORPHAN_PAIRS),
                    ],
                    [
                        s.kinds,
                        s.pairs,
                        k3,
                        s.quads,
                        s.orphan_kinds,
                        s.orphan_pairs
                    ],
                    "{c}"
                );
            }
        }
    }

    #[test]
    fn fast_entry_point_matches_the_report_under_every_preset() {
        let mut rng = mj_tiles::random::SplitMix64::new(77);
        for i in 0..20_000usize {
            let n = [13, 14, 10, 11, 16, 17, 1, 2][i % 8];
            let c = mj_tiles::random::TileBag::shuffled(&mut rng)
                .draw_counts(n)
                .unwrap();
            let hand = HandView::new(c, &[], mj_tiles::TileSet::EMPTY).unwrap();
            for rules in [
                ShapeRules::GENERIC,
                ShapeRules::RIICHI,
                ShapeRules::STANDARD_ONLY,
            ] {
                assert_eq!(
                    shanten(&c, rules).unwrap(),
                    hand.shanten(rules).shanten,
                    "{c} {rules:?}"
                );
            }
        }
    }

    #[test]
    fn special_counts_adjust_matches_recount() {
        let mut c: TileCounts = "1119m1p99s1234z".parse().unwrap();
        let mut s = SpecialCounts::of(c.as_array());
        for t in mj_tiles::Tile::ALL {
            let before = c.get(t);
            if c.add(t).is_ok() {
                s.adjust(t.is_terminal_or_honor(), before, before + 1);
                assert_eq!(s, SpecialCounts::of(c.as_array()), "{c}");
            }
        }
    }
}
