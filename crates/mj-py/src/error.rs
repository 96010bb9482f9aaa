//! `MjError`, the exception every error of the bindings raises, and its constructors.

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyDict;

create_exception!(
    mj_engine,
    MjError,
    PyException,
    "An error answer of the protocol: `kind` (the protocol's error kind, such as \
     `invalid_hand`), `message`, `answer` (the whole answer as a dict), `id` (echoed, or None) \
     and any extra field of the answer (`below_minimum` has `fan`) as attributes."
);

/// An `MjError` with the given kind and message and no answer behind it (raised by the bindings
/// themselves, for input the protocol cannot even be asked about).
pub(crate) fn mj_error(py: Python<'_>, kind: &str, message: &str) -> PyErr {
    let err = MjError::new_err(message.to_owned());
    let value = err.value(py);
    let _ = value.setattr("kind", kind);
    let _ = value.setattr("message", message);
    let _ = value.setattr("answer", py.None());
    let _ = value.setattr("id", py.None());
    err
}

/// The `MjError` of an error answer: `kind`, `message`, the answer, its `id` and every extra
/// field of its `error` object as attributes.
pub(crate) fn answer_error(
    py: Python<'_>,
    answer: &Bound<'_, PyDict>,
    error: &Bound<'_, PyAny>,
) -> PyErr {
    let get = |name: &str| -> Option<Bound<'_, PyAny>> { error.get_item(name).ok() };
    let kind: String = get("kind")
        .and_then(|k| k.extract().ok())
        .unwrap_or_else(|| "internal".to_owned());
    let message: String = get("message")
        .and_then(|m| m.extract().ok())
        .unwrap_or_default();
    let err = MjError::new_err(message.clone());
    let value = err.value(py);
    let _ = value.setattr("kind", kind);
    let _ = value.setattr("message", message);
    let _ = value.setattr("answer", answer);
    let id = answer.get_item("id").ok().flatten();
    let _ = value.setattr("id", id.unwrap_or_else(|| py.None().into_bound(py)));
    if let Ok(fields) = error.cast::<PyDict>() {
        for (k, v) in fields.iter() {
            if let Ok(name) = k.extract::<String>()
                && name != "kind"
                && name != "message"
            {
                let _ = value.setattr(name.as_str(), v);
            }
        }
    }
    err
}

/// The `MjError` of a protocol error met without a line (the typed calls): `kind`, `message`,
/// the extra fields of its answer (`below_minimum`'s `fan`) as attributes, and `answer` the
/// error answer `mj batch` would write for it, `{"error": {...}}`, without an `id`.
pub(crate) fn op_error(e: &mj_protocol::OpError) -> PyErr {
    Python::attach(|py| {
        let message = e.to_string();
        let err = MjError::new_err(message.clone());
        let value = err.value(py);
        let inner = PyDict::new(py);
        let answer = PyDict::new(py);
        let _ = inner.set_item("kind", e.kind());
        let _ = inner.set_item("message", &message);
        if let mj_protocol::OpError::BelowMinimum { fan, .. } = e {
            let _ = inner.set_item("fan", fan);
            let _ = value.setattr("fan", fan);
        }
        let _ = answer.set_item("error", inner);
        let _ = value.setattr("kind", e.kind());
        let _ = value.setattr("message", message);
        let _ = value.setattr("answer", answer);
        let _ = value.setattr("id", py.None());
        err
    })
}
