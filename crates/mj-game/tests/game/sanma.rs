//! Three-player (sanma) textbook situations on constructed walls: kita (set aside, replacement
//! draw, a han of dora, rinshan kaihou on the replacement), tsumo loss, the 1m indicator
//! making 9m the dora, and no chi.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_game::{
    Action, Bot, Event, GameRules, Length, Phase, RandomBot, Round, RoundEnd, RoundSetup, Wall,
    play,
};

use crate::common;

use common::tid;

/// A three-player wall in Tenhou's layout (`common::wall_ids`): the three hands (seat 0
/// deals), the live draws in order (from `w[68]` down), the dora indicator (`w[9]`) and the
/// replacement tiles (`w[k ^ 1]`).
fn wall(hands: [&str; 3], draws: &str, dora: &str, rinshan: &str) -> Wall {
    Wall::sanma_from_ids(&common::wall_ids(&hands, draws, dora, rinshan, "")).unwrap()
}

const DEALER: &str = "1m1m9m2s3s4s6s7s8s1z2z3z5z";
const THIRD: &str = "9p9p1z2z3z5z6z7z7z2s3s4s6s";

fn round(seat1: &str, draws: &str, dora: &str, rinshan: &str) -> Round {
    let rules = GameRules::sanma();
    let setup = RoundSetup {
        scores: [35000, 35000, 35000, 0],
        ..RoundSetup::first(35000)
    };
    Round::new(
        rules,
        setup,
        wall([DEALER, seat1, THIRD], draws, dora, rinshan),
        true,
    )
}

/// Everybody still to decide passes.
fn pass_all(r: &mut Round) {
    while let Phase::Claims(_) = r.phase() {
        let s = r.to_act().first().unwrap_or(4);
        r.play(s, Action::Pass).unwrap();
    }
}

fn tsumogiri(r: &mut Round, seat: u8) {
    let d = r.drawn().unwrap();
    r.play(seat, Action::Discard { tile: tid(d) }).unwrap();
    pass_all(r);
}

fn deltas(r: &Round) -> [i32; 4] {
    r.result().expect("the round is over").deltas
}

#[test]
fn tsumo_loss_and_the_1m_indicator_make_9m_dora() {
    // Seat 1 waits on 1s / 9m (shanpon) and draws 9m: menzen tsumo 1, ittsu 2, dora 3 (the
    // indicator 1m makes 9m the dora) = 6 han, haneman: 3,000 basic points, the dealer pays
    // 6,000, seat 2 3,000, the absent seat's 3,000 is not paid. A go-around of tsumogiri
    // first, so it is no chiihou.
    let mut r = round("1p2p3p4p5p6p7p8p9p1s1s9m9m", "6z1z2z3z9m", "1m", "");
    for s in [0, 1, 2, 0] {
        tsumogiri(&mut r, s);
    }
    assert!(r.legal_actions(1).contains(&Action::Tsumo));
    r.play(1, Action::Tsumo).unwrap();
    assert_eq!(deltas(&r), [-6000, 9000, -3000, 0]);
    let RoundEnd::Wins(w) = &r.result().unwrap().end else {
        panic!("a win")
    };
    assert_eq!(w[0].score.han, 6, "{:?}", w[0].score.yaku);
    assert!(w[0].score.yaku.contains(&("dora".to_string(), 3)));
}

#[test]
fn kita_sets_the_north_aside_draws_a_replacement_and_counts_as_dora() {
    // Seat 1 draws a north, sets it aside and draws 9m from the dead wall: rinshan 1, menzen
    // tsumo 1, ittsu 2, kita 1 = 5 han, mangan: the dealer pays 4,000, seat 2 2,000.
    let mut r = round("1p2p3p4p5p6p7p8p9p1s1s9m9m", "6z4z", "5z", "9m");
    tsumogiri(&mut r, 0);
    let north = r.drawn().unwrap();
    let legal = r.legal_actions(1);
    assert!(
        legal.contains(&Action::Kita { tile: tid(north) }),
        "{legal:?}"
    );
    // Only a north may be set aside; a refusal changes nothing.
    let before = r.clone();
    let other = r.player(1).hand_ids().next().unwrap();
    assert!(r.play(1, Action::Kita { tile: tid(other) }).is_err());
    assert_eq!(r, before);
    r.play(1, Action::Kita { tile: tid(north) }).unwrap();
    pass_all(&mut r);
    assert_eq!(r.player(1).kita(), &[north]);
    assert!(matches!(
        r.phase(),
        Phase::Turn {
            seat: 1,
            rinshan: true,
            ..
        }
    ));
    assert_eq!(r.drawn().map(|d| d / 4), Some(8), "9m from the dead wall");
    assert!(
        r.events()
            .iter()
            .any(|e| matches!(e, Event::Nukidora { actor: 1, .. }))
    );
    assert_eq!(r.observation(2).kita[1].len(), 1);
    assert_eq!(r.tiles_accounted(), 108);
    r.play(1, Action::Tsumo).unwrap();
    assert_eq!(deltas(&r), [-4000, 6000, -2000, 0]);
    let RoundEnd::Wins(w) = &r.result().unwrap().end else {
        panic!("a win")
    };
    assert!(w[0].score.yaku.contains(&("kita".to_string(), 1)));
    assert!(w[0].score.yaku.contains(&("rinshan".to_string(), 1)));
}

#[test]
fn no_chi_with_three_players() {
    // The dealer discards 3p; seat 1 holds 1p2p (a chi with four players).
    let seat1 = "1p2p4p5p6p7p8p9p1s1s9m9m6z";
    let mut r = round(seat1, "3p", "5z", "");
    let d = r.drawn().unwrap();
    r.play(0, Action::Discard { tile: tid(d) }).unwrap();
    assert!(
        matches!(r.phase(), Phase::Turn { seat: 1, .. }),
        "no chi is offered: {:?}",
        r.phase()
    );
    // The same wall with chi switched on offers it.
    let rules = GameRules {
        chi: true,
        ..GameRules::sanma()
    };
    let setup = RoundSetup {
        scores: [35000, 35000, 35000, 0],
        ..RoundSetup::first(35000)
    };
    let mut r = Round::new(
        rules,
        setup,
        wall([DEALER, seat1, THIRD], "3p", "5z", ""),
        false,
    );
    let d = r.drawn().unwrap();
    r.play(0, Action::Discard { tile: tid(d) }).unwrap();
    assert!(
        r.legal_actions(1)
            .iter()
            .any(|a| matches!(a, Action::Chi { .. }))
    );
}

#[test]
fn sanma_matches_play_to_the_end_with_three_ranks() {
    let mut kitas = 0;
    for seed in 0..20u64 {
        let mut bots: [Box<dyn Bot>; 4] =
            core::array::from_fn(|s| Box::new(RandomBot::new(seed * 4 + s as u64)) as Box<dyn Bot>);
        let p = play(GameRules::sanma(), Length::Hanchan, seed, &mut bots, true);
        let res = p.result;
        assert_eq!(res.scores.iter().sum::<i32>(), 105_000, "seed {seed}");
        assert_eq!(res.scores[3], 0);
        assert_eq!(res.ranks[3], 4, "the absent seat ranks last");
        let mut r = res.ranks[..3].to_vec();
        r.sort_unstable();
        assert_eq!(r, [1, 2, 3], "seed {seed}");
        assert_eq!(res.points_tenths.iter().sum::<i32>(), 0);
        assert_eq!(res.points_tenths[3], 0);
        for e in &p.events {
            if let Event::Nukidora { pai, .. } = e {
                assert_eq!(serde_json::to_string(pai).unwrap(), "\"N\"");
                kitas += 1;
            }
            assert!(!matches!(e, Event::Chi { .. }), "seed {seed}: a chi");
        }
    }
    assert!(kitas > 0, "random players set a north aside");
}

#[test]
fn a_kita_can_be_robbed_by_ron_without_chankan() {
    // Seat 2 waits on a single north (closed ittsu); seat 1 sets its drawn north aside and
    // seat 2 wins on it: 2 han (no chankan) 40 fu, 2,600 from seat 1.
    let rules = GameRules::sanma();
    let setup = RoundSetup {
        scores: [35000, 35000, 35000, 0],
        ..RoundSetup::first(35000)
    };
    let w = wall(
        [
            DEALER,
            "1s1s9s9s6z6z7z7z2s3s4s1m1m",
            "1p2p3p4p5p6p7p8p9p9m9m9m4z",
        ],
        "6z4z",
        "5z",
        "9s",
    );
    let mut r = Round::new(rules, setup, w, false);
    tsumogiri(&mut r, 0);
    let north = r.drawn().unwrap();
    r.play(1, Action::Kita { tile: tid(north) }).unwrap();
    assert!(r.legal_actions(2).contains(&Action::Ron));
    r.play(2, Action::Ron).unwrap();
    assert_eq!(deltas(&r), [0, -2600, 2600, 0]);
    let RoundEnd::Wins(w) = &r.result().unwrap().end else {
        panic!("a win")
    };
    assert_eq!((w[0].seat, w[0].from), (2, 1));
    assert!(!w[0].score.yaku.iter().any(|(y, _)| y == "chankan"));
}

#[test]
fn without_tsumo_loss_the_absent_share_is_split() {
    // The haneman tsumo of `tsumo_loss_and_the_1m_indicator_make_9m_dora` with the switch off:
    // the absent seat's 3,000 is split, 1,500 more from each payer (12,000 in all).
    let rules = {
        let mut r = GameRules::sanma();
        r.riichi.tsumo_loss = false;
        r
    };
    let setup = RoundSetup {
        scores: [35000, 35000, 35000, 0],
        ..RoundSetup::first(35000)
    };
    let w = wall(
        [DEALER, "1p2p3p4p5p6p7p8p9p1s1s9m9m", THIRD],
        "6z1z2z3z9m",
        "1m",
        "",
    );
    let mut r = Round::new(rules, setup, w, false);
    for s in [0, 1, 2, 0] {
        tsumogiri(&mut r, s);
    }
    r.play(1, Action::Tsumo).unwrap();
    assert_eq!(deltas(&r), [-7500, 12000, -4500, 0]);
}
