//! The tenhou.net/6 reader (`mj_log::tenhou6::read`) never panics: random text, and a real round with its numbers and strings
//! replaced at random, either parse or give an error.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test crate

use mj_game::Event;
use mj_log::tenhou6::read as parse_tenhou6;
use proptest::prelude::*;

const ROUND: &str = r#"{"name":["A","B","C","D"],"rule":{"disp":"","aka":1},"log":[[[0,0,0],[25000,25000,25000,25000],[16],[],[11,13,14,15,19,29,31,32,33,34,37,44,46],[32,34,23,17,14,43,47,16,42,18,44,13,41,37,43,24,45,27],[44,29,19,46,11,60,60,14,60,32,60,37,31,13,60,32,60,23],[14,15,17,23,26,29,33,41,42,43,43,45,47],[31,41,35,42,"p434343",11,36,"p424242",18,12,41,28,"c131415",18,27,22,23],[60,29,47,45,23,26,33,11,36,60,35,60,41,60,60,60,60],[22,22,24,25,27,31,32,33,35,36,36,37,38],[39,11,35,21,25,28,21,42,14,45,21,13,25,38,24,46,16],[27,60,36,60,35,60,60,60,60,60,60,60,"r24",60,60,60,60],[12,12,17,19,28,34,53,37,39,44,44,45,47],["4444p44",39,47,"c363453",33,11,12,24,46,51,15,38,28,32,23,46,19],[47,28,60,45,60,60,37,60,60,19,60,60,60,60,60,60,39],["和了",[0,8700,-7700,0],[1,2,1,"30符4飜7700点","自風 南(1飜)","混一色(2飜)","ドラ(1飜)"]]]]}"#;

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        (0i64..70).prop_map(|n| n.to_string()),
        Just("\"p111111\"".to_owned()),
        Just("\"c111213\"".to_owned()),
        Just("\"1111a11\"".to_owned()),
        Just("\"k11111111\"".to_owned()),
        Just("\"m11111111\"".to_owned()),
        Just("\"r60\"".to_owned()),
        Just("\"x\"".to_owned()),
        Just("[]".to_owned()),
        Just("-1".to_owned()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_text_never_panics(s in ".{0,200}") {
        let _ = parse_tenhou6(&s);
    }

    #[test]
    fn mutated_round_never_panics(edits in prop::collection::vec((0usize..2000, token()), 1..6)) {
        // Replace whole numbers or strings (JSON tokens) at the chosen positions.
        let mut text = ROUND.to_owned();
        for (at, tok) in edits {
            let b = text.as_bytes();
            let start = (at % b.len()..b.len()).find(|&i| b[i].is_ascii_digit() || b[i] == b'"');
            let Some(start) = start else { continue };
            let end = if b[start] == b'"' {
                text[start + 1..].find('"').map(|e| start + e + 2)
            } else {
                (start..b.len()).find(|&i| !b[i].is_ascii_digit())
            };
            let Some(end) = end else { continue };
            if text.is_char_boundary(start) && text.is_char_boundary(end) {
                text.replace_range(start..end, &tok);
            }
        }
        let _ = parse_tenhou6(&text);
    }
}

#[test]
fn the_sample_round_parses() {
    let g = parse_tenhou6(ROUND).unwrap();
    assert_eq!(g[0].rounds.len(), 1);
    assert_eq!(
        g[0].rounds[0]
            .events
            .iter()
            .filter(|e| matches!(
                e,
                Event::Chi { .. }
                    | Event::Pon { .. }
                    | Event::Daiminkan { .. }
                    | Event::Ankan { .. }
                    | Event::Kakan { .. }
                    | Event::Nukidora { .. }
            ))
            .count(),
        5
    );
}

#[test]
fn the_title_is_kept_as_text() {
    assert_eq!(parse_tenhou6(ROUND).unwrap()[0].title, None, "no title");
    let cases = [
        (r#"["",""]"#, None),
        (
            r#"["<img src=x onerror=alert(1)>", " ", "2020/01/01"]"#,
            Some("<img src=x onerror=alert(1)> / 2020/01/01"),
        ),
        (r#"[3, "only"]"#, Some("only")),
    ];
    for (title, want) in cases {
        let text = ROUND.replacen('{', &format!("{{\"title\":{title},"), 1);
        let g = parse_tenhou6(&text).unwrap();
        assert_eq!(g[0].title.as_deref(), want, "{title}");
    }
}
