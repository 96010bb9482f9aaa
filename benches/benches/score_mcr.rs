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
use mj_tiles::notation::parse_tiles;
use mj_tiles::{Meld, MeldKind, Tile, TileCounts};
use serde_json::Value;

const FIXTURES: &str = include_str!("../../crates/mj-score/testdata/mcr_oracle.jsonl");

fn tile(v: &Value) -> Tile {
    v.as_str().unwrap().parse::<Tile>().unwrap()
}

fn win_of(req: &Value) -> (Win, Situation) {
    let flag = |name: &str| req.get(name).and_then(Value::as_bool).unwrap_or(false);
    let melds: Vec<Meld> = req
        .get("melds")
        .and_then(Value::as_array)
        .map(|ms| {
            ms.iter()
                .map(|m| {
                    Meld::parse(
                        MeldKind::from_name(m["kind"].as_str().unwrap()).unwrap(),
                        m["tiles"].as_str().unwrap(),
                        m.get("called").and_then(Value::as_str),
                        m.get("from").and_then(Value::as_u64).map(|f| f as u8),
                    )
                    .unwrap()
                })
                .collect()
        })
        .unwrap_or_default();
    let concealed = parse_tiles(req["hand"].as_str().unwrap()).unwrap();
    let mut win = Win::new(
        TileCounts::from_tiles(concealed).unwrap(),
        &melds,
        tile(&req["win_tile"]),
    );
    win.tsumo = flag("tsumo");
    win.seat_wind = req.get("seat_wind").map_or(Tile::EAST, tile);
    win.round_wind = req.get("round_wind").map_or(Tile::EAST, tile);
    let situation = Situation {
        last_tile: flag("last_tile"),
        kong: flag("kong"),
        last_wall: flag("last_wall"),
        flowers: req.get("flowers").and_then(Value::as_u64).unwrap_or(0) as u8,
    };
    (win, situation)
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
