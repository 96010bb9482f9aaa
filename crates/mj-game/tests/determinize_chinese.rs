//! Determinization in the Chinese flows (`sichuan`, `sichuan_hongzhong`, `hongzhong`) against
//! the engine: over seeded games of random players, at decisions of every seat once play has
//! begun, rounds sampled from that seat's view must show it exactly what the real round shows
//! (its `Observation`, legal actions included), keep every other hand's size, keep what the
//! seat knows (the ids it passed in 换三张 still in the receiver's hand unless seen; no tile of
//! its lack suit in the concealed tiles of a seat whose last discard was of another suit while
//! the lack suit must go first, nor in a winner's), and play on to the end of the round.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_game::determinize::{Deal, DeterminizeError};
use mj_game::drive::{Stop, drive};
use mj_game::{Bot, GameRules, Length, Match, Phase, Position, RandomBot, Round};
use mj_tiles::random::SplitMix64;

#[derive(Default, Debug)]
struct Tally {
    samples: u32,
    /// Other seats whose concealed tiles were dealt under the lack constraint.
    lacking: u32,
    /// Ids this seat passed, checked in the receiver's hand.
    passed: u32,
    /// Winners' hands dealt.
    winners: u32,
    /// Winning tiles checked.
    won_tiles: u32,
}

fn kind_suit(id: u8) -> u8 {
    id / 36
}

/// Checks `samples` rounds sampled from `seat`'s view of `round`.
fn check(round: &Round, seat: u8, seed: u64, samples: u32, tally: &mut Tally) {
    let view = round.view(seat);
    let deal = Deal::new(&view).unwrap();
    let want = view.observation();
    let rules = view.rules();
    let mut rng = SplitMix64::new(seed);
    let mut differs = false;
    for _ in 0..samples {
        let sample = deal.sample(&mut rng);
        let r = &sample.round;
        assert_eq!(
            r.view(seat).observation(),
            want,
            "seed {seed} seat {seat}: the seat sees another round"
        );
        assert_eq!(r.to_act().contains(seat), round.to_act().contains(seat));
        let again = Deal::new(&r.view(seat)).unwrap();
        assert_eq!(
            again.hidden(),
            deal.hidden(),
            "seed {seed}: other ids hidden"
        );
        // The ids in play only: no parked honor is ever dealt.
        assert!(
            deal.hidden()
                .iter()
                .all(|&i| i < 108 || (rules.red_wildcards() && (132..136).contains(&i)))
        );
        for s in (0..4u8).filter(|&s| s != seat) {
            let a: Vec<u8> = r.player(s).hand_ids().collect();
            let b: Vec<u8> = round.player(s).hand_ids().collect();
            assert_eq!(a.len(), b.len(), "seed {seed}: seat {s}'s hand size");
            differs |= a != b;
            // The lack suit: none in a winner's hand, none (but the tile drawn in its turn) in
            // the hand of a seat whose last discard was of another suit under `lack_first`.
            if let Some(lack) = view.lack(s) {
                let l = lack.index() as u8;
                let won = view.has_won(s);
                let clean = rules.sichuan.lack_first
                    && view.river(s).last().is_some_and(|t| kind_suit(t.tile) != l);
                if won || clean {
                    let drawn = r.drawn().filter(|_| !won && r.view(s).drawn().is_some());
                    let bad: Vec<u8> = a
                        .iter()
                        .copied()
                        .filter(|&i| Some(i) != drawn && kind_suit(i) == l)
                        .collect();
                    assert!(
                        bad.is_empty(),
                        "seed {seed}: seat {s} (lack {l}, won {won}) dealt {bad:?}"
                    );
                    tally.lacking += 1;
                    tally.winners += u32::from(won);
                }
            }
        }
        // A winning tile (seen) stays where it is.
        for s in 0..4u8 {
            if let Some(w) = view.won_with(s) {
                let holder = |x: &Round| (0..4u8).find(|&h| x.player(h).hand_ids().any(|i| i == w));
                assert_eq!(
                    holder(r),
                    holder(round),
                    "seed {seed}: winning tile {w} moved"
                );
                tally.won_tiles += 1;
            }
        }
        // The ids this seat passed, unless seen since, are still in the receiver's hand.
        if let (Some(out), Some(off)) = (view.exchange_out(), view.exchange_offset()) {
            let to = (seat + off) % 4;
            let seen = |i: u8| {
                (0..4).any(|s| {
                    view.river(s).iter().any(|t| t.tile == i)
                        || view.melds(s).iter().any(|m| m.ids.contains(&i))
                })
            };
            for i in out.into_iter().filter(|&i| !seen(i)) {
                assert!(
                    r.player(to).hand_ids().any(|j| j == i),
                    "seed {seed}: passed id {i} left seat {to}'s hand"
                );
                tally.passed += 1;
            }
        }
        // The sampled round plays on to its end.
        let mut r = sample.round.clone();
        let mut bots: Vec<RandomBot> = (0..4).map(|i| RandomBot::new(seed ^ i)).collect();
        assert_eq!(drive(&mut r, &mut bots[..]).stop, Stop::Over, "seed {seed}");
        let end = r.outcome().unwrap();
        assert_eq!(
            end.scores.iter().sum::<i32>(),
            round.scores().iter().sum::<i32>(),
            "seed {seed}: points are kept"
        );
        tally.samples += 1;
    }
    if deal.hidden().len() > 20 {
        assert!(differs, "seed {seed} seat {seat}: never dealt anew");
    }
}

fn sweep(rules: GameRules, games: u64) -> Tally {
    let mut tally = Tally::default();
    for seed in 0..games {
        let mut m = Match::seeded(rules, Length::OneRound, seed, false);
        let mut none: Vec<Option<RandomBot>> = (0..4).map(|_| None).collect();
        let mut players: Vec<RandomBot> = (0..4).map(|i| RandomBot::new(seed * 7 + i)).collect();
        let mut step = 0u64;
        loop {
            match drive(&mut m, &mut none[..]).stop {
                Stop::Yield { seat, legal } => {
                    step += 1;
                    let phase = m.round().phase().clone();
                    if matches!(phase, Phase::Exchange | Phase::DeclareLack) {
                        let e = Deal::new(&m.round().view(seat)).err();
                        assert_eq!(e, Some(DeterminizeError::BeforePlay));
                    } else if step.is_multiple_of(3) {
                        check(m.round(), seat, seed * 1000 + step, 2, &mut tally);
                    }
                    let a = players[usize::from(seat)].act(&m.round().view(seat), &legal);
                    m.play(seat, a).unwrap();
                }
                Stop::Over => break,
                other => panic!("seed {seed}: {other:?}"),
            }
        }
    }
    tally
}

#[test]
fn sichuan_samples_keep_what_the_seat_knows() {
    let t = sweep(GameRules::sichuan(), 30);
    eprintln!("sichuan: {t:?}");
    assert!(t.samples > 500, "{t:?}");
    assert!(t.lacking > 200 && t.passed > 200 && t.winners > 20, "{t:?}");
}

#[test]
fn sichuan_hongzhong_samples_keep_what_the_seat_knows() {
    let t = sweep(GameRules::sichuan_hongzhong(), 20);
    eprintln!("sichuan_hongzhong: {t:?}");
    assert!(t.samples > 300, "{t:?}");
    assert!(t.lacking > 100 && t.passed > 100, "{t:?}");
}

#[test]
fn hongzhong_samples_show_the_seat_what_it_saw() {
    let t = sweep(GameRules::hongzhong(), 30);
    eprintln!("hongzhong: {t:?}");
    assert!(t.samples > 300, "{t:?}");
}

#[test]
fn chinese_samples_are_a_function_of_the_seed() {
    let mut m = Match::seeded(GameRules::sichuan(), Length::OneRound, 3, false);
    let mut bots: Vec<RandomBot> = (0..4).map(RandomBot::new).collect();
    // Through the exchange and the declarations, into play.
    while matches!(m.round().phase(), Phase::Exchange | Phase::DeclareLack) {
        let seat = m.round().to_act().iter().next().unwrap();
        let legal = m.round().legal_actions(seat);
        let a = bots[usize::from(seat)].act(&m.round().view(seat), &legal);
        m.play(seat, a).unwrap();
    }
    let seat = m.round().to_act().iter().next().unwrap();
    let deal = Deal::new(&m.round().view(seat)).unwrap();
    let a = deal.sample(&mut SplitMix64::new(4)).round;
    let b = deal.sample(&mut SplitMix64::new(4)).round;
    let c = deal.sample(&mut SplitMix64::new(5)).round;
    assert_eq!(a, b);
    assert_ne!(a, c);
}
