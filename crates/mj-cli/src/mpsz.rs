//! mpsz notation read in bounded memory.
//!
//! [`mj_tiles::notation::parse_pieces_with_columns`] keeps every piece of its input (and reserves
//! room for one per byte), so a 10 MB `hand` would cost hundreds of MB before the fifth-copy
//! check could reject it. These functions accept exactly the same language, answer exactly the
//! same [`NotationError`]s (a notation error anywhere in the text wins over a fifth copy, as in
//! `TileCounts::from_str`), but keep only as many pieces as the caller can use. Tests check the
//! agreement with `mj_tiles` on random text.

use mj_tiles::{NotationError, Piece, Suit, Tile, TileCounts};

/// More tiles than this always hold a fifth copy of some kind.
pub const MAX_TILES: usize = 4 * Tile::COUNT;

/// The first pieces of a text (with the 1-based column of each digit) and how many it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Scanned {
    /// The first `keep` pieces, in the order written.
    pub pieces: Vec<(Piece, usize)>,
    /// How many pieces the whole text holds.
    pub total: usize,
}

/// Reads mpsz `text` like `parse_pieces_with_columns`, keeping at most `keep` pieces.
pub(crate) fn scan(text: &str, keep: usize) -> Result<Scanned, NotationError> {
    let mut pieces: Vec<(Piece, usize)> = Vec::with_capacity(keep.min(text.len()));
    let mut total = 0usize;
    // The run of digits waiting for its suit letter: the column of its first digit, its length,
    // the digits still to keep, and its first digit that names no honor (0, 8, 9).
    let mut run_start: Option<usize> = None;
    let mut run_len = 0usize;
    let mut run_kept: Vec<(u8, usize)> = Vec::new();
    let mut run_not_honor: Option<(u8, usize)> = None;
    for (i, ch) in text.chars().enumerate() {
        let column = i + 1;
        if let Some(digit) = ch.to_digit(10) {
            // `to_digit(10)` is below 10, so the cast keeps the value.
            let digit = digit as u8;
            run_start.get_or_insert(column);
            run_len += 1;
            if pieces.len() + run_kept.len() < keep {
                run_kept.push((digit, column));
            }
            if run_not_honor.is_none() && matches!(digit, 0 | 8 | 9) {
                run_not_honor = Some((digit, column));
            }
        } else if let Some(suit) = Suit::from_letter(ch) {
            if run_len == 0 {
                return Err(NotationError::SuitWithoutDigits { column, letter: ch });
            }
            if suit == Suit::Honor
                && let Some((digit, col)) = run_not_honor
            {
                return Err(not_a_tile(digit, col, ch));
            }
            for (digit, col) in run_kept.drain(..) {
                pieces.push((piece_of(digit, suit, col, ch)?, col));
            }
            total += run_len;
            run_start = None;
            run_len = 0;
            run_not_honor = None;
        } else if ch.is_whitespace() {
            if let Some(col) = run_start {
                return Err(NotationError::DigitsWithoutSuit { column: col });
            }
        } else {
            return Err(NotationError::UnexpectedChar { column, found: ch });
        }
    }
    if let Some(col) = run_start {
        return Err(NotationError::DigitsWithoutSuit { column: col });
    }
    Ok(Scanned { pieces, total })
}

fn not_a_tile(digit: u8, column: usize, letter: char) -> NotationError {
    NotationError::NotATile {
        column,
        digit: char::from(b'0' + digit),
        letter,
    }
}

fn piece_of(digit: u8, suit: Suit, column: usize, letter: char) -> Result<Piece, NotationError> {
    let piece = if digit == 0 {
        Piece::red_five(suit)
    } else {
        Tile::from_suit_rank(suit, digit).map(Piece::new)
    };
    piece.ok_or_else(|| not_a_tile(digit, column, letter))
}

/// Reads a concealed hand: its pieces in the order written (red fives kept) and its counts.
/// A fifth copy is [`NotationError::FifthCopy`] at the column of the fifth copy's digit, as in
/// `TileCounts::from_str`; memory stays bounded whatever the length of `text`.
///
/// ```
/// use mj_cli::mpsz::parse_hand;
/// let (pieces, counts) = parse_hand("406p 11z").unwrap();
/// assert_eq!((pieces.len(), counts.to_string().as_str()), (5, "456p11z"));
/// assert_eq!(parse_hand("11111m").unwrap_err().to_string(), "fifth copy of 1m at column 5");
/// ```
pub fn parse_hand(text: &str) -> Result<(Vec<Piece>, TileCounts), NotationError> {
    // Of MAX_TILES + 1 pieces, some kind has five: keeping that many finds the first fifth copy.
    let scanned = scan(text, MAX_TILES + 1)?;
    let mut counts = TileCounts::EMPTY;
    for &(piece, column) in &scanned.pieces {
        counts
            .add(piece.tile())
            .map_err(|e| NotationError::FifthCopy {
                column,
                tile: e.tile,
            })?;
    }
    debug_assert_eq!(scanned.total, scanned.pieces.len());
    Ok((scanned.pieces.into_iter().map(|(p, _)| p).collect(), counts))
}

/// Reads text that must hold exactly one piece (`"5p"`, `"0s"`, `"7z"`), like
/// `Piece::from_str`.
pub fn parse_one(text: &str) -> Result<Piece, NotationError> {
    let scanned = scan(text, 1)?;
    match (scanned.total, scanned.pieces.first()) {
        (1, Some(&(piece, _))) => Ok(piece),
        (found, _) => Err(NotationError::NotOneTile { found }),
    }
}

/// Reads the tiles of a meld or other short list: the pieces if the text holds at most `max`,
/// otherwise how many it holds.
pub(crate) fn parse_at_most(
    text: &str,
    max: usize,
) -> Result<Result<Vec<Piece>, usize>, NotationError> {
    let scanned = scan(text, max)?;
    if scanned.total > max {
        return Ok(Err(scanned.total));
    }
    Ok(Ok(scanned.pieces.into_iter().map(|(p, _)| p).collect()))
}

#[cfg(test)]
mod tests {
    use mj_tiles::notation::parse_pieces_with_columns;
    use proptest::prelude::*;
    use rstest::rstest;

    use super::*;

    #[rstest]
    #[case::plain("123m406p", 8, 6)]
    #[case::truncated("123m406p", 2, 6)]
    #[case::none_kept("1z", 0, 1)]
    #[case::long_run(&format!("{}m", "1".repeat(100_000)), 3, 100_000)]
    fn keeps_only_what_is_asked(#[case] text: &str, #[case] keep: usize, #[case] total: usize) {
        let scanned = scan(text, keep).unwrap_or_else(|e| panic!("{text:.40}: {e}"));
        assert_eq!(scanned.total, total, "input {text:.40}");
        assert_eq!(scanned.pieces.len(), keep.min(total), "input {text:.40}");
    }

    #[rstest]
    #[case::fifth("11111m", "fifth copy of 1m at column 5")]
    #[case::red_counts_as_five("55550m", "fifth copy of 5m at column 5")]
    #[case::notation_wins_over_fifth("11111m8z", "8z is not a tile (column 7)")]
    #[case::huge_run(&format!("{}p", "9".repeat(1_000_000)), "fifth copy of 9p at column 5")]
    #[case::huge_run_honor(&format!("{}z", "1".repeat(1_000_000)), "fifth copy of 1z at column 5")]
    #[case::huge_run_no_suit(&"1".repeat(1_000_000), "digits without a suit at column 1")]
    fn hand_errors(#[case] text: &str, #[case] message: &str) {
        let err = parse_hand(text).expect_err(text);
        assert_eq!(err.to_string(), message, "input {text:.40}");
    }

    #[rstest]
    #[case::one("5p", Ok("5p"))]
    #[case::red("0s", Ok("0s"))]
    #[case::spaced(" 7z ", Ok("7z"))]
    #[case::two("12m", Err("expected exactly one tile, found 2"))]
    #[case::none("", Err("expected exactly one tile, found 0"))]
    #[case::bad("8z", Err("8z is not a tile (column 1)"))]
    fn single_pieces(#[case] text: &str, #[case] expected: Result<&str, &str>) {
        let got = parse_one(text)
            .map(|p| p.to_string())
            .map_err(|e| e.to_string());
        assert_eq!(
            got,
            expected.map(String::from).map_err(String::from),
            "input {text:?}"
        );
    }

    fn mpsz_like() -> impl Strategy<Value = String> {
        // Mostly notation, with the characters that make every error.
        proptest::string::string_regex("[0-9mpsz \t\u{3000}x中]{0,40}")
            .unwrap_or_else(|e| panic!("{e}"))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn scan_agrees_with_mj_tiles(text in mpsz_like(), keep in 0usize..20) {
            let reference = parse_pieces_with_columns(&text);
            let ours = scan(&text, keep);
            match reference {
                Err(e) => prop_assert_eq!(ours, Err(e)),
                Ok(all) => {
                    let kept: Vec<_> = all.iter().copied().take(keep).collect();
                    prop_assert_eq!(ours, Ok(Scanned { pieces: kept, total: all.len() }));
                }
            }
        }

        #[test]
        fn parse_hand_agrees_with_mj_tiles(text in mpsz_like()) {
            let reference = text.parse::<TileCounts>();
            match parse_hand(&text) {
                Ok((pieces, counts)) => {
                    prop_assert_eq!(Ok(counts), reference);
                    let written = mj_tiles::notation::parse_pieces(&text);
                    prop_assert_eq!(Ok(pieces), written);
                }
                Err(e) => prop_assert_eq!(Err(e), reference),
            }
        }

        #[test]
        fn parse_one_agrees_with_mj_tiles(text in mpsz_like()) {
            prop_assert_eq!(parse_one(&text), text.parse::<Piece>());
        }
    }
}
