//! The three blob loaders (`mj_tables::Tables`, `mj_agari::AgariTables`,
//! `mj_ai::ShantenTables`): any bytes give an error or a validated table, never a panic.
//!
//! The first byte picks the loader; the second the mode: raw bytes (mostly stopped by the
//! header and checksum), or the committed blob with the input's edits (offset, byte) applied and
//! its checksum recomputed, so the fuzzer reaches the section and content validation.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mj_tables::blob::fnv1a64;

/// The blob header's length; the checksum (FNV-1a 64 of the bytes after the header) is at 24.
const HEADER: usize = 32;

fn edited(committed: &[u8], edits: &[u8]) -> Vec<u8> {
    let mut blob = committed.to_vec();
    for edit in edits.chunks_exact(5) {
        let at = u32::from_le_bytes([edit[0], edit[1], edit[2], edit[3]]) as usize;
        if blob.is_empty() {
            break;
        }
        let at = at % blob.len();
        blob[at] = edit[4];
    }
    // A short last edit truncates the blob there.
    if let [a, b] = edits.chunks_exact(5).remainder() {
        let keep = usize::from(u16::from_le_bytes([*a, *b])) * 64;
        blob.truncate(keep.max(HEADER));
    }
    if blob.len() >= HEADER {
        let sum = fnv1a64(&blob[HEADER..]);
        blob[24..32].copy_from_slice(&sum.to_le_bytes());
    }
    blob
}

fuzz_target!(|data: &[u8]| {
    let [which, mode, rest @ ..] = data else {
        return;
    };
    let committed: &[u8] = match which % 3 {
        0 => mj_tables::COMMITTED_BLOB,
        1 => mj_agari::COMMITTED_BLOB,
        _ => mj_ai::tables::COMMITTED_BLOB,
    };
    let bytes = if mode % 2 == 0 {
        rest.to_vec()
    } else {
        edited(committed, rest)
    };
    match which % 3 {
        0 => drop(mj_tables::Tables::from_bytes(&bytes)),
        1 => drop(mj_agari::AgariTables::from_bytes(&bytes)),
        _ => drop(mj_ai::tables::ShantenTables::from_bytes(&bytes)),
    }
});
