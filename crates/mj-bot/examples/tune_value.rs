//! Tunes the `value` player's table by self-play and prints the result as JSON (the file
//! `crates/mj-bot/data/value_weights.json` is this program's output):
//!
//! ```sh
//! cargo run --release -p mj-bot --example tune_value -- WALLS SEED > crates/mj-bot/data/value_weights.json
//! ```
//!
//! Objective: the average rank of `value` with a candidate table in a 1 vs 3 duplicate
//! against three `efficiency` players, east-only matches, on the same `WALLS` walls of run
//! `SEED` for every candidate (common random numbers, so candidates differ by their play, not
//! by their luck). Search: coordinate descent from the seeds' table; each weight in turn is
//! multiplied by 1.25 and by 0.8, a change is kept when it lowers the average rank by more
//! than 0.005; two passes. Judge the result on other walls (`mj arena` with another seed).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_ai::ValueWeights;
use mj_bot::arena::{ArenaConfig, run_with, summarize};
use mj_bot::{Efficiency, Value};
use mj_game::{Bot, GameRules, Length};

fn score(w: ValueWeights, walls: u64, seed: u64) -> f64 {
    let config = ArenaConfig {
        rules: GameRules::tenhou(),
        length: Length::EastOnly,
        games: walls * 4,
        seed,
        players: ["candidate", "efficiency", "efficiency", "efficiency"]
            .map(String::from)
            .to_vec(),
        duplicate: true,
    };
    let records = run_with(
        &config,
        |i, _| -> Box<dyn Bot> {
            if i == 0 {
                Box::new(Value { weights: w })
            } else {
                Box::new(Efficiency)
            }
        },
        |_, _| {},
    )
    .expect("four names for four seats");
    summarize(&config.players, &records, 1.0).players[0].avg_rank
}

fn get(w: &ValueWeights, i: usize) -> f64 {
    [
        w.triplet,
        w.sequence,
        w.pair,
        w.two_sided,
        w.edge,
        w.closed,
        w.isolated,
        w.live_divisor,
    ][i]
}

fn set(w: &mut ValueWeights, i: usize, v: f64) {
    match i {
        0 => w.triplet = v,
        1 => w.sequence = v,
        2 => w.pair = v,
        3 => w.two_sided = v,
        4 => w.edge = v,
        5 => w.closed = v,
        6 => w.isolated = v,
        _ => w.live_divisor = v,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let walls: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(150);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(11);
    let start = ValueWeights::DEFAULT;
    let mut best = start;
    let first = score(best, walls, seed);
    let mut best_score = first;
    let mut history = vec![serde_json::json!({"weights": best, "avg_rank": best_score})];
    eprintln!("seeds' table: avg rank {best_score:.4}");
    for pass in 0..2 {
        for i in 0..8 {
            for factor in [1.25, 0.8] {
                let mut w = best;
                set(&mut w, i, get(&best, i) * factor);
                let s = score(w, walls, seed);
                eprintln!("pass {pass} weight {i} x{factor}: {s:.4} (best {best_score:.4})");
                if s < best_score - 0.005 {
                    best = w;
                    best_score = s;
                    history.push(serde_json::json!({"weights": best, "avg_rank": best_score}));
                    break;
                }
            }
        }
    }
    let out = serde_json::json!({
        "command": format!("cargo run --release -p mj-bot --example tune_value -- {walls} {seed}"),
        "objective": "average rank of value (candidate table) in a 1 vs 3 duplicate against efficiency, east-only, the same walls for every candidate",
        "walls": walls,
        "seed": seed,
        "untuned": start,
        "untuned_avg_rank": first,
        "tuned": best,
        "tuned_avg_rank": best_score,
        "accepted_steps": history,
    });
    println!("{}", serde_json::to_string_pretty(&out).expect("JSON"));
}
