//! The mjlog reader (`mj_log::tenhou::read`) never panics: random text, random tag soup built from the format's own tags and
//! attributes, and every prefix and single-byte mutation of a real log (when `../shared/logs`
//! is there) either parse or give an error.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test crate

use std::path::Path;

use mj_log::mjai::read as parse_mjai_log;
use mj_log::tenhou::read as parse_mjlog;
use proptest::prelude::*;

const TAGS: &[&str] = &[
    "mjloggm",
    "SHUFFLE",
    "GO",
    "UN",
    "TAIKYOKU",
    "INIT",
    "T",
    "U",
    "V",
    "W",
    "D",
    "E",
    "F",
    "G",
    "N",
    "REACH",
    "DORA",
    "AGARI",
    "RYUUKYOKU",
    "BYE",
    "X",
];
const ATTRS: &[&str] = &[
    "seed",
    "type",
    "n0",
    "n3",
    "oya",
    "ten",
    "hai0",
    "hai1",
    "hai2",
    "hai3",
    "who",
    "m",
    "step",
    "hai",
    "ba",
    "sc",
    "machi",
    "yaku",
    "yakuman",
    "doraHai",
    "doraHaiUra",
    "fromWho",
    "paoWho",
    "owari",
    "shuffle",
];

fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9,\\-]{0,40}",
        prop::collection::vec(0u32..70000, 0..16).prop_map(|v| v
            .iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(",")),
        Just("mt19937ar-sha512-n288-base64,AAAA".to_owned()),
        Just("mt19937ar,1,2,3".to_owned()),
        Just("mt19937ar-sha512-n288,F1504633,zz".to_owned()),
        ".{0,12}",
    ]
}

fn tag() -> impl Strategy<Value = String> {
    (
        prop::sample::select(TAGS),
        prop::option::of(0u32..200),
        prop::collection::vec((prop::sample::select(ATTRS), value()), 0..6),
    )
        .prop_map(|(name, num, attrs)| {
            let mut s = format!("<{name}");
            if let Some(n) = num {
                s += &n.to_string();
            }
            for (k, v) in attrs {
                s += &format!(" {k}=\"{v}\"");
            }
            s + "/>"
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn random_text_never_panics(s in ".{0,300}") {
        let _ = parse_mjlog(&s);
    }

    #[test]
    fn random_mjai_lines_never_panic(lines in prop::collection::vec(prop_oneof![
        ".{0,40}",
        Just("{\"type\":\"dahai\",\"actor\":1,\"pai\":\"5pr\"}".to_owned()),
        Just("{\"type\":\"pon\",\"actor\":9,\"target\":0,\"pai\":\"W\",\"consumed\":[\"W\"]}".to_owned()),
        Just("E-1 kyoku 0 honba  dora_marker: 6s".to_owned()),
        " \\{0\\} tehai: [0-9mpsESWNPFC=#r\\[\\]()/ ]{0,30}",
        "     ho: [0-9mpsESWNPFC=#r ]{0,30}",
        Just("-----".to_owned()),
    ], 0..30)) {
        let _ = parse_mjai_log(&lines.join("\n"));
    }

    #[test]
    fn random_tag_soup_never_panics(
        go in prop::sample::select(&[169u32, 185, 553, 0][..]),
        tags in prop::collection::vec(tag(), 0..40),
    ) {
        // Four-player, three-player and chip-room rules.
        let text = format!("<mjloggm ver=\"2.3\"><GO type=\"{go}\"/>{}", tags.concat());
        let _ = parse_mjlog(&text);
    }
}

#[test]
fn prefixes_and_mutations_of_a_real_log_never_panic() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/logs/corner-cases/pao.xml");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("SKIPPED: {} is absent", path.display());
        return;
    };
    assert!(parse_mjlog(&text).is_ok());
    let mut ok = 0;
    let mut checked = 0;
    for cut in (0..text.len())
        .step_by(7)
        .filter(|&c| text.is_char_boundary(c))
    {
        ok += usize::from(parse_mjlog(&text[..cut]).is_ok());
        checked += 1;
    }
    // Single-byte mutations with characters that matter to the reader.
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate().step_by(5) {
        for rep in [b'<', b'>', b'"', b'9', b',', b' ', b'/', b'='] {
            if rep == b {
                continue;
            }
            let mut m = bytes.to_vec();
            m[i] = rep;
            if let Ok(s) = std::str::from_utf8(&m) {
                let _ = parse_mjlog(s);
                checked += 1;
            }
        }
    }
    println!(
        "pao.xml: {checked} truncated/mutated inputs read without panic ({ok} prefixes parse)"
    );
}
