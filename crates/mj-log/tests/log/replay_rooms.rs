//! The replay's rules on constructed logs: sticks left on the table at the end go to the first
//! place (in the check and in `end_game`), a disconnection before the first deal, the rooms'
//! uma and oka (2009 east-only rooms, a private lobby's `csrule`, 雀荘 rooms), chip rooms
//! refused by name, and a whole tenhou.net/6 game's final scores checked against `sc`.
//!
//! Each log is built here: a `SHUFFLE` seed (hex words) whose round, played with every seat
//! discarding the tile it drew, ends in an exhaustive draw with nobody ready; the `INIT` states
//! the round, the honba, the sticks and the scores the test wants, and `owari` the final scores
//! and points worked out by hand in each test.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test crate

use std::fmt::Write as _;

use mj_game::{Action, DrawKind, Event, GameRules, Phase, Round, RoundEnd, RoundSetup, Wall};
use mj_log::tenhou::{TenhouShuffle, TenhouWallLayout};
use mj_log::{Replay, ReplayOptions, ReplayReport};
use mj_tiles::TileId;

/// One quiet round: the `SHUFFLE` tag, the `INIT` tag and the draws and discards.
struct Quiet {
    shuffle: String,
    init: String,
    play: String,
}

/// The first `SHUFFLE` seed from `k` on whose first round, dealt to `setup` and played with
/// every seat discarding its draw, ends in an exhaustive draw with nobody ready.
fn quiet_round(rules: GameRules, setup: RoundSetup, round: u8, k: u32) -> Quiet {
    let players = rules.players;
    let layout = TenhouWallLayout::new(players).unwrap();
    for k in k..k + 200 {
        let seed = format!("mt19937ar-sha512-n288,{k:x},5eed");
        let rw = TenhouShuffle::from_seed(&seed).unwrap().next_round(players);
        let wall = if players == 3 {
            Wall::sanma_from_ids(&rw.tiles).unwrap()
        } else {
            Wall::from_ids(&rw.tiles).unwrap()
        };
        let mut r = Round::new(rules, setup, wall, false);
        let mut play = String::new();
        while let Phase::Turn { .. } | Phase::Claims(_) = r.phase() {
            if let Phase::Turn { seat, .. } = *r.phase() {
                let t = r.drawn().unwrap();
                let s = usize::from(seat);
                write!(play, "<{}{t}/>", ["T", "U", "V", "W"][s]).unwrap();
                r.play(
                    seat,
                    Action::Discard {
                        tile: TileId::new(t).unwrap(),
                    },
                )
                .unwrap();
                write!(play, "<{}{t}/>", ["D", "E", "F", "G"][s]).unwrap();
            } else {
                for s in 0..4u8 {
                    if r.to_act().contains(s) && matches!(r.phase(), Phase::Claims(_)) {
                        r.play(s, Action::Pass).unwrap();
                    }
                }
            }
        }
        let res = r.result().unwrap();
        let quiet = matches!(
            res.end,
            RoundEnd::Draw {
                kind: DrawKind::Exhaustive,
                tenpai,
            } if tenpai == [false; 4]
        ) && res.deltas == [0; 4];
        if !quiet {
            continue;
        }
        let hands: Vec<String> = (0..players)
            .map(|s| {
                let h = layout.deal(&rw.tiles, setup.dealer, s).unwrap();
                format!(
                    " hai{s}=\"{}\"",
                    h.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
                )
            })
            .collect();
        let ten: Vec<String> = setup.scores.iter().map(|s| (s / 100).to_string()).collect();
        let dora = rw.tiles[layout.dora_index(0).unwrap()];
        let init = format!(
            "<INIT seed=\"{round},{},{},{},{},{dora}\" ten=\"{}\" oya=\"{}\"{}/>",
            setup.honba,
            setup.sticks,
            rw.dice[0],
            rw.dice[1],
            ten.join(","),
            setup.dealer,
            hands.concat()
        );
        return Quiet {
            shuffle: format!("<SHUFFLE seed=\"{seed}\" ref=\"\"/>"),
            init,
            play,
        };
    }
    panic!("no quiet round from seed {k}");
}

/// An mjlog of one quiet round (`round`: 0 = East 1, 3 = East 4, ...), the `GO` tag `go`
/// and `before` written before the deal, ending with `owari`.
fn one_round_log(
    rules: GameRules,
    go: &str,
    round: u8,
    setup: RoundSetup,
    before: &str,
    owari: &str,
) -> String {
    let q = quiet_round(rules, setup, round, 1);
    let n = usize::from(rules.players);
    let sc: Vec<String> = (0..4)
        .map(|s| format!("{},0", if s < n { setup.scores[s] / 100 } else { 0 }))
        .collect();
    format!(
        "<mjloggm ver=\"2.3\">{}{go}<UN n0=\"A\" n1=\"B\" n2=\"C\" n3=\"D\"/><TAIKYOKU oya=\"0\"/>\
         {before}{}{}<RYUUKYOKU ba=\"{},{}\" sc=\"{}\" owari=\"{owari}\"/></mjloggm>",
        q.shuffle,
        q.init,
        q.play,
        setup.honba,
        setup.sticks,
        sc.join(",")
    )
}

fn setup(dealer: u8, honba: u32, sticks: u32, scores: [i32; 4]) -> RoundSetup {
    RoundSetup {
        round_wind: 0,
        dealer,
        honba,
        sticks,
        scores,
    }
}

fn replay_text(name: &str, text: &str, record: bool) -> ReplayReport {
    let opts = ReplayOptions {
        record,
        ..ReplayOptions::default()
    };
    let mut r = match mj_log::read(text.as_bytes()) {
        Ok(log) => mj_log::replay_with(&log, &opts),
        Err(e) => ReplayReport::unreadable(name.to_string(), e),
    };
    r.name = name.to_string();
    r
}

fn replay_one(name: &str, text: &str) -> ReplayReport {
    replay_text(name, text, false)
}

/// The file matched, with its final scores and points compared.
fn assert_checked(f: &ReplayReport) {
    assert!(f.matches(), "{f}");
    assert!(f.notes.is_empty(), "{f}");
    assert_eq!((f.checks.finals, f.checks.points), (1, 1), "{f}");
    assert!(f.to_string().contains("final scores and points: ok"), "{f}");
}

#[test]
fn sticks_left_at_the_end_go_to_the_first_place_in_the_check_and_in_end_game() {
    // East 4 (seat 3 deals), two sticks on the table, nobody ready: the dealer is not ready
    // and seat 0 has 30,000, so the match ends; the sticks go to seat 0 (31,000 + 2,000).
    // Points (rounded to thousands, 30,000 returned, uma 10-20): seat 1 25 -> -5 + 10 = 5,
    // seat 2 22 -> -8 - 10 = -18, seat 3 20 -> -10 - 20 = -30, seat 0 the rest, 43.
    let text = one_round_log(
        GameRules::tenhou(),
        "<GO type=\"225\" lobby=\"0\"/>",
        3,
        setup(3, 0, 2, [31000, 25000, 22000, 20000]),
        "",
        "330,43.0,250,5.0,220,-18.0,200,-30.0",
    );
    let f = &replay_text("deposits", &text, true);
    assert_checked(f);
    assert_eq!(
        f.events.last(),
        Some(&Event::EndGame {
            scores: [33000, 25000, 22000, 20000]
        }),
        "{f}"
    );
    // The same log with owari leaving the sticks out is a mismatch.
    let wrong = text.replace("330,43.0", "310,41.0");
    let f = replay_one("deposits left out", &wrong);
    assert!(!f.matches(), "{f}");
    assert!(f.to_string().contains("final scores"), "{f}");
}

#[test]
fn three_player_sticks_go_to_the_first_place_and_end_game_keeps_four_entries() {
    // South 3 of a three-player hanchan (round 6, seat 2 deals), two sticks, nobody ready:
    // seat 0 has 45,000 >= 40,000, so the match ends and takes the sticks (47,000). Points
    // (40,000 returned, uma 20-0-20): seat 1 35 -> -5, seat 2 23 -> -17 - 20 = -37, seat 0 42.
    let text = one_round_log(
        GameRules::sanma(),
        "<GO type=\"185\" lobby=\"0\"/>",
        6,
        RoundSetup {
            round_wind: 1,
            ..setup(2, 0, 2, [45000, 35000, 23000, 0])
        },
        "",
        "470,42.0,350,-5.0,230,-37.0,0,0.0",
    );
    let f = &replay_text("sanma deposits", &text, true);
    assert_checked(f);
    assert_eq!(
        f.events.last(),
        Some(&Event::EndGame {
            scores: [47000, 35000, 23000, 0]
        })
    );
}

#[test]
fn a_disconnection_before_the_first_deal_is_read() {
    // Seat 1 drops before the deal and comes back: BYE and a lone UN before the first INIT.
    let text = one_round_log(
        GameRules::tenhou(),
        "<GO type=\"225\" lobby=\"0\"/>",
        3,
        setup(3, 0, 0, [40000, 24000, 19000, 17000]),
        "<BYE who=\"1\" /><UN n1=\"B\"/>",
        "400,50.0,240,4.0,190,-21.0,170,-33.0",
    );
    // Read (no play follows from it: the round starts with its deal).
    let log = mj_log::read(text.as_bytes()).unwrap();
    assert!(matches!(
        log.games[0].rounds[0].events[..2],
        [Event::StartKyoku { .. }, Event::Tsumo { .. }]
    ));
    assert_checked(&replay_one("bye before the deal", &text));
}

#[test]
fn east_only_rooms_of_2009_pay_uma_5_10() {
    // No `lobby` attribute (2009): 0x41 (一般 東風 速), 0x61 (特上 東風 速), 0xA1 (鳳凰 東風).
    // Scores 40,000 / 24,000 / 19,000 / 17,000 rounded, 30,000 returned, uma 5-10: seat 1
    // -6 + 5 = -1, seat 2 -11 - 5 = -16, seat 3 -13 - 10 = -23, seat 0 the rest, 40 (the
    // 10-20 of later years would give 50, 4, -21, -33).
    for go_type in [0x41, 0x61, 0xA1] {
        let text = one_round_log(
            GameRules::tenhou(),
            &format!("<GO type=\"{go_type}\"/>"),
            3,
            setup(3, 0, 0, [40000, 24000, 19000, 17000]),
            "",
            "400,40,240,-1,190,-16,170,-23",
        );
        assert_checked(&replay_one(&format!("{go_type:#x}"), &text));
        let later = text.replace(
            "400,40,240,-1,190,-16,170,-23",
            "400,50,240,4,190,-21,170,-33",
        );
        let f = replay_one(&format!("{go_type:#x} with 10-20"), &later);
        assert!(!f.matches(), "{f}");
    }
}

#[test]
fn a_private_lobby_reads_its_csrule_and_tied_seats_share_the_uma() {
    // The csrule of corner-cases/newattr2023.xml: 30,000 start and return, uma 5/-5/-15 for
    // the second to fourth places (+15 first); points to the tenth. Seats 0 and 2 tie at
    // 30,700, seats 1 and 3 at 29,300: each pair shares its two places' uma.
    let go = "<GO type=\"257\" lobby=\"1\" title=\"\" rule=\",,0101,0,0,0,0\" ranking=\"\" \
              csrule=\"0FE0BF0B,0000001F,,,30000,30000,30000,,,,,,,,,,,,,,,5,-5,-15,5,-5,-15,\
              5,-5,-15,5,-5,-15,5,-5,-15,,,,\"/>";
    let text = one_round_log(
        GameRules::tenhou(),
        go,
        3,
        setup(3, 0, 0, [30700, 29300, 30700, 29300]),
        "",
        "307,10.7,293,-10.7,307,10.7,293,-10.7",
    );
    assert_checked(&replay_one("csrule", &text));
    // Flags not seen in a real log are refused by name.
    let other = text.replace("0FE0BF0B", "0FE0BF0F");
    let f = replay_one("csrule with other flags", &other);
    assert!(
        f.to_string()
            .contains("unsupported: lobby rules of GO type 0x101"),
        "{f}"
    );
    assert!(!f.matches());
}

#[test]
fn a_janso_room_counts_points_from_its_start_without_uma() {
    // 0x841 (雀荘): everyone starts at 1,000 (the scores and sticks of any deal add up to four
    // starts); points are the score above it, no uma, no oka.
    let text = one_round_log(
        GameRules::tenhou(),
        "<GO type=\"2113\" lobby=\"0\"/>",
        3,
        setup(3, 0, 0, [2000, 1000, 500, 500]),
        "",
        "20,1.0,10,0.0,5,-0.5,5,-0.5",
    );
    assert_checked(&replay_one("janso", &text));
}

#[test]
fn chip_rooms_are_refused_by_name_not_replayed_as_ok() {
    for go_type in [0x229, 0x621] {
        let text = one_round_log(
            GameRules::tenhou(),
            &format!("<GO type=\"{go_type}\" lobby=\"0\"/>"),
            3,
            setup(3, 0, 0, [40000, 24000, 19000, 17000]),
            "",
            "400,50.0,240,4.0,190,-21.0,170,-33.0",
        );
        let report = Replay {
            files: vec![replay_one("chips", &text)],
        };
        let f = &report.files[0];
        assert!(
            f.to_string().starts_with(&format!(
                "chips: unsupported: lobby rules of GO type {go_type:#x} (a chip room"
            )),
            "{f}"
        );
        assert!(!report.all_match());
        assert_eq!((report.unsupported(), f.rounds), (1, 0));
    }
}

/// A tenhou.net/6 tile code of a 136-id.
fn t6_code(id: u8) -> u32 {
    match id {
        16 => 51,
        52 => 52,
        88 => 53,
        _ => {
            let k = u32::from(id / 4);
            if k < 27 {
                (k / 9 + 1) * 10 + k % 9 + 1
            } else {
                41 + k - 27
            }
        }
    }
}

/// A whole east-only game in tenhou.net/6 form: eight quiet rounds (East 1 to South 4: nobody
/// reaches 30,000, so the match goes into the south, sudden death, to its fourth round).
fn quiet_t6_game(sc: &str) -> String {
    let rules = GameRules::tenhou();
    let mut rounds = Vec::new();
    let mut seed = 0;
    for i in 0..8u8 {
        let setup = RoundSetup {
            round_wind: i / 4,
            dealer: i % 4,
            honba: u32::from(i),
            sticks: 0,
            scores: [25000; 4],
        };
        let (wall, r) = loop {
            seed += 1;
            let wall = Wall::from_seed(seed);
            let mut r = Round::new(rules, setup, wall.clone(), false);
            while let Phase::Turn { .. } | Phase::Claims(_) = r.phase() {
                if let Phase::Turn { seat, .. } = *r.phase() {
                    let t = r.drawn().unwrap();
                    r.play(
                        seat,
                        Action::Discard {
                            tile: TileId::new(t).unwrap(),
                        },
                    )
                    .unwrap();
                } else {
                    for s in 0..4u8 {
                        if r.to_act().contains(s) && matches!(r.phase(), Phase::Claims(_)) {
                            r.play(s, Action::Pass).unwrap();
                        }
                    }
                }
            }
            let res = r.result().unwrap();
            if matches!(res.end, RoundEnd::Draw { kind: DrawKind::Exhaustive, tenpai } if tenpai == [false; 4])
            {
                break (wall, r);
            }
        };
        // Replay it to list each seat's draws.
        let fresh = Round::new(rules, setup, wall, false);
        let hands: Vec<Vec<u32>> = (0..4u8)
            .map(|s| {
                let mut h: Vec<u8> = fresh.player(s).hand_ids().collect();
                if s == setup.dealer {
                    h.retain(|&x| Some(x) != fresh.drawn());
                }
                h.iter().map(|&x| t6_code(x)).collect()
            })
            .collect();
        let mut takes: Vec<Vec<u32>> = vec![Vec::new(); 4];
        let mut replay = fresh;
        while let Phase::Turn { .. } | Phase::Claims(_) = replay.phase() {
            if let Phase::Turn { seat, .. } = *replay.phase() {
                let t = replay.drawn().unwrap();
                takes[usize::from(seat)].push(t6_code(t));
                replay
                    .play(
                        seat,
                        Action::Discard {
                            tile: TileId::new(t).unwrap(),
                        },
                    )
                    .unwrap();
            } else {
                for s in 0..4u8 {
                    if replay.to_act().contains(s) && matches!(replay.phase(), Phase::Claims(_)) {
                        replay.play(s, Action::Pass).unwrap();
                    }
                }
            }
        }
        let dora: Vec<u32> = r.dora_indicators().map(t6_code).collect();
        let mut parts = vec![
            format!("[{},{},0]", i, i),
            "[25000,25000,25000,25000]".to_string(),
            format!("{dora:?}"),
            "[]".to_string(),
        ];
        for s in 0..4 {
            parts.push(format!("{:?}", hands[s]));
            parts.push(format!("{:?}", takes[s]));
            parts.push(format!("{:?}", vec![60; takes[s].len()]));
        }
        parts.push("[\"全員不聴\"]".to_string());
        rounds.push(format!("[{}]", parts.join(",")));
    }
    format!(
        "{{\"title\":[\"\",\"\"],\"name\":[\"A\",\"B\",\"C\",\"D\"],\"rule\":{{\"disp\":\"般東喰赤\",\"aka\":1}},\
         \"log\":[{}],\"sc\":[{sc}]}}",
        rounds.join(",")
    )
}

#[test]
fn a_whole_tenhou6_game_is_checked_against_sc() {
    // Eight quiet rounds: 25,000 each at the end; ranks by seat order; rounded: -5 each, uma
    // 10-20: seat 1 5, seat 2 -15, seat 3 -25, seat 0 the rest, 35.
    let text = quiet_t6_game("25000,35,25000,5,25000,-15,25000,-25");
    let f = replay_one("t6 game", &text);
    assert_checked(&f);
    assert_eq!(
        (f.rounds, f.checks.results, f.checks.transitions),
        (8, 8, 7)
    );
    let wrong = quiet_t6_game("25000,25,25000,15,25000,-15,25000,-25");
    let f = replay_one("t6 game, wrong points", &wrong);
    assert!(!f.matches(), "{f}");
    assert!(f.to_string().contains("final points"), "{f}");
}
