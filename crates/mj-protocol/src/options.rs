//! `options`: the rule switches a request sets, parsed against the one switch registry
//! (`mj_score::rules::SWITCHES`, re-exported as [`crate::SWITCHES`]).

use std::collections::BTreeMap;

use serde_json::value::RawValue;

use mj_score::rules::{SWITCHES, Switch, SwitchType, SwitchValue};

use crate::error::{OpError, snippet};
use crate::json::{Fields, as_string, describe, json_type};

/// The switches a request set in `options` (only those: defaults come from the preset).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options(BTreeMap<&'static str, SwitchValue>);

impl Options {
    /// The value given to a switch, if the request set it.
    pub fn get(&self, name: &str) -> Option<SwitchValue> {
        self.0.get(name).copied()
    }

    /// The value given to a boolean switch, if the request set it.
    pub fn bool(&self, name: &str) -> Option<bool> {
        match self.get(name) {
            Some(SwitchValue::Bool(b)) => Some(b),
            _ => None,
        }
    }

    /// The switches set, by name.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, SwitchValue)> + '_ {
        self.0.iter().map(|(k, v)| (*k, *v))
    }

    /// `true` if no switch was set.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub(crate) fn parse(raw: &RawValue) -> Result<Options, OpError> {
        let fields = Fields::of(raw).ok_or_else(|| {
            OpError::InvalidOption(format!(
                "`options` must be an object of rule switches, got {}",
                describe(raw)
            ))
        })?;
        if let Some(name) = fields.duplicate() {
            return Err(OpError::InvalidOption(format!(
                "option `{}` is given twice",
                snippet(name)
            )));
        }
        let mut options = Options::default();
        for (name, value) in &fields.0 {
            let listed = || SWITCHES.iter().filter(|s| s.is_option());
            let switch = listed().find(|s| s.name == name).ok_or_else(|| {
                let known: Vec<&str> = listed().map(|s| s.name).collect();
                OpError::UnknownOption(format!(
                    "unknown option `{}` (known: {})",
                    snippet(name),
                    known.join(", ")
                ))
            })?;
            options.0.insert(switch.name, switch_value(switch, value)?);
        }
        Ok(options)
    }
}

fn switch_value(switch: &Switch, raw: &RawValue) -> Result<SwitchValue, OpError> {
    match switch.ty {
        SwitchType::Bool => match raw.get() {
            "true" => Ok(SwitchValue::Bool(true)),
            "false" => Ok(SwitchValue::Bool(false)),
            _ => Err(OpError::InvalidOption(format!(
                "option `{}` must be true or false, got {}",
                switch.name,
                json_type(raw)
            ))),
        },
        SwitchType::OneOf(names) => as_string(raw)
            .and_then(|s| names.iter().find(|n| **n == s))
            .map(|n| SwitchValue::Name(n))
            .ok_or_else(|| {
                OpError::InvalidOption(format!(
                    "option `{}` must be one of \"{}\", got {}",
                    switch.name,
                    names.join("\", \""),
                    snippet(raw.get())
                ))
            }),
        // The game switches' types; not options (`parse` never gets here with one).
        _ => Err(OpError::UnknownOption(format!(
            "`{}` is a game switch, not an option",
            switch.name
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_of_switches_take_listed_names() {
        let switch = Switch {
            name: "renhou",
            ty: SwitchType::OneOf(&["none", "mangan"]),
            layer: mj_score::rules::Layer::Shapes,
            on_in: &[],
            doc: "",
            game: None,
        };
        let raw = |t: &'static str| -> &'static RawValue { serde_json::from_str(t).unwrap() };
        assert_eq!(
            switch_value(&switch, raw("\"mangan\"")),
            Ok(SwitchValue::Name("mangan"))
        );
        assert_eq!(
            switch_value(&switch, raw("true")).unwrap_err().to_string(),
            "option `renhou` must be one of \"none\", \"mangan\", got true"
        );
    }
}
