//! Eigen operations against the same operations on count arrays, on a seeded corpus of
//! single-suit shapes: removing a meld (subtraction checked by the borrow), the tile count, and
//! the quad count (根).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use mj_tiles::Eigen;
use mj_tiles::random::SplitMix64;
use std::hint::black_box;

const N: usize = 4096;

/// Shapes and melds, each as eigens and as arrays.
type Corpus = (Vec<Eigen>, Vec<[u8; 9]>, Vec<Eigen>, Vec<[u8; 9]>);

fn corpus() -> Corpus {
    let mut rng = SplitMix64::new(0xE16E);
    let mut shapes = Vec::with_capacity(N);
    let mut melds = Vec::with_capacity(N);
    for _ in 0..N {
        let counts: [u8; 9] = core::array::from_fn(|_| rng.below(5) as u8);
        shapes.push(counts);
        let r = rng.below(7) as usize;
        let mut m = [0u8; 9];
        if rng.chance(1, 2) {
            m[r] = 1;
            m[r + 1] = 1;
            m[r + 2] = 1;
        } else {
            m[r] = 3;
        }
        melds.push(m);
    }
    let e = |v: &Vec<[u8; 9]>| v.iter().map(|c| Eigen::from_counts(c).unwrap()).collect();
    (e(&shapes), shapes.clone(), e(&melds), melds)
}

fn array_sub(a: &[u8; 9], b: &[u8; 9]) -> Option<[u8; 9]> {
    let mut out = *a;
    for i in 0..9 {
        out[i] = a[i].checked_sub(b[i])?;
    }
    Some(out)
}

fn bench(c: &mut Criterion) {
    let (es, arrays, em, am) = corpus();
    let mut g = c.benchmark_group("eigen");
    g.bench_function(BenchmarkId::new("remove_meld", "eigen"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            black_box(black_box(&es[i]).checked_sub(*black_box(&em[i])))
        })
    });
    g.bench_function(BenchmarkId::new("remove_meld", "array"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            black_box(array_sub(black_box(&arrays[i]), black_box(&am[i])))
        })
    });
    g.bench_function(BenchmarkId::new("tile_count", "eigen"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            black_box(black_box(&es[i]).total())
        })
    });
    g.bench_function(BenchmarkId::new("tile_count", "array"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            black_box(
                black_box(&arrays[i])
                    .iter()
                    .map(|&x| u32::from(x))
                    .sum::<u32>(),
            )
        })
    });
    g.bench_function(BenchmarkId::new("quads", "eigen"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            black_box(black_box(&es[i]).quads())
        })
    });
    g.bench_function(BenchmarkId::new("quads", "array"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % N;
            black_box(black_box(&arrays[i]).iter().filter(|&&x| x == 4).count())
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
