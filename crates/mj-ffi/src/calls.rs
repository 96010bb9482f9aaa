//! The typed hand calls as C functions: pointers checked, the answer written to `out`.

use crate::hand;
use crate::rules::{MjRules, handle};
use crate::status::{Failure, MjStatus, guard};

/// The 34 counts behind `counts`.
///
/// # Safety
/// `counts` is NULL or points to 34 readable bytes.
#[inline]
unsafe fn counts_arg(counts: *const u8) -> Result<[u8; 34], Failure> {
    if counts.is_null() {
        return Err(Failure::null("counts"));
    }
    // SAFETY: not NULL; the caller guarantees 34 readable bytes (u8 has no alignment).
    Ok(unsafe { counts.cast::<[u8; 34]>().read() })
}

/// One hand call: the handle, the counts and `out` checked (in that order), then `answer`.
///
/// # Safety
/// As each call's `# Safety` says.
#[inline]
unsafe fn call<T>(
    rules: *const MjRules,
    counts: *const u8,
    wildcards: u32,
    out: *mut T,
    answer: fn(&MjRules, &[u8; 34], u32) -> Result<T, Failure>,
) -> MjStatus {
    guard(|| {
        // SAFETY: the caller's guarantees, passed on.
        let rules = unsafe { handle(rules) }?;
        // SAFETY: as above.
        let counts = unsafe { counts_arg(counts) }?;
        if out.is_null() {
            return Err(Failure::null("out"));
        }
        let value = answer(rules, &counts, wildcards)?;
        // SAFETY: not NULL; the caller guarantees writable, aligned storage for a `T`.
        unsafe { out.write(value) };
        Ok(())
    })
}

/// Is the hand a win (胡 / 和了) under `rules`? `counts`: 34 counts of real tiles, kind index
/// 0-8 = 1-9m, 9-17 = 1-9p, 18-26 = 1-9s, 27-33 = 1-7z (east, south, west, north, white,
/// green, red), each 0-4; `wildcards`: how many wildcards (癞子) the hand holds beside them,
/// 0-8. The hand has 3k+2 tiles in all (14 for a hand without melds; no declared melds here).
/// Writes true or false to `*out`.
///
/// Fails (and leaves `*out` unchanged) with `MJ_STATUS_FIFTH_COPY` (a count above 4),
/// `MJ_STATUS_INVALID_WILD` (more than 8 wildcards), `MJ_STATUS_HAND_SIZE` (not 3k+2 tiles,
/// or more than 17), `MJ_STATUS_INVALID_HAND` (honors under rules without them),
/// `MJ_STATUS_NULL_POINTER`, `MJ_STATUS_BAD_HANDLE`. The answer is the protocol's `hu` for the
/// same hand with the wildcards as tiles of a wild kind. Safe from any number of threads.
///
/// # Safety
/// `rules` is NULL or a handle from `mj_rules_new`; `counts` is NULL or points to 34 readable
/// bytes; `out` is NULL or points to a writable `bool`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_is_winning(
    rules: *const MjRules,
    counts: *const u8,
    wildcards: u32,
    out: *mut bool,
) -> MjStatus {
    // SAFETY: the caller's guarantees, passed on.
    unsafe { call(rules, counts, wildcards, out, hand::is_winning) }
}

/// Is the hand ready (听牌 / 聴牌): one tile from a win? `counts` and `wildcards` as for
/// `mj_is_winning`, 3k+1 tiles in all (13 without melds). Ready means "a win with one wildcard
/// more", so it can be true while `mj_waits` is empty, when every winning tile is one the hand
/// holds four of. Writes true or false to `*out`; the failures of `mj_is_winning` (3k+1 for
/// `MJ_STATUS_HAND_SIZE`).
///
/// # Safety
/// As for `mj_is_winning`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_is_ready(
    rules: *const MjRules,
    counts: *const u8,
    wildcards: u32,
    out: *mut bool,
) -> MjStatus {
    // SAFETY: the caller's guarantees, passed on.
    unsafe { call(rules, counts, wildcards, out, hand::is_ready) }
}

/// The waits (待ち): the real kinds whose draw makes the hand a win, as a bitmask written to
/// `*out`, bit `i` for kind index `i` (bit 0 = 1m ... bit 33 = 7z; `1ull << 4` is 5m). Kinds
/// the hand holds four of are left out (no fifth copy can be drawn), and so are honors under
/// rules without them. A drawn wildcard wins exactly when `mj_is_ready` says true. `counts`
/// and `wildcards` as for `mj_is_winning`, 3k+1 tiles in all; the failures of `mj_is_ready`.
///
/// # Safety
/// As for `mj_is_winning`, with `out` pointing to a writable `uint64_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_waits(
    rules: *const MjRules,
    counts: *const u8,
    wildcards: u32,
    out: *mut u64,
) -> MjStatus {
    // SAFETY: the caller's guarantees, passed on.
    unsafe { call(rules, counts, wildcards, out, hand::waits) }
}

/// The shanten (向听 / 向聴) of the hand, written to `*out`: how many tile exchanges it is from
/// ready; 0 ready, -1 complete. The minimum over the standard shape and the special forms the
/// rules allow (seven pairs, thirteen orphans), as the protocol's `shanten` field. `counts`
/// and `wildcards` as for `mj_is_winning`, 3k+1 or 3k+2 tiles in all (at most 17).
///
/// Fails with the hand's errors of `mj_is_winning` (`MJ_STATUS_HAND_SIZE` for 3k tiles), and
/// `MJ_STATUS_UNSUPPORTED_RULES` when the rules turn on a switch mj-ai does not model
/// (`honor_sequences`, `eyes_258`, `knitted`, `lack_one_suit`, or `honors` off: presets
/// `sichuan` and `mcr` do; turn them off in `mj_rules_new`'s switches to ask about the plain
/// shapes).
///
/// # Safety
/// As for `mj_is_winning`, with `out` pointing to a writable `int8_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_shanten(
    rules: *const MjRules,
    counts: *const u8,
    wildcards: u32,
    out: *mut i8,
) -> MjStatus {
    // SAFETY: the caller's guarantees, passed on.
    unsafe { call(rules, counts, wildcards, out, hand::shanten) }
}
