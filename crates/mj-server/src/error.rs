//! The one error type of the HTTP layer: every refusal is a 4xx or 5xx with a JSON body
//! `{"error": {"kind": K, "message": M}}`, the shape of the protocol's error answers.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// A request the server refuses, with its status, kind and message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}: {message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// A stable name for the problem (docs/server.md lists them).
    pub kind: &'static str,
    /// What was wrong, in words.
    pub message: String,
}

impl ApiError {
    /// An error of this status and kind.
    pub fn new(status: StatusCode, kind: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            kind,
            message: message.into(),
        }
    }

    /// The JSON body.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({"error": {"kind": self.kind, "message": self.message}})
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = self.to_json().to_string();
        let mut response = (self.status, body).into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        // After a body refused half-read or a request cut by the clock, the rest of the
        // connection's bytes cannot be trusted to be a next request: close it.
        if matches!(
            self.status,
            StatusCode::PAYLOAD_TOO_LARGE | StatusCode::REQUEST_TIMEOUT | StatusCode::BAD_REQUEST
        ) {
            headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        response
    }
}
