//! Sichuan scoring (`mj_score::sichuan::score`): one winning situation per iteration over fixed
//! seeded corpora of 1,024 wins each (two suits or one, 0-4 declared pons/kongs, seven pairs one
//! time in five, tsumo half the time), with 0, 1, 2 and 4 wildcards (红中). The slow reference
//! scorer is measured on the same corpora for scale. Setup asserts both agree on every hand.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use mj_score::sichuan::{SichuanRules, Situation, Win, reference, score};
use mj_tiles::random::SplitMix64;
use mj_tiles::{Meld, MeldKind, Piece, Suit, Tile, TileCounts, TileSet};
use std::hint::black_box;
use std::time::Duration;

const N: usize = 1024;
const SUITS: [Suit; 3] = [Suit::Man, Suit::Pin, Suit::Sou];

fn tile(suit: Suit, rank: u8) -> Tile {
    Tile::from_suit_rank(suit, rank).unwrap()
}

/// A random win with `w` wildcards, or `None` when the draw overflows a kind.
fn situation(rng: &mut SplitMix64, w: usize) -> Option<(Win, Situation)> {
    let lack = rng.below(3) as usize;
    let suits: Vec<Suit> = (0..3).filter(|&s| s != lack).map(|s| SUITS[s]).collect();
    let suits = if rng.chance(1, 3) {
        vec![suits[0]]
    } else {
        suits
    };
    let mut held = TileCounts::EMPTY;
    let mut concealed = Vec::new();
    let mut melds = Vec::new();
    let take = |held: &mut TileCounts, t: Tile, n: u8| {
        let c = held.get(t) + n;
        c <= 4 && held.set(t, c).is_ok()
    };
    let pick = |rng: &mut SplitMix64| suits[rng.below(suits.len() as u32) as usize];
    if rng.chance(1, 5) {
        for _ in 0..7 {
            let t = tile(pick(rng), 1 + rng.below(9) as u8);
            if !take(&mut held, t, 2) {
                return None;
            }
            concealed.extend([t, t]);
        }
    } else {
        let declared = rng.below(5);
        for i in 0..4 {
            let suit = pick(rng);
            if i < declared {
                let t = tile(suit, 1 + rng.below(9) as u8);
                let kind = if rng.chance(1, 3) {
                    MeldKind::Minkan
                } else {
                    MeldKind::Pon
                };
                let n = kind.tile_count();
                if !take(&mut held, t, n as u8) {
                    return None;
                }
                melds.push(Meld::new(kind, &vec![Piece::new(t); n], None, None).unwrap());
            } else if rng.chance(2, 5) {
                let t = tile(suit, 1 + rng.below(9) as u8);
                if !take(&mut held, t, 3) {
                    return None;
                }
                concealed.extend([t, t, t]);
            } else {
                let start = 1 + rng.below(7) as u8;
                for d in 0..3 {
                    let t = tile(suit, start + d);
                    if !take(&mut held, t, 1) {
                        return None;
                    }
                    concealed.push(t);
                }
            }
        }
        let t = tile(pick(rng), 1 + rng.below(9) as u8);
        if !take(&mut held, t, 2) {
            return None;
        }
        concealed.extend([t, t]);
    }
    if w > concealed.len() {
        return None;
    }
    rng.shuffle(&mut concealed);
    for t in concealed.iter_mut().take(w) {
        *t = Tile::RED;
    }
    let counts = TileCounts::from_tiles(concealed.iter().copied()).ok()?;
    let mut win = Win::new(counts, &melds, concealed[0]);
    win.wild = TileSet::single(Tile::RED);
    win.tsumo = rng.chance(1, 2);
    let situation = Situation {
        lack: Some(SUITS[lack]),
        ..Situation::default()
    };
    Some((win, situation))
}

fn corpus(w: usize) -> Vec<(Win, Situation)> {
    let mut rng = SplitMix64::new(0x5C02E + w as u64);
    let mut out = Vec::with_capacity(N);
    while out.len() < N {
        if let Some(win) = situation(&mut rng, w) {
            out.push(win);
        }
    }
    out
}

fn scoring(c: &mut Criterion) {
    let rules = SichuanRules::default();
    let mut g = c.benchmark_group("score_sichuan");
    g.warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for w in [0usize, 1, 2, 4] {
        let wins = corpus(w);
        for (win, sit) in &wins {
            let fast = score(win, sit, &rules).unwrap();
            let slow = reference::score(win, sit, &rules).unwrap();
            assert_eq!(fast.fan_uncapped, slow.fan_uncapped, "{win:?}");
        }
        let id = format!("w{w}");
        g.bench_function(BenchmarkId::new("fast", &id), |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % N;
                score(black_box(&wins[i].0), black_box(&wins[i].1), &rules)
            })
        });
        g.bench_function(BenchmarkId::new("reference", &id), |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % N;
                reference::score(black_box(&wins[i].0), black_box(&wins[i].1), &rules)
            })
        });
    }
    g.finish();
}

criterion_group!(benches, scoring);
criterion_main!(benches);
