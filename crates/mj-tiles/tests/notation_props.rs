//! Property tests: formatting then parsing gives back the same hand; the 136-tile limit and the
//! order in which errors win (see `mj_tiles::notation`); the parsers agree with each other.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_tiles::notation::{
    MAX_TILES, format_pieces, parse_hand, parse_pieces, parse_pieces_with_columns,
};
use mj_tiles::random::{SplitMix64, TileBag};
use mj_tiles::{NotationError, Piece, Suit, Tile, TileCounts, TileSet};
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

/// Mostly notation, often more than [`MAX_TILES`] tiles, with the characters that make every
/// error now and then.
fn mpsz_like() -> impl Strategy<Value = String> {
    let chunk = prop_oneof![
        6 => "[0-9]{1,8}[mps]",
        3 => "[1-7]{1,8}z",
        2 => " ",
        1 => "[0-9mpsz \t\u{3000}x中]{1,3}",
    ];
    proptest::collection::vec(chunk, 0..80).prop_map(|chunks| chunks.concat())
}

/// Text that parses on its own, written as pieces with white space between some groups.
fn valid_text() -> impl Strategy<Value = String> {
    proptest::collection::vec((piece_strategy(), any::<bool>()), 0..200).prop_map(|pieces| {
        pieces
            .iter()
            .map(|&(p, space)| format!("{}{}", format_pieces(&[p]), if space { " " } else { "" }))
            .collect()
    })
}

/// The same error, `by` columns further right.
fn shifted(error: NotationError, by: usize) -> NotationError {
    use NotationError::*;
    match error {
        DigitsWithoutSuit { column } => DigitsWithoutSuit {
            column: column + by,
        },
        SuitWithoutDigits { column, letter } => SuitWithoutDigits {
            column: column + by,
            letter,
        },
        NotATile {
            column,
            digit,
            letter,
        } => NotATile {
            column: column + by,
            digit,
            letter,
        },
        UnexpectedChar { column, found } => UnexpectedChar {
            column: column + by,
            found,
        },
        FifthCopy { column, tile } => FifthCopy {
            column: column + by,
            tile,
        },
        TooManyTiles { column } => TooManyTiles {
            column: column + by,
        },
        NotOneTile { found } => NotOneTile { found },
    }
}

fn is_notation_error(error: &NotationError) -> bool {
    !matches!(
        error,
        NotationError::FifthCopy { .. }
            | NotationError::TooManyTiles { .. }
            | NotationError::NotOneTile { .. }
    )
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
        let counts = TileBag::shuffled(&mut rng).draw_counts(n).unwrap();
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
    fn the_limit_is_at_the_137th_tile(pieces in proptest::collection::vec(piece_strategy(), 0..300)) {
        let text = format_pieces(&pieces);
        match parse_pieces(&text) {
            Ok(parsed) => {
                prop_assert!(pieces.len() <= MAX_TILES);
                prop_assert_eq!(parsed, pieces);
            }
            Err(e) => {
                // The column of the 137th digit.
                let column = text
                    .chars()
                    .enumerate()
                    .filter(|(_, c)| c.is_ascii_digit())
                    .nth(MAX_TILES)
                    .map(|(i, _)| i + 1);
                prop_assert_eq!(Some(e), column.map(|column| NotationError::TooManyTiles { column }));
            }
        }
    }

    #[test]
    fn a_notation_error_anywhere_wins(prefix in valid_text(), suffix in mpsz_like()) {
        // After a complete group, the suffix is read as if on its own.
        let Err(alone) = parse_pieces(&suffix) else { return Ok(()) };
        prop_assume!(is_notation_error(&alone));
        let text = format!("{prefix}{suffix}");
        let expected = shifted(alone, prefix.chars().count());
        prop_assert_eq!(parse_pieces(&text), Err(expected.clone()));
        prop_assert_eq!(text.parse::<TileCounts>(), Err(expected.clone()));
        prop_assert_eq!(parse_hand(&text), Err(expected.clone()));
        prop_assert_eq!(text.parse::<Piece>(), Err(expected));
    }

    #[test]
    fn counts_agree_with_the_pieces(text in prop_oneof![mpsz_like(), valid_text()]) {
        let counts = text.parse::<TileCounts>();
        match parse_pieces_with_columns(&text) {
            Ok(listed) => {
                // The first fifth copy in the order written, or the counts of every piece.
                let mut expected = TileCounts::EMPTY;
                let mut fifth = None;
                for &(piece, column) in &listed {
                    if let Err(e) = expected.add(piece.tile()) {
                        fifth = Some(NotationError::FifthCopy { column, tile: e.tile });
                        break;
                    }
                }
                prop_assert_eq!(&counts, &fifth.map_or(Ok(expected), Err));
                let pieces: Vec<Piece> = listed.iter().map(|&(p, _)| p).collect();
                prop_assert_eq!(parse_hand(&text), counts.map(|c| (pieces.clone(), c)));
                let one = match pieces[..] {
                    [piece] => Ok(piece),
                    _ => Err(NotationError::NotOneTile { found: pieces.len() }),
                };
                prop_assert_eq!(text.parse::<Piece>(), one);
            }
            Err(NotationError::TooManyTiles { column: limit }) => {
                // More than 136 tiles always hold a fifth copy, no later than the 137th tile.
                let Err(NotationError::FifthCopy { column, .. }) = counts else {
                    return Err(TestCaseError::fail(format!("{counts:?} for {text:?}")));
                };
                prop_assert!(column <= limit, "{} > {} for {:?}", column, limit, text);
                prop_assert_eq!(parse_hand(&text).map(|(_, c)| c), counts);
            }
            Err(e) => {
                prop_assert!(is_notation_error(&e));
                prop_assert_eq!(&counts, &Err(e.clone()));
                prop_assert_eq!(parse_hand(&text), Err(e.clone()));
                prop_assert_eq!(text.parse::<Piece>(), Err(e));
            }
        }
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
