//! Tile-id helpers: kinds, red fives, mjai names, a 136-bit set of ids.

use mj_tiles::{Piece, Suit, Tile, TileId};
use serde::{Deserialize, Serialize};

/// The kind of a tile id (0..136).
#[inline]
pub(crate) fn kind(id: u8) -> Tile {
    match Tile::new(id / 4) {
        Some(t) => t,
        None => Tile::EAST,
    }
}

/// The [`TileId`] of an id from a hand, a river or the wall (always below 136 there; the
/// flowers 136..144 never reach an action).
#[inline]
pub(crate) fn tile_id(id: u8) -> TileId {
    debug_assert!(id < 136, "tile id {id} in an action");
    match TileId::new(id) {
        Some(t) => t,
        None => TileId::RED_FIVES[0],
    }
}

/// `true` for the red-five ids 16, 52, 88.
#[inline]
pub(crate) fn is_red_id(id: u8) -> bool {
    matches!(id, 16 | 52 | 88)
}

/// The piece of an id, red only when red fives are played.
#[inline]
pub(crate) fn piece(id: u8, reds: bool) -> Piece {
    let t = kind(id);
    if reds && is_red_id(id) {
        Piece::red_five(t.suit()).unwrap_or(Piece::new(t))
    } else {
        Piece::new(t)
    }
}

const HONORS: [&str; 7] = ["E", "S", "W", "N", "P", "F", "C"];

/// The first flower id (MCR): the eight flowers 春夏秋冬梅兰竹菊 are ids 136..144.
pub const FIRST_FLOWER: u8 = 136;
/// One past the last flower id.
pub const END_FLOWER: u8 = 144;

/// `true` for a flower id (136..144, MCR).
#[inline]
pub const fn is_flower(id: u8) -> bool {
    id >= FIRST_FLOWER && id < END_FLOWER
}

/// mjai's name of a tile id: `1m`..`9m`, `5mr` for a red five, `E S W N P F C` for honors,
/// and (an extension for MCR) `H1`..`H8` for the flowers 春夏秋冬梅兰竹菊 (ids 136..144, the
/// names of the Botzone Chinese Standard Mahjong logs).
pub fn mjai_name(id: u8, reds: bool) -> String {
    if is_flower(id) {
        return format!("H{}", id - FIRST_FLOWER + 1);
    }
    let t = kind(id);
    match t.suit() {
        Suit::Honor => HONORS[usize::from(t.rank() - 1)].to_string(),
        s => {
            let r = if reds && is_red_id(id) { "r" } else { "" };
            format!("{}{}{}", t.rank(), s.letter(), r)
        }
    }
}

/// The tile id an mjai name stands for: the red five for `5mr`, else the first non-red copy
/// (`None` for an unknown name).
pub fn id_of_mjai(name: &str) -> Option<u8> {
    if let Some(n) = name.strip_prefix('H') {
        return match n.as_bytes() {
            [d @ b'1'..=b'8'] => Some(FIRST_FLOWER + (d - b'1')),
            _ => None,
        };
    }
    if let Some(i) = HONORS.iter().position(|&h| h == name) {
        return Some((27 + i as u8) * 4);
    }
    let b = name.as_bytes();
    if b.len() < 2 || b.len() > 3 {
        return None;
    }
    let rank = b[0].checked_sub(b'0').filter(|r| (1..=9).contains(r))?;
    let suit = Suit::from_letter(char::from(b[1])).filter(|s| s.is_numbered())?;
    let t = Tile::from_suit_rank(suit, rank)?;
    let base = t.as_u8() * 4;
    match (b.len(), rank) {
        (3, 5) if b[2] == b'r' => Some(base),
        (3, _) => None,
        (_, 5) => Some(base + 1),
        _ => Some(base),
    }
}

/// A set of tile ids (136 bits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) struct Ids([u64; 3]);

impl Ids {
    #[inline]
    pub(crate) fn contains(&self, id: u8) -> bool {
        id < 136 && self.0[usize::from(id >> 6)] >> (id & 63) & 1 == 1
    }
    #[inline]
    pub(crate) fn insert(&mut self, id: u8) {
        self.0[usize::from(id >> 6)] |= 1 << (id & 63);
    }
    #[inline]
    pub(crate) fn remove(&mut self, id: u8) {
        self.0[usize::from(id >> 6)] &= !(1 << (id & 63));
    }
    pub(crate) fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    /// The ids in increasing order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        (0..3usize).flat_map(move |w| {
            let mut bits = self.0[w];
            core::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Some(w as u8 * 64 + b)
            })
        })
    }
    /// The three words of the set: bit `id & 63` of word `id >> 6`; kind `k`'s four ids are the
    /// nibble at bit `4k & 63` of word `k >> 4` (a nibble never straddles two words).
    #[inline]
    pub(crate) fn words(&self) -> [u64; 3] {
        self.0
    }
    /// The four ids of kind `t` as a nibble: bit `i` for id `4 * t + i`.
    #[inline]
    pub(crate) fn nibble(&self, t: Tile) -> u8 {
        let k = t.as_u8();
        (self.0[usize::from(k >> 4)] >> (4 * (k & 15)) & 0xF) as u8
    }
    /// The ids of one kind held, in increasing order.
    pub(crate) fn of_kind(&self, t: Tile) -> impl Iterator<Item = u8> + '_ {
        let base = t.as_u8() * 4;
        (base..base + 4).filter(move |&i| self.contains(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mjai_names_round_trip() {
        for id in 0..136u8 {
            let name = mjai_name(id, true);
            let back = id_of_mjai(&name).unwrap_or(255);
            assert_eq!(kind(back), kind(id), "{id} {name}");
            assert_eq!(is_red_id(back), is_red_id(id), "{id} {name}");
        }
        assert_eq!(mjai_name(16, true), "5mr");
        assert_eq!(mjai_name(16, false), "5m");
        assert_eq!(mjai_name(31 * 4, true), "P");
        assert_eq!(id_of_mjai("x"), None);
        for id in FIRST_FLOWER..END_FLOWER {
            assert_eq!(id_of_mjai(&mjai_name(id, true)), Some(id));
        }
        assert_eq!(id_of_mjai("H9"), None);
        assert_eq!(id_of_mjai("H0"), None);
    }
}
