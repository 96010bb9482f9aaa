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

use mj_score::sichuan::{self, NotAWin, SichuanError, SichuanRules, Win};
use mj_tiles::{Suit, Tile};

use crate::error::OpError;
use crate::request::{Request, SwitchValue};

/// The shape switches of `mj_hu::Rules`: allowed in `options` only with the preset's value.
const SHAPE_SWITCHES: [&str; 8] = mj_hu::Rules::SWITCHES;

/// Request fields of other presets, refused here.
const FOREIGN_FIELDS: [&str; 12] = [
    "riichi",
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "dora",
    "ura",
    "honba",
    "riichi_sticks",
    "flowers",
    "last_tile",
];

/// `score` with `"rules": "sichuan"` (PROTOCOL.md).
pub(crate) fn score(request: &Request) -> Result<Value, OpError> {
    let rules = rules(request)?;
    let win = win(request)?;
    let s = sichuan::score(&win, &rules).map_err(op_error)?;
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
    let mut rules = SichuanRules::COMMON;
    for (name, value) in request.options().iter() {
        match (name, value) {
            ("sichuan_table", SwitchValue::Name(table)) => {
                rules = SichuanRules::preset(table).ok_or_else(|| {
                    OpError::InvalidOption(format!("unknown sichuan table `{table}`"))
                })?;
            }
            (name, SwitchValue::Bool(on)) if SHAPE_SWITCHES.contains(&name) => {
                let mut changed = mj_hu::Rules::SICHUAN;
                changed
                    .set(name, on)
                    .map_err(|e| OpError::InvalidOption(e.to_string()))?;
                if changed != mj_hu::Rules::SICHUAN {
                    return Err(OpError::UnsupportedRules(format!(
                        "`score` under `sichuan` scores the preset's shapes only: switch `{name}` cannot be {on}"
                    )));
                }
            }
            (name, _) => {
                return Err(OpError::UnsupportedRules(format!(
                    "switch `{name}` is not part of `score` under `sichuan` (only `sichuan_table` and the preset's own shape switches)"
                )));
            }
        }
    }
    if let Some(cap) = request.extra_as::<u32>("cap")? {
        rules = rules.with_cap(Some(cap));
    }
    Ok(rules)
}

fn flag(request: &Request, name: &str) -> Result<bool, OpError> {
    Ok(request.extra_as::<bool>(name)?.unwrap_or(false))
}

fn win(request: &Request) -> Result<Win, OpError> {
    if let Some(name) = FOREIGN_FIELDS.iter().find(|f| request.extra(f).is_some()) {
        return Err(OpError::InvalidField(format!(
            "field `{name}` is not part of `score` under `sichuan`"
        )));
    }
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
    let mut win = Win::new(
        *request.counts(),
        request.melds().to_vec(),
        request.wild(),
        win_tile,
    );
    win.tsumo = flag(request, "tsumo")?;
    win.kong = flag(request, "kong")?;
    win.chankan = flag(request, "chankan")?;
    win.last_wall = flag(request, "last_wall")?;
    win.tenhou = flag(request, "tenhou")?;
    win.chiihou = flag(request, "chiihou")?;
    win.lack = lack;
    Ok(win)
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
