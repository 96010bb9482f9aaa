//! Instruction counts per win check and per waits call, independent of machine load: run under
//! `valgrind --tool=callgrind` twice, with 0 and with N rounds over the bench corpora, and divide
//! the difference (README.md, "Performance", gives the command).
//!
//! `cargo run --release -p benches --example hu_instructions -- <rounds> <win|wall|one_suit|waits>`

#![allow(clippy::unwrap_used, clippy::expect_used)]

use benches::corpus;
use mj_hu::sample::Shape;
use mj_hu::{Checker, Declared, Rules};
use mj_tiles::EigenHand;
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rounds: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(0);
    let which = args.get(2).map_or("win", String::as_str);
    let checker = Checker::new(Rules::RIICHI).unwrap();
    let shape = match which {
        "wall" => Shape::Wall,
        "one_suit" => Shape::OneSuit,
        _ => Shape::Win,
    };
    let waiting = which == "waits";
    // The hu bench's corpus for 0 wildcards (same seed).
    let hands = corpus(&[shape], 0, waiting, 0xB0B, |_| true);
    let eigens: Vec<EigenHand> = hands.iter().map(|h| *h.eigens()).collect();
    let mut answers = 0usize;
    for _ in 0..rounds {
        if waiting {
            for h in &hands {
                answers += checker.waits(black_box(h)).map_or(0, |w| w.len());
            }
        } else {
            for e in &eigens {
                answers += usize::from(
                    checker.is_winning_eigen(black_box(e), Declared::default()) == Ok(true),
                );
            }
        }
    }
    println!(
        "{which}: {} hands x {rounds} rounds, {answers} answers",
        hands.len()
    );
}
