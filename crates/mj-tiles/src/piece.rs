//! Physical tiles: a kind plus whether it is a red five (赤ドラ), and the 136-id numbering that
//! riichi software (Tenhou logs, mjai, `mahjong` on PyPI) uses.

use core::fmt;

use crate::{Suit, Tile};

/// A physical tile: its kind and whether it is a red five. Written `0m`, `0p`, `0s` in mpsz.
///
/// A red five is a five everywhere a shape is concerned; only riichi scoring (aka dora) and
/// display look at [`Piece::is_red`].
///
/// ```
/// use mj_tiles::Piece;
/// let p: Piece = "0p".parse().unwrap();
/// assert!(p.is_red());
/// assert_eq!(p.tile().to_string(), "5p");
/// assert_eq!(p.to_string(), "0p");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    tile: Tile,
    red: bool,
}

impl Piece {
    /// A plain (not red) piece of a kind.
    pub const fn new(tile: Tile) -> Piece {
        Piece { tile, red: false }
    }

    /// A red five of a numbered suit; `None` for honors.
    pub const fn red_five(suit: Suit) -> Option<Piece> {
        match Tile::from_suit_rank(suit, 5) {
            Some(tile) if suit.is_numbered() => Some(Piece { tile, red: true }),
            _ => None,
        }
    }

    /// The kind.
    pub const fn tile(self) -> Tile {
        self.tile
    }

    /// `true` for a red five.
    pub const fn is_red(self) -> bool {
        self.red
    }
}

impl From<Tile> for Piece {
    fn from(tile: Tile) -> Piece {
        Piece::new(tile)
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.red {
            write!(f, "0{}", self.tile.suit().letter())
        } else {
            write!(f, "{}", self.tile)
        }
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Piece({self})")
    }
}

/// One of the 136 tiles of a riichi set, numbered as Tenhou does: `id / 4` is the kind index,
/// and ids 16, 52 and 88 (the first copy of 5m, 5p, 5s) are the red fives.
///
/// ```
/// use mj_tiles::TileId;
/// let id = TileId::new(52).unwrap();
/// assert_eq!(id.piece().to_string(), "0p");
/// assert_eq!(TileId::new(53).unwrap().piece().to_string(), "5p");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TileId(u8);

impl TileId {
    /// How many ids there are.
    pub const COUNT: usize = 136;
    /// The ids of the red fives (5m, 5p, 5s).
    pub const RED_FIVES: [TileId; 3] = [TileId(16), TileId(52), TileId(88)];

    /// The id, if it is below 136.
    pub const fn new(id: u8) -> Option<TileId> {
        if id < 136 { Some(TileId(id)) } else { None }
    }

    /// The numeric id, 0..136.
    pub const fn as_u8(self) -> u8 {
        self.0
    }

    /// The kind.
    pub const fn tile(self) -> Tile {
        Tile::ALL[(self.0 / 4) as usize]
    }

    /// `true` for 16, 52 and 88.
    pub const fn is_red(self) -> bool {
        matches!(self.0, 16 | 52 | 88)
    }

    /// The physical tile: kind and redness.
    pub const fn piece(self) -> Piece {
        Piece {
            tile: self.tile(),
            red: self.is_red(),
        }
    }

    /// The `copy`-th id (0..4) of a kind.
    pub const fn of(tile: Tile, copy: u8) -> Option<TileId> {
        if copy < 4 {
            Some(TileId(tile.as_u8() * 4 + copy))
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exactly_three_red_ids_and_they_are_fives() {
        let reds: Vec<u8> = (0..136u8)
            .filter_map(TileId::new)
            .filter(|id| id.is_red())
            .map(TileId::as_u8)
            .collect();
        assert_eq!(reds, [16, 52, 88]);
        for id in TileId::RED_FIVES {
            assert_eq!(id.tile().rank(), 5);
            assert!(id.piece().is_red());
        }
        assert_eq!(TileId::new(136), None);
        assert_eq!(TileId::of(Tile::RED, 3), TileId::new(135));
    }
}
