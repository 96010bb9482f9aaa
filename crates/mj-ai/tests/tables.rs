//! The committed shanten blob is fresh, reproducible and refused when damaged; its class counts
//! are frozen.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_ai::tables::{COMMITTED_BLOB, LAYOUT, ShantenTables};
use rstest::rstest;

#[test]
fn committed_blob_is_fresh_and_generation_is_reproducible() {
    let first = mj_ai::generate::generate_blob().unwrap();
    let second = mj_ai::generate::generate_blob().unwrap();
    assert!(first == second, "two generations differ");
    assert!(
        first == COMMITTED_BLOB,
        "crates/mj-ai/data/shanten.bin is stale: run `cargo xtask gen-tables` and commit it"
    );
    let tables = ShantenTables::committed().unwrap();
    assert!(
        *tables == mj_ai::generate::generate(),
        "decoding loses nothing"
    );
    // Class counts ("perft"): any change of the automaton or the combination shows here.
    assert_eq!(
        (
            tables.six_states(),
            tables.sou_honor_classes(),
            tables.size_in_bytes()
        ),
        (1845, 275, 1_015_420)
    );
}

#[test]
fn damaged_blobs_are_refused() {
    let cases = mj_tables::testing::damaged_blobs(COMMITTED_BLOB, mj_tables::COMMITTED_BLOB);
    for case in cases {
        let err = ShantenTables::from_bytes(&case.bytes).expect_err(case.name);
        assert!(
            err.to_string().contains(case.expected),
            "{}: {err}",
            case.name
        );
        // What every analysis answers when the committed blob is refused (never regenerated).
        let refused = mj_ai::AiError::from(err);
        assert!(
            refused.to_string().starts_with("shanten tables: "),
            "{refused}"
        );
    }
}

/// Overwrites section `index` through `edit`, then fixes the checksum, so only the semantic
/// validation can refuse the blob.
fn resealed(index: usize, edit: impl Fn(&mut [u8])) -> Vec<u8> {
    let mut bytes = COMMITTED_BLOB.to_vec();
    let sections = mj_tables::blob::parse_layout(&LAYOUT, &bytes).unwrap();
    let (start, len) = (
        sections[index].as_ptr() as usize - bytes.as_ptr() as usize,
        sections[index].len(),
    );
    edit(&mut bytes[start..start + len]);
    let sum = mj_tables::blob::fnv1a64(&bytes[32..]);
    bytes[24..32].copy_from_slice(&sum.to_le_bytes());
    bytes
}

#[rstest]
#[case::state_out_of_range(0, "six-ranks")]
#[case::class_out_of_range(2, "honor-classes")]
#[case::pair_class_out_of_range(5, "mp-classes")]
#[case::sz_key_out_of_range(6, "sz-keys")]
#[case::distance_too_large(3, "numbered-vectors")]
fn resealed_blobs_with_bad_entries_are_refused(#[case] index: usize, #[case] section: &str) {
    let bytes = resealed(index, |s| s[..4].fill(0xFF));
    let err = ShantenTables::from_bytes(&bytes).unwrap_err();
    assert!(err.to_string().contains(section), "{err}");
}
