//! Python bindings of the mj engine: the wheel `mj-engine`, module `mj_engine`.
//!
//! * `request` answers one `mj batch` request (a dict) in-process, by the same
//!   line handler as the program ([`mj_protocol::answer_line`]), so its answers are the program's
//!   answers; an error answer raises `MjError` with the answer's `kind`, `message` and extra
//!   fields as attributes.
//! * One typed function per op (`hu`, `waits`, `shanten`, `discards`, `agari`: module
//!   `single`; `score`: module `score`) reads the hand in the form given (mpsz, 34 counts, 136
//!   ids: module `hand`) and the other arguments as Python values (module `fields`), and
//!   answers without JSON: from the engines directly on a concealed hand, else from the
//!   protocol's typed request ([`mj_protocol::Request::new`]), whose checks and errors are
//!   `mj batch`'s. The results (module `results`) build Python objects when read; `raw=True`
//!   returns plain values.
//! * `review` judges one seat of a real game log decision by decision (module `review`).
//! * The batch functions answer an `(N, 34)` array of tile counts with the GIL released, spread
//!   over `threads` OS threads (module `batch`).
//!
//! The crate is an extension module: it does not link libpython, so it has no Rust tests; the
//! Python suite in `crates/mj-py/tests` tests it against `mj batch`, `mahjong` and `xiangting`.

mod batch;
mod env;
mod error;
mod fields;
mod hand;
mod json;
mod kept;
mod results;
mod review;
mod score;
mod selfplay;
mod single;

use pyo3::prelude::*;
use pyo3::types::PyDict;

use mj_tiles::notation::format_pieces;

use crate::error::{MjError, answer_error};
use crate::json::JSON_DUMPS;
// The shared leaves, re-exported for the modules that name them `crate::...`.
pub(crate) use crate::error::mj_error;
pub(crate) use crate::json::{JSON_LOADS, json_fn};

use crate::results::{AgariResult, Discard, DiscardsResult, HuResult, ShantenResult, WaitsResult};
use crate::score::ScoreResult;

/// Answers one protocol line; an error answer is raised.
fn answer_dict<'py>(py: Python<'py>, line: &[u8]) -> PyResult<Bound<'py, PyDict>> {
    let text = mj_protocol::answer_line(line);
    let obj = json_fn(py, &JSON_LOADS, "loads")?.call1((text.as_str(),))?;
    let answer = obj.cast_into::<PyDict>().map_err(|_| {
        mj_error(
            py,
            "internal",
            "the protocol answered something that is not an object",
        )
    })?;
    if let Some(error) = answer.get_item("error")? {
        return Err(answer_error(py, &answer, &error));
    }
    Ok(answer)
}

/// The JSON text of a request (Python's `json.dumps`; `TypeError` for values JSON cannot hold).
fn dumps(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<String> {
    json_fn(py, &JSON_DUMPS, "dumps")?.call1((obj,))?.extract()
}

/// Answers one `mj batch` request in-process: `request({"op": "waits", "hand": "2344m456p789s111z"})`
/// returns `{"waits": ["1m", "4m"]}`, exactly the answer object `mj batch` writes for the same
/// line (`id` echoed when given). An error answer raises `MjError` (`kind`, `message`, `answer`,
/// `id` and the error's extra fields as attributes). The request is sent as `json.dumps` writes
/// it, so values JSON cannot hold raise `TypeError`. See docs/protocol.md for every op, field,
/// switch and error kind.
#[pyfunction]
fn request<'py>(py: Python<'py>, req: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let line = dumps(py, req)?;
    answer_dict(py, line.as_bytes())
}

/// Writes a hand given as an mpsz string, 34 counts or Tenhou 136 ids as an mpsz string (red
/// fives of 136 ids 16, 52 and 88 written `0m`, `0p`, `0s`).
#[pyfunction]
fn to_mpsz(hand: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(format_pieces(&hand::read_hand(hand)?.pieces()))
}

/// The mj engine from Python: the `mj batch` protocol in-process (`request`), one typed
/// function per op (`hu`, `waits`, `shanten`, `discards`, `agari`, `score`) and batch answers
/// over `(N, 34)` uint8 count arrays with the GIL released (`hu_batch`, `ready_batch`,
/// `waits_batch`, `shanten_batch`).
#[pymodule]
fn mj_engine(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("MjError", py.get_type::<MjError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("SHANTEN_ERROR", batch::SHANTEN_ERROR)?;
    m.add_function(wrap_pyfunction!(request, m)?)?;
    m.add_function(wrap_pyfunction!(single::hu, m)?)?;
    m.add_function(wrap_pyfunction!(single::waits, m)?)?;
    m.add_function(wrap_pyfunction!(single::shanten, m)?)?;
    m.add_function(wrap_pyfunction!(single::discards, m)?)?;
    m.add_function(wrap_pyfunction!(single::agari, m)?)?;
    m.add_function(wrap_pyfunction!(score::score, m)?)?;
    m.add_function(wrap_pyfunction!(to_mpsz, m)?)?;
    m.add_function(wrap_pyfunction!(review::review, m)?)?;
    m.add_function(wrap_pyfunction!(batch::hu_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::ready_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::waits_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::shanten_batch, m)?)?;
    env::register(m)?;
    selfplay::register(m)?;
    m.add_class::<kept::KeptHand>()?;
    m.add_class::<HuResult>()?;
    m.add_class::<WaitsResult>()?;
    m.add_class::<ShantenResult>()?;
    m.add_class::<Discard>()?;
    m.add_class::<DiscardsResult>()?;
    m.add_class::<AgariResult>()?;
    m.add_class::<ScoreResult>()?;
    Ok(())
}
