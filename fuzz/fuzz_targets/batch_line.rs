//! `mj batch`'s line handler (`mj_protocol::answer_line`): any bytes get exactly one JSON object
//! on one line, never the `internal` kind (which only a bug can cause).
#![no_main]

use std::collections::BTreeMap;

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use serde_json::value::RawValue;

fuzz_target!(|data: &[u8]| {
    let answer = mj_protocol::answer_line(data);
    assert!(
        !answer.contains(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}']),
        "answer spans lines: {answer}"
    );
    // The `id` is echoed as written, and JSON puts no bound on a number's size (`1e400`), which
    // serde_json's `Value` refuses; so the answer is checked as JSON text field by field, and
    // only the fields the engine writes itself are decoded.
    let object: BTreeMap<String, Box<RawValue>> =
        serde_json::from_str(&answer).expect("the answer is a JSON object");
    if let Some(error) = object.get("error") {
        let error: Value = serde_json::from_str(error.get()).expect("the error is JSON");
        let kind = error["kind"].as_str().expect("error.kind is a string");
        assert_ne!(kind, "internal", "{answer}");
        assert!(mj_protocol::OpError::KINDS.contains(&kind), "{answer}");
    }
});
