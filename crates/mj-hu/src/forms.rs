//! The special winning forms, on eigens: seven pairs, thirteen orphans and MCR's knitted shapes.
//!
//! All three need 14 concealed tiles and no declared melds (a knitted straight, 组合龙, also
//! allows one declared meld). Wildcards fill any gap, with no four-copy limit.

use mj_tiles::{Eigen, Suit, Tile, TileSet};

/// Kind sets of the real tiles of a hand, by how many copies are held.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Held {
    /// Kinds held at least once.
    pub at_least_1: TileSet,
    /// Kinds held at least twice.
    pub at_least_2: TileSet,
    /// Kinds held at least three times.
    pub at_least_3: TileSet,
    /// Kinds held an odd number of times.
    pub odd: TileSet,
}

fn kinds(e: &[Eigen; 4], f: impl Fn(Eigen) -> u16) -> TileSet {
    TileSet::from_rank_mask(Suit::Man, f(e[0]))
        | TileSet::from_rank_mask(Suit::Pin, f(e[1]))
        | TileSet::from_rank_mask(Suit::Sou, f(e[2]))
        | TileSet::from_rank_mask(Suit::Honor, f(e[3]))
}

impl Held {
    pub fn of(e: &[Eigen; 4]) -> Held {
        Held {
            at_least_1: kinds(e, |x| x.ranks_at_least(1)),
            at_least_2: kinds(e, |x| x.ranks_at_least(2)),
            at_least_3: kinds(e, |x| x.ranks_at_least(3)),
            odd: kinds(e, Eigen::odd_ranks),
        }
    }

    /// Kinds held exactly once.
    pub fn singles(&self) -> TileSet {
        self.at_least_1 - self.at_least_2
    }
}

/// The thirteen terminal and honor kinds.
pub(crate) fn orphans() -> TileSet {
    Tile::ORPHANS.into_iter().collect()
}

/// Seven pairs with `w` wildcards and 14 tiles in all.
pub(crate) fn seven_pairs(held: &Held, w: u32, distinct: bool) -> bool {
    if distinct {
        // Every kind at most twice and at most seven kinds; wildcards pair the singles and
        // make the missing pairs of new kinds.
        held.at_least_3.is_empty() && held.at_least_1.len() <= 7
    } else {
        // Each odd count needs one wildcard; the other wildcards pair among themselves.
        held.odd.len() as u32 <= w
    }
}

/// Thirteen orphans with wildcards and 14 tiles in all.
pub(crate) fn thirteen_orphans(held: &Held) -> bool {
    (held.at_least_1 - orphans()).is_empty()
        && held.at_least_3.is_empty()
        && held.at_least_2.len() <= 1
}

/// Waits of seven pairs for 13 tiles and `w` wildcards: the real kinds that complete it.
pub(crate) fn seven_pairs_waits(held: &Held, w: u32, distinct: bool) -> TileSet {
    if distinct {
        if !held.at_least_3.is_empty() {
            return TileSet::EMPTY;
        }
        // Drawing a single's kind keeps the kind count; a new kind adds one. At most seven.
        let kinds = held.at_least_1.len();
        let mut out = TileSet::EMPTY;
        if kinds <= 7 {
            out |= held.singles();
        }
        if kinds <= 6 {
            out |= !held.at_least_1;
        }
        out
    } else {
        let odd = held.odd.len() as u32;
        let mut out = TileSet::EMPTY;
        if odd <= w + 1 {
            out |= held.odd;
        }
        if odd < w {
            out |= !held.odd;
        }
        out
    }
}

/// Waits of thirteen orphans for 13 tiles: the real kinds that complete it.
pub(crate) fn thirteen_orphans_waits(held: &Held) -> TileSet {
    if !thirteen_orphans(held) {
        TileSet::EMPTY
    } else if held.at_least_2.is_empty() {
        orphans()
    } else {
        orphans() - held.at_least_1
    }
}

/// The six knitted straights (组合龙): 147 in one suit, 258 in another, 369 in the third.
pub(crate) fn knitted_straights() -> [TileSet; 6] {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    PERMS.map(|perm| {
        let mut set = TileSet::EMPTY;
        for (offset, &suit) in perm.iter().enumerate() {
            for rank in [1u8, 4, 7] {
                if let Some(t) = Tile::new((suit * 9) as u8 + rank - 1 + offset as u8) {
                    set.insert(t);
                }
            }
        }
        set
    })
}

/// 全不靠 (Lesser Honors and Knitted Tiles): 14 different kinds from one knitted straight and
/// the seven honors; wildcards stand for the missing ones.
pub(crate) fn lesser_honors_knitted(held: &Held) -> bool {
    let honors = TileSet::suit(Suit::Honor);
    held.at_least_2.is_empty()
        && knitted_straights()
            .iter()
            .any(|&k| (held.at_least_1 - (k | honors)).is_empty())
}
