//! Properties of the library's `answer_line` and `run_batch` on random input, in process: one
//! answer line per input line, always a JSON object with a documented kind or an answer, the
//! `id` echoed whenever the line is a JSON object with one.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use mj_protocol::{OpError, answer_line, run_batch};
use proptest::prelude::*;
use serde_json::Value;
use serde_json::value::RawValue;

/// Checks one answer; returns its raw `id`.
fn check_answer(answer: &str, input: &[u8]) -> Result<Option<String>, TestCaseError> {
    let shown = input.escape_ascii().to_string();
    prop_assert!(
        !answer.contains(['\n', '\r']),
        "answer to {} spans lines: {}",
        shown,
        answer
    );
    let fields: BTreeMap<String, Box<RawValue>> = serde_json::from_str(answer).map_err(|e| {
        TestCaseError::fail(format!(
            "answer to {shown} is not an object ({e}): {answer}"
        ))
    })?;
    let Some(error) = fields.get("error") else {
        // A built op's answer: an object without `error`.
        return Ok(fields.get("id").map(|id| id.get().to_owned()));
    };
    let error: Value =
        serde_json::from_str(error.get()).map_err(|e| TestCaseError::fail(format!("{e}")))?;
    let kind = error["kind"].as_str().unwrap_or_default();
    prop_assert!(
        OpError::KINDS.contains(&kind),
        "undocumented kind {:?} for {}: {}",
        kind,
        shown,
        answer
    );
    prop_assert!(
        error["message"].is_string(),
        "no message for {}: {}",
        shown,
        answer
    );
    Ok(fields.get("id").map(|id| id.get().to_owned()))
}

/// Bytes with the characters that matter to the parser over-represented.
fn junk_line() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        any::<u8>(),
        Just(b'{'),
        Just(b'}'),
        Just(b'"'),
        Just(b'\r'),
        Just(b'\n'),
        Just(0u8),
        Just(0xffu8),
    ];
    proptest::collection::vec(byte, 0..120)
}

/// JSON values for fields, right and wrong.
fn field_value() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(r#""hu""#.to_owned()),
        Just(r#""123m406p11z""#.to_owned()),
        Just(r#""11111m""#.to_owned()),
        Just(r#""1x""#.to_owned()),
        Just(r#"["5z"]"#.to_owned()),
        Just(r#"[{"kind":"pon","tiles":"111z"}]"#.to_owned()),
        Just(r#"[{"kind":"chi","tiles":"406s","called":"0s","from":1}]"#.to_owned()),
        Just(r#"{"seven_pairs":true}"#.to_owned()),
        Just(r#"{"nope":1}"#.to_owned()),
        Just(r#""riichi""#.to_owned()),
        Just("1e400".to_owned()),
        Just("-0".to_owned()),
        Just("null".to_owned()),
        Just("[[[[]]]]".to_owned()),
        Just("\"\u{2028}\u{85}\"".to_owned()),
        "[a-z0-9 ]{0,8}".prop_map(|s| format!("{s:?}")),
        any::<i64>().prop_map(|n| n.to_string()),
    ]
}

fn field_name() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("op".to_owned()),
        Just("hand".to_owned()),
        Just("melds".to_owned()),
        Just("wild".to_owned()),
        Just("rules".to_owned()),
        Just("options".to_owned()),
        Just("visible".to_owned()),
        Just("win_tile".to_owned()),
        // Never `id`: `request_line` knows the id it wrote (a random `id` field made it flaky).
        "[a-z_]{0,6}".prop_filter("not the id field", |name| name != "id"),
    ]
}

/// A request-shaped object: `op` first (usually valid), random fields, maybe an `id`.
fn request_line() -> impl Strategy<Value = (String, Option<String>)> {
    let op = prop_oneof![
        Just("\"hu\""),
        Just("\"waits\""),
        Just("\"shanten\""),
        Just("\"discards\""),
        Just("\"agari\""),
        Just("\"score\""),
        Just("\"nope\""),
        Just("5"),
    ];
    let id = proptest::option::of(prop_oneof![
        Just("1".to_owned()),
        Just("\"x y\"".to_owned()),
        Just("123456789012345678901234567890".to_owned()),
        Just("1e400".to_owned()),
        Just("{\"a\":[null,true]}".to_owned()),
        Just("\"\u{2029}\"".to_owned()),
        any::<i32>().prop_map(|n| n.to_string()),
    ]);
    let fields = proptest::collection::vec((field_name(), field_value()), 0..6);
    (op, fields, id, any::<bool>()).prop_map(|(op, fields, id, spaced)| {
        let sep = if spaced { " , " } else { "," };
        let mut parts = vec![format!("\"op\":{op}")];
        parts.extend(fields.iter().map(|(k, v)| format!("{k:?}:{v}")));
        if let Some(id) = &id {
            parts.push(format!("\"id\":{id}"));
        }
        (format!("{{{}}}", parts.join(sep)), id)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn any_bytes_get_one_json_line(line in junk_line()) {
        let answer = answer_line(&line);
        let id = check_answer(&answer, &line)?;
        // An id is only ever one the line wrote.
        if id.is_some() {
            prop_assert!(line.windows(4).any(|w| w == b"\"id\""), "id out of nowhere: {}", answer);
        }
    }

    #[test]
    fn requests_get_their_id_back((line, id) in request_line()) {
        let answer = answer_line(line.as_bytes());
        let echoed = check_answer(&answer, line.as_bytes())?;
        // As written, but for the line breaks that answers always escape.
        let expected = id.map(|id| id.replace('\u{2029}', "\\u2029"));
        prop_assert_eq!(echoed, expected, "line {}: {}", line, answer);
    }

    #[test]
    fn one_answer_per_line(
        lines in proptest::collection::vec(junk_line(), 0..20),
        crlf in any::<bool>(),
        final_newline in any::<bool>(),
    ) {
        // Lines without LF, so the count of input lines is known.
        let lines: Vec<Vec<u8>> = lines
            .into_iter()
            .map(|l| l.into_iter().filter(|&b| b != b'\n').collect())
            .collect();
        let end: &[u8] = if crlf { b"\r\n" } else { b"\n" };
        let mut input = lines.join(end);
        if final_newline && !lines.is_empty() {
            input.extend_from_slice(end);
        }
        let mut out = Vec::new();
        run_batch(input.as_slice(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        // An unterminated last empty line is no line at all.
        let expected = if !final_newline && lines.last().is_some_and(Vec::is_empty) {
            lines.len() - 1
        } else {
            lines.len()
        };
        prop_assert_eq!(text.lines().count(), expected, "input {}", input.escape_ascii());
        for answer in text.lines() {
            check_answer(answer, &input)?;
        }
    }
}
