//! The ops layer: the op table (every op `mj batch` knows, the extra fields it accepts, and its
//! handler) and one module per op family. It reads only the request layer (`json`, `error`,
//! `request`, `options`); `answer` reads it.

mod agari;
mod ai;
mod hu;
mod ready;
mod score;
mod score_fields;
mod score_mcr;
mod score_riichi;
mod score_sichuan;

use mj_tiles::{Meld, Piece, TileSet};
use serde_json::{Map, Value};

pub use crate::request::{Handler, OpSpec};
pub use score_mcr::McrFields;
pub use score_riichi::RiichiFields;
pub use score_sichuan::SichuanFields;

use crate::error::OpError;
use crate::json::Fields;
use crate::request::{Options, Request, Rules, find_op, read_object};

impl Request {
    /// Validates one request line against the built-in op table [`OPS`] without answering it:
    /// for tests of op handlers, and for callers that ask the engines directly
    /// ([`Request::hu_hand`], [`Request::effective_tiles`]). `mj batch` answers lines with
    /// [`crate::answer_line`].
    pub fn parse(line: &str) -> Result<Request, OpError> {
        let (id, fields): (_, Result<Fields<'_>, OpError>) = read_object(line);
        Request::validate(&fields?, id, OPS).map(|(req, _)| req)
    }

    /// A request of typed values rather than a JSON line, for callers that hold the fields
    /// already (the Python bindings' typed calls): the op of [`OPS`] named `op`
    /// (`unknown_op`), the concealed pieces, the melds, the wildcard kinds, the preset and its
    /// switches ([`Options::insert`](crate::Options::insert)), with the checks a line's fields
    /// get once read: no fifth copy in the hand, nor in the hand and the melds together
    /// (`fifth_copy`), and preset `sanma` for `score` only (`unsupported_rules`). It has no `id` and no op-specific fields: the typed answers
    /// ([`Request::is_win`], [`Request::shanten_report`], [`Request::riichi_score`], ...) take
    /// those as arguments.
    ///
    /// ```
    /// use mj_protocol::{Options, Request, Rules};
    /// let pieces = mj_tiles::notation::parse_pieces("2344m456p789s111z")?;
    /// let req = Request::new("waits", pieces, vec![], Default::default(), Rules::Riichi, Options::default())?;
    /// assert_eq!(req.waits()?.to_string(), "14m");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        op: &str,
        pieces: Vec<Piece>,
        melds: Vec<Meld>,
        wild: TileSet,
        rules: Rules,
        options: Options,
    ) -> Result<Request, OpError> {
        let spec = find_op(op, OPS)?;
        let request = Request::of_parts(spec, pieces, melds, wild, rules, options)?;
        check_sanma(spec, rules)?;
        Ok(request)
    }
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
        handler: Some(hu::hu),
    },
    OpSpec {
        name: "waits",
        extra_fields: &[],
        handler: Some(hu::waits),
    },
    OpSpec {
        name: "shanten",
        extra_fields: &[],
        handler: Some(ai::shanten),
    },
    OpSpec {
        name: "discards",
        extra_fields: &["visible", "improvement"],
        handler: Some(ai::discards),
    },
    OpSpec {
        name: "ukeire",
        extra_fields: &["visible", "improvement"],
        handler: Some(ai::ukeire),
    },
    OpSpec {
        name: "ready",
        extra_fields: &["visible", "river", "dora", "seat_wind", "round_wind"],
        handler: Some(ready::ready),
    },
    OpSpec {
        name: "agari",
        extra_fields: &[],
        handler: Some(agari::agari),
    },
    OpSpec {
        name: "score",
        extra_fields: SCORE_FIELDS,
        handler: Some(score::score),
    },
];

/// Preset `sanma` is read by `score` only: the hand ops know no three-player tile set (2m-8m
/// removed), and give no silent four-player answer.
fn check_sanma(spec: &OpSpec, rules: Rules) -> Result<(), OpError> {
    if rules == Rules::Sanma && spec.name != "score" {
        return Err(OpError::UnsupportedRules(format!(
            "preset `sanma` (three-player riichi) is read by `score` only; op `{}` answers for \
             four-player tile sets: use `riichi`",
            spec.name
        )));
    }
    Ok(())
}

/// Runs the op's handler on a validated request: the answer's fields.
pub(crate) fn dispatch(spec: &OpSpec, request: &Request) -> Result<Map<String, Value>, OpError> {
    let handler = spec.handler.ok_or_else(|| {
        OpError::UnsupportedOp(format!(
            "op `{}` is known but not implemented in this build of mj",
            spec.name
        ))
    })?;
    check_sanma(spec, request.rules())?;
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
        let answer = crate::answer_with(LATER, br#"{"op":"later","hand":"11z","id":1}"#).to_line();
        assert!(
            answer.starts_with(r#"{"id":1,"error":{"kind":"unsupported_op""#),
            "{answer}"
        );
    }
}
