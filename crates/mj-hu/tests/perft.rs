//! "Perft" for mahjong: canonical counts over all single-suit shapes, frozen so that any change
//! to the tables or the engine that alters them is caught.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_hu::{Checker, Hand, Rules};
use mj_tables::Tables;
use mj_tables::layout::{POW5, digits_of};
use mj_tiles::{Eigen, Tile, TileCounts, TileSet};

/// Counts of numbered-suit shapes without wildcards, by tile count: (complete as melds + pair,
/// a win with one wildcard missing).
fn suited_counts() -> [(u32, u32); 18] {
    let tables = Tables::committed().unwrap();
    let mut out = [(0u32, 0u32); 18];
    for x in 0..POW5[9] {
        let d = digits_of(x, 9);
        let n: u32 = d.iter().map(|&c| u32::from(c)).sum();
        if n > 17 {
            continue;
        }
        let e = tables.suited(Eigen::from_counts(&d).unwrap());
        if e.pair() == 0 || (n.is_multiple_of(3) && e.melds() == 0) {
            out[n as usize].0 += 1;
        }
        if e.pair() == 1 {
            out[n as usize].1 += 1;
        }
    }
    out
}

#[test]
fn single_suit_shape_counts() {
    let counts = suited_counts();
    // Shapes of 3n or 3n+2 tiles (n <= 4) that split into melds (and a pair), the empty shape
    // left out: 21,742, the count the eigen-table article (seeds/000) gives for its 14-tile table.
    let up_to_14: u32 = counts[1..=14].iter().map(|c| c.0).sum();
    assert_eq!(up_to_14, 21_742);
    let complete: Vec<u32> = [2, 5, 8, 11, 14, 17].iter().map(|&n| counts[n].0).collect();
    assert_eq!(complete, [9, 135, 996, 4_475, 13_259, 26_414]);
    let ready: Vec<u32> = [1, 4, 7, 10, 13, 16].iter().map(|&n| counts[n].1).collect();
    assert_eq!(ready, [9, 258, 2_478, 12_830, 40_746, 82_884]);
}

#[test]
fn thirteen_tile_one_suit_hands_with_waits() {
    // Every 13-tile one-suit hand through the public API, standard form only: how many have at
    // least one wait that can still be drawn, and how many waits there are in all.
    let rules = Rules {
        seven_pairs: false,
        thirteen_orphans: false,
        ..Rules::GENERIC
    };
    let checker = Checker::new(rules).unwrap();
    let (mut hands, mut with_waits, mut total_waits, mut nine_sided) = (0u32, 0u32, 0u32, 0u32);
    for x in 0..POW5[9] {
        let d = digits_of(x, 9);
        if d.iter().map(|&c| u32::from(c)).sum::<u32>() != 13 {
            continue;
        }
        let mut counts = TileCounts::EMPTY;
        for (i, &c) in d.iter().enumerate() {
            counts.set(Tile::ALL[i], c).unwrap();
        }
        let hand = Hand::new(counts, &[], TileSet::EMPTY).unwrap();
        let waits = checker.waits(&hand).unwrap();
        hands += 1;
        if !waits.is_empty() {
            with_waits += 1;
        }
        if waits.len() == 9 {
            nine_sided += 1;
        }
        total_waits += waits.len() as u32;
    }
    assert_eq!(hands, 93_600, "13-tile one-suit shapes");
    // 40,746 shapes are a win with one wildcard missing (above); 676 of them wait only on
    // kinds they hold four of. Exactly one shape waits on all nine: nine gates, 1112345678999.
    assert_eq!((with_waits, total_waits, nine_sided), (40_070, 84_779, 1));
}
