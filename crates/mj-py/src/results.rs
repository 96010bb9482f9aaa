//! The typed results of the op functions. Each holds the engine's answer as Rust values and
//! builds Python objects only when asked (an attribute, `to_dict()`, `repr()`); each
//! `to_dict()` is the protocol's answer object. Riichi, Sichuan and MCR scores are in `score`.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use mj_agari::{Decomposition, Form};
use mj_ai::{DiscardOption, ShantenReport};
use mj_tiles::notation::format_tiles;
use mj_tiles::{Group, GroupKind, Tile, TileSet};

fn bool_name(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

fn opt_repr(v: Option<i8>) -> String {
    v.map_or_else(|| "None".to_owned(), |v| v.to_string())
}

/// A tile set as the protocol's list of tiles (`["1m", "4m"]`, sorted m, p, s, z).
pub(crate) fn tile_names(set: TileSet) -> Vec<String> {
    set.iter().map(|t| t.to_string()).collect()
}

/// A tile set as a tuple of kind indices (0-33), in order: the raw answers' form.
pub(crate) fn kind_tuple(py: Python<'_>, set: TileSet) -> PyResult<Bound<'_, PyTuple>> {
    PyTuple::new(py, set.iter().map(Tile::as_u8))
}

/// The answer of `hu`: `hu` is True when the hand is a winning shape. True as a bool when it is.
#[pyclass(frozen, eq, module = "mj_engine")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct HuResult {
    /// Is the hand a win under the rules.
    #[pyo3(get)]
    pub(crate) hu: bool,
}

#[pymethods]
impl HuResult {
    /// The protocol's answer: `{"hu": bool}`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("hu", self.hu)?;
        Ok(d)
    }

    fn __bool__(&self) -> bool {
        self.hu
    }

    fn __repr__(&self) -> String {
        format!("HuResult(hu={})", bool_name(self.hu))
    }
}

/// The answer of `waits`: the kinds whose draw wins (the list is built when read).
#[pyclass(frozen, eq, module = "mj_engine")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct WaitsResult {
    pub(crate) set: TileSet,
}

#[pymethods]
impl WaitsResult {
    /// The waits as mpsz tiles sorted m, p, s, z, e.g. `["1m", "4m"]`.
    #[getter]
    fn waits(&self) -> Vec<String> {
        tile_names(self.set)
    }

    /// The waits as kind indices (0-33, 1m..9m 1p..9p 1s..9s 1z..7z), in order.
    #[getter]
    fn kinds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        kind_tuple(py, self.set)
    }

    /// The protocol's answer: `{"waits": [tiles]}`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("waits", PyList::new(py, tile_names(self.set))?)?;
        Ok(d)
    }

    fn __len__(&self) -> usize {
        self.set.len()
    }

    fn __repr__(&self) -> String {
        format!("WaitsResult(waits={:?})", tile_names(self.set))
    }
}

/// The answer of `shanten`: -1 complete, 0 ready; `None` for a shape that does not apply.
#[pyclass(frozen, eq, module = "mj_engine")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ShantenResult {
    /// The minimum over the shapes the rules allow.
    #[pyo3(get)]
    pub(crate) shanten: i8,
    /// The standard shape (melds and a pair).
    #[pyo3(get)]
    pub(crate) standard: i8,
    /// Seven pairs, or None.
    #[pyo3(get)]
    pub(crate) seven_pairs: Option<i8>,
    /// Thirteen orphans, or None.
    #[pyo3(get)]
    pub(crate) thirteen_orphans: Option<i8>,
}

impl From<ShantenReport> for ShantenResult {
    fn from(r: ShantenReport) -> ShantenResult {
        ShantenResult {
            shanten: r.shanten,
            standard: r.standard,
            seven_pairs: r.seven_pairs,
            thirteen_orphans: r.thirteen_orphans,
        }
    }
}

#[pymethods]
impl ShantenResult {
    /// The protocol's answer: `{"shanten", "standard", "seven_pairs", "thirteen_orphans"}`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("shanten", self.shanten)?;
        d.set_item("standard", self.standard)?;
        d.set_item("seven_pairs", self.seven_pairs)?;
        d.set_item("thirteen_orphans", self.thirteen_orphans)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "ShantenResult(shanten={}, standard={}, seven_pairs={}, thirteen_orphans={})",
            self.shanten,
            self.standard,
            opt_repr(self.seven_pairs),
            opt_repr(self.thirteen_orphans)
        )
    }
}

/// One row of a discard table.
#[pyclass(frozen, eq, module = "mj_engine")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Discard {
    row: DiscardOption,
}

impl Discard {
    fn dict<'py>(row: &DiscardOption, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("tile", row.tile.to_string())?;
        d.set_item("shanten", row.shanten)?;
        d.set_item("ukeire", PyList::new(py, tile_names(row.ukeire))?)?;
        d.set_item("ukeire_count", row.ukeire_count)?;
        Ok(d)
    }

    /// The raw row: `(kind, shanten, ukeire kinds, ukeire_count)`.
    pub(crate) fn raw<'py>(row: &DiscardOption, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        (
            row.tile.as_u8(),
            row.shanten,
            kind_tuple(py, row.ukeire)?,
            row.ukeire_count,
        )
            .into_pyobject(py)
    }
}

#[pymethods]
impl Discard {
    /// The tile discarded.
    #[getter]
    fn tile(&self) -> String {
        self.row.tile.to_string()
    }

    /// The shanten of the hand left.
    #[getter]
    fn shanten(&self) -> i8 {
        self.row.shanten
    }

    /// The kinds whose draw lowers that shanten.
    #[getter]
    fn ukeire(&self) -> Vec<String> {
        tile_names(self.row.ukeire)
    }

    /// Their copies not visible.
    #[getter]
    fn ukeire_count(&self) -> u32 {
        self.row.ukeire_count
    }

    /// The protocol's row: `{"tile", "shanten", "ukeire", "ukeire_count"}`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        Discard::dict(&self.row, py)
    }

    fn __repr__(&self) -> String {
        format!(
            "Discard(tile={:?}, shanten={}, ukeire={:?}, ukeire_count={})",
            self.row.tile.to_string(),
            self.row.shanten,
            tile_names(self.row.ukeire),
            self.row.ukeire_count
        )
    }
}

/// The answer of `discards`: the rows, best first.
#[pyclass(frozen, module = "mj_engine")]
#[derive(Debug)]
pub(crate) struct DiscardsResult {
    pub(crate) rows: Vec<DiscardOption>,
}

#[pymethods]
impl DiscardsResult {
    /// The rows (`Discard`), best first.
    #[getter]
    fn discards(&self) -> Vec<Discard> {
        self.rows.iter().map(|&row| Discard { row }).collect()
    }

    /// The protocol's answer: `{"discards": [{"tile", "shanten", "ukeire", "ukeire_count"}]}`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let rows = PyList::empty(py);
        for row in &self.rows {
            rows.append(Discard::dict(row, py)?)?;
        }
        let d = PyDict::new(py);
        d.set_item("discards", rows)?;
        Ok(d)
    }

    fn __len__(&self) -> usize {
        self.rows.len()
    }

    fn __repr__(&self) -> String {
        let rows: Vec<String> = self
            .rows
            .iter()
            .map(|&row| Discard { row }.__repr__())
            .collect();
        format!("DiscardsResult(discards=[{}])", rows.join(", "))
    }
}

/// The answer of `agari`: is it a win, and every riichi decomposition.
#[pyclass(frozen, module = "mj_engine")]
#[derive(Debug)]
pub(crate) struct AgariResult {
    pub(crate) found: Vec<Decomposition>,
}

/// A group as the protocol writes it: `{"kind": "chi"|"pon"|"pair", "tiles", "concealed",
/// "declared"?}` (a kan is a `pon` of four tiles).
fn group_dict<'py>(g: &Group, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let kind = match g.kind {
        GroupKind::Sequence => "chi",
        GroupKind::Triplet | GroupKind::Quad => "pon",
        GroupKind::Pair => "pair",
    };
    d.set_item("kind", kind)?;
    let tiles: Vec<Tile> = g.tiles().collect();
    d.set_item("tiles", format_tiles(&tiles))?;
    d.set_item("concealed", g.concealed)?;
    if let Some(m) = g.declared {
        d.set_item("declared", m.name())?;
    }
    Ok(d)
}

/// A decomposition as the protocol writes it (`mj_agari`'s serde shape).
fn decomposition_dict<'py>(dec: &Decomposition, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let form = match dec.form {
        Form::Standard => "standard",
        Form::SevenPairs => "seven_pairs",
        Form::ThirteenOrphans => "thirteen_orphans",
    };
    d.set_item("form", form)?;
    d.set_item("pair", dec.pair().map(|t| t.to_string()))?;
    if dec.form == Form::SevenPairs {
        let pairs: Vec<String> = dec.pairs().iter().map(|t| t.to_string()).collect();
        d.set_item("pairs", pairs)?;
    }
    let melds = PyList::empty(py);
    for g in dec.melds() {
        melds.append(group_dict(g, py)?)?;
    }
    d.set_item("melds", melds)?;
    let f = dec.flags;
    let flags: Vec<&str> = [
        (f.nine_gates(), "nine_gates"),
        (f.pure_straight(), "pure_straight"),
        (f.double_sequence(), "double_sequence"),
        (f.two_double_sequences(), "two_double_sequences"),
    ]
    .into_iter()
    .filter_map(|(on, name)| on.then_some(name))
    .collect();
    if !flags.is_empty() {
        d.set_item("flags", flags)?;
    }
    Ok(d)
}

impl AgariResult {
    fn list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for dec in &self.found {
            list.append(decomposition_dict(dec, py)?)?;
        }
        Ok(list)
    }
}

#[pymethods]
impl AgariResult {
    /// Is the hand a riichi winning shape.
    #[getter]
    fn agari(&self) -> bool {
        !self.found.is_empty()
    }

    /// The decompositions: dicts `{"pair", "melds": [{"kind", "tiles", "concealed"}], "form"}`.
    #[getter]
    fn decompositions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.list(py)
    }

    /// The protocol's answer: `{"agari": bool, "decompositions": [...]}`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("agari", self.agari())?;
        d.set_item("decompositions", self.list(py)?)?;
        Ok(d)
    }

    fn __bool__(&self) -> bool {
        self.agari()
    }

    fn __len__(&self) -> usize {
        self.found.len()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "AgariResult(agari={}, decompositions={})",
            bool_name(self.agari()),
            self.list(py)?.repr()?
        ))
    }
}
