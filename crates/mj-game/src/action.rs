//! Actions a seat may take, and why one is refused.

use core::fmt;

use serde::{Deserialize, Serialize};

/// A seat, 0..4, counted from the first dealer (起家) in turn order.
pub type Seat = u8;

/// What a seat does at a decision point. Tiles are Tenhou ids (0..136: `id / 4` is the kind,
/// 16, 52 and 88 the red fives), so a replay can say exactly which copy moved; kinds are
/// `mj_tiles::Tile` indices (0..34).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Discard a tile (打牌); tsumogiri when it is the tile just drawn.
    Discard {
        /// The tile id.
        tile: u8,
    },
    /// Declare riichi (立直) and discard this tile.
    Riichi {
        /// The tile id.
        tile: u8,
    },
    /// Win on one's own draw (自摸).
    Tsumo,
    /// Win on another's discard or added kan (栄和).
    Ron,
    /// Call a sequence (吃) with these two tiles from the hand.
    Chi {
        /// The two tile ids from the hand.
        tiles: [u8; 2],
    },
    /// Call a triplet (碰) with these two tiles from the hand.
    Pon {
        /// The two tile ids from the hand.
        tiles: [u8; 2],
    },
    /// Call an open kan (大明槓) with the three matching tiles of the hand.
    Minkan,
    /// Declare a closed kan (暗槓) of a kind held four times.
    Ankan {
        /// The kind index (0..34).
        kind: u8,
    },
    /// Add this tile to a pon (加槓).
    Kakan {
        /// The tile id.
        tile: u8,
    },
    /// Set a north aside as kita (抜きドラ, three players): a replacement tile is drawn.
    Kita {
        /// The north's tile id.
        tile: u8,
    },
    /// Abort with nine different terminals and honors (九種九牌).
    NineTerminals,
    /// Decline every call on offer.
    Pass,
    /// Sichuan 换三张: pass these three tiles (one suit) on.
    Exchange {
        /// The three tile ids.
        tiles: [u8; 3],
    },
    /// Sichuan 定缺: give up this suit (0 characters `m`, 1 dots `p`, 2 bamboo `s`).
    DeclareLack {
        /// The suit index.
        suit: u8,
    },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = |id: u8| crate::tiles::mjai_name(id, true);
        match *self {
            Action::Discard { tile } => write!(f, "discard {}", t(tile)),
            Action::Riichi { tile } => write!(f, "riichi {}", t(tile)),
            Action::Tsumo => f.write_str("tsumo"),
            Action::Ron => f.write_str("ron"),
            Action::Chi { tiles } => write!(f, "chi {} {}", t(tiles[0]), t(tiles[1])),
            Action::Pon { tiles } => write!(f, "pon {} {}", t(tiles[0]), t(tiles[1])),
            Action::Minkan => f.write_str("minkan"),
            Action::Ankan { kind } => write!(f, "ankan {}", t(kind.saturating_mul(4) + 1)),
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
    /// A tile id above 135.
    #[error("tile id {0} does not exist (0..136)")]
    NoSuchTile(u8),
    /// A tile that is not in the hand.
    #[error("tile {0} is not in seat's hand")]
    NotInHand(String),
    /// The action is not one of those on offer; the text says why.
    #[error("{action} is not allowed: {reason}")]
    NotAllowed {
        /// The action.
        action: String,
        /// Why.
        reason: &'static str,
    },
}

pub(crate) fn refuse(action: Action, reason: &'static str) -> IllegalAction {
    IllegalAction::NotAllowed {
        action: action.to_string(),
        reason,
    }
}
