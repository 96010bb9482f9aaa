//! MCR scoring (`mj_score::mcr::evaluate`, the best reading and its fans) on the 27,390 hands of
//! the oracle fixtures (`crates/mj-score/testdata/mcr_oracle.jsonl`), one hand per iteration,
//! cycling through the file in order.
//!
//! Run: `CARGO_TARGET_DIR=/work/target-mcr CARGO_BUILD_JOBS=1 cargo bench -p benches --bench
//! score_mcr`. Recorded on commit a37d917 (2 cores shared with other builds, load average
//! 2.7-2.9, so upper bounds): 470-490 ns per hand (`[467.36 ns 469.40 ns 471.98 ns]`,
//! `[469.10 ns 472.79 ns 477.08 ns]`, `[485.60 ns 489.61 ns 494.76 ns]`); about 3,330
//! instructions per hand under callgrind (bench profile, two passes over the file).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use mj_score::mcr::{self, Situation, Win};
use serde_json::Value;

const FIXTURES: &str = include_str!("../../crates/mj-score/testdata/mcr_oracle.jsonl");

fn win_of(req: &Value) -> (Win, Situation) {
    mj_testkit::mcr_request(req).unwrap()
}

fn bench_score(c: &mut Criterion) {
    let wins: Vec<(Win, Situation)> = FIXTURES
        .lines()
        .skip(1)
        .map(|line| {
            let record: Value = serde_json::from_str(line).unwrap();
            win_of(&record["request"])
        })
        .collect();
    let n = wins.len();
    assert!(wins.iter().all(|(w, s)| mcr::evaluate(w, s).is_ok()));
    let mut g = c.benchmark_group("score_mcr");
    g.warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    g.bench_function(BenchmarkId::new("evaluate", "fixtures"), |b| {
        let mut i = 0;
        b.iter(|| {
            i += 1;
            if i == n {
                i = 0;
            }
            mcr::evaluate(black_box(&wins[i].0), black_box(&wins[i].1))
                .unwrap()
                .total
        })
    });
    g.finish();
}

criterion_group!(benches, bench_score);
criterion_main!(benches);
