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

/// Rules that cannot be played ([`GameRules::validate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameRulesError {
    /// Riichi is played by three or four.
    #[error("players must be 3 or 4, got {0}")]
    Players(u8),
    /// Kita (抜きドラ) is a three-player rule.
    #[error("kita (north set aside) needs three players")]
    KitaWithFourPlayers,
}

/// Every rule switch of a riichi game, four- or three-player (see the crate docs for the table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameRules {
    /// Seats at the table: 4, or 3 for three-player riichi (三麻: 108 tiles, 2m-8m removed;
    /// seat 3 is then absent and every `[_; 4]` array's fourth entry is 0 or unused).
    pub players: u8,
    /// Chi (吃) allowed (three-player rules: off).
    pub chi: bool,
    /// North as kita (抜きドラ, three players only): a north may be set aside in one's turn
    /// (a replacement tile is drawn from the dead wall); each counts one dora for its owner's
    /// win. The north may still be kept in hand (a pair, a pon, a yakuhai-less set).
    pub kita: bool,
    /// Three players: on a tsumo the absent seat's share is not paid (ツモ損); off: it is split
    /// between the two payers, each half rounded up to 100 (no preset uses that). Ignored with
    /// four players.
    pub tsumo_loss: bool,
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
    /// Uma by final rank, in thousands (first to fourth; three players: the fourth unused).
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
            players: 4,
            chi: true,
            kita: false,
            tsumo_loss: false,
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

    /// Tenhou's three-player ranked rules (三麻 鳳凰卓): 108 tiles, no chi, kita, tsumo loss,
    /// 35,000 start, 40,000 target, uma 20-0-20 (proven on the Phoenix logs in `../shared/logs`).
    pub const fn sanma() -> GameRules {
        GameRules {
            players: 3,
            chi: false,
            kita: true,
            tsumo_loss: true,
            four_winds: false,
            four_riichi: false,
            triple_ron_abort: false,
            riichi_min_tiles: 3,
            start_points: 35000,
            target: 40000,
            uma: [20, 0, -20, 0],
            ..GameRules::tenhou()
        }
    }

    /// Mahjong Soul's three-player ranked rules (三人段位戦) as far as this engine models them:
    /// Tenhou's three-player rules with Mahjong Soul's uma (15-0-15), unrounded final points
    /// and double yakuman.
    pub const fn sanma_mahjong_soul() -> GameRules {
        GameRules {
            uma: [15, 0, -15, 0],
            round_final_points: false,
            double_yakuman: true,
            ..GameRules::sanma()
        }
    }

    /// Honba (本場) worth per counter: 300 with four players, 200 with three (100 per payer).
    pub const fn honba_value(&self) -> i32 {
        100 * (self.players as i32 - 1)
    }

    /// A preset by name: `tenhou`, `mahjong_soul`, `sanma`, `sanma_mahjong_soul`.
    pub fn preset(name: &str) -> Option<GameRules> {
        match name {
            "tenhou" => Some(GameRules::tenhou()),
            "mahjong_soul" | "majsoul" => Some(GameRules::mahjong_soul()),
            "sanma" | "tenhou_sanma" => Some(GameRules::sanma()),
            "sanma_mahjong_soul" | "sanma_majsoul" => Some(GameRules::sanma_mahjong_soul()),
            _ => None,
        }
    }

    /// Checks what a preset cannot get wrong but a hand-built value can: `players` is 3 or 4,
    /// `kita` only with three players. A round built from rules that fail this is not a game of
    /// riichi (`Round::new` reads any `players` other than 3 as 4); callers that take rules from
    /// outside (a file, Python) check them here first.
    ///
    /// # Errors
    /// The first switch out of range.
    pub fn validate(&self) -> Result<(), GameRulesError> {
        if !matches!(self.players, 3 | 4) {
            return Err(GameRulesError::Players(self.players));
        }
        if self.kita && self.players != 3 {
            return Err(GameRulesError::KitaWithFourPlayers);
        }
        Ok(())
    }

    /// The scorer's switches.
    pub fn riichi_rules(&self) -> RiichiRules {
        let mut rules = match self.players {
            3 => RiichiRules::THREE_PLAYER,
            _ => RiichiRules::FOUR_PLAYER,
        };
        rules.kuitan = self.open_tanyao;
        rules.aka = self.red_fives;
        rules.double_yakuman = self.double_yakuman;
        rules.kazoe_yakuman = self.kazoe_yakuman;
        rules.kiriage = self.kiriage;
        rules.renhou = Renhou::None;
        rules.tsumo_loss = self.tsumo_loss;
        rules
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_valid_and_other_seat_counts_are_errors() {
        for name in ["tenhou", "mahjong_soul", "sanma", "sanma_mahjong_soul"] {
            let rules = GameRules::preset(name).unwrap_or_default();
            assert_eq!(rules.validate(), Ok(()), "{name}");
        }
        for players in [0, 1, 2, 5, 255] {
            let rules = GameRules {
                players,
                ..GameRules::tenhou()
            };
            assert_eq!(rules.validate(), Err(GameRulesError::Players(players)));
        }
        let rules = GameRules {
            kita: true,
            ..GameRules::tenhou()
        };
        assert_eq!(rules.validate(), Err(GameRulesError::KitaWithFourPlayers));
    }
}
