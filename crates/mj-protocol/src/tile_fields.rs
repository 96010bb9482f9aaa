//! The tile fields every op shares: `hand` (mpsz), `melds` (meld objects) with the four-copy
//! check over both, and `wild`. Part of the protocol layer, read by `request`.

use mj_tiles::notation::{parse_hand, parse_pieces};
use mj_tiles::{Meld, MeldError, MeldKind, NotationError, Piece, Tile, TileCounts, TileSet};
use serde_json::value::RawValue;

use crate::error::{OpError, snippet};
use crate::json::{Fields, as_array, as_string, describe, json_type};

/// The fields of a meld object.
const MELD_FIELDS: [&str; 4] = ["kind", "tiles", "called", "from"];

pub(crate) fn hand(fields: &Fields<'_>) -> Result<(Vec<Piece>, TileCounts), OpError> {
    let raw = fields.get("hand").ok_or_else(|| {
        OpError::InvalidHand("missing field `hand` (the concealed tiles, e.g. \"123m406p\")".into())
    })?;
    let text = as_string(raw).ok_or_else(|| {
        OpError::InvalidHand(format!(
            "`hand` must be a string of tiles in mpsz notation, got {}",
            json_type(raw)
        ))
    })?;
    // More than 136 tiles always hold a fifth copy: `parse_hand` names the first one.
    parse_hand(&text).map_err(|e| match e {
        NotationError::FifthCopy { .. } => OpError::FifthCopy(format!("hand: {e}")),
        _ => OpError::InvalidHand(format!("hand: {e}")),
    })
}

pub(crate) fn melds(raw: &RawValue) -> Result<Vec<Meld>, OpError> {
    let items = as_array(raw).ok_or_else(|| {
        OpError::InvalidMeld(format!(
            "`melds` must be an array of melds, got {}",
            describe(raw)
        ))
    })?;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| meld(item).map_err(|m| OpError::InvalidMeld(format!("melds[{i}]: {m}"))))
        .collect()
}

/// One meld object; the error is the message without the `melds[i]` prefix.
fn meld(raw: &RawValue) -> Result<Meld, String> {
    let fields = Fields::of(raw).ok_or_else(|| {
        format!(
            "a meld is an object {{\"kind\", \"tiles\", \"called\"?, \"from\"?}}, got {}",
            json_type(raw)
        )
    })?;
    if let Some(name) = fields.duplicate() {
        return Err(format!("field `{}` is given twice", snippet(name)));
    }
    if let Some((name, _)) = fields
        .0
        .iter()
        .find(|(n, _)| !MELD_FIELDS.contains(&n.as_str()))
    {
        return Err(format!(
            "unknown field `{}` (a meld has kind, tiles, called, from)",
            snippet(name)
        ));
    }
    let string_field = |name: &str| -> Result<Option<String>, String> {
        match fields.get(name) {
            None => Ok(None),
            Some(raw) => as_string(raw)
                .map(Some)
                .ok_or_else(|| format!("`{name}` must be a string, got {}", json_type(raw))),
        }
    };
    let kind_name = string_field("kind")?.ok_or("missing field `kind`")?;
    let kind = MeldKind::from_name(&kind_name).ok_or_else(|| {
        format!(
            "unknown meld kind `{}` (expected chi, pon, minkan, ankan or kakan)",
            snippet(&kind_name)
        )
    })?;
    let tiles = string_field("tiles")?.ok_or("missing field `tiles`")?;
    let pieces = parse_pieces(&tiles).map_err(|e| MeldError::Notation(e).to_string())?;
    let called = match string_field("called")? {
        Some(text) => Some(
            text.parse::<Piece>()
                .map_err(|e| MeldError::CalledNotation(e).to_string())?,
        ),
        None => None,
    };
    let from = match fields.get("from") {
        None => None,
        Some(raw) => Some(seat(raw)?),
    };
    Meld::new(kind, &pieces, called, from).map_err(|e| e.to_string())
}

fn seat(raw: &RawValue) -> Result<u8, String> {
    let bad = || {
        format!(
            "`from` must be 1, 2 or 3 (seats to the left), got {}",
            if json_type(raw) == "a number" {
                snippet(raw.get())
            } else {
                json_type(raw).to_owned()
            }
        )
    };
    let n: u64 = serde_json::from_str(raw.get()).map_err(|_| bad())?;
    // Meld::new names the valid seats for any byte; larger numbers get the same message here.
    u8::try_from(n).map_err(|_| bad())
}

/// The concealed tiles plus the tiles of the melds, by kind: `fifth_copy` naming the kind and
/// where its copies are when they hold more than four of one (the check a request's `hand` and
/// `melds` get together, for callers that read them typed).
///
/// ```
/// use mj_tiles::{Meld, MeldKind};
/// let pon = Meld::parse(MeldKind::Pon, "111m", None, None)?;
/// let e = mj_protocol::hand_and_melds(&"11m".parse()?, &[pon]).unwrap_err();
/// assert_eq!(e.to_string(), "fifth copy of 1m: 2 in the hand and 3 in melds (at most 4 of a kind)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn hand_and_melds(counts: &TileCounts, melds: &[Meld]) -> Result<TileCounts, OpError> {
    if melds.is_empty() {
        return Ok(*counts);
    }
    let mut in_melds = [0u32; Tile::COUNT];
    for meld in melds {
        for tile in meld.tiles() {
            in_melds[tile.index()] += 1;
        }
    }
    let mut all = *counts;
    for tile in Tile::ALL {
        let in_hand = u32::from(counts.get(tile));
        let melded = in_melds[tile.index()];
        let total = in_hand + melded;
        if total > 4 {
            return Err(OpError::FifthCopy(format!(
                "fifth copy of {tile}: {in_hand} in the hand and {melded} in melds (at most 4 of a kind)"
            )));
        }
        // total <= 4, so the cast keeps the value and `set` accepts it.
        all.set(tile, total as u8)
            .map_err(|e| OpError::FifthCopy(e.to_string()))?;
    }
    Ok(all)
}

pub(crate) fn wild(raw: &RawValue) -> Result<TileSet, OpError> {
    let items = as_array(raw).ok_or_else(|| {
        OpError::InvalidWild(format!(
            "`wild` must be an array of tiles such as [\"5z\"], got {}",
            describe(raw)
        ))
    })?;
    let mut set = TileSet::EMPTY;
    for (i, item) in items.iter().enumerate() {
        let text = as_string(item).ok_or_else(|| {
            OpError::InvalidWild(format!(
                "wild[{i}] must be a tile such as \"5z\", got {}",
                json_type(item)
            ))
        })?;
        let piece = text
            .parse::<Piece>()
            .map_err(|e| OpError::InvalidWild(format!("wild[{i}]: {e}")))?;
        set.insert(piece.tile());
    }
    Ok(set)
}
