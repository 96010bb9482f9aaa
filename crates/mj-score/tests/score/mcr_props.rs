#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Properties over sampled hands: scoring never panics, a score's total is the sum of its rows,
//! and `mcr::evaluate` finds a win exactly when `mj_hu` (MCR shapes) calls the hand winning.

use mj_hu::sample::{Sampler, Shape};
use mj_hu::{Checker, Rules};
use mj_score::mcr::{self, McrError, Situation, Win};
use mj_tiles::{Tile, TileCounts};

#[test]
fn wins_agree_with_mj_hu_and_totals_add_up() {
    let checker = Checker::new(Rules::MCR).unwrap();
    let mut sampler = Sampler::new(0x4d43_5221);
    let (mut wins, mut checked) = (0, 0);
    for round in 0..20_000u32 {
        let shape = Shape::ALL[round as usize % Shape::ALL.len()];
        let declared = (round / 7 % 3) as u8;
        let sample = sampler.sample(shape, 4, declared, 0, false);
        let Some(hand) = sample.hand() else { continue };
        if !hand.is_complete_size() {
            continue;
        }
        let concealed: Vec<Tile> = hand.concealed().tiles().collect();
        for (k, &win_tile) in concealed.iter().enumerate().take(3) {
            let mut win = Win::new(*hand.concealed(), hand.melds(), win_tile);
            win.tsumo = k % 2 == 1;
            let sit = Situation {
                flowers: (round % 9) as u8,
                ..Situation::default()
            };
            win.seat_wind = Tile::ALL[27 + (round % 4) as usize];
            let expected = checker.is_winning(&hand).unwrap();
            checked += 1;
            match mcr::evaluate(&win, &sit) {
                Ok(s) => {
                    assert!(expected, "we score a hand mj_hu rejects: {win:?}");
                    let sum: u32 = s.fans.iter().map(|e| e.fan * e.count).sum();
                    assert_eq!(sum, s.total, "{win:?}");
                    assert_eq!(s.total, s.total_without_flowers + u32::from(sit.flowers));
                    wins += 1;
                }
                Err(McrError::NotAWin) => {
                    assert!(!expected, "mj_hu wins but we do not: {win:?}");
                }
                Err(e) => panic!("{e} for {win:?}"),
            }
        }
    }
    assert!(
        checked > 10_000 && wins > 3_000,
        "{checked} checked, {wins} wins"
    );
}

#[test]
fn malformed_situations_are_errors_not_panics() {
    let mut sampler = Sampler::new(7);
    for round in 0..5_000u32 {
        let n = (round % 16) as usize;
        let concealed: Vec<Tile> = (0..n)
            .map(|_| Tile::ALL[sampler.rng().below(34) as usize])
            .collect();
        let win_tile = Tile::ALL[sampler.rng().below(34) as usize];
        // A fifth copy among the concealed tiles cannot be stated (`TileCounts` refuses it).
        let Ok(concealed) = TileCounts::from_tiles(concealed) else {
            continue;
        };
        let mut win = Win::new(concealed, &[], win_tile);
        win.tsumo = round % 2 == 0;
        let sit = Situation {
            kong: round % 3 == 0,
            last_tile: round % 5 == 0,
            last_wall: round % 7 == 0,
            flowers: (round % 11) as u8,
        };
        let _ = mcr::score(&win, &sit);
    }
}
