//! The game rooms over HTTP on a loopback port: whole matches played by a scripted person
//! through `POST /api/games`, `GET /api/games/{id}` and `POST /api/games/{id}/act`, their logs
//! replayed by `mj_log` to the same scores; tokens, refusals, limits, expiry, and rooms that
//! survive a restart of the server on the same data folder.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::net::SocketAddr;
use std::time::Duration;

use common::{Reply, call, start, start_config};
use mj_server::{Config, Limits};
use serde_json::{Value, json};

struct Seat {
    game: String,
    seat: u8,
    token: String,
    next: usize,
}

async fn create(addr: SocketAddr, body: Value) -> (String, Value) {
    let reply = call(addr, "POST", "/api/games", None, Some(&body)).await;
    assert_eq!(
        reply.status,
        201,
        "{}",
        String::from_utf8_lossy(&reply.body)
    );
    let v = reply.json();
    (v["id"].as_str().unwrap().to_owned(), v["tokens"].clone())
}

async fn view(addr: SocketAddr, s: &Seat, wait_ms: u64) -> Value {
    let path = format!(
        "/api/games/{}?seat={}&since={}&wait_ms={wait_ms}",
        s.game, s.seat, s.next
    );
    let reply = call(addr, "GET", &path, Some(&s.token), None).await;
    assert_eq!(
        reply.status,
        200,
        "{}",
        String::from_utf8_lossy(&reply.body)
    );
    reply.json()
}

async fn act(addr: SocketAddr, s: &Seat, action: &Value) -> Reply {
    let path = format!("/api/games/{}/act", s.game);
    let body = json!({"seat": s.seat, "action": action});
    call(addr, "POST", &path, Some(&s.token), Some(&body)).await
}

fn pick(legal: &[Value], coin: &mut u64) -> Value {
    if let Some(win) = legal.iter().find(|v| v["type"] == "hora") {
        return win.clone();
    }
    *coin = coin
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    legal[((*coin >> 33) % legal.len() as u64) as usize].clone()
}

/// A spectator's answer shows no concealed tile: no hand, every start hand and draw hidden.
fn assert_public(answer: &Value) {
    assert!(answer["table"]["hand"].is_null());
    assert_eq!(answer["legal"], json!([]));
    for e in answer["events"].as_array().unwrap() {
        match e["type"].as_str().unwrap() {
            "start_kyoku" => {
                for hand in e["tehais"].as_array().unwrap() {
                    assert!(hand.as_array().unwrap().iter().all(|t| t == "?"), "{e}");
                }
            }
            "tsumo" => assert_eq!(e["pai"], "?", "{e}"),
            _ => {}
        }
    }
}

/// Plays every person's seat of a game until it ends; answers the number of actions sent.
async fn play_to_end(addr: SocketAddr, seats: &mut [Seat], mut coin: u64, limit: usize) -> usize {
    let mut sent = 0;
    loop {
        let mut acted = false;
        let mut done = false;
        for s in seats.iter_mut() {
            let v = view(addr, s, 0).await;
            s.next = v["next"].as_u64().unwrap() as usize;
            done = v["done"].as_bool().unwrap();
            let legal = v["legal"].as_array().unwrap().clone();
            if done || legal.is_empty() {
                continue;
            }
            // The state before the action: the seat's own hand is in its table.
            assert!(v["table"]["hand"].is_array());
            let choice = pick(&legal, &mut coin);
            let reply = act(addr, s, &choice).await;
            assert_eq!(
                reply.status,
                200,
                "{choice}: {}",
                String::from_utf8_lossy(&reply.body)
            );
            sent += 1;
            acted = true;
            break;
        }
        if done {
            return sent;
        }
        assert!(acted, "no person can act and the game is not over");
        if sent.is_multiple_of(25) {
            let game = &seats[0].game;
            let reply = call(addr, "GET", &format!("/api/games/{game}"), None, None).await;
            assert_public(&reply.json());
        }
        if limit > 0 && sent >= limit {
            return sent;
        }
    }
}

async fn replays(addr: SocketAddr, game: &str, rules: &str, length: &str) -> Vec<i32> {
    let reply = call(addr, "GET", &format!("/api/games/{game}/log"), None, None).await;
    assert_eq!(reply.status, 200);
    let text = String::from_utf8(reply.body).unwrap();
    let log = mj_log::read_text(&text).unwrap();
    let opts = mj_log::ReplayOptions {
        rules: mj_game::GameRules::preset(rules),
        length: mj_game::Length::from_name(length),
        record: false,
    };
    let report = mj_log::replay_with(&log, &opts);
    assert!(report.matches(), "{report}");
    let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["type"], "end_game");
    last["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap() as i32)
        .collect()
}

/// The limits for a scripted client, which sends requests as fast as it gets answers.
fn scripted() -> Limits {
    Limits {
        client_rate: 1_000_000,
        ..Limits::default()
    }
}

fn seats_of(game: &str, tokens: &Value) -> Vec<Seat> {
    tokens
        .as_object()
        .unwrap()
        .iter()
        .map(|(s, t)| Seat {
            game: game.to_owned(),
            seat: s.parse().unwrap(),
            token: t.as_str().unwrap().to_owned(),
            next: 0,
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_play_whole_matches_and_the_logs_replay() {
    let addr = start(scripted()).await;
    for (rules, length, seats) in [
        (
            "tenhou",
            "east",
            json!(["human", "defense", "defense", "defense"]),
        ),
        (
            "sichuan",
            "one",
            json!(["human", "defense", "human", "defense"]),
        ),
        ("sanma", "one", json!(["defense", "human", "defense"])),
    ] {
        let names = &["A<b>", "B", "C", "D"][..seats.as_array().unwrap().len()];
        let (game, tokens) = create(
            addr,
            json!({"rules": rules, "length": length, "seats": seats, "names": names}),
        )
        .await;
        let mut people = seats_of(&game, &tokens);
        let sent = play_to_end(addr, &mut people, 11, 0).await;
        assert!(sent > 5, "{rules}: {sent} actions");
        let scores = replays(addr, &game, rules, length).await;
        let v = view(addr, &people[0], 0).await;
        assert_eq!(v["done"], true);
        let shown: Vec<i32> = v["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_i64().unwrap() as i32)
            .collect();
        assert_eq!(shown, scores[..shown.len()]);
        // The names come back as given (the page escapes them; the API keeps them).
        assert_eq!(v["names"][0], "A<b>");
    }
    let list = call(addr, "GET", "/api/games", None, None).await.json();
    assert_eq!(list["games"].as_array().unwrap().len(), 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_are_checked_and_refused_actions_change_nothing() {
    let addr = start(Limits::default()).await;
    let (game, tokens) = create(
        addr,
        json!({"rules": "tenhou", "length": "one", "seats": ["human", "defense", "human", "defense"]}),
    )
    .await;
    let people = seats_of(&game, &tokens);
    let (zero, two) = (&people[0], &people[1]);
    // No token, another seat's token, a bot's seat.
    let path = format!("/api/games/{game}?seat=0");
    let r = call(addr, "GET", &path, None, None).await;
    assert_eq!((r.error().0, r.error().1.as_str()), (401, "unauthorized"));
    let r = call(addr, "GET", &path, Some(&two.token), None).await;
    assert_eq!((r.error().0, r.error().1.as_str()), (403, "forbidden"));
    let r = call(
        addr,
        "GET",
        &format!("/api/games/{game}?seat=1"),
        Some(&zero.token),
        None,
    )
    .await;
    assert_eq!(r.error().0, 403);
    let act_path = format!("/api/games/{game}/act");
    let r = call(
        addr,
        "POST",
        &act_path,
        Some(&zero.token),
        Some(&json!({"seat": 2, "action": {"type": "none"}})),
    )
    .await;
    assert_eq!(r.error().0, 403);
    // Refusals leave the game as it was.
    let before = view(addr, zero, 0).await;
    let legal = before["legal"].as_array().unwrap().clone();
    assert!(!legal.is_empty(), "seat 0 deals and must discard");
    for (bad, status, kind) in [
        (
            json!({"type": "dahai", "actor": 0, "pai": "9z"}),
            409,
            "illegal_action",
        ),
        (json!({"type": "reach", "actor": 0}), 400, "bad_request"),
        (json!([1, 2]), 400, "bad_request"),
    ] {
        let r = act(addr, zero, &bad).await;
        assert_eq!((r.error().0, r.error().1.as_str()), (status, kind), "{bad}");
    }
    let r = act(addr, two, &legal[0]).await;
    assert_eq!(r.error().1, "not_your_turn");
    for (body, kind) in [("{", "invalid_json"), ("{\"action\": {}}", "bad_request")] {
        let raw = format!(
            "POST {act_path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            zero.token,
            body.len()
        );
        let r = common::exchange(addr, raw.as_bytes()).await;
        assert_eq!(r.error().1, kind);
    }
    assert_eq!(view(addr, zero, 0).await, before);
    // The log waits for the end; unknown games are 404.
    let r = call(addr, "GET", &format!("/api/games/{game}/log"), None, None).await;
    assert_eq!(r.error().1, "game_in_progress");
    for path in [
        "/api/games/0000000000000000",
        "/api/games/..%2Fetc",
        "/api/games/x/log",
    ] {
        assert_eq!(
            call(addr, "GET", path, None, None).await.error().0,
            404,
            "{path}"
        );
    }
    for (body, needle) in [
        (json!({"rules": "chess"}), "unknown rules"),
        (
            json!({"seats": ["defense", "defense", "defense", "defense"]}),
            "no seat is `human`",
        ),
        (
            json!({"seats": ["human", "alphago", "defense", "defense"]}),
            "seats[1]",
        ),
        (json!({"length": "forever"}), "unknown length"),
    ] {
        let r = call(addr, "POST", "/api/games", None, Some(&body)).await;
        let (status, _, message) = r.error();
        assert_eq!(status, 400);
        assert!(message.contains(needle), "{message}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_poll_answers_when_the_seat_must_act() {
    let addr = start(Limits::default()).await;
    let (game, tokens) = create(
        addr,
        json!({"rules": "tenhou", "length": "one", "seats": ["human", "human", "defense", "defense"]}),
    )
    .await;
    let mut people = seats_of(&game, &tokens);
    let first = view(addr, &people[0], 0).await;
    people[1].next = view(addr, &people[1], 0).await["next"].as_u64().unwrap() as usize;
    // Seat 1 waits; seat 0's discard wakes it (it must answer or draw).
    let waiting = {
        let s = Seat {
            game: game.clone(),
            seat: 1,
            token: people[1].token.clone(),
            next: people[1].next,
        };
        tokio::spawn(async move { view(addr, &s, 5000).await })
    };
    tokio::time::sleep(Duration::from_millis(200)).await;
    // Still waiting: nothing has happened for seat 1 yet.
    assert!(!waiting.is_finished());
    let discard = first["legal"].as_array().unwrap()[0].clone();
    assert_eq!(act(addr, &people[0], &discard).await.status, 200);
    // Woken by the discard (a poll that ran out would answer no events), and it shows it.
    let woken = waiting.await.unwrap();
    let events = woken["events"].as_array().unwrap();
    assert!(
        events
            .iter()
            .any(|e| e["type"] == "dahai" && e["actor"] == 0 && e["pai"] == discard["pai"]),
        "{events:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_refuse_floods_and_idle_rooms_expire_with_their_logs() {
    let limits = Limits {
        max_rooms: 2,
        room_idle: Duration::from_millis(400),
        ..Limits::default()
    };
    let addr = start(limits).await;
    let body = json!({"length": "one"});
    let (game, tokens) = create(addr, body.clone()).await;
    create(addr, body.clone()).await;
    let r = call(addr, "POST", "/api/games", None, Some(&body)).await;
    assert_eq!((r.error().0, r.error().1.as_str()), (503, "too_many_rooms"));
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let seat = &seats_of(&game, &tokens)[0];
    let v = view(addr, seat, 0).await;
    assert_eq!(v["expired"], true);
    let r = act(addr, seat, &v["legal"][0]).await;
    assert_eq!((r.error().0, r.error().1.as_str()), (410, "game_expired"));
    let r = call(addr, "GET", &format!("/api/games/{game}/log"), None, None).await;
    assert_eq!(r.status, 200);
    // Expired rooms free their places.
    create(addr, body.clone()).await;

    let limits = Limits {
        client_rate: 2,
        ..Limits::default()
    };
    let addr = start(limits).await;
    let mut refused = 0;
    for _ in 0..20 {
        let r = call(addr, "GET", "/api/games", None, None).await;
        if r.status == 429 {
            assert_eq!(r.error().1, "too_many_requests");
            refused += 1;
        }
    }
    assert!(refused >= 10, "{refused}");
    let limits = Limits {
        rooms_per_client: 1,
        ..Limits::default()
    };
    let addr = start(limits).await;
    create(addr, body.clone()).await;
    let r = call(addr, "POST", "/api/games", None, Some(&body)).await;
    assert_eq!(r.error().1, "too_many_rooms_from_client");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rooms_survive_a_restart_on_the_same_data_folder() {
    let dir = std::env::temp_dir().join(format!("mj-server-games-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let config = || Config {
        bind: "127.0.0.1:0".parse().unwrap(),
        data: Some(dir.clone()),
        limits: scripted(),
    };
    let (stop, stopped) = tokio::sync::oneshot::channel();
    let (addr, task) = start_config(config(), stopped).await;
    let (game, tokens) = create(
        addr,
        json!({"rules": "tenhou", "length": "east", "seats": ["human", "defense", "defense", "defense"]}),
    )
    .await;
    let mut people = seats_of(&game, &tokens);
    play_to_end(addr, &mut people, 5, 40).await;
    people[0].next = 0;
    let before = view(addr, &people[0], 0).await;
    stop.send(()).unwrap();
    task.await.unwrap().unwrap();

    let (_stop, stopped) = tokio::sync::oneshot::channel();
    let (addr, _task) = start_config(config(), stopped).await;
    let after = view(addr, &people[0], 0).await;
    assert_eq!(after, before);
    play_to_end(addr, &mut people, 5, 0).await;
    replays(addr, &game, "tenhou", "east").await;
    assert!(dir.join(mj_server::DATABASE_FILE).is_file());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Reads from an event stream until one whole `state` message has come; its data.
async fn next_state(stream: &mut tokio::net::TcpStream, buffer: &mut String) -> Value {
    use tokio::io::AsyncReadExt;
    loop {
        if let Some(at) = buffer.find("event: state\ndata: ") {
            let rest = &buffer[at + 19..];
            if let Some(end) = rest.find("\n\n") {
                let data: Value = serde_json::from_str(&rest[..end]).unwrap();
                let consumed = at + 19 + end + 2;
                buffer.drain(..consumed);
                return data;
            }
        }
        let mut chunk = [0u8; 65536];
        let n = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut chunk))
            .await
            .expect("a state message within ten seconds")
            .unwrap();
        assert!(n > 0, "the stream ended");
        buffer.push_str(&String::from_utf8_lossy(&chunk[..n]));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn event_streams_push_each_change_and_end_with_the_game() {
    use tokio::io::AsyncWriteExt;
    let addr = start(scripted()).await;
    let (game, tokens) = create(
        addr,
        json!({"rules": "tenhou", "length": "one", "seats": ["human", "defense", "defense", "defense"]}),
    )
    .await;
    let mut people = seats_of(&game, &tokens);
    let r = call(
        addr,
        "GET",
        &format!("/api/games/{game}/events?seat=0"),
        None,
        None,
    )
    .await;
    assert_eq!(r.error().1, "unauthorized");
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "GET /api/games/{game}/events?seat=0&token={} HTTP/1.1\r\nHost: x\r\n\r\n",
        people[0].token
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut spectator = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET /api/games/{game}/events HTTP/1.1\r\nHost: x\r\n\r\n");
    spectator.write_all(request.as_bytes()).await.unwrap();
    let (mut buffer, mut watched) = (String::new(), String::new());
    let mut state = next_state(&mut stream, &mut buffer).await;
    assert!(buffer.is_empty() || !buffer.contains("data"));
    let mut seen = state["events"].as_array().unwrap().len();
    let mut coin = 3;
    let mut public = next_state(&mut spectator, &mut watched).await;
    assert_public(&public);
    while state["done"] != true {
        let legal = state["legal"].as_array().unwrap().clone();
        if !legal.is_empty() {
            let choice = pick(&legal, &mut coin);
            assert_eq!(act(addr, &people[0], &choice).await.status, 200);
        }
        state = next_state(&mut stream, &mut buffer).await;
        let events = state["events"].as_array().unwrap();
        assert!(!events.is_empty() || state["done"] == true);
        seen += events.len();
    }
    // The stream's events, added up, are the seat's whole view.
    people[0].next = 0;
    let whole = view(addr, &people[0], 0).await;
    assert_eq!(seen, whole["events"].as_array().unwrap().len());
    // The spectator's stream ends with the game, every message public.
    while public["done"] != true {
        public = next_state(&mut spectator, &mut watched).await;
        assert_public(&public);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_who_lets_the_time_run_out_is_played_for() {
    let addr = start(scripted()).await;
    let r = call(
        addr,
        "POST",
        "/api/games",
        None,
        Some(&json!({"timeout_s": 2})),
    )
    .await;
    assert_eq!(r.error().0, 400);
    let (game, tokens) = create(
        addr,
        json!({"rules": "tenhou", "length": "one", "timeout_s": 3,
               "seats": ["human", "defense", "defense", "defense"]}),
    )
    .await;
    let mut people = seats_of(&game, &tokens);
    let first = view(addr, &people[0], 0).await;
    let drawn = first["table"]["drawn"].clone();
    assert!(drawn.is_string());
    people[0].next = first["next"].as_u64().unwrap() as usize;
    // Nobody acts: after three seconds the server discards the drawn tile, the bots answer,
    // and seat 0 has its next decision.
    tokio::time::sleep(Duration::from_millis(3600)).await;
    let later = view(addr, &people[0], 0).await;
    let events = later["events"].as_array().unwrap();
    let own = events
        .iter()
        .find(|e| e["type"] == "dahai" && e["actor"] == 0)
        .expect("the server played for seat 0");
    assert_eq!(own["pai"], drawn);
    assert_eq!(own["tsumogiri"], true);
}
