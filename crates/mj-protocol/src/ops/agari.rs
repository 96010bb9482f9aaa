//! The `agari` op: riichi decompositions, answered by `mj-agari`.

use mj_agari::AgariError;
use serde_json::{Value, json};

use super::hu::{hu_error, hu_hand};
use crate::error::OpError;
use crate::request::Request;

/// The protocol's error kind for each `mj-agari` error: the hand's own errors as for `mj-hu`,
/// wildcards `invalid_wild`, a wrong size `hand_size`, damaged tables `internal`.
impl From<AgariError> for OpError {
    fn from(e: AgariError) -> OpError {
        agari_error(e)
    }
}

fn agari_error(e: AgariError) -> OpError {
    match e {
        AgariError::Hand(e) => hu_error(e),
        AgariError::Wildcards => OpError::InvalidWild(e.to_string()),
        AgariError::WrongSize { .. } => OpError::HandSize(e.to_string()),
        AgariError::Tables(_) => OpError::Internal(e.to_string()),
    }
}

impl Request {
    /// The answer of `agari` as values: every decomposition (none when the hand is not a win),
    /// with the op's errors.
    pub fn decompositions(&self) -> Result<Vec<mj_agari::Decomposition>, OpError> {
        let hand = hu_hand(self)?;
        let found = mj_agari::decompositions(&hand).map_err(agari_error)?;
        Ok(found.iter().collect())
    }
}

/// `agari` -> `{"agari": bool, "decompositions": [...]}` (riichi shapes, whatever the preset).
pub(crate) fn agari(request: &Request) -> Result<Value, OpError> {
    let list = request.decompositions()?;
    Ok(json!({ "agari": !list.is_empty(), "decompositions": list }))
}
