//! The errors a `mj batch` line can answer, one variant per documented `kind`.

use serde_json::{Map, Value, json};

/// Why a request line got an error answer. [`OpError::kind`] is the stable `kind` string of the
/// protocol; the `Display` text is the `message`. Every kind is listed in the crate docs.
///
/// Messages that quote the request quote at most a short snippet of it, so a 10 MB field never
/// makes a 10 MB message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpError {
    /// The line is not valid UTF-8. Kind `invalid_utf8`.
    #[error("{0}")]
    InvalidUtf8(String),
    /// The line is not JSON (includes nesting deeper than the parser's limit). Kind `invalid_json`.
    #[error("{0}")]
    InvalidJson(String),
    /// JSON, but not a request: an empty or blank line, not an object, no `op` or an `op` that is
    /// not a string, a field given twice. Kind `invalid_request`.
    #[error("{0}")]
    InvalidRequest(String),
    /// A top-level field that neither every op nor this op accepts. Kind `unknown_field`.
    #[error("{0}")]
    UnknownField(String),
    /// An `op` that is not in the table. Kind `unknown_op`.
    #[error("{0}")]
    UnknownOp(String),
    /// A known op that this build cannot answer yet. Kind `unsupported_op`.
    #[error("{0}")]
    UnsupportedOp(String),
    /// `hand` missing, not a string, or not mpsz notation (the message names the column).
    /// Kind `invalid_hand`.
    #[error("{0}")]
    InvalidHand(String),
    /// The hand has the wrong number of tiles for the op (for ops to use). Kind `hand_size`.
    #[error("{0}")]
    HandSize(String),
    /// A meld that is not an object `{"kind", "tiles", "called"?, "from"?}` or not a valid meld.
    /// Kind `invalid_meld`.
    #[error("{0}")]
    InvalidMeld(String),
    /// `wild` is not an array of single tiles. Kind `invalid_wild`.
    #[error("{0}")]
    InvalidWild(String),
    /// A fifth copy of a kind in `hand` plus `melds` (red fives count as fives); the message
    /// names the tile. Kind `fifth_copy`.
    #[error("{0}")]
    FifthCopy(String),
    /// `rules` is not one of the presets. Kind `unknown_rules`.
    #[error("{0}")]
    UnknownRules(String),
    /// An `options` switch that does not exist. Kind `unknown_option`.
    #[error("{0}")]
    UnknownOption(String),
    /// `options` is not an object, or a switch has a value of the wrong type. Kind
    /// `invalid_option`.
    #[error("{0}")]
    InvalidOption(String),
    /// The effective rules (preset plus `options`) need a switch the op's engine does not model
    /// (`shanten` and `discards`: `honor_sequences`, `eyes_258`, `knitted`, `lack_one_suit` on or
    /// `honors` off); the message names the switch. Kind `unsupported_rules`.
    #[error("{0}")]
    UnsupportedRules(String),
    /// An op-specific field (`visible`, `win_tile`, ...) that is missing or malformed (for ops to
    /// use). Kind `invalid_field`.
    #[error("{0}")]
    InvalidField(String),
    /// `score`: the hand (with its melds and the rules' shapes) is not a win. Kind `not_a_win`.
    #[error("{0}")]
    NotAWin(String),
    /// A riichi hand without yaku (the `score` op). Kind `no_yaku`.
    #[error("{0}")]
    NoYaku(String),
    /// A win below the preset's minimum fan (MCR: 8, flowers not counted); the answer carries
    /// `"fan": n`. Kind `below_minimum`.
    #[error("the hand is worth {fan} fan, below the minimum of {minimum}")]
    BelowMinimum {
        /// What the hand is worth (flowers not counted).
        fan: u32,
        /// The preset's minimum.
        minimum: u32,
    },
    /// A line longer than `mj batch --max-line-bytes`; the rest of it was skipped unread. Kind
    /// `line_too_long`.
    #[error("{0}")]
    LineTooLong(String),
    /// A bug: an op panicked or answered something that is not an object. Kind `internal`.
    #[error("{0}")]
    Internal(String),
}

impl OpError {
    /// Every `kind` string, in the order of the crate docs' table.
    pub const KINDS: [&'static str; 21] = [
        "invalid_utf8",
        "invalid_json",
        "invalid_request",
        "unknown_field",
        "unknown_op",
        "unsupported_op",
        "invalid_hand",
        "hand_size",
        "invalid_meld",
        "invalid_wild",
        "fifth_copy",
        "unknown_rules",
        "unknown_option",
        "invalid_option",
        "unsupported_rules",
        "invalid_field",
        "not_a_win",
        "no_yaku",
        "below_minimum",
        "line_too_long",
        "internal",
    ];

    /// The protocol's `kind` string.
    pub const fn kind(&self) -> &'static str {
        match self {
            OpError::InvalidUtf8(_) => "invalid_utf8",
            OpError::InvalidJson(_) => "invalid_json",
            OpError::InvalidRequest(_) => "invalid_request",
            OpError::UnknownField(_) => "unknown_field",
            OpError::UnknownOp(_) => "unknown_op",
            OpError::UnsupportedOp(_) => "unsupported_op",
            OpError::InvalidHand(_) => "invalid_hand",
            OpError::HandSize(_) => "hand_size",
            OpError::InvalidMeld(_) => "invalid_meld",
            OpError::InvalidWild(_) => "invalid_wild",
            OpError::FifthCopy(_) => "fifth_copy",
            OpError::UnknownRules(_) => "unknown_rules",
            OpError::UnknownOption(_) => "unknown_option",
            OpError::InvalidOption(_) => "invalid_option",
            OpError::UnsupportedRules(_) => "unsupported_rules",
            OpError::InvalidField(_) => "invalid_field",
            OpError::NotAWin(_) => "not_a_win",
            OpError::NoYaku(_) => "no_yaku",
            OpError::BelowMinimum { .. } => "below_minimum",
            OpError::LineTooLong(_) => "line_too_long",
            OpError::Internal(_) => "internal",
        }
    }

    /// The value of the answer's `error` field: `{"kind": ..., "message": ...}` plus any fields
    /// the kind carries (`fan` for `below_minimum`).
    pub fn to_json(&self) -> Value {
        let mut object = Map::new();
        object.insert("kind".into(), json!(self.kind()));
        object.insert("message".into(), json!(self.to_string()));
        if let OpError::BelowMinimum { fan, .. } = self {
            object.insert("fan".into(), json!(fan));
        }
        Value::Object(object)
    }
}

/// At most `MAX` characters of outside text for a message, with `…` when cut.
pub(crate) fn snippet(text: &str) -> String {
    const MAX: usize = 40;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_of_each() -> Vec<OpError> {
        let s = || String::from("m");
        vec![
            OpError::InvalidUtf8(s()),
            OpError::InvalidJson(s()),
            OpError::InvalidRequest(s()),
            OpError::UnknownField(s()),
            OpError::UnknownOp(s()),
            OpError::UnsupportedOp(s()),
            OpError::InvalidHand(s()),
            OpError::HandSize(s()),
            OpError::InvalidMeld(s()),
            OpError::InvalidWild(s()),
            OpError::FifthCopy(s()),
            OpError::UnknownRules(s()),
            OpError::UnknownOption(s()),
            OpError::InvalidOption(s()),
            OpError::UnsupportedRules(s()),
            OpError::InvalidField(s()),
            OpError::NotAWin(s()),
            OpError::NoYaku(s()),
            OpError::BelowMinimum { fan: 6, minimum: 8 },
            OpError::LineTooLong(s()),
            OpError::Internal(s()),
        ]
    }

    #[test]
    fn kinds_are_listed_once_in_order() {
        let kinds: Vec<&str> = one_of_each().iter().map(OpError::kind).collect();
        assert_eq!(kinds, OpError::KINDS);
    }

    #[test]
    fn every_kind_is_documented_in_the_crate_docs() {
        let docs = include_str!("lib.rs");
        for kind in OpError::KINDS {
            assert!(
                docs.contains(&format!("| `{kind}` |")),
                "kind {kind} is missing from the table in lib.rs"
            );
        }
    }

    #[test]
    fn below_minimum_carries_fan() {
        let e = OpError::BelowMinimum { fan: 6, minimum: 8 };
        assert_eq!(
            e.to_json(),
            json!({"kind": "below_minimum", "message": "the hand is worth 6 fan, below the minimum of 8", "fan": 6})
        );
    }

    #[test]
    fn snippets_cut_on_char_boundaries() {
        assert_eq!(snippet("abc"), "abc");
        let long = "中".repeat(100);
        assert_eq!(snippet(&long), format!("{}…", "中".repeat(40)));
    }
}
