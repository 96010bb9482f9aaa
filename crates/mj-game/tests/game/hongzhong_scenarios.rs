//! Textbook scenarios of the hongzhong flow (红中麻将), one per rule, on walls built tile by
//! tile. The rules followed are the ones commonly published for 红中麻将 (as played in Hunan
//! and Guangdong and on the national app platforms; see the crate docs' hongzhong table for
//! each value and what it rests on): 108 suited tiles and the four 红中 (7z) as wildcards,
//! pon and kong but no chi, self-drawn wins only (a switch allows a win on a discard when the
//! hand holds no 红中), seven pairs, four 红中 win at once, one win ends the round, and 抓鸟:
//! birds turned over after the win, those of rank 1, 5, 9 (and 红中) pointing at the winner.
//!
//! The rule text each scenario follows: the 红中麻将 rules screen of the open-source app
//! client `QuiQiJingFeng/M2_CLIENT` (`cocosstudio/games/hzmj/hzmjRuleListLayer.csd`):
//! 红中 wild and never used for a pon or kong (出牌 2), four 红中 win at once (胡牌规则 2),
//! self-draw only (胡牌规则 3; the ron switch is a room option of other platforms, not of
//! this text), 七对 (胡牌规则 7), birds 1/5/9/红中 hit (奖码规则 2), and the payments 自摸 2,
//! 暗杠 2, 放杠 3, 公杠 1, each bird 2 (计分规则 1-5). 抢杠胡 and 杠上花:
//! `hongzhong_kong_rules.rs`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::tkind;

use common::{discard_kind, hz_wall, kinds, pass_all, to_move};
use mj_game::rules::GameRulesError;
use mj_game::{
    Action, Event, GameRules, Length, Match, Phase, Round, RoundEnd, RoundSetup, SettleKind, Wall,
    WallSource, bird_offset,
};

/// A hongzhong wall: the four 13-tile hands (dealer seat 0 first) and the live draws in order
/// (the dealer's first draw first); every other place gets the unused ids.
fn wall(hands: [&str; 4], draws: &str) -> Wall {
    hz_wall(hands, draws, "")
}

fn round(rules: GameRules, w: Wall) -> Round {
    Round::try_new(rules, RoundSetup::first(0), w, true).unwrap()
}

/// Hands that are far from ready (three triplets of sou and four singles), for the seats a
/// scenario does not need.
const FILLER: [&str; 3] = [
    "111s444s777s258m9p",
    "222s555s888s369m8p",
    "333s666s999s147m7p",
];

/// Birds (no other rule in play): 1/5/9 point at the winner counting the winner as 1, then 2/6
/// at the next seat, 3/7 across, 4/8 at the previous one ("159 中鸟"); a 红中 bird counts for
/// the winner under the common rule.
#[test]
fn birds_point_by_rank_counting_the_winner_as_one() {
    for (t, want) in [
        ("1m", 0),
        ("5p", 0),
        ("9s", 0),
        ("2m", 1),
        ("6s", 1),
        ("3p", 2),
        ("7m", 2),
        ("4s", 3),
        ("8p", 3),
    ] {
        assert_eq!(bird_offset(kinds(t)[0], true), Some(want), "{t}");
    }
    assert_eq!(bird_offset(kinds("7z")[0], true), Some(0));
    assert_eq!(bird_offset(kinds("7z")[0], false), None);
}

/// 红中 are wildcards: 123m 456m 789m 11p 2p and a 红中 (standing for 1p or 4p) win on a drawn
/// 3p; every other seat pays two base stakes, then four birds are turned over from the live
/// wall (1s, 2s, 6m, 9p: 1s and 9p point at the winner) and each hit adds two from each payer.
#[test]
fn a_wildcard_completes_a_self_drawn_win_and_birds_pay() {
    let w = wall(
        ["123456789m11p2p7z", FILLER[0], FILLER[1], FILLER[2]],
        "3p1s2s6m9p",
    );
    let mut r = round(GameRules::hongzhong(), w);
    assert_eq!(to_move(&r), 0);
    assert!(r.legal_actions(0).contains(&Action::Tsumo));
    r.play(0, Action::Tsumo).unwrap();
    assert!(r.is_over(), "one win ends the round");
    let birds: Vec<_> = r
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Zhuaniao {
                pai, hits, deltas, ..
            } => Some((
                pai.iter().map(|t| t.to_string()).collect::<Vec<_>>(),
                *hits,
                *deltas,
            )),
            _ => None,
        })
        .collect();
    assert_eq!(
        birds,
        vec![(
            vec!["1s".to_string(), "2s".into(), "6m".into(), "9p".into()],
            2,
            [12, -4, -4, -4]
        )]
    );
    let res = r.result().unwrap();
    assert_eq!(res.deltas, [6 + 12, -6, -6, -6]);
    let RoundEnd::Wins(w) = &res.end else {
        panic!()
    };
    assert_eq!(w[0].score.yaku[0].0, "hu");
    assert_eq!(
        r.settlement().iter().map(|i| i.kind).collect::<Vec<_>>(),
        vec![SettleKind::Win, SettleKind::Zhuaniao]
    );
}

/// Four 红中 in hand win at once (四红中直接胡): the dealer is dealt three and draws the fourth.
#[test]
fn four_hongzhong_win_at_once() {
    let w = wall(["13579m12468p777z", FILLER[0], FILLER[1], FILLER[2]], "7z");
    let mut r = round(GameRules::hongzhong(), w);
    assert!(r.legal_actions(0).contains(&Action::Tsumo));
    // Not a kong of wildcards.
    assert!(
        !r.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Ankan { .. }))
    );
    r.play(0, Action::Tsumo).unwrap();
    let RoundEnd::Wins(w) = &r.result().unwrap().end else {
        panic!()
    };
    assert_eq!(w[0].score.yaku[0].0, "si_hong_zhong");
}

/// Seven pairs with a 红中 pairing the drawn tile (七对); with the switch off it is no win.
#[test]
fn seven_pairs_with_a_wildcard() {
    let w = wall(["1133m225577p99p7z", FILLER[0], FILLER[1], FILLER[2]], "4m");
    let mut r = round(GameRules::hongzhong(), w.clone());
    assert!(r.legal_actions(0).contains(&Action::Tsumo));
    r.play(0, Action::Tsumo).unwrap();
    let RoundEnd::Wins(ws) = &r.result().unwrap().end else {
        panic!()
    };
    assert_eq!(ws[0].score.yaku[0].0, "qi_dui");
    let rules = {
        let mut r = GameRules::hongzhong();
        r.hongzhong.hz_seven_pairs = false;
        r
    };
    let r = round(rules, w);
    assert!(!r.legal_actions(0).contains(&Action::Tsumo));
}

/// Self-drawn wins only under the common rule; with `hz_ron_without_wild` a hand without 红中
/// may win on a discard, paid by the discarder alone, and that win ends the round.
#[test]
fn ron_only_by_switch_and_without_wildcards() {
    // Seat 1: 123m 34m 456p 789p 11p waits on 2m/5m; the dealer discards 5m.
    let hands = ["5m223344556688p", "12334m456p789p11p", FILLER[1], FILLER[2]];
    let w = wall(hands, "6s");
    let mut r = round(GameRules::hongzhong(), w.clone());
    discard_kind(&mut r, "5m");
    assert!(!r.legal_actions(1).contains(&Action::Ron));
    let rules = {
        let mut r = GameRules::hongzhong();
        r.hongzhong.hz_ron_without_wild = true;
        r
    };
    let mut r = round(rules, w);
    discard_kind(&mut r, "5m");
    assert!(r.legal_actions(1).contains(&Action::Ron));
    r.play(1, Action::Ron).unwrap();
    pass_all(&mut r);
    assert!(r.is_over(), "one win ends the round");
    let res = r.result().unwrap();
    let RoundEnd::Wins(ws) = &res.end else {
        panic!()
    };
    assert_eq!(ws.len(), 1);
    assert_eq!((ws[0].seat, ws[0].from), (1, 0));
    assert_eq!(ws[0].deltas, [-2, 2, 0, 0]);
    assert_eq!((res.deltas[2], res.deltas[3]), (0, 0));
    assert_eq!(res.deltas[0] + res.deltas[1], 0);
    assert!(res.deltas[1] >= 2);
}

/// 红中 are not claimed: a discarded 红中 offers no pon to a seat holding two.
#[test]
fn no_pon_of_hongzhong() {
    let w = wall(
        [
            "7z11122233m4446p",
            "77z45678m12345p9s",
            FILLER[1],
            FILLER[2],
        ],
        "9p",
    );
    let mut r = round(GameRules::hongzhong(), w);
    discard_kind(&mut r, "7z");
    assert!(!matches!(r.phase(), Phase::Claims(_)));
    assert_eq!(to_move(&r), 1);
}

/// Rules that cannot be played are refused, not dealt as another game.
#[test]
fn invalid_rules_are_refused_by_the_fallible_constructors() {
    let bad = GameRules {
        players: 3,
        ..GameRules::hongzhong()
    };
    let w = Wall::hongzhong_from_seed(1);
    assert_eq!(
        Round::try_new(bad, RoundSetup::first(0), w, false).err(),
        Some(GameRulesError::FlowNeedsFourPlayers(3))
    );
    let bad = GameRules {
        players: 5,
        ..GameRules::tenhou()
    };
    assert_eq!(
        Match::try_new(bad, Length::OneRound, WallSource::Seeded { seed: 1 }, false).err(),
        Some(GameRulesError::Players(5))
    );
    assert!(Match::try_seeded(GameRules::hongzhong(), Length::OneRound, 1, false).is_ok());
}

/// A refused win changes nothing.
#[test]
fn refused_tsumo_changes_nothing() {
    let w = wall([FILLER[0], FILLER[1], FILLER[2], "1357m2468p1357s9s"], "1m");
    let mut r = round(GameRules::hongzhong(), w);
    let before = r.clone();
    assert!(r.play(0, Action::Tsumo).is_err());
    assert_eq!(r, before);
}

/// Kong payments (the common 红中麻将 room values): a concealed kong (暗杠) is paid 2 base stakes
/// by each other seat, an open kong on a discard (点杠) 3 by the discarder alone.
#[test]
fn kong_payments() {
    let w = wall(["2222p67p3456m345s", FILLER[0], FILLER[1], FILLER[2]], "1p");
    let mut r = round(GameRules::hongzhong(), w);
    r.play(0, Action::Ankan { kind: tkind(10) }).unwrap();
    pass_all(&mut r);
    let items: Vec<_> = r
        .settlement()
        .iter()
        .map(|i| (i.kind, i.actor, i.deltas))
        .collect();
    assert_eq!(items, vec![(SettleKind::GangConcealed, 0, [6, -2, -2, -2])]);

    let w = wall(
        [
            "5p666777888m99m1s",
            "555p1234m12346p9s",
            FILLER[1],
            FILLER[2],
        ],
        "2s",
    );
    let mut r = round(GameRules::hongzhong(), w);
    discard_kind(&mut r, "5p");
    assert!(r.legal_actions(1).contains(&Action::Minkan));
    r.play(1, Action::Minkan).unwrap();
    pass_all(&mut r);
    let items: Vec<_> = r
        .settlement()
        .iter()
        .map(|i| (i.kind, i.actor, i.deltas))
        .collect();
    assert_eq!(items, vec![(SettleKind::GangOpen, 1, [-3, 3, 0, 0])]);
}
