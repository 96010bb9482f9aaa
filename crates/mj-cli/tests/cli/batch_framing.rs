//! `mj batch` framing through the built binary: one answer line per input line whatever the
//! bytes (junk, NULs, 10 MB lines, deep nesting, CRLF, no final newline), answers in order and
//! flushed one by one, exit code 0 when standard input ends.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::{Answer, batch, batch_with, read_answer};

const TEN_MB: usize = 10 * 1024 * 1024;

fn kinds(answers: &[Answer]) -> Vec<&str> {
    answers
        .iter()
        .map(|a| a.kind.as_deref().unwrap_or("-"))
        .collect()
}

#[test]
fn no_input_no_answer() {
    assert!(batch(b"", 0).is_empty());
}

#[test]
fn answers_in_order() {
    let input = concat!(
        "{\"op\":\"hu\",\"hand\":\"1m\",\"id\":1}\n",
        "\n",
        "garbage\n",
        "{\"op\":\"nope\",\"id\":4}\n",
        "   \n",
        "{\"op\":\"hu\",\"hand\":\"11111m\",\"id\":6}\n",
    );
    let answers = batch(input.as_bytes(), 6);
    assert_eq!(
        kinds(&answers),
        [
            "hand_size",
            "invalid_request",
            "invalid_json",
            "unknown_op",
            "invalid_request",
            "fifth_copy"
        ]
    );
    let ids: Vec<Option<&str>> = answers.iter().map(|a| a.id.as_deref()).collect();
    assert_eq!(ids, [Some("1"), None, None, Some("4"), None, Some("6")]);
}

#[test]
fn crlf_line_endings() {
    let input = b"{\"op\":\"hu\",\"hand\":\"1m\",\"id\":\"a\"}\r\n\r\n{\"op\":\"hu\",\"hand\":\"1x\",\"id\":\"c\"}\r\n";
    let answers = batch(input, 3);
    assert_eq!(
        kinds(&answers),
        ["hand_size", "invalid_request", "invalid_hand"]
    );
    assert_eq!(answers[0].id.as_deref(), Some(r#""a""#));
    assert_eq!(
        answers[2].message.as_deref(),
        Some("hand: unexpected character 'x' at column 2")
    );
}

#[test]
fn final_line_without_newline() {
    let answers = batch(b"\n{\"op\":\"hu\",\"hand\":\"1m\",\"id\":9}", 2);
    assert_eq!(kinds(&answers), ["invalid_request", "hand_size"]);
    assert_eq!(answers[1].id.as_deref(), Some("9"));
    // A final CR without LF is a CRLF cut short.
    let answers = batch(b"{\"op\":\"hu\",\"hand\":\"1m\",\"id\":9}\r", 1);
    assert_eq!(answers[0].id.as_deref(), Some("9"));
}

#[test]
fn newlines_only() {
    let answers = batch(b"\n\n\r\n\n", 4);
    assert!(kinds(&answers).iter().all(|k| *k == "invalid_request"));
}

#[test]
fn white_space_inside_an_id_never_splits_a_line() {
    // CR and tabs are JSON white space; the echoed id drops them.
    let answers = batch(b"{\"id\":[1,\r2,\t3],\"op\":\"hu\",\"hand\":\"1m\"}\n", 1);
    assert_eq!(answers[0].id.as_deref(), Some("[1,2,3]"));
}

/// A fixed-seed generator, so the junk is the same on every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

#[test]
fn binary_junk() {
    let mut rng = Lcg(0x6d6a);
    let mut input = Vec::new();
    let mut lines = 0;
    for _ in 0..3000 {
        let len = (rng.next() % 200) as usize;
        for _ in 0..len {
            let byte = match rng.next() % 8 {
                0 => 0,
                1 => b'\r',
                2 => 0xff,
                3 => b'{',
                _ => (rng.next() % 256) as u8,
            };
            if byte != b'\n' {
                input.push(byte);
            }
        }
        input.push(b'\n');
        lines += 1;
    }
    // And a last line of junk without a newline.
    input.extend_from_slice(b"\x00\xc3\x28\x00");
    lines += 1;
    let answers = batch(&input, lines);
    assert!(
        answers.iter().all(|a| a.kind.is_some()),
        "every junk line is an error"
    );
}

#[test]
fn ten_megabyte_lines() {
    let big_hand = format!(r#"{{"id":"h","op":"hu","hand":"{}m"}}"#, "1".repeat(TEN_MB));
    let big_spaces = format!(
        r#"{{"id":"s","op":"hu","hand":"1m{}23m"}}"#,
        " ".repeat(TEN_MB)
    );
    let big_id = format!(r#"{{"id":"{}","op":"hu","hand":"1m"}}"#, "i".repeat(TEN_MB));
    let big_array = format!("[{}0]", "0,".repeat(TEN_MB / 2));
    let big_meld = format!(
        r#"{{"id":"m","op":"hu","hand":"","melds":[{{"kind":"pon","tiles":"{}z"}}]}}"#,
        "1".repeat(TEN_MB)
    );
    let mut input = Vec::new();
    for line in [
        big_hand.as_bytes(),
        b"{\"op\":\"hu\",\"hand\":\"1m\",\"id\":1}",
        &vec![b'x'; TEN_MB],
        big_spaces.as_bytes(),
        &vec![b' '; TEN_MB],
        big_id.as_bytes(),
        big_array.as_bytes(),
        &vec![0xff; TEN_MB],
        big_meld.as_bytes(),
        b"{\"op\":\"hu\",\"hand\":\"1m\",\"id\":2}",
    ] {
        input.extend_from_slice(line);
        input.push(b'\n');
    }
    // Over the default line limit: these lines are read whole only with a larger one.
    let answers = batch_with(&["batch", "--max-line-bytes", "100000000"], &input, 10);
    assert_eq!(
        kinds(&answers),
        [
            "fifth_copy",
            "hand_size",
            "invalid_json",
            "hand_size",
            "invalid_request",
            "hand_size",
            "invalid_request",
            "invalid_utf8",
            "invalid_meld",
            "hand_size",
        ]
    );
    // More than 136 tiles: a hand always holds a fifth copy, named at its column; meld tiles
    // are over the notation's limit.
    assert_eq!(answers[0].id.as_deref(), Some(r#""h""#));
    assert_eq!(
        answers[0].message.as_deref(),
        Some("hand: fifth copy of 1m at column 5")
    );
    assert_eq!(
        answers[8].message.as_deref(),
        Some("melds[0]: meld tiles: more than 136 tiles (column 137)")
    );
    assert_eq!(answers[5].id.as_ref().map(String::len), Some(TEN_MB + 2));
    for answer in &answers {
        let message = answer.message.as_deref().unwrap_or_default();
        assert!(message.len() < 300, "messages stay short: {message}");
    }
}

#[test]
fn ten_megabyte_lines_over_the_default_limit() {
    let big_hand = format!(r#"{{"id":"h","op":"hu","hand":"{}m"}}"#, "1".repeat(TEN_MB));
    let input = format!("{big_hand}\n{{\"op\":\"hu\",\"hand\":\"1m\",\"id\":1}}\n");
    let answers = batch(input.as_bytes(), 2);
    assert_eq!(kinds(&answers), ["line_too_long", "hand_size"]);
    assert_eq!(answers[0].id, None);
    assert_eq!(answers[1].id.as_deref(), Some("1"));
}

#[test]
fn deep_nesting() {
    const DEPTH: usize = 100_000;
    let open = "[".repeat(DEPTH);
    let close = "]".repeat(DEPTH);
    let objects = "{\"a\":".repeat(DEPTH);
    let lines = [
        open.clone(),
        format!("{open}{close}"),
        format!(r#"{{"id":{open}{close},"op":"hu","hand":"1m"}}"#),
        format!(r#"{{"op":"hu","hand":"1m","options":{{"seven_pairs":{open}{close}}},"id":3}}"#),
        format!(r#"{{"op":"hu","hand":"1m","melds":{open}{close},"id":4}}"#),
        objects.clone(),
        format!("{objects}1{}", "}".repeat(DEPTH)),
    ];
    let input = lines.join("\n");
    let answers = batch(input.as_bytes(), lines.len());
    assert_eq!(
        kinds(&answers),
        [
            "invalid_json",
            "invalid_request",
            "hand_size",
            "invalid_option",
            "invalid_meld",
            "invalid_json",
            "invalid_request",
        ]
    );
    assert_eq!(
        answers[2].id.as_deref(),
        Some(format!("{open}{close}").as_str())
    );
}

#[test]
fn answers_are_flushed_line_by_line() {
    // A client that waits for each answer before sending the next line must not hang.
    let mut child = Command::new(env!("CARGO_BIN_EXE_mj"))
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn mj");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.expect("read answer")).is_err() {
                break;
            }
        }
    });
    for i in 0..5 {
        writeln!(stdin, r#"{{"op":"hu","hand":"1m","id":{i}}}"#).expect("write request");
        stdin.flush().expect("flush request");
        // Generous: this guards against a hang, it does not time anything.
        let line = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("answer before the next request");
        let answer = read_answer(&line, "request {i}");
        assert_eq!(answer.id, Some(i.to_string()));
    }
    drop(stdin);
    assert!(child.wait().expect("wait").success());
    reader.join().expect("reader");
}
