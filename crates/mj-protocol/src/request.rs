//! A validated `mj batch` request: the fields every op shares, checked once for every op.

use std::collections::BTreeMap;

use mj_tiles::{Meld, Piece, TileCounts, TileSet};
use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_json::value::RawValue;

use crate::error::{OpError, snippet};
use crate::json::{
    Fields, MAX_ITEMS, as_string, compact, items, json_type, lone_surrogate, widest,
};
use crate::tile_fields::{hand, hand_and_melds, melds, wild};

/// An op's handler: answers a validated request with a JSON object (the answer's fields, without
/// `id`) or an error.
pub type Handler = fn(&Request) -> Result<Value, OpError>;

/// One row of the op table.
#[derive(Clone, Copy, Debug)]
pub struct OpSpec {
    /// The `op` string.
    pub name: &'static str,
    /// Top-level fields this op accepts beyond [`COMMON_FIELDS`]; they reach the handler
    /// through [`Request::extra`].
    pub extra_fields: &'static [&'static str],
    /// `None` while the op is not built: a valid request answers `unsupported_op`.
    pub handler: Option<Handler>,
}

/// The top-level fields every op accepts. An op accepts these plus its
/// [`OpSpec::extra_fields`]; any other field is `unknown_field`.
pub const COMMON_FIELDS: [&str; 7] = ["op", "hand", "melds", "wild", "rules", "options", "id"];

/// The presets (`rules`) and every switch `options` accepts come from the one rule
/// vocabulary, `mj_score::rules`: this crate keeps no list of its own.
pub use mj_score::rules::{Preset as Rules, SWITCHES, Switch, SwitchType, SwitchValue};

pub use crate::options::{OptionValue, Options};

/// A request whose shared fields are valid: what an op handler gets.
///
/// ```
/// use mj_protocol::{Request, Rules};
/// let req = Request::parse(r#"{"op": "hu", "hand": "406p11z", "melds": [{"kind": "pon", "tiles": "777z"}], "rules": "riichi", "id": 7}"#)?;
/// assert_eq!(req.counts().to_string(), "456p11z");
/// assert_eq!(req.pieces()[1].to_string(), "0p");
/// assert_eq!(req.melds().len(), 1);
/// assert_eq!(req.rules(), Rules::Riichi);
/// assert_eq!(req.id().map(|id| id.get()), Some("7"));
/// # Ok::<(), mj_protocol::OpError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Request {
    id: Option<Box<RawValue>>,
    op: &'static str,
    pieces: Vec<Piece>,
    counts: TileCounts,
    melds: Vec<Meld>,
    counts_with_melds: TileCounts,
    wild: TileSet,
    rules: Rules,
    options: Options,
    extra: BTreeMap<String, Value>,
}

impl Request {
    /// Checks the fields of a request object against an op table; answers the request and the
    /// op it names.
    pub(crate) fn validate<'t>(
        fields: &Fields<'_>,
        id: Option<Box<RawValue>>,
        ops: &'t [OpSpec],
    ) -> Result<(Request, &'t OpSpec), OpError> {
        if let Some(name) = fields.duplicate() {
            return Err(OpError::InvalidRequest(format!(
                "field `{}` is given twice",
                snippet(name)
            )));
        }
        let spec = op_spec(fields, ops)?;
        if let Some((name, _)) = fields.0.iter().find(|(name, _)| {
            !COMMON_FIELDS.contains(&name.as_str()) && !spec.extra_fields.contains(&name.as_str())
        }) {
            let accepted: Vec<&str> = COMMON_FIELDS
                .iter()
                .chain(spec.extra_fields)
                .copied()
                .collect();
            return Err(OpError::UnknownField(format!(
                "unknown field `{}` for op `{}` (accepted: {})",
                snippet(name),
                spec.name,
                accepted.join(", ")
            )));
        }
        let (pieces, counts) = hand(fields)?;
        let melds = match fields.get("melds") {
            Some(raw) => melds(raw)?,
            None => Vec::new(),
        };
        let counts_with_melds = hand_and_melds(&counts, &melds)?;
        let wild = match fields.get("wild") {
            Some(raw) => wild(raw)?,
            None => TileSet::EMPTY,
        };
        let rules = match fields.get("rules") {
            Some(raw) => rules(raw)?,
            None => Rules::Generic,
        };
        let options = match fields.get("options") {
            Some(raw) => Options::parse(raw)?,
            None => Options::default(),
        };
        let mut extra = BTreeMap::new();
        for (name, raw) in &fields.0 {
            if spec.extra_fields.contains(&name.as_str()) {
                if widest(raw.get()) > MAX_ITEMS {
                    return Err(OpError::InvalidField(format!(
                        "field `{name}`: an array or object of more than {MAX_ITEMS} items"
                    )));
                }
                let value: Value = serde_json::from_str(raw.get())
                    .map_err(|e| OpError::InvalidField(format!("field `{name}`: {e}")))?;
                extra.insert(name.clone(), value);
            }
        }
        let request = Request {
            id,
            op: spec.name,
            pieces,
            counts,
            melds,
            counts_with_melds,
            wild,
            rules,
            options,
            extra,
        };
        Ok((request, spec))
    }

    /// A request of typed fields (no `id`, no op-specific fields) for `spec`, with the checks
    /// [`Request::validate`] makes on them after reading: the hand holds no fifth copy, nor do
    /// the hand and the melds together.
    pub(crate) fn of_parts(
        spec: &OpSpec,
        pieces: Vec<Piece>,
        melds: Vec<Meld>,
        wild: TileSet,
        rules: Rules,
        options: Options,
    ) -> Result<Request, OpError> {
        let counts = TileCounts::from_tiles(pieces.iter().map(|p| p.tile()))
            .map_err(|e| OpError::FifthCopy(format!("hand: {e}")))?;
        let counts_with_melds = hand_and_melds(&counts, &melds)?;
        Ok(Request {
            id: None,
            op: spec.name,
            pieces,
            counts,
            melds,
            counts_with_melds,
            wild,
            rules,
            options,
            extra: BTreeMap::new(),
        })
    }

    /// The `id` as written (white space outside strings removed), if the request had one.
    pub fn id(&self) -> Option<&RawValue> {
        self.id.as_deref()
    }

    /// The op's name.
    pub fn op(&self) -> &str {
        self.op
    }

    /// The concealed tiles (`hand`) in the order written, red fives kept.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The concealed tiles by kind (red fives count as fives).
    pub fn counts(&self) -> &TileCounts {
        &self.counts
    }

    /// The declared melds.
    pub fn melds(&self) -> &[Meld] {
        &self.melds
    }

    /// The concealed tiles plus the tiles of the declared melds, by kind (at most four of each:
    /// a request with a fifth copy is rejected).
    pub fn counts_with_melds(&self) -> &TileCounts {
        &self.counts_with_melds
    }

    /// The wildcard kinds (`wild`).
    pub fn wild(&self) -> TileSet {
        self.wild
    }

    /// The rule preset.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The switches the request set in `options`.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The op-specific fields the request carried (only names in [`OpSpec::extra_fields`]).
    pub fn extra_fields(&self) -> &BTreeMap<String, Value> {
        &self.extra
    }

    /// One op-specific field as JSON, if present.
    pub fn extra(&self, name: &str) -> Option<&Value> {
        self.extra.get(name)
    }

    /// One op-specific field decoded as `T` (`Tile`, `bool`, `Vec<Tile>`, ...), if present; a
    /// value that does not decode is `invalid_field` naming the field.
    ///
    /// ```
    /// use mj_tiles::Tile;
    /// let req = mj_protocol::Request::parse(r#"{"op": "score", "hand": "11z", "win_tile": "1z"}"#)?;
    /// assert_eq!(req.extra_as::<Tile>("win_tile")?, Some(Tile::EAST));
    /// assert_eq!(req.extra_as::<bool>("tsumo")?, None);
    /// # Ok::<(), mj_protocol::OpError>(())
    /// ```
    pub fn extra_as<T: DeserializeOwned>(&self, name: &str) -> Result<Option<T>, OpError> {
        match self.extra.get(name) {
            None => Ok(None),
            Some(value) => T::deserialize(value)
                .map(Some)
                .map_err(|e| OpError::InvalidField(format!("field `{name}`: {e}"))),
        }
    }
}

/// Reads a line as JSON: the `id` if the line is an object that has one (echoed even when the
/// request is otherwise invalid), and the object's fields.
pub(crate) fn read_object(line: &str) -> (Option<Box<RawValue>>, Result<Fields<'_>, OpError>) {
    let raw: &RawValue = match serde_json::from_str(line) {
        Ok(raw) => raw,
        Err(e) => return (None, Err(OpError::InvalidJson(format!("not JSON: {e}")))),
    };
    match Fields::of(raw) {
        Some(fields) => {
            // An id holding a lone surrogate is not readable: it is not echoed.
            let id = fields
                .get("id")
                .filter(|id| lone_surrogate(id.get()).is_none())
                .and_then(compact);
            match undecodable(&fields) {
                Some(error) => (id, Err(error)),
                None => (id, Ok(fields)),
            }
        }
        None if json_type(raw) == "an object" => (
            None,
            Err(OpError::InvalidRequest(format!(
                "a request has at most {MAX_ITEMS} fields, got {}",
                items(raw.get())
            ))),
        ),
        None => (
            None,
            Err(OpError::InvalidRequest(format!(
                "a request is a JSON object, got {}",
                json_type(raw)
            ))),
        ),
    }
}

/// `invalid_json` naming the first field whose name or value holds a lone surrogate escape
/// (`"\ud800"`): valid JSON text that no string can hold.
fn undecodable(fields: &Fields<'_>) -> Option<OpError> {
    const WHY: &str = "a lone UTF-16 surrogate escape, which no string can hold";
    fields.0.iter().enumerate().find_map(|(i, (name, raw))| {
        // `name` is checked first: a name with U+FFFD in place of a surrogate is not shown.
        if fields.undecodable_name() == Some(i) {
            return Some(OpError::InvalidJson(format!(
                "the name of field {} holds {WHY}",
                i + 1
            )));
        }
        lone_surrogate(raw.get()).map(|at| {
            let escape = raw.get().get(at..at + 6).unwrap_or("\\u");
            OpError::InvalidJson(format!("field `{}` holds `{escape}`, {WHY}", snippet(name)))
        })
    })
}

fn op_spec<'t>(fields: &Fields<'_>, ops: &'t [OpSpec]) -> Result<&'t OpSpec, OpError> {
    let raw = fields
        .get("op")
        .ok_or_else(|| OpError::InvalidRequest("missing field `op`".into()))?;
    let name = as_string(raw).ok_or_else(|| {
        OpError::InvalidRequest(format!("`op` must be a string, got {}", json_type(raw)))
    })?;
    find_op(&name, ops)
}

/// The row of `ops` named `name`, or `unknown_op` listing the known ones.
pub(crate) fn find_op<'t>(name: &str, ops: &'t [OpSpec]) -> Result<&'t OpSpec, OpError> {
    ops.iter().find(|spec| spec.name == name).ok_or_else(|| {
        let known: Vec<&str> = ops.iter().map(|spec| spec.name).collect();
        OpError::UnknownOp(format!(
            "unknown op `{}` (known: {})",
            snippet(name),
            known.join(", ")
        ))
    })
}

fn rules(raw: &RawValue) -> Result<Rules, OpError> {
    let known: Vec<&str> = Rules::ALL.iter().map(|r| r.name()).collect();
    let known = known.join(", ");
    let name = as_string(raw).ok_or_else(|| {
        OpError::UnknownRules(format!(
            "`rules` must be a string naming a preset ({known}), got {}",
            json_type(raw)
        ))
    })?;
    Rules::from_name(&name).ok_or_else(|| {
        OpError::UnknownRules(format!(
            "unknown rules `{}` (known: {known})",
            snippet(&name)
        ))
    })
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

    fn kind_and_message(line: &str) -> (&'static str, String) {
        match Request::parse(line) {
            Ok(req) => ("ok", format!("{:?}", req.counts())),
            Err(e) => (e.kind(), e.to_string()),
        }
    }

    #[rstest]
    #[case::fifth_in_hand(
        r#"{"op":"hu","hand":"11111m"}"#,
        "fifth_copy",
        "hand: fifth copy of 1m at column 5"
    )]
    #[case::fifth_with_melds(
        r#"{"op":"hu","hand":"11m","melds":[{"kind":"pon","tiles":"111m"}]}"#,
        "fifth_copy",
        "fifth copy of 1m: 2 in the hand and 3 in melds (at most 4 of a kind)"
    )]
    #[case::red_fifth_with_melds(
        r#"{"op":"hu","hand":"0p","melds":[{"kind":"ankan","tiles":"5505p"}]}"#,
        "fifth_copy",
        "fifth copy of 5p: 1 in the hand and 4 in melds (at most 4 of a kind)"
    )]
    #[case::notation(
        r#"{"op":"hu","hand":"123x"}"#,
        "invalid_hand",
        "hand: unexpected character 'x' at column 4"
    )]
    #[case::meld_size(
        r#"{"op":"hu","hand":"","melds":[{"kind":"pon","tiles":"11111z"}]}"#,
        "invalid_meld",
        "melds[0]: a pon has 3 tiles, got 5"
    )]
    #[case::meld_from(
        r#"{"op":"hu","hand":"","melds":[{"kind":"pon","tiles":"111z","from":300}]}"#,
        "invalid_meld",
        "melds[0]: `from` must be 1, 2 or 3 (seats to the left), got 300"
    )]
    #[case::meld_from_four(
        r#"{"op":"hu","hand":"","melds":[{"kind":"pon","tiles":"111z","from":4}]}"#,
        "invalid_meld",
        "melds[0]: the seat a tile came from is 1, 2 or 3 seats to the left, got 4"
    )]
    #[case::option_type(
        r#"{"op":"hu","hand":"","options":{"eyes_258":1}}"#,
        "invalid_option",
        "option `eyes_258` must be true or false, got a number"
    )]
    #[case::ok(
        r#"{"op":"hu","hand":"406p","options":{"eyes_258":true}}"#,
        "ok",
        "TileCounts(456p)"
    )]
    fn validation(#[case] line: &str, #[case] kind: &str, #[case] message: &str) {
        assert_eq!(
            kind_and_message(line),
            (kind, message.to_owned()),
            "input {line}"
        );
    }

    #[test]
    fn options_keep_what_was_set() {
        let req = Request::parse(
            r#"{"op":"hu","hand":"11z","wild":["0p","5p"],"options":{"seven_pairs":false}}"#,
        )
        .unwrap();
        assert_eq!(req.options().bool("seven_pairs"), Some(false));
        assert_eq!(req.options().bool("eyes_258"), None);
        assert_eq!(req.wild().to_string(), "5p");
        assert_eq!(req.op(), "hu");
    }
}
