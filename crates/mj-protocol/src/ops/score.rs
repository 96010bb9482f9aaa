//! The `score` op, dispatched on the preset (riichi and sanma, sichuan, mcr), after the checks
//! every preset shares (fields and switches of the right preset).

use mj_score::rules::Layer;
use serde_json::Value;

use crate::error::OpError;
use crate::request::{Request, Rules, SwitchValue};

/// The presets that read each `score` field beyond `win_tile`, `tsumo`, `seat_wind` and
/// `round_wind` (read by all three): the one place that says which field belongs to which
/// preset. A field given under a preset that does not read it is `invalid_field`.
const FIELD_PRESETS: &[(&str, &[Rules])] = &[
    ("riichi", RIICHI),
    ("double_riichi", RIICHI),
    ("ippatsu", RIICHI),
    ("haitei", RIICHI),
    ("houtei", RIICHI),
    ("rinshan", RIICHI),
    ("chankan", &[Rules::Riichi, Rules::Sanma, Rules::Sichuan]),
    ("tenhou", &[Rules::Riichi, Rules::Sanma, Rules::Sichuan]),
    ("chiihou", &[Rules::Riichi, Rules::Sanma, Rules::Sichuan]),
    ("renhou", RIICHI),
    ("dora", RIICHI),
    ("ura", RIICHI),
    ("honba", RIICHI),
    ("riichi_sticks", RIICHI),
    ("kita", &[Rules::Sanma]),
    ("flowers", &[Rules::Mcr]),
    ("last_tile", &[Rules::Mcr]),
    ("kong", &[Rules::Mcr, Rules::Sichuan]),
    ("last_wall", &[Rules::Mcr, Rules::Sichuan]),
    ("lack", &[Rules::Sichuan]),
    ("cap", &[Rules::Sichuan]),
];

/// The riichi presets, four and three players: they read the same fields.
const RIICHI: &[Rules] = &[Rules::Riichi, Rules::Sanma];

/// Every extra field the request gave (`given`) is read by its preset.
fn check_fields(request: &Request, given: impl Fn(&str) -> bool) -> Result<(), OpError> {
    let preset = request.rules();
    for (field, presets) in FIELD_PRESETS {
        if given(field) && !presets.contains(&preset) {
            let owners: Vec<&str> = presets.iter().map(|p| p.name()).collect();
            return Err(OpError::InvalidField(format!(
                "field `{field}` is not part of `score` under `{}` (it belongs to {})",
                preset.name(),
                owners.join(", ")
            )));
        }
    }
    Ok(())
}

/// `options` may set the preset's own scoring switches (`mj_score::rules::SWITCHES` says
/// whose), and shape switches only to the preset's value: a scorer answers for its preset's
/// shapes, never silently for others.
fn check_options(request: &Request) -> Result<(), OpError> {
    if request.options().is_empty() {
        return Ok(());
    }
    let name = request.rules().name();
    let shapes = request.rules().shapes();
    for (switch, value) in request.options().iter() {
        let owners = match mj_score::rules::switch(switch).map(|s| s.layer) {
            Some(Layer::Score(owners)) => Some(owners),
            _ => None,
        };
        if let Some(owners) = owners {
            if !owners.contains(&request.rules()) {
                let owners: Vec<&str> = owners.iter().map(|p| p.name()).collect();
                return Err(OpError::UnsupportedRules(format!(
                    "switch `{switch}` belongs to `score` under `{}`, not `{name}`",
                    owners.join("` or `")
                )));
            }
            continue;
        }
        let mut changed = shapes;
        let same = match value {
            SwitchValue::Bool(on) => changed.set(switch, on).is_ok() && changed == shapes,
            _ => false,
        };
        if !same {
            return Err(OpError::UnsupportedRules(format!(
                "`score` under `{name}` scores the preset's own shapes: switch `{switch}` cannot \
                 be changed"
            )));
        }
    }
    Ok(())
}

impl Request {
    /// The checks every `score` preset shares, for a caller that answers `score` from typed
    /// fields ([`Request::new`], then [`Request::riichi_score`]): the fields it was given
    /// (`given(name)`, by their protocol names: `dora`, `lack`, ...) are read by the preset
    /// (`invalid_field`), and `options` set only the preset's own scoring switches and its
    /// shapes' values (`unsupported_rules`); preset `generic` has no scorer
    /// (`unsupported_rules`).
    pub fn check_score_fields(&self, given: impl Fn(&str) -> bool) -> Result<(), OpError> {
        if self.rules() == Rules::Generic {
            return Err(no_scoring_preset());
        }
        check_fields(self, given)?;
        check_options(self)
    }
}

fn no_scoring_preset() -> OpError {
    OpError::UnsupportedRules(
        "`score` needs a scoring preset: `\"rules\"` must be `riichi`, `sanma`, `sichuan` or \
         `mcr`"
            .to_owned(),
    )
}

/// `score`: the answer of the request's preset (PROTOCOL.md, section `score`), after the
/// checks every preset shares (fields and switches of the right preset).
pub(crate) fn score(request: &Request) -> Result<Value, OpError> {
    request.check_score_fields(|field| request.extra(field).is_some())?;
    match request.rules() {
        Rules::Riichi | Rules::Sanma => super::score_riichi::score(request),
        Rules::Sichuan => super::score_sichuan::score(request),
        Rules::Mcr => super::score_mcr::score(request),
        _ => Err(no_scoring_preset()),
    }
}
