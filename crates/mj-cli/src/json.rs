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

/// An object's fields in the order written, values as raw JSON text.
#[derive(Debug)]
pub(crate) struct Fields<'a>(pub Vec<(String, &'a RawValue)>);

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
                while let Some(entry) = map.next_entry::<String, &'de RawValue>()? {
                    fields.push(entry);
                }
                Ok(Fields(fields))
            }
        }
        d.deserialize_map(FieldsVisitor)
    }
}

impl<'a> Fields<'a> {
    /// The fields of `raw` if it is an object.
    pub fn of(raw: &'a RawValue) -> Option<Fields<'a>> {
        if json_type(raw) != "an object" {
            return None;
        }
        serde_json::from_str(raw.get()).ok()
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

/// The string a raw value holds, if it is a string.
pub(crate) fn as_string(raw: &RawValue) -> Option<String> {
    if json_type(raw) != "a string" {
        return None;
    }
    serde_json::from_str(raw.get()).ok()
}

/// The items of a raw array, if it is an array.
pub(crate) fn as_array(raw: &RawValue) -> Option<Vec<&RawValue>> {
    if json_type(raw) != "an array" {
        return None;
    }
    serde_json::from_str(raw.get()).ok()
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
