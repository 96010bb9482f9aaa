//! The C ABI of the mj engine: `libmj_ffi.so` / `libmj_ffi.a` with the header `include/mj.h`
//! (generated from these sources by cbindgen, committed, and checked fresh by
//! `tests/header.rs`).
//!
//! * **The protocol**: `mj_request` answers one request line of `mj batch`'s JSON Lines
//!   protocol (`docs/protocol.md`) in-process, by the same line handler
//!   ([`mj_protocol::answer_line`]), so every op, answer, error kind and message is the
//!   program's; `mj_free` releases the answer.
//! * **Typed hot paths**: `mj_is_winning`, `mj_is_ready`, `mj_waits` and `mj_shanten` over 34
//!   tile counts plus a wildcard count and a rules handle (`mj_rules_new(preset, switches)` /
//!   `mj_rules_free`), returning a status and writing a plain `bool`, `uint64_t` bitmask or
//!   `int8_t`.
//!
//! Every call returns an [`MjStatus`] (or, for `mj_request`, NULL) on failure; the message of
//! the last failure on the calling thread is `mj_last_error()`, the status's name
//! `mj_status_name()`. No panic crosses the boundary: each call runs under `catch_unwind` and a
//! panic (a bug) answers `MJ_STATUS_INTERNAL`. NULL pointers answer `MJ_STATUS_NULL_POINTER`, a
//! freed or misaligned rules handle `MJ_STATUS_BAD_HANDLE` where its memory still tells. All
//! calls are thread-safe: a rules handle is immutable, and the tables are shared read-only.
//!
//! ```c
//! #include "mj.h"
//! MjRules *rules;
//! mj_rules_new("riichi", NULL, &rules);
//! uint8_t counts[34] = {0};            // 123m 456p 789s 11122z
//! counts[0] = counts[1] = counts[2] = 1;
//! counts[12] = counts[13] = counts[14] = 1;
//! counts[24] = counts[25] = counts[26] = 1;
//! counts[27] = 3; counts[28] = 2;
//! bool won;
//! if (mj_is_winning(rules, counts, 0, &won) != MJ_STATUS_OK) puts(mj_last_error());
//! char *answer = mj_request("{\"op\":\"waits\",\"hand\":\"2344m456p789s111z\"}");
//! puts(answer);                         // {"waits":["1m","4m"]}
//! mj_free(answer);
//! mj_rules_free(rules);
//! ```
//!
//! The Rust functions behind the calls ([`hand`], [`MjRules`], [`answer_text`]) are public for
//! the tests and benches; Rust programs use mj-hu, mj-ai and mj-protocol directly.

// The C ABI takes and returns raw pointers, which only `unsafe` code can read, write and free.
// The workspace denies `unsafe_code`; this crate allows it, and keeps each `unsafe` block to the
// one pointer operation its `// SAFETY:` comment justifies (lints below make both mandatory).
#![allow(unsafe_code)]
#![deny(clippy::undocumented_unsafe_blocks, unsafe_op_in_unsafe_fn)]

mod calls;
pub mod hand;
mod request;
mod rules;
mod status;

pub use calls::{mj_is_ready, mj_is_winning, mj_shanten, mj_waits};
pub use request::{answer_text, mj_free, mj_request};
pub use rules::{MjRules, mj_rules_free, mj_rules_new};
pub use status::{Failure, MjStatus, mj_last_error, mj_status_name};

/// The version of the library (the crate's, `"0.1.0"`), as a static NUL-terminated string:
/// never NULL, do not free it.
#[unsafe(no_mangle)]
pub extern "C" fn mj_version() -> *const std::ffi::c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}
