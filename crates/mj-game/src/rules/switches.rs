//! [`GameRules`] bound to the registry's game switches: one line per switch below names its
//! field, and from that line come the presets (built at compile time from the registry's
//! values), [`GameRules::get`], [`GameRules::set`] and the docs' tables.

use core::fmt::Write as _;

use mj_hu::registry::{self, GamePart, GamePreset, SwitchError, SwitchType, SwitchValue};

use super::{
    Exchange, Flow, GameRules, HongzhongSwitches, McrSwitches, RiichiSwitches, SichuanSwitches,
    SichuanTable,
};

/// A field's value as the registry writes it.
trait Field: Sized {
    fn value(&self) -> SwitchValue;
    fn from_value(v: SwitchValue) -> Option<Self>;
}

impl Field for bool {
    fn value(&self) -> SwitchValue {
        SwitchValue::Bool(*self)
    }
    fn from_value(v: SwitchValue) -> Option<bool> {
        match v {
            SwitchValue::Bool(b) => Some(b),
            _ => None,
        }
    }
}

impl Field for i32 {
    fn value(&self) -> SwitchValue {
        SwitchValue::Int(*self)
    }
    fn from_value(v: SwitchValue) -> Option<i32> {
        match v {
            SwitchValue::Int(x) => Some(x),
            _ => None,
        }
    }
}

impl Field for u8 {
    fn value(&self) -> SwitchValue {
        SwitchValue::Int(i32::from(*self))
    }
    fn from_value(v: SwitchValue) -> Option<u8> {
        match v {
            SwitchValue::Int(x) => u8::try_from(x).ok(),
            _ => None,
        }
    }
}

impl Field for Option<u8> {
    fn value(&self) -> SwitchValue {
        match self {
            Some(x) => SwitchValue::Int(i32::from(*x)),
            None => SwitchValue::None,
        }
    }
    fn from_value(v: SwitchValue) -> Option<Option<u8>> {
        match v {
            SwitchValue::None => Some(None),
            SwitchValue::Int(x) => u8::try_from(x).ok().map(Some),
            _ => None,
        }
    }
}

impl Field for [i32; 4] {
    fn value(&self) -> SwitchValue {
        SwitchValue::Ints(*self)
    }
    fn from_value(v: SwitchValue) -> Option<[i32; 4]> {
        match v {
            SwitchValue::Ints(x) => Some(x),
            _ => None,
        }
    }
}

/// The enums the registry writes as names.
macro_rules! named_field {
    ($ty:ty) => {
        impl Field for $ty {
            fn value(&self) -> SwitchValue {
                SwitchValue::Name(self.name())
            }
            fn from_value(v: SwitchValue) -> Option<$ty> {
                match v {
                    SwitchValue::Name(n) => <$ty>::ALL.into_iter().find(|x| x.name() == n),
                    _ => None,
                }
            }
        }
    };
}
named_field!(Flow);
named_field!(Exchange);
named_field!(SichuanTable);

// ----- the registry's values at compile time -----
// A name the registry lacks, or a value of another type, stops the build: these run in
// constant evaluation only (`PRESETS`).

/// The registry's value of `name` under `p`.
#[allow(clippy::panic)]
const fn value(name: &str, p: GamePreset) -> SwitchValue {
    match registry::game_default(name, p) {
        Some(v) => v,
        None => panic!("not a game switch of mj_hu::registry::SWITCHES"),
    }
}

#[allow(clippy::panic)]
const fn flag(name: &str, p: GamePreset) -> bool {
    match value(name, p) {
        SwitchValue::Bool(b) => b,
        _ => panic!("not a boolean game switch"),
    }
}

#[allow(clippy::panic)]
const fn int(name: &str, p: GamePreset) -> i32 {
    match value(name, p) {
        SwitchValue::Int(x) => x,
        _ => panic!("not a whole-number game switch"),
    }
}

#[allow(clippy::panic)]
const fn small(name: &str, p: GamePreset) -> u8 {
    let x = int(name, p);
    if x < 0 || x > 255 {
        panic!("a game switch held in a u8 out of range");
    }
    x as u8
}

#[allow(clippy::panic)]
const fn cap(name: &str, p: GamePreset) -> Option<u8> {
    match value(name, p) {
        SwitchValue::None => None,
        SwitchValue::Int(x) if x >= 0 && x <= 255 => Some(x as u8),
        _ => panic!("not a none-or-number game switch"),
    }
}

#[allow(clippy::panic)]
const fn ints(name: &str, p: GamePreset) -> [i32; 4] {
    match value(name, p) {
        SwitchValue::Ints(x) => x,
        _ => panic!("not a four-number game switch"),
    }
}

#[allow(clippy::panic)]
const fn name_of(name: &str, p: GamePreset) -> &'static str {
    match value(name, p) {
        SwitchValue::Name(n) => n,
        _ => panic!("not a named game switch"),
    }
}

#[allow(clippy::panic)]
const fn flow(name: &str, p: GamePreset) -> Flow {
    let n = name_of(name, p);
    let mut i = 0;
    while i < Flow::ALL.len() {
        if registry::is_name(Some(Flow::ALL[i].name()), n) {
            return Flow::ALL[i];
        }
        i += 1;
    }
    panic!("not a flow")
}

#[allow(clippy::panic)]
const fn exchange(name: &str, p: GamePreset) -> Exchange {
    let n = name_of(name, p);
    let mut i = 0;
    while i < Exchange::ALL.len() {
        if registry::is_name(Some(Exchange::ALL[i].name()), n) {
            return Exchange::ALL[i];
        }
        i += 1;
    }
    panic!("not an exchange")
}

#[allow(clippy::panic)]
const fn table(name: &str, p: GamePreset) -> SichuanTable {
    let n = name_of(name, p);
    let mut i = 0;
    while i < SichuanTable::ALL.len() {
        if registry::is_name(Some(SichuanTable::ALL[i].name()), n) {
            return SichuanTable::ALL[i];
        }
        i += 1;
    }
    panic!("not a sichuan table")
}

/// The shape of the rules before the registry's values are written in (every field is
/// written by [`GameRules::from_registry`]; a test checks that every field is a switch).
const UNSET: GameRules = GameRules {
    flow: Flow::Riichi,
    players: 0,
    chi: false,
    red_fives: false,
    double_ron: false,
    start_points: 0,
    riichi: RiichiSwitches {
        kita: false,
        tsumo_loss: false,
        open_tanyao: false,
        triple_ron_abort: false,
        nine_terminals: false,
        four_winds: false,
        four_riichi: false,
        four_kans: false,
        nagashi_mangan: false,
        chankan_ankan_kokushi: false,
        riichi_min_points: 0,
        riichi_min_tiles: 0,
        kuikae_forbidden: false,
        pao: false,
        busting: false,
        agari_yame: false,
        tenpai_yame: false,
        extension: false,
        target: 0,
        uma: [0; 4],
        round_final_points: false,
        tied_ranks_share_uma: false,
        double_yakuman: false,
        kazoe_yakuman: false,
        kiriage: false,
        honba_to_first_winner: false,
    },
    sichuan: SichuanSwitches {
        exchange: Exchange::Off,
        declare_lack: false,
        lack_first: false,
        pass_skips_ron: false,
        base_stake: 0,
        kong_open: 0,
        kong_added: 0,
        kong_concealed: 0,
        call_transfer: false,
        check_ready: false,
        check_flower_pig: false,
        refund_kongs: false,
        hua_zhu_fan: 0,
        sichuan_table: SichuanTable::Common,
        fan_cap: None,
        wildcards: 0,
    },
    hongzhong: HongzhongSwitches {
        hz_ron_without_wild: false,
        hz_seven_pairs: false,
        hz_win: 0,
        hz_birds: 0,
        hz_bird_stake: 0,
        hz_bird_wild_hits: false,
        hz_rob_kong: false,
        hz_rob_kong_pays_all: false,
        hz_kong_bloom: 0,
    },
    mcr: McrSwitches {
        mcr_flowers: false,
        mcr_base: 0,
        mcr_own_walls: false,
    },
};

/// Binds each switch name to its field (`name => path: reader`, the reader being the
/// compile-time conversion of the registry's value above).
macro_rules! bind {
    ($($name:literal => $($path:ident).+ : $read:ident),* $(,)?) => {
        /// The switch names bound to a field, in this order.
        #[cfg(test)]
        pub(super) const BOUND: &[&str] = &[$($name),*];

        impl GameRules {
            /// The registry's values under `p`.
            const fn from_registry(p: GamePreset) -> GameRules {
                let mut r = UNSET;
                $( r.$($path).+ = $read($name, p); )*
                r
            }

            /// The value of the switch `name` (one of the registry's game switches), as the
            /// registry writes it; `None` for another name.
            ///
            /// ```
            /// use mj_game::{GameRules, rules::SwitchValue};
            /// let r = GameRules::hongzhong();
            /// assert_eq!(r.get("hz_birds"), Some(SwitchValue::Int(4)));
            /// assert_eq!(r.get("flow"), Some(SwitchValue::Name("hongzhong")));
            /// ```
            pub fn get(&self, name: &str) -> Option<SwitchValue> {
                match name {
                    $( $name => Some(Field::value(&self.$($path).+)), )*
                    _ => None,
                }
            }

            /// Writes `v` to the field of `name` when it converts; `false` (nothing written)
            /// otherwise.
            fn write(&mut self, name: &str, v: SwitchValue) -> bool {
                match name {
                    $( $name => match Field::from_value(v) {
                        Some(x) => {
                            self.$($path).+ = x;
                            true
                        }
                        None => false,
                    }, )*
                    _ => false,
                }
            }
        }
    };
}

bind! {
    "flow" => flow: flow,
    "players" => players: small,
    "chi" => chi: flag,
    "red_fives" => red_fives: flag,
    "double_ron" => double_ron: flag,
    "start_points" => start_points: int,
    "kita" => riichi.kita: flag,
    "tsumo_loss" => riichi.tsumo_loss: flag,
    "open_tanyao" => riichi.open_tanyao: flag,
    "triple_ron_abort" => riichi.triple_ron_abort: flag,
    "nine_terminals" => riichi.nine_terminals: flag,
    "four_winds" => riichi.four_winds: flag,
    "four_riichi" => riichi.four_riichi: flag,
    "four_kans" => riichi.four_kans: flag,
    "nagashi_mangan" => riichi.nagashi_mangan: flag,
    "chankan_ankan_kokushi" => riichi.chankan_ankan_kokushi: flag,
    "riichi_min_points" => riichi.riichi_min_points: int,
    "riichi_min_tiles" => riichi.riichi_min_tiles: small,
    "kuikae_forbidden" => riichi.kuikae_forbidden: flag,
    "pao" => riichi.pao: flag,
    "busting" => riichi.busting: flag,
    "agari_yame" => riichi.agari_yame: flag,
    "tenpai_yame" => riichi.tenpai_yame: flag,
    "extension" => riichi.extension: flag,
    "target" => riichi.target: int,
    "uma" => riichi.uma: ints,
    "round_final_points" => riichi.round_final_points: flag,
    "tied_ranks_share_uma" => riichi.tied_ranks_share_uma: flag,
    "double_yakuman" => riichi.double_yakuman: flag,
    "kazoe_yakuman" => riichi.kazoe_yakuman: flag,
    "kiriage" => riichi.kiriage: flag,
    "honba_to_first_winner" => riichi.honba_to_first_winner: flag,
    "exchange" => sichuan.exchange: exchange,
    "declare_lack" => sichuan.declare_lack: flag,
    "lack_first" => sichuan.lack_first: flag,
    "pass_skips_ron" => sichuan.pass_skips_ron: flag,
    "base_stake" => sichuan.base_stake: int,
    "kong_open" => sichuan.kong_open: int,
    "kong_added" => sichuan.kong_added: int,
    "kong_concealed" => sichuan.kong_concealed: int,
    "call_transfer" => sichuan.call_transfer: flag,
    "check_ready" => sichuan.check_ready: flag,
    "check_flower_pig" => sichuan.check_flower_pig: flag,
    "refund_kongs" => sichuan.refund_kongs: flag,
    "hua_zhu_fan" => sichuan.hua_zhu_fan: small,
    "sichuan_table" => sichuan.sichuan_table: table,
    "fan_cap" => sichuan.fan_cap: cap,
    "wildcards" => sichuan.wildcards: small,
    "hz_ron_without_wild" => hongzhong.hz_ron_without_wild: flag,
    "hz_seven_pairs" => hongzhong.hz_seven_pairs: flag,
    "hz_win" => hongzhong.hz_win: int,
    "hz_birds" => hongzhong.hz_birds: small,
    "hz_bird_stake" => hongzhong.hz_bird_stake: int,
    "hz_bird_wild_hits" => hongzhong.hz_bird_wild_hits: flag,
    "hz_rob_kong" => hongzhong.hz_rob_kong: flag,
    "hz_rob_kong_pays_all" => hongzhong.hz_rob_kong_pays_all: flag,
    "hz_kong_bloom" => hongzhong.hz_kong_bloom: int,
    "mcr_flowers" => mcr.mcr_flowers: flag,
    "mcr_base" => mcr.mcr_base: int,
    "mcr_own_walls" => mcr.mcr_own_walls: flag,
}

/// Every game preset's rules, in the order of [`GamePreset::ALL`], from the registry.
pub(super) const PRESETS: [GameRules; GamePreset::COUNT] = {
    let mut out = [UNSET; GamePreset::COUNT];
    let mut i = 0;
    while i < GamePreset::COUNT {
        out[i] = GameRules::from_registry(GamePreset::ALL[i]);
        i += 1;
    }
    out
};

impl GameRules {
    /// Sets the switch `name` (one of the registry's game switches) to `value`, which must be
    /// of its type and in its range; the rules are unchanged on error. A preset with switches
    /// set this way is rules like any other ([`GameRules::validate`] before playing them).
    ///
    /// ```
    /// use mj_game::{GameRules, rules::SwitchValue};
    /// let mut r = GameRules::hongzhong();
    /// r.set("hz_birds", SwitchValue::Int(6))?;
    /// assert_eq!(r.hongzhong.hz_birds, 6);
    /// assert!(r.set("hz_birds", SwitchValue::Bool(true)).is_err());
    /// assert!(r.set("hz_win", SwitchValue::Int(1_000)).is_err()); // 0..=100
    /// assert!(r.set("kuitan", SwitchValue::Bool(true)).is_err()); // the scorer's, not a game's
    /// # Ok::<(), mj_game::rules::SwitchError>(())
    /// ```
    ///
    /// # Errors
    /// A name that is no game switch, or a value not of its type or out of its range.
    pub fn set(&mut self, name: &str, value: SwitchValue) -> Result<(), SwitchError> {
        let known = registry::switch(name).is_some_and(|s| s.game.is_some() && s.ty.accepts(value));
        if known && self.write(name, value) {
            Ok(())
        } else {
            Err(SwitchError {
                owner: "game rules",
                name: name.to_owned(),
                value,
            })
        }
    }

    /// The tables of every game switch by part, as docs/rules.md holds them (Markdown): the
    /// switch, its type, its value under each preset whose flow reads the part, and what it
    /// does; all printed from the registry.
    pub fn switch_tables() -> String {
        let mut out = String::new();
        for part in GamePart::ALL {
            let presets: Vec<GamePreset> = GamePreset::ALL
                .into_iter()
                .filter(|&p| GameRules::of_preset(p).flow.reads(part))
                .collect();
            let names: Vec<String> = presets.iter().map(|p| format!("`{p}`")).collect();
            let _ = writeln!(
                out,
                "#### `{}`\n\n| switch | type | {} | what it does |\n|---|---|{}---|",
                part.name(),
                names.join(" | "),
                "---|".repeat(presets.len())
            );
            for (s, g) in registry::game_switches().filter(|(_, g)| g.part == part) {
                let values: Vec<String> = presets
                    .iter()
                    .map(|&p| g.values[p as usize].to_string())
                    .collect();
                let _ = writeln!(
                    out,
                    "| `{}` | {} | {} | {} |",
                    s.name,
                    type_name(s.ty),
                    values.join(" | "),
                    s.doc
                );
            }
            out.push('\n');
        }
        out
    }
}

/// A switch's type as the docs' tables write it.
fn type_name(ty: SwitchType) -> String {
    match ty {
        SwitchType::Bool => "on / off".to_owned(),
        SwitchType::OneOf(names) => names.join(" / "),
        SwitchType::Int { min, max } if min == i32::MIN && max == i32::MAX => "number".to_owned(),
        SwitchType::Int { min, max } => format!("{min}..={max}"),
        SwitchType::IntOrNone { min, max } => format!("none or {min}..={max}"),
        SwitchType::Ints { .. } => "four numbers".to_owned(),
        _ => "?".to_owned(),
    }
}
