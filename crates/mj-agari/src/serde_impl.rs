//! JSON shapes of PROTOCOL.md's `agari` answer (feature `serde`).
//!
//! A decomposition: `{"form": "standard"|"seven_pairs"|"thirteen_orphans", "pair": "5p"|null,
//! "melds": [group, ...], ...}` (a group as `mj_tiles` serializes it: `{"kind": "chi"|"pon",
//! "tiles": "123m", "concealed": bool}`, a declared meld adding `"declared": "pon"`, a kan's
//! `tiles` having all four); seven pairs adds `"pairs": [...]` (and `pair` is null);
//! non-empty shape flags add `"flags": ["nine_gates", "pure_straight", "double_sequence",
//! "two_double_sequences"]`.

use serde::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};

use crate::{Decomposition, Form, WaitReading};

impl Serialize for Decomposition {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("form", &self.form)?;
        m.serialize_entry("pair", &self.pair().map(|t| t.to_string()))?;
        if self.form == Form::SevenPairs {
            let pairs: Vec<String> = self.pairs().iter().map(|t| t.to_string()).collect();
            m.serialize_entry("pairs", &pairs)?;
        }
        m.serialize_entry("melds", self.melds())?;
        let f = self.flags;
        let flags: Vec<&str> = [
            (f.nine_gates(), "nine_gates"),
            (f.pure_straight(), "pure_straight"),
            (f.double_sequence(), "double_sequence"),
            (f.two_double_sequences(), "two_double_sequences"),
        ]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
        .collect();
        if !flags.is_empty() {
            m.serialize_entry("flags", &flags)?;
        }
        m.end()
    }
}

impl Serialize for WaitReading {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Reading", 2)?;
        st.serialize_field("kind", &self.kind)?;
        st.serialize_field("decomposition", &self.decomposition)?;
        st.end()
    }
}
