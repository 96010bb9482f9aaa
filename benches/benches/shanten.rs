//! Shanten, wildcard shanten, effective tiles and the discard table: mj-ai against the Rust
//! peers on the same fixed seeded corpora (1,024 hands each), one hand per iteration.
//!
//! Corpora (mj_tiles::random, fixed seeds): `random13` and `random14` (drawn from a shuffled
//! wall), `melds` (10, 11, 7 and 8 concealed tiles in turn: one or two declared melds, whose
//! shanten depends on the concealed tiles only), `wild1`/`wild2`/`wild4`/`wild8` (13 or 14
//! tiles, that many of them wildcards of the kinds 6z and 7z).
//!
//! Peers answer the riichi question (seven distinct pairs, thirteen orphans, four-copy rule on
//! the concealed tiles): `xiangting::calculate_replacement_number` (minus one) and
//! `riichienv_core::shanten::calc_shanten_from_counts(&[u8; 34], tiles / 3)`. Setup asserts that
//! mj-ai and `xiangting` agree on every hand timed (and counts the hands where
//! `riichienv-core` differs, which it does only for complete seven-pairs hands whose standard
//! form is ready: it stops at a standard shanten of 0).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use mj_ai::{HandView, ShapeRules, shanten};
use mj_tiles::random::{SplitMix64, TileBag};
use mj_tiles::{Tile, TileCounts, TileSet};

const N: usize = 1024;

fn wall_corpus(seed: u64, sizes: &[usize]) -> Vec<TileCounts> {
    let mut rng = SplitMix64::new(seed);
    (0..N)
        .map(|i| {
            let mut wall = TileBag::shuffled(&mut rng);
            wall.draw_counts(sizes[i % sizes.len()])
                .expect("the wall holds 136 tiles")
        })
        .collect()
}

/// Hands of 13 or 14 tiles, `w` of them wildcards (6z and 7z are wild).
fn wild_corpus(seed: u64, w: usize) -> Vec<HandView> {
    let wild: TileSet = "67z".parse().expect("valid kinds");
    let mut rng = SplitMix64::new(seed);
    (0..N)
        .map(|i| {
            let n = 13 + i % 2;
            let mut tiles: Vec<Tile> = Tile::ALL
                .iter()
                .filter(|t| !wild.contains(**t))
                .flat_map(|&t| [t; 4])
                .collect();
            rng.shuffle(&mut tiles);
            tiles.truncate(n - w);
            tiles.extend((0..w).map(|k| if k < 4 { Tile::GREEN } else { Tile::RED }));
            let counts = TileCounts::from_tiles(tiles).expect("at most four copies");
            HandView::new(counts, &[], wild).expect("a valid hand")
        })
        .collect()
}

fn xiangting_shanten(c: &TileCounts) -> i8 {
    xiangting::calculate_replacement_number(c.as_array(), xiangting::PlayerCount::Four)
        .map(|r| r as i8 - 1)
        .unwrap_or(i8::MAX)
}

fn riichienv_shanten(c: &TileCounts) -> i8 {
    let n: u8 = c.as_array().iter().sum();
    riichienv_core::shanten::calc_shanten_from_counts(c.as_array(), n / 3)
}

fn shanten_peers(c: &mut Criterion) {
    let mut group = c.benchmark_group("shanten");
    for (name, corpus) in [
        ("random13", wall_corpus(0x5A_0013, &[13])),
        ("random14", wall_corpus(0x5A_0014, &[14])),
        ("melds", wall_corpus(0x5A_0710, &[10, 11, 7, 8])),
    ] {
        let mut riichienv_differs = 0;
        for h in &corpus {
            let ours = shanten(h, ShapeRules::RIICHI).expect("valid size");
            assert_eq!(ours, xiangting_shanten(h), "{h}");
            riichienv_differs += usize::from(ours != riichienv_shanten(h));
        }
        if riichienv_differs > 0 {
            eprintln!("shanten/{name}: riichienv-core differs on {riichienv_differs} of {N}");
        }
        group.bench_with_input(BenchmarkId::new("mj-ai", name), &corpus, |b, corpus| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % N;
                shanten(black_box(&corpus[i]), ShapeRules::RIICHI)
            })
        });
        group.bench_with_input(BenchmarkId::new("xiangting", name), &corpus, |b, corpus| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % N;
                xiangting_shanten(black_box(&corpus[i]))
            })
        });
        group.bench_with_input(
            BenchmarkId::new("riichienv-core", name),
            &corpus,
            |b, corpus| {
                let mut i = 0;
                b.iter(|| {
                    i = (i + 1) % N;
                    riichienv_shanten(black_box(&corpus[i]))
                })
            },
        );
    }
    group.finish();
}

fn wildcard_shanten(c: &mut Criterion) {
    let mut group = c.benchmark_group("wildcard_shanten");
    for w in [0usize, 1, 2, 4, 8] {
        let corpus = wild_corpus(0x317D + w as u64, w);
        // The full report (standard, seven pairs, thirteen orphans) from a validated hand.
        group.bench_with_input(
            BenchmarkId::new("mj-ai/report", format!("wild{w}")),
            &corpus,
            |b, corpus| {
                let mut i = 0;
                b.iter(|| {
                    i = (i + 1) % N;
                    black_box(&corpus[i]).shanten(ShapeRules::GENERIC)
                })
            },
        );
        // Including validation: counts and wild kinds in, report out.
        let raw: Vec<(TileCounts, TileSet)> =
            corpus.iter().map(|h| (*h.concealed(), h.wild())).collect();
        group.bench_with_input(
            BenchmarkId::new("mj-ai/new+report", format!("wild{w}")),
            &raw,
            |b, raw| {
                let mut i = 0;
                b.iter(|| {
                    i = (i + 1) % N;
                    let (counts, wild) = black_box(&raw[i]);
                    HandView::new(*counts, &[], *wild).map(|h| h.shanten(ShapeRules::GENERIC))
                })
            },
        );
    }
    group.finish();
}

fn effective_tiles_and_discards(c: &mut Criterion) {
    let mut group = c.benchmark_group("ukeire");
    let none = TileCounts::EMPTY;
    let hands13: Vec<HandView> = wall_corpus(0xE13, &[13])
        .into_iter()
        .map(|c| HandView::new(c, &[], TileSet::EMPTY).expect("valid"))
        .collect();
    for h in &hands13 {
        let ours = h
            .effective_tiles(ShapeRules::RIICHI, &none)
            .expect("13 tiles");
        let (_, necessary) = xiangting::calculate_necessary_tiles(
            h.concealed().as_array(),
            xiangting::PlayerCount::Four,
        )
        .expect("valid");
        let necessary = TileSet::from_bits(necessary) - h.concealed().kinds_at_least(4);
        assert_eq!(ours.tiles, necessary, "{h:?}");
    }
    group.bench_with_input(
        BenchmarkId::new("mj-ai/effective_tiles", "random13"),
        &hands13,
        |b, hands| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % N;
                black_box(&hands[i]).effective_tiles(ShapeRules::RIICHI, &none)
            })
        },
    );
    group.bench_with_input(
        BenchmarkId::new("xiangting/necessary_tiles", "random13"),
        &hands13,
        |b, hands| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % N;
                xiangting::calculate_necessary_tiles(
                    black_box(hands[i].concealed().as_array()),
                    xiangting::PlayerCount::Four,
                )
            })
        },
    );
    let hands14: Vec<HandView> = wall_corpus(0xD14, &[14])
        .into_iter()
        .map(|c| HandView::new(c, &[], TileSet::EMPTY).expect("valid"))
        .collect();
    group.bench_with_input(
        BenchmarkId::new("mj-ai/discard_table", "random14"),
        &hands14,
        |b, hands| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % N;
                black_box(&hands[i]).discards(ShapeRules::RIICHI, &none)
            })
        },
    );
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = shanten_peers, wildcard_shanten, effective_tiles_and_discards
}
criterion_main!(benches);
