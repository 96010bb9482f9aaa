//! The `score` op under `"rules": "mcr"`, answered by `mj_score::mcr`.
//!
//! Extra fields: `win_tile` (required), `tsumo`, `last_tile`, `kong`, `last_wall` (bools),
//! `seat_wind`, `round_wind` (tiles `1z`-`4z`, default `1z`), `flowers` (0-8). The answer is
//! `{"fan": n, "fans": [{"name", "zh", "fan", "count"}]}` (flowers included in `fan`); a win
//! under 8 fan without flowers is `below_minimum` with its `"fan"`. MCR has no wildcards
//! (`wild` is `unsupported_rules`) and fixed shapes: an `options` switch other than the preset's
//! own values is `unsupported_rules`; riichi and Sichuan fields are `invalid_field`. The switch
//! `ming_an_gang` (default false, the official 明杠 + 暗杠) scores one melded and one concealed
//! kong as 明暗杠, 5 fan.

use mj_score::mcr::{self, McrError, Situation, Win};
use mj_tiles::Tile;
use serde_json::{Value, json};

use crate::error::OpError;
use crate::request::Request;

fn wind(request: &Request, name: &str) -> Result<Tile, OpError> {
    let tile = request.extra_as::<Tile>(name)?.unwrap_or(Tile::EAST);
    if tile.is_wind() {
        Ok(tile)
    } else {
        Err(OpError::InvalidField(format!(
            "`{name}` must be a wind, 1z to 4z, got {tile}"
        )))
    }
}

/// The typed situation of a validated request.
fn win(request: &Request) -> Result<(Win, Situation), OpError> {
    if !request.wild().is_empty() {
        return Err(OpError::UnsupportedRules(
            "`wild`: the Chinese Official rules have no wildcards".to_owned(),
        ));
    }
    let win_tile = request
        .extra_as::<Tile>("win_tile")?
        .ok_or_else(|| OpError::InvalidField("`win_tile` is required".to_owned()))?;
    let flowers = request.extra_as::<u64>("flowers")?.unwrap_or(0);
    let flowers = u8::try_from(flowers)
        .ok()
        .filter(|&f| f <= mcr::MAX_FLOWERS)
        .ok_or_else(|| {
            OpError::InvalidField(format!(
                "`flowers` must be 0 to {}, got {flowers}",
                mcr::MAX_FLOWERS
            ))
        })?;
    let mut win = Win::new(*request.counts(), request.melds(), win_tile);
    win.tsumo = super::score_fields::flag(request, "tsumo")?;
    let situation = Situation {
        last_tile: super::score_fields::flag(request, "last_tile")?,
        kong: super::score_fields::flag(request, "kong")?,
        last_wall: super::score_fields::flag(request, "last_wall")?,
        flowers,
    };
    win.seat_wind = wind(request, "seat_wind")?;
    win.round_wind = wind(request, "round_wind")?;
    Ok((win, situation))
}

/// `score` with `"rules": "mcr"` (PROTOCOL.md).
pub(crate) fn score(request: &Request) -> Result<Value, OpError> {
    let (win, situation) = win(request)?;
    let mut options = mcr::McrOptions::OFFICIAL;
    super::score_fields::set_switches(request, |name, value| options.set(name, value))?;
    match mcr::score_with(&win, &situation, &options) {
        Ok(s) => Ok(json!({"fan": s.total, "fans": s.fans.as_slice()})),
        Err(e) => Err(match e {
            McrError::BelowMinimum { fan, .. } => OpError::BelowMinimum {
                fan,
                minimum: mcr::MINIMUM_FAN,
            },
            McrError::NotAWin => OpError::NotAWin(e.to_string()),
            McrError::HandSize { .. } | McrError::TooManyMelds(_) => {
                OpError::HandSize(e.to_string())
            }
            McrError::FifthCopy(_) => OpError::FifthCopy(e.to_string()),
            McrError::WinTileNotInHand(_) => OpError::InvalidField(format!("`win_tile`: {e}")),
            McrError::Wildcards => OpError::UnsupportedRules(e.to_string()),
            McrError::NotAWind { .. } | McrError::TooManyFlowers(_) => {
                OpError::InvalidField(e.to_string())
            }
        }),
    }
}
