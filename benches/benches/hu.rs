//! Win checks and waits: mj-hu's tables against its own backtracking reference and against the
//! Rust riichi peers, on fixed seeded corpora (1,024 hands each), one hand per iteration.
//!
//! The win check is timed three ways: `mj_hu` from eigens (`Checker::is_winning_eigen`, what a
//! caller without kept state pays), `mj_hu_index` from table offsets kept across draws
//! (`Checker::is_winning_index` on a `HandIndex`), and `mj_hu_draw`, the whole step of a caller
//! that keeps the 13 tiles: add the drawn tile to the `HandIndex`, check, take it out again.
//!
//! Corpora: `wall` (14 tiles drawn from a shuffled wall), `win` (built melds + pair), `one_suit`
//! (dense single-suit wins and near wins), each with 0, 1, 2 and 4 wildcards; `ready` (13-tile
//! ready hands, no wildcards) for waits. Peers answer the no-wildcard riichi question on the same
//! hands: `riichienv-core` `agari::is_agari`, `xiangting::calculate_necessary_tiles`,
//! `riichi-decomp` `WaitSet::from_tile_set`. Setup asserts that every peer agrees with mj-hu on
//! every hand it is timed on, so the ratios compare equal answers.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use mj_hu::reference::Reference;
use mj_hu::sample::Shape;
use mj_hu::{Checker, Declared, Hand, HandIndex, Rules};
use mj_tiles::{EigenHand, TileSet};
use std::hint::black_box;
use std::time::Duration;

use benches::{N, corpus, riichi_decomp_set, riichienv_hand};

fn ready_corpus(checker: &Checker) -> Vec<Hand> {
    let ready = |h: &Hand| !checker.waits(h).map(TileSet::is_empty).unwrap_or(true);
    corpus(
        &[Shape::Win, Shape::OneSuit, Shape::SevenPairs],
        0,
        true,
        0x5EAD1,
        ready,
    )
}

fn win_checks(c: &mut Criterion) {
    let checker = Checker::new(Rules::RIICHI).unwrap();
    let mut g = c.benchmark_group("hu");
    g.warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for (name, shape) in [
        ("wall", Shape::Wall),
        ("win", Shape::Win),
        ("one_suit", Shape::OneSuit),
    ] {
        for w in [0u8, 1, 2, 4] {
            let hands = corpus(&[shape], w, false, 0xB0B + u64::from(w), |_| true);
            let eigens: Vec<EigenHand> = hands.iter().map(|h| *h.eigens()).collect();
            let indices: Vec<HandIndex> = hands.iter().map(HandIndex::of).collect();
            // The draw: each hand's highest tile, taken out of the kept 13.
            let draws: Vec<_> = hands
                .iter()
                .map(|h| h.concealed().tiles().last().unwrap())
                .collect();
            let mut kept: Vec<HandIndex> = indices.clone();
            for (k, &t) in kept.iter_mut().zip(&draws) {
                assert!(k.remove(t));
            }
            for (h, x) in hands.iter().zip(&indices) {
                let ours = checker.is_winning_eigen(h.eigens(), Declared::default());
                assert_eq!(checker.is_winning_index(x, Declared::default()), ours);
            }
            let id = format!("{name}/w{w}");
            g.bench_function(BenchmarkId::new("mj_hu", &id), |b| {
                let mut i = 0;
                b.iter(|| {
                    i = (i + 1) % N;
                    checker.is_winning_eigen(black_box(&eigens[i]), Declared::default())
                })
            });
            g.bench_function(BenchmarkId::new("mj_hu_index", &id), |b| {
                let mut i = 0;
                b.iter(|| {
                    i = (i + 1) % N;
                    checker.is_winning_index(black_box(&indices[i]), Declared::default())
                })
            });
            g.bench_function(BenchmarkId::new("mj_hu_draw", &id), |b| {
                let mut i = 0;
                b.iter(|| {
                    i = (i + 1) % N;
                    let hand = &mut kept[i];
                    let t = black_box(draws[i]);
                    let _ = hand.add(t);
                    let won = checker.is_winning_index(hand, Declared::default());
                    hand.remove(t);
                    won
                })
            });
            g.bench_function(BenchmarkId::new("reference", &id), |b| {
                let mut reference = Reference::new();
                let rules = Rules::RIICHI;
                let mut i = 0;
                b.iter(|| {
                    i = (i + 1) % N;
                    reference.is_winning(black_box(&hands[i]), &rules)
                })
            });
            if w == 0 {
                let mut peers: Vec<_> = hands
                    .iter()
                    .map(|h| riichienv_hand(h.concealed()))
                    .collect();
                for (h, p) in hands.iter().zip(peers.iter_mut()) {
                    let ours = checker.is_winning(h).unwrap();
                    assert_eq!(
                        riichienv_core::agari::is_agari(p),
                        ours,
                        "riichienv on {h:?}"
                    );
                }
                g.bench_function(BenchmarkId::new("riichienv_core", &id), |b| {
                    let mut i = 0;
                    b.iter(|| {
                        i = (i + 1) % N;
                        riichienv_core::agari::is_agari(black_box(&mut peers[i]))
                    })
                });
            }
        }
    }
    g.finish();
}

fn waits(c: &mut Criterion) {
    let checker = Checker::new(Rules::RIICHI).unwrap();
    let hands = ready_corpus(&checker);
    let counts: Vec<[u8; 34]> = hands.iter().map(|h| *h.concealed().as_array()).collect();
    let mut decomposer = riichi_decomp::Decomposer::new();
    let decomp_sets: Vec<_> = hands
        .iter()
        .map(|h| riichi_decomp_set(h.concealed()))
        .collect();
    for (i, h) in hands.iter().enumerate() {
        let ours = checker.waits(h).unwrap();
        let (_, flags) =
            xiangting::calculate_necessary_tiles(&counts[i], xiangting::PlayerCount::Four).unwrap();
        let theirs: TileSet = TileSet::from_bits(flags) - h.held().kinds_at_least(4);
        assert_eq!(theirs, ours, "xiangting necessary tiles on {h:?}");
        let ws = riichi_decomp::WaitSet::from_tile_set(&mut decomposer, &decomp_sets[i]);
        let theirs = TileSet::from_bits(ws.waiting_tiles.0) - h.held().kinds_at_least(4);
        assert_eq!(theirs, ours, "riichi-decomp waits on {h:?}");
    }
    let mut g = c.benchmark_group("waits");
    g.warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    g.bench_function(BenchmarkId::new("mj_hu", "ready"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            checker.waits(black_box(&hands[i]))
        })
    });
    g.bench_function(BenchmarkId::new("mj_hu_is_ready", "ready"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            checker.is_ready_eigen(black_box(hands[i].eigens()), Declared::default())
        })
    });
    g.bench_function(BenchmarkId::new("reference", "ready"), |b| {
        let mut reference = Reference::new();
        let rules = Rules::RIICHI;
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            reference.waits(black_box(&hands[i]), &rules)
        })
    });
    g.bench_function(BenchmarkId::new("xiangting", "ready"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            xiangting::calculate_necessary_tiles(
                black_box(&counts[i]),
                xiangting::PlayerCount::Four,
            )
        })
    });
    g.bench_function(BenchmarkId::new("riichi_decomp", "ready"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            riichi_decomp::WaitSet::from_tile_set(&mut decomposer, black_box(&decomp_sets[i]))
                .waiting_tiles
        })
    });
    g.finish();
}

criterion_group!(benches, win_checks, waits);
criterion_main!(benches);
