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

/// Other seats dealt under the lack constraint in `seat`'s view, as the module documents it:
/// (seat, suit given up, its places: concealed ids the seat cannot see, but the drawn tile).
fn constrained(round: &Round, seat: u8, hidden: &[u8]) -> Vec<(u8, u8, Vec<u8>)> {
    let view = round.view(seat);
    let mut out = Vec::new();
    for s in (0..4u8).filter(|&s| s != seat) {
        let Some(lack) = view.lack(s) else { continue };
        let l = lack.index() as u8;
        let won = view.has_won(s);
        let clean = view.rules().sichuan.lack_first
            && view.river(s).last().is_some_and(|t| kind_suit(t.tile) != l);
        if !won && !clean {
            continue;
        }
        let drawn = round
            .drawn()
            .filter(|_| !won && round.view(s).drawn().is_some());
        let places: Vec<u8> = round
            .player(s)
            .hand_ids()
            .filter(|&i| Some(i) != drawn && hidden.contains(&i))
            .collect();
        out.push((s, l, places));
    }
    out
}

/// The exactness of the constrained deal, against an independent sampler: every hidden id
/// shuffled over every hidden place, kept only when no constrained seat holds its lack suit
/// (rejection). At decision points with two or more constrained seats, the mean number of
/// tiles of each suit dealt to each constrained seat must agree (3,000 samples each; the
/// tolerance is about five standard errors of the difference).
#[test]
fn the_constrained_deal_is_uniform() {
    let mut compared = 0;
    'games: for seed in 0..40u64 {
        let mut m = Match::seeded(GameRules::sichuan(), Length::OneRound, seed, false);
        let mut none: Vec<Option<RandomBot>> = (0..4).map(|_| None).collect();
        let mut players: Vec<RandomBot> = (0..4).map(|i| RandomBot::new(seed * 5 + i)).collect();
        loop {
            let Stop::Yield { seat, legal } = drive(&mut m, &mut none[..]).stop else {
                continue 'games;
            };
            let round = m.round();
            if !matches!(round.phase(), Phase::Exchange | Phase::DeclareLack) {
                let view = round.view(seat);
                let deal = Deal::new(&view).unwrap();
                let hidden = deal.hidden().to_vec();
                let cons = constrained(round, seat, &hidden);
                if cons.len() >= 2 && compare(round, seat, &deal, &hidden, &cons, seed) {
                    compared += 1;
                    if compared >= 3 {
                        break 'games;
                    }
                    continue 'games;
                }
            }
            let a = players[usize::from(seat)].act(&round.view(seat), &legal);
            m.play(seat, a).unwrap();
        }
    }
    eprintln!("{compared} decision points compared");
    assert!(compared >= 2, "only {compared} decision points compared");
}

/// Compares the two samplers at one decision point; `false` when rejection is too rare there.
fn compare(
    round: &Round,
    seat: u8,
    deal: &Deal<'_>,
    hidden: &[u8],
    cons: &[(u8, u8, Vec<u8>)],
    seed: u64,
) -> bool {
    const N: u32 = 3000;
    let mut rng = SplitMix64::new(seed ^ 0x5eed);
    let mut means_ref = vec![[0.0f64; 3]; cons.len()];
    let mut ids = hidden.to_vec();
    let (mut tries, mut kept) = (0u64, 0u32);
    // Places: each constrained seat's, in order, then every other hidden place.
    while kept < N {
        tries += 1;
        // Too rare here (under 1 in 200 kept): another decision point is cheaper.
        if tries > 600_000 || (tries == 20_000 && kept < 100) {
            return false;
        }
        rng.shuffle(&mut ids);
        let mut at = 0;
        let mut ok = true;
        let mut counts = vec![[0u32; 3]; cons.len()];
        for (k, (_, l, places)) in cons.iter().enumerate() {
            for &i in &ids[at..at + places.len()] {
                let c = kind_suit(i).min(2);
                if u32::from(*l) == u32::from(kind_suit(i)) {
                    ok = false;
                }
                counts[k][usize::from(c)] += 1;
            }
            at += places.len();
        }
        if ok {
            kept += 1;
            for (m, c) in means_ref.iter_mut().zip(&counts) {
                for x in 0..3 {
                    m[x] += f64::from(c[x]) / f64::from(N);
                }
            }
        }
    }
    let mut means = vec![[0.0f64; 3]; cons.len()];
    let mut rng = SplitMix64::new(seed ^ 0xdea1);
    for _ in 0..N {
        let r = deal.sample(&mut rng).round;
        for (k, (s, _, _)) in cons.iter().enumerate() {
            for i in r.player(*s).hand_ids().filter(|i| hidden.contains(i)) {
                if r.drawn() == Some(i) && r.view(*s).drawn().is_some() && !round.has_won(*s) {
                    continue;
                }
                means[k][usize::from(kind_suit(i).min(2))] += 1.0 / f64::from(N);
            }
        }
    }
    for k in 0..cons.len() {
        for c in 0..3 {
            let (a, b) = (means[k][c], means_ref[k][c]);
            assert!(
                (a - b).abs() < 0.2,
                "seed {seed} seat {seat}: seat {} suit {c}: {a:.3} dealt, {b:.3} by rejection \
                 ({tries} tries)",
                cons[k].0
            );
        }
    }
    true
}
