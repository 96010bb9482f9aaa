//! Property tests of the Sichuan flow over thousands of seeded random games: every tile
//! accounted for at every step (108), every payment zero-sum and the scores equal to the sum of
//! the ledger, every win a winning hand for `mj-hu`'s slow reference (no tile of the suit given
//! up) whose fan `mj_score::sichuan`'s slow reference agrees with, every legal action accepted
//! and a refused action changing nothing, the same seed giving the same game, and a match
//! serialized at any decision point continuing identically after restoring.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{
    Greedy, check_restore, check_sichuan_wins, check_tsumo_offer, kind_of, next_decision,
    try_junk_discard,
};
use mj_game::{Action, Event, GameRules, Length, Match, Phase, RoundEnd, SettleKind, play::Bot};
use mj_tiles::random::SplitMix64;

/// Plays a seeded match to its end with the checks above at every step; returns the events.
fn run(seed: u64, length: Length, greedy: bool) -> (Vec<Event>, [i32; 4]) {
    let rules = GameRules::sichuan();
    let mut m = Match::seeded(rules, length, seed, true);
    let mut bots: [Greedy; 4] = core::array::from_fn(|s| Greedy::new(seed * 8 + s as u64));
    let mut rng = SplitMix64::new(seed);
    let mut steps = 0;
    while !m.is_over() {
        let (r, seat, legal) = next_decision(&m, seed, &mut steps, 108);
        for s in 0..4u8 {
            if r.has_won(s) {
                assert!(m.legal_actions(s).is_empty(), "a winner acts");
            }
        }
        // A refused action changes nothing.
        try_junk_discard(&mut m, seat, &legal, &mut rng, seed);
        if *m.round() != r {
            continue; // the junk discard happened to be legal (a copy of a listed kind)
        }
        if let Some(l) = r.lack(seat)
            && matches!(r.phase(), Phase::Turn { .. })
            && r.player(seat).hand_ids().any(|id| kind_of(id).suit() == l)
        {
            // 定缺: only the suit given up may be discarded.
            for a in &legal {
                if let Action::Discard { tile } = a {
                    assert_eq!(tile.tile().suit(), l, "seed {seed}: {a}");
                }
            }
        }
        // A self-drawn win is offered exactly when mj-hu's slow reference calls the hand a
        // Sichuan win and it holds no tile of the suit given up.
        check_tsumo_offer(&r, seat, &legal, seed, false);
        let a = if greedy {
            bots[usize::from(seat)].act(&r, seat, &legal)
        } else {
            bots[usize::from(seat)].0.act(&r.view(seat), &legal)
        };
        let before = r;
        let played = m.history().len();
        m.play(seat, a)
            .unwrap_or_else(|e| panic!("seed {seed}: legal {a} refused: {e}"));
        if m.history().len() == played {
            check_sichuan_wins(&before, m.round(), seed, false);
        } else {
            let res = m.history().last().unwrap();
            let sc = res.sichuan.as_ref().expect("a Sichuan result");
            let mut sum = [0i32; 4];
            for it in &sc.settlement {
                assert_eq!(it.deltas.iter().sum::<i32>(), 0, "seed {seed}: {it:?}");
                for (x, d) in sum.iter_mut().zip(it.deltas) {
                    *x += d;
                }
            }
            assert_eq!(
                sum, res.deltas,
                "seed {seed}: the ledger is the round's deltas"
            );
            let wins = sc.settlement.iter().filter(|i| i.kind == SettleKind::Win);
            let n = match &res.end {
                RoundEnd::Wins(w) => w.len(),
                RoundEnd::Draw { .. } => 0,
            };
            assert_eq!(wins.count(), n);
            assert!(sc.won.iter().filter(|&&w| w).count() <= 3);
        }
    }
    let res = m.result().unwrap();
    assert_eq!(
        res.scores.iter().sum::<i32>(),
        0,
        "seed {seed}: scores are zero-sum"
    );
    (m.events(), res.scores)
}

#[test]
fn random_sichuan_games_conserve_tiles_and_stakes() {
    let mut wins = 0;
    let mut kongs = 0;
    let mut draws_settled = 0;
    let mut multi = 0;
    for seed in 0..2000u64 {
        let (events, _) = run(seed, Length::OneRound, seed % 4 != 0);
        let mut last_hora_tile = None;
        for e in &events {
            match e {
                Event::Hora { target, pai, .. } => {
                    wins += 1;
                    if last_hora_tile == Some((*target, *pai)) {
                        multi += 1;
                    }
                    last_hora_tile = Some((*target, *pai));
                }
                Event::Settle { reason, .. } => {
                    last_hora_tile = None;
                    if reason.starts_with("gang") {
                        kongs += 1;
                    } else if matches!(reason.as_str(), "not_ready" | "flower_pig" | "refund") {
                        draws_settled += 1;
                    }
                }
                _ => last_hora_tile = None,
            }
        }
    }
    println!("{wins} wins, {multi} multiple, {kongs} kongs, {draws_settled} draw settlements");
    // The sweep must reach every path it claims to test.
    assert!(wins > 1000, "{wins} wins");
    assert!(kongs > 100, "{kongs} kongs");
    assert!(draws_settled > 100, "{draws_settled} draw settlements");
    assert!(multi > 0, "{multi} multiple wins on one discard");
}

#[test]
fn sichuan_matches_are_deterministic_and_zero_sum() {
    for seed in 0..40u64 {
        let a = run(seed, Length::EastOnly, true);
        let b = run(seed, Length::EastOnly, true);
        assert_eq!(a, b, "seed {seed}");
    }
}

#[test]
fn a_restored_sichuan_match_continues_identically() {
    for seed in 0..300u64 {
        check_restore(GameRules::sichuan(), Length::EastOnly, seed, 400);
    }
}

/// Every action `legal_actions` lists is accepted, for every seat that must decide, at every
/// decision of 200 random games (the exchange's and the declarations' included).
#[test]
fn every_listed_action_is_accepted() {
    let mut tried = 0u64;
    for seed in 0..200u64 {
        let mut m = Match::seeded(GameRules::sichuan(), Length::OneRound, seed, false);
        let mut bots: [Greedy; 4] = core::array::from_fn(|s| Greedy::new(seed * 8 + s as u64));
        while !m.is_over() {
            let mask = m.to_act();
            for s in 0..4u8 {
                let legal = m.legal_actions(s);
                assert_eq!(legal.is_empty(), !mask.contains(s), "seed {seed} seat {s}");
                for &a in &legal {
                    let mut c = m.clone();
                    c.play(s, a)
                        .unwrap_or_else(|e| panic!("seed {seed}: listed {a} refused: {e}"));
                    tried += 1;
                }
            }
            let seat = mask.first().unwrap_or(4);
            let legal = m.legal_actions(seat);
            let a = bots[usize::from(seat)].act(m.round(), seat, &legal);
            m.play(seat, a).unwrap();
        }
    }
    assert!(tried > 100_000, "{tried}");
}
