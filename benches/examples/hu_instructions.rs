//! Instruction counts per win check and per waits call, independent of machine load: run under
//! `valgrind --tool=callgrind` twice, with 0 and with N rounds over the bench corpora, and divide
//! the difference (docs/performance.md gives the command).
//!
//! `cargo run --release -p benches --example hu_instructions -- <rounds> <which> [wildcards]`,
//! where `which` is `win`, `wall` or `one_suit` (the win check from eigens, with 0, 1, 2 or 4
//! wildcards as in the hu bench's corpora: `Checker::is_winning_eigen`), the
//! same with `_index` (from table offsets kept across draws, `Checker::is_winning_index`) or
//! `_draw` (a kept 13-tile `HandIndex`: add the drawn tile, check, take it out again),
//! `waits` (`Checker::waits` of ready hands, the hu bench's waits corpus), `ready`
//! (`Checker::is_ready_eigen` of the same hands), or `xiangting` (the peer's necessary tiles,
//! `xiangting::calculate_necessary_tiles`, on the same hands).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use benches::corpus;
use mj_hu::sample::Shape;
use mj_hu::{Checker, Declared, HandIndex, Rules};
use mj_tiles::{EigenHand, TileSet};
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rounds: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(0);
    let which = args.get(2).map_or("win", String::as_str);
    let wildcards: u8 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(0);
    let checker = Checker::new(Rules::RIICHI).unwrap();
    let (name, index, draw) = if let Some(name) = which.strip_suffix("_index") {
        (name, true, false)
    } else if let Some(name) = which.strip_suffix("_draw") {
        (name, false, true)
    } else {
        (which, false, false)
    };
    let shape = match name {
        "wall" => Shape::Wall,
        "one_suit" => Shape::OneSuit,
        _ => Shape::Win,
    };
    let peer = which == "xiangting";
    let ready = which == "ready";
    let waiting = which == "waits" || peer || ready;
    let hands = if waiting {
        // The hu bench's waits corpus (same shapes and seed).
        let keep = |h: &mj_hu::Hand| !checker.waits(h).map(TileSet::is_empty).unwrap_or(true);
        corpus(
            &[Shape::Win, Shape::OneSuit, Shape::SevenPairs],
            0,
            true,
            0x5EAD1,
            keep,
        )
    } else {
        // The hu bench's corpus (same seed).
        corpus(
            &[shape],
            wildcards,
            false,
            0xB0B + u64::from(wildcards),
            |_| true,
        )
    };
    let eigens: Vec<EigenHand> = hands.iter().map(|h| *h.eigens()).collect();
    let indices: Vec<HandIndex> = hands.iter().map(HandIndex::of).collect();
    let counts: Vec<[u8; 34]> = hands.iter().map(|h| *h.concealed().as_array()).collect();
    // The draws of the hu bench: each hand's highest tile, taken out of the kept 13.
    let draws: Vec<_> = hands
        .iter()
        .map(|h| h.concealed().tiles().last().unwrap())
        .collect();
    let mut kept = indices.clone();
    for (k, &t) in kept.iter_mut().zip(&draws) {
        assert!(k.remove(t));
    }
    let mut answers = 0usize;
    for _ in 0..rounds {
        answers += if peer {
            peer_round(&counts)
        } else if ready {
            ready_round(&checker, &eigens)
        } else if waiting {
            waits_round(&checker, &hands)
        } else if draw {
            draw_round(&checker, &mut kept, &draws)
        } else if index {
            index_round(&checker, &indices)
        } else {
            eigen_round(&checker, &eigens)
        };
    }
    println!(
        "{which}/w{wildcards}: {} hands x {rounds} rounds, {answers} answers",
        hands.len()
    );
}

// One function per question, each kept apart so that the code measured for one does not
// depend on how the compiler fits the others beside it.

#[inline(never)]
fn eigen_round(checker: &Checker, eigens: &[EigenHand]) -> usize {
    let d = Declared::default();
    eigens
        .iter()
        .filter(|e| checker.is_winning_eigen(black_box(e), d) == Ok(true))
        .count()
}

#[inline(never)]
fn index_round(checker: &Checker, indices: &[HandIndex]) -> usize {
    let d = Declared::default();
    indices
        .iter()
        .filter(|x| checker.is_winning_index(black_box(x), d) == Ok(true))
        .count()
}

#[inline(never)]
fn draw_round(checker: &Checker, kept: &mut [HandIndex], draws: &[mj_tiles::Tile]) -> usize {
    let d = Declared::default();
    let mut won = 0;
    for (k, &t) in kept.iter_mut().zip(draws) {
        let t = black_box(t);
        let _ = k.add(t);
        won += usize::from(checker.is_winning_index(k, d) == Ok(true));
        k.remove(t);
    }
    won
}

#[inline(never)]
fn ready_round(checker: &Checker, eigens: &[EigenHand]) -> usize {
    let d = Declared::default();
    eigens
        .iter()
        .filter(|e| checker.is_ready_eigen(black_box(e), d) == Ok(true))
        .count()
}

#[inline(never)]
fn waits_round(checker: &Checker, hands: &[mj_hu::Hand]) -> usize {
    hands
        .iter()
        .map(|h| checker.waits(black_box(h)).map_or(0, |w| w.len()))
        .sum()
}

#[inline(never)]
fn peer_round(counts: &[[u8; 34]]) -> usize {
    let four = xiangting::PlayerCount::Four;
    counts
        .iter()
        .map(|c| {
            let (_, tiles) = xiangting::calculate_necessary_tiles(black_box(c), four).unwrap();
            tiles.count_ones() as usize
        })
        .sum()
}
