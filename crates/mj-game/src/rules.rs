//! The rules of a game as one type, [`GameRules`]: a common part every flow reads (the flow,
//! the seats, chi, red fives, double ron, the starting points) and a part per flow
//! ([`RiichiSwitches`], [`SichuanSwitches`] for the Sichuan machinery that 红中麻将 plays on
//! too, [`HongzhongSwitches`], [`McrSwitches`]), each read by its flow only.
//!
//! Every switch is an entry of the one registry, `mj_hu::registry::SWITCHES`: its name, type,
//! the part that holds it, its value under each preset ([`GamePreset`]) and a doc line. The
//! presets are built from it at compile time ([`GameRules::tenhou`], ...), [`GameRules::set`]
//! and [`GameRules::get`] take the switches by name, [`GameRules::validate`] checks the ranges
//! it gives, and the tables of docs/rules.md are printed from it
//! ([`GameRules::switch_tables`], checked fresh by a test). A switch's name is its field's
//! name in its part (`rules.hongzhong.hz_birds` is the switch `hz_birds`).

use mj_hu::registry::{self, GamePart, SwitchType};
use mj_score::riichi::{Renhou, RiichiRules};
use serde::{Deserialize, Serialize};

pub use mj_hu::registry::{GamePreset, SwitchError, SwitchValue};

mod switches;

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
    /// The Sichuan and hongzhong flows are played by four.
    #[error("the sichuan, hongzhong and mcr flows need four players, got {0}")]
    FlowNeedsFourPlayers(u8),
    /// `mcr_own_walls` is a switch of the MCR flow.
    #[error("mcr_own_walls needs the mcr flow")]
    OwnWallsNeedMcr,
    /// `wildcards` is 0, or 4 with the Sichuan flow (红中血战).
    #[error("wildcards must be 0, or 4 with the sichuan flow, got {0}")]
    Wildcards(u8),
    /// A number out of the range the registry gives its switch: the stakes and multipliers of
    /// the Chinese flows (`base_stake` and `mcr_base` 0..=1,000; the kong, win and bird
    /// multiples 0..=100; `hz_kong_bloom` 1..=100), so that settlements stay far from overflow.
    #[error("{name} must be in {min}..={max}, got {value}")]
    Stake {
        /// The switch's name.
        name: &'static str,
        /// The value given.
        value: i32,
        /// The smallest value allowed.
        min: i32,
        /// The largest value allowed.
        max: i32,
    },
}

/// Which game's flow a round follows (`round::flow` holds each one's state and hooks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Flow {
    /// Japanese riichi (four or three players): one win (or several rons) ends the round.
    #[default]
    Riichi,
    /// Sichuan 血战到底: 108 suited tiles, 换三张, 定缺, winners leave and play goes on.
    Sichuan,
    /// 红中麻将 on the Sichuan machinery: 108 suited tiles and four 红中 (7z) as wildcards,
    /// self-drawn wins (ron per `hz_ron_without_wild`), one win ends the round, 抓鸟.
    Hongzhong,
    /// MCR (国标, Chinese Official rules): 136 tiles and eight flowers, chi / pon / kong, the
    /// 8-fan minimum of `mj_score::mcr`, one win ends the hand.
    Mcr,
}

impl Flow {
    /// Every flow, in the registry's order of names.
    pub const ALL: [Flow; 4] = [Flow::Riichi, Flow::Sichuan, Flow::Hongzhong, Flow::Mcr];

    /// Its name (the registry's value of `flow`).
    pub const fn name(self) -> &'static str {
        match self {
            Flow::Riichi => "riichi",
            Flow::Sichuan => "sichuan",
            Flow::Hongzhong => "hongzhong",
            Flow::Mcr => "mcr",
        }
    }

    /// `true` when this flow reads `part` of the rules (the common part: every flow; the
    /// Sichuan part: Sichuan and 红中麻将, which plays on its machinery).
    pub const fn reads(self, part: GamePart) -> bool {
        matches!(
            (self, part),
            (_, GamePart::Common)
                | (Flow::Riichi, GamePart::Riichi)
                | (Flow::Sichuan | Flow::Hongzhong, GamePart::Sichuan)
                | (Flow::Hongzhong, GamePart::Hongzhong)
                | (Flow::Mcr, GamePart::Mcr)
        )
    }
}

/// Where the three tiles of 换三张 go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Exchange {
    /// No exchange.
    #[default]
    Off,
    /// Two dice decide each round (sum modulo 3: 0 across, 1 to the next seat, 2 to the
    /// previous seat); the dice come from the round's wall, so a seeded game is reproducible.
    Dice,
    /// To the next seat in turn order (下家; counter-clockwise on the table).
    Next,
    /// To the previous seat in turn order (上家; clockwise on the table).
    Previous,
    /// To the seat across (对家).
    Across,
}

impl Exchange {
    /// Every direction, in the registry's order of names.
    pub const ALL: [Exchange; 5] = [
        Exchange::Off,
        Exchange::Dice,
        Exchange::Next,
        Exchange::Previous,
        Exchange::Across,
    ];

    /// The name used in events and docs: `off`, `dice`, `next`, `previous`, `across`.
    pub const fn name(self) -> &'static str {
        match self {
            Exchange::Off => "off",
            Exchange::Dice => "dice",
            Exchange::Next => "next",
            Exchange::Previous => "previous",
            Exchange::Across => "across",
        }
    }

    /// How many seats ahead in turn order the tiles go (1 next, 2 across, 3 previous); `None`
    /// for `Off` and `Dice` (the dice give the direction).
    pub const fn offset(self) -> Option<u8> {
        match self {
            Exchange::Next => Some(1),
            Exchange::Across => Some(2),
            Exchange::Previous => Some(3),
            Exchange::Off | Exchange::Dice => None,
        }
    }
}

/// Which `mj_score::sichuan` fan table scores Sichuan wins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SichuanTable {
    /// `SichuanRules::COMMON` (自摸加番, no cap).
    #[default]
    Common,
    /// `SichuanRules::ZIMO_JIADI` (自摸加底: a self-draw adds one base stake per payer instead
    /// of a fan).
    ZimoJiadi,
    /// `SichuanRules::CLASSIC` (the older table, 四番封顶).
    Classic,
}

impl SichuanTable {
    /// Every table, in the registry's order of names.
    pub const ALL: [SichuanTable; 3] = [
        SichuanTable::Common,
        SichuanTable::ZimoJiadi,
        SichuanTable::Classic,
    ];

    /// The name of the registry's `sichuan_table`: `common`, `zimo_jiadi`, `classic`.
    pub const fn name(self) -> &'static str {
        match self {
            SichuanTable::Common => "common",
            SichuanTable::ZimoJiadi => "zimo_jiadi",
            SichuanTable::Classic => "classic",
        }
    }

    /// The scorer's table, with `cap` in place of the table's own cap when given.
    pub fn rules(self, cap: Option<u8>) -> mj_score::sichuan::SichuanRules {
        use mj_score::sichuan::SichuanRules;
        let r = match self {
            SichuanTable::Common => SichuanRules::COMMON,
            SichuanTable::ZimoJiadi => SichuanRules::ZIMO_JIADI,
            SichuanTable::Classic => SichuanRules::CLASSIC,
        };
        match cap {
            Some(c) => r.with_cap(Some(u32::from(c))),
            None => r,
        }
    }
}

/// Every rule switch of a game: the common part and a part per flow (see the module docs; each
/// field's meaning and its value under every preset are in docs/rules.md and the registry).
/// Fields missing from serialized rules take the `tenhou` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct GameRules {
    /// The game's flow.
    pub flow: Flow,
    /// Seats at the table: 4, or 3 for three-player riichi (三麻: 108 tiles, 2m-8m removed;
    /// seat 3 is then absent and every `[_; 4]` array's fourth entry is 0 or unused).
    pub players: u8,
    /// Chi (吃) allowed (riichi; MCR from the left).
    pub chi: bool,
    /// One red five of each suit (赤ドラ) in the wall, worth one han each.
    pub red_fives: bool,
    /// Several seats may win on one discard (ダブロン, 一炮多响; riichi and Sichuan).
    pub double_ron: bool,
    /// Starting points.
    pub start_points: i32,
    /// The riichi flow's switches.
    pub riichi: RiichiSwitches,
    /// The Sichuan machinery's switches (Sichuan, and 红中麻将's stakes and kongs).
    pub sichuan: SichuanSwitches,
    /// 红中麻将's own switches.
    pub hongzhong: HongzhongSwitches,
    /// MCR's switches.
    pub mcr: McrSwitches,
}

/// The switches only the riichi flow reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct RiichiSwitches {
    /// North as kita (抜きドラ, three players only): a north may be set aside in one's turn
    /// (a replacement tile is drawn from the dead wall); each counts one dora for its owner's
    /// win. The north may still be kept in hand (a pair, a pon, a yakuhai-less set).
    pub kita: bool,
    /// Three players: on a tsumo the absent seat's share is not paid (ツモ損); off: it is split
    /// between the two payers, each half rounded up to 100 (no preset uses that).
    pub tsumo_loss: bool,
    /// Open tanyao (喰いタン).
    pub open_tanyao: bool,
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
    /// Points needed to end the match (and the returned points, 返し).
    pub target: i32,
    /// Uma by final rank, in thousands (first to fourth; three players: the fourth unused).
    pub uma: [i32; 4],
    /// Final scores are rounded to whole thousands before the uma (Tenhou until about 2021);
    /// off: points to the tenth.
    pub round_final_points: bool,
    /// Seats tied on score share the uma (and the oka) of the places they hold together; off:
    /// the tie goes to the seat nearer the first dealer (Tenhou's ranked rooms, Mahjong Soul).
    pub tied_ranks_share_uma: bool,
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

/// The switches of the Sichuan machinery: the Sichuan flow reads them all, 红中麻将 its stakes,
/// kongs and 过水.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct SichuanSwitches {
    /// 换三张, each seat passes three tiles of one suit, and where they go.
    pub exchange: Exchange,
    /// 定缺, each seat declares a suit it gives up; a hand holding that suit cannot win.
    pub declare_lack: bool,
    /// While the hand holds tiles of the suit given up, only those may be discarded.
    pub lack_first: bool,
    /// A seat that passes a win may not win on a discard until its own next discard (过水不胡).
    pub pass_skips_ron: bool,
    /// The base stake (底分): a win of `f` fan is paid `base_stake * 2^f`.
    pub base_stake: i32,
    /// 刮风: an open kong on a discard (直杠 / 点杠) is paid this many base stakes by the
    /// discarder.
    pub kong_open: i32,
    /// 刮风: an added kong (补杠 / 面下杠) is paid this many base stakes by every seat still
    /// playing.
    pub kong_added: i32,
    /// 下雨: a concealed kong (暗杠) is paid this many base stakes by every seat still playing.
    pub kong_concealed: i32,
    /// 呼叫转移: a win on the discard that follows a kong (杠上炮) takes that kong's income from
    /// the kong's owner.
    pub call_transfer: bool,
    /// 查大叫: at an exhaustive draw, seats not ready pay each ready seat its best possible hand
    /// (a win on a discard of its best wait).
    pub check_ready: bool,
    /// 查花猪: at an exhaustive draw, a seat still holding the suit it gave up (or three suits)
    /// pays every other seat still playing `hua_zhu_fan`.
    pub check_flower_pig: bool,
    /// 退税: at an exhaustive draw, seats not ready give back their kong income.
    pub refund_kongs: bool,
    /// The fan a flower pig pays (the cap when `fan_cap` or the table has one).
    pub hua_zhu_fan: u8,
    /// The fan table.
    pub sichuan_table: SichuanTable,
    /// A cap on the fan (封顶) in place of the table's own (`None`: the table's).
    pub fan_cap: Option<u8>,
    /// Wildcards in the wall, 0 or 4 (红中血战: the four 红中, 7z, join the 108 suited tiles as
    /// wildcards; see the crate docs). The hongzhong flow always has its four.
    pub wildcards: u8,
}

/// The switches only 红中麻将 reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct HongzhongSwitches {
    /// A win on a discard is allowed when the winner's hand (the discard included) holds no
    /// 红中; off: self-drawn wins only.
    pub hz_ron_without_wild: bool,
    /// Seven pairs (七对, wildcards pair with anything) is a winning shape.
    pub hz_seven_pairs: bool,
    /// Base stakes a win is paid by each payer (every other seat on a self-draw, the
    /// discarder alone on a discard).
    pub hz_win: i32,
    /// 抓鸟: tiles turned over from the live wall after a win (fewer when fewer are left).
    pub hz_birds: u8,
    /// 抓鸟: base stakes each bird pointing at the winner adds, per payer.
    pub hz_bird_stake: i32,
    /// 抓鸟: a 红中 turned over counts as a bird for the winner.
    pub hz_bird_wild_hits: bool,
    /// 抢杠胡: a seat holding no 红中 may win on the tile of another seat's added kong (the
    /// first in turn order from the kong's owner); the robbed kong is not paid.
    pub hz_rob_kong: bool,
    /// 抢杠胡 包赔: the robbed seat pays the win and its birds for all three other seats (what
    /// each would pay on a self-draw, three times); off: once, as on a discard.
    pub hz_rob_kong_pays_all: bool,
    /// 杠上花: a self-drawn win on a kong's replacement tile is paid this many times the
    /// self-draw's stake by each seat (1: no bonus; the birds are not multiplied).
    pub hz_kong_bloom: i32,
}

/// The switches only MCR reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct McrSwitches {
    /// The eight flowers (春夏秋冬梅兰竹菊) are in the wall (144 tiles); off: 136 tiles.
    pub mcr_flowers: bool,
    /// The base every losing seat pays the winner (8 in the competition rules); the discarder
    /// (every seat on a self-draw) pays the hand's fan on top.
    pub mcr_base: i32,
    /// Every seat draws from a wall of its own, as on Botzone (the `mcr_botzone` preset): the
    /// tiles are cut into four walls of a quarter each (34 tiles, 36 with flowers), the seat
    /// `k` places after the dealer owning the `k`-th; the deal, every draw and every
    /// replacement (for a flower or a kong) come from the drawer's own wall, and the hand is
    /// drawn when the seat due to draw finds its wall empty. Off: one shared wall (the deal
    /// from one end, replacements from the other).
    pub mcr_own_walls: bool,
}

impl Default for GameRules {
    fn default() -> Self {
        GameRules::tenhou()
    }
}

impl Default for RiichiSwitches {
    fn default() -> Self {
        GameRules::tenhou().riichi
    }
}

impl Default for SichuanSwitches {
    fn default() -> Self {
        GameRules::tenhou().sichuan
    }
}

impl Default for HongzhongSwitches {
    fn default() -> Self {
        GameRules::tenhou().hongzhong
    }
}

impl Default for McrSwitches {
    fn default() -> Self {
        GameRules::tenhou().mcr
    }
}

impl GameRules {
    /// The rules of a game preset, as the registry gives them (see the module docs).
    pub const fn of_preset(preset: GamePreset) -> GameRules {
        switches::PRESETS[preset as usize]
    }

    /// Tenhou's ranked rules (鳳凰卓 / 特上卓 with red fives).
    pub const fn tenhou() -> GameRules {
        GameRules::of_preset(GamePreset::Tenhou)
    }

    /// Mahjong Soul's ranked rules (段位戦).
    pub const fn mahjong_soul() -> GameRules {
        GameRules::of_preset(GamePreset::MahjongSoul)
    }

    /// Tenhou's three-player ranked rules (三麻 鳳凰卓): 108 tiles, no chi, kita, tsumo loss,
    /// 35,000 start, 40,000 target, uma 20-0-20 (proven on the Phoenix logs in `../shared/logs`).
    pub const fn sanma() -> GameRules {
        GameRules::of_preset(GamePreset::Sanma)
    }

    /// Mahjong Soul's three-player ranked rules (三人段位戦) as far as this engine models them:
    /// Tenhou's three-player rules with Mahjong Soul's uma (15-0-15), unrounded final points
    /// and double yakuman.
    pub const fn sanma_mahjong_soul() -> GameRules {
        GameRules::of_preset(GamePreset::SanmaMahjongSoul)
    }

    /// Sichuan 血战到底 (the `common` preset): 108 suited tiles, four players, no chi, no dora,
    /// 换三张 by dice, 定缺 with the lacking suit discarded first, winners leave and play goes
    /// on, 一炮多响, 刮风下雨 2/1/2, 呼叫转移, 查大叫, 查花猪, 退税, `mj_score::sichuan`'s
    /// common table, base stake 1, every seat starting at 0. See the crate docs for where each
    /// value comes from.
    pub const fn sichuan() -> GameRules {
        GameRules::of_preset(GamePreset::Sichuan)
    }

    /// 红中血战 (the `sichuan_hongzhong` preset): [`GameRules::sichuan`] with the four 红中 (7z)
    /// added to the wall as wildcards (a 112-tile wall); every other Sichuan rule unchanged.
    /// 红中 belong to no suit: they are never exchanged, never the suit given up, never make a
    /// flower pig, are discarded but never claimed (no pon, kong or win on one) and no kong is
    /// made of them. See the crate docs.
    pub const fn sichuan_hongzhong() -> GameRules {
        GameRules::of_preset(GamePreset::SichuanHongzhong)
    }

    /// 红中麻将 (the `hongzhong` preset; see the crate docs for each value's source): 108
    /// suited tiles and four 红中 (7z) as wildcards, pon and kong, no chi, self-drawn wins
    /// only, seven pairs, four 红中 win at once, one win ends the round, 抓鸟 of four birds
    /// (1/5/9 and 红中 hit, two base stakes each per payer), a win paid two base stakes by each
    /// payer, kongs 3 (on a discard, by the discarder) / 1 (added, by each) / 2 (concealed, by
    /// each), no exchange, no 定缺, no settlement at a draw.
    pub const fn hongzhong() -> GameRules {
        GameRules::of_preset(GamePreset::Hongzhong)
    }

    /// MCR (国标, the `mcr` preset; see the crate docs' MCR section for each value's source):
    /// 144 tiles with the eight flowers, chi (from the left) / pon / kong, the 8-fan minimum,
    /// no furiten, one winner per discard (the first in turn order from the discarder, 截和),
    /// a win paid 8 by every other seat plus the fan by the discarder (by every seat on a
    /// self-draw), no payment at a draw, no dealer repeat, every seat starting at 0.
    pub const fn mcr() -> GameRules {
        GameRules::of_preset(GamePreset::Mcr)
    }

    /// MCR as Botzone's Chinese Standard Mahjong plays it (the `mcr_botzone` preset; see the
    /// crate docs' MCR section for the source): [`GameRules::mcr`] with 136 tiles (no
    /// flowers) and a wall of 34 tiles for each seat (`mcr_own_walls`); every other switch as
    /// in `mcr`.
    pub const fn mcr_botzone() -> GameRules {
        GameRules::of_preset(GamePreset::McrBotzone)
    }

    /// `true` for the Sichuan flow.
    pub const fn is_sichuan(&self) -> bool {
        matches!(self.flow, Flow::Sichuan)
    }

    /// `true` for the hongzhong flow.
    pub const fn is_hongzhong(&self) -> bool {
        matches!(self.flow, Flow::Hongzhong)
    }

    /// `true` for the MCR (国标) flow.
    pub const fn is_mcr(&self) -> bool {
        matches!(self.flow, Flow::Mcr)
    }

    /// `true` for the flows that pay in stakes (Sichuan, hongzhong, MCR): four players, no
    /// dora, a ledger of stakes, no uma.
    pub const fn is_chinese(&self) -> bool {
        matches!(self.flow, Flow::Sichuan | Flow::Hongzhong | Flow::Mcr)
    }

    /// `true` when the four 红中 are in the wall as wildcards: the hongzhong flow, and the
    /// Sichuan flow with `wildcards: 4`.
    pub const fn red_wildcards(&self) -> bool {
        self.is_hongzhong() || (self.is_sichuan() && self.sichuan.wildcards == 4)
    }

    /// Honba (本場) worth per counter: 300 with four players, 200 with three (100 per payer).
    pub const fn honba_value(&self) -> i32 {
        100 * (self.players as i32 - 1)
    }

    /// The presets' names, as [`GameRules::preset`] takes them (each also has an alias there).
    pub const PRESETS: [&'static str; GamePreset::COUNT] = [
        GamePreset::Tenhou.name(),
        GamePreset::MahjongSoul.name(),
        GamePreset::Sanma.name(),
        GamePreset::SanmaMahjongSoul.name(),
        GamePreset::Sichuan.name(),
        GamePreset::SichuanHongzhong.name(),
        GamePreset::Hongzhong.name(),
        GamePreset::Mcr.name(),
        GamePreset::McrBotzone.name(),
    ];

    /// A preset by name: one of [`GameRules::PRESETS`] (`tenhou`, `mahjong_soul`, `sanma`,
    /// `sanma_mahjong_soul`, `sichuan`, `sichuan_hongzhong`, `hongzhong`, `mcr`, `mcr_botzone`)
    /// or an alias (`majsoul`, `tenhou_sanma`, `sanma_majsoul`, `xuezhan`, `xuezhan_hongzhong`,
    /// `guobiao`, `botzone`).
    pub fn preset(name: &str) -> Option<GameRules> {
        let canonical = match name {
            "majsoul" => "mahjong_soul",
            "tenhou_sanma" => "sanma",
            "sanma_majsoul" => "sanma_mahjong_soul",
            "xuezhan" => "sichuan",
            "xuezhan_hongzhong" => "sichuan_hongzhong",
            "guobiao" => "mcr",
            "botzone" => "mcr_botzone",
            other => other,
        };
        GamePreset::from_name(canonical).map(GameRules::of_preset)
    }

    /// The name in [`GameRules::PRESETS`] of the preset these rules equal, if any (a preset
    /// with one switch changed has none).
    ///
    /// ```
    /// use mj_game::GameRules;
    /// assert_eq!(GameRules::sichuan_hongzhong().preset_name(), Some("sichuan_hongzhong"));
    /// let mut custom = GameRules::hongzhong();
    /// custom.hongzhong.hz_birds = 6;
    /// assert_eq!(custom.preset_name(), None);
    /// ```
    pub fn preset_name(&self) -> Option<&'static str> {
        GamePreset::ALL
            .into_iter()
            .find(|&p| GameRules::of_preset(p) == *self)
            .map(GamePreset::name)
    }

    /// Checks what a preset cannot get wrong but a hand-built value can: `players` is 3 or 4,
    /// `kita` only with three players, the Sichuan flow with four, `mcr_own_walls` only in the
    /// MCR flow, `wildcards` 0 or 4 with the Sichuan flow, and every number in the range the
    /// registry gives its switch. `Round::try_new` and `Match::try_new` refuse rules that fail
    /// this; callers that take rules from outside (a file, Python, a command line) build
    /// through them.
    ///
    /// # Errors
    /// The first switch out of range.
    pub fn validate(&self) -> Result<(), GameRulesError> {
        if !matches!(self.players, 3 | 4) {
            return Err(GameRulesError::Players(self.players));
        }
        if self.riichi.kita && self.players != 3 {
            return Err(GameRulesError::KitaWithFourPlayers);
        }
        if self.is_chinese() && self.players != 4 {
            return Err(GameRulesError::FlowNeedsFourPlayers(self.players));
        }
        if self.mcr.mcr_own_walls && !self.is_mcr() {
            return Err(GameRulesError::OwnWallsNeedMcr);
        }
        let wildcards = self.sichuan.wildcards;
        if wildcards != 0 && !(wildcards == 4 && self.is_sichuan()) {
            return Err(GameRulesError::Wildcards(wildcards));
        }
        for (s, _) in registry::game_switches() {
            if let (SwitchType::Int { min, max }, Some(SwitchValue::Int(value))) =
                (s.ty, self.get(s.name))
                && !(min..=max).contains(&value)
            {
                return Err(GameRulesError::Stake {
                    name: s.name,
                    value,
                    min,
                    max,
                });
            }
        }
        Ok(())
    }

    /// The scorer's switches.
    pub fn riichi_rules(&self) -> RiichiRules {
        let mut rules = match self.players {
            3 => RiichiRules::THREE_PLAYER,
            _ => RiichiRules::FOUR_PLAYER,
        };
        let r = &self.riichi;
        rules.kuitan = r.open_tanyao;
        rules.aka = self.red_fives;
        rules.double_yakuman = r.double_yakuman;
        rules.kazoe_yakuman = r.kazoe_yakuman;
        rules.kiriage = r.kiriage;
        rules.renhou = Renhou::None;
        rules.tsumo_loss = r.tsumo_loss;
        rules
    }
}

#[cfg(test)]
mod tests;
