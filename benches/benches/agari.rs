//! Riichi decompositions, machi and riichi candidates: mj-agari's continuity-pattern tables
//! against the backtracking reference and the Rust riichi peers, on fixed seeded corpora (1,024
//! hands each), one hand per iteration.
//!
//! * `decompositions/win`: every decomposition of a winning 14-tile hand (built wins, one-suit
//!   wins, seven pairs). Peers: `riichienv-core` `agari::find_divisions` (standard form only;
//!   setup asserts its distinct divisions are ours), `mj_agari::reference` (backtracking).
//! * `machi/ready`: waits with, per wait, every decomposition and wait kind of a ready 13-tile
//!   hand. Peer: `riichi-decomp` `WaitSet::from_tile_set` (waits and regular decompositions;
//!   setup asserts equal waits). `mj_hu` waits (no decompositions) for scale.
//! * `riichi/hand14`: the discards of a 14-tile hand that leave it ready, with waits (wall draws,
//!   built wins and near misses). Peers answer it by a discard loop: `riichienv-core`
//!   `agari::is_tenpai` per discard (readiness only), `mj_hu` waits per discard; setup asserts
//!   the same discards.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use mj_agari::{Form, Karaten, decompositions, machi, riichi_candidates};
use mj_hu::sample::Shape;
use mj_hu::{Checker, Hand, Rules};
use mj_tiles::TileSet;

use benches::{N, corpus, riichi_decomp_set, riichienv_hand};

fn bench_decompositions(c: &mut Criterion) {
    let checker = Checker::new(Rules::RIICHI).unwrap();
    let hands = corpus(
        &[Shape::Win, Shape::OneSuit, Shape::SevenPairs],
        0,
        false,
        0xA9A1,
        |h| checker.is_winning(h).unwrap(),
    );
    let peers: Vec<_> = hands
        .iter()
        .map(|h| riichienv_hand(h.concealed()))
        .collect();
    for (h, p) in hands.iter().zip(&peers) {
        let ours = decompositions(h)
            .unwrap()
            .iter()
            .filter(|d| d.form == Form::Standard)
            .count();
        let theirs: BTreeSet<String> = riichienv_core::agari::find_divisions(p)
            .iter()
            .map(|d| {
                let mut body: Vec<String> = d.body.iter().map(|m| format!("{m:?}")).collect();
                body.sort();
                format!("{} {body:?}", d.head)
            })
            .collect();
        assert_eq!(theirs.len(), ours, "riichienv find_divisions on {h:?}");
    }
    let mut g = c.benchmark_group("decompositions");
    g.warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    g.bench_function(BenchmarkId::new("mj_agari", "win"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            let a = decompositions(black_box(&hands[i])).unwrap();
            // Touch every decomposition so the lazy view is paid for.
            a.iter()
                .fold(0u32, |s, d| s + u32::from(d.melds().len() as u8))
        })
    });
    g.bench_function(BenchmarkId::new("mj_agari_lookup", "win"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            decompositions(black_box(&hands[i])).unwrap().len()
        })
    });
    g.bench_function(BenchmarkId::new("reference", "win"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            mj_agari::reference::decompositions(black_box(hands[i].concealed()), true).len()
        })
    });
    g.bench_function(BenchmarkId::new("riichienv_core", "win"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            riichienv_core::agari::find_divisions(black_box(&peers[i])).len()
        })
    });
    g.finish();
}

fn bench_machi(c: &mut Criterion) {
    let checker = Checker::new(Rules::RIICHI).unwrap();
    let hands = corpus(
        &[Shape::Win, Shape::OneSuit, Shape::SevenPairs],
        0,
        true,
        0x3A7C1,
        |h| !checker.waits(h).unwrap().is_empty(),
    );
    let mut decomposer = riichi_decomp::Decomposer::new();
    let sets: Vec<_> = hands
        .iter()
        .map(|h| riichi_decomp_set(h.concealed()))
        .collect();
    for (h, s) in hands.iter().zip(&sets) {
        let ours = machi(h).unwrap().waits();
        assert_eq!(ours, checker.waits(h).unwrap(), "mj-hu waits on {h:?}");
        let ws = riichi_decomp::WaitSet::from_tile_set(&mut decomposer, s);
        let theirs = TileSet::from_bits(ws.waiting_tiles.0) - h.held().kinds_at_least(4);
        assert_eq!(theirs, ours, "riichi-decomp waits on {h:?}");
    }
    let mut g = c.benchmark_group("machi");
    g.warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    g.bench_function(BenchmarkId::new("mj_agari", "ready"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            machi(black_box(&hands[i])).unwrap().waits.len()
        })
    });
    g.bench_function(BenchmarkId::new("riichi_decomp", "ready"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            riichi_decomp::WaitSet::from_tile_set(&mut decomposer, black_box(&sets[i]))
                .regular
                .len()
        })
    });
    g.bench_function(BenchmarkId::new("mj_hu_waits_only", "ready"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            checker.waits(black_box(&hands[i])).unwrap()
        })
    });
    g.finish();
}

fn bench_riichi(c: &mut Criterion) {
    let checker = Checker::new(Rules::RIICHI).unwrap();
    let hands = corpus(
        &[Shape::Wall, Shape::Win, Shape::NearMiss, Shape::OneSuit],
        0,
        false,
        0x1EC41,
        |_| true,
    );
    let by_mj_hu = |h: &Hand| -> Vec<(mj_tiles::Tile, TileSet)> {
        let mut out = Vec::new();
        for d in h.concealed().kinds().iter() {
            let mut rest = *h.concealed();
            rest.remove(d);
            let less = Hand::new(rest, &[], TileSet::EMPTY).unwrap();
            let w = checker.waits(&less).unwrap();
            if !w.is_empty() {
                out.push((d, w));
            }
        }
        out
    };
    let peers: Vec<_> = hands
        .iter()
        .map(|h| riichienv_hand(h.concealed()))
        .collect();
    let by_riichienv = |p: &riichienv_core::types::Hand| -> u64 {
        let mut h = p.clone();
        let mut out = 0u64;
        for t in 0..34 {
            if h.counts[t] > 0 {
                h.counts[t] -= 1;
                if riichienv_core::agari::is_tenpai(&mut h) {
                    out |= 1 << t;
                }
                h.counts[t] += 1;
            }
        }
        out
    };
    for (h, p) in hands.iter().zip(&peers) {
        let ours: Vec<_> = riichi_candidates(h, Karaten::LeftOut)
            .unwrap()
            .as_slice()
            .iter()
            .map(|c| (c.discard, c.waits))
            .collect();
        assert_eq!(ours, by_mj_hu(h), "mj-hu discard loop on {h:?}");
        // riichienv's is_tenpai counts a wait on a fifth copy as ready: compare with karaten on.
        let with_karaten: u64 = riichi_candidates(h, Karaten::Counts)
            .unwrap()
            .as_slice()
            .iter()
            .fold(0, |s, c| s | 1 << c.discard.index());
        assert_eq!(
            with_karaten,
            by_riichienv(p),
            "riichienv is_tenpai loop on {h:?}"
        );
    }
    let mut g = c.benchmark_group("riichi");
    g.warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    g.bench_function(BenchmarkId::new("mj_agari", "hand14"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            riichi_candidates(black_box(&hands[i]), Karaten::LeftOut)
                .unwrap()
                .as_slice()
                .len()
        })
    });
    g.bench_function(BenchmarkId::new("mj_hu_discard_loop", "hand14"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            by_mj_hu(black_box(&hands[i])).len()
        })
    });
    g.bench_function(
        BenchmarkId::new("riichienv_core_discard_loop", "hand14"),
        |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % N;
                by_riichienv(black_box(&peers[i]))
            })
        },
    );
    g.finish();
}

criterion_group!(benches, bench_decompositions, bench_machi, bench_riichi);
criterion_main!(benches);
