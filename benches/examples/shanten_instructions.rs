//! Instruction counts per shanten call, independent of machine load: run under
//! `valgrind --tool=callgrind` with 0 and with N rounds and divide the difference by
//! N x 1,024 (README.md, "Performance", gives the command).
//!
//! `cargo run --release -p benches --example shanten_instructions -- <rounds> <mj-ai|xiangting|riichienv>`

#![allow(clippy::unwrap_used, clippy::expect_used)]

use mj_ai::{ShapeRules, shanten};
use mj_tiles::TileCounts;
use mj_tiles::random::{SplitMix64, TileBag};
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rounds: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(0);
    let which = args.get(2).map_or("mj-ai", String::as_str);
    // The shanten bench's `random13` corpus (same seed).
    let mut rng = SplitMix64::new(0x5A_0013);
    let hands: Vec<TileCounts> = (0..1024)
        .map(|_| TileBag::shuffled(&mut rng).draw_counts(13).unwrap())
        .collect();
    // Tables are loaded before the rounds, so N = 0 pays for them too.
    let mut sum = i64::from(shanten(&hands[0], ShapeRules::RIICHI).unwrap());
    for _ in 0..rounds {
        for h in &hands {
            let s = match which {
                "xiangting" => {
                    xiangting::calculate_replacement_number(
                        black_box(h).as_array(),
                        xiangting::PlayerCount::Four,
                    )
                    .unwrap() as i8
                        - 1
                }
                "riichienv" => {
                    riichienv_core::shanten::calc_shanten_from_counts(black_box(h).as_array(), 4)
                }
                _ => shanten(black_box(h), ShapeRules::RIICHI).unwrap(),
            };
            sum += i64::from(s);
        }
    }
    println!("{which}: {rounds} rounds, sum {sum}");
}
