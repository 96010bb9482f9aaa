//! Every mahjong log format in, replay out: [`read`] turns a log (gzipped or plain) into
//! `mj_game` events with what the log says beside them ([`GameLog`]), and [`replay()`] drives
//! the engine through it and compares every result, the match between the rounds and its
//! end with the log.
//!
//! ```
//! let text = r#"<mjloggm ver="2.3"><GO type="169"/><UN n0="A" n1="B" n2="C" n3="D"/>
//!   <TAIKYOKU oya="0"/><INIT seed="0,0,0,1,2,93" ten="250,250,250,250" oya="0"
//!     hai0="1,24,67,91,42,76,6,104,26,130,49,72,99" hai1="89,43,123,46,2,116,39,77,45,25,81,17,44"
//!     hai2="71,103,100,73,34,18,80,9,32,35,87,101,108" hai3="14,5,4,129,60,20,63,13,105,117,15,74,90"/>
//!   <T97/><D104/></mjloggm>"#;
//! let log = mj_log::read(text.as_bytes())?;
//! assert_eq!(log.format, mj_log::Format::TenhouXml);
//! assert_eq!(log.games[0].names, ["A", "B", "C", "D"]);
//! // Cut off after one discard: nothing to compare, and the replay says so.
//! let report = mj_log::replay(&log);
//! assert!(report.notes[0].contains("cut off"));
//! # Ok::<(), mj_log::LogError>(())
//! ```
//!
//! # Formats
//!
//! | format | module | what it gives |
//! |---|---|---|
//! | Tenhou mjlog XML (`<mjloggm>`) | [`tenhou`] | the wall from the `SHUFFLE` seed, the room's rules ([`tenhou::room`]), han, fu and changes of every result, final scores and points (`owari`) |
//! | tenhou.net/6 JSON (a game, or a game or round a line) | [`tenhou6`] | the turn order found from the lists, the room `rule.disp` names, final scores and points (`sc`) |
//! | mjai JSON Lines: libriichi's arena (Mortal, mjai.app), the original mjai, our own `mj game` logs (riichi, Sichuan, 红中, MCR) | [`mjai`] | every event; libriichi's rules from its `seed`; our own logs word for word |
//! | Botzone, the line form and Botzone's JSON match log | [`botzone`] | the fan, fans and score, the judge's chances to win and its walls |
//!
//! [`detect`] tells them apart. A gzipped log is expanded up to [`Limits::max_bytes`] (64 MiB
//! by default), so a gzip bomb costs at most that. Nothing else in the workspace parses a log.
//!
//! # The model
//!
//! A [`GameLog`] holds [`Game`]s; each [`Round`] is its `mj_game::Event`s from `start_kyoku` to
//! `end_kyoku`, in mjai's words (the engine's own vocabulary), with beside them which fields of
//! each result the log states ([`Fields`]: a libriichi `hora` states its changes and ura
//! indicators but no han), the wall when the log gives it, and Botzone's judge. The game holds
//! the players' names, the rules ([`LogRules`]: a Tenhou room, libriichi's arena, candidates
//! for our own Chinese logs, or none) and the end the log states.
//!
//! # Replay
//!
//! [`replay()`] / [`replay_with`] ([`ReplayOptions`]: the preset of a log that states no rules,
//! the length, whether to keep the engine's events) give a [`ReplayReport`]: rounds, actions,
//! the comparisons made ([`Checks`]), the mismatches, what was not compared and why, or the
//! reason the log was refused. [`Replay`] sums many.

mod error;
mod gzip;
mod log;

pub mod botzone;
pub mod mjai;
pub mod replay;
pub mod tenhou;
pub mod tenhou6;

pub use error::LogError;
pub use gzip::{DEFAULT_MAX_BYTES, Limits, decompress, is_gzip};
pub use log::{Fields, Format, Game, GameEnd, GameLog, JudgeNote, LogRules, Round};
pub use replay::{
    Checks, Mismatch, Replay, ReplayOptions, ReplayReport, ReportKind, replay, replay_observed,
    replay_with,
};

use serde_json::Value;

/// Reads a log, gzipped or plain, of any format [`detect`] knows, with the default
/// [`Limits`].
///
/// # Errors
/// Damaged gzip, more than 64 MiB once expanded, not UTF-8, no known format, or the format's
/// own error naming where (byte offset, line, round) and what.
pub fn read(bytes: &[u8]) -> Result<GameLog, LogError> {
    read_with(bytes, Limits::default())
}

/// [`read`] with other [`Limits`].
///
/// # Errors
/// As [`read`].
pub fn read_with(bytes: &[u8], limits: Limits) -> Result<GameLog, LogError> {
    let bytes = decompress(bytes, limits)?;
    let text = std::str::from_utf8(&bytes).map_err(|e| LogError::NotText {
        offset: e.valid_up_to(),
    })?;
    read_text(text)
}

/// Reads a log's text (gzip already undone).
///
/// # Errors
/// As [`read`].
pub fn read_text(text: &str) -> Result<GameLog, LogError> {
    let format = detect(text)?;
    let games = match format {
        Format::TenhouXml => vec![tenhou::read(text)?],
        Format::Tenhou6 => tenhou6::read(text)?,
        Format::Mjai => vec![mjai::read(text)?],
        Format::Botzone | Format::BotzoneMatch => botzone::read(text)?,
    };
    Ok(GameLog { format, games })
}

/// Which format a log's text is in: Botzone's line form (`Match ...`), mjlog XML (`<`), or by
/// the JSON: a `log` array is tenhou.net/6, the judge's displays Botzone's match log, an
/// object with a `type` (a line of) mjai. Text that looks like none of them is taken for an
/// mjlog, whose reader then says what is wrong.
///
/// # Errors
/// JSON of no format this crate reads (mjx's own round JSON, for one), named.
pub fn detect(text: &str) -> Result<Format, LogError> {
    let t = text.trim_start();
    if t.starts_with("Match ") {
        return Ok(Format::Botzone);
    }
    if !(t.starts_with('{') || t.starts_with('[')) {
        // The original mjai starts with a comment and writes board dumps between its lines.
        let first_json = t.lines().map(str::trim).find(|l| l.starts_with('{'));
        let mjai = !t.starts_with('<')
            && first_json.is_some_and(|l| {
                serde_json::from_str::<Value>(l).is_ok_and(|v| v.get("type").is_some())
            });
        return Ok(if mjai {
            Format::Mjai
        } else {
            Format::TenhouXml
        });
    }
    let kind = |v: &Value| -> Result<Format, LogError> {
        if v.get("log").is_some_and(Value::is_array) {
            Ok(Format::Tenhou6)
        } else if v.get("type").is_some_and(Value::is_string) {
            Ok(Format::Mjai)
        } else if v.get("hiddenState").is_some() || v.get("publicObservation").is_some() {
            Err(LogError::UnknownFormat {
                why: "mjx's round JSON (mjxproto) is not a format this program reads".into(),
            })
        } else {
            Err(LogError::UnknownFormat {
                why: "JSON of no log format this program reads (tenhou.net/6, mjai, Botzone)"
                    .into(),
            })
        }
    };
    match serde_json::from_str::<Value>(t) {
        Ok(v) => {
            if botzone::is_botzone_log(t) {
                Ok(Format::BotzoneMatch)
            } else {
                kind(&v)
            }
        }
        Err(e) => {
            let first = t.lines().next().unwrap_or("");
            match serde_json::from_str::<Value>(first) {
                Ok(v) => kind(&v),
                Err(_) => Err(LogError::Tenhou6 {
                    place: "JSON".into(),
                    why: e.to_string(),
                }),
            }
        }
    }
}
