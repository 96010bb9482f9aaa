//! Chinese Official rules (MCR, 国标麻将, 2006 edition): the 81 fans.
//!
//! [`score`] takes a [`Win`] (concealed tiles with the winning tile, declared melds, tsumo,
//! winds) and its [`Situation`] (last-tile and kong flags, flowers) and answers the best reading's fans ([`McrScore`]), or an
//! [`McrError`]; a win under 8 fan (flowers not counted) is [`McrError::BelowMinimum`], and
//! [`evaluate`] scores without that check.
//!
//! ```
//! use mj_score::mcr::{self, Fan, Situation, Win};
//!
//! // 123 456 789m 234p, waiting on 5s alone: 清龙 16 + 门前清 2 + 平和 2 + 单钓将 1.
//! let win = Win::new("123456789m234p55s".parse()?, &[], "5s".parse()?);
//! let s = mcr::score(&win, &Situation::default())?;
//! assert_eq!(s.total, 21);
//! assert_eq!(s.count(Fan::QingLong), 1);
//! assert_eq!(s.fans[0].name, "qing_long");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Rules
//!
//! - Every fan of the table ([`Fan`], [`FANS`]: protocol id, official name, value), in the rule
//!   book's order; the special forms 七对, 连七对, 十三幺, 全不靠, 七星不靠, 组合龙 (with a set
//!   and a pair, concealed or with one declared set) and 九莲宝灯 (1112345678999 of one suit
//!   concealed, won on any tile of the suit, plus the combinations the winning tile makes).
//! - The principles of the official text: 不重复 (a fan implied by a bigger one is not counted,
//!   the "不计" clauses in [`table`]), 不拆移, 不得相同 and 套算一次 (a set combines at most once
//!   with the sets already combined: three chows give at most two of 一般高 / 喜相逢 / 连六 /
//!   老少副, four chows at most three; a fourth pung combines once with a 3-pung fan).
//! - Kongs: 明杠 1, 暗杠 2, 双明杠 4, 双暗杠 6, 三杠 32, 四杠 88; one exposed and one concealed
//!   kong count 明杠 + 暗杠 (the official table has no 明暗杠).
//! - Win flags: `tsumo` (自摸), `last_tile` (和绝张: the winning tile is the last of its kind),
//!   `kong` (杠上开花 on a self-draw, 抢杠和 on a discard), `last_wall` (妙手回春 / 海底捞月).
//!   What the hand itself shows overrides the flags: 和绝张 is dropped when the hand holds
//!   another copy of the winning tile and is certain when the declared melds hold three;
//!   杠上开花 needs a declared kong; 抢杠和 needs the winning tile to appear nowhere else.
//! - Flowers: 花牌, 1 fan each, in the total but not in the 8-fan minimum.
//!
//! # Best reading and ties
//!
//! Every reading is scored (every decomposition of the concealed tiles into sets and a pair,
//! the knitted-straight form, the special forms; a discard won into a concealed pung makes it
//! exposed unless the tile can be read into a concealed chow) and the highest total wins. A
//! seven-pairs hand that also reads as sets and a pair takes the better of the two, the
//! standard reading on equal totals. Among standard readings of equal total the first in the
//! order of their sets' tiles is kept, unless a later one has 一色三同顺 or 三同刻 (the
//! reference implementation's preference). The unique-wait fans (边张, 嵌张, 单钓将) need the
//! hand before the winning tile to wait on that one kind only (by shape, seven pairs included).
//!
//! # Readings where the 2006 text leaves room
//!
//! These follow the common reading of the reference implementation (Jeff Wang's
//! `mahjong-algorithm`, the engine of `pymahjonggb`, against which `tests/mcr_oracle.rs` checks
//! all 27,390 fixture hands):
//!
//! - 九莲宝灯 needs the pure nine-sided wait (the 13 concealed tiles 1112345678999 of a suit) and
//!   also counts what the winning tile adds: 清龙 + 四归一 (1 or 9), 双暗刻 + 幺九刻 (2, 5, 8),
//!   连六 (2, 3, 4, 6, 7, 8); it does not count 清一色, 门前清, 不求人, 幺九刻 of the body.
//! - 七对 may hold four of a kind (counted with 四归一); 连七对 of 2-8 counts 断幺.
//! - 十三幺, 全不靠 and 七星不靠 count only the win flags beside themselves (自摸 on a
//!   self-draw, not 不求人); 全不靠 with all nine knitted tiles adds 组合龙.
//! - 清幺九 does not count 双同刻 (its pungs are all terminals); 四暗刻 turns 不求人 into 自摸.
//! - A 组合龙 hand may count 边张 / 嵌张 / 单钓将 from the set and pair beside the straight
//!   (when only that tile completed them), and 单钓将 when one set is declared and the pair is
//!   waited on.
//! - 明暗杠 (5 fan), an option of that implementation, is not used by default: one exposed and
//!   one concealed kong are 明杠 1 + 暗杠 2, as in the official table. [`McrOptions`] (switch
//!   `ming_an_gang` of `mj batch`) selects the 5-fan reading, for users of that convention.

mod engine;
pub mod table;

pub use mj_tiles::{Group, GroupKind, Reading};
use mj_tiles::{MeldKind, Tile};
use smallvec::SmallVec;

use crate::FanEntry;
use crate::rules::{SwitchError, SwitchValue};
use engine::{Ctx, EngineGroup, EngineReading};
pub use table::{FAN_COUNT, FANS, Fan, FanInfo};

/// The fewest fan a hand must be worth, flowers not counted.
pub const MINIMUM_FAN: u32 = 8;

/// The most flowers a game has.
pub const MAX_FLOWERS: u8 = 8;

pub use crate::Win;

/// What an MCR win adds to the [`Win`]: the last-tile and kong flags and the flowers
/// ([`Default`]: none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Situation {
    /// 和绝张: the winning tile is the last of its kind.
    pub last_tile: bool,
    /// Kong-related: 杠上开花 on a self-draw, 抢杠和 on a discard.
    pub kong: bool,
    /// The last tile of the wall: 妙手回春 on a self-draw, 海底捞月 on a discard.
    pub last_wall: bool,
    /// Flowers (0 to 8).
    pub flowers: u8,
}

/// The shape of the chosen reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// Four sets and a pair.
    Standard,
    /// 组合龙 plus a set and a pair.
    KnittedStraight,
    /// 七对.
    SevenPairs,
    /// 连七对.
    SevenShiftedPairs,
    /// 十三幺.
    ThirteenOrphans,
    /// 全不靠 or 七星不靠.
    HonorsAndKnitted,
    /// 九莲宝灯.
    NineGates,
}

/// A scored win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct McrScore {
    /// The fans counted, in table order (花牌 last, when there are flowers).
    pub fans: SmallVec<[FanEntry; 12]>,
    /// The total, flowers included.
    pub total: u32,
    /// The total without flowers (what the 8-fan minimum looks at).
    pub total_without_flowers: u32,
    /// The shape of the chosen reading.
    pub form: Form,
    /// The chosen reading, in engine terms ([`McrScore::groups`] spells it out).
    reading: EngineReading,
}

impl McrScore {
    /// The groups of the chosen reading (declared melds first) for the standard form (four sets
    /// and the pair) and the knitted-straight form (the set and the pair beside the straight,
    /// which [`McrScore::knitted`] gives); empty for the other special forms.
    pub fn groups(&self) -> Reading {
        match self.reading {
            EngineReading::Standard(packs) => packs.into_iter().map(group).collect(),
            EngineReading::Knitted(_, set, pair) => [group(set), group(pair)].into_iter().collect(),
            _ => Reading::new(),
        }
    }

    /// The knitted straight (组合龙) of the knitted-straight form: its nine tiles.
    pub fn knitted(&self) -> Option<[Tile; 9]> {
        match self.reading {
            EngineReading::Knitted(which, _, _) => {
                engine::KNITTED.get(which).map(|k| k.map(from_engine))
            }
            _ => None,
        }
    }

    /// How many times a fan counts (0 if absent).
    pub fn count(&self, fan: Fan) -> u32 {
        self.fans
            .iter()
            .find(|e| e.name == fan.name())
            .map_or(0, |e| e.count)
    }
}

/// Why a situation cannot be scored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum McrError {
    /// More than four declared melds.
    #[error("{0} declared melds: a hand has at most 4")]
    TooManyMelds(usize),
    /// The concealed tiles are not 14 minus 3 per declared meld.
    #[error("{found} concealed tiles with {melds} declared melds: expected {expected}")]
    HandSize {
        /// Concealed tiles given.
        found: usize,
        /// Declared melds.
        melds: usize,
        /// Concealed tiles needed.
        expected: usize,
    },
    /// The winning tile is not among the concealed tiles.
    #[error("the winning tile {0} is not among the concealed tiles")]
    WinTileNotInHand(Tile),
    /// A fifth copy of a kind in the concealed tiles and melds.
    #[error("a fifth copy of {0} in the hand and melds")]
    FifthCopy(Tile),
    /// A seat or round (prevalent) wind that is not a wind.
    #[error("the {which} wind must be one of 1z-4z, got {tile}")]
    NotAWind {
        /// `seat` or `prevalent` (the round wind).
        which: &'static str,
        /// The tile given.
        tile: Tile,
    },
    /// Wildcard kinds: MCR has none.
    #[error("the Chinese Official rules have no wildcards")]
    Wildcards,
    /// More than eight flowers.
    #[error("{0} flowers: a game has at most {MAX_FLOWERS}")]
    TooManyFlowers(u8),
    /// The tiles do not make a winning hand under these rules.
    #[error("not a winning hand under the Chinese Official rules")]
    NotAWin,
    /// A win worth less than [`MINIMUM_FAN`] without flowers.
    #[error("the hand is worth {fan} fan without flowers, below the minimum of {MINIMUM_FAN}")]
    BelowMinimum {
        /// The total without flowers.
        fan: u32,
        /// The full score.
        score: Box<McrScore>,
    },
}

/// Engine numbering of a tile (see the engine's module docs).
const fn to_engine(t: Tile) -> u8 {
    const MAP: [u8; 34] = {
        let mut m = [0u8; 34];
        let mut i = 0u8;
        while i < 34 {
            m[i as usize] = match i {
                0..=8 => i,
                9..=17 => i + 9,
                18..=26 => i - 9,
                31 => engine::WHITE,
                33 => engine::RED,
                _ => i,
            };
            i += 1;
        }
        m
    };
    MAP[t.index()]
}

fn from_engine(e: u8) -> Tile {
    let i = match e {
        0..=8 | 27..=30 | 32 => e,
        9..=17 => e + 9,
        18..=26 => e - 9,
        31 => 33,
        _ => 31,
    };
    Tile::ALL[usize::from(i).min(33)]
}

fn context(win: &Win, sit: &Situation) -> Result<Ctx, McrError> {
    if !win.wild.is_empty() {
        return Err(McrError::Wildcards);
    }
    let n = win.melds.len();
    if n > 4 {
        return Err(McrError::TooManyMelds(n));
    }
    let expected = 14 - 3 * n;
    let found = win.concealed.total() as usize;
    if found != expected {
        return Err(McrError::HandSize {
            found,
            melds: n,
            expected,
        });
    }
    for (which, tile) in [("seat", win.seat_wind), ("prevalent", win.round_wind)] {
        if !tile.is_wind() {
            return Err(McrError::NotAWind { which, tile });
        }
    }
    if sit.flowers > MAX_FLOWERS {
        return Err(McrError::TooManyFlowers(sit.flowers));
    }
    // Counts and kind masks in one pass over the tiles.
    let mut standing = [0u8; 34];
    let (mut held, mut pairs, mut odd, mut fixed_kinds) = (0u64, 0u64, 0u64, 0u64);
    for t in win.concealed.tiles() {
        let e = to_engine(t) as usize;
        standing[e] += 1;
        let bit = 1u64 << e;
        held |= bit;
        odd ^= bit;
        if standing[e] == 2 {
            pairs |= bit;
        }
    }
    let w = to_engine(win.win_tile);
    if standing[w as usize] == 0 {
        return Err(McrError::WinTileNotInHand(win.win_tile));
    }
    let mut fixed = [0u8; 34];
    let mut fixed_packs = [EngineGroup {
        kind: GroupKind::Pair,
        tile: 0,
        melded: false,
        meld: None,
    }; 4];
    for (slot, meld) in fixed_packs.iter_mut().zip(&win.melds) {
        for t in meld.tiles() {
            let e = to_engine(t) as usize;
            fixed[e] += 1;
            fixed_kinds |= 1 << e;
        }
        let base = to_engine(meld.base());
        *slot = match meld.kind() {
            MeldKind::Chi => EngineGroup {
                kind: GroupKind::Sequence,
                tile: base + 1,
                melded: true,
                meld: Some(meld.kind()),
            },
            MeldKind::Pon => EngineGroup {
                kind: GroupKind::Triplet,
                tile: base,
                melded: true,
                meld: Some(meld.kind()),
            },
            MeldKind::Minkan | MeldKind::Kakan => EngineGroup {
                kind: GroupKind::Quad,
                tile: base,
                melded: true,
                meld: Some(meld.kind()),
            },
            MeldKind::Ankan => EngineGroup {
                kind: GroupKind::Quad,
                tile: base,
                melded: false,
                meld: Some(meld.kind()),
            },
        };
    }
    let (mut fours, mut over) = (0i32, false);
    for (&s, &f) in standing.iter().zip(fixed.iter()) {
        let c = s + f;
        fours += i32::from(c == 4);
        over |= c > 4;
    }
    if over {
        let e = (0..34u8)
            .find(|&e| standing[e as usize] + fixed[e as usize] > 4)
            .unwrap_or(0);
        return Err(McrError::FifthCopy(from_engine(e)));
    }
    let wind = |t: Tile| (t.index() - Tile::EAST.index()) as u8;
    let mut ctx = Ctx {
        standing,
        fixed,
        fixed_packs,
        fixed_cnt: n,
        win: w,
        tsumo: win.tsumo,
        last_tile: sit.last_tile,
        kong: sit.kong,
        last_wall: sit.last_wall,
        seat: wind(win.seat_wind),
        prevalent: wind(win.round_wind),
        held,
        kinds_in_hand: held | fixed_kinds,
        pairs,
        odd,
        fours,
    };
    ctx.normalise_flags();
    Ok(ctx)
}

fn group(p: EngineGroup) -> Group {
    // The engine keeps a sequence by its middle tile.
    let lowest = match p.kind {
        GroupKind::Sequence => p.tile - 1,
        _ => p.tile,
    };
    Group {
        kind: p.kind,
        tile: from_engine(lowest),
        concealed: !p.melded,
        declared: p.meld,
    }
}

/// Switches of MCR scoring outside the 2006 text. The default is the official rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct McrOptions {
    /// 明暗杠 (5 fan): one melded and one concealed kong score 5 fan together, as in the
    /// reference implementation most MCR programs and the Botzone platform use, instead of the
    /// official 明杠 + 暗杠 (1 + 2). Switch `ming_an_gang` of `mj batch`.
    pub ming_an_gang: bool,
}

impl McrOptions {
    /// The official rules (every switch off): the registry's `mcr` defaults
    /// ([`crate::rules::SWITCHES`]).
    pub const OFFICIAL: McrOptions = McrOptions {
        ming_an_gang: crate::rules::registry_on("ming_an_gang", crate::rules::Preset::Mcr),
    };

    /// These options with 明暗杠 on or off.
    #[must_use]
    pub const fn with_ming_an_gang(mut self, on: bool) -> McrOptions {
        self.ming_an_gang = on;
        self
    }

    /// Sets a switch by its name in [`crate::rules::SWITCHES`] (`ming_an_gang`).
    ///
    /// ```
    /// use mj_score::mcr::McrOptions;
    /// use mj_score::rules::SwitchValue;
    /// let mut o = McrOptions::OFFICIAL;
    /// o.set("ming_an_gang", SwitchValue::Bool(true))?;
    /// assert!(o.ming_an_gang);
    /// # Ok::<(), mj_score::rules::SwitchError>(())
    /// ```
    ///
    /// # Errors
    /// A name MCR scoring does not read, or a value of the wrong type (unchanged then).
    pub fn set(&mut self, name: &str, value: SwitchValue) -> Result<(), SwitchError> {
        match (name, value) {
            ("ming_an_gang", SwitchValue::Bool(on)) => {
                self.ming_an_gang = on;
                Ok(())
            }
            _ => Err(SwitchError {
                owner: "mcr scoring",
                name: name.to_owned(),
                value,
            }),
        }
    }
}

/// The protocol id, Chinese name and value of 明暗杠 (not one of the 81 official fans).
pub const MING_AN_GANG: (&str, &str, u32) = ("ming_an_gang", "明暗杠", 5);

/// Scores a win without the 8-fan minimum, under the official rules.
///
/// # Errors
/// A malformed situation (sizes, fifth copy, winds, flowers) or [`McrError::NotAWin`].
pub fn evaluate(win: &Win, situation: &Situation) -> Result<McrScore, McrError> {
    evaluate_with(win, situation, &McrOptions::OFFICIAL)
}

/// [`evaluate`] under `options`. With [`McrOptions::ming_an_gang`], 明杠 + 暗杠 (which the
/// official table gives exactly for one melded and one concealed kong) become one 明暗杠 entry of
/// 5 fan, at 暗杠's place; the kongs are declared, so every reading gains the same 2 fan and the
/// chosen reading does not change.
///
/// # Errors
/// As [`evaluate`].
pub fn evaluate_with(
    win: &Win,
    situation: &Situation,
    options: &McrOptions,
) -> Result<McrScore, McrError> {
    let mut out = evaluate_official(win, situation)?;
    if options.ming_an_gang {
        let at = |fan: Fan| out.fans.iter().position(|e| e.name == fan.name());
        if let (Some(an), Some(_)) = (at(Fan::AnGang), at(Fan::MingGang)) {
            let (name, zh, fan) = MING_AN_GANG;
            out.fans[an] = FanEntry {
                name,
                zh,
                fan,
                count: 1,
            };
            out.fans.retain(|e| e.name != Fan::MingGang.name());
            let official = Fan::AnGang.value() + Fan::MingGang.value();
            out.total = out.total + fan - official;
            out.total_without_flowers = out.total_without_flowers + fan - official;
        }
    }
    Ok(out)
}

fn evaluate_official(win: &Win, situation: &Situation) -> Result<McrScore, McrError> {
    let ctx = context(win, situation)?;
    let (table, reading) = engine::evaluate(&ctx).ok_or(McrError::NotAWin)?;
    let mut out = McrScore {
        fans: SmallVec::new(),
        total: 0,
        total_without_flowers: 0,
        form: Form::Standard,
        reading,
    };
    let mut without = 0;
    engine::for_each_counted(&table, |i, count| {
        let info = &FANS[i];
        without += info.value * count;
        out.fans.push(FanEntry {
            name: info.name,
            zh: info.zh,
            fan: info.value,
            count,
        });
    });
    if situation.flowers > 0 {
        out.fans.push(FanEntry {
            name: Fan::HuaPai.name(),
            zh: Fan::HuaPai.zh(),
            fan: 1,
            count: u32::from(situation.flowers),
        });
    }
    out.total_without_flowers = without;
    out.total = without + u32::from(situation.flowers);
    out.form = match reading {
        EngineReading::Standard(_) => Form::Standard,
        EngineReading::Knitted(..) => Form::KnittedStraight,
        EngineReading::SevenPairs => Form::SevenPairs,
        EngineReading::SevenShiftedPairs => Form::SevenShiftedPairs,
        EngineReading::ThirteenOrphans => Form::ThirteenOrphans,
        EngineReading::HonorsAndKnitted => Form::HonorsAndKnitted,
        EngineReading::NineGates => Form::NineGates,
    };
    Ok(out)
}

/// Scores a win: [`evaluate`] plus the 8-fan minimum.
///
/// # Errors
/// As [`evaluate`], and [`McrError::BelowMinimum`] for a win under 8 fan without flowers.
pub fn score(win: &Win, situation: &Situation) -> Result<McrScore, McrError> {
    score_with(win, situation, &McrOptions::OFFICIAL)
}

/// [`score`] under `options` (see [`evaluate_with`]).
///
/// # Errors
/// As [`score`].
pub fn score_with(
    win: &Win,
    situation: &Situation,
    options: &McrOptions,
) -> Result<McrScore, McrError> {
    let s = evaluate_with(win, situation, options)?;
    if s.total_without_flowers < MINIMUM_FAN {
        return Err(McrError::BelowMinimum {
            fan: s.total_without_flowers,
            score: Box::new(s),
        });
    }
    Ok(s)
}
