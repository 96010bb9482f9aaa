//! Effective tiles and the discard table against "try every kind" with the reference shanten
//! (`mj_ai::reference`, a per-suit programme that reads no table), and effective tiles of 13-tile
//! hands against `xiangting`'s necessary tiles.

#![allow(clippy::unwrap_used)] // helpers of a test crate

mod common;

use common::{mixed_hand, random_melds, wild_hand};
use mj_ai::{DiscardOption, HandView, ShantenReport, ShapeRules, reference};
use mj_tiles::random::SplitMix64;
use mj_tiles::{Tile, TileCounts, TileSet};

/// Sample counts are small (a few thousand hands) because the reference is some thousand times
/// slower than the tables; `shanten_oracle.rs` checks the two against each other on more hands.
/// `MJ_ORACLE_SCALE=N` multiplies the samples of the comparisons with the reference for a longer
/// run by hand (`MJ_ORACLE_SCALE=30 cargo test --release -p mj-ai --test ukeire_oracle`).
fn scaled(n: u32) -> u32 {
    let scale = std::env::var("MJ_ORACLE_SCALE")
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
        .filter(|&k| k >= 1)
        .unwrap_or(1);
    n.saturating_mul(scale)
}

/// The shanten report of `hand` by the reference programme (no shanten table is read, so the
/// oracle shares no code with the effective-tiles path it checks).
fn slow_shanten(hand: &HandView, rules: ShapeRules) -> ShantenReport {
    reference::shanten_by_substitution(
        hand.real(),
        hand.wildcards(),
        hand.melds_needed(),
        hand.special_forms_apply(),
        rules,
    )
}

/// The shanten of `hand` and the kinds whose draw lowers it, by definition: every kind the hand
/// holds fewer than four of, drawn, and the full shanten recomputed by the reference.
fn improving_draws(hand: &HandView, rules: ShapeRules) -> (i8, TileSet) {
    let shanten = slow_shanten(hand, rules).shanten;
    let mut tiles = TileSet::EMPTY;
    for t in Tile::ALL {
        if hand.count(t) >= 4 {
            continue;
        }
        let mut c = *hand.concealed();
        c.add(t).unwrap();
        // The shanten definition looks at the concealed tiles only; with melds declared only
        // the standard shape applies.
        let drawn = HandView::new(c, &[], hand.wild()).unwrap();
        let drawn_shanten = if hand.declared_melds() == 0 {
            slow_shanten(&drawn, rules).shanten
        } else {
            slow_shanten(&drawn, ShapeRules::STANDARD_ONLY).standard
        };
        if drawn_shanten < shanten {
            tiles.insert(t);
        }
    }
    (shanten, tiles)
}

/// Copies of `tiles` unseen from `hand`'s seat.
fn live_copies(hand: &HandView, tiles: TileSet, visible: &TileCounts) -> u32 {
    tiles
        .into_iter()
        .map(|t| u32::from(hand.live(t, visible)))
        .sum()
}

/// Effective tiles by definition: the improving draws and their unseen copies.
fn brute_effective(hand: &HandView, rules: ShapeRules, visible: &TileCounts) -> (i8, TileSet, u32) {
    let (shanten, tiles) = improving_draws(hand, rules);
    (shanten, tiles, live_copies(hand, tiles, visible))
}

fn random_visible(rng: &mut SplitMix64, hand: &HandView, n: usize) -> TileCounts {
    let mut visible = TileCounts::EMPTY;
    for _ in 0..n {
        let t = Tile::ALL[rng.below(34) as usize];
        if hand.live(t, &visible) > 0 {
            visible.add(t).unwrap();
        }
    }
    visible
}

#[test]
fn effective_tiles_equal_try_every_kind() {
    let mut rng = SplitMix64::new(0xE11);
    for i in 0..scaled(2_100) {
        let n = [13, 13, 10, 7, 4, 1, 16][(i % 7) as usize];
        let counts = mixed_hand(&mut rng, n, i / 7);
        let hand = HandView::new(counts, &[], TileSet::EMPTY).unwrap();
        let visible = random_visible(&mut rng, &hand, (i % 20) as usize);
        for rules in [ShapeRules::GENERIC, ShapeRules::RIICHI] {
            let e = hand.effective_tiles(rules, &visible).unwrap();
            let (s, tiles, count) = brute_effective(&hand, rules, &visible);
            assert_eq!((e.shanten, e.tiles, e.count), (s, tiles, count), "{hand:?}");
            for t in Tile::ALL {
                let expect = if tiles.contains(t) {
                    hand.live(t, &visible)
                } else {
                    0
                };
                assert_eq!(e.live.get(t), expect, "{hand:?} {t}");
            }
        }
    }
}

#[test]
fn effective_tiles_of_13_tile_hands_match_xiangting_necessary_tiles() {
    let mut rng = SplitMix64::new(0x0EC);
    for i in 0..100_000u32 {
        let counts = mixed_hand(&mut rng, 13, i);
        let hand = HandView::new(counts, &[], TileSet::EMPTY).unwrap();
        let e = hand
            .effective_tiles(ShapeRules::RIICHI, &TileCounts::EMPTY)
            .unwrap();
        let (r, necessary) =
            xiangting::calculate_necessary_tiles(counts.as_array(), xiangting::PlayerCount::Four)
                .unwrap();
        let held_four: TileSet = counts.kinds_at_least(4);
        let necessary = TileSet::from_bits(necessary) - held_four;
        assert_eq!(e.shanten, r as i8 - 1, "{counts}");
        assert_eq!(e.tiles, necessary, "{counts}");
    }
}

fn brute_discards(hand: &HandView, rules: ShapeRules, visible: &TileCounts) -> Vec<DiscardOption> {
    let mut out = Vec::new();
    for d in Tile::ALL {
        if hand.count(d) == 0 {
            continue;
        }
        let after = hand.without_tile(d).unwrap();
        let (shanten, ukeire) = improving_draws(&after, rules);
        out.push(DiscardOption {
            tile: d,
            shanten,
            ukeire,
            // Unseen as the hand before the discard counts them.
            ukeire_count: live_copies(hand, ukeire, visible),
        });
    }
    out
}

fn check_table(hand: &HandView, rules: ShapeRules, visible: &TileCounts) {
    let mut table = hand.discards(rules, visible).unwrap();
    // Best first: shanten ascending, then ukeire count descending.
    for pair in table.windows(2) {
        assert!(
            (pair[0].shanten, std::cmp::Reverse(pair[0].ukeire_count))
                <= (pair[1].shanten, std::cmp::Reverse(pair[1].ukeire_count)),
            "{hand:?} order"
        );
    }
    table.sort_by_key(|o| o.tile);
    let brute = brute_discards(hand, rules, visible);
    assert_eq!(table, brute, "{hand:?}");
}

#[test]
fn discard_tables_equal_try_every_kind() {
    let mut rng = SplitMix64::new(0xD15);
    for i in 0..scaled(700) {
        let n = [14, 14, 11, 8, 17, 5, 2][(i % 7) as usize];
        let counts = mixed_hand(&mut rng, n, i / 7);
        let hand = HandView::new(counts, &[], TileSet::EMPTY).unwrap();
        let visible = random_visible(&mut rng, &hand, (i % 16) as usize);
        let rules = if i % 2 == 0 {
            ShapeRules::GENERIC
        } else {
            ShapeRules::RIICHI
        };
        check_table(&hand, rules, &visible);
    }
}

#[test]
fn discard_tables_with_melds_and_wildcards_equal_try_every_kind() {
    let mut rng = SplitMix64::new(0xD16);
    for i in 0..scaled(300) {
        let k = (i % 3) as usize;
        let concealed = mixed_hand(&mut rng, 14 - 3 * k, i / 3);
        let melds = random_melds(&mut rng, &concealed, k);
        if melds.len() != k {
            continue;
        }
        let hand = HandView::new(concealed, &melds, TileSet::EMPTY).unwrap();
        check_table(&hand, ShapeRules::GENERIC, &TileCounts::EMPTY);
    }
    // Few, with one or two wildcards: the reference tries every substitution for each of the
    // ~35 draws of each of the ~14 discards (about ten seconds in the debug profile).
    for i in 0..scaled(12) {
        let w = 1 + (i % 2) as usize;
        let n = if i % 2 == 0 { 14 } else { 11 };
        let (counts, wild) = wild_hand(&mut rng, n, w, i);
        let hand = HandView::new(counts, &[], wild).unwrap();
        check_table(&hand, ShapeRules::GENERIC, &TileCounts::EMPTY);
        let after = hand.without_tile(Tile::GREEN).unwrap();
        let e = after
            .effective_tiles(ShapeRules::RIICHI, &TileCounts::EMPTY)
            .unwrap();
        let (s, tiles, count) = brute_effective(&after, ShapeRules::RIICHI, &TileCounts::EMPTY);
        assert_eq!(
            (e.shanten, e.tiles, e.count),
            (s, tiles, count),
            "{after:?}"
        );
    }
}

#[test]
fn improvements_raise_effective_tiles_without_lowering_shanten() {
    let mut rng = SplitMix64::new(0x1A9);
    let mut seen = 0;
    for i in 0..3_000u32 {
        let counts = mixed_hand(&mut rng, 13, i);
        let hand = HandView::new(counts, &[], TileSet::EMPTY).unwrap();
        let base = hand
            .effective_tiles(ShapeRules::RIICHI, &TileCounts::EMPTY)
            .unwrap();
        let list = hand
            .improvements(ShapeRules::RIICHI, &TileCounts::EMPTY)
            .unwrap();
        if !(0..=1).contains(&base.shanten) {
            assert!(list.is_empty());
            continue;
        }
        for imp in list {
            seen += 1;
            assert!(!base.tiles.contains(imp.tile));
            let drawn = hand.with_tile(imp.tile).unwrap();
            let after = drawn.without_tile(imp.discard).unwrap();
            let e = after
                .effective_tiles_with_seen(&drawn, ShapeRules::RIICHI)
                .unwrap();
            assert_eq!(e.0, base.shanten, "{hand:?} {imp:?}");
            assert_eq!(e.1, imp.ukeire_count, "{hand:?} {imp:?}");
            assert!(imp.ukeire_count > base.count);
        }
    }
    assert!(seen > 100);
}

trait SeenFrom {
    fn effective_tiles_with_seen(&self, before: &HandView, rules: ShapeRules) -> Option<(i8, u32)>;
}

impl SeenFrom for HandView {
    /// Effective tiles of `self` with live copies counted against `before` (the hand before a
    /// discard, so the discarded copy is seen).
    fn effective_tiles_with_seen(&self, before: &HandView, rules: ShapeRules) -> Option<(i8, u32)> {
        let e = self.effective_tiles(rules, &TileCounts::EMPTY).ok()?;
        let count = e
            .tiles
            .iter()
            .map(|t| u32::from(before.live(t, &TileCounts::EMPTY)))
            .sum();
        Some((e.shanten, count))
    }
}
