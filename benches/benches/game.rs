//! Whole games: one full hanchan per iteration, `mj-game` against `riichienv-core` in the same
//! run, with four players of each kind (random legal action, tsumogiri, greedy; see
//! `benches::game`). Walls come from seeds `0..SEEDS`, cycled (each engine shuffles its own
//! walls from the seed, so the games differ between engines; the players' policies do not).
//!
//! Throughput is in decisions (the mean decisions per hanchan over the seeds, per engine and
//! kind), so criterion prints decisions/s beside the time per hanchan. riichienv-core plays
//! about 20-60 hanchan/s here, so the group runs 10 flat samples (a few games each for it); the
//! whole bench takes about half a minute. `cargo run --release -p benches --example
//! game_speed` reports decisions/s, ns per decision, allocations and the state's size.

use std::hint::black_box;
use std::time::Duration;

use benches::game::{PlayerKind, play_hanchan};
use benches::peer_game;
use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};

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
        // Throughput in decisions: the mean over the seeds (the games differ in length, and
        // between engines, whose walls differ).
        let mean = |play: fn(u64, PlayerKind) -> u64| {
            (0..SEEDS).map(|s| play(s, kind)).sum::<u64>() / SEEDS
        };
        group.throughput(Throughput::Elements(mean(play_hanchan)));
        group.bench_with_input(BenchmarkId::new("mj-game", kind.name()), &kind, |b, &k| {
            let mut seed = 0;
            b.iter(|| {
                seed = (seed + 1) % SEEDS;
                black_box(play_hanchan(black_box(seed), k))
            });
        });
        group.throughput(Throughput::Elements(mean(peer_game::play_hanchan)));
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
