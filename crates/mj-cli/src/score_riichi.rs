//! The `score` op under `"rules": "riichi"`, answered by `mj_score::riichi`.

use serde_json::Value;

use crate::error::OpError;
use crate::request::Request;

/// `score` with `"rules": "riichi"` (PROTOCOL.md).
pub(crate) fn score(_request: &Request) -> Result<Value, OpError> {
    Err(OpError::UnsupportedRules(
        "`score` under `riichi` is not built yet".to_owned(),
    ))
}
