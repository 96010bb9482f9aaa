//! One textbook scenario per riichi rule of the engine's rules table (`src/lib.rs`), on
//! constructed walls, under Tenhou's rules (`GameRules::tenhou`) unless a test says otherwise;
//! the match rules (`next_round`, `final_result`, `final_points`) as pure functions.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_game::game::{Next, next_round};
use mj_game::{
    Action, DrawKind, GameRules, Length, Phase, Round, RoundEnd, RoundSetup, Wall,
    round::ClaimSource,
};
use mj_tiles::notation::parse_pieces;

mod common;
use common::*;

fn kind(text: &str) -> u8 {
    parse_pieces(text).unwrap()[0].tile().as_u8()
}

fn yaku(r: &Round, k: usize) -> Vec<String> {
    let RoundEnd::Wins(wins) = &r.result().unwrap().end else {
        panic!("{:?}", r.result())
    };
    wins[k]
        .score
        .yaku
        .iter()
        .map(|(n, _)| n.to_string())
        .collect()
}

/// Tsumogiri for every turn and a pass on every claim until the round ends.
#[allow(dead_code)]
fn draw_out(r: &mut Round) {
    for _ in 0..1000 {
        if r.is_over() {
            return;
        }
        let s = r.to_act().trailing_zeros() as u8;
        let a = match r.phase() {
            Phase::Turn { .. } => Action::Discard {
                tile: r.drawn().unwrap(),
            },
            _ => Action::Pass,
        };
        r.play(s, a).unwrap();
    }
    panic!("the round never ended");
}

fn riichi_drawn(r: &mut Round, seat: u8) {
    let tile = r.drawn().unwrap();
    assert!(
        r.legal_actions(seat).contains(&Action::Riichi { tile }),
        "seat {seat}: {:?}",
        r.legal_actions(seat)
    );
    r.play(seat, Action::Riichi { tile }).unwrap();
}

/// 四家立直: the fourth riichi discard, when nobody wins on it, aborts the round; the four
/// sticks stay on the table for the next round, whose dealer repeats with one more honba.
#[test]
fn four_riichi_abort_and_the_fourth_stick_stays() {
    let w = wall(
        [
            "1m2m3m4m5m6m7m8m9m1p1p2p3p",
            "1s2s3s4s5s6s7s8s9s2p2p5p6p",
            "2m3m4m6m7m8m3s4s5s7p8p9p9p",
            "3m4m5m6s7s8s5p6p7p1z1z2z2z",
        ],
        "5z5z5z6z",
        "9s",
        "",
    );
    let mut r = round(w);
    for s in 0..4u8 {
        tsumogiri_until(&mut r, s);
        riichi_drawn(&mut r, s);
    }
    let res = r.result().unwrap().clone();
    assert_eq!(
        res.end,
        RoundEnd::Draw {
            kind: DrawKind::FourRiichi,
            tenpai: [false; 4]
        }
    );
    assert_eq!(res.sticks, 4, "all four sticks stay on the table");
    assert_eq!(res.scores, [24000; 4]);
    assert_eq!(res.deltas, [0; 4]);
    assert!(res.dealer_keeps);
    let Next::Continue(next) = next_round(&GameRules::tenhou(), Length::Hanchan, r.setup(), &res)
    else {
        panic!()
    };
    assert_eq!((next.dealer, next.honba, next.sticks), (0, 1, 4));
}

/// Three hands for the triple-ron scenario: seat 0 discards 4p, which all three others wait on
/// (seat 1 ittsuu + pinfu 3 han 30 fu, seat 2 tanyao tanki 1 han 40 fu, seat 3 tanyao pinfu
/// 2 han 30 fu).
fn triple_ron_round(rules: GameRules) -> Round {
    let w = wall(
        [
            "4p9m9m1p7p9s1z2z3z4z5z6z7z",
            "1s2s3s4s5s6s7s8s9s2p2p5p6p",
            "2m3m4m6m7m8m3s4s5s6p7p8p4p",
            "3m4m5m2s3s4s6s7s8s5p6p8m8m",
        ],
        "1z",
        "9p",
        "",
    );
    let mut r = Round::new(rules, RoundSetup::first(25000), w, false);
    let t = held(&r, 0, "4p");
    r.play(0, Action::Discard { tile: t }).unwrap();
    for s in 1..4u8 {
        assert!(r.legal_actions(s).contains(&Action::Ron), "seat {s}");
        r.play(s, Action::Ron).unwrap();
    }
    r
}

/// 三家和: three rons on one discard abort the round under Tenhou's rules (no payment, the
/// dealer repeats).
#[test]
fn triple_ron_aborts_under_tenhou() {
    let r = triple_ron_round(GameRules::tenhou());
    let res = r.result().unwrap();
    assert_eq!(
        res.end,
        RoundEnd::Draw {
            kind: DrawKind::TripleRon,
            tenpai: [false; 4]
        }
    );
    assert_eq!(res.deltas, [0; 4]);
    assert!(res.dealer_keeps);
}

/// Mahjong Soul has no 三家和: all three win and the discarder pays each.
#[test]
fn triple_ron_pays_three_winners_under_mahjong_soul() {
    let r = triple_ron_round(GameRules::mahjong_soul());
    let res = r.result().unwrap();
    let RoundEnd::Wins(wins) = &res.end else {
        panic!("{res:?}")
    };
    assert_eq!(
        wins.iter().map(|w| w.seat).collect::<Vec<_>>(),
        [1, 2, 3],
        "turn order from the discarder"
    );
    assert_eq!(res.deltas, [-7200, 3900, 1300, 2000]);
    assert!(!res.dealer_keeps);
}

/// Hands for the furiten scenarios: seat 3 waits on 4p-7p (tanyao pinfu); seat 0 holds 4p and
/// 7p, seat 1 holds 7p; the draws are honors nobody can use.
fn furiten_wall() -> Wall {
    wall(
        [
            "4p7p9m9m1p1s9s1z2z3z4z5z6z",
            "2m5m8m2p5p7p2s5s8s1z2z3z4z",
            "3m6m9m3p6p9p3s6s9s1z2z3z4z",
            "3m4m5m2s3s4s6s7s8s5p6p8m8m",
        ],
        "5z5z6z6z7z7z7z7z",
        "9s",
        "",
    )
}

/// Temporary furiten (同巡内フリテン): a seat that passes a winning tile may not ron until its
/// own next discard, even on another tile of its wait; after that discard it may.
#[test]
fn temporary_furiten_lasts_until_the_own_next_discard() {
    let mut r = round(furiten_wall());
    let t = held(&r, 0, "4p");
    r.play(0, Action::Discard { tile: t }).unwrap();
    assert!(r.legal_actions(3).contains(&Action::Ron));
    r.play(3, Action::Pass).unwrap();
    assert!(r.player(3).is_furiten());
    tsumogiri_until(&mut r, 1);
    let t = held(&r, 1, "7p");
    r.play(1, Action::Discard { tile: t }).unwrap();
    assert!(!r.legal_actions(3).contains(&Action::Ron));
    refuse(&mut r, 3, Action::Ron);
    tsumogiri_until(&mut r, 3);
    r.play(
        3,
        Action::Discard {
            tile: r.drawn().unwrap(),
        },
    )
    .unwrap();
    assert!(!r.player(3).is_furiten(), "cleared by its own discard");
    tsumogiri_until(&mut r, 0);
    let t = held(&r, 0, "7p");
    r.play(0, Action::Discard { tile: t }).unwrap();
    assert!(r.legal_actions(3).contains(&Action::Ron));
    r.play(3, Action::Ron).unwrap();
    assert!(r.is_over());
}

/// Riichi furiten: a seat in riichi that passes a winning tile is furiten for the rest of the
/// round, its own discards notwithstanding.
#[test]
fn riichi_furiten_lasts_the_round() {
    let mut r = round(furiten_wall());
    r.play(
        0,
        Action::Discard {
            tile: r.drawn().unwrap(),
        },
    )
    .unwrap();
    tsumogiri_until(&mut r, 3);
    riichi_drawn(&mut r, 3);
    tsumogiri_until(&mut r, 0);
    let t = held(&r, 0, "4p");
    r.play(0, Action::Discard { tile: t }).unwrap();
    assert!(r.legal_actions(3).contains(&Action::Ron));
    r.play(3, Action::Pass).unwrap();
    tsumogiri_until(&mut r, 3);
    r.play(
        3,
        Action::Discard {
            tile: r.drawn().unwrap(),
        },
    )
    .unwrap();
    assert!(r.player(3).is_furiten(), "still furiten after its discard");
    tsumogiri_until(&mut r, 0);
    let t = held(&r, 0, "7p");
    r.play(0, Action::Discard { tile: t }).unwrap();
    assert!(!r.legal_actions(3).contains(&Action::Ron));
    refuse(&mut r, 3, Action::Ron);
}

/// Riichi needs `riichi_min_tiles` (4) live tiles left: offered with 5 or 4 left, refused with
/// 1 or 0 (seats 0 and 1 hold ready hands and throw every draw).
#[test]
fn riichi_needs_four_live_tiles() {
    let mut r = round(wall(
        [
            "2m3m4m2p3p4p2s3s4s6s6s7z7z",
            "3m4m5m2s3s4s6s7s8s5p6p8m8m",
            FILLER[2],
            FILLER[3],
        ],
        "",
        "9p",
        "",
    ));
    let offered = |r: &Round, s: u8| {
        r.legal_actions(s)
            .iter()
            .any(|a| matches!(a, Action::Riichi { .. }))
    };
    let mut seen = Vec::new();
    while !r.is_over() {
        let s = r.to_act().trailing_zeros() as u8;
        if let Phase::Turn { .. } = r.phase() {
            if s < 2 && r.live_left() <= 5 {
                seen.push((s, r.live_left(), offered(&r, s)));
                if !offered(&r, s) {
                    let tile = r.drawn().unwrap();
                    refuse(&mut r, s, Action::Riichi { tile });
                }
            }
            let tile = r.drawn().unwrap();
            r.play(s, Action::Discard { tile }).unwrap();
        } else {
            r.play(s, Action::Pass).unwrap();
        }
    }
    assert_eq!(
        seen,
        [(0, 5, true), (1, 4, true), (0, 1, false), (1, 0, false)]
    );
}

/// Ippatsu: a riichi (a later one: the first go-around is double riichi) won before the declarer's next draw with no call in between has ippatsu;
/// any call (here a pon) in between breaks it.
#[test]
fn ippatsu_is_broken_by_a_call() {
    let w = || {
        wall(
            [
                "4p9m9m1p7p1s9s1z2z3z4z5z6z",
                "3m4m5m2s3s4s6s7s8s5p6p8m8m",
                FILLER[2],
                FILLER[3],
            ],
            "7z7z7z7z5z6z",
            "9s",
            "",
        )
    };
    for call in [false, true] {
        let mut r = round(w());
        r.play(
            0,
            Action::Discard {
                tile: r.drawn().unwrap(),
            },
        )
        .unwrap();
        tsumogiri_until(&mut r, 1);
        // Not on the first go-around (that would be a double riichi).
        r.play(
            1,
            Action::Discard {
                tile: r.drawn().unwrap(),
            },
        )
        .unwrap();
        tsumogiri_until(&mut r, 1);
        riichi_drawn(&mut r, 1);
        tsumogiri_until(&mut r, 2);
        if call {
            let t = held(&r, 2, "9m");
            r.play(2, Action::Discard { tile: t }).unwrap();
            let mine: Vec<u8> = r.player(0).hand_ids().filter(|i| i / 4 == 8).collect();
            r.play(
                0,
                Action::Pon {
                    tiles: [mine[0], mine[1]],
                },
            )
            .unwrap();
        } else {
            tsumogiri_until(&mut r, 0);
        }
        let t = held(&r, 0, "4p");
        r.play(0, Action::Discard { tile: t }).unwrap();
        r.play(1, Action::Ron).unwrap();
        let y = yaku(&r, 0);
        assert!(y.iter().any(|n| n == "riichi"), "{y:?}");
        assert_eq!(y.iter().any(|n| n == "ippatsu"), !call, "{y:?}");
    }
}

/// Haitei (tsumo on the last live tile) and houtei (ron on the last discard); the last discard
/// may only be won on, not called.
#[test]
fn haitei_and_houtei() {
    let w = wall_ending(
        [
            FILLER[0],
            "1m2m3m4m5m6m7m8m9m1p2p3p7z",
            "1s2s3s4s5s6s7s8s9s1p2p3p7z",
            "1m4m7m1p4p7p1s4s7s5z6z5z7z",
        ],
        "",
        "9p",
        "",
        "7z",
    );
    let mut r = round(w);
    tsumogiri_until(&mut r, 1);
    while r.live_left() > 0 {
        r.play(
            1,
            Action::Discard {
                tile: r.drawn().unwrap(),
            },
        )
        .unwrap();
        tsumogiri_until(&mut r, 1);
    }
    assert_eq!(r.drawn().map(|d| d / 4), Some(kind("7z")));
    let mut houtei = r.clone();
    r.play(1, Action::Tsumo).unwrap();
    let y = yaku(&r, 0);
    assert!(y.iter().any(|n| n == "haitei"), "{y:?}");
    houtei
        .play(
            1,
            Action::Discard {
                tile: houtei.drawn().unwrap(),
            },
        )
        .unwrap();
    assert!(houtei.legal_actions(2).contains(&Action::Ron));
    assert!(
        !houtei
            .legal_actions(3)
            .iter()
            .any(|a| matches!(a, Action::Pon { .. })),
        "no call on the last discard"
    );
    houtei.play(2, Action::Ron).unwrap();
    let y = yaku(&houtei, 0);
    assert!(y.iter().any(|n| n == "houtei"), "{y:?}");
}

/// Rinshan kaihou: a win on the replacement tile of a kan.
#[test]
fn rinshan_kaihou() {
    let w = wall(
        [
            "7z7z7z7z1m2m3m4p5p6p8s8s9s",
            FILLER[1],
            FILLER[2],
            FILLER[3],
        ],
        "9s",
        "9p",
        "8s",
    );
    let mut r = round(w);
    r.play(0, Action::Ankan { kind: kind("7z") }).unwrap();
    assert!(r.legal_actions(0).contains(&Action::Tsumo));
    r.play(0, Action::Tsumo).unwrap();
    let y = yaku(&r, 0);
    assert!(y.iter().any(|n| n == "rinshan"), "{y:?}");
}

/// Chankan on a closed kan: only thirteen orphans may rob it (`chankan_ankan_kokushi`).
#[test]
fn a_closed_kan_is_robbed_only_by_thirteen_orphans() {
    let w = wall(
        [
            "7z7z7z7z2m3m4m4p5p6p6s6s8s",
            "1m9m1p9p1s9s1z2z3z4z5z6z1m",
            FILLER[2],
            FILLER[3],
        ],
        "5z",
        "9p",
        "8s",
    );
    let mut r = round(w);
    r.play(0, Action::Ankan { kind: kind("7z") }).unwrap();
    assert!(matches!(
        r.phase(),
        Phase::Claims(c) if c.source == ClaimSource::Ankan
    ));
    assert!(r.legal_actions(1).contains(&Action::Ron));
    r.play(1, Action::Ron).unwrap();
    let y = yaku(&r, 0);
    assert!(y.iter().any(|n| n == "kokushi"), "{y:?}");
    assert_eq!(r.result().unwrap().deltas, [-32000, 32000, 0, 0]);
}

/// A closed kan of a kind another seat waits on with an ordinary hand is not robbed.
#[test]
fn a_closed_kan_is_not_robbed_by_an_ordinary_hand() {
    let w = wall(
        [
            "0m5m5m5m1p2p3p7p8p9p1s1s9s",
            "4m6m2p3p4p2s3s4s6s7s8s9s9s",
            FILLER[2],
            FILLER[3],
        ],
        "5z",
        "9p",
        "1z",
    );
    let mut r = round(w);
    r.play(0, Action::Ankan { kind: kind("5m") }).unwrap();
    assert!(!r.legal_actions(1).contains(&Action::Ron));
    assert!(matches!(
        r.phase(),
        Phase::Turn {
            seat: 0,
            rinshan: true,
            ..
        }
    ));
}

/// Double riichi: a riichi on the first uninterrupted discard.
#[test]
fn double_riichi() {
    let w = wall(
        [
            "2m3m4m2p3p4p2s3s4s6s6s7z7z",
            "2m5m8m2p5p8p2s5s8s1z2z3z7z",
            FILLER[2],
            FILLER[3],
        ],
        "1z",
        "9p",
        "",
    );
    let mut r = round(w);
    riichi_drawn(&mut r, 0);
    tsumogiri_until(&mut r, 1);
    let t = held(&r, 1, "7z");
    r.play(1, Action::Discard { tile: t }).unwrap();
    r.play(0, Action::Ron).unwrap();
    let y = yaku(&r, 0);
    assert!(y.iter().any(|n| n == "double_riichi"), "{y:?}");
    assert!(!y.iter().any(|n| n == "riichi"), "{y:?}");
}
