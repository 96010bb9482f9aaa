//! The `ready` op: the discards that leave a hand ready (riichi candidates, 聴牌打牌), each
//! with its waits, their live copies and furiten, and under `riichi` what each wait scores.
//!
//! A 3k+2 hand answers one row per kind whose discard leaves the hand ready, in kind order; a
//! 3k+1 hand answers one row for itself (`"discard": null`) when it is ready, else none. The
//! waits are `waits`' answer for the hand after the discard (mj-hu, any preset, wildcards
//! included); `live` is what `discards` counts: four less the copies in the hand before the
//! discard, its melds and `visible`. `furiten` is true when a wait is in `river` (the seat's
//! own discards) or is the tile discarded.
//!
//! Under `"rules": "riichi"` without wildcards, each wait also has `ron` and `tsumo`: what
//! `score` answers (its fields or its `{"error"}`) for the hand with that tile, riichi declared
//! when the hand has no open meld, the `dora` indicators and the winds given.

use mj_hu::Hand;
use mj_score::riichi::{Situation, Win};
use mj_tiles::{Piece, Tile, TileCounts};
use serde_json::{Value, json};

use super::ai::{ai_hand, visible};
use super::hu::{checker, hu_error, hu_hand};
use super::score_riichi;
use crate::error::{OpError, snippet};
use crate::request::{Request, Rules};

/// The fields `ready` reads only to score (riichi without wildcards).
const SCORE_ONLY: [&str; 3] = ["dora", "seat_wind", "round_wind"];

/// What a riichi wait is scored with.
struct Scoring {
    rules: mj_score::riichi::RiichiRules,
    situation: Situation,
    seat_wind: Tile,
    round_wind: Tile,
}

fn scoring(request: &Request) -> Result<Option<Scoring>, OpError> {
    if request.rules() != Rules::Riichi || !request.wild().is_empty() {
        if let Some(field) = SCORE_ONLY.iter().find(|f| request.extra(f).is_some()) {
            return Err(OpError::InvalidField(format!(
                "field `{field}` is read only to score waits, under `riichi` without wildcards"
            )));
        }
        return Ok(None);
    }
    let rules = score_riichi::rules(request)?;
    let mut situation = Situation::default();
    situation.flags.riichi = request.melds().iter().all(|m| !m.kind().is_open());
    for piece in request.extra_as::<Vec<Piece>>("dora")?.unwrap_or_default() {
        situation.dora.push(piece.tile());
    }
    let wind = |name: &str| -> Result<Tile, OpError> {
        let tile = request
            .extra_as::<Piece>(name)?
            .map_or(Tile::EAST, |p| p.tile());
        if !(27..=30).contains(&tile.index()) {
            return Err(OpError::InvalidField(format!(
                "field `{name}` must be a wind (1z-4z), got {tile}"
            )));
        }
        Ok(tile)
    };
    Ok(Some(Scoring {
        rules,
        situation,
        seat_wind: wind("seat_wind")?,
        round_wind: wind("round_wind")?,
    }))
}

/// The `river` field as counts (empty when absent).
fn river(request: &Request) -> Result<TileCounts, OpError> {
    let Some(text) = request.extra_as::<String>("river")? else {
        return Ok(TileCounts::EMPTY);
    };
    text.parse().map_err(|e| {
        OpError::InvalidField(format!(
            "field `river` ({:?}) is not a string of tiles in mpsz notation: {e}",
            snippet(&text)
        ))
    })
}

/// The concealed pieces less one copy of `tile` (a plain five before a red one).
fn pieces_without(pieces: &[Piece], tile: Tile) -> Vec<Piece> {
    let mut out = pieces.to_vec();
    let at = out
        .iter()
        .position(|p| p.tile() == tile && !p.is_red())
        .or_else(|| out.iter().position(|p| p.tile() == tile));
    if let Some(at) = at {
        out.remove(at);
    }
    out
}

/// `score`'s answer (fields or error) for a win on `wait`.
fn score_of(
    scoring: &Scoring,
    pieces: &[Piece],
    request: &Request,
    wait: Tile,
    tsumo: bool,
) -> Value {
    let mut pieces = pieces.to_vec();
    pieces.push(Piece::new(wait));
    let win = Win::from_pieces(&pieces, request.melds(), wait).map(|mut win| {
        win.tsumo = tsumo;
        win.seat_wind = scoring.seat_wind;
        win.round_wind = scoring.round_wind;
        win
    });
    let answer = match win {
        Ok(win) => score_riichi::score_answer(&win, &scoring.situation, &scoring.rules),
        Err(e) => Err(OpError::FifthCopy(e.to_string())),
    };
    answer.unwrap_or_else(|e| json!({"error": e.to_json()}))
}

/// `ready` -> `{"ready": [{"discard", "waits": [{"tile", "live", "ron"?, "tsumo"?}], "live",
/// "furiten"}]}`.
pub(crate) fn ready(request: &Request) -> Result<Value, OpError> {
    let hand = hu_hand(request)?;
    let view = ai_hand(request)?;
    let seen = visible(request, &view)?;
    let river = river(request)?;
    let scoring = scoring(request)?;
    let checker = checker(request)?;
    let total = hand.concealed().total();
    let discards: Vec<Option<Tile>> = if total % 3 == 2 {
        hand.concealed().kinds().iter().map(Some).collect()
    } else if total % 3 == 1 {
        vec![None]
    } else {
        return Err(OpError::HandSize(format!(
            "{total} concealed tiles: ready needs 3k+1 (a hand about to draw) or 3k+2 (about to \
             discard)"
        )));
    };
    let mut rows = Vec::new();
    for discard in discards {
        let (after, pieces) = match discard {
            Some(tile) => {
                let mut counts = *hand.concealed();
                counts
                    .set(tile, counts.get(tile).saturating_sub(1))
                    .map_err(|e| OpError::Internal(e.to_string()))?;
                let after = Hand::new(counts, request.melds(), request.wild()).map_err(hu_error)?;
                (after, pieces_without(request.pieces(), tile))
            }
            None => (hand.clone(), request.pieces().to_vec()),
        };
        let waits = checker.waits(&after).map_err(hu_error)?;
        if waits.is_empty() {
            continue;
        }
        let mut live_total = 0u32;
        let mut furiten = discard.is_some_and(|d| waits.contains(d));
        let mut listed = Vec::new();
        for wait in waits.iter() {
            let live = view.live(wait, &seen);
            live_total += u32::from(live);
            furiten |= river.get(wait) > 0;
            let mut row = json!({"tile": wait.to_string(), "live": live});
            if let Some(scoring) = &scoring {
                row["ron"] = score_of(scoring, &pieces, request, wait, false);
                row["tsumo"] = score_of(scoring, &pieces, request, wait, true);
            }
            listed.push(row);
        }
        rows.push(json!({
            "discard": discard.map(|t| t.to_string()),
            "waits": listed,
            "live": live_total,
            "furiten": furiten,
        }));
    }
    Ok(json!({ "ready": rows }))
}
