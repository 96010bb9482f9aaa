//! The real games the fitted models (`imitation`'s discards, the reading of other seats) are
//! fitted on and measured with: the Tenhou `*.mjlog` files of a folder, split by the last
//! character of the file's stem (the last hex digit of the game's id). Games ending in `0`-`4`
//! (about 5 in 16) are held out: never fitted, only measured.

use std::path::{Path, PathBuf};

/// `true` for a game held out of every fit (its stem ends in `0`-`4`).
pub fn is_held_out(path: &Path) -> bool {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    stem.ends_with(['0', '1', '2', '3', '4'])
}

/// The `*.mjlog` files of `dir`, sorted, split into (fitted, held out).
///
/// # Errors
/// The folder or one of its entries cannot be read.
pub fn split(dir: &Path) -> std::io::Result<(Vec<PathBuf>, Vec<PathBuf>)> {
    let mut files = Vec::new();
    for e in std::fs::read_dir(dir)? {
        let p = e?.path();
        if p.extension().is_some_and(|x| x == "mjlog") {
            files.push(p);
        }
    }
    files.sort();
    Ok(files.into_iter().partition(|p| !is_held_out(p)))
}
