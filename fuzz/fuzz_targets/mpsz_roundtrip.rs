//! mpsz notation: any text either fails to parse with an error, or parses to pieces whose
//! formatted form parses back to the same pieces (and the same counts through `parse_hand`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use mj_tiles::notation::{format_pieces, parse_hand, parse_pieces};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pieces) = parse_pieces(text) else {
        return;
    };
    let written = format_pieces(&pieces);
    let again = parse_pieces(&written).expect("formatted pieces parse");
    assert_eq!(again, pieces, "{text:?} -> {written:?}");
    if let Ok((hand_pieces, counts)) = parse_hand(text) {
        assert_eq!(hand_pieces, pieces, "{text:?}");
        let (_, counts_again) = parse_hand(&written).expect("formatted hand parses");
        assert_eq!(counts_again, counts, "{text:?}");
        assert_eq!(
            counts.to_string().parse::<mj_tiles::TileCounts>().ok(),
            Some(counts)
        );
    }
});
