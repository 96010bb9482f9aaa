//! Seeded corpora shared by the integration tests.
#![allow(dead_code, clippy::expect_used, clippy::unwrap_used)]

use mj_tiles::random::{SplitMix64, TileBag};
use mj_tiles::{Meld, MeldKind, Piece, Suit, Tile, TileCounts, TileSet};

/// `n` tiles from a freshly shuffled full wall.
pub fn random_hand(rng: &mut SplitMix64, n: usize) -> TileCounts {
    let mut wall = TileBag::shuffled(rng);
    wall.draw_counts(n).expect("the wall holds 136 tiles")
}

/// `n` tiles drawn from the four copies of each kind in `kinds` (dense shapes: one or two suits).
pub fn hand_from_kinds(rng: &mut SplitMix64, kinds: &[Tile], n: usize) -> TileCounts {
    let mut pool: Vec<Tile> = kinds.iter().flat_map(|&t| [t; 4]).collect();
    rng.shuffle(&mut pool);
    TileCounts::from_tiles(pool.into_iter().take(n)).expect("at most four copies")
}

/// The kinds of a suit.
pub fn suit_kinds(suit: Suit) -> Vec<Tile> {
    Tile::ALL
        .iter()
        .copied()
        .filter(|t| t.suit() == suit)
        .collect()
}

/// A hand of `n` tiles that is dense in one or two random suits, or uniform, by `mode`.
pub fn mixed_hand(rng: &mut SplitMix64, n: usize, mode: u32) -> TileCounts {
    match mode % 4 {
        0 => random_hand(rng, n),
        1 => {
            let suit = Suit::ALL[rng.below(3) as usize];
            hand_from_kinds(rng, &suit_kinds(suit), n)
        }
        2 => {
            let a = Suit::ALL[rng.below(4) as usize];
            let b = Suit::ALL[rng.below(4) as usize];
            let mut kinds = suit_kinds(a);
            if a != b {
                kinds.extend(suit_kinds(b));
            }
            if kinds.len() * 4 < n {
                kinds.extend(suit_kinds(Suit::Honor));
                kinds.sort();
                kinds.dedup();
            }
            hand_from_kinds(rng, &kinds, n)
        }
        _ => {
            // Few kinds: many triplets and quads.
            let mut kinds: Vec<Tile> = Tile::ALL.to_vec();
            rng.shuffle(&mut kinds);
            let k = (n / 3 + 2).min(34);
            kinds.truncate(k);
            hand_from_kinds(rng, &kinds, n)
        }
    }
}

/// Random declared melds that fit beside `concealed` (no fifth copies).
pub fn random_melds(rng: &mut SplitMix64, concealed: &TileCounts, k: usize) -> Vec<Meld> {
    let mut used = *concealed;
    let mut melds = Vec::new();
    let mut guard = 0;
    while melds.len() < k && guard < 1000 {
        guard += 1;
        let kind = match rng.below(6) {
            0..=2 => MeldKind::Chi,
            3 | 4 => MeldKind::Pon,
            _ => [MeldKind::Minkan, MeldKind::Ankan, MeldKind::Kakan][rng.below(3) as usize],
        };
        let tiles: Vec<Tile> = match kind {
            MeldKind::Chi => {
                let suit = Suit::ALL[rng.below(3) as usize];
                let start = rng.below(7) as u8 + 1;
                (0..3)
                    .filter_map(|d| Tile::from_suit_rank(suit, start + d))
                    .collect()
            }
            _ => {
                let t = Tile::ALL[rng.below(34) as usize];
                vec![t; kind.tile_count()]
            }
        };
        let mut trial = used;
        if tiles.iter().all(|&t| trial.add(t).is_ok()) {
            let pieces: Vec<Piece> = tiles.iter().map(|&t| Piece::new(t)).collect();
            if let Ok(m) = Meld::new(kind, &pieces, None, None) {
                used = trial;
                melds.push(m);
            }
        }
    }
    melds
}

/// Real tiles plus `w` wildcards of the wild kinds 6z and 7z, `n` tiles in all; `mode` as in
/// [`mixed_hand`] for the real tiles (drawn without 6z/7z).
pub fn wild_hand(rng: &mut SplitMix64, n: usize, w: usize, mode: u32) -> (TileCounts, TileSet) {
    let wild: TileSet = "67z".parse().expect("valid");
    let real_kinds: Vec<Tile> = Tile::ALL
        .iter()
        .copied()
        .filter(|t| !wild.contains(*t))
        .collect();
    let mut real = loop {
        let candidate = match mode % 3 {
            0 => hand_from_kinds(rng, &real_kinds, n - w),
            1 => {
                let suit = Suit::ALL[rng.below(3) as usize];
                let mut kinds = suit_kinds(suit);
                kinds.extend(Tile::ALL[27..31].iter().copied());
                hand_from_kinds(rng, &kinds, n - w)
            }
            _ => {
                let mut kinds = real_kinds.clone();
                rng.shuffle(&mut kinds);
                kinds.truncate((n - w) / 3 + 2);
                hand_from_kinds(rng, &kinds, n - w)
            }
        };
        if candidate.total() as usize == n - w {
            break candidate;
        }
    };
    for i in 0..w {
        let t = if i < 4 { Tile::GREEN } else { Tile::RED };
        real.add(t).expect("at most four of each wild kind");
    }
    (real, wild)
}
