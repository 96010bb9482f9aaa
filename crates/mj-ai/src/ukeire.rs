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
use crate::tables::{ShantenTables, tables};

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

const POW5: [u16; 6] = [1, 5, 25, 125, 625, 3125];
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
                self.lo[s] += POW5[r];
            } else {
                self.hi[s] += POW5[r - 6];
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
                self.lo[s] -= POW5[r];
            } else {
                self.hi[s] -= POW5[r - 6];
            }
        } else {
            self.honor -= POW8[usize::from(before) - 1];
        }
    }

    #[inline]
    fn class(&self, t: &ShantenTables, suit: usize) -> usize {
        if suit < 3 {
            let state = usize::from(t.six[usize::from(self.lo[suit])]);
            usize::from(t.tail[state * 125 + usize::from(self.hi[suit])])
        } else {
            usize::from(t.honor[usize::from(self.honor)])
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

/// Incremental evaluator of one hand's neighbours (w = 0 or wildcards that cannot be a fifth
/// copy; the caller checks).
struct Neighbourhood<'t> {
    t: &'t ShantenTables,
    counts: [u8; 34],
    keys: Keys,
    classes: [usize; 4],
    groups: [usize; 2],
    special: Option<SpecialCounts>,
    rules: ShapeRules,
    m: usize,
    w: u8,
}

impl<'t> Neighbourhood<'t> {
    fn new(real: &TileCounts, w: u8, m: usize, special: bool, rules: ShapeRules) -> Self {
        let t = tables();
        let counts = *real.as_array();
        let keys = Keys::of(&counts);
        let classes = [0, 1, 2, 3].map(|s| keys.class(t, s));
        let groups = [
            t.mp_class(classes[0], classes[1]),
            t.sz_class(classes[2], classes[3]),
        ];
        let special = (special && (rules.seven_pairs || rules.thirteen_orphans))
            .then(|| SpecialCounts::of(&counts));
        Neighbourhood {
            t,
            counts,
            keys,
            classes,
            groups,
            special,
            rules,
            m,
            w,
        }
    }

    #[inline]
    fn special_best(&self, s: &SpecialCounts, w: u8) -> i8 {
        let mut best = i8::MAX;
        if self.rules.seven_pairs {
            best = best.min(s.seven_pairs(w, self.rules.distinct_pairs));
        }
        if self.rules.thirteen_orphans {
            best = best.min(s.thirteen_orphans(w));
        }
        best
    }

    /// Shanten after removing `remove` and adding `add` (real kinds; `None` = nothing), with
    /// `w` wildcards.
    #[inline]
    fn shanten(&self, remove: Option<usize>, add: Option<usize>, w: u8) -> i8 {
        let t = self.t;
        let mut keys = self.keys;
        let mut classes = self.classes;
        let mut groups = self.groups;
        let mut touched = [false; 4];
        let mut special = self.special;
        if let Some(d) = remove {
            let before = self.counts[d];
            keys.remove(d, before);
            touched[suit_of(d)] = true;
            if let Some(s) = special.as_mut() {
                s.adjust(is_orphan(d), before, before - 1);
            }
        }
        if let Some(a) = add {
            let before = self.counts[a] - u8::from(remove == Some(a));
            keys.add(a, before);
            touched[suit_of(a)] = true;
            if let Some(s) = special.as_mut() {
                s.adjust(is_orphan(a), before, before + 1);
            }
        }
        #[allow(clippy::needless_range_loop)] // g indexes groups and picks the suits
        for g in 0..2 {
            let (a, b) = (2 * g, 2 * g + 1);
            if touched[a] || touched[b] {
                if touched[a] {
                    classes[a] = keys.class(t, a);
                }
                if touched[b] {
                    classes[b] = keys.class(t, b);
                }
                groups[g] = group_class(t, g, classes[a], classes[b]);
            }
        }
        let standard = t.distance(groups[0], groups[1], self.m) as i8 - w as i8 - 1;
        match special {
            Some(s) => standard.min(self.special_best(&s, w)),
            None => standard,
        }
    }
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

/// A change of one kind as the evaluator sees it: a real kind, or a wildcard count change.
#[inline]
fn as_real(hand: &Hand, kind: usize) -> Option<usize> {
    (!hand.wild().contains(Tile::ALL[kind])).then_some(kind)
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
        if self.is_discard_size() {
            return Err(HandError::WrongSizeForQuestion {
                what: "effective tiles",
                expected: "3k+1",
                expected_rem: 1,
                tiles: self.concealed_count(),
            });
        }
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
            let n = Neighbourhood::new(
                self.real(),
                self.wildcards(),
                self.melds_needed(),
                self.special_forms_apply(),
                rules,
            );
            shanten = n.shanten(None, None, n.w);
            for k in 0..34 {
                if self.count(Tile::ALL[k]) >= 4 {
                    continue;
                }
                let add = as_real(self, k);
                let w = n.w + u8::from(add.is_none());
                if n.shanten(None, add, w) < shanten {
                    let tile = Tile::ALL[k];
                    tiles.insert(tile);
                    let l = live_of(tile);
                    count += u32::from(l);
                    let _ = live.set(tile, l);
                }
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
        if !self.is_discard_size() {
            return Err(HandError::WrongSizeForQuestion {
                what: "the discard table",
                expected: "3k+2",
                expected_rem: 2,
                tiles: self.concealed_count(),
            });
        }
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
            let n = Neighbourhood::new(
                self.real(),
                self.wildcards(),
                self.melds_needed(),
                self.special_forms_apply(),
                rules,
            );
            // Live copies do not depend on the discard (the discarded tile counts as seen).
            let mut live = [0u8; 34];
            for (k, l) in live.iter_mut().enumerate() {
                *l = self.live(Tile::ALL[k], visible);
            }
            for d in 0..34 {
                if self.count(Tile::ALL[d]) == 0 {
                    continue;
                }
                let remove = as_real(self, d);
                let w_after = n.w - u8::from(remove.is_none());
                let shanten = n.shanten(remove, None, w_after);
                let mut ukeire = 0u64;
                let mut count = 0u32;
                for (k, &live_k) in live.iter().enumerate() {
                    let held = self.count(Tile::ALL[k]) - u8::from(k == d);
                    if held >= 4 {
                        continue;
                    }
                    let add = as_real(self, k);
                    let w = w_after + u8::from(add.is_none());
                    if n.shanten(remove, add, w) < shanten {
                        ukeire |= 1 << k;
                        count += u32::from(live_k);
                    }
                }
                out.push(DiscardOption {
                    tile: Tile::ALL[d],
                    shanten,
                    ukeire: TileSet::from_bits(ukeire),
                    ukeire_count: count,
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
    out.sort_by_key(|o| {
        (
            o.shanten,
            core::cmp::Reverse(o.ukeire_count),
            core::cmp::Reverse(o.ukeire.len()),
            discard_preference(o.tile),
            o.tile,
        )
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_track_counts() {
        let c: TileCounts = "1199m4444p123s1122z".parse().unwrap();
        let mut k = Keys::of(c.as_array());
        let t = tables();
        for s in 0..4 {
            assert_eq!(
                k.class(t, s),
                crate::shanten::suit_classes(t, c.as_array())[s]
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
