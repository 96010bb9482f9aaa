//! `mj_request` answers what `mj batch` writes for the same text: compared with the batch loop
//! itself (`mj_protocol::run_batch`, the loop of `mj batch`) on single lines, lines of every
//! error kind, several lines at once, a `\r\n` ending and a line over the limit.

// The tests call the exported functions as a C caller does, through raw pointers.
#![allow(unsafe_code)]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::ffi::{CStr, CString, c_char};
use std::ptr;

use mj_ffi::{mj_free, mj_last_error, mj_request};

/// What `mj batch` writes for `text` (a `\n` added when it has none), without the last `\n`.
fn batch(text: &[u8]) -> String {
    let mut input = text.to_vec();
    if input.last() != Some(&b'\n') {
        input.push(b'\n');
    }
    let mut out = Vec::new();
    mj_protocol::run_batch(input.as_slice(), &mut out).unwrap();
    let mut s = String::from_utf8(out).unwrap();
    assert_eq!(s.pop(), Some('\n'));
    s
}

fn request(text: &[u8]) -> String {
    let line = CString::new(text).unwrap();
    // SAFETY: a valid NUL-terminated string.
    let answer = unsafe { mj_request(line.as_ptr()) };
    assert!(!answer.is_null());
    // SAFETY: a non-NULL answer is a NUL-terminated string until freed.
    let text = unsafe { CStr::from_ptr(answer) }
        .to_str()
        .unwrap()
        .to_owned();
    // SAFETY: freed once.
    unsafe { mj_free(answer) };
    text
}

#[test]
fn answers_are_the_batch_loops() {
    let long = format!(
        r#"{{"op":"hu","hand":"11z","pad":"{}"}}"#,
        "x".repeat(1 << 20)
    );
    let lines: Vec<Vec<u8>> = vec![
        br#"{"op": "waits", "hand": "2344m456p789s111z", "id": 1}"#.to_vec(),
        br#"{"op":"hu","hand":"11m456p789s111z22z7z","wild":["7z"],"id":"a"}"#.to_vec(),
        br#"{"op":"shanten","hand":"123m456p789s23455z","rules":"riichi"}"#.to_vec(),
        br#"{"op":"discards","hand":"123m456p789s11223z","id":[1,2]}"#.to_vec(),
        br#"{"op":"score","rules":"riichi","hand":"22334455m667788p","win_tile":"8p","tsumo":true,"riichi":true,"dora":["1p"]}"#.to_vec(),
        br#"{"op":"agari","hand":"11123455678999m"}"#.to_vec(),
        br#"{"op":"hu","hand":"123m"}"#.to_vec(),
        br#"{"op":"hu","hand":"11111m"}"#.to_vec(),
        br#"{"op":"nope","hand":"11z"}"#.to_vec(),
        br#"{"op":"hu","hand":"11z","rules":"tenhou"}"#.to_vec(),
        br#"{"op":"hu","hand":"11z","extra":1}"#.to_vec(),
        br#"{"op":"hu","hand":"1x"}"#.to_vec(),
        b"not json".to_vec(),
        b"[1,2]".to_vec(),
        b"".to_vec(),
        b"   ".to_vec(),
        b"\xff\xfe".to_vec(),
        b"{\"op\":\"hu\",\"hand\":\"11z\",\"id\":7}\r".to_vec(),
        b"{\"op\":\"hu\",\"hand\":\"11z\"}\n{\"op\":\"waits\",\"hand\":\"1z\"}".to_vec(),
        b"{\"op\":\"hu\",\"hand\":\"11z\"}\n\n".to_vec(),
        b"{\"op\":\"hu\",\"hand\":\"11z\"}\n".to_vec(),
        long.into_bytes(),
    ];
    for line in &lines {
        let ours = request(line);
        assert_eq!(
            ours,
            batch(line),
            "{}",
            String::from_utf8_lossy(&line[..line.len().min(80)])
        );
        assert_eq!(ours, mj_ffi::answer_text(line));
    }
    assert!(request(lines.last().unwrap()).contains("line_too_long"));
    assert_eq!(request(&lines[0]), r#"{"id":1,"waits":["1m","4m"]}"#);
}

#[test]
fn null_line_is_refused_and_null_answer_ignored() {
    // SAFETY: NULL is allowed and answers NULL.
    let answer = unsafe { mj_request(ptr::null()) };
    assert!(answer.is_null());
    // SAFETY: mj_last_error returns a valid NUL-terminated string.
    let message = unsafe { CStr::from_ptr(mj_last_error()) };
    assert_eq!(message.to_str().unwrap(), "argument `line` is NULL");
    // SAFETY: NULL is ignored.
    unsafe { mj_free(ptr::null_mut::<c_char>()) };
}

#[test]
fn threads_answer_at_once() {
    std::thread::scope(|s| {
        for k in 0..4 {
            s.spawn(move || {
                for i in 0..500 {
                    let line = format!(
                        r#"{{"op":"waits","hand":"2344m456p789s111z","id":{}}}"#,
                        k * 1000 + i
                    );
                    assert_eq!(
                        request(line.as_bytes()),
                        format!(r#"{{"id":{},"waits":["1m","4m"]}}"#, k * 1000 + i)
                    );
                }
            });
        }
    });
}
