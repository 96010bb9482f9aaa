//! `mj bot --package OUT.zip --player NAME`: an mjai.app submission of one of our players.
//!
//! mjai.app unpacks a submission (`unzip`) and runs `python -u bot.py PLAYER_ID` in it,
//! speaking its protocol on standard input and output (see [`crate::bot_cmd`]). The zip holds:
//! - `mj`: the running `mj` executable (mjai.app runs Linux x86_64, so the package is made by
//!   a Linux x86_64 build, preferably a release one), mode 755;
//! - `bot.py`: replaces itself with `mj bot --player NAME PLAYER_ID` (`os.execv`), so the
//!   protocol goes straight to `mj`;
//!
//! deflated, with fixed timestamps (the same executable and player make the same bytes), and
//! at most mjai.app's 300 MB.

use std::io::Write as _;

use flate2::Compression;
use flate2::write::DeflateEncoder;

/// mjai.app's limit on a submission.
pub const MAX_BYTES: u64 = 300 * 1000 * 1000;

/// What [`package`] wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packaged {
    /// Bytes of the zip.
    pub bytes: u64,
    /// Bytes of the executable inside (uncompressed).
    pub executable: u64,
}

/// The `bot.py` of a package playing `player`.
pub fn bot_py(player: &str) -> String {
    format!(
        r#""""mjai.app submission: the `{player}` player of the mj engine (`mj bot`).

mjai.app runs `python -u bot.py PLAYER_ID`; this replaces itself with
`./mj bot --player {player} PLAYER_ID`, which speaks mjai.app's protocol on standard input and
output (a JSON array of events a line, one JSON answer a line).
Made by `mj bot --package OUT.zip --player {player}`.
"""

import os
import stat
import sys

here = os.path.dirname(os.path.abspath(__file__))
exe = os.path.join(here, "mj")
mode = os.stat(exe).st_mode
if not mode & stat.S_IXUSR:
    # An unzip that drops the modes (Python's zipfile does): make it runnable again.
    os.chmod(exe, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
player_id = sys.argv[1] if len(sys.argv) > 1 else "0"
os.execv(exe, [exe, "bot", "--player", "{player}", player_id])
"#
    )
}

/// Writes the submission zip of `player` to `out`, with the running executable inside.
///
/// # Errors
/// An unknown player, an executable for another platform than mjai.app's (Linux x86_64), a
/// package above 300 MB, or a file that cannot be read or written.
pub fn package(player: &str, out: &str) -> Result<Packaged, String> {
    mj_bot::registry::make(player, 0).map_err(|e| format!("--player: {e}"))?;
    if !(cfg!(target_os = "linux") && cfg!(target_arch = "x86_64")) {
        return Err(
            "mjai.app runs Linux x86_64 executables: run --package with a Linux x86_64 build of mj"
                .into(),
        );
    }
    let exe = std::env::current_exe().map_err(|e| format!("the running executable: {e}"))?;
    let binary = std::fs::read(&exe).map_err(|e| format!("reading {}: {e}", exe.display()))?;
    let script = bot_py(player);
    let zip = zip(&[("bot.py", script.as_bytes(), 0o644), ("mj", &binary, 0o755)])
        .map_err(|e| format!("compressing: {e}"))?;
    let bytes = zip.len() as u64;
    if bytes > MAX_BYTES {
        return Err(format!(
            "the package would be {bytes} bytes, above mjai.app's {MAX_BYTES}"
        ));
    }
    std::fs::write(out, &zip).map_err(|e| format!("{out}: {e}"))?;
    Ok(Packaged {
        bytes,
        executable: binary.len() as u64,
    })
}

/// A zip archive (deflated entries, Unix modes, 1980-01-01 timestamps) of `(name, bytes, mode)`.
fn zip(files: &[(&str, &[u8], u32)]) -> std::io::Result<Vec<u8>> {
    const DATE: u16 = (1 << 5) | 1; // 1980-01-01, MS-DOS format
    let mut out: Vec<u8> = Vec::new();
    let mut central: Vec<u8> = Vec::new();
    let u16le = |v: &mut Vec<u8>, x: u16| v.extend_from_slice(&x.to_le_bytes());
    let u32le = |v: &mut Vec<u8>, x: u32| v.extend_from_slice(&x.to_le_bytes());
    let too_big = || std::io::Error::other("an entry above 4 GiB");
    for &(name, data, mode) in files {
        let mut crc = flate2::Crc::new();
        crc.update(data);
        let mut enc = DeflateEncoder::new(Vec::new(), Compression::default());
        enc.write_all(data)?;
        let packed = enc.finish()?;
        let offset = u32::try_from(out.len()).map_err(|_| too_big())?;
        let csize = u32::try_from(packed.len()).map_err(|_| too_big())?;
        let usize_ = u32::try_from(data.len()).map_err(|_| too_big())?;
        let name_len = u16::try_from(name.len()).map_err(|_| too_big())?;
        // The fields a local header and a central directory entry share.
        let common = |v: &mut Vec<u8>| {
            u16le(v, 20); // version needed: 2.0 (deflate)
            u16le(v, 0); // flags
            u16le(v, 8); // deflate
            u16le(v, 0); // time
            u16le(v, DATE);
            u32le(v, crc.sum());
            u32le(v, csize);
            u32le(v, usize_);
            u16le(v, name_len);
            u16le(v, 0); // extra field
        };
        u32le(&mut out, 0x0403_4b50);
        common(&mut out);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(&packed);
        u32le(&mut central, 0x0201_4b50);
        u16le(&mut central, (3 << 8) | 20); // made by Unix, 2.0
        common(&mut central);
        u16le(&mut central, 0); // comment
        u16le(&mut central, 0); // disk
        u16le(&mut central, 0); // internal attributes
        u32le(&mut central, (0o100_000 | mode) << 16); // a regular file with its mode
        u32le(&mut central, offset);
        central.extend_from_slice(name.as_bytes());
    }
    let cd_offset = u32::try_from(out.len()).map_err(|_| too_big())?;
    let cd_size = u32::try_from(central.len()).map_err(|_| too_big())?;
    let n = u16::try_from(files.len()).map_err(|_| too_big())?;
    out.extend_from_slice(&central);
    u32le(&mut out, 0x0605_4b50);
    u16le(&mut out, 0);
    u16le(&mut out, 0);
    u16le(&mut out, n);
    u16le(&mut out, n);
    u32le(&mut out, cd_size);
    u32le(&mut out, cd_offset);
    u16le(&mut out, 0);
    Ok(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    #[test]
    fn a_zip_that_unzip_reads_back() {
        let dir = std::env::temp_dir().join(format!("mj-zip-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let data: Vec<u8> = (0..100_000u32).map(|i| (i * 7 % 251) as u8).collect();
        let z = zip(&[("a.txt", b"hello\n", 0o644), ("b", &data, 0o755)]).unwrap();
        let path = dir.join("t.zip");
        std::fs::write(&path, &z).unwrap();
        // Python's zipfile is an independent reader: names, contents, CRCs and modes.
        let check = "import sys, zipfile\n\
            z = zipfile.ZipFile(sys.argv[1])\n\
            assert z.testzip() is None\n\
            print(sorted((i.filename, i.file_size, oct(i.external_attr >> 16)) for i in z.infolist()))\n\
            assert z.read('a.txt') == b'hello\\n'\n\
            assert z.read('b') == bytes(i * 7 % 251 for i in range(100000))\n";
        match std::process::Command::new("python3")
            .arg("-c")
            .arg(check)
            .arg(&path)
            .output()
        {
            Ok(o) => {
                let text = String::from_utf8_lossy(&o.stdout);
                assert!(
                    o.status.success(),
                    "{text} {}",
                    String::from_utf8_lossy(&o.stderr)
                );
                assert_eq!(
                    text.trim(),
                    "[('a.txt', 6, '0o100644'), ('b', 100000, '0o100755')]"
                );
            }
            Err(e) => eprintln!("SKIPPED: python3 not found ({e}); the zip was not read back"),
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
