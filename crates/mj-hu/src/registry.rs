//! One rule vocabulary: the presets ([`Preset`]) and every switch of every layer ([`SWITCHES`]),
//! declared once with its type, the layer (and so the crate and option type) that reads it,
//! its default per preset and a doc line. It lives here, in the lowest crate that reads a
//! switch, so that [`crate::Rules`] (the winning shapes) is derived from it: its presets
//! ([`crate::Rules::GENERIC`], ...), its switch names ([`crate::Rules::SWITCHES`]), its by-name
//! setter and its `Display` read the table's shape switches. `mj_score::rules` re-exports this
//! module (the scorers' option types take their switches by name from it, via [`apply`]), and
//! `mj batch`'s option parser and error messages read it; nobody keeps a list of their own.

use core::fmt;
use core::str::FromStr;

/// A rule preset (`rules` in `mj batch`): which shapes win and, for `score`, which scorer.
///
/// ```
/// use mj_hu::registry::Preset;
/// let p: Preset = "sanma".parse()?;
/// assert_eq!(p, Preset::Sanma);
/// assert_eq!(p.to_string(), "sanma");
/// assert_eq!(p.shapes(), mj_hu::Rules::RIICHI);
/// # Ok::<(), mj_hu::registry::UnknownPreset>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Preset {
    /// `generic`, the default: every common winning shape, no scorer.
    #[default]
    Generic,
    /// `riichi`: Japanese riichi, four players.
    Riichi,
    /// `sichuan`: Sichuan bloody battle (血战到底).
    Sichuan,
    /// `mcr`: Mahjong Competition Rules (国标麻将).
    Mcr,
    /// `sanma`: three-player riichi (三麻): riichi's shapes, scored for three players.
    Sanma,
}

/// A name that is not a preset.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules `{0}` (known: generic, riichi, sichuan, mcr, sanma)")]
pub struct UnknownPreset(pub String);

impl Preset {
    /// Every preset, in the order error messages list them.
    pub const ALL: [Preset; 5] = [
        Preset::Generic,
        Preset::Riichi,
        Preset::Sichuan,
        Preset::Mcr,
        Preset::Sanma,
    ];

    /// The protocol name.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Generic => "generic",
            Preset::Riichi => "riichi",
            Preset::Sichuan => "sichuan",
            Preset::Mcr => "mcr",
            Preset::Sanma => "sanma",
        }
    }

    /// The preset of a protocol name.
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }

    // Its winning shapes, `Preset::shapes`, are defined beside `Rules`, in `rules`: that module
    // is derived from this table and sits above it.

    /// The `mj_hu` preset of its winning shapes (three-player riichi has riichi's).
    pub const fn shape_preset(self) -> &'static str {
        match self {
            Preset::Sanma => "riichi",
            other => other.name(),
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = UnknownPreset;

    fn from_str(s: &str) -> Result<Preset, UnknownPreset> {
        Preset::from_name(s).ok_or_else(|| UnknownPreset(s.to_owned()))
    }
}

/// The type of a switch's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwitchType {
    /// `true` or `false`.
    Bool,
    /// One of these names (riichi's `renhou`, `sichuan_table`).
    OneOf(&'static [&'static str]),
}

/// The value given to a switch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwitchValue {
    /// For [`SwitchType::Bool`].
    Bool(bool),
    /// For [`SwitchType::OneOf`]: one of the listed names.
    Name(&'static str),
}

/// A switch an option type does not read, or a value of the wrong type for it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{owner} has no switch `{name}` taking {value:?}")]
pub struct SwitchError {
    /// The option type (`riichi scoring`, ...).
    pub owner: &'static str,
    /// The switch's name.
    pub name: String,
    /// The value given.
    pub value: SwitchValue,
}

/// Which layer reads a switch, and so which presets accept it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Layer {
    /// The winning shapes ([`crate::Rules`], read by every op under every preset; `score` takes
    /// only the preset's own value).
    Shapes,
    /// A scorer's option type, read by `score` under these presets.
    Score(&'static [Preset]),
}

/// One switch: its name in `options`, its type, the layer that reads it, its default per
/// preset, a doc line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Switch {
    /// Its name in `options`.
    pub name: &'static str,
    /// The type of its value.
    pub ty: SwitchType,
    /// Who reads it.
    pub layer: Layer,
    /// A [`SwitchType::Bool`] switch: the presets under which it is on by default (off under
    /// the others). A [`SwitchType::OneOf`] switch defaults to its first name and lists none.
    /// [`crate::Rules`]' presets are built from the shape switches' lists, and the scorers'
    /// option types' constants from theirs ([`default_on`], at compile time).
    pub on_in: &'static [Preset],
    /// What it does.
    pub doc: &'static str,
}

impl Switch {
    /// `true` when `score` under `preset` reads this scoring switch (shape switches: never).
    pub fn scores_under(&self, preset: Preset) -> bool {
        match self.layer {
            Layer::Score(presets) => presets.contains(&preset),
            Layer::Shapes => false,
        }
    }
}

const RIICHI: &[Preset] = &[Preset::Riichi, Preset::Sanma];
const EVERY: &[Preset] = &Preset::ALL;
const NONE: &[Preset] = &[];
const NOT_SICHUAN: &[Preset] = &[Preset::Generic, Preset::Riichi, Preset::Mcr, Preset::Sanma];

const fn shape(name: &'static str, on_in: &'static [Preset], doc: &'static str) -> Switch {
    Switch {
        name,
        ty: SwitchType::Bool,
        layer: Layer::Shapes,
        on_in,
        doc,
    }
}

const fn score(
    name: &'static str,
    ty: SwitchType,
    presets: &'static [Preset],
    on_in: &'static [Preset],
    doc: &'static str,
) -> Switch {
    Switch {
        name,
        ty,
        layer: Layer::Score(presets),
        on_in,
        doc,
    }
}

/// A name-only choice (its default is the first name).
const fn one_of(
    name: &'static str,
    names: &'static [&'static str],
    presets: &'static [Preset],
    doc: &'static str,
) -> Switch {
    score(name, SwitchType::OneOf(names), presets, NONE, doc)
}

/// Every switch `options` accepts, in the order `mj batch` lists them: the one place to add a
/// switch (and then to the option type of its layer). The shape switches come first, in
/// [`crate::Rules`]' field order; that type's presets, names and by-name setter are built from
/// them.
pub const SWITCHES: &[Switch] = &[
    shape("seven_pairs", EVERY, "seven pairs is a winning shape"),
    shape(
        "distinct_pairs",
        RIICHI,
        "the seven pairs are seven different kinds",
    ),
    shape(
        "thirteen_orphans",
        NOT_SICHUAN,
        "thirteen orphans is a winning shape",
    ),
    shape(
        "honor_sequences",
        NONE,
        "three different winds, or the three dragons, form a sequence",
    ),
    shape(
        "eyes_258",
        NONE,
        "the pair of a standard hand is a 2, 5 or 8",
    ),
    shape(
        "knitted",
        &[Preset::Mcr],
        "MCR knitted shapes win (全不靠, 组合龙)",
    ),
    shape("honors", NOT_SICHUAN, "honor tiles exist"),
    shape(
        "lack_one_suit",
        &[Preset::Sichuan],
        "a win holds at most two numbered suits (缺一门)",
    ),
    score(
        "kuitan",
        SwitchType::Bool,
        RIICHI,
        RIICHI,
        "open tanyao (喰いタン)",
    ),
    score(
        "aka",
        SwitchType::Bool,
        RIICHI,
        RIICHI,
        "red fives are dora (赤ドラ)",
    ),
    score(
        "double_yakuman",
        SwitchType::Bool,
        RIICHI,
        RIICHI,
        "kokushi_13, suuankou_tanki, junsei_chuuren, daisuushii count 2",
    ),
    score(
        "kazoe_yakuman",
        SwitchType::Bool,
        RIICHI,
        RIICHI,
        "13+ han is a yakuman (数え役満)",
    ),
    score(
        "kiriage",
        SwitchType::Bool,
        RIICHI,
        NONE,
        "4 han 30 fu and 3 han 60 fu are a mangan (切り上げ満貫)",
    ),
    one_of(
        "renhou",
        &["none", "mangan", "yakuman"],
        RIICHI,
        "what a ron before the first draw (人和) scores",
    ),
    score(
        "tsumo_loss",
        SwitchType::Bool,
        &[Preset::Sanma],
        &[Preset::Sanma],
        "three players: a tsumo is not paid the absent seat's share (ツモ損)",
    ),
    score(
        "ming_an_gang",
        SwitchType::Bool,
        &[Preset::Mcr],
        NONE,
        "one melded and one concealed kong are 明暗杠 (5 fan)",
    ),
    one_of(
        "sichuan_table",
        &["common", "zimo_jiadi", "classic"],
        &[Preset::Sichuan],
        "which Sichuan fan table",
    ),
];

/// The switch of a name.
pub fn switch(name: &str) -> Option<&'static Switch> {
    SWITCHES.iter().find(|s| s.name == name)
}

/// `a == b`, usable in constants.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The switch of a name, usable in constants.
const fn find(name: &str) -> Option<&'static Switch> {
    let mut i = 0;
    while i < SWITCHES.len() {
        if same(SWITCHES[i].name, name) {
            return Some(&SWITCHES[i]);
        }
        i += 1;
    }
    None
}

/// The default of the boolean switch `name` under `preset` (on when its `on_in` lists the
/// preset); `None` for a name the table lacks or a switch that is not boolean. A `const fn`,
/// so the scorers' option types build their preset constants from the table at compile time
/// (`RiichiRules::FOUR_PLAYER`, `McrOptions::OFFICIAL` in mj-score).
///
/// ```
/// use mj_hu::registry::{Preset, default_on};
/// const KUITAN: Option<bool> = default_on("kuitan", Preset::Riichi);
/// assert_eq!(KUITAN, Some(true));
/// assert_eq!(default_on("kiriage", Preset::Riichi), Some(false));
/// assert_eq!(default_on("renhou", Preset::Riichi), None); // a name switch
/// assert_eq!(default_on("nope", Preset::Riichi), None);
/// ```
pub const fn default_on(name: &str, preset: Preset) -> Option<bool> {
    let Some(s) = find(name) else {
        return None;
    };
    if !matches!(s.ty, SwitchType::Bool) {
        return None;
    }
    let mut i = 0;
    while i < s.on_in.len() {
        if s.on_in[i] as u8 == preset as u8 {
            return Some(true);
        }
        i += 1;
    }
    Some(false)
}

/// The default of the name switch `name` (its first name); `None` for a name the table lacks
/// or a boolean switch. A `const fn`, like [`default_on`].
///
/// ```
/// use mj_hu::registry::default_name;
/// assert_eq!(default_name("renhou"), Some("none"));
/// assert_eq!(default_name("sichuan_table"), Some("common"));
/// assert_eq!(default_name("kuitan"), None);
/// ```
pub const fn default_name(name: &str) -> Option<&'static str> {
    match find(name) {
        Some(Switch {
            ty: SwitchType::OneOf([first, ..]),
            ..
        }) => Some(first),
        _ => None,
    }
}

/// `a == b` for a name from the table, usable in constants (the option types' binding of a
/// name switch's default, see [`default_name`]).
pub const fn is_name(a: Option<&str>, b: &str) -> bool {
    match a {
        Some(a) => same(a, b),
        None => false,
    }
}

/// Gives `set` every switch of `options` that `score` under `preset` reads (the registry says
/// which), leaving out the others (shape switches, other presets' switches): how a scorer's
/// option type (`RiichiRules::set`, `McrOptions::set`, `SichuanRules::set`) takes a request's
/// `options` without its caller naming a switch.
///
/// ```
/// use mj_hu::registry::{Preset, SwitchValue, apply};
/// let options = [
///     ("seven_pairs", SwitchValue::Bool(true)),
///     ("ming_an_gang", SwitchValue::Bool(true)),
///     ("kuitan", SwitchValue::Bool(false)),
/// ];
/// let mut given = Vec::new();
/// apply(Preset::Mcr, options, |name, _| {
///     given.push(name.to_owned());
///     Ok(())
/// })?;
/// assert_eq!(given, ["ming_an_gang"]);
/// # Ok::<(), mj_hu::registry::SwitchError>(())
/// ```
///
/// # Errors
/// The first error `set` returns (a switch the registry gives `preset` that the option type
/// does not read: a registry and type out of step).
pub fn apply<'a>(
    preset: Preset,
    options: impl IntoIterator<Item = (&'a str, SwitchValue)>,
    mut set: impl FnMut(&str, SwitchValue) -> Result<(), SwitchError>,
) -> Result<(), SwitchError> {
    for (name, value) in options {
        if switch(name).is_some_and(|s| s.scores_under(preset)) {
            set(name, value)?;
        }
    }
    Ok(())
}
