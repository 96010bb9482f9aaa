//! `mj batch`'s line handler: any bytes get exactly one JSON object on one line, never the
//! `internal` kind (which only a bug can cause).
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let answer = mj_cli::answer_line(data);
    assert!(
        !answer.contains(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}']),
        "answer spans lines: {answer}"
    );
    let value: Value = serde_json::from_str(&answer).expect("the answer is JSON");
    let object = value.as_object().expect("the answer is an object");
    if let Some(error) = object.get("error") {
        let kind = error["kind"].as_str().expect("error.kind is a string");
        assert_ne!(kind, "internal", "{answer}");
        assert!(mj_cli::OpError::KINDS.contains(&kind), "{answer}");
    }
});
