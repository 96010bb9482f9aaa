//! `POST /api/review`: a game log in, one seat's review out ([`mj_review`]), for the review
//! page.
//!
//! The body is a log as `POST /api/log` takes it (Tenhou mjlog, tenhou.net/6 JSON, mjai JSON
//! Lines; gzipped or plain), read in memory and not kept. The query names what to review:
//!
//! | parameter | values | default |
//! |---|---|---|
//! | `seat` | 0 to 3 (0 deals first) | 0 |
//! | `name` | a player's name in the log (instead of `seat`) | |
//! | `player` | `efficiency`, `value`, `defense`, `imitation` ([`PLAYERS`]) | `defense` |
//! | `rounds` | labels, comma-separated (`E1,S3.1`) | every round |
//! | `rules` | a preset (`tenhou`, `sanma`, ...) for an mjai log that states none | |
//! | `format` | `json` (the review's JSON, docs/review.md) or `html` | `json` |
//!
//! `format=html` answers a page whose CSS is linked from [`REVIEW_CSS`] (the server's policy
//! allows no inline style); the review page imports its body. Only the rule players review
//! here: each answers a decision in microseconds, so a hanchan takes well under a second,
//! while `search` spends 200 ms a decision and would hold a worker for minutes.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::response::Response;
use mj_review::{ReviewError, ReviewOptions, SeatChoice};

use crate::api::{admit, on_blocking_pool};
use crate::error::ApiError;
use crate::log::{EMPTY_LOG, MAX_LOG_BYTES, log_response};
use crate::state::AppState;

/// The players a review may be asked of: the rule players, whose cost per decision is
/// bounded and small.
pub const PLAYERS: [&str; 4] = ["efficiency", "value", "defense", "imitation"];

/// Where the review's stylesheet ([`mj_review::html::STYLE`]) is served.
pub const REVIEW_CSS: &str = "/assets/review.css";

/// The answer's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Json,
    Html,
}

/// What the query asks.
#[derive(Debug)]
struct Query {
    opts: ReviewOptions,
    form: Form,
}

fn bad(message: String) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
}

/// `%XX` and `+` undone; an escape that is not hex or bytes that are not UTF-8 are refused.
fn decode(raw: &str, what: &str) -> Result<String, ApiError> {
    let b = raw.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = b
                    .get(i + 1..i + 3)
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .ok_or_else(|| bad(format!("query parameter `{what}`: a bad % escape")))?;
                out.push(hex);
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8(out).map_err(|_| bad(format!("query parameter `{what}` is not UTF-8")))
}

/// Reads the query string (`None`: no query): every parameter named, each at most once.
fn query(raw: Option<&str>) -> Result<Query, ApiError> {
    let mut opts = ReviewOptions {
        limits: mj_log::Limits {
            max_bytes: MAX_LOG_BYTES,
        },
        ..ReviewOptions::default()
    };
    let mut form = Form::Json;
    let mut seen: Vec<String> = Vec::new();
    let pairs = raw.unwrap_or("").split('&').filter(|p| !p.is_empty());
    for pair in pairs {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let key = decode(k, "?")?;
        let value = decode(v, &key)?;
        let shown: String = key.chars().take(40).collect();
        if seen.contains(&key) {
            return Err(bad(format!("query parameter `{shown}` is given twice")));
        }
        match key.as_str() {
            "seat" => {
                let seat = value.parse::<u8>().ok().filter(|s| *s < 4).ok_or_else(|| {
                    bad(format!("seat must be 0, 1, 2 or 3, not {:?}", clip(&value)))
                })?;
                opts.seat = SeatChoice::Seat(seat);
            }
            "name" => {
                if value.is_empty() {
                    return Err(bad("name is empty".into()));
                }
                opts.seat = SeatChoice::Name(value);
            }
            "player" => {
                if !PLAYERS.contains(&value.as_str()) {
                    return Err(bad(format!(
                        "player {:?} is not one of {} (the rule players: `search` and \
                         `random` are for `mj review`)",
                        clip(&value),
                        PLAYERS.join(", ")
                    )));
                }
                opts.player = value;
            }
            "rounds" => {
                opts.rounds = value
                    .split(',')
                    .map(str::trim)
                    .filter(|r| !r.is_empty())
                    .map(str::to_owned)
                    .collect();
            }
            "rules" => {
                opts.rules = Some(mj_game::GameRules::preset(&value).ok_or_else(|| {
                    bad(format!(
                        "rules {:?} is not a preset (tenhou, mahjong_soul, sanma, ...: \
                         docs/rules.md)",
                        clip(&value)
                    ))
                })?);
            }
            "format" => {
                form = match value.as_str() {
                    "json" => Form::Json,
                    "html" => Form::Html,
                    _ => {
                        return Err(bad(format!(
                            "format must be json or html, not {:?}",
                            clip(&value)
                        )));
                    }
                };
            }
            _ => {
                return Err(bad(format!(
                    "unknown query parameter `{shown}` (seat, name, player, rounds, rules, format)"
                )));
            }
        }
        seen.push(key);
    }
    if seen.iter().any(|k| k == "seat") && seen.iter().any(|k| k == "name") {
        return Err(bad("give seat or name, not both".into()));
    }
    Ok(Query { opts, form })
}

/// At most 60 characters of a value, for a message.
fn clip(s: &str) -> String {
    s.chars().take(60).collect()
}

/// The review of the log in `bytes` as asked by `raw_query`, at most `cap` bytes: the JSON, or
/// the page with its CSS at [`REVIEW_CSS`]; with its content type.
///
/// # Errors
/// 400 `bad_request` (a parameter, named; a seat or name not at the table; no such round),
/// 422 `unreadable_log` (the reader's message) or `unreviewable_log` (the round and why), 413
/// `answer_too_large` past `cap`.
pub fn review_answer(
    bytes: &[u8],
    raw_query: Option<&str>,
    cap: usize,
) -> Result<(Vec<u8>, &'static str), ApiError> {
    let q = query(raw_query)?;
    let review = mj_review::review_bytes(bytes, &q.opts).map_err(|e| {
        let message = e.to_string();
        match e {
            ReviewError::Log(_) => ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "unreadable_log",
                format!("the log could not be read: {}", message_of_log(&message)),
            ),
            ReviewError::Round { .. } | ReviewError::Unsupported(_) => ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "unreviewable_log",
                format!("the log cannot be reviewed: {message}"),
            ),
            ReviewError::UnknownPlayer(_)
            | ReviewError::NoSuchSeat { .. }
            | ReviewError::NoSuchName { .. }
            | ReviewError::NoRounds(_) => bad(message),
        }
    })?;
    let (answer, content_type) = match q.form {
        Form::Json => (
            serde_json::to_vec(&review).map_err(|e| {
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal",
                    format!("the review could not be written: {e}"),
                )
            })?,
            "application/json",
        ),
        Form::Html => (
            mj_review::html::render_with(&review, mj_review::html::Style::Linked(REVIEW_CSS))
                .into_bytes(),
            "text/html; charset=utf-8",
        ),
    };
    if answer.len() > cap {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "answer_too_large",
            format!(
                "the review would pass {cap} bytes (the --max-answer limit): ask for fewer \
                 rounds (rounds=E1,E2)"
            ),
        ));
    }
    Ok((answer, content_type))
}

/// The reader's own message, without the review's "the log cannot be read: " before it.
fn message_of_log(message: &str) -> &str {
    message
        .strip_prefix("the log cannot be read: ")
        .unwrap_or(message)
}

/// `POST /api/review`.
pub(crate) async fn post_review(
    State(state): State<Arc<AppState>>,
    request: Request,
) -> Result<Response, ApiError> {
    // The parameters are checked before the body is read, so a bad one is told at once.
    let raw_query = request.uri().query().map(str::to_owned);
    query(raw_query.as_deref())?;
    let (deadline, body, permit) = admit(&state, request, EMPTY_LOG).await?;
    let cap = state.limits.max_answer;
    let (answer, content_type) = on_blocking_pool(permit, move || {
        review_answer(&body, raw_query.as_deref(), cap)
    })
    .await?;
    log_response(answer, content_type, deadline)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(q: &str) -> Option<&'static str> {
        query(Some(q)).err().map(|e| e.kind)
    }

    #[test]
    fn the_query_is_read_and_bad_parameters_are_named() {
        let q = query(Some("seat=2&player=value&rounds=E1,+S3.1&format=html")).ok();
        let q = q.as_ref();
        assert_eq!(q.map(|q| &q.opts.seat), Some(&SeatChoice::Seat(2)));
        assert_eq!(q.map(|q| q.opts.player.as_str()), Some("value"));
        assert_eq!(
            q.map(|q| q.opts.rounds.clone()),
            Some(vec!["E1".to_owned(), "S3.1".to_owned()])
        );
        assert_eq!(q.map(|q| q.form), Some(Form::Html));
        let named = query(Some("name=%E3%81%82+b")).ok().map(|q| q.opts.seat);
        assert_eq!(named, Some(SeatChoice::Name("あ b".into())));
        let defaults = query(None).ok();
        assert_eq!(
            defaults.map(|q| (q.opts.seat, q.opts.player, q.form)),
            Some((SeatChoice::Seat(0), "defense".into(), Form::Json))
        );
        for (q, word) in [
            ("seat=4", "seat"),
            ("seat=x", "seat"),
            ("player=search", "efficiency, value, defense"),
            ("player=random", "efficiency, value, defense"),
            ("format=xml", "format"),
            ("rules=nope", "rules"),
            ("color=red", "color"),
            ("seat=1&seat=2", "twice"),
            ("seat=1&name=a", "not both"),
            ("name=%ZZ", "escape"),
            ("name=%FF", "UTF-8"),
        ] {
            let e = query(Some(q)).err();
            assert_eq!(e.as_ref().map(|e| e.kind), Some("bad_request"), "{q}");
            let message = e.map(|e| e.message).unwrap_or_default();
            assert!(message.contains(word), "{q}: {message}");
        }
        assert_eq!(kind("rules=tenhou&seat=3"), None);
    }
}
