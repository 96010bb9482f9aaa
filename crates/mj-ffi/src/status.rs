//! What every call answers: a status code, and on failure a message kept per thread.

use std::cell::RefCell;
use std::ffi::{CString, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind};

use mj_protocol::OpError;

/// The status every call returns: `MJ_STATUS_OK` (0), or why it failed. The failures are the
/// protocol's error kinds (`docs/protocol.md`), in the order `mj batch` documents them, then
/// `MJ_STATUS_NULL_POINTER` and `MJ_STATUS_BAD_HANDLE`, which only the C ABI has.
/// `mj_status_name` gives the kind's name (`"hand_size"`), `mj_last_error` the message of the
/// last failure on the calling thread.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MjStatus {
    /// Success: the out-parameters hold the answer.
    Ok = 0,
    /// `invalid_utf8`: text that is not UTF-8 (a preset or switch name).
    InvalidUtf8 = 1,
    /// `invalid_json` (protocol only).
    InvalidJson = 2,
    /// `invalid_request` (protocol only).
    InvalidRequest = 3,
    /// `unknown_field` (protocol only).
    UnknownField = 4,
    /// `unknown_op` (protocol only).
    UnknownOp = 5,
    /// `unsupported_op` (protocol only).
    UnsupportedOp = 6,
    /// `invalid_hand`: an honor tile under rules without honors (`sichuan`).
    InvalidHand = 7,
    /// `hand_size`: the tile count does not fit the question (3k+2 for a win, 3k+1 for ready
    /// and waits, either for shanten; at most 17 tiles with the wildcards).
    HandSize = 8,
    /// `invalid_meld` (protocol only).
    InvalidMeld = 9,
    /// `invalid_wild`: more than 8 wildcards.
    InvalidWild = 10,
    /// `fifth_copy`: a count above 4.
    FifthCopy = 11,
    /// `unknown_rules`: a preset that is not `generic`, `riichi`, `sichuan` or `mcr`.
    UnknownRules = 12,
    /// `unknown_option`: a switch name that does not exist.
    UnknownOption = 13,
    /// `invalid_option`: a switch given a value that is not `true` or `false`, a scoring
    /// switch (the hand calls read only the shape switches), or a malformed switch list.
    InvalidOption = 14,
    /// `unsupported_rules`: `sanma` (three-player rules exist for scoring only), or shanten
    /// under rules mj-ai does not model (presets `sichuan` and `mcr`; see `mj_shanten`).
    UnsupportedRules = 15,
    /// `invalid_field` (protocol only).
    InvalidField = 16,
    /// `not_a_win` (protocol only).
    NotAWin = 17,
    /// `no_yaku` (protocol only).
    NoYaku = 18,
    /// `below_minimum` (protocol only).
    BelowMinimum = 19,
    /// `line_too_long` (protocol only).
    LineTooLong = 20,
    /// `internal`: a bug in mj (a panic was caught at the boundary) or damaged tables.
    Internal = 21,
    /// `null_pointer`: a pointer argument was NULL.
    NullPointer = 22,
    /// `bad_handle`: an `MjRules` pointer that is misaligned or not a live handle from
    /// `mj_rules_new` (already freed, or never one). Detected where the memory still says so;
    /// not every bad pointer can be.
    BadHandle = 23,
}

impl MjStatus {
    /// Every status in code order: the index is the code. (Rust only, not in the header.)
    ///
    /// cbindgen:ignore
    pub const ALL: [MjStatus; 24] = [
        MjStatus::Ok,
        MjStatus::InvalidUtf8,
        MjStatus::InvalidJson,
        MjStatus::InvalidRequest,
        MjStatus::UnknownField,
        MjStatus::UnknownOp,
        MjStatus::UnsupportedOp,
        MjStatus::InvalidHand,
        MjStatus::HandSize,
        MjStatus::InvalidMeld,
        MjStatus::InvalidWild,
        MjStatus::FifthCopy,
        MjStatus::UnknownRules,
        MjStatus::UnknownOption,
        MjStatus::InvalidOption,
        MjStatus::UnsupportedRules,
        MjStatus::InvalidField,
        MjStatus::NotAWin,
        MjStatus::NoYaku,
        MjStatus::BelowMinimum,
        MjStatus::LineTooLong,
        MjStatus::Internal,
        MjStatus::NullPointer,
        MjStatus::BadHandle,
    ];

    /// Its name: `"ok"`, a protocol error kind, `"null_pointer"` or `"bad_handle"`.
    pub const fn name(self) -> &'static str {
        match self {
            MjStatus::Ok => "ok",
            MjStatus::InvalidUtf8 => "invalid_utf8",
            MjStatus::InvalidJson => "invalid_json",
            MjStatus::InvalidRequest => "invalid_request",
            MjStatus::UnknownField => "unknown_field",
            MjStatus::UnknownOp => "unknown_op",
            MjStatus::UnsupportedOp => "unsupported_op",
            MjStatus::InvalidHand => "invalid_hand",
            MjStatus::HandSize => "hand_size",
            MjStatus::InvalidMeld => "invalid_meld",
            MjStatus::InvalidWild => "invalid_wild",
            MjStatus::FifthCopy => "fifth_copy",
            MjStatus::UnknownRules => "unknown_rules",
            MjStatus::UnknownOption => "unknown_option",
            MjStatus::InvalidOption => "invalid_option",
            MjStatus::UnsupportedRules => "unsupported_rules",
            MjStatus::InvalidField => "invalid_field",
            MjStatus::NotAWin => "not_a_win",
            MjStatus::NoYaku => "no_yaku",
            MjStatus::BelowMinimum => "below_minimum",
            MjStatus::LineTooLong => "line_too_long",
            MjStatus::Internal => "internal",
            MjStatus::NullPointer => "null_pointer",
            MjStatus::BadHandle => "bad_handle",
        }
    }

    /// The status of a protocol error kind (`internal` for a kind this ABI does not know).
    pub fn of_kind(kind: &str) -> MjStatus {
        MjStatus::ALL
            .into_iter()
            .find(|s| s.name() == kind)
            .unwrap_or(MjStatus::Internal)
    }
}

/// A failed call: its status and message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Why.
    pub status: MjStatus,
    /// What and where, as `mj batch` words it for the same input.
    pub message: String,
}

impl Failure {
    /// A failure of `status` with `message`.
    pub fn new(status: MjStatus, message: impl Into<String>) -> Failure {
        Failure {
            status,
            message: message.into(),
        }
    }

    /// A NULL argument, named.
    pub fn null(argument: &str) -> Failure {
        Failure::new(
            MjStatus::NullPointer,
            format!("argument `{argument}` is NULL"),
        )
    }
}

/// The protocol's error, with the status of its kind.
impl From<OpError> for Failure {
    fn from(e: OpError) -> Failure {
        Failure::new(MjStatus::of_kind(e.kind()), e.to_string())
    }
}

thread_local! {
    /// The message of the last failed call on this thread (empty before any).
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// Keeps `failure`'s message as this thread's last error and returns its status.
pub(crate) fn record(failure: Failure) -> MjStatus {
    // A message never holds NUL in practice; if one did, it is cut there rather than lost.
    let mut bytes = failure.message.into_bytes();
    if let Some(nul) = bytes.iter().position(|&b| b == 0) {
        bytes.truncate(nul);
    }
    let message = CString::new(bytes).unwrap_or_default();
    LAST_ERROR.with(|last| *last.borrow_mut() = message);
    failure.status
}

/// Runs `body` with no panic crossing the boundary: its answer, or its failure recorded, or
/// `internal` when it panicked (a bug).
#[inline]
pub(crate) fn guard(body: impl FnOnce() -> Result<(), Failure>) -> MjStatus {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => MjStatus::Ok,
        Ok(Err(failure)) => record(failure),
        Err(_) => record(Failure::new(
            MjStatus::Internal,
            "internal error: a panic was caught at the C boundary (a bug in mj)",
        )),
    }
}

/// The message of the last call that failed on the calling thread, as UTF-8 text: what and
/// where, as `mj batch` words it for the same input (`""` before any failure). A successful
/// call leaves it as it was. The pointer stays valid until the next failing call on the same
/// thread; copy the text to keep it. Never NULL; do not free it.
#[unsafe(no_mangle)]
pub extern "C" fn mj_last_error() -> *const c_char {
    // The thread-local lives as long as the thread, and the CString's buffer is replaced only
    // by `record`, called by the next failing call on this thread.
    LAST_ERROR.with(|last| last.borrow().as_ptr())
}

/// The name of a status: `"ok"`, the protocol's error kind (`"hand_size"`, `"fifth_copy"`,
/// ...), `"null_pointer"` or `"bad_handle"`; `"unknown_status"` for a number that is none of
/// them. A static string: never NULL, do not free it.
#[unsafe(no_mangle)]
pub extern "C" fn mj_status_name(status: i32) -> *const c_char {
    const NAMES: [&str; 25] = [
        "ok\0",
        "invalid_utf8\0",
        "invalid_json\0",
        "invalid_request\0",
        "unknown_field\0",
        "unknown_op\0",
        "unsupported_op\0",
        "invalid_hand\0",
        "hand_size\0",
        "invalid_meld\0",
        "invalid_wild\0",
        "fifth_copy\0",
        "unknown_rules\0",
        "unknown_option\0",
        "invalid_option\0",
        "unsupported_rules\0",
        "invalid_field\0",
        "not_a_win\0",
        "no_yaku\0",
        "below_minimum\0",
        "line_too_long\0",
        "internal\0",
        "null_pointer\0",
        "bad_handle\0",
        "unknown_status\0",
    ];
    let i = usize::try_from(status)
        .ok()
        .filter(|&i| i < MjStatus::ALL.len())
        .unwrap_or(NAMES.len() - 1);
    NAMES[i].as_ptr().cast()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    #[test]
    fn codes_are_the_protocol_kinds_in_order() {
        for (i, status) in MjStatus::ALL.iter().enumerate() {
            assert_eq!(*status as i32, i as i32, "{status:?}");
            // SAFETY: `mj_status_name` returns a static NUL-terminated string.
            let name = unsafe { CStr::from_ptr(mj_status_name(i as i32)) };
            assert_eq!(name.to_str().unwrap(), status.name());
        }
        let kinds: Vec<&str> = MjStatus::ALL[1..22].iter().map(|s| s.name()).collect();
        assert_eq!(kinds, OpError::KINDS);
        // SAFETY: as above.
        let unknown = unsafe { CStr::from_ptr(mj_status_name(-1)) };
        assert_eq!(unknown.to_str().unwrap(), "unknown_status");
    }

    #[test]
    #[allow(clippy::panic)]
    fn a_panic_is_answered_as_internal() {
        let status = guard(|| panic!("a bug"));
        assert_eq!(status, MjStatus::Internal);
        // SAFETY: `mj_last_error` returns a NUL-terminated string valid until the next failure.
        let message = unsafe { CStr::from_ptr(mj_last_error()) };
        assert!(message.to_str().unwrap().contains("panic was caught"));
        assert_eq!(guard(|| Ok(())), MjStatus::Ok);
    }
}
