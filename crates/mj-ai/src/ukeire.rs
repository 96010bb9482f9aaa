//! Effective tiles (有效牌 / 受け入れ, ukeire), the discard table and improvement tiles.
//!
//! The work is a few hundred shanten evaluations of hands that differ from one hand by a tile
//! or two, so the evaluator here keeps the hand's per-suit keys (base-5 numbers of the numbered
//! suits, the honor key) and its suit and pair classes, and re-derives only what a change
//! touches: removing or adding one tile moves one key by a power of 5 (or 8), one suit class,
//! one pair class and the final lookup. Hands with wildcards where a wildcard could be a fifth
//! copy (see [`crate::wild`]) take the exact general path instead.

use mj_tiles::{Tile, TileCounts, TileSet};

use crate::hand::{Hand, HandError, ShapeRules};
use crate::shanten::{SpecialCounts, report};
use crate::tables::ShantenTables;

/// The kinds that lower the shanten of a `3k + 1` hand, with their live copies.
///
/// ```
/// use mj_ai::{Hand, ShapeRules};
/// use mj_tiles::TileCounts;
/// let hand = Hand::parse("123m456p789s11z23z")?;
/// let e = hand.effective_tiles(ShapeRules::RIICHI, &TileCounts::EMPTY)?;
/// assert_eq!(e.shanten, 1);
/// assert_eq!(e.tiles.to_string(), "123z");
/// assert_eq!(e.count, 2 + 3 + 3);
/// # Ok::<(), mj_ai::HandError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EffectiveTiles {
    /// The hand's shanten.
    pub shanten: i8,
    /// The kinds whose draw lowers it (kinds the hand holds four of are never listed).
    pub tiles: TileSet,
    /// Sum of the live copies of those kinds.
    pub count: u32,
    /// Live copies of each listed kind (zero elsewhere).
    pub live: TileCounts,
}

/// One row of the discard table, as the protocol's `discards` op answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DiscardOption {
    /// The kind discarded.
    pub tile: Tile,
    /// Shanten after the discard.
    pub shanten: i8,
    /// Kinds that then lower the shanten.
    pub ukeire: TileSet,
    /// Live copies of those kinds: four minus the copies in the hand before the discard, in
    /// melds and in the visible tiles.
    pub ukeire_count: u32,
}

/// An improvement tile (改良牌) of a ready or 1-shanten hand: drawing it does not lower the
/// shanten, but after the best discard the hand has more live effective tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Improvement {
    /// The kind drawn.
    pub tile: Tile,
    /// The discard that keeps the most effective tiles afterwards.
    pub discard: Tile,
    /// Live effective tiles after that discard.
    pub ukeire_count: u32,
}

/// What one more tile of rank `r` (0-based) adds to a six-rank index `128 a + b` (`a` the base-5
/// number of ranks 1-3, `b` of ranks 4-6) or, for ranks 7-9, to the three-rank number.
const STEP: [u16; 9] = [128, 640, 3200, 1, 5, 25, 1, 5, 25];
const POW8: [u16; 4] = [1, 8, 64, 512];

/// Per-suit keys of a hand: the base-5 numbers of ranks 1-6 and 7-9 of each numbered suit and
/// the honor key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Keys {
    lo: [u16; 3],
    hi: [u16; 3],
    honor: u16,
}

impl Keys {
    fn of(c: &[u8; 34]) -> Keys {
        let mut k = Keys {
            lo: [0; 3],
            hi: [0; 3],
            honor: 0,
        };
        for (i, &n) in c.iter().enumerate() {
            for before in 0..n {
                k.add(i, before);
            }
        }
        k
    }

    /// One more tile of `kind`, which held `before` copies.
    #[inline]
    fn add(&mut self, kind: usize, before: u8) {
        if kind < 27 {
            let (s, r) = (kind / 9, kind % 9);
            if r < 6 {
                self.lo[s] += STEP[r];
            } else {
                self.hi[s] += STEP[r];
            }
        } else {
            self.honor += POW8[usize::from(before)];
        }
    }

    /// One tile fewer of `kind`, which held `before` (>= 1) copies.
    #[inline]
    fn remove(&mut self, kind: usize, before: u8) {
        if kind < 27 {
            let (s, r) = (kind / 9, kind % 9);
            if r < 6 {
                self.lo[s] -= STEP[r];
            } else {
                self.hi[s] -= STEP[r];
            }
        } else {
            self.honor -= POW8[usize::from(before) - 1];
        }
    }

    #[inline]
    fn class(&self, t: &ShantenTables, suit: usize) -> usize {
        if suit < 3 {
            let state = t.six(usize::from(self.lo[suit]));
            t.tail(state << 7 | usize::from(self.hi[suit]))
        } else {
            t.honor_class(usize::from(self.honor))
        }
    }
}

/// The pair class of group `g` (0 = man+pin, 1 = sou+honors) from its two suit classes.
#[inline]
fn group_class(t: &ShantenTables, g: usize, a: usize, b: usize) -> usize {
    if g == 0 {
        t.mp_class(a, b)
    } else {
        t.sz_class(a, b)
    }
}

/// Incremental evaluator of one hand's neighbours (one tile removed, one added), exact when
/// no wildcard can be a fifth copy (the caller checks).
///
/// Everything that does not depend on both changes is precomputed: for every kind, the class
/// of its suit and the pair class of its group with that kind added or removed. A neighbour
/// whose changes fall in different groups is then one final lookup; in the same group but
/// different suits, a pair-class lookup and the final lookup; in the same suit, the suit class
/// (two lookups) as well.
struct Prepared<'t> {
    t: &'t ShantenTables,
    m: usize,
    keys: Keys,
    classes: [usize; 4],
    groups: [usize; 2],
    plus_class: [u16; 34],
    plus_group: [u32; 34],
    minus_class: [u16; 34],
    minus_group: [u32; 34],
}

impl<'t> Prepared<'t> {
    #[allow(clippy::needless_range_loop)] // ranks index the steps, kinds the counts
    fn new(t: &'t ShantenTables, real: &[u8; 34], m: usize, with_removals: bool) -> Self {
        let keys = Keys::of(real);
        let classes = [0, 1, 2, 3].map(|s| keys.class(t, s));
        let groups = [
            t.mp_class(classes[0], classes[1]),
            t.sz_class(classes[2], classes[3]),
        ];
        let mut p = Prepared {
            t,
            m,
            keys,
            classes,
            groups,
            plus_class: [0; 34],
            plus_group: [0; 34],
            minus_class: [0; 34],
            minus_group: [0; 34],
        };
        // Numbered suits: a change in ranks 1-6 moves the six-rank index (two lookups), in
        // ranks 7-9 only the tail index (one lookup from the suit's own state).
        for s in 0..3 {
            let (lo, hi) = (usize::from(keys.lo[s]), usize::from(keys.hi[s]));
            let state = t.six(lo) << 7;
            for r in 0..9 {
                let k = 9 * s + r;
                let c = real[k];
                let step = usize::from(STEP[r]);
                if c < 4 {
                    let cls = if r < 6 {
                        t.tail(t.six(lo + step) << 7 | hi)
                    } else {
                        t.tail(state | (hi + step))
                    };
                    p.plus_class[k] = cls as u16;
                    p.plus_group[k] = p.group_with(s, cls) as u32;
                }
                if with_removals && c > 0 {
                    let cls = if r < 6 {
                        t.tail(t.six(lo - step) << 7 | hi)
                    } else {
                        t.tail(state | (hi - step))
                    };
                    p.minus_class[k] = cls as u16;
                    p.minus_group[k] = p.group_with(s, cls) as u32;
                }
            }
        }
        let key = usize::from(keys.honor);
        for k in 27..34 {
            let c = usize::from(real[k]);
            if c < 4 {
                let cls = t.honor_class(key + usize::from(POW8[c]));
                p.plus_class[k] = cls as u16;
                p.plus_group[k] = p.group_with(3, cls) as u32;
            }
            if with_removals && c > 0 {
                let cls = t.honor_class(key - usize::from(POW8[c - 1]));
                p.minus_class[k] = cls as u16;
                p.minus_group[k] = p.group_with(3, cls) as u32;
            }
        }
        p
    }

    /// The pair class of suit `s`'s group when `s` has class `cls` and its partner is as in
    /// the hand.
    #[inline]
    fn group_with(&self, s: usize, cls: usize) -> usize {
        match s {
            0 => self.t.mp_class(cls, self.classes[1]),
            1 => self.t.mp_class(self.classes[0], cls),
            2 => self.t.sz_class(cls, self.classes[3]),
            _ => self.t.sz_class(self.classes[2], cls),
        }
    }

    #[inline]
    fn fin(&self, g: usize, changed: usize) -> u8 {
        if g == 0 {
            self.t.distance(changed, self.groups[1], self.m)
        } else {
            self.t.distance(self.groups[0], changed, self.m)
        }
    }

    /// Standard distance of the hand itself.
    #[inline]
    fn base(&self) -> u8 {
        self.t.distance(self.groups[0], self.groups[1], self.m)
    }

    /// Standard distance after adding real kind `a`.
    #[inline]
    fn plus(&self, a: usize) -> u8 {
        self.fin(group_of(a), self.plus_group[a] as usize)
    }

    /// Standard distance after removing real kind `d`.
    #[inline]
    fn minus(&self, d: usize) -> u8 {
        self.fin(group_of(d), self.minus_group[d] as usize)
    }

    /// The kinds `a` of `kinds` (real, each held fewer than four times after removing `d`)
    /// for which removing real kind `d` and adding `a` leaves a standard distance below
    /// `threshold`, as a bit mask. Loops run suit by suit so that the case (other group, same
    /// group, same suit) is fixed within a loop and the comparison is branch-free.
    fn swaps_below(&self, d: usize, kinds: u64, threshold: u8, counts: &[u8; 34]) -> u64 {
        let t = self.t;
        let (gd, sd) = (group_of(d), suit_of(d));
        let dg = self.minus_group[d] as usize;
        let dc = usize::from(self.minus_class[d]);
        let mut out = 0u64;
        for s in 0..4 {
            let first = 9 * s;
            let len = if s == 3 { 7 } else { 9 };
            let mut m = kinds >> first & ((1 << len) - 1);
            if group_of(first) != gd {
                while m != 0 {
                    let k = first + m.trailing_zeros() as usize;
                    m &= m - 1;
                    let ag = self.plus_group[k] as usize;
                    let dist = if gd == 0 {
                        t.distance(dg, ag, self.m)
                    } else {
                        t.distance(ag, dg, self.m)
                    };
                    out |= u64::from(dist < threshold) << k;
                }
            } else if s != sd {
                while m != 0 {
                    let k = first + m.trailing_zeros() as usize;
                    m &= m - 1;
                    let ac = usize::from(self.plus_class[k]);
                    let (x, y) = if sd < s { (dc, ac) } else { (ac, dc) };
                    let dist = self.fin(gd, group_class(t, gd, x, y));
                    out |= u64::from(dist < threshold) << k;
                }
            } else if s == 3 {
                let mut keys = self.keys;
                keys.remove(d, counts[d]);
                while m != 0 {
                    let k = first + m.trailing_zeros() as usize;
                    m &= m - 1;
                    let dist = if k == d {
                        self.base()
                    } else {
                        let mut kk = keys;
                        kk.add(k, counts[k]);
                        self.fin(gd, self.group_with(sd, kk.class(t, sd)))
                    };
                    out |= u64::from(dist < threshold) << k;
                }
            } else {
                // Same numbered suit: the six-rank state after the removal serves every draw in
                // ranks 7-9.
                let mut keys = self.keys;
                keys.remove(d, counts[d]);
                let (lo, hi) = (usize::from(keys.lo[s]), usize::from(keys.hi[s]));
                let state = t.six(lo) << 7;
                while m != 0 {
                    let k = first + m.trailing_zeros() as usize;
                    m &= m - 1;
                    let dist = if k == d {
                        self.base()
                    } else {
                        let r = k - first;
                        let step = usize::from(STEP[r]);
                        let cls = if r < 6 {
                            t.tail(t.six(lo + step) << 7 | hi)
                        } else {
                            t.tail(state | (hi + step))
                        };
                        self.fin(gd, self.group_with(sd, cls))
                    };
                    out |= u64::from(dist < threshold) << k;
                }
            }
        }
        out
    }
}

/// Seven pairs and thirteen orphans of one hand: their shanten, and which draws lower them
/// (worked out only for a form at the hand's shanten, the only case where it matters).
#[derive(Clone, Copy)]
struct SpecialDrops {
    counts: SpecialCounts,
    w: u8,
    rules: ShapeRules,
    seven: i8,
    orphans: i8,
}

impl SpecialDrops {
    fn new(s: &SpecialCounts, w: u8, rules: ShapeRules) -> SpecialDrops {
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
    fn best(&self) -> i8 {
        self.seven.min(self.orphans)
    }

    /// The kinds (a bit each) whose draw lowers a special form that is at `target`, given
    /// `by_count[c]` = the real kinds held `c` times.
    fn lowering_mask(&self, by_count: &[u64; 5], target: i8) -> u64 {
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
const ORPHAN_BITS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | 0x7F << 27;

/// `[c]` = the kinds of `counts` (a bit each) held exactly `c` times, among `kinds`.
fn kinds_by_count(counts: &[u8; 34], kinds: u64) -> [u64; 5] {
    let mut out = [0u64; 5];
    for (k, &c) in counts.iter().enumerate() {
        out[usize::from(c)] |= (kinds >> k & 1) << k;
    }
    out
}

/// Sum of `live[k]` over the bits of `mask`.
#[inline]
fn live_sum(mask: u64, live: &[u8; 34]) -> u32 {
    let mut m = mask;
    let mut sum = 0u32;
    while m != 0 {
        sum += u32::from(live[m.trailing_zeros() as usize]);
        m &= m - 1;
    }
    sum
}

#[inline]
fn group_of(kind: usize) -> usize {
    usize::from(kind >= 18)
}

#[inline]
fn suit_of(kind: usize) -> usize {
    (kind / 9).min(3)
}

#[inline]
fn is_orphan(kind: usize) -> bool {
    kind >= 27 || kind.is_multiple_of(9) || kind % 9 == 8
}

/// `true` when the incremental evaluator is exact for every neighbour of the hand (one tile
/// removed, one added): no wildcards can appear, or no real kind can reach four copies.
fn neighbourhood_is_exact(hand: &Hand) -> bool {
    (hand.wildcards() == 0 && hand.wild().is_empty())
        || hand.real().as_array().iter().all(|&c| c <= 2)
}

impl Hand {
    /// Shanten of this hand's neighbour: `remove` then `add` (kinds; wildcard kinds count as
    /// wildcards), by the general path.
    fn neighbour_shanten(&self, remove: Option<Tile>, add: Option<Tile>, rules: ShapeRules) -> i8 {
        let mut h = *self;
        if let Some(d) = remove {
            match h.without_tile(d) {
                Some(x) => h = x,
                None => return i8::MAX,
            }
        }
        if let Some(a) = add {
            match h.with_tile_ignoring_melds(a) {
                Some(x) => h = x,
                None => return i8::MAX,
            }
        }
        report(
            h.tables(),
            h.real(),
            h.wildcards(),
            h.melds_needed(),
            h.special_forms_apply(),
            rules,
        )
        .shanten
    }

    /// The effective tiles of a `3k + 1` hand: kinds whose draw lowers the shanten, with live
    /// copies (four minus those in the hand, the melds and `visible`).
    ///
    /// Errors: not `3k + 1` tiles, or `visible` adds a fifth copy.
    pub fn effective_tiles(
        &self,
        rules: ShapeRules,
        visible: &TileCounts,
    ) -> Result<EffectiveTiles, HandError> {
        self.require_size(false, "effective tiles")?;
        self.check_visible(visible)?;
        Ok(self.effective_tiles_unchecked(rules, visible, None))
    }

    /// Effective tiles where `live_hand` (if given) is the hand whose copies count as seen
    /// (the 14-tile hand before a discard).
    fn effective_tiles_unchecked(
        &self,
        rules: ShapeRules,
        visible: &TileCounts,
        live_hand: Option<&Hand>,
    ) -> EffectiveTiles {
        let live_of = |tile: Tile| live_hand.unwrap_or(self).live(tile, visible);
        let mut tiles = TileSet::EMPTY;
        let mut count = 0u32;
        let mut live = TileCounts::EMPTY;
        let shanten;
        if neighbourhood_is_exact(self) {
            let counts = self.real().as_array();
            let w = self.wildcards();
            let wild = self.wild().bits();
            let p = Prepared::new(self.tables(), counts, self.melds_needed(), false);
            let special = (self.special_forms_apply()
                && (rules.seven_pairs || rules.thirteen_orphans))
                .then(|| SpecialDrops::new(&SpecialCounts::of(counts), w, rules));
            let standard = p.base() as i8 - w as i8 - 1;
            shanten = standard.min(special.map_or(i8::MAX, |s| s.best()));
            let held_four = self.concealed().kinds_at_least(4).bits();
            let real = TileSet::ALL.bits() & !wild & !held_four;
            let mut effective = 0u64;
            if standard == shanten {
                // A draw lowers the standard distance by at most one.
                let threshold = (standard + w as i8 + 1) as u8;
                let mut m = real;
                while m != 0 {
                    let k = m.trailing_zeros() as usize;
                    m &= m - 1;
                    effective |= u64::from(p.plus(k) < threshold) << k;
                }
            }
            if let Some(s) = special {
                effective |= s.lowering_mask(&kinds_by_count(counts, real), shanten);
            }
            // One more wildcard lowers every form by one (a 3k+1 hand is never complete); a
            // ninth is not allowed.
            if w < 8 {
                effective |= wild & !held_four;
            }
            tiles = TileSet::from_bits(effective);
            for tile in tiles {
                let l = live_of(tile);
                count += u32::from(l);
                let _ = live.set(tile, l);
            }
        } else {
            shanten = self.shanten(rules).shanten;
            for tile in Tile::ALL {
                if self.count(tile) >= 4 {
                    continue;
                }
                if self.neighbour_shanten(None, Some(tile), rules) < shanten {
                    tiles.insert(tile);
                    let l = live_of(tile);
                    count += u32::from(l);
                    let _ = live.set(tile, l);
                }
            }
        }
        EffectiveTiles {
            shanten,
            tiles,
            count,
            live,
        }
    }

    /// The discard table of a `3k + 2` hand: for each kind held, the shanten after discarding
    /// it, the effective tiles then and their live copies; best first (lowest shanten, most
    /// live effective tiles, more effective kinds, then [`discard_preference`] order).
    ///
    /// ```
    /// use mj_ai::{Hand, ShapeRules};
    /// use mj_tiles::TileCounts;
    /// let hand = Hand::parse("123m456p789s23455z")?;
    /// let table = hand.discards(ShapeRules::RIICHI, &TileCounts::EMPTY)?;
    /// let best = &table[0];
    /// assert_eq!((best.tile.to_string(), best.shanten), ("2z".to_string(), 1));
    /// assert_eq!(best.ukeire.to_string(), "345z");
    /// # Ok::<(), mj_ai::HandError>(())
    /// ```
    ///
    /// Errors: not `3k + 2` tiles, or `visible` adds a fifth copy.
    pub fn discards(
        &self,
        rules: ShapeRules,
        visible: &TileCounts,
    ) -> Result<Vec<DiscardOption>, HandError> {
        self.require_size(true, "the discard table")?;
        self.check_visible(visible)?;
        let mut out = self.discards_unchecked(rules, visible);
        sort_discards(&mut out);
        Ok(out)
    }

    pub(crate) fn discards_unchecked(
        &self,
        rules: ShapeRules,
        visible: &TileCounts,
    ) -> Vec<DiscardOption> {
        let mut out = Vec::with_capacity(14);
        if neighbourhood_is_exact(self) {
            let counts = self.real().as_array();
            let w = self.wildcards();
            let wild = self.wild().bits();
            let p = Prepared::new(self.tables(), counts, self.melds_needed(), true);
            let special = (self.special_forms_apply()
                && (rules.seven_pairs || rules.thirteen_orphans))
                .then(|| SpecialCounts::of(counts));
            // Live copies do not depend on the discard (the discarded tile counts as seen).
            let mut live = [0u8; 34];
            for (k, l) in live.iter_mut().enumerate() {
                *l = self.live(Tile::ALL[k], visible);
            }
            let held_four = self.concealed().kinds_at_least(4).bits();
            let real_kinds = TileSet::ALL.bits() & !wild;
            let by_count = kinds_by_count(counts, real_kinds);
            for d_tile in self.concealed().kinds() {
                let d = d_tile.index();
                let d_wild = wild >> d & 1 == 1;
                let w_d = w - u8::from(d_wild);
                let standard = if d_wild { p.base() } else { p.minus(d) } as i8 - w_d as i8 - 1;
                // Kinds that can be drawn after the discard: fewer than four left in hand.
                let mut allowed = !held_four & TileSet::ALL.bits();
                let mut counts_after = by_count;
                allowed |= 1 << d;
                if !d_wild {
                    let c = usize::from(counts[d]);
                    counts_after[c] &= !(1 << d);
                    counts_after[c - 1] |= 1 << d;
                }
                let drops = special.map(|mut s| {
                    if !d_wild {
                        s.adjust(is_orphan(d), counts[d], counts[d] - 1);
                    }
                    SpecialDrops::new(&s, w_d, rules)
                });
                let shanten = standard.min(drops.map_or(i8::MAX, |s| s.best()));
                let real = allowed & real_kinds;
                let mut effective = 0u64;
                if standard == shanten {
                    let threshold = (standard + w_d as i8 + 1) as u8;
                    effective = if d_wild {
                        let mut e = 0u64;
                        let mut m = real;
                        while m != 0 {
                            let k = m.trailing_zeros() as usize;
                            m &= m - 1;
                            e |= u64::from(p.plus(k) < threshold) << k;
                        }
                        e
                    } else {
                        p.swaps_below(d, real, threshold, counts)
                    };
                }
                if let Some(s) = drops {
                    effective |= s.lowering_mask(&counts_after, shanten) & real;
                }
                if w_d < 8 {
                    effective |= wild & allowed;
                }
                out.push(DiscardOption {
                    tile: d_tile,
                    shanten,
                    ukeire: TileSet::from_bits(effective),
                    ukeire_count: live_sum(effective, &live),
                });
            }
        } else {
            for d in Tile::ALL {
                if self.count(d) == 0 {
                    continue;
                }
                if let Some(after) = self.without_tile(d) {
                    let e = after.effective_tiles_unchecked(rules, visible, Some(self));
                    out.push(DiscardOption {
                        tile: d,
                        shanten: e.shanten,
                        ukeire: e.tiles,
                        ukeire_count: e.count,
                    });
                }
            }
        }
        out
    }

    /// Improvement tiles of a ready or 1-shanten `3k + 1` hand (empty for other shanten).
    ///
    /// Errors: not `3k + 1` tiles, or `visible` adds a fifth copy.
    pub fn improvements(
        &self,
        rules: ShapeRules,
        visible: &TileCounts,
    ) -> Result<Vec<Improvement>, HandError> {
        let base = self.effective_tiles(rules, visible)?;
        let mut out = Vec::new();
        if !(0..=1).contains(&base.shanten) {
            return Ok(out);
        }
        for tile in Tile::ALL {
            if base.tiles.contains(tile) || self.live(tile, visible) == 0 {
                continue;
            }
            let Some(drawn) = self.with_tile(tile) else {
                continue;
            };
            // Live copies after drawing: the drawn copy is now in the hand.
            let best = drawn
                .discards_unchecked(rules, visible)
                .into_iter()
                .filter(|o| o.shanten == base.shanten && o.tile != tile)
                .max_by_key(|o| (o.ukeire_count, core::cmp::Reverse(o.tile)));
            if let Some(o) = best
                && o.ukeire_count > base.count
            {
                out.push(Improvement {
                    tile,
                    discard: o.tile,
                    ukeire_count: o.ukeire_count,
                });
            }
        }
        Ok(out)
    }
}

/// A static preference among discards of equal shanten and ukeire: honors first, then
/// terminals, then ranks further from the middle (lower = discard first).
pub fn discard_preference(tile: Tile) -> u8 {
    if tile.is_honor() {
        0
    } else {
        let r = tile.rank();
        10 - r.abs_diff(5)
    }
}

pub(crate) fn sort_discards(out: &mut [DiscardOption]) {
    // One packed key per row, computed once.
    let key = |o: &DiscardOption| -> u64 {
        let shanten = (i64::from(o.shanten) + 1) as u64;
        let count = u64::from(u32::MAX - o.ukeire_count);
        let kinds = 34 - u64::from(o.ukeire.bits().count_ones());
        shanten << 56
            | count << 16
            | kinds << 10
            | u64::from(discard_preference(o.tile)) << 6
            | o.tile.index() as u64
    };
    out.sort_by_cached_key(key);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_track_counts() {
        let c: TileCounts = "1199m4444p123s1122z".parse().unwrap();
        let mut k = Keys::of(c.as_array());
        let t = ShantenTables::committed().unwrap();
        for s in 0..4 {
            assert_eq!(
                k.class(t, s),
                crate::tables::suit_classes(t, c.as_array())[s]
            );
        }
        let mut c2 = c;
        c2.add(Tile::EAST).unwrap();
        k.add(27, 2);
        assert_eq!(k, Keys::of(c2.as_array()));
        k.remove(27, 3);
        k.remove(0, 2);
        let mut c3 = c;
        c3.remove(Tile::ALL[0]);
        assert_eq!(k, Keys::of(c3.as_array()));
    }
}
