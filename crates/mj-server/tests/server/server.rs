//! The server over real TCP on loopback: `POST /api` answers exactly as `mj batch`, the limits
//! hold (body 413, time 408, slow and idle clients dropped, the connection cap), every refusal
//! is JSON, the headers forbid inline scripts, the pages' scripts never write HTML, and 1,000
//! connections held open at once stay within a stated memory bound.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::time::{Duration, Instant};

use common::{exchange, get, parse, post, start};
use mj_server::{ASSETS, Limits, PAGES};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random protocol line: valid requests of every op, broken ones, and bytes that are not
/// JSON or not UTF-8.
fn random_line(rng: &mut Rng) -> Vec<u8> {
    const OPS: [&str; 8] = [
        "hu", "waits", "shanten", "discards", "agari", "score", "ukeire", "ready",
    ];
    const RULES: [&str; 6] = ["generic", "riichi", "sichuan", "mcr", "sanma", "nope"];
    let size = [13, 14, 13, 14, 2, 5, 8][rng.below(7)];
    let mut hand = String::new();
    for _ in 0..size {
        let suit = b"mpsz"[rng.below(4)] as char;
        let rank = if suit == 'z' {
            1 + rng.below(7)
        } else {
            rng.below(10)
        };
        hand.push_str(&format!("{rank}{suit}"));
    }
    let win = &hand[..2];
    match rng.below(10) {
        0 => b"not json at all".to_vec(),
        1 => vec![b'{', 0xff, 0xfe, b'}'],
        2 => Vec::new(),
        3 => br#"{"op":"hu","hand":"11z","id":[1,{"a":2}],"extra":1}"#.to_vec(),
        _ => format!(
            r#"{{"op":"{}","hand":"{hand}","rules":"{}","win_tile":"{win}","id":{}}}"#,
            OPS[rng.below(OPS.len())],
            RULES[rng.below(RULES.len())],
            rng.below(1000)
        )
        .replace(
            r#","win_tile":"#,
            if rng.below(2) == 0 {
                r#","win_tile":"#
            } else {
                r#","visible":"#
            },
        )
        .into_bytes(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn api_answers_exactly_as_batch_on_random_lines() {
    let addr = start(Limits::default()).await;
    let mut rng = Rng(26);
    for case in 0..150 {
        let mut body = Vec::new();
        let lines = 1 + rng.below(12);
        for i in 0..lines {
            body.extend(random_line(&mut rng));
            if i + 1 < lines || rng.below(2) == 0 {
                body.extend_from_slice(if rng.below(3) == 0 { b"\r\n" } else { b"\n" });
            }
        }
        if body.iter().all(|b| b.is_ascii_whitespace()) {
            continue;
        }
        let reply = exchange(addr, &post("/api", &body)).await;
        let mut batch = Vec::new();
        mj_protocol::run_batch(&body[..], &mut batch).unwrap();
        assert_eq!(reply.status, 200, "case {case}");
        assert_eq!(
            String::from_utf8_lossy(&reply.body),
            String::from_utf8_lossy(&batch),
            "case {case}: body {:?}",
            String::from_utf8_lossy(&body)
        );
        assert_eq!(
            reply.header("content-type").as_deref(),
            Some(mj_server::JSON_LINES)
        );
    }
    // A body larger than the inline limit goes through the blocking pool: same answers.
    let line = br#"{"op":"discards","hand":"123m456p789s23455z","id":7}"#;
    let mut body = Vec::new();
    for _ in 0..200 {
        body.extend_from_slice(line);
        body.push(b'\n');
    }
    let reply = exchange(addr, &post("/api", &body)).await;
    let mut batch = Vec::new();
    mj_protocol::run_batch(&body[..], &mut batch).unwrap();
    assert_eq!(reply.body, batch);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_over_the_limit_get_413_and_refusals_are_json() {
    let limits = Limits {
        max_body: 1000,
        ..Limits::default()
    };
    let addr = start(limits).await;
    // By Content-Length, before reading.
    let reply = exchange(addr, &post("/api", &[b' '; 1001])).await;
    assert_eq!(reply.status, 413);
    assert_eq!(reply.json()["error"]["kind"], "body_too_large");
    assert!(
        reply.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("1001")
    );
    // Chunked, no length given: refused once it passes the limit.
    let mut raw =
        b"POST /api HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            .to_vec();
    for _ in 0..3 {
        raw.extend_from_slice(b"200\r\n");
        raw.extend_from_slice(&[b'x'; 0x200]);
        raw.extend_from_slice(b"\r\n");
    }
    raw.extend_from_slice(b"0\r\n\r\n");
    let reply = exchange(addr, &raw).await;
    assert_eq!(reply.status, 413);
    assert_eq!(reply.json()["error"]["kind"], "body_too_large");
    // At the limit: answered.
    let mut body = br#"{"op":"hu","hand":"11z"}"#.to_vec();
    body.resize(1000, b' ');
    assert_eq!(exchange(addr, &post("/api", &body)).await.status, 200);
    // The other refusals.
    let cases: [(Vec<u8>, u16, &str); 5] = [
        (post("/api", b""), 400, "empty_body"),
        (get("/api"), 405, "method_not_allowed"),
        (post("/", b"x"), 405, "method_not_allowed"),
        (get("/no/such/page"), 404, "not_found"),
        (get("/assets/nothing.js"), 404, "not_found"),
    ];
    for (raw, status, kind) in cases {
        let reply = exchange(addr, &raw).await;
        assert_eq!(reply.status, status, "{}", String::from_utf8_lossy(&raw));
        assert_eq!(reply.json()["error"]["kind"], kind);
        assert_eq!(
            reply.header("content-type").as_deref(),
            Some("application/json")
        );
    }
    // Broken HTTP is refused by the HTTP layer with a 4xx, and the server goes on.
    for raw in [
        &b"BLAH\r\n\r\n"[..],
        b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -3\r\n\r\n",
        b"GET / HTTP/1.1\r\nBad Header\r\n\r\n",
    ] {
        let reply = exchange(addr, raw).await;
        assert!((400..500).contains(&reply.status), "{}", reply.status);
    }
    let long_header = format!(
        "GET / HTTP/1.1\r\nHost: x\r\nX-Long: {}\r\n\r\n",
        "a".repeat(64 << 10)
    );
    let reply = exchange(addr, long_header.as_bytes()).await;
    assert!((400..500).contains(&reply.status), "{}", reply.status);
    let reply = exchange(addr, &get("/api/health")).await;
    assert_eq!(reply.json()["ok"], true);
    assert_eq!(reply.json()["limits"]["max_body"], 1000);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_too_large_get_413() {
    let limits = Limits {
        max_answer: 2000,
        ..Limits::default()
    };
    let addr = start(limits).await;
    let body = br#"{"op":"discards","hand":"123m456p789s23455z","improvement":true}"#;
    let reply = exchange(addr, &post("/api", body)).await;
    assert_eq!(reply.status, 413);
    assert_eq!(reply.json()["error"]["kind"], "answer_too_large");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_forbid_inline_scripts_and_scripts_never_write_html() {
    let addr = start(Limits::default()).await;
    for (route, asset) in PAGES {
        let reply = exchange(addr, &get(route)).await;
        assert_eq!(reply.status, 200, "{route}");
        let csp = reply.header("content-security-policy").unwrap();
        assert!(csp.contains("script-src 'self'"), "{csp}");
        assert!(!csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"));
        assert_eq!(
            reply.header("x-content-type-options").as_deref(),
            Some("nosniff")
        );
        assert_eq!(reply.body, asset.bytes);
        let html = String::from_utf8_lossy(asset.bytes);
        // Every script is a file of this server; no inline script or handler attribute.
        for tag in html.split("<script").skip(1) {
            let tag = &tag[..tag.find('>').unwrap()];
            assert!(
                tag.contains("src=\"/assets/"),
                "{route}: inline script {tag}"
            );
        }
        // No event-handler attribute in any tag.
        for tag in html.split('<').skip(1) {
            let tag = &tag[..tag.find('>').unwrap_or(tag.len())];
            assert!(
                !tag.split_whitespace()
                    .skip(1)
                    .any(|a| a.to_ascii_lowercase().starts_with("on")),
                "{route}: handler attribute in <{tag}>"
            );
        }
        // Revalidation by entity tag.
        let tag = reply.header("etag").unwrap();
        let again = format!(
            "GET {route} HTTP/1.1\r\nHost: x\r\nIf-None-Match: {tag}\r\nConnection: close\r\n\r\n"
        );
        assert_eq!(exchange(addr, again.as_bytes()).await.status, 304);
    }
    for asset in ASSETS {
        let reply = exchange(addr, &get(&format!("/assets/{}", asset.name))).await;
        assert_eq!(reply.status, 200);
        assert_eq!(
            reply.header("content-type").as_deref(),
            Some(asset.content_type)
        );
        if asset.name.ends_with(".js") {
            let js = String::from_utf8_lossy(asset.bytes);
            for sink in [
                "innerHTML",
                "outerHTML",
                "insertAdjacentHTML",
                "document.write",
                "eval(",
                "new Function",
            ] {
                assert!(
                    !js.contains(sink),
                    "{}: writes HTML or code with {sink}",
                    asset.name
                );
            }
        }
    }
}

/// Reads from `stream` until the server closes it (or `limit` passes): how long it took.
async fn until_closed(stream: &mut TcpStream, limit: Duration) -> Option<Duration> {
    let started = Instant::now();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout_at((started + limit).into(), stream.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0)) | Ok(Err(_)) => return Some(started.elapsed()),
            Ok(Ok(_)) => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_and_idle_clients_are_dropped() {
    let limits = Limits {
        header_timeout: Duration::from_millis(300),
        request_timeout: Duration::from_millis(600),
        idle_timeout: Duration::from_millis(1500),
        ..Limits::default()
    };
    let addr = start(limits).await;

    // Slowloris: headers a byte at a time, for far longer than the header timeout.
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let header = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n";
    let started = Instant::now();
    let mut cut = false;
    for byte in header {
        if stream.write_all(&[*byte]).await.is_err() {
            cut = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        if started.elapsed() > Duration::from_secs(3) {
            break;
        }
    }
    let closed = cut
        || until_closed(&mut stream, Duration::from_secs(2))
            .await
            .is_some();
    assert!(closed, "a slowloris client kept its connection");
    assert!(started.elapsed() < Duration::from_secs(4));

    // A slow body: headers at once, then a byte every 100 ms: 408 as JSON, then closed.
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(b"POST /api HTTP/1.1\r\nHost: x\r\nContent-Length: 200\r\n\r\n{")
        .await
        .unwrap();
    let writer = tokio::spawn(async move {
        for _ in 0..40 {
            tokio::time::sleep(Duration::from_millis(100)).await;
            if stream.write_all(b" ").await.is_err() {
                break;
            }
        }
        stream
    });
    let mut stream = writer.await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(3), stream.read_to_end(&mut out)).await;
    let reply = parse(&out);
    assert_eq!(reply.status, 408);
    assert_eq!(reply.json()["error"]["kind"], "request_timeout");

    // An idle connection after an answer (keep-alive) is closed.
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let closed_after = until_closed(&mut stream, Duration::from_secs(5)).await;
    assert!(closed_after.is_some(), "an idle connection stayed open");

    // A client that never reads its answers: its connection is closed, not kept.
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = post(
        "/api",
        br#"{"op":"discards","hand":"123m456p789s23455z","improvement":true}"#,
    );
    let keep_alive = String::from_utf8_lossy(&request).replace("Connection: close\r\n", "");
    let mut sent = 0usize;
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(6) {
        match tokio::time::timeout(
            Duration::from_millis(200),
            stream.write_all(keep_alive.as_bytes()),
        )
        .await
        {
            Ok(Ok(())) => sent += 1,
            Ok(Err(_)) => break,
            Err(_) => {}
        }
    }
    assert!(
        started.elapsed() < Duration::from_secs(6),
        "a client that never reads kept its connection ({sent} requests written)"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_connection_cap_holds_further_clients_until_one_closes() {
    let limits = Limits {
        max_connections: 4,
        ..Limits::default()
    };
    let addr = start(limits).await;
    let mut held = Vec::new();
    for _ in 0..4 {
        let mut s = TcpStream::connect(addr).await.unwrap();
        s.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
            .await
            .unwrap();
        let mut buf = [0u8; 1024];
        assert!(s.read(&mut buf).await.unwrap() > 0);
        held.push(s);
    }
    let mut fifth = TcpStream::connect(addr).await.unwrap();
    fifth.write_all(&get("/api/health")).await.unwrap();
    let mut buf = [0u8; 1024];
    let early = tokio::time::timeout(Duration::from_millis(500), fifth.read(&mut buf)).await;
    assert!(
        early.is_err(),
        "a fifth connection was served past the cap of 4"
    );
    drop(held.pop());
    let later = tokio::time::timeout(Duration::from_secs(5), fifth.read(&mut buf)).await;
    assert!(
        matches!(later, Ok(Ok(n)) if n > 0),
        "the fifth was not served once one closed"
    );
}

fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_connections_held_open_in_bounded_memory() {
    let addr = start(Limits::default()).await;
    // Warm up: the tables and the allocator's first arenas.
    let warm = exchange(
        addr,
        &post("/api", br#"{"op":"discards","hand":"123m456p789s23455z"}"#),
    )
    .await;
    assert_eq!(warm.status, 200);
    let before = rss_kib();
    let mut streams = Vec::with_capacity(1000);
    for _ in 0..1000 {
        streams.push(TcpStream::connect(addr).await.unwrap());
    }
    // Every connection asks once and stays open (keep-alive).
    let request = br#"{"op":"discards","hand":"123m456p789s23455z"}"#;
    let raw = format!(
        "POST /api HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{}",
        request.len(),
        String::from_utf8_lossy(request)
    );
    for s in &mut streams {
        s.write_all(raw.as_bytes()).await.unwrap();
    }
    let mut answered = 0;
    for s in &mut streams {
        let mut buf = vec![0u8; 8192];
        let mut got = 0;
        while !buf[..got].ends_with(b"}]}\n") {
            let n = s.read(&mut buf[got..]).await.unwrap();
            assert!(n > 0, "a connection was closed");
            got += n;
        }
        answered += 1;
    }
    assert_eq!(answered, 1000);
    let held = rss_kib();
    let growth = held.saturating_sub(before);
    eprintln!(
        "1,000 connections held open: resident memory {before} KiB before, {held} KiB after (+{growth} KiB, {:.1} KiB per connection, client and server sides together)",
        growth as f64 / 1000.0
    );
    // The bound stated in docs/server.md: well under 64 MiB for 1,000 connections.
    assert!(growth < 64 << 10, "+{growth} KiB for 1,000 connections");
    // All still open and served.
    let s = &mut streams[999];
    s.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut buf = [0u8; 2048];
    assert!(s.read(&mut buf).await.unwrap() > 0);
}

/// `POST /api/log` answers a real log's games as mjai events (every round, from `start_kyoku`
/// with the log's scores), and refuses what is not a log with a named JSON error. The real logs
/// stay in `../shared/logs`; absent, that part says so and checks only the refusals.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_log_api_answers_real_logs_as_events_and_refuses_the_rest() {
    let addr = start(Limits::default()).await;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/logs");
    // The first files of each folder (sorted): Phoenix games of both sizes, tenhou.net/6 JSON
    // and its XML twins, and the corner cases that broke other parsers.
    let mut files = Vec::new();
    for folder in ["tenhou-phoenix-2020", "tenhou6", "corner-cases"] {
        let Ok(entries) = std::fs::read_dir(dir.join(folder)) else {
            continue;
        };
        let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.retain(|p| p.extension().is_some_and(|x| x != "md"));
        paths.sort();
        files.extend(paths.into_iter().take(14));
    }
    if files.is_empty() {
        eprintln!("{} is absent: only the refusals are checked", dir.display());
    }
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let reply = exchange(addr, &post("/api/log", &bytes)).await;
        let log = match mj_log::read(&bytes) {
            Ok(log) => log,
            Err(e) => {
                // What the reader refuses, the API refuses with the reader's words.
                assert_eq!(reply.status, 422, "{}", path.display());
                let message = reply.json()["error"]["message"]
                    .as_str()
                    .unwrap()
                    .to_owned();
                assert!(message.ends_with(&e.to_string()), "{message}");
                continue;
            }
        };
        assert_eq!(reply.status, 200, "{}", path.display());
        assert_eq!(
            reply.header("content-type").as_deref(),
            Some("application/json")
        );
        let answer = reply.json();
        assert_eq!(answer["format"], log.format.name());
        for (game, ours) in log.games.iter().zip(answer["games"].as_array().unwrap()) {
            assert_eq!(ours["names"], serde_json::json!(game.names));
            assert_eq!(ours["title"], serde_json::json!(game.title));
            let rounds = ours["rounds"].as_array().unwrap();
            assert_eq!(rounds.len(), game.rounds.len(), "{}", path.display());
            for (round, events) in game.rounds.iter().zip(rounds) {
                let events = events.as_array().unwrap();
                assert_eq!(events.len(), round.events.len());
                assert_eq!(events[0]["type"], "start_kyoku");
            }
        }
    }
    for (body, status, kind) in [
        (&b"not a log"[..], 422, "unreadable_log"),
        (b"{\"log\": 5}", 422, "unreadable_log"),
        (b"", 400, "empty_body"),
    ] {
        let reply = exchange(addr, &post("/api/log", body)).await;
        assert_eq!(reply.status, status, "{body:?}");
        assert_eq!(reply.json()["error"]["kind"], kind);
    }
    let reply = exchange(addr, &get("/api/log")).await;
    assert_eq!(reply.status, 405);
}
