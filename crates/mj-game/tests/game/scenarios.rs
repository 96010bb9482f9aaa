//! Textbook situations on constructed walls: one test per rule, each checking what the engine
//! offers, what it refuses (the state unchanged), and how the round is settled.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_game::{
    Action, DrawKind, GameRules, Phase, Round, RoundEnd, RoundSetup, round::ClaimSource,
};
use mj_tiles::notation::parse_pieces;

use crate::common;

use common::*;
use common::{tid, tkind};

#[test]
fn tenhou_dealer_wins_on_the_first_draw() {
    let w = wall(
        ["123m456p789s6677z", FILLER[1], FILLER[2], FILLER[3]],
        "7z",
        "9m",
        "",
    );
    let mut r = round(w);
    assert!(r.legal_actions(0).contains(&Action::Tsumo));
    r.play(0, Action::Tsumo).unwrap();
    let res = r.result().unwrap();
    let RoundEnd::Wins(wins) = &res.end else {
        panic!("{res:?}")
    };
    assert_eq!(wins[0].score.yakuman, 1, "{:?}", wins[0].score);
    assert_eq!(res.deltas, [48000, -16000, -16000, -16000]);
    assert!(res.dealer_keeps);
}

#[test]
fn nine_terminals_abort_on_the_first_draw_only() {
    let w = wall(
        ["19m19p19s1234z223m", FILLER[1], FILLER[2], FILLER[3]],
        "5z",
        "9m",
        "",
    );
    let mut r = round(w);
    assert!(r.legal_actions(0).contains(&Action::NineTerminals));
    r.play(0, Action::NineTerminals).unwrap();
    let res = r.result().unwrap();
    assert_eq!(
        res.end,
        RoundEnd::Draw {
            kind: DrawKind::NineTerminals,
            tenpai: [false; 4]
        }
    );
    assert!(res.dealer_keeps);
}

#[test]
fn four_winds_abort() {
    let w = wall(
        [
            "1z2m3m4m5p6p7p8s8s9s1p2p3p",
            "1z2m3m4m5p6p7p2s2s3s4s5s6s",
            "1z6m7m8m5s6s7s2s3s4s7p8p9p",
            "1z5m6m7m3s4s5s9s9s2p3p4p2z",
        ],
        "9m9m9m9m",
        "9p",
        "",
    );
    let mut r = round(w);
    for s in 0..4u8 {
        let e = held(&r, s, "1z");
        r.play(s, Action::Discard { tile: tid(e) }).unwrap();
    }
    let res = r.result().unwrap();
    assert_eq!(
        res.end,
        RoundEnd::Draw {
            kind: DrawKind::FourWinds,
            tenpai: [false; 4]
        }
    );
}

#[test]
fn kuikae_forbids_the_called_kind_and_the_other_end() {
    // Seat 1 calls chi on seat 0's 3m with 45m: 3m and 6m may not follow.
    let w = wall(
        [
            "3m9m9m1p4p7p1s4s7s1z2z3z4z",
            "4m5m3m6m7p8p9p2s3s4s7z7z7z",
            FILLER[2],
            FILLER[3],
        ],
        "5z",
        "9p",
        "",
    );
    let mut r = round(w);
    let t = held(&r, 0, "3m");
    r.play(0, Action::Discard { tile: tid(t) }).unwrap();
    let chi = Action::Chi {
        tiles: [tid(held(&r, 1, "4m")), tid(held(&r, 1, "5m"))],
    };
    assert!(
        r.legal_actions(1).contains(&chi),
        "{:?}",
        r.legal_actions(1)
    );
    r.play(1, chi).unwrap();
    let legal = r.legal_actions(1);
    let three = held(&r, 1, "3m");
    let six = held(&r, 1, "6m");
    assert!(!legal.contains(&Action::Discard { tile: tid(three) }));
    assert!(!legal.contains(&Action::Discard { tile: tid(six) }));
    refuse(&mut r, 1, Action::Discard { tile: tid(six) });
    let seven = held(&r, 1, "7p");
    refuse(&mut r, 1, Action::Riichi { tile: tid(seven) });
    r.play(1, Action::Discard { tile: tid(seven) }).unwrap();
}

#[test]
fn furiten_on_own_discards() {
    // Seat 1 completes its hand with the 7z it draws, declines the tsumo and throws 4m: it then
    // waits on 1m-4m with 4m in its river, so seat 0's 1m is no ron for it.
    let w = wall(
        [
            "1m9m9m1p4p7p1s4s7s1z2z3z4z",
            "2m3m4m5p6p7p2s3s4s6s6s7z7z",
            FILLER[2],
            FILLER[3],
        ],
        "5z7z8p8p5z",
        "9p",
        "",
    );
    let mut r = round(w);
    discard_drawn(&mut r, 0);
    tsumogiri_until(&mut r, 1);
    assert!(
        r.legal_actions(1).contains(&Action::Tsumo),
        "234m 567p 234s 66s 777z is complete; seat 1 declines"
    );
    let four = held(&r, 1, "4m");
    r.play(1, Action::Discard { tile: tid(four) }).unwrap();
    tsumogiri_until(&mut r, 0);
    let one = held(&r, 0, "1m");
    r.play(0, Action::Discard { tile: tid(one) }).unwrap();
    assert!(r.player(1).is_furiten());
    let legal = r.legal_actions(1);
    assert!(
        !legal.contains(&Action::Ron),
        "seat 1 is furiten on 4m and may not ron 1m: {legal:?}"
    );
    assert!(
        legal.iter().any(|a| matches!(a, Action::Chi { .. })),
        "a chi is still allowed"
    );
    refuse(&mut r, 1, Action::Ron);
}

#[test]
fn double_ron_pays_both_and_sticks_go_to_the_first() {
    // Seat 0 discards 6s; seat 1 (6s-8s, tanyao) and seat 2 (5s-7s kanchan, tanyao) both win.
    let w = wall(
        [
            "6s9m9m1p4p7p1s4s7s1z2z3z4z",
            "2m3m4m5p6p7p2s3s4s6s6s8s8s",
            "2p3p4p5s7s2m3m4m6p6p6p8p8p",
            FILLER[3],
        ],
        "5z",
        "9p",
        "",
    );
    let mut r = round(w);
    let six = held(&r, 0, "6s");
    r.play(0, Action::Discard { tile: tid(six) }).unwrap();
    assert!(r.legal_actions(1).contains(&Action::Ron));
    assert!(r.legal_actions(2).contains(&Action::Ron));
    refuse(&mut r, 3, Action::Ron);
    r.play(2, Action::Ron).unwrap();
    assert!(!r.is_over(), "the round waits for seat 1's answer");
    r.play(1, Action::Ron).unwrap();
    let res = r.result().unwrap();
    let RoundEnd::Wins(wins) = &res.end else {
        panic!("{res:?}")
    };
    assert_eq!(wins.len(), 2);
    assert_eq!(wins[0].seat, 1, "turn order from the discarder");
    // Tanyao 1 han 40 fu each: 1,300 from the discarder to each winner.
    assert_eq!(res.deltas, [-2600, 1300, 1300, 0]);
}

#[test]
fn exhaustive_draw_pays_tenpai() {
    // Seat 1 keeps a ready hand (waits 1p-4p... all live) and everyone draws and discards.
    let w = wall(
        [
            FILLER[0],
            "2m3m4m2p3p5p6p7p2s3s4s6s6s",
            FILLER[2],
            FILLER[3],
        ],
        "",
        "9p",
        "",
    );
    let mut r = round(w);
    // Everyone throws what they draw, passing every call, to the end.
    for _ in 0..1000 {
        if r.is_over() {
            break;
        }
        let s = r.to_act().first().unwrap_or(4);
        let a = match r.phase() {
            Phase::Turn { .. } => {
                let legal = r.legal_actions(s);
                // A win would end the round early: keep the test to the draw.
                let d = r.drawn().unwrap();
                assert!(legal.contains(&Action::Discard { tile: tid(d) }));
                Action::Discard { tile: tid(d) }
            }
            _ => Action::Pass,
        };
        r.play(s, a).unwrap();
    }
    let res = r.result().unwrap();
    match res.end {
        RoundEnd::Draw {
            kind: DrawKind::Exhaustive,
            tenpai,
        } => {
            assert!(tenpai[1], "seat 1 is ready");
            let n = tenpai.iter().filter(|&&t| t).count() as i32;
            if n < 4 {
                assert_eq!(res.deltas[1], 3000 / n);
            }
        }
        RoundEnd::Draw {
            kind: DrawKind::NagashiMangan,
            ..
        } => {}
        ref other => panic!("{other:?}"),
    }
    assert_eq!(res.deltas.iter().sum::<i32>(), 0);
}

#[test]
fn closed_kan_turns_its_dora_at_once_and_draws_a_replacement() {
    let w = wall(
        [
            "7z7z7z7z1m2m3m4p5p6p2z2z1z",
            FILLER[1],
            FILLER[2],
            FILLER[3],
        ],
        "5z",
        "9p",
        "8m",
    );
    let mut r = round(w);
    let kind = parse_pieces("7z").unwrap()[0].tile().as_u8();
    assert!(
        r.legal_actions(0)
            .contains(&Action::Ankan { kind: tkind(kind) })
    );
    r.play(0, Action::Ankan { kind: tkind(kind) }).unwrap();
    // Only thirteen orphans may rob a closed kan: nobody here, so the replacement is drawn.
    assert_eq!(r.dora_indicators().count(), 2);
    assert!(matches!(
        r.phase(),
        Phase::Turn {
            seat: 0,
            rinshan: true,
            ..
        }
    ));
    assert_eq!(r.drawn().map(|d| d / 4), Some(id("8m") / 4));
    assert_eq!(r.kans(), 1);
    let _ = ClaimSource::Ankan;
}

#[test]
fn riichi_needs_a_ready_hand_and_1000_points() {
    let hand = "2m3m4m2p3p4p2s3s4s6s6s7z1z";
    let mut r = round(wall(
        [hand, FILLER[1], FILLER[2], FILLER[3]],
        "7z",
        "9p",
        "",
    ));
    // Discarding 1z leaves 234m234p234s66s7z7z: ready. Discarding 6s leaves a non-ready hand.
    let east = held(&r, 0, "1z");
    let six = held(&r, 0, "6s");
    assert!(
        r.legal_actions(0)
            .contains(&Action::Riichi { tile: tid(east) })
    );
    assert!(
        !r.legal_actions(0)
            .contains(&Action::Riichi { tile: tid(six) })
    );
    refuse(&mut r, 0, Action::Riichi { tile: tid(six) });
    // With 900 points, no riichi at all.
    let setup = RoundSetup {
        scores: [900, 33000, 33100, 33000],
        ..RoundSetup::first(25000)
    };
    let mut poor = Round::new(
        GameRules::tenhou(),
        setup,
        wall([hand, FILLER[1], FILLER[2], FILLER[3]], "7z", "9p", ""),
        false,
    );
    assert!(
        !poor
            .legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Riichi { .. }))
    );
    refuse(&mut poor, 0, Action::Riichi { tile: tid(east) });
    // Declared and accepted: the stick is on the table and only the drawn tile may go.
    r.play(0, Action::Riichi { tile: tid(east) }).unwrap();
    tsumogiri_until(&mut r, 0);
    assert!(r.player(0).in_riichi());
    assert_eq!(r.sticks(), 1);
    assert_eq!(r.scores()[0], 24000);
    let legal = r.legal_actions(0);
    assert!(
        legal
            .iter()
            .all(|a| !matches!(a, Action::Discard { tile } if Some(*tile) != r.drawn().map(tid)))
    );
}

#[test]
fn an_added_kan_is_robbed_and_turns_no_dora() {
    // Seat 1 pons seat 0's 3m, later draws the fourth 3m and adds it; seat 2 waits on 3m
    // (12m edge wait, no other yaku) and robs the kan: chankan, 1 han 40 fu.
    let w = wall(
        [
            "3m9m9m1p4p7p1s4s7s1z2z3z4z",
            "3m3m6m7m8m2p3p4p6s7s8s7z7z",
            "1m2m4p5p6p7s8s9s2s3s4s5s5s",
            FILLER[3],
        ],
        "5z9p9p9p3m",
        "6z",
        "",
    );
    let mut r = round(w);
    let three = held(&r, 0, "3m");
    r.play(0, Action::Discard { tile: tid(three) }).unwrap();
    // Seat 2 waits on 3m but has no yaku on a plain discard: no ron on offer.
    assert!(!r.legal_actions(2).contains(&Action::Ron));
    let mine: Vec<u8> = r.player(1).hand_ids().filter(|i| i / 4 == 2).collect();
    r.play(
        1,
        Action::Pon {
            tiles: [tid(mine[0]), tid(mine[1])],
        },
    )
    .unwrap();
    assert_eq!(r.to_act().bits(), 0b10, "the pon stands; seat 1 discards");
    let six = held(&r, 1, "6m");
    r.play(1, Action::Discard { tile: tid(six) }).unwrap();
    tsumogiri_until(&mut r, 1);
    let fourth = r.drawn().unwrap();
    assert_eq!(fourth / 4, 2, "seat 1 drew the fourth 3m");
    assert!(
        r.legal_actions(1)
            .contains(&Action::Kakan { tile: tid(fourth) })
    );
    r.play(1, Action::Kakan { tile: tid(fourth) }).unwrap();
    assert!(matches!(
        r.phase(),
        Phase::Claims(c) if c.source == ClaimSource::Kakan
    ));
    assert!(r.legal_actions(2).contains(&Action::Ron));
    r.play(2, Action::Ron).unwrap();
    let res = r.result().unwrap();
    let RoundEnd::Wins(wins) = &res.end else {
        panic!("{res:?}")
    };
    assert!(
        wins[0].score.yaku.iter().any(|(n, _)| n == "chankan"),
        "{:?}",
        wins[0].score
    );
    assert_eq!((wins[0].score.han, wins[0].score.fu), (1, 40));
    assert_eq!(res.deltas, [0, -1300, 1300, 0]);
    assert_eq!(r.dora_indicators().count(), 1, "a robbed kan turns no dora");
}

#[test]
fn pao_makes_the_feeder_of_the_third_dragon_pay_a_tsumo() {
    // Seat 1 pons 5z (from seat 0), 6z (from seat 2) and 7z (from seat 3), then draws 9s:
    // big three dragons by tsumo; seat 3 fed the third dragon set and pays it all.
    let w = wall(
        [
            "5z9m9m1p4p7p1s4s7s1z2z3z4z",
            "5z5z6z6z7z7z1m2m3m9s9p8p2s",
            "6z3m6m9m3p6p9p3s6s9s1z2z3z",
            "7z4m7m1p4p7p1s4s7s2p5p8p2z",
        ],
        "8m8m8m5m5m5m2m9s",
        "1m",
        "",
    );
    let mut r = round(w);
    let pon = |r: &mut Round, kind: u8| {
        let ids: Vec<u8> = r.player(1).hand_ids().filter(|i| i / 4 == kind).collect();
        r.play(
            1,
            Action::Pon {
                tiles: [tid(ids[0]), tid(ids[1])],
            },
        )
        .unwrap();
    };
    let white = held(&r, 0, "5z");
    r.play(0, Action::Discard { tile: tid(white) }).unwrap();
    pon(&mut r, 31);
    let t = held(&r, 1, "9p");
    r.play(1, Action::Discard { tile: tid(t) }).unwrap();
    tsumogiri_until(&mut r, 2);
    let green = held(&r, 2, "6z");
    r.play(2, Action::Discard { tile: tid(green) }).unwrap();
    pon(&mut r, 32);
    let t = held(&r, 1, "8p");
    r.play(1, Action::Discard { tile: tid(t) }).unwrap();
    tsumogiri_until(&mut r, 3);
    let red = held(&r, 3, "7z");
    r.play(3, Action::Discard { tile: tid(red) }).unwrap();
    pon(&mut r, 33);
    let t = held(&r, 1, "2s");
    r.play(1, Action::Discard { tile: tid(t) }).unwrap();
    tsumogiri_until(&mut r, 1);
    assert!(r.legal_actions(1).contains(&Action::Tsumo));
    r.play(1, Action::Tsumo).unwrap();
    let res = r.result().unwrap();
    let RoundEnd::Wins(wins) = &res.end else {
        panic!("{res:?}")
    };
    assert_eq!(wins[0].score.yakuman, 1, "{:?}", wins[0].score);
    assert_eq!(wins[0].pao, Some(3));
    assert_eq!(res.deltas, [0, 32000, 0, -32000]);
}

/// Seat 1 pons the three dragons (the third from seat 3, who is liable) and waits on `wait`
/// with `hand` (13 tiles, the three dragon pairs first); seat 2 then discards `feed` and seat 1
/// wins on it. The round starts with `honba` repeat counters.
fn pao_ron(hands: [&str; 4], honba: u32, feed: &str) -> mj_game::RoundResult {
    let w = wall(hands, "8m8m8m5m5m5m2m9s", "1m", "");
    let setup = RoundSetup {
        honba,
        ..RoundSetup::first(25000)
    };
    let mut r = Round::new(GameRules::tenhou(), setup, w, true);
    let pon = |r: &mut Round, kind: u8| {
        let ids: Vec<u8> = r.player(1).hand_ids().filter(|i| i / 4 == kind).collect();
        r.play(
            1,
            Action::Pon {
                tiles: [tid(ids[0]), tid(ids[1])],
            },
        )
        .unwrap();
    };
    let white = held(&r, 0, "5z");
    r.play(0, Action::Discard { tile: tid(white) }).unwrap();
    pon(&mut r, 31);
    let t = held(&r, 1, "9p");
    r.play(1, Action::Discard { tile: tid(t) }).unwrap();
    tsumogiri_until(&mut r, 2);
    let green = held(&r, 2, "6z");
    r.play(2, Action::Discard { tile: tid(green) }).unwrap();
    pon(&mut r, 32);
    let t = held(&r, 1, "8p");
    r.play(1, Action::Discard { tile: tid(t) }).unwrap();
    tsumogiri_until(&mut r, 3);
    let red = held(&r, 3, "7z");
    r.play(3, Action::Discard { tile: tid(red) }).unwrap();
    pon(&mut r, 33);
    let t = held(&r, 1, "2s");
    r.play(1, Action::Discard { tile: tid(t) }).unwrap();
    tsumogiri_until(&mut r, 2);
    let f = held(&r, 2, feed);
    r.play(2, Action::Discard { tile: tid(f) }).unwrap();
    assert!(r.legal_actions(1).contains(&Action::Ron));
    r.play(1, Action::Ron).unwrap();
    pass_all(&mut r);
    r.result().unwrap().clone()
}

#[test]
fn pao_on_a_ron_halves_the_hand_and_charges_the_honba_to_the_liable_seat() {
    // Tenhou: 積み棒は包. The real AGARI this follows: ba="1,0", 32,000 yakuman ron, winner
    // +32,300, liable seat -16,300, discarder -16,000.
    let res = pao_ron(
        [
            "5z9m9m1p4p7p1s4s7s1z2z3z4z",
            "5z5z6z6z7z7z1m2m3m9s9p8p2s",
            "6z3m6m9m3p6p9p3s6s9s1z2z3z",
            "7z4m7m1p4p7p1s4s7s2p5p8p2z",
        ],
        1,
        "9s",
    );
    let RoundEnd::Wins(wins) = &res.end else {
        panic!("{res:?}")
    };
    assert_eq!((wins[0].from, wins[0].pao), (2, Some(3)));
    assert_eq!(wins[0].score.yakuman, 1, "{:?}", wins[0].score);
    assert_eq!(res.deltas, [0, 32300, -16000, -16300]);
}

#[test]
fn pao_on_a_ron_covers_the_whole_compound_yakuman() {
    // Big three dragons and all honors (two yakuman, 64,000): the liable seat answers for the
    // whole hand, as it does on a tsumo (tenhou6/2019103023gm-00a9-0000-f90e0fe9: a tsumo of
    // both paid all by the liable seat), so each pays half.
    let res = pao_ron(
        [
            "5z9m9m1p4p7p1s4s7s1z2z3z4z",
            "5z5z6z6z7z7z1z1z2z2z9p8p2s",
            "6z3m6m9m3p6p9p3s6s9s1z2z3z",
            "7z4m7m1p4p7p1s4s7s2p5p8p3z",
        ],
        0,
        "1z",
    );
    let RoundEnd::Wins(wins) = &res.end else {
        panic!("{res:?}")
    };
    assert_eq!(wins[0].score.yakuman, 2, "{:?}", wins[0].score);
    assert_eq!(wins[0].pao, Some(3));
    assert_eq!(res.deltas, [0, 64000, -32000, -32000]);
}
