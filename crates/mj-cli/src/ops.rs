//! The op table: every op `mj batch` knows, the extra fields it accepts, and its handler.

use serde_json::{Map, Value};

use crate::error::OpError;
use crate::request::{Request, Rules};

/// An op's handler: answers a validated request with a JSON object (the answer's fields, without
/// `id`) or an error.
pub type Handler = fn(&Request) -> Result<Value, OpError>;

/// One row of the op table.
#[derive(Clone, Copy, Debug)]
pub struct OpSpec {
    /// The `op` string.
    pub name: &'static str,
    /// Top-level fields this op accepts beyond [`crate::COMMON_FIELDS`]; they reach the handler
    /// through [`Request::extra`].
    pub extra_fields: &'static [&'static str],
    /// `None` while the op is not built: a valid request answers `unsupported_op`.
    pub handler: Option<Handler>,
}

/// The extra fields of `score` (riichi and the Chinese presets, PROTOCOL.md).
const SCORE_FIELDS: &[&str] = &[
    "win_tile",
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
    "renhou",
    "round_wind",
    "seat_wind",
    "dora",
    "ura",
    "honba",
    "riichi_sticks",
    "flowers",
    "last_tile",
    "kong",
    "last_wall",
    "lack",
    "cap",
    "kita",
];

/// The ops of PROTOCOL.md. To build one, write `fn(&Request) -> Result<Value, OpError>` and put
/// it in its row's `handler`.
pub const OPS: &[OpSpec] = &[
    OpSpec {
        name: "hu",
        extra_fields: &[],
        handler: Some(crate::hu_ops::hu),
    },
    OpSpec {
        name: "waits",
        extra_fields: &[],
        handler: Some(crate::hu_ops::waits),
    },
    OpSpec {
        name: "shanten",
        extra_fields: &[],
        handler: Some(crate::ai_ops::shanten),
    },
    OpSpec {
        name: "discards",
        extra_fields: &["visible"],
        handler: Some(crate::ai_ops::discards),
    },
    OpSpec {
        name: "agari",
        extra_fields: &[],
        handler: Some(crate::agari_ops::agari),
    },
    OpSpec {
        name: "score",
        extra_fields: SCORE_FIELDS,
        handler: Some(crate::score_ops::score),
    },
];

/// Runs the op's handler on a validated request: the answer's fields.
pub(crate) fn dispatch(spec: &OpSpec, request: &Request) -> Result<Map<String, Value>, OpError> {
    let handler = spec.handler.ok_or_else(|| {
        OpError::UnsupportedOp(format!(
            "op `{}` is known but not implemented in this build of mj",
            spec.name
        ))
    })?;
    if request.rules() == Rules::Sanma && spec.name != "score" {
        // The hand ops know no three-player tile set (2m-8m removed): no silent four-player
        // answer.
        return Err(OpError::UnsupportedRules(format!(
            "preset `sanma` (three-player riichi) is read by `score` only; op `{}` answers for \
             four-player tile sets: use `riichi`",
            spec.name
        )));
    }
    match handler(request)? {
        Value::Object(fields) => Ok(fields),
        other => Err(OpError::Internal(format!(
            "op `{}` answered a JSON {} instead of an object",
            spec.name,
            match other {
                Value::Null => "null",
                Value::Bool(_) => "boolean",
                Value::Number(_) => "number",
                Value::String(_) => "string",
                Value::Array(_) => "array",
                Value::Object(_) => "object",
            }
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_op_without_handler_answers_unsupported_op() {
        const LATER: &[OpSpec] = &[OpSpec {
            name: "later",
            extra_fields: &[],
            handler: None,
        }];
        let answer = crate::answer_line_with(LATER, br#"{"op":"later","hand":"11z","id":1}"#);
        assert!(
            answer.starts_with(r#"{"id":1,"error":{"kind":"unsupported_op""#),
            "{answer}"
        );
    }
}
