//! `POST /api`: protocol lines in, the answers of `mj batch` out, line for line; and
//! `GET /api/health`.
//!
//! The body is read up to [`Limits::max_body`](crate::Limits) (413 past it), then answered by
//! [`mj_protocol::run_batch_limited`] with the protocol's default line limit, exactly as `mj
//! batch` reads standard input: the same framing (`\n`, an optional `\r`, a last line without
//! `\n`), the same answers. A worker permit bounds the requests answered at once; small bodies
//! are answered on the async worker, larger ones on the blocking pool. The writer stops the
//! work when the answer passes [`Limits::max_answer`](crate::Limits) or the request's deadline
//! passes, so no request runs on after its time.

use std::io::{self, Write};
use std::sync::Arc;
use std::time::Instant;

use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use http_body_util::{BodyExt, LengthLimitError, Limited};

use tokio::sync::OwnedSemaphorePermit;

use crate::error::ApiError;
use crate::state::{AppState, Deadline};

/// Bodies up to this size are answered on the async worker (a few lines: microseconds to a
/// millisecond); larger ones on the blocking pool, so that the runtime keeps serving.
const INLINE_BODY: usize = 4 << 10;

/// The content type of the answers: JSON Lines, UTF-8.
pub const JSON_LINES: &str = "application/jsonl; charset=utf-8";

/// Why the writer stopped the work.
#[derive(Debug)]
enum Stop {
    TooLarge,
    Deadline,
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stop::TooLarge => "answer too large",
            Stop::Deadline => "deadline passed",
        })
    }
}

impl std::error::Error for Stop {}

/// The answer buffer: refuses to grow past `cap`, and stops the batch at the first flush (one
/// per answered line) after `deadline`.
struct Answers {
    out: Vec<u8>,
    cap: usize,
    deadline: Instant,
}

impl Write for Answers {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.out.len().saturating_add(buf.len()) > self.cap {
            return Err(io::Error::other(Stop::TooLarge));
        }
        self.out.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if Instant::now() > self.deadline {
            return Err(io::Error::other(Stop::Deadline));
        }
        Ok(())
    }
}

/// Answers every line of `body` as `mj batch` does, within the cap and the deadline.
pub fn answer_body(body: &[u8], cap: usize, deadline: Instant) -> Result<Vec<u8>, ApiError> {
    let mut answers = Answers {
        out: Vec::with_capacity(body.len().saturating_mul(4).min(cap).min(64 << 10)),
        cap,
        deadline,
    };
    match mj_protocol::run_batch_limited(body, &mut answers, mj_protocol::DEFAULT_MAX_LINE_BYTES) {
        Ok(()) => Ok(answers.out),
        Err(e) => Err(match e.get_ref().and_then(|e| e.downcast_ref::<Stop>()) {
            Some(Stop::TooLarge) => ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "answer_too_large",
                format!(
                    "the answers would pass {cap} bytes (the --max-answer limit): send fewer \
                     lines per request"
                ),
            ),
            Some(Stop::Deadline) => timeout_error(),
            None => ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                format!("the answers could not be written: {e}"),
            ),
        }),
    }
}

/// The error of a request that ran out of time.
pub(crate) fn timeout_error() -> ApiError {
    ApiError::new(
        StatusCode::REQUEST_TIMEOUT,
        "request_timeout",
        "the request was not read and answered within the time limit (--request-timeout)",
    )
}

/// Reads the body, at most `max` bytes: 413 as soon as it is known to be larger.
async fn read_body(request: Request, max: usize) -> Result<Bytes, ApiError> {
    let too_large = |size: String| {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "body_too_large",
            format!("the body has {size} bytes, more than the limit of {max} (--max-body)"),
        )
    };
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if let Some(n) = declared
        && n > max as u64
    {
        return Err(too_large(n.to_string()));
    }
    match Limited::new(request.into_body(), max).collect().await {
        Ok(collected) => Ok(collected.to_bytes()),
        Err(e) if e.downcast_ref::<LengthLimitError>().is_some() => {
            Err(too_large("more".to_owned()))
        }
        Err(e) => Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "invalid_body",
            format!("the body could not be read: {e}"),
        )),
    }
}

/// What a POST handler starts with: the request's deadline, its body (at most
/// [`Limits::max_body`](crate::Limits); an empty one is refused with `empty` as the message)
/// and a worker permit, held while the answer is computed.
pub(crate) async fn admit(
    state: &AppState,
    request: Request,
    empty: &'static str,
) -> Result<(Instant, Bytes, OwnedSemaphorePermit), ApiError> {
    let deadline = request
        .extensions()
        .get::<Deadline>()
        .map_or_else(|| Instant::now() + state.limits.request_timeout, |d| d.0);
    let body = read_body(request, state.limits.max_body).await?;
    if body.is_empty() {
        return Err(ApiError::new(StatusCode::BAD_REQUEST, "empty_body", empty));
    }
    let permit = Arc::clone(&state.workers)
        .acquire_owned()
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "shutting_down",
                "the server is stopping",
            )
        })?;
    Ok((deadline, body, permit))
}

/// Runs `work` on the blocking pool, holding the worker `permit` until it is done.
pub(crate) async fn on_blocking_pool<T: Send + 'static>(
    permit: OwnedSemaphorePermit,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(move || {
        let done = work();
        drop(permit);
        done
    })
    .await
    .map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            format!("the answering task failed: {e}"),
        )
    })?
}

/// `POST /api`.
pub(crate) async fn post_api(
    State(state): State<Arc<AppState>>,
    request: Request,
) -> Result<Response, ApiError> {
    let (deadline, body, permit) = admit(
        &state,
        request,
        "the body is empty: send protocol requests, one JSON object per line (docs/protocol.md)",
    )
    .await?;
    let cap = state.limits.max_answer;
    let answers = if body.len() <= INLINE_BODY {
        let answers = answer_body(&body, cap, deadline);
        drop(permit);
        answers?
    } else {
        on_blocking_pool(permit, move || answer_body(&body, cap, deadline)).await?
    };
    let mut response = Body::from(answers).into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(JSON_LINES));
    Ok(response)
}

/// `GET /api/health`: the server is up; its version, limits and data folder.
pub(crate) async fn health(State(state): State<Arc<AppState>>) -> impl IntoResponse {
    Json(serde_json::json!({
        "ok": true,
        "version": env!("CARGO_PKG_VERSION"),
        "limits": state.limits.to_json(),
        "data": state.data.as_ref().map(|p| p.display().to_string()),
    }))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn answers_as_batch_and_stops_at_the_cap_and_the_clock() {
        let body = b"{\"op\":\"hu\",\"hand\":\"11z\",\"id\":1}\r\n\nnot json";
        let mut batch = Vec::new();
        mj_protocol::run_batch(&body[..], &mut batch).unwrap_or_default();
        let later = Instant::now() + Duration::from_secs(60);
        assert_eq!(answer_body(body, 1 << 20, later).ok(), Some(batch));
        let capped = answer_body(body, 10, later).err().map(|e| e.kind);
        assert_eq!(capped, Some("answer_too_large"));
        let past = Instant::now() - Duration::from_millis(1);
        assert_eq!(
            answer_body(body, 1 << 20, past).err().map(|e| e.kind),
            Some("request_timeout")
        );
    }
}
