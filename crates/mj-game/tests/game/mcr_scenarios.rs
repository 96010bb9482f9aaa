//! Textbook MCR (国标) scenarios on hand-built walls, each citing the rule it follows: the
//! Chinese Official Mahjong rules of 2006 (中国麻将竞赛规则, the "green book"; its English
//! edition: "Mahjong Competition Rules", MCR) as the Chinese Standard Mahjong competitions
//! play them.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common_mcr;

use mj_game::{
    Action, Event, GameRules, Length, Match, MjaiTile, Phase, Round, RoundEnd, RoundSetup,
};
use mj_score::Win;
use mj_score::mcr::Situation;
use mj_tiles::random::SplitMix64;
use mj_tiles::{MeldKind, Tile, TileId};

/// Tile ids of a hand in mpsz notation, `f` for flowers (`1f`..`8f`: ids 136..144), taking
/// copies not yet used.
fn ids(text: &str, used: &mut [bool; 144]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut digits = Vec::new();
    for c in text.chars() {
        if let Some(d) = c.to_digit(10) {
            digits.push(d as u8);
            continue;
        }
        for &d in &digits {
            let id = if c == 'f' {
                135 + d
            } else {
                let t: Tile = format!("{d}{c}").parse().unwrap();
                (t.as_u8() * 4..t.as_u8() * 4 + 4)
                    .find(|&i| !used[usize::from(i)])
                    .expect("a fifth copy")
            };
            assert!(!used[usize::from(id)], "{text}: used twice");
            used[usize::from(id)] = true;
            out.push(id);
        }
        digits.clear();
    }
    out
}

/// A 144-tile MCR wall: the four starting hands (dealer first, 13 tiles each), the live draws
/// in order, the replacement tiles in order; the rest filled with the unused tiles (ordinary
/// tiles nearest the live end, flowers nearest the replacement end after `back`).
fn wall(dealer: u8, hands: [&str; 4], live: &str, back: &str) -> Vec<u8> {
    let mut used = [false; 144];
    let hands: Vec<Vec<u8>> = hands.iter().map(|h| ids(h, &mut used)).collect();
    let live = ids(live, &mut used);
    let back = ids(back, &mut used);
    let mut seq = [255u8; 144];
    let mut at = 143usize;
    let mut next = [0usize; 4];
    for pass in 0..4 {
        for k in 0..4u8 {
            let seat = usize::from((dealer + k) % 4);
            // `hands` are given by seat; the deal goes from the dealer.
            let n = if pass < 3 { 4 } else { 1 };
            for _ in 0..n {
                seq[at] = hands[seat][next[seat]];
                next[seat] += 1;
                at -= 1;
            }
        }
    }
    for &id in &live {
        seq[at] = id;
        at -= 1;
    }
    for (i, &id) in back.iter().enumerate() {
        seq[i] = id;
    }
    let mut rest: Vec<u8> = (0..136u8).filter(|&i| !used[usize::from(i)]).collect();
    rest.extend((136..144u8).rev().filter(|&i| !used[usize::from(i)]));
    let mut rest = rest.into_iter();
    for p in (0..144).rev() {
        if seq[p] == 255 {
            seq[p] = rest.next().unwrap();
        }
    }
    seq.to_vec()
}

fn round(dealer: u8, hands: [&str; 4], live: &str, back: &str) -> Round {
    let setup = RoundSetup {
        dealer,
        ..RoundSetup::first(0)
    };
    Round::try_new_mcr(
        GameRules::mcr(),
        setup,
        &wall(dealer, hands, live, back),
        true,
    )
    .unwrap()
}

fn id_of(r: &Round, seat: u8, t: &str) -> u8 {
    let t: Tile = t.parse().unwrap();
    r.player(seat)
        .hand_ids()
        .find(|&i| i / 4 == t.as_u8())
        .unwrap()
}

fn discard(r: &mut Round, seat: u8, t: &str) {
    let tile = id_of(r, seat, t);
    r.play(
        seat,
        Action::Discard {
            tile: TileId::new(tile).unwrap(),
        },
    )
    .unwrap();
}

/// Every seat with a decision on a claim passes.
fn pass_claims(r: &mut Round) {
    while let Phase::Claims(_) = r.phase() {
        let seat = r.to_act().first().unwrap_or(4);
        r.play(seat, Action::Pass).unwrap();
    }
}

/// MCR 2006, 补花: "a player who draws a flower exposes it and draws a replacement from the
/// end of the wall; flowers in the starting hand are replaced before play, the dealer
/// first". Each flower is worth 1 fan (花牌, fan 81) but does not count toward the 8-fan
/// minimum.
#[test]
fn dealt_and_drawn_flowers_are_set_aside_and_replaced() {
    let mut r = round(
        0,
        [
            "1f123m456p789s122z",
            "2f3f12m45p78s33445z",
            "1234567m11p22s66z",
            "567m99p1155s6677z",
        ],
        "9m4f",
        "1z2z3z4z5z",
    );
    // Dealt: seat 0 one flower, seat 1 two; replaced in turn from the far end, dealer first.
    assert_eq!(r.flowers(0), &[136]);
    assert_eq!(r.flowers(1), &[137, 138]);
    assert_eq!(r.player(0).hand_ids().count(), 14);
    for s in 1..4 {
        assert_eq!(r.player(s).hand_ids().count(), 13, "seat {s}");
    }
    let ev = r.events().to_vec();
    let huas: Vec<(u8, String)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Hua { actor, pai } => Some((*actor, pai.to_string())),
            _ => None,
        })
        .collect();
    assert_eq!(
        huas,
        vec![(0, "H1".into()), (1, "H2".into()), (1, "H3".into())]
    );
    // Replacement tiles come from the far end in order: 1z to the dealer, 2z and 3z to seat 1.
    assert_eq!(r.player(0).hand_ids().filter(|i| i / 4 == 27).count(), 2);
    // The dealer's first draw is the live 9m.
    assert_eq!(r.drawn().map(|d| d / 4), Some(8));
    assert_eq!(r.tiles_accounted(), 144);
    // Seat 1 draws the flower 4f, sets it aside and draws 4z from the far end.
    discard(&mut r, 0, "9m");
    pass_claims(&mut r);
    assert_eq!(r.flowers(1), &[137, 138, 139]);
    assert_eq!(r.drawn().map(|d| d / 4), Some(30));
    assert!(matches!(
        r.phase(),
        Phase::Turn {
            seat: 1,
            rinshan: false,
            ..
        }
    ));
    let last: Vec<&Event> = r.events().iter().rev().take(3).collect();
    assert!(matches!(last[1], Event::Hua { actor: 1, .. }));
    assert_eq!(r.tiles_accounted(), 144);
    // A seat's view: a flower set aside is public.
    let obs = r.observation(2);
    assert_eq!(obs.kita[1].len(), 3);
}

/// MCR 2006, 吃: "a player may chow only the discard of the player on the left (上家)".
#[test]
fn chi_only_from_the_left() {
    let mut r = round(
        0,
        [
            "3m456p789s1122z37z",
            "12m99m11p99p11s99s5z",
            "12m88m22p88p22s88s6z",
            "45m77m33p77p33s77s4z",
        ],
        "9p",
        "",
    );
    discard(&mut r, 0, "3m");
    let l1 = r.legal_actions(1);
    assert!(l1.iter().any(|a| matches!(a, Action::Chi { .. })), "{l1:?}");
    for s in [2, 3] {
        assert!(
            !r.legal_actions(s)
                .iter()
                .any(|a| matches!(a, Action::Chi { .. })),
            "seat {s}"
        );
    }
    let chi = *l1.iter().find(|a| matches!(a, Action::Chi { .. })).unwrap();
    r.play(1, chi).unwrap();
    while let Phase::Claims(_) = r.phase() {
        let s = r.to_act().first().unwrap_or(4);
        r.play(s, Action::Pass).unwrap();
    }
    assert_eq!(r.player(1).melds()[0].meld.kind(), MeldKind::Chi);
    assert!(matches!(
        r.phase(),
        Phase::Turn {
            seat: 1,
            after_call: true,
            ..
        }
    ));
}

/// MCR 2006, 起和番: "a hand must be worth at least 8 fan, flowers not counted, to be
/// declared a win" — a complete hand under 8 fan is neither offered nor accepted.
#[test]
fn a_win_under_eight_fan_is_refused() {
    // Seat 1: 234m 567p 345s 789s + 6m waits on 6m alone; a cheap hand.
    let hands = [
        "6m19p19s1234567z1m",
        "234m567p345s789s6m",
        "11m22p33s44m55p66s7z",
        "77m88p99s11p22s33m7z",
    ];
    let mut r = round(0, hands, "9m", "");
    // The hand is a win for its shape but under 8 fan (checked with mj-score directly).
    let c: mj_tiles::TileCounts = "234m567p345s789s66m".parse().unwrap();
    let w = Win::new(c, &[], "6m".parse().unwrap());
    let s = mj_score::mcr::evaluate(&w, &Situation::default()).unwrap();
    assert!(s.total_without_flowers < 8, "{}", s.total);
    discard(&mut r, 0, "6m");
    assert!(!r.legal_actions(1).contains(&Action::Ron));
    let before = r.clone();
    assert!(r.play(1, Action::Ron).is_err());
    assert_eq!(r, before);
}

/// MCR 2006, 抢杠和 (fan 8): "a player may win on the tile another adds to an exposed pung
/// to make a kong"; the kong is not made (the pung stands) and 和绝张 is not counted.
#[test]
fn robbing_an_added_kong() {
    let hands = [
        "9p1z2z3z4z5z6z7z1s2s3s4s5s",
        "99p1m2m3m4p5p6p7s8s9s1z2z",
        "1112223334445p",
        "123456789m78p99s",
    ];
    // Live: seat 0's first draw 6s, then (after seat 1's pon and discard) seats 2, 3, 0 draw
    // 6m, 7m, 8m and seat 1 draws the fourth 9p.
    let mut r = round(0, hands, "6s6m7m8m9p", "");
    discard(&mut r, 0, "9p");
    let pon = *r
        .legal_actions(1)
        .iter()
        .find(|a| matches!(a, Action::Pon { .. }))
        .unwrap();
    r.play(1, pon).unwrap();
    pass_claims(&mut r);
    discard(&mut r, 1, "1z");
    pass_claims(&mut r);
    for (s, t) in [(2u8, "6m"), (3, "7m"), (0, "8m")] {
        // Seat 3 must keep its wait: it discards what it drew.
        discard(&mut r, s, t);
        pass_claims(&mut r);
    }
    let kakan = *r
        .legal_actions(1)
        .iter()
        .find(|a| matches!(a, Action::Kakan { .. }))
        .unwrap();
    r.play(1, kakan).unwrap();
    assert!(r.legal_actions(3).contains(&Action::Ron));
    r.play(3, Action::Ron).unwrap();
    pass_claims(&mut r);
    let res = r.result().unwrap();
    let RoundEnd::Wins(ws) = &res.end else {
        panic!()
    };
    assert_eq!((ws[0].seat, ws[0].from), (3, 1));
    let names: Vec<&str> = ws[0].score.yaku.iter().map(|(n, _)| n.as_str()).collect();
    assert!(names.contains(&"qiang_gang_he"), "{names:?}");
    assert!(!names.contains(&"he_jue_zhang"), "{names:?}");
    // The kong fell back to a pung.
    assert_eq!(r.player(1).melds()[0].meld.kind(), MeldKind::Pon);
    assert_eq!(r.tiles_accounted(), 144);
}

/// The Chinese Standard Mahjong competition payments (the 2006 rules' 计分: "the discarder
/// pays 8 + the hand's fan, each other player 8; on a self-draw each of the three pays 8 + the
/// fan") and 截和: "when several players can win on one discard, the first in turn order from
/// the discarder wins" (the other answer is void).
#[test]
fn ron_payments_and_the_first_winner_in_turn_order() {
    let hands = [
        "5s19m19p1234567z1s",
        "123456789m234p5s",
        "123456789p234m5s",
        "11m22p33s44m55p66s7z",
    ];
    let mut r = round(0, hands, "9s", "");
    discard(&mut r, 0, "5s");
    assert!(r.legal_actions(1).contains(&Action::Ron));
    assert!(r.legal_actions(2).contains(&Action::Ron));
    // Seat 2 answers first; seat 1 is nearer the discarder and takes the win.
    r.play(2, Action::Ron).unwrap();
    r.play(1, Action::Ron).unwrap();
    pass_claims(&mut r);
    let res = r.result().unwrap();
    let RoundEnd::Wins(ws) = &res.end else {
        panic!()
    };
    assert_eq!(ws.len(), 1);
    let w = &ws[0];
    assert_eq!((w.seat, w.from), (1, 0));
    // The fan as mj-score counts it for 123456789m234p55s won on 5s (a discard).
    let c: mj_tiles::TileCounts = "123456789m234p55s".parse().unwrap();
    let mut win = Win::new(c, &[], "5s".parse().unwrap());
    win.seat_wind = Tile::SOUTH;
    let fan = mj_score::mcr::score(&win, &Situation::default())
        .unwrap()
        .total as i32;
    assert_eq!(w.score.han as i32, fan);
    assert_eq!(res.deltas, [-(8 + fan), 24 + fan, -8, -8]);
    let horas = r
        .events()
        .iter()
        .filter(|e| matches!(e, Event::Hora { .. }))
        .count();
    assert_eq!(horas, 1);
}

/// Self-draw payments: each of the three pays 8 + fan (the 2006 rules' 计分).
#[test]
fn tsumo_payments() {
    let hands = [
        "123456789m234p5s",
        "11m22p33s44m55p66s7z",
        "77m88p99s11p22s33m7z",
        "1s2s3s4s6s7s8s9s1z2z3z4z5z",
    ];
    let r = round(0, hands, "5s", "");
    assert!(r.legal_actions(0).contains(&Action::Tsumo));
    let mut r = r;
    r.play(0, Action::Tsumo).unwrap();
    let res = r.result().unwrap();
    let RoundEnd::Wins(ws) = &res.end else {
        panic!()
    };
    let fan = ws[0].score.han as i32;
    let c: mj_tiles::TileCounts = "123456789m234p55s".parse().unwrap();
    let mut win = Win::new(c, &[], "5s".parse().unwrap());
    win.tsumo = true;
    let want = mj_score::mcr::score(&win, &Situation::default())
        .unwrap()
        .total as i32;
    assert_eq!(fan, want);
    assert_eq!(
        res.deltas,
        [3 * (8 + fan), -(8 + fan), -(8 + fan), -(8 + fan)]
    );
    assert_eq!(res.deltas.iter().sum::<i32>(), 0);
}

/// A full MCR match: four prevailing winds of four hands (16), the dealer moving on every
/// hand whatever happened (the competition rules have no dealer repeat, 连庄), East round
/// through North round; an exhaustive draw (荒庄) pays nothing.
#[test]
fn sixteen_hands_four_prevailing_winds_dealer_rotates() {
    let mut m = Match::seeded(GameRules::mcr(), Length::Hanchan, 7, true);
    let mut rng = SplitMix64::new(7);
    let mut steps = 0;
    while !m.is_over() {
        let seat = m.to_act().first().unwrap_or(4);
        let a = common_mcr::choose(m.round(), seat, &mut rng);
        m.play(seat, a).unwrap();
        steps += 1;
        assert!(steps < 100_000);
    }
    let starts: Vec<(String, u8)> = m
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::StartKyoku { bakaze, oya, .. } => Some((bakaze.to_string(), *oya)),
            _ => None,
        })
        .collect();
    assert_eq!(starts.len(), 16);
    for (i, (wind, oya)) in starts.iter().enumerate() {
        assert_eq!(*oya, (i % 4) as u8, "hand {i}");
        let want = MjaiTile::kind(Tile::new(27 + (i / 4) as u8).unwrap()).to_string();
        assert_eq!(*wind, want, "hand {i}");
    }
    let res = m.result().unwrap();
    assert_eq!(res.rounds, 16);
    assert_eq!(res.scores.iter().sum::<i32>(), 0);
    let summed: [i32; 4] = m.history().iter().fold([0; 4], |mut acc, h| {
        for (a, d) in acc.iter_mut().zip(h.deltas) {
            *a += d;
        }
        acc
    });
    assert_eq!(summed, res.scores);
    for h in m.history() {
        if matches!(h.end, RoundEnd::Draw { .. }) {
            assert_eq!(h.deltas, [0; 4]);
        }
    }
}

/// Restored state is checked: an MCR wall sequence that is not one is refused, and an explicit
/// wall of the wrong size or with a repeated id is an error, not a panic.
#[test]
fn bad_mcr_walls_are_errors() {
    assert!(serde_json::from_str::<mj_game::McrWall>(r#"{"seq":[1,2,3]}"#).is_err());
    let mut seq: Vec<u8> = (0..144).collect();
    assert!(serde_json::from_str::<mj_game::McrWall>(&format!(r#"{{"seq":{seq:?}}}"#)).is_ok());
    seq[5] = 6;
    let setup = RoundSetup::first(0);
    assert!(Round::try_new_mcr(GameRules::mcr(), setup, &seq, false).is_err());
    assert!(Round::try_new_mcr(GameRules::mcr(), setup, &seq[..100], false).is_err());
    let no_flowers: Vec<u8> = (0..136).collect();
    // 136 tiles need the rules without flowers.
    assert!(Round::try_new_mcr(GameRules::mcr(), setup, &no_flowers, false).is_err());
    let rules = {
        let mut r = GameRules::mcr();
        r.mcr.mcr_flowers = false;
        r
    };
    let r = Round::try_new_mcr(rules, setup, &no_flowers, false).unwrap();
    assert_eq!(r.tiles_accounted(), 136);
    assert!(Round::try_new_mcr(GameRules::sichuan(), setup, &no_flowers, false).is_err());
}
