//! The `score` op under `"rules": "sichuan"`, answered by `mj_score::sichuan`.

use serde_json::Value;

use crate::error::OpError;
use crate::request::Request;

/// `score` with `"rules": "sichuan"` (PROTOCOL.md).
pub(crate) fn score(_request: &Request) -> Result<Value, OpError> {
    Err(OpError::UnsupportedRules(
        "`score` under `sichuan` is not built yet".to_owned(),
    ))
}
