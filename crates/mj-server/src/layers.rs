//! What wraps every route: the time limit (408 as JSON, the deadline handed to the handlers)
//! and the security headers.
//!
//! The time limit is written here rather than with tower-http's `TimeoutLayer`, whose 408 has an
//! empty body: every refusal of this server is a JSON error naming the problem.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::api::timeout_error;
use crate::state::{AppState, Deadline};

/// The Content-Security-Policy of every response: scripts and styles only from this server's
/// own files (no inline script, no `eval`), no plugins, no framing, requests only to itself.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' \
                       data:; connect-src 'self'; base-uri 'none'; form-action 'self'; \
                       frame-ancestors 'none'";

/// The security headers, set on every response.
const SECURITY_HEADERS: &[(&str, &str)] = &[
    ("content-security-policy", CSP),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    ("referrer-policy", "no-referrer"),
    ("cross-origin-opener-policy", "same-origin"),
    ("cross-origin-resource-policy", "same-origin"),
    (
        "permissions-policy",
        "camera=(), microphone=(), geolocation=()",
    ),
];

/// The time limit: the request is answered within `request_timeout` of its headers or gets
/// 408; the handlers read the deadline to stop their own work.
pub(crate) async fn time_limit(
    State(state): State<Arc<AppState>>,
    mut request: Request,
    next: Next,
) -> Response {
    let deadline = Instant::now() + state.limits.request_timeout;
    request.extensions_mut().insert(Deadline(deadline));
    match tokio::time::timeout_at(deadline.into(), next.run(request)).await {
        Ok(response) => response,
        Err(_) => timeout_error().into_response(),
    }
}

/// Sets the security headers on the response.
pub(crate) async fn security_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers.insert(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        );
    }
    response
}
