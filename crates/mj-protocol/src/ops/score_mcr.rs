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

use mj_score::mcr::{self, McrError, McrScore, Situation, Win};
use mj_tiles::Tile;
use serde_json::{Value, json};

use crate::error::OpError;
use crate::request::Request;

/// The fields of an MCR `score` beyond the hand, melds, wildcards, preset and options, typed:
/// what a line's `win_tile`, flags, winds and `flowers` hold once read, for
/// [`Request::mcr_score`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrFields {
    /// `win_tile`, one of the concealed tiles (required: `invalid_field` when `None`).
    pub win_tile: Option<Tile>,
    /// `tsumo`.
    pub tsumo: bool,
    /// `last_tile`, `kong` and `last_wall`; its `flowers` is set from [`McrFields::flowers`].
    pub situation: Situation,
    /// `flowers`: 0-8 (`invalid_field` beyond).
    pub flowers: u64,
    /// `seat_wind` (East when `None`; `invalid_field` for a tile that is no wind).
    pub seat_wind: Option<Tile>,
    /// `round_wind`, as `seat_wind`.
    pub round_wind: Option<Tile>,
}

fn wind(tile: Option<Tile>, name: &str) -> Result<Tile, OpError> {
    let tile = tile.unwrap_or(Tile::EAST);
    if tile.is_wind() {
        Ok(tile)
    } else {
        Err(OpError::InvalidField(format!(
            "`{name}` must be a wind, 1z to 4z, got {tile}"
        )))
    }
}

fn no_wildcards(request: &Request) -> Result<(), OpError> {
    if request.wild().is_empty() {
        Ok(())
    } else {
        Err(OpError::UnsupportedRules(
            "`wild`: the Chinese Official rules have no wildcards".to_owned(),
        ))
    }
}

fn missing_win_tile() -> OpError {
    OpError::InvalidField("`win_tile` is required".to_owned())
}

/// The line's fields, read in the order their errors win in.
fn read_fields(request: &Request) -> Result<McrFields, OpError> {
    no_wildcards(request)?;
    let win_tile = request
        .extra_as::<Tile>("win_tile")?
        .ok_or_else(missing_win_tile)?;
    let flag = |name: &str| super::score_fields::flag(request, name);
    Ok(McrFields {
        win_tile: Some(win_tile),
        flowers: request.extra_as::<u64>("flowers")?.unwrap_or(0),
        tsumo: flag("tsumo")?,
        situation: Situation {
            last_tile: flag("last_tile")?,
            kong: flag("kong")?,
            last_wall: flag("last_wall")?,
            flowers: 0,
        },
        seat_wind: request.extra_as::<Tile>("seat_wind")?,
        round_wind: request.extra_as::<Tile>("round_wind")?,
    })
}

/// `score` with `"rules": "mcr"` (PROTOCOL.md).
pub(crate) fn score(request: &Request) -> Result<Value, OpError> {
    let s = request.mcr_score(read_fields(request)?)?;
    Ok(json!({"fan": s.total, "fans": s.fans.as_slice()}))
}

impl Request {
    /// The answer of `score` under `mcr` as a value, from typed fields: the preset's checks
    /// and errors after [`Request::check_score_fields`], as for a line (`below_minimum` for a
    /// win under 8 fan).
    pub fn mcr_score(&self, fields: McrFields) -> Result<McrScore, OpError> {
        no_wildcards(self)?;
        let win_tile = fields.win_tile.ok_or_else(missing_win_tile)?;
        let flowers = fields.flowers;
        let flowers = u8::try_from(flowers)
            .ok()
            .filter(|&f| f <= mcr::MAX_FLOWERS)
            .ok_or_else(|| {
                OpError::InvalidField(format!(
                    "`flowers` must be 0 to {}, got {flowers}",
                    mcr::MAX_FLOWERS
                ))
            })?;
        let mut win = Win::new(*self.counts(), self.melds(), win_tile);
        win.tsumo = fields.tsumo;
        let situation = Situation {
            flowers,
            ..fields.situation
        };
        win.seat_wind = wind(fields.seat_wind, "seat_wind")?;
        win.round_wind = wind(fields.round_wind, "round_wind")?;
        let mut options = mcr::McrOptions::OFFICIAL;
        super::score_fields::set_switches(self, |name, value| options.set(name, value))?;
        mcr::score_with(&win, &situation, &options).map_err(OpError::from)
    }
}

/// The protocol's error kind for each MCR scoring error (`below_minimum` carries the fan).
impl From<McrError> for OpError {
    fn from(e: McrError) -> OpError {
        match e {
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
        }
    }
}
