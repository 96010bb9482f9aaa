//! Helpers shared by the scenario tests: constructed walls in Tenhou's layout and small
//! drivers for a round.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_game::{Action, GameRules, Phase, Round, RoundSetup, Wall};
use mj_tiles::notation::parse_pieces;

/// A wall in Tenhou's layout: the four hands (seat 0 is the dealer), the live draws in order,
/// the dora indicator and the replacement tiles; every other id fills the rest.
pub fn wall(hands: [&str; 4], draws: &str, dora: &str, rinshan: &str) -> Wall {
    wall_ending(hands, draws, dora, rinshan, "")
}

/// As [`wall`], with `last` as the last live draws in order (its final tile is the haitei
/// tile when no kan was declared).
pub fn wall_ending(hands: [&str; 4], draws: &str, dora: &str, rinshan: &str, last: &str) -> Wall {
    Wall::from_ids(&wall_ids(&hands, draws, dora, rinshan, last)).unwrap()
}

/// The tile ids of a constructed wall in Tenhou's layout for `hands.len()` seats (3 or 4; with
/// three, 2m-8m are left out and the wall holds 108 tiles): the hands dealt 4-4-4-1 from the
/// top (seat 0 first), the live draws in order below them, the dora indicator (`w[5]`, three
/// seats `w[9]`), the replacement tiles (`w[k ^ 1]`) and `last` as the last live draws; every
/// other id fills the rest. A red five is written `0`; a plain five never takes the red copy.
pub fn wall_ids(hands: &[&str], draws: &str, dora: &str, rinshan: &str, last: &str) -> Vec<u8> {
    let players = hands.len();
    let len = if players == 3 { 108 } else { 136 };
    let mut used = [false; 136];
    if players == 3 {
        for u in &mut used[4..32] {
            *u = true; // 2m-8m are not in a three-player wall
        }
    }
    let mut take = |text: &str| -> Vec<u8> {
        parse_pieces(text)
            .unwrap()
            .into_iter()
            .map(|p| {
                let k = p.tile().as_u8();
                let five = p.tile().rank() == 5 && !p.tile().is_honor();
                let copies: &[u8] = if p.is_red() {
                    &[0]
                } else if five {
                    &[1, 2, 3]
                } else {
                    &[0, 1, 2, 3]
                };
                let c = copies
                    .iter()
                    .copied()
                    .find(|&c| !used[usize::from(k * 4 + c)])
                    .unwrap_or_else(|| panic!("a fifth {p}"));
                used[usize::from(k * 4 + c)] = true;
                k * 4 + c
            })
            .collect()
    };
    let mut w = vec![255u8; len];
    for (o, h) in hands.iter().enumerate() {
        let ids = take(h);
        assert_eq!(ids.len(), 13, "hand {o}");
        for (k, &id) in ids.iter().enumerate() {
            let from_top = if k < 12 {
                (k / 4) * 4 * players + o * 4 + k % 4
            } else {
                12 * players + o
            };
            w[len - 1 - from_top] = id;
        }
    }
    let live_top = len - 1 - 13 * players;
    for (j, id) in take(draws).into_iter().enumerate() {
        w[live_top - j] = id;
    }
    if !dora.is_empty() {
        w[if players == 3 { 9 } else { 5 }] = take(dora)[0];
    }
    for (k, id) in take(rinshan).into_iter().enumerate() {
        w[k ^ 1] = id;
    }
    let tail = take(last);
    for (j, &id) in tail.iter().enumerate() {
        w[14 + tail.len() - 1 - j] = id;
    }
    let mut rest = (0..136u8).filter(|&i| !used[usize::from(i)]);
    for slot in w.iter_mut().filter(|s| **s == 255) {
        *slot = rest.next().unwrap();
    }
    w
}

pub fn round(w: Wall) -> Round {
    Round::new(GameRules::tenhou(), RoundSetup::first(25000), w, true)
}

pub fn id(text: &str) -> u8 {
    let p = parse_pieces(text).unwrap()[0];
    let k = p.tile().as_u8();
    if p.is_red() {
        k * 4
    } else if p.tile().rank() == 5 && !p.tile().is_honor() {
        k * 4 + 1
    } else {
        k * 4
    }
}

/// The id of a kind in `seat`'s hand.
pub fn held(r: &Round, seat: u8, text: &str) -> u8 {
    let k = parse_pieces(text).unwrap()[0].tile().as_u8();
    r.player(seat)
        .hand_ids()
        .find(|i| i / 4 == k)
        .unwrap_or_else(|| panic!("seat {seat} holds no {text}"))
}

/// `seat` discards the tile it just drew (tsumogiri).
pub fn discard_drawn(r: &mut Round, seat: u8) {
    let tile = r.drawn().unwrap();
    r.play(seat, Action::Discard { tile }).unwrap();
}

/// Discards the drawn tile and passes every claim until `seat` is to act (or the round ends).
pub fn tsumogiri_until(r: &mut Round, seat: u8) {
    for _ in 0..400 {
        if r.is_over() || r.to_act() == 1 << seat && matches!(r.phase(), Phase::Turn { .. }) {
            return;
        }
        tsumogiri_step(r);
    }
    panic!("seat {seat} never got a turn");
}

/// The seat to act discards its drawn tile on its turn, or passes a claim.
pub fn tsumogiri_step(r: &mut Round) {
    let s = r.to_act().trailing_zeros() as u8;
    let a = match r.phase() {
        Phase::Turn { .. } => Action::Discard {
            tile: r.drawn().unwrap(),
        },
        _ => Action::Pass,
    };
    r.play(s, a).unwrap();
}

pub fn refuse(r: &mut Round, seat: u8, a: Action) {
    let before = r.clone();
    assert!(r.play(seat, a).is_err(), "{a} by {seat} was accepted");
    assert_eq!(*r, before, "refusing {a} changed the round");
}

pub const FILLER: [&str; 4] = [
    "1m4m7m1p4p7p1s4s7s1z2z3z4z",
    "2m5m8m2p5p8p2s5s8s1z2z3z4z",
    "3m6m9m3p6p9p3s6s9s1z2z3z4z",
    "1m4m7m1p4p7p1s4s7s5z6z5z6z",
];
