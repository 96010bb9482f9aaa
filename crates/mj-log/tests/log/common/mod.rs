//! What the log tests share: where the real logs are (`../shared/logs`, or `MJ_LOGS`), and
//! reading and replaying a file through `mj_log` as `mj replay` does.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

/// The folder of real logs: `MJ_LOGS`, else `../shared/logs` from the repository's root.
pub fn logs_dir() -> PathBuf {
    match std::env::var_os("MJ_LOGS") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/logs"),
    }
}

/// A file's log through `mj_log::read` and `mj_log::replay_with`, named as given (an
/// unreadable file is a report with the reader's error as its mismatch).
pub fn replay_file(name: &str, bytes: &[u8], opts: &mj_log::ReplayOptions) -> mj_log::ReplayReport {
    let mut r = match mj_log::read(bytes) {
        Ok(log) => mj_log::replay_with(&log, opts),
        Err(e) => mj_log::ReplayReport::unreadable(name.to_string(), e),
    };
    r.name = name.to_string();
    r
}

/// Every file's replay, in order (`(name, bytes)` pairs).
pub fn replay_all(files: &[(String, Vec<u8>)]) -> mj_log::Replay {
    let opts = mj_log::ReplayOptions::default();
    mj_log::Replay {
        files: files
            .iter()
            .map(|(n, b)| replay_file(n, b, &opts))
            .collect(),
    }
}

/// The text of a log file, gzip undone.
pub fn text(p: &Path) -> String {
    let bytes = std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let plain = mj_log::decompress(&bytes, mj_log::Limits::default())
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    String::from_utf8_lossy(&plain).into_owned()
}

/// A Botzone log read and replayed with every hand's round kept: the hands' ids and the
/// report, or the first thing that does not read or match.
pub fn botzone(text: &str) -> Result<(Vec<String>, mj_log::ReplayReport), String> {
    let log = mj_log::read(text.as_bytes()).map_err(|e| e.to_string())?;
    let ids = log
        .games
        .iter()
        .map(|g| g.id.clone().unwrap_or_default())
        .collect();
    let r = mj_log::replay_with(
        &log,
        &mj_log::ReplayOptions {
            record: true,
            ..mj_log::ReplayOptions::default()
        },
    );
    match r.mismatches.first() {
        Some(m) => Err(m.to_string()),
        None => Ok((ids, r)),
    }
}

/// Events as JSON Lines, as `mj game` prints them.
pub fn events_text(events: &[mj_game::Event]) -> String {
    events.iter().map(|e| e.to_json() + "\n").collect()
}

/// Our own log (its events as `mj game` prints them) read and replayed.
pub fn replay_events(events: &[mj_game::Event]) -> mj_log::ReplayReport {
    replay_file(
        "events",
        events_text(events).as_bytes(),
        &mj_log::ReplayOptions::default(),
    )
}

/// The round events a log was read into, in order (`start_game` and `end_game` are the
/// game's names and end, not round events).
pub fn round_events(log: &mj_log::GameLog) -> Vec<mj_game::Event> {
    log.games
        .iter()
        .flat_map(|g| &g.rounds)
        .flat_map(|r| r.events.iter().cloned())
        .collect()
}

/// The flow a log's rules are candidates of, for logs of our own Chinese flows.
pub fn flow(log: &mj_log::GameLog) -> Option<mj_game::Flow> {
    match &log.games.first()?.rules {
        mj_log::LogRules::Candidates(c) => c.first().map(|r| r.flow),
        _ => None,
    }
}
