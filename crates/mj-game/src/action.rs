//! Actions a seat may take, the seats that must decide ([`SeatSet`]), and why an action is
//! refused.

use core::fmt;

use mj_tiles::{Tile, TileId};
use serde::{Deserialize, Serialize};

use crate::tiles::mjai_name;

/// A seat, 0..4, counted from the first dealer (起家) in turn order.
pub type Seat = u8;

/// A set of seats (a bit per seat 0..4): who must decide now ([`crate::Round::to_act`]).
///
/// ```
/// use mj_game::SeatSet;
/// let s = SeatSet::from_bits(0b0110);
/// assert!(s.contains(1) && s.contains(2) && !s.contains(0));
/// assert_eq!(s.first(), Some(1));
/// assert_eq!(s.iter().collect::<Vec<_>>(), [1, 2]);
/// assert_eq!(s.len(), 2);
/// assert!(SeatSet::EMPTY.is_empty());
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set of the bits' seats (bit `s` for seat `s`; bits above 3 are ignored).
    pub const fn from_bits(bits: u8) -> SeatSet {
        SeatSet(bits & 0xF)
    }

    /// The one seat `seat` (empty for a seat above 3).
    pub const fn single(seat: Seat) -> SeatSet {
        if seat < 4 {
            SeatSet(1 << seat)
        } else {
            SeatSet::EMPTY
        }
    }

    /// A bit per seat (bit `s` for seat `s`).
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// `seat` is in the set.
    pub const fn contains(self, seat: Seat) -> bool {
        seat < 4 && self.0 >> seat & 1 == 1
    }

    /// No seat is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many seats.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The lowest seat in the set.
    pub const fn first(self) -> Option<Seat> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as Seat)
        }
    }

    /// Adds `seat` (a seat above 3 is ignored).
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= SeatSet::single(seat).0;
    }

    /// The seats, lowest first.
    pub fn iter(self) -> SeatIter {
        SeatIter(self.0)
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl IntoIterator for SeatSet {
    type Item = Seat;
    type IntoIter = SeatIter;

    fn into_iter(self) -> SeatIter {
        self.iter()
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(seats: I) -> SeatSet {
        let mut s = SeatSet::EMPTY;
        for seat in seats {
            s.insert(seat);
        }
        s
    }
}

/// The seats of a [`SeatSet`], lowest first.
#[derive(Clone, Debug)]
pub struct SeatIter(u8);

impl Iterator for SeatIter {
    type Item = Seat;

    fn next(&mut self) -> Option<Seat> {
        let s = SeatSet(self.0).first()?;
        self.0 &= self.0 - 1;
        Some(s)
    }
}

/// What a seat does at a decision point. Tiles are [`TileId`]s (Tenhou's ids, 0..136: `id / 4`
/// is the kind, 16, 52 and 88 the red fives), so a replay can say exactly which copy moved;
/// a closed kan names its kind ([`Tile`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Discard a tile (打牌); tsumogiri when it is the tile just drawn.
    Discard {
        /// The tile id.
        tile: TileId,
    },
    /// Declare riichi (立直) and discard this tile.
    Riichi {
        /// The tile id.
        tile: TileId,
    },
    /// Win on one's own draw (自摸).
    Tsumo,
    /// Win on another's discard or added kan (栄和).
    Ron,
    /// Call a sequence (吃) with these two tiles from the hand.
    Chi {
        /// The two tile ids from the hand.
        tiles: [TileId; 2],
    },
    /// Call a triplet (碰) with these two tiles from the hand.
    Pon {
        /// The two tile ids from the hand.
        tiles: [TileId; 2],
    },
    /// Call an open kan (大明槓) with the three matching tiles of the hand.
    Minkan,
    /// Declare a closed kan (暗槓) of a kind held four times.
    Ankan {
        /// The kind (serialized as its index, 0..34).
        #[serde(with = "kind_index")]
        kind: Tile,
    },
    /// Add this tile to a pon (加槓).
    Kakan {
        /// The tile id.
        tile: TileId,
    },
    /// Set a north aside as kita (抜きドラ, three players): a replacement tile is drawn.
    Kita {
        /// The north's tile id.
        tile: TileId,
    },
    /// Abort with nine different terminals and honors (九種九牌).
    NineTerminals,
    /// Decline every call on offer.
    Pass,
    /// Sichuan 换三张: pass these three tiles (one suit) on.
    Exchange {
        /// The three tile ids.
        tiles: [TileId; 3],
    },
    /// Sichuan 定缺: give up this suit (0 characters `m`, 1 dots `p`, 2 bamboo `s`).
    DeclareLack {
        /// The suit index.
        suit: u8,
    },
}

/// A kind in an action is written as its index (0..34), as it was before actions carried
/// [`Tile`]s, so saved rounds and JSON answers keep their form.
mod kind_index {
    use mj_tiles::Tile;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(kind: &Tile, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(kind.as_u8())
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Tile, D::Error> {
        let k = u8::deserialize(d)?;
        Tile::new(k).ok_or_else(|| D::Error::custom(format!("tile kind {k} is not below 34")))
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = |id: TileId| mjai_name(id.as_u8(), true);
        match *self {
            Action::Discard { tile } => write!(f, "discard {}", t(tile)),
            Action::Riichi { tile } => write!(f, "riichi {}", t(tile)),
            Action::Tsumo => f.write_str("tsumo"),
            Action::Ron => f.write_str("ron"),
            Action::Chi { tiles } => write!(f, "chi {} {}", t(tiles[0]), t(tiles[1])),
            Action::Pon { tiles } => write!(f, "pon {} {}", t(tiles[0]), t(tiles[1])),
            Action::Minkan => f.write_str("minkan"),
            Action::Ankan { kind } => write!(f, "ankan {}", mjai_name(kind.as_u8() * 4 + 1, true)),
            Action::Kakan { tile } => write!(f, "kakan {}", t(tile)),
            Action::Kita { tile } => write!(f, "kita {}", t(tile)),
            Action::NineTerminals => f.write_str("nine terminals"),
            Action::Pass => f.write_str("pass"),
            Action::Exchange { tiles } => {
                write!(
                    f,
                    "exchange {} {} {}",
                    t(tiles[0]),
                    t(tiles[1]),
                    t(tiles[2])
                )
            }
            Action::DeclareLack { suit } => write!(
                f,
                "lack {}",
                ['m', 'p', 's']
                    .get(usize::from(suit))
                    .copied()
                    .unwrap_or('?')
            ),
        }
    }
}

/// Why an action was refused; the state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalAction {
    /// The round is over.
    #[error("the round is over")]
    RoundOver,
    /// This seat has no decision to make now.
    #[error("seat {0} has no decision to make now")]
    NotYourTurn(Seat),
    /// A seat number above 3.
    #[error("seat {0} does not exist (0..4)")]
    NoSuchSeat(Seat),
    /// A tile that is not in the seat's hand.
    #[error("tile {} is not in seat's hand", mjai_name(.0.as_u8(), true))]
    NotInHand(TileId),
    /// The action is not one of those on offer; the text says why.
    #[error("{action} is not allowed: {reason}")]
    NotAllowed {
        /// The action.
        action: Action,
        /// Why.
        reason: &'static str,
    },
}

pub(crate) fn refuse(action: Action, reason: &'static str) -> IllegalAction {
    IllegalAction::NotAllowed { action, reason }
}
