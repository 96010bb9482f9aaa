//! The `score` op under `"rules": "riichi"` and `"rules": "sanma"` (three players: the field
//! `kita`, 0-4, and the switch `tsumo_loss`), answered by `mj_score::riichi`.
//!
//! The request's fields become a [`Win`] and [`RiichiRules`]; the answer is PROTOCOL.md's plus
//! the extension field `fu_details` (`[{"name", "fu"}]`, names in `mj_score::riichi`'s docs;
//! left out for yakuman hands, which have no fu). Beyond PROTOCOL.md's fields, `renhou: true`
//! says the win is a non-dealer's ron before the first draw (人和), scored per the `renhou`
//! switch (`none`: no yaku for it).
//! Errors: `invalid_field` (a missing or malformed `win_tile`, winds, indicators, counters, a
//! field of another preset, inconsistent flags, a winning tile not in the hand), `hand_size`,
//! `fifth_copy`, `not_a_win`, `no_yaku`, and `unsupported_rules` for `wild`. Fields and
//! switches of other presets are refused before, by `ops::score`.

use crate::request::Rules;
use mj_score::riichi::{
    Points, RiichiRules, Score, ScoreError, Situation, Win, score as score_win,
};
use mj_tiles::{Piece, Tile};
use serde_json::{Value, json};

use crate::error::OpError;
use crate::request::Request;

/// The request's riichi rules: the preset's, with its scoring switches from `options`.
pub(crate) fn rules(request: &Request) -> Result<RiichiRules, OpError> {
    if !request.wild().is_empty() {
        return Err(OpError::UnsupportedRules(
            "riichi has no wildcards: `wild` must be empty".to_owned(),
        ));
    }
    let mut rules = match request.rules() {
        Rules::Sanma => RiichiRules::THREE_PLAYER,
        _ => RiichiRules::FOUR_PLAYER,
    };
    // Riichi's scoring switches (the registry says which); shape switches at riichi's own
    // values were checked by `ops::score`.
    super::score_fields::set_switches(request, |name, value| rules.set(name, value))?;
    Ok(rules)
}

fn win(request: &Request) -> Result<(Win, Situation), OpError> {
    let win_tile: Piece = request.extra_as("win_tile")?.ok_or_else(|| {
        OpError::InvalidField("missing field `win_tile` (the winning tile, e.g. \"5p\")".into())
    })?;
    let mut win = Win::from_pieces(request.pieces(), request.melds(), win_tile.tile())
        .map_err(|e| error(ScoreError::FifthCopy(e.tile)))?;
    let mut situation = Situation::default();
    let flag = |name: &str| super::score_fields::flag(request, name);
    win.tsumo = flag("tsumo")?;
    situation.flags.riichi = flag("riichi")?;
    situation.flags.double_riichi = flag("double_riichi")?;
    situation.flags.ippatsu = flag("ippatsu")?;
    situation.flags.haitei = flag("haitei")?;
    situation.flags.houtei = flag("houtei")?;
    situation.flags.rinshan = flag("rinshan")?;
    situation.flags.chankan = flag("chankan")?;
    situation.flags.tenhou = flag("tenhou")?;
    situation.flags.chiihou = flag("chiihou")?;
    situation.flags.renhou = flag("renhou")?;
    if let Some(t) = request.extra_as::<Piece>("seat_wind")? {
        win.seat_wind = t.tile();
    }
    if let Some(t) = request.extra_as::<Piece>("round_wind")? {
        win.round_wind = t.tile();
    }
    let indicators = |name: &str| -> Result<Vec<Tile>, OpError> {
        Ok(request
            .extra_as::<Vec<Piece>>(name)?
            .unwrap_or_default()
            .iter()
            .map(|p| p.tile())
            .collect())
    };
    situation.dora = indicators("dora")?.into_iter().collect();
    situation.ura = indicators("ura")?.into_iter().collect();
    // Ura dora are turned over only for a riichi winner: refused without it, as `ippatsu` is.
    if !situation.ura.is_empty() && !situation.flags.riichi && !situation.flags.double_riichi {
        return Err(OpError::InvalidField(
            "field `ura`: ura dora indicators count only for a riichi (or double riichi) win; \
             set `riichi` or leave `ura` out"
                .into(),
        ));
    }
    situation.honba = request.extra_as::<u32>("honba")?.unwrap_or(0);
    situation.riichi_sticks = request.extra_as::<u32>("riichi_sticks")?.unwrap_or(0);
    let kita = request.extra_as::<u32>("kita")?.unwrap_or(0);
    situation.kita = u8::try_from(kita).ok().filter(|&k| k <= 4).ok_or_else(|| {
        OpError::InvalidField(format!(
            "field `kita`: at most 4 norths are set aside, got {kita}"
        ))
    })?;
    Ok((win, situation))
}

fn error(e: ScoreError) -> OpError {
    let message = e.to_string();
    match e {
        ScoreError::WrongTileCount { .. } => OpError::HandSize(message),
        ScoreError::FifthCopy(_) => OpError::FifthCopy(message),
        ScoreError::NotInThreePlayer { field: "hand", .. } => OpError::InvalidHand(message),
        ScoreError::NotInThreePlayer { field: "melds", .. } => OpError::InvalidMeld(message),
        ScoreError::WinTileNotInHand(_)
        | ScoreError::NotInThreePlayer { .. }
        | ScoreError::TooManyKita(_)
        | ScoreError::NotAWind { .. }
        | ScoreError::TooManyIndicators { .. }
        | ScoreError::InconsistentFlags(_) => OpError::InvalidField(message),
        ScoreError::NotAWin => OpError::NotAWin(message),
        ScoreError::NoYaku => OpError::NoYaku(message),
        ScoreError::Wildcards => OpError::UnsupportedRules(message),
        // The tables failing, or a reason this build does not know yet: a bug, not input.
        _ => OpError::Internal(message),
    }
}

/// The protocol answer of a score.
fn answer(s: &Score) -> Value {
    let yaku: Vec<Value> = s
        .yaku
        .iter()
        .map(|e| {
            if e.yakuman > 0 {
                json!({"name": e.yaku.name(), "han": 0, "yakuman": e.yakuman})
            } else {
                json!({"name": e.yaku.name(), "han": e.han})
            }
        })
        .collect();
    let points = match s.points {
        Points::Ron { total, ron } => json!({"total": total, "ron": ron}),
        Points::Tsumo {
            total,
            dealer: Some(dealer),
            others,
        } => json!({"total": total, "dealer": dealer, "others": others}),
        Points::Tsumo {
            total,
            dealer: None,
            others,
        } => json!({"total": total, "others": others}),
    };
    let fu_details: Vec<Value> = s
        .fu_details
        .iter()
        .map(|p| json!({"name": p.source.name(), "fu": p.fu}))
        .collect();
    let mut answer = json!({
        "han": s.han,
        "fu": s.fu,
        "yaku": yaku,
        "yakuman": s.yakuman,
        "limit": s.limit.map(|l| l.name()),
        "points": points,
    });
    if !fu_details.is_empty() {
        answer["fu_details"] = Value::Array(fu_details);
    }
    answer
}

/// `score` with `"rules": "riichi"` (PROTOCOL.md).
pub(crate) fn score(request: &Request) -> Result<Value, OpError> {
    let rules = rules(request)?;
    let (win, situation) = win(request)?;
    score_answer(&win, &situation, &rules)
}

/// The answer of `score` for this win: its fields, or its error.
pub(crate) fn score_answer(
    win: &Win,
    situation: &Situation,
    rules: &RiichiRules,
) -> Result<Value, OpError> {
    score_win(win, situation, rules)
        .map(|s| answer(&s))
        .map_err(error)
}
