//! `POST /api/review` over real TCP: a log in, one seat's review out (the JSON of
//! `mj review --json`, or the page for the review page with its CSS linked), and every refusal
//! a named JSON error: bad parameters 400, logs that cannot be read or reviewed 422 naming the
//! round. A real Tenhou Phoenix game from `../shared/logs` (`MJ_LOGS`) is reviewed when present;
//! a tenhou.net/6 round written here always is.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::net::SocketAddr;
use std::path::PathBuf;

use common::{Reply, exchange, start};
use mj_server::Limits;
use serde_json::Value;

/// One East round of a tenhou.net/6 game (a win by seat 1 off seat 2, with calls).
const ROUND: &str = r#"{"name":["A","B","C","D"],"rule":{"disp":"","aka":1},"log":[[[0,0,0],[25000,25000,25000,25000],[16],[],[11,13,14,15,19,29,31,32,33,34,37,44,46],[32,34,23,17,14,43,47,16,42,18,44,13,41,37,43,24,45,27],[44,29,19,46,11,60,60,14,60,32,60,37,31,13,60,32,60,23],[14,15,17,23,26,29,33,41,42,43,43,45,47],[31,41,35,42,"p434343",11,36,"p424242",18,12,41,28,"c131415",18,27,22,23],[60,29,47,45,23,26,33,11,36,60,35,60,41,60,60,60,60],[22,22,24,25,27,31,32,33,35,36,36,37,38],[39,11,35,21,25,28,21,42,14,45,21,13,25,38,24,46,16],[27,60,36,60,35,60,60,60,60,60,60,60,"r24",60,60,60,60],[12,12,17,19,28,34,53,37,39,44,44,45,47],["4444p44",39,47,"c363453",33,11,12,24,46,51,15,38,28,32,23,46,19],[47,28,60,45,60,60,37,60,60,19,60,60,60,60,60,60,39],["和了",[0,8700,-7700,0],[1,2,1,"30符4飜7700点","自風 南(1飜)","混一色(2飜)","ドラ(1飜)"]]]]}"#;

/// POSTs `body` to `path` on a new connection and reads the reply to its end.
async fn post(addr: SocketAddr, path: &str, body: &[u8]) -> Reply {
    exchange(addr, &common::post(path, body)).await
}

/// The first Phoenix game of the real logs, or `None` (said) when they are absent.
fn phoenix() -> Option<(PathBuf, Vec<u8>)> {
    let dir = std::env::var_os("MJ_LOGS").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/logs"),
        PathBuf::from,
    );
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir.join("tenhou-phoenix-2020"))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    paths.retain(|p| p.extension().is_some_and(|x| x == "mjlog"));
    paths.sort();
    match paths.into_iter().next() {
        Some(p) => std::fs::read(&p).ok().map(|b| (p, b)),
        None => {
            eprintln!(
                "{} has no Phoenix game (the real logs live in ../shared/logs, or MJ_LOGS): \
                 only the round written here is reviewed",
                dir.display()
            );
            None
        }
    }
}

/// The review of `log` for `seat` by `player` through the API, as JSON and as the page, must be
/// the library's own review: the same decisions, one `data-decision` element each.
async fn same_as_library(addr: SocketAddr, log: &[u8], seat: u8, player: &str, what: &str) {
    let opts = mj_review::ReviewOptions {
        seat: mj_review::SeatChoice::Seat(seat),
        player: player.into(),
        ..Default::default()
    };
    let ours = mj_review::review_bytes(log, &opts).unwrap();
    assert!(!ours.decisions.is_empty(), "{what}");
    let query = format!("seat={seat}&player={player}");
    let reply = post(addr, &format!("/api/review?{query}"), log).await;
    assert_eq!(
        reply.status,
        200,
        "{what}: {}",
        String::from_utf8_lossy(&reply.body)
    );
    assert_eq!(
        reply.header("content-type").unwrap_or_default(),
        "application/json"
    );
    // Both sides parsed from text, so that floats compare as the same parse of the same digits.
    let expected: Value = serde_json::from_str(&serde_json::to_string(&ours).unwrap()).unwrap();
    assert!(
        reply.json() == expected,
        "{what}: the API's review differs from the library's"
    );
    let reply = post(addr, &format!("/api/review?{query}&format=html"), log).await;
    assert_eq!(reply.status, 200, "{what}");
    assert_eq!(
        reply.header("content-type").unwrap_or_default(),
        "text/html; charset=utf-8"
    );
    let page = String::from_utf8(reply.body).unwrap();
    assert_eq!(
        page.matches("<article class=\"decision").count(),
        ours.decisions.len(),
        "{what}"
    );
    assert_eq!(
        page.matches(" data-decision=\"").count(),
        ours.decisions.len()
    );
    assert!(page.contains("<link rel=\"stylesheet\" href=\"/assets/review.css\">"));
    assert!(
        !page.contains("<style") && !page.contains("<script"),
        "{what}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_log_is_reviewed_as_the_library_reviews_it() {
    let addr = start(Limits::default()).await;
    for seat in 0..4 {
        same_as_library(addr, ROUND.as_bytes(), seat, "defense", "the round").await;
    }
    same_as_library(addr, ROUND.as_bytes(), 1, "efficiency", "the round").await;
    if let Some((path, log)) = phoenix() {
        let what = path.display().to_string();
        same_as_library(addr, &log, 2, "value", &what).await;
        // By name: the same seat.
        let names = mj_log::read(&log).unwrap().games[0].names.clone();
        let query: String = names[2].bytes().map(|b| format!("%{b:02X}")).collect();
        let reply = post(
            addr,
            &format!("/api/review?name={query}&player=value"),
            &log,
        )
        .await;
        assert_eq!(reply.status, 200, "{what}");
        assert_eq!(reply.json()["seat"], 2);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_parameters_and_logs_are_named_errors() {
    let addr = start(Limits::default()).await;
    let log = ROUND.as_bytes();
    for (query, status, kind, words) in [
        (
            "player=search",
            400,
            "bad_request",
            "efficiency, value, defense, imitation",
        ),
        (
            "player=random",
            400,
            "bad_request",
            "efficiency, value, defense, imitation",
        ),
        ("seat=4", 400, "bad_request", "seat"),
        ("seat=-1", 400, "bad_request", "seat"),
        ("format=pdf", 400, "bad_request", "format"),
        ("rules=nope", 400, "bad_request", "rules"),
        ("colour=red", 400, "bad_request", "colour"),
        ("name=Z", 400, "bad_request", "no player named \"Z\""),
        ("rounds=S4", 400, "bad_request", "S4"),
    ] {
        let reply = post(addr, &format!("/api/review?{query}"), log).await;
        let (s, k, m) = reply.error();
        assert_eq!((s, k.as_str()), (status, kind), "{query}: {m}");
        assert!(m.contains(words), "{query}: {m}");
    }
    // A log that cannot be read: the reader's words.
    for body in [&b"not a log"[..], b"{\"log\": 5}", b"\x1f\x8b\x08\x00junk"] {
        let (s, k, m) = post(addr, "/api/review", body).await.error();
        assert_eq!((s, k.as_str()), (422, "unreadable_log"), "{body:?}: {m}");
        assert!(m.starts_with("the log could not be read: "), "{m}");
    }
    // A log cut off before its round's result: the round is named. The round written here as
    // mjai events, stopped before the win.
    let game = &mj_log::read(log).unwrap().games[0];
    let events = &game.rounds[0].events;
    let cut = events
        .iter()
        .position(|e| matches!(e, mj_game::Event::Hora { .. }))
        .unwrap();
    let mut mjai = String::from("{\"type\":\"start_game\",\"names\":[\"A\",\"B\",\"C\",\"D\"]}\n");
    for e in &events[..cut] {
        mjai.push_str(&serde_json::to_string(e).unwrap());
        mjai.push('\n');
    }
    let (s, k, m) = post(addr, "/api/review?rules=tenhou", mjai.as_bytes())
        .await
        .error();
    assert_eq!((s, k.as_str()), (422, "unreviewable_log"), "{m}");
    assert!(m.contains("round E1") && m.contains("cut off"), "{m}");
    if let Some((path, log)) = phoenix() {
        // A real game cut before the second round's result.
        let text = String::from_utf8_lossy(&log).into_owned();
        let ends: Vec<usize> = text
            .match_indices("<AGARI")
            .chain(text.match_indices("<RYUUKYOKU"))
            .map(|(i, _)| i)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let (s, k, m) = post(addr, "/api/review", &text.as_bytes()[..ends[1]])
            .await
            .error();
        assert_eq!(
            (s, k.as_str()),
            (422, "unreviewable_log"),
            "{}: {m}",
            path.display()
        );
        assert!(m.contains("round E2"), "{m}");
    }
    let (s, k, _) = post(addr, "/api/review", b"").await.error();
    assert_eq!((s, k.as_str()), (400, "empty_body"));
    // Past the answer limit: 413.
    let small = Limits {
        max_answer: 1000,
        ..Limits::default()
    };
    let addr = start(small).await;
    let (s, k, _) = post(addr, "/api/review", log).await.error();
    assert_eq!((s, k.as_str()), (413, "answer_too_large"));
    // Past the time limit: 408 (a hanchan takes more than 1 ms in any build).
    if let Some((_, log)) = phoenix() {
        let hurried = Limits {
            request_timeout: std::time::Duration::from_millis(1),
            ..Limits::default()
        };
        let addr = start(hurried).await;
        let (s, k, _) = post(addr, "/api/review", &log).await.error();
        assert_eq!((s, k.as_str()), (408, "request_timeout"));
    }
}
