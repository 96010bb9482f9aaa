//! The `hand` argument of the typed calls (mpsz text or 34 counts) and the fields that let a
//! call skip the protocol's handler.

use mj_tiles::{Piece, TileCounts, TileSet};
use napi::Either;
use napi::bindgen_prelude::{Either3, Uint8Array};
use serde_json::Value;

/// A hand as JavaScript passes it: mpsz text (`"2344m456p789s111z"`), a `Uint8Array` of 34
/// counts, or an array of 34 counts (kind index 0-8 = 1-9m, 9-17 = 1-9p, 18-26 = 1-9s, 27-33 =
/// 1-7z).
pub type HandArg = Either3<String, Uint8Array, Vec<f64>>;

/// The hand as the protocol's `hand` text.
pub struct HandInput {
    /// What the protocol is sent: the text as given, or the counts written in mpsz (a count
    /// above 4 written out, so the protocol answers `fifth_copy` as for text).
    pub text: Value,
}

/// Longest hand text the fast path reads itself (the protocol bounds the rest).
const FAST_TEXT: usize = 4096;

/// 34 counts in mpsz, each kind's digit written as many times as its count; numbers above 255
/// are not counts (`None`: the call answers `invalid_hand`).
fn counts_text(counts: &[u32]) -> Option<String> {
    if counts.len() != 34 || counts.iter().any(|&c| c > 255) {
        return None;
    }
    let mut text = String::new();
    for (suit, letter) in ["m", "p", "s", "z"].iter().enumerate() {
        let ranks = if suit == 3 { 7 } else { 9 };
        let mut any = false;
        for rank in 0..ranks {
            for _ in 0..counts[suit * 9 + rank] {
                text.push(char::from(b'1' + rank as u8));
                any = true;
            }
        }
        if any {
            text.push_str(letter);
        }
    }
    Some(text)
}

impl HandInput {
    /// Reads the argument; `Err` with a message when it is counts of the wrong shape.
    pub fn of(hand: &HandArg) -> Result<HandInput, String> {
        let counts_error = || {
            "`hand` must be mpsz text or 34 tile counts (kind index 0-8 = 1-9m, 9-17 = 1-9p, \
             18-26 = 1-9s, 27-33 = 1-7z)"
                .to_owned()
        };
        match hand {
            Either3::A(text) => Ok(HandInput {
                text: Value::String(text.clone()),
            }),
            Either3::B(bytes) => {
                let wide: Vec<u32> = bytes.iter().map(|&b| u32::from(b)).collect();
                let text = counts_text(&wide).ok_or_else(counts_error)?;
                Ok(HandInput {
                    text: Value::String(text),
                })
            }
            Either3::C(numbers) => {
                // JavaScript numbers: a count is a whole number (1.5 is refused, not cut to 1).
                let mut whole = Vec::with_capacity(numbers.len());
                for (i, &x) in numbers.iter().enumerate() {
                    if x.fract() != 0.0 || !(0.0..=f64::from(u32::MAX)).contains(&x) {
                        return Err(format!(
                            "`hand`[{i}] is {x}: a tile count is a whole number"
                        ));
                    }
                    whole.push(x as u32);
                }
                let text = counts_text(&whole).ok_or_else(counts_error)?;
                Ok(HandInput {
                    text: Value::String(text),
                })
            }
        }
    }
}

/// The counts of the hand for the fast path (mpsz text up to 4 KiB, or a `Uint8Array` of 34
/// counts read in place); `None` when it is not readable as valid counts, or is an array.
pub fn bytes_counts(hand: &HandArg) -> Option<TileCounts> {
    match hand {
        Either3::B(bytes) => {
            let a: [u8; 34] = bytes.as_ref().try_into().ok()?;
            TileCounts::new(a).ok()
        }
        Either3::A(text) if text.len() <= FAST_TEXT => text.parse().ok(),
        _ => None,
    }
}

/// The wild kinds and rules of a call whose fields are only `wild` (an array of tiles) and
/// `rules` (a preset `mj_hu::Rules` takes): what the engines answer directly. `None` sends the
/// call through the protocol's handler, which answers everything else (and every error).
pub fn fast_fields(fields: &Option<Value>) -> Option<(TileSet, mj_hu::Rules)> {
    let mut wild = TileSet::EMPTY;
    let mut preset = "generic";
    match fields {
        None | Some(Value::Null) => {}
        Some(Value::Object(map)) => {
            for (name, value) in map {
                match (name.as_str(), value) {
                    ("wild", Value::Array(items)) if items.len() <= 64 => {
                        for item in items {
                            wild.insert(item.as_str()?.parse::<Piece>().ok()?.tile());
                        }
                    }
                    ("rules", Value::String(name)) => preset = name,
                    // `undefined` fields are left out by the conversion; `null` ones are the
                    // protocol's to judge.
                    _ => return None,
                }
            }
        }
        Some(_) => return None,
    }
    Some((wild, mj_hu::Rules::preset(preset).ok()?))
}

/// `Either` of a number and `null`, as the protocol writes a shape that does not apply.
pub fn or_null(n: Option<i8>) -> Either<i32, napi::bindgen_prelude::Null> {
    match n {
        Some(n) => Either::A(i32::from(n)),
        None => Either::B(napi::bindgen_prelude::Null),
    }
}
