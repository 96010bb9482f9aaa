//! The quick reading of a typed call's arguments: a hand given as short mpsz text or as a
//! `Uint8Array` of 34 counts, and `fields` given as a preset name, read straight from the
//! JavaScript values (no `String` made, no reference to the array kept), so a single call
//! costs little more than the engine's answer. Anything else returns `None`, and the call goes
//! the general way (`crate::hand`, then the protocol's handler), which also words every error.

use std::sync::OnceLock;

use mj_ffi::MjRules;
use napi::bindgen_prelude::FromNapiValue;
use napi::sys;

/// The rule sets of the presets the hand calls take, made once.
static RULES: OnceLock<Option<[MjRules; 4]>> = OnceLock::new();

/// The rules of a preset name (`None`: not one of them, or the tables failed to load).
pub fn rules(name: &[u8]) -> Option<&'static MjRules> {
    let all = RULES
        .get_or_init(|| {
            Some([
                MjRules::new("generic", "").ok()?,
                MjRules::new("riichi", "").ok()?,
                MjRules::new("sichuan", "").ok()?,
                MjRules::new("mcr", "").ok()?,
            ])
        })
        .as_ref()?;
    let i = match name {
        b"generic" => 0,
        b"riichi" => 1,
        b"sichuan" => 2,
        b"mcr" => 3,
        _ => return None,
    };
    Some(&all[i])
}

/// The type of a JavaScript value.
fn type_of(env: sys::napi_env, value: sys::napi_value) -> Option<sys::napi_valuetype> {
    let mut t = 0;
    // SAFETY: `env` and `value` come from the call being answered; `t` is a valid out-pointer.
    let status = unsafe { sys::napi_typeof(env, value, &mut t) };
    (status == sys::Status::napi_ok).then_some(t)
}

/// A short string's UTF-8 bytes, copied into `buf`; `None` for another type or a longer text.
fn short_string(env: sys::napi_env, value: sys::napi_value, buf: &mut [u8; 64]) -> Option<&[u8]> {
    if type_of(env, value)? != sys::ValueType::napi_string {
        return None;
    }
    let mut len = 0usize;
    // SAFETY: a string value of this call; `buf` has room for 64 bytes, the terminating NUL
    // included, and `len` is a valid out-pointer.
    let status = unsafe {
        sys::napi_get_value_string_utf8(env, value, buf.as_mut_ptr().cast(), buf.len(), &mut len)
    };
    // A text that filled the buffer may have been cut: the general path reads it whole.
    (status == sys::Status::napi_ok && len < buf.len() - 1).then(|| &buf[..len])
}

/// The 34 counts of a hand given as mpsz text (up to 63 bytes) or a `Uint8Array` of 34 bytes;
/// `None` for anything else, or text that does not read as valid counts.
pub fn counts(env: sys::napi_env, value: sys::napi_value) -> Option<[u8; 34]> {
    match type_of(env, value)? {
        sys::ValueType::napi_string => {
            let mut buf = [0u8; 64];
            let text = std::str::from_utf8(short_string(env, value, &mut buf)?).ok()?;
            let counts: mj_tiles::TileCounts = text.parse().ok()?;
            Some(*counts.as_array())
        }
        sys::ValueType::napi_object => {
            let mut is_typed = false;
            // SAFETY: an object value of this call; `is_typed` is a valid out-pointer.
            let status = unsafe { sys::napi_is_typedarray(env, value, &mut is_typed) };
            if status != sys::Status::napi_ok || !is_typed {
                return None;
            }
            let (mut kind, mut len) = (0, 0usize);
            let mut data = std::ptr::null_mut();
            // SAFETY: a typed array of this call; every out-pointer is valid (the array buffer
            // and offset are not asked for).
            let status = unsafe {
                sys::napi_get_typedarray_info(
                    env,
                    value,
                    &mut kind,
                    &mut len,
                    &mut data,
                    std::ptr::null_mut(),
                    std::ptr::null_mut(),
                )
            };
            if status != sys::Status::napi_ok
                || kind != sys::TypedarrayType::uint8_array
                || len != 34
                || data.is_null()
            {
                return None;
            }
            // SAFETY: a Uint8Array of 34 elements starts at `data`, which stays valid while the
            // call runs (no JavaScript runs in between); the bytes are copied out at once.
            Some(unsafe { data.cast::<[u8; 34]>().read() })
        }
        _ => None,
    }
}

/// The rules of `fields` given as nothing (`generic`) or as a preset name; `None` for an
/// object (or anything else), which the general path reads.
pub fn preset(env: sys::napi_env, fields: Option<sys::napi_value>) -> Option<&'static MjRules> {
    let Some(value) = fields else {
        return rules(b"generic");
    };
    match type_of(env, value)? {
        sys::ValueType::napi_undefined | sys::ValueType::napi_null => rules(b"generic"),
        sys::ValueType::napi_string => {
            let mut buf = [0u8; 64];
            rules(short_string(env, value, &mut buf)?)
        }
        _ => None,
    }
}

/// An argument converted by its type's own conversion (the general path).
pub fn convert<T: FromNapiValue>(env: sys::napi_env, value: sys::napi_value) -> napi::Result<T> {
    // SAFETY: `env` and `value` belong to the call being answered, as the conversion requires.
    unsafe { T::from_napi_value(env, value) }
}
