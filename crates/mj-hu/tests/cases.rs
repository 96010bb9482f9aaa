//! Textbook cases, by hand.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_hu::{Checker, Hand, HuError, Rules, reference};
use mj_tiles::{Meld, MeldKind, TileCounts, TileSet};
use rstest::rstest;

fn rules(preset: &str, switches: &[(&str, bool)]) -> Rules {
    let mut r = Rules::preset(preset).unwrap();
    for &(s, on) in switches {
        r.set(s, on).unwrap();
    }
    r
}

#[rstest]
#[case::plain("123m456p789s11122z", "", "generic", &[], true)]
#[case::nine_gates_plus_one("11123456789999m", "", "riichi", &[], true)]
#[case::seven_pairs("1122m3344p5566s77z", "", "riichi", &[], true)]
#[case::seven_pairs_with_quad("1111m3344p5566s77z", "", "generic", &[], true)]
#[case::seven_pairs_quad_riichi("1111m3344p5566s77z", "", "riichi", &[], false)]
#[case::kokushi("19m19p19s12345677z", "", "riichi", &[], true)]
#[case::kokushi_off("19m19p19s12345677z", "", "sichuan", &[("honors", true)], false)]
#[case::wild_triplet("11m456p789s111z22z7z", "7z", "generic", &[], true)]
#[case::all_wild("345m66667777z", "6z7z", "generic", &[], true)]
#[case::wild_pair_only("123m456p789s123s7z7z", "7z", "generic", &[], true)]
#[case::eyes_258_bad("123m456p789s11122z", "", "generic", &[("eyes_258", true)], false)]
#[case::eyes_258_good("123m456p789s11155m", "", "generic", &[("eyes_258", true)], true)]
#[case::eyes_258_wild("123m456p789s111z1m7z", "7z", "generic", &[("eyes_258", true)], false)]
#[case::eyes_258_wild_pair("123m456p789s111z7z7z", "7z", "generic", &[("eyes_258", true)], true)]
#[case::honor_seq_on("123z567z123m456p11s", "", "generic", &[("honor_sequences", true)], true)]
#[case::honor_seq_off("123z567z123m456p11s", "", "generic", &[], false)]
#[case::three_suits_sichuan("123m456p789s11122s", "", "sichuan", &[], false)]
#[case::two_suits_sichuan("123m456m789s11122s", "", "sichuan", &[], true)]
#[case::lesser_knitted("147m258p369s12345z", "", "mcr", &[], true)]
#[case::lesser_knitted_generic("147m258p369s12345z", "", "generic", &[], false)]
#[case::knitted_straight("147m258p369s123m11z", "", "mcr", &[], true)]
#[case::sixteen_tile("123m456m789m123p456p11z", "", "generic", &[], true)]
fn wins(
    #[case] hand: &str,
    #[case] wild: &str,
    #[case] preset: &str,
    #[case] switches: &[(&str, bool)],
    #[case] expected: bool,
) {
    let r = rules(preset, switches);
    let h = Hand::parse(hand, wild).unwrap();
    let checker = Checker::new(r).unwrap();
    assert_eq!(
        checker.is_winning(&h).unwrap(),
        expected,
        "{hand} wild {wild:?} {r}"
    );
    assert_eq!(
        reference::is_winning(&h, &r).unwrap(),
        expected,
        "reference: {hand} {r}"
    );
}

#[rstest]
#[case::two_sided_and_shanpon("2344m456p789s111z", "", "riichi", "14m")]
#[case::nine_gates("1112345678999m", "", "riichi", "123456789m")]
#[case::kokushi_13("19m19p19s1234567z", "", "riichi", "19m19p19s1234567z")]
#[case::kokushi_single("19m19p19s1234566z", "", "riichi", "7z")]
#[case::seven_pairs_single("1122m3344p5566s7z", "", "riichi", "7z")]
#[case::held_four_not_drawable("123456789m1111z", "", "riichi", "")]
#[case::tanki("1z", "", "riichi", "1z")]
#[case::wild_draw_wins("123m456p789s111z2z", "7z", "generic", "27z")]
#[case::wildcard_in_hand(
    "123m456p789s111z7z",
    "7z",
    "generic",
    "123456789m123456789p123456789s1234567z"
)]
// Issue 13: the hand holds 8 wildcards; drawing 6z or 7z would make a ninth, which `hu`
// refuses, so they are no waits (5z is held four times).
#[case::no_ninth_wildcard(
    "12m5555z666z7z",
    "567z",
    "generic",
    "123456789m123456789p123456789s1234z"
)]
#[case::sichuan_third_suit("123m456m789m233s9p", "", "sichuan", "")]
#[case::sichuan_two_suits("123m456m789m2233s", "", "sichuan", "23s")]
fn waits(#[case] hand: &str, #[case] wild: &str, #[case] preset: &str, #[case] expected: &str) {
    let r = rules(preset, &[]);
    let h = Hand::parse(hand, wild).unwrap();
    let got = Checker::new(r).unwrap().waits(&h).unwrap();
    let expected: TileSet = expected.parse().unwrap();
    assert_eq!(got, expected, "{hand} wild {wild:?} under {preset}");
    assert_eq!(
        reference::waits(&h, &r).unwrap(),
        expected,
        "reference: {hand}"
    );
}

#[test]
fn ready_without_a_drawable_wait() {
    let h = Hand::parse("123456789m1111z", "").unwrap();
    let checker = Checker::new(Rules::RIICHI).unwrap();
    assert!(checker.is_ready(&h).unwrap());
    assert!(checker.waits(&h).unwrap().is_empty());
}

#[test]
fn declared_melds_reduce_the_concealed_shape() {
    let melds = [
        Meld::parse(MeldKind::Pon, "111z", Some("1z"), Some(2)).unwrap(),
        Meld::parse(MeldKind::Chi, "345m", Some("3m"), Some(1)).unwrap(),
        Meld::parse(MeldKind::Ankan, "9999p", None, None).unwrap(),
    ];
    let counts: TileCounts = "67s55z".parse().unwrap();
    let hand = Hand::new(counts, &melds, TileSet::EMPTY).unwrap();
    let checker = Checker::new(Rules::RIICHI).unwrap();
    assert_eq!(checker.waits(&hand).unwrap().to_string(), "58s");
    let won = Hand::new("567s55z".parse().unwrap(), &melds, TileSet::EMPTY).unwrap();
    assert!(checker.is_winning(&won).unwrap());
}

#[rstest]
#[case::fifth_copy("11111m", "", "hand: fifth copy of 1m at column 5")]
#[case::size_zero_mod_three(
    "123m",
    "",
    "3 concealed tiles with 0 declared melds: 3k+1 or 3k+2 concealed tiles with k + melds <= 5"
)]
#[case::too_many(
    "111122223333444455m",
    "",
    "18 concealed tiles with 0 declared melds: 3k+1 or 3k+2 concealed tiles with k + melds <= 5"
)]
#[case::nine_wild("12m111166667z", "1z6z7z", "9 wildcards; at most 8 are supported")]
#[case::notation("12x", "", "hand: unexpected character 'x' at column 3")]
fn bad_hands_are_errors(#[case] hand: &str, #[case] wild: &str, #[case] message: &str) {
    let err = Hand::parse(hand, wild).expect_err(hand);
    assert_eq!(err.to_string(), message);
}

#[test]
fn questions_of_the_wrong_size_and_tiles_outside_the_rules_are_errors() {
    let checker = Checker::new(Rules::SICHUAN).unwrap();
    let thirteen = Hand::parse("123m456m789m1122s", "").unwrap();
    assert!(matches!(
        checker.is_winning(&thirteen),
        Err(HuError::WrongTileCount { .. })
    ));
    let honors = Hand::parse("123m456m789m11s222z", "").unwrap();
    assert_eq!(
        checker.is_winning(&honors).unwrap_err().to_string(),
        "2z is not part of this rule set's tiles (switch `honors` is off)"
    );
    let fourteen = Hand::parse("123m456m789m11122s", "").unwrap();
    assert!(matches!(
        checker.waits(&fourteen),
        Err(HuError::WrongTileCount { .. })
    ));
}
