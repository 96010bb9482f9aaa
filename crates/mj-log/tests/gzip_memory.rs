//! A gzip bomb costs at most its limit: 256 MiB of zeros in four gzip members (a few hundred
//! KiB on disk) read with a 16 MiB limit is refused as too large, and the reader's heap never
//! holds more than about twice the limit while it tries; the default limit (64 MiB) and its
//! override behave the same way.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test crate

use std::io::Write as _;

use mj_log::{Limits, LogError};

#[global_allocator]
static HEAP: mj_testkit::alloc::Counting = mj_testkit::alloc::Counting::new();

fn gz(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

#[test]
fn a_gzip_bomb_is_refused_within_its_limit() {
    let member = gz(&vec![0u8; 64 << 20]);
    let bomb: Vec<u8> = member
        .iter()
        .copied()
        .cycle()
        .take(member.len() * 4)
        .collect();
    println!("bomb: {} bytes on disk, {} MiB expanded", bomb.len(), 256);
    assert!(bomb.len() < 1 << 20);
    for limit in [16u64 << 20, 64 << 20] {
        let (res, peak) =
            HEAP.peak_during(|| mj_log::read_with(&bomb, Limits { max_bytes: limit }));
        assert_eq!(res.err(), Some(LogError::TooLarge { limit }));
        println!("limit {} MiB: peak heap {} MiB", limit >> 20, peak >> 20);
        assert!(
            (peak as u64) < 2 * limit + (1 << 20),
            "peak {peak} bytes for a limit of {limit}"
        );
    }
    // The default limit is 64 MiB; a limit above what a stream expands to reads it through
    // (zeros are no log: an error of the format, not of its size).
    assert_eq!(
        mj_log::read(&bomb).err(),
        Some(LogError::TooLarge {
            limit: mj_log::DEFAULT_MAX_BYTES
        })
    );
    let small = gz(&vec![0u8; 8 << 20]);
    assert_eq!(
        mj_log::read_with(&small, Limits { max_bytes: 4 << 20 }).err(),
        Some(LogError::TooLarge { limit: 4 << 20 })
    );
    let err = mj_log::read_with(&small, Limits { max_bytes: 8 << 20 }).err();
    assert!(
        !matches!(err, Some(LogError::TooLarge { .. } | LogError::Gzip { .. })),
        "{err:?}"
    );
}
