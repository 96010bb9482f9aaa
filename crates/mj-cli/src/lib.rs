//! The library behind the `mj` program: `mj parse` and `mj batch`.
//!
//! `mj batch` speaks a JSON Lines protocol: one request object per input line, one answer object
//! per line, in order, flushed as it goes, `id` echoed. Its complete reference (every op, field,
//! switch, answer field, error kind, limit and exit code) is `docs/protocol.md` at the root of
//! the repository; the test `tests/protocol_doc.rs` binds it to the registries below. This crate is the only
//! place (with xtask) that does IO; the engines below it are pure.
//!
//! # How a line is answered
//!
//! 1. [`run_batch`] splits standard input into lines of bytes at `\n` (a `\r` before it is
//!    dropped; the last line needs no `\n`) and writes [`answer_line`]'s answer for each. A line
//!    longer than the limit ([`DEFAULT_MAX_LINE_BYTES`], 1 MiB; [`run_batch_limited`] and
//!    `mj batch --max-line-bytes` set another) answers `line_too_long` and is skipped unread.
//! 2. [`answer_line`] never fails and never panics (a `catch_unwind` answers `internal` if a bug
//!    does panic): blank line, UTF-8, JSON text, object, in that order. The JSON text is checked
//!    without recursion, so deep nesting costs no stack; the `id` is kept as written (white space
//!    outside strings removed) and echoed whenever the line is an object with an `id` (the first,
//!    if given twice), even when the request is otherwise invalid. Memory and time are linear in
//!    the line's length: arrays and objects are counted on the raw text before anything is
//!    decoded (at most 256 items each), and a line costs at most 8 times the line limit of heap
//!    (tested by `tests/batch_memory.rs`). A field whose name or value holds a lone surrogate
//!    escape (`"\ud800"`, JSON text no Rust string can hold) answers `invalid_json` naming it. An answer never holds a raw CR, LF, NEL, LS or PS (they are escaped),
//!    so any line reader sees exactly one line.
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
//! use mj_cli::{OpError, OpSpec, Request, answer_line_with};
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
//!     answer_line_with(MY_OPS, br#"{"op": "tiles", "hand": "123m 11z", "id": "a"}"#),
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
//! | `line_too_long` | a line longer than `mj batch --max-line-bytes` ([`DEFAULT_MAX_LINE_BYTES`], 1 MiB, by default); the rest of the line is skipped unread and no `id` is echoed |
//! | `internal` | a bug in `mj` (a panic, or an op answering something that is not an object) |

// Layers, each reading only the layers before it (no module cycle; rustfmt sorts the list):
// protocol (`json`, `error`, `options`, `tile_fields`, `request`) <- ops (`ops::*`, one module
// per op family) <- `batch` <- human commands (`*_cmd`) <- `main.rs`.
pub mod agari_cmd;
pub mod arena_cmd;
mod batch;
mod error;
pub mod game_cmd;
pub mod hand_cmd;
mod json;
mod ops;
mod options;
pub mod parse_cmd;
mod request;
pub mod score_cmd;
mod tile_fields;

/// The `mj agari` / `mj riichi` commands under their former path.
pub use agari_cmd as agari_ops;
/// The `mj score` command under its former path.
pub use score_cmd as score_ops;

pub use batch::{
    DEFAULT_MAX_LINE_BYTES, answer_line, answer_line_with, run_batch, run_batch_limited,
};
pub use error::OpError;
pub use ops::{Handler, OPS, OpSpec};
pub use request::{
    COMMON_FIELDS, Options, Request, Rules, SWITCHES, Switch, SwitchType, SwitchValue,
};

// The Rust examples of README.md and docs/ compile and run as doctests of this crate, which
// depends on every library crate they use (`tests/readme_examples.rs` checks that each page
// with a Rust block is listed here).
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeExamples;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/games-and-logs.md")]
pub struct GamesAndLogsExamples;
