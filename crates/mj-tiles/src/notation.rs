//! mpsz notation: `123m406p789s1122z`.
//!
//! A group is one or more digits followed by a suit letter (`m` characters, `p` dots, `s` bamboo,
//! `z` honors). `0` is a red five (numbered suits only). White space may separate groups.
//! Errors name the 1-based column (in characters) and the reason.

use core::fmt;
use core::str::FromStr;

use crate::{Piece, Suit, Tile};

/// What is wrong with a piece of notation, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Digits at the end of the input, or before white space, with no suit letter after them.
    #[error("digits without a suit at column {column}")]
    DigitsWithoutSuit {
        /// Column of the first digit of the group.
        column: usize,
    },
    /// A suit letter with no digits before it.
    #[error("suit letter '{letter}' without digits at column {column}")]
    SuitWithoutDigits {
        /// Column of the letter.
        column: usize,
        /// The letter.
        letter: char,
    },
    /// A digit/suit pair that names no tile: `8z`, `9z`, `0z`.
    #[error("{digit}{letter} is not a tile (column {column})")]
    NotATile {
        /// Column of the digit.
        column: usize,
        /// The digit.
        digit: char,
        /// The suit letter.
        letter: char,
    },
    /// A character that is not a digit, a suit letter or white space.
    #[error("unexpected character {found:?} at column {column}")]
    UnexpectedChar {
        /// Column of the character.
        column: usize,
        /// The character.
        found: char,
    },
    /// A fifth copy of a kind (red fives count as fives).
    #[error("fifth copy of {tile} at column {column}")]
    FifthCopy {
        /// Column of the digit of the fifth copy.
        column: usize,
        /// The kind.
        tile: Tile,
    },
    /// Exactly one tile was expected.
    #[error("expected exactly one tile, found {found}")]
    NotOneTile {
        /// How many tiles the text held.
        found: usize,
    },
}

/// Parses mpsz notation into pieces, in the order written, with the column of each piece's
/// digit (1-based, in characters).
///
/// ```
/// use mj_tiles::notation::parse_pieces_with_columns;
/// let parsed = parse_pieces_with_columns("12m 0p").unwrap();
/// let text: Vec<String> = parsed.iter().map(|(p, c)| format!("{p}@{c}")).collect();
/// assert_eq!(text, ["1m@1", "2m@2", "0p@5"]);
/// ```
pub fn parse_pieces_with_columns(text: &str) -> Result<Vec<(Piece, usize)>, NotationError> {
    let mut out = Vec::with_capacity(text.len());
    // Digits waiting for their suit letter: (digit value, column).
    let mut pending: Vec<(u8, usize)> = Vec::with_capacity(16);
    for (i, ch) in text.chars().enumerate() {
        let column = i + 1;
        if let Some(d) = ch.to_digit(10) {
            pending.push((d as u8, column));
        } else if let Some(suit) = Suit::from_letter(ch) {
            if pending.is_empty() {
                return Err(NotationError::SuitWithoutDigits { column, letter: ch });
            }
            for &(digit, col) in &pending {
                out.push((piece_of(digit, suit, col, ch)?, col));
            }
            pending.clear();
        } else if ch.is_whitespace() {
            if let Some(&(_, col)) = pending.first() {
                return Err(NotationError::DigitsWithoutSuit { column: col });
            }
        } else {
            return Err(NotationError::UnexpectedChar { column, found: ch });
        }
    }
    if let Some(&(_, col)) = pending.first() {
        return Err(NotationError::DigitsWithoutSuit { column: col });
    }
    Ok(out)
}

fn piece_of(digit: u8, suit: Suit, column: usize, letter: char) -> Result<Piece, NotationError> {
    let not_a_tile = NotationError::NotATile {
        column,
        digit: char::from(b'0' + digit),
        letter,
    };
    if digit == 0 {
        return Piece::red_five(suit).ok_or(not_a_tile);
    }
    Tile::from_suit_rank(suit, digit)
        .map(Piece::new)
        .ok_or(not_a_tile)
}

/// Parses mpsz notation into pieces (red fives kept), in the order written.
pub fn parse_pieces(text: &str) -> Result<Vec<Piece>, NotationError> {
    Ok(parse_pieces_with_columns(text)?
        .into_iter()
        .map(|(p, _)| p)
        .collect())
}

/// Parses mpsz notation into kinds (red fives become fives), in the order written.
///
/// ```
/// use mj_tiles::notation::parse_tiles;
/// let tiles = parse_tiles("406p").unwrap();
/// assert_eq!(mj_tiles::notation::format_tiles(&tiles), "456p");
/// assert_eq!(parse_tiles("1234m5").unwrap_err().to_string(), "digits without a suit at column 6");
/// assert_eq!(parse_tiles("8z").unwrap_err().to_string(), "8z is not a tile (column 1)");
/// ```
pub fn parse_tiles(text: &str) -> Result<Vec<Tile>, NotationError> {
    Ok(parse_pieces_with_columns(text)?
        .into_iter()
        .map(|(p, _)| p.tile())
        .collect())
}

/// Writes pieces in mpsz notation, in the given order, one suit letter per run of a suit:
/// `[1m, 2m, 0p]` -> `12m0p`. Sort first for the canonical form.
pub fn format_pieces(pieces: &[Piece]) -> String {
    let mut out = String::with_capacity(pieces.len() + 4);
    write_runs(
        &mut out,
        pieces.iter().map(|p| (digit_of(*p), p.tile().suit())),
    );
    out
}

/// Writes kinds in mpsz notation, in the given order, one suit letter per run of a suit.
pub fn format_tiles(tiles: &[Tile]) -> String {
    let mut out = String::with_capacity(tiles.len() + 4);
    write_runs(
        &mut out,
        tiles
            .iter()
            .map(|t| (char::from(b'0' + t.rank()), t.suit())),
    );
    out
}

fn digit_of(p: Piece) -> char {
    if p.is_red() {
        '0'
    } else {
        char::from(b'0' + p.tile().rank())
    }
}

fn write_runs(out: &mut String, items: impl Iterator<Item = (char, Suit)>) {
    let mut current: Option<Suit> = None;
    for (digit, suit) in items {
        if let Some(prev) = current
            && prev != suit
        {
            out.push(prev.letter());
        }
        current = Some(suit);
        out.push(digit);
    }
    if let Some(prev) = current {
        out.push(prev.letter());
    }
}

/// Writes kinds as Unicode glyphs (U+1F000 block), one per tile.
pub fn glyphs(tiles: &[Tile]) -> String {
    tiles.iter().map(|t| t.glyph()).collect()
}

/// Writes kinds by their Chinese names, separated by spaces.
pub fn chinese_names(tiles: &[Tile]) -> String {
    let names: Vec<&str> = tiles.iter().map(|t| t.chinese_name()).collect();
    names.join(" ")
}

fn one<T>(mut items: Vec<T>) -> Result<T, NotationError> {
    match items.len() {
        1 => items.pop().ok_or(NotationError::NotOneTile { found: 0 }),
        found => Err(NotationError::NotOneTile { found }),
    }
}

impl FromStr for Tile {
    type Err = NotationError;

    /// Parses exactly one tile: `"5p"`, `"0s"` (a red five is a five here), `"7z"`.
    fn from_str(s: &str) -> Result<Tile, NotationError> {
        one(parse_tiles(s)?)
    }
}

impl FromStr for Piece {
    type Err = NotationError;

    /// Parses exactly one piece: `"5p"`, `"0s"`, `"7z"`.
    fn from_str(s: &str) -> Result<Piece, NotationError> {
        one(parse_pieces(s)?)
    }
}

/// Displays a list of kinds in mpsz notation.
#[derive(Clone, Copy, Debug)]
pub struct Mpsz<'a>(pub &'a [Tile]);

impl fmt::Display for Mpsz<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_tiles(self.0))
    }
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

    #[rstest]
    #[case::plain("123m456p789s1122z", "123m456p789s1122z")]
    #[case::spaces("123m 456p  789s", "123m456p789s")]
    #[case::red("406p", "406p")]
    #[case::repeated_suit("1m2m3m", "123m")]
    #[case::unsorted_kept("9m1m", "91m")]
    #[case::empty("", "")]
    #[case::honors("1234567z", "1234567z")]
    fn parses_and_formats(#[case] text: &str, #[case] formatted: &str) {
        let pieces = parse_pieces(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(format_pieces(&pieces), formatted, "input {text:?}");
    }

    #[rstest]
    #[case::no_suit("1234m5", "digits without a suit at column 6")]
    #[case::no_suit_before_space("12 3m", "digits without a suit at column 1")]
    #[case::eight_z("123m8z", "8z is not a tile (column 5)")]
    #[case::red_honor("0z", "0z is not a tile (column 1)")]
    #[case::bare_letter("m", "suit letter 'm' without digits at column 1")]
    #[case::junk("12x", "unexpected character 'x' at column 3")]
    #[case::unicode("1m\u{1F004}", "unexpected character '\u{1F004}' at column 3")]
    fn rejects_with_position(#[case] text: &str, #[case] message: &str) {
        let err = parse_pieces(text).expect_err(text);
        assert_eq!(err.to_string(), message, "input {text:?}");
    }

    #[test]
    fn single_tiles() {
        assert_eq!("0s".parse::<Tile>().unwrap().to_string(), "5s");
        assert_eq!("0s".parse::<Piece>().unwrap().to_string(), "0s");
        assert_eq!(
            "12m".parse::<Tile>(),
            Err(NotationError::NotOneTile { found: 2 })
        );
        assert_eq!(
            "".parse::<Tile>(),
            Err(NotationError::NotOneTile { found: 0 })
        );
    }

    #[test]
    fn display_forms() {
        let tiles = parse_tiles("19m5z").unwrap();
        assert_eq!(glyphs(&tiles), "\u{1F007}\u{1F00F}\u{1F006}");
        assert_eq!(chinese_names(&tiles), "一万 九万 白");
        assert_eq!(Mpsz(&tiles).to_string(), "19m5z");
    }
}
