//! `mj batch`, one request line at a time through the built binary: every line gets exactly one
//! JSON answer line with the expected error kind, the `id` echoed as written, and exit code 0.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use rstest::rstest;

use common::{batch, shown};

/// Runs `mj batch` on one line (with a newline) and checks the answer's kind, echoed id (as
/// written) and that the message contains `needle`.
fn check(input: &[u8], kind: &str, id: Option<&str>, needle: &str) {
    let mut line = input.to_vec();
    line.push(b'\n');
    let answers = batch(&line, 1);
    let answer = &answers[0];
    let shown = shown(input);
    assert_eq!(
        answer.kind.as_deref(),
        Some(kind),
        "kind for {shown}: {}",
        answer.line
    );
    assert_eq!(answer.id.as_deref(), id, "id for {shown}: {}", answer.line);
    let message = answer.message.as_deref().unwrap_or_default();
    assert!(
        message.contains(needle),
        "message for {shown} should contain {needle:?}: {}",
        answer.line
    );
}

#[rstest]
#[case::unclosed(br#"{"op":"hu""#, "EOF")]
#[case::trailing_comma(br#"{"op":"hu",}"#, "")]
#[case::single_quotes(br#"{'op':'hu'}"#, "")]
#[case::bare_word(b"nul", "")]
#[case::two_objects(br#"{"op":"hu"} {"op":"hu"}"#, "trailing characters")]
#[case::garbage_after(br#"{"op":"hu","hand":"1m"}garbage"#, "trailing characters")]
#[case::nul_byte(b"\x00", "")]
#[case::nuls_inside(b"{\"op\":\x00\"hu\"}", "")]
#[case::escape_sequence(b"\x1b[31mred\x1b[0m", "")]
#[case::byte_order_mark(b"\xef\xbb\xbf{\"op\":\"hu\",\"hand\":\"1m\"}", "")]
#[case::unicode_space_only("\u{3000}".as_bytes(), "")]
#[case::lone_cr_inside_token(b"{\"op\":\"h\ru\"}", "")]
fn malformed_json(#[case] input: &[u8], #[case] needle: &str) {
    check(input, "invalid_json", None, needle);
}

#[rstest]
#[case::junk(b"\xff\xfe\x00\x01", None)]
#[case::lone_continuation(b"\x80", None)]
#[case::truncated_char(b"{\"op\":\"hu\",\"hand\":\"\xe4\xb8\"}", None)]
#[case::id_kept_when_bad_bytes_elsewhere(b"{\"id\":7,\"op\":\"hu\",\"hand\":\"\xc3\"}", Some("7"))]
#[case::id_dropped_when_bad_bytes_in_it(b"{\"id\":\"\xff\",\"op\":\"hu\"}", None)]
#[case::surrogate_encoded(b"\xed\xa0\x80", None)]
#[case::overlong(b"\xc0\xaf", None)]
fn invalid_utf8(#[case] input: &[u8], #[case] id: Option<&str>) {
    check(input, "invalid_utf8", id, "UTF-8");
}

#[rstest]
#[case::empty(b"")]
#[case::spaces(b"     ")]
#[case::tabs_and_spaces(b" \t \t")]
#[case::cr_only(b"\r\r")]
fn empty_lines(#[case] input: &[u8]) {
    check(input, "invalid_request", None, "empty line");
}

#[rstest]
#[case::array(b"[1,2]", "a request is a JSON object, got an array")]
#[case::string(br#""hu""#, "got a string")]
#[case::number(b"42", "got a number")]
#[case::null(b"null", "got null")]
#[case::boolean(b" true ", "got a boolean")]
#[case::no_op(br#"{"hand":"1m"}"#, "missing field `op`")]
#[case::op_number(br#"{"op":5,"hand":"1m"}"#, "`op` must be a string, got a number")]
#[case::op_null(br#"{"op":null,"hand":"1m"}"#, "got null")]
#[case::op_array(br#"{"op":["hu"],"hand":"1m"}"#, "got an array")]
#[case::op_object(br#"{"op":{"name":"hu"},"hand":"1m"}"#, "got an object")]
#[case::duplicate_field(
    br#"{"op":"hu","hand":"1m","hand":"2m"}"#,
    "field `hand` is given twice"
)]
#[case::duplicate_op(
    br#"{"op":"hu","op":"waits","hand":"1m"}"#,
    "field `op` is given twice"
)]
fn not_a_request(#[case] input: &[u8], #[case] needle: &str) {
    check(input, "invalid_request", None, needle);
}

#[rstest]
#[case::in_hand(
    br#"{"op":"hu","hand":"11111m","id":1}"#,
    "fifth copy of 1m at column 5"
)]
#[case::red_five_counts(
    br#"{"op":"hu","hand":"55505m","id":1}"#,
    "fifth copy of 5m at column 5"
)]
#[case::spread_out(
    br#"{"op":"hu","hand":"1z 2z 1z 3z 1z 1z 1z","id":1}"#,
    "fifth copy of 1z at column 19"
)]
#[case::hand_and_kan(
    br#"{"op":"hu","hand":"1z","melds":[{"kind":"ankan","tiles":"1111z"}],"id":1}"#,
    "fifth copy of 1z: 1 in the hand and 4 in melds"
)]
#[case::melds_only(
    br#"{"op":"hu","hand":"","melds":[{"kind":"pon","tiles":"777z"},{"kind":"minkan","tiles":"7777z"}],"id":1}"#,
    "fifth copy of 7z: 0 in the hand and 7 in melds"
)]
#[case::red_in_meld(
    br#"{"op":"hu","hand":"5055m","melds":[{"kind":"chi","tiles":"406m"}],"id":1}"#,
    "fifth copy of 5m: 4 in the hand and 1 in melds"
)]
fn fifth_copies(#[case] input: &[u8], #[case] needle: &str) {
    check(input, "fifth_copy", Some("1"), needle);
}

/// Four of every kind: 136 tiles, the most an mpsz text may hold.
const ALL_FOUR: &str = concat!(
    "111122223333444455556666777788889999m",
    "111122223333444455556666777788889999p",
    "111122223333444455556666777788889999s",
    "1111222233334444555566667777z",
);

/// A hand of more than 136 tiles always holds a fifth copy: it answers `fifth_copy` naming the
/// first one, as any hand does, unless a notation error anywhere in it wins (`invalid_hand`).
/// Meld tiles have no fifth-copy check of their own: more than 136 is `invalid_meld`.
#[rstest]
#[case::at_the_limit(
    format!(r#"{{"op":"hu","hand":"{ALL_FOUR}","id":1}}"#),
    "hand_size",
    "136"
)]
#[case::one_more(
    format!(r#"{{"op":"hu","hand":"{ALL_FOUR}1m","id":1}}"#),
    "fifth_copy",
    "hand: fifth copy of 1m at column 141"
)]
#[case::many_more(
    format!(r#"{{"op":"hu","hand":"{}","id":1}}"#, "1234567z".repeat(20)),
    "fifth_copy",
    "hand: fifth copy of 1z at column 33"
)]
#[case::notation_error_after(
    format!(r#"{{"op":"hu","hand":"{}x","id":1}}"#, "1m".repeat(300)),
    "invalid_hand",
    "hand: unexpected character 'x' at column 601"
)]
#[case::meld(
    format!(r#"{{"op":"hu","hand":"","melds":[{{"kind":"pon","tiles":"{}z"}}],"id":1}}"#, "1".repeat(200)),
    "invalid_meld",
    "melds[0]: meld tiles: more than 136 tiles (column 137)"
)]
fn over_the_tile_limit(#[case] line: String, #[case] kind: &str, #[case] needle: &str) {
    check(line.as_bytes(), kind, Some("1"), needle);
}

#[rstest]
#[case::plain(br#"{"op":"hu","hand":"1m","foo":1,"id":"u"}"#, "foo", Some(r#""u""#))]
#[case::other_ops_field(br#"{"op":"hu","hand":"1m","visible":"1m"}"#, "visible", None)]
#[case::score_field_on_waits(br#"{"op":"waits","hand":"1m","win_tile":"1m"}"#, "win_tile", None)]
#[case::case_matters(br#"{"op":"hu","hand":"1m","Hand":"1m"}"#, "Hand", None)]
#[case::listed_in_message(br#"{"op":"discards","hand":"1m","x":0}"#, "visible", None)]
#[case::empty_name(br#"{"op":"hu","hand":"1m","":0}"#, "unknown field ``", None)]
#[case::checked_before_hand(br#"{"op":"hu","hand":5,"foo":1}"#, "foo", None)]
fn unknown_fields(#[case] input: &[u8], #[case] needle: &str, #[case] id: Option<&str>) {
    check(input, "unknown_field", id, needle);
}

#[rstest]
#[case::upper_case(br#"{"op":"HU","hand":"1m","id":2}"#, "unknown op `HU`")]
#[case::empty(br#"{"op":"","hand":"1m","id":2}"#, "unknown op ``")]
#[case::other(
    br#"{"op":"tenpai","id":2}"#,
    "known: hu, waits, shanten, discards, ukeire, ready, agari, score"
)]
fn unknown_ops(#[case] input: &[u8], #[case] needle: &str) {
    check(input, "unknown_op", Some("2"), needle);
}

#[test]
fn long_names_are_cut_in_messages() {
    let long = "x".repeat(100_000);
    let op = format!(r#"{{"op":"{long}","id":2}}"#);
    check(
        op.as_bytes(),
        "unknown_op",
        Some("2"),
        &format!("unknown op `{}…`", &long[..40]),
    );
    let field = format!(r#"{{"op":"hu","hand":"1m","{long}":1}}"#);
    check(
        field.as_bytes(),
        "unknown_field",
        None,
        &format!("unknown field `{}…`", &long[..40]),
    );
}

#[test]
fn score_needs_a_scoring_preset() {
    check(
        br#"{"op":"score","hand":"11z","win_tile":"1z","tsumo":true,"dora":["1m"],"honba":2,"id":3}"#,
        "unsupported_rules",
        Some("3"),
        "needs a scoring preset",
    );
}

#[test]
fn agari_answers_with_decompositions() {
    let answers = batch(
        b"{\"op\":\"agari\",\"hand\":\"11z\",\"rules\":\"riichi\",\"id\":3}\n",
        1,
    );
    let line = &answers[0].line;
    assert!(
        line.contains(r#""agari":true"#) && line.contains(r#""pair":"1z""#),
        "{line}"
    );
    check(
        br#"{"op":"agari","hand":"11z","wild":["1z"],"id":3}"#,
        "invalid_wild",
        Some("3"),
        "wildcards",
    );
}

#[rstest]
#[case::string(r#""abc""#, r#""abc""#)]
#[case::escaped_string(r#""\u00e9\n\"中""#, r#""\u00e9\n\"中""#)]
#[case::negative(r#"-12"#, "-12")]
#[case::float(r#"3.25"#, "3.25")]
#[case::exponent(r#"1E+2"#, "1E+2")]
#[case::big_integer(r#"123456789012345678901234567890"#, "123456789012345678901234567890")]
#[case::huge_number(r#"1e400"#, "1e400")]
#[case::negative_zero(r#"-0"#, "-0")]
#[case::object(r#"{ "a" : [1, {"b": null}] }"#, r#"{"a":[1,{"b":null}]}"#)]
#[case::array(r#"[ ]"#, "[]")]
#[case::null(r#"null"#, "null")]
#[case::boolean(r#"true"#, "true")]
fn ids_are_echoed_as_written(#[case] id: &str, #[case] echoed: &str) {
    let line = format!(r#"{{"id":{id},"op":"hu","hand":"1m"}}"#);
    check(line.as_bytes(), "hand_size", Some(echoed), "3k+2");
    // Also on an invalid request, with the id last.
    let bad = format!(r#"{{"op":"hu","hand":"1x","id":{id}}}"#);
    check(bad.as_bytes(), "invalid_hand", Some(echoed), "column 2");
}

#[rstest]
#[case::number(
    br#"{"op":"hu","hand":5}"#,
    "`hand` must be a string of tiles in mpsz notation, got a number"
)]
#[case::huge_number(br#"{"op":"hu","hand":1e400}"#, "got a number")]
#[case::null(br#"{"op":"hu","hand":null}"#, "got null")]
#[case::array(br#"{"op":"hu","hand":["1m"]}"#, "got an array")]
#[case::object(br#"{"op":"hu","hand":{}}"#, "got an object")]
#[case::missing(br#"{"op":"hu"}"#, "missing field `hand`")]
#[case::not_a_tile(br#"{"op":"hu","hand":"123m8z"}"#, "8z is not a tile (column 5)")]
#[case::no_suit(
    br#"{"op":"hu","hand":"123m 45"}"#,
    "digits without a suit at column 6"
)]
#[case::letter_first(
    br#"{"op":"hu","hand":"m123"}"#,
    "suit letter 'm' without digits at column 1"
)]
#[case::unicode_column(r#"{"op":"hu","hand":"1m中"}"#.as_bytes(), "unexpected character '中' at column 3")]
#[case::escaped_char(br#"{"op":"hu","hand":"1m\u0000"}"#, "column 3")]
fn invalid_hands(#[case] input: &[u8], #[case] needle: &str) {
    check(input, "invalid_hand", None, needle);
}

#[rstest]
#[case::object(
    br#"{"op":"hu","hand":"","melds":{}}"#,
    "`melds` must be an array of melds, got an object"
)]
#[case::string(br#"{"op":"hu","hand":"","melds":"pon 111z"}"#, "got a string")]
#[case::null(br#"{"op":"hu","hand":"","melds":null}"#, "got null")]
#[case::number_item(
    br#"{"op":"hu","hand":"","melds":[1]}"#,
    "melds[0]: a meld is an object"
)]
#[case::null_item(
    br#"{"op":"hu","hand":"","melds":[{"kind":"pon","tiles":"111z"},null]}"#,
    "melds[1]"
)]
#[case::kind_number(
    br#"{"op":"hu","hand":"","melds":[{"kind":1,"tiles":"111z"}]}"#,
    "`kind` must be a string, got a number"
)]
#[case::kind_unknown(
    br#"{"op":"hu","hand":"","melds":[{"kind":"peng","tiles":"111z"}]}"#,
    "unknown meld kind `peng`"
)]
#[case::kind_missing(
    br#"{"op":"hu","hand":"","melds":[{"tiles":"111z"}]}"#,
    "missing field `kind`"
)]
#[case::tiles_missing(
    br#"{"op":"hu","hand":"","melds":[{"kind":"pon"}]}"#,
    "missing field `tiles`"
)]
#[case::tiles_number(
    br#"{"op":"hu","hand":"","melds":[{"kind":"pon","tiles":111}]}"#,
    "`tiles` must be a string"
)]
#[case::tiles_notation(
    br#"{"op":"hu","hand":"","melds":[{"kind":"pon","tiles":"11z1"}]}"#,
    "meld tiles: digits without a suit at column 4"
)]
#[case::tiles_too_many(
    br#"{"op":"hu","hand":"","melds":[{"kind":"chi","tiles":"1234m"}]}"#,
    "a chi has 3 tiles, got 4"
)]
#[case::not_a_sequence(
    br#"{"op":"hu","hand":"","melds":[{"kind":"chi","tiles":"135m"}]}"#,
    "three consecutive"
)]
#[case::called_number(
    br#"{"op":"hu","hand":"","melds":[{"kind":"pon","tiles":"111z","called":1}]}"#,
    "`called` must be a string"
)]
#[case::called_two(
    br#"{"op":"hu","hand":"","melds":[{"kind":"pon","tiles":"111z","called":"11z"}]}"#,
    "called tile: expected exactly one tile, found 2"
)]
#[case::called_elsewhere(
    br#"{"op":"hu","hand":"","melds":[{"kind":"pon","tiles":"111z","called":"2z"}]}"#,
    "not in the meld"
)]
#[case::from_string(
    br#"{"op":"hu","hand":"","melds":[{"kind":"pon","tiles":"111z","from":"1"}]}"#,
    "`from` must be 1, 2 or 3 (seats to the left), got a string"
)]
#[case::from_fraction(
    br#"{"op":"hu","hand":"","melds":[{"kind":"pon","tiles":"111z","from":1.5}]}"#,
    "got 1.5"
)]
#[case::from_negative(
    br#"{"op":"hu","hand":"","melds":[{"kind":"pon","tiles":"111z","from":-1}]}"#,
    "got -1"
)]
#[case::from_huge(
    br#"{"op":"hu","hand":"","melds":[{"kind":"pon","tiles":"111z","from":1e400}]}"#,
    "got 1e400"
)]
#[case::from_big_integer(br#"{"op":"hu","hand":"","melds":[{"kind":"pon","tiles":"111z","from":99999999999999999999999}]}"#, "got 99999999999999999999999")]
#[case::from_zero(
    br#"{"op":"hu","hand":"","melds":[{"kind":"pon","tiles":"111z","from":0}]}"#,
    "got 0"
)]
#[case::chi_from_across(
    br#"{"op":"hu","hand":"","melds":[{"kind":"chi","tiles":"123m","from":2}]}"#,
    "from the seat to the left"
)]
#[case::closed_kan_called(
    br#"{"op":"hu","hand":"","melds":[{"kind":"ankan","tiles":"1111z","called":"1z"}]}"#,
    "closed kan"
)]
#[case::unknown_meld_field(
    br#"{"op":"hu","hand":"","melds":[{"kind":"pon","tiles":"111z","open":true}]}"#,
    "unknown field `open`"
)]
#[case::duplicate_meld_field(
    br#"{"op":"hu","hand":"","melds":[{"kind":"pon","kind":"chi","tiles":"111z"}]}"#,
    "given twice"
)]
fn invalid_melds(#[case] input: &[u8], #[case] needle: &str) {
    check(input, "invalid_meld", None, needle);
}

#[rstest]
#[case::string(
    br#"{"op":"hu","hand":"","wild":"5z"}"#,
    "`wild` must be an array of tiles"
)]
#[case::object(br#"{"op":"hu","hand":"","wild":{}}"#, "got an object")]
#[case::null(br#"{"op":"hu","hand":"","wild":null}"#, "got null")]
#[case::number_item(br#"{"op":"hu","hand":"","wild":[5]}"#, "wild[0] must be a tile")]
#[case::two_tiles(
    br#"{"op":"hu","hand":"","wild":["5z","5z5z"]}"#,
    "wild[1]: expected exactly one tile, found 2"
)]
#[case::not_a_tile(br#"{"op":"hu","hand":"","wild":["8z"]}"#, "8z is not a tile")]
#[case::empty_string(br#"{"op":"hu","hand":"","wild":[""]}"#, "found 0")]
fn invalid_wild(#[case] input: &[u8], #[case] needle: &str) {
    check(input, "invalid_wild", None, needle);
}

#[rstest]
#[case::number(
    br#"{"op":"hu","hand":"","rules":5}"#,
    "`rules` must be a string naming a preset"
)]
#[case::null(br#"{"op":"hu","hand":"","rules":null}"#, "got null")]
#[case::array(br#"{"op":"hu","hand":"","rules":["riichi"]}"#, "got an array")]
#[case::capitalised(br#"{"op":"hu","hand":"","rules":"Riichi"}"#, "unknown rules `Riichi`")]
#[case::empty(
    br#"{"op":"hu","hand":"","rules":""}"#,
    "known: generic, riichi, sichuan, mcr"
)]
fn unknown_rules(#[case] input: &[u8], #[case] needle: &str) {
    check(input, "unknown_rules", None, needle);
}

#[rstest]
#[case::array(
    br#"{"op":"hu","hand":"","options":[]}"#,
    "invalid_option",
    "`options` must be an object"
)]
#[case::string(
    br#"{"op":"hu","hand":"","options":"seven_pairs"}"#,
    "invalid_option",
    "got a string"
)]
#[case::null(
    br#"{"op":"hu","hand":"","options":null}"#,
    "invalid_option",
    "got null"
)]
#[case::string_value(
    br#"{"op":"hu","hand":"","options":{"seven_pairs":"yes"}}"#,
    "invalid_option",
    "option `seven_pairs` must be true or false, got a string"
)]
#[case::number_value(
    br#"{"op":"hu","hand":"","options":{"eyes_258":1}}"#,
    "invalid_option",
    "got a number"
)]
#[case::huge_value(
    br#"{"op":"hu","hand":"","options":{"eyes_258":1e999}}"#,
    "invalid_option",
    "got a number"
)]
#[case::null_value(
    br#"{"op":"hu","hand":"","options":{"honor_sequences":null}}"#,
    "invalid_option",
    "got null"
)]
#[case::given_twice(
    br#"{"op":"hu","hand":"","options":{"seven_pairs":true,"seven_pairs":false}}"#,
    "invalid_option",
    "given twice"
)]
#[case::unknown(
    br#"{"op":"hu","hand":"","options":{"open_riichi":true}}"#,
    "unknown_option",
    "unknown option `open_riichi` (known: seven_pairs,"
)]
fn bad_options(#[case] input: &[u8], #[case] kind: &str, #[case] needle: &str) {
    check(input, kind, None, needle);
}

#[test]
fn invalid_extra_fields() {
    let huge = br#"{"op":"discards","hand":"1m","visible":1e400}"#;
    check(
        huge,
        "invalid_field",
        None,
        "field `visible`: number out of range",
    );
    let deep = format!(
        r#"{{"op":"discards","hand":"1m","visible":{}{}}}"#,
        "[".repeat(1000),
        "]".repeat(1000)
    );
    check(
        deep.as_bytes(),
        "invalid_field",
        None,
        "field `visible`: recursion limit exceeded",
    );
}

/// Answers of the built ops, by the binary: `hu` and `waits`.
#[rstest]
#[case::hu(
    br#"{"op":"hu","hand":"123m456p789s11z234z","id":3}"#,
    r#"{"id":3,"hu":false}"#
)]
#[case::hu_won(br#"{"op":"hu","hand":"123m456p789s11z222z"}"#, r#"{"hu":true}"#)]
#[case::waits(
    br#"{"op":"waits","hand":"1112345678999m","id":3}"#,
    r#"{"id":3,"waits":["1m","2m","3m","4m","5m","6m","7m","8m","9m"]}"#
)]
#[case::every_shared_field(
    br#"{"op":"hu","hand":"123m406p789s11z","melds":[{"kind":"chi","tiles":"406s","called":"0s","from":1}],"wild":["5z","0p"],"rules":"mcr","options":{"seven_pairs":false,"eyes_258":true,"distinct_pairs":true,"thirteen_orphans":false,"honor_sequences":true},"id":3}"#,
    r#"{"id":3,"hu":false}"#
)]
#[case::four_fives_with_reds(
    br#"{"op":"hu","hand":"50m","melds":[{"kind":"chi","tiles":"406m"},{"kind":"chi","tiles":"345m"}],"id":3}"#,
    r#"{"id":3,"hu":true}"#
)]
#[case::wild_draw(
    br#"{"op":"waits","hand":"123m456p789s111z2z","wild":["7z"]}"#,
    r#"{"waits":["2z","7z"]}"#
)]
#[case::honors_in_sichuan(
    br#"{"op":"hu","hand":"123m456m789m11s222z","rules":"sichuan"}"#,
    r#"{"error":{"kind":"invalid_hand","message":"2z is not part of this rule set's tiles (switch `honors` is off)"}}"#
)]
#[case::waits_of_a_full_hand(
    br#"{"op":"waits","hand":"123m456p789s111z22z"}"#,
    r#"{"error":{"kind":"hand_size","message":"14 concealed tiles with 0 declared melds: 3k+1 concealed tiles (a hand waiting for its tile)"}}"#
)]
#[case::nine_wildcards(
    br#"{"op":"hu","hand":"12m111166667z","wild":["1z","6z","7z"]}"#,
    r#"{"error":{"kind":"invalid_wild","message":"9 wildcards; at most 8 are supported"}}"#
)]
fn built_ops_answer(#[case] input: &[u8], #[case] expected: &str) {
    let mut line = input.to_vec();
    line.push(b'\n');
    let answers = batch(&line, 1);
    assert_eq!(answers[0].line, expected, "for {}", shown(input));
}

/// Answers of `shanten` and `discards` (mj-ai), by the binary: textbook values and every error
/// the ops raise themselves.
#[rstest]
#[case::four_copies_are_not_a_wait(
    br#"{"op":"shanten","hand":"123456789m1111z","id":3}"#,
    r#"{"id":3,"seven_pairs":4,"shanten":1,"standard":1,"thirteen_orphans":9}"#
)]
#[case::ready_on_two_shapes(
    br#"{"op":"shanten","hand":"123m456p789s1122z"}"#,
    r#"{"seven_pairs":4,"shanten":0,"standard":0,"thirteen_orphans":8}"#
)]
#[case::complete(
    br#"{"op":"shanten","hand":"123m456p789s11122z"}"#,
    r#"{"seven_pairs":4,"shanten":-1,"standard":-1,"thirteen_orphans":8}"#
)]
#[case::orphans_ready(
    br#"{"op":"shanten","hand":"19m19p19s1234567z"}"#,
    r#"{"seven_pairs":6,"shanten":0,"standard":8,"thirteen_orphans":0}"#
)]
#[case::melds_leave_the_standard_shape(
    br#"{"op":"shanten","hand":"123m456p789s11z","melds":[{"kind":"pon","tiles":"777z","called":"7z","from":2}]}"#,
    r#"{"seven_pairs":null,"shanten":-1,"standard":-1,"thirteen_orphans":null}"#
)]
#[case::quad_is_two_pairs_generic(
    br#"{"op":"shanten","hand":"1122m3344p55s7777z"}"#,
    r#"{"seven_pairs":-1,"shanten":-1,"standard":2,"thirteen_orphans":10}"#
)]
#[case::quad_is_one_pair_riichi(
    br#"{"op":"shanten","hand":"1122m3344p55s7777z","rules":"riichi"}"#,
    r#"{"seven_pairs":1,"shanten":1,"standard":2,"thirteen_orphans":10}"#
)]
#[case::switches_off(
    br#"{"op":"shanten","hand":"19m19p19s1234567z","options":{"seven_pairs":false,"thirteen_orphans":false}}"#,
    r#"{"seven_pairs":null,"shanten":8,"standard":8,"thirteen_orphans":null}"#
)]
#[case::wildcards(
    br#"{"op":"shanten","hand":"13m8p123456789s55z","wild":["5z"]}"#,
    r#"{"seven_pairs":4,"shanten":-1,"standard":-1,"thirteen_orphans":8}"#
)]
#[case::sixteen_tiles(
    br#"{"op":"shanten","hand":"123m456m789m123p456p1z"}"#,
    r#"{"seven_pairs":null,"shanten":0,"standard":0,"thirteen_orphans":null}"#
)]
#[case::mcr_without_knitted(
    br#"{"op":"shanten","hand":"123m456p789s1122z","rules":"mcr","options":{"knitted":false}}"#,
    r#"{"seven_pairs":4,"shanten":0,"standard":0,"thirteen_orphans":8}"#
)]
#[case::discards(
    br#"{"op":"discards","hand":"12345m","id":3}"#,
    r#"{"id":3,"discards":[{"shanten":0,"tile":"1m","ukeire":["2m","5m"],"ukeire_count":6},{"shanten":0,"tile":"5m","ukeire":["1m","4m"],"ukeire_count":6},{"shanten":0,"tile":"2m","ukeire":["1m"],"ukeire_count":3},{"shanten":0,"tile":"4m","ukeire":["5m"],"ukeire_count":3},{"shanten":1,"tile":"3m","ukeire":["1m","2m","3m","4m","5m","6m"],"ukeire_count":19}]}"#
)]
#[case::discards_visible(
    br#"{"op":"discards","hand":"12345m","visible":"3m 0m","id":3}"#,
    r#"{"id":3,"discards":[{"shanten":0,"tile":"5m","ukeire":["1m","4m"],"ukeire_count":6},{"shanten":0,"tile":"1m","ukeire":["2m","5m"],"ukeire_count":5},{"shanten":0,"tile":"2m","ukeire":["1m"],"ukeire_count":3},{"shanten":0,"tile":"4m","ukeire":["5m"],"ukeire_count":2},{"shanten":1,"tile":"3m","ukeire":["1m","2m","3m","4m","5m","6m"],"ukeire_count":17}]}"#
)]
#[case::shanten_size(
    br#"{"op":"shanten","hand":"123m"}"#,
    r#"{"error":{"kind":"hand_size","message":"3 concealed tiles with 0 declared melds: 3k+1 or 3k+2 concealed tiles with k + melds <= 5"}}"#
)]
#[case::discards_size(
    br#"{"op":"discards","hand":"123m456p789s1122z","visible":"1z"}"#,
    r#"{"error":{"kind":"hand_size","message":"13 concealed tiles with 0 declared melds: discards needs 3k+2 concealed tiles (a hand about to discard)"}}"#
)]
#[case::too_many_melds(
    br#"{"op":"shanten","hand":"1112m","melds":[{"kind":"pon","tiles":"111p"},{"kind":"pon","tiles":"111s"},{"kind":"pon","tiles":"222s"},{"kind":"pon","tiles":"111z"},{"kind":"pon","tiles":"222z"}]}"#,
    r#"{"error":{"kind":"hand_size","message":"4 concealed tiles with 5 declared melds: 3k+1 or 3k+2 concealed tiles with k + melds <= 5"}}"#
)]
#[case::nine_wildcards(
    br#"{"op":"shanten","hand":"12m111166667z","wild":["1z","6z","7z"]}"#,
    r#"{"error":{"kind":"invalid_wild","message":"9 wildcards; at most 8 are supported"}}"#
)]
#[case::visible_not_mpsz(
    br#"{"op":"discards","hand":"12345m","visible":"1x"}"#,
    r#"{"error":{"kind":"invalid_field","message":"field `visible` (\"1x\") is not a string of tiles in mpsz notation: unexpected character 'x' at column 2"}}"#
)]
#[case::visible_not_a_string(
    br#"{"op":"discards","hand":"12345m","visible":["1m"]}"#,
    r#"{"error":{"kind":"invalid_field","message":"field `visible`: invalid type: sequence, expected a string"}}"#
)]
#[case::visible_fifth_copy(
    br#"{"op":"discards","hand":"12345m","visible":"1111m"}"#,
    r#"{"error":{"kind":"invalid_field","message":"field `visible`: fifth copy of 1m across the hand, its melds and the visible tiles"}}"#
)]
#[case::visible_fifth_copy_with_melds(
    br#"{"op":"discards","hand":"12345m","melds":[{"kind":"pon","tiles":"777z"}],"visible":"77z"}"#,
    r#"{"error":{"kind":"invalid_field","message":"field `visible`: fifth copy of 7z across the hand, its melds and the visible tiles"}}"#
)]
#[case::sichuan(
    br#"{"op":"shanten","hand":"123m456m789m1122s","rules":"sichuan"}"#,
    r#"{"error":{"kind":"unsupported_rules","message":"op `shanten` cannot answer under these rules: switch `honors` is false (preset `sichuan`), switch `lack_one_suit` is true (preset `sichuan`); mj-ai models only the plain standard shape (all tiles, any pair, no honor sequences, knitted shapes or suit limit) with seven_pairs, distinct_pairs and thirteen_orphans (set the switches the other way in `options` to ask about those shapes)"}}"#
)]
#[case::mcr(
    br#"{"op":"discards","hand":"123m456p789s11223z","rules":"mcr"}"#,
    r#"{"error":{"kind":"unsupported_rules","message":"op `discards` cannot answer under these rules: switch `knitted` is true (preset `mcr`); mj-ai models only the plain standard shape (all tiles, any pair, no honor sequences, knitted shapes or suit limit) with seven_pairs, distinct_pairs and thirteen_orphans (set the switch the other way in `options` to ask about those shapes)"}}"#
)]
#[case::honor_sequences(
    br#"{"op":"shanten","hand":"123m456p789s1122z","options":{"honor_sequences":true}}"#,
    r#"{"error":{"kind":"unsupported_rules","message":"op `shanten` cannot answer under these rules: switch `honor_sequences` is true (set in `options`); mj-ai models only the plain standard shape (all tiles, any pair, no honor sequences, knitted shapes or suit limit) with seven_pairs, distinct_pairs and thirteen_orphans (set the switch the other way in `options` to ask about those shapes)"}}"#
)]
#[case::eyes_258(
    br#"{"op":"shanten","hand":"123m456p789s1122z","rules":"riichi","options":{"eyes_258":true}}"#,
    r#"{"error":{"kind":"unsupported_rules","message":"op `shanten` cannot answer under these rules: switch `eyes_258` is true (set in `options`); mj-ai models only the plain standard shape (all tiles, any pair, no honor sequences, knitted shapes or suit limit) with seven_pairs, distinct_pairs and thirteen_orphans (set the switch the other way in `options` to ask about those shapes)"}}"#
)]
fn ai_ops_answer(#[case] input: &[u8], #[case] expected: &str) {
    let mut line = input.to_vec();
    line.push(b'\n');
    let answers = batch(&line, 1);
    assert_eq!(answers[0].line, expected, "for {}", shown(input));
}
