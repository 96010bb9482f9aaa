//! The incremental evaluator of a hand's neighbours (one tile removed, one added): per-suit
//! keys that move by a power of 5 (or 8) per tile, and the classes precomputed for every kind,
//! so a neighbour's standard distance is one to three table lookups.

use crate::tables::ShantenTables;

/// What one more tile of rank `r` (0-based) adds to a six-rank index `128 a + b` (`a` the base-5
/// number of ranks 1-3, `b` of ranks 4-6) or, for ranks 7-9, to the three-rank number.
pub(crate) const STEP: [u16; 9] = [128, 640, 3200, 1, 5, 25, 1, 5, 25];
pub(crate) const POW8: [u16; 4] = [1, 8, 64, 512];

/// Per-suit keys of a hand: the base-5 numbers of ranks 1-6 and 7-9 of each numbered suit and
/// the honor key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Keys {
    lo: [u16; 3],
    hi: [u16; 3],
    honor: u16,
}

impl Keys {
    pub(crate) fn of(c: &[u8; 34]) -> Keys {
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
    pub(crate) fn add(&mut self, kind: usize, before: u8) {
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
    pub(crate) fn remove(&mut self, kind: usize, before: u8) {
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
    pub(crate) fn class(&self, t: &ShantenTables, suit: usize) -> usize {
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
pub(crate) fn group_class(t: &ShantenTables, g: usize, a: usize, b: usize) -> usize {
    if g == 0 {
        t.man_pin_class(a, b)
    } else {
        t.sou_honor_key(a, b)
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
pub(crate) struct Prepared<'t> {
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
    pub(crate) fn new(
        t: &'t ShantenTables,
        real: &[u8; 34],
        m: usize,
        with_removals: bool,
    ) -> Self {
        let keys = Keys::of(real);
        let classes = [0, 1, 2, 3].map(|s| keys.class(t, s));
        let groups = [
            t.man_pin_class(classes[0], classes[1]),
            t.sou_honor_key(classes[2], classes[3]),
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
    pub(crate) fn group_with(&self, s: usize, cls: usize) -> usize {
        match s {
            0 => self.t.man_pin_class(cls, self.classes[1]),
            1 => self.t.man_pin_class(self.classes[0], cls),
            2 => self.t.sou_honor_key(cls, self.classes[3]),
            _ => self.t.sou_honor_key(self.classes[2], cls),
        }
    }

    #[inline]
    pub(crate) fn distance_with(&self, g: usize, changed: usize) -> u8 {
        if g == 0 {
            self.t.distance(changed, self.groups[1], self.m)
        } else {
            self.t.distance(self.groups[0], changed, self.m)
        }
    }

    /// Standard distance of the hand itself.
    #[inline]
    pub(crate) fn base(&self) -> u8 {
        self.t.distance(self.groups[0], self.groups[1], self.m)
    }

    /// Standard distance after adding real kind `a`.
    #[inline]
    pub(crate) fn plus(&self, a: usize) -> u8 {
        self.distance_with(group_of(a), self.plus_group[a] as usize)
    }

    /// Standard distance after removing real kind `d`.
    #[inline]
    pub(crate) fn minus(&self, d: usize) -> u8 {
        self.distance_with(group_of(d), self.minus_group[d] as usize)
    }

    /// The kinds `a` of `kinds` (real, each held fewer than four times after removing `d`)
    /// for which removing real kind `d` and adding `a` leaves a standard distance below
    /// `threshold`, as a bit mask. Loops run suit by suit so that the case (other group, same
    /// group, same suit) is fixed within a loop and the comparison is branch-free.
    pub(crate) fn swaps_below(
        &self,
        d: usize,
        kinds: u64,
        threshold: u8,
        counts: &[u8; 34],
    ) -> u64 {
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
                    let dist = self.distance_with(gd, group_class(t, gd, x, y));
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
                        self.distance_with(gd, self.group_with(sd, kk.class(t, sd)))
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
                        self.distance_with(gd, self.group_with(sd, cls))
                    };
                    out |= u64::from(dist < threshold) << k;
                }
            }
        }
        out
    }
}

#[inline]
pub(crate) fn group_of(kind: usize) -> usize {
    usize::from(kind >= 18)
}

#[inline]
pub(crate) fn suit_of(kind: usize) -> usize {
    (kind / 9).min(3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mj_tiles::{Tile, TileCounts};

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
