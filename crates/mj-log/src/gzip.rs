//! Bounded gzip: a log is a few hundred KiB, so expansion stops at a limit (64 MiB unless the
//! caller sets another) and a gzip bomb costs at most that much memory, never all of it.

use std::io::Read as _;

use crate::LogError;

/// Most bytes a compressed log may expand to unless [`Limits::max_bytes`] says otherwise.
pub const DEFAULT_MAX_BYTES: u64 = 64 << 20;

/// How much a log may cost to read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most bytes a log may hold once gzip is undone (and most a plain log may hold).
    pub max_bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_bytes: DEFAULT_MAX_BYTES,
        }
    }
}

/// `true` when `bytes` start with gzip's magic number.
pub fn is_gzip(bytes: &[u8]) -> bool {
    bytes.starts_with(&[0x1f, 0x8b])
}

/// The bytes of a log, gzip undone when they are compressed (several gzip members in a row,
/// as `cat a.gz b.gz` makes, are read as one stream).
///
/// # Errors
/// [`LogError::Gzip`] for a damaged stream, [`LogError::TooLarge`] past the limit: reading
/// stops there, and the buffer never grows past the limit (at most about twice the limit is
/// held while it grows).
pub fn decompress(bytes: &[u8], limits: Limits) -> Result<Vec<u8>, LogError> {
    let limit = usize::try_from(limits.max_bytes).unwrap_or(usize::MAX);
    let too_large = || LogError::TooLarge {
        limit: limits.max_bytes,
    };
    if !is_gzip(bytes) {
        if bytes.len() > limit {
            return Err(too_large());
        }
        return Ok(bytes.to_vec());
    }
    let mut decoder = flate2::read::MultiGzDecoder::new(bytes);
    let mut chunk = vec![0u8; 1 << 16];
    let mut out: Vec<u8> = Vec::new();
    loop {
        let n = match decoder.read(&mut chunk) {
            Ok(0) => return Ok(out),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(LogError::Gzip { why: e.to_string() }),
        };
        let len = out.len() + n;
        if len > limit {
            return Err(too_large());
        }
        if out.capacity() < len {
            // Doubling, but never past the limit.
            let want = out.capacity().saturating_mul(2).max(len).min(limit);
            out.reserve_exact(want - out.len());
        }
        out.extend_from_slice(&chunk[..n]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write as _;

    fn gz(data: &[u8]) -> Vec<u8> {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        let _ = e.write_all(data);
        e.finish().unwrap_or_default()
    }

    #[test]
    fn plain_and_gzipped_read_the_same() {
        let text = b"<mjloggm ver=\"2.3\"></mjloggm>";
        assert_eq!(
            decompress(text, Limits::default()).ok(),
            Some(text.to_vec())
        );
        assert_eq!(
            decompress(&gz(text), Limits::default()).ok(),
            Some(text.to_vec())
        );
        // Two members in a row are one stream.
        let two = [gz(b"ab"), gz(b"cd")].concat();
        assert_eq!(
            decompress(&two, Limits::default()).ok(),
            Some(b"abcd".to_vec())
        );
    }

    #[test]
    fn a_bomb_stops_at_the_limit() {
        // 64 MiB of zeros compress to about 64 KiB; with a 1 MiB limit reading stops there.
        let bomb = gz(&vec![0u8; 64 << 20]);
        assert!(bomb.len() < 200_000, "{}", bomb.len());
        let small = Limits { max_bytes: 1 << 20 };
        assert_eq!(
            decompress(&bomb, small),
            Err(LogError::TooLarge { limit: 1 << 20 })
        );
        // The override lets it through.
        let big = Limits {
            max_bytes: 64 << 20,
        };
        assert_eq!(decompress(&bomb, big).map(|v| v.len()), Ok(64 << 20));
        // A plain text over the limit is refused the same way.
        assert!(decompress(&[b' '; 100], Limits { max_bytes: 10 }).is_err());
    }

    #[test]
    fn damaged_gzip_is_an_error() {
        let mut g = gz(b"hello world, hello world");
        let n = g.len();
        g.truncate(n - 6);
        assert!(matches!(
            decompress(&g, Limits::default()),
            Err(LogError::Gzip { .. })
        ));
        assert!(decompress(&[0x1f, 0x8b, 0, 0], Limits::default()).is_err());
    }
}
