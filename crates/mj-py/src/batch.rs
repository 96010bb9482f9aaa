//! Batch answers over an `(N, 34)` uint8 array of tile counts (row = one hand's concealed tiles,
//! column = kind index: 1m..9m, 1p..9p, 1s..9s, 1z..7z), with the GIL released and the rows
//! split over `threads` OS threads.
//!
//! Every function returns `(values, errors)`: `errors` lists `(row, kind, message)` for each
//! row the engine refused (kinds as the protocol names them: `hand_size`, `fifth_copy`,
//! `invalid_wild`, ...), in row order; such a row's value is False (hu, ready), all False
//! (waits) or [`SHANTEN_ERROR`] (shanten). A bad row never stops the batch. Settings that apply
//! to the whole batch (an unknown preset, a wild tile that is no tile, rules `shanten` cannot
//! answer) raise `MjError` before any row is read.

use std::borrow::Cow;
use std::num::NonZeroUsize;

use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use mj_ai::{AiError, ShapeRules};
use mj_hu::{Checker, Declared, HuError};
use mj_tiles::{EigenHand, Piece, TileCounts, TileSet};

use crate::mj_error;

/// The shanten written for a row that is refused (no hand has it).
pub(crate) const SHANTEN_ERROR: i8 = 127;

/// A refused row: its protocol error kind and message.
type RowError = (&'static str, String);
/// The refused rows of a batch, in order.
type Errors = Vec<(usize, &'static str, String)>;

/// The protocol's error kind of an `mj-hu` error (as `mj batch` maps it).
fn hu_kind(e: &HuError) -> &'static str {
    match e {
        HuError::Notation(_) | HuError::TileNotInRules(_) => "invalid_hand",
        HuError::FifthCopy(_) => "fifth_copy",
        HuError::TooManyWildcards(_) => "invalid_wild",
        HuError::WrongTileCount { .. } => "hand_size",
        HuError::Tables(_) => "internal",
    }
}

/// The protocol's error kind of an `mj-ai` error (as `mj batch` maps it).
fn ai_kind(e: &AiError) -> &'static str {
    match e {
        AiError::Hand(e) => hu_kind(e),
        AiError::WrongSizeForQuestion { .. } => "hand_size",
        AiError::FifthCopy { .. } => "fifth_copy",
        AiError::UnsupportedRules(_) => "unsupported_rules",
        AiError::InvalidCall { .. } | AiError::Tables(_) => "internal",
    }
}

fn counts_of(row: &[u8]) -> Result<TileCounts, RowError> {
    let mut a = [0u8; 34];
    a.copy_from_slice(row);
    TileCounts::new(a).map_err(|e| ("fifth_copy", e.to_string()))
}

fn hu_hand(row: &[u8], wild: TileSet) -> Result<mj_hu::Hand, RowError> {
    mj_hu::Hand::new(counts_of(row)?, &[], wild).map_err(|e| (hu_kind(&e), e.to_string()))
}

/// The batch's rows as one row-major slice (copied only when the array is not C-contiguous).
fn rows<'a>(py: Python<'_>, counts: &'a PyReadonlyArray2<'_, u8>) -> PyResult<Cow<'a, [u8]>> {
    let shape = counts.shape();
    if shape[1] != 34 {
        return Err(PyValueError::new_err(format!(
            "counts must have shape (N, 34), got ({}, {})",
            shape[0], shape[1]
        )));
    }
    let _ = py;
    match counts.as_slice() {
        Ok(s) => Ok(Cow::Borrowed(s)),
        Err(_) => Ok(Cow::Owned(counts.as_array().iter().copied().collect())),
    }
}

/// The rules preset and wild kinds of a batch, or `MjError` as the protocol names it.
fn settings(
    py: Python<'_>,
    rules: &str,
    wild: Option<Vec<String>>,
) -> PyResult<(mj_hu::Rules, TileSet)> {
    let preset =
        mj_hu::Rules::preset(rules).map_err(|e| mj_error(py, "unknown_rules", &e.to_string()))?;
    let mut set = TileSet::EMPTY;
    for (i, text) in wild.unwrap_or_default().iter().enumerate() {
        let piece = text
            .parse::<Piece>()
            .map_err(|e| mj_error(py, "invalid_wild", &format!("wild[{i}]: {e}")))?;
        set.insert(piece.tile());
    }
    Ok((preset, set))
}

/// Most OS threads one batch starts, whatever `threads` asks (a huge request must not start a
/// thread per row).
const MAX_THREADS: usize = 256;

fn thread_count(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
    } else {
        threads.min(MAX_THREADS)
    }
}

/// Answers every 34-count row of `data` into `width` values of `out` each, over `threads`
/// threads (contiguous shares of rows). Returns the refused rows in order.
fn par_rows<T, F>(data: &[u8], width: usize, out: &mut [T], threads: usize, f: F) -> Errors
where
    T: Send,
    F: Fn(&[u8], &mut [T]) -> Result<(), RowError> + Sync,
{
    let n = data.len() / 34;
    let threads = thread_count(threads).clamp(1, n.max(1));
    let per = n.div_ceil(threads).max(1);
    let run = |first: usize, data: &[u8], out: &mut [T]| -> Errors {
        let mut errors = Errors::new();
        for (i, (row, slot)) in data
            .chunks_exact(34)
            .zip(out.chunks_exact_mut(width))
            .enumerate()
        {
            if let Err((kind, message)) = f(row, slot) {
                errors.push((first + i, kind, message));
            }
        }
        errors
    };
    if threads == 1 {
        return run(0, data, out);
    }
    std::thread::scope(|s| {
        let handles: Vec<_> = data
            .chunks(per * 34)
            .zip(out.chunks_mut(per * width))
            .enumerate()
            .map(|(k, (d, o))| {
                let run = &run;
                s.spawn(move || run(k * per, d, o))
            })
            .collect();
        let mut all = Errors::new();
        for h in handles {
            match h.join() {
                Ok(errors) => all.extend(errors),
                // A row's answer never panics; if one did, its share is reported, not lost.
                Err(_) => all.push((usize::MAX, "internal", "a worker thread panicked".into())),
            }
        }
        all
    })
}

/// The shared shape of `hu_batch` and `ready_batch`.
fn bool_batch<'py>(
    py: Python<'py>,
    counts: PyReadonlyArray2<'py, u8>,
    wild: Option<Vec<String>>,
    rules: &str,
    threads: usize,
    ready: bool,
) -> PyResult<(Bound<'py, PyArray1<bool>>, Errors)> {
    let (preset, wild) = settings(py, rules, wild)?;
    let checker = Checker::new(preset).map_err(|e| mj_error(py, "internal", &e.to_string()))?;
    let data = rows(py, &counts)?;
    let n = data.len() / 34;
    let mut out = vec![false; n];
    let honors = preset.honors;
    let errors = py.detach(|| {
        par_rows(&data, 1, &mut out, threads, |row, slot| {
            // The eigen entry points skip building an `mj_hu::Hand` (about half a row's cost);
            // with honors allowed they check what `Hand::new` and the checker check (size,
            // wildcards; counts by `TileCounts::new`). Any refusal is asked again through
            // `Hand` so the row's error is the single call's.
            if honors && let Ok(counts) = counts_of(row) {
                let eigens = EigenHand::from_counts(&counts, wild);
                let answer = if ready {
                    checker.is_ready_eigen(&eigens, Declared::default())
                } else {
                    checker.is_winning_eigen(&eigens, Declared::default())
                };
                if let Ok(answer) = answer {
                    slot[0] = answer;
                    return Ok(());
                }
            }
            let hand = hu_hand(row, wild)?;
            let answer = if ready {
                checker.is_ready(&hand)
            } else {
                checker.is_winning(&hand)
            };
            slot[0] = answer.map_err(|e| (hu_kind(&e), e.to_string()))?;
            Ok(())
        })
    });
    Ok((PyArray1::from_vec(py, out), errors))
}

/// A function of `(N,)` bool answers over [`bool_batch`] (`ready`: is each row ready rather than
/// won).
macro_rules! bool_batch_function {
    ($(#[doc = $doc:literal])* fn $name:ident(ready = $ready:literal);) => {
        $(#[doc = $doc])*
        #[pyfunction]
        #[pyo3(signature = (counts, *, wild=None, rules="generic", threads=1))]
        pub(crate) fn $name<'py>(
            py: Python<'py>,
            counts: PyReadonlyArray2<'py, u8>,
            wild: Option<Vec<String>>,
            rules: &str,
            threads: usize,
        ) -> PyResult<(Bound<'py, PyArray1<bool>>, Errors)> {
            bool_batch(py, counts, wild, rules, threads, $ready)
        }
    };
}

bool_batch_function! {
    /// `hu` of every row: an `(N,)` bool array (each row 3k+2 concealed tiles, no melds) and the
    /// refused rows `[(row, kind, message)]`. `wild`: wildcard kinds (mpsz tiles, as the protocol's
    /// `wild`); `rules`: a preset; `threads`: OS threads (0: one per core; at most 256). The GIL is
    /// released.
    fn hu_batch(ready = false);
}

bool_batch_function! {
    /// Is every row ready (3k+1 concealed tiles, one tile from a win)? An `(N,)` bool array and the
    /// refused rows; arguments as for `hu_batch`.
    fn ready_batch(ready = true);
}

/// The waits of every row (3k+1 concealed tiles) as an `(N, 34)` bool array (True at each kind
/// whose draw wins; the same kinds as `waits`) and the refused rows; arguments as for
/// `hu_batch`.
#[pyfunction]
#[pyo3(signature = (counts, *, wild=None, rules="generic", threads=1))]
pub(crate) fn waits_batch<'py>(
    py: Python<'py>,
    counts: PyReadonlyArray2<'py, u8>,
    wild: Option<Vec<String>>,
    rules: &str,
    threads: usize,
) -> PyResult<(Bound<'py, PyAny>, Errors)> {
    let (preset, wild) = settings(py, rules, wild)?;
    let checker = Checker::new(preset).map_err(|e| mj_error(py, "internal", &e.to_string()))?;
    let data = rows(py, &counts)?;
    let n = data.len() / 34;
    let mut out = vec![false; n * 34];
    let errors = py.detach(|| {
        par_rows(&data, 34, &mut out, threads, |row, slot| {
            let hand = hu_hand(row, wild)?;
            let set = checker
                .waits(&hand)
                .map_err(|e| (hu_kind(&e), e.to_string()))?;
            for t in set.iter() {
                slot[t.index()] = true;
            }
            Ok(())
        })
    });
    let array = PyArray1::from_vec(py, out).reshape([n, 34])?;
    Ok((array.into_any(), errors))
}

/// The shanten of every row (3k+1 or 3k+2 concealed tiles): an `(N,)` int8 array (-1
/// complete, 0 ready; `SHANTEN_ERROR` = 127 on a refused row) and the refused rows. The shanten
/// is the minimum over the shapes the preset allows (as `shanten(...).shanten`); presets that
/// `shanten` cannot answer (`sichuan`, `mcr`) raise `MjError` (`unsupported_rules`).
#[pyfunction]
#[pyo3(signature = (counts, *, wild=None, rules="generic", threads=1))]
pub(crate) fn shanten_batch<'py>(
    py: Python<'py>,
    counts: PyReadonlyArray2<'py, u8>,
    wild: Option<Vec<String>>,
    rules: &str,
    threads: usize,
) -> PyResult<(Bound<'py, PyArray1<i8>>, Errors)> {
    let (preset, wild) = settings(py, rules, wild)?;
    let unmodelled = ShapeRules::unmodelled(&preset);
    if !unmodelled.is_empty() {
        let names: Vec<String> = unmodelled
            .iter()
            .map(|(name, value)| format!("`{name}` is {value}"))
            .collect();
        return Err(mj_error(
            py,
            "unsupported_rules",
            &format!(
                "shanten cannot answer under preset `{rules}`: switch {}",
                names.join(", switch ")
            ),
        ));
    }
    let shape =
        ShapeRules::try_from(&preset).map_err(|e| mj_error(py, ai_kind(&e), &e.to_string()))?;
    let data = rows(py, &counts)?;
    let n = data.len() / 34;
    let mut out = vec![SHANTEN_ERROR; n];
    let errors = py.detach(|| {
        par_rows(&data, 1, &mut out, threads, |row, slot| {
            let counts = counts_of(row)?;
            let s = if wild.is_empty() {
                // The fast entry point: no melds, no wildcards.
                mj_ai::shanten(&counts, shape).map_err(|e| (ai_kind(&e), e.to_string()))?
            } else {
                mj_ai::HandView::new(counts, &[], wild)
                    .map_err(|e| (ai_kind(&e), e.to_string()))?
                    .shanten(shape)
                    .shanten
            };
            slot[0] = s;
            Ok(())
        })
    });
    Ok((PyArray1::from_vec(py, out), errors))
}
