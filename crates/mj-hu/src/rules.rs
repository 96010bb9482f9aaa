//! The winning-shape rules, built from the shape switches of the one switch table
//! ([`crate::registry::SWITCHES`]), and `Preset::shapes`, a preset's winning shapes.

use core::fmt;

use crate::registry::{Layer, Preset, SWITCHES};

/// How many shape switches the table declares (a compile-time check holds the table to it).
const SHAPE_SWITCHES: usize = 8;

/// Which shapes win, and which hands are allowed at all. Build one from a preset
/// ([`Rules::preset`]) and override switches by name ([`Rules::set`]), as `mj batch` does.
/// The presets, the switch names and the setter are derived from the shape switches of
/// [`crate::registry::SWITCHES`] (their order is this type's field order); the table below
/// restates them, and a test holds it to the registry.
///
/// | switch | generic | riichi | sichuan | mcr | meaning |
/// |---|---|---|---|---|---|
/// | `seven_pairs` | on | on | on | on | seven pairs (七对 / 七対子) wins: 14 concealed tiles, no melds |
/// | `distinct_pairs` | off | on | off | off | the seven pairs must be seven different kinds (off: four of a kind counts as two pairs, 龙七对) |
/// | `thirteen_orphans` | on | on | off | on | thirteen orphans (十三幺 / 国士無双) wins |
/// | `honor_sequences` | off | off | off | off | any three different winds, or the three dragons, form a sequence |
/// | `eyes_258` | off | off | off | off | the pair of a standard hand must be a 2, 5 or 8 of a numbered suit (二五八将) |
/// | `knitted` | off | off | off | on | MCR knitted shapes win: 全不靠 (and so 七星不靠) and 组合龙 + a meld + a pair |
/// | `honors` | on | on | off | on | honor tiles exist; off, a hand holding one is an error |
/// | `lack_one_suit` | off | off | on | off | 缺一门: a winning hand holds tiles of at most two numbered suits |
///
/// Not modelled (an explicit limitation, not a silent answer): declared honor sequences (a
/// declared chi is always three consecutive numbered tiles), flowers as hand tiles, and rule
/// sets whose wildcards are limited in what they may stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Seven pairs is a winning shape.
    pub seven_pairs: bool,
    /// Seven pairs must be seven different kinds.
    pub distinct_pairs: bool,
    /// Thirteen orphans is a winning shape.
    pub thirteen_orphans: bool,
    /// Three different winds, or the three dragons, form a sequence.
    pub honor_sequences: bool,
    /// The pair of a standard hand must be a 2, 5 or 8.
    pub eyes_258: bool,
    /// MCR knitted shapes (全不靠, 组合龙) win.
    pub knitted: bool,
    /// Honor tiles are part of the set.
    pub honors: bool,
    /// A winning hand holds at most two numbered suits.
    pub lack_one_suit: bool,
}

/// An unknown preset or switch.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// Not one of the presets.
    #[error("unknown rules {0:?} (expected one of: generic, riichi, sichuan, mcr)")]
    UnknownPreset(String),
    /// Not one of the switches.
    #[error("unknown rule switch {0:?} (expected one of: {list})", list = Rules::SWITCHES.join(", "))]
    UnknownSwitch(String),
}

impl Rules {
    /// The preset names.
    pub const PRESETS: [&'static str; 4] = ["generic", "riichi", "sichuan", "mcr"];

    /// The switch names, as `options` in the protocol: the registry's shape switches.
    pub const SWITCHES: [&'static str; SHAPE_SWITCHES] = shape_names();

    /// Standard hands, seven pairs (four of a kind = two pairs) and thirteen orphans.
    pub const GENERIC: Rules = Rules::of_preset(Preset::Generic);

    /// Japanese riichi: seven pairs must be distinct.
    pub const RIICHI: Rules = Rules::of_preset(Preset::Riichi);

    /// Sichuan bloody battle (血战到底): no honors, no thirteen orphans, at most two suits.
    pub const SICHUAN: Rules = Rules::of_preset(Preset::Sichuan);

    /// Chinese Official (MCR/国标): adds the knitted shapes.
    pub const MCR: Rules = Rules::of_preset(Preset::Mcr);

    /// The switches on under `preset` by the registry's defaults.
    const fn of_preset(preset: Preset) -> Rules {
        let mut flags = [false; SHAPE_SWITCHES];
        let mut i = 0;
        let mut k = 0;
        while i < SWITCHES.len() {
            if let Layer::Shapes = SWITCHES[i].layer {
                let on_in = SWITCHES[i].on_in;
                let mut p = 0;
                while p < on_in.len() {
                    if on_in[p] as u8 == preset as u8 {
                        flags[k] = true;
                    }
                    p += 1;
                }
                k += 1;
            }
            i += 1;
        }
        Rules::from_flags(flags)
    }

    /// The rules of the switches' values, in the registry's order.
    const fn from_flags(f: [bool; SHAPE_SWITCHES]) -> Rules {
        Rules {
            seven_pairs: f[0],
            distinct_pairs: f[1],
            thirteen_orphans: f[2],
            honor_sequences: f[3],
            eyes_258: f[4],
            knitted: f[5],
            honors: f[6],
            lack_one_suit: f[7],
        }
    }

    /// The switches' values, in the registry's order.
    const fn flags(self) -> [bool; SHAPE_SWITCHES] {
        [
            self.seven_pairs,
            self.distinct_pairs,
            self.thirteen_orphans,
            self.honor_sequences,
            self.eyes_258,
            self.knitted,
            self.honors,
            self.lack_one_suit,
        ]
    }

    /// A preset by name.
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        match Preset::from_name(name) {
            Some(p) if Rules::PRESETS.contains(&name) => Ok(p.shapes()),
            _ => Err(RulesError::UnknownPreset(name.to_owned())),
        }
    }

    /// Sets a switch by name (one of [`Rules::SWITCHES`]).
    pub fn set(&mut self, switch: &str, on: bool) -> Result<(), RulesError> {
        let Some(i) = Rules::SWITCHES.iter().position(|&n| n == switch) else {
            return Err(RulesError::UnknownSwitch(switch.to_owned()));
        };
        let mut flags = self.flags();
        flags[i] = on;
        *self = Rules::from_flags(flags);
        Ok(())
    }
}

impl Preset {
    /// Its winning shapes (three-player riichi has riichi's): the shape switches that
    /// [`SWITCHES`] turns on under it.
    pub const fn shapes(self) -> Rules {
        Rules::of_preset(self)
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::GENERIC
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let on = self.flags();
        let names: Vec<&str> = Rules::SWITCHES
            .iter()
            .zip(on)
            .filter(|(_, on)| *on)
            .map(|(n, _)| *n)
            .collect();
        write!(f, "[{}]", names.join(", "))
    }
}

/// The names of the registry's shape switches, in order; a compile error when the table holds
/// another number of them than [`Rules`] has fields.
const fn shape_names() -> [&'static str; SHAPE_SWITCHES] {
    let mut names = [""; SHAPE_SWITCHES];
    let mut i = 0;
    let mut k = 0;
    while i < SWITCHES.len() {
        if let Layer::Shapes = SWITCHES[i].layer {
            assert!(k < SHAPE_SWITCHES, "more shape switches than Rules fields");
            names[k] = SWITCHES[i].name;
            k += 1;
        }
        i += 1;
    }
    assert!(
        k == SHAPE_SWITCHES,
        "fewer shape switches than Rules fields"
    );
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The presets as they were written by hand before they were derived from the registry.
    #[test]
    fn derived_presets_are_the_former_literals() {
        let generic = Rules {
            seven_pairs: true,
            distinct_pairs: false,
            thirteen_orphans: true,
            honor_sequences: false,
            eyes_258: false,
            knitted: false,
            honors: true,
            lack_one_suit: false,
        };
        assert_eq!(Rules::GENERIC, generic);
        assert_eq!(
            Rules::RIICHI,
            Rules {
                distinct_pairs: true,
                ..generic
            }
        );
        assert_eq!(
            Rules::SICHUAN,
            Rules {
                thirteen_orphans: false,
                honors: false,
                lack_one_suit: true,
                ..generic
            }
        );
        assert_eq!(
            Rules::MCR,
            Rules {
                knitted: true,
                ..generic
            }
        );
        assert_eq!(Preset::Sanma.shapes(), Rules::RIICHI);
    }

    #[test]
    fn every_switch_sets_its_own_field_only() {
        for (i, name) in Rules::SWITCHES.iter().enumerate() {
            let mut r = Rules::GENERIC;
            r.set(name, !Rules::GENERIC.flags()[i]).unwrap();
            let changed: Vec<usize> = (0..SHAPE_SWITCHES)
                .filter(|&k| r.flags()[k] != Rules::GENERIC.flags()[k])
                .collect();
            assert_eq!(changed, [i], "{name}");
        }
        let mut r = Rules::GENERIC;
        assert!(r.set("kuitan", true).is_err());
        assert_eq!(r, Rules::GENERIC);
        assert!(Rules::preset("sanma").is_err());
        assert_eq!(Rules::preset("sichuan"), Ok(Rules::SICHUAN));
    }

    /// The doc table of [`Rules`] restates the registry: every row's name, defaults and
    /// switch order agree with it.
    #[test]
    fn doc_table_matches_the_registry() {
        let doc = include_str!("rules.rs");
        let rows: Vec<&str> = doc.lines().filter(|l| l.starts_with("/// | `")).collect();
        assert_eq!(rows.len(), SHAPE_SWITCHES);
        for (row, name) in rows.iter().zip(Rules::SWITCHES) {
            let cells: Vec<&str> = row.split('|').map(str::trim).collect();
            assert_eq!(cells[1], format!("`{name}`"));
            for (cell, preset) in cells[2..6].iter().zip(Rules::PRESETS) {
                let r = Rules::preset(preset).unwrap();
                let on = r.flags()[Rules::SWITCHES.iter().position(|n| n == &name).unwrap()];
                assert_eq!(*cell, if on { "on" } else { "off" }, "{name} {preset}");
            }
        }
    }
}
