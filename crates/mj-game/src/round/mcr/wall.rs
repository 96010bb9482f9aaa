//! The MCR wall: the 136 ordinary tiles in the order of a [`Wall`] with the eight flowers
//! inserted (see `round::mcr`'s docs for the layout and the own walls of Botzone).

use mj_tiles::random::SplitMix64;
use serde::{Deserialize, Serialize};

use crate::rules::GameRulesError;
use crate::tiles::{END_FLOWER, FIRST_FLOWER, is_flower};
use crate::wall::{WALL_TILES, Wall};

/// Positions in an MCR wall with its flowers.
pub const MCR_TILES: usize = WALL_TILES + 8;

/// An MCR wall as drawn, flowers included (see the module docs), and with own walls what each
/// seat's wall still holds. Restored state is checked as [`McrWall::from_sequence`] checks it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "McrWallData")]
pub struct McrWall {
    /// Tile ids in drawing order from the top (the deal takes the last position first):
    /// the 136 ordinary ids and, with flowers, the eight flower ids 136..144.
    seq: Vec<u8>,
    /// With own walls (see the module docs): the tiles left in the wall of each seat wind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    own: Option<[u8; 4]>,
}

/// Why an explicit MCR wall is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum McrWallError {
    /// Not 136 or 144 ids.
    #[error("an MCR wall has 144 tiles (136 without flowers), got {0}")]
    WrongSize(usize),
    /// An id out of range or given twice.
    #[error("tile id {id} at position {at} is not a fresh id below 144")]
    BadId {
        /// The id.
        id: u8,
        /// Its position.
        at: usize,
    },
    /// A 136-tile sequence holding a flower, or a 144-tile one missing one.
    #[error("the flowers must be all eight or none")]
    Flowers,
    /// The rules are invalid.
    #[error("rules: {0}")]
    Rules(#[from] GameRulesError),
    /// The rules are not the MCR flow's.
    #[error("rules: not the mcr flow")]
    NotMcr,
    /// Restored own walls holding more tiles than a quarter of the sequence.
    #[error("an own wall holds at most a quarter of the tiles, got {0:?}")]
    OwnWalls([u8; 4]),
}

/// [`McrWall`] as serialized, before its check.
#[derive(Deserialize)]
struct McrWallData {
    seq: Vec<u8>,
    #[serde(default)]
    own: Option<[u8; 4]>,
}

impl TryFrom<McrWallData> for McrWall {
    type Error = McrWallError;
    fn try_from(d: McrWallData) -> Result<McrWall, McrWallError> {
        let mut m = McrWall::from_sequence(&d.seq)?;
        if let Some(own) = d.own {
            if own.iter().any(|&n| n > m.quarter()) {
                return Err(McrWallError::OwnWalls(own));
            }
            m.own = Some(own);
        }
        Ok(m)
    }
}

impl McrWall {
    /// The sequence of a wall (see the module docs); without `flowers`, the wall's ids.
    pub(in crate::round) fn new(wall: &Wall, flowers: bool) -> McrWall {
        let mut seq: Vec<u8> = wall.ids().to_vec();
        if flowers {
            let mut h: u64 = 0xcbf2_9ce4_8422_2325;
            for &id in wall.ids() {
                h = (h ^ u64::from(id)).wrapping_mul(0x0100_0000_01b3);
            }
            let mut rng = SplitMix64::new(h ^ 0x4d43_5246);
            for f in FIRST_FLOWER..END_FLOWER {
                let at = rng.below(seq.len() as u32 + 1) as usize;
                seq.insert(at, f);
            }
        }
        McrWall { seq, own: None }
    }

    /// The same sequence cut into four own walls, each full (see the module docs).
    pub(in crate::round) fn with_own_walls(mut self) -> McrWall {
        self.own = Some([self.quarter(); 4]);
        self
    }

    /// Tiles in one own wall: a quarter of the sequence (34, or 36 with flowers).
    fn quarter(&self) -> u8 {
        (self.seq.len() / 4) as u8
    }

    /// With own walls, the tiles (flowers included) left in the four walls together.
    pub(in crate::round) fn own_walls_left(&self) -> Option<usize> {
        self.own.map(|o| o.iter().map(|&n| usize::from(n)).sum())
    }

    /// With own walls, the tiles (flowers included) left in the wall of seat wind `wind`.
    pub(in crate::round) fn own_left(&self, wind: u8) -> Option<u8> {
        self.own.map(|o| o[usize::from(wind & 3)])
    }

    /// With own walls, takes the top tile of the wall of seat wind `wind` (`None` when that
    /// wall is empty, or with one shared wall).
    pub(in crate::round) fn take_own(&mut self, wind: u8) -> Option<u8> {
        let q = usize::from(self.quarter());
        let k = usize::from(wind & 3);
        let own = self.own.as_mut()?;
        let left = own[k].checked_sub(1)?;
        own[k] = left;
        self.seq.get(k * q + usize::from(left)).copied()
    }

    /// An explicit sequence: 144 distinct ids below 144, or 136 below 136.
    ///
    /// # Errors
    /// The size, an id out of range or repeated, flowers in a 136-tile sequence.
    pub fn from_sequence(ids: &[u8]) -> Result<McrWall, McrWallError> {
        if ids.len() != MCR_TILES && ids.len() != WALL_TILES {
            return Err(McrWallError::WrongSize(ids.len()));
        }
        let mut seen = [false; MCR_TILES];
        for (at, &id) in ids.iter().enumerate() {
            if usize::from(id) >= MCR_TILES || seen[usize::from(id)] {
                return Err(McrWallError::BadId { id, at });
            }
            if ids.len() == WALL_TILES && is_flower(id) {
                return Err(McrWallError::Flowers);
            }
            seen[usize::from(id)] = true;
        }
        Ok(McrWall {
            seq: ids.to_vec(),
            own: None,
        })
    }

    /// The ids in drawing order (see the module docs).
    pub fn sequence(&self) -> &[u8] {
        &self.seq
    }

    /// The 136 ordinary ids in the sequence's order: a [`Wall`].
    pub(in crate::round) fn wall(&self) -> Option<Wall> {
        let ids: Vec<u8> = self
            .seq
            .iter()
            .copied()
            .filter(|&i| !is_flower(i))
            .collect();
        Wall::from_ids(&ids).ok()
    }

    pub(in crate::round) fn len(&self) -> usize {
        self.seq.len()
    }

    /// The id at a position (255 outside the sequence: never a tile).
    pub(in crate::round) fn at(&self, i: usize) -> u8 {
        self.seq.get(i).copied().unwrap_or(255)
    }

    /// Ordinary tiles between the replacement end (`rinshan`, first not taken) and the live
    /// end (`live_next`, next to draw), both included; with own walls, the ordinary tiles left
    /// in the four walls together.
    pub(in crate::round) fn live_left(&self, live_next: u8, rinshan: u8) -> u8 {
        if let Some(own) = self.own {
            let q = usize::from(self.quarter());
            let left = (0..4).flat_map(|k| {
                let start = k * q;
                self.seq
                    .get(start..start + usize::from(own[k]))
                    .unwrap_or(&[])
                    .iter()
            });
            return left.filter(|&&i| !is_flower(i)).count() as u8;
        }
        let (lo, hi) = (usize::from(rinshan), usize::from(live_next));
        if lo > hi {
            return 0;
        }
        self.seq
            .get(lo..=hi.min(self.seq.len().saturating_sub(1)))
            .map_or(0, |s| s.iter().filter(|&&i| !is_flower(i)).count() as u8)
    }
}
