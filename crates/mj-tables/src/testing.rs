//! Test support (feature `testing`, not a stable API): the damaged-blob cases every crate with a
//! committed blob in the workspace's container format checks its reader against, so the list is
//! written once.

/// One damaged blob: a name for the failure message, the bytes, and a fragment the reader's
/// error message must contain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DamagedBlob {
    /// What was damaged.
    pub name: &'static str,
    /// The damaged bytes.
    pub bytes: Vec<u8>,
    /// A fragment of the error the reader must give.
    pub expected: &'static str,
}

/// The damaged variants of `blob` (a valid blob in the container format: magic in bytes 0-7,
/// format version from byte 8, an FNV-1a checksum over the payload): empty, a wrong magic, a
/// wrong version, cut short, one payload bit flipped, and `other` (a valid blob of another
/// kind, refused for its magic).
pub fn damaged_blobs(blob: &[u8], other: &[u8]) -> Vec<DamagedBlob> {
    let changed = |f: &dyn Fn(&mut Vec<u8>)| {
        let mut b = blob.to_vec();
        f(&mut b);
        b
    };
    let case = |name, bytes, expected| DamagedBlob {
        name,
        bytes,
        expected,
    };
    vec![
        case("empty", Vec::new(), "truncated"),
        case("magic", changed(&|b| b[0] = b'X'), "bad magic"),
        case("version", changed(&|b| b[8] ^= 1), "format version"),
        case(
            "truncated",
            blob[..blob.len().saturating_sub(8)].to_vec(),
            "length",
        ),
        case(
            "payload",
            changed(&|b| {
                let n = b.len() / 2;
                b[n] ^= 4;
            }),
            "checksum",
        ),
        case("other blob", other.to_vec(), "bad magic"),
    ]
}
