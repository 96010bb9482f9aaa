//! One rule vocabulary: the presets ([`Preset`], and the games' [`GamePreset`]) and every switch
//! of every layer ([`SWITCHES`]), declared once with its type, the layer (and so the crate and
//! option type) that reads it, its default per preset and a doc line. It lives here, in the lowest crate that reads a
//! switch, so that [`crate::Rules`] (the winning shapes) is derived from it: its presets
//! ([`crate::Rules::GENERIC`], ...), its switch names ([`crate::Rules::SWITCHES`]), its by-name
//! setter and its `Display` read the table's shape switches. `mj_score::rules` re-exports this
//! module (the scorers' option types take their switches by name from it, via [`apply`]), and
//! `mj batch`'s option parser and error messages read it; nobody keeps a list of their own.
//!
//! The game switches (`mj_game::GameRules`, [`Layer::Game`], and the scoring switches a game
//! also reads) carry their value under each [`GamePreset`] and the part of the game's rules
//! that holds them ([`GameDefaults`]); `mj_game` builds its presets from them at compile time
//! ([`game_default`]), sets them by name, and its docs' tables are printed from them.

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

/// A game's preset (`mj_game::GameRules::preset`): the values the game switches take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GamePreset {
    /// `tenhou`: Tenhou's ranked four-player rules.
    Tenhou,
    /// `mahjong_soul`: Mahjong Soul's ranked four-player rules.
    MahjongSoul,
    /// `sanma`: Tenhou's ranked three-player rules.
    Sanma,
    /// `sanma_mahjong_soul`: three players with Mahjong Soul's uma and points.
    SanmaMahjongSoul,
    /// `sichuan`: Sichuan 血战到底.
    Sichuan,
    /// `sichuan_hongzhong`: 红中血战.
    SichuanHongzhong,
    /// `hongzhong`: 红中麻将.
    Hongzhong,
    /// `mcr`: MCR 国标.
    Mcr,
    /// `mcr_botzone`: MCR as Botzone deals it.
    McrBotzone,
}

impl GamePreset {
    /// How many there are.
    pub const COUNT: usize = 9;

    /// Every game preset, in the order of [`GameDefaults::values`].
    pub const ALL: [GamePreset; GamePreset::COUNT] = [
        GamePreset::Tenhou,
        GamePreset::MahjongSoul,
        GamePreset::Sanma,
        GamePreset::SanmaMahjongSoul,
        GamePreset::Sichuan,
        GamePreset::SichuanHongzhong,
        GamePreset::Hongzhong,
        GamePreset::Mcr,
        GamePreset::McrBotzone,
    ];

    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            GamePreset::Tenhou => "tenhou",
            GamePreset::MahjongSoul => "mahjong_soul",
            GamePreset::Sanma => "sanma",
            GamePreset::SanmaMahjongSoul => "sanma_mahjong_soul",
            GamePreset::Sichuan => "sichuan",
            GamePreset::SichuanHongzhong => "sichuan_hongzhong",
            GamePreset::Hongzhong => "hongzhong",
            GamePreset::Mcr => "mcr",
            GamePreset::McrBotzone => "mcr_botzone",
        }
    }

    /// The preset of a name ([`GamePreset::name`]; `mj_game` knows the aliases).
    pub fn from_name(name: &str) -> Option<GamePreset> {
        GamePreset::ALL.into_iter().find(|p| p.name() == name)
    }
}

impl fmt::Display for GamePreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which part of `mj_game::GameRules` holds a game switch: the part every flow reads, or the
/// part of the one flow that reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GamePart {
    /// Read by every flow (`rules.flow`, `rules.players`, ...).
    Common,
    /// Riichi (`rules.riichi`).
    Riichi,
    /// The Sichuan machinery, which 红中麻将 plays on too (`rules.sichuan`).
    Sichuan,
    /// 红中麻将 (`rules.hongzhong`).
    Hongzhong,
    /// MCR (`rules.mcr`).
    Mcr,
}

impl GamePart {
    /// Every part, in the order of the docs.
    pub const ALL: [GamePart; 5] = [
        GamePart::Common,
        GamePart::Riichi,
        GamePart::Sichuan,
        GamePart::Hongzhong,
        GamePart::Mcr,
    ];

    /// Its field name in `GameRules` (`common` for the top-level fields).
    pub const fn name(self) -> &'static str {
        match self {
            GamePart::Common => "common",
            GamePart::Riichi => "riichi",
            GamePart::Sichuan => "sichuan",
            GamePart::Hongzhong => "hongzhong",
            GamePart::Mcr => "mcr",
        }
    }
}

/// How a game reads a switch: the part of its rules that holds it and its value under every
/// [`GamePreset`] (in the order of [`GamePreset::ALL`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameDefaults {
    /// The part of `GameRules`.
    pub part: GamePart,
    /// The value under each game preset.
    pub values: [SwitchValue; GamePreset::COUNT],
}

/// The type of a switch's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SwitchType {
    /// `true` or `false`.
    Bool,
    /// One of these names (riichi's `renhou`, `sichuan_table`).
    OneOf(&'static [&'static str]),
    /// A whole number in `min..=max` (game switches).
    Int {
        /// The smallest value.
        min: i32,
        /// The largest value.
        max: i32,
    },
    /// None, or a whole number in `min..=max` (`fan_cap`).
    IntOrNone {
        /// The smallest value.
        min: i32,
        /// The largest value.
        max: i32,
    },
    /// Four whole numbers in `min..=max` (`uma`, by rank).
    Ints {
        /// The smallest value.
        min: i32,
        /// The largest value.
        max: i32,
    },
}

impl SwitchType {
    /// `true` when `value` is of this type (and in its range).
    pub fn accepts(&self, value: SwitchValue) -> bool {
        match (*self, value) {
            (SwitchType::Bool, SwitchValue::Bool(_)) => true,
            (SwitchType::OneOf(names), SwitchValue::Name(n)) => names.contains(&n),
            (SwitchType::Int { min, max }, SwitchValue::Int(v))
            | (SwitchType::IntOrNone { min, max }, SwitchValue::Int(v)) => (min..=max).contains(&v),
            (SwitchType::IntOrNone { .. }, SwitchValue::None) => true,
            (SwitchType::Ints { min, max }, SwitchValue::Ints(v)) => {
                v.iter().all(|x| (min..=max).contains(x))
            }
            _ => false,
        }
    }
}

/// The value given to a switch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SwitchValue {
    /// For [`SwitchType::Bool`].
    Bool(bool),
    /// For [`SwitchType::OneOf`]: one of the listed names.
    Name(&'static str),
    /// For [`SwitchType::Int`] and [`SwitchType::IntOrNone`].
    Int(i32),
    /// For [`SwitchType::IntOrNone`]: no value.
    None,
    /// For [`SwitchType::Ints`].
    Ints([i32; 4]),
}

impl fmt::Display for SwitchValue {
    /// As the docs' tables write it: `on` / `off`, the name in backquotes, the number, `none`,
    /// the numbers joined by `, `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwitchValue::Bool(true) => f.write_str("on"),
            SwitchValue::Bool(false) => f.write_str("off"),
            SwitchValue::Name(n) => write!(f, "`{n}`"),
            SwitchValue::Int(v) => write!(f, "{v}"),
            SwitchValue::None => f.write_str("none"),
            SwitchValue::Ints(v) => {
                write!(f, "{}, {}, {}, {}", v[0], v[1], v[2], v[3])
            }
        }
    }
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
    /// A game's rules only (`mj_game::GameRules`, the part in [`Switch::game`]); not an
    /// option of `mj batch`.
    Game,
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
    /// How a game reads it, if one does: the part of `GameRules` and the value under each game
    /// preset ([`Layer::Game`] switches, and scoring switches a game also passes to its scorer).
    pub game: Option<GameDefaults>,
}

impl Switch {
    /// `true` when `score` under `preset` reads this scoring switch (shape switches: never).
    pub fn scores_under(&self, preset: Preset) -> bool {
        match self.layer {
            Layer::Score(presets) => presets.contains(&preset),
            Layer::Shapes | Layer::Game => false,
        }
    }

    /// `true` for a switch of `mj batch`'s `options` (a shape or scoring switch).
    pub fn is_option(&self) -> bool {
        !matches!(self.layer, Layer::Game)
    }
}

mod table;
pub use table::SWITCHES;

/// The game switches, in table order: the switches a game reads (see [`Switch::game`]).
pub fn game_switches() -> impl Iterator<Item = (&'static Switch, &'static GameDefaults)> {
    SWITCHES
        .iter()
        .filter_map(|s| s.game.as_ref().map(|g| (s, g)))
}

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

/// The value of the game switch `name` under `preset`; `None` for a name the table lacks or a
/// switch no game reads. A `const fn`, so `mj_game`'s presets are built from the table at
/// compile time.
///
/// ```
/// use mj_hu::registry::{GamePreset, SwitchValue, game_default};
/// assert_eq!(game_default("players", GamePreset::Sanma), Some(SwitchValue::Int(3)));
/// assert_eq!(game_default("kazoe_yakuman", GamePreset::Tenhou), Some(SwitchValue::Bool(true)));
/// assert_eq!(game_default("renhou", GamePreset::Tenhou), None); // the scorer's only
/// ```
pub const fn game_default(name: &str, preset: GamePreset) -> Option<SwitchValue> {
    match find(name) {
        Some(Switch { game: Some(g), .. }) => Some(g.values[preset as usize]),
        _ => None,
    }
}

/// `a == b` for a name from the table (the option types' binding of a
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
