//! The typed results of the op functions. Each `to_dict()` is the protocol's answer object.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::{JSON_LOADS, json_fn, mj_error};

/// A required field of an answer, or an `internal` error naming it.
fn field<'py, T: FromPyObjectOwned<'py>>(answer: &Bound<'py, PyDict>, name: &str) -> PyResult<T> {
    let py = answer.py();
    match answer.get_item(name)? {
        Some(v) => v.extract().map_err(|_| {
            mj_error(
                py,
                "internal",
                &format!("answer field `{name}` has the wrong type"),
            )
        }),
        None => Err(mj_error(
            py,
            "internal",
            &format!("answer has no field `{name}`"),
        )),
    }
}

fn bool_name(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

fn opt_repr(v: Option<i8>) -> String {
    v.map_or_else(|| "None".to_owned(), |v| v.to_string())
}

/// The answer of `hu`: `hu` is True when the hand is a winning shape. True as a bool when it is.
#[pyclass(frozen, eq, module = "mj_engine")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct HuResult {
    /// Is the hand a win under the rules.
    #[pyo3(get)]
    pub(crate) hu: bool,
}

impl HuResult {
    pub(crate) fn from_answer(answer: &Bound<'_, PyDict>) -> PyResult<HuResult> {
        Ok(HuResult {
            hu: field(answer, "hu")?,
        })
    }
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

/// The answer of `waits`: the kinds whose draw wins, mpsz tiles sorted m, p, s, z.
#[pyclass(frozen, eq, module = "mj_engine")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct WaitsResult {
    /// The waits, e.g. `["1m", "4m"]`.
    #[pyo3(get)]
    pub(crate) waits: Vec<String>,
}

impl WaitsResult {
    pub(crate) fn from_answer(answer: &Bound<'_, PyDict>) -> PyResult<WaitsResult> {
        Ok(WaitsResult {
            waits: field(answer, "waits")?,
        })
    }
}

#[pymethods]
impl WaitsResult {
    /// The protocol's answer: `{"waits": [tiles]}`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("waits", PyList::new(py, &self.waits)?)?;
        Ok(d)
    }

    fn __len__(&self) -> usize {
        self.waits.len()
    }

    fn __repr__(&self) -> String {
        format!("WaitsResult(waits={:?})", self.waits)
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

impl From<mj_ai::ShantenReport> for ShantenResult {
    fn from(r: mj_ai::ShantenReport) -> ShantenResult {
        ShantenResult {
            shanten: r.shanten,
            standard: r.standard,
            seven_pairs: r.seven_pairs,
            thirteen_orphans: r.thirteen_orphans,
        }
    }
}

impl ShantenResult {
    pub(crate) fn from_answer(answer: &Bound<'_, PyDict>) -> PyResult<ShantenResult> {
        Ok(ShantenResult {
            shanten: field(answer, "shanten")?,
            standard: field(answer, "standard")?,
            seven_pairs: field(answer, "seven_pairs")?,
            thirteen_orphans: field(answer, "thirteen_orphans")?,
        })
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
    /// The tile discarded.
    #[pyo3(get)]
    tile: String,
    /// The shanten of the hand left.
    #[pyo3(get)]
    shanten: i8,
    /// The kinds whose draw lowers that shanten.
    #[pyo3(get)]
    ukeire: Vec<String>,
    /// Their copies not visible.
    #[pyo3(get)]
    ukeire_count: u32,
}

#[pymethods]
impl Discard {
    /// The protocol's row: `{"tile", "shanten", "ukeire", "ukeire_count"}`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("tile", &self.tile)?;
        d.set_item("shanten", self.shanten)?;
        d.set_item("ukeire", PyList::new(py, &self.ukeire)?)?;
        d.set_item("ukeire_count", self.ukeire_count)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "Discard(tile={:?}, shanten={}, ukeire={:?}, ukeire_count={})",
            self.tile, self.shanten, self.ukeire, self.ukeire_count
        )
    }
}

/// The answer text, read anew as a dict (a fresh copy each time).
fn fresh_dict<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyDict>> {
    Ok(json_fn(py, &JSON_LOADS, "loads")?
        .call1((text,))?
        .cast_into::<PyDict>()?)
}

/// The answer of `discards`: the rows, best first.
#[pyclass(frozen, module = "mj_engine")]
#[derive(Debug)]
pub(crate) struct DiscardsResult {
    rows: Vec<Py<Discard>>,
    text: String,
}

impl DiscardsResult {
    pub(crate) fn from_answer(answer: &Bound<'_, PyDict>, text: String) -> PyResult<Self> {
        let py = answer.py();
        let list: Vec<Bound<'_, PyDict>> = field(answer, "discards")?;
        let mut rows = Vec::with_capacity(list.len());
        for row in &list {
            let d = Discard {
                tile: field(row, "tile")?,
                shanten: field(row, "shanten")?,
                ukeire: field(row, "ukeire")?,
                ukeire_count: field(row, "ukeire_count")?,
            };
            rows.push(Py::new(py, d)?);
        }
        Ok(DiscardsResult { rows, text })
    }
}

#[pymethods]
impl DiscardsResult {
    /// The rows (`Discard`), best first.
    #[getter]
    fn discards(&self, py: Python<'_>) -> Vec<Py<Discard>> {
        self.rows.iter().map(|r| r.clone_ref(py)).collect()
    }

    /// The protocol's answer: `{"discards": [{"tile", "shanten", "ukeire", "ukeire_count"}]}`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        fresh_dict(py, &self.text)
    }

    fn __len__(&self) -> usize {
        self.rows.len()
    }

    fn __repr__(&self) -> String {
        format!("DiscardsResult({})", self.text)
    }
}

/// The answer of `agari`: is it a win, and every riichi decomposition.
#[pyclass(frozen, module = "mj_engine")]
#[derive(Debug)]
pub(crate) struct AgariResult {
    /// Is the hand a riichi winning shape.
    #[pyo3(get)]
    agari: bool,
    text: String,
}

impl AgariResult {
    pub(crate) fn from_answer(answer: &Bound<'_, PyDict>, text: String) -> PyResult<Self> {
        Ok(AgariResult {
            agari: field(answer, "agari")?,
            text,
        })
    }
}

#[pymethods]
impl AgariResult {
    /// The decompositions: dicts `{"pair", "melds": [{"kind", "tiles", "concealed"}], "form"}`.
    #[getter]
    fn decompositions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fresh_dict(py, &self.text)?
            .get_item("decompositions")?
            .ok_or_else(|| mj_error(py, "internal", "answer has no field `decompositions`"))
    }

    /// The protocol's answer: `{"agari": bool, "decompositions": [...]}`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        fresh_dict(py, &self.text)
    }

    fn __bool__(&self) -> bool {
        self.agari
    }

    fn __repr__(&self) -> String {
        format!("AgariResult({})", self.text)
    }
}

/// The answer of `score`. Riichi answers have `han`, `fu`, `fu_details`, `yaku`, `yakuman`,
/// `limit` and `points`; Sichuan and MCR answers have `fan` and `fans` (Sichuan also
/// `multiplier` and, with wildcards, `wildcards`). An attribute the answer does not have is None.
#[pyclass(frozen, module = "mj_engine")]
#[derive(Debug)]
pub(crate) struct ScoreResult {
    answer: Py<PyDict>,
    text: String,
}

impl ScoreResult {
    pub(crate) fn from_answer(answer: &Bound<'_, PyDict>, text: String) -> Self {
        ScoreResult {
            answer: answer.clone().unbind(),
            text,
        }
    }

    fn get<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        Ok(self
            .answer
            .bind(py)
            .get_item(name)?
            .unwrap_or_else(|| py.None().into_bound(py)))
    }
}

/// `#[pymethods]` for `ScoreResult`: one getter per answer field named (None when the answer
/// lacks it), then the methods given.
macro_rules! score_getters {
    ($($(#[doc = $doc:literal])* $field:ident,)+ ; $($methods:tt)*) => {
        #[pymethods]
        impl ScoreResult {
            $(
                $(#[doc = $doc])*
                #[getter]
                fn $field<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                    self.get(py, stringify!($field))
                }
            )+
            $($methods)*
        }
    };
}

score_getters! {
    /// Riichi: the han (0 for a yakuman hand).
    han,
    /// Riichi: the fu.
    fu,
    /// Riichi: the fu breakdown, `[{"name", "fu"}]` (None on yakuman).
    fu_details,
    /// Riichi: the yaku, `[{"name", "han", "yakuman"?}]`.
    yaku,
    /// Riichi: the counted yakuman.
    yakuman,
    /// Riichi: the limit (`"mangan"` ... `"yakuman"`) or None.
    limit,
    /// Riichi: the payments, `{"total", "ron"}` or `{"total", "dealer"?, "others"}`.
    points,
    /// Sichuan and MCR: the total fan.
    fan,
    /// Sichuan and MCR: the fans, `[{"name", "zh", "fan", "count"}]`.
    fans,
    /// Sichuan: 2^fan, capped.
    multiplier,
    /// Sichuan with wildcards: what each wildcard stood for, `[{"tile", "as"}]`.
    wildcards,
    ;
    /// The protocol's answer, a fresh dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        fresh_dict(py, &self.text)
    }

    fn __repr__(&self) -> String {
        format!("ScoreResult({})", self.text)
    }
}
