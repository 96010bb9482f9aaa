//! 红中麻将's 抢杠胡 (robbing an added kong) and 杠上花 (a self-draw on a kong's replacement
//! tile), on walls built tile by tile.
//!
//! The rule text followed: the 红中麻将 rules screen of the open-source app client
//! `QuiQiJingFeng/M2_CLIENT` (`cocosstudio/games/hzmj/hzmjRuleListLayer.csd`, 胡牌规则 3-6):
//! wins only by self-draw and by 抢杠胡; a seat may rob another's 公杠 (the added kong of a
//! pon) only while its hand holds no 红中; no 一炮多响 on a robbed kong, the first seat in turn
//! order after the kong's owner wins; the robbed seat pays for all (包赔), birds included, but
//! the kongs paid before the win stand. That text gives 杠上花 no bonus of its own (a 杠上花
//! is a self-draw), so `hz_kong_bloom` is 1 in the preset; tables that double it set 2.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{tid, tkind};

use common::{discard_kind, hz_wall, pass_all, to_move};
use mj_game::{Action, Event, GameRules, Phase, Round, RoundEnd, RoundSetup, SettleKind};
use mj_tiles::MeldKind;

/// Seat 0 pons seat 1's 5m, then draws the fourth 5m and adds it to the pon; seat 1 (34m
/// 222s333s444s 66p, no 红中) waits on 2m/5m. Returns the round at seat 0's added kong.
fn robbing_round(rules: GameRules) -> Round {
    robbing_round_with(rules, "34m5m222s333s444s6p")
}

/// [`robbing_round`] with seat 1 dealt `seat1` (13 tiles) instead.
fn robbing_round_with(rules: GameRules, seat1: &str) -> Round {
    let w = hz_wall(
        [
            "55m123p456p789p1s9s",
            seat1,
            "111m999m777s8s2p5p9p",
            "222m888m666s5s3p7p1p",
        ],
        // seat 0, seat 1 (then 5m out and seat 0's pon), seat 1, seat 2, seat 3, seat 0.
        "9m6p9p4m6m5m",
        "",
    );
    let mut r = Round::try_new(rules, RoundSetup::first(0), w, true).unwrap();
    discard_kind(&mut r, "1s");
    pass_all(&mut r);
    discard_kind(&mut r, "5m");
    let pair: Vec<u8> = r.player(0).hand_ids().filter(|i| i / 4 == 4).collect();
    r.play(
        0,
        Action::Pon {
            tiles: [tid(pair[0]), tid(pair[1])],
        },
    )
    .unwrap();
    pass_all(&mut r);
    discard_kind(&mut r, "9s");
    pass_all(&mut r);
    for t in ["9p", "4m", "6m"] {
        discard_kind(&mut r, t);
        pass_all(&mut r);
    }
    assert_eq!(to_move(&r), 0);
    let id = r.drawn().unwrap();
    assert_eq!(id / 4, 4, "seat 0 drew the fourth 5m");
    r.play(0, Action::Kakan { tile: tid(id) }).unwrap();
    r
}

fn no_birds() -> GameRules {
    {
        let mut r = GameRules::hongzhong();
        r.hongzhong.hz_birds = 0;
        r
    }
}

/// 胡牌规则 4-6: seat 1 robs the kong; seat 0 pays the win for all three (3 x 2 base stakes);
/// the robbed kong is not paid and falls back to a pon; the round ends.
#[test]
fn robbing_an_added_kong_is_paid_by_the_robbed_seat_for_all() {
    let mut r = robbing_round(no_birds());
    assert_eq!(r.to_act().bits(), 0b0010, "only seat 1 may rob");
    assert!(r.legal_actions(1).contains(&Action::Ron));
    r.play(1, Action::Ron).unwrap();
    assert!(r.is_over());
    let res = r.result().unwrap();
    let RoundEnd::Wins(ws) = &res.end else {
        panic!("{:?}", res.end)
    };
    assert_eq!((ws[0].seat, ws[0].from, ws[0].tile / 4), (1, 0, 4));
    assert!(ws[0].score.yaku.iter().any(|(n, _)| n == "qiang_gang_hu"));
    assert_eq!(res.deltas, [-6, 6, 0, 0]);
    assert!(
        r.settlement()
            .iter()
            .all(|i| i.kind != SettleKind::GangAdded)
    );
    let meld = r.player(0).melds()[0].meld;
    assert_eq!((meld.kind(), meld.base().as_u8()), (MeldKind::Pon, 4));
    assert_eq!(r.tiles_accounted(), 112);
}

/// Off 包赔 the robbed seat pays one share, as for a win on a discard.
#[test]
fn robbing_pays_one_share_without_pays_all() {
    let mut r = robbing_round({
        let mut r = no_birds();
        r.hongzhong.hz_rob_kong_pays_all = false;
        r
    });
    r.play(1, Action::Ron).unwrap();
    assert_eq!(r.result().unwrap().deltas, [-2, 2, 0, 0]);
}

/// Birds of a robbed kong are paid by the robbed seat for all three, too (包赔 "包括胡牌后的奖码").
#[test]
fn the_robbed_seat_pays_the_birds_for_all() {
    let mut r = robbing_round(GameRules::hongzhong());
    r.play(1, Action::Ron).unwrap();
    let bird = r
        .events()
        .iter()
        .find_map(|e| match e {
            Event::Zhuaniao { hits, deltas, .. } => Some((*hits, *deltas)),
            _ => None,
        })
        .unwrap();
    let each = 3 * 2 * i32::from(bird.0);
    assert_eq!(bird.1, [-each, each, 0, 0]);
}

/// A seat holding a 红中 may not rob (胡牌规则 4), and with `hz_rob_kong` off nobody may: the
/// kong stands and is paid 1 by each other seat.
#[test]
fn no_robbing_with_a_wildcard_or_with_the_switch_off() {
    let r = robbing_round({
        let mut r = no_birds();
        r.hongzhong.hz_rob_kong = false;
        r
    });
    assert!(matches!(r.phase(), Phase::Turn { seat: 0, .. }), "no claim");
    assert_eq!(r.settlement()[0].kind, SettleKind::GangAdded);
    assert_eq!(r.settlement()[0].deltas, [3, -1, -1, -1]);
    // The same wall with a 红中 in seat 1's hand in place of the 6p (seat 1 then draws 6p
    // and 9p, neither a win): no robbing either.
    let r = robbing_round_with(no_birds(), "34m5m222s333s444s7z");
    assert!(matches!(r.phase(), Phase::Turn { seat: 0, .. }), "no claim");
}

/// 杠上花: seat 0 makes a concealed kong of 2m on its first turn and completes 123p456p789p 99s
/// on the replacement tile. The concealed kong is paid first (2 by each); the win is a
/// self-draw paid `hz_win * hz_kong_bloom` by each, listed as `gang_shang_hua`.
#[test]
fn a_win_on_the_replacement_tile_is_a_kong_bloom() {
    for bloom in [1, 2] {
        let w = hz_wall(
            [
                "2222m123p456p789p",
                "111m999m777s8s3s5s1s",
                "333m888m666s2s4p5p7p",
                "444m777m555s2p3p8p9p",
            ],
            "9s",
            "9s",
        );
        let rules = {
            let mut r = no_birds();
            r.hongzhong.hz_kong_bloom = bloom;
            r
        };
        let mut r = Round::try_new(rules, RoundSetup::first(0), w, true).unwrap();
        assert!(
            r.legal_actions(0)
                .contains(&Action::Ankan { kind: tkind(1) })
        );
        r.play(0, Action::Ankan { kind: tkind(1) }).unwrap();
        assert!(matches!(
            r.phase(),
            Phase::Turn {
                seat: 0,
                rinshan: true,
                ..
            }
        ));
        assert!(r.legal_actions(0).contains(&Action::Tsumo));
        r.play(0, Action::Tsumo).unwrap();
        let res = r.result().unwrap();
        let RoundEnd::Wins(ws) = &res.end else {
            panic!()
        };
        assert!(ws[0].score.yaku.iter().any(|(n, _)| n == "gang_shang_hua"));
        let win = 2 * bloom;
        assert_eq!(res.deltas, [6 + 3 * win, -2 - win, -2 - win, -2 - win]);
    }
}
