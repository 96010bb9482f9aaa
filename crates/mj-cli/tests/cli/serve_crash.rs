//! `mj serve --data DIR` killed with SIGKILL at random moments while a scripted person plays
//! several rooms through the HTTP API as fast as it is answered, then restarted on the same
//! folder, a hundred times: every action the server acknowledged is still there after the
//! restart (each seat's events up to the acknowledged count are the ones seen before the
//! kill), every room resumes and finishes, and each finished log replays with `mj replay` to
//! its final scores. Each kill lands 2 to 62 ms after the restarted server first answers, or,
//! every other run, 2 to 62 ms after its first acknowledged action, so that at least half the
//! kills come while rooms are being played however slow the machine is (a busy machine used
//! to spend the whole delay on the restart). `MJ_CRASH_CYCLES` sets the number of kills
//! (default 100).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use mj_tiles::rng::SplitMix64;
use serde_json::{Value, json};

fn mj() -> &'static str {
    env!("CARGO_BIN_EXE_mj")
}

struct Server {
    child: Child,
    addr: SocketAddr,
}

fn start(data: &Path) -> Server {
    let mut child = Command::new(mj())
        .args([
            "serve",
            "--bind",
            "127.0.0.1:0",
            "--client-rate",
            "1000000",
            "--data",
        ])
        .arg(data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let url = first
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {first:?}"));
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .parse()
        .unwrap();
    // The rest of the output is read (and dropped) so the server never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    Server { child, addr }
}

/// One request on a new connection: the status and JSON body, or `None` when the server is
/// gone (killed mid-request: the action may or may not have been committed, and was not
/// acknowledged).
fn call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> Option<(u16, Value)> {
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(2)).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ok()?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    let raw = format!(
        "{method} {path} HTTP/1.1\r\nHost: x\r\n{auth}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(raw.as_bytes()).ok()?;
    let mut out = Vec::new();
    stream.read_to_end(&mut out).ok()?;
    let end = out.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&out[..end]).into_owned();
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    let text = String::from_utf8_lossy(&out[end + 4..]).into_owned();
    let json = serde_json::from_str(&text).unwrap_or(Value::String(text));
    Some((status, json))
}

/// A room as the client knows it.
struct Game {
    id: String,
    token: String,
    /// The seat's events as last seen.
    seen: Vec<Value>,
    /// The event count the server answered for the last acknowledged action.
    acked: usize,
    acked_actions: usize,
    done: bool,
    rules: &'static str,
    length: &'static str,
}

const RULES: [(&str, &str); 3] = [("tenhou", "one"), ("sichuan", "one"), ("tenhou", "east")];

fn create(addr: SocketAddr, n: usize) -> Option<Game> {
    let (rules, length) = RULES[n % RULES.len()];
    let body = json!({"rules": rules, "length": length, "seats": ["human", "defense", "defense", "defense"]});
    let (status, v) = call(addr, "POST", "/api/games", None, Some(&body))?;
    assert_eq!(status, 201, "{v}");
    Some(Game {
        id: v["id"].as_str().unwrap().to_owned(),
        token: v["tokens"]["0"].as_str().unwrap().to_owned(),
        seen: Vec::new(),
        acked: 0,
        acked_actions: 0,
        done: false,
        rules,
        length,
    })
}

/// Fetches the seat's whole view; checks that nothing acknowledged is missing or changed.
fn sync(addr: SocketAddr, g: &mut Game) -> Option<Value> {
    let (status, v) = call(
        addr,
        "GET",
        &format!("/api/games/{}?seat=0", g.id),
        Some(&g.token),
        None,
    )?;
    assert_eq!(status, 200, "{v}");
    let events = v["events"].as_array().unwrap().clone();
    assert!(
        events.len() >= g.acked,
        "game {}: {} events after a restart, {} were acknowledged",
        g.id,
        events.len(),
        g.acked
    );
    assert_eq!(
        &events[..g.acked.min(g.seen.len())],
        &g.seen[..g.acked.min(g.seen.len())],
        "game {}: an acknowledged event changed",
        g.id
    );
    g.seen = events;
    g.done = v["done"].as_bool().unwrap();
    Some(v)
}

/// Plays one action of `g`; `None` when the server is gone.
fn step(addr: SocketAddr, g: &mut Game, coin: &mut SplitMix64) -> Option<()> {
    let v = sync(addr, g)?;
    if g.done {
        return Some(());
    }
    let legal = v["legal"].as_array().unwrap();
    assert!(
        !legal.is_empty(),
        "game {}: not over and nothing to do",
        g.id
    );
    let choice = legal
        .iter()
        .find(|a| a["type"] == "hora")
        .cloned()
        .unwrap_or_else(|| legal[(coin.next_u64() % legal.len() as u64) as usize].clone());
    let body = json!({"seat": 0, "action": choice});
    let (status, answer) = call(
        addr,
        "POST",
        &format!("/api/games/{}/act", g.id),
        Some(&g.token),
        Some(&body),
    )?;
    assert_eq!(status, 200, "{answer}");
    g.acked = answer["next"].as_u64().unwrap() as usize;
    g.acked_actions += 1;
    Some(())
}

#[test]
fn no_acknowledged_action_is_lost_over_kills_and_restarts() {
    let cycles: usize = std::env::var("MJ_CRASH_CYCLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let data = std::env::temp_dir().join(format!("mj-serve-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let mut coin = SplitMix64::new(2026);
    let mut games: Vec<Game> = Vec::new();
    let mut finished: Vec<Game> = Vec::new();
    let mut created = 0;
    let mut acked_total = 0usize;
    // Kills that came while rooms were being played (an action acknowledged in that run).
    let mut mid_game = 0usize;
    for cycle in 0..=cycles {
        let mut server = start(&data);
        let addr = server.addr;
        // The server answers once its database is open and every room has resumed; the kill
        // comes at a random moment after that, while rooms are being played.
        let (status, _) = call(addr, "GET", "/api/games", None, None).expect("the server answers");
        assert_eq!(status, 200);
        // Every room known so far resumes with everything acknowledged.
        for g in games.iter_mut() {
            sync(addr, g).expect("the server answers after a restart");
        }
        let acked_before: usize = games.iter().chain(&finished).map(|g| g.acked_actions).sum();
        let kill_after = Duration::from_micros(2_000 + coin.next_u64() % 60_000);
        let last = cycle == cycles;
        // Every other run, the delay starts at the run's first acknowledged action.
        let acked_in_run = Arc::new(AtomicBool::new(false));
        let after_an_action = cycle % 2 == 0;
        let killer = (!last).then(|| {
            let pid = server.child.id();
            let acked_in_run = Arc::clone(&acked_in_run);
            std::thread::spawn(move || {
                let since = Instant::now();
                while after_an_action
                    && !acked_in_run.load(Ordering::Acquire)
                    && since.elapsed() < Duration::from_secs(5)
                {
                    std::thread::sleep(Duration::from_micros(200));
                }
                std::thread::sleep(kill_after);
                // SIGKILL: no shutdown, no flush.
                let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            })
        });
        loop {
            while games.len() < 3 {
                match create(addr, created) {
                    Some(g) => {
                        created += 1;
                        games.push(g);
                    }
                    None if last => panic!("the last server, never killed, refused a room"),
                    None => break,
                }
            }
            if games.len() < 3 {
                break; // killed while creating
            }
            let i = (coin.next_u64() % games.len() as u64) as usize;
            if step(addr, &mut games[i], &mut coin).is_none() {
                break;
            }
            acked_in_run.store(true, Ordering::Release);
            if games[i].done {
                finished.push(games.swap_remove(i));
                if last && finished.len() >= 6 {
                    break;
                }
            }
            if last && !games.is_empty() && games.iter().all(|g| g.done) {
                break;
            }
        }
        if let Some(k) = killer {
            k.join().unwrap();
            let acked_after: usize = games.iter().chain(&finished).map(|g| g.acked_actions).sum();
            mid_game += usize::from(acked_after > acked_before);
        }
        if last {
            // Finish every room still open.
            for g in games.iter_mut() {
                while !g.done {
                    step(addr, g, &mut coin).unwrap();
                }
            }
            finished.append(&mut games);
            for g in &finished {
                acked_total += g.acked_actions;
                let (status, log) =
                    call(addr, "GET", &format!("/api/games/{}/log", g.id), None, None).unwrap();
                assert_eq!(status, 200);
                let Value::String(text) = log else {
                    panic!("the log is JSON Lines, not one JSON value");
                };
                let file = data.join(format!("{}.jsonl", g.id));
                std::fs::write(&file, &text).unwrap();
                let out = Command::new(mj())
                    .args(["replay", "--rules", g.rules, "--length", g.length])
                    .arg(&file)
                    .output()
                    .unwrap();
                let report = String::from_utf8_lossy(&out.stdout);
                assert!(out.status.success(), "{} does not replay: {report}", g.id);
            }
            let _ = server.child.kill();
        }
        let _ = server.child.wait();
    }
    eprintln!(
        "{cycles} kills ({mid_game} mid-game), {created} rooms, {} finished, {acked_total} \
         acknowledged actions, none lost",
        finished.len()
    );
    assert!(finished.len() >= 6);
    assert!(
        mid_game * 2 >= cycles,
        "only {mid_game} of {cycles} kills came while rooms were being played"
    );
    let _ = std::fs::remove_dir_all(&data);
}
