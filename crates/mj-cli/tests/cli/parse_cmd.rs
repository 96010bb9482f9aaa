//! `mj parse` through the built binary: its output, and exit code 2 with a message naming the
//! column for an invalid hand.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use rstest::rstest;

use common::run_mj;

#[test]
fn prints_every_form() {
    let out = run_mj(&["parse", "123m406p789s1122z"], b"");
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "mpsz     123m456p789s1122z\n\
         with red 123m406p789s1122z\n\
         glyphs   🀇🀈🀉🀜🀝🀞🀖🀗🀘🀀🀀🀁🀁\n\
         chinese  一万 二万 三万 四筒 五筒 六筒 七条 八条 九条 东 东 南 南\n\
         counts   1m:1 2m:1 3m:1 4p:1 5p:1 6p:1 7s:1 8s:1 9s:1 1z:2 2z:2\n\
         total    13 tiles, 11 kinds\n"
    );
}

#[rstest]
#[case::normalizes(&["7z1m9m5z"], "mpsz     19m57z\n")]
#[case::arguments_joined(&["123m", "11z"], "mpsz     123m11z\n")]
#[case::spaces_inside(&["1m 1m  2p"], "mpsz     11m2p\n")]
fn first_line(#[case] args: &[&str], #[case] start: &str) {
    let mut all = vec!["parse"];
    all.extend_from_slice(args);
    let out = run_mj(&all, b"");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "mj {all:?}: {:?}", out.status);
    assert!(stdout.starts_with(start), "mj {all:?} printed\n{stdout}");
}

#[rstest]
#[case::bad_char(&["123m45x"], "unexpected character 'x' at column 7")]
#[case::not_a_tile(&["123m8z"], "8z is not a tile (column 5)")]
#[case::no_suit(&["1234m5"], "digits without a suit at column 6")]
#[case::joined_column(&["123m", "4x"], "unexpected character 'x' at column 7")]
#[case::fifth_copy(&["11111m"], "fifth copy of 1m at column 5")]
#[case::red_fifth(&["55550p"], "fifth copy of 5p at column 5")]
fn invalid_hands_exit_2(#[case] args: &[&str], #[case] message: &str) {
    let mut all = vec!["parse"];
    all.extend_from_slice(args);
    let out = run_mj(&all, b"");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "mj {all:?}: {stderr}");
    assert!(out.stdout.is_empty(), "mj {all:?} printed to stdout");
    assert!(
        stderr.starts_with(&format!("mj parse: invalid hand: {message}\n")),
        "mj {all:?}: {stderr}"
    );
    assert!(
        stderr.trim_end().ends_with('^'),
        "a caret under the column: {stderr}"
    );
}

#[rstest]
#[case::no_hand(&["parse"], 2)]
#[case::unknown_command(&["shuffle"], 2)]
#[case::no_command(&[], 2)]
#[case::help(&["--help"], 0)]
#[case::version(&["--version"], 0)]
fn usage(#[case] args: &[&str], #[case] code: i32) {
    let out = run_mj(args, b"");
    assert_eq!(out.status.code(), Some(code), "mj {args:?}: {out:?}");
}
