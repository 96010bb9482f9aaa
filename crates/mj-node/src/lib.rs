//! The Node.js package `mj-engine` (napi-rs): the mj engine in-process for JavaScript and
//! TypeScript.
//!
//! * `request(obj)` answers one `mj batch` request object with the answer object, and
//!   `requestLine(text)` one line with the answer line, through the protocol's line handler
//!   ([`mj_protocol::answer_line`]): every answer, error kind and message is the program's.
//! * Typed calls `hu`, `waits`, `shanten`, `discards`, `score` take the hand (mpsz text or 34
//!   counts) and the protocol's other fields as an object, and return the answer's value; an
//!   error answer is thrown as an `Error` whose `code` is the protocol's error kind. `hu`,
//!   `waits` and `shanten` on a concealed hand with only `wild` and `rules` beside it are
//!   answered by the engines directly; anything else, and every error, by the protocol's
//!   handler.
//!
//! The TypeScript declarations (`index.d.ts`) are generated from these functions by
//! `napi build`, with the protocol's types from `types.d.ts` at their head (`dtsHeaderFile`). An extension
//! module: no Rust tests; `crates/mj-node/test` checks it against `mj batch` with node's test
//! runner.

mod hand;
// Reading JavaScript values in place needs raw napi calls: `unsafe` there only, each block one
// call with its `// SAFETY:` comment (the workspace denies `unsafe_code` elsewhere).
#[allow(unsafe_code)]
mod quick;

use mj_ai::{HandView, ShapeRules};
use mj_hu::{Checker, Hand};
use napi::bindgen_prelude::{Buffer, Either, Null, Unknown};
use napi::{JsValue, sys};
use napi_derive::napi;
use serde_json::{Map, Value};

use crate::hand::{HandArg, HandInput, bytes_counts, fast_fields, or_null};

/// An error answer, thrown with the protocol's kind as the error's `code`.
type Result<T> = std::result::Result<T, napi::Error<String>>;

fn thrown(kind: &str, message: impl Into<String>) -> napi::Error<String> {
    napi::Error::new(kind.to_owned(), message.into())
}

/// Answers one request line exactly as `mj batch` does: the answer line, without its line end.
/// Errors are answers (`{"error": {"kind", "message"}}`), never thrown.
#[napi]
pub fn request_line(line: String) -> String {
    mj_protocol::answer_line(line)
}

/// Answers one request object exactly as `mj batch` answers its JSON text (`JSON.stringify`
/// of it): the answer object, `id` echoed when given. Errors are answers
/// (`{error: {kind, message}}`), never thrown.
#[napi(ts_args_type = "request: Request", ts_return_type = "Answer")]
pub fn request(request: Value) -> Value {
    let answer = mj_protocol::answer_line(request.to_string());
    serde_json::from_str(&answer).unwrap_or(Value::Null)
}

/// Fields a typed call sets itself.
const RESERVED: [&str; 3] = ["op", "hand", "id"];

/// `op` on `hand` with `fields`, through the protocol's handler: the answer's fields, or the
/// error answer thrown.
fn protocol(op: &str, hand: &HandArg, fields: Option<Value>) -> Result<Map<String, Value>> {
    let hand = HandInput::of(hand).map_err(|m| thrown("invalid_hand", m))?;
    let mut request = match fields {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(map)) => map,
        Some(_) => {
            return Err(thrown(
                "invalid_request",
                format!("{op}(): `fields` must be an object"),
            ));
        }
    };
    if let Some(name) = RESERVED.iter().find(|n| request.contains_key(**n)) {
        return Err(thrown(
            "invalid_request",
            format!("{op}() sets `{name}` itself; use request() to send a whole request"),
        ));
    }
    request.insert("op".into(), Value::from(op));
    request.insert("hand".into(), hand.text);
    match mj_protocol::answer(Value::Object(request).to_string()).into_result() {
        Ok(fields) => Ok(fields),
        Err(e) => Err(thrown(e.kind(), e.to_string())),
    }
}

/// The answer's field `name` (present in every answer of its op).
fn field(mut answer: Map<String, Value>, name: &str) -> Value {
    answer.remove(name).unwrap_or(Value::Null)
}

/// A call's arguments as the general path reads them: the hand, and `fields` as an object (a
/// preset name `p` reads as `{rules: p}`).
struct Args {
    hand: HandArg,
    fields: Option<Value>,
}

impl Args {
    fn of(hand: Unknown<'_>, fields: Option<Unknown<'_>>) -> Result<Args> {
        let bad = |e: napi::Error| thrown("invalid_request", e.reason.clone());
        let (env, h) = raw(&hand);
        let hand = quick::convert::<HandArg>(env, h).map_err(bad)?;
        let fields = match fields {
            None => None,
            Some(f) => {
                let (env, f) = raw(&f);
                match quick::convert::<Value>(env, f).map_err(bad)? {
                    Value::String(preset) => Some(serde_json::json!({ "rules": preset })),
                    other => Some(other),
                }
            }
        };
        Ok(Args { hand, fields })
    }
}

/// The raw environment and value of an argument.
fn raw(value: &Unknown<'_>) -> (sys::napi_env, sys::napi_value) {
    let v = value.value();
    (v.env, v.value)
}

/// The quick inputs of a call: the hand's counts and a preset's rules, when the arguments are
/// short mpsz text or a `Uint8Array`, and nothing or a preset name.
fn quick_inputs(
    hand: &Unknown<'_>,
    fields: &Option<Unknown<'_>>,
) -> Option<([u8; 34], &'static mj_ffi::MjRules)> {
    let (env, h) = raw(hand);
    let counts = quick::counts(env, h)?;
    let rules = quick::preset(env, fields.as_ref().map(|f| raw(f).1))?;
    Some((counts, rules))
}

/// A fast `hu` or `waits` of the general path: the checker and the hand, when the fields are
/// only `wild` and `rules` and both are valid.
fn fast_checker(hand: &HandArg, fields: &Option<Value>) -> Option<(Checker, Hand)> {
    let counts = bytes_counts(hand)?;
    let (wild, rules) = fast_fields(fields)?;
    let checker = Checker::new(rules).ok()?;
    Some((checker, Hand::new(counts, &[], wild).ok()?))
}

/// Is `hand` (3k+2 concealed tiles, the winning tile included) a win (胡 / 和了) under the
/// rules? `fields`: the protocol's other fields (`wild`, `rules`, `options`, `melds`), or just
/// a preset name (`'riichi'` is `{rules: 'riichi'}`).
#[napi(ts_args_type = "hand: HandTiles, fields?: HandFields | Preset")]
pub fn hu(hand: Unknown<'_>, fields: Option<Unknown<'_>>) -> Result<bool> {
    if let Some((counts, rules)) = quick_inputs(&hand, &fields)
        && let Ok(won) = mj_ffi::hand::is_winning(rules, &counts, 0)
    {
        return Ok(won);
    }
    let Args { hand, fields } = Args::of(hand, fields)?;
    if let Some((checker, h)) = fast_checker(&hand, &fields)
        && let Ok(won) = checker.is_winning(&h)
    {
        return Ok(won);
    }
    let answer = protocol("hu", &hand, fields)?;
    Ok(field(answer, "hu").as_bool().unwrap_or(false))
}

/// The mpsz names of the 34 kinds.
const KIND_NAMES: [&str; 34] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p",
    "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "1z", "2z", "3z", "4z", "5z",
    "6z", "7z",
];

/// The waits (听牌 / 待ち) of `hand` (3k+1 concealed tiles): every kind whose draw wins, as
/// mpsz tiles sorted m, p, s, z (a wild kind listed: drawing a wildcard wins). Fields as for
/// `hu`.
#[napi(ts_args_type = "hand: HandTiles, fields?: HandFields | Preset")]
pub fn waits(hand: Unknown<'_>, fields: Option<Unknown<'_>>) -> Result<Vec<&'static str>> {
    if let Some((counts, rules)) = quick_inputs(&hand, &fields)
        && let Ok(bits) = mj_ffi::hand::waits(rules, &counts, 0)
    {
        return Ok((0..34)
            .filter(|k| bits >> k & 1 == 1)
            .map(|k| KIND_NAMES[k])
            .collect());
    }
    let Args { hand, fields } = Args::of(hand, fields)?;
    if let Some((checker, h)) = fast_checker(&hand, &fields)
        && let Ok(set) = checker.waits(&h)
    {
        return Ok(set.iter().map(|t| KIND_NAMES[t.index()]).collect());
    }
    let answer = protocol("waits", &hand, fields)?;
    let names: Vec<String> = serde_json::from_value(field(answer, "waits")).unwrap_or_default();
    Ok(names
        .iter()
        .filter_map(|n| KIND_NAMES.iter().find(|k| *k == n).copied())
        .collect())
}

/// The shanten of a hand: the minimum over the shapes the rules allow, and each shape's
/// (`null` where it does not apply); -1 complete, 0 ready.
#[napi(object)]
#[derive(Debug)]
pub struct ShantenReport {
    /// The minimum over the shapes the rules allow.
    pub shanten: i32,
    /// The standard shape (melds and a pair).
    pub standard: i32,
    /// Seven pairs; `null` when it does not apply (melds, another size, switched off).
    #[napi(js_name = "seven_pairs")]
    pub seven_pairs: Either<i32, Null>,
    /// Thirteen orphans; `null` when it does not apply.
    #[napi(js_name = "thirteen_orphans")]
    pub thirteen_orphans: Either<i32, Null>,
}

impl ShantenReport {
    fn of_answer(answer: &Map<String, Value>) -> ShantenReport {
        let n = |name: &str| answer.get(name).and_then(Value::as_i64).map(|n| n as i8);
        ShantenReport {
            shanten: i32::from(n("shanten").unwrap_or(0)),
            standard: i32::from(n("standard").unwrap_or(0)),
            seven_pairs: or_null(n("seven_pairs")),
            thirteen_orphans: or_null(n("thirteen_orphans")),
        }
    }
}

/// The general path of `shanten` and `shantenReport`.
fn shanten_report_of(args: Args) -> Result<ShantenReport> {
    let Args { hand, fields } = args;
    if let Some(counts) = bytes_counts(&hand)
        && let Some((wild, rules)) = fast_fields(&fields)
        && let Ok(shape) = ShapeRules::try_from(&rules)
        && let Ok(view) = HandView::new(counts, &[], wild)
    {
        let r = view.shanten(shape);
        return Ok(ShantenReport {
            shanten: i32::from(r.shanten),
            standard: i32::from(r.standard),
            seven_pairs: or_null(r.seven_pairs),
            thirteen_orphans: or_null(r.thirteen_orphans),
        });
    }
    let answer = protocol("shanten", &hand, fields)?;
    Ok(ShantenReport::of_answer(&answer))
}

/// The shanten (向听 / 向聴) of `hand` (3k+1 or 3k+2 concealed tiles): how many tile exchanges
/// from ready, -1 complete, 0 ready; the minimum over the shapes the rules allow (the
/// protocol's `shanten` field). Fields as for `hu`; presets `sichuan` and `mcr` throw
/// `unsupported_rules` (mj-ai models the plain shapes).
#[napi(ts_args_type = "hand: HandTiles, fields?: HandFields | Preset")]
pub fn shanten(hand: Unknown<'_>, fields: Option<Unknown<'_>>) -> Result<i32> {
    if let Some((counts, rules)) = quick_inputs(&hand, &fields)
        && let Ok(s) = mj_ffi::hand::shanten(rules, &counts, 0)
    {
        return Ok(i32::from(s));
    }
    Ok(shanten_report_of(Args::of(hand, fields)?)?.shanten)
}

/// The protocol's whole `shanten` answer for `hand`: the minimum and each shape's shanten.
/// Fields as for `shanten`.
#[napi(ts_args_type = "hand: HandTiles, fields?: HandFields | Preset")]
pub fn shanten_report(hand: Unknown<'_>, fields: Option<Unknown<'_>>) -> Result<ShantenReport> {
    shanten_report_of(Args::of(hand, fields)?)
}

/// The discard table of `hand` (3k+2 concealed tiles): one row per distinct kind, best first,
/// each with the shanten after the discard and its effective tiles (`ukeire`) with their live
/// copies (`ukeire_count`). Fields as for `hu`, plus `visible` (mpsz tiles seen elsewhere).
#[napi(
    ts_args_type = "hand: HandTiles, fields?: DiscardsFields | Preset",
    ts_return_type = "Discard[]"
)]
pub fn discards(hand: Unknown<'_>, fields: Option<Unknown<'_>>) -> Result<Value> {
    let Args { hand, fields } = Args::of(hand, fields)?;
    Ok(field(protocol("discards", &hand, fields)?, "discards"))
}

/// The score of a win under `rules` (`riichi`, `sanma`, `sichuan` or `mcr`): `hand` holds the
/// winning tile, `fields.win_tile` names it; the other fields are the protocol's score fields.
/// Returns the answer object (`han`, `fu`, `yaku`, `points`, ... as docs/protocol.md lists per
/// preset). A hand that is no win throws `not_a_win`, `no_yaku` or `below_minimum`.
#[napi(
    ts_args_type = "hand: HandTiles, fields: ScoreFields",
    ts_return_type = "ScoreAnswer"
)]
pub fn score(hand: Unknown<'_>, fields: Unknown<'_>) -> Result<Value> {
    let Args { hand, fields } = Args::of(hand, Some(fields))?;
    Ok(Value::Object(protocol("score", &hand, fields)?))
}

/// A copy of a committed table blob for the package's JavaScript reader (`fast.js`), after the
/// Rust reader has validated it (magic, version, length, checksum, sections): `"tables"` is
/// mj-tables' win and wait tables (`crates/mj-tables/data/tables.bin`), `"shanten"` mj-ai's
/// shanten tables (`crates/mj-ai/data/shanten.bin`). Read once when the package loads, so
/// JavaScript and Rust answer from the same bytes and the package ships them once (inside the
/// addon). Internal: the package's own entry point calls it.
#[napi(
    js_name = "_committedBlob",
    ts_args_type = "name: 'tables' | 'shanten'",
    ts_return_type = "Uint8Array"
)]
pub fn committed_blob(name: String) -> Result<Buffer> {
    let refused = |e: mj_tables::TableError| thrown("tables", e.to_string());
    let bytes = match name.as_str() {
        "tables" => {
            mj_tables::Tables::committed().map_err(refused)?;
            mj_tables::COMMITTED_BLOB
        }
        "shanten" => {
            mj_ai::tables::ShantenTables::committed().map_err(refused)?;
            mj_ai::tables::COMMITTED_BLOB
        }
        _ => {
            return Err(thrown(
                "invalid_request",
                format!("no committed blob {name:?} (expected \"tables\" or \"shanten\")"),
            ));
        }
    };
    Ok(Buffer::from(bytes.to_vec()))
}

/// The winning-shape switches of a preset (`mj_hu::Rules`), for the package's JavaScript reader
/// (`fast.js`), so that it answers under the engine's own presets. Internal.
#[napi(object, js_name = "ShapeSwitches")]
#[derive(Debug)]
pub struct ShapeSwitches {
    /// Seven pairs wins.
    pub seven_pairs: bool,
    /// The seven pairs must be seven different kinds.
    pub distinct_pairs: bool,
    /// Thirteen orphans wins.
    pub thirteen_orphans: bool,
    /// Three different winds, or the three dragons, form a sequence.
    pub honor_sequences: bool,
    /// The pair of a standard hand must be a 2, 5 or 8.
    pub eyes_258: bool,
    /// MCR's knitted shapes win.
    pub knitted: bool,
    /// Honor tiles exist.
    pub honors: bool,
    /// A winning hand holds at most two numbered suits.
    pub lack_one_suit: bool,
}

/// The shape switches of `preset` (`generic`, `riichi`, `sichuan`, `mcr`); throws
/// `unknown_rules` for another name. Internal: the package's entry point reads them once.
#[napi(js_name = "_shapeSwitches")]
pub fn shape_switches(preset: String) -> Result<ShapeSwitches> {
    let r = mj_hu::Rules::preset(&preset).map_err(|e| thrown("unknown_rules", e.to_string()))?;
    Ok(ShapeSwitches {
        seven_pairs: r.seven_pairs,
        distinct_pairs: r.distinct_pairs,
        thirteen_orphans: r.thirteen_orphans,
        honor_sequences: r.honor_sequences,
        eyes_258: r.eyes_258,
        knitted: r.knitted,
        honors: r.honors,
        lack_one_suit: r.lack_one_suit,
    })
}

/// The package's version (the crate's).
#[napi]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}
