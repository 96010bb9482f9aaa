//! The hand ops as typed calls: `hu`, `waits`, `shanten`, `discards`, `agari`.
//!
//! Each reads the hand in the form given (mpsz, 34 counts, 136 ids: `hand`) and the shared
//! arguments (`fields`), then answers in one of two ways, both without JSON:
//!
//! * a concealed hand with the preset's own switches (no `melds`, no `options`) is asked of the
//!   engines directly (`mj_hu::Checker`, `mj_ai`), which is the fast path of `hu`, `waits` and
//!   `shanten`;
//! * anything else, and every hand the engines refuse, is asked of the protocol's typed request
//!   ([`mj_protocol::Request::new`] and its typed answers), so the answer and every error are
//!   exactly `mj batch`'s (kind and message).
//!
//! `raw=True` returns plain values instead of result objects: a bool (`hu`), a tuple of kind
//! indices (`waits`), an int (`shanten`), a tuple of `(kind, shanten, ukeire kinds,
//! ukeire_count)` rows (`discards`).

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyTuple};

use mj_ai::{HandView, ShapeRules};
use mj_hu::Checker;
use mj_protocol::OpError;
use mj_tiles::{Suit, TileCounts, TileSet};

use crate::error::op_error;
use crate::fields::Common;
use crate::hand::{HandTiles, read_hand, read_tiles};
use crate::results::{
    AgariResult, Discard, DiscardsResult, HuResult, ShantenResult, WaitsResult, kind_tuple,
};

/// The hand and the shared arguments of a call.
fn read(
    hand: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    wild: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<(HandTiles, Common)> {
    let tiles = read_hand(hand)?;
    let common = Common::read(&tiles, melds, wild, rules, options)?;
    Ok((tiles, common))
}

fn err(e: OpError) -> PyErr {
    op_error(&e)
}

/// The checker and hand of the fast path, when the call has one and the engine takes the hand.
fn checked(tiles: &HandTiles, common: &Common) -> Option<(Checker, mj_hu::Hand)> {
    if !common.is_plain() {
        return None;
    }
    let checker = Checker::new(common.shapes()).ok()?;
    let hand = mj_hu::Hand::new(tiles.counts, &[], common.wild).ok()?;
    Some((checker, hand))
}

/// `hu` on the fast path, from the tables' offsets of the counts (`mj_hu::HandIndex`) rather
/// than a whole `mj_hu::Hand`: the same answer where the engine answers (a concealed hand of
/// the preset's own switches, 3k+2 tiles, at most eight wildcards, honors only where the rules
/// have them); `None` where it does not.
fn fast_hu(tiles: &HandTiles, common: &Common) -> Option<bool> {
    if !common.is_plain() {
        return None;
    }
    let shapes = common.shapes();
    if !shapes.honors && !(tiles.counts.kinds() & TileSet::suit(Suit::Honor)).is_empty() {
        return None;
    }
    let checker = Checker::new(shapes).ok()?;
    let hand = mj_hu::HandIndex::from_counts(&tiles.counts, common.wild);
    checker
        .is_winning_index(&hand, mj_hu::Declared::default())
        .ok()
}

/// The shapes `mj-ai` answers for on the fast path, when the preset has only those.
fn shapes(common: &Common) -> Option<ShapeRules> {
    if !common.is_plain() {
        return None;
    }
    common.shape_rules()
}

/// Is `hand` (3k+2 concealed tiles, the winning tile included) a win under the rules?
#[pyfunction]
#[pyo3(signature = (hand, rules=None, *, raw=false, melds=None, wild=None, options=None))]
pub(crate) fn hu<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    raw: bool,
    melds: Option<&Bound<'py, PyAny>>,
    wild: Option<&Bound<'py, PyAny>>,
    options: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (tiles, common) = read(hand, melds, wild, rules, options)?;
    let hu = match fast_hu(&tiles, &common) {
        Some(hu) => hu,
        None => common.request("hu", &tiles)?.is_win().map_err(err)?,
    };
    if raw {
        Ok(PyBool::new(py, hu).to_owned().into_any())
    } else {
        Ok(Bound::new(py, HuResult { hu })?.into_any())
    }
}

/// The waits of `hand` (3k+1 concealed tiles): every kind whose draw wins.
#[pyfunction]
#[pyo3(signature = (hand, rules=None, *, raw=false, melds=None, wild=None, options=None))]
pub(crate) fn waits<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    raw: bool,
    melds: Option<&Bound<'py, PyAny>>,
    wild: Option<&Bound<'py, PyAny>>,
    options: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (tiles, common) = read(hand, melds, wild, rules, options)?;
    let fast = checked(&tiles, &common).and_then(|(c, h)| c.waits(&h).ok());
    let set = match fast {
        Some(set) => set,
        None => common.request("waits", &tiles)?.waits().map_err(err)?,
    };
    if raw {
        Ok(kind_tuple(py, set)?.into_any())
    } else {
        Ok(Bound::new(py, WaitsResult { set })?.into_any())
    }
}

/// The shanten of `hand` (3k+1 or 3k+2 concealed tiles).
#[pyfunction]
#[pyo3(signature = (hand, rules=None, *, raw=false, melds=None, wild=None, options=None))]
pub(crate) fn shanten<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    raw: bool,
    melds: Option<&Bound<'py, PyAny>>,
    wild: Option<&Bound<'py, PyAny>>,
    options: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (tiles, common) = read(hand, melds, wild, rules, options)?;
    if let Some(shape) = shapes(&common) {
        if raw && common.wild.is_empty() {
            // The engine's single-number entry point (no report, no view).
            if let Ok(n) = mj_ai::shanten(&tiles.counts, shape) {
                return Ok(n.into_pyobject(py)?.into_any());
            }
        } else if let Ok(view) = HandView::new(tiles.counts, &[], common.wild) {
            return shanten_answer(py, view.shanten(shape), raw);
        }
    }
    let report = common
        .request("shanten", &tiles)?
        .shanten_report()
        .map_err(err)?;
    shanten_answer(py, report, raw)
}

fn shanten_answer(
    py: Python<'_>,
    report: mj_ai::ShantenReport,
    raw: bool,
) -> PyResult<Bound<'_, PyAny>> {
    if raw {
        Ok(report.shanten.into_pyobject(py)?.into_any())
    } else {
        Ok(Bound::new(py, ShantenResult::from(report))?.into_any())
    }
}

/// The discard table of `hand` (3k+2 concealed tiles), best first; `visible`: tiles seen
/// elsewhere (mpsz, 34 counts or 136 ids).
#[pyfunction]
#[pyo3(signature = (
    hand, rules=None, *, raw=false, melds=None, wild=None, options=None, visible=None
))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn discards<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    raw: bool,
    melds: Option<&Bound<'py, PyAny>>,
    wild: Option<&Bound<'py, PyAny>>,
    options: Option<&Bound<'py, PyAny>>,
    visible: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (tiles, common) = read(hand, melds, wild, rules, options)?;
    let request = common.request("discards", &tiles)?;
    let seen = match visible {
        Some(v) if !v.is_none() => read_tiles(v, "field `visible`")
            .map(|t| t.counts)
            .map_err(|e| OpError::InvalidField(e.to_string())),
        _ => Ok(TileCounts::EMPTY),
    };
    let rows = match seen {
        Ok(seen) => request.discard_table(&seen),
        // The protocol reads `visible` after the hand's own checks: those errors come first.
        Err(e) => request.discard_table(&TileCounts::EMPTY).and(Err(e)),
    }
    .map_err(err)?;
    if raw {
        let list: Vec<Bound<'py, PyTuple>> = rows
            .iter()
            .map(|row| Discard::raw(row, py))
            .collect::<PyResult<_>>()?;
        Ok(PyTuple::new(py, list)?.into_any())
    } else {
        Ok(Bound::new(py, DiscardsResult { rows })?.into_any())
    }
}

/// The riichi decompositions of `hand` (3k+2 concealed tiles).
#[pyfunction]
#[pyo3(signature = (hand, rules=None, *, melds=None, wild=None, options=None))]
pub(crate) fn agari(
    hand: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    melds: Option<&Bound<'_, PyAny>>,
    wild: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<AgariResult> {
    let (tiles, common) = read(hand, melds, wild, rules, options)?;
    let found = common
        .request("agari", &tiles)?
        .decompositions()
        .map_err(err)?;
    Ok(AgariResult { found })
}
