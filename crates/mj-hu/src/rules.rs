//! Rule presets and switches.

use core::fmt;

/// Which shapes win, and which hands are allowed at all. Build one from a preset
/// ([`Rules::preset`]) and override switches by name ([`Rules::set`]), as `mj batch` does.
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

    /// The switch names, as `options` in the protocol.
    pub const SWITCHES: [&'static str; 8] = [
        "seven_pairs",
        "distinct_pairs",
        "thirteen_orphans",
        "honor_sequences",
        "eyes_258",
        "knitted",
        "honors",
        "lack_one_suit",
    ];

    /// Standard hands, seven pairs (four of a kind = two pairs) and thirteen orphans.
    pub const GENERIC: Rules = Rules {
        seven_pairs: true,
        distinct_pairs: false,
        thirteen_orphans: true,
        honor_sequences: false,
        eyes_258: false,
        knitted: false,
        honors: true,
        lack_one_suit: false,
    };

    /// Japanese riichi: seven pairs must be distinct.
    pub const RIICHI: Rules = Rules {
        distinct_pairs: true,
        ..Rules::GENERIC
    };

    /// Sichuan bloody battle (血战到底): no honors, no thirteen orphans, at most two suits.
    pub const SICHUAN: Rules = Rules {
        thirteen_orphans: false,
        honors: false,
        lack_one_suit: true,
        ..Rules::GENERIC
    };

    /// Chinese Official (MCR/国标): adds the knitted shapes.
    pub const MCR: Rules = Rules {
        knitted: true,
        ..Rules::GENERIC
    };

    /// A preset by name.
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        match name {
            "generic" => Ok(Rules::GENERIC),
            "riichi" => Ok(Rules::RIICHI),
            "sichuan" => Ok(Rules::SICHUAN),
            "mcr" => Ok(Rules::MCR),
            _ => Err(RulesError::UnknownPreset(name.to_owned())),
        }
    }

    /// Sets a switch by name.
    pub fn set(&mut self, switch: &str, on: bool) -> Result<(), RulesError> {
        let field = match switch {
            "seven_pairs" => &mut self.seven_pairs,
            "distinct_pairs" => &mut self.distinct_pairs,
            "thirteen_orphans" => &mut self.thirteen_orphans,
            "honor_sequences" => &mut self.honor_sequences,
            "eyes_258" => &mut self.eyes_258,
            "knitted" => &mut self.knitted,
            "honors" => &mut self.honors,
            "lack_one_suit" => &mut self.lack_one_suit,
            _ => return Err(RulesError::UnknownSwitch(switch.to_owned())),
        };
        *field = on;
        Ok(())
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::GENERIC
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let on = [
            self.seven_pairs,
            self.distinct_pairs,
            self.thirteen_orphans,
            self.honor_sequences,
            self.eyes_258,
            self.knitted,
            self.honors,
            self.lack_one_suit,
        ];
        let names: Vec<&str> = Rules::SWITCHES
            .iter()
            .zip(on)
            .filter(|(_, on)| *on)
            .map(|(n, _)| *n)
            .collect();
        write!(f, "[{}]", names.join(", "))
    }
}
