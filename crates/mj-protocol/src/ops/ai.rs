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
use mj_tiles::{Tile, TileCounts, TileSet};
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

/// Each kind's mpsz name, by kind index: the answers' tiles without going through `Display`
/// (a `discards` answer writes about a hundred of them).
const NAMES: [&str; 34] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p",
    "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "1z", "2z", "3z", "4z", "5z",
    "6z", "7z",
];

/// A tile's mpsz name (`Display`'s, from [`NAMES`]).
fn name(tile: Tile) -> &'static str {
    NAMES.get(tile.index()).copied().unwrap_or("?")
}

/// A tile set as the protocol's list of tiles (m, p, s, z, then rank).
fn tile_list(set: TileSet) -> Vec<Value> {
    set.iter().map(|t| Value::from(name(t))).collect()
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
        "tile": name(option.tile),
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

/// `discards` -> `{"discards": [{"tile", "shanten", "ukeire", "ukeire_count"}, ...]}`, best first;
/// with `"improvement": true` each row also has `improvements` and `improved_ukeire`.
pub(crate) fn discards(request: &Request) -> Result<Value, OpError> {
    let (hand, rules) = discard_inputs(request)?;
    let seen = visible_text(request)?;
    let improvement = wants_improvement(request)?;
    let table = discard_table(&hand, rules, &seen)?;
    let mut rows = Vec::with_capacity(table.len());
    for option in &table {
        let mut row = discard_json(option);
        if improvement {
            // After the discard, its copy counts as seen, as in the row's own count.
            let after = hand.without_tile(option.tile).ok_or_else(|| {
                OpError::Internal(format!("the discard {} is not in the hand", option.tile))
            })?;
            let mut seen_after = seen;
            add_seen(&mut seen_after, option.tile)?;
            let base = EffectiveTiles {
                shanten: option.shanten,
                tiles: option.ukeire,
                count: option.ukeire_count,
                live: TileCounts::EMPTY,
            };
            improvement_fields(&mut row, &after, rules, &seen_after, &base)?;
        }
        rows.push(row);
    }
    Ok(json!({ "discards": rows }))
}

/// `ukeire` -> `{"shanten", "ukeire", "ukeire_count"}` for a 3k+1 hand (a `discards` row without
/// the discard); with `"improvement": true`, `improvements` and `improved_ukeire` too.
pub(crate) fn ukeire(request: &Request) -> Result<Value, OpError> {
    let hand = ai_hand(request)?;
    let rules = shape_rules(request)?;
    if hand.is_discard_size() {
        return Err(OpError::HandSize(format!(
            "{} concealed tiles with {} declared melds: ukeire needs 3k+1 concealed tiles (a \
             hand about to draw; `discards` answers for 3k+2)",
            hand.concealed_count(),
            hand.declared_melds()
        )));
    }
    let seen = visible(request, &hand)?;
    let improvement = wants_improvement(request)?;
    let base = hand.effective_tiles(rules, &seen).map_err(ai_error)?;
    let mut answer = json!({
        "shanten": base.shanten,
        "ukeire": tile_list(base.tiles),
        "ukeire_count": base.count,
    });
    if improvement {
        improvement_fields(&mut answer, &hand, rules, &seen, &base)?;
    }
    Ok(answer)
}

/// The `improvement` field: `false` when absent.
fn wants_improvement(request: &Request) -> Result<bool, OpError> {
    Ok(request.extra_as::<bool>("improvement")?.unwrap_or(false))
}

/// One more seen copy of `tile` (the hand held it, so this makes no fifth copy).
fn add_seen(seen: &mut TileCounts, tile: Tile) -> Result<(), OpError> {
    let n = seen.get(tile);
    seen.set(tile, n + 1)
        .map_err(|e| OpError::Internal(format!("the seen tiles: {e}")))
}

/// Adds `improvements` (the improvement tiles of a ready or 1-shanten 3k+1 hand, each with the
/// discard that follows it and the live ukeire then) and `improved_ukeire` (the
/// improvement-weighted ukeire: over every kind that is not an effective tile and has live
/// copies, weighted by those copies, the live ukeire after drawing it and making the best
/// discard that keeps the shanten, or the hand's own ukeire when no discard does better). Both
/// are `null` for other shanten, and with wild kinds (`wild` not empty: every draw then takes
/// mj-ai's exact general path, which makes this seconds of work instead of a millisecond).
fn improvement_fields(
    answer: &mut Value,
    hand: &HandView,
    rules: ShapeRules,
    seen: &TileCounts,
    base: &EffectiveTiles,
) -> Result<(), OpError> {
    if !(0..=1).contains(&base.shanten) || !hand.wild().is_empty() {
        answer["improvements"] = Value::Null;
        answer["improved_ukeire"] = Value::Null;
        return Ok(());
    }
    let improvements = hand.improvements(rules, seen).map_err(ai_error)?;
    let mut draws = 0u64;
    let mut total = 0u64;
    for tile in Tile::ALL {
        if base.tiles.contains(tile) {
            continue;
        }
        let live = u64::from(hand.live(tile, seen));
        let after = improvements
            .iter()
            .find(|i| i.tile == tile)
            .map_or(base.count, |i| i.ukeire_count.max(base.count));
        draws += live;
        total += live * u64::from(after);
    }
    let weighted = if draws == 0 {
        f64::from(base.count)
    } else {
        total as f64 / draws as f64
    };
    let rows: Vec<Value> = improvements
        .iter()
        .map(|i| {
            json!({
                "tile": i.tile.to_string(),
                "live": hand.live(i.tile, seen),
                "discard": i.discard.to_string(),
                "ukeire_count": i.ukeire_count,
            })
        })
        .collect();
    answer["improvements"] = Value::Array(rows);
    answer["improved_ukeire"] = json!((weighted * 1000.0).round() / 1000.0);
    Ok(())
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

    #[test]
    fn names_are_the_display_names() {
        for tile in Tile::ALL {
            assert_eq!(name(tile), tile.to_string());
        }
    }

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
