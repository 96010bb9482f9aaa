//! README's printed examples stay true: every fenced block that starts with a `$ mj ...` line
//! is run with this build's `mj`, and its output must be the block's remaining lines, to the
//! character. A changed summary format or a changed game shows here, not in a reader's shell.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::path::Path;

use common::mj;

/// The `(command line, expected output)` of each `$ mj` block of `text`.
fn examples(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if !line.starts_with("```") {
            continue;
        }
        let block: Vec<&str> = lines
            .by_ref()
            .take_while(|l| !l.starts_with("```"))
            .collect();
        if let Some(cmd) = block.first().and_then(|l| l.strip_prefix("$ mj ")) {
            let mut expected = block[1..].join("\n");
            expected.push('\n');
            out.push((cmd.to_string(), expected));
        }
    }
    out
}

#[test]
fn every_printed_mj_example_is_what_mj_prints() {
    let readme = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md");
    let text = std::fs::read_to_string(&readme).unwrap();
    let found = examples(&text);
    assert!(
        found.len() >= 4,
        "README's `$ mj` examples: {}",
        found.len()
    );
    for (cmd, expected) in found {
        let args: Vec<&str> = cmd.split_whitespace().collect();
        let o = mj(&args);
        assert!(o.status.success(), "mj {cmd}: {:?}", o.status);
        let got = String::from_utf8_lossy(&o.stdout);
        assert_eq!(got, expected, "README example `mj {cmd}` is stale");
    }
}

#[test]
fn the_reader_finds_blocks_and_their_outputs() {
    let text = "x\n```\n$ mj game --seed 1\nline 1\nline 2\n```\n```sh\ncargo test\n```\n";
    assert_eq!(
        examples(text),
        [("game --seed 1".to_string(), "line 1\nline 2\n".to_string())]
    );
}
