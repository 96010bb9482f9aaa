//! Sichuan games replayed from their own mjai event logs: every seeded game `play` records
//! replays with every round's events equal to the log's, and a log with a changed payment or
//! a changed discard does not.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{events_text, flow, replay_events as replay_sichuan, round_events};
use mj_game::{Event, Flow, GameRules, Length, RandomBot, play};

/// `true` when the events read as a log of the Sichuan flows.
fn is_sichuan_log(events: &[Event]) -> bool {
    mj_log::read(events_text(events).as_bytes())
        .is_ok_and(|l| matches!(flow(&l), Some(Flow::Sichuan | Flow::Hongzhong)))
}

/// Reads events from their JSON Lines (the round events: `start_game` and `end_game` are the
/// game's names and end).
fn parse_events(text: &str) -> Result<Vec<Event>, mj_log::LogError> {
    mj_log::read(text.as_bytes()).map(|l| round_events(&l))
}

fn game(seed: u64) -> Vec<Event> {
    let mut bots: [Box<dyn play::Bot>; 4] = core::array::from_fn(|s| {
        Box::new(RandomBot::new(seed * 4 + s as u64)) as Box<dyn play::Bot>
    });
    play::play(
        GameRules::sichuan(),
        Length::EastOnly,
        seed,
        &mut bots,
        true,
    )
    .events
}

#[test]
fn recorded_sichuan_games_replay_exactly() {
    let mut rounds = 0;
    for seed in 0..150u64 {
        let events = game(seed);
        assert!(is_sichuan_log(&events));
        // Through the JSON Lines text, as `mj replay` reads it.
        let back = parse_events(&events_text(&events)).unwrap();
        let in_rounds: Vec<Event> = events
            .iter()
            .filter(|e| !matches!(e, Event::StartGame { .. } | Event::EndGame { .. }))
            .cloned()
            .collect();
        assert_eq!(back, in_rounds);
        let r = replay_sichuan(&events);
        assert!(r.matches(), "seed {seed}: {:?}", r.mismatches);
        assert_eq!(r.rounds, 4);
        rounds += r.rounds;
    }
    assert_eq!(rounds, 600);
}

#[test]
fn a_changed_log_does_not_replay() {
    let mut changed_payment = 0;
    let mut changed_discard = 0;
    for seed in 0..40u64 {
        let events = game(seed);
        // A payment one stake off.
        if let Some(i) = events
            .iter()
            .position(|e| matches!(e, Event::Settle { .. } | Event::Hora { .. }))
        {
            let mut bad = events.clone();
            match &mut bad[i] {
                Event::Settle { deltas, .. } | Event::Hora { deltas, .. } => deltas[0] += 1,
                _ => unreachable!(),
            }
            assert!(!replay_sichuan(&bad).matches(), "seed {seed}");
            changed_payment += 1;
        }
        // A discard by another seat than the one whose turn it is.
        let i = events
            .iter()
            .position(|e| matches!(e, Event::Dahai { .. }))
            .unwrap();
        let mut bad = events.clone();
        if let Event::Dahai { actor, .. } = &mut bad[i] {
            *actor = (*actor + 1) & 3;
        }
        assert!(!replay_sichuan(&bad).matches(), "seed {seed}");
        changed_discard += 1;
    }
    assert!(changed_payment > 20 && changed_discard == 40);
    assert!(parse_events("{\"type\":\"nope\"}").is_err());
    assert!(!replay_sichuan(&[]).matches());
}

fn game_with(rules: GameRules, seed: u64) -> Vec<Event> {
    let mut bots: [Box<dyn play::Bot>; 4] = core::array::from_fn(|s| {
        Box::new(RandomBot::new(seed * 4 + s as u64)) as Box<dyn play::Bot>
    });
    play::play(rules, Length::EastOnly, seed, &mut bots, true).events
}

/// 红中麻将 and 红中血战 logs (the birds put back where they were turned over; 抢杠胡 and
/// kongs included) replay exactly too, and a changed bird does not.
#[test]
fn recorded_wildcard_games_replay_exactly() {
    let mut rounds = 0;
    let mut birds = 0;
    let mut changed_bird = 0;
    for seed in 0..300u64 {
        for rules in [GameRules::hongzhong(), GameRules::sichuan_hongzhong()] {
            if seed >= 100 && rules.is_sichuan() {
                continue;
            }
            let events = game_with(rules, seed);
            assert!(is_sichuan_log(&events), "seed {seed}");
            let r = replay_sichuan(&events);
            assert!(r.matches(), "seed {seed}: {:?}", r.mismatches);
            rounds += r.rounds;
            if let Some(i) = events
                .iter()
                .position(|e| matches!(e, Event::Zhuaniao { .. }))
            {
                birds += 1;
                let mut bad = events.clone();
                if let Event::Zhuaniao { hits, .. } = &mut bad[i] {
                    *hits += 1;
                }
                assert!(!replay_sichuan(&bad).matches(), "seed {seed}");
                changed_bird += 1;
            }
        }
    }
    assert!(rounds >= 1600, "{rounds}");
    assert!(birds > 15 && changed_bird == birds, "{birds}");
}
