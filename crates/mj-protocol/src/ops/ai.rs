//! The `shanten` and `discards` ops, answered by `mj-ai`.
//!
//! # Rules
//!
//! The request's preset and `options` give the effective switches exactly as for `hu` and
//! `waits` ([`mj_hu::Rules::preset`], then [`mj_hu::Rules::set`] for each switch set). `mj-ai`
//! models three of them ([`ShapeRules`]: `seven_pairs`, `distinct_pairs`, `thirteen_orphans`)
//! on the plain standard shape: all 34 kinds, any pair, no honor sequences, no knitted shapes,
//! no suit limit. When the effective rules need anything else (`honor_sequences`, `eyes_258`,
//! `knitted` or `lack_one_suit` on, or `honors` off: presets `sichuan` and `mcr` do) the answer
//! is `unsupported_rules` naming each such switch and where its value came from, never a number
//! for other rules. Turning those switches back in `options` (`"knitted": false` with `mcr`)
//! asks about the plain shapes.
//!
//! # Checks, in order
//!
//! 1. The hand for `mj-ai` ([`HandView::new`]): `3k + 1` or `3k + 2` concealed tiles with `k` plus
//!    the melds at most 5 (`hand_size`), at most 8 wildcards (`invalid_wild`).
//! 2. The rules (`unsupported_rules`).
//! 3. `discards` only: `3k + 2` tiles (`hand_size`); `visible`, if given, a string of mpsz
//!    tiles (`invalid_field`) adding no fifth copy to the hand and melds (`invalid_field`).
//!
//! # Answers
//!
//! `shanten` is [`HandView::shanten`]'s [`ShantenReport`] (`null` for a shape that does not apply).
//! `discards` is [`HandView::discards`]' table in its order: lowest shanten, then highest
//! `ukeire_count` (PROTOCOL.md), then the engine's value order (more effective kinds, then
//! [`mj_ai::discard_preference`]: honors, terminals, then ranks far from the middle, then kind
//! order).

use mj_ai::{AiError, DiscardOption, EffectiveTiles, HandView, ShantenReport, ShapeRules};
use mj_tiles::{TileCounts, TileSet};
use serde_json::{Value, json};

use super::hu::{hu_error, hu_rules};
use crate::error::{OpError, snippet};
use crate::request::Request;

/// The protocol's error kind for each `mj-ai` error. A fifth copy brought by `visible` never
/// gets here: [`visible`] checks it first and answers `invalid_field`.
pub(crate) fn ai_error(e: AiError) -> OpError {
    let message = e.to_string();
    match e {
        AiError::Hand(e) => hu_error(e),
        AiError::WrongSizeForQuestion { .. } => OpError::HandSize(message),
        AiError::FifthCopy { .. } => OpError::FifthCopy(message),
        AiError::UnsupportedRules(_) => OpError::UnsupportedRules(message),
        // No op here makes a call; the committed tables are a build matter.
        AiError::InvalidCall { .. } | AiError::Tables(_) => OpError::Internal(message),
    }
}

/// The protocol's error kind for each `mj-ai` error (`hu`'s for the hand's own errors).
impl From<AiError> for OpError {
    fn from(e: AiError) -> OpError {
        ai_error(e)
    }
}

/// The request's hand, checked by `mj-ai`.
pub(crate) fn ai_hand(request: &Request) -> Result<HandView, OpError> {
    HandView::new(*request.counts(), request.melds(), request.wild()).map_err(ai_error)
}

/// The request's rules as `mj-ai`'s [`ShapeRules`], or `unsupported_rules` naming every switch
/// whose effective value `mj-ai` cannot answer for.
pub(crate) fn shape_rules(request: &Request) -> Result<ShapeRules, OpError> {
    let rules = hu_rules(request)?;
    let preset = request.rules().name();
    let wrong: Vec<String> = ShapeRules::unmodelled(&rules)
        .into_iter()
        .map(|(name, value)| {
            let from = if request.options().bool(name).is_some() {
                "set in `options`".to_owned()
            } else {
                format!("preset `{preset}`")
            };
            format!("`{name}` is {value} ({from})")
        })
        .collect();
    if !wrong.is_empty() {
        return Err(OpError::UnsupportedRules(format!(
            "op `{}` cannot answer under these rules: switch {}; mj-ai models only the plain \
             standard shape (all tiles, any pair, no honor sequences, knitted shapes or suit \
             limit) with seven_pairs, distinct_pairs and thirteen_orphans (set the switch{} the \
             other way in `options` to ask about those shapes)",
            request.op(),
            wrong.join(", switch "),
            if wrong.len() > 1 { "es" } else { "" }
        )));
    }
    ShapeRules::try_from(&rules).map_err(ai_error)
}

/// The `visible` field as counts (empty when absent): a string of mpsz tiles, red fives counting
/// as fives, adding no fifth copy to the hand and its melds. Anything else is `invalid_field`.
pub(crate) fn visible(request: &Request, hand: &HandView) -> Result<TileCounts, OpError> {
    let counts = visible_text(request)?;
    check_visible(hand, &counts)?;
    Ok(counts)
}

/// `visible` adds no fifth copy to the hand and its melds (`invalid_field`).
fn check_visible(hand: &HandView, visible: &TileCounts) -> Result<(), OpError> {
    hand.check_visible(visible)
        .map_err(|e| OpError::InvalidField(format!("field `visible`: {e}")))
}

/// The `visible` field read as counts (empty when absent), not yet checked against the hand.
fn visible_text(request: &Request) -> Result<TileCounts, OpError> {
    let Some(text) = request.extra_as::<String>("visible")? else {
        return Ok(TileCounts::EMPTY);
    };
    text.parse().map_err(|e| {
        OpError::InvalidField(format!(
            "field `visible` ({:?}) is not a string of tiles in mpsz notation: {e}",
            snippet(&text)
        ))
    })
}

/// A tile set as the protocol's list of tiles (m, p, s, z, then rank).
fn tile_list(set: TileSet) -> Vec<String> {
    set.iter().map(|t| t.to_string()).collect()
}

/// The report as the `shanten` op's answer fields.
pub(crate) fn shanten_json(report: &ShantenReport) -> Value {
    json!({
        "shanten": report.shanten,
        "standard": report.standard,
        "seven_pairs": report.seven_pairs,
        "thirteen_orphans": report.thirteen_orphans,
    })
}

/// One row of the discard table as the protocol writes it.
pub(crate) fn discard_json(option: &DiscardOption) -> Value {
    json!({
        "tile": option.tile.to_string(),
        "shanten": option.shanten,
        "ukeire": tile_list(option.ukeire),
        "ukeire_count": option.ukeire_count,
    })
}

/// `shanten` -> `{"shanten": n, "standard": n, "seven_pairs": n|null, "thirteen_orphans": n|null}`.
pub(crate) fn shanten(request: &Request) -> Result<Value, OpError> {
    Ok(shanten_json(&request.shanten_report()?))
}

/// The hand and rules of a discard table: checks 1 to 3 but `visible`.
fn discard_inputs(request: &Request) -> Result<(HandView, ShapeRules), OpError> {
    let hand = ai_hand(request)?;
    let rules = shape_rules(request)?;
    if !hand.is_discard_size() {
        return Err(OpError::HandSize(format!(
            "{} concealed tiles with {} declared melds: discards needs 3k+2 concealed tiles (a \
             hand about to discard)",
            hand.concealed_count(),
            hand.declared_melds()
        )));
    }
    Ok((hand, rules))
}

/// The table, `visible` checked against the hand and its melds.
fn discard_table(
    hand: &HandView,
    rules: ShapeRules,
    seen: &TileCounts,
) -> Result<Vec<DiscardOption>, OpError> {
    check_visible(hand, seen)?;
    hand.discards(rules, seen).map_err(ai_error)
}

/// `discards` -> `{"discards": [{"tile", "shanten", "ukeire", "ukeire_count"}, ...]}`, best first.
pub(crate) fn discards(request: &Request) -> Result<Value, OpError> {
    let (hand, rules) = discard_inputs(request)?;
    let seen = visible_text(request)?;
    let table = discard_table(&hand, rules, &seen)?;
    let rows: Vec<Value> = table.iter().map(discard_json).collect();
    Ok(json!({ "discards": rows }))
}

impl Request {
    /// The answer of `shanten` as a value, with the op's errors.
    pub fn shanten_report(&self) -> Result<ShantenReport, OpError> {
        let hand = ai_hand(self)?;
        let rules = shape_rules(self)?;
        Ok(hand.shanten(rules))
    }

    /// The answer of `discards` as values, best first, `visible` given as counts (the field
    /// `visible` of a line is not read): the op's checks and errors, a fifth copy brought by
    /// `visible` being `invalid_field`.
    pub fn discard_table(&self, visible: &TileCounts) -> Result<Vec<DiscardOption>, OpError> {
        let (hand, rules) = discard_inputs(self)?;
        discard_table(&hand, rules, visible)
    }

    /// The effective tiles of a `3k + 1` hand (for `mj analyze`; no op answers this): the
    /// same hand, rules and `visible` checks as `discards`, with its errors, but for `3k + 1`
    /// tiles (`hand_size` otherwise).
    ///
    /// ```
    /// let req = mj_protocol::Request::parse(
    ///     r#"{"op": "discards", "hand": "123m456p789s11z23z", "visible": "1z"}"#,
    /// )?;
    /// let effective = req.effective_tiles()?;
    /// assert_eq!((effective.tiles.to_string().as_str(), effective.count), ("123z", 7));
    /// # Ok::<(), mj_protocol::OpError>(())
    /// ```
    pub fn effective_tiles(&self) -> Result<EffectiveTiles, OpError> {
        effective_tiles(self)
    }
}

fn effective_tiles(request: &Request) -> Result<EffectiveTiles, OpError> {
    let hand = ai_hand(request)?;
    let rules = shape_rules(request)?;
    if hand.is_discard_size() {
        return Err(OpError::HandSize(format!(
            "{} concealed tiles with {} declared melds: effective tiles need 3k+1 concealed \
             tiles (a hand about to draw)",
            hand.concealed_count(),
            hand.declared_melds()
        )));
    }
    let seen = visible(request, &hand)?;
    hand.effective_tiles(rules, &seen).map_err(ai_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(line: &str) -> Result<Value, OpError> {
        let request = Request::parse(line)?;
        match request.op() {
            "shanten" => shanten(&request),
            _ => discards(&request),
        }
    }

    #[test]
    fn presets_map_to_shape_rules() {
        let rules = |line: &str| shape_rules(&Request::parse(line).unwrap());
        assert_eq!(
            rules(r#"{"op":"shanten","hand":"1m"}"#),
            Ok(ShapeRules::GENERIC)
        );
        assert_eq!(
            rules(r#"{"op":"shanten","hand":"1m","rules":"riichi"}"#),
            Ok(ShapeRules::RIICHI)
        );
        assert_eq!(
            rules(
                r#"{"op":"shanten","hand":"1m","rules":"mcr","options":{"knitted":false,"thirteen_orphans":false}}"#
            ),
            Ok(ShapeRules {
                thirteen_orphans: false,
                ..ShapeRules::GENERIC
            })
        );
        let e = rules(r#"{"op":"shanten","hand":"1m","rules":"sichuan"}"#).unwrap_err();
        assert_eq!(e.kind(), "unsupported_rules");
        let m = e.to_string();
        assert!(
            m.contains("switch `honors` is false (preset `sichuan`), switch `lack_one_suit` is true (preset `sichuan`)"),
            "{m}"
        );
        let e = rules(r#"{"op":"discards","hand":"1m","options":{"eyes_258":true}}"#).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("op `discards` cannot answer under these rules: switch `eyes_258` is true (set in `options`);"),
            "{e}"
        );
    }

    #[test]
    fn answers_and_errors() {
        assert_eq!(
            answer(r#"{"op":"shanten","hand":"123m456p789s1122z"}"#),
            Ok(json!({"shanten": 0, "standard": 0, "seven_pairs": 4, "thirteen_orphans": 8}))
        );
        let e = answer(r#"{"op":"discards","hand":"123m456p789s112z"}"#).unwrap_err();
        assert_eq!(e.kind(), "hand_size");
        let e = answer(r#"{"op":"discards","hand":"123m456p789s11234z","visible":"1111z"}"#)
            .unwrap_err();
        assert_eq!(
            (e.kind(), e.to_string().as_str()),
            (
                "invalid_field",
                "field `visible`: fifth copy of 1z across the hand, its melds and the visible tiles"
            )
        );
        let e =
            answer(r#"{"op":"discards","hand":"123m456p789s11234z","visible":"1x"}"#).unwrap_err();
        assert_eq!(e.kind(), "invalid_field", "{e}");
        let e = answer(r#"{"op":"discards","hand":"123m456p789s11234z","visible":["1z"]}"#)
            .unwrap_err();
        assert_eq!(e.kind(), "invalid_field", "{e}");
        let e = answer(r#"{"op":"shanten","hand":"123m"}"#).unwrap_err();
        assert_eq!(e.kind(), "hand_size", "{e}");
        let e = answer(
            r#"{"op":"shanten","hand":"123456m5555z","wild":["1m","2m","3m","4m","5m","6m","5z"]}"#,
        )
        .unwrap_err();
        assert_eq!(e.kind(), "invalid_wild", "{e}");
    }
}
