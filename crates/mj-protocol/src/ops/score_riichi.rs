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

/// The fields of a riichi (or sanma) `score` beyond the hand, melds, wildcards, preset and
/// options, typed: what a line's `win_tile` ... `kita` hold once read. [`Request::riichi_score`]
/// takes them from a caller that has them typed already (the Python bindings).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RiichiFields {
    /// `win_tile`, one of the concealed tiles (required: `invalid_field` when `None`).
    pub win_tile: Option<Tile>,
    /// `tsumo`.
    pub tsumo: bool,
    /// `seat_wind` (East when `None`).
    pub seat_wind: Option<Tile>,
    /// `round_wind` (East when `None`).
    pub round_wind: Option<Tile>,
    /// The flags (`riichi` ... `renhou`), `dora`, `ura`, `honba` and `riichi_sticks`; its
    /// `kita` is set from [`RiichiFields::kita`].
    pub situation: Situation,
    /// `kita`: the norths set aside, 0-4 (`invalid_field` beyond).
    pub kita: u32,
}

fn missing_win_tile() -> OpError {
    OpError::InvalidField("missing field `win_tile` (the winning tile, e.g. \"5p\")".into())
}

/// Ura dora are turned over only for a riichi winner: refused without it, as `ippatsu` is.
fn check_ura(situation: &Situation) -> Result<(), OpError> {
    if !situation.ura.is_empty() && !situation.flags.riichi && !situation.flags.double_riichi {
        return Err(OpError::InvalidField(
            "field `ura`: ura dora indicators count only for a riichi (or double riichi) win; \
             set `riichi` or leave `ura` out"
                .into(),
        ));
    }
    Ok(())
}

/// The line's fields, read in the order their errors win in.
fn read_fields(request: &Request) -> Result<RiichiFields, OpError> {
    let win_tile: Piece = request.extra_as("win_tile")?.ok_or_else(missing_win_tile)?;
    let mut fields = RiichiFields {
        win_tile: Some(win_tile.tile()),
        ..RiichiFields::default()
    };
    let flag = |name: &str| super::score_fields::flag(request, name);
    fields.tsumo = flag("tsumo")?;
    let situation = &mut fields.situation;
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
    let wind = |name: &str| -> Result<Option<Tile>, OpError> {
        Ok(request.extra_as::<Piece>(name)?.map(|t| t.tile()))
    };
    fields.seat_wind = wind("seat_wind")?;
    fields.round_wind = wind("round_wind")?;
    let indicators = |name: &str| -> Result<Vec<Tile>, OpError> {
        Ok(request
            .extra_as::<Vec<Piece>>(name)?
            .unwrap_or_default()
            .iter()
            .map(|p| p.tile())
            .collect())
    };
    let situation = &mut fields.situation;
    situation.dora = indicators("dora")?.into_iter().collect();
    situation.ura = indicators("ura")?.into_iter().collect();
    check_ura(situation)?;
    situation.honba = request.extra_as::<u32>("honba")?.unwrap_or(0);
    situation.riichi_sticks = request.extra_as::<u32>("riichi_sticks")?.unwrap_or(0);
    fields.kita = request.extra_as::<u32>("kita")?.unwrap_or(0);
    Ok(fields)
}

/// The scorer's inputs: the request's hand and melds with the fields.
fn win(request: &Request, fields: RiichiFields) -> Result<(Win, Situation), OpError> {
    let win_tile = fields.win_tile.ok_or_else(missing_win_tile)?;
    let mut win = Win::from_pieces(request.pieces(), request.melds(), win_tile)
        .map_err(|e| OpError::from(ScoreError::FifthCopy(e.tile)))?;
    win.tsumo = fields.tsumo;
    if let Some(t) = fields.seat_wind {
        win.seat_wind = t;
    }
    if let Some(t) = fields.round_wind {
        win.round_wind = t;
    }
    let mut situation = fields.situation;
    check_ura(&situation)?;
    let kita = fields.kita;
    situation.kita = u8::try_from(kita).ok().filter(|&k| k <= 4).ok_or_else(|| {
        OpError::InvalidField(format!(
            "field `kita`: at most 4 norths are set aside, got {kita}"
        ))
    })?;
    Ok((win, situation))
}

/// The protocol's error kind for each riichi scoring error: sizes `hand_size`, a fifth copy
/// `fifth_copy`, a tile three players do not have `invalid_hand` (in `hand`), `invalid_meld`
/// (in `melds`) or `invalid_field`, the other malformed inputs `invalid_field`, `not_a_win`,
/// `no_yaku`, wildcards `unsupported_rules`, damaged tables `internal`.
impl From<ScoreError> for OpError {
    fn from(e: ScoreError) -> OpError {
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
    let fields = read_fields(request)?;
    let (win, situation) = win(request, fields)?;
    score_answer(&win, &situation, &rules)
}

/// The answer of `score` for this win: its fields, or its error.
pub(crate) fn score_answer(
    win: &Win,
    situation: &Situation,
    rules: &RiichiRules,
) -> Result<Value, OpError> {
    Ok(answer(&score_win(win, situation, rules)?))
}

impl Request {
    /// The answer of `score` under `riichi` or `sanma` as a value, from typed fields: the
    /// preset's checks and errors after [`Request::check_score_fields`], as for a line (`wild`
    /// and the switches, then the fields, then the scorer's own).
    ///
    /// ```
    /// use mj_protocol::{Options, Request, RiichiFields, Rules};
    /// let pieces = mj_tiles::notation::parse_pieces("22334455m667788p")?;
    /// let req = Request::new("score", pieces, vec![], Default::default(), Rules::Riichi, Options::default())?;
    /// let mut fields = RiichiFields { win_tile: Some("8p".parse()?), tsumo: true, ..Default::default() };
    /// fields.situation.flags.riichi = true;
    /// let s = req.riichi_score(fields)?;
    /// assert_eq!((s.han, s.fu), (7, 20));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn riichi_score(&self, fields: RiichiFields) -> Result<Score, OpError> {
        let rules = rules(self)?;
        let (win, situation) = win(self, fields)?;
        Ok(score_win(&win, &situation, &rules)?)
    }
}
