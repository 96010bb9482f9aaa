//! One rule vocabulary: the presets ([`Preset`]) and every switch of every layer ([`SWITCHES`]),
//! declared once with its type, the layer (and so the crate and option type) that reads it,
//! and a doc line. `mj batch`'s option parser, its error messages and its check that a scoring
//! switch belongs to the request's preset read this table; it keeps no list of its own.
//!
//! Each switch's default belongs to the preset: the winning shapes' switches to
//! [`mj_hu::Rules`]' presets (its table), riichi's to [`RiichiRules::FOUR_PLAYER`] /
//! [`RiichiRules::THREE_PLAYER`], MCR's to [`McrOptions::default`], Sichuan's fan table to
//! `common`. The tests below bind the table to those types both ways.
//!
//! The scorers' option types take switches by name from this table (`RiichiRules::set`,
//! `McrOptions::set`, `SichuanRules::set`, given a request's options by [`apply`]), so no caller
//! names a scoring switch. [`mj_hu::Rules`] cannot be generated from it: it lives in mj-hu, below
//! this crate, and keeps its own `SWITCHES` list and `set`; the test
//! `shape_switches_are_mj_hus_both_ways` binds the two (names in order, every preset's values).
//!
//! [`RiichiRules::FOUR_PLAYER`]: crate::riichi::RiichiRules::FOUR_PLAYER
//! [`RiichiRules::THREE_PLAYER`]: crate::riichi::RiichiRules::THREE_PLAYER
//! [`McrOptions::default`]: crate::mcr::McrOptions

use core::fmt;
use core::str::FromStr;

/// A rule preset (`rules` in `mj batch`): which shapes win and, for `score`, which scorer.
///
/// ```
/// use mj_score::rules::Preset;
/// let p: Preset = "sanma".parse()?;
/// assert_eq!(p, Preset::Sanma);
/// assert_eq!(p.to_string(), "sanma");
/// assert_eq!(p.shapes(), mj_hu::Rules::RIICHI);
/// # Ok::<(), mj_score::rules::UnknownPreset>(())
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

    /// The `mj_hu` preset of its winning shapes (three-player riichi has riichi's).
    pub const fn shape_preset(self) -> &'static str {
        match self {
            Preset::Sanma => "riichi",
            other => other.name(),
        }
    }

    /// Its winning shapes.
    pub const fn shapes(self) -> mj_hu::Rules {
        match self {
            Preset::Generic => mj_hu::Rules::GENERIC,
            Preset::Riichi | Preset::Sanma => mj_hu::Rules::RIICHI,
            Preset::Sichuan => mj_hu::Rules::SICHUAN,
            Preset::Mcr => mj_hu::Rules::MCR,
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
    /// The winning shapes ([`mj_hu::Rules`], read by every op under every preset; `score` takes
    /// only the preset's own value).
    Shapes,
    /// A scorer's option type, read by `score` under these presets.
    Score(&'static [Preset]),
}

/// One switch: its name in `options`, its type, the layer that reads it, a doc line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Switch {
    /// Its name in `options`.
    pub name: &'static str,
    /// The type of its value.
    pub ty: SwitchType,
    /// Who reads it.
    pub layer: Layer,
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

const fn shape(name: &'static str, doc: &'static str) -> Switch {
    Switch {
        name,
        ty: SwitchType::Bool,
        layer: Layer::Shapes,
        doc,
    }
}

const fn score(
    name: &'static str,
    ty: SwitchType,
    presets: &'static [Preset],
    doc: &'static str,
) -> Switch {
    Switch {
        name,
        ty,
        layer: Layer::Score(presets),
        doc,
    }
}

/// Every switch `options` accepts, in the order `mj batch` lists them: the one place to add a
/// switch (and then to the option type of its layer).
pub const SWITCHES: &[Switch] = &[
    shape("seven_pairs", "seven pairs is a winning shape"),
    shape(
        "distinct_pairs",
        "the seven pairs are seven different kinds",
    ),
    shape("thirteen_orphans", "thirteen orphans is a winning shape"),
    shape(
        "honor_sequences",
        "three different winds, or the three dragons, form a sequence",
    ),
    shape("eyes_258", "the pair of a standard hand is a 2, 5 or 8"),
    shape("knitted", "MCR knitted shapes win (全不靠, 组合龙)"),
    shape("honors", "honor tiles exist"),
    shape(
        "lack_one_suit",
        "a win holds at most two numbered suits (缺一门)",
    ),
    score("kuitan", SwitchType::Bool, RIICHI, "open tanyao (喰いタン)"),
    score(
        "aka",
        SwitchType::Bool,
        RIICHI,
        "red fives are dora (赤ドラ)",
    ),
    score(
        "double_yakuman",
        SwitchType::Bool,
        RIICHI,
        "kokushi_13, suuankou_tanki, junsei_chuuren, daisuushii count 2",
    ),
    score(
        "kazoe_yakuman",
        SwitchType::Bool,
        RIICHI,
        "13+ han is a yakuman (数え役満)",
    ),
    score(
        "kiriage",
        SwitchType::Bool,
        RIICHI,
        "4 han 30 fu and 3 han 60 fu are a mangan (切り上げ満貫)",
    ),
    score(
        "renhou",
        SwitchType::OneOf(&["none", "mangan", "yakuman"]),
        RIICHI,
        "what a ron before the first draw (人和) scores",
    ),
    score(
        "tsumo_loss",
        SwitchType::Bool,
        &[Preset::Sanma],
        "three players: a tsumo is not paid the absent seat's share (ツモ損)",
    ),
    score(
        "ming_an_gang",
        SwitchType::Bool,
        &[Preset::Mcr],
        "one melded and one concealed kong are 明暗杠 (5 fan)",
    ),
    score(
        "sichuan_table",
        SwitchType::OneOf(&["common", "zimo_jiadi", "classic"]),
        &[Preset::Sichuan],
        "which Sichuan fan table",
    ),
];

/// The switch of a name.
pub fn switch(name: &str) -> Option<&'static Switch> {
    SWITCHES.iter().find(|s| s.name == name)
}

/// Gives `set` every switch of `options` that `score` under `preset` reads (the registry says
/// which), leaving out the others (shape switches, other presets' switches): how a scorer's
/// option type (`RiichiRules::set`, `McrOptions::set`, `SichuanRules::set`) takes a request's
/// `options` without its caller naming a switch.
///
/// ```
/// use mj_score::mcr::McrOptions;
/// use mj_score::rules::{Preset, SwitchValue, apply};
/// let options = [
///     ("seven_pairs", SwitchValue::Bool(true)),
///     ("ming_an_gang", SwitchValue::Bool(true)),
/// ];
/// let mut o = McrOptions::OFFICIAL;
/// apply(Preset::Mcr, options, |name, value| o.set(name, value))?;
/// assert!(o.ming_an_gang);
/// # Ok::<(), mj_score::rules::SwitchError>(())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::riichi::RiichiRules;

    #[test]
    fn shape_switches_are_mj_hus_both_ways() {
        let ours: Vec<&str> = SWITCHES
            .iter()
            .filter(|s| s.layer == Layer::Shapes)
            .map(|s| s.name)
            .collect();
        assert_eq!(ours, mj_hu::Rules::SWITCHES);
        for p in Preset::ALL {
            assert_eq!(
                mj_hu::Rules::preset(p.shape_preset()),
                Ok(p.shapes()),
                "{p}"
            );
        }
    }

    #[test]
    fn names_round_trip_and_are_unique() {
        for p in Preset::ALL {
            assert_eq!(p.name().parse::<Preset>(), Ok(p));
        }
        assert!("four".parse::<Preset>().is_err());
        for (i, s) in SWITCHES.iter().enumerate() {
            assert!(
                SWITCHES[..i].iter().all(|t| t.name != s.name),
                "{} twice",
                s.name
            );
            assert_eq!(switch(s.name), Some(s));
        }
    }

    #[test]
    fn every_riichi_switch_sets_its_field() {
        for s in SWITCHES
            .iter()
            .filter(|s| s.scores_under(Preset::Riichi) || s.scores_under(Preset::Sanma))
        {
            check_sets(s, RiichiRules::THREE_PLAYER, RiichiRules::set);
        }
        let mut r = RiichiRules::FOUR_PLAYER;
        assert!(r.set("seven_pairs", SwitchValue::Bool(false)).is_err());
        assert!(r.set("kuitan", SwitchValue::Name("none")).is_err());
        assert!(r.set("renhou", SwitchValue::Name("double")).is_err());
        assert_eq!(r, RiichiRules::FOUR_PLAYER);
    }

    /// Every value of a switch's type, as the option parser would give them.
    fn values(s: &Switch) -> Vec<SwitchValue> {
        match s.ty {
            SwitchType::Bool => vec![SwitchValue::Bool(true), SwitchValue::Bool(false)],
            SwitchType::OneOf(names) => names.iter().map(|n| SwitchValue::Name(n)).collect(),
        }
    }

    /// Sets each value of `s` on a copy of `start`: every one is taken, and they do not all
    /// give the same options.
    fn check_sets<T: Copy + PartialEq + fmt::Debug>(
        s: &Switch,
        start: T,
        set: fn(&mut T, &str, SwitchValue) -> Result<(), SwitchError>,
    ) {
        let mut seen = Vec::new();
        for v in values(s) {
            let mut options = start;
            assert_eq!(set(&mut options, s.name, v), Ok(()), "{} = {v:?}", s.name);
            seen.push(options);
        }
        seen.dedup();
        assert!(seen.len() > 1, "switch {} changes nothing", s.name);
    }

    #[test]
    fn every_mcr_and_sichuan_switch_sets_its_field() {
        use crate::mcr::McrOptions;
        use crate::sichuan::SichuanRules;
        let mut checked = 0;
        for s in SWITCHES {
            if s.scores_under(Preset::Mcr) {
                check_sets(s, McrOptions::OFFICIAL, McrOptions::set);
                checked += 1;
            }
            if s.scores_under(Preset::Sichuan) {
                check_sets(s, SichuanRules::COMMON, SichuanRules::set);
                checked += 1;
            }
        }
        assert_eq!(checked, 2, "ming_an_gang and sichuan_table");
        let mut o = McrOptions::OFFICIAL;
        assert!(o.set("kuitan", SwitchValue::Bool(true)).is_err());
        assert!(o.set("ming_an_gang", SwitchValue::Name("on")).is_err());
        assert_eq!(o, McrOptions::OFFICIAL);
        let mut r = SichuanRules::COMMON;
        assert!(r.set("sichuan_table", SwitchValue::Name("riichi")).is_err());
        assert!(r.set("sichuan_table", SwitchValue::Bool(true)).is_err());
        assert!(r.set("aka", SwitchValue::Bool(true)).is_err());
        assert_eq!(r, SichuanRules::COMMON);
    }

    #[test]
    fn apply_passes_only_the_presets_scoring_switches() {
        let options = [
            ("seven_pairs", SwitchValue::Bool(false)),
            ("kuitan", SwitchValue::Bool(false)),
            ("ming_an_gang", SwitchValue::Bool(true)),
            ("no_such_switch", SwitchValue::Bool(true)),
        ];
        for (preset, expected) in [
            (Preset::Riichi, vec!["kuitan"]),
            (Preset::Sanma, vec!["kuitan"]),
            (Preset::Mcr, vec!["ming_an_gang"]),
            (Preset::Sichuan, vec![]),
            (Preset::Generic, vec![]),
        ] {
            let mut given = Vec::new();
            let r = apply(preset, options, |name, _| {
                given.push(name.to_owned());
                Ok(())
            });
            assert_eq!(r, Ok(()));
            assert_eq!(given, expected, "{preset}");
        }
        let refused = apply(Preset::Riichi, options, |name, value| {
            Err(SwitchError {
                owner: "test",
                name: name.to_owned(),
                value,
            })
        });
        assert_eq!(refused.map_err(|e| e.name), Err("kuitan".to_owned()));
    }

    #[test]
    fn riichi_switches_differ_between_presets_only_in_players() {
        let (four, three) = (RiichiRules::FOUR_PLAYER, RiichiRules::THREE_PLAYER);
        assert_eq!(four, RiichiRules::default());
        assert_eq!(
            (
                four.kuitan,
                four.aka,
                four.double_yakuman,
                four.kazoe_yakuman,
                four.kiriage
            ),
            (
                three.kuitan,
                three.aka,
                three.double_yakuman,
                three.kazoe_yakuman,
                three.kiriage
            )
        );
        assert!(three.tsumo_loss);
        assert!(switch("tsumo_loss").is_some_and(|s| s.scores_under(Preset::Sanma)));
        assert!(!switch("tsumo_loss").is_some_and(|s| s.scores_under(Preset::Riichi)));
    }
}
