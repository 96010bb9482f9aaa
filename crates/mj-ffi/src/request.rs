//! The protocol in-process: `mj_request` answers text exactly as `mj batch` does.

use std::ffi::{CStr, CString, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind};

use mj_protocol::{DEFAULT_MAX_LINE_BYTES, answer_line, run_batch};

use crate::status::{Failure, MjStatus, record};

/// What `mj batch` writes for `text`, without the last `\n`. One line (no `\n`, at most the
/// line limit) is answered by the line handler directly; anything else goes through the batch
/// loop itself, so a long line answers `line_too_long` and a text of several lines answers
/// each, joined by `\n`.
pub fn answer_text(text: &[u8]) -> String {
    let line = text.strip_suffix(b"\n").unwrap_or(text);
    if !line.contains(&b'\n') && line.len() <= DEFAULT_MAX_LINE_BYTES {
        // `mj batch` drops a `\r` before the `\n`.
        return answer_line(line.strip_suffix(b"\r").unwrap_or(line));
    }
    let mut input = line.to_vec();
    input.push(b'\n');
    let mut out = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = run_batch(input.as_slice(), &mut out);
    if out.last() == Some(&b'\n') {
        out.pop();
    }
    // The batch loop writes JSON built from strings: UTF-8.
    String::from_utf8(out).unwrap_or_default()
}

/// Answers `line`, one request of the JSON Lines protocol (`docs/protocol.md`), exactly as
/// `mj batch` answers it: the answer line as a NUL-terminated UTF-8 string, without its `\n`
/// (`{"id":1,"waits":["1m","4m"]}`, or `{"error":{"kind":...,"message":...}}`). Errors in the
/// request are answers, never a NULL. A `line` of several lines (holding `\n`) is answered line
/// by line, the answers joined by `\n`, as `mj batch` writes them; a line over 1 MiB answers
/// `line_too_long`.
///
/// Free the answer with `mj_free`. Returns NULL only when `line` is NULL or in case of a bug;
/// then `mj_last_error` says why. Safe to call from any number of threads at once.
///
/// # Safety
/// `line` is NULL or points to a NUL-terminated string that stays valid during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_request(line: *const c_char) -> *mut c_char {
    if line.is_null() {
        record(Failure::null("line"));
        return std::ptr::null_mut();
    }
    // SAFETY: `line` is not NULL, and the caller guarantees a NUL-terminated string that lives
    // through the call.
    let text = unsafe { CStr::from_ptr(line) };
    let answer = catch_unwind(AssertUnwindSafe(|| answer_text(text.to_bytes())));
    match answer.map(CString::new) {
        Ok(Ok(answer)) => answer.into_raw(),
        // An answer never holds NUL (the protocol escapes control characters in strings).
        Ok(Err(_)) | Err(_) => {
            record(Failure::new(
                MjStatus::Internal,
                "internal error: the answer could not be made (a bug in mj)",
            ));
            std::ptr::null_mut()
        }
    }
}

/// Frees an answer returned by `mj_request`. NULL is ignored. Each answer is freed once.
///
/// # Safety
/// `answer` is NULL or a pointer `mj_request` returned that was not freed yet.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_free(answer: *mut c_char) {
    if answer.is_null() {
        return;
    }
    // SAFETY: the caller passes a pointer made by `CString::into_raw` in `mj_request`, once.
    drop(unsafe { CString::from_raw(answer) });
}
