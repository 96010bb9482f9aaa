//! Riichi scoring (点数計算): yaku (役), fu (符) and points (点), PROTOCOL.md section `score`
//! under `"rules": "riichi"`.
//!
//! ```
//! use mj_score::riichi::{RiichiRules, Situation, Win, score};
//! use mj_tiles::notation::parse_pieces;
//! let pieces = parse_pieces("234m345p456s67888s")?;
//! let mut win = Win::from_pieces(&pieces, &[], "8s".parse()?)?;
//! win.tsumo = true;
//! let mut situation = Situation::default();
//! situation.dora.push("1z".parse()?); // indicator 1z: the dora is 2z, not held
//! let s = score(&win, &situation, &RiichiRules::default())?;
//! assert_eq!((s.han, s.fu), (3, 20)); // menzen tsumo, pinfu, tanyao
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Where each concept lives
//!
//! - [`Win`] (the hand, shared by every rule set: `crate::win`);
//! - [`Situation`], [`WinFlags`], [`RiichiRules`], [`Score`], [`ScoreError`]: this file;
//! - `reading`: the readings (解釈) of a win: every decomposition from `mj_agari` times every
//!   group the winning tile can complete (単騎 / 双碰 / 両面 / 嵌張 / 辺張), and the choice of
//!   the best one (highest payment; on a tie a real yakuman over kazoe, then more han, more fu);
//! - `yaku`: yaku (役) and yakuman (役満) detection, dora (ドラ, 赤ドラ, 裏ドラ);
//! - `fu`: fu (符) with its breakdown;
//! - `points`: basic points (基本点), limits (満貫..役満, 数え役満, 切り上げ満貫), payments.
//!
//! # Rule switches ([`RiichiRules`]) and their defaults
//!
//! | switch | default | meaning |
//! |---|---|---|
//! | `kuitan` | true | open tanyao (喰いタン) counts |
//! | `aka` | true | red fives count as aka dora (赤ドラ), one han each |
//! | `double_yakuman` | true | kokushi_13, suuankou_tanki, junsei_chuuren, daisuushii count 2 |
//! | `kazoe_yakuman` | true | 13+ han without a yakuman is paid as a yakuman (数え役満) |
//! | `kiriage` | false | 4 han 30 fu and 3 han 60 fu are paid as mangan (切り上げ満貫) |
//! | `renhou` | `none` | renhou (人和): `none` (not a yaku), `mangan` (the yaku `renhou`, 5 han), `yakuman` (`renhou_yakuman`) |
//! | `players` | `Four` | [`Players::Three`]: three-player riichi (三麻), see below |
//! | `tsumo_loss` | true | three players: a tsumo is not paid the absent seat's share (ツモ損); off: that share is split between the two payers (北家折半) |
//!
//! # Three players (三麻, [`Players::Three`])
//!
//! The hand shapes and yaku are unchanged; what differs, as on Tenhou's three-player tables (the
//! real Phoenix logs in `../shared/logs` are paid exactly so, `mj-game`'s `replay_real`):
//!
//! - the tiles 2m-8m do not exist: a hand, meld or indicator holding one is
//!   [`ScoreError::NotInThreePlayer`]; a 1m indicator makes 9m the dora (9m still makes 1m);
//! - [`Situation::kita`] counts the norths set aside (抜きドラ, 0-4; with the norths held, at most
//!   four): each is one han, plus one per dora indicator pointing at north (a west indicator) and,
//!   for a riichi win, one per such ura indicator. They are reported as one entry `kita` after the
//!   dora, count like dora (not a yaku; dropped on a yakuman hand) and with four players a kita is
//!   [`ScoreError::InconsistentFlags`];
//! - `rinshan` (嶺上開花) is also a win on a kita's replacement draw: it needs a kan or a kita;
//! - payments: a ron pays as with four players; a tsumo is paid by two players, each its
//!   four-player share; with `tsumo_loss` (the default: Tenhou, and Mahjong Soul's default) the
//!   absent seat's share is not paid, without it (北家折半, Mahjong Soul's alternative and MJ's rule)
//!   each payer adds half of that share, rounded up to 100 (non-dealer mangan 3,000 / 5,000,
//!   dealer mangan 6,000 all). Honba: 100 per counter from each payer on a tsumo, 200 per counter
//!   on a ron (Tenhou; the logs agree).
//!
//! # Reporting conventions
//!
//! - A yakuman hand (役満) has `han` 0, `yakuman` = the number of yakuman (a double counts 2
//!   when `double_yakuman` is on, else 1), each yakuman listed with `han` 0 and its `yakuman`
//!   count, no dora and no ordinary yaku; its `fu` is 0 and `fu_details` is empty.
//! - A counted yakuman (数え役満, 13+ han, `kazoe_yakuman` on) keeps the raw han in `han`, has
//!   `limit` yakuman, `yakuman` 0, and is paid as one yakuman. With the switch off it is a
//!   sanbaiman.
//! - Double riichi (ダブル立直) gives `double_riichi` (2 han) and not `riichi` as well.
//! - Ura dora (裏ドラ) count only with riichi or double riichi; without them `ura` is ignored.
//! - Dora entries (`dora`, `aka_dora`, `ura_dora`) appear only when non-zero and only when the
//!   hand has a yaku; a hand whose only han are dora is [`ScoreError::NoYaku`].
//! - Tenhou, chiihou (and renhou) are scored on the hand as given: kokushi 13-sided, suuankou
//!   tanki and junsei chuuren are decided by `win_tile` like any other win.
//! - A ron on the third tile of a concealed triplet (双碰 by ron) makes that triplet open for
//!   fu and for sanankou / suuankou.
//!
//! # Fu breakdown names (`fu_details`)
//!
//! Each [`FuPart`] names a source ([`FuSource::name`]): `base` (副底 20; 25 for chiitoitsu,
//! which has no other part), `menzen_ron` (門前加符 10), `tsumo` (ツモ符 2; not with pinfu), `wait` (嵌張, 辺張,
//! 単騎: 2), `pair` (雀頭: a dragon, the seat wind, the round wind 2 each; a double wind 4),
//! `open_triplet`, `closed_triplet`, `open_kan`, `closed_kan` (one part per set, the fu of that
//! set: 2/4/8/16, doubled for terminals and honors), `open_pinfu` (2: an open hand with no
//! other fu won by ron, so 22 rounds to 30). The parts sum to the fu before rounding up to 10
//! (chiitoitsu: 25 exactly).
//!
//! # Input checks
//!
//! [`score`] never panics: a wrong tile count, a fifth copy, a winning tile not in the hand,
//! winds that are not winds, or inconsistent flags (ippatsu without riichi, riichi with an open
//! meld, haitei by ron, rinshan without a kan, tenhou for a non-dealer, ...) are
//! [`ScoreError`]s; payments saturate instead of overflowing on absurd honba or stick counts.
//! Nagashi mangan (流し満貫) is not a winning hand and is not scored here.
//!
//! # Speed
//!
//! No allocation per hand: a reading's yaku are a 64-bit set with their sums, the entries and
//! the fu parts are built for the best reading only, on the stack (`SmallVec`). [`Win::new`]
//! checks the concealed tiles into an `mj_hu` hand once (rebuilt by [`score`] if `concealed`
//! changed since). The declared melds are read once per win, in one pass (`reading::Declared`:
//! their sets, what the yaku read from those sets, kinds, red fives, the fifth-copy check);
//! each reading then adds only its concealed sets. Instructions per hand on the bench's hands:
//! `benches/examples/score_riichi_instructions.rs` (run under `valgrind --tool=callgrind`).

mod context;
mod fu;
mod points;
mod reading;
mod yaku;

use mj_tiles::Tile;
use smallvec::SmallVec;

use crate::rules::{Preset, SwitchError, SwitchValue, registry_on};

pub use crate::Win;

pub use fu::{FuPart, FuSource};
pub use points::{Limit, Points};
pub use yaku::{Yaku, YakuEntry};

/// Renhou (人和, a win by ron before one's first draw) under the `renhou` switch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Renhou {
    /// Not a yaku (the default).
    #[default]
    None,
    /// The yaku `renhou`, 5 han (at least a mangan).
    Mangan,
    /// The yakuman `renhou_yakuman`.
    Yakuman,
}

/// How many play (三麻 or 四麻).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Players {
    /// Four players (the default).
    #[default]
    Four,
    /// Three players (三麻): no 2m-8m, kita, two payers on a tsumo (see the module docs).
    Three,
}

impl Players {
    /// The number of seats, 3 or 4.
    pub const fn count(self) -> u8 {
        match self {
            Players::Four => 4,
            Players::Three => 3,
        }
    }

    /// The value of a seat count: `None` for anything but 3 and 4.
    pub const fn from_count(n: u8) -> Option<Players> {
        match n {
            4 => Some(Players::Four),
            3 => Some(Players::Three),
            _ => None,
        }
    }
}

/// The riichi rule switches; [`Default`] gives PROTOCOL.md's defaults (see the module docs).
/// More switches may come: build one from [`RiichiRules::default`] or
/// [`RiichiRules::THREE_PLAYER`] and set fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct RiichiRules {
    /// Open tanyao (喰いタン): `true`.
    pub kuitan: bool,
    /// Red fives are aka dora (赤ドラ): `true`.
    pub aka: bool,
    /// Kokushi 13-sided, suuankou tanki, junsei chuuren and daisuushii count 2: `true`.
    pub double_yakuman: bool,
    /// 13+ han is a counted yakuman (数え役満): `true`.
    pub kazoe_yakuman: bool,
    /// 4 han 30 fu and 3 han 60 fu round up to mangan (切り上げ満貫): `false`.
    pub kiriage: bool,
    /// Renhou (人和): [`Renhou::None`].
    pub renhou: Renhou,
    /// Four or three players: [`Players::Four`].
    pub players: Players,
    /// Three players: a tsumo is not paid the absent seat's share (ツモ損): `true`. Ignored
    /// with four players.
    pub tsumo_loss: bool,
}

// `renhou`'s default in the registry is `none`, as the constants below have it.
const _: () = assert!(mj_hu::registry::is_name(
    mj_hu::registry::default_name("renhou"),
    "none"
));

impl RiichiRules {
    /// PROTOCOL.md's defaults, four players: each boolean switch as the registry
    /// ([`crate::rules::SWITCHES`]) sets it under `riichi`, and `tsumo_loss` as under `sanma`
    /// (ignored with four players).
    pub const FOUR_PLAYER: RiichiRules = RiichiRules {
        players: Players::Four,
        tsumo_loss: registry_on("tsumo_loss", Preset::Sanma),
        ..RiichiRules::of_registry(Preset::Riichi)
    };

    /// The same switches for three players (三麻, with tsumo loss): the registry's `sanma`
    /// defaults.
    pub const THREE_PLAYER: RiichiRules = RiichiRules {
        players: Players::Three,
        ..RiichiRules::of_registry(Preset::Sanma)
    };

    /// The registry's defaults under `preset` (four players).
    const fn of_registry(preset: Preset) -> RiichiRules {
        RiichiRules {
            kuitan: registry_on("kuitan", preset),
            aka: registry_on("aka", preset),
            double_yakuman: registry_on("double_yakuman", preset),
            kazoe_yakuman: registry_on("kazoe_yakuman", preset),
            kiriage: registry_on("kiriage", preset),
            renhou: Renhou::None,
            players: Players::Four,
            tsumo_loss: registry_on("tsumo_loss", preset),
        }
    }
}

impl RiichiRules {
    /// Sets one of its switches by its name in [`crate::rules::SWITCHES`] (`kuitan`, `aka`,
    /// `double_yakuman`, `kazoe_yakuman`, `kiriage`, `renhou`, `tsumo_loss`), as `mj batch`'s
    /// `options` do.
    ///
    /// # Errors
    /// A name riichi scoring does not read, or a value of the wrong type (unchanged then).
    pub fn set(&mut self, name: &str, value: SwitchValue) -> Result<(), SwitchError> {
        let field = match (name, value) {
            ("kuitan", SwitchValue::Bool(b)) => Some((&mut self.kuitan, b)),
            ("aka", SwitchValue::Bool(b)) => Some((&mut self.aka, b)),
            ("double_yakuman", SwitchValue::Bool(b)) => Some((&mut self.double_yakuman, b)),
            ("kazoe_yakuman", SwitchValue::Bool(b)) => Some((&mut self.kazoe_yakuman, b)),
            ("kiriage", SwitchValue::Bool(b)) => Some((&mut self.kiriage, b)),
            ("tsumo_loss", SwitchValue::Bool(b)) => Some((&mut self.tsumo_loss, b)),
            _ => None,
        };
        if let Some((field, on)) = field {
            *field = on;
            return Ok(());
        }
        let renhou = match (name, value) {
            ("renhou", SwitchValue::Name("none")) => Some(Renhou::None),
            ("renhou", SwitchValue::Name("mangan")) => Some(Renhou::Mangan),
            ("renhou", SwitchValue::Name("yakuman")) => Some(Renhou::Yakuman),
            _ => None,
        };
        match renhou {
            Some(r) => {
                self.renhou = r;
                Ok(())
            }
            None => Err(SwitchError {
                owner: "riichi scoring",
                name: name.to_owned(),
                value,
            }),
        }
    }
}

impl Default for RiichiRules {
    fn default() -> Self {
        RiichiRules::FOUR_PLAYER
    }
}

/// The situation flags of a win (all `false` by default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WinFlags {
    /// Riichi declared (立直).
    pub riichi: bool,
    /// Double riichi (ダブル立直), riichi on the first turn; `riichi` may be set or not.
    pub double_riichi: bool,
    /// One-shot (一発): needs riichi.
    pub ippatsu: bool,
    /// Tsumo on the last tile of the wall (海底摸月).
    pub haitei: bool,
    /// Ron on the last discard (河底撈魚).
    pub houtei: bool,
    /// Tsumo on a kan's replacement tile (嶺上開花): needs a kan.
    pub rinshan: bool,
    /// Ron on a tile added to a kan (槍槓).
    pub chankan: bool,
    /// The dealer's win on the first draw (天和).
    pub tenhou: bool,
    /// A non-dealer's win on the first draw (地和).
    pub chiihou: bool,
    /// A non-dealer's ron before the first draw (人和), scored per [`RiichiRules::renhou`].
    pub renhou: bool,
}

/// What a riichi win adds to the [`Win`]: the situation flags, the dora indicators and the
/// table's counters ([`Default`]: none of them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Situation {
    /// Situation flags (riichi, ippatsu, haitei, ...).
    pub flags: WinFlags,
    /// Dora indicators (ドラ表示牌), at most five.
    pub dora: SmallVec<[Tile; 5]>,
    /// Ura dora indicators (裏ドラ表示牌), at most five; count only with riichi.
    pub ura: SmallVec<[Tile; 5]>,
    /// Honba (本場) counters.
    pub honba: u32,
    /// Riichi sticks (供託) on the table, 1,000 points each, all going to the winner.
    pub riichi_sticks: u32,
    /// Three players: norths the winner set aside (抜きドラ, 0-4), each counted like a dora.
    pub kita: u8,
}

/// Why a win cannot be scored (more reasons may come with more rules).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScoreError {
    /// The concealed tiles plus the melds are not a 14-tile hand (a kan counting 3).
    #[error(
        "{concealed} concealed tiles with {melds} declared melds: a riichi win needs 14 - 3 x melds concealed tiles"
    )]
    WrongTileCount {
        /// Concealed tiles.
        concealed: u32,
        /// Declared melds.
        melds: usize,
    },
    /// More than four copies of a kind in the hand and melds.
    #[error("fifth copy of {0} (concealed tiles and melds together)")]
    FifthCopy(Tile),
    /// The winning tile is not one of the concealed tiles.
    #[error("the winning tile {0} is not in the concealed tiles")]
    WinTileNotInHand(Tile),
    /// A seat or round wind that is not a wind.
    #[error("{field} must be a wind (1z-4z), got {tile}")]
    NotAWind {
        /// `seat_wind` or `round_wind`.
        field: &'static str,
        /// The tile given.
        tile: Tile,
    },
    /// More than five dora or ura indicators.
    #[error("{field}: at most 5 indicators, got {count}")]
    TooManyIndicators {
        /// `dora` or `ura`.
        field: &'static str,
        /// How many were given.
        count: usize,
    },
    /// More than four kita.
    #[error("kita: at most 4 norths set aside, got {0}")]
    TooManyKita(u8),
    /// A tile that three-player riichi does not have (2m-8m).
    #[error("{field}: {tile} is not in three-player riichi (2m-8m are removed)")]
    NotInThreePlayer {
        /// `hand`, `melds`, `dora` or `ura`.
        field: &'static str,
        /// The tile given.
        tile: Tile,
    },
    /// Wildcard kinds: riichi has none.
    #[error("riichi has no wildcards")]
    Wildcards,
    /// Flags that cannot hold together; the message says which.
    #[error("inconsistent flags: {0}")]
    InconsistentFlags(&'static str),
    /// The hand is not a winning shape (seven pairs need seven different kinds).
    #[error("the hand is not a winning shape")]
    NotAWin,
    /// A winning shape without yaku (役無し); dora alone are not a yaku.
    #[error("the hand has no yaku (dora alone are not a yaku)")]
    NoYaku,
    /// The committed decomposition tables failed (a broken build, never user input).
    #[error("decomposition tables: {0}")]
    Tables(String),
}

/// The score of the best reading of a win (PROTOCOL.md `score` response).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// Han (翻): the raw sum of the yaku and dora; 0 for a yakuman hand.
    pub han: u32,
    /// Fu (符), rounded; 0 for a yakuman hand.
    pub fu: u32,
    /// The yaku, dora last.
    pub yaku: SmallVec<[YakuEntry; 16]>,
    /// Number of yakuman (a double counts 2); 0 for a counted yakuman.
    pub yakuman: u32,
    /// The limit reached, if any.
    pub limit: Option<Limit>,
    /// The payments, honba and riichi sticks included in `total`.
    pub points: Points,
    /// Where the fu come from (before rounding); empty for a yakuman hand.
    pub fu_details: SmallVec<[FuPart; 8]>,
}

/// Scores a win: the highest-paying reading over every decomposition and every group the
/// winning tile may complete. `situation` holds what riichi adds to the hand (flags, dora,
/// counters); a game passes the tiles held, the melds, the winning tile and those.
///
/// # Errors
/// A malformed win or situation (sizes, fifth copy, winds, flags; see [`ScoreError`]), a hand
/// that is not a win, or a win without yaku.
pub fn score(win: &Win, situation: &Situation, rules: &RiichiRules) -> Result<Score, ScoreError> {
    reading::best(win, situation, rules)
}
