//! The `hu` and `waits` ops, answered by `mj-hu`.

use mj_hu::{Checker, Hand, HuError, Rules};
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

fn checker(request: &Request) -> Result<Checker, OpError> {
    Checker::new(hu_rules(request)?).map_err(hu_error)
}

/// `hu` -> `{"hu": bool}`.
pub(crate) fn hu(request: &Request) -> Result<Value, OpError> {
    let hand = hu_hand(request)?;
    let won = checker(request)?.is_winning(&hand).map_err(hu_error)?;
    Ok(json!({ "hu": won }))
}

/// `waits` -> `{"waits": [tiles]}`.
pub(crate) fn waits(request: &Request) -> Result<Value, OpError> {
    let hand = hu_hand(request)?;
    let waits = checker(request)?.waits(&hand).map_err(hu_error)?;
    let tiles: Vec<String> = waits.iter().map(|t| t.to_string()).collect();
    Ok(json!({ "waits": tiles }))
}
