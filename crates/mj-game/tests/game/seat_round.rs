//! `SeatRound` against the engine itself: seeded games are played by random players (every
//! kind of action comes up, calls and kans included), each seat's view of the events is fed to
//! that seat's `SeatRound`, and at every decision of every seat the legal actions it derives
//! from the events alone must equal the real round's, tile names for tile ids (the real ids
//! of hidden tiles cannot be known).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_game::{Action, Event, GameRules, Length, Match, SeatRound};
use mj_tiles::random::SplitMix64;

fn names(legal: &[Action]) -> Vec<String> {
    let mut v: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
    v.sort();
    v
}

#[test]
fn seat_rounds_rebuilt_from_events_offer_the_real_actions() {
    let mut decisions = 0u64;
    for seed in 0..24u64 {
        let mut m = Match::seeded(GameRules::tenhou(), Length::EastOnly, seed, true);
        let mut rng = SplitMix64::new(seed);
        let mut seats: [Option<SeatRound>; 4] = Default::default();
        let mut fed = [0usize; 4];
        let mut steps = 0;
        while !m.is_over() && steps < 50_000 {
            steps += 1;
            let events = m.events();
            let mask = m.to_act();
            for s in 0..4u8 {
                let i = usize::from(s);
                for ev in &events[fed[i]..] {
                    let ev = ev.view(s);
                    if let Event::StartKyoku { .. } = ev {
                        seats[i] =
                            Some(SeatRound::start(GameRules::tenhou(), s, &ev, seed).unwrap());
                    } else if let Some(st) = &mut seats[i] {
                        st.apply(&ev)
                            .unwrap_or_else(|e| panic!("seed {seed} seat {s} {ev:?}: {e}"));
                    }
                }
                fed[i] = events.len();
                if mask.contains(s) {
                    let real = m.legal_actions(s);
                    let mine = seats[i].as_ref().unwrap().legal_actions();
                    assert_eq!(
                        names(&mine),
                        names(&real),
                        "seed {seed} seat {s} step {steps}"
                    );
                    decisions += 1;
                }
            }
            let seat = mask.first().unwrap();
            let legal = m.legal_actions(seat);
            // Mostly random, with wins taken so rounds end in every way.
            let a = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Tsumo | Action::Ron) && rng.below(2) == 0)
                .unwrap_or(legal[rng.below(legal.len() as u32) as usize]);
            m.play(seat, a).unwrap();
        }
    }
    assert!(decisions > 10_000, "{decisions} decisions");
}
