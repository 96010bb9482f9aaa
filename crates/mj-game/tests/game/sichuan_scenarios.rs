//! Textbook scenarios of the Sichuan flow, one per rule and payment, on walls built tile by
//! tile. The rules followed are the commonly published Chengdu 血战到底 ones (the text
//! 成都血战到底麻将算分规则, ppnav.com/38.html, that public Sichuan implementations cite; see
//! the crate docs' Sichuan table for each value):
//! 108 tiles of three suits, 换三张, 定缺 and its tiles discarded first, a hand holding the suit
//! given up cannot win, no chi, a winner leaves and the others play on, one discard may make
//! several winners (一炮多响), 刮风下雨 (直杠 2 from the discarder, 补杠 1 and 暗杠 2 from each
//! seat still playing), 杠上炮 呼叫转移, and at an exhaustive draw 查花猪, 查大叫 and 退税.
//! Expected fans come from `mj_score::sichuan`'s slow reference (or are worked out by hand in
//! the comments, and checked against it).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{Ids, discard_kind, kinds, pass_all, tid, tkind, to_move};
use mj_game::{
    Action, Event, Exchange, GameRules, IllegalAction, Phase, Round, RoundEnd, RoundSetup,
    SettleKind, Wall,
};
use mj_score::Win;
use mj_score::sichuan::{SichuanRules, Situation};
use mj_tiles::{MeldKind, Suit, Tile, TileCounts, TileId, TileSet};

/// A Sichuan wall: the four 13-tile hands (dealer seat 0 first), live draws by index (the
/// `i`-th draw of the round, the dealer's first being 0) and replacement tiles in order; every
/// other place gets the unused ids.
fn wall(hands: [&str; 4], draws: &[(usize, &str)], rinshan: &[&str]) -> Wall {
    let mut ids = Ids::EMPTY;
    let mut pos = [255u8; 136];
    let hands: Vec<Vec<Tile>> = hands.iter().map(|h| kinds(h)).collect();
    for h in &hands {
        assert_eq!(h.len(), 13);
    }
    ids.deal(&mut pos, &hands);
    for &(i, d) in draws {
        pos[83 - i] = ids.take(kinds(d)[0]);
    }
    for (i, d) in rinshan.iter().enumerate() {
        pos[28 + i] = ids.take(kinds(d)[0]);
    }
    let mut rest = (0..108u8).filter(|&id| !ids.used[usize::from(id)]);
    for p in (28..136).rev() {
        if pos[p] == 255 {
            pos[p] = rest.next().unwrap();
        }
    }
    Wall::sichuan_from_ids(&pos[28..]).unwrap()
}

fn rules() -> GameRules {
    {
        let mut r = GameRules::sichuan();
        r.sichuan.exchange = Exchange::Off;
        r
    }
}

fn round(rules: GameRules, w: Wall) -> Round {
    Round::new(rules, RoundSetup::first(0), w, true)
}

/// Every seat declares its lack (0 m, 1 p, 2 s).
fn declare(r: &mut Round, lacks: [u8; 4]) {
    assert_eq!(*r.phase(), Phase::DeclareLack);
    for s in 0..4u8 {
        r.play(
            s,
            Action::DeclareLack {
                suit: lacks[usize::from(s)],
            },
        )
        .unwrap();
    }
}

/// The seat to move discards the tile it drew.
fn tsumogiri(r: &mut Round) {
    let s = to_move(r);
    let d = r.drawn().unwrap();
    r.play(s, Action::Discard { tile: tid(d) }).unwrap();
}

fn settle_items(r: &Round) -> Vec<(SettleKind, u8, [i32; 4])> {
    r.settlement()
        .iter()
        .map(|i| (i.kind, i.actor, i.deltas))
        .collect()
}

/// The slow reference's fan of a hand (mpsz, winning tile included) won on `win`.
fn reference_fan(hand: &str, win: &str, tsumo: bool, sit: Situation) -> u32 {
    let counts = TileCounts::from_tiles(kinds(hand)).unwrap();
    let mut w = Win::new(counts, &[], kinds(win)[0]);
    w.tsumo = tsumo;
    mj_score::sichuan::reference::score(&w, &sit, &SichuanRules::COMMON)
        .unwrap()
        .fan
}

#[test]
fn the_deal_uses_108_suited_tiles_and_no_dead_wall() {
    let r = Round::new(
        GameRules::sichuan(),
        RoundSetup::first(0),
        Wall::sichuan_from_seed(9),
        false,
    );
    assert_eq!(*r.phase(), Phase::Exchange);
    assert_eq!(r.tiles_accounted(), 108);
    // 108 - 52 dealt: 56 to draw, none kept back (no dead wall, no dora).
    assert_eq!(r.live_left(), 56);
    assert_eq!(r.dora_indicators().count(), 0);
    for s in 0..4u8 {
        assert_eq!(r.player(s).hand_ids().count(), 13);
        assert!(r.player(s).hand_ids().all(|id| id < 108), "no honors");
    }
}

/// Ids of `seat`'s tiles of these kinds (one per listed kind, lowest copies first).
fn ids_of(r: &Round, seat: u8, t: &str) -> Vec<TileId> {
    let mut held: Vec<u8> = r.player(seat).hand_ids().collect();
    let mut out = Vec::new();
    for k in kinds(t) {
        let at = held.iter().position(|&i| i / 4 == k.as_u8()).unwrap();
        out.push(tid(held.remove(at)));
    }
    out
}

fn counts_of(r: &Round, seat: u8) -> TileCounts {
    TileCounts::from_tiles(r.player(seat).hand_ids().map(|i| Tile::new(i / 4).unwrap())).unwrap()
}

/// 换三张: three tiles of one suit go to the seat the direction names (here fixed: the next
/// seat); the other seats do not see them; a choice of two suits is refused and changes nothing.
#[test]
fn exchange_passes_three_tiles_of_one_suit() {
    let w = wall(
        [
            "1112345678999m",
            "1234567p112233s",
            "23456789s456p12m",
            "6788899p344556s",
        ],
        &[],
        &[],
    );
    let mut r = round(
        {
            let mut r = GameRules::sichuan();
            r.sichuan.exchange = Exchange::Next;
            r
        },
        w,
    );
    assert_eq!(*r.phase(), Phase::Exchange);
    assert_eq!(r.to_act().bits(), 0b1111);
    // Every legal choice is three tiles of one suit.
    for s in 0..4u8 {
        for a in r.legal_actions(s) {
            let Action::Exchange { tiles } = a else {
                panic!("{a}")
            };
            let suit = |i: TileId| i.tile().suit();
            assert!(tiles.iter().all(|&i| suit(i) == suit(tiles[0])), "{a}");
        }
    }
    let before = r.clone();
    let mixed = [
        ids_of(&r, 1, "1p")[0],
        ids_of(&r, 1, "1s")[0],
        ids_of(&r, 1, "2p")[0],
    ];
    assert!(r.play(1, Action::Exchange { tiles: mixed }).is_err());
    assert_eq!(r, before, "a refused exchange changes nothing");
    let choose = [(0, "111m"), (1, "123p"), (2, "234s"), (3, "678p")];
    for (s, t) in choose {
        let ids = ids_of(&r, s, t);
        r.play(
            s,
            Action::Exchange {
                tiles: [ids[0], ids[1], ids[2]],
            },
        )
        .unwrap();
        if s == 0 {
            assert!(matches!(
                r.play(
                    0,
                    Action::Exchange {
                        tiles: [ids[0], ids[1], ids[2]]
                    }
                ),
                Err(IllegalAction::NotYourTurn(0))
            ));
        }
    }
    assert_eq!(*r.phase(), Phase::DeclareLack);
    let want = |h: &str| TileCounts::from_tiles(kinds(h)).unwrap();
    assert_eq!(counts_of(&r, 0), want("2345678999m678p"));
    assert_eq!(counts_of(&r, 1), want("4567p112233s111m"));
    assert_eq!(counts_of(&r, 2), want("56789s456p12m123p"));
    assert_eq!(counts_of(&r, 3), want("8899p344556s234s"));
    assert_eq!(r.tiles_accounted(), 108);
    let ev: Vec<&Event> = r
        .events()
        .iter()
        .filter(|e| matches!(e, Event::Huansanzhang { .. }))
        .collect();
    assert_eq!(ev.len(), 4);
    let Event::Huansanzhang {
        actor: 0,
        target: 1,
        pai,
        direction,
    } = ev[0]
    else {
        panic!("{:?}", ev[0])
    };
    assert_eq!(direction, "next");
    assert_eq!(pai.map(|t| t.to_string()), ["1m", "1m", "1m"]);
    // Seat 2 neither gave nor received them: hidden.
    let Event::Huansanzhang { pai, .. } = ev[0].view(2) else {
        panic!()
    };
    assert!(pai.iter().all(|t| t.is_hidden()));
    let Event::Huansanzhang { pai, .. } = ev[0].view(1) else {
        panic!()
    };
    assert!(!pai[0].is_hidden());
}

/// The dice (from the wall) choose the direction: a sum of 0 modulo 3 across, 1 the next
/// seat, 2 the previous seat.
#[test]
fn the_dice_choose_the_exchange_direction() {
    let mut seen = [false; 3];
    for seed in 0..40 {
        let mut r = Round::new(
            GameRules::sichuan(),
            RoundSetup::first(0),
            Wall::sichuan_from_seed(seed),
            true,
        );
        let [a, b] = r.dice().unwrap();
        assert!((1..=6).contains(&a) && (1..=6).contains(&b));
        let (off, name) = match (a + b) % 3 {
            0 => (2, "across"),
            1 => (1, "next"),
            _ => (3, "previous"),
        };
        seen[usize::from((a + b) % 3)] = true;
        let given: Vec<[TileId; 3]> = (0..4u8)
            .map(|s| {
                let Action::Exchange { tiles } = r.legal_actions(s)[0] else {
                    panic!()
                };
                tiles
            })
            .collect();
        for s in 0..4u8 {
            r.play(
                s,
                Action::Exchange {
                    tiles: given[usize::from(s)],
                },
            )
            .unwrap();
        }
        for s in 0..4u8 {
            let to = (s + off) & 3;
            for id in given[usize::from(s)] {
                assert!(
                    r.player(to).hand_ids().any(|i| i == id.as_u8()),
                    "seed {seed}"
                );
            }
        }
        assert!(
            r.events()
                .iter()
                .any(|e| matches!(e, Event::Huansanzhang { direction, .. } if direction == name))
        );
    }
    assert_eq!(seen, [true; 3]);
}

/// 定缺: while the hand holds the suit given up only those tiles may be discarded, and a hand
/// holding it cannot win, even when its shape is complete.
#[test]
fn lack_tiles_go_first_and_block_a_win() {
    // Seat 0 gives up s and draws 2p: 123m 456m 789m 222p 11s is a complete shape.
    let w = wall(
        [
            "123456789m11s22p",
            "1112223334445m",
            "5556667778889p",
            "3334445556667s",
        ],
        &[(0, "2p")],
        &[],
    );
    let mut r = round(rules(), w);
    declare(&mut r, [2, 1, 0, 0]);
    assert_eq!(r.lack(0), Some(Suit::Sou));
    let legal = r.legal_actions(0);
    assert!(
        !legal.contains(&Action::Tsumo),
        "a hand holding its lacking suit cannot win"
    );
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, Action::Discard { tile } if tile.tile().as_u8() == 18)),
        "only 1s may go: {legal:?}"
    );
    let before = r.clone();
    let two_p = ids_of(&r, 0, "2p")[0];
    assert!(r.play(0, Action::Discard { tile: two_p }).is_err());
    assert!(r.play(0, Action::Tsumo).is_err());
    assert_eq!(r, before);
    // Without the rule any tile may go.
    let w2 = r.wall().clone();
    let mut r2 = round(
        {
            let mut r = rules();
            r.sichuan.lack_first = false;
            r
        },
        w2,
    );
    declare(&mut r2, [2, 1, 0, 0]);
    assert!(r2.play(0, Action::Discard { tile: two_p }).is_ok());
}

/// 一炮多响 and 血战到底: one discard wins for two seats, the discarder paying each; both
/// leave; the seat after the last winner draws next; a later self-draw is paid only by the
/// seats still playing; the round ends when one seat is left, with no draw settlement; the
/// next dealer is the discarder of a first win that had several winners.
#[test]
fn one_discard_two_winners_then_play_goes_on() {
    let w = wall(
        [
            "13579s1357p2468p",   // seat 0 gives up m
            "1122334466775m",     // seat 1: seven pairs waiting on 5m
            "234m888m99s34m678s", // seat 2: waiting on 2m-5m
            "234s567p999p12s88p", // seat 3: waiting on 3s
        ],
        &[
            (0, "1m"),
            (1, "9m"),
            (2, "5p"),
            (3, "5s"),
            (4, "5m"),
            (5, "3s"),
        ],
        &[],
    );
    let mut r = round(rules(), w);
    declare(&mut r, [0, 1, 1, 0]);
    for _ in 0..4 {
        tsumogiri(&mut r);
        pass_all(&mut r);
    }
    // Seat 0 drew 5m, a tile of the suit it gave up: it must go.
    assert_eq!(to_move(&r), 0);
    tsumogiri(&mut r);
    assert_eq!(r.to_act().bits(), 0b0110, "seats 1 and 2 may win on 5m");
    assert!(r.legal_actions(1).contains(&Action::Ron));
    r.play(2, Action::Ron).unwrap();
    r.play(1, Action::Ron).unwrap();
    // 11223344556677m: 清七对 4 fan (16); 234m 888m 345m 99s 678s: 平胡 0 fan (1).
    let f1 = reference_fan(
        "11223344556677m",
        "5m",
        false,
        Situation {
            lack: Some(Suit::Pin),
            ..Situation::default()
        },
    );
    let f2 = reference_fan(
        "234m888m345m99s678s",
        "5m",
        false,
        Situation {
            lack: Some(Suit::Pin),
            ..Situation::default()
        },
    );
    assert_eq!((f1, f2), (4, 0));
    assert_eq!(
        settle_items(&r),
        vec![
            (SettleKind::Win, 1, [-16, 16, 0, 0]),
            (SettleKind::Win, 2, [-1, 0, 1, 0]),
        ]
    );
    assert!(r.has_won(1) && r.has_won(2) && !r.is_over());
    assert!(r.legal_actions(1).is_empty() && r.legal_actions(2).is_empty());
    // The 5m went to the first winner in turn order.
    assert_eq!(r.player(1).hand_ids().count(), 14);
    assert_eq!(r.tiles_accounted(), 108);
    // Seat 3 (after the last winner) draws 3s and wins by self-draw: 平胡 + 自摸 = 1 fan, paid
    // by seat 0 alone (seats 1 and 2 have left).
    assert_eq!(to_move(&r), 3);
    r.play(3, Action::Tsumo).unwrap();
    assert!(r.is_over());
    let res = r.result().unwrap();
    let RoundEnd::Wins(wins) = &res.end else {
        panic!("{:?}", res.end)
    };
    assert_eq!(wins.len(), 3);
    assert_eq!(wins[2].deltas, [-2, 0, 0, 2]);
    assert_eq!(res.deltas, [-19, 16, 1, 2]);
    assert_eq!(res.scores, [-19, 16, 1, 2]);
    let sc = res.sichuan.as_ref().unwrap();
    assert_eq!(sc.next_dealer, 0);
    assert_eq!(sc.won, [false, true, true, true]);
    assert!(
        !r.events()
            .iter()
            .any(|e| matches!(e, Event::Ryukyoku { .. }))
    );
    // Three hora events, one end_kyoku after the last.
    let kinds: Vec<&str> = r
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Hora { .. } => Some("hora"),
            Event::EndKyoku => Some("end"),
            _ => None,
        })
        .collect();
    assert_eq!(kinds, ["hora", "hora", "hora", "end"]);
}

/// The kong hands of the next two tests: seat 1 holds 999m, seat 2 holds 11p; seat 3 is
/// harmless, or (`robber`) waits on 1p-4p.
fn kong_round(robber: bool) -> Round {
    let seat3 = if robber {
        "23p456p789p99s678s"
    } else {
        "22p33p66s77s99s3p5p8s"
    };
    let w = wall(
        [
            "123s456s789s22p34p",
            "999m123m456m11s23s",
            "11p456p789p55s678s",
            seat3,
        ],
        &[(0, "9m"), (4, "1p")],
        &["1p"],
    );
    let mut r = round(rules(), w);
    declare(&mut r, [0, 1, 0, 0]);
    // Seat 0 must discard the 9m it drew; seat 1 calls an open kong on it (直杠).
    tsumogiri(&mut r);
    assert!(r.legal_actions(1).contains(&Action::Minkan));
    r.play(1, Action::Minkan).unwrap();
    pass_all(&mut r);
    assert_eq!(
        settle_items(&r),
        vec![(SettleKind::GangOpen, 1, [-2, 2, 0, 0])],
        "刮风: the discarder pays 2"
    );
    // Seat 1 draws its replacement tile, 1p (the suit it gave up), and discards it; seat 2
    // pons it (seat 3 may win on it, 杠上炮, and passes).
    assert_eq!(to_move(&r), 1);
    tsumogiri(&mut r);
    if robber {
        assert!(r.legal_actions(3).contains(&Action::Ron));
        r.play(3, Action::Pass).unwrap();
    }
    let pon = r
        .legal_actions(2)
        .into_iter()
        .find(|a| matches!(a, Action::Pon { .. }))
        .unwrap();
    r.play(2, pon).unwrap();
    pass_all(&mut r);
    discard_kind(&mut r, "5s");
    pass_all(&mut r);
    for _ in 0..3 {
        tsumogiri(&mut r);
        pass_all(&mut r);
    }
    // Seat 2 draws the fourth 1p and adds it to its pon.
    assert_eq!(to_move(&r), 2);
    let d = r.drawn().unwrap();
    assert_eq!(d / 4, 9);
    r.play(2, Action::Kakan { tile: tid(d) }).unwrap();
    r
}

/// 刮风: an open kong is paid 2 by the discarder, an added kong 1 by every other seat.
#[test]
fn kong_payments_open_and_added() {
    let mut r = kong_round(false);
    pass_all(&mut r);
    assert_eq!(
        settle_items(&r),
        vec![
            (SettleKind::GangOpen, 1, [-2, 2, 0, 0]),
            (SettleKind::GangAdded, 2, [-1, -1, 3, -1]),
        ]
    );
    assert_eq!(r.scores(), [-3, 1, 3, -1]);
    assert!(matches!(
        r.phase(),
        Phase::Turn {
            seat: 2,
            rinshan: true,
            ..
        }
    ));
    let reasons: Vec<String> = r
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Settle { reason, .. } => Some(reason.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(reasons, ["gang_open", "gang_added"]);
}

/// 抢杠胡: a seat waiting on the added tile robs the kong: no kong payment, the kong falls
/// back to a pon, and the robber's 平胡 + 抢杠胡 (1 fan) is paid by the kong's owner.
#[test]
fn robbing_an_added_kong() {
    let mut r = kong_round(true);
    assert_eq!(r.to_act().bits(), 0b1000);
    r.play(3, Action::Ron).unwrap();
    assert_eq!(
        settle_items(&r),
        vec![
            (SettleKind::GangOpen, 1, [-2, 2, 0, 0]),
            (SettleKind::Win, 3, [0, 0, -2, 2]),
        ]
    );
    let win = &r.sichuan_wins()[0];
    assert!(
        win.score
            .yaku
            .iter()
            .any(|(n, f)| n == "qiang_gang_hu" && *f == 1)
    );
    assert_eq!(win.score.han, 1);
    assert_eq!(r.player(2).melds()[0].meld.kind(), MeldKind::Pon);
    assert_eq!(r.tiles_accounted(), 108);
    assert!(r.has_won(3));
    assert_eq!(to_move(&r), 0, "play goes on after the robber");
}

/// 下雨 and 杠上炮 呼叫转移: a concealed kong is paid 2 by each other seat; the replacement
/// tile's discard is won on (杠上炮, one fan more) and the winner also takes the kong's income.
#[test]
fn concealed_kong_then_call_transfer() {
    let hands = [
        "5555m123s456s78s9m",
        "23p456p789p11s234s",
        "666m777m88m99p55p4p",
        "111m222m333m4m2p6p8p",
    ];
    for transfer in [true, false] {
        let w = wall(hands, &[(0, "9s")], &["1p"]);
        let mut r = round(
            {
                let mut r = rules();
                r.sichuan.call_transfer = transfer;
                r
            },
            w,
        );
        declare(&mut r, [1, 0, 2, 2]);
        assert!(
            r.legal_actions(0)
                .contains(&Action::Ankan { kind: tkind(4) })
        );
        r.play(0, Action::Ankan { kind: tkind(4) }).unwrap();
        assert_eq!(
            settle_items(&r),
            vec![(SettleKind::GangConcealed, 0, [6, -2, -2, -2])]
        );
        // The replacement tile is 1p, the suit seat 0 gave up: it must go, and seat 1 wins.
        tsumogiri(&mut r);
        r.play(1, Action::Ron).unwrap();
        let f = reference_fan(
            "123p456p789p11s234s",
            "1p",
            false,
            Situation {
                kong: true,
                lack: Some(Suit::Man),
                ..Situation::default()
            },
        );
        assert_eq!(f, 1, "平胡 + 杠上炮");
        let mut want = vec![
            (SettleKind::GangConcealed, 0, [6, -2, -2, -2]),
            (SettleKind::Win, 1, [-2, 2, 0, 0]),
        ];
        if transfer {
            want.push((SettleKind::CallTransfer, 0, [-6, 6, 0, 0]));
        }
        assert_eq!(settle_items(&r), want);
        let yaku = &r.sichuan_wins()[0].score.yaku;
        assert!(yaku.iter().any(|(n, _)| n == "gang_shang_pao"), "{yaku:?}");
        assert_eq!(to_move(&r), 2);
    }
}

/// At an exhaustive draw: 查花猪 (a seat still holding the suit it gave up pays every other
/// seat the flower-pig fan, 5 here: 32), 查大叫 (seats not ready pay the ready seat its best
/// hand) and 退税 (a seat not ready gives back its kong income).
#[test]
fn exhaustive_draw_settlement() {
    // Seat 2 gives up p but keeps 1237p and draws only p tiles: a flower pig to the end.
    let pig_draws = [
        "4p", "5p", "6p", "8p", "9p", "4p", "5p", "6p", "8p", "9p", "4p", "5p", "6p", "8p",
    ];
    let mut draws: Vec<(usize, &str)> = vec![(3, "9s")];
    for (j, t) in pig_draws.iter().enumerate() {
        draws.push((2 + 4 * j, t));
    }
    let hands = [
        "1122334455667m",    // seat 0: ready
        "1379m123456789s",   // seat 1: not ready
        "1237p444s556699s",  // seat 2: a flower pig
        "2245m8888m9m1378s", // seat 3: an 8m kong, then not ready
    ];
    let w = wall(hands, &draws, &[]);
    let mut r = round(rules(), w);
    declare(&mut r, [1, 1, 1, 1]);
    let mut konged = false;
    while !r.is_over() {
        match r.phase() {
            Phase::Turn { seat: 3, .. } if !konged => {
                r.play(3, Action::Ankan { kind: tkind(7) }).unwrap();
                konged = true;
            }
            Phase::Turn { .. } => tsumogiri(&mut r),
            _ => pass_all(&mut r),
        }
    }
    assert!(konged);
    assert_eq!(r.live_left(), 0);
    assert_eq!(r.tiles_accounted(), 108);
    // Seat 0's best hand on a discard, from the slow twins: every wait scored by the reference.
    let counts = TileCounts::from_tiles(kinds(hands[0])).unwrap();
    let hand = mj_hu::Hand::new(counts, &[], TileSet::EMPTY).unwrap();
    let waits = mj_hu::reference::waits(&hand, &mj_hu::Rules::SICHUAN).unwrap();
    assert!(!waits.is_empty());
    let best = waits
        .iter()
        .map(|t| {
            let mut c = counts;
            c.add(t).unwrap();
            let mut w = Win::new(c, &[], t);
            w.tsumo = false;
            let sit = Situation {
                lack: Some(Suit::Pin),
                ..Situation::default()
            };
            mj_score::sichuan::reference::score(&w, &sit, &SichuanRules::COMMON)
                .unwrap()
                .fan
        })
        .max()
        .unwrap();
    let x = 1 << best;
    assert_eq!(
        settle_items(&r),
        vec![
            (SettleKind::GangConcealed, 3, [-2, -2, -2, 6]),
            (SettleKind::FlowerPig, 2, [32, 32, -96, 32]),
            (SettleKind::NotReady, 1, [x, -x, 0, 0]),
            (SettleKind::NotReady, 3, [x, 0, 0, -x]),
            (SettleKind::Refund, 3, [2, 2, 2, -6]),
        ]
    );
    let res = r.result().unwrap();
    let sc = res.sichuan.as_ref().unwrap();
    assert_eq!(sc.ready, [true, false, false, false]);
    assert_eq!(sc.flower_pigs, [false, false, true, false]);
    assert!(matches!(
        res.end,
        RoundEnd::Draw {
            tenpai: [true, false, false, false],
            ..
        }
    ));
    assert_eq!(res.scores.iter().sum::<i32>(), 0);
    assert!(sc.next_dealer == 0 && res.dealer_keeps);
    // Switched off, none of the three is settled.
    let w = wall(hands, &draws, &[]);
    let mut r = round(
        {
            let mut r = rules();
            r.sichuan.check_ready = false;
            r.sichuan.check_flower_pig = false;
            r.sichuan.refund_kongs = false;
            r
        },
        w,
    );
    declare(&mut r, [1, 1, 1, 1]);
    let mut konged = false;
    while !r.is_over() {
        match r.phase() {
            Phase::Turn { seat: 3, .. } if !konged => {
                r.play(3, Action::Ankan { kind: tkind(7) }).unwrap();
                konged = true;
            }
            Phase::Turn { .. } => tsumogiri(&mut r),
            _ => pass_all(&mut r),
        }
    }
    assert_eq!(
        settle_items(&r),
        vec![(SettleKind::GangConcealed, 3, [-2, -2, -2, 6])]
    );
}
