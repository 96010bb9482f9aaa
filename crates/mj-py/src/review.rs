//! `review`: one seat of a real game log judged decision by decision (`mj_review`), as the
//! dict of the JSON `mj review --json` writes.

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use mj_review::{ReviewError, ReviewOptions, SeatChoice};

use crate::{JSON_LOADS, json_fn, mj_error};

/// The log's bytes: `bytes` as they are; a `str` holding a log (it starts with `<`, `{` or
/// `[`, or has a line break) as its text; another `str` or an `os.PathLike` as a file's path.
fn log_bytes(py: Python<'_>, log: &Bound<'_, PyAny>, max: u64) -> PyResult<Vec<u8>> {
    if let Ok(b) = log.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    let path: PathBuf = if let Ok(s) = log.cast::<PyString>() {
        let s = s.to_str()?;
        let t = s.trim_start();
        if t.starts_with(['<', '{', '[']) || s.contains('\n') {
            return Ok(s.as_bytes().to_vec());
        }
        PathBuf::from(s)
    } else {
        log.extract::<PathBuf>().map_err(|_| {
            mj_error(
                py,
                "bad_request",
                "log: give a path, the log's text (str) or its bytes",
            )
        })?
    };
    let shown = path.display().to_string();
    let size = std::fs::metadata(&path)
        .map_err(|e| mj_error(py, "unreadable_log", &format!("{shown}: {e}")))?
        .len();
    if size > max {
        return Err(mj_error(
            py,
            "too_large",
            &format!("{shown}: {size} bytes, above the limit of {max} (raise max_bytes)"),
        ));
    }
    std::fs::read(&path).map_err(|e| mj_error(py, "unreadable_log", &format!("{shown}: {e}")))
}

/// Reviews one seat of a game log (Tenhou mjlog, tenhou.net/6 JSON or mjai JSON Lines;
/// gzipped or not): every decision beside what `player` advises, with candidates, shanten,
/// ukeire, deal-in risk, error categories and the summary. Returns the dict of the JSON that
/// `mj review --json` writes (docs/review.md). Errors raise `MjError` (`kind`:
/// `unreadable_log`, `unsupported`, `round`, `bad_request`, `too_large`), naming the round.
#[pyfunction]
#[pyo3(signature = (log, seat=None, player="defense", *, name=None, rounds=None, rules=None, seed=0, max_bytes=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn review<'py>(
    py: Python<'py>,
    log: &Bound<'py, PyAny>,
    seat: Option<u8>,
    player: &str,
    name: Option<String>,
    rounds: Option<Vec<String>>,
    rules: Option<String>,
    seed: u64,
    max_bytes: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let mut limits = mj_log::Limits::default();
    if let Some(m) = max_bytes {
        limits.max_bytes = m;
    }
    let bytes = log_bytes(py, log, limits.max_bytes)?;
    let rules =
        match rules {
            Some(p) => Some(mj_game::GameRules::preset(&p).ok_or_else(|| {
                mj_error(py, "bad_request", &format!("unknown rules preset {p:?}"))
            })?),
            None => None,
        };
    let seat = match (name, seat) {
        (Some(_), Some(_)) => {
            return Err(mj_error(py, "bad_request", "give seat or name, not both"));
        }
        (Some(n), None) => SeatChoice::Name(n),
        (None, s) => SeatChoice::Seat(s.unwrap_or(0)),
    };
    let opts = ReviewOptions {
        seat,
        player: player.to_owned(),
        seed,
        rounds: rounds.unwrap_or_default(),
        rules,
        limits,
    };
    let text = py.detach(|| {
        mj_review::review_bytes(&bytes, &opts)
            .map(|r| serde_json::to_string(&r).unwrap_or_default())
    });
    let text = text.map_err(|e| {
        let kind = match e {
            ReviewError::Log(_) => "unreadable_log",
            ReviewError::Unsupported(_) => "unsupported",
            ReviewError::Round { .. } => "round",
            ReviewError::UnknownPlayer(_)
            | ReviewError::NoSuchSeat { .. }
            | ReviewError::NoSuchName { .. }
            | ReviewError::NoRounds(_) => "bad_request",
        };
        mj_error(py, kind, &e.to_string())
    })?;
    json_fn(py, &JSON_LOADS, "loads")?.call1((text.as_str(),))
}
