//! The `score` op under `"rules": "sichuan"`, answered by `mj_score::sichuan`.
//!
//! Request fields: `win_tile` (required), `tsumo`, `kong`, `chankan`, `last_wall`, `tenhou`,
//! `chiihou` (bools), `lack` (`"m"`, `"p"` or `"s"`), `cap` (a non-negative integer: the fan cap,
//! 封顶, overriding the table's); `seat_wind` and `round_wind` are accepted and play no part.
//! Option `sichuan_table` picks the fan table (`common` by default, `zimo_jiadi`, `classic`);
//! the shape switches may only restate the `sichuan` preset, riichi switches are refused
//! (`unsupported_rules`).
//!
//! Answer: `{"fan": n, "fans": [{"name", "zh", "fan", "count"}], "multiplier": 2^fan}` plus
//! `"wildcards": [{"tile": "7z", "as": "5m"}, ...]` (one entry per wildcard tile, in hand
//! order) when the hand holds wildcards. `fan` is after the cap; the rows are before it.

use serde_json::{Value, json};

use mj_score::sichuan::{self, NotAWin, SichuanError, SichuanRules, SichuanScore, Situation, Win};
use mj_tiles::{Suit, Tile};

use crate::error::OpError;
use crate::request::Request;

/// The fields of a Sichuan `score` beyond the hand, melds, wildcards, preset and options,
/// typed: what a line's `win_tile`, flags, `lack` and `cap` hold once read, for
/// [`Request::sichuan_score`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SichuanFields {
    /// `win_tile`, one of the concealed tiles (required: `invalid_field` when `None`).
    pub win_tile: Option<Tile>,
    /// `tsumo`.
    pub tsumo: bool,
    /// `kong`, `chankan`, `last_wall`, `tenhou`, `chiihou` and `lack`.
    pub situation: Situation,
    /// `cap`: the fan cap, overriding the table's.
    pub cap: Option<u32>,
}

/// `score` with `"rules": "sichuan"` (PROTOCOL.md).
pub(crate) fn score(request: &Request) -> Result<Value, OpError> {
    let s = request.sichuan_score(read_fields(request)?)?;
    let mut answer = json!({
        "fan": s.fan,
        "fans": s.fans.iter().map(|f| json!({
            "name": f.name, "zh": f.zh, "fan": f.fan, "count": f.count,
        })).collect::<Vec<_>>(),
        "multiplier": s.multiplier(),
    });
    if !s.reading.wildcards.is_empty()
        && let Value::Object(fields) = &mut answer
    {
        let list: Vec<Value> = s
            .reading
            .wildcards
            .iter()
            .map(|u| json!({"tile": u.tile.to_string(), "as": u.as_tile.to_string()}))
            .collect();
        fields.insert("wildcards".into(), Value::Array(list));
    }
    Ok(answer)
}

impl Request {
    /// The answer of `score` under `sichuan` as a value, from typed fields: the preset's checks
    /// and errors after [`Request::check_score_fields`], as for a line.
    pub fn sichuan_score(&self, fields: SichuanFields) -> Result<SichuanScore, OpError> {
        // The other switches `options` may hold are shape switches at the preset's values
        // (checked by `ops::score`); `sichuan_table`'s values were checked against the
        // registry when `options` was read.
        let mut rules = SichuanRules::COMMON;
        super::score_fields::set_switches(self, |name, value| rules.set(name, value))?;
        if let Some(cap) = fields.cap {
            rules = rules.with_cap(Some(cap));
        }
        let win_tile = fields.win_tile.ok_or_else(missing_win_tile)?;
        let mut win = Win::new(*self.counts(), self.melds(), win_tile);
        win.wild = self.wild();
        win.tsumo = fields.tsumo;
        sichuan::score(&win, &fields.situation, &rules).map_err(OpError::from)
    }
}

fn missing_win_tile() -> OpError {
    OpError::InvalidField("field `win_tile` is required".to_owned())
}

/// The line's fields, read in the order their errors win in.
fn read_fields(request: &Request) -> Result<SichuanFields, OpError> {
    let cap = request.extra_as::<u32>("cap")?;
    let win_tile: Tile = request.extra_as("win_tile")?.ok_or_else(missing_win_tile)?;
    for wind in ["seat_wind", "round_wind"] {
        request.extra_as::<Tile>(wind)?;
    }
    let lack = match request.extra_as::<String>("lack")?.as_deref() {
        None => None,
        Some("m") => Some(Suit::Man),
        Some("p") => Some(Suit::Pin),
        Some("s") => Some(Suit::Sou),
        Some(other) => {
            return Err(OpError::InvalidField(format!(
                "field `lack` must be \"m\", \"p\" or \"s\", got {other:?}"
            )));
        }
    };
    let flag = |name: &str| super::score_fields::flag(request, name);
    Ok(SichuanFields {
        win_tile: Some(win_tile),
        tsumo: flag("tsumo")?,
        situation: Situation {
            kong: flag("kong")?,
            chankan: flag("chankan")?,
            last_wall: flag("last_wall")?,
            tenhou: flag("tenhou")?,
            chiihou: flag("chiihou")?,
            lack,
        },
        cap,
    })
}

/// The protocol's error kind for each Sichuan scoring error.
impl From<SichuanError> for OpError {
    fn from(e: SichuanError) -> OpError {
        let msg = e.to_string();
        match e {
            SichuanError::HandSize { .. } => OpError::HandSize(msg),
            SichuanError::TooManyWildcards(_) => OpError::InvalidWild(msg),
            SichuanError::WinTileNotInHand(_) | SichuanError::Flags(_) => {
                OpError::InvalidField(msg)
            }
            SichuanError::HonorTile(_) => OpError::InvalidHand(msg),
            SichuanError::FifthCopy(_) => OpError::FifthCopy(msg),
            SichuanError::NotAWin(
                NotAWin::LackedSuit(_) | NotAWin::ThreeSuits | NotAWin::NoShape,
            ) => OpError::NotAWin(msg),
            SichuanError::Tables(_) => OpError::Internal(msg),
        }
    }
}
