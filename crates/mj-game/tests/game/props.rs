//! Property tests over many random games: every tile accounted for at every step, points plus
//! sticks conserved, the same seed gives the same game, a refused action changes nothing, and
//! a match serialized at any decision point continues identically after restoring.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_game::{Action, GameRules, Length, Match, RandomBot, play::Bot};
use mj_tiles::TileId;
use mj_tiles::random::SplitMix64;

/// One step: the first seat to act picks with its bot. Returns `false` when the match is over.
fn step(m: &mut Match, bots: &mut [RandomBot; 4]) -> bool {
    let mask = m.to_act();
    if mask.is_empty() {
        return false;
    }
    let seat = mask.first().unwrap_or(4);
    let legal = m.legal_actions(seat);
    assert!(
        !legal.is_empty(),
        "seat {seat} must act but has no legal action"
    );
    let a = bots[usize::from(seat)].act(&m.round().view(seat), &legal);
    m.play(seat, a)
        .unwrap_or_else(|e| panic!("legal action {a} refused: {e}"));
    true
}

fn bots(seed: u64) -> [RandomBot; 4] {
    core::array::from_fn(|s| RandomBot::new(seed.wrapping_mul(31).wrapping_add(s as u64)))
}

#[test]
fn tiles_and_points_are_conserved_in_random_games() {
    conserved(1500, |seed| {
        if seed % 2 == 0 {
            GameRules::tenhou()
        } else {
            GameRules::mahjong_soul()
        }
    });
}

#[test]
fn tiles_and_points_are_conserved_in_random_three_player_games() {
    conserved(800, |seed| {
        if seed % 2 == 0 {
            GameRules::sanma()
        } else {
            GameRules::sanma_mahjong_soul()
        }
    });
}

fn conserved(seeds: u64, rules_of: impl Fn(u64) -> GameRules) {
    let mut games = 0;
    let mut steps = 0u64;
    let mut kitas = 0u64;
    for seed in 0..seeds {
        let rules = rules_of(seed);
        let players = i32::from(rules.players);
        let tiles = if rules.players == 3 { 108 } else { 136 };
        let length = if seed % 3 == 0 {
            Length::EastOnly
        } else {
            Length::Hanchan
        };
        let mut m = Match::seeded(rules, length, seed, false);
        let mut b = bots(seed);
        loop {
            let r = m.round();
            assert_eq!(r.tiles_accounted(), tiles, "seed {seed} step {steps}");
            if rules.players == 3 {
                // No chi, and the absent seat never acts.
                assert!(r.legal_actions(3).is_empty());
                for s in 0..3u8 {
                    let legal = r.legal_actions(s);
                    assert!(!legal.iter().any(|a| matches!(a, Action::Chi { .. })));
                    kitas += legal
                        .iter()
                        .filter(|a| matches!(a, Action::Kita { .. }))
                        .count() as u64;
                }
            }
            if steps.is_multiple_of(7) {
                // An observation never shows another seat's concealed tiles.
                for s in 0..4u8 {
                    let o = r.observation(s);
                    let own: Vec<u8> = r.player(s).hand_ids().collect();
                    assert_eq!(o.hand.to_vec(), own);
                    for t in 0..4u8 {
                        if t != s {
                            for id in r.player(t).hand_ids() {
                                assert!(!o.hand.contains(&id));
                            }
                        }
                    }
                    assert_eq!(o.legal, r.legal_actions(s));
                }
            }
            let total: i32 = r.scores().iter().sum::<i32>() + 1000 * r.sticks() as i32;
            if !m.is_over() {
                assert_eq!(
                    total,
                    players * rules.start_points,
                    "seed {seed} step {steps}"
                );
            }
            if !step(&mut m, &mut b) {
                break;
            }
            steps += 1;
        }
        let res = m.result().expect("the match ended");
        assert_eq!(
            res.scores.iter().sum::<i32>(),
            players * rules.start_points,
            "seed {seed}"
        );
        assert_eq!(res.points_tenths.iter().sum::<i32>(), 0, "seed {seed}");
        games += 1;
    }
    println!(
        "{games} random matches, {steps} decisions ({kitas} kita offers): tiles and points conserved"
    );
}

#[test]
fn same_seed_same_game() {
    for (seed, rules) in [1u64, 7, 42]
        .into_iter()
        .flat_map(|s| [(s, GameRules::tenhou()), (s, GameRules::sanma())])
    {
        let run = || {
            let mut m = Match::seeded(rules, Length::Hanchan, seed, true);
            let mut b = bots(seed);
            while step(&mut m, &mut b) {}
            (m.events(), m.result().cloned())
        };
        let (e1, r1) = run();
        let (e2, r2) = run();
        assert!(e1.len() > 100, "seed {seed}: {} events", e1.len());
        assert_eq!(e1, e2, "seed {seed}");
        assert_eq!(r1, r2, "seed {seed}");
    }
}

#[test]
fn refused_actions_change_nothing() {
    let mut rng = SplitMix64::new(5);
    let mut refused = 0;
    for seed in 0..40u64 {
        let rules = if seed % 4 == 3 {
            GameRules::sanma()
        } else {
            GameRules::tenhou()
        };
        let mut m = Match::seeded(rules, Length::EastOnly, seed, true);
        let mut b = bots(seed);
        loop {
            // Try a few arbitrary actions by arbitrary seats.
            for _ in 0..3 {
                let seat = rng.below(5) as u8;
                let raw = rng.below(140) as u8;
                // An action names only ids below 136 (`TileId`); ids above wrap around.
                let id = |x: u8| TileId::new(x % 136).unwrap();
                let tile = id(raw);
                let a = match rng.below(12) {
                    10 => Action::Kita { tile },
                    0 => Action::Discard { tile },
                    1 => Action::Riichi { tile },
                    2 => Action::Tsumo,
                    3 => Action::Ron,
                    4 => Action::Chi {
                        tiles: [tile, id(raw.wrapping_add(4))],
                    },
                    5 => Action::Pon {
                        tiles: [tile, id(raw ^ 1)],
                    },
                    6 => Action::Minkan,
                    7 => Action::Ankan { kind: tile.tile() },
                    8 => Action::Kakan { tile },
                    9 => Action::NineTerminals,
                    _ => Action::Pass,
                };
                let legal = m.legal_actions(seat.min(3));
                if seat < 4 && legal.contains(&a) {
                    continue;
                }
                let before = m.clone();
                if m.play(seat, a).is_err() {
                    refused += 1;
                    assert_eq!(
                        m, before,
                        "seed {seed}: refused {a} by {seat} changed the state"
                    );
                } else {
                    // Accepted although not listed (e.g. another copy of a listed tile):
                    // undo so the game stays on its seeded course.
                    m = before;
                }
            }
            if !step(&mut m, &mut b) {
                break;
            }
        }
    }
    assert!(refused > 1000, "only {refused} refusals");
}

#[test]
fn serialize_restore_continues_identically() {
    let mut rng = SplitMix64::new(9);
    for seed in 0..60u64 {
        let rules = if seed % 3 == 2 {
            GameRules::sanma()
        } else {
            GameRules::tenhou()
        };
        let mut m = Match::seeded(rules, Length::Hanchan, seed, true);
        let mut b = bots(seed);
        let stop = 50 + rng.below(600);
        let mut n = 0;
        while n < stop && step(&mut m, &mut b) {
            n += 1;
        }
        let text = serde_json::to_string(&m).expect("serializes");
        let mut restored: Match = serde_json::from_str(&text).expect("restores");
        if restored != m {
            for s in 0..4u8 {
                let (x, y) = (restored.round().player(s), m.round().player(s));
                if x != y {
                    for (a, b) in x.melds().iter().zip(y.melds()) {
                        if a != b {
                            panic!(
                                "meld {a:?} {:?} vs {b:?} {:?}",
                                a.meld.pieces(),
                                b.meld.pieces()
                            );
                        }
                    }
                    panic!("player {s} differs");
                }
            }
            assert_eq!(restored.round(), m.round(), "round");
            let (a, b) = (format!("{restored:?}"), format!("{m:?}"));
            let at = a
                .bytes()
                .zip(b.bytes())
                .position(|(x, y)| x != y)
                .unwrap_or(0);
            panic!(
                "seed {seed}: restored state differs at {:?} vs {:?}",
                &a[at.saturating_sub(200)..(at + 100).min(a.len())],
                &b[at.saturating_sub(10)..(at + 100).min(b.len())]
            );
        }
        let mut b2 = b.clone();
        while step(&mut m, &mut b) {}
        while step(&mut restored, &mut b2) {}
        assert_eq!(restored.events(), m.events(), "seed {seed}");
        assert_eq!(restored.result(), m.result(), "seed {seed}");
    }
}
