//! `mj parse <hand>`: a hand shown every way the workspace writes tiles.

use mj_tiles::notation::{chinese_names, format_pieces, format_tiles, glyphs, parse_hand};
use mj_tiles::{NotationError, Tile};

/// A hand that `mj parse` cannot read: the text and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid hand: {error}")]
pub struct ParseError {
    /// The hand as given.
    pub text: String,
    /// What is wrong, and at which column (a fifth copy is [`NotationError::FifthCopy`]).
    pub error: NotationError,
}

impl ParseError {
    /// The 1-based column (in characters) the error points at, if it has one.
    pub fn column(&self) -> Option<usize> {
        match self.error {
            NotationError::DigitsWithoutSuit { column }
            | NotationError::SuitWithoutDigits { column, .. }
            | NotationError::NotATile { column, .. }
            | NotationError::UnexpectedChar { column, .. }
            | NotationError::FifthCopy { column, .. }
            | NotationError::TooManyTiles { column } => Some(column),
            NotationError::NotOneTile { .. } => None,
        }
    }

    /// The message, then the hand with a caret under the column:
    ///
    /// ```text
    /// invalid hand: 8z is not a tile (column 5)
    ///   123m8z
    ///       ^
    /// ```
    pub fn report(&self) -> String {
        let mut out = self.to_string();
        if let Some(column) = self.column() {
            // Tabs stay tabs so the caret lines up in a terminal.
            let pad: String = self
                .text
                .chars()
                .take(column.saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let shown: String = self
                .text
                .chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect();
            out.push_str(&format!("\n  {shown}\n  {pad}^"));
        }
        out
    }
}

/// The text `mj parse` prints for a hand, one labelled line each: the normalized mpsz (kind
/// order, red fives as fives), the same with red fives kept as `0` (only when the hand has one),
/// the Unicode glyphs, the Chinese names, the count of each kind held, and the totals.
///
/// ```
/// let text = mj_cli::parse_cmd::render("5z 406p 11z").unwrap();
/// assert_eq!(text, "\
/// mpsz     456p115z
/// with red 406p115z
/// glyphs   🀜🀝🀞🀀🀀🀆
/// chinese  四筒 五筒 六筒 东 东 白
/// counts   4p:1 5p:1 6p:1 1z:2 5z:1
/// total    6 tiles, 5 kinds
/// ");
/// ```
pub fn render(text: &str) -> Result<String, ParseError> {
    let (mut pieces, counts) = parse_hand(text).map_err(|error| ParseError {
        text: text.to_owned(),
        error,
    })?;
    pieces.sort_by_key(|p| (p.tile(), !p.is_red()));
    let tiles: Vec<Tile> = counts.tiles().collect();
    let per_kind: Vec<String> = counts
        .kinds()
        .iter()
        .map(|t| format!("{t}:{}", counts.get(t)))
        .collect();
    let mut lines = vec![format!("mpsz     {}", format_tiles(&tiles))];
    if pieces.iter().any(|p| p.is_red()) {
        lines.push(format!("with red {}", format_pieces(&pieces)));
    }
    lines.push(format!("glyphs   {}", glyphs(&tiles)));
    lines.push(format!("chinese  {}", chinese_names(&tiles)));
    lines.push(format!("counts   {}", per_kind.join(" ")));
    lines.push(format!(
        "total    {} tiles, {} kinds",
        counts.total(),
        counts.kinds().len()
    ));
    let mut out = String::new();
    for line in lines {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

    #[test]
    fn full_hand() {
        let text = render("123m406p789s1122z").unwrap();
        assert_eq!(
            text,
            "mpsz     123m456p789s1122z\n\
             with red 123m406p789s1122z\n\
             glyphs   \u{1F007}\u{1F008}\u{1F009}\u{1F01C}\u{1F01D}\u{1F01E}\u{1F016}\u{1F017}\u{1F018}\u{1F000}\u{1F000}\u{1F001}\u{1F001}\n\
             chinese  一万 二万 三万 四筒 五筒 六筒 七条 八条 九条 东 东 南 南\n\
             counts   1m:1 2m:1 3m:1 4p:1 5p:1 6p:1 7s:1 8s:1 9s:1 1z:2 2z:2\n\
             total    13 tiles, 11 kinds\n"
        );
    }

    #[rstest]
    #[case::sorted("9m1m", "mpsz     19m")]
    #[case::no_red_line("55m", "mpsz     55m\nglyphs")]
    #[case::red_before_plain("505s", "mpsz     555s\nwith red 055s")]
    #[case::empty("", "mpsz\nglyphs\nchinese\ncounts\ntotal    0 tiles, 0 kinds")]
    fn output_starts(#[case] hand: &str, #[case] start: &str) {
        let text = render(hand).unwrap_or_else(|e| panic!("{hand:?}: {e}"));
        assert!(text.starts_with(start), "input {hand:?} gave\n{text}");
    }

    #[rstest]
    #[case::bad_char(
        "123m 45x",
        "invalid hand: unexpected character 'x' at column 8\n  123m 45x\n         ^"
    )]
    #[case::fifth(
        "11111m",
        "invalid hand: fifth copy of 1m at column 5\n  11111m\n      ^"
    )]
    #[case::no_suit("12", "invalid hand: digits without a suit at column 1\n  12\n  ^")]
    #[case::over_the_limit(
        &"1234567z".repeat(20),
        &format!(
            "invalid hand: fifth copy of 1z at column 33\n  {}\n  {}^",
            "1234567z".repeat(20),
            " ".repeat(32)
        )
    )]
    fn errors_point_at_the_column(#[case] hand: &str, #[case] report: &str) {
        let err = render(hand).expect_err(hand);
        assert_eq!(err.report(), report, "input {hand:?}");
    }
}
