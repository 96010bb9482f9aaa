//! Property tests: formatting then parsing gives back the same hand.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_tiles::notation::{format_pieces, parse_pieces};
use mj_tiles::random::{SplitMix64, Wall};
use mj_tiles::{Piece, Suit, Tile, TileCounts, TileSet};
use proptest::prelude::*;

fn piece_strategy() -> impl Strategy<Value = Piece> {
    (0u8..34, any::<bool>()).prop_map(|(i, red)| {
        let tile = Tile::new(i).unwrap_or(Tile::EAST);
        match (red && tile.rank() == 5, Piece::red_five(tile.suit())) {
            (true, Some(p)) => p,
            _ => Piece::new(tile),
        }
    })
}

proptest! {
    #[test]
    fn pieces_round_trip(pieces in proptest::collection::vec(piece_strategy(), 0..20)) {
        let text = format_pieces(&pieces);
        prop_assert_eq!(parse_pieces(&text).unwrap(), pieces);
    }

    #[test]
    fn counts_round_trip(seed in any::<u64>(), n in 0usize..=18) {
        let mut rng = SplitMix64::new(seed);
        let counts = Wall::shuffled(&mut rng).draw_counts(n).unwrap();
        let text = counts.to_string();
        prop_assert_eq!(text.parse::<TileCounts>().unwrap(), counts);
        prop_assert_eq!(counts.total() as usize, n);
    }

    #[test]
    fn sets_round_trip(bits in any::<u64>()) {
        let set = TileSet::from_bits(bits);
        prop_assert_eq!(set.to_string().parse::<TileSet>().unwrap(), set);
        let by_suit: usize = Suit::ALL.iter().map(|&s| set.rank_mask(s).count_ones() as usize).sum();
        prop_assert_eq!(by_suit, set.len());
    }

    #[test]
    fn parsing_never_panics(text in "\\PC{0,40}") {
        let _ = parse_pieces(&text);
        let _ = text.parse::<TileCounts>();
    }
}

#[cfg(feature = "serde")]
#[test]
fn serde_uses_mpsz() {
    use mj_tiles::{Meld, MeldKind};
    let counts: TileCounts = "123m406p".parse().unwrap();
    assert_eq!(serde_json::to_string(&counts).unwrap(), "\"123m456p\"");
    let set: TileSet = "14m7z".parse().unwrap();
    assert_eq!(serde_json::to_string(&set).unwrap(), r#"["1m","4m","7z"]"#);
    let meld = Meld::parse(MeldKind::Pon, "550p", Some("0p"), Some(2)).unwrap();
    let json = serde_json::to_string(&meld).unwrap();
    assert_eq!(
        json,
        r#"{"kind":"pon","tiles":"055p","called":"0p","from":2}"#
    );
    assert_eq!(serde_json::from_str::<Meld>(&json).unwrap(), meld);
    assert!(serde_json::from_str::<Meld>(r#"{"kind":"chi","tiles":"135m"}"#).is_err());
    assert!(serde_json::from_str::<Tile>(r#""8z""#).is_err());
}
