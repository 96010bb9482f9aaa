//! `score` under `"rules": "sichuan"` through `mj_protocol::answer_line` (the `mj batch` path) and
//! the `mj score` words.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use rstest::rstest;
use serde_json::{Value, json};

use mj_cli::score_ops::{ScoreArgs, run};

fn ask(line: &str) -> Value {
    serde_json::from_str(&mj_protocol::answer_line(line.as_bytes())).unwrap()
}

fn names(answer: &Value) -> Vec<String> {
    answer["fans"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn clean_seven_pairs_with_a_quad_self_drawn() {
    let a = ask(
        r#"{"op":"score","rules":"sichuan","hand":"11223355557799m","win_tile":"9m","tsumo":true}"#,
    );
    assert_eq!(a["fan"], 6, "{a}");
    assert_eq!(names(&a), ["qing_long_qi_dui", "zi_mo"]);
    assert_eq!(a["fans"][0]["zh"], "清龙七对");
    assert_eq!(a["fans"][0]["fan"], 5);
    assert_eq!(a["multiplier"], 64);
    assert!(a.get("wildcards").is_none());
}

#[test]
fn wildcards_say_what_they_became() {
    // 红中 x3 as wildcards beside 111222333m 22p: each lands in m or p (缺 s).
    let a = ask(
        r#"{"op":"score","rules":"sichuan","hand":"111222333m22p777z","wild":["7z"],"win_tile":"7z","lack":"s"}"#,
    );
    assert!(a["fan"].as_u64().is_some(), "{a}");
    let wild = a["wildcards"].as_array().unwrap();
    assert_eq!(wild.len(), 3);
    for w in wild {
        assert_eq!(w["tile"], "7z");
        let to = w["as"].as_str().unwrap();
        assert!(to.ends_with('m') || to.ends_with('p'), "{a}");
    }
}

#[test]
fn melds_kongs_and_cap() {
    // 十八罗汉: four kongs and a pair, capped at 4.
    let line = json!({
        "op": "score", "rules": "sichuan", "hand": "55m", "win_tile": "5m",
        "melds": [
            {"kind": "minkan", "tiles": "1111m"}, {"kind": "ankan", "tiles": "2222m"},
            {"kind": "kakan", "tiles": "3333m"}, {"kind": "minkan", "tiles": "9999p"}
        ],
        "cap": 4
    });
    let a = ask(&line.to_string());
    assert_eq!(a["fan"], 4, "{a}");
    assert_eq!(names(&a), ["dui_dui_hu", "shi_ba_luo_han"]);
}

#[rstest]
#[case(
    r#"{"op":"score","rules":"sichuan","hand":"11223355557799m"}"#,
    "invalid_field",
    "win_tile"
)]
#[case(
    r#"{"op":"score","rules":"sichuan","hand":"11223355557799m","win_tile":"9m","lack":"z"}"#,
    "invalid_field",
    "lack"
)]
#[case(
    r#"{"op":"score","rules":"sichuan","hand":"11223355557799m","win_tile":"9m","cap":-1}"#,
    "invalid_field",
    "cap"
)]
#[case(
    r#"{"op":"score","rules":"sichuan","hand":"11223355557799m","win_tile":"9p"}"#,
    "invalid_field",
    "9p"
)]
#[case(
    r#"{"op":"score","rules":"sichuan","hand":"1122335555779m","win_tile":"9m"}"#,
    "hand_size",
    "13 concealed"
)]
#[case(
    r#"{"op":"score","rules":"sichuan","hand":"11223355557799m","win_tile":"9m","lack":"m"}"#,
    "not_a_win",
    "given up"
)]
#[case(
    r#"{"op":"score","rules":"sichuan","hand":"123m456p789s11m234m","win_tile":"1m"}"#,
    "not_a_win",
    "three suits"
)]
#[case(
    r#"{"op":"score","rules":"sichuan","hand":"12345678m112233p","win_tile":"1m"}"#,
    "not_a_win",
    "no reading"
)]
#[case(
    r#"{"op":"score","rules":"sichuan","hand":"123m456m789m11m111z","win_tile":"1m"}"#,
    "invalid_hand",
    "honor"
)]
#[case(r#"{"op":"score","rules":"sichuan","hand":"11223355557799m","win_tile":"9m","options":{"seven_pairs":false}}"#, "unsupported_rules", "seven_pairs")]
#[case(r#"{"op":"score","rules":"sichuan","hand":"11223355557799m","win_tile":"9m","options":{"kuitan":true}}"#, "unsupported_rules", "kuitan")]
#[case(
    r#"{"op":"score","rules":"sichuan","hand":"11223355557799m","win_tile":"9m","dora":["1m"]}"#,
    "invalid_field",
    "dora"
)]
#[case(
    r#"{"op":"score","rules":"sichuan","hand":"11223355557799m","win_tile":"9m","tenhou":true}"#,
    "invalid_field",
    "tsumo"
)]
fn errors(#[case] line: &str, #[case] kind: &str, #[case] needle: &str) {
    let a = ask(line);
    assert_eq!(a["error"]["kind"], kind, "{a}");
    let message = a["error"]["message"].as_str().unwrap();
    assert!(message.contains(needle), "{message}");
}

#[test]
fn tables_by_option() {
    let base = r#""op":"score","rules":"sichuan","hand":"123m456m789m11p222p","win_tile":"1p","tsumo":true"#;
    let common = ask(&format!("{{{base}}}"));
    assert_eq!(common["fan"], 1, "{common}");
    let jiadi = ask(&format!(
        r#"{{{base},"options":{{"sichuan_table":"zimo_jiadi"}}}}"#
    ));
    assert_eq!(jiadi["fan"], 0, "{jiadi}");
    assert_eq!(names(&jiadi), ["ping_hu", "zi_mo"]);
}

#[test]
fn mj_score_prints_the_breakdown() {
    let mut args = ScoreArgs::default();
    args.hand.hand = "11223355557799m".into();
    args.hand.rules = Some("sichuan".into());
    args.win = "9m".into();
    args.tsumo = true;
    let text = run(&args).unwrap();
    assert!(text.starts_with("6 fan\n"), "{text}");
    assert!(text.contains("清龙七对 qing_long_qi_dui"), "{text}");
    assert!(text.contains("自摸 zi_mo"), "{text}");
}
