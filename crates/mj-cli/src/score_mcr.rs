//! The `score` op under `"rules": "mcr"`, answered by `mj_score::mcr`.

use serde_json::Value;

use crate::error::OpError;
use crate::request::Request;

/// `score` with `"rules": "mcr"` (PROTOCOL.md).
pub(crate) fn score(_request: &Request) -> Result<Value, OpError> {
    Err(OpError::UnsupportedRules(
        "`score` under `mcr` is not built yet".to_owned(),
    ))
}
