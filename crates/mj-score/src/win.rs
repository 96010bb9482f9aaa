//! The winning hand every scorer reads: the tiles, how the hand was won, the winds.
//!
//! Each rule set adds only its own context beside it: [`riichi::Situation`](crate::riichi::Situation)
//! (riichi flags, dora, counters), [`sichuan::Situation`](crate::sichuan::Situation) (the suit
//! given up, kong and last-tile flags) and [`mcr::Situation`](crate::mcr::Situation) (flowers and
//! last-tile flags).

use mj_hu::Hand;
use mj_tiles::{FifthCopy, Meld, Piece, Tile, TileCounts, TileSet};
use smallvec::SmallVec;

/// A winning hand: the concealed tiles (the winning tile included), the declared melds, the
/// winning tile, tsumo or ron, and the winds.
///
/// ```
/// use mj_score::Win;
/// use mj_tiles::TileCounts;
/// let tiles: TileCounts = "123m456p789s11122z".parse()?;
/// let mut win = Win::new(tiles, &[], "2z".parse()?);
/// win.tsumo = true;
/// assert!(!win.is_open() && win.is_dealer());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Win {
    /// Every concealed tile, the winning tile and wildcards included (red fives count as fives).
    pub concealed: TileCounts,
    /// How many of the concealed tiles are red fives (赤ドラ; only riichi counts them).
    pub red_fives: u8,
    /// The declared melds (chi, pon, open, closed and added kans; red fives kept in their pieces).
    pub melds: SmallVec<[Meld; 4]>,
    /// Wildcard kinds: every concealed tile of these kinds is a wildcard (Sichuan only; the
    /// other rule sets refuse wildcards).
    pub wild: TileSet,
    /// The winning tile (和了牌), one of the concealed tiles.
    pub win_tile: Tile,
    /// Won by self-draw (自摸); `false` is a win on a discard (ron, 栄和 / 点炮).
    pub tsumo: bool,
    /// The winner's seat wind (自風 / 门风, `1z`-`4z`); East is the dealer (親 / 庄).
    pub seat_wind: Tile,
    /// The round wind (場風 / 圈风, MCR's prevalent wind; `1z`-`4z`).
    pub round_wind: Tile,
    /// The concealed tiles as a checked `mj_hu` hand without melds or wildcards, built once by
    /// the constructors (rebuilt by a scorer if `concealed` was changed since).
    hand: Option<Hand>,
}

impl Win {
    /// A win on a discard of `concealed` with `melds`: East seat and round, no wildcards, no red
    /// fives. Set the other fields directly.
    pub fn new(concealed: TileCounts, melds: &[Meld], win_tile: Tile) -> Win {
        Win {
            hand: Hand::new(concealed, &[], TileSet::EMPTY).ok(),
            concealed,
            red_fives: 0,
            melds: melds.iter().copied().collect(),
            wild: TileSet::EMPTY,
            win_tile,
            tsumo: false,
            seat_wind: Tile::EAST,
            round_wind: Tile::EAST,
        }
    }

    /// As [`Win::new`], from concealed pieces (red fives counted into [`Win::red_fives`]).
    ///
    /// # Errors
    /// A fifth copy of a kind among the pieces.
    pub fn from_pieces(
        concealed: &[Piece],
        melds: &[Meld],
        win_tile: Tile,
    ) -> Result<Win, FifthCopy> {
        let mut counts = TileCounts::EMPTY;
        let mut red_fives = 0u8;
        for p in concealed {
            counts.add(p.tile())?;
            red_fives += u8::from(p.is_red());
        }
        let mut win = Win::new(counts, melds, win_tile);
        win.red_fives = red_fives;
        Ok(win)
    }

    /// `true` when a declared meld other than a closed kan opens the hand (副露).
    pub fn is_open(&self) -> bool {
        self.melds.iter().any(|m| m.kind().is_open())
    }

    /// `true` for the dealer (親 / 庄): seat wind East.
    pub fn is_dealer(&self) -> bool {
        self.seat_wind == Tile::EAST
    }

    /// The concealed tiles as a checked hand (no melds, no wildcards): the one built by the
    /// constructor while `concealed` is unchanged, else a new one.
    pub(crate) fn concealed_hand(&self) -> Result<std::borrow::Cow<'_, Hand>, mj_hu::HuError> {
        match &self.hand {
            Some(h) if h.concealed() == &self.concealed => Ok(std::borrow::Cow::Borrowed(h)),
            _ => Hand::new(self.concealed, &[], TileSet::EMPTY).map(std::borrow::Cow::Owned),
        }
    }
}
