//! The committed blob is fresh, reproducible, and refused when damaged.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_tables::blob::{self, TableError};
use mj_tables::layout::{FORMAT_VERSION, SUITED_PATTERNS};
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

#[test]
fn committed_blob_loads_and_is_within_budget() {
    let tables = Tables::committed().unwrap();
    assert!(tables.wait_class_count() > 0);
    assert!(
        COMMITTED_BLOB.len() <= 4 << 20,
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

#[test]
fn a_resealed_blob_with_a_bad_reference_is_refused() {
    // Point a suited shape at a wait class that does not exist and fix the checksum: the
    // cross-reference check must still refuse it.
    let mut bytes = COMMITTED_BLOB.to_vec();
    let sections = blob::parse(COMMITTED_BLOB).unwrap();
    let waits_at = sections[6].as_ptr() as usize - COMMITTED_BLOB.as_ptr() as usize;
    bytes[waits_at..waits_at + 2].copy_from_slice(&u16::MAX.to_le_bytes());
    let sum = blob::fnv1a64(&bytes[32..]);
    bytes[24..32].copy_from_slice(&sum.to_le_bytes());
    let err = Tables::from_bytes(&bytes).expect_err("bad wait class");
    assert!(err.to_string().contains("wait class"), "{err}");
}
