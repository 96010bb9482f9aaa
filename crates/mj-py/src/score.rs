//! `score`: a native call with typed arguments and a typed result. The arguments are read from
//! Python values into `mj_protocol`'s typed fields ([`RiichiFields`], [`SichuanFields`],
//! [`McrFields`]) and scored by the request's typed answer (`mj_score`'s scorers, with the
//! protocol's checks and errors); no JSON is written or read on the way, and the result builds
//! Python objects only for the attributes asked for.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString};
use smallvec::SmallVec;

use mj_protocol::{McrFields, OpError, RiichiFields, Rules, SichuanFields};
use mj_score::FanEntry;
use mj_score::mcr::McrScore;
use mj_score::riichi::{Points, Score};
use mj_score::sichuan::SichuanScore;
use mj_tiles::{Suit, Tile};

use crate::error::op_error;
use crate::fields::Common;
use crate::hand::{Form, read_hand, read_tile, type_name};

/// An `invalid_field` error.
fn bad_field(message: String) -> PyErr {
    op_error(&OpError::InvalidField(message))
}

/// A value given, or None when the argument was left out (or given as None).
fn given<'a, 'py>(obj: Option<&'a Bound<'py, PyAny>>) -> Option<&'a Bound<'py, PyAny>> {
    obj.filter(|o| !o.is_none())
}

/// A boolean field (False when not given).
fn flag(obj: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<bool> {
    match given(obj) {
        None => Ok(false),
        Some(v) if v.is_instance_of::<PyBool>() => v.extract(),
        Some(v) => Err(bad_field(format!(
            "field `{name}`: expected True or False, got {}",
            type_name(v)
        ))),
    }
}

/// A non-negative integer field, at most `max`.
fn count(obj: Option<&Bound<'_, PyAny>>, name: &str, max: u64) -> PyResult<Option<u64>> {
    let Some(v) = given(obj) else {
        return Ok(None);
    };
    let n = if v.is_instance_of::<PyBool>() {
        None
    } else {
        v.extract::<u64>().ok().filter(|&n| n <= max)
    };
    n.map(Some).ok_or_else(|| {
        bad_field(format!(
            "field `{name}`: expected an integer 0 to {max}, got {}",
            v.repr().map_or_else(|_| type_name(v), |r| r.to_string())
        ))
    })
}

/// [`count`] of a `u32` field.
fn count32(obj: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<u32>> {
    Ok(count(obj, name, u64::from(u32::MAX))?.and_then(|n| u32::try_from(n).ok()))
}

/// A wind: an mpsz tile (`"1z"`-`"4z"`) or 0-3 (East, South, West, North). The scorers check
/// that a tile is a wind.
fn wind(obj: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<Tile>> {
    let Some(v) = given(obj) else {
        return Ok(None);
    };
    if !v.is_instance_of::<PyString>()
        && let Ok(i) = v.extract::<i64>()
    {
        return u8::try_from(i)
            .ok()
            .filter(|&i| i < 4)
            .and_then(|i| Tile::new(Tile::EAST.as_u8() + i))
            .map(Some)
            .ok_or_else(|| {
                bad_field(format!(
                    "field `{name}`: a wind is 0-3 (East, South, West, North) or \"1z\"-\"4z\", \
                     got {i}"
                ))
            });
    }
    read_tile(
        v,
        Form::Counts,
        || format!("field `{name}`"),
        OpError::InvalidField,
    )
    .map(|p| Some(p.tile()))
}

/// Dora or ura indicators: a list (or tuple) of tiles in the hand's form.
fn indicators(
    obj: Option<&Bound<'_, PyAny>>,
    form: Form,
    name: &str,
) -> PyResult<SmallVec<[Tile; 5]>> {
    let mut out = SmallVec::new();
    let Some(v) = given(obj) else {
        return Ok(out);
    };
    let mut push = |i: usize, item: &Bound<'_, PyAny>| -> PyResult<()> {
        if i >= mj_protocol::MAX_ITEMS {
            return Err(bad_field(format!(
                "field `{name}`: more than {} tiles",
                mj_protocol::MAX_ITEMS
            )));
        }
        let what = || format!("field `{name}`[{i}]");
        out.push(read_tile(item, form, what, OpError::InvalidField)?.tile());
        Ok(())
    };
    if let Ok(list) = v.cast::<PyList>() {
        for (i, item) in list.iter().enumerate() {
            push(i, &item)?;
        }
    } else if let Ok(tuple) = v.cast::<pyo3::types::PyTuple>() {
        for (i, item) in tuple.iter_borrowed().enumerate() {
            push(i, &item)?;
        }
    } else {
        return Err(bad_field(format!(
            "field `{name}`: expected a list of tiles, got {}",
            type_name(v)
        )));
    }
    Ok(out)
}

/// `lack`: `"m"`, `"p"` or `"s"`.
fn lack_suit(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Suit>> {
    let Some(v) = given(obj) else {
        return Ok(None);
    };
    let Ok(text) = v.cast::<PyString>() else {
        return Err(bad_field(format!(
            "field `lack`: expected a string, got {}",
            type_name(v)
        )));
    };
    match text.to_cow()?.as_ref() {
        "m" => Ok(Some(Suit::Man)),
        "p" => Ok(Some(Suit::Pin)),
        "s" => Ok(Some(Suit::Sou)),
        other => Err(bad_field(format!(
            "field `lack` must be \"m\", \"p\" or \"s\", got {other:?}"
        ))),
    }
}

/// The score of a win, read when asked for. Riichi answers have `han`, `fu`, `fu_details`,
/// `yaku`, `yakuman`, `limit` and `points`; Sichuan and MCR answers `fan` and `fans` (Sichuan
/// also `multiplier` and, with wildcards, `wildcards`). An attribute the answer does not have
/// is None.
#[pyclass(frozen, module = "mj_engine")]
#[derive(Debug)]
pub(crate) struct ScoreResult {
    scored: Scored,
}

/// The scorer's answer: riichi's inline (one allocation a result, the Python object's), the
/// larger Chinese ones boxed, so moving a riichi answer copies little.
#[derive(Debug)]
enum Scored {
    Riichi(Score),
    Sichuan(Box<SichuanScore>),
    Mcr(Box<McrScore>),
}

/// The rows of a Chinese fan breakdown: `[{"name", "zh", "fan", "count"}]`.
fn fan_list<'py>(py: Python<'py>, fans: &[FanEntry]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for f in fans {
        let d = PyDict::new(py);
        d.set_item("name", f.name)?;
        d.set_item("zh", f.zh)?;
        d.set_item("fan", f.fan)?;
        d.set_item("count", f.count)?;
        list.append(d)?;
    }
    Ok(list)
}

fn none(py: Python<'_>) -> Bound<'_, PyAny> {
    py.None().into_bound(py)
}

impl ScoreResult {
    /// One field of the protocol's answer, or None when the answer has none of that name.
    fn field<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        match &self.scored {
            Scored::Riichi(s) => riichi_field(py, s, name),
            Scored::Sichuan(s) => match name {
                "fan" => Ok(s.fan.into_pyobject(py)?.into_any()),
                "fans" => Ok(fan_list(py, &s.fans)?.into_any()),
                "multiplier" => Ok(s.multiplier().into_pyobject(py)?.into_any()),
                "wildcards" if !s.reading.wildcards.is_empty() => {
                    let list = PyList::empty(py);
                    for u in &s.reading.wildcards {
                        let d = PyDict::new(py);
                        d.set_item("tile", u.tile.to_string())?;
                        d.set_item("as", u.as_tile.to_string())?;
                        list.append(d)?;
                    }
                    Ok(list.into_any())
                }
                _ => Ok(none(py)),
            },
            Scored::Mcr(s) => match name {
                "fan" => Ok(s.total.into_pyobject(py)?.into_any()),
                "fans" => Ok(fan_list(py, &s.fans)?.into_any()),
                _ => Ok(none(py)),
            },
        }
    }

    /// The names of the answer's fields.
    fn names(&self) -> &'static [&'static str] {
        match &self.scored {
            Scored::Riichi(s) if s.fu_details.is_empty() => {
                &["han", "fu", "yaku", "yakuman", "limit", "points"]
            }
            Scored::Riichi(_) => &[
                "han",
                "fu",
                "yaku",
                "yakuman",
                "limit",
                "points",
                "fu_details",
            ],
            Scored::Sichuan(s) if s.reading.wildcards.is_empty() => &["fan", "fans", "multiplier"],
            Scored::Sichuan(_) => &["fan", "fans", "multiplier", "wildcards"],
            Scored::Mcr(_) => &["fan", "fans"],
        }
    }

    fn dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for name in self.names() {
            d.set_item(*name, self.field(py, name)?)?;
        }
        Ok(d)
    }
}

/// A field of a riichi answer (PROTOCOL.md `score`).
fn riichi_field<'py>(py: Python<'py>, s: &Score, name: &str) -> PyResult<Bound<'py, PyAny>> {
    Ok(match name {
        "han" => s.han.into_pyobject(py)?.into_any(),
        "fu" => s.fu.into_pyobject(py)?.into_any(),
        "yakuman" => s.yakuman.into_pyobject(py)?.into_any(),
        "limit" => match s.limit {
            Some(l) => l.name().into_pyobject(py)?.into_any(),
            None => none(py),
        },
        "yaku" => {
            let list = PyList::empty(py);
            for e in &s.yaku {
                let d = PyDict::new(py);
                d.set_item("name", e.yaku.name())?;
                if e.yakuman > 0 {
                    d.set_item("han", 0)?;
                    d.set_item("yakuman", e.yakuman)?;
                } else {
                    d.set_item("han", e.han)?;
                }
                list.append(d)?;
            }
            list.into_any()
        }
        "points" => {
            let d = PyDict::new(py);
            match s.points {
                Points::Ron { total, ron } => {
                    d.set_item("total", total)?;
                    d.set_item("ron", ron)?;
                }
                Points::Tsumo {
                    total,
                    dealer,
                    others,
                } => {
                    d.set_item("total", total)?;
                    if let Some(dealer) = dealer {
                        d.set_item("dealer", dealer)?;
                    }
                    d.set_item("others", others)?;
                }
            }
            d.into_any()
        }
        "fu_details" if !s.fu_details.is_empty() => {
            let list = PyList::empty(py);
            for p in &s.fu_details {
                let d = PyDict::new(py);
                d.set_item("name", p.source.name())?;
                d.set_item("fu", p.fu)?;
                list.append(d)?;
            }
            list.into_any()
        }
        _ => none(py),
    })
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
                    self.field(py, stringify!($field))
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
    /// Riichi: everything the winner receives (`points["total"]`), without building the dict.
    #[getter]
    fn total(&self) -> Option<u32> {
        match &self.scored {
            Scored::Riichi(s) => Some(s.points.total()),
            _ => None,
        }
    }

    /// The protocol's answer, a fresh dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.dict(py)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("ScoreResult({})", self.dict(py)?.repr()?))
    }
}

/// The score of a win under `rules` (`"riichi"`, `"sanma"`, `"sichuan"`, `"mcr"`). `hand`
/// holds the winning tile; `win_tile` names it (an mpsz tile, or an integer in the hand's form:
/// a 136 id for a hand of ids, else a kind index). Winds are `"1z"`-`"4z"` or 0-3; `dora`,
/// `ura` lists of tiles as `win_tile`; the flags booleans; the counters integers. A hand that is
/// no win raises `MjError` (`not_a_win`, `no_yaku`, `below_minimum`), as does every malformed
/// argument, with the protocol's kinds.
#[pyfunction]
// Keywords in the order pyo3 searches them: the ones most calls give first.
#[pyo3(signature = (
    hand, win_tile=None, *, rules=None, tsumo=None, riichi=None, seat_wind=None,
    round_wind=None, dora=None, ura=None, melds=None, honba=None, riichi_sticks=None,
    ippatsu=None, double_riichi=None, haitei=None, houtei=None, rinshan=None, chankan=None,
    tenhou=None, chiihou=None, renhou=None, kita=None, wild=None, options=None, flowers=None,
    last_tile=None, kong=None, last_wall=None, lack=None, cap=None
))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn score(
    hand: &Bound<'_, PyAny>,
    win_tile: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    tsumo: Option<&Bound<'_, PyAny>>,
    riichi: Option<&Bound<'_, PyAny>>,
    seat_wind: Option<&Bound<'_, PyAny>>,
    round_wind: Option<&Bound<'_, PyAny>>,
    dora: Option<&Bound<'_, PyAny>>,
    ura: Option<&Bound<'_, PyAny>>,
    melds: Option<&Bound<'_, PyAny>>,
    honba: Option<&Bound<'_, PyAny>>,
    riichi_sticks: Option<&Bound<'_, PyAny>>,
    ippatsu: Option<&Bound<'_, PyAny>>,
    double_riichi: Option<&Bound<'_, PyAny>>,
    haitei: Option<&Bound<'_, PyAny>>,
    houtei: Option<&Bound<'_, PyAny>>,
    rinshan: Option<&Bound<'_, PyAny>>,
    chankan: Option<&Bound<'_, PyAny>>,
    tenhou: Option<&Bound<'_, PyAny>>,
    chiihou: Option<&Bound<'_, PyAny>>,
    renhou: Option<&Bound<'_, PyAny>>,
    kita: Option<&Bound<'_, PyAny>>,
    wild: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyAny>>,
    flowers: Option<&Bound<'_, PyAny>>,
    last_tile: Option<&Bound<'_, PyAny>>,
    kong: Option<&Bound<'_, PyAny>>,
    last_wall: Option<&Bound<'_, PyAny>>,
    lack: Option<&Bound<'_, PyAny>>,
    cap: Option<&Bound<'_, PyAny>>,
) -> PyResult<ScoreResult> {
    let tiles = read_hand(hand)?;
    let common = Common::read(&tiles, melds, wild, rules, options)?;
    let preset = common.rules;
    let request = common.request("score", &tiles)?;
    // The fields given, by their protocol names: a field of another preset is refused.
    let fields_given = [
        ("riichi", riichi),
        ("double_riichi", double_riichi),
        ("ippatsu", ippatsu),
        ("haitei", haitei),
        ("houtei", houtei),
        ("rinshan", rinshan),
        ("chankan", chankan),
        ("tenhou", tenhou),
        ("chiihou", chiihou),
        ("renhou", renhou),
        ("dora", dora),
        ("ura", ura),
        ("honba", honba),
        ("riichi_sticks", riichi_sticks),
        ("kita", kita),
        ("flowers", flowers),
        ("last_tile", last_tile),
        ("kong", kong),
        ("last_wall", last_wall),
        ("lack", lack),
        ("cap", cap),
    ];
    let names: SmallVec<[&str; 8]> = fields_given
        .iter()
        .filter(|(_, v)| given(*v).is_some())
        .map(|(n, _)| *n)
        .collect();
    // Most names differ in length or first letter: compared so before any memcmp.
    let is_given = |name: &str| {
        names.iter().any(|n| {
            n.len() == name.len() && n.as_bytes().first() == name.as_bytes().first() && *n == name
        })
    };
    request
        .check_score_fields(is_given)
        .map_err(|e| op_error(&e))?;
    // A 136 id names one physical tile: it must be one the hand holds (checked once the
    // protocol's own checks have passed, so its errors come first).
    let mut stray_id = None;
    let win_tile = match given(win_tile) {
        Some(v) => {
            let what = || "field `win_tile`".to_owned();
            let piece = read_tile(v, tiles.form, what, OpError::InvalidField)?;
            if tiles.form == Form::Ids
                && let Ok(id) = v.extract::<u8>()
                && !tiles.holds_id(id)
            {
                stray_id = Some(id);
            }
            Some(piece.tile())
        }
        None => None,
    };
    let scored = match preset {
        Rules::Sichuan => {
            let mut f = SichuanFields {
                win_tile,
                tsumo: flag(tsumo, "tsumo")?,
                cap: count32(cap, "cap")?,
                ..SichuanFields::default()
            };
            wind(seat_wind, "seat_wind")?;
            wind(round_wind, "round_wind")?;
            f.situation.lack = lack_suit(lack)?;
            f.situation.kong = flag(kong, "kong")?;
            f.situation.chankan = flag(chankan, "chankan")?;
            f.situation.last_wall = flag(last_wall, "last_wall")?;
            f.situation.tenhou = flag(tenhou, "tenhou")?;
            f.situation.chiihou = flag(chiihou, "chiihou")?;
            Scored::Sichuan(Box::new(
                request.sichuan_score(f).map_err(|e| op_error(&e))?,
            ))
        }
        Rules::Mcr => {
            let mut f = McrFields {
                win_tile,
                flowers: count(flowers, "flowers", u64::MAX)?.unwrap_or(0),
                tsumo: flag(tsumo, "tsumo")?,
                ..McrFields::default()
            };
            f.situation.last_tile = flag(last_tile, "last_tile")?;
            f.situation.kong = flag(kong, "kong")?;
            f.situation.last_wall = flag(last_wall, "last_wall")?;
            f.seat_wind = wind(seat_wind, "seat_wind")?;
            f.round_wind = wind(round_wind, "round_wind")?;
            Scored::Mcr(Box::new(request.mcr_score(f).map_err(|e| op_error(&e))?))
        }
        // Riichi and sanma (generic was refused above).
        _ => {
            let mut f = RiichiFields {
                win_tile,
                tsumo: flag(tsumo, "tsumo")?,
                ..RiichiFields::default()
            };
            let flags = &mut f.situation.flags;
            flags.riichi = flag(riichi, "riichi")?;
            flags.double_riichi = flag(double_riichi, "double_riichi")?;
            flags.ippatsu = flag(ippatsu, "ippatsu")?;
            flags.haitei = flag(haitei, "haitei")?;
            flags.houtei = flag(houtei, "houtei")?;
            flags.rinshan = flag(rinshan, "rinshan")?;
            flags.chankan = flag(chankan, "chankan")?;
            flags.tenhou = flag(tenhou, "tenhou")?;
            flags.chiihou = flag(chiihou, "chiihou")?;
            flags.renhou = flag(renhou, "renhou")?;
            f.seat_wind = wind(seat_wind, "seat_wind")?;
            f.round_wind = wind(round_wind, "round_wind")?;
            f.situation.dora = indicators(dora, tiles.form, "dora")?;
            f.situation.ura = indicators(ura, tiles.form, "ura")?;
            f.situation.honba = count32(honba, "honba")?.unwrap_or(0);
            f.situation.riichi_sticks = count32(riichi_sticks, "riichi_sticks")?.unwrap_or(0);
            f.kita = count32(kita, "kita")?.unwrap_or(0);
            Scored::Riichi(request.riichi_score(f).map_err(|e| op_error(&e))?)
        }
    };
    if let Some(id) = stray_id {
        return Err(bad_field(format!(
            "field `win_tile`: tile id {id} is not one of the hand's ids"
        )));
    }
    Ok(ScoreResult { scored })
}
