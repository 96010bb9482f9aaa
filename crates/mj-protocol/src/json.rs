//! Reading request lines without losing what the client wrote.
//!
//! A line is first checked as JSON text into a [`RawValue`] (serde_json skips nested arrays and
//! objects without recursion, so 100,000 `[` cost no stack), then an object's fields are listed
//! in order as raw text. Each field is decoded on its own, so the `id` can be echoed verbatim
//! (a 30-digit integer, `1e400`) and a broken field can still be answered with the `id`.

use std::collections::HashSet;
use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;

/// At most this many items in any one array or object of a request (fields of the request,
/// items of `melds`, `wild`, `dora`, ...), counted on the raw text before anything is decoded: a
/// request needs a few dozen, and the limit keeps what a line costs to decode a small multiple of
/// its length.
pub const MAX_ITEMS: usize = 256;

/// An object's fields in the order written, values as raw JSON text. A name that holds a lone
/// surrogate escape (`"\ud800"`), which no Rust string can hold, is kept with U+FFFD in its place
/// and reported by [`Fields::undecodable_name`].
#[derive(Debug)]
pub(crate) struct Fields<'a>(pub Vec<(String, &'a RawValue)>, Option<usize>);

/// A field name read as bytes, so that a lone surrogate escape (which serde_json decodes to
/// WTF-8 bytes) is not a parse error.
struct Name(Result<String, String>);

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct NameVisitor;
        impl Visitor<'_> for NameVisitor {
            type Value = Name;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a field name")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Name, E> {
                Ok(Name(Ok(v.to_owned())))
            }
            fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> Result<Name, E> {
                Ok(Name(match std::str::from_utf8(v) {
                    Ok(text) => Ok(text.to_owned()),
                    Err(_) => Err(String::from_utf8_lossy(v).into_owned()),
                }))
            }
        }
        d.deserialize_bytes(NameVisitor)
    }
}

impl<'de> Deserialize<'de> for Fields<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct FieldsVisitor;
        impl<'de> Visitor<'de> for FieldsVisitor {
            type Value = Fields<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fields<'de>, A::Error> {
                let mut fields = Vec::new();
                let mut undecodable = None;
                while let Some((name, value)) = map.next_entry::<Name, &'de RawValue>()? {
                    let name = name.0.unwrap_or_else(|lossy| {
                        undecodable.get_or_insert(fields.len());
                        lossy
                    });
                    fields.push((name, value));
                }
                Ok(Fields(fields, undecodable))
            }
        }
        d.deserialize_map(FieldsVisitor)
    }
}

impl<'a> Fields<'a> {
    /// The fields of `raw` if it is an object of at most [`MAX_ITEMS`] fields.
    pub fn of(raw: &'a RawValue) -> Option<Fields<'a>> {
        if json_type(raw) != "an object" || items(raw.get()) > MAX_ITEMS {
            return None;
        }
        serde_json::from_str(raw.get()).ok()
    }

    /// The index of the first field whose name holds a lone surrogate escape (the name is kept
    /// with U+FFFD in its place).
    pub fn undecodable_name(&self) -> Option<usize> {
        self.1
    }

    /// The first field named `name`.
    pub fn get(&self, name: &str) -> Option<&'a RawValue> {
        self.0.iter().find(|(k, _)| k == name).map(|(_, v)| *v)
    }

    /// The first name written twice, if any.
    pub fn duplicate(&self) -> Option<&str> {
        let mut seen = HashSet::with_capacity(self.0.len());
        self.0
            .iter()
            .map(|(k, _)| k.as_str())
            .find(|k| !seen.insert(*k))
    }
}

/// The JSON type of a raw value, with its article, for messages: `"a string"`, `"an array"`.
pub(crate) fn json_type(raw: &RawValue) -> &'static str {
    match raw.get().as_bytes().first() {
        Some(b'{') => "an object",
        Some(b'[') => "an array",
        Some(b'"') => "a string",
        Some(b't' | b'f') => "a boolean",
        Some(b'n') => "null",
        _ => "a number",
    }
}

/// [`json_type`], or for an array or object over [`MAX_ITEMS`] items, its size: for messages of
/// [`as_array`] and [`Fields::of`] returning `None`.
pub(crate) fn describe(raw: &RawValue) -> String {
    let n = items(raw.get());
    match json_type(raw) {
        ty @ ("an array" | "an object") if n > MAX_ITEMS => {
            format!("{ty} of {n} items (at most {MAX_ITEMS})")
        }
        ty => ty.to_owned(),
    }
}

/// The string a raw value holds, if it is a string.
pub(crate) fn as_string(raw: &RawValue) -> Option<String> {
    if json_type(raw) != "a string" {
        return None;
    }
    serde_json::from_str(raw.get()).ok()
}

/// The items of a raw array, if it is an array of at most [`MAX_ITEMS`] items.
pub(crate) fn as_array(raw: &RawValue) -> Option<Vec<&RawValue>> {
    if json_type(raw) != "an array" || items(raw.get()) > MAX_ITEMS {
        return None;
    }
    serde_json::from_str(raw.get()).ok()
}

/// The number of items of the outermost array or object of valid JSON text (0 for a scalar or an
/// empty one), counted without decoding anything.
pub(crate) fn items(text: &str) -> usize {
    let mut depth = 0usize;
    let mut commas = 0usize;
    let mut any = false;
    for b in outside_strings(text) {
        match b {
            b'[' | b'{' => {
                any |= depth == 1;
                depth += 1;
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            b',' if depth == 1 => commas += 1,
            b' ' | b'\t' | b'\r' | b'\n' => {}
            _ => any |= depth == 1,
        }
    }
    if any { commas + 1 } else { 0 }
}

/// The bytes of JSON text outside its strings, each string standing as its opening `"`: what
/// the counters above and below scan, so neither decodes a string.
fn outside_strings(text: &str) -> impl Iterator<Item = u8> + '_ {
    let mut in_string = false;
    let mut escaped = false;
    text.bytes().filter(move |&b| {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
            return false;
        }
        in_string = b == b'"';
        true
    })
}

/// The largest number of items of any array or object nested in valid JSON text (0 for a
/// scalar), counted without decoding anything. Decoding the text as a [`serde_json::Value`]
/// then costs at most a small multiple of the text's length plus this many values per level.
pub(crate) fn widest(text: &str) -> usize {
    // Items of each open container, innermost last (a container's count is final when it closes).
    let mut open: Vec<(usize, bool)> = Vec::new();
    let mut widest = 0;
    for b in outside_strings(text) {
        if !matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b']' | b'}' | b',')
            && let Some(top) = open.last_mut()
        {
            top.1 = true;
        }
        match b {
            b'[' | b'{' => open.push((0, false)),
            b',' => {
                if let Some(top) = open.last_mut() {
                    top.0 += 1;
                }
            }
            b']' | b'}' => {
                if let Some((commas, any)) = open.pop() {
                    widest = widest.max(if any { commas + 1 } else { 0 });
                }
            }
            _ => {}
        }
        if open.len() > 128 {
            // serde_json refuses deeper nesting (after decoding what comes before it).
            let open_widest = open.iter().map(|&(commas, _)| commas + 1).max();
            return widest.max(open_widest.unwrap_or(0));
        }
    }
    widest
}

/// The byte offset (in the raw text) of the first `\u` escape that is a lone UTF-16 surrogate,
/// if any. serde_json accepts such escapes as JSON text but no Rust string can hold them.
pub(crate) fn lone_surrogate(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let hex = |at: usize| -> Option<u16> {
        let digits = bytes.get(at..at + 4)?;
        u16::from_str_radix(std::str::from_utf8(digits).ok()?, 16).ok()
    };
    let mut in_string = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if !in_string {
            in_string = b == b'"';
            i += 1;
            continue;
        }
        match b {
            b'"' => in_string = false,
            b'\\' => {
                if bytes.get(i + 1) == Some(&b'u') {
                    let unit = hex(i + 2).unwrap_or(0);
                    if (0xDC00..=0xDFFF).contains(&unit) {
                        return Some(i);
                    }
                    if (0xD800..=0xDBFF).contains(&unit) {
                        let pair = bytes.get(i + 6..i + 8) == Some(b"\\u")
                            && hex(i + 8).is_some_and(|low| (0xDC00..=0xDFFF).contains(&low));
                        if !pair {
                            return Some(i);
                        }
                        i += 12;
                        continue;
                    }
                    i += 6;
                    continue;
                }
                i += 2;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The value as compact JSON text: white space outside strings dropped, everything else kept as
/// written. Raw text can hold a CR (JSON white space), which must not reach an output line.
pub(crate) fn compact(raw: &RawValue) -> Option<Box<RawValue>> {
    let text = raw.get();
    let mut out = String::with_capacity(text.len());
    let mut in_string = false;
    let mut escaped = false;
    for ch in text.chars() {
        if in_string {
            if escaped {
                escaped = false;
            } else if ch == '\\' {
                escaped = true;
            } else if ch == '"' {
                in_string = false;
            }
        } else if matches!(ch, ' ' | '\t' | '\r' | '\n') {
            continue;
        } else if ch == '"' {
            in_string = true;
        }
        out.push(ch);
    }
    RawValue::from_string(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(text: &str) -> &RawValue {
        serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn fields_keep_order_and_duplicates() {
        let fields = Fields::of(raw(r#"{"b": 1, "a": [2], "b": "x"}"#)).unwrap();
        let names: Vec<&str> = fields.0.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(names, ["b", "a", "b"]);
        assert_eq!(fields.get("b").map(RawValue::get), Some("1"));
        assert_eq!(fields.duplicate(), Some("b"));
        assert!(Fields::of(raw("[1]")).is_none());
    }

    #[test]
    fn compact_drops_only_outside_white_space() {
        let v = raw("{ \"a b\" :\r [1 ,\t\"x\\\" y\"] }");
        assert_eq!(compact(v).unwrap().get(), r#"{"a b":[1,"x\" y"]}"#);
        assert_eq!(compact(raw("1e400")).unwrap().get(), "1e400");
    }

    #[test]
    fn deep_nesting_is_text_not_recursion() {
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        assert_eq!(json_type(raw(&deep)), "an array");
    }
}
