//! `mj batch`: one JSON answer per input line (PROTOCOL.md).

use std::any::Any;
use std::io::{self, BufRead, Write};
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

/// Above this, the line buffer is given back after a long line.
const KEPT_CAPACITY: usize = 1 << 20;

/// The default of `mj batch --max-line-bytes`: the longest line (without its `\n`, a `\r`
/// before it included) that is read and answered; a longer one answers `line_too_long`. A
/// request needs well under a kilobyte.
pub const DEFAULT_MAX_LINE_BYTES: usize = 1 << 20;

/// [`run_batch_limited`] with the default line limit, [`DEFAULT_MAX_LINE_BYTES`].
pub fn run_batch(input: impl BufRead, output: impl Write) -> io::Result<()> {
    run_batch_limited(input, output, DEFAULT_MAX_LINE_BYTES)
}

/// Answers requests from `input`, one line each, until it ends: each answer is one line of
/// JSON, written and flushed before the next line is read. Lines end at `\n`; a `\r` before it
/// is dropped; the last line needs no `\n`. Only IO errors end it early.
///
/// A line of more than `max_line_bytes` bytes (a `\r` before the `\n` counted) answers
/// `line_too_long`; the rest of it is read and dropped as it comes, never kept, so the line
/// buffer never holds more than `max_line_bytes + 1` bytes.
pub fn run_batch_limited(
    mut input: impl BufRead,
    mut output: impl Write,
    max_line_bytes: usize,
) -> io::Result<()> {
    let mut line = Vec::new();
    loop {
        line.clear();
        let answer = match read_line(&mut input, &mut line, max_line_bytes)? {
            Read::End => return Ok(()),
            Read::Line => answer_line(&line),
            Read::TooLong(bytes) => {
                let error = OpError::LineTooLong(format!(
                    "the line has {bytes} bytes, more than the limit of {max_line_bytes} \
                     (mj batch --max-line-bytes); it was skipped unread"
                ));
                render(None, &Err(error))
            }
        };
        output.write_all(answer.as_bytes())?;
        output.write_all(b"\n")?;
        output.flush()?;
        if line.capacity() > KEPT_CAPACITY {
            line = Vec::new();
        }
    }
}

/// What [`read_line`] found.
enum Read {
    /// The input has ended.
    End,
    /// A line, in the buffer, without its `\n` and the `\r` before it.
    Line,
    /// A line longer than the limit, of this many bytes (without its `\n`), dropped.
    TooLong(u64),
}

/// Reads one line into `line` (empty on entry), keeping at most `max + 1` bytes of it.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>, max: usize) -> io::Result<Read> {
    let keep = max.saturating_add(1);
    let mut bytes: u64 = 0;
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, ends) = match buf.iter().position(|&b| b == b'\n') {
            Some(at) => (&buf[..at], true),
            None => (buf, false),
        };
        bytes += chunk.len() as u64;
        if !too_long {
            if line.len() + chunk.len() > keep {
                too_long = true;
                *line = Vec::new();
            } else {
                if line.capacity() < line.len() + chunk.len() {
                    let wanted = (line.len() + chunk.len())
                        .max(line.capacity() * 2)
                        .min(keep);
                    line.reserve_exact(wanted - line.len());
                }
                line.extend_from_slice(chunk);
            }
        }
        let used = chunk.len() + usize::from(ends);
        input.consume(used);
        if ends {
            break;
        }
    }
    if !any {
        return Ok(Read::End);
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    if too_long || line.len() > max {
        line.clear();
        return Ok(Read::TooLong(bytes));
    }
    Ok(Read::Line)
}

/// The answer to one request line (without its line terminator): one line of JSON, never
/// containing `\n` or `\r` (nor NEL, LS, PS unescaped), whatever the bytes. Uses the built-in op table [`OPS`].
///
/// ```
/// use mj_cli::answer_line;
/// assert_eq!(answer_line(b"{\"op\": \"hu\", \"hand\": \"11z\", \"id\": [1]}"),
///     r#"{"id":[1],"hu":true}"#);
/// assert_eq!(answer_line(b"  "), r#"{"error":{"kind":"invalid_request","message":"empty line"}}"#);
/// ```
pub fn answer_line(line: &[u8]) -> String {
    answer_line_with(OPS, line)
}

/// [`answer_line`] with another op table (tests, or a program embedding its own ops).
///
/// A panic while answering is caught and answered as `internal`; it is a bug, and the code is
/// written so that it does not happen.
pub fn answer_line_with(ops: &[OpSpec], line: &[u8]) -> String {
    match catch_unwind(AssertUnwindSafe(|| answer_unguarded(ops, line))) {
        Ok(answer) => answer,
        Err(payload) => {
            let id = catch_unwind(|| id_of(line)).ok().flatten();
            let error = OpError::Internal(format!(
                "the request could not be answered: {}",
                panic_message(payload.as_ref())
            ));
            render(id.as_deref(), &Err(error))
        }
    }
}

fn answer_unguarded(ops: &[OpSpec], line: &[u8]) -> String {
    let (id, body) = answer_parts(ops, line);
    render(id.as_deref(), &body)
}

type Body = Result<Map<String, Value>, OpError>;

fn answer_parts(ops: &[OpSpec], line: &[u8]) -> (Option<Box<RawValue>>, Body) {
    if line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r')) {
        return (None, Err(OpError::InvalidRequest("empty line".into())));
    }
    let text = match std::str::from_utf8(line) {
        Ok(text) => text,
        Err(e) => {
            let message = format!(
                "the line is not valid UTF-8 (bad byte at offset {}, counting from 0)",
                e.valid_up_to()
            );
            return (lossy_id(line), Err(OpError::InvalidUtf8(message)));
        }
    };
    let (id, fields) = read_object(text);
    let body = fields
        .and_then(|fields| Request::validate(&fields, id.clone(), ops))
        .and_then(|(request, spec)| dispatch(spec, &request));
    (id, body)
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

/// An answer line: `id` first (when known), then the op's fields or `error`.
struct Answer<'a> {
    id: Option<&'a RawValue>,
    body: &'a Body,
}

impl Serialize for Answer<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        if let Some(id) = self.id {
            map.serialize_entry("id", id)?;
        }
        match self.body {
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

fn render(id: Option<&RawValue>, body: &Body) -> String {
    let line =
        serde_json::to_string(&Answer { id, body }).unwrap_or_else(|_| UNWRITABLE.to_owned());
    escape_line_breaks(line)
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
            answer_line_with(TEST_OPS, line.as_bytes()),
            expected,
            "input {line}"
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
        let answer = answer_line(line.as_bytes());
        assert!(!answer.contains(LINE_BREAKS), "{answer}");
        let value: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(value["id"], "a\u{2028}b\u{85}c");
        assert!(
            answer.starts_with(r#"{"id":"a\u2028b\u0085c","#),
            "{answer}"
        );
    }

    #[test]
    fn run_batch_frames_lines() {
        let input: &[u8] = b"{\"op\":\"hu\",\"hand\":\"1m\"}\r\n\n  \r\nx";
        let mut out = Vec::new();
        run_batch(input, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 4, "{text}");
        assert!(text.ends_with('\n'));
        assert!(
            text.lines()
                .skip(1)
                .take(2)
                .all(|l| l.contains("empty line")),
            "{text}"
        );
    }
}
