//! Seven pairs and thirteen orphans beside the standard form: their shanten for one hand and
//! which draws lower them.

use crate::hand::ShapeRules;
use crate::shanten::SpecialCounts;

/// Seven pairs and thirteen orphans of one hand: their shanten, and which draws lower them
/// (worked out only for a form at the hand's shanten, the only case where it matters).
#[derive(Clone, Copy)]
pub(crate) struct SpecialDrops {
    counts: SpecialCounts,
    w: u8,
    rules: ShapeRules,
    seven: i8,
    orphans: i8,
}

impl SpecialDrops {
    pub(crate) fn new(s: &SpecialCounts, w: u8, rules: ShapeRules) -> SpecialDrops {
        let seven = if rules.seven_pairs {
            s.seven_pairs(w, rules.distinct_pairs)
        } else {
            i8::MAX
        };
        let orphans = if rules.thirteen_orphans {
            s.thirteen_orphans(w)
        } else {
            i8::MAX
        };
        SpecialDrops {
            counts: *s,
            w,
            rules,
            seven,
            orphans,
        }
    }

    #[inline]
    pub(crate) fn best(&self) -> i8 {
        self.seven.min(self.orphans)
    }

    /// The kinds (a bit each) whose draw lowers a special form that is at `target`, given
    /// `by_count[c]` = the real kinds held `c` times.
    pub(crate) fn lowering_mask(&self, by_count: &[u64; 5], target: i8) -> u64 {
        let mut mask = 0u64;
        for c in 0..4u8 {
            let kinds = by_count[usize::from(c)];
            if kinds == 0 {
                continue;
            }
            if self.seven == target {
                let mut after = self.counts;
                after.adjust(false, c, c + 1);
                if after.seven_pairs(self.w, self.rules.distinct_pairs) < target {
                    mask |= kinds;
                }
            }
            if self.orphans == target {
                let mut after = self.counts;
                after.adjust(true, c, c + 1);
                if after.thirteen_orphans(self.w) < target {
                    mask |= kinds & ORPHAN_BITS;
                }
            }
        }
        mask
    }
}

/// Bits of the terminal and honor kinds.
pub(crate) const ORPHAN_BITS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | 0x7F << 27;

/// `[c]` = the kinds of `counts` (a bit each) held exactly `c` times, among `kinds`.
pub(crate) fn kinds_by_count(counts: &[u8; 34], kinds: u64) -> [u64; 5] {
    let mut out = [0u64; 5];
    for (k, &c) in counts.iter().enumerate() {
        out[usize::from(c)] |= (kinds >> k & 1) << k;
    }
    out
}
