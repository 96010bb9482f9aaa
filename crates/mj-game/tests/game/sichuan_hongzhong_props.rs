//! Property tests of 红中血战 (`sichuan_hongzhong`: the Sichuan flow with the four 红中 as
//! wildcards) over thousands of seeded random games: every tile accounted for at every step
//! (112), every payment zero-sum and the scores equal to the ledger's sum, every win a winning
//! hand for `mj-hu`'s slow reference with 7z wild (no tile of the suit given up) whose fan
//! `mj_score::sichuan`'s slow reference agrees with under the same wildcards, a self-drawn win
//! offered exactly when that reference says so, no 红中 exchanged, claimed or made a kong of, a
//! refused action changing nothing, the same seed giving the same game, a match restored from
//! JSON at any decision point continuing identically (that the recorded events replay
//! exactly is mj-log's `tests/sichuan_replay.rs`).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{
    Greedy, check_restore, check_sichuan_wins, check_tsumo_offer, next_decision, tid,
    try_junk_discard,
};
use mj_game::{Action, Event, GameRules, Length, Match, Phase, RoundEnd, SettleKind, play::Bot};
use mj_tiles::Tile;
use mj_tiles::random::SplitMix64;

#[derive(Default, Debug)]
struct Seen {
    wins: usize,
    wild_wins: usize,
    kongs: usize,
    draw_settlements: usize,
}

/// Plays a seeded match to its end with the checks above at every step.
fn run(seed: u64, length: Length, seen: &mut Seen) -> (Vec<Event>, [i32; 4]) {
    let rules = GameRules::sichuan_hongzhong();
    let mut m = Match::seeded(rules, length, seed, true);
    let mut bots: [Greedy; 4] = core::array::from_fn(|s| Greedy::new(seed * 8 + s as u64));
    let mut rng = SplitMix64::new(seed);
    let mut steps = 0;
    while !m.is_over() {
        let (r, seat, legal) = next_decision(&m, seed, &mut steps, 112);
        for a in &legal {
            match a {
                Action::Exchange { tiles } => {
                    assert!(
                        tiles.iter().all(|t| t.tile() != Tile::RED),
                        "seed {seed}: {a}"
                    );
                }
                Action::Ankan { kind } => assert_ne!(*kind, Tile::RED, "seed {seed}"),
                _ => {}
            }
        }
        if let Phase::Claims(c) = r.phase() {
            assert_ne!(c.tile / 4, 33, "seed {seed}: a discarded 红中 is claimed");
        }
        // A refused action changes nothing.
        try_junk_discard(&mut m, seat, &legal, &mut rng, seed);
        if *m.round() != r {
            continue;
        }
        check_tsumo_offer(&r, seat, &legal, seed, true);
        let a = if seed.is_multiple_of(4) {
            bots[usize::from(seat)].0.act(&r.view(seat), &legal)
        } else {
            bots[usize::from(seat)].act(&r, seat, &legal)
        };
        let before = r;
        let played = m.history().len();
        m.play(seat, a)
            .unwrap_or_else(|e| panic!("seed {seed}: legal {a} refused: {e}"));
        if m.history().len() == played {
            seen.wild_wins += check_sichuan_wins(&before, m.round(), seed, true);
        } else {
            let res = m.history().last().unwrap();
            let sc = res.sichuan.as_ref().expect("a Sichuan result");
            let mut sum = [0i32; 4];
            for it in &sc.settlement {
                assert_eq!(it.deltas.iter().sum::<i32>(), 0, "seed {seed}: {it:?}");
                for (x, d) in sum.iter_mut().zip(it.deltas) {
                    *x += d;
                }
                match it.kind {
                    SettleKind::GangOpen | SettleKind::GangAdded | SettleKind::GangConcealed => {
                        seen.kongs += 1;
                    }
                    SettleKind::NotReady | SettleKind::FlowerPig | SettleKind::Refund => {
                        seen.draw_settlements += 1;
                    }
                    _ => {}
                }
            }
            assert_eq!(sum, res.deltas, "seed {seed}: the ledger is the deltas");
            if let RoundEnd::Wins(w) = &res.end {
                seen.wins += w.len();
            }
        }
        for s in 0..4u8 {
            assert!(
                m.round()
                    .player(s)
                    .melds()
                    .iter()
                    .all(|x| x.meld.base() != Tile::RED),
                "seed {seed}: a meld of 红中"
            );
        }
    }
    let res = m.result().unwrap();
    assert_eq!(res.scores.iter().sum::<i32>(), 0, "seed {seed}: zero-sum");
    (m.events(), res.scores)
}

#[test]
fn random_wildcard_games_conserve_tiles_and_stakes() {
    let mut seen = Seen::default();
    for seed in 0..2000u64 {
        run(seed, Length::OneRound, &mut seen);
    }
    println!("{seen:?}");
    // The sweep must reach every path it claims to test.
    assert!(seen.wins > 1000, "{seen:?}");
    assert!(seen.wild_wins > 300, "{seen:?}");
    assert!(seen.kongs > 100, "{seen:?}");
    assert!(seen.draw_settlements > 20, "{seen:?}");
}

#[test]
fn wildcard_matches_are_deterministic_and_restore() {
    let mut seen = Seen::default();
    for seed in 0..60u64 {
        let a = run(seed, Length::EastOnly, &mut seen);
        let b = run(seed, Length::EastOnly, &mut seen);
        assert_eq!(a, b, "seed {seed}");
        // That the recorded events replay exactly is mj-log's test (`sichuan_replay.rs`).
        let rounds =
            a.0.iter()
                .filter(|e| matches!(e, Event::StartKyoku { .. }))
                .count();
        assert_eq!(rounds, 4, "seed {seed}");
    }
    for seed in 0..200u64 {
        check_restore(GameRules::sichuan_hongzhong(), Length::OneRound, seed, 150);
    }
}

/// 红中 belong to no suit: an exchange of three 红中 is refused, and they do not make a hand a
/// flower pig (checked through the legal exchanges of many deals).
#[test]
fn red_wildcards_are_never_exchanged() {
    let mut refused = 0;
    for seed in 0..400u64 {
        let mut m = Match::seeded(
            GameRules::sichuan_hongzhong(),
            Length::OneRound,
            seed,
            false,
        );
        assert!(matches!(m.round().phase(), Phase::Exchange));
        for s in 0..4u8 {
            let reds: Vec<u8> = m
                .round()
                .player(s)
                .hand_ids()
                .filter(|i| i / 4 == 33)
                .collect();
            if reds.len() >= 3 {
                let a = Action::Exchange {
                    tiles: [tid(reds[0]), tid(reds[1]), tid(reds[2])],
                };
                assert!(!m.legal_actions(s).contains(&a));
                let before = m.clone();
                assert!(m.play(s, a).is_err(), "seed {seed}");
                assert_eq!(m, before);
                refused += 1;
            }
        }
    }
    assert!(refused > 0, "no deal held three 红中");
}
