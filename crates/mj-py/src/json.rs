//! Python's `json.loads` and `json.dumps`, looked up once.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

pub(crate) static JSON_DUMPS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
pub(crate) static JSON_LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The function `name` of Python's `json` module, looked up once into `cell`.
pub(crate) fn json_fn<'py>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyAny>>,
    name: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let f = cell.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
        Ok(py.import("json")?.getattr(name)?.unbind())
    })?;
    Ok(f.bind(py).clone())
}
