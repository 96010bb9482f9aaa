//! The Botzone / IJCAI "Chinese Standard Mahjong" match log (lines `Match <id>`, `Wind <n>`,
//! `Player <p> Deal ...`, `Draw`, `Play`, `Chi`, `Peng`, `Gang`, `AnGang`, `BuGang`,
//! `BuHua`, `Hu`, `Huang`, `Fan`, `Score`; tiles `W`/`B`/`T`/`F`/`J`/`H`; the line layout of
//! the IJCAI 2020/2022 Mahjong AI competition's human-match data as its `preprocess.py` reads
//! it, the tile names and the chow's middle-tile convention of the Botzone wiki page
//! "Chinese-Standard-Mahjong"). These tests check our writer and reader against each other and
//! against the engine: hands written from seeded games (`mcr` on one wall, `mcr_botzone` on
//! own walls) read back into the identical game (every action legal, fan and score equal to
//! the `Fan` and `Score` lines), and a log with a wrong score or an illegal action is refused.
//! Real Botzone matches are replayed by `mcr_botzone_walls.rs`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
// The MCR players and helpers of mj-game's own tests, shared rather than copied.
use crate::common_mcr;

use common::botzone as read_botzone;
use mj_game::{Event, GameRules, Round, RoundEnd, RoundSetup, Wall};
use mj_log::botzone::{botzone_name, write_botzone};
use mj_tiles::random::SplitMix64;

fn play(seed: u64) -> Round {
    play_with(GameRules::mcr(), seed)
}

fn play_with(rules: GameRules, seed: u64) -> Round {
    let setup = RoundSetup {
        round_wind: (seed % 4) as u8,
        ..RoundSetup::first(0)
    };
    let mut r = Round::try_new(rules, setup, Wall::from_seed(seed), true).unwrap();
    let mut rng = SplitMix64::new(seed);
    while !r.is_over() {
        let seat = r.to_act().first().unwrap();
        let a = common_mcr::choose(&r, seat, &mut rng);
        r.play(seat, a).unwrap();
    }
    r
}

/// The events with `tsumogiri` cleared: the Botzone log does not say which copy was
/// discarded.
fn normalized(events: &[Event]) -> Vec<Event> {
    events
        .iter()
        .map(|e| match e {
            Event::Dahai { actor, pai, .. } => Event::Dahai {
                actor: *actor,
                pai: *pai,
                tsumogiri: false,
            },
            e => e.clone(),
        })
        .collect()
}

#[test]
fn written_hands_read_back_into_the_identical_game() {
    let mut text = String::new();
    let mut rounds = Vec::new();
    let (mut wins, mut flowers) = (0, 0);
    for seed in 0..300u64 {
        let r = play(seed);
        wins += usize::from(matches!(r.result().unwrap().end, RoundEnd::Wins(_)));
        flowers += usize::from(r.events().iter().any(|e| matches!(e, Event::Hua { .. })));
        text.push_str(&write_botzone(&seed.to_string(), r.events()).unwrap());
        rounds.push(r);
    }
    assert!(
        wins > 20 && flowers > 200,
        "{wins} wins, {flowers} with flowers"
    );
    assert!(text.contains("BuHua H") && text.contains(" Chi ") && text.contains("Huang"));
    let (ids, rep) = read_botzone(&text).unwrap();
    assert_eq!(rep.played.len(), rounds.len());
    for ((id, h), r) in ids.iter().zip(&rep.played).zip(&rounds) {
        assert_eq!(normalized(h.events()), normalized(r.events()), "hand {id}");
        // The same outcome; the copy of the winning tile (which of the four ids) is not in the log.
        let (a, b) = (h.result().unwrap(), r.result().unwrap());
        assert_eq!((a.deltas, a.scores), (b.deltas, b.scores), "hand {id}");
        let wins = |x: &mj_game::RoundResult| match &x.end {
            RoundEnd::Wins(w) => w
                .iter()
                .map(|w| (w.seat, w.from, w.tile / 4, w.score.clone()))
                .collect(),
            RoundEnd::Draw { .. } => Vec::new(),
        };
        assert_eq!(wins(a), wins(b), "hand {id}");
        assert_eq!(
            write_botzone(id, h.events()).unwrap(),
            write_botzone(id, r.events()).unwrap()
        );
    }
}

/// Hands of Botzone's game (`mcr_botzone`) written in the line form read back into the
/// identical game on own walls, the draws included (see `mcr_botzone_walls.rs` for the rule).
#[test]
fn botzone_hands_read_back_on_own_walls() {
    let (mut text, mut rounds, mut draws) = (String::new(), Vec::new(), 0);
    for seed in 0..200u64 {
        let r = play_with(GameRules::mcr_botzone(), seed);
        draws += usize::from(matches!(r.result().unwrap().end, RoundEnd::Draw { .. }));
        text.push_str(&write_botzone(&seed.to_string(), r.events()).unwrap());
        rounds.push(r);
    }
    assert!(draws > 10, "{draws} draws");
    let (ids, rep) = read_botzone(&text).unwrap();
    assert_eq!(rep.rules, "mcr_botzone");
    for ((id, h), r) in ids.iter().zip(&rep.played).zip(&rounds) {
        assert_eq!(h.rules().preset_name(), Some("mcr_botzone"), "hand {id}");
        assert_eq!(normalized(h.events()), normalized(r.events()), "hand {id}");
        let (a, b) = (h.result().unwrap(), r.result().unwrap());
        assert_eq!((a.deltas, a.scores), (b.deltas, b.scores), "hand {id}");
        for s in 0..4 {
            assert_eq!(h.own_wall_left(s), r.own_wall_left(s), "hand {id}");
        }
    }
    assert_eq!(rep.played.len(), rounds.len());
}

/// Own walls with flowers (the judge's 144-tile game): written hands read back into the same
/// events (on whichever wall fits them first).
#[test]
fn own_walls_with_flowers_read_back() {
    let rules = {
        let mut r = GameRules::mcr_botzone();
        r.mcr.mcr_flowers = true;
        r
    };
    let mut text = String::new();
    let mut rounds = Vec::new();
    for seed in 0..100u64 {
        let r = play_with(rules, seed);
        text.push_str(&write_botzone(&seed.to_string(), r.events()).unwrap());
        rounds.push(r);
    }
    let (ids, rep) = read_botzone(&text).unwrap();
    assert_eq!(rep.played.len(), rounds.len());
    for ((id, h), r) in ids.iter().zip(&rep.played).zip(&rounds) {
        assert_eq!(normalized(h.events()), normalized(r.events()), "hand {id}");
    }
}

#[test]
fn a_wrong_score_or_an_illegal_action_is_refused() {
    let (seed, r) = (0..300u64)
        .map(|s| (s, play(s)))
        .find(|(_, r)| matches!(r.result().unwrap().end, RoundEnd::Wins(_)))
        .unwrap();
    let text = write_botzone(&seed.to_string(), r.events()).unwrap();
    assert!(read_botzone(&text).is_ok());
    let score = text.lines().find(|l| l.starts_with("Score")).unwrap();
    let bad = text.replace(score, "Score 1 2 3 -6");
    let err = read_botzone(&bad).unwrap_err();
    assert!(err.contains("score"), "{err}");
    // The first discard replaced by a tile the player does not hold.
    let play = text.lines().find(|l| l.contains(" Play ")).unwrap();
    let held: Vec<&str> = text.lines().take(6).flat_map(|l| l.split(' ')).collect();
    let absent = (0..34u8)
        .map(|k| botzone_name(k * 4))
        .find(|n| !held.contains(&n.as_str()))
        .unwrap();
    let mut parts: Vec<&str> = play.split(' ').collect();
    parts[3] = &absent;
    let bad = text.replacen(play, &parts.join(" "), 1);
    assert!(read_botzone(&bad).is_err());
    assert!(read_botzone("Match 1\nWind 9\n").is_err());
    assert!(read_botzone("Player 0 Deal W1").is_err());
}
