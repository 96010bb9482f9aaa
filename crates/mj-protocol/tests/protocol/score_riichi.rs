#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! `score` with `"rules": "riichi"` through `mj batch`'s line answering: PROTOCOL.md's answer
//! (plus `fu_details`), and every error kind the riichi handler gives. The fixtures' 25,220
//! records are checked against the engine in `mj-score`'s `riichi_oracle` test; here a slice of
//! them goes through the protocol layer and must give the same points as the oracle.

use mj_protocol::answer_line;
use rstest::rstest;
use serde_json::{Value, json};

fn ask(line: &str) -> Value {
    serde_json::from_str(&answer_line(line.as_bytes())).unwrap()
}

#[test]
fn pinfu_tsumo_answer_is_exactly_the_protocols() {
    let a = ask(
        r#"{"op":"score","rules":"riichi","hand":"234m345p456s67888s","win_tile":"8s","tsumo":true,"seat_wind":"2z","dora":["1m"],"honba":1,"riichi_sticks":1,"id":3}"#,
    );
    assert_eq!(
        a,
        json!({
            "id": 3,
            "han": 4, "fu": 20,
            "yaku": [{"name": "menzen_tsumo", "han": 1}, {"name": "pinfu", "han": 1},
                     {"name": "tanyao", "han": 1}, {"name": "dora", "han": 1}],
            "yakuman": 0, "limit": null,
            "points": {"total": 6500, "dealer": 2700, "others": 1400},
            "fu_details": [{"name": "base", "fu": 20}],
        })
    );
}

#[test]
fn yakuman_entries_carry_their_count() {
    let a = ask(r#"{"op":"score","rules":"riichi","hand":"19m19p19s12345677z","win_tile":"7z"}"#);
    assert_eq!(a["han"], 0);
    assert_eq!(a["yakuman"], 2);
    assert_eq!(
        a["yaku"],
        json!([{"name": "kokushi_13", "han": 0, "yakuman": 2}])
    );
    assert_eq!(a["points"], json!({"total": 96000, "ron": 96000}));
    assert_eq!(a["limit"], "yakuman");
    assert!(a.get("fu_details").is_none(), "{a}");
}

#[test]
fn absurd_counters_do_not_overflow() {
    let a = ask(
        r#"{"op":"score","rules":"riichi","hand":"234m345p456s67888s","win_tile":"8s","tsumo":true,"honba":4294967295,"riichi_sticks":4294967295}"#,
    );
    assert_eq!(a["points"]["total"], u64::from(u32::MAX), "{a}");
}

#[test]
fn options_switch_the_rules() {
    let base = r#""op":"score","rules":"riichi","hand":"19m19p19s12345677z","win_tile":"7z""#;
    let a = ask(&format!(
        r#"{{{base},"options":{{"double_yakuman":false}}}}"#
    ));
    assert_eq!(a["yakuman"], 1);
    let open_tanyao = r#""op":"score","rules":"riichi","hand":"234m345p66s","melds":[{"kind":"chi","tiles":"456s","called":"4s","from":1},{"kind":"pon","tiles":"888p","called":"8p","from":2}],"win_tile":"6s""#;
    assert_eq!(ask(&format!("{{{open_tanyao}}}"))["han"], 1);
    assert_eq!(
        ask(&format!(
            r#"{{{open_tanyao},"options":{{"kuitan":false}}}}"#
        ))["error"]["kind"],
        "no_yaku"
    );
}

#[rstest]
#[case::no_yaku(r#"{"op":"score","rules":"riichi","hand":"123m456p789s23455s","win_tile":"5s","seat_wind":"2z"}"#, "no_yaku")]
#[case::missing_win_tile(
    r#"{"op":"score","rules":"riichi","hand":"234m345p456s67888s"}"#,
    "invalid_field"
)]
#[case::bad_win_tile(
    r#"{"op":"score","rules":"riichi","hand":"234m345p456s67888s","win_tile":"8x"}"#,
    "invalid_field"
)]
#[case::win_tile_not_in_hand(
    r#"{"op":"score","rules":"riichi","hand":"234m345p456s67888s","win_tile":"1z"}"#,
    "invalid_field"
)]
#[case::ippatsu_without_riichi(
    r#"{"op":"score","rules":"riichi","hand":"234m345p456s67888s","win_tile":"8s","ippatsu":true}"#,
    "invalid_field"
)]
#[case::seat_not_a_wind(r#"{"op":"score","rules":"riichi","hand":"234m345p456s67888s","win_tile":"8s","seat_wind":"5z"}"#, "invalid_field")]
#[case::mcr_field(
    r#"{"op":"score","rules":"riichi","hand":"234m345p456s67888s","win_tile":"8s","flowers":2}"#,
    "invalid_field"
)]
#[case::short_hand(
    r#"{"op":"score","rules":"riichi","hand":"234m345p456s6788s","win_tile":"8s"}"#,
    "hand_size"
)]
#[case::not_a_win(
    r#"{"op":"score","rules":"riichi","hand":"234m345p456s67889s","win_tile":"8s"}"#,
    "not_a_win"
)]
#[case::four_pairs_of_one_kind(
    r#"{"op":"score","rules":"riichi","hand":"1111m2233p4455s66z","win_tile":"6z","riichi":true}"#,
    "not_a_win"
)]
#[case::wild(
    r#"{"op":"score","rules":"riichi","hand":"234m345p456s67888s","win_tile":"8s","wild":["7z"]}"#,
    "unsupported_rules"
)]
#[case::shape_switch(r#"{"op":"score","rules":"riichi","hand":"234m345p456s67888s","win_tile":"8s","options":{"seven_pairs":false}}"#, "unsupported_rules")]
fn errors(#[case] line: &str, #[case] kind: &str) {
    let a = ask(line);
    assert_eq!(a["error"]["kind"], kind, "{line}: {a}");
}

#[test]
fn riichi_shape_switches_at_their_riichi_values_are_fine() {
    let a = ask(
        r#"{"op":"score","rules":"riichi","hand":"234m345p456s67888s","win_tile":"8s","tsumo":true,"options":{"distinct_pairs":true,"seven_pairs":true}}"#,
    );
    assert_eq!(a["han"], 3, "{a}");
}

/// Every 25th fixture record through the protocol layer: the oracle's payments.
#[test]
fn fixture_slice_pays_as_the_oracle() {
    let text = include_str!("../../../mj-score/testdata/riichi_oracle.jsonl");
    let mut n = 0;
    for line in text.lines().skip(1).step_by(25) {
        let rec: Value = serde_json::from_str(line).unwrap();
        let answer = ask(&rec["request"].to_string());
        let o = &rec["oracle"];
        if o["error"].as_str() == Some("no_yaku") {
            assert_eq!(answer["error"]["kind"], "no_yaku", "{line}");
        } else {
            assert_eq!(
                answer["points"]["total"], o["cost"]["total"],
                "{line}\n{answer}"
            );
        }
        n += 1;
    }
    assert!(n > 1000);
}

/// Three-player riichi (`"rules": "sanma"`): riichi.wiki "Sanma": with tsumo loss a non-dealer
/// mangan tsumo is paid 4,000 by the dealer and 2,000 by the other player; MJ's north-bisection
/// table: 5,000 / 3,000. Riichi, menzen tsumo, pinfu, tanyao and one kita: 5 han.
#[test]
fn sanma_counts_kita_and_pays_two_players() {
    let line = |extra: &str| {
        format!(
            r#"{{"op":"score","rules":"sanma","hand":"234p345p456s67888s","win_tile":"8s","tsumo":true,"riichi":true,"seat_wind":"2z","kita":1{extra}}}"#
        )
    };
    let a = ask(&line(""));
    assert_eq!(a["han"], 5, "{a}");
    assert_eq!(
        a["yaku"].as_array().unwrap().last(),
        Some(&json!({"name": "kita", "han": 1}))
    );
    assert_eq!(
        a["points"],
        json!({"total": 6000, "dealer": 4000, "others": 2000}),
        "{a}"
    );
    let a = ask(&line(r#","options":{"tsumo_loss":false}"#));
    assert_eq!(
        a["points"],
        json!({"total": 8000, "dealer": 5000, "others": 3000}),
        "{a}"
    );
    // A west indicator: each kita counts twice.
    let a = ask(&line(r#","dora":["3z"]"#));
    assert_eq!(
        a["yaku"].as_array().unwrap().last(),
        Some(&json!({"name": "kita", "han": 2}))
    );
    // A 1m indicator makes 9m the dora.
    let a = ask(
        r#"{"op":"score","rules":"sanma","hand":"99m234p345p456s678s","win_tile":"8s","riichi":true,"dora":["1m"]}"#,
    );
    assert!(
        a["yaku"]
            .as_array()
            .unwrap()
            .contains(&json!({"name": "dora", "han": 2})),
        "{a}"
    );
}

#[rstest]
#[case::kita_under_riichi(r#""rules":"riichi","kita":1"#, "invalid_field")]
#[case::kita_too_many(r#""rules":"sanma","kita":5"#, "invalid_field")]
#[case::kita_not_a_count(r#""rules":"sanma","kita":-1"#, "invalid_field")]
#[case::kita_fifth_north(
    r#""rules":"sanma","kita":4,"hand":"44z234p345p456s678s""#,
    "fifth_copy"
)]
#[case::tsumo_loss_under_riichi(
    r#""rules":"riichi","options":{"tsumo_loss":false}"#,
    "unsupported_rules"
)]
#[case::removed_tile(r#""rules":"sanma","hand":"234m345p456s67888s""#, "invalid_hand")]
#[case::removed_indicator(r#""rules":"sanma","dora":["5m"]"#, "invalid_field")]
fn sanma_errors(#[case] fields: &str, #[case] kind: &str) {
    let line = if fields.contains("\"hand\"") {
        format!(r#"{{"op":"score","win_tile":"8s","tsumo":true,"riichi":true,{fields}}}"#)
    } else {
        format!(
            r#"{{"op":"score","hand":"234p345p456s67888s","win_tile":"8s","tsumo":true,"riichi":true,{fields}}}"#
        )
    };
    let a = ask(&line);
    assert_eq!(a["error"]["kind"], kind, "{line} -> {a}");
}

#[test]
fn sanma_is_for_score_only() {
    let a = ask(r#"{"op":"shanten","rules":"sanma","hand":"19m19p19s1234567z"}"#);
    assert_eq!(a["error"]["kind"], "unsupported_rules", "{a}");
}
