//! `POST /api/log`: a game log in, its games as mjai events out, for the log viewer.
//!
//! The body is a log of any format [`mj_log::read`] knows (Tenhou mjlog, plain or gzipped;
//! tenhou.net/6 JSON; mjai JSON Lines, plain or gzipped; our own Sichuan, 红中 and MCR logs),
//! read up to [`Limits::max_body`](crate::Limits) and parsed in memory: nothing is stored. The
//! answer is one JSON object:
//!
//! ```json
//! {"format": "mjlog", "games": [{"id": null, "title": null, "names": ["A", "B", "C", "D"],
//!   "rules": "tenhou room 0xa9",
//!   "rounds": [[{"type": "start_kyoku", ...}, ...], ...],
//!   "end": {"scores": [...], "points": [...]}}]}
//! ```
//!
//! Each round is its events from `start_kyoku` to `end_kyoku`, in mjai's vocabulary with every
//! hand and draw shown (a log is a record of a finished game). `title` is a tenhou.net/6
//! log's title (its parts joined by ` / `), `null` for other formats. A log that cannot be read is
//! refused with 422 `unreadable_log` and the reader's message, which names where and what.

use std::sync::Arc;
use std::time::Instant;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use crate::api::{admit, on_blocking_pool, timeout_error};
use crate::error::ApiError;
use crate::state::AppState;

/// Most bytes a log may hold once gzip is undone: the body limit bounds what is sent, this
/// bounds what a small gzip body may expand to.
pub const MAX_LOG_BYTES: u64 = 16 << 20;

/// The viewer's answer for the log in `bytes`, at most `cap` bytes of JSON.
///
/// # Errors
/// 422 `unreadable_log` (the reader's message), 413 `answer_too_large` past `cap`.
pub fn log_answer(bytes: &[u8], cap: usize) -> Result<Vec<u8>, ApiError> {
    let limits = mj_log::Limits {
        max_bytes: MAX_LOG_BYTES,
    };
    let log = mj_log::read_with(bytes, limits).map_err(|e| {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "unreadable_log",
            format!("the log could not be read: {e}"),
        )
    })?;
    let games: Vec<Value> = log.games.iter().map(game_json).collect();
    let answer = json!({"format": log.format.name(), "games": games}).to_string();
    if answer.len() > cap {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "answer_too_large",
            format!(
                "the log's events would pass {cap} bytes (the --max-answer limit): send one \
                 game at a time"
            ),
        ));
    }
    Ok(answer.into_bytes())
}

fn game_json(game: &mj_log::Game) -> Value {
    let rules = match &game.rules {
        mj_log::LogRules::Known { source, .. } => source.clone(),
        mj_log::LogRules::Candidates(_) => "our Chinese flows".to_owned(),
        mj_log::LogRules::Unstated { players } => format!("not stated ({players} players)"),
        mj_log::LogRules::Unsupported(why) => format!("not modelled: {why}"),
    };
    let rounds: Vec<Value> = game
        .rounds
        .iter()
        .map(|r| serde_json::to_value(&r.events).unwrap_or(Value::Null))
        .collect();
    let end = game
        .end
        .as_ref()
        .map(|e| json!({"scores": e.scores, "points": e.points}));
    json!({"id": game.id, "title": game.title, "names": game.names, "rules": rules,
        "rounds": rounds, "end": end})
}

/// `POST /api/log`.
pub(crate) async fn post_log(
    State(state): State<Arc<AppState>>,
    request: Request,
) -> Result<Response, ApiError> {
    let (deadline, body, permit) = admit(&state, request, EMPTY_LOG).await?;
    let cap = state.limits.max_answer;
    let answer = on_blocking_pool(permit, move || log_answer(&body, cap)).await?;
    log_response(answer, "application/json", deadline)
}

/// What a log route (`/api/log`, `/api/review`) says of an empty body.
pub(crate) const EMPTY_LOG: &str = "the body is empty: send a log (Tenhou mjlog, tenhou.net/6 \
                                    JSON or mjai JSON Lines, plain or gzipped)";

/// A log route's answer: `answer` as `content_type`, or 408 when the deadline passed while it
/// was made.
pub(crate) fn log_response(
    answer: Vec<u8>,
    content_type: &'static str,
    deadline: Instant,
) -> Result<Response, ApiError> {
    if Instant::now() > deadline {
        return Err(timeout_error());
    }
    let mut response = Body::from(answer).into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_logs_are_named_errors() {
        for bad in [
            &b"not a log"[..],
            b"<mjloggm ver=\"2.3\"><INIT",
            b"\x1f\x8b\x08\x00junk",
        ] {
            let e = log_answer(bad, 1 << 20).err();
            assert_eq!(
                e.as_ref().map(|e| e.kind),
                Some("unreadable_log"),
                "{bad:?}"
            );
            assert_eq!(e.map(|e| e.status), Some(StatusCode::UNPROCESSABLE_ENTITY));
        }
    }
}
