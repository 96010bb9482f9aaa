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

use mj_score::sichuan::{self, NotAWin, SichuanError, SichuanRules, Situation, Win};
use mj_tiles::{Suit, Tile};

use crate::error::OpError;
use crate::request::Request;

/// `score` with `"rules": "sichuan"` (PROTOCOL.md).
pub(crate) fn score(request: &Request) -> Result<Value, OpError> {
    let rules = rules(request)?;
    let (win, situation) = win(request)?;
    let s = sichuan::score(&win, &situation, &rules).map_err(op_error)?;
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

fn rules(request: &Request) -> Result<SichuanRules, OpError> {
    // The other switches `options` may hold are shape switches at the preset's values
    // (checked by `ops::score`).
    // `sichuan_table`'s values were checked against the registry by the option parser.
    let mut rules = SichuanRules::COMMON;
    super::score_fields::set_switches(request, |name, value| rules.set(name, value))?;
    if let Some(cap) = request.extra_as::<u32>("cap")? {
        rules = rules.with_cap(Some(cap));
    }
    Ok(rules)
}

fn win(request: &Request) -> Result<(Win, Situation), OpError> {
    let win_tile: Tile = request
        .extra_as("win_tile")?
        .ok_or_else(|| OpError::InvalidField("field `win_tile` is required".to_owned()))?;
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
    let mut win = Win::new(*request.counts(), request.melds(), win_tile);
    win.wild = request.wild();
    win.tsumo = super::score_fields::flag(request, "tsumo")?;
    let situation = Situation {
        kong: super::score_fields::flag(request, "kong")?,
        chankan: super::score_fields::flag(request, "chankan")?,
        last_wall: super::score_fields::flag(request, "last_wall")?,
        tenhou: super::score_fields::flag(request, "tenhou")?,
        chiihou: super::score_fields::flag(request, "chiihou")?,
        lack,
    };
    Ok((win, situation))
}

fn op_error(e: SichuanError) -> OpError {
    let msg = e.to_string();
    match e {
        SichuanError::HandSize { .. } => OpError::HandSize(msg),
        SichuanError::TooManyWildcards(_) => OpError::InvalidWild(msg),
        SichuanError::WinTileNotInHand(_) | SichuanError::Flags(_) => OpError::InvalidField(msg),
        SichuanError::HonorTile(_) => OpError::InvalidHand(msg),
        SichuanError::FifthCopy(_) => OpError::FifthCopy(msg),
        SichuanError::NotAWin(NotAWin::LackedSuit(_) | NotAWin::ThreeSuits | NotAWin::NoShape) => {
            OpError::NotAWin(msg)
        }
        SichuanError::Tables(_) => OpError::Internal(msg),
    }
}
