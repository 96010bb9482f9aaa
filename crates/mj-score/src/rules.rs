//! One rule vocabulary: the presets ([`Preset`]) and every switch of every layer ([`SWITCHES`]),
//! declared once with its type, the layer (and so the crate and option type) that reads it,
//! its default per preset and a doc line. The table lives in [`mj_hu::registry`] (the lowest
//! crate that reads a switch, so that [`mj_hu::Rules`]' presets, names and by-name setter are
//! derived from it); this module re-exports it, so `mj_score::rules::SWITCHES` and
//! `mj_hu::registry::SWITCHES` are the same table. `mj batch`'s option parser, its error
//! messages and its check that a scoring switch belongs to the request's preset read it; it
//! keeps no list of its own.
//!
//! The scorers' option types take switches by name from this table (`RiichiRules::set`,
//! `McrOptions::set`, `SichuanRules::set`, given a request's options by [`apply`]), so no caller
//! names a scoring switch. Each scoring switch's default per preset (`on_in`, or a name
//! switch's first name) is where [`RiichiRules::FOUR_PLAYER`] / [`RiichiRules::THREE_PLAYER`]
//! and [`McrOptions::OFFICIAL`] take their boolean fields from, at compile time
//! ([`mj_hu::registry::default_on`]); the name switches' defaults (`renhou` `none`,
//! `sichuan_table` `common`) are asserted at compile time beside the types, and the tests below
//! check every default once more through the types' by-name setters.
//!
//! [`RiichiRules::FOUR_PLAYER`]: crate::riichi::RiichiRules::FOUR_PLAYER
//! [`RiichiRules::THREE_PLAYER`]: crate::riichi::RiichiRules::THREE_PLAYER
//! [`McrOptions::OFFICIAL`]: crate::mcr::McrOptions::OFFICIAL

pub use mj_hu::registry::{
    Layer, Preset, SWITCHES, Switch, SwitchError, SwitchType, SwitchValue, UnknownPreset, apply,
    switch,
};

/// A boolean switch's registry default under `preset`, for the option types' constants: a
/// name the table lacks, or a switch that is not boolean, stops the build (the panic runs in
/// constant evaluation only).
#[allow(clippy::panic)]
pub(crate) const fn registry_on(name: &str, preset: Preset) -> bool {
    match mj_hu::registry::default_on(name, preset) {
        Some(on) => on,
        None => panic!("not a boolean switch of mj_hu::registry::SWITCHES"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::riichi::RiichiRules;
    use core::fmt;

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

    /// Setting a switch to its registry default leaves the preset's option type unchanged.
    fn check_default<T: Copy + PartialEq + fmt::Debug>(
        s: &Switch,
        preset: Preset,
        start: T,
        set: fn(&mut T, &str, SwitchValue) -> Result<(), SwitchError>,
    ) {
        let default = match s.ty {
            SwitchType::Bool => SwitchValue::Bool(s.on_in.contains(&preset)),
            SwitchType::OneOf(names) => SwitchValue::Name(names[0]),
            other => unreachable!("{}: a scoring switch of type {other:?}", s.name),
        };
        let mut options = start;
        assert_eq!(set(&mut options, s.name, default), Ok(()), "{}", s.name);
        assert_eq!(
            options, start,
            "{} under {preset}: default {default:?}",
            s.name
        );
    }

    #[test]
    fn scoring_defaults_are_the_option_types_defaults() {
        use crate::mcr::McrOptions;
        use crate::sichuan::SichuanRules;
        let mut checked = 0;
        for s in SWITCHES {
            if s.scores_under(Preset::Riichi) {
                check_default(
                    s,
                    Preset::Riichi,
                    RiichiRules::FOUR_PLAYER,
                    RiichiRules::set,
                );
                checked += 1;
            }
            if s.scores_under(Preset::Sanma) {
                check_default(
                    s,
                    Preset::Sanma,
                    RiichiRules::THREE_PLAYER,
                    RiichiRules::set,
                );
                checked += 1;
            }
            if s.scores_under(Preset::Mcr) {
                check_default(s, Preset::Mcr, McrOptions::OFFICIAL, McrOptions::set);
                checked += 1;
            }
            if s.scores_under(Preset::Sichuan) {
                check_default(s, Preset::Sichuan, SichuanRules::COMMON, SichuanRules::set);
                checked += 1;
            }
        }
        assert_eq!(checked, 6 + 7 + 1 + 1);
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
            other => unreachable!("{}: a scoring switch of type {other:?}", s.name),
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
