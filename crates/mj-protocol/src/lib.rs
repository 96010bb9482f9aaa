//! The JSON Lines protocol of `mj batch`, in-process: requests, answers, error kinds, the line
//! handler and the batch loop.
//!
//! One request is one JSON object on one line; its answer is one JSON object on one line, with
//! the request's `id` echoed. This crate is that protocol for every front end: the `mj` program
//! (`mj batch` is [`run_batch_limited`] over standard input and output), the Python wheel, and
//! anything else that speaks it (a C ABI, a Node package, a web server). They all answer through
//! the same handler, so their answers, error kinds and messages are the same, byte for byte. The
//! complete reference of the protocol (every op, field, switch, answer field, error kind and
//! limit) is `docs/protocol.md` at the root of the repository; the test `tests/protocol_doc.rs`
//! binds its tables to the registries below ([`OPS`], [`COMMON_FIELDS`], [`SWITCHES`],
//! [`OpError::KINDS`]).
//!
//! The crate does no IO of its own: [`run_batch`] reads and writes only the reader and writer it
//! is given. It links the engines it answers for (mj-hu, mj-ai, mj-agari, mj-score) and serde,
//! and nothing of a command line.
//!
//! # Use
//!
//! ```
//! // One line, as text or bytes: exactly the line `mj batch` answers (without the `\n`).
//! let line = mj_protocol::answer_line(r#"{"op": "waits", "hand": "2344m456p789s111z", "id": 1}"#);
//! assert_eq!(line, r#"{"id":1,"waits":["1m","4m"]}"#);
//!
//! // The same answer as a value, to branch on an error kind without reading the JSON back.
//! let answer = mj_protocol::answer(r#"{"op": "hu", "hand": "123m"}"#);
//! assert_eq!(answer.error().map(|e| e.kind()), Some("hand_size"));
//!
//! // A whole batch: lines from any `BufRead`, answers to any `Write`.
//! let input = "{\"op\": \"hu\", \"hand\": \"11z\"}\n\n";
//! let mut output = Vec::new();
//! mj_protocol::run_batch(input.as_bytes(), &mut output)?;
//! assert_eq!(
//!     String::from_utf8_lossy(&output),
//!     "{\"hu\":true}\n{\"error\":{\"kind\":\"invalid_request\",\"message\":\"empty line\"}}\n"
//! );
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! | item | what it is |
//! |---|---|
//! | [`answer_line`] | one request line (text or bytes) to its answer line: the whole protocol for one line |
//! | [`answer`], [`Answer`] | the same answer as a value: `id`, answer fields or [`OpError`], and [`Answer::to_line`] |
//! | [`run_batch`], [`run_batch_limited`] | the batch loop over a `BufRead` and a `Write`, with the line limit ([`DEFAULT_MAX_LINE_BYTES`]) |
//! | [`Request`] | a request whose shared fields are valid: hand, melds, wildcards, [`Rules`], [`Options`], the op's extra fields |
//! | [`Request::new`], [`OptionValue`], [`hand_and_melds`] | the same request from typed values, for bindings that ask without JSON, with the same checks and errors |
//! | [`Request::is_win`], [`Request::waits`], [`Request::shanten_report`], [`Request::discard_table`], [`Request::decompositions`] | each hand op's answer as a value |
//! | [`Request::check_score_fields`], [`Request::riichi_score`] ([`RiichiFields`]), [`Request::sichuan_score`] ([`SichuanFields`]), [`Request::mcr_score`] ([`McrFields`]) | `score`'s answer as a value, per preset |
//! | [`OpError`] | every error kind of the protocol, one variant each (thiserror) |
//! | [`OPS`], [`OpSpec`], [`Handler`], [`answer_with`] | the op table, and answering with another table |
//! | [`COMMON_FIELDS`], [`SWITCHES`], [`MAX_ITEMS`] | the fields every op accepts, the rule switches (`options` takes those with `is_option()`; the rest are a game's), the item limit |
//!
//! # How a line is answered
//!
//! 1. [`run_batch`] splits its input into lines of bytes at `\n` (a `\r` before it is dropped;
//!    the last line needs no `\n`) and writes [`answer_line`]'s answer for each, flushed before
//!    the next line is read. A line longer than the limit ([`DEFAULT_MAX_LINE_BYTES`], 1 MiB;
//!    [`run_batch_limited`] and `mj batch --max-line-bytes` set another) answers
//!    `line_too_long` and is skipped unread: its bytes are dropped as they arrive, never kept.
//! 2. [`answer_line`] never fails and never panics (a `catch_unwind` answers `internal` if a bug
//!    does panic): blank line, UTF-8, JSON text, object, in that order. The JSON text is checked
//!    without recursion, so deep nesting costs no stack; the `id` is kept as written (white space
//!    outside strings removed) and echoed whenever the line is an object with an `id` (the first,
//!    if given twice), even when the request is otherwise invalid. Memory and time are linear in
//!    the line's length: arrays and objects are counted on the raw text before anything is
//!    decoded (at most [`MAX_ITEMS`], 256, items each), and a line costs at most 8 times the line
//!    limit of heap (tested by `tests/batch_memory.rs`). A field whose name or value holds a lone
//!    surrogate escape (`"\ud800"`, JSON text no Rust string can hold) answers `invalid_json`
//!    naming it. An answer never holds a raw CR, LF, NEL, LS or PS (they are escaped), so any
//!    line reader sees exactly one line.
//! 3. [`Request`] validates the fields every op shares, in this order: no field twice, `op`,
//!    no unknown field (the [`COMMON_FIELDS`] plus the op's [`OpSpec::extra_fields`]), `hand`,
//!    `melds`, no fifth copy in `hand` + `melds`, `wild`, `rules`, `options` (switches listed
//!    once, in [`SWITCHES`]), then the op's extra fields as JSON. The first problem is the answer.
//!    Tiles are read by [`mj_tiles::notation`] (the order its errors win in is documented
//!    there): a notation error anywhere in `hand` wins over a fifth copy earlier in it, and no
//!    text may hold more than [`MAX_TILES`](mj_tiles::notation::MAX_TILES) (136) tiles, so
//!    reading a 10 MB `hand` keeps a few KiB.
//!    Validation comes before dispatch, so a request for an op that is not built yet still gets
//!    its validation errors; a valid one gets `unsupported_op`.
//! 4. The op's [`Handler`] from [`OPS`] answers the fields of the answer object.
//!
//! # Adding an op
//!
//! Write a handler and put it in the op's row of [`OPS`] (add a row for a new op, listing the
//! top-level fields it accepts beyond the common ones):
//!
//! ```
//! use mj_protocol::{OpError, OpSpec, Request, answer_with};
//! use serde_json::{Value, json};
//!
//! fn tiles(req: &Request) -> Result<Value, OpError> {
//!     let visible: Option<String> = req.extra_as("visible")?;
//!     Ok(json!({"tiles": req.counts().total(), "visible": visible.is_some()}))
//! }
//!
//! const MY_OPS: &[OpSpec] =
//!     &[OpSpec { name: "tiles", extra_fields: &["visible"], handler: Some(tiles) }];
//! assert_eq!(
//!     answer_with(MY_OPS, br#"{"op": "tiles", "hand": "123m 11z", "id": "a"}"#).to_line(),
//!     r#"{"id":"a","tiles":5,"visible":false}"#
//! );
//! ```
//!
//! # Error kinds
//!
//! Every error answer is `{"id": ..., "error": {"kind": K, "message": M}}` (`id` when known), one
//! kind per variant of [`OpError`]:
//!
//! | kind | when |
//! |---|---|
//! | `invalid_utf8` | the line is not UTF-8 |
//! | `invalid_json` | the line is not JSON text, or a field's name or value holds a lone surrogate escape (`"\ud800"`: JSON text no string can hold; the message names the field, and the `id` is echoed when it is readable) |
//! | `invalid_request` | an empty or blank line (message `empty line`); JSON that is not an object; `op` missing or not a string; a field given twice; more than 256 fields |
//! | `unknown_field` | a top-level field the op does not accept (named in the message) |
//! | `unknown_op` | an `op` that is not in the table |
//! | `unsupported_op` | a valid request for an op that is known but not built yet |
//! | `invalid_hand` | `hand` missing, not a string, or not mpsz (the message names the column; a notation error anywhere wins over a fifth copy) |
//! | `hand_size` | the hand has the wrong number of tiles for the op (raised by ops) |
//! | `invalid_meld` | `melds` not an array of at most 256 valid `{"kind", "tiles", "called"?, "from"?}` (`tiles` of more than 136 tiles: `more than 136 tiles (column 137)`) |
//! | `invalid_wild` | `wild` not an array of at most 256 single tiles; more than 8 wildcards (raised by ops) |
//! | `fifth_copy` | five or more of a kind in `hand` plus `melds`, red fives counting as fives (the message names the tile). A `hand` of more than 136 tiles always holds one: it gets this kind, naming the first fifth copy and its column, never a separate "too many tiles" |
//! | `unknown_rules` | `rules` is not `generic`, `riichi`, `sichuan` or `mcr` |
//! | `unknown_option` | an `options` switch that does not exist |
//! | `invalid_option` | `options` not an object, or a switch given a value of the wrong type (`score` under `sichuan`: a `sichuan_table` that names no table) |
//! | `unsupported_rules` | every op but `score`: `rules` is `sanma` (three-player riichi is read by `score` only). `shanten`, `discards`: the effective rules (preset plus `options`) turn on `honor_sequences`, `eyes_258`, `knitted` or `lack_one_suit`, or turn off `honors`, which mj-ai does not model (presets `sichuan` and `mcr` do); the message names each such switch. `score`: `rules` is `generic` (no scoring preset), `wild` under `riichi` or `mcr`, or `options` change a shape switch of the preset or set another preset's scoring switch |
//! | `invalid_field` | an op-specific field that is malformed or missing (raised by ops; `discards`: a `visible` that is not an mpsz string or adds a fifth copy to the hand and melds; `score`: `win_tile` missing, not one tile or not in `hand`, a wind that is not `1z`-`4z`, `flowers`, `lack`, `cap`, `honba` of the wrong type or range, a field of another preset, inconsistent win flags) |
//! | `not_a_win` | `score`: the hand, its melds and `win_tile` make no winning shape under the rules (or `win_tile` is not in `hand`) |
//! | `no_yaku` | `score`, riichi: a winning shape without yaku |
//! | `below_minimum` | `score`, MCR: a win below 8 fan; the error also has `"fan": n` |
//! | `line_too_long` | a line longer than the line limit ([`DEFAULT_MAX_LINE_BYTES`], 1 MiB, by default; `mj batch --max-line-bytes`, [`run_batch_limited`]); the rest of the line is skipped unread and no `id` is echoed |
//! | `internal` | a bug in `mj` (a panic, or an op answering something that is not an object) |

// Layers, each reading only the layers before it (no module cycle; rustfmt sorts the list):
// `json`, `error`, `options`, `tile_fields`, `request` (reading and validating a request) <-
// `ops` (the op table, one module per op family) <- `answer` (the line handler) <- `batch` (the
// loop over lines).
mod answer;
mod batch;
mod error;
mod json;
mod ops;
mod options;
mod request;
mod tile_fields;

pub use answer::{Answer, answer, answer_line, answer_with};
pub use batch::{DEFAULT_MAX_LINE_BYTES, run_batch, run_batch_limited};
pub use error::OpError;
pub use json::MAX_ITEMS;
pub use ops::{Handler, McrFields, OPS, OpSpec, RiichiFields, SichuanFields};
pub use request::{
    COMMON_FIELDS, OptionValue, Options, Request, Rules, SWITCHES, Switch, SwitchType, SwitchValue,
};
pub use tile_fields::hand_and_melds;
