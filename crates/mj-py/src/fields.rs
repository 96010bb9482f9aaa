//! The arguments every typed call shares beside the hand, read from Python values as the
//! protocol reads its fields, in the protocol's order: `melds` (then no fifth copy across the
//! hand and the melds), `wild`, `rules`, `options`. Errors are `MjError`s with the protocol's
//! kinds, naming the argument and the item.

use std::sync::OnceLock;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

use mj_protocol::{MAX_ITEMS, OpError, OptionValue, Options, Rules, hand_and_melds};
use mj_tiles::notation::parse_pieces;
use mj_tiles::{Meld, MeldError, MeldKind, Piece, TileSet};

use crate::error::op_error;
use crate::hand::{Form, HandTiles, read_tile, tile_of, type_name};

/// The shared arguments, read.
#[derive(Debug)]
pub(crate) struct Common {
    pub(crate) melds: Vec<Meld>,
    pub(crate) wild: TileSet,
    pub(crate) rules: Rules,
    pub(crate) options: Options,
}

impl Common {
    /// Reads the shared arguments of a call on `hand` (None: not given).
    pub(crate) fn read(
        hand: &HandTiles,
        melds: Option<&Bound<'_, PyAny>>,
        wild: Option<&Bound<'_, PyAny>>,
        rules: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Common> {
        let melds = match melds {
            Some(obj) if !obj.is_none() => read_melds(obj, hand.form)?,
            _ => Vec::new(),
        };
        if !melds.is_empty() {
            hand_and_melds(&hand.counts, &melds).map_err(|e| op_error(&e))?;
        }
        let wild = match wild {
            Some(obj) if !obj.is_none() => read_wild(obj)?,
            _ => TileSet::EMPTY,
        };
        let rules = match rules {
            Some(obj) if !obj.is_none() => read_rules(obj)?,
            _ => Rules::Generic,
        };
        let options = match options {
            Some(obj) if !obj.is_none() => read_options(obj)?,
            _ => Options::default(),
        };
        Ok(Common {
            melds,
            wild,
            rules,
            options,
        })
    }

    /// A concealed hand with the preset's own switches: what the engines answer directly.
    pub(crate) fn is_plain(&self) -> bool {
        self.melds.is_empty() && self.options.is_empty() && self.rules != Rules::Sanma
    }

    /// The preset's winning shapes (`Rules::shapes`, read from a table made at compile time:
    /// computed per call it walks the switch registry).
    pub(crate) fn shapes(&self) -> mj_hu::Rules {
        const SHAPES: [mj_hu::Rules; Rules::ALL.len()] = {
            let mut out = [mj_hu::Rules::GENERIC; Rules::ALL.len()];
            let mut i = 0;
            while i < out.len() {
                out[i] = Rules::ALL[i].shapes();
                i += 1;
            }
            out
        };
        Rules::ALL
            .iter()
            .position(|&p| p == self.rules)
            .and_then(|i| SHAPES.get(i).copied())
            .unwrap_or_else(|| self.rules.shapes())
    }

    /// The preset's shapes as `mj-ai` models them, when it can (`ShapeRules::try_from`, made
    /// once per preset).
    pub(crate) fn shape_rules(&self) -> Option<mj_ai::ShapeRules> {
        static TABLE: OnceLock<Vec<(Rules, Option<mj_ai::ShapeRules>)>> = OnceLock::new();
        let table = TABLE.get_or_init(|| {
            Rules::ALL
                .iter()
                .map(|&p| (p, mj_ai::ShapeRules::try_from(&p.shapes()).ok()))
                .collect()
        });
        match table.iter().find(|(p, _)| *p == self.rules) {
            Some((_, shapes)) => *shapes,
            None => mj_ai::ShapeRules::try_from(&self.shapes()).ok(),
        }
    }

    /// The protocol's request of `op` on `hand` with these arguments (no JSON: typed values).
    pub(crate) fn request(self, op: &str, hand: &HandTiles) -> PyResult<mj_protocol::Request> {
        mj_protocol::Request::new(
            op,
            hand.pieces(),
            self.melds,
            self.wild,
            self.rules,
            self.options,
        )
        .map_err(|e| op_error(&e))
    }
}

/// The items of a list or tuple (at most [`MAX_ITEMS`]), or `None` for any other value.
fn items<'py>(obj: &Bound<'py, PyAny>) -> Option<Vec<Bound<'py, PyAny>>> {
    if let Ok(list) = obj.cast::<PyList>() {
        Some(list.iter().take(MAX_ITEMS + 1).collect())
    } else if let Ok(tuple) = obj.cast::<PyTuple>() {
        Some(tuple.iter().take(MAX_ITEMS + 1).collect())
    } else {
        None
    }
}

/// `melds`: a list of melds, each a dict `{"kind", "tiles", "called"?, "from"?}` (the
/// protocol's object) or a tuple `(kind, tiles[, called[, from]])`. `tiles` is an mpsz string
/// or a list of tiles (mpsz strings, or integers in the hand's form); `called` one tile; `from`
/// 1-3 (seats to the left).
pub(crate) fn read_melds(obj: &Bound<'_, PyAny>, form: Form) -> PyResult<Vec<Meld>> {
    let bad = |m: String| op_error(&OpError::InvalidMeld(m));
    let Some(list) = items(obj) else {
        return Err(bad(format!(
            "`melds` must be a list of melds, got {}",
            type_name(obj)
        )));
    };
    if list.len() > MAX_ITEMS {
        return Err(bad(format!("`melds`: more than {MAX_ITEMS} melds")));
    }
    list.iter()
        .enumerate()
        .map(|(i, item)| read_meld(item, form).map_err(|m| bad(format!("melds[{i}]: {m}"))))
        .collect()
}

/// The four parts of a meld, as given.
type MeldParts<'py> = [Option<Bound<'py, PyAny>>; 4];

/// The parts of a meld object or tuple; the error is the message without its `melds[i]`.
fn meld_parts<'py>(item: &Bound<'py, PyAny>) -> Result<MeldParts<'py>, String> {
    const NAMES: [&str; 4] = ["kind", "tiles", "called", "from"];
    let mut parts: MeldParts<'py> = [None, None, None, None];
    if let Ok(dict) = item.cast::<PyDict>() {
        for (k, v) in dict.iter() {
            let name = k
                .cast::<PyString>()
                .ok()
                .and_then(|s| s.to_cow().ok().map(|c| c.into_owned()))
                .unwrap_or_else(|| format!("{k}"));
            let Some(at) = NAMES.iter().position(|n| *n == name) else {
                return Err(format!(
                    "unknown field `{name}` (a meld has kind, tiles, called, from)"
                ));
            };
            parts[at] = (!v.is_none()).then_some(v);
        }
    } else if let Some(list) = items(item) {
        if !(2..=4).contains(&list.len()) {
            return Err(format!(
                "a meld tuple is (kind, tiles[, called[, from]]), got {} items",
                list.len()
            ));
        }
        for (slot, v) in parts.iter_mut().zip(list) {
            *slot = (!v.is_none()).then_some(v);
        }
    } else {
        return Err(format!(
            "a meld is a dict {{\"kind\", \"tiles\", \"called\"?, \"from\"?}} or a tuple (kind, \
             tiles[, called[, from]]), got {}",
            type_name(item)
        ));
    }
    Ok(parts)
}

/// One meld; the error is the message without its `melds[i]`.
fn read_meld(item: &Bound<'_, PyAny>, form: Form) -> Result<Meld, String> {
    let [kind, tiles, called, from] = meld_parts(item)?;
    let kind = kind.ok_or("missing field `kind`")?;
    let kind_name = kind
        .cast::<PyString>()
        .map_err(|_| format!("`kind` must be a string, got {}", type_name(&kind)))?
        .to_cow()
        .map_err(|e| e.to_string())?;
    let kind = MeldKind::from_name(&kind_name).ok_or_else(|| {
        format!("unknown meld kind `{kind_name}` (expected chi, pon, minkan, ankan or kakan)")
    })?;
    let tiles = tiles.ok_or("missing field `tiles`")?;
    let pieces: Vec<Piece> = if let Ok(text) = tiles.cast::<PyString>() {
        parse_pieces(&text.to_cow().map_err(|e| e.to_string())?)
            .map_err(|e| MeldError::Notation(e).to_string())?
    } else if let Some(list) = items(&tiles) {
        let mut out = Vec::with_capacity(list.len());
        for (j, t) in list.iter().enumerate() {
            out.push(tile_of(t, form).map_err(|m| format!("tiles[{j}]: {m}"))?);
        }
        out
    } else {
        return Err(format!(
            "`tiles` must be an mpsz string or a list of tiles, got {}",
            type_name(&tiles)
        ));
    };
    let called = match called {
        Some(c) => Some(tile_of(&c, form).map_err(|m| format!("called: {m}"))?),
        None => None,
    };
    let from = match from {
        Some(f) => Some(
            f.extract::<u8>()
                .map_err(|_| format!("`from` must be 1, 2 or 3 (seats to the left), got {f}"))?,
        ),
        None => None,
    };
    Meld::new(kind, &pieces, called, from).map_err(|e| e.to_string())
}

/// `wild`: a list of wildcard kinds, mpsz tiles or kind indices (0-33).
pub(crate) fn read_wild(obj: &Bound<'_, PyAny>) -> PyResult<TileSet> {
    let bad = |m: String| op_error(&OpError::InvalidWild(m));
    let Some(list) = items(obj) else {
        return Err(bad(format!(
            "`wild` must be a list of tiles such as [\"5z\"], got {}",
            type_name(obj)
        )));
    };
    if list.len() > MAX_ITEMS {
        return Err(bad(format!("`wild`: more than {MAX_ITEMS} tiles")));
    }
    let mut set = TileSet::EMPTY;
    for (i, item) in list.iter().enumerate() {
        let what = || format!("wild[{i}]");
        let piece = read_tile(item, Form::Counts, what, OpError::InvalidWild)?;
        set.insert(piece.tile());
    }
    Ok(set)
}

/// `rules`: a preset's name.
pub(crate) fn read_rules(obj: &Bound<'_, PyAny>) -> PyResult<Rules> {
    let known = || {
        let names: Vec<&str> = Rules::ALL.iter().map(|r| r.name()).collect();
        names.join(", ")
    };
    let Ok(text) = obj.cast::<PyString>() else {
        return Err(op_error(&OpError::UnknownRules(format!(
            "`rules` must be a string naming a preset ({}), got {}",
            known(),
            type_name(obj)
        ))));
    };
    let name = text.to_cow()?;
    Rules::from_name(&name).ok_or_else(|| {
        op_error(&OpError::UnknownRules(format!(
            "unknown rules `{name}` (known: {})",
            known()
        )))
    })
}

/// `options`: a dict of rule switches (`{"seven_pairs": False}`), checked as the protocol
/// checks a line's.
pub(crate) fn read_options(obj: &Bound<'_, PyAny>) -> PyResult<Options> {
    let bad = |m: String| op_error(&OpError::InvalidOption(m));
    let Ok(dict) = obj.cast::<PyDict>() else {
        return Err(bad(format!(
            "`options` must be a dict of rule switches, got {}",
            type_name(obj)
        )));
    };
    if dict.len() > MAX_ITEMS {
        return Err(bad(format!("`options`: more than {MAX_ITEMS} switches")));
    }
    let mut options = Options::default();
    for (k, v) in dict.iter() {
        let Ok(name) = k.cast::<PyString>() else {
            return Err(bad(format!(
                "`options` keys are switch names, got {}",
                type_name(&k)
            )));
        };
        let name = name.to_cow()?;
        let text;
        let what;
        let value = if v.is_instance_of::<PyBool>() {
            OptionValue::Bool(v.extract::<bool>()?)
        } else if let Ok(s) = v.cast::<PyString>() {
            text = s.to_cow()?;
            OptionValue::Name(&text)
        } else {
            what = describe(&v);
            OptionValue::Other(&what)
        };
        options.insert(&name, value).map_err(|e| op_error(&e))?;
    }
    Ok(options)
}

/// A value as the protocol's messages describe a JSON value (`a number`, `null`, ...).
fn describe(v: &Bound<'_, PyAny>) -> String {
    if v.is_none() {
        "null".to_owned()
    } else if v.is_instance_of::<PyInt>() || v.is_instance_of::<PyFloat>() {
        "a number".to_owned()
    } else if v.is_instance_of::<PyList>() || v.is_instance_of::<PyTuple>() {
        "an array".to_owned()
    } else if v.is_instance_of::<PyDict>() {
        "an object".to_owned()
    } else {
        format!("a {}", type_name(v))
    }
}
