//! Our own MCR logs replay: seeded 16-hand matches played by the flush-seeking player are
//! written as mjai JSON lines, read back, and every hand is replayed through the engine from
//! a wall rebuilt from the log alone (`mj_log`); the events must be identical, and
//! the log is recognised as the preset it was played under (`mcr`, or `mcr_botzone` with its
//! own walls). A tampered log (a payment changed) must not match.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
// The MCR players and helpers of mj-game's own tests, shared rather than copied.
use crate::common_mcr;

use common::{events_text, flow, replay_events as replay_mcr, round_events};
use mj_game::{Event, Flow, GameRules, Length, Match};

/// `true` when the events read as an MCR log.
fn is_mcr_log(events: &[Event]) -> bool {
    mj_log::read(events_text(events).as_bytes()).is_ok_and(|l| flow(&l) == Some(Flow::Mcr))
}
use mj_tiles::random::SplitMix64;

fn play_match(seed: u64) -> Vec<Event> {
    play_match_with(GameRules::mcr(), seed)
}

fn play_match_with(rules: GameRules, seed: u64) -> Vec<Event> {
    let mut m = Match::seeded(rules, Length::Hanchan, seed, true);
    let mut rng = SplitMix64::new(seed);
    while !m.is_over() {
        let seat = m.to_act().first().unwrap();
        let a = common_mcr::choose(m.round(), seat, &mut rng);
        m.play(seat, a).unwrap();
    }
    m.events()
}

#[test]
fn our_mcr_logs_replay_identically() {
    let mut hands = 0;
    for seed in 0..8u64 {
        let events = play_match(seed);
        let back = mj_log::read(events_text(&events).as_bytes()).unwrap();
        let rounds: Vec<Event> = events
            .iter()
            .filter(|e| !matches!(e, Event::StartGame { .. } | Event::EndGame { .. }))
            .cloned()
            .collect();
        assert_eq!(round_events(&back), rounds, "seed {seed}: JSON round trip");
        assert!(is_mcr_log(&events));
        let r = replay_mcr(&events);
        assert!(r.matches(), "seed {seed}: {:?}", r.mismatches);
        assert_eq!(r.rounds, 16);
        assert_eq!(r.rules, "mcr");
        hands += r.rounds;
    }
    assert_eq!(hands, 128);
}

#[test]
fn botzone_logs_replay_on_own_walls() {
    let mut shorter = 0;
    for seed in 0..4u64 {
        let events = play_match_with(GameRules::mcr_botzone(), seed);
        assert!(is_mcr_log(&events));
        let r = replay_mcr(&events);
        assert!(r.matches(), "seed {seed}: {:?}", r.mismatches);
        assert_eq!((r.rounds, r.rules.as_str()), (16, "mcr_botzone"));
        // A drawn hand of fewer draws than one shared wall would need is Botzone's only.
        let mut draws = 0;
        for e in &events {
            match e {
                Event::StartKyoku { .. } => draws = 0,
                Event::Tsumo { .. } => draws += 1,
                Event::Ryukyoku { .. } => shorter += usize::from(draws < 84),
                _ => {}
            }
        }
    }
    assert!(shorter > 0, "no hand drawn before 84 draws");
}

/// A hand with no chi and no flower (every seat discarding what it draws) is still an MCR
/// log: its winds and dragons other than 红中 tell it from the Sichuan flows.
#[test]
fn a_hand_without_chi_or_flower_is_an_mcr_log() {
    use mj_game::{Action, Phase, Round, RoundSetup, Wall};
    let mut r = Round::try_new(
        GameRules::mcr_botzone(),
        RoundSetup::first(0),
        Wall::from_seed(1),
        true,
    )
    .unwrap();
    while !r.is_over() {
        let seat = r.to_act().first().unwrap();
        let a = match (r.phase(), r.drawn()) {
            (Phase::Turn { .. }, Some(d)) => Action::Discard {
                tile: mj_tiles::TileId::new(d).unwrap(),
            },
            _ => Action::Pass,
        };
        r.play(seat, a).unwrap();
    }
    let events = r.events();
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::Chi { .. } | Event::Hua { .. }))
    );
    assert!(is_mcr_log(events));
    let rep = replay_mcr(events);
    assert!(rep.matches(), "{:?}", rep.mismatches);
    assert_eq!(rep.rules, "mcr_botzone");
}

#[test]
fn a_tampered_log_does_not_match() {
    let mut events = play_match(3);
    let at = events
        .iter()
        .position(|e| matches!(e, Event::Hora { .. }))
        .expect("a win in 16 hands");
    if let Event::Hora { deltas, .. } = &mut events[at] {
        deltas[0] += 1;
    }
    let r = replay_mcr(&events);
    assert_eq!(r.mismatches.len(), 1, "{:?}", r.mismatches);
}
