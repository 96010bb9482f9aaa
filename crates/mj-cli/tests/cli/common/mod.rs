//! Running the built `mj` and reading its answers.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;
use serde_json::value::RawValue;

/// Runs `mj` with `args`, feeding `stdin` from another thread (so a 10 MB input cannot block on
/// a full pipe), and waits for it.
pub fn run_mj(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mj"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn mj");
    let mut pipe = child.stdin.take().expect("stdin");
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // mj may stop reading early only by crashing; the checks below report that.
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("wait for mj");
    writer.join().expect("writer thread");
    output
}

/// Runs `mj` with `args` and no input, and waits for it.
pub fn mj(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mj"))
        .args(args)
        .output()
        .expect("the mj binary runs")
}

/// A run's standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

/// One answer line, read without losing the `id` as written.
#[derive(Debug)]
pub struct Answer {
    /// The raw line.
    pub line: String,
    /// The `id` as written, if echoed.
    pub id: Option<String>,
    /// `error.kind`, if an error.
    pub kind: Option<String>,
    /// `error.message`, if an error.
    pub message: Option<String>,
}

/// Reads an answer line; panics (failing the test) unless it is one JSON object.
pub fn read_answer(line: &str, input: &str) -> Answer {
    assert!(
        !line.contains('\n') && !line.contains('\r'),
        "answer to {input} spans lines: {line:?}"
    );
    let fields: BTreeMap<String, Box<RawValue>> = serde_json::from_str(line)
        .unwrap_or_else(|e| panic!("answer to {input} is not a JSON object ({e}): {line}"));
    let error: Option<Value> = fields
        .get("error")
        .map(|raw| serde_json::from_str(raw.get()).expect("error is JSON"));
    let text = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).map(String::from);
    Answer {
        line: line.to_owned(),
        id: fields.get("id").map(|raw| raw.get().to_owned()),
        kind: error.as_ref().and_then(|e| text(e, "kind")),
        message: error.as_ref().and_then(|e| text(e, "message")),
    }
}

/// Runs `mj batch` on `input`; checks it exits 0, wrote nothing on stderr, and answered
/// `expected_lines` lines that are each one JSON object.
pub fn batch(input: &[u8], expected_lines: usize) -> Vec<Answer> {
    batch_with(&["batch"], input, expected_lines)
}

/// [`batch`] with other arguments (`["batch", "--max-line-bytes", "100"]`).
pub fn batch_with(args: &[&str], input: &[u8], expected_lines: usize) -> Vec<Answer> {
    let shown = shown(input);
    let output = run_mj(args, input);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "mj batch on {shown} exited with {:?}; stderr: {stderr}",
        output.status
    );
    assert!(
        stderr.is_empty(),
        "mj batch on {shown} wrote to stderr: {stderr}"
    );
    let stdout = String::from_utf8(output.stdout).expect("answers are UTF-8");
    if expected_lines > 0 {
        assert!(
            stdout.ends_with('\n'),
            "last answer to {shown} has no newline"
        );
    }
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines.len(),
        expected_lines,
        "line count for {shown}; output:\n{}",
        shown_str(&stdout)
    );
    lines.iter().map(|l| read_answer(l, &shown)).collect()
}

/// Input bytes for an assertion message: escaped, and cut if long.
pub fn shown(input: &[u8]) -> String {
    shown_str(&format!("b\"{}\"", input.escape_ascii()))
}

fn shown_str(text: &str) -> String {
    if text.chars().count() > 200 {
        let head: String = text.chars().take(200).collect();
        format!("{head}… ({} bytes)", text.len())
    } else {
        text.to_owned()
    }
}

/// Runs a seeded `mj game` with `args` twice; checks it succeeds and prints the same game both
/// times, and returns what it printed and the events, each line one JSON object.
pub fn seeded_game(args: &[&str]) -> (String, Vec<Value>) {
    let a = mj(args);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let text = stdout(&a);
    assert_eq!(text, stdout(&mj(args)), "the same seed plays the same game");
    let events = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is one JSON object"))
        .collect();
    (text, events)
}

/// An mjai event's `type` (empty when it has none).
pub fn event_type(e: &Value) -> String {
    e["type"].as_str().unwrap_or("").to_string()
}

/// The final scores of a game's events: the `scores` of the last event, an `end_game`.
pub fn final_scores(events: &[Value]) -> Vec<i64> {
    let last = &events[events.len() - 1];
    assert_eq!(event_type(last), "end_game");
    last["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect()
}
