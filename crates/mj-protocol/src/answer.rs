//! The line handler: one request line in, one [`Answer`] out, never a panic.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::error::OpError;
use crate::ops::{OPS, OpSpec, dispatch};
use crate::request::{Request, read_object};

/// What is written if an answer cannot be serialized (it always can: this is a last resort).
const UNWRITABLE: &str =
    r#"{"error":{"kind":"internal","message":"the answer could not be written as JSON"}}"#;

/// The answer to one request line: the request's `id` as written (when the line was an object
/// with a readable `id`), then either the op's answer fields or the error.
///
/// [`Answer::to_line`] is the line `mj batch` writes; [`Answer::fields`] and [`Answer::error`]
/// let a caller that is not a line reader (a server choosing a status, a binding raising an
/// exception) look at it without parsing the line back.
///
/// ```
/// let answer = mj_protocol::answer(r#"{"op": "waits", "hand": "2344m456p789s111z", "id": 7}"#);
/// assert_eq!(answer.id().map(|id| id.get()), Some("7"));
/// assert_eq!(answer.fields().map(|f| f["waits"].to_string()).as_deref(), Some(r#"["1m","4m"]"#));
/// assert_eq!(answer.to_line(), r#"{"id":7,"waits":["1m","4m"]}"#);
///
/// let answer = mj_protocol::answer(r#"{"op": "hu", "hand": "11111m"}"#);
/// assert_eq!(answer.error().map(|e| e.kind()), Some("fifth_copy"));
/// ```
#[derive(Clone, Debug)]
pub struct Answer {
    id: Option<Box<RawValue>>,
    body: Body,
}

type Body = Result<Map<String, Value>, OpError>;

impl Answer {
    /// The request's `id` as written (white space outside strings removed), when it is echoed.
    pub fn id(&self) -> Option<&RawValue> {
        self.id.as_deref()
    }

    /// The op's answer fields (without `id`), unless the answer is an error.
    pub fn fields(&self) -> Option<&Map<String, Value>> {
        self.body.as_ref().ok()
    }

    /// The error, if the answer is one.
    pub fn error(&self) -> Option<&OpError> {
        self.body.as_ref().err()
    }

    /// The answer fields or the error, by value.
    pub fn into_result(self) -> Result<Map<String, Value>, OpError> {
        self.body
    }

    /// The answer as one line of JSON without a line terminator: `id` first (when known), then
    /// the op's fields in name order, or `error`. It never holds a raw CR, LF, NEL, LS or PS.
    pub fn to_line(&self) -> String {
        let line = serde_json::to_string(self).unwrap_or_else(|_| UNWRITABLE.to_owned());
        escape_line_breaks(line)
    }
}

/// An error answer without `id` (as for a line too long to be read).
impl From<OpError> for Answer {
    fn from(error: OpError) -> Answer {
        Answer {
            id: None,
            body: Err(error),
        }
    }
}

/// The answer object: `id` first (when known), then the op's fields or `error`.
impl Serialize for Answer {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        if let Some(id) = &self.id {
            map.serialize_entry("id", id)?;
        }
        match &self.body {
            Ok(fields) => {
                for (k, v) in fields.iter().filter(|(k, _)| k.as_str() != "id") {
                    map.serialize_entry(k, v)?;
                }
            }
            Err(e) => map.serialize_entry("error", &e.to_json())?,
        }
        map.end()
    }
}

/// The answer to one request line (without its line terminator) as `mj batch` writes it: one
/// line of JSON, never containing `\n` or `\r` (nor NEL, LS, PS unescaped), whatever the bytes.
/// Uses the built-in op table [`OPS`]. Takes text or bytes (a line that is not UTF-8 answers
/// `invalid_utf8`).
///
/// Time and heap grow linearly with the line's length (a line of 1 MiB takes at most 8 MiB of
/// heap, `tests/batch_memory.rs`), and the whole line is read: a caller that takes lines from
/// outside bounds their length first, as [`run_batch`](crate::run_batch) does with
/// [`DEFAULT_MAX_LINE_BYTES`](crate::DEFAULT_MAX_LINE_BYTES).
///
/// ```
/// use mj_protocol::answer_line;
/// assert_eq!(answer_line(r#"{"op": "hu", "hand": "11z", "id": [1]}"#), r#"{"id":[1],"hu":true}"#);
/// assert_eq!(answer_line(b"  "), r#"{"error":{"kind":"invalid_request","message":"empty line"}}"#);
/// ```
pub fn answer_line(line: impl AsRef<[u8]>) -> String {
    answer_with(OPS, line.as_ref()).to_line()
}

/// The answer to one request line, as a value: [`answer_line`] is `answer(line).to_line()`.
pub fn answer(line: impl AsRef<[u8]>) -> Answer {
    answer_with(OPS, line.as_ref())
}

/// [`answer`] with another op table (tests, or a program embedding its own ops).
///
/// A panic while answering is caught and answered as `internal`; it is a bug, and the code is
/// written so that it does not happen.
pub fn answer_with(ops: &[OpSpec], line: &[u8]) -> Answer {
    match catch_unwind(AssertUnwindSafe(|| answer_unguarded(ops, line))) {
        Ok(answer) => answer,
        Err(payload) => {
            let id = catch_unwind(|| id_of(line)).ok().flatten();
            let error = OpError::Internal(format!(
                "the request could not be answered: {}",
                panic_message(payload.as_ref())
            ));
            Answer {
                id,
                body: Err(error),
            }
        }
    }
}

fn answer_unguarded(ops: &[OpSpec], line: &[u8]) -> Answer {
    if line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r')) {
        return OpError::InvalidRequest("empty line".into()).into();
    }
    let text = match std::str::from_utf8(line) {
        Ok(text) => text,
        Err(e) => {
            let message = format!(
                "the line is not valid UTF-8 (bad byte at offset {}, counting from 0)",
                e.valid_up_to()
            );
            return Answer {
                id: lossy_id(line),
                body: Err(OpError::InvalidUtf8(message)),
            };
        }
    };
    let (id, fields) = read_object(text);
    let body = fields
        .and_then(|fields| Request::validate(&fields, id.clone(), ops))
        .and_then(|(request, spec)| dispatch(spec, &request));
    Answer { id, body }
}

/// The `id` of a line that is not valid UTF-8, when the bad bytes are elsewhere: the line with
/// U+FFFD for each bad sequence is an object whose `id` holds no U+FFFD.
fn lossy_id(line: &[u8]) -> Option<Box<RawValue>> {
    let text = String::from_utf8_lossy(line);
    read_object(&text)
        .0
        .filter(|id| !id.get().contains('\u{FFFD}'))
}

fn id_of(line: &[u8]) -> Option<Box<RawValue>> {
    match std::str::from_utf8(line) {
        Ok(text) => read_object(text).0,
        Err(_) => lossy_id(line),
    }
}

fn panic_message(payload: &(dyn Any + Send)) -> &str {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s
    } else {
        "panic"
    }
}

/// Characters some line readers break at (Python's `str.splitlines`, JavaScript's line
/// terminators) that serde_json leaves unescaped.
const LINE_BREAKS: [char; 3] = ['\u{85}', '\u{2028}', '\u{2029}'];

/// Writes NEL, LS and PS as `\u` escapes. They can only occur inside strings (JSON white space is
/// space, tab, CR and LF, and serde_json escapes CR and LF), where the escape means the same.
fn escape_line_breaks(line: String) -> String {
    if !line.contains(LINE_BREAKS) {
        return line;
    }
    let mut out = String::with_capacity(line.len() + 16);
    for ch in line.chars() {
        if LINE_BREAKS.contains(&ch) {
            out.push_str(&format!("\\u{:04x}", u32::from(ch)));
        } else {
            out.push(ch);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use rstest::rstest;
    use serde_json::json;

    use super::*;

    fn ok_op(req: &Request) -> Result<Value, OpError> {
        Ok(json!({"tiles": req.counts().total(), "id": "ignored"}))
    }

    fn panicking_op(_: &Request) -> Result<Value, OpError> {
        panic!("boom")
    }

    fn number_op(_: &Request) -> Result<Value, OpError> {
        Ok(json!(3))
    }

    fn min_op(_: &Request) -> Result<Value, OpError> {
        Err(OpError::BelowMinimum { fan: 6, minimum: 8 })
    }

    const TEST_OPS: &[OpSpec] = &[
        OpSpec {
            name: "count",
            extra_fields: &["visible"],
            handler: Some(ok_op),
        },
        OpSpec {
            name: "boom",
            extra_fields: &[],
            handler: Some(panicking_op),
        },
        OpSpec {
            name: "number",
            extra_fields: &[],
            handler: Some(number_op),
        },
        OpSpec {
            name: "min",
            extra_fields: &[],
            handler: Some(min_op),
        },
    ];

    #[rstest]
    #[case::answer(r#"{"op":"count","hand":"123m","id":1}"#, r#"{"id":1,"tiles":3}"#)]
    #[case::extra_field(r#"{"op":"count","hand":"1m","visible":"1z"}"#, r#"{"tiles":1}"#)]
    #[case::panic_is_internal(
        r#"{"op":"boom","hand":"","id":"x"}"#,
        r#"{"id":"x","error":{"kind":"internal","message":"the request could not be answered: boom"}}"#
    )]
    #[case::non_object_is_internal(
        r#"{"op":"number","hand":""}"#,
        r#"{"error":{"kind":"internal","message":"op `number` answered a JSON number instead of an object"}}"#
    )]
    #[case::below_minimum(
        r#"{"op":"min","hand":""}"#,
        r#"{"error":{"fan":6,"kind":"below_minimum","message":"the hand is worth 6 fan, below the minimum of 8"}}"#
    )]
    fn plugged_ops(#[case] line: &str, #[case] expected: &str) {
        assert_eq!(
            answer_with(TEST_OPS, line.as_bytes()).to_line(),
            expected,
            "input {line}"
        );
    }

    #[test]
    fn the_value_and_the_line_agree() {
        let line = r#"{"op":"count","hand":"123m","id":[1, 2]}"#;
        let answer = answer_with(TEST_OPS, line.as_bytes());
        assert_eq!(answer.id().map(RawValue::get), Some("[1,2]"));
        assert_eq!(
            answer.fields(),
            Some(
                &json!({"tiles": 3, "id": "ignored"})
                    .as_object()
                    .cloned()
                    .unwrap()
            )
        );
        assert!(answer.error().is_none());
        assert_eq!(answer.to_line(), r#"{"id":[1,2],"tiles":3}"#);
        let error = answer_with(TEST_OPS, br#"{"op":"min","hand":"","id":2}"#);
        assert_eq!(error.error().map(OpError::kind), Some("below_minimum"));
        assert!(error.fields().is_none());
        assert_eq!(
            error.into_result(),
            Err(OpError::BelowMinimum { fan: 6, minimum: 8 })
        );
        let too_long = Answer::from(OpError::LineTooLong("long".into()));
        assert_eq!(
            too_long.to_line(),
            r#"{"error":{"kind":"line_too_long","message":"long"}}"#
        );
    }

    #[test]
    fn invalid_utf8_keeps_an_intact_id() {
        let line = b"{\"id\": 5, \"op\": \"hu\", \"hand\": \"\xff\"}";
        let answer: Value = serde_json::from_str(&answer_line(line)).unwrap();
        assert_eq!(answer["id"], json!(5));
        assert_eq!(answer["error"]["kind"], "invalid_utf8");
        let broken_id = b"{\"id\": \"\xff\", \"op\": \"hu\"}";
        let answer: Value = serde_json::from_str(&answer_line(broken_id)).unwrap();
        assert_eq!(answer.get("id"), None);
    }

    #[test]
    fn unicode_line_breaks_are_escaped() {
        let line = "{\"id\":\"a\u{2028}b\u{85}c\",\"op\":\"\u{2029}\"}";
        let answer = answer_line(line);
        assert!(!answer.contains(LINE_BREAKS), "{answer}");
        let value: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(value["id"], "a\u{2028}b\u{85}c");
        assert!(
            answer.starts_with(r#"{"id":"a\u2028b\u0085c","#),
            "{answer}"
        );
    }
}
