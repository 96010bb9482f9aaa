//! The tables agree with `mj-hu` (win, waits) and with the backtracking reference (every
//! decomposition, every reading) on seeded corpora and on every one-suit hand.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use mj_agari::reference::{self, Plain};
use mj_agari::{Form, Karaten, WaitKind, decompositions, machi, riichi_candidates};
use mj_hu::sample::{Sampler, Shape};
use mj_hu::{Checker, Hand, Rules};
use mj_tiles::{Tile, TileCounts, TileSet};

fn corpus(seed: u64, n: usize, waiting: bool) -> impl Iterator<Item = Hand> {
    let mut s = Sampler::new(seed);
    (0..n).filter_map(move |i| {
        let shape = Shape::ALL[i % Shape::ALL.len()];
        let declared = (s.rng().below(8) as u8).saturating_sub(4); // mostly closed
        s.sample(shape, 4, declared, 0, waiting).hand()
    })
}

fn plain_set(hand: &Hand) -> Vec<Plain> {
    let mut v: Vec<Plain> = decompositions(hand)
        .unwrap()
        .iter()
        .map(|d| Plain::from(&d))
        .collect();
    v.sort();
    v
}

#[test]
fn wins_agree_with_mj_hu_on_the_random_corpus() {
    let checker = Checker::new(Rules::RIICHI).unwrap();
    let (mut wins, mut n) = (0, 0);
    for hand in corpus(0xA6A1, 1_000_000, false) {
        let expected = checker.is_winning(&hand).unwrap();
        let got = decompositions(&hand).unwrap().is_win();
        assert_eq!(got, expected, "{}", hand.concealed());
        wins += usize::from(got);
        n += 1;
    }
    assert!(n > 900_000 && wins > 150_000, "{n} hands, {wins} wins");
}

#[test]
fn decompositions_agree_with_backtracking_on_a_million_hands() {
    let mut s = Sampler::new(0xDEC0);
    let (mut n, mut wins, mut multi) = (0, 0, 0);
    let mut i = 0usize;
    while n < 1_000_000 {
        // Mostly built wins and one-suit hands, where decompositions are many.
        let shape = [
            Shape::Win,
            Shape::OneSuit,
            Shape::SevenPairs,
            Shape::Wall,
            Shape::NearMiss,
        ][i % 5];
        i += 1;
        let declared = (s.rng().below(8) as u8).saturating_sub(4);
        let Some(hand) = s.sample(shape, 4, declared, 0, false).hand() else {
            continue;
        };
        let expected = reference::decompositions(hand.concealed(), hand.melds().is_empty());
        let got = plain_set(&hand);
        assert_eq!(
            got,
            expected,
            "{} with {} melds",
            hand.concealed(),
            hand.melds().len()
        );
        n += 1;
        wins += usize::from(!got.is_empty());
        multi += usize::from(got.len() > 1);
    }
    assert!(
        wins > 400_000 && multi > 20_000,
        "{wins} wins, {multi} with several"
    );
}

/// Every multiset of `total` tiles in one suit, as counts of ranks 1-9.
fn one_suit(total: u8) -> Vec<[u8; 9]> {
    let mut out = Vec::new();
    let mut c = [0u8; 9];
    fn rec(c: &mut [u8; 9], i: usize, left: u8, out: &mut Vec<[u8; 9]>) {
        if i == 9 {
            if left == 0 {
                out.push(*c);
            }
            return;
        }
        for k in 0..=left.min(4) {
            c[i] = k;
            rec(c, i + 1, left - k, out);
        }
        c[i] = 0;
    }
    rec(&mut c, 0, total, &mut out);
    out
}

fn hand_of(ranks: &[u8; 9], suit: usize) -> Hand {
    let mut counts = [0u8; 34];
    counts[suit * 9..suit * 9 + 9].copy_from_slice(ranks);
    Hand::new(TileCounts::new(counts).unwrap(), &[], TileSet::EMPTY).unwrap()
}

#[test]
fn every_one_suit_hand_decomposes_like_backtracking() {
    for total in [2u8, 5, 8, 11, 14] {
        for ranks in one_suit(total) {
            let hand = hand_of(&ranks, 1);
            let expected = reference::decompositions(hand.concealed(), true);
            assert_eq!(plain_set(&hand), expected, "{}", hand.concealed());
        }
    }
}

/// Readings checked against the reference: per wait, the decompositions of the completed hand,
/// each once per distinct group holding the winning tile, and the wait kind that group implies.
fn check_readings(hand: &Hand, checker: &Checker) {
    let m = machi(hand).unwrap();
    let expected = checker.waits(hand).unwrap();
    assert_eq!(m.waits(), expected, "waits of {}", hand.concealed());
    for w in &m.waits {
        let mut completed = *hand.concealed();
        completed.add(w.tile).unwrap();
        let mut want: BTreeMap<(Plain, WaitKind), usize> = BTreeMap::new();
        for d in reference::decompositions(&completed, hand.melds().is_empty()) {
            let t = w.tile.as_u8();
            let mut kinds = Vec::new();
            match d.form {
                Form::Standard => {
                    if d.pairs[0] == t {
                        kinds.push(WaitKind::Single);
                    }
                    let mut seen = Vec::new();
                    for &(low, trip) in &d.melds {
                        if seen.contains(&(low, trip)) {
                            continue;
                        }
                        seen.push((low, trip));
                        if trip && low == t {
                            kinds.push(WaitKind::PairWait);
                        } else if !trip && (low..low + 3).contains(&t) {
                            let rank = low % 9 + 1;
                            kinds.push(match t - low {
                                1 => WaitKind::Closed,
                                0 if rank == 7 => WaitKind::Edge,
                                2 if rank == 1 => WaitKind::Edge,
                                _ => WaitKind::TwoSided,
                            });
                        }
                    }
                }
                _ => kinds.push(WaitKind::Single),
            }
            for k in kinds {
                *want.entry((d.clone(), k)).or_default() += 1;
            }
        }
        let mut got: BTreeMap<(Plain, WaitKind), usize> = BTreeMap::new();
        for r in &w.readings {
            *got.entry((Plain::from(&r.decomposition), r.kind))
                .or_default() += 1;
        }
        assert_eq!(got, want, "readings of {} on {}", hand.concealed(), w.tile);
    }
}

#[test]
fn machi_agrees_with_mj_hu_and_backtracking_on_the_random_corpus() {
    let checker = Checker::new(Rules::RIICHI).unwrap();
    let mut ready = 0;
    for hand in corpus(0x3A7C, 200_000, true) {
        check_readings(&hand, &checker);
        ready += usize::from(checker.is_ready(&hand).unwrap());
    }
    assert!(ready > 40_000, "{ready} ready hands");
}

#[test]
fn machi_agrees_on_every_one_suit_hand() {
    let checker = Checker::new(Rules::RIICHI).unwrap();
    for total in [1u8, 4, 7, 10, 13] {
        for ranks in one_suit(total) {
            check_readings(&hand_of(&ranks, 2), &checker);
        }
    }
}

#[test]
fn riichi_candidates_agree_with_mj_hu_on_the_random_corpus() {
    let checker = Checker::new(Rules::RIICHI).unwrap();
    let mut found = 0;
    for hand in corpus(0x1EC4, 200_000, false) {
        for karaten in [Karaten::LeftOut, Karaten::Counts] {
            let got = riichi_candidates(&hand, karaten).unwrap();
            let mut want = Vec::new();
            for d in hand.concealed().kinds().iter() {
                let mut rest = *hand.concealed();
                rest.remove(d);
                let less = Hand::new(rest, hand.melds(), TileSet::EMPTY).unwrap();
                let waits = match karaten {
                    Karaten::LeftOut => checker.waits(&less).unwrap(),
                    Karaten::Counts => {
                        let mut s = TileSet::EMPTY;
                        for t in Tile::ALL {
                            let mut c = rest;
                            if c.add(t).is_ok()
                                && !reference::decompositions(&c, hand.melds().is_empty())
                                    .is_empty()
                            {
                                s.insert(t);
                            }
                        }
                        s
                    }
                };
                if !waits.is_empty() {
                    want.push((d, waits));
                }
            }
            let got: Vec<(Tile, TileSet)> = got
                .as_slice()
                .iter()
                .map(|c| (c.discard, c.waits))
                .collect();
            assert_eq!(got, want, "{} {karaten:?}", hand.concealed());
            found += got.len();
        }
    }
    assert!(found > 100_000, "{found} candidates");
}
