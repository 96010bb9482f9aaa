//! Shanten (向听 / 向聴): the table-driven evaluation and its report.

use mj_tiles::TileCounts;

use crate::hand::{Hand, HandError, ShapeRules};
use crate::tables::{ShantenTables, tables};
use crate::wild;

/// The shanten of a hand, overall and per winning shape, as the protocol's `shanten` op answers.
///
/// `-1` is a complete hand, `0` ready (听牌 / 聴牌). A shape that does not apply (melds
/// declared, not 13 or 14 concealed tiles, or its rule switch off) is `None`.
///
/// ```
/// use mj_ai::{Hand, ShapeRules};
/// let report = Hand::parse("19m19p19s1234567z")?.shanten(ShapeRules::GENERIC);
/// assert_eq!((report.shanten, report.thirteen_orphans), (0, Some(0)));
/// assert_eq!((report.standard, report.seven_pairs), (8, Some(6)));
/// # Ok::<(), mj_ai::HandError>(())
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

/// How many lanes hold at least `k` (1..=4).
#[inline]
fn at_least(words: &[u64; 5], k: u64) -> u32 {
    words
        .iter()
        .map(|&w| ((w + (0x80 - k) * ONES) & HIGH).count_ones())
        .sum()
}

/// Aggregates of the real tiles that seven pairs and thirteen orphans need.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SpecialCounts {
    /// Kinds held at least once.
    pub kinds: u8,
    /// Kinds held at least twice.
    pub pairs: u8,
    /// Kinds held four times.
    pub quads: u8,
    /// Kinds held an odd number of times.
    pub odd: u8,
    /// Orphan kinds held.
    pub orphan_kinds: u8,
    /// Orphan kinds held at least twice.
    pub orphan_pairs: u8,
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
            kinds: k1 as u8,
            pairs: k2 as u8,
            quads: k4 as u8,
            odd: (k1 - k2 + k3 - k4) as u8,
            orphan_kinds: at_least(&o, 1) as u8,
            orphan_pairs: at_least(&o, 2) as u8,
        }
    }

    /// Adjusts the aggregates for one kind going from `before` to `after` copies.
    #[inline]
    pub(crate) fn adjust(&mut self, orphan: bool, before: u8, after: u8) {
        let f = |c: u8| (u8::from(c >= 1), u8::from(c >= 2), u8::from(c == 4), c & 1);
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
        let full = pairs.min(7);
        let kept = 2 * full + singles.min(7 - full);
        13 - kept as i8 - w as i8
    }

    /// Thirteen orphans shanten with `w` wildcards.
    #[inline]
    pub(crate) fn thirteen_orphans(&self, w: u8) -> i8 {
        let kept = self.orphan_kinds + u8::from(self.orphan_pairs > 0);
        13 - kept as i8 - w as i8
    }
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
        t.numbered_class(&c[0..9]),
        t.numbered_class(&c[9..18]),
        t.numbered_class(&c[18..27]),
        usize::from(t.honor[crate::tables::honor_key_word(honors)]),
    ]
}

/// Standard-shape distance (tiles to add for `m` melds and a pair, four-copy limit applied) of
/// real counts.
#[inline]
pub(crate) fn standard_distance(t: &ShantenTables, c: &[u8; 34], m: usize) -> u8 {
    let [cm, cp, cs, cz] = suit_classes(t, c);
    t.distance(t.mp_class(cm, cp), t.sz_class(cs, cz), m)
}

/// The full report for real counts `c`, `w` wildcards, `m` melds needed.
pub(crate) fn report(
    c: &TileCounts,
    w: u8,
    m: usize,
    special: bool,
    rules: ShapeRules,
) -> ShantenReport {
    let t = tables();
    let counts = c.as_array();
    let standard = if w > 0 && counts.contains(&4) {
        wild::standard_distance_with_excess(counts, w, m) as i8 - w as i8 - 1
    } else {
        standard_distance(t, counts, m) as i8 - w as i8 - 1
    };
    let (seven_pairs, thirteen_orphans) = if special {
        let s = SpecialCounts::of(counts);
        (
            rules
                .seven_pairs
                .then(|| s.seven_pairs(w, rules.distinct_pairs)),
            rules.thirteen_orphans.then(|| s.thirteen_orphans(w)),
        )
    } else {
        (None, None)
    };
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

impl Hand {
    /// The shanten report under the given shape rules (wildcards included).
    ///
    /// ```
    /// use mj_ai::{Hand, ShapeRules};
    /// // Four copies of 1z cannot be both a triplet and the pair: one away from ready.
    /// assert_eq!(Hand::parse("123456789m1111z")?.shanten(ShapeRules::RIICHI).shanten, 1);
    /// // Four of a kind is two pairs only when pairs need not be distinct.
    /// let h = Hand::parse("1122m3344p55s7777z")?;
    /// assert_eq!(h.shanten(ShapeRules::GENERIC).seven_pairs, Some(-1));
    /// assert_eq!(h.shanten(ShapeRules::RIICHI).seven_pairs, Some(1));
    /// # Ok::<(), mj_ai::HandError>(())
    /// ```
    pub fn shanten(&self, rules: ShapeRules) -> ShantenReport {
        report(
            self.real(),
            self.wildcards(),
            self.melds_needed(),
            self.special_forms_apply(),
            rules,
        )
    }
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
pub fn shanten(counts: &TileCounts, rules: ShapeRules) -> Result<i8, HandError> {
    let c = counts.as_array();
    let tiles: u32 = c.iter().map(|&x| u32::from(x)).sum();
    if tiles == 0 || tiles.is_multiple_of(3) || tiles > 17 {
        return Err(HandError::WrongTileCount { tiles, melds: 0 });
    }
    let m = (tiles / 3) as usize;
    let standard = standard_distance(tables(), c, m) as i8 - 1;
    if m != 4 || standard < 0 || !(rules.seven_pairs || rules.thirteen_orphans) {
        return Ok(standard);
    }
    let s = SpecialCounts::of(c);
    let mut best = standard;
    if rules.seven_pairs {
        best = best.min(s.seven_pairs(0, rules.distinct_pairs));
    }
    if rules.thirteen_orphans {
        best = best.min(s.thirteen_orphans(0));
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

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
        let hand = Hand::parse(text).unwrap();
        assert_eq!(hand.shanten(ShapeRules::RIICHI).shanten, expected, "{text}");
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
