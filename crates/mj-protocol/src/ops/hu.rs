//! The `hu` and `waits` ops, answered by `mj-hu`.

use mj_hu::{Checker, Hand, HuError, Rules};
use mj_tiles::TileSet;
use serde_json::{Value, json};

use crate::error::OpError;
use crate::request::{Request, SwitchValue};

/// The request's preset with its `options` applied. Switches that are not about winning shapes
/// (riichi scoring switches such as `kuitan`) do not change these rules.
pub(crate) fn hu_rules(request: &Request) -> Result<Rules, OpError> {
    let mut rules: Rules = request.rules().shapes();
    for (name, value) in request.options().iter() {
        if let SwitchValue::Bool(on) = value {
            // `set` refuses only names that are not shape switches; those belong to other ops.
            let _ = rules.set(name, on);
        }
    }
    Ok(rules)
}

/// The request's hand, checked by `mj-hu`.
pub(crate) fn hu_hand(request: &Request) -> Result<Hand, OpError> {
    Hand::new(*request.counts(), request.melds(), request.wild()).map_err(hu_error)
}

impl Request {
    /// The request's concealed tiles, melds and wildcards as the `mj-hu` [`Hand`] the `hu`,
    /// `waits` and `agari` ops answer for, with the same errors: for a caller that asks the
    /// engines below directly (`mj riichi` asks `mj_agari::riichi_candidates`).
    ///
    /// ```
    /// let req = mj_protocol::Request::parse(r#"{"op": "hu", "hand": "2344m456p789s111z"}"#)?;
    /// assert_eq!(req.hu_hand()?.concealed().total(), 13);
    /// # Ok::<(), mj_protocol::OpError>(())
    /// ```
    pub fn hu_hand(&self) -> Result<Hand, OpError> {
        hu_hand(self)
    }
}

/// The protocol's error kind for each `mj-hu` error: a notation error or a tile outside the
/// rules is `invalid_hand`, then `fifth_copy`, `invalid_wild`, `hand_size`, and `internal` for
/// damaged tables.
impl From<HuError> for OpError {
    fn from(e: HuError) -> OpError {
        hu_error(e)
    }
}

/// The protocol's error kind for each `mj-hu` error.
pub(crate) fn hu_error(e: HuError) -> OpError {
    let message = e.to_string();
    match e {
        HuError::Notation(_) | HuError::TileNotInRules(_) => OpError::InvalidHand(message),
        HuError::FifthCopy(_) => OpError::FifthCopy(message),
        HuError::TooManyWildcards(_) => OpError::InvalidWild(message),
        HuError::WrongTileCount { .. } => OpError::HandSize(message),
        HuError::Tables(_) => OpError::Internal(message),
    }
}

pub(crate) fn checker(request: &Request) -> Result<Checker, OpError> {
    Checker::new(hu_rules(request)?).map_err(hu_error)
}

impl Request {
    /// The answer of `hu` as a value (the op's `"hu"` field), with its errors.
    pub fn is_win(&self) -> Result<bool, OpError> {
        let hand = hu_hand(self)?;
        checker(self)?.is_winning(&hand).map_err(hu_error)
    }

    /// The answer of `waits` as a value (the op's `"waits"` field), with its errors.
    pub fn waits(&self) -> Result<TileSet, OpError> {
        let hand = hu_hand(self)?;
        checker(self)?.waits(&hand).map_err(hu_error)
    }
}

/// `hu` -> `{"hu": bool}`.
pub(crate) fn hu(request: &Request) -> Result<Value, OpError> {
    Ok(json!({ "hu": request.is_win()? }))
}

/// `waits` -> `{"waits": [tiles]}`.
pub(crate) fn waits(request: &Request) -> Result<Value, OpError> {
    let tiles: Vec<String> = request.waits()?.iter().map(|t| t.to_string()).collect();
    Ok(json!({ "waits": tiles }))
}
