//! Reading mpsz takes memory bounded by the 136-tile limit, whatever the length of the text: a
//! counting allocator measures the peak heap of each parse of 10 MB texts. One test in this
//! binary, so no other test allocates while it measures.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_tiles::notation::{parse_hand, parse_pieces, parse_pieces_with_columns, parse_tiles};
use mj_tiles::{NotationError, Piece, Tile, TileCounts, TileSet};

/// The heap, counted (`mj_testkit::alloc`).
#[global_allocator]
static HEAP: mj_testkit::alloc::Counting = mj_testkit::alloc::Counting::new();

/// Far below one byte per input byte (the parse of a 10 MB text may keep 137 pieces and a
/// buffer of as many digits: a few KiB).
const BOUND: usize = 64 * 1024;

/// Runs `parse` and checks its answer and that its heap peak stayed under [`BOUND`].
fn check<T: PartialEq + core::fmt::Debug>(name: &str, parse: impl FnOnce() -> T, expected: T) {
    let (got, peak) = HEAP.peak_during(parse);
    assert_eq!(got, expected, "{name}");
    assert!(peak < BOUND, "{name}: {peak} bytes at the peak");
}

#[test]
fn ten_megabyte_texts_parse_in_bounded_memory() {
    const TEN_MB: usize = 10 * 1024 * 1024;
    let too_many = NotationError::TooManyTiles { column: 137 };

    let ones = format!("{}m", "1".repeat(TEN_MB));
    let fifth = NotationError::FifthCopy {
        column: 5,
        tile: Tile::ALL[0],
    };
    check(
        "ones: pieces",
        || parse_pieces(&ones),
        Err(too_many.clone()),
    );
    check("ones: tiles", || parse_tiles(&ones), Err(too_many.clone()));
    check(
        "ones: columns",
        || parse_pieces_with_columns(&ones),
        Err(too_many.clone()),
    );
    check("ones: set", || ones.parse::<TileSet>(), Err(too_many));
    check(
        "ones: counts",
        || ones.parse::<TileCounts>(),
        Err(fifth.clone()),
    );
    check("ones: hand", || parse_hand(&ones), Err(fifth));
    check(
        "ones: one piece",
        || ones.parse::<Piece>(),
        Err(NotationError::NotOneTile { found: TEN_MB }),
    );

    let spaces = " ".repeat(TEN_MB);
    check("spaces: pieces", || parse_pieces(&spaces), Ok(Vec::new()));
    check(
        "spaces: counts",
        || spaces.parse::<TileCounts>(),
        Ok(TileCounts::EMPTY),
    );

    let junk = "x".repeat(TEN_MB);
    let at_first = NotationError::UnexpectedChar {
        column: 1,
        found: 'x',
    };
    check(
        "junk: pieces",
        || parse_pieces(&junk),
        Err(at_first.clone()),
    );
    check("junk: counts", || junk.parse::<TileCounts>(), Err(at_first));

    // Notation errors at the very end win over the limit and the fifth copies before them, so
    // the whole text is read (without keeping it).
    let junk_at_end = format!("{}x", "1m ".repeat(TEN_MB / 3));
    let at_end = NotationError::UnexpectedChar {
        column: TEN_MB / 3 * 3 + 1,
        found: 'x',
    };
    check(
        "junk at the end: pieces",
        || parse_pieces(&junk_at_end),
        Err(at_end.clone()),
    );
    check(
        "junk at the end: hand",
        || parse_hand(&junk_at_end),
        Err(at_end),
    );
    let bad_digit_at_end = format!("{}8z", "1".repeat(TEN_MB));
    check(
        "a bad digit at the end of a long run",
        || bad_digit_at_end.parse::<TileCounts>(),
        Err(NotationError::NotATile {
            column: TEN_MB + 1,
            digit: '8',
            letter: 'z',
        }),
    );
    let no_suit = "1".repeat(TEN_MB);
    check(
        "a long run without a suit",
        || parse_pieces(&no_suit),
        Err(NotationError::DigitsWithoutSuit { column: 1 }),
    );
}
