//! Rooms played to their end by a scripted person choosing among the legal reactions, in every
//! flow: the logs replay through `mj_log` (what `mj replay` does) to the same scores, a room
//! rebuilt from its moves equals the room, a refused reaction changes nothing, and no answer
//! to a seat or a spectator carries a concealed tile it must not see.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_game::{GameRules, Length};
use mj_room::{GameSpec, Room, SPECTATOR, table};
use mj_tiles::rng::SplitMix64;
use proptest::prelude::*;
use serde_json::{Value, json};

/// A person who picks a legal reaction by a seeded coin, preferring a win.
fn pick(legal: &[Value], coin: u64) -> Value {
    if let Some(win) = legal.iter().find(|v| v["type"] == "hora") {
        return win.clone();
    }
    legal[(coin % legal.len() as u64) as usize].clone()
}

/// Every tile name a seat may not see in an answer is `?`: others' start hands and draws, the
/// exchange between two other seats; the table holds no hand but the seat's own.
fn check_no_leak(answer: &Value, viewer: u8, players: usize) {
    for e in answer["events"].as_array().unwrap() {
        match e["type"].as_str().unwrap() {
            "start_kyoku" => {
                for (s, hand) in e["tehais"].as_array().unwrap().iter().enumerate() {
                    if s as u8 != viewer {
                        assert!(
                            hand.as_array().unwrap().iter().all(|t| t == "?"),
                            "seat {viewer} sees seat {s}'s start hand: {e}"
                        );
                    }
                }
            }
            "tsumo" if e["actor"] != viewer => {
                assert_eq!(e["pai"], "?", "seat {viewer} sees a draw: {e}");
            }
            "huansanzhang" if e["actor"] != viewer && e["target"] != viewer => {
                assert!(
                    e["pai"].as_array().unwrap().iter().all(|t| t == "?"),
                    "seat {viewer} sees an exchange: {e}"
                );
            }
            _ => {}
        }
    }
    let table = &answer["table"];
    if viewer == SPECTATOR {
        assert!(table["hand"].is_null() && table["drawn"].is_null());
        assert_eq!(answer["legal"], json!([]));
    } else {
        for l in answer["legal"].as_array().unwrap() {
            if let Some(actor) = l.get("actor") {
                assert_eq!(actor, viewer);
            }
        }
    }
    // Right after a discard, the seats that may call it are awaited in secret: nobody but the
    // viewer itself is shown as awaited.
    let last = answer["events"].as_array().unwrap().last().cloned();
    if last.as_ref().is_some_and(|e| e["type"] == "dahai") {
        for s in answer["to_act"].as_array().unwrap() {
            assert_eq!(
                *s, viewer,
                "seat {viewer} sees seat {s} awaited on a discard"
            );
        }
    }
    let seats = table["players"].as_array().unwrap();
    assert_eq!(seats.len(), players);
    for p in seats {
        let keys: Vec<&String> = p.as_object().unwrap().keys().collect();
        assert!(
            !keys.iter().any(|k| k.as_str() == "hand"),
            "a seat's entry names its hand: {p}"
        );
    }
}

/// Plays a room to its end; checks each answer on the way. Answers the finished room.
fn play_out(spec: GameSpec, coin_seed: u64, check_every: usize) -> Room {
    let players = spec.seats.len();
    let humans: Vec<u8> = spec.humans().collect();
    let mut room = Room::new(spec).unwrap();
    room.advance();
    let mut coin = SplitMix64::new(coin_seed);
    let mut steps = 0usize;
    while !room.is_over() {
        let seat = humans
            .iter()
            .copied()
            .find(|&s| !room.legal(s).is_empty())
            .expect("a person must decide when the bots stop");
        if steps.is_multiple_of(check_every) {
            for viewer in (0..players as u8).chain([SPECTATOR]) {
                check_no_leak(&table::state(&room, viewer, 0), viewer, players);
            }
        }
        let legal = room.legal(seat);
        let choice = pick(&legal, coin.next_u64());
        room.act(seat, &choice).unwrap();
        steps += 1;
        assert!(steps < 20_000, "the match does not end");
    }
    room
}

fn replays(room: &Room) {
    let spec = room.spec();
    let log = mj_log::read_text(&room.log_lines()).unwrap();
    let opts = mj_log::ReplayOptions {
        rules: GameRules::preset(&spec.rules),
        length: Length::from_name(&spec.length),
        record: false,
    };
    let report = mj_log::replay_with(&log, &opts);
    assert!(report.matches(), "{} does not replay: {report}", spec.rules);
    assert!(report.rounds >= 1 && report.actions > 10, "{report}");
    eprintln!(
        "{}: {} rounds, {} actions, {} moves",
        spec.rules,
        report.rounds,
        report.actions,
        room.moves().len()
    );
    let last = room.log();
    let Some(mj_game::Event::EndGame { scores }) = last.last() else {
        panic!("no end_game");
    };
    assert_eq!(&scores[..spec.seats.len()], room.scores().as_slice());
}

#[test]
fn every_flow_plays_to_its_end_and_its_log_replays() {
    let cases = [
        (
            "tenhou",
            "east",
            vec!["human", "defense", "defense", "defense"],
        ),
        (
            "mahjong_soul",
            "one",
            vec!["defense", "human", "efficiency", "human"],
        ),
        ("sanma", "east", vec!["human", "defense", "defense"]),
        (
            "sichuan",
            "one",
            vec!["human", "defense", "defense", "defense"],
        ),
        (
            "sichuan_hongzhong",
            "one",
            vec!["defense", "defense", "human", "defense"],
        ),
        (
            "hongzhong",
            "one",
            vec!["human", "defense", "defense", "defense"],
        ),
        ("mcr", "one", vec!["human", "random", "random", "random"]),
    ];
    for (i, (rules, length, seats)) in cases.into_iter().enumerate() {
        let spec = GameSpec::from_request(
            &json!({"rules": rules, "length": length, "seats": seats}),
            100 + i as u64,
        )
        .unwrap();
        let room = play_out(spec, i as u64, 7);
        replays(&room);
    }
}

#[test]
fn a_room_rebuilt_from_its_moves_is_the_room() {
    let spec = GameSpec::from_request(
        &json!({"rules": "tenhou", "length": "one", "seats": ["human", "defense", "human", "value"]}),
        7,
    )
    .unwrap();
    let mut room = Room::new(spec.clone()).unwrap();
    room.advance();
    let mut coin = SplitMix64::new(3);
    let mut checked = 0;
    while !room.is_over() {
        let seat = [0u8, 2]
            .into_iter()
            .find(|&s| !room.legal(s).is_empty())
            .unwrap();
        let before = table::state(&room, seat, 0);
        // A refused reaction changes nothing: a dahai of a tile not held, a reaction of another
        // seat, a bot's seat, garbage.
        let refused = [
            json!({"type": "dahai", "actor": seat, "pai": "9z"}),
            json!({"type": "dahai", "actor": 3 - seat, "pai": "1m"}),
            json!({"type": "reach", "actor": seat}),
            json!("dahai"),
            json!({"type": 5}),
        ];
        for r in &refused {
            assert!(room.act(seat, r).is_err(), "{r} was accepted");
        }
        assert!(room.act(1, &json!({"type": "none"})).is_err());
        assert_eq!(table::state(&room, seat, 0), before);
        let choice = pick(&room.legal(seat), coin.next_u64());
        room.act(seat, &choice).unwrap();
        let rebuilt = Room::restore(spec.clone(), room.moves()).unwrap();
        for viewer in [0, 1, 2, 3, SPECTATOR] {
            assert_eq!(
                table::state(&rebuilt, viewer, 0),
                table::state(&room, viewer, 0)
            );
        }
        checked += 1;
    }
    assert!(checked > 10);
    assert_eq!(
        room.act(0, &json!({"type": "none"})),
        Err(mj_room::RoomError::Over)
    );
}

#[test]
fn a_move_the_engine_refuses_is_a_corrupt_game() {
    let spec = GameSpec::from_request(&json!({}), 1).unwrap();
    let bad = [mj_room::Move {
        seat: 2,
        action: mj_game::Action::Tsumo,
    }];
    let e = Room::restore(spec, &bad).unwrap_err();
    assert_eq!(e.kind(), "corrupt_game");
    assert!(e.to_string().contains("move 0"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// No view leaks, over seeded games of every four-player flow with people at random seats.
    #[test]
    fn no_answer_leaks_a_concealed_tile(
        seed in any::<u64>(),
        coin in any::<u64>(),
        preset in 0usize..4,
        humans in 1u8..16,
    ) {
        let rules = ["tenhou", "sichuan", "hongzhong", "mcr"][preset];
        let seats: Vec<&str> = (0..4)
            .map(|s| if humans & (1 << s) != 0 { "human" } else { "efficiency" })
            .collect();
        let spec = GameSpec::from_request(
            &json!({"rules": rules, "length": "one", "seats": seats}),
            seed,
        )
        .unwrap();
        play_out(spec, coin, 1);
    }
}
