//! The parts of the legal actions every flow shares: which tile ids to offer as discards,
//! the pon and chi choices on a tile (kuikae respected), the added kans a seat may declare,
//! and the checks of a tile or a self-drawn win named by an action. Each flow's
//! `turn_actions` and `offer` put these together with its own rules.

use mj_tiles::{MeldKind, Tile, TileId};
use smallvec::SmallVec;

use super::ActionList;
use super::state::{Player, Table};
use crate::action::{Action, IllegalAction, Seat, refuse};
use crate::tiles::{is_red_id, kind, tile_id};

/// The chi shapes of a called kind `t`, the called tile highest, middle, then lowest: the two
/// other kinds of the sequence and the kind kuikae also forbids discarding after the call (the
/// far end of a two-sided shape, 筋; none for the middle). None for an honor.
pub(super) fn chi_shapes(t: Tile) -> impl Iterator<Item = (Tile, Tile, Option<Tile>)> {
    let r = t.rank() as i8;
    let honor = t.is_honor();
    let at = move |d: i8| {
        (!honor && (1..=9).contains(&(r + d)))
            .then(|| Tile::new((t.as_u8() as i8 + d) as u8))
            .flatten()
    };
    [(-2i8, -1i8, -3i8), (-1, 1, 0), (1, 2, 3)]
        .into_iter()
        .filter_map(move |(a, b, other)| {
            let (ka, kb) = (at(a)?, at(b)?);
            Some((ka, kb, if other == 0 { None } else { at(other) }))
        })
}

/// What a closed or added kan on one's own turn needs besides its tiles: not right after a
/// call, fewer than four kans on the table when `four_kan_limit` (riichi), and a live tile left
/// to replace it.
pub(super) fn kan_turn_ok(
    after_call: bool,
    four_kan_limit: bool,
    kans: u8,
    live_left: u8,
) -> Result<(), &'static str> {
    if after_call {
        Err("a kan right after a call")
    } else if four_kan_limit && kans >= 4 {
        Err("four kans were declared")
    } else if live_left == 0 {
        Err("no kan on the last tile")
    } else {
        Ok(())
    }
}

/// `p` holds two kinds that make a sequence with `t` (most chi offers fail for want of them).
#[inline]
pub(super) fn chi_neighbours(p: &Player, t: Tile) -> bool {
    let held = |d: i8| {
        let r = t.rank() as i8 + d;
        !t.is_honor()
            && (1..=9).contains(&r)
            && p.counts.as_array()[(t.as_u8() as i8 + d) as usize] != 0
    };
    let (m1, p1) = (held(-1), held(1));
    (m1 && (held(-2) || p1)) || (p1 && held(2))
}

/// The red fives' ids (16, 52, 88) as bits of the three words of an id set.
const RED_BITS: [u64; 3] = [1 << 16 | 1 << 52, 1 << (88 - 64), 0];

/// The lowest set bit of each nibble of `x`: a bit stays when no lower bit of its nibble is
/// set.
#[inline]
fn lowest_in_nibbles(x: u64) -> u64 {
    const ABOVE_0: u64 = 0xEEEE_EEEE_EEEE_EEEE;
    const ABOVE_1: u64 = 0xCCCC_CCCC_CCCC_CCCC;
    const ABOVE_2: u64 = 0x8888_8888_8888_8888;
    x & !((x << 1 & ABOVE_0) | (x << 2 & ABOVE_1) | (x << 3 & ABOVE_2))
}

/// The discard choices of a turn ([`Table::discard_choices`]): the drawn tile, then the other
/// ids offered as bits of an id set, iterated in increasing order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct DiscardChoices {
    first: Option<u8>,
    rest: [u64; 3],
}

impl DiscardChoices {
    /// Calls `f` on each id in order: [`IntoIterator`]'s order in a tight loop per word.
    #[inline]
    pub(super) fn for_each(self, mut f: impl FnMut(u8)) {
        if let Some(d) = self.first {
            f(d);
        }
        for (w, mut bits) in self.rest.into_iter().enumerate() {
            while bits != 0 {
                f((w as u32 * 64 + bits.trailing_zeros()) as u8);
                bits &= bits - 1;
            }
        }
    }
}

impl IntoIterator for DiscardChoices {
    type Item = u8;
    type IntoIter = core::iter::Chain<core::option::IntoIter<u8>, IdBits>;

    fn into_iter(self) -> Self::IntoIter {
        self.first.into_iter().chain(IdBits {
            words: self.rest,
            w: 0,
        })
    }
}

/// The ids of an id set's words, increasing.
#[derive(Clone, Debug)]
pub(super) struct IdBits {
    words: [u64; 3],
    w: usize,
}

impl Iterator for IdBits {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        while self.w < 3 {
            let bits = self.words[self.w];
            if bits != 0 {
                self.words[self.w] = bits & (bits - 1);
                return Some((self.w as u32 * 64 + bits.trailing_zeros()) as u8);
            }
            self.w += 1;
        }
        None
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.words[self.w.min(3)..]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum();
        (n, Some(n))
    }
}

impl Table {
    /// Swap-calling (喰い替え) is forbidden: a riichi switch, read in the riichi flow only.
    pub(super) fn kuikae_forbidden(&self) -> bool {
        self.rules.flow == crate::rules::Flow::Riichi && self.rules.riichi.kuikae_forbidden
    }

    /// Liability (包) for big three dragons and big four winds: a riichi switch, read in the
    /// riichi flow only.
    pub(super) fn pao_rule(&self) -> bool {
        self.rules.flow == crate::rules::Flow::Riichi && self.rules.riichi.pao
    }

    /// A tile named by an action is in `seat`'s hand; its id.
    pub(super) fn check_tile(&self, seat: Seat, id: TileId) -> Result<u8, IllegalAction> {
        if !self.players[usize::from(seat)].hand.contains(id.as_u8()) {
            return Err(IllegalAction::NotInHand(id));
        }
        Ok(id.as_u8())
    }

    /// The drawn tile a self-drawn win (`action`) is declared on; none right after a call.
    pub(super) fn drawn_for_tsumo(
        &self,
        action: Action,
        after_call: bool,
    ) -> Result<u8, IllegalAction> {
        self.drawn
            .filter(|_| !after_call)
            .ok_or_else(|| refuse(action, "no drawn tile"))
    }

    /// An added kan for each pon whose fourth tile `seat` holds.
    pub(super) fn kakan_choices(&self, seat: Seat, out: &mut ActionList) {
        let p = &self.players[usize::from(seat)];
        for m in &p.melds {
            if m.meld.kind() == MeldKind::Pon
                && let Some(id) = p.hand.of_kind(m.meld.base()).next()
            {
                out.push(Action::Kakan { tile: tile_id(id) });
            }
        }
    }

    /// The ids to offer for discards: one per (kind, redness), the drawn tile itself for its
    /// kind when it is one of them; the drawn tile first, then increasing ids. Word by word on
    /// the hand's id bits: the lowest plain id of a kind is its nibble's lowest bit (a few
    /// shifts and masks for 16 kinds at once), a red five is its own choice; debug builds check
    /// it against [`Table::discard_choices_by_ids`].
    pub(super) fn discard_choices(&self, seat: Seat) -> DiscardChoices {
        let p = &self.players[usize::from(seat)];
        let words = p.hand.words();
        let reds = if self.rules.red_fives {
            RED_BITS
        } else {
            [0; 3]
        };
        let mut rest = [0u64; 3];
        for w in 0..3 {
            let plain = words[w] & !reds[w];
            rest[w] = lowest_in_nibbles(plain) | (words[w] & reds[w]);
        }
        let mut first = None;
        if let Some(d) = self.drawn
            && p.hand.contains(d)
        {
            first = Some(d);
            let w = usize::from(d >> 6);
            let bit = 1u64 << (d & 63);
            if reds[w] & bit != 0 {
                rest[w] &= !bit;
            } else {
                // The kind's plain choice: its nibble less the red bit.
                rest[w] &= !(0xF << (d & 60) & !reds[w]);
            }
        }
        let out = DiscardChoices { first, rest };
        debug_assert_eq!(
            out.into_iter().collect::<SmallVec<[u8; 14]>>(),
            self.discard_choices_by_ids(seat)
        );
        out
    }

    /// [`Table::discard_choices`] id by id: the slow twin the debug builds compare with.
    fn discard_choices_by_ids(&self, seat: Seat) -> SmallVec<[u8; 14]> {
        let p = &self.players[usize::from(seat)];
        let mut out: SmallVec<[u8; 14]> = SmallVec::new();
        let mut seen: u64 = 0;
        let mut seen_red: u8 = 0;
        if let Some(d) = self.drawn
            && p.hand.contains(d)
        {
            out.push(d);
            if is_red_id(d) && self.rules.red_fives {
                seen_red |= 1 << (d / 36);
            } else {
                seen |= 1 << (d / 4);
            }
        }
        for id in p.hand.iter() {
            if is_red_id(id) && self.rules.red_fives {
                let bit = 1 << (id / 36);
                if seen_red & bit == 0 {
                    seen_red |= bit;
                    out.push(id);
                }
            } else if seen >> (id / 4) & 1 == 0 {
                seen |= 1 << (id / 4);
                out.push(id);
            }
        }
        out
    }

    /// Pairs of ids that can pon `tile` (one per distinct redness mix), kuikae respected.
    pub(super) fn pon_choices(&self, seat: Seat, tile: u8) -> SmallVec<[[u8; 2]; 2]> {
        let p = &self.players[usize::from(seat)];
        let t = kind(tile);
        let ids: SmallVec<[u8; 4]> = p.hand.of_kind(t).collect();
        let mut out = SmallVec::new();
        if ids.len() < 2 {
            return out;
        }
        let reds = self.rules.red_fives;
        let red: SmallVec<[u8; 1]> = ids
            .iter()
            .copied()
            .filter(|&i| reds && is_red_id(i))
            .collect();
        let plain: SmallVec<[u8; 4]> = ids
            .iter()
            .copied()
            .filter(|&i| !(reds && is_red_id(i)))
            .collect();
        if plain.len() >= 2 {
            out.push([plain[0], plain[1]]);
        }
        if let (Some(&r), Some(&n)) = (red.first(), plain.first()) {
            out.push([r, n]);
        }
        out.retain(|pair| self.call_leaves_discard(seat, pair, &[t]));
        out
    }

    /// Pairs of ids that can chi `tile`, kuikae respected.
    pub(super) fn chi_choices(&self, seat: Seat, tile: u8) -> SmallVec<[[u8; 2]; 6]> {
        let p = &self.players[usize::from(seat)];
        let t = kind(tile);
        let mut out = SmallVec::new();
        let reds = self.rules.red_fives;
        for (ka, kb, other) in chi_shapes(t) {
            if p.counts.get(ka) == 0 || p.counts.get(kb) == 0 {
                continue;
            }
            // The lowest plain id of a kind, then its red five: from the kind's nibble of ids.
            let opts = |k: Tile| -> SmallVec<[u8; 2]> {
                let first = k.as_u8() * 4;
                let mut nibble = p.hand.nibble(k);
                let red = reds && nibble & 1 == 1 && is_red_id(first);
                if red {
                    nibble &= !1;
                }
                let mut v = SmallVec::new();
                if nibble != 0 {
                    v.push(first + nibble.trailing_zeros() as u8);
                }
                if red {
                    v.push(first);
                }
                v
            };
            let mut forbid: SmallVec<[Tile; 2]> = SmallVec::new();
            forbid.push(t);
            forbid.extend(other);
            for x in opts(ka) {
                for y in opts(kb) {
                    if self.call_leaves_discard(seat, &[x, y], &forbid) {
                        out.push([x, y]);
                    }
                }
            }
        }
        out
    }

    /// `!pon_choices(seat, tile).is_empty()` without building the list: the choices differ only
    /// in red copies, and whether a call leaves a discard depends on kinds alone.
    pub(super) fn pon_possible(&self, seat: Seat, tile: u8) -> bool {
        let p = &self.players[usize::from(seat)];
        let t = kind(tile);
        let yes = p.counts.get(t) >= 2 && self.call_leaves_discard_kinds(seat, [t, t], &[t]);
        debug_assert_eq!(yes, !self.pon_choices(seat, tile).is_empty());
        yes
    }

    /// `!chi_choices(seat, tile).is_empty()` without building the list: some sequence whose
    /// two other kinds are held and whose call leaves a discard kuikae allows (which depends on
    /// kinds alone).
    pub(super) fn chi_possible(&self, seat: Seat, tile: u8) -> bool {
        let p = &self.players[usize::from(seat)];
        let t = kind(tile);
        if !chi_neighbours(p, t) {
            debug_assert!(self.chi_choices(seat, tile).is_empty());
            return false;
        }
        let yes = chi_shapes(t).any(|(ka, kb, other)| {
            p.counts.get(ka) != 0
                && p.counts.get(kb) != 0
                && match other {
                    Some(k) => self.call_leaves_discard_kinds(seat, [ka, kb], &[t, k]),
                    None => self.call_leaves_discard_kinds(seat, [ka, kb], &[t]),
                }
        });
        debug_assert_eq!(yes, !self.chi_choices(seat, tile).is_empty());
        yes
    }

    /// [`Table::call_leaves_discard`] by kinds, with no pass over the 34 kinds: the tiles left
    /// after the call less those of the forbidden kinds (`forbid` holds distinct kinds, as the
    /// callers pass them). Debug builds check it against [`Table::call_leaves_discard_slow`].
    fn call_leaves_discard_kinds(&self, seat: Seat, used: [Tile; 2], forbid: &[Tile]) -> bool {
        if !self.kuikae_forbidden() {
            return true;
        }
        let p = &self.players[usize::from(seat)];
        let mut c = p.counts;
        let mut left = p.index.total();
        for u in used {
            if c.remove(u) {
                left -= 1;
            }
        }
        for &f in forbid {
            left = left.saturating_sub(u32::from(c.get(f)));
        }
        let yes = left > 0;
        debug_assert_eq!(yes, self.call_leaves_discard_slow(seat, used, forbid));
        yes
    }

    /// [`Table::call_leaves_discard_kinds`] kind by kind: the slow twin.
    fn call_leaves_discard_slow(&self, seat: Seat, used: [Tile; 2], forbid: &[Tile]) -> bool {
        let p = &self.players[usize::from(seat)];
        let mut c = p.counts;
        c.remove(used[0]);
        c.remove(used[1]);
        c.tiles().any(|t| !forbid.contains(&t))
    }

    /// After taking `used` out of the hand, is some tile left that kuikae allows to discard?
    pub(super) fn call_leaves_discard(&self, seat: Seat, used: &[u8; 2], forbid: &[Tile]) -> bool {
        self.call_leaves_discard_kinds(seat, [kind(used[0]), kind(used[1])], forbid)
    }
}
