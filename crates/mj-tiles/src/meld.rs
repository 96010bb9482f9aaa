//! Declared melds (副露 / 鸣牌 and the closed kan).

use core::fmt;

use crate::notation::{self, NotationError};
use crate::{Piece, Tile};

/// The five kinds of declared meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MeldKind {
    /// A called sequence (吃 / チー): three consecutive tiles of one numbered suit.
    Chi,
    /// A called triplet (碰 / ポン).
    Pon,
    /// An open kan from a discard (明杠 / 大明槓).
    Minkan,
    /// A closed kan (暗杠 / 暗槓): four tiles from the hand, no called tile.
    Ankan,
    /// An added kan (加杠 / 加槓): a fourth tile added to a pon.
    Kakan,
}

impl MeldKind {
    /// Every kind.
    pub const ALL: [MeldKind; 5] = [
        MeldKind::Chi,
        MeldKind::Pon,
        MeldKind::Minkan,
        MeldKind::Ankan,
        MeldKind::Kakan,
    ];

    /// The protocol name: `chi`, `pon`, `minkan`, `ankan`, `kakan`.
    pub const fn name(self) -> &'static str {
        match self {
            MeldKind::Chi => "chi",
            MeldKind::Pon => "pon",
            MeldKind::Minkan => "minkan",
            MeldKind::Ankan => "ankan",
            MeldKind::Kakan => "kakan",
        }
    }

    /// The kind of a protocol name.
    pub fn from_name(name: &str) -> Option<MeldKind> {
        MeldKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// `true` for the three kans.
    pub const fn is_kan(self) -> bool {
        matches!(self, MeldKind::Minkan | MeldKind::Ankan | MeldKind::Kakan)
    }

    /// `false` only for the closed kan, which keeps the hand concealed.
    pub const fn is_open(self) -> bool {
        !matches!(self, MeldKind::Ankan)
    }

    /// How many tiles the meld holds: 3, or 4 for a kan.
    pub const fn tile_count(self) -> usize {
        if self.is_kan() { 4 } else { 3 }
    }
}

impl fmt::Display for MeldKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a meld is not valid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MeldError {
    /// The tiles are not written correctly.
    #[error("meld tiles: {0}")]
    Notation(#[from] NotationError),
    /// The called tile is not written correctly.
    #[error("called tile: {0}")]
    CalledNotation(NotationError),
    /// The meld kind is not one of the five.
    #[error("unknown meld kind {0:?} (expected chi, pon, minkan, ankan or kakan)")]
    UnknownKind(String),
    /// Wrong number of tiles for the kind.
    #[error("a {kind} has {expected} tiles, got {found}")]
    WrongSize {
        /// The kind.
        kind: MeldKind,
        /// Tiles it needs.
        expected: usize,
        /// Tiles given.
        found: usize,
    },
    /// A chi that is not three consecutive tiles of one numbered suit.
    #[error("a chi is three consecutive tiles of one numbered suit, got {0}")]
    NotASequence(String),
    /// A pon or kan whose tiles are not all of one kind.
    #[error("a {kind} is {expected} tiles of one kind, got {tiles}")]
    NotOneKind {
        /// The kind.
        kind: MeldKind,
        /// Tiles it needs.
        expected: usize,
        /// The tiles given.
        tiles: String,
    },
    /// The called tile is not one of the meld's tiles.
    #[error("the called tile {called} is not in the meld {tiles}")]
    CalledNotInMeld {
        /// The called tile.
        called: Piece,
        /// The meld's tiles.
        tiles: String,
    },
    /// A closed kan with a called tile or a seat.
    #[error("a closed kan (ankan) has no called tile and no seat it came from")]
    ClosedKanCalled,
    /// A seat outside 1..=3.
    #[error("the seat a tile came from is 1, 2 or 3 seats to the left, got {0}")]
    SeatOutOfRange(u8),
    /// A chi from a seat other than the left-hand neighbour.
    #[error("a chi can only be called from the seat to the left (1), got {0}")]
    ChiNotFromLeft(u8),
}

/// A declared meld: kind, tiles (red fives kept), the called tile and the seat it came from
/// (1..=3 seats to the left), validated on construction.
///
/// ```
/// use mj_tiles::{Meld, MeldKind};
/// let chi = Meld::parse(MeldKind::Chi, "406m", Some("4m"), Some(1)).unwrap();
/// assert_eq!(chi.to_string(), "chi 406m");
/// assert_eq!(chi.base().to_string(), "4m");
/// assert!(Meld::parse(MeldKind::Chi, "135m", None, None).is_err());
/// assert!(Meld::parse(MeldKind::Pon, "777z", Some("7z"), Some(2)).is_ok());
/// assert!(Meld::parse(MeldKind::Ankan, "1111s", Some("1s"), None).is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Meld {
    kind: MeldKind,
    pieces: [Piece; 4],
    called: Option<Piece>,
    from: Option<u8>,
}

impl Meld {
    /// A meld of the given pieces (in any order; stored sorted).
    pub fn new(
        kind: MeldKind,
        pieces: &[Piece],
        called: Option<Piece>,
        from: Option<u8>,
    ) -> Result<Meld, MeldError> {
        let tiles_text = || notation::format_pieces(pieces);
        if pieces.len() != kind.tile_count() {
            return Err(MeldError::WrongSize {
                kind,
                expected: kind.tile_count(),
                found: pieces.len(),
            });
        }
        let mut sorted = [pieces[0]; 4];
        sorted[..pieces.len()].copy_from_slice(pieces);
        sorted[..pieces.len()].sort_by_key(|p| (p.tile(), !p.is_red()));
        // The unused fourth slot of a three-tile meld repeats the first, so equal melds compare
        // equal whatever order their tiles were given in.
        if pieces.len() == 3 {
            sorted[3] = sorted[0];
        }
        let tiles: Vec<Tile> = sorted[..pieces.len()].iter().map(|p| p.tile()).collect();
        match kind {
            MeldKind::Chi => {
                let ok = !tiles[0].is_honor()
                    && tiles[0].next_in_suit() == Some(tiles[1])
                    && tiles[1].next_in_suit() == Some(tiles[2]);
                if !ok {
                    return Err(MeldError::NotASequence(tiles_text()));
                }
            }
            _ => {
                if tiles.iter().any(|&t| t != tiles[0]) {
                    return Err(MeldError::NotOneKind {
                        kind,
                        expected: kind.tile_count(),
                        tiles: tiles_text(),
                    });
                }
            }
        }
        if kind == MeldKind::Ankan && (called.is_some() || from.is_some()) {
            return Err(MeldError::ClosedKanCalled);
        }
        if let Some(c) = called
            && !tiles.contains(&c.tile())
        {
            return Err(MeldError::CalledNotInMeld {
                called: c,
                tiles: tiles_text(),
            });
        }
        if let Some(seat) = from {
            if !(1..=3).contains(&seat) {
                return Err(MeldError::SeatOutOfRange(seat));
            }
            if kind == MeldKind::Chi && seat != 1 {
                return Err(MeldError::ChiNotFromLeft(seat));
            }
        }
        Ok(Meld {
            kind,
            pieces: sorted,
            called,
            from,
        })
    }

    /// A meld from mpsz text: `Meld::parse(MeldKind::Pon, "555z", Some("5z"), Some(2))`.
    pub fn parse(
        kind: MeldKind,
        tiles: &str,
        called: Option<&str>,
        from: Option<u8>,
    ) -> Result<Meld, MeldError> {
        let pieces = notation::parse_pieces(tiles)?;
        let called = match called {
            Some(text) => Some(text.parse::<Piece>().map_err(MeldError::CalledNotation)?),
            None => None,
        };
        Meld::new(kind, &pieces, called, from)
    }

    /// The kind.
    pub const fn kind(&self) -> MeldKind {
        self.kind
    }

    /// The pieces, sorted (3, or 4 for a kan).
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces[..self.kind.tile_count()]
    }

    /// The kinds of the tiles, sorted.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        self.pieces().iter().map(|p| p.tile())
    }

    /// The lowest tile: the start of a chi, the kind of a pon or kan.
    pub const fn base(&self) -> Tile {
        self.pieces[0].tile()
    }

    /// The called tile, if given.
    pub const fn called(&self) -> Option<Piece> {
        self.called
    }

    /// The seat it came from (1..=3 seats to the left), if given.
    pub const fn from(&self) -> Option<u8> {
        self.from
    }

    /// `true` for a chi.
    pub const fn is_sequence(&self) -> bool {
        matches!(self.kind, MeldKind::Chi)
    }
}

impl fmt::Display for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}",
            self.kind,
            notation::format_pieces(self.pieces())
        )
    }
}

impl fmt::Debug for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Meld({self}")?;
        if let Some(c) = self.called {
            write!(f, ", called {c}")?;
        }
        if let Some(s) = self.from {
            write!(f, ", from {s}")?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

    #[rstest]
    #[case::chi(MeldKind::Chi, "123m", None, None)]
    #[case::chi_red(MeldKind::Chi, "406s", Some("0s"), Some(1))]
    #[case::pon(MeldKind::Pon, "555z", Some("5z"), Some(3))]
    #[case::minkan(MeldKind::Minkan, "9999p", Some("9p"), Some(2))]
    #[case::ankan(MeldKind::Ankan, "5055m", None, None)]
    #[case::kakan(MeldKind::Kakan, "2222s", Some("2s"), Some(1))]
    fn accepts(
        #[case] kind: MeldKind,
        #[case] tiles: &str,
        #[case] called: Option<&str>,
        #[case] from: Option<u8>,
    ) {
        let m = Meld::parse(kind, tiles, called, from)
            .unwrap_or_else(|e| panic!("{kind} {tiles}: {e}"));
        assert_eq!(m.pieces().len(), kind.tile_count());
    }

    #[rstest]
    #[case::honor_chi(
        MeldKind::Chi,
        "123z",
        None,
        None,
        "a chi is three consecutive tiles of one numbered suit, got 123z"
    )]
    #[case::gap_chi(
        MeldKind::Chi,
        "134m",
        None,
        None,
        "a chi is three consecutive tiles of one numbered suit, got 134m"
    )]
    #[case::wrap_chi(
        MeldKind::Chi,
        "891m",
        None,
        None,
        "a chi is three consecutive tiles of one numbered suit, got 891m"
    )]
    #[case::mixed_pon(
        MeldKind::Pon,
        "556m",
        None,
        None,
        "a pon is 3 tiles of one kind, got 556m"
    )]
    #[case::short_kan(MeldKind::Minkan, "555m", None, None, "a minkan has 4 tiles, got 3")]
    #[case::called_elsewhere(
        MeldKind::Pon,
        "111m",
        Some("2m"),
        None,
        "the called tile 2m is not in the meld 111m"
    )]
    #[case::closed_called(
        MeldKind::Ankan,
        "1111m",
        Some("1m"),
        None,
        "a closed kan (ankan) has no called tile and no seat it came from"
    )]
    #[case::seat(
        MeldKind::Pon,
        "111m",
        None,
        Some(4),
        "the seat a tile came from is 1, 2 or 3 seats to the left, got 4"
    )]
    #[case::chi_seat(
        MeldKind::Chi,
        "123m",
        None,
        Some(2),
        "a chi can only be called from the seat to the left (1), got 2"
    )]
    #[case::bad_text(
        MeldKind::Pon,
        "11",
        None,
        None,
        "meld tiles: digits without a suit at column 1"
    )]
    fn rejects(
        #[case] kind: MeldKind,
        #[case] tiles: &str,
        #[case] called: Option<&str>,
        #[case] from: Option<u8>,
        #[case] message: &str,
    ) {
        let err = Meld::parse(kind, tiles, called, from).expect_err(tiles);
        assert_eq!(err.to_string(), message, "{kind} {tiles}");
    }
}
