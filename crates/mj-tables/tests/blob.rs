//! The committed blob is fresh, reproducible, and refused when damaged.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_tables::blob::{self, TableError};
use mj_tables::layout::{FORMAT_VERSION, SUITED_PATTERNS, Section};
use mj_tables::{COMMITTED_BLOB, Tables};
use rstest::rstest;

#[test]
fn committed_blob_is_fresh_and_generation_is_reproducible() {
    let first = mj_tables::generate::generate(&mut |_| {}).unwrap().bytes;
    let second = mj_tables::generate::generate(&mut |_| {}).unwrap().bytes;
    assert!(first == second, "two generations differ");
    assert!(
        first == COMMITTED_BLOB,
        "crates/mj-tables/data/tables.bin is stale: run `cargo xtask gen-tables` and commit it"
    );
}

/// The table budget: 6 MiB (wait masks stored per shape; see `mj_tables::layout`, "Budget").
const BUDGET: usize = 6 << 20;

#[test]
fn committed_blob_loads_and_is_within_budget() {
    let tables = Tables::committed().unwrap();
    // 12m + 55m: drawing 3m lowers the melds and the pair need, 5m the melds need only.
    let shape = mj_tiles::Eigen::new(0x20011).unwrap();
    assert_eq!(tables.suited_waits(shape).melds(), 0b10100);
    assert!(
        COMMITTED_BLOB.len() <= BUDGET,
        "blob is {} bytes",
        COMMITTED_BLOB.len()
    );
    let sections = blob::parse(COMMITTED_BLOB).unwrap();
    assert_eq!(sections[0].len(), SUITED_PATTERNS);
}

fn damaged(edit: impl Fn(&mut Vec<u8>)) -> Vec<u8> {
    let mut bytes = COMMITTED_BLOB.to_vec();
    edit(&mut bytes);
    bytes
}

#[rstest]
#[case::empty(Vec::new(), "truncated")]
#[case::magic(damaged(|b| b[0] = b'X'), "bad magic")]
#[case::version(damaged(|b| b[8..12].copy_from_slice(&(FORMAT_VERSION + 1).to_le_bytes())), "format version")]
#[case::truncated(damaged(|b| b.truncate(b.len() - 8)), "length")]
#[case::payload_bit(damaged(|b| { let n = b.len() / 2; b[n] ^= 1; }), "checksum")]
#[case::last_byte(damaged(|b| { let n = b.len() - 1; b[n] ^= 0x80; }), "checksum")]
fn damaged_blobs_are_refused(#[case] bytes: Vec<u8>, #[case] expected: &str) {
    let err: TableError = Tables::from_bytes(&bytes).expect_err(expected);
    assert!(
        err.to_string().contains(expected),
        "{err} should mention {expected}"
    );
}

/// The blob with `bytes` written at `at` within section `section`, its checksum fixed.
fn resealed(section: Section, at: usize, bytes: &[u8]) -> Vec<u8> {
    let mut out = COMMITTED_BLOB.to_vec();
    let sections = blob::parse(COMMITTED_BLOB).unwrap();
    let i = Section::ALL.iter().position(|&s| s == section).unwrap();
    let start = sections[i].as_ptr() as usize - COMMITTED_BLOB.as_ptr() as usize + at;
    out[start..start + bytes.len()].copy_from_slice(bytes);
    let sum = blob::fnv1a64(&out[32..]);
    out[24..32].copy_from_slice(&sum.to_le_bytes());
    out
}

#[rstest]
// The empty high pattern's block (all 625 low patterns) moved past the end of the ranked masks.
#[case::high_offset(resealed(Section::HighOffset, 0, &886_000u32.to_le_bytes()), "high-offset")]
// The empty low pattern ranked where a larger pattern's rank belongs.
#[case::low_rank(resealed(Section::LowRank, 0, &5u32.to_le_bytes()), "low-rank")]
fn a_resealed_blob_with_a_bad_ranking_is_refused(#[case] bytes: Vec<u8>, #[case] expected: &str) {
    let err = Tables::from_bytes(&bytes).expect_err(expected);
    assert!(err.to_string().contains(expected), "{err}");
}
