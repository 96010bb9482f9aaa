//! The rules of a riichi game as one type with presets: [`GameRules::tenhou`] (the default) and
//! [`GameRules::mahjong_soul`]. The crate docs hold the table of every switch.

use mj_score::riichi::{Renhou, RiichiRules};
use serde::{Deserialize, Serialize};

/// How long a match lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Length {
    /// One round (kyoku) only.
    OneRound,
    /// East round only (東風戦), four dealers.
    EastOnly,
    /// East and South rounds (半荘戦), eight dealers.
    Hanchan,
}

impl Length {
    /// The name used on command lines: `one`, `east`, `hanchan`.
    pub const fn name(self) -> &'static str {
        match self {
            Length::OneRound => "one",
            Length::EastOnly => "east",
            Length::Hanchan => "hanchan",
        }
    }

    /// The length of a name (`one`, `east`, `hanchan`).
    pub fn from_name(name: &str) -> Option<Length> {
        [Length::OneRound, Length::EastOnly, Length::Hanchan]
            .into_iter()
            .find(|l| l.name() == name)
    }

    /// Rounds (kyoku) in the regular part of the match.
    pub const fn rounds(self) -> u8 {
        match self {
            Length::OneRound => 1,
            Length::EastOnly => 4,
            Length::Hanchan => 8,
        }
    }
}

/// Every rule switch of a four-player riichi game (see the crate docs for the table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameRules {
    /// One red five of each suit (赤ドラ) in the wall, worth one han each.
    pub red_fives: bool,
    /// Open tanyao (喰いタン).
    pub open_tanyao: bool,
    /// Two players may win on the same discard (ダブロン).
    pub double_ron: bool,
    /// Three rons on one discard abort the round (三家和); off: all three win.
    pub triple_ron_abort: bool,
    /// Nine different terminals and honors on the first draw may abort (九種九牌).
    pub nine_terminals: bool,
    /// The same wind discarded by all four on the first go-around aborts (四風連打).
    pub four_winds: bool,
    /// A fourth riichi accepted aborts (四家立直).
    pub four_riichi: bool,
    /// A fourth kan by more than one player aborts after its discard (四開槓).
    pub four_kans: bool,
    /// Nagashi mangan (流し満貫) at an exhaustive draw.
    pub nagashi_mangan: bool,
    /// Chankan (槍槓) on a closed kan for thirteen orphans.
    pub chankan_ankan_kokushi: bool,
    /// Points a player needs to declare riichi.
    pub riichi_min_points: i32,
    /// Live tiles that must be left to declare riichi.
    pub riichi_min_tiles: u8,
    /// Swap-calling (喰い替え) forbidden: after a call the called kind (and, for a chi, the
    /// other end of the run) may not be discarded.
    pub kuikae_forbidden: bool,
    /// Liability (包, pao) for big three dragons and big four winds.
    pub pao: bool,
    /// The match ends when a player falls below zero (飛び).
    pub busting: bool,
    /// In the last round the dealer's win ends the match if the dealer is first
    /// with at least `target` points (和了止め).
    pub agari_yame: bool,
    /// The same when the dealer repeats by being tenpai at an exhaustive draw (聴牌止め).
    pub tenpai_yame: bool,
    /// When nobody has `target` points after the last regular round, the match goes on into
    /// the next wind (sudden death: it ends as soon as somebody has `target`).
    pub extension: bool,
    /// Starting points.
    pub start_points: i32,
    /// Points needed to end the match (and the returned points, 返し).
    pub target: i32,
    /// Uma by final rank, in thousands (first to fourth).
    pub uma: [i32; 4],
    /// Final scores are rounded to whole thousands before the uma (Tenhou until about 2021);
    /// off: points to the tenth.
    pub round_final_points: bool,
    /// Double yakuman count twice.
    pub double_yakuman: bool,
    /// 13+ han is a counted yakuman.
    pub kazoe_yakuman: bool,
    /// 4 han 30 fu and 3 han 60 fu are a mangan.
    pub kiriage: bool,
    /// With several rons, the honba go to the first winner in turn order from the discarder
    /// only (頭ハネ for the honba); off: every winner is paid the honba.
    pub honba_to_first_winner: bool,
}

impl Default for GameRules {
    fn default() -> Self {
        GameRules::tenhou()
    }
}

impl GameRules {
    /// Tenhou's ranked rules (鳳凰卓 / 特上卓 with red fives).
    pub const fn tenhou() -> GameRules {
        GameRules {
            red_fives: true,
            open_tanyao: true,
            double_ron: true,
            triple_ron_abort: true,
            nine_terminals: true,
            four_winds: true,
            four_riichi: true,
            four_kans: true,
            nagashi_mangan: true,
            chankan_ankan_kokushi: true,
            riichi_min_points: 1000,
            riichi_min_tiles: 4,
            kuikae_forbidden: true,
            pao: true,
            busting: true,
            agari_yame: true,
            tenpai_yame: true,
            extension: true,
            start_points: 25000,
            target: 30000,
            uma: [20, 10, -10, -20],
            round_final_points: true,
            double_yakuman: false,
            kazoe_yakuman: true,
            kiriage: false,
            honba_to_first_winner: true,
        }
    }

    /// Mahjong Soul's ranked rules (段位戦).
    pub const fn mahjong_soul() -> GameRules {
        GameRules {
            triple_ron_abort: false,
            uma: [15, 5, -5, -15],
            round_final_points: false,
            double_yakuman: true,
            honba_to_first_winner: true,
            ..GameRules::tenhou()
        }
    }

    /// A preset by name: `tenhou` or `mahjong_soul`.
    pub fn preset(name: &str) -> Option<GameRules> {
        match name {
            "tenhou" => Some(GameRules::tenhou()),
            "mahjong_soul" | "majsoul" => Some(GameRules::mahjong_soul()),
            _ => None,
        }
    }

    /// The scorer's switches.
    pub fn riichi_rules(&self) -> RiichiRules {
        RiichiRules {
            kuitan: self.open_tanyao,
            aka: self.red_fives,
            double_yakuman: self.double_yakuman,
            kazoe_yakuman: self.kazoe_yakuman,
            kiriage: self.kiriage,
            renhou: Renhou::None,
        }
    }
}
