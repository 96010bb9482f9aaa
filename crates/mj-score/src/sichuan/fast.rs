//! The fast scorer.
//!
//! A hand is three "wide eigens" (one nibble per rank, counts up to 12 so wildcard copies beyond
//! four fit). Tile-level facts are digit masks: 根 = `popcount(x & 0x444444444)` plus twice
//! `popcount(x & 0x888888888)` (for counts up to 4 this is exactly [`mj_tiles::Eigen::quads`]),
//! seven pairs = no odd digit, 将 = no digit outside ranks 2/5/8, 清一色 = one non-empty suit.
//! Reading-level facts come from one 8-bit mask per suit: bit `p | t << 1 | y << 2` is set when
//! the suit splits into sets (plus a pair if `p`), all triplets if `t`, each holding a 1 or 9 if
//! `y`. The masks are memoised in a small direct-mapped per-thread cache.
//!
//! Wildcards: every multiset of targets in the allowed suits, in ascending order, pruned by
//! `mj_hu`'s tables (is the hand still a win with the wildcards left?) at every step.

use std::cell::RefCell;

use mj_hu::{Checker, Declared, Rules};
use mj_tiles::{Eigen, EigenHand};

use super::table::{Features, Resolved};
use super::{
    Group, GroupKind, NotAWin, Prepared, Reading, ScoredReading, SichuanError, SichuanRules,
    SichuanScore, WildUse, meld_groups, tile_of,
};

const NIB2: u64 = 0x4_4444_4444;
const NIB3: u64 = 0x8_8888_8888;
const ONES: u64 = 0x1_1111_1111;
/// Nibbles of ranks 1, 3, 4, 6, 7, 9 (not 2/5/8).
const NOT_258: u64 = 0xF_0FF0_FF0F;

/// Which standard reading: all triplets, all 带幺九.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    SevenPairs,
    Standard { t: bool, y: bool, pair_suit: usize },
}

#[derive(Clone, Copy, Debug)]
struct Best {
    resolved: Resolved,
    form: Form,
    conc: [u64; 3],
    targets: [u8; 8],
}

struct Search<'a> {
    prep: &'a Prepared<'a>,
    rules: &'a SichuanRules,
    /// The hu tables, for hands with wildcards.
    checker: Option<Checker>,
    declared: Declared,
    best: Option<Best>,
    targets: [u8; 8],
}

pub(crate) fn score(
    prep: &Prepared<'_>,
    rules: &SichuanRules,
) -> Result<SichuanScore, SichuanError> {
    let checker = if prep.wild_tiles.is_empty() {
        None
    } else {
        Some(Checker::new(Rules::SICHUAN).map_err(|e| SichuanError::Tables(e.to_string()))?)
    };
    let mut search = Search {
        prep,
        rules,
        checker,
        declared: Declared {
            count: prep.melds.len() as u8,
            suits: prep.meld_suits,
        },
        best: None,
        targets: [0; 8],
    };
    let w = prep.wild_tiles.len();
    if w == 0 {
        search.evaluate(prep.conc);
    } else {
        search.dfs(prep.conc, 0, 0, w);
    }
    let best = search.best.ok_or(SichuanError::NotAWin(NotAWin::NoShape))?;
    Ok(finish(prep, rules, &best))
}

impl Search<'_> {
    /// Assigns wildcards `i..w` to kinds `>= start` (0..27: suit * 9 + rank).
    fn dfs(&mut self, conc: [u64; 3], start: u8, i: usize, w: usize) {
        // The tables cut every branch that can no longer win.
        if !self.still_wins(&conc, (w - i) as u8) {
            return;
        }
        if i == w {
            self.evaluate(conc);
            return;
        }
        let first = usize::from(start / 9);
        for kind in start..27 {
            let s = usize::from(kind / 9);
            // Targets only go up: once the loop leaves a suit, that suit is final and must split
            // into sets (with or without the pair), or into pairs for seven pairs.
            if kind % 9 == 0 && s > first && !self.final_ok(conc[s - 1]) {
                break;
            }
            if self.prep.allowed >> s & 1 == 0 {
                continue;
            }
            // Ranks below this target get no more tiles either: they must already group (runs
            // may still reach up into the ranks that can grow). Stricter for higher ranks, and
            // implied when the suit is left, so the whole loop ends.
            let rank = u32::from(kind % 9);
            if !self.low_ok(conc[s], rank) {
                break;
            }
            let mut next = conc;
            next[s] += 1 << (4 * (kind % 9));
            self.targets[i] = kind;
            self.dfs(next, kind, i + 1, w);
        }
    }

    /// Can a suit holding `c` (concealed, no wildcards left for it) be part of a win?
    #[inline]
    fn final_ok(&self, c: u64) -> bool {
        suit_mask(c) & 0b11 != 0 || (self.prep.melds.is_empty() && c & ONES == 0)
    }

    /// Can ranks `0..r` of a suit (final) still be grouped, whatever ranks `r..` receive?
    #[inline]
    fn low_ok(&self, c: u64, r: u32) -> bool {
        let low = c & ((1u64 << (4 * r)) - 1);
        low == 0 || (self.prep.melds.is_empty() && low & ONES == 0) || low_groups_cached(low, r)
    }

    /// Can real tiles `conc` and `w` wildcards still win? Answered by the hu tables when every
    /// count is at most 4; otherwise (a fifth copy made of wildcards) assumed yes.
    #[inline]
    fn still_wins(&self, conc: &[u64; 3], w: u8) -> bool {
        let e = |x: u64| Eigen::new(x);
        let (Some(m), Some(p), Some(s)) = (e(conc[0]), e(conc[1]), e(conc[2])) else {
            return true;
        };
        let hand = EigenHand::new([m, p, s, Eigen::EMPTY], w);
        self.checker
            .is_none_or(|c| c.is_winning_eigen(&hand, self.declared).unwrap_or(false))
    }

    /// Scores every reading of a hand without wildcards left.
    fn evaluate(&mut self, conc: [u64; 3]) {
        let prep = self.prep;
        let mut suits = 0u32;
        let mut gen_count = 0u32;
        let mut not258 = 0u64;
        for (s, (c, m)) in conc.iter().zip(prep.meld_tiles).enumerate() {
            let full = c + m;
            if full != 0 {
                suits |= 1 << s;
            }
            gen_count += (full & NIB2).count_ones() + 2 * (full & NIB3).count_ones();
            not258 |= full & NOT_258;
        }
        if suits.count_ones() > 2 || u32::from(prep.allowed) & suits != suits {
            return;
        }
        let qing = suits.count_ones() == 1;
        let base = Features {
            qing,
            gens: gen_count,
            ..Features::default()
        };
        // Seven pairs: no declared melds, every count even.
        if prep.melds.is_empty() && (conc[0] | conc[1] | conc[2]) & ONES == 0 {
            let long = (conc[0] | conc[1] | conc[2]) & (NIB2 | NIB3) != 0;
            let f = Features {
                seven_pairs: true,
                long,
                ..base
            };
            self.offer(f, Form::SevenPairs, conc);
        }
        let masks = [suit_mask(conc[0]), suit_mask(conc[1]), suit_mask(conc[2])];
        for (t, y) in [(true, true), (true, false), (false, true), (false, false)] {
            if (t && prep.chis > 0) || (y && !prep.melds_yaojiu) {
                continue;
            }
            let pair_bit = 1u8 << (1 | u8::from(t) << 1 | u8::from(y) << 2);
            let set_bit = pair_bit >> 1;
            let Some(pair_suit) = (0..3).find(|&ps| {
                (0..3).all(|s| masks[s] & if s == ps { pair_bit } else { set_bit } != 0)
            }) else {
                continue;
            };
            let f = Features {
                dui: t,
                yaojiu: y,
                jiang: t && not258 == 0,
                jingou: t && prep.melds.len() == 4,
                luohan: prep.kongs == 4,
                ..base
            };
            self.offer(f, Form::Standard { t, y, pair_suit }, conc);
        }
    }

    #[inline]
    fn offer(&mut self, f: Features, form: Form, conc: [u64; 3]) {
        let resolved = self
            .rules
            .resolve(f.present() | self.prep.situation, f.gens);
        if self.best.is_none_or(|b| resolved.total > b.resolved.total) {
            self.best = Some(Best {
                resolved,
                form,
                conc,
                targets: self.targets,
            });
        }
    }
}

/// [`low_groups`] from rank 0, memoised beside the suit masks (tag bit 40, `r` in bits 36..40).
fn low_groups_cached(low: u64, r: u32) -> bool {
    let key = 1 << 40 | u64::from(r) << 36 | low;
    let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - CACHE_BITS)) as usize;
    let hit = CACHE.with(|cache| {
        let v = cache.borrow()[slot];
        (v >> 63 != 0 && (v >> 8) & 0xF_FFFF_FFFF_FFFF == key).then_some(v & 1 != 0)
    });
    if let Some(ok) = hit {
        return ok;
    }
    let ok = low_groups(low, r, 0, 0, 0, true);
    CACHE.with(|cache| cache.borrow_mut()[slot] = 1 << 63 | key << 8 | u64::from(ok));
    ok
}

/// Groups ranks `q..r` of `c`: `x1` runs started at `q - 1` and `x2` at `q - 2` still need a
/// tile of rank `q`; each rank's other tiles make new runs, triplets and at most one pair. Ranks
/// from `r` on can take any tiles, so reaching `r` succeeds.
fn low_groups(c: u64, r: u32, q: u32, x1: u64, x2: u64, pair_free: bool) -> bool {
    if q >= r {
        return true;
    }
    let cq = c >> (4 * q) & 0xF;
    let Some(rem) = cq.checked_sub(x1 + x2) else {
        return false;
    };
    // Three runs from `q` hold what three triplets of `q`, `q + 1`, `q + 2` hold: two are enough.
    // A run needs a tile at each of the next ranks that can no longer grow.
    let next = |d: u32| {
        if q + d < r {
            c >> (4 * (q + d)) & 0xF
        } else {
            u64::MAX
        }
    };
    let max_new = if q <= 6 {
        rem.min(2).min(next(1).saturating_sub(x1)).min(next(2))
    } else {
        0
    };
    (0..=max_new).any(|n| {
        let left = rem - n;
        (left % 3 == 0 && low_groups(c, r, q + 1, n, x1, pair_free))
            || (pair_free
                && left >= 2
                && (left - 2) % 3 == 0
                && low_groups(c, r, q + 1, n, x1, false))
    })
}

/// The breakdown and reading of the best candidate.
fn finish(prep: &Prepared<'_>, rules: &SichuanRules, best: &Best) -> SichuanScore {
    let mut groups = Reading::new();
    match best.form {
        Form::SevenPairs => {
            for s in 0..3 {
                for r in 0..9 {
                    let n = best.conc[s] >> (4 * r) & 0xF;
                    for _ in 0..n / 2 {
                        groups.push(Group::concealed(GroupKind::Pair, tile_of(s, r)));
                    }
                }
            }
        }
        Form::Standard { t, y, pair_suit } => {
            for s in 0..3 {
                split(best.conc[s], s, s == pair_suit, t, y, &mut groups);
            }
        }
    }
    groups.extend(meld_groups(prep.melds));
    let wildcards = prep
        .wild_tiles
        .iter()
        .zip(best.targets)
        .map(|(&tile, k)| WildUse {
            tile,
            as_tile: tile_of(usize::from(k / 9), u32::from(k % 9)),
        })
        .collect();
    let total = best.resolved.total;
    SichuanScore {
        fan: rules.cap.map_or(total, |c| total.min(c)),
        fan_uncapped: total,
        fans: rules.entries(&best.resolved),
        reading: ScoredReading {
            seven_pairs: best.form == Form::SevenPairs,
            groups,
            wildcards,
        },
    }
}

/// Splits one suit into sets (and the pair if `pair`) under the constraints; `true` on success.
fn split(c: u64, s: usize, pair: bool, t: bool, y: bool, out: &mut Reading) -> bool {
    if c == 0 {
        return !pair;
    }
    let i = c.trailing_zeros() / 4;
    let n = c >> (4 * i) & 0xF;
    let unit = 1u64 << (4 * i);
    let term = i == 0 || i == 8;
    let try_group = |kind: GroupKind, rest: u64, pair: bool, out: &mut Reading| {
        let len = out.len();
        out.push(Group::concealed(kind, tile_of(s, i)));
        if split(rest, s, pair, t, y, out) {
            return true;
        }
        out.truncate(len);
        false
    };
    if n >= 3 && (!y || term) && try_group(GroupKind::Triplet, c - 3 * unit, pair, out) {
        return true;
    }
    let run = unit * 0x111;
    if !t
        && i <= 6
        && (!y || i == 0 || i == 6)
        && (c >> (4 * (i + 1)) & 0xF) > 0
        && (c >> (4 * (i + 2)) & 0xF) > 0
        && try_group(GroupKind::Sequence, c - run, pair, out)
    {
        return true;
    }
    pair && n >= 2 && (!y || term) && try_group(GroupKind::Pair, c - 2 * unit, false, out)
}

/// Bits `p | t << 1 | y << 2` (see the module docs), closed downward: a reading with all
/// triplets is also a reading, and so on.
#[inline]
pub(crate) fn suit_mask(c: u64) -> u8 {
    let m = cached_exact(c);
    let m = m | (m & 0xCC) >> 2;
    m | (m & 0xF0) >> 4
}

const CACHE_BITS: u32 = 14;

thread_local! {
    static CACHE: RefCell<Vec<u64>> = RefCell::new(vec![0; 1 << CACHE_BITS]);
}

/// The exact mask (bit for each combination some reading has exactly), memoised.
fn cached_exact(c: u64) -> u8 {
    let slot = (c.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - CACHE_BITS)) as usize;
    let hit = CACHE.with(|cache| {
        let v = cache.borrow()[slot];
        (v >> 63 != 0 && (v >> 8) & 0xF_FFFF_FFFF_FFFF == c).then_some(v as u8)
    });
    if let Some(m) = hit {
        return m;
    }
    let m = exact(c);
    CACHE.with(|cache| cache.borrow_mut()[slot] = 1 << 63 | c << 8 | u64::from(m));
    m
}

fn exact(c: u64) -> u8 {
    if c == 0 {
        return 1 << 6; // p = 0, t = 1, y = 1
    }
    let i = c.trailing_zeros() / 4;
    let n = c >> (4 * i) & 0xF;
    let unit = 1u64 << (4 * i);
    let term = i == 0 || i == 8;
    let not_y = |m: u8| if term { m } else { (m & 0x0F) | m >> 4 };
    let mut out = 0u8;
    if n >= 3 {
        out |= not_y(cached_exact(c - 3 * unit));
    }
    if i <= 6 && (c >> (4 * (i + 1)) & 0xF) > 0 && (c >> (4 * (i + 2)) & 0xF) > 0 {
        let m = cached_exact(c - unit * 0x111);
        let m = (m & 0x33) | (m & 0xCC) >> 2;
        out |= if i == 0 || i == 6 {
            m
        } else {
            (m & 0x0F) | m >> 4
        };
    }
    if n >= 2 {
        out |= not_y((cached_exact(c - 2 * unit) & 0x55) << 1);
    }
    out
}
