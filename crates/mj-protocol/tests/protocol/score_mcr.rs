#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! `score` under `"rules": "mcr"` through `mj_protocol::answer_line`: the fan breakdown, the
//! `below_minimum` error with its `fan`, and the request errors.

use rstest::rstest;
use serde_json::{Value, json};

fn answer(line: &str) -> Value {
    serde_json::from_str(&mj_protocol::answer_line(line.as_bytes())).unwrap()
}

fn kind(line: &str) -> String {
    let a = answer(line);
    a["error"]["kind"]
        .as_str()
        .unwrap_or_else(|| panic!("no error for {line}: {a}"))
        .to_owned()
}

#[test]
fn breakdown_in_table_order_with_flowers() {
    let a = answer(
        r#"{"op":"score","rules":"mcr","hand":"123456789m11z","melds":[{"kind":"pon","tiles":"222z","called":"2z","from":1}],"win_tile":"1z","tsumo":true,"flowers":2,"seat_wind":"2z","id":3}"#,
    );
    assert_eq!(
        a,
        json!({"id": 3, "fan": 28, "fans": [
            {"name": "qing_long", "zh": "清龙", "fan": 16, "count": 1},
            {"name": "hun_yi_se", "zh": "混一色", "fan": 6, "count": 1},
            {"name": "men_feng_ke", "zh": "门风刻", "fan": 2, "count": 1},
            {"name": "dan_diao_jiang", "zh": "单钓将", "fan": 1, "count": 1},
            {"name": "zi_mo", "zh": "自摸", "fan": 1, "count": 1},
            {"name": "hua_pai", "zh": "花牌", "fan": 1, "count": 2},
        ]})
    );
}

#[test]
fn thirteen_orphans() {
    let a = answer(
        r#"{"op":"score","rules":"mcr","hand":"19m19p19s12345677z","win_tile":"7z","tsumo":true}"#,
    );
    assert_eq!(a["fan"], 89);
    assert_eq!(a["fans"][0]["name"], "shi_san_yao");
    assert_eq!(a["fans"][1]["name"], "zi_mo");
}

#[test]
fn below_minimum_carries_the_fan_without_flowers() {
    let a = answer(
        r#"{"op":"score","rules":"mcr","hand":"111p23445556s333z","win_tile":"6s","seat_wind":"4z","flowers":3}"#,
    );
    assert_eq!(a["error"]["kind"], "below_minimum");
    assert_eq!(a["error"]["fan"], 7);
}

#[rstest]
#[case::not_a_win(
    r#"{"op":"score","rules":"mcr","hand":"123456789m12z333p","win_tile":"3p"}"#,
    "not_a_win"
)]
#[case::no_win_tile(
    r#"{"op":"score","rules":"mcr","hand":"19m19p19s12345677z"}"#,
    "invalid_field"
)]
#[case::win_tile_not_in_hand(
    r#"{"op":"score","rules":"mcr","hand":"19m19p19s12345677z","win_tile":"5m"}"#,
    "invalid_field"
)]
#[case::bad_win_tile(
    r#"{"op":"score","rules":"mcr","hand":"19m19p19s12345677z","win_tile":"xx"}"#,
    "invalid_field"
)]
#[case::seat_not_a_wind(
    r#"{"op":"score","rules":"mcr","hand":"19m19p19s12345677z","win_tile":"7z","seat_wind":"5z"}"#,
    "invalid_field"
)]
#[case::nine_flowers(
    r#"{"op":"score","rules":"mcr","hand":"19m19p19s12345677z","win_tile":"7z","flowers":9}"#,
    "invalid_field"
)]
#[case::negative_flowers(
    r#"{"op":"score","rules":"mcr","hand":"19m19p19s12345677z","win_tile":"7z","flowers":-1}"#,
    "invalid_field"
)]
#[case::riichi_field(
    r#"{"op":"score","rules":"mcr","hand":"19m19p19s12345677z","win_tile":"7z","riichi":true}"#,
    "invalid_field"
)]
#[case::short_hand(
    r#"{"op":"score","rules":"mcr","hand":"19m19p19s1234567z","win_tile":"7z"}"#,
    "hand_size"
)]
#[case::hand_and_melds(r#"{"op":"score","rules":"mcr","hand":"19m19p19s12345677z","melds":[{"kind":"pon","tiles":"555m"}],"win_tile":"7z"}"#, "hand_size")]
#[case::wild(
    r#"{"op":"score","rules":"mcr","hand":"19m19p19s12345677z","win_tile":"7z","wild":["7z"]}"#,
    "unsupported_rules"
)]
#[case::shape_switch(r#"{"op":"score","rules":"mcr","hand":"19m19p19s12345677z","win_tile":"7z","options":{"seven_pairs":false}}"#, "unsupported_rules")]
#[case::riichi_switch(r#"{"op":"score","rules":"mcr","hand":"19m19p19s12345677z","win_tile":"7z","options":{"kuitan":true}}"#, "unsupported_rules")]
fn errors(#[case] line: &str, #[case] expected: &str) {
    assert_eq!(kind(line), expected, "{line}");
}

#[test]
fn preset_values_of_shape_switches_are_accepted() {
    let a = answer(
        r#"{"op":"score","rules":"mcr","hand":"19m19p19s12345677z","win_tile":"7z","options":{"seven_pairs":true,"knitted":true}}"#,
    );
    assert_eq!(a["fan"], 88, "{a}");
}

#[test]
fn every_fixture_request_answers_like_the_library() {
    let fixtures = include_str!("../../../mj-score/testdata/mcr_oracle.jsonl");
    for line in fixtures.lines().skip(1).step_by(97) {
        let record: Value = serde_json::from_str(line).unwrap();
        let req = serde_json::to_string(&record["request"]).unwrap();
        let a = answer(&req);
        let oracle = &record["oracle"];
        let has_mixed_kong = oracle["fans"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f[0] == "明暗杠");
        let expected = oracle["total"].as_u64().unwrap() - if has_mixed_kong { 2 } else { 0 };
        let flowers = record["request"]["flowers"].as_u64().unwrap_or(0);
        if expected - flowers < 8 {
            assert_eq!(a["error"]["kind"], "below_minimum", "{req}: {a}");
            assert_eq!(a["error"]["fan"], expected - flowers, "{req}: {a}");
        } else {
            assert_eq!(a["fan"], expected, "{req}: {a}");
        }
    }
}
