//! 200 rooms played at once on a loopback port, each by its own scripted person against three
//! `defense` bots, with the rooms in a database file (every action committed before it is
//! answered): every room finishes, every action is answered 200, and the action latency
//! percentiles are printed (`--nocapture`; docs/rooms.md records a release run). No timed
//! assertion: the test is bounded in count (one round a room) and by a generous deadline.
//!
//! `MJ_LOAD_GAMES` (default 200) and `MJ_LOAD_THINK_MS` (default 100: the person's mean pause
//! before each action, drawn between half and one and a half times it, so the load is many
//! players at a quick human pace, not one client flat out; 0 sends as fast as answers come).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::{call, start_config};
use mj_server::{Config, Limits};
use serde_json::{Value, json};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Plays one room to its end; answers the latency of each action.
async fn person(addr: SocketAddr, n: u64, think: Duration) -> Vec<Duration> {
    let body = json!({"rules": "tenhou", "length": "one", "seed": n,
                      "seats": ["human", "defense", "defense", "defense"]});
    let reply = call(addr, "POST", "/api/games", None, Some(&body)).await;
    assert_eq!(reply.status, 201);
    let created = reply.json();
    let id = created["id"].as_str().unwrap().to_owned();
    let token = created["tokens"]["0"].as_str().unwrap().to_owned();
    let mut next = 0;
    let mut latencies = Vec::new();
    loop {
        let path = format!("/api/games/{id}?seat=0&since={next}&wait_ms=5000");
        let v: Value = call(addr, "GET", &path, Some(&token), None).await.json();
        next = v["next"].as_u64().unwrap();
        if v["done"] == true {
            return latencies;
        }
        let legal = v["legal"].as_array().unwrap();
        if legal.is_empty() {
            continue;
        }
        let choice = legal
            .iter()
            .find(|a| a["type"] == "hora")
            .unwrap_or(&legal[(n as usize + latencies.len()) % legal.len()])
            .clone();
        // Each pause drawn between half and one and a half times `think`, so that the people do
        // not act in lockstep (two hundred actions in the same millisecond, every second).
        let spread = (n.wrapping_mul(2_654_435_761) ^ (latencies.len() as u64 * 40_503)) % 1001;
        tokio::time::sleep(think.mul_f64(0.5 + spread as f64 / 1000.0)).await;
        let started = Instant::now();
        let reply = call(
            addr,
            "POST",
            &format!("/api/games/{id}/act"),
            Some(&token),
            Some(&json!({"seat": 0, "action": choice})),
        )
        .await;
        latencies.push(started.elapsed());
        assert_eq!(
            reply.status,
            200,
            "{}",
            String::from_utf8_lossy(&reply.body)
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_rooms_at_once() {
    let games = env("MJ_LOAD_GAMES", 200);
    let think = Duration::from_millis(env("MJ_LOAD_THINK_MS", 100));
    let dir = std::env::temp_dir().join(format!("mj-server-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // Every client is on 127.0.0.1: the per-address limits are lifted for this one address.
    let config = Config {
        bind: "127.0.0.1:0".parse().unwrap(),
        data: Some(dir.clone()),
        limits: Limits {
            client_rate: 1_000_000,
            rooms_per_client: 10_000,
            ..Limits::default()
        },
    };
    let (_stop, stopped) = tokio::sync::oneshot::channel();
    let (addr, _task) = start_config(config, stopped).await;
    let started = Instant::now();
    let players: Vec<_> = (0..games)
        .map(|n| tokio::spawn(person(addr, n, think)))
        .collect();
    let mut all = Vec::new();
    for p in players {
        let latencies = tokio::time::timeout(Duration::from_secs(600), p)
            .await
            .expect("a room did not finish within ten minutes")
            .unwrap();
        assert!(!latencies.is_empty());
        all.extend(latencies);
    }
    let elapsed = started.elapsed();
    all.sort();
    let at = |q: f64| all[((all.len() as f64 * q) as usize).min(all.len() - 1)];
    eprintln!(
        "{games} rooms at once, think {think:?}: {} actions in {:.1} s ({:.0}/s); action latency \
         p50 {:.2} ms, p95 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        all.len(),
        elapsed.as_secs_f64(),
        all.len() as f64 / elapsed.as_secs_f64(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.95).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        all[all.len() - 1].as_secs_f64() * 1e3,
    );
    let list = call(addr, "GET", "/api/games", None, None).await.json();
    let listed = list["games"].as_array().unwrap();
    assert_eq!(listed.len(), (games as usize).min(100));
    assert!(listed.iter().all(|g| g["done"] == true));
    let _ = std::fs::remove_dir_all(&dir);
}
