//! Instruction counts per riichi score, independent of machine load: run under
//! `valgrind --tool=callgrind` twice, with 0 and with N rounds over one group of the
//! `score_riichi` bench hands, and divide the difference by N x hands.
//!
//! `cargo run --release -p benches --example score_riichi_instructions -- <rounds> <closed_ron|closed_tsumo|open>`
//!
//! The hands are the first 1,024 oracle fixtures of the group that `score` accepts (default
//! options, no tenhou / chiihou), as in the bench without its agreement filter.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use benches::riichi_fixtures;
use mj_score::riichi::{RiichiRules, Situation, Win, score};

const N: usize = 1024;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rounds: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(0);
    let group = args.get(2).map_or("open", String::as_str);
    let index = riichi_fixtures::GROUPS.iter().position(|&g| g == group);
    let rules = RiichiRules::default();
    let wins: Vec<(Win, Situation)> = riichi_fixtures::wins()
        .filter(|f| Some(f.group) == index && score(&f.win, &f.situation, &rules).is_ok())
        .map(|f| (f.win, f.situation))
        .take(N)
        .collect();
    let mut total = 0u64;
    for _ in 0..rounds {
        for (w, s) in &wins {
            total += score(black_box(w), black_box(s), &rules)
                .map_or(0, |s| u64::from(s.points.total()));
        }
    }
    println!(
        "{group}: {} hands x {rounds} rounds, total {total}",
        wins.len()
    );
}
