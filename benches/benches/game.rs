//! Whole games: one full hanchan per iteration, `mj-game` against `riichienv-core` in the same
//! run, with four players of each kind (random legal action, tsumogiri, greedy; see
//! `benches::game`). Walls come from seeds `0..SEEDS`, cycled (each engine shuffles its own
//! walls from the seed, so the games differ between engines; the players' policies do not).
//!
//! riichienv-core plays about 20-50 hanchan/s here, so its groups run 10 flat samples (a few
//! games each); the whole bench takes about a minute. `cargo run --release -p benches --example
//! game_speed` reports decisions/s, ns per decision, allocations and the state's size.

use std::hint::black_box;
use std::time::Duration;

use benches::game::{PlayerKind, play_hanchan};
use benches::peer_game;
use criterion::{BenchmarkId, Criterion, SamplingMode, criterion_group, criterion_main};

/// Seeds cycled through by each benchmark.
const SEEDS: u64 = 64;

fn game(c: &mut Criterion) {
    let mut group = c.benchmark_group("hanchan");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for kind in PlayerKind::ALL {
        group.bench_with_input(BenchmarkId::new("mj-game", kind.name()), &kind, |b, &k| {
            let mut seed = 0;
            b.iter(|| {
                seed = (seed + 1) % SEEDS;
                black_box(play_hanchan(black_box(seed), k))
            });
        });
        group.bench_with_input(
            BenchmarkId::new("riichienv-core", kind.name()),
            &kind,
            |b, &k| {
                let mut seed = 0;
                b.iter(|| {
                    seed = (seed + 1) % SEEDS;
                    black_box(peer_game::play_hanchan(black_box(seed), k))
                });
            },
        );
    }
    group.finish();
}

criterion_group!(benches, game);
criterion_main!(benches);
