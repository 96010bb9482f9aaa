//! The public API's promises: errors instead of panics, the protocol's field names under serde,
//! call decisions and the recommendation engines on textbook hands.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use mj_ai::{AiError, CallKind, Engine, HandView, ShapeRules, ValueWeights, shanten};
use mj_hu::HuError;
use mj_tiles::{Meld, MeldKind, Tile, TileCounts, TileSet};
use rstest::rstest;

fn tile(s: &str) -> Tile {
    s.parse().unwrap()
}

#[rstest]
#[case::empty(
    "",
    "0 concealed tiles with 0 declared melds: 3k+1 or 3k+2 concealed tiles with k + melds <= 5"
)]
#[case::multiple_of_three(
    "123m",
    "3 concealed tiles with 0 declared melds: 3k+1 or 3k+2 concealed tiles with k + melds <= 5"
)]
#[case::too_many(
    "11112222333344445555m",
    "20 concealed tiles with 0 declared melds: 3k+1 or 3k+2 concealed tiles with k + melds <= 5"
)]
#[case::notation("123m4", "hand: digits without a suit at column 5")]
#[case::fifth("11111m", "hand: fifth copy of 1m at column 5")]
fn bad_hands_are_errors(#[case] text: &str, #[case] message: &str) {
    let err = HandView::parse(text).unwrap_err();
    assert_eq!(err.to_string(), message, "{text}");
}

#[test]
fn melds_wildcards_visible_and_sizes_are_checked() {
    let pon = Meld::parse(MeldKind::Pon, "111m", None, None).unwrap();
    // 14 concealed tiles and a meld make the 17-tile hand of 16-tile variants; 17 and a meld
    // is one meld too many.
    assert!(HandView::new("2345678999p111z".parse().unwrap(), &[pon], TileSet::EMPTY).is_ok());
    let err = HandView::new(
        "22233344455566677p".parse().unwrap(),
        &[pon],
        TileSet::EMPTY,
    );
    assert_eq!(
        err.unwrap_err(),
        AiError::Hand(HuError::WrongTileCount {
            concealed: 17,
            melds: 1,
            expected: "3k+1 or 3k+2 concealed tiles with k + melds <= 5",
        })
    );
    let err = HandView::new(
        "1m123456789p1z".parse().unwrap(),
        &[pon, pon],
        TileSet::EMPTY,
    );
    assert!(matches!(err, Err(AiError::Hand(HuError::FifthCopy(_)))));
    let wild: TileSet = "567z".parse().unwrap();
    let err = HandView::new("5556667771z".parse().unwrap(), &[], wild).unwrap_err();
    assert_eq!(err, AiError::Hand(HuError::TooManyWildcards(9)));

    let hand = HandView::parse("123m456p789s1122z").unwrap();
    let visible: TileCounts = "111z".parse().unwrap();
    assert!(matches!(
        hand.effective_tiles(ShapeRules::RIICHI, &visible),
        Err(AiError::FifthCopy { tile, .. }) if tile == Tile::EAST
    ));
    assert!(matches!(
        hand.discards(ShapeRules::RIICHI, &TileCounts::EMPTY),
        Err(AiError::WrongSizeForQuestion { .. })
    ));
    let hand14 = HandView::parse("123m456p789s11222z").unwrap();
    assert!(
        hand14
            .effective_tiles(ShapeRules::RIICHI, &TileCounts::EMPTY)
            .is_err()
    );
    assert!(
        hand14
            .improvements(ShapeRules::RIICHI, &TileCounts::EMPTY)
            .is_err()
    );
    assert!(
        hand14
            .decide_call(tile("1z"), 1, ShapeRules::RIICHI, &TileCounts::EMPTY)
            .is_err()
    );
    assert!(
        hand.decide_call(tile("1z"), 4, ShapeRules::RIICHI, &TileCounts::EMPTY)
            .is_err()
    );
    assert!(shanten(&"123m".parse().unwrap(), ShapeRules::RIICHI).is_err());
    assert!(shanten(&TileCounts::EMPTY, ShapeRules::RIICHI).is_err());
}

#[test]
fn live_counts_include_melds_visible_and_the_discard() {
    let chi = Meld::parse(MeldKind::Chi, "345m", Some("3m"), Some(1)).unwrap();
    let hand = HandView::new("23m456p789p55z".parse().unwrap(), &[chi], TileSet::EMPTY).unwrap();
    let visible: TileCounts = "14m".parse().unwrap();
    let e = hand.effective_tiles(ShapeRules::RIICHI, &visible).unwrap();
    assert_eq!(e.shanten, 0);
    assert_eq!(e.tiles.to_string(), "14m");
    // 1m: four minus one seen; 4m: four minus one in the chi and one seen.
    assert_eq!((e.live.get(tile("1m")), e.live.get(tile("4m"))), (3, 2));
    assert_eq!(e.count, 5);

    let hand = HandView::parse("123m456p789s11z223z").unwrap();
    let table = hand
        .discards(ShapeRules::RIICHI, &TileCounts::EMPTY)
        .unwrap();
    let three = table.iter().find(|o| o.tile == tile("3z")).unwrap();
    // After 3z: 11z + 22z shanpon, 1z and 2z have two live copies each.
    assert_eq!(
        (three.shanten, three.ukeire.to_string()),
        (0, "12z".to_string())
    );
    assert_eq!(three.ukeire_count, 4);
    let two = table.iter().find(|o| o.tile == tile("2z")).unwrap();
    // After 2z: 11z + 23z; both 2z of the hand (the discarded one included) count as seen.
    assert_eq!(two.ukeire.to_string(), "123z");
    assert_eq!(two.ukeire_count, 2 + 2 + 3);
}

#[rstest]
#[case::win("123m456p555789s1z", "1z", 2, CallKind::Win)]
#[case::chi_from_left("13m456p789s5z66z77z", "2m", 1, CallKind::Chi)]
#[case::no_chi_from_across("13m456p789s5z66z77z", "2m", 2, CallKind::Pass)]
#[case::pon("123m456p78s99s5z66z", "6z", 3, CallKind::Pon)]
#[case::pass_isolated("123m456p78s99s5z66z", "5z", 3, CallKind::Pass)]
#[case::kan("111m456p789s2345z", "1m", 2, CallKind::Kan)]
fn call_decisions(
    #[case] hand: &str,
    #[case] offered: &str,
    #[case] from: u8,
    #[case] call: CallKind,
) {
    let hand = HandView::parse(hand).unwrap();
    let d = hand
        .decide_call(tile(offered), from, ShapeRules::RIICHI, &TileCounts::EMPTY)
        .unwrap();
    assert_eq!(d.best.call, call, "{hand:?} {offered}: {:?}", d.options);
    assert_eq!(d.options[0], d.best);
    assert!(d.options.iter().any(|o| o.call == CallKind::Pass));
}

#[test]
fn both_engines_keep_the_shape_and_the_weights_matter() {
    let hand = HandView::parse("123m456p789s99m1z5z3s").unwrap();
    for engine in [Engine::Efficiency, Engine::Value(ValueWeights::DEFAULT)] {
        let r = hand
            .recommend(ShapeRules::RIICHI, &TileCounts::EMPTY, &engine)
            .unwrap();
        assert!(
            ["1z", "5z"].contains(&r.discard.to_string().as_str()),
            "{engine:?} {r:?}"
        );
        assert_eq!(r.ranking.len(), hand.concealed().kinds().len());
        assert_eq!(r.ranking[0].tile, r.discard);
    }
    // The weight table is data: an isolated honor's value is its weight times live copies over
    // the divisor, so doubling the weight doubles it.
    let score = |weights: ValueWeights| {
        let r = hand
            .recommend(
                ShapeRules::RIICHI,
                &TileCounts::EMPTY,
                &Engine::Value(weights),
            )
            .unwrap();
        r.ranking
            .iter()
            .find(|c| c.tile == tile("1z"))
            .unwrap()
            .score
    };
    let base = score(ValueWeights::DEFAULT);
    let doubled = score(ValueWeights {
        isolated: 2.0 * ValueWeights::DEFAULT.isolated,
        ..ValueWeights::DEFAULT
    });
    assert!((doubled - 2.0 * base).abs() < 1e-9, "{base} {doubled}");
}

#[test]
fn wildcards_are_effective_and_never_recommended() {
    let wild: TileSet = "7z".parse().unwrap();
    let hand = HandView::new("1239m456p789s1z2z77z".parse().unwrap(), &[], wild).unwrap();
    let r = hand
        .recommend(
            ShapeRules::RIICHI,
            &TileCounts::EMPTY,
            &Engine::Value(ValueWeights::DEFAULT),
        )
        .unwrap();
    assert_ne!(r.discard, Tile::RED);
    let after = hand.without_tile(tile("1z")).unwrap();
    let e = after
        .effective_tiles(ShapeRules::RIICHI, &TileCounts::EMPTY)
        .unwrap();
    assert!(e.tiles.contains(Tile::RED));
}

#[cfg(feature = "serde")]
#[test]
fn serde_uses_the_protocol_field_names() {
    let hand = HandView::parse("123m456p789s23455z").unwrap();
    let report = hand.shanten(ShapeRules::RIICHI);
    assert_eq!(
        serde_json::to_string(&report).unwrap(),
        r#"{"shanten":1,"standard":1,"seven_pairs":5,"thirteen_orphans":6}"#
    );
    let table = hand
        .discards(ShapeRules::RIICHI, &TileCounts::EMPTY)
        .unwrap();
    assert_eq!(
        serde_json::to_string(&table[0]).unwrap(),
        r#"{"tile":"2z","shanten":1,"ukeire":["3z","4z","5z"],"ukeire_count":8}"#
    );
    let melded = HandView::new(
        "123m456p78s".parse().unwrap(),
        &[Meld::parse(MeldKind::Pon, "555z", None, None).unwrap()],
        TileSet::EMPTY,
    )
    .unwrap();
    assert_eq!(
        serde_json::to_string(&melded.shanten(ShapeRules::GENERIC)).unwrap(),
        r#"{"shanten":0,"standard":0,"seven_pairs":null,"thirteen_orphans":null}"#
    );
}
