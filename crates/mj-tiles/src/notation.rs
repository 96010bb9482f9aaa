//! mpsz notation: `123m406p789s1122z`.
//!
//! A group is one or more digits followed by a suit letter (`m` characters, `p` dots, `s` bamboo,
//! `z` honors). `0` is a red five (numbered suits only). White space may separate groups.
//! Errors name the 1-based column (in characters) and the reason.
//!
//! The value types sit below this module, and their mpsz text is read and written here: the
//! `FromStr` of `Tile`, `Piece`, `TileSet` and `TileCounts`, and the `Display` of the last two.
//!
//! # Limits and which error wins
//!
//! No text may hold more than [`MAX_TILES`] tiles (four of each of the 34 kinds; more always
//! hold a fifth copy), so reading any text, however long, takes memory bounded by that limit and
//! time linear in its length. When a text has several problems:
//!
//! 1. A notation error ([`NotationError::DigitsWithoutSuit`], [`SuitWithoutDigits`],
//!    [`NotATile`], [`UnexpectedChar`]) wins wherever it is: the whole text is read, the first
//!    one in the text is the answer.
//! 2. Otherwise, where tiles are counted by kind ([`parse_hand`], `TileCounts::from_str`), the
//!    first fifth copy: [`NotationError::FifthCopy`] at its column. A text of more than
//!    [`MAX_TILES`] tiles always has one, no later than its 137th tile, so these never answer
//!    [`TooManyTiles`].
//! 3. Otherwise, where tiles are listed ([`parse_pieces_with_columns`], [`parse_pieces`],
//!    [`parse_tiles`], and `TileSet::from_str` and `Meld::parse` through them), more than
//!    [`MAX_TILES`] tiles: [`TooManyTiles`] at the column of the 137th tile.
//! 4. One tile (`Tile::from_str`, `Piece::from_str`): any other count is
//!    [`NotationError::NotOneTile`] with the number of tiles the text holds.
//!
//! ```
//! use mj_tiles::notation::parse_pieces;
//! let long = "1m".repeat(200);
//! assert_eq!(parse_pieces(&long).unwrap_err().to_string(), "more than 136 tiles (column 273)");
//! let junk_later = format!("{long}x");
//! assert_eq!(parse_pieces(&junk_later).unwrap_err().to_string(), "unexpected character 'x' at column 401");
//! assert_eq!(long.parse::<mj_tiles::TileCounts>().unwrap_err().to_string(), "fifth copy of 1m at column 9");
//! ```
//!
//! [`SuitWithoutDigits`]: NotationError::SuitWithoutDigits
//! [`NotATile`]: NotationError::NotATile
//! [`UnexpectedChar`]: NotationError::UnexpectedChar
//! [`TooManyTiles`]: NotationError::TooManyTiles

use core::fmt;
use core::str::FromStr;

use crate::{Piece, Suit, Tile, TileCounts, TileSet};

/// The most tiles an mpsz text may hold: four of each of the 34 kinds. More always hold a fifth
/// copy of some kind.
pub const MAX_TILES: usize = 4 * Tile::COUNT;

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
    /// More than [`MAX_TILES`] tiles in a list (see the module docs for which error wins).
    #[error("more than {max} tiles (column {column})", max = MAX_TILES)]
    TooManyTiles {
        /// Column of the digit of the tile after the first [`MAX_TILES`].
        column: usize,
    },
    /// Exactly one tile was expected.
    #[error("expected exactly one tile, found {found}")]
    NotOneTile {
        /// How many tiles the text held.
        found: usize,
    },
}

/// Parses mpsz notation into pieces, in the order written, with the column of each piece's
/// digit (1-based, in characters). More than [`MAX_TILES`] tiles is
/// [`NotationError::TooManyTiles`] (after any notation error: see the module docs).
///
/// ```
/// use mj_tiles::notation::parse_pieces_with_columns;
/// let parsed = parse_pieces_with_columns("12m 0p").unwrap();
/// let text: Vec<String> = parsed.iter().map(|(p, c)| format!("{p}@{c}")).collect();
/// assert_eq!(text, ["1m@1", "2m@2", "0p@5"]);
/// ```
pub fn parse_pieces_with_columns(text: &str) -> Result<Vec<(Piece, usize)>, NotationError> {
    let mut out = Vec::new();
    scan(text, |piece, column| out.push((piece, column)))?;
    // `scan` hands over the first MAX_TILES + 1 tiles: the last of them is one too many.
    match out.get(MAX_TILES) {
        Some(&(_, column)) => Err(NotationError::TooManyTiles { column }),
        None => Ok(out),
    }
}

/// Parses a hand: its pieces in the order written (red fives kept) and its counts by kind (red
/// fives count as fives). A fifth copy is [`NotationError::FifthCopy`] at the column of the
/// fifth copy's digit (after any notation error: see the module docs).
///
/// ```
/// use mj_tiles::notation::parse_hand;
/// let (pieces, counts) = parse_hand("406p 11z").unwrap();
/// assert_eq!((pieces.len(), counts.to_string().as_str()), (5, "456p11z"));
/// assert_eq!(parse_hand("11111m").unwrap_err().to_string(), "fifth copy of 1m at column 5");
/// ```
pub fn parse_hand(text: &str) -> Result<(Vec<Piece>, TileCounts), NotationError> {
    let mut pieces = Vec::new();
    let counts = count(text, |piece| pieces.push(piece))?;
    Ok((pieces, counts))
}

/// Counts the tiles of `text` by kind, handing each piece to `keep` in the order written; the
/// one place that finds the first fifth copy.
fn count(text: &str, mut keep: impl FnMut(Piece)) -> Result<TileCounts, NotationError> {
    let mut counts = TileCounts::EMPTY;
    let mut fifth: Option<NotationError> = None;
    let total = scan(text, |piece, column| {
        if fifth.is_some() {
            return;
        }
        match counts.add(piece.tile()) {
            Ok(()) => keep(piece),
            Err(e) => {
                fifth = Some(NotationError::FifthCopy {
                    column,
                    tile: e.tile,
                });
            }
        }
    })?;
    if let Some(error) = fifth {
        return Err(error);
    }
    // Every tile `scan` handed over was counted and the counts hold at most MAX_TILES, so
    // without a fifth copy `scan` handed over the whole text.
    debug_assert_eq!(u32::try_from(total), Ok(counts.total()), "{text:.40}");
    Ok(counts)
}

/// Reads `text` once, front to back, and answers how many tiles it holds. The first
/// `MAX_TILES + 1` pieces go to `keep` (with the 1-based column of each piece's digit), in the
/// order written; the rest of the text is only checked, so memory stays bounded by the limit
/// whatever the length of `text`. The first notation error in the text is the answer.
fn scan(text: &str, mut keep: impl FnMut(Piece, usize)) -> Result<usize, NotationError> {
    let mut total = 0usize;
    let mut run = Run::default();
    for (i, ch) in text.chars().enumerate() {
        let column = i + 1;
        if let Some(digit) = ch.to_digit(10) {
            // `to_digit(10)` is below 10, so the cast keeps the value.
            run.push(digit as u8, column, total + run.len <= MAX_TILES);
        } else if let Some(suit) = Suit::from_letter(ch) {
            if run.start.is_none() {
                return Err(NotationError::SuitWithoutDigits { column, letter: ch });
            }
            if let Some(error) = run.first_not_a_tile(suit, ch) {
                return Err(error);
            }
            for &(digit, col) in &run.kept {
                keep(piece_of(digit, suit, col, ch)?, col);
            }
            total += run.len;
            run.clear();
        } else if ch.is_whitespace() {
            if let Some(col) = run.start {
                return Err(NotationError::DigitsWithoutSuit { column: col });
            }
        } else {
            return Err(NotationError::UnexpectedChar { column, found: ch });
        }
    }
    if let Some(col) = run.start {
        return Err(NotationError::DigitsWithoutSuit { column: col });
    }
    Ok(total)
}

/// A run of digits waiting for its suit letter, in bounded memory however long it is.
#[derive(Debug, Default)]
struct Run {
    /// The column of the first digit, if the run has begun.
    start: Option<usize>,
    /// How many digits.
    len: usize,
    /// The column of each digit value's first occurrence (0: none), to find the first digit
    /// that names no tile of the suit.
    first: [usize; 10],
    /// The first digits with their columns, as many as the tile limit lets `scan` keep.
    kept: Vec<(u8, usize)>,
}

impl Run {
    fn push(&mut self, digit: u8, column: usize, keep: bool) {
        self.start.get_or_insert(column);
        self.len += 1;
        let first = &mut self.first[usize::from(digit)];
        if *first == 0 {
            *first = column;
        }
        if keep {
            self.kept.push((digit, column));
        }
    }

    /// The error for the first digit of the run that names no tile of `suit`, if any.
    fn first_not_a_tile(&self, suit: Suit, letter: char) -> Option<NotationError> {
        (0u8..10)
            .filter_map(|digit| {
                let column = self.first[usize::from(digit)];
                if column == 0 {
                    return None;
                }
                let error = piece_of(digit, suit, column, letter).err()?;
                Some((column, error))
            })
            .min_by_key(|&(column, _)| column)
            .map(|(_, error)| error)
    }

    /// Empties the run (keeping the buffer's room).
    fn clear(&mut self) {
        self.start = None;
        self.len = 0;
        self.first = [0; 10];
        self.kept.clear();
    }
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

/// Parses mpsz notation into pieces (red fives kept), in the order written. More than
/// [`MAX_TILES`] tiles is [`NotationError::TooManyTiles`].
pub fn parse_pieces(text: &str) -> Result<Vec<Piece>, NotationError> {
    Ok(parse_pieces_with_columns(text)?
        .into_iter()
        .map(|(p, _)| p)
        .collect())
}

/// Parses mpsz notation into kinds (red fives become fives), in the order written. More than
/// [`MAX_TILES`] tiles is [`NotationError::TooManyTiles`].
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

/// The one piece of `text`; any other count is [`NotationError::NotOneTile`] with the count.
fn one(text: &str) -> Result<Piece, NotationError> {
    let mut first = None;
    let found = scan(text, |piece, _| {
        first.get_or_insert(piece);
    })?;
    match (found, first) {
        (1, Some(piece)) => Ok(piece),
        _ => Err(NotationError::NotOneTile { found }),
    }
}

impl FromStr for Tile {
    type Err = NotationError;

    /// Parses exactly one tile: `"5p"`, `"0s"` (a red five is a five here), `"7z"`.
    fn from_str(s: &str) -> Result<Tile, NotationError> {
        one(s).map(Piece::tile)
    }
}

impl FromStr for Piece {
    type Err = NotationError;

    /// Parses exactly one piece: `"5p"`, `"0s"`, `"7z"`.
    fn from_str(s: &str) -> Result<Piece, NotationError> {
        one(s)
    }
}

impl FromStr for TileCounts {
    type Err = NotationError;

    /// Parses mpsz (red fives count as fives); a fifth copy is an error naming its column. See
    /// [`notation`](crate::notation) for the limits and which error wins.
    fn from_str(s: &str) -> Result<TileCounts, NotationError> {
        count(s, |_| {})
    }
}

impl fmt::Display for TileCounts {
    /// mpsz in kind order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tiles: Vec<Tile> = self.tiles().collect();
        f.write_str(&format_tiles(&tiles))
    }
}

impl FromStr for TileSet {
    type Err = NotationError;

    /// Parses mpsz; a kind written twice is in the set once.
    fn from_str(s: &str) -> Result<TileSet, NotationError> {
        Ok(parse_tiles(s)?.into_iter().collect())
    }
}

impl fmt::Display for TileSet {
    /// mpsz, each kind once, in kind order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_tiles(&self.to_vec()))
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

    /// Four of every kind: exactly [`MAX_TILES`] tiles.
    const ALL_FOUR: &str = concat!(
        "111122223333444455556666777788889999m",
        "111122223333444455556666777788889999p",
        "111122223333444455556666777788889999s",
        "1111222233334444555566667777z",
    );

    #[rstest]
    #[case::plain("123m456p789s1122z", "123m456p789s1122z")]
    #[case::spaces("123m 456p  789s", "123m456p789s")]
    #[case::red("406p", "406p")]
    #[case::repeated_suit("1m2m3m", "123m")]
    #[case::unsorted_kept("9m1m", "91m")]
    #[case::empty("", "")]
    #[case::honors("1234567z", "1234567z")]
    #[case::at_the_limit(ALL_FOUR, ALL_FOUR)]
    #[case::at_the_limit_spaced(&"1m ".repeat(MAX_TILES), &format!("{}m", "1".repeat(MAX_TILES)))]
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
    #[case::too_many(&format!("{ALL_FOUR}1m"), "more than 136 tiles (column 141)")]
    #[case::too_many_in_a_run(&"1234567z".repeat(20), "more than 136 tiles (column 156)")]
    #[case::too_many_spaced(&"1m ".repeat(140), "more than 136 tiles (column 409)")]
    #[case::too_many_one_run(&format!("{}p", "0".repeat(1000)), "more than 136 tiles (column 137)")]
    #[case::notation_later_wins(&format!("{}8z", "1m".repeat(200)), "8z is not a tile (column 401)")]
    #[case::no_suit_later_wins(&format!("{ALL_FOUR}1m 2"), "digits without a suit at column 144")]
    #[case::bad_digit_late_in_a_long_run(&format!("{}9z", "1".repeat(1000)), "9z is not a tile (column 1001)")]
    #[case::first_bad_digit_of_a_run(&format!("{}098z", "1".repeat(200)), "0z is not a tile (column 201)")]
    #[case::long_run_without_suit(&"1".repeat(1000), "digits without a suit at column 1")]
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
