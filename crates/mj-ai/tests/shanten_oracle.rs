//! Shanten against `xiangting` (the independent oracle) on over a million seeded hands, and
//! against this crate's reference programme where `xiangting` does not go (16/17 tiles, melds
//! declared through the `HandView` API, wildcards).
//!
//! `xiangting` 6 takes the concealed counts only (the meld count is inferred from the tile
//! count, as here), counts seven pairs as seven *distinct* kinds, and applies the four-copy rule
//! to the concealed tiles: the definitions of [`ShapeRules::RIICHI`].

#![allow(clippy::unwrap_used, clippy::panic)] // helpers of a test crate

mod common;

use common::{mixed_hand, random_hand, random_melds, wild_hand};
use mj_ai::{HandView, ShapeRules, reference, shanten};
use mj_tiles::TileCounts;
use mj_tiles::random::SplitMix64;
use xiangting::{PlayerCount, calculate_replacement_number};

fn oracle(counts: &TileCounts) -> i8 {
    let r = calculate_replacement_number(counts.as_array(), PlayerCount::Four)
        .unwrap_or_else(|e| panic!("xiangting rejected {counts}: {e}"));
    r as i8 - 1
}

fn sweep(seed: u64, n: usize, hands: usize, dense: bool) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut ready = 0;
    for i in 0..hands {
        let counts = if dense {
            mixed_hand(&mut rng, n, i as u32)
        } else {
            random_hand(&mut rng, n)
        };
        let got = shanten(&counts, ShapeRules::RIICHI).unwrap();
        let want = oracle(&counts);
        assert_eq!(got, want, "hand {counts} (#{i})");
        ready += usize::from(got <= 0);
    }
    ready
}

#[test]
fn random_13_tile_hands_match_xiangting() {
    let ready = sweep(0x13_0001, 13, 400_000, false);
    assert!(ready > 0);
}

#[test]
fn random_14_tile_hands_match_xiangting() {
    let ready = sweep(0x14_0001, 14, 400_000, false);
    assert!(ready > 0);
}

#[test]
fn dense_13_and_14_tile_hands_match_xiangting() {
    // One suit, two suits, few kinds (many triplets and quads), uniform, in turn.
    sweep(0x13_0002, 13, 150_000, true);
    sweep(0x14_0002, 14, 150_000, true);
}

#[test]
fn every_smaller_size_matches_xiangting() {
    for n in [1, 2, 4, 5, 7, 8, 10, 11] {
        sweep(0x100 + n as u64, n, 20_000, true);
    }
}

#[test]
fn hands_with_declared_melds_match_xiangting() {
    let mut rng = SplitMix64::new(0x4D45_4C44);
    let mut checked = 0;
    for i in 0..120_000u32 {
        let k = 1 + (i % 4) as usize;
        let n = if i % 2 == 0 { 13 } else { 14 } - 3 * k;
        let concealed = mixed_hand(&mut rng, n, i / 8);
        let melds = random_melds(&mut rng, &concealed, k);
        if melds.len() != k {
            continue;
        }
        let hand = HandView::new(concealed, &melds, Default::default()).unwrap();
        let report = hand.shanten(ShapeRules::RIICHI);
        assert_eq!(report.seven_pairs, None);
        assert_eq!(report.thirteen_orphans, None);
        assert_eq!(report.shanten, oracle(&concealed), "{hand:?}");
        checked += 1;
    }
    assert!(checked > 100_000);
}

#[test]
fn tables_match_the_reference_programme() {
    let mut rng = SplitMix64::new(0x5EF);
    for i in 0..6_000u32 {
        let n = [13, 14, 16, 17, 10, 11][(i % 6) as usize];
        let counts = mixed_hand(&mut rng, n, i / 6);
        let hand = HandView::new(counts, &[], Default::default()).unwrap();
        for rules in [ShapeRules::GENERIC, ShapeRules::RIICHI] {
            let fast = hand.shanten(rules);
            let slow = reference::shanten_report(&counts, hand.special_forms_apply(), rules);
            assert_eq!(fast, slow, "{counts} {rules:?}");
        }
    }
}

#[test]
fn wildcard_shanten_equals_the_substitution_brute_force() {
    // One to five wildcards, every size from 7 to 17, uniform, single-suit and few-kind real
    // tiles; rule presets alternate (the brute force costs tens of milliseconds a hand).
    let mut rng = SplitMix64::new(0x3117_CA7D);
    let mut cases = 0;
    for i in 0..640u32 {
        let w = [1, 2, 3, 4, 1, 2, 3, 4, 5, 2][(i % 10) as usize];
        let n = [13, 14, 13, 14, 10, 11, 7, 8, 16, 17][(i / 10 % 10) as usize];
        let (counts, wild) = wild_hand(&mut rng, n, w, i / 100 + i);
        let hand = HandView::new(counts, &[], wild).unwrap();
        assert_eq!(usize::from(hand.wildcards()), w);
        let rules = if i % 2 == 0 {
            ShapeRules::GENERIC
        } else {
            ShapeRules::RIICHI
        };
        let fast = hand.shanten(rules);
        let slow = reference::shanten_by_substitution(
            hand.real(),
            hand.wildcards(),
            hand.melds_needed(),
            hand.special_forms_apply(),
            rules,
        );
        assert_eq!(fast, slow, "{hand:?} {rules:?}");
        cases += 1;
    }
    assert_eq!(cases, 640);
}

#[test]
fn wildcards_beside_quads_use_the_fifth_copy() {
    let wild = "7z".parse().unwrap();
    // 1111m + one wildcard = 111m + 11m.
    let hand = HandView::new("1111m123p456p789p7z".parse().unwrap(), &[], wild).unwrap();
    assert_eq!(hand.shanten(ShapeRules::STANDARD_ONLY).standard, -1);
    // Without the wildcard the four 1m are a triplet and a useless tile.
    let hand = HandView::parse("1111m123p456p789p").unwrap();
    assert_eq!(hand.shanten(ShapeRules::STANDARD_ONLY).standard, 1);
    // Dense quads with two wildcards, checked against the brute force.
    let mut rng = SplitMix64::new(44);
    for i in 0..60u32 {
        let (counts, wild) = wild_hand(&mut rng, 14, 2 + (i % 3) as usize, 2);
        let hand = HandView::new(counts, &[], wild).unwrap();
        let slow = reference::shanten_by_substitution(
            hand.real(),
            hand.wildcards(),
            4,
            true,
            ShapeRules::GENERIC,
        );
        assert_eq!(hand.shanten(ShapeRules::GENERIC), slow, "{hand:?}");
    }
}

#[test]
fn many_wildcards_match_the_brute_force() {
    let mut rng = SplitMix64::new(0x888);
    for i in 0..12u32 {
        let w = 6 + (i % 3) as usize;
        let n = if i % 2 == 0 { 13 } else { 14 };
        let (counts, wild) = wild_hand(&mut rng, n, w, i);
        let hand = HandView::new(counts, &[], wild).unwrap();
        let slow = reference::shanten_by_substitution(
            hand.real(),
            hand.wildcards(),
            hand.melds_needed(),
            true,
            ShapeRules::GENERIC,
        );
        assert_eq!(hand.shanten(ShapeRules::GENERIC), slow, "{hand:?}");
    }
}
