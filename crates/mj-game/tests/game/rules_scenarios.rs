//! One textbook scenario per riichi rule of the engine's rules table (`src/lib.rs`), on
//! constructed walls, under Tenhou's rules (`GameRules::tenhou`) unless a test says otherwise;
//! the match rules (`next_round`, `final_result`, `final_points`) as pure functions.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_game::game::{Next, final_points, final_result, next_round};
use mj_game::{
    Action, DrawKind, GameRules, Length, Match, Phase, Round, RoundEnd, RoundResult, RoundSetup,
    Wall, WallSource, round::ClaimSource,
};
use mj_tiles::notation::parse_pieces;

use crate::common;

use common::*;
use common::{tid, tkind};

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
fn draw_out(r: &mut Round) {
    for _ in 0..1000 {
        if r.is_over() {
            return;
        }
        tsumogiri_step(r);
    }
    panic!("the round never ended");
}

fn riichi_drawn(r: &mut Round, seat: u8) {
    let tile = r.drawn().unwrap();
    assert!(
        r.legal_actions(seat)
            .contains(&Action::Riichi { tile: tid(tile) }),
        "seat {seat}: {:?}",
        r.legal_actions(seat)
    );
    r.play(seat, Action::Riichi { tile: tid(tile) }).unwrap();
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
    triple_ron_round_from(rules, RoundSetup::first(25000))
}

fn triple_ron_round_from(rules: GameRules, setup: RoundSetup) -> Round {
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
    let mut r = Round::new(rules, setup, w, false);
    let t = held(&r, 0, "4p");
    r.play(0, Action::Discard { tile: tid(t) }).unwrap();
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

/// Several rons: the honba (300 each) and the riichi sticks on the table go to the first winner
/// in turn order from the discarder only (`honba_to_first_winner`).
#[test]
fn honba_and_sticks_go_to_the_first_of_several_winners() {
    let setup = RoundSetup {
        honba: 2,
        sticks: 1,
        ..RoundSetup::first(25000)
    };
    let r = triple_ron_round_from(GameRules::mahjong_soul(), setup);
    let res = r.result().unwrap();
    assert_eq!(res.deltas, [-7800, 3900 + 600 + 1000, 1300, 2000]);
    assert_eq!(res.sticks, 0);
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
    r.play(0, Action::Discard { tile: tid(t) }).unwrap();
    assert!(r.legal_actions(3).contains(&Action::Ron));
    r.play(3, Action::Pass).unwrap();
    assert!(r.player(3).is_furiten());
    tsumogiri_until(&mut r, 1);
    let t = held(&r, 1, "7p");
    r.play(1, Action::Discard { tile: tid(t) }).unwrap();
    assert!(!r.legal_actions(3).contains(&Action::Ron));
    refuse(&mut r, 3, Action::Ron);
    tsumogiri_until(&mut r, 3);
    discard_drawn(&mut r, 3);
    assert!(!r.player(3).is_furiten(), "cleared by its own discard");
    tsumogiri_until(&mut r, 0);
    let t = held(&r, 0, "7p");
    r.play(0, Action::Discard { tile: tid(t) }).unwrap();
    assert!(r.legal_actions(3).contains(&Action::Ron));
    r.play(3, Action::Ron).unwrap();
    assert!(r.is_over());
}

/// Riichi furiten: a seat in riichi that passes a winning tile is furiten for the rest of the
/// round, its own discards notwithstanding.
#[test]
fn riichi_furiten_lasts_the_round() {
    let mut r = round(furiten_wall());
    discard_drawn(&mut r, 0);
    tsumogiri_until(&mut r, 3);
    riichi_drawn(&mut r, 3);
    tsumogiri_until(&mut r, 0);
    let t = held(&r, 0, "4p");
    r.play(0, Action::Discard { tile: tid(t) }).unwrap();
    assert!(r.legal_actions(3).contains(&Action::Ron));
    r.play(3, Action::Pass).unwrap();
    tsumogiri_until(&mut r, 3);
    discard_drawn(&mut r, 3);
    assert!(r.player(3).is_furiten(), "still furiten after its discard");
    tsumogiri_until(&mut r, 0);
    let t = held(&r, 0, "7p");
    r.play(0, Action::Discard { tile: tid(t) }).unwrap();
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
        let s = r.to_act().first().unwrap_or(4);
        if let Phase::Turn { .. } = r.phase() {
            if s < 2 && r.live_left() <= 5 {
                seen.push((s, r.live_left(), offered(&r, s)));
                if !offered(&r, s) {
                    let tile = r.drawn().unwrap();
                    refuse(&mut r, s, Action::Riichi { tile: tid(tile) });
                }
            }
            let tile = r.drawn().unwrap();
            r.play(s, Action::Discard { tile: tid(tile) }).unwrap();
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
        discard_drawn(&mut r, 0);
        tsumogiri_until(&mut r, 1);
        // Not on the first go-around (that would be a double riichi).
        discard_drawn(&mut r, 1);
        tsumogiri_until(&mut r, 1);
        riichi_drawn(&mut r, 1);
        tsumogiri_until(&mut r, 2);
        if call {
            let t = held(&r, 2, "9m");
            r.play(2, Action::Discard { tile: tid(t) }).unwrap();
            let mine: Vec<u8> = r.player(0).hand_ids().filter(|i| i / 4 == 8).collect();
            r.play(
                0,
                Action::Pon {
                    tiles: [tid(mine[0]), tid(mine[1])],
                },
            )
            .unwrap();
        } else {
            tsumogiri_until(&mut r, 0);
        }
        let t = held(&r, 0, "4p");
        r.play(0, Action::Discard { tile: tid(t) }).unwrap();
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
        discard_drawn(&mut r, 1);
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
                tile: tid(houtei.drawn().unwrap()),
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
    r.play(
        0,
        Action::Ankan {
            kind: tkind(kind("7z")),
        },
    )
    .unwrap();
    assert!(r.legal_actions(0).contains(&Action::Tsumo));
    r.play(0, Action::Tsumo).unwrap();
    let y = yaku(&r, 0);
    assert!(y.iter().any(|n| n == "rinshan"), "{y:?}");
}

/// Seat 0 (the dealer) holds four 7z for a closed kan; seat 1 waits on 7z with thirteen
/// orphans.
fn closed_kan_against_thirteen_orphans() -> Wall {
    wall(
        [
            "7z7z7z7z2m3m4m4p5p6p6s6s8s",
            "1m9m1p9p1s9s1z2z3z4z5z6z1m",
            FILLER[2],
            FILLER[3],
        ],
        "5z",
        "9p",
        "8s",
    )
}

/// Chankan on a closed kan: only thirteen orphans may rob it (`chankan_ankan_kokushi`).
#[test]
fn a_closed_kan_is_robbed_only_by_thirteen_orphans() {
    let w = closed_kan_against_thirteen_orphans();
    let mut r = round(w);
    r.play(
        0,
        Action::Ankan {
            kind: tkind(kind("7z")),
        },
    )
    .unwrap();
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

/// Without `chankan_ankan_kokushi` not even thirteen orphans robs a closed kan.
#[test]
fn no_kokushi_chankan_on_a_closed_kan_when_switched_off() {
    let w = closed_kan_against_thirteen_orphans();
    let rules = {
        let mut r = GameRules::tenhou();
        r.riichi.chankan_ankan_kokushi = false;
        r
    };
    let mut r = Round::new(rules, RoundSetup::first(25000), w, false);
    r.play(
        0,
        Action::Ankan {
            kind: tkind(kind("7z")),
        },
    )
    .unwrap();
    assert_not_robbed(&r);
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
    r.play(
        0,
        Action::Ankan {
            kind: tkind(kind("5m")),
        },
    )
    .unwrap();
    assert_not_robbed(&r);
}

/// Seat 1 may not ron seat 0's closed kan, and seat 0 draws its replacement tile.
fn assert_not_robbed(r: &Round) {
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
    r.play(1, Action::Discard { tile: tid(t) }).unwrap();
    r.play(0, Action::Ron).unwrap();
    let y = yaku(&r, 0);
    assert!(y.iter().any(|n| n == "double_riichi"), "{y:?}");
    assert!(!y.iter().any(|n| n == "riichi"), "{y:?}");
}

const PLAIN: [&str; 2] = ["3m6m9m3p6p9p3s6s9s2m5m8m8m", "1m4m7m1p4p7p1s4s7s2p5p8p8p"];

/// 四開槓: a fourth kan when the kans are by two or more seats aborts the round once the discard
/// after it is not won on.
#[test]
fn four_kans_by_two_seats_abort() {
    let w = wall(
        [
            "7z7z7z7z6z6z6z6z1m2m3m4p5p",
            "5z5z5z5z4z4z4z4z1s2s3s4p6p",
            PLAIN[0],
            PLAIN[1],
        ],
        "9s3z",
        "9p",
        "1z1z2z2z",
    );
    let mut r = round(w);
    r.play(
        0,
        Action::Ankan {
            kind: tkind(kind("7z")),
        },
    )
    .unwrap();
    r.play(
        0,
        Action::Ankan {
            kind: tkind(kind("6z")),
        },
    )
    .unwrap();
    discard_drawn(&mut r, 0);
    tsumogiri_until(&mut r, 1);
    r.play(
        1,
        Action::Ankan {
            kind: tkind(kind("5z")),
        },
    )
    .unwrap();
    r.play(
        1,
        Action::Ankan {
            kind: tkind(kind("4z")),
        },
    )
    .unwrap();
    assert_eq!(r.kans(), 4);
    assert!(!r.is_over(), "the abort waits for the discard");
    discard_drawn(&mut r, 1);
    tsumogiri_until(&mut r, 2);
    let res = r.result().unwrap();
    assert_eq!(
        res.end,
        RoundEnd::Draw {
            kind: DrawKind::FourKans,
            tenpai: [false; 4]
        }
    );
    assert!(res.dealer_keeps);
}

/// One seat's four kans do not abort: it may go on to suukantsu (here offered on the fourth
/// replacement tile; the seat declines and the round goes on).
#[test]
fn four_kans_by_one_seat_do_not_abort() {
    let w = wall(
        [
            "7z7z7z7z6z6z6z6z5z5z5z5z1m",
            "2m5m8m2p5p8p2s5s8s1z2z3z3z",
            PLAIN[0],
            PLAIN[1],
        ],
        "4z",
        "9p",
        "4z4z4z1m",
    );
    let mut r = round(w);
    for k in ["7z", "6z", "5z", "4z"] {
        r.play(
            0,
            Action::Ankan {
                kind: tkind(kind(k)),
            },
        )
        .unwrap();
    }
    assert_eq!(r.kans(), 4);
    assert!(r.legal_actions(0).contains(&Action::Tsumo));
    let mut won = r.clone();
    won.play(0, Action::Tsumo).unwrap();
    assert!(yaku(&won, 0).iter().any(|n| n == "suukantsu"));
    discard_drawn(&mut r, 0);
    tsumogiri_until(&mut r, 2);
    assert!(!r.is_over());
}

/// Nagashi mangan: at the exhaustive draw, a seat whose river is all terminals and honors
/// (none called) is paid a mangan tsumo, instead of the tenpai payments.
#[test]
fn nagashi_mangan() {
    let terminal = |id: u8| {
        let k = id / 4;
        k >= 27 || k.is_multiple_of(9) || k % 9 == 8
    };
    let mut w = [255u8; 136];
    let mut used = [false; 136];
    // Seat 1 draws the 2nd, 6th, ... live tiles: all honors and terminals.
    let th: Vec<u8> = (0..136u8).rev().filter(|&i| terminal(i)).collect();
    for (n, j) in (1..70usize).step_by(4).enumerate() {
        w[83 - j] = th[n];
        used[usize::from(th[n])] = true;
    }
    let mut rest = (0..136u8).filter(|&i| !used[usize::from(i)]);
    for slot in w.iter_mut() {
        if *slot == 255 {
            *slot = rest.next().unwrap();
        }
    }
    let mut r = round(Wall::from_ids(&w).unwrap());
    draw_out(&mut r);
    let res = r.result().unwrap();
    assert!(
        matches!(
            res.end,
            RoundEnd::Draw {
                kind: DrawKind::NagashiMangan,
                ..
            }
        ),
        "{res:?}"
    );
    assert_eq!(res.deltas, [-4000, 8000, -2000, -2000]);
}

fn ready_dealer_round(dealer_ready: bool) -> Round {
    let dealer = if dealer_ready {
        "2m3m4m2p3p4p2s3s4s6s6s7z7z"
    } else {
        FILLER[0]
    };
    let mut r = round(wall(
        [dealer, FILLER[1], FILLER[2], FILLER[3]],
        "",
        "9p",
        "",
    ));
    draw_out(&mut r);
    r
}

/// The dealer repeats (連荘) with one more honba after its own win.
#[test]
fn dealer_win_repeats_with_a_honba() {
    let mut r = round(wall(
        ["123m456p789s6677z", FILLER[1], FILLER[2], FILLER[3]],
        "7z",
        "9m",
        "",
    ));
    r.play(0, Action::Tsumo).unwrap();
    let setup = RoundSetup {
        honba: 2,
        ..*r.setup()
    };
    let Next::Continue(next) = next_round(
        &GameRules::tenhou(),
        Length::Hanchan,
        &setup,
        r.result().unwrap(),
    ) else {
        panic!()
    };
    assert_eq!((next.round_wind, next.dealer, next.honba), (0, 0, 3));
    assert_eq!(next.scores, r.result().unwrap().scores);
}

/// A non-dealer win passes the deal on and the honba go back to 0.
#[test]
fn non_dealer_win_passes_the_deal_and_clears_the_honba() {
    let r = triple_ron_round(GameRules::mahjong_soul());
    let setup = RoundSetup {
        honba: 2,
        ..*r.setup()
    };
    let Next::Continue(next) = next_round(
        &GameRules::mahjong_soul(),
        Length::Hanchan,
        &setup,
        r.result().unwrap(),
    ) else {
        panic!()
    };
    assert_eq!((next.round_wind, next.dealer, next.honba), (0, 1, 0));
}

/// At an exhaustive draw the dealer repeats when ready and passes the deal when not; the
/// honba go up either way.
#[test]
fn exhaustive_draw_repeats_only_a_ready_dealer() {
    for ready in [true, false] {
        let r = ready_dealer_round(ready);
        let res = r.result().unwrap();
        let RoundEnd::Draw {
            kind: DrawKind::Exhaustive,
            tenpai,
        } = res.end
        else {
            panic!("{res:?}")
        };
        assert_eq!(tenpai[0], ready);
        assert_eq!(res.dealer_keeps, ready);
        let Next::Continue(next) =
            next_round(&GameRules::tenhou(), Length::Hanchan, r.setup(), res)
        else {
            panic!()
        };
        assert_eq!(
            (next.dealer, next.honba),
            (if ready { 0 } else { 1 }, 1),
            "ready {ready}"
        );
    }
}

fn draw_result(scores: [i32; 4], dealer_keeps: bool) -> RoundResult {
    RoundResult {
        end: RoundEnd::Draw {
            kind: DrawKind::Exhaustive,
            tenpai: [dealer_keeps, false, false, false],
        },
        deltas: [0; 4],
        scores,
        sticks: 1,
        dealer_keeps,
        sichuan: None,
    }
}

fn setup(round_wind: u8, dealer: u8) -> RoundSetup {
    RoundSetup {
        round_wind,
        dealer,
        ..RoundSetup::first(25000)
    }
}

/// Busting (飛び): a score below zero ends the match at once; exactly zero does not; without
/// `busting` the match goes on.
#[test]
fn busting_below_zero_ends_the_match() {
    let t = GameRules::tenhou();
    let res = draw_result([-100, 40000, 35100, 25000], false);
    assert_eq!(
        next_round(&t, Length::Hanchan, &setup(0, 1), &res),
        Next::End {
            scores: res.scores,
            sticks: 1
        }
    );
    let zero = draw_result([0, 40000, 35000, 25000], false);
    assert!(matches!(
        next_round(&t, Length::Hanchan, &setup(0, 1), &zero),
        Next::Continue(_)
    ));
    let no_bust = {
        let mut r = t;
        r.riichi.busting = false;
        r
    };
    assert!(matches!(
        next_round(&no_bust, Length::Hanchan, &setup(0, 1), &res),
        Next::Continue(_)
    ));
}

/// Agari-yame / tenpai-yame: in the last round (South 4) the dealer's repeat as first with at
/// least `target` ends the match; not first, it goes on.
#[test]
fn agari_yame_ends_the_last_round() {
    let t = GameRules::tenhou();
    let south4 = setup(1, 3);
    let first = draw_result([20000, 20000, 24000, 35000], true);
    assert!(matches!(
        next_round(&t, Length::Hanchan, &south4, &first),
        Next::End { .. }
    ));
    let second = draw_result([36000, 20000, 20000, 23000], true);
    let Next::Continue(next) = next_round(&t, Length::Hanchan, &south4, &second) else {
        panic!()
    };
    assert_eq!((next.round_wind, next.dealer, next.honba), (1, 3, 1));
    // The same repeat in South 3 is no last round: the match goes on.
    assert!(matches!(
        next_round(
            &t,
            Length::Hanchan,
            &setup(1, 2),
            &draw_result([20000, 20000, 35000, 24000], true)
        ),
        Next::Continue(_)
    ));
    let no_yame = {
        let mut r = t;
        r.riichi.agari_yame = false;
        r.riichi.tenpai_yame = false;
        r
    };
    assert!(matches!(
        next_round(&no_yame, Length::Hanchan, &south4, &first),
        Next::Continue(_)
    ));
}

/// The west-round extension (西入): nobody at `target` after South 4 plays West, sudden death:
/// the first round end with someone at `target` ends it, and West 4 is the last.
#[test]
fn west_round_extension() {
    let t = GameRules::tenhou();
    let low = draw_result([28000, 27000, 25000, 19000], false);
    let high = draw_result([31000, 27000, 25000, 16000], false);
    let Next::Continue(west1) = next_round(&t, Length::Hanchan, &setup(1, 3), &low) else {
        panic!()
    };
    assert_eq!((west1.round_wind, west1.dealer), (2, 0));
    assert!(matches!(
        next_round(&t, Length::Hanchan, &setup(1, 3), &high),
        Next::End { .. }
    ));
    assert!(matches!(
        next_round(&t, Length::Hanchan, &setup(2, 0), &low),
        Next::Continue(RoundSetup {
            round_wind: 2,
            dealer: 1,
            ..
        })
    ));
    assert!(matches!(
        next_round(&t, Length::Hanchan, &setup(2, 0), &high),
        Next::End { .. }
    ));
    assert!(matches!(
        next_round(&t, Length::Hanchan, &setup(2, 3), &low),
        Next::End { .. }
    ));
    // An east-only match extends into South.
    assert!(matches!(
        next_round(&t, Length::EastOnly, &setup(0, 3), &low),
        Next::Continue(RoundSetup {
            round_wind: 1,
            dealer: 0,
            ..
        })
    ));
    let no_ext = {
        let mut r = t;
        r.riichi.extension = false;
        r
    };
    assert!(matches!(
        next_round(&no_ext, Length::Hanchan, &setup(1, 3), &low),
        Next::End { .. }
    ));
}

/// Final points in tenths: Tenhou rounds each score to thousands (half away from zero), takes
/// `target` (30,000) off and adds the uma 20/10/-10/-20; the first takes the rest (oka).
/// Mahjong Soul: no rounding, uma 15/5/-5/-15.
#[test]
fn final_points_with_uma_and_oka() {
    let t = GameRules::tenhou();
    assert_eq!(
        final_points(&t, &[45000, 30000, 15000, 10000]),
        [550, 100, -250, -400]
    );
    assert_eq!(
        final_points(&t, &[40300, 30500, 24500, 4700]),
        [490, 110, -150, -450]
    );
    assert_eq!(
        final_points(&t, &[60500, 25000, 15000, -500]),
        [710, 50, -250, -510]
    );
    // Mahjong Soul: no rounding (the 100s stay), uma 15/5/-5/-15, a zero sum. Only the
    // differences between places are asserted: Mahjong Soul's published scores take 25,000
    // (no oka) off, while the engine takes `target` (30,000) off; left open here.
    let ms = final_points(&GameRules::mahjong_soul(), &[40300, 30500, 24500, 4700]);
    assert_eq!(ms.iter().sum::<i32>(), 0);
    assert_eq!(ms[1] - ms[2], (30500 - 24500) / 100 + 100);
    assert_eq!(ms[2] - ms[3], (24500 - 4700) / 100 + 100);
}

/// The final result: sticks left on the table go to the first place; equal scores rank by seat
/// order from the first dealer.
#[test]
fn final_result_gives_the_sticks_to_the_first() {
    let t = GameRules::tenhou();
    let res = final_result(&t, [30000, 30000, 22000, 16000], 2, 9);
    assert_eq!(res.scores, [32000, 30000, 22000, 16000]);
    assert_eq!(res.ranks, [1, 2, 3, 4]);
    assert_eq!(res.points_tenths.iter().sum::<i32>(), 0);
    assert_eq!(res.rounds, 9);
    let res = final_result(&t, [20000, 30000, 30000, 18000], 1, 8);
    assert_eq!(res.scores, [20000, 31000, 30000, 18000]);
    assert_eq!(res.ranks, [3, 1, 2, 4]);
}

/// Busting through `Match::play`: thirteen orphans robs the dealer's closed kan (32,000 from
/// 25,000) and the hanchan ends after its first round, the dealer last.
#[test]
fn a_match_ends_when_a_seat_busts() {
    let w = closed_kan_against_thirteen_orphans();
    let mut m = Match::new(
        GameRules::tenhou(),
        Length::Hanchan,
        WallSource::Given(vec![w]),
        false,
    );
    m.play(
        0,
        Action::Ankan {
            kind: tkind(kind("7z")),
        },
    )
    .unwrap();
    m.play(1, Action::Ron).unwrap();
    assert!(m.is_over());
    let res = m.result().unwrap();
    assert_eq!(res.scores, [-7000, 57000, 25000, 25000]);
    assert_eq!(res.ranks, [4, 1, 2, 3]);
    assert_eq!(res.rounds, 1);
    assert_eq!(res.points_tenths.iter().sum::<i32>(), 0);
}

/// The dealer's win through `Match::play`: the next round has the same dealer and one honba.
#[test]
fn a_match_repeats_the_dealer_after_its_win() {
    let w = wall(
        ["123m456p789s6677z", FILLER[1], FILLER[2], FILLER[3]],
        "7z",
        "9m",
        "",
    );
    let mut m = Match::new(
        GameRules::tenhou(),
        Length::Hanchan,
        WallSource::Given(vec![w.clone(), w]),
        false,
    );
    m.play(0, Action::Tsumo).unwrap();
    assert!(!m.is_over());
    let s = m.round().setup();
    assert_eq!((s.round_wind, s.dealer, s.honba), (0, 0, 1));
    assert_eq!(s.scores, [73000, 9000, 9000, 9000]);
}
