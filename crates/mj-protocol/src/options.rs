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

/// A value a typed caller gives a switch (the Python bindings read `options` from a dict):
/// what [`Options::insert`] checks against the switch registry, as the JSON reader checks a
/// line's `options`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionValue<'a> {
    /// `true` or `false`.
    Bool(bool),
    /// A name, for a switch of named values (`"renhou": "mangan"`).
    Name(&'a str),
    /// Any other value, as the error message describes it (`"a number"`, `"null"`, ...).
    Other(&'a str),
}

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
            let switch = find(name)?;
            options.0.insert(switch.name, switch_value(switch, value)?);
        }
        Ok(options)
    }

    /// Sets one switch from a typed value, with the checks and messages of a line's `options`:
    /// a name not in [`SWITCHES`](crate::SWITCHES) is `unknown_option`; a value of the wrong
    /// type, a name the switch does not list, or a switch set twice is `invalid_option`.
    ///
    /// ```
    /// use mj_protocol::{OptionValue, Options};
    /// let mut options = Options::default();
    /// options.insert("seven_pairs", OptionValue::Bool(false))?;
    /// assert_eq!(options.bool("seven_pairs"), Some(false));
    /// let e = options.insert("kuitan", OptionValue::Other("a number")).unwrap_err();
    /// assert_eq!(e.to_string(), "option `kuitan` must be true or false, got a number");
    /// assert_eq!(options.insert("no_such", OptionValue::Bool(true)).unwrap_err().kind(), "unknown_option");
    /// # Ok::<(), mj_protocol::OpError>(())
    /// ```
    pub fn insert(&mut self, name: &str, value: OptionValue<'_>) -> Result<(), OpError> {
        let switch = find(name)?;
        if self.0.contains_key(switch.name) {
            return Err(OpError::InvalidOption(format!(
                "option `{}` is given twice",
                switch.name
            )));
        }
        let shown = match value {
            OptionValue::Bool(true) => "true".to_owned(),
            OptionValue::Bool(false) => "false".to_owned(),
            OptionValue::Name(text) => format!("{:?}", snippet(text)),
            OptionValue::Other(what) => what.to_owned(),
        };
        let checked = check_value(switch, value, &shown)?;
        self.0.insert(switch.name, checked);
        Ok(())
    }
}

/// The registry's switch of this name, or `unknown_option` listing them all.
fn find(name: &str) -> Result<&'static Switch, OpError> {
    let listed = || SWITCHES.iter().filter(|s| s.is_option());
    listed().find(|s| s.name == name).ok_or_else(|| {
        let known: Vec<&str> = listed().map(|s| s.name).collect();
        OpError::UnknownOption(format!(
            "unknown option `{}` (known: {})",
            snippet(name),
            known.join(", ")
        ))
    })
}

fn switch_value(switch: &Switch, raw: &RawValue) -> Result<SwitchValue, OpError> {
    let text = as_string(raw);
    let value = match (raw.get(), &text) {
        ("true", _) => OptionValue::Bool(true),
        ("false", _) => OptionValue::Bool(false),
        (_, Some(text)) => OptionValue::Name(text),
        _ => OptionValue::Other(json_type(raw)),
    };
    check_value(switch, value, &snippet(raw.get()))
}

/// The value of `switch` given `value`, or `invalid_option` (`shown`: the value as a message
/// quotes it).
fn check_value(
    switch: &Switch,
    value: OptionValue<'_>,
    shown: &str,
) -> Result<SwitchValue, OpError> {
    match (switch.ty, value) {
        (SwitchType::Bool, OptionValue::Bool(on)) => Ok(SwitchValue::Bool(on)),
        (SwitchType::Bool, other) => Err(OpError::InvalidOption(format!(
            "option `{}` must be true or false, got {}",
            switch.name,
            match other {
                OptionValue::Name(_) => "a string",
                OptionValue::Other(what) => what,
                OptionValue::Bool(_) => "a boolean",
            }
        ))),
        (SwitchType::OneOf(names), value) => match value {
            OptionValue::Name(text) => names.iter().find(|n| **n == text).copied(),
            _ => None,
        }
        .map(SwitchValue::Name)
        .ok_or_else(|| {
            OpError::InvalidOption(format!(
                "option `{}` must be one of \"{}\", got {}",
                switch.name,
                names.join("\", \""),
                shown
            ))
        }),
        // The game switches' types; not options (`find` never returns one).
        (_, _) => Err(OpError::UnknownOption(format!(
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
