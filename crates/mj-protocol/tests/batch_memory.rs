//! `mj batch` answers any line in bounded memory: a counting allocator measures the peak heap of
//! answering hostile lines at the default line limit (1 MiB) and of skipping a 50 MB line. One
//! test in this binary, so no other test allocates while it measures.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{self, BufReader, Cursor};

use mj_protocol::{DEFAULT_MAX_LINE_BYTES, run_batch};

/// The heap, counted (`mj_testkit::alloc`).
#[global_allocator]
static HEAP: mj_testkit::alloc::Counting = mj_testkit::alloc::Counting::new();

/// The documented bound (README "Limits and guarantees", docs/protocol.md): answering one line
/// takes at most 8 times the line limit of heap.
const BOUND: usize = 8 * DEFAULT_MAX_LINE_BYTES;

/// The heap peak of `mj batch` answering `input` (the input itself not counted).
fn peak_of(input: Vec<u8>) -> usize {
    // Standard input arrives in small chunks, as through `BufReader`.
    let (answered, peak) = HEAP.peak_during(|| {
        run_batch(
            BufReader::with_capacity(8192, Cursor::new(&input)),
            io::sink(),
        )
    });
    answered.unwrap();
    peak
}

/// A line of about `size` bytes: `head`, then `item` repeated, then `tail`.
fn line(head: &str, item: &str, tail: &str, size: usize) -> Vec<u8> {
    let n = (size - head.len() - tail.len()) / item.len();
    let mut out = format!("{head}{}{tail}", item.repeat(n)).into_bytes();
    out.push(b'\n');
    out
}

#[test]
fn every_line_is_answered_in_bounded_memory() {
    let limit = DEFAULT_MAX_LINE_BYTES - 1;
    let score = r#"{"op":"score","rules":"riichi","hand":"123m456p789s11122z","win_tile":"1z","#;
    let cases: Vec<(&str, Vec<u8>)> = vec![
        (
            "dora [1,1,...]",
            line(&format!(r#"{score}"dora":["#), "1,", "1]}", limit),
        ),
        (
            "dora [[1,1,...]]",
            line(&format!(r#"{score}"dora":[["#), "1,", "1]]}", limit),
        ),
        (
            "dora strings",
            line(
                &format!(r#"{score}"dora":["#),
                r#""1m","#,
                r#""1m"]}"#,
                limit,
            ),
        ),
        (
            "melds [{},...]",
            line(r#"{"op":"hu","hand":"11z","melds":["#, "{},", "{}]}", limit),
        ),
        (
            "wild",
            line(
                r#"{"op":"hu","hand":"11z","wild":["#,
                r#""7z","#,
                r#""7z"]}"#,
                limit,
            ),
        ),
        ("hand", line(r#"{"op":"hu","hand":""#, "1", r#"m"}"#, limit)),
        (
            "hand of escapes",
            line(r#"{"op":"hu","hand":""#, "\\u0031", r#"m"}"#, limit),
        ),
        (
            "id",
            line(r#"{"op":"hu","hand":"11z","id":""#, "i", r#""}"#, limit),
        ),
        (
            "id of line breaks",
            line(
                r#"{"op":"hu","hand":"11z","id":""#,
                "\u{2028}",
                r#""}"#,
                limit,
            ),
        ),
        (
            "id array",
            line(r#"{"op":"hu","hand":"11z","id":["#, "1,", "1]}", limit),
        ),
        ("fields", line("{", r#""a":1,"#, r#""op":"hu"}"#, limit)),
        (
            "long name",
            line(r#"{"op":"hu","hand":"11z",""#, "k", r#"":1}"#, limit),
        ),
        (
            "options",
            line(
                r#"{"op":"hu","hand":"11z","options":{"#,
                r#""k":1,"#,
                r#""k":1}}"#,
                limit,
            ),
        ),
        (
            "meld tiles",
            line(
                r#"{"op":"hu","hand":"","melds":[{"kind":"pon","tiles":""#,
                "1",
                r#"z"}]}"#,
                limit,
            ),
        ),
        (
            "win_tile",
            line(&format!(r#"{score}"win_tile":""#), "1", r#"z"}"#, limit),
        ),
        (
            "visible",
            line(
                r#"{"op":"discards","hand":"11z","visible":""#,
                "1",
                r#"z"}"#,
                limit,
            ),
        ),
        ("not JSON", line("", "[", "", limit)),
        ("not UTF-8", vec![0xff; limit]),
        (
            "50 MB line",
            line(&format!(r#"{score}"dora":["#), "1,", "1]}", 50 << 20),
        ),
    ];
    let mut report = Vec::new();
    for (name, input) in cases {
        let peak = peak_of(input);
        report.push(format!("{name}: {peak}"));
        assert!(
            peak < BOUND,
            "{name}: {peak} bytes at the peak (bound {BOUND}); {report:?}"
        );
    }
    println!("{}", report.join("\n"));
}
