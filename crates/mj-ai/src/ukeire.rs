//! Effective tiles (有效牌 / 受け入れ, ukeire), the discard table and improvement tiles.
//!
//! The work is a few hundred shanten evaluations of hands that differ from one hand by a tile
//! or two, so the evaluator (`neighbours`) keeps the hand's per-suit keys (base-5 numbers of the numbered
//! suits, the honor key) and its suit and pair classes, and re-derives only what a change
//! touches: removing or adding one tile moves one key by a power of 5 (or 8), one suit class,
//! one pair class and the final lookup; `special_drops` does seven pairs and thirteen
//! orphans beside it. Hands with wildcards where a wildcard could be a fifth
//! copy (see [`crate::wild`]) take the exact general path instead.

use mj_tiles::{Tile, TileCounts, TileSet};

use crate::hand::{AiError, HandView, ShapeRules};
use crate::neighbours::Prepared;
use crate::shanten::{SpecialCounts, report};
use crate::special_drops::{SpecialDrops, kinds_by_count};

/// The kinds that lower the shanten of a `3k + 1` hand, with their live copies.
///
/// ```
/// use mj_ai::{HandView, ShapeRules};
/// use mj_tiles::TileCounts;
/// let hand = HandView::parse("123m456p789s11z23z")?;
/// let e = hand.effective_tiles(ShapeRules::RIICHI, &TileCounts::EMPTY)?;
/// assert_eq!(e.shanten, 1);
/// assert_eq!(e.tiles.to_string(), "123z");
/// assert_eq!(e.count, 2 + 3 + 3);
/// # Ok::<(), mj_ai::AiError>(())
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
fn is_orphan(kind: usize) -> bool {
    kind >= 27 || kind.is_multiple_of(9) || kind % 9 == 8
}

/// `true` when the incremental evaluator is exact for every neighbour of the hand (one tile
/// removed, one added): no wildcards can appear, or no real kind can reach four copies.
fn neighbourhood_is_exact(hand: &HandView) -> bool {
    (hand.wildcards() == 0 && hand.wild().is_empty())
        || hand.real().as_array().iter().all(|&c| c <= 2)
}

impl HandView {
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
    ) -> Result<EffectiveTiles, AiError> {
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
        live_hand: Option<&HandView>,
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
    /// use mj_ai::{HandView, ShapeRules};
    /// use mj_tiles::TileCounts;
    /// let hand = HandView::parse("123m456p789s23455z")?;
    /// let table = hand.discards(ShapeRules::RIICHI, &TileCounts::EMPTY)?;
    /// let best = &table[0];
    /// assert_eq!((best.tile.to_string(), best.shanten), ("2z".to_string(), 1));
    /// assert_eq!(best.ukeire.to_string(), "345z");
    /// # Ok::<(), mj_ai::AiError>(())
    /// ```
    ///
    /// Errors: not `3k + 2` tiles, or `visible` adds a fifth copy.
    pub fn discards(
        &self,
        rules: ShapeRules,
        visible: &TileCounts,
    ) -> Result<Vec<DiscardOption>, AiError> {
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
    ) -> Result<Vec<Improvement>, AiError> {
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

impl HandView {
    /// Improvement-weighted ukeire of a 1-shanten `3k + 1` hand: the live effective tiles
    /// expected after one more draw, each drawn kind that does not lower the shanten counted at
    /// the best discard that keeps the shanten ([`HandView::improvements`]), every other at the
    /// hand's own count, weighted by live copies. `None` at other shanten, or with nothing live.
    ///
    /// Errors: not `3k + 1` tiles, or `visible` adds a fifth copy.
    pub fn improved_ukeire(
        &self,
        rules: ShapeRules,
        visible: &TileCounts,
    ) -> Result<Option<f64>, AiError> {
        let e = self.effective_tiles(rules, visible)?;
        if e.shanten != 1 {
            return Ok(None);
        }
        let imps = self.improvements(rules, visible)?;
        let live = |k: Tile| f64::from(self.live(k, visible));
        let total: f64 = Tile::ALL.into_iter().map(live).sum();
        let imp_live: f64 = imps.iter().map(|i| live(i.tile)).sum();
        let imp_sum: f64 = imps
            .iter()
            .map(|i| live(i.tile) * f64::from(i.ukeire_count))
            .sum();
        Ok((total > 0.0).then(|| (imp_sum + (total - imp_live) * f64::from(e.count)) / total))
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
