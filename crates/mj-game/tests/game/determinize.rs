//! Determinization against the engine: over seeded games (random players that declare riichi
//! whenever they can, so riichi seats, calls and kans all come up), at decisions of every seat,
//! rounds sampled from that seat's view must show the seat exactly what the real round shows
//! (its `Observation`: own hand, drawn tile, every river, meld, kita and riichi, the dora
//! indicators, scores, sticks, honba, tiles left, its legal actions), hide the same ids, keep
//! every other hand's size, deal every other seat in riichi (and every seat named by
//! `Deal::set_ready_chance` with chance 1) a ready hand, and play on to the end of the round.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_game::determinize::{Deal, DeterminizeError};
use mj_game::drive::{Stop, drive};
use mj_game::view::kind_of;
use mj_game::{
    Action, Bot, Flow, GameRules, Length, Match, Position, RandomBot, Round, RoundSetup, SeatView,
    Wall,
};
use mj_tiles::random::SplitMix64;

/// Random, but riichi whenever it can.
#[derive(Debug)]
struct Eager(RandomBot);

impl Bot for Eager {
    fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action {
        if let Some(a) = legal.iter().find(|a| matches!(a, Action::Riichi { .. })) {
            return *a;
        }
        self.0.act(view, legal)
    }
}

/// Checks `samples` rounds sampled from `seat`'s view of `round`, with every other seat not in
/// riichi named ready with chance 1 when `named`; returns (checked, seats in riichi or named
/// dealt, of them ready: a named seat also waiting on none of its own discards).
fn check(round: &Round, seat: u8, seed: u64, samples: u32, named: bool) -> (u32, u32, u32) {
    let view = round.view(seat);
    let mut deal = Deal::new(&view).unwrap();
    let players = view.players();
    if named {
        for s in (0..players).filter(|&s| s != seat && !view.in_riichi(s)) {
            assert!(deal.set_ready_chance(s, 1.0), "seed {seed}: seat {s} named");
            assert!(
                !deal.set_ready_chance(s, 1.0),
                "seed {seed}: seat {s} named twice"
            );
        }
    }
    let want = view.observation();
    let mut rng = SplitMix64::new(seed);
    let mut riichi = 0;
    let mut ready = 0;
    let mut differs = false;
    for _ in 0..samples {
        let sample = deal.sample(&mut rng);
        let r = &sample.round;
        let got = r.view(seat).observation();
        assert_eq!(
            got, want,
            "seed {seed} seat {seat}: the seat sees another round"
        );
        assert_eq!(r.to_act().contains(seat), round.to_act().contains(seat));
        assert_eq!(r.drawn().is_some(), round.drawn().is_some());
        let again = Deal::new(&r.view(seat)).unwrap();
        assert_eq!(
            again.hidden(),
            deal.hidden(),
            "seed {seed}: other ids hidden"
        );
        for s in (0..players).filter(|&s| s != seat) {
            let (a, b): (Vec<u8>, Vec<u8>) = (
                r.player(s).hand_ids().collect(),
                round.player(s).hand_ids().collect(),
            );
            assert_eq!(a.len(), b.len(), "seed {seed}: seat {s}'s hand size");
            assert!(a.iter().all(|i| deal.hidden().contains(i)));
            differs |= a != b;
            if view.in_riichi(s) {
                riichi += 1;
                ready += u32::from(!r.waits(s).is_empty());
            } else if named {
                let own: mj_tiles::TileSet =
                    view.river(s).iter().map(|t| kind_of(t.tile)).collect();
                let waits = r.waits(s);
                riichi += 1;
                ready += u32::from(!waits.is_empty() && (waits & own).is_empty());
            }
        }
        // The sampled round plays on to its end.
        let mut r = sample.round.clone();
        let mut bots: Vec<RandomBot> = (0..4).map(|i| RandomBot::new(seed ^ i)).collect();
        let driven = drive(&mut r, &mut bots[..]);
        assert_eq!(driven.stop, Stop::Over, "seed {seed} seat {seat}");
        let end = r.outcome().unwrap();
        assert_eq!(
            end.scores.iter().sum::<i32>() + 1000 * end.sticks as i32,
            round.scores().iter().sum::<i32>() + 1000 * round.sticks() as i32,
            "seed {seed}: points are kept"
        );
    }
    if deal.hidden().len() > 20 {
        assert!(
            differs,
            "seed {seed} seat {seat}: the hidden hands were never dealt anew"
        );
    }
    (samples, riichi, ready)
}

fn sweep(rules: GameRules, games: u64, named: bool) -> (u32, u32, u32) {
    let mut total = (0, 0, 0);
    for seed in 0..games {
        let mut m = Match::seeded(rules, Length::EastOnly, seed, false);
        let mut bots: Vec<Option<Eager>> = (0..4).map(|_| None).collect();
        let mut rng = SplitMix64::new(seed);
        let mut players: Vec<Eager> = (0..4)
            .map(|i| Eager(RandomBot::new(seed * 7 + i)))
            .collect();
        let mut step = 0u64;
        loop {
            match drive(&mut m, &mut bots[..]).stop {
                Stop::Yield { seat, legal } => {
                    step += 1;
                    if step.is_multiple_of(7) {
                        let (a, b, c) = check(m.round(), seat, seed * 1000 + step, 2, named);
                        total = (total.0 + a, total.1 + b, total.2 + c);
                    }
                    // A view from a seat that is not deciding, now and then, in a turn (while
                    // a tile is on offer, the others' answers it cannot see may all vanish in a
                    // sample and the round move on: a round it could be in, not the same view).
                    if step.is_multiple_of(23) && m.round().view(seat).offer().is_none() {
                        let other = (seat + 1 + rng.below(3) as u8) % rules.players;
                        let (a, b, c) = check(m.round(), other, seed * 1000 + step + 1, 1, named);
                        total = (total.0 + a, total.1 + b, total.2 + c);
                    }
                    let a = players[usize::from(seat)].act(&m.round().view(seat), &legal);
                    m.play(seat, a).unwrap();
                }
                Stop::Over => break,
                other => panic!("seed {seed}: {other:?}"),
            }
        }
    }
    total
}

#[test]
fn sampled_rounds_show_the_seat_what_it_saw() {
    let (checked, riichi, ready) = sweep(GameRules::tenhou(), 40, false);
    eprintln!("{checked} samples, {riichi} riichi hands dealt, {ready} ready");
    assert!(checked > 500, "{checked}");
    assert!(riichi > 20, "too few riichi seats seen: {riichi}");
    // Every riichi seat is dealt ready in all but rare cases (the tries are bounded).
    assert!(
        ready * 100 >= riichi * 95,
        "{ready} of {riichi} riichi hands ready"
    );
}

#[test]
fn seats_named_ready_are_dealt_ready() {
    let (checked, named, ready) = sweep(GameRules::tenhou(), 12, true);
    eprintln!("{checked} samples, {named} seats to deal ready, {ready} ready and not furiten");
    assert!(checked > 100, "{checked}");
    assert!(
        ready * 100 >= named * 95,
        "{ready} of {named} hands ready and not furiten"
    );
}

/// A round some turns in, from seat 0's view, played by random players.
fn some_turns_in(seed: u64, turns: u32) -> Round {
    let mut r = Round::new(
        GameRules::tenhou(),
        RoundSetup::first(25_000),
        Wall::from_seed(seed),
        false,
    );
    let mut bots: Vec<RandomBot> = (0..4).map(|i| RandomBot::new(seed + i)).collect();
    for _ in 0..turns * 4 {
        let Some(seat) = r.to_act().iter().next() else {
            break;
        };
        let legal = r.legal_actions(seat);
        let a = bots[usize::from(seat)].act(&r.view(seat), &legal);
        r.play(seat, a).unwrap();
    }
    r
}

#[test]
fn a_ready_chance_is_the_share_of_ready_deals() {
    let round = some_turns_in(21, 8);
    let view = round.view(round.to_act().iter().next().unwrap());
    let me = view.seat();
    let s = (me + 1) % 4;
    let ready_share = |chance: f64| {
        let mut deal = Deal::new(&view).unwrap();
        assert!(deal.set_ready_chance(s, chance));
        let mut rng = SplitMix64::new(77);
        let n = 600;
        let ready = (0..n)
            .filter(|_| !deal.sample(&mut rng).round.waits(s).is_empty())
            .count();
        ready as f64 / f64::from(n)
    };
    let (none, half, all) = (ready_share(0.0), ready_share(0.5), ready_share(1.0));
    eprintln!("ready shares: chance 0 {none:.3}, 0.5 {half:.3}, 1 {all:.3}");
    assert!(all >= 0.95, "{all}");
    assert!(none < 0.5, "{none}");
    let want = (none + all) / 2.0;
    assert!((half - want).abs() < 0.08, "{half} against {want}");
    // What is refused leaves the deal as it was.
    let mut deal = Deal::new(&view).unwrap();
    assert!(!deal.set_ready_chance(me, 0.5));
    assert!(!deal.set_ready_chance(s, f64::NAN));
    assert!(!deal.set_ready_chance(s, 1.5));
    assert!(!deal.set_ready_chance(7, 0.5));
    let a = deal.sample(&mut SplitMix64::new(3)).round;
    let b = Deal::new(&view)
        .unwrap()
        .sample(&mut SplitMix64::new(3))
        .round;
    assert_eq!(a, b);
}

#[test]
fn three_player_rounds_deal_no_2m_to_8m() {
    let (checked, ..) = sweep(GameRules::sanma(), 4, false);
    assert!(checked > 100, "{checked}");
    let round = Round::new(
        GameRules::sanma(),
        RoundSetup::first(35_000),
        Wall::sanma_from_seed(5),
        false,
    );
    let deal = Deal::new(&round.view(1)).unwrap();
    assert!(deal.hidden().iter().all(|&i| !(4..32).contains(&i)));
}

#[test]
fn samples_are_a_function_of_the_seed() {
    let round = Round::new(
        GameRules::tenhou(),
        RoundSetup::first(25_000),
        Wall::from_seed(11),
        false,
    );
    let deal = Deal::new(&round.view(2)).unwrap();
    let a = deal.sample(&mut SplitMix64::new(4)).round;
    let b = deal.sample(&mut SplitMix64::new(4)).round;
    let c = deal.sample(&mut SplitMix64::new(5)).round;
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn other_flows_are_refused() {
    let m = Match::seeded(GameRules::mcr(), Length::OneRound, 1, false);
    let e = Deal::new(&m.round().view(0)).err();
    assert_eq!(e, Some(DeterminizeError::Flow(Flow::Mcr)));
    // Sichuan before play (换三张 first): refused until play begins.
    let m = Match::seeded(GameRules::sichuan(), Length::OneRound, 1, false);
    let e = Deal::new(&m.round().view(0)).err();
    assert_eq!(e, Some(DeterminizeError::BeforePlay));
}
