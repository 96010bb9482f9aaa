//! The wall: 136 tiles in Tenhou's layout, built from a `u64` seed or given explicitly.
//!
//! # Layout
//!
//! `tiles[i]` for `i` in `0..136` holds a Tenhou tile id (`id / 4` is the kind; 16, 52 and 88
//! are the red fives). The tiles are taken from the highest index down:
//!
//! * the deal: `tiles[135]` downwards, four tiles to each seat starting with the dealer, three
//!   times, then one tile each (52 tiles);
//! * live draws: `tiles[83]`, `tiles[82]`, ... down to `tiles[14 + k]` where `k` is the number of
//!   replacement tiles taken so far (each kan shortens the live wall by one);
//! * the dead wall is `tiles[0..14]`: dora indicators `tiles[5]`, then `7`, `9`, `11`, `13` for
//!   each kan; ura dora indicators `tiles[4]`, `6`, `8`, `10`, `12`; replacement tiles (嶺上牌)
//!   `tiles[1]`, `tiles[0]`, `tiles[3]`, `tiles[2]`, in that order.
//!
//! This is the layout of Tenhou's shuffled array, so a wall rebuilt from an mjlog `SHUFFLE`
//! seed replays the logged game unchanged.
//!
//! # Seeded walls
//!
//! [`Wall::from_seed`] shuffles the 136 ids with a Fisher-Yates shuffle driven by
//! `mj_tiles::random::SplitMix64::new(seed)` (`i` from 135 down to 1 swaps `i` with
//! `below(i + 1)`): the same seed always gives the same wall.

use core::fmt;

use mj_tiles::random::SplitMix64;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Tiles in a wall.
pub const WALL_TILES: usize = 136;
/// Tiles in a three-player wall.
pub const SANMA_TILES: usize = 108;
/// Tiles in a Sichuan wall (the three suits, four of each).
pub const SICHUAN_TILES: usize = 108;
/// Positions below the Sichuan tiles, where the honors are parked (`0..28`).
pub const SICHUAN_PARKED: usize = WALL_TILES - SICHUAN_TILES;
/// Tiles in a hongzhong wall (the three suits and the four 红中).
pub const HONGZHONG_TILES: usize = 112;
/// Positions below the hongzhong tiles, where the other honors are parked (`0..24`).
pub const HONGZHONG_PARKED: usize = WALL_TILES - HONGZHONG_TILES;
/// Dora indicator positions, first and then one per kan.
pub const DORA_AT: [usize; 5] = [5, 7, 9, 11, 13];
/// Ura dora indicator positions.
pub const URA_AT: [usize; 5] = [4, 6, 8, 10, 12];
/// Replacement tile (嶺上牌) positions, in drawing order.
pub const RINSHAN_AT: [usize; 4] = [1, 0, 3, 2];
/// Index of the first live draw after the deal.
pub const FIRST_LIVE: usize = 135 - 52;
/// Index below which the dead wall starts (before kans).
pub const DEAD_WALL: usize = 14;

/// A wall: a permutation of the 136 tile ids in Tenhou's layout (see the module docs).
#[derive(Clone, PartialEq, Eq)]
pub struct Wall {
    tiles: [u8; WALL_TILES],
}

/// Why explicit wall tiles are not a wall.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WallError {
    /// Not 136 tiles.
    #[error("a wall has 136 tiles, got {0}")]
    WrongSize(usize),
    /// An id above 135.
    #[error("tile id {id} at position {at} is not below 136")]
    BadId {
        /// The id.
        id: u32,
        /// Its position.
        at: usize,
    },
    /// An id given twice.
    #[error("tile id {id} appears twice (second at position {at})")]
    Duplicate {
        /// The id.
        id: u32,
        /// The second position.
        at: usize,
    },
}

impl Wall {
    /// A wall from explicit ids in the layout of the module docs (e.g. a Tenhou wall).
    pub fn from_ids<T: Copy + Into<u32>>(ids: &[T]) -> Result<Wall, WallError> {
        if ids.len() != WALL_TILES {
            return Err(WallError::WrongSize(ids.len()));
        }
        let mut seen = [false; WALL_TILES];
        let mut tiles = [0u8; WALL_TILES];
        for (at, &id) in ids.iter().enumerate() {
            let id: u32 = id.into();
            if id >= WALL_TILES as u32 {
                return Err(WallError::BadId { id, at });
            }
            if seen[id as usize] {
                return Err(WallError::Duplicate { id, at });
            }
            seen[id as usize] = true;
            tiles[at] = id as u8;
        }
        Ok(Wall { tiles })
    }

    /// A shuffled wall from a seed (see the module docs).
    pub fn from_seed(seed: u64) -> Wall {
        let mut rng = SplitMix64::new(seed);
        let mut tiles = [0u8; WALL_TILES];
        for (i, t) in tiles.iter_mut().enumerate() {
            *t = i as u8;
        }
        for i in (1..WALL_TILES).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            tiles.swap(i, j);
        }
        Wall { tiles }
    }

    /// A three-player wall (三麻): the 108 ids without 2m-8m (ids 4..32) in Tenhou's
    /// three-player layout at positions `0..108` (the deal from `tiles[107]` down, live draws
    /// from `tiles[68]`, dora indicators from `tiles[9]`, replacement tiles `tiles[k ^ 1]` for
    /// kans and kita alike; see `mjlog::wall`), the 28 removed ids parked at `108..136` so the
    /// wall stays a permutation of 136 ids.
    pub fn sanma_from_ids<T: Copy + Into<u32>>(ids: &[T]) -> Result<Wall, WallError> {
        if ids.len() != SANMA_TILES {
            return Err(WallError::WrongSize(ids.len()));
        }
        let mut all: Vec<u32> = ids.iter().map(|&t| t.into()).collect();
        for (at, &id) in all.iter().enumerate() {
            if (4..32).contains(&id) {
                return Err(WallError::BadId { id, at });
            }
        }
        all.extend(4..32u32);
        Wall::from_ids(&all)
    }

    /// A shuffled three-player wall from a seed: the 108 ids shuffled as in
    /// [`Wall::from_seed`] (Fisher-Yates over `0..108`).
    pub fn sanma_from_seed(seed: u64) -> Wall {
        let mut rng = SplitMix64::new(seed);
        let mut tiles = [0u8; WALL_TILES];
        for (i, t) in tiles.iter_mut().enumerate() {
            *t = if i < 4 {
                i as u8
            } else if i < SANMA_TILES {
                i as u8 + 28
            } else {
                (i - SANMA_TILES) as u8 + 4
            };
        }
        for i in (1..SANMA_TILES).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            tiles.swap(i, j);
        }
        Wall { tiles }
    }

    /// A Sichuan wall (108 suited tiles, ids 0..108) from explicit ids: `ids[i]` goes to
    /// position `28 + i`, the 28 honor ids are parked at `0..28`. The deal takes `tiles[135]`
    /// down (four tiles to each seat from the dealer, three times, then one each), live draws
    /// `tiles[83]` down, kong replacement tiles the other end (`tiles[28]`, `tiles[29]`, ...),
    /// so the wall is empty when the two meet. There is no dead wall and no dora.
    pub fn sichuan_from_ids<T: Copy + Into<u32>>(ids: &[T]) -> Result<Wall, WallError> {
        if ids.len() != SICHUAN_TILES {
            return Err(WallError::WrongSize(ids.len()));
        }
        let mut all: Vec<u32> = (SICHUAN_TILES as u32..WALL_TILES as u32).collect();
        for (at, &id) in ids.iter().enumerate() {
            let id: u32 = id.into();
            if id >= SICHUAN_TILES as u32 {
                return Err(WallError::BadId { id, at });
            }
            all.push(id);
        }
        Wall::from_ids(&all)
    }

    /// A shuffled Sichuan wall from a seed: the 108 suited ids shuffled as in
    /// [`Wall::from_seed`] (Fisher-Yates over positions `28..136`).
    pub fn sichuan_from_seed(seed: u64) -> Wall {
        let mut rng = SplitMix64::new(seed);
        let mut tiles = [0u8; WALL_TILES];
        for (i, t) in tiles.iter_mut().enumerate() {
            *t = if i < SICHUAN_PARKED {
                (SICHUAN_TILES + i) as u8
            } else {
                (i - SICHUAN_PARKED) as u8
            };
        }
        for i in (1..SICHUAN_TILES).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            tiles.swap(SICHUAN_PARKED + i, SICHUAN_PARKED + j);
        }
        Wall { tiles }
    }

    /// The 108 ids of a Sichuan wall, as [`Wall::sichuan_from_ids`] takes them.
    pub fn sichuan_ids(&self) -> &[u8] {
        &self.tiles[SICHUAN_PARKED..]
    }

    /// A hongzhong wall (108 suited tiles, ids 0..108, and the four 红中, ids 132..136) from
    /// explicit ids: `ids[i]` goes to position `24 + i`, the 24 other honor ids are parked at
    /// `0..24`. Laid out as a Sichuan wall: the deal from `tiles[135]` down, live draws from
    /// `tiles[83]` down, kong replacement tiles from `tiles[24]` up.
    pub fn hongzhong_from_ids<T: Copy + Into<u32>>(ids: &[T]) -> Result<Wall, WallError> {
        if ids.len() != HONGZHONG_TILES {
            return Err(WallError::WrongSize(ids.len()));
        }
        let mut all: Vec<u32> = (SICHUAN_TILES as u32..132).collect();
        for (at, &id) in ids.iter().enumerate() {
            let id: u32 = id.into();
            if (SICHUAN_TILES as u32..132).contains(&id) || id >= WALL_TILES as u32 {
                return Err(WallError::BadId { id, at });
            }
            all.push(id);
        }
        Wall::from_ids(&all)
    }

    /// A shuffled hongzhong wall from a seed: the 112 ids shuffled as in [`Wall::from_seed`]
    /// (Fisher-Yates over positions `24..136`).
    pub fn hongzhong_from_seed(seed: u64) -> Wall {
        let mut rng = SplitMix64::new(seed);
        let mut tiles = [0u8; WALL_TILES];
        for (i, t) in tiles.iter_mut().enumerate() {
            *t = if i < HONGZHONG_PARKED {
                (SICHUAN_TILES + i) as u8
            } else if i < WALL_TILES - 4 {
                (i - HONGZHONG_PARKED) as u8
            } else {
                i as u8
            };
        }
        for i in (1..HONGZHONG_TILES).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            tiles.swap(HONGZHONG_PARKED + i, HONGZHONG_PARKED + j);
        }
        Wall { tiles }
    }

    /// The 112 ids of a hongzhong wall, as [`Wall::hongzhong_from_ids`] takes them.
    pub fn hongzhong_ids(&self) -> &[u8] {
        &self.tiles[HONGZHONG_PARKED..]
    }

    /// The id at a position.
    #[inline]
    pub fn at(&self, i: usize) -> u8 {
        self.tiles[i]
    }

    /// All 136 ids.
    pub fn ids(&self) -> &[u8; WALL_TILES] {
        &self.tiles
    }
}

impl fmt::Debug for Wall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Wall({:?})", &self.tiles[..])
    }
}

impl Serialize for Wall {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.tiles[..].serialize(s)
    }
}

impl<'de> Deserialize<'de> for Wall {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let ids = Vec::<u8>::deserialize(d)?;
        Wall::from_ids(&ids).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_walls_are_permutations_and_deterministic() {
        for seed in 0..50 {
            let w = Wall::from_seed(seed);
            assert!(Wall::from_ids(w.ids()).is_ok(), "seed {seed}");
            assert_eq!(w, Wall::from_seed(seed));
        }
        assert_ne!(Wall::from_seed(1), Wall::from_seed(2));
        let w = Wall::sanma_from_seed(5);
        assert!(
            w.ids()[..SANMA_TILES]
                .iter()
                .all(|&t| !(4..32).contains(&t))
        );
        assert_eq!(Wall::sanma_from_ids(&w.ids()[..SANMA_TILES]), Ok(w));
        let w = Wall::sichuan_from_seed(5);
        assert!(w.sichuan_ids().iter().all(|&t| t < 108));
        assert_eq!(Wall::sichuan_from_ids(w.sichuan_ids()), Ok(w));
        assert_ne!(Wall::sichuan_from_seed(5), Wall::sichuan_from_seed(6));
        let w = Wall::hongzhong_from_seed(5);
        assert!(Wall::from_ids(w.ids()).is_ok());
        assert!(w.hongzhong_ids().iter().all(|&t| !(108..132).contains(&t)));
        assert_eq!(Wall::hongzhong_from_ids(w.hongzhong_ids()), Ok(w));
        assert_ne!(Wall::hongzhong_from_seed(5), Wall::hongzhong_from_seed(6));
    }

    #[test]
    fn explicit_walls_are_checked() {
        assert_eq!(Wall::from_ids(&[0u8; 3]), Err(WallError::WrongSize(3)));
        let mut ids: Vec<u8> = (0..136).collect();
        ids[7] = 3;
        assert_eq!(
            Wall::from_ids(&ids),
            Err(WallError::Duplicate { id: 3, at: 7 })
        );
    }
}
