//! `HandIndex` (table offsets kept across draws) against the slow reference: seeded hands of
//! every shape, size, meld count, wildcard count and rule set, then walks of draws and discards
//! from each, with the win or ready answer compared after every step and the kept state
//! compared with the same tiles counted afresh.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_hu::reference::Reference;
use mj_hu::sample::{Sampler, Shape};
use mj_hu::{Checker, Declared, Hand, HandIndex, HuError, Rules};
use mj_tiles::random::SplitMix64;
use mj_tiles::{EigenHand, Tile, TileCounts};

/// Starting hands, and draw-discard steps from each.
const HANDS: u32 = 50_000;
const STEPS: u32 = 8;

fn random_rules(rng: &mut SplitMix64) -> Rules {
    let mut rules = match rng.below(6) {
        0 => Rules::RIICHI,
        1 => Rules::SICHUAN,
        2 => Rules::MCR,
        _ => Rules::GENERIC,
    };
    for switch in Rules::SWITCHES {
        if rng.chance(1, 6) {
            rules.set(switch, rng.chance(1, 2)).unwrap();
        }
    }
    rules
}

/// The index's answer for `counts` (3k+2: a win, 3k+1: ready) against the reference's on the
/// same tiles as a `Hand`; `false` when no `Hand` can be built from them (a fifth copy across
/// the concealed tiles and the melds) or the reference refuses the tiles for the rules.
fn agrees(
    checker: &Checker,
    reference: &mut Reference,
    index: &HandIndex,
    counts: &TileCounts,
    hand: &Hand,
) -> bool {
    let Ok(same) = Hand::new(*counts, hand.melds(), hand.wild()) else {
        return false;
    };
    let rules = checker.rules();
    let declared = Declared::of(&same);
    let (fast, slow) = if same.is_complete_size() {
        (
            checker.is_winning_index(index, declared),
            reference.is_winning(&same, rules),
        )
    } else {
        (
            checker.is_ready_index(index, declared),
            reference.is_ready(&same, rules),
        )
    };
    if let Err(HuError::TileNotInRules(_)) = slow {
        return false;
    }
    assert_eq!(fast.map_err(HuError::from), slow, "{same:?} under {rules}");
    // The eigen-level answer is the same one.
    let eigen = if same.is_complete_size() {
        checker.is_winning_eigen(same.eigens(), declared)
    } else {
        checker.is_ready_eigen(same.eigens(), declared)
    };
    assert_eq!(fast, eigen, "{same:?} under {rules}");
    fast == Ok(true)
}

#[test]
fn kept_offsets_answer_as_the_reference_through_draws_and_discards() {
    let mut sampler = Sampler::new(0x1DE7_0FF5);
    let mut rng = SplitMix64::new(0x0D15_CA2D);
    let mut reference = Reference::new();
    let (mut compared, mut yes, mut refused, mut wild_draws) = (0u32, 0u32, 0u32, 0u32);
    for _ in 0..HANDS {
        let shape = Shape::ALL[rng.below(Shape::ALL.len() as u32) as usize];
        let declared = if rng.chance(1, 4) {
            1 + rng.below(3) as u8
        } else {
            0
        };
        let wildcards = [0, 0, 0, 1, 2, 4, 8][rng.below(7) as usize];
        let sample = sampler.sample(shape, 4, declared, wildcards, rng.chance(1, 2));
        let Some(hand) = sample.hand() else { continue };
        let checker = Checker::new(random_rules(&mut rng)).unwrap();
        let mut counts = *hand.concealed();
        let mut index = HandIndex::of(&hand);
        assert_eq!(index.eigens(), *hand.eigens());
        for step in 0..=STEPS {
            if step > 0 {
                // Draw a random kind (a wild one is a wildcard), then, on a 3k+2 hand,
                // sometimes discard a random held kind: sizes move between 3k+1 and 3k+2.
                let t = Tile::ALL[rng.below(34) as usize];
                let before = index;
                let drawn = index.add(t);
                assert_eq!(drawn, counts.add(t), "drawing {t} into {counts}");
                if drawn.is_err() {
                    assert_eq!(index, before, "a refused draw changes nothing");
                    refused += 1;
                }
                wild_draws += u32::from(drawn.is_ok() && hand.wild().contains(t));
                if counts.total() % 3 == 0 || rng.chance(1, 2) {
                    let u = Tile::ALL[rng.below(34) as usize];
                    assert_eq!(index.remove(u), counts.remove(u), "discarding {u}");
                }
            }
            assert_eq!(index, HandIndex::from_counts(&counts, hand.wild()));
            assert_eq!(index.eigens(), EigenHand::from_counts(&counts, hand.wild()));
            if counts.total() % 3 != 0 {
                yes += u32::from(agrees(&checker, &mut reference, &index, &counts, &hand));
                compared += 1;
            }
        }
    }
    assert!(compared > HANDS * STEPS / 2, "{compared} compared");
    assert!(
        yes > compared / 20,
        "{yes} wins or ready hands of {compared}"
    );
    assert!(refused > 100 && wild_draws > 100, "{refused} {wild_draws}");
}

#[test]
fn a_tile_not_held_is_not_removed() {
    let counts: TileCounts = "123m".parse().unwrap();
    let mut index = HandIndex::from_counts(&counts, "1z".parse().unwrap());
    let before = index;
    assert!(!index.remove("4m".parse().unwrap()));
    assert!(!index.remove("1z".parse().unwrap()));
    assert_eq!(index, before);
    index.add("1z".parse().unwrap()).unwrap();
    assert_eq!((index.wildcards(), index.total()), (1, 4));
    assert!(index.remove("1z".parse().unwrap()));
    assert_eq!(index, before);
}
