//! The table generator: pure and deterministic (`generate` returns the same bytes every time; no
//! hash-map iteration order, no clock), and it never reads the blob it makes.
//!
//! Needs are computed by dynamic programming over base-5 shape values in increasing order, so
//! every smaller shape is done before it is looked up. The lowest held rank must belong to some
//! meld or to the pair; the recurrence tries each such group, filling every missing tile with a
//! wildcard. It uses a real tile wherever the group can: if an optimal completion fills a slot
//! with a wildcard while a real copy of that rank sits in another group, swapping the two keeps
//! both groups valid at the same cost, so nothing is lost. (The backtracking reference in
//! `mj-hu` tries every choice instead, and the exhaustive tests there compare the two.)

use crate::blob::{self, SectionData};
use crate::layout::{
    Entry, HIGH_PATTERNS, HONOR_SHAPES, LOW_PATTERNS, LOW_RANKS, MAX_SUIT_TILES,
    MAX_WAIT_SHAPE_TILES, POW5, SUITED_PATTERNS, SUITED_SHAPES, Section, WIND_SHAPES, WaitMasks,
    digits_of,
};

/// Which kinds of meld a group allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Melds {
    /// Numbered suit: triplets and runs of three consecutive ranks.
    Suited,
    /// Honors, triplets only.
    Triplets,
    /// Honors, triplets and any three different kinds of the group.
    HonorSequences,
}

/// Exact needs of every shape of one group, in base-5 order.
#[derive(Clone, Debug)]
pub struct Needs {
    /// Number of kinds in the group (9, 4 or 3).
    pub kinds: usize,
    /// Melds only.
    pub melds: Vec<u8>,
    /// Melds plus a pair.
    pub pair: Vec<u8>,
    /// Melds plus a pair of 2, 5 or 8 (`u8::MAX` where impossible).
    pub pair_258: Vec<u8>,
}

/// The groups that can hold the lowest tile `low` in a shape `d` of `kinds` kinds: for each, its
/// wildcard cost and the base-5 value of the real tiles it uses.
fn groups_with(d: &[u8; 9], kinds: usize, low: usize, melds: Melds) -> Vec<(u8, usize)> {
    let mut out = Vec::with_capacity(8);
    // Triplet.
    let real = d[low].min(3);
    out.push((3 - real, real as usize * POW5[low]));
    let mut add_set = |set: &[usize]| {
        let mut cost = 0u8;
        let mut used = 0usize;
        for &r in set {
            if d[r] > 0 {
                used += POW5[r];
            } else {
                cost += 1;
            }
        }
        out.push((cost, used));
    };
    match melds {
        Melds::Suited => {
            for start in low.saturating_sub(2)..=low {
                if start + 2 < kinds {
                    add_set(&[start, start + 1, start + 2]);
                }
            }
        }
        Melds::Triplets => {}
        Melds::HonorSequences => {
            for a in 0..kinds {
                for b in a + 1..kinds {
                    for c in b + 1..kinds {
                        if a == low || b == low || c == low {
                            add_set(&[a, b, c]);
                        }
                    }
                }
            }
        }
    }
    out
}

/// Computes the exact needs of every shape of a group.
pub fn needs(kinds: usize, melds: Melds) -> Needs {
    let n = POW5[kinds];
    let mut m = vec![0u8; n];
    let mut p = vec![0u8; n];
    let mut q = vec![0u8; n];
    p[0] = 2;
    q[0] = if melds == Melds::Suited { 2 } else { u8::MAX };
    for x in 1..n {
        let d = digits_of(x, kinds);
        let low = d.iter().position(|&c| c > 0).unwrap_or(0);
        let options = groups_with(&d, kinds, low, melds);
        let mut best_m = u8::MAX;
        let mut best_p = u8::MAX;
        let mut best_q = u8::MAX;
        for &(cost, used) in &options {
            let rest = x - used;
            best_m = best_m.min(cost.saturating_add(m[rest]));
            best_p = best_p.min(cost.saturating_add(p[rest]));
            best_q = best_q.min(cost.saturating_add(q[rest]));
        }
        // The lowest tile in the pair.
        let real = d[low].min(2);
        let as_pair = (2 - real).saturating_add(m[x - real as usize * POW5[low]]);
        best_p = best_p.min(as_pair);
        if melds == Melds::Suited && matches!(low, 1 | 4 | 7) {
            best_q = best_q.min(as_pair);
        }
        // A pair of two wildcards.
        best_p = best_p.min(best_m.saturating_add(2));
        if melds == Melds::Suited {
            best_q = best_q.min(best_m.saturating_add(2));
        }
        m[x] = best_m;
        p[x] = best_p;
        q[x] = best_q;
    }
    Needs {
        kinds,
        melds: m,
        pair: p,
        pair_258: q,
    }
}

impl Needs {
    /// The wait masks of shape `x` (see `layout`): ranks whose addition lowers a need by one.
    pub fn wait_masks(&self, x: usize) -> WaitMasks {
        let d = digits_of(x, self.kinds);
        let total: u32 = d.iter().map(|&c| u32::from(c)).sum();
        if total > MAX_WAIT_SHAPE_TILES {
            return WaitMasks(0);
        }
        let lowers = |plane: &[u8]| -> u16 {
            let mut mask = 0u16;
            for r in 0..self.kinds {
                if d[r] < 4
                    && plane[x] != u8::MAX
                    && plane[x + POW5[r]].checked_add(1) == Some(plane[x])
                {
                    mask |= 1 << r;
                }
            }
            mask
        };
        WaitMasks::pack(
            lowers(&self.melds),
            lowers(&self.pair),
            lowers(&self.pair_258),
        )
    }

    /// The needs byte of shape `x`. Honors have no 2/5/8 pair; their byte repeats the pair
    /// need there and readers set [`Entry::NO_258`].
    pub fn needs_byte(&self, x: usize) -> Result<u8, String> {
        let q = if self.pair_258[x] == u8::MAX {
            self.pair[x]
        } else {
            self.pair_258[x]
        };
        Entry::pack(self.melds[x], self.pair[x], q).ok_or_else(|| {
            format!(
                "shape {:?}: needs {}/{}/{} do not fit the byte",
                digits_of(x, self.kinds),
                self.melds[x],
                self.pair[x],
                q
            )
        })
    }
}

/// The seven honors as one group: winds (ranks 1-4) and dragons (ranks 5-7) side by side, their
/// melds apart, the pair in either. Exact needs, by base-5 value of all seven.
pub fn honors(winds: &Needs, dragons: &Needs) -> Needs {
    let mut out = Needs {
        kinds: 7,
        melds: vec![0; HONOR_SHAPES],
        pair: vec![0; HONOR_SHAPES],
        pair_258: vec![u8::MAX; HONOR_SHAPES],
    };
    for x in 0..HONOR_SHAPES {
        let (w, d) = (x % WIND_SHAPES, x / WIND_SHAPES);
        out.melds[x] = winds.melds[w].saturating_add(dragons.melds[d]);
        out.pair[x] = winds.pair[w]
            .saturating_add(dragons.melds[d])
            .min(winds.melds[w].saturating_add(dragons.pair[d]));
    }
    out
}

/// The size-ordered ranking of low patterns and the block offsets of high patterns.
pub fn suited_ranking() -> (Vec<u32>, Vec<u32>) {
    let sum = |x: usize, n: usize| digits_of(x, n).iter().map(|&c| u32::from(c)).sum::<u32>();
    let high_ranks = 9 - LOW_RANKS;
    let mut order: Vec<usize> = (0..LOW_PATTERNS).collect();
    order.sort_by_key(|&l| (sum(l, LOW_RANKS), l));
    let mut low_rank = vec![0u32; LOW_PATTERNS];
    for (pos, &l) in order.iter().enumerate() {
        low_rank[l] = pos as u32;
    }
    // How many low patterns have at most b tiles, b = 0..=16.
    let mut at_most = [0u32; 4 * LOW_RANKS + 1];
    for l in 0..LOW_PATTERNS {
        for slot in at_most.iter_mut().skip(sum(l, LOW_RANKS) as usize) {
            *slot += 1;
        }
    }
    let mut high_offset = vec![0u32; HIGH_PATTERNS];
    let mut next = 0u32;
    for (h, offset) in high_offset.iter_mut().enumerate() {
        *offset = next;
        let high_sum = sum(h, high_ranks);
        if high_sum <= MAX_SUIT_TILES {
            next += at_most[((MAX_SUIT_TILES - high_sum) as usize).min(4 * LOW_RANKS)];
        }
    }
    debug_assert_eq!(next as usize, SUITED_SHAPES);
    (low_rank, high_offset)
}

/// What `generate` made: the blob and the per-section sizes, for the xtask report.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The blob's bytes.
    pub bytes: Vec<u8>,
    /// (section, elements) in blob order.
    pub sections: Vec<(Section, usize)>,
}

/// Generates the blob. `progress` is told each step as it starts. An error means the tables
/// broke an invariant of the layout (a need difference outside -1..=2).
pub fn generate(progress: &mut dyn FnMut(&str)) -> Result<Generated, String> {
    progress("numbered-suit needs (5^9 shapes)");
    let suited = needs(9, Melds::Suited);
    progress("honor needs (winds and dragons, two planes)");
    let planes = [
        honors(&needs(4, Melds::Triplets), &needs(3, Melds::Triplets)),
        honors(
            &needs(4, Melds::HonorSequences),
            &needs(3, Melds::HonorSequences),
        ),
    ];

    progress("needs bytes");
    let suited_needs = (0..SUITED_PATTERNS)
        .map(|x| suited.needs_byte(x))
        .collect::<Result<_, _>>()?;
    let mut honor_needs = Vec::with_capacity(2 * HONOR_SHAPES);
    let mut honor_waits = Vec::with_capacity(2 * HONOR_SHAPES);
    for plane in &planes {
        for x in 0..HONOR_SHAPES {
            honor_needs.push(plane.needs_byte(x)?);
            honor_waits.push(plane.wait_masks(x).to_honors());
        }
    }

    progress("ranking and wait masks");
    let (low_rank, high_offset) = suited_ranking();
    let mut suited_waits = vec![0u32; SUITED_SHAPES];
    for (h, &block) in high_offset.iter().enumerate() {
        for (l, &rank) in low_rank.iter().enumerate() {
            let x = l + LOW_PATTERNS * h;
            let total: u32 = digits_of(x, 9).iter().map(|&c| u32::from(c)).sum();
            if total <= MAX_SUIT_TILES {
                suited_waits[(block + rank) as usize] = suited.wait_masks(x).0;
            }
        }
    }

    progress("writing the blob");
    let sections = vec![
        (Section::SuitedNeeds, SectionData::U8(suited_needs)),
        (Section::HonorNeeds, SectionData::U8(honor_needs)),
        (Section::LowRank, SectionData::U32(low_rank)),
        (Section::HighOffset, SectionData::U32(high_offset)),
        (Section::SuitedWaits, SectionData::U32(suited_waits)),
        (Section::HonorWaits, SectionData::U16(honor_waits)),
    ];
    let report = sections.iter().map(|(s, d)| (*s, d.len())).collect();
    Ok(Generated {
        bytes: blob::write(&sections),
        sections: report,
    })
}
