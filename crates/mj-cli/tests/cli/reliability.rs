//! Regression lines of issue 13 (what fuzzing and hostile input found), each the exact line that
//! was answered wrongly, with the answer it must get now.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use mj_protocol::answer_line;
use rstest::rstest;
use serde_json::Value;

use common::{batch, run_mj};

fn answer(line: &str) -> Value {
    serde_json::from_str(&answer_line(line.as_bytes()))
        .unwrap_or_else(|e| panic!("answer to {line} is not JSON: {e}"))
}

/// Lone surrogate escapes are JSON text that no string can hold: `invalid_json` naming the field,
/// the `id` echoed when it is itself readable.
#[rstest]
#[case::in_a_name(
    r#"{"op":"hu","hand":"11z","id":1,"\udc00":2}"#,
    Some(1),
    "the name of field 4 holds"
)]
#[case::hand(
    r#"{"op":"hu","hand":"\ud800","id":1}"#,
    Some(1),
    "field `hand` holds `\\ud800`"
)]
#[case::op(r#"{"op":"h\ud800u","hand":"11z","id":1}"#, Some(1), "field `op`")]
#[case::rules(
    r#"{"op":"hu","hand":"11z","rules":"\udbff","id":1}"#,
    Some(1),
    "field `rules`"
)]
#[case::wild_item(
    r#"{"op":"hu","hand":"11z","wild":["7z","\ud800"],"id":1}"#,
    Some(1),
    "field `wild`"
)]
#[case::option_key(
    r#"{"op":"hu","hand":"11z","options":{"\ud800":true},"id":1}"#,
    Some(1),
    "field `options`"
)]
#[case::meld_key(
    r#"{"op":"hu","hand":"11z","melds":[{"\udc00":1}],"id":1}"#,
    Some(1),
    "field `melds`"
)]
#[case::win_tile(
    r#"{"op":"score","rules":"riichi","hand":"11z","win_tile":"\ud800","id":1}"#,
    Some(1),
    "field `win_tile`"
)]
#[case::visible(
    r#"{"op":"discards","hand":"11z","visible":"1m\udfff","id":1}"#,
    Some(1),
    "field `visible`"
)]
#[case::high_then_high(r#"{"op":"hu","hand":"\ud800\ud800","id":1}"#, Some(1), "field `hand`")]
#[case::id_itself(r#"{"op":"hu","hand":"11z","id":"\ud800"}"#, None, "field `id`")]
fn lone_surrogates_are_invalid_json(
    #[case] line: &str,
    #[case] id: Option<i64>,
    #[case] needle: &str,
) {
    let a = answer(line);
    assert_eq!(a["error"]["kind"], "invalid_json", "{line}: {a}");
    assert_eq!(a["id"].as_i64(), id, "{line}: {a}");
    let message = a["error"]["message"].as_str().unwrap();
    assert!(message.contains(needle), "{line}: {message}");
}

#[test]
fn paired_surrogates_are_one_character() {
    // U+1F600 as a pair of escapes is a valid string: the hand is bad notation, not bad JSON.
    let a = answer(r#"{"op":"hu","hand":"\ud83d\ude00","id":1}"#);
    assert_eq!(a["error"]["kind"], "invalid_hand", "{a}");
}

/// Arrays and objects are counted before their items are decoded.
#[rstest]
#[case::dora(
    format!(r#"{{"op":"score","rules":"riichi","hand":"11z","win_tile":"1z","dora":[{}1],"id":1}}"#, "1,".repeat(300)),
    "invalid_field"
)]
#[case::nested(
    format!(r#"{{"op":"score","rules":"riichi","hand":"11z","win_tile":"1z","dora":[[{}1]],"id":1}}"#, "1,".repeat(300)),
    "invalid_field"
)]
#[case::melds(format!(r#"{{"op":"hu","hand":"11z","melds":[{}{{}}],"id":1}}"#, "{},".repeat(300)), "invalid_meld")]
#[case::wild(format!(r#"{{"op":"hu","hand":"11z","wild":[{}"7z"],"id":1}}"#, "\"7z\",".repeat(300)), "invalid_wild")]
#[case::options(
    format!(r#"{{"op":"hu","hand":"11z","options":{{{}"a":1}},"id":1}}"#, (0..300).map(|i| format!("\"k{i}\":1,")).collect::<String>()),
    "invalid_option"
)]
fn wide_arrays_are_refused_before_decoding(#[case] line: String, #[case] kind: &str) {
    let a = answer(&line);
    assert_eq!(a["error"]["kind"], kind, "{a}");
    assert_eq!(a["id"], 1, "{a}");
    assert!(
        a["error"]["message"].as_str().unwrap().contains("256"),
        "{a}"
    );
}

#[test]
fn many_fields_are_refused() {
    let fields: String = (0..300).map(|i| format!("\"f{i}\":1,")).collect();
    let a = answer(&format!(r#"{{{fields}"op":"hu","hand":"11z"}}"#));
    assert_eq!(a["error"]["kind"], "invalid_request", "{a}");
    assert!(
        a["error"]["message"]
            .as_str()
            .unwrap()
            .contains("at most 256 fields"),
        "{a}"
    );
}

#[test]
fn a_line_over_the_limit_is_skipped() {
    let long = format!(
        r#"{{"op":"hu","hand":"11z","id":1,"dora":[{}1]}}"#,
        "1,".repeat(600)
    );
    let mut input = Vec::new();
    input.extend_from_slice(long.as_bytes());
    input.extend_from_slice(b"\r\n{\"op\":\"hu\",\"hand\":\"11z\",\"id\":2}\n");
    input.extend_from_slice(&vec![b'x'; 1000]);
    let output = run_mj(&["batch", "--max-line-bytes", "1000"], &input);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0]["error"]["kind"], "line_too_long", "{text}");
    let message = lines[0]["error"]["message"].as_str().unwrap();
    assert!(
        message.contains(&format!("{} bytes", long.len() + 1)),
        "{message}"
    );
    assert_eq!(lines[1]["hu"], true, "{text}");
    assert_eq!(lines[1]["id"], 2, "{text}");
    // Exactly at the limit: read and answered.
    assert_eq!(lines[2]["error"]["kind"], "invalid_json", "{text}");
}

#[test]
fn the_default_limit_is_one_mebibyte() {
    let at_limit = format!(
        r#"{{"op":"hu","hand":"11z","id":"{}"}}"#,
        "i".repeat((1 << 20) - 32)
    );
    let over = format!(
        r#"{{"op":"hu","hand":"11z","id":"{}"}}"#,
        "i".repeat(1 << 20)
    );
    let answers = batch(format!("{at_limit}\n{over}\n").as_bytes(), 2);
    assert_eq!(answers[0].kind, None, "{}", &answers[0].line[..80]);
    assert_eq!(answers[1].kind.as_deref(), Some("line_too_long"));
    assert_eq!(answers[1].id, None);
}

#[test]
fn ura_without_riichi_is_refused() {
    let line = r#"{"op":"score","rules":"riichi","hand":"22334455m667788p","win_tile":"8p","tsumo":true,"ura":["1p"],"id":1}"#;
    let a = answer(line);
    assert_eq!(a["error"]["kind"], "invalid_field", "{a}");
    assert!(
        a["error"]["message"].as_str().unwrap().contains("`ura`"),
        "{a}"
    );
    let with_riichi = line.replace(r#""tsumo":true"#, r#""tsumo":true,"riichi":true"#);
    assert_eq!(answer(&with_riichi).get("error"), None);
}

/// The human commands: errors name the flag, a switch given twice is refused, exit codes.
#[rstest]
#[case::score_without_rules(&["score", "123m456p789s11122z", "--win", "2z"], "mj score: --rules is required")]
#[case::analyze_sichuan(
    &["analyze", "123m456p789s1122z", "--rules", "sichuan"],
    "mj analyze: unsupported_rules: `mj analyze` cannot answer under these rules"
)]
#[case::repeated_option(
    &["shanten", "123m456p789s1112z", "--option", "seven_pairs=false", "--option", "seven_pairs=true"],
    "mj shanten: --option seven_pairs is given twice"
)]
fn command_errors(#[case] args: &[&str], #[case] start: &str) {
    let output = run_mj(args, b"");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with(start), "{args:?}: {stderr}");
    assert_eq!(output.status.code(), Some(2), "{args:?}");
}

#[test]
fn exit_codes_are_documented_in_help() {
    let output = run_mj(&["--help"], b"");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("3 an internal"), "{text}");
}

/// MCR 明暗杠: official 明杠 + 暗杠 by default (10 fan here), 5 fan with the switch (12 fan), as
/// the oracle (pymahjonggb) scores this record of `crates/mj-score/testdata/mcr_oracle.jsonl`.
#[test]
fn mcr_ming_an_gang_switch() {
    let line = r#"{"op":"score","rules":"mcr","hand":"567s77z","kong":true,"tsumo":true,"win_tile":"6s","melds":[{"called":"9s","from":1,"kind":"chi","tiles":"789s"},{"kind":"ankan","tiles":"2222s"},{"called":"6p","from":1,"kind":"minkan","tiles":"6666p"}]}"#;
    let names = |a: &Value| -> Vec<String> {
        a["fans"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                format!(
                    "{} {}x{}",
                    f["name"].as_str().unwrap(),
                    f["fan"],
                    f["count"]
                )
            })
            .collect()
    };
    let official = answer(line);
    assert_eq!(official["fan"], 13, "{official}");
    assert!(
        names(&official).contains(&"an_gang 2x1".to_owned()),
        "{official}"
    );
    assert!(
        names(&official).contains(&"ming_gang 1x1".to_owned()),
        "{official}"
    );
    let switched = answer(&line.replace(
        r#""rules":"mcr""#,
        r#""rules":"mcr","options":{"ming_an_gang":true}"#,
    ));
    assert_eq!(switched["fan"], 15, "{switched}");
    let fans = names(&switched);
    assert!(fans.contains(&"ming_an_gang 5x1".to_owned()), "{switched}");
    assert!(
        !fans
            .iter()
            .any(|f| f.starts_with("an_gang") || f.starts_with("ming_gang")),
        "{switched}"
    );
    let riichi = answer(
        r#"{"op":"score","rules":"riichi","hand":"22334455m667788p","win_tile":"8p","tsumo":true,"options":{"ming_an_gang":true}}"#,
    );
    assert_eq!(riichi["error"]["kind"], "unsupported_rules", "{riichi}");
}
