//! Seeded hand generators for tests and benchmarks: the same corpus on every machine.
//!
//! Each [`Shape`] aims at a different part of the space: random wall draws (mostly far from
//! winning), constructed wins, near misses (a win with one tile swapped), dense one-suit hands,
//! seven pairs, thirteen orphans and knitted shapes. Any of them can carry declared melds and
//! wildcards.

use mj_tiles::random::{SplitMix64, TileBag};
use mj_tiles::{Meld, MeldKind, Piece, Tile, TileCounts, TileSet};

use crate::Hand;

/// What kind of hand to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Tiles drawn from a shuffled wall.
    Wall,
    /// Melds and a pair, built to win.
    Win,
    /// A built win with one tile swapped for a random one.
    NearMiss,
    /// Every tile from one numbered suit.
    OneSuit,
    /// Seven pairs (kinds may repeat), sometimes with a tile swapped.
    SevenPairs,
    /// Thirteen orphans, sometimes with a tile swapped.
    ThirteenOrphans,
    /// A knitted straight with honors or a meld and pair.
    Knitted,
}

impl Shape {
    /// Every shape.
    pub const ALL: [Shape; 7] = [
        Shape::Wall,
        Shape::Win,
        Shape::NearMiss,
        Shape::OneSuit,
        Shape::SevenPairs,
        Shape::ThirteenOrphans,
        Shape::Knitted,
    ];
}

/// Every kind: (first kind, how many).
const ALL_KINDS: (u8, u32) = (0, 34);

/// Generates hands from a seed.
#[derive(Clone, Debug)]
pub struct Sampler {
    rng: SplitMix64,
}

/// A generated hand before validation: concealed counts, melds and wild kinds.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Concealed tiles (wildcards included).
    pub concealed: TileCounts,
    /// Declared melds.
    pub melds: Vec<Meld>,
    /// Wild kinds.
    pub wild: TileSet,
}

impl Sample {
    /// Validates into a [`Hand`]; `None` if the generator produced something invalid.
    pub fn hand(&self) -> Option<Hand> {
        Hand::new(self.concealed, &self.melds, self.wild).ok()
    }
}

/// Adds `t` to `c` if there is room given `held` (concealed + melds), counting it there too.
fn try_add(c: &mut TileCounts, held: &mut TileCounts, t: Tile) -> bool {
    if held.add(t).is_ok() {
        // `c` <= `held` per kind, so this cannot overflow.
        c.add(t).is_ok()
    } else {
        false
    }
}

impl Sampler {
    /// A sampler from a seed.
    pub fn new(seed: u64) -> Sampler {
        Sampler {
            rng: SplitMix64::new(seed),
        }
    }

    /// The generator, for callers that want their own draws.
    pub fn rng(&mut self) -> &mut SplitMix64 {
        &mut self.rng
    }

    fn tile(&mut self) -> Tile {
        Tile::ALL[self.rng.below(34) as usize]
    }

    /// A random meld that fits beside `held`: a run (with probability `runs`/3 where one fits)
    /// or a triplet, of a tile drawn from `kinds` (the first `kinds.1` kinds from `kinds.0`).
    fn meld_tiles(&mut self, held: &TileCounts, kinds: (u8, u32), runs: u32) -> Option<[Tile; 3]> {
        for _ in 0..20 {
            let t = Tile::new(kinds.0 + self.rng.below(kinds.1) as u8)?;
            let set = if !t.is_honor() && t.rank() <= 7 && self.rng.chance(runs, 3) {
                let next = t.next_in_suit()?;
                [t, next, next.next_in_suit()?]
            } else {
                [t, t, t]
            };
            let mut probe = *held;
            if set.iter().all(|&x| probe.add(x).is_ok()) {
                return Some(set);
            }
        }
        None
    }

    /// One hand of the given shape with `melds_total` melds in all (4 for a 14-tile hand, 5
    /// for 17), `declared` of them declared, `wildcards` wildcards (0-8), and `waiting` to make
    /// a 3k+1 hand (one tile removed).
    pub fn sample(
        &mut self,
        shape: Shape,
        melds_total: u8,
        declared: u8,
        wildcards: u8,
        waiting: bool,
    ) -> Sample {
        let mut concealed = TileCounts::EMPTY;
        let mut held = TileCounts::EMPTY;
        let mut melds = Vec::new();
        let declared = if matches!(shape, Shape::SevenPairs | Shape::ThirteenOrphans) {
            0
        } else {
            declared.min(melds_total)
        };
        let suited = shape == Shape::OneSuit;
        let one_suit = self.rng.below(3) as u8;
        for _ in 0..declared {
            if let Some(set) = self.meld_tiles(&held, ALL_KINDS, 2) {
                let kind = if set[0] != set[1] {
                    MeldKind::Chi
                } else {
                    [
                        MeldKind::Pon,
                        MeldKind::Minkan,
                        MeldKind::Ankan,
                        MeldKind::Kakan,
                    ][self.rng.below(4) as usize]
                };
                let n = kind.tile_count();
                let mut probe = held;
                let pieces: Vec<Piece> = set
                    .iter()
                    .chain(&[set[0]])
                    .take(n)
                    .map(|&t| Piece::new(t))
                    .collect();
                if pieces.iter().all(|p| probe.add(p.tile()).is_ok())
                    && let Ok(m) = Meld::new(kind, &pieces, None, None)
                {
                    held = probe;
                    melds.push(m);
                }
            }
        }
        let concealed_melds = melds_total - melds.len() as u8;
        let target = 3 * u32::from(concealed_melds) + 2;
        match shape {
            Shape::Wall => {
                let mut wall = TileBag::shuffled(&mut self.rng);
                while concealed.total() < target {
                    match wall.draw() {
                        Some(t) => {
                            try_add(&mut concealed, &mut held, t);
                        }
                        None => break,
                    }
                }
            }
            Shape::Win | Shape::NearMiss | Shape::OneSuit => {
                for _ in 0..concealed_melds {
                    let kinds = if suited { (one_suit * 9, 9) } else { ALL_KINDS };
                    let set = self.meld_tiles(&held, kinds, 2);
                    if let Some(set) = set {
                        for t in set {
                            try_add(&mut concealed, &mut held, t);
                        }
                    }
                }
                for _ in 0..20 {
                    let t = if suited {
                        Tile::ALL[(one_suit * 9) as usize + self.rng.below(9) as usize]
                    } else {
                        self.tile()
                    };
                    if held.get(t) <= 2 {
                        try_add(&mut concealed, &mut held, t);
                        try_add(&mut concealed, &mut held, t);
                        break;
                    }
                }
            }
            Shape::SevenPairs => {
                for _ in 0..7 {
                    for _ in 0..20 {
                        let t = self.tile();
                        if held.get(t) <= 2 {
                            try_add(&mut concealed, &mut held, t);
                            try_add(&mut concealed, &mut held, t);
                            break;
                        }
                    }
                }
            }
            Shape::ThirteenOrphans => {
                for t in Tile::ORPHANS {
                    try_add(&mut concealed, &mut held, t);
                }
                let extra = Tile::ORPHANS[self.rng.below(13) as usize];
                try_add(&mut concealed, &mut held, extra);
            }
            Shape::Knitted => {
                let perm = [
                    [0u8, 1, 2],
                    [0, 2, 1],
                    [1, 0, 2],
                    [1, 2, 0],
                    [2, 0, 1],
                    [2, 1, 0],
                ][self.rng.below(6) as usize];
                for (offset, suit) in perm.iter().enumerate() {
                    for rank in [0u8, 3, 6] {
                        if let Some(t) = Tile::new(suit * 9 + rank + offset as u8) {
                            try_add(&mut concealed, &mut held, t);
                        }
                    }
                }
                if self.rng.chance(1, 2) {
                    // 全不靠: five of the seven honors.
                    let mut honors: Vec<Tile> = Tile::ALL[27..].to_vec();
                    self.rng.shuffle(&mut honors);
                    for &t in honors.iter().take(5) {
                        try_add(&mut concealed, &mut held, t);
                    }
                } else if let Some(set) = self.meld_tiles(&held, ALL_KINDS, 2) {
                    for t in set {
                        try_add(&mut concealed, &mut held, t);
                    }
                    let t = self.tile();
                    try_add(&mut concealed, &mut held, t);
                    try_add(&mut concealed, &mut held, t);
                }
            }
        }
        // Near misses and some special shapes: swap one tile.
        let swap = match shape {
            Shape::NearMiss => true,
            Shape::SevenPairs | Shape::ThirteenOrphans | Shape::Knitted => self.rng.chance(1, 3),
            _ => false,
        };
        if swap {
            self.remove_random(&mut concealed, &mut held);
            for _ in 0..20 {
                let t = self.tile();
                if try_add(&mut concealed, &mut held, t) {
                    break;
                }
            }
        }
        // Fill or trim to the target size (constructions can fall short near the limits).
        while concealed.total() < target {
            let t = self.tile();
            try_add(&mut concealed, &mut held, t);
        }
        while concealed.total() > target {
            self.remove_random(&mut concealed, &mut held);
        }
        if waiting {
            self.remove_random(&mut concealed, &mut held);
        }
        let wild = self.add_wildcards(&mut concealed, &mut held, wildcards);
        Sample {
            concealed,
            melds,
            wild,
        }
    }

    fn remove_random(&mut self, concealed: &mut TileCounts, held: &mut TileCounts) {
        let tiles: Vec<Tile> = concealed.tiles().collect();
        if tiles.is_empty() {
            return;
        }
        let t = tiles[self.rng.below(tiles.len() as u32) as usize];
        concealed.remove(t);
        held.remove(t);
    }

    /// Replaces `n` concealed tiles by tiles of one or two wild kinds (kinds not in melds).
    fn add_wildcards(
        &mut self,
        concealed: &mut TileCounts,
        held: &mut TileCounts,
        n: u8,
    ) -> TileSet {
        let mut wild = TileSet::EMPTY;
        if n == 0 {
            return wild;
        }
        let kinds = if n > 4 {
            2
        } else {
            1 + self.rng.below(2) as usize
        };
        while wild.len() < kinds {
            let t = self.tile();
            // A wild kind's existing concealed copies become wildcards too; keep the count exact
            // by choosing kinds the melds do not use and then topping up.
            if held.get(t) == concealed.get(t) {
                wild.insert(t);
            }
        }
        let wild_count = |c: &TileCounts| wild.iter().map(|t| c.get(t)).sum::<u8>();
        // Turn other tiles into wildcards until there are n, or trim extra ones.
        let mut guard = 0;
        while wild_count(concealed) != n && guard < 200 {
            guard += 1;
            if wild_count(concealed) < n {
                let tiles: Vec<Tile> = concealed.tiles().filter(|t| !wild.contains(*t)).collect();
                let kinds: Vec<Tile> = wild.iter().filter(|t| held.get(*t) < 4).collect();
                if tiles.is_empty() || kinds.is_empty() {
                    break;
                }
                let out = tiles[self.rng.below(tiles.len() as u32) as usize];
                let into = kinds[self.rng.below(kinds.len() as u32) as usize];
                concealed.remove(out);
                held.remove(out);
                try_add(concealed, held, into);
            } else {
                let tiles: Vec<Tile> = concealed.tiles().filter(|t| wild.contains(*t)).collect();
                let out = tiles[self.rng.below(tiles.len() as u32) as usize];
                concealed.remove(out);
                held.remove(out);
                for _ in 0..50 {
                    let t = self.tile();
                    if !wild.contains(t) && try_add(concealed, held, t) {
                        break;
                    }
                }
            }
        }
        wild
    }
}
