//! A hand from Python: an mpsz string, 34 tile counts, or Tenhou 136 ids.

use pyo3::prelude::*;
use pyo3::types::PyString;

use mj_tiles::notation::format_pieces;
use mj_tiles::{Piece, Tile, TileId};

use crate::mj_error;

/// A hand argument: mpsz text as given, the tiles of 34 counts or 136 ids (sorted, red fives
/// kept), or any other value, which the protocol answers for (`invalid_hand`).
pub(crate) enum HandArg<'py> {
    Text(String),
    Tiles(Vec<Piece>),
    Raw(Bound<'py, PyAny>),
}

impl<'py> HandArg<'py> {
    /// Reads `hand`: a string is kept as written; a sequence of integers is 34 tile counts when
    /// it has 34 items that are all 0-4 or repeat (136 ids never repeat, and 34 distinct ids
    /// cannot all be below 5), and Tenhou 136 ids otherwise. A bad sequence raises `MjError`
    /// (`invalid_hand`) naming the item.
    pub(crate) fn of(py: Python<'py>, hand: &Bound<'py, PyAny>) -> PyResult<HandArg<'py>> {
        if let Ok(text) = hand.cast::<PyString>() {
            return Ok(HandArg::Text(text.to_cow()?.into_owned()));
        }
        let Ok(items) = hand.extract::<Vec<i64>>() else {
            return Ok(HandArg::Raw(hand.clone()));
        };
        let bad = |message: String| mj_error(py, "invalid_hand", &message);
        let mut seen = [false; TileId::COUNT];
        let mut repeats = false;
        for &v in &items {
            if let Ok(i) = usize::try_from(v)
                && i < TileId::COUNT
            {
                repeats |= seen[i];
                seen[i] = true;
            }
        }
        let counts_like =
            items.len() == 34 && (repeats || items.iter().all(|&v| (0..=4).contains(&v)));
        let mut pieces: Vec<Piece> = Vec::new();
        if counts_like {
            for (kind, &count) in items.iter().enumerate() {
                let Ok(count) = u8::try_from(count) else {
                    return Err(bad(format!(
                        "hand: tile count {count} of kind {kind} is not 0-4"
                    )));
                };
                let Some(tile) = Tile::new(kind as u8) else {
                    return Err(bad(format!("hand: no tile kind {kind}")));
                };
                // Five copies are enough for the protocol to name the fifth copy.
                for _ in 0..count.min(5) {
                    pieces.push(Piece::new(tile));
                }
            }
        } else {
            if items.len() > TileId::COUNT {
                return Err(bad(format!(
                    "hand: {} tile ids (at most 136, each once)",
                    items.len()
                )));
            }
            let mut used = [false; TileId::COUNT];
            for (i, &v) in items.iter().enumerate() {
                let id = u8::try_from(v).ok().and_then(TileId::new);
                let Some(id) = id else {
                    return Err(bad(format!(
                        "hand[{i}]: {v} is not a Tenhou tile id (0-135)"
                    )));
                };
                let slot = &mut used[id.as_u8() as usize];
                if *slot {
                    return Err(bad(format!("hand[{i}]: tile id {v} given twice")));
                }
                *slot = true;
                pieces.push(id.piece());
            }
        }
        pieces.sort_by_key(|p| (p.tile().as_u8(), !p.is_red()));
        Ok(HandArg::Tiles(pieces))
    }

    /// The hand as the protocol's `hand` field: mpsz text, or the value as given.
    pub(crate) fn text(&self) -> Option<String> {
        match self {
            HandArg::Text(text) => Some(text.clone()),
            HandArg::Tiles(pieces) => Some(format_pieces(pieces)),
            HandArg::Raw(_) => None,
        }
    }
}
