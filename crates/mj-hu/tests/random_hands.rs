//! A million seeded random hands of every shape, size, meld count, wildcard count and rule set:
//! the table-driven answers must equal the reference's, errors included.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_hu::reference::Reference;
use mj_hu::sample::{Sampler, Shape};
use mj_hu::{Checker, Rules};
use mj_tiles::random::SplitMix64;

const HANDS: u32 = 1_000_000;

fn random_rules(rng: &mut SplitMix64) -> Rules {
    let mut rules = match rng.below(6) {
        0 => Rules::RIICHI,
        1 => Rules::SICHUAN,
        2 => Rules::MCR,
        _ => Rules::GENERIC,
    };
    if rng.chance(1, 3) {
        for switch in Rules::SWITCHES {
            if rng.chance(1, 4) {
                let on = rng.chance(1, 2);
                rules.set(switch, on).unwrap();
            }
        }
    }
    rules
}

fn wildcards(rng: &mut SplitMix64) -> u8 {
    match rng.below(20) {
        0..=9 => 0,
        10..=14 => 1 + rng.below(2) as u8,
        15..=17 => 3 + rng.below(2) as u8,
        _ => 5 + rng.below(4) as u8,
    }
}

struct Corpus {
    sampler: Sampler,
    rng: SplitMix64,
}

impl Corpus {
    fn new(seed: u64) -> Corpus {
        Corpus {
            sampler: Sampler::new(seed),
            rng: SplitMix64::new(seed ^ 0xA5A5),
        }
    }

    fn next(&mut self, waiting: bool) -> (Option<mj_hu::Hand>, Rules, Shape) {
        let shape = Shape::ALL[self.rng.below(Shape::ALL.len() as u32) as usize];
        let melds_total = match self.rng.below(10) {
            0 => 5,
            1 => self.rng.below(4) as u8,
            _ => 4,
        };
        let declared = if self.rng.chance(1, 4) {
            1 + self.rng.below(3) as u8
        } else {
            0
        };
        let w = wildcards(&mut self.rng);
        let sample = self
            .sampler
            .sample(shape, melds_total, declared, w, waiting);
        (sample.hand(), random_rules(&mut self.rng), shape)
    }
}

#[test]
fn wins_match_the_reference() {
    let mut corpus = Corpus::new(0x00C0_FFEE);
    let mut reference = Reference::new();
    let (mut compared, mut wins, mut errors) = (0u32, 0u32, 0u32);
    let mut wins_by_shape = [0u32; 7];
    while compared < HANDS {
        let (hand, rules, shape) = corpus.next(false);
        let Some(hand) = hand else { continue };
        let fast = Checker::new(rules).unwrap().is_winning(&hand);
        let slow = reference.is_winning(&hand, &rules);
        assert_eq!(fast, slow, "{hand:?} under {rules}");
        compared += 1;
        match fast {
            Ok(true) => {
                wins += 1;
                wins_by_shape[Shape::ALL.iter().position(|&s| s == shape).unwrap()] += 1;
            }
            Ok(false) => {}
            Err(_) => errors += 1,
        }
    }
    // The corpus must exercise both answers, every shape, and the error path.
    assert!(wins > HANDS / 10 && wins < HANDS * 9 / 10, "{wins} wins");
    assert!(
        wins_by_shape.iter().all(|&n| n > 1000),
        "wins by shape {wins_by_shape:?}"
    );
    assert!(errors > 0, "no rule errors exercised");
}

#[test]
fn waits_and_ready_match_the_reference() {
    let mut corpus = Corpus::new(0x0BAD_CAFE);
    let mut reference = Reference::new();
    let (mut compared, mut ready, mut empty_ready) = (0u32, 0u32, 0u32);
    while compared < HANDS {
        let (hand, rules, _) = corpus.next(true);
        let Some(hand) = hand else { continue };
        let checker = Checker::new(rules).unwrap();
        let fast = checker.waits(&hand);
        let slow = reference.waits(&hand, &rules);
        assert_eq!(fast, slow, "waits of {hand:?} under {rules}");
        let fast_ready = checker.is_ready(&hand);
        assert_eq!(
            fast_ready,
            reference.is_ready(&hand, &rules),
            "ready {hand:?} under {rules}"
        );
        if let (Ok(true), Ok(w)) = (&fast_ready, &fast) {
            ready += 1;
            // Ready with nothing to draw happens only when every completing kind is held four
            // times and no kind is wild.
            if w.is_empty() {
                empty_ready += 1;
                assert!(hand.wild().is_empty(), "{hand:?}");
            }
        }
        compared += 1;
    }
    assert!(ready > HANDS / 10, "{ready} ready hands");
    assert!(
        empty_ready < ready / 100,
        "{empty_ready} ready hands without waits"
    );
}

/// `ready_discards_eigen` and `ready_discards_index` (one pass, shared table entries) against `is_ready_eigen` of the hand
/// less each real (not wild) kind it holds, and that against the reference, on random complete-size hands under every rule set.
#[test]
fn ready_discards_match_the_reference() {
    use mj_hu::Declared;
    let mut corpus = Corpus::new(0x5EED_D15C);
    let mut reference = Reference::new();
    let (mut compared, mut some_ready) = (0u32, 0u32);
    while compared < HANDS / 20 {
        let (hand, rules, _) = corpus.next(false);
        let Some(hand) = hand else { continue };
        let checker = Checker::new(rules).unwrap();
        let Ok(fast) = checker.ready_discards_eigen(hand.eigens(), Declared::of(&hand)) else {
            continue;
        };
        // The same pass from table offsets kept across draws.
        let kept = checker.ready_discards_index(&mj_hu::HandIndex::of(&hand), Declared::of(&hand));
        assert_eq!(kept, Ok(fast), "kept offsets of {hand:?} under {rules}");
        let mut slow = 0u64;
        for t in hand.concealed().kinds() {
            if hand.wild().contains(t) {
                continue;
            }
            let mut c = *hand.concealed();
            c.remove(t);
            let less = mj_hu::Hand::new(c, hand.melds(), hand.wild()).unwrap();
            // The eigen-level answer skips the rule checks on tiles (`Hand::check_rules`, e.g.
            // honors under `honors = false`); where the reference answers, it must agree.
            let one = checker
                .is_ready_eigen(less.eigens(), Declared::of(&less))
                .unwrap();
            if let Ok(r) = reference.is_ready(&less, &rules) {
                assert_eq!(one, r, "ready {less:?} under {rules}");
            }
            if one {
                slow |= 1 << t.index();
            }
        }
        assert_eq!(fast, slow, "ready discards of {hand:?} under {rules}");
        some_ready += u32::from(fast != 0);
        compared += 1;
    }
    assert!(
        some_ready > compared / 10,
        "{some_ready} hands with a ready discard"
    );
}
