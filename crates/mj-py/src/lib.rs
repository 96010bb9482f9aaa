//! Python bindings of the mj engine: the wheel `mj-engine`, module `mj_engine`.
//!
//! * `request` answers one `mj batch` request (a dict) in-process, by the same
//!   line handler as the program ([`mj_protocol::answer_line`]), so its answers are the program's
//!   answers; an error answer raises `MjError` with the answer's `kind`, `message` and extra
//!   fields as attributes.
//! * One function per op (`hu`, `waits`, `shanten`, `discards`, `agari`, `score`) takes the
//!   protocol's field names as keyword arguments and returns a typed result whose `to_dict()` is
//!   the protocol's answer. `hu`, `waits` and `shanten` on a concealed hand (only `wild` and
//!   `rules` beside it) are answered straight from the engine; anything else, and every error, is
//!   answered by the protocol's handler, so errors carry the program's exact kind and message.
//! * The batch functions answer an `(N, 34)` array of tile counts with the GIL released, spread
//!   over `threads` OS threads (module `batch`).
//!
//! The crate is an extension module: it does not link libpython, so it has no Rust tests; the
//! Python suite in `crates/mj-py/tests` tests it against `mj batch`, `mahjong` and `xiangting`.

mod batch;
mod env;
mod error;
mod hand;
mod json;
mod results;
mod selfplay;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use mj_tiles::{Piece, TileCounts, TileSet};

use crate::error::{MjError, answer_error};
use crate::json::JSON_DUMPS;
// The shared leaves, re-exported for the modules that name them `crate::...`.
pub(crate) use crate::error::mj_error;
pub(crate) use crate::json::{JSON_LOADS, json_fn};

use crate::results::{
    AgariResult, Discard, DiscardsResult, HuResult, ScoreResult, ShantenResult, WaitsResult,
};

/// Answers one protocol line; an error answer is raised. Returns the answer and its text.
fn answer_text<'py>(py: Python<'py>, line: &[u8]) -> PyResult<(Bound<'py, PyDict>, String)> {
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
    Ok((answer, text))
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
    Ok(answer_text(py, line.as_bytes())?.0)
}

/// Fields a typed call sets itself.
const RESERVED: [&str; 3] = ["op", "hand", "id"];

/// Answers `op` on `hand` with the keyword fields through the protocol's handler (fields given as
/// None are left out). Returns the answer and its text.
fn protocol_call<'py>(
    py: Python<'py>,
    op: &str,
    hand: &hand::HandArg<'py>,
    fields: Option<&Bound<'py, PyDict>>,
) -> PyResult<(Bound<'py, PyDict>, String)> {
    let req = PyDict::new(py);
    req.set_item("op", op)?;
    match hand {
        hand::HandArg::Raw(obj) => req.set_item("hand", obj)?,
        other => req.set_item("hand", other.text())?,
    }
    if let Some(fields) = fields {
        for (k, v) in fields.iter() {
            if v.is_none() {
                continue;
            }
            if let Ok(name) = k.cast::<PyString>()
                && let Ok(name) = name.to_cow()
                && RESERVED.contains(&name.as_ref())
            {
                return Err(PyTypeError::new_err(format!(
                    "{op}() sets `{name}` itself; use mj_engine.request() to send a whole request"
                )));
            }
            req.set_item(k, v)?;
        }
    }
    let line = dumps(py, req.as_any())?;
    answer_text(py, line.as_bytes())
}

/// A fast `hu` or `waits`: the rules' checker and the hand, when [`fast_inputs`] has them and
/// both are valid. None sends the call through the protocol's handler.
fn fast_checker(
    hand: &hand::HandArg<'_>,
    fields: Option<&Bound<'_, PyDict>>,
) -> Option<(mj_hu::Checker, mj_hu::Hand)> {
    let (counts, wild, rules) = fast_inputs(hand, fields)?;
    let checker = mj_hu::Checker::new(rules).ok()?;
    let h = mj_hu::Hand::new(counts, &[], wild).ok()?;
    Some((checker, h))
}

/// The inputs of a fast answer: a concealed hand with only `wild` and `rules` beside it, all
/// valid as far as reading goes. None sends the call through the protocol's handler.
fn fast_inputs(
    hand: &hand::HandArg<'_>,
    fields: Option<&Bound<'_, PyDict>>,
) -> Option<(TileCounts, TileSet, mj_hu::Rules)> {
    let counts: TileCounts = match hand {
        // The protocol refuses a line over 1 MiB and arrays over 256 items before reading a
        // field; inputs anywhere near those limits go through its handler.
        hand::HandArg::Text(text) if text.len() <= 4096 => text.parse().ok()?,
        hand::HandArg::Tiles(pieces) => {
            TileCounts::from_tiles(pieces.iter().map(|p| p.tile())).ok()?
        }
        _ => return None,
    };
    let mut wild = TileSet::EMPTY;
    let mut preset = "generic".to_owned();
    if let Some(fields) = fields {
        for (k, v) in fields.iter() {
            if v.is_none() {
                continue;
            }
            match k.cast::<PyString>().ok()?.to_cow().ok()?.as_ref() {
                "wild" => {
                    // Only a list or tuple: the protocol reads a JSON array.
                    let items: Vec<String> = if v.is_instance_of::<pyo3::types::PyList>()
                        || v.is_instance_of::<pyo3::types::PyTuple>()
                    {
                        v.extract().ok()?
                    } else {
                        return None;
                    };
                    if items.len() > 64 {
                        return None;
                    };
                    for item in &items {
                        wild.insert(item.parse::<Piece>().ok()?.tile());
                    }
                }
                "rules" => preset = v.cast::<PyString>().ok()?.to_cow().ok()?.into_owned(),
                _ => return None,
            }
        }
    }
    let rules = mj_hu::Rules::preset(&preset).ok()?;
    Some((counts, wild, rules))
}

/// `op`'s answer for `hand`: `fast` on `mj_hu`'s checker when the fields allow it (no melds, a
/// preset and switches `mj_hu::Rules` takes) and it answers, else the protocol's answer read by
/// `slow` (so errors are raised as `mj batch` answers them).
fn checked_or_protocol<'py, T>(
    py: Python<'py>,
    op: &str,
    hand: &Bound<'py, PyAny>,
    fields: Option<&Bound<'py, PyDict>>,
    fast: impl FnOnce(&mj_hu::Checker, &mj_hu::Hand) -> Option<T>,
    slow: impl FnOnce(&Bound<'py, PyDict>) -> PyResult<T>,
) -> PyResult<T> {
    let hand = hand::HandArg::of(py, hand)?;
    if let Some((checker, h)) = fast_checker(&hand, fields)
        && let Some(answer) = fast(&checker, &h)
    {
        return Ok(answer);
    }
    let (answer, _) = protocol_call(py, op, &hand, fields)?;
    slow(&answer)
}

/// Is `hand` (3k+2 concealed tiles, the winning tile included) a win under the rules? Keyword
/// arguments are the protocol's fields: `melds` (list of `{"kind", "tiles", "called"?,
/// "from"?}`), `wild` (list of tiles), `rules` (`"generic"`, `"riichi"`, `"sichuan"`, `"mcr"`),
/// `options` (dict of switches). `hand` is an mpsz string, 34 counts or Tenhou 136 ids. Raises
/// `MjError` as `mj batch` answers.
#[pyfunction]
#[pyo3(signature = (hand, **fields))]
fn hu<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    fields: Option<&Bound<'py, PyDict>>,
) -> PyResult<HuResult> {
    let fast = |checker: &mj_hu::Checker, h: &mj_hu::Hand| {
        checker.is_winning(h).ok().map(|hu| HuResult { hu })
    };
    checked_or_protocol(py, "hu", hand, fields, fast, HuResult::from_answer)
}

/// The waits of `hand` (3k+1 concealed tiles): every kind whose draw wins, as mpsz tiles sorted
/// m, p, s, z. Keyword arguments as for `hu`.
#[pyfunction]
#[pyo3(signature = (hand, **fields))]
fn waits<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    fields: Option<&Bound<'py, PyDict>>,
) -> PyResult<WaitsResult> {
    let fast = |checker: &mj_hu::Checker, h: &mj_hu::Hand| {
        let set = checker.waits(h).ok()?;
        Some(WaitsResult {
            waits: set.iter().map(|t| t.to_string()).collect(),
        })
    };
    checked_or_protocol(py, "waits", hand, fields, fast, WaitsResult::from_answer)
}

/// The shanten of `hand` (3k+1 or 3k+2 concealed tiles): the minimum over the shapes the rules
/// allow, and each shape's (None where a shape does not apply); -1 complete, 0 ready. Keyword
/// arguments as for `hu`; presets `sichuan` and `mcr` are `unsupported_rules`.
#[pyfunction]
#[pyo3(signature = (hand, **fields))]
fn shanten<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    fields: Option<&Bound<'py, PyDict>>,
) -> PyResult<ShantenResult> {
    let hand = hand::HandArg::of(py, hand)?;
    if let Some((counts, wild, rules)) = fast_inputs(&hand, fields)
        && mj_ai::ShapeRules::unmodelled(&rules).is_empty()
        && let Ok(shape) = mj_ai::ShapeRules::try_from(&rules)
        && let Ok(h) = mj_ai::HandView::new(counts, &[], wild)
    {
        return Ok(ShantenResult::from(h.shanten(shape)));
    }
    let (answer, _) = protocol_call(py, "shanten", &hand, fields)?;
    ShantenResult::from_answer(&answer)
}

/// A Python function that is the `mj batch` op of its name: `hand` positional, the op's other
/// fields as keyword arguments, the answer (and its JSON text) read by `$read`.
macro_rules! protocol_function {
    ($(#[doc = $doc:literal])* fn $name:ident -> $result:ty = $read:expr;) => {
        $(#[doc = $doc])*
        #[pyfunction]
        #[pyo3(signature = (hand, **fields))]
        fn $name<'py>(
            py: Python<'py>,
            hand: &Bound<'py, PyAny>,
            fields: Option<&Bound<'py, PyDict>>,
        ) -> PyResult<$result> {
            let hand = hand::HandArg::of(py, hand)?;
            let (answer, text) = protocol_call(py, stringify!($name), &hand, fields)?;
            ($read)(&answer, text)
        }
    };
}

protocol_function! {
    /// The discard table of `hand` (3k+2 concealed tiles): one row per distinct kind, best first,
    /// each with the shanten after the discard and the effective tiles (`ukeire`) with their live
    /// copies. Keyword arguments as for `hu`, plus `visible` (mpsz tiles seen elsewhere).
    fn discards -> DiscardsResult = DiscardsResult::from_answer;
}

protocol_function! {
    /// The riichi decompositions of `hand` (3k+2 concealed tiles): `agari` (is it a win) and each
    /// way of reading it (`pair`, `melds`, `form`). Keyword arguments as for `hu`.
    fn agari -> AgariResult = AgariResult::from_answer;
}

protocol_function! {
    /// The score of a win under `rules` (`"riichi"`, `"sichuan"` or `"mcr"`): `hand` holds the
    /// winning tile, `win_tile` names it; the other keyword arguments are the protocol's score
    /// fields (`tsumo`, `seat_wind`, `round_wind`, `riichi`, `dora`, `honba`, `lack`, `flowers`,
    /// ...). A hand that is no win raises `MjError` (`not_a_win`, `no_yaku`, `below_minimum`).
    fn score -> ScoreResult = |answer, text| Ok(ScoreResult::from_answer(answer, text));
}

/// Writes a hand given as an mpsz string, 34 counts or Tenhou 136 ids as an mpsz string (red
/// fives of 136 ids 16, 52 and 88 written `0m`, `0p`, `0s`).
#[pyfunction]
fn to_mpsz(py: Python<'_>, hand: &Bound<'_, PyAny>) -> PyResult<String> {
    match hand::HandArg::of(py, hand)?.text() {
        Some(text) => Ok(text),
        None => Err(mj_error(
            py,
            "invalid_hand",
            "`hand` must be an mpsz string, 34 tile counts or a list of Tenhou 136 ids",
        )),
    }
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
    m.add_function(wrap_pyfunction!(hu, m)?)?;
    m.add_function(wrap_pyfunction!(waits, m)?)?;
    m.add_function(wrap_pyfunction!(shanten, m)?)?;
    m.add_function(wrap_pyfunction!(discards, m)?)?;
    m.add_function(wrap_pyfunction!(agari, m)?)?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(to_mpsz, m)?)?;
    m.add_function(wrap_pyfunction!(batch::hu_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::ready_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::waits_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::shanten_batch, m)?)?;
    env::register(m)?;
    selfplay::register(m)?;
    m.add_class::<HuResult>()?;
    m.add_class::<WaitsResult>()?;
    m.add_class::<ShantenResult>()?;
    m.add_class::<Discard>()?;
    m.add_class::<DiscardsResult>()?;
    m.add_class::<AgariResult>()?;
    m.add_class::<ScoreResult>()?;
    Ok(())
}
