//! The rules handle: a preset and its shape switches, bound to the committed tables once.

use std::ffi::{CStr, c_char};

use mj_ai::ShapeRules;
use mj_hu::registry::{self, Layer, Preset};
use mj_hu::{Checker, Rules};

use crate::status::{Failure, MjStatus, guard};

/// Written into every live handle, and cleared when it is freed: how a freed or foreign
/// pointer is told apart where its memory still says so.
const LIVE: u64 = 0x4D4A_5F52_554C_4553; // "MJ_RULES"

/// A rule set for the hand calls (opaque to C): a preset with its shape switches set, bound to
/// the committed tables. Made by `mj_rules_new`, freed by `mj_rules_free`; immutable, so one
/// handle may serve any number of threads at once.
#[derive(Debug)]
pub struct MjRules {
    live: u64,
    checker: Checker,
    /// What shanten reads, or why it cannot answer under these rules.
    shape: Result<ShapeRules, String>,
}

impl MjRules {
    /// The rules of `preset` with `switches` applied (see `mj_rules_new` for the syntax).
    pub fn new(preset: &str, switches: &str) -> Result<MjRules, Failure> {
        let mut rules = match Rules::preset(preset) {
            Ok(rules) => rules,
            Err(_) if preset == Preset::Sanma.name() => {
                return Err(Failure::new(
                    MjStatus::UnsupportedRules,
                    "rules `sanma` are read by scoring only (`mj_request` with op `score`); \
                     the hand calls take sanma's shapes as `riichi`",
                ));
            }
            Err(e) => return Err(Failure::new(MjStatus::UnknownRules, e.to_string())),
        };
        let mut given: Vec<&str> = Vec::new();
        for item in switches.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (name, value) = match item.split_once('=') {
                Some((name, value)) => (name.trim(), value.trim()),
                None => (item, "true"),
            };
            let on = match value {
                "true" | "1" | "on" => true,
                "false" | "0" | "off" => false,
                _ => {
                    return Err(Failure::new(
                        MjStatus::InvalidOption,
                        format!("switch `{name}`: value `{value}` is not true or false"),
                    ));
                }
            };
            if given.contains(&name) {
                return Err(Failure::new(
                    MjStatus::InvalidOption,
                    format!("switch `{name}` is given twice"),
                ));
            }
            given.push(name);
            match registry::switch(name) {
                None => {
                    return Err(Failure::new(
                        MjStatus::UnknownOption,
                        format!(
                            "unknown switch `{name}` (the hand calls read: {})",
                            Rules::SWITCHES.join(", ")
                        ),
                    ));
                }
                Some(s) if s.layer != Layer::Shapes => {
                    return Err(Failure::new(
                        MjStatus::InvalidOption,
                        format!(
                            "switch `{name}` is a scoring switch; the hand calls read only the \
                             shape switches ({}); score with `mj_request`",
                            Rules::SWITCHES.join(", ")
                        ),
                    ));
                }
                Some(_) => rules
                    .set(name, on)
                    .map_err(|e| Failure::new(MjStatus::UnknownOption, e.to_string()))?,
            }
        }
        let checker =
            Checker::new(rules).map_err(|e| Failure::new(MjStatus::Internal, e.to_string()))?;
        let unmodelled = ShapeRules::unmodelled(&rules);
        let shape = if unmodelled.is_empty() {
            ShapeRules::try_from(&rules).map_err(|e| e.to_string())
        } else {
            let names: Vec<String> = unmodelled
                .iter()
                .map(|(name, value)| {
                    let from = if given.contains(name) {
                        "set in `switches`".to_owned()
                    } else {
                        format!("preset `{preset}`")
                    };
                    format!("`{name}` is {value} ({from})")
                })
                .collect();
            Err(format!(
                "shanten cannot answer under these rules: switch {}; mj-ai models only the plain \
                 standard shape (all tiles, any pair, no honor sequences, knitted shapes or suit \
                 limit) with seven_pairs, distinct_pairs and thirteen_orphans (set the switch{} \
                 the other way in `switches` to ask about those shapes)",
                names.join(", switch "),
                if names.len() > 1 { "es" } else { "" }
            ))
        };
        Ok(MjRules {
            live: LIVE,
            checker,
            shape,
        })
    }

    /// The checker of win, ready and waits.
    pub fn checker(&self) -> &Checker {
        &self.checker
    }

    /// The winning shapes.
    pub fn rules(&self) -> &Rules {
        self.checker.rules()
    }

    /// What shanten reads, or `unsupported_rules`.
    pub fn shape(&self) -> Result<ShapeRules, Failure> {
        self.shape
            .clone()
            .map_err(|m| Failure::new(MjStatus::UnsupportedRules, m))
    }
}

/// The handle behind `rules`, or why there is none.
///
/// # Safety
/// `rules` is NULL or points to readable memory of an `MjRules`' size (a handle from
/// `mj_rules_new`, freed or not; the liveness mark is read to tell).
#[inline]
pub(crate) unsafe fn handle<'a>(rules: *const MjRules) -> Result<&'a MjRules, Failure> {
    if rules.is_null() {
        return Err(Failure::null("rules"));
    }
    if !rules.is_aligned() {
        return Err(bad_handle());
    }
    // SAFETY: not NULL and aligned; the caller guarantees it points to an `MjRules` that was
    // made by `mj_rules_new` and is not freed (checked below where the memory still says so).
    let r = unsafe { &*rules };
    if r.live != LIVE {
        return Err(bad_handle());
    }
    Ok(r)
}

#[cold]
fn bad_handle() -> Failure {
    Failure::new(
        MjStatus::BadHandle,
        "argument `rules` is not a live handle from mj_rules_new (freed already?)",
    )
}

/// Text argument `name` as UTF-8; NULL reads as `default`.
///
/// # Safety
/// `text` is NULL or a NUL-terminated string valid during the call.
unsafe fn text_arg<'a>(
    text: *const c_char,
    name: &str,
    default: &'a str,
) -> Result<&'a str, Failure> {
    if text.is_null() {
        return Ok(default);
    }
    // SAFETY: not NULL; the caller guarantees a NUL-terminated string valid during the call.
    let bytes = unsafe { CStr::from_ptr(text) }.to_bytes();
    std::str::from_utf8(bytes)
        .map_err(|e| Failure::new(MjStatus::InvalidUtf8, format!("argument `{name}`: {e}")))
}

/// Makes a rule set for `mj_is_winning`, `mj_is_ready`, `mj_waits` and `mj_shanten`, and stores
/// it in `*out` (left unchanged on failure).
///
/// `preset`: `"generic"` (NULL means it), `"riichi"`, `"sichuan"` or `"mcr"`, as the protocol's
/// `rules`. `switches`: NULL or `""` for the preset as it is, else a comma-separated list of
/// shape switches, each `name` (on) or `name=true` / `name=false` (also `on`/`off`, `1`/`0`):
/// `seven_pairs`, `distinct_pairs`, `thirteen_orphans`, `honor_sequences`, `eyes_258`,
/// `knitted`, `honors`, `lack_one_suit` (their meaning and defaults per preset: docs/rules.md).
/// Example: `mj_rules_new("sichuan", "eyes_258=true", &rules)`.
///
/// Fails with `MJ_STATUS_UNKNOWN_RULES`, `MJ_STATUS_UNSUPPORTED_RULES` (`"sanma"`),
/// `MJ_STATUS_UNKNOWN_OPTION`, `MJ_STATUS_INVALID_OPTION` (a bad value, a switch given twice,
/// a scoring switch such as `kuitan`), `MJ_STATUS_INVALID_UTF8` or `MJ_STATUS_NULL_POINTER`
/// (`out`). Free the handle with `mj_rules_free`. A handle is immutable: share it between
/// threads freely.
///
/// # Safety
/// `preset` and `switches` are NULL or NUL-terminated strings valid during the call; `out` is
/// NULL or points to writable storage for one pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_rules_new(
    preset: *const c_char,
    switches: *const c_char,
    out: *mut *mut MjRules,
) -> MjStatus {
    guard(|| {
        if out.is_null() {
            return Err(Failure::null("out"));
        }
        // SAFETY: the caller guarantees NULL or valid strings.
        let preset = unsafe { text_arg(preset, "preset", "generic") }?;
        // SAFETY: as above.
        let switches = unsafe { text_arg(switches, "switches", "") }?;
        let rules = Box::new(MjRules::new(preset, switches)?);
        // SAFETY: `out` is not NULL and the caller guarantees it is writable.
        unsafe { out.write(Box::into_raw(rules)) };
        Ok(())
    })
}

/// Frees a rule set made by `mj_rules_new`. NULL is ignored. Free each handle once, after the
/// last call that uses it has returned on every thread.
///
/// # Safety
/// `rules` is NULL or a handle from `mj_rules_new` not freed yet.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mj_rules_free(rules: *mut MjRules) {
    if rules.is_null() || !rules.is_aligned() {
        return;
    }
    // SAFETY: the caller passes a handle from `mj_rules_new` (made by `Box::into_raw`), once.
    let mut boxed = unsafe { Box::from_raw(rules) };
    if boxed.live != LIVE {
        // Not a live handle (freed twice?): leave the memory alone rather than free it again.
        std::mem::forget(boxed);
        return;
    }
    // A volatile write, so that clearing the mark of memory about to be freed is not elided.
    // SAFETY: `boxed.live` is a valid, aligned, writable u64.
    unsafe { std::ptr::write_volatile(&mut boxed.live, 0) };
    drop(boxed);
}
