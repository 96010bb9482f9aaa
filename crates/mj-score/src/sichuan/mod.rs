//! Sichuan bloody battle (血战到底): fan and doublers, with wildcards (癞子).
//!
//! ```
//! use mj_score::sichuan::{score, SichuanRules, Situation, Win};
//! use mj_tiles::{Tile, TileCounts};
//! // 清七对 with a four of a kind (清龙七对): 5 fan, and self-drawn (自摸) 1 more.
//! let hand: TileCounts = "11223355557799m".parse().unwrap();
//! let mut win = Win::new(hand, &[], "9m".parse::<Tile>().unwrap());
//! win.tsumo = true;
//! let s = score(&win, &Situation::default(), &SichuanRules::default()).unwrap();
//! assert_eq!(s.fan, 6);
//! assert_eq!(s.fans[0].name, "qing_long_qi_dui");
//! ```
//!
//! # Winning hands
//!
//! 14 tiles (concealed + 3 per declared meld; a kong counts 3 toward the 14 and holds 4), no
//! honor tiles (an honor kind may be a *wildcard kind*, then its tiles are wildcards), tiles of at
//! most two numbered suits (缺一门; with `lack` the given suit must be absent and wildcards never
//! become it), as four sets and a pair or as seven pairs (a four of a kind counts as two pairs,
//! no declared melds). Wildcards stand for any numbered tile of an allowed suit with no
//! four-copy limit (PROTOCOL.md `wild`).
//!
//! # The fan table ([`SichuanRules::COMMON`], the default)
//!
//! | id | 名 | fan | absorbs |
//! |---|---|---|---|
//! | `ping_hu` | 平胡 | 0 | listed when no hand-pattern fan counts |
//! | `dui_dui_hu` | 对对胡 | 1 | |
//! | `qing_yi_se` | 清一色 | 2 | |
//! | `qi_dui` | 七对 | 2 | |
//! | `long_qi_dui` | 龙七对 | 3 | 七对 and one 根 (its four of a kind is not counted again) |
//! | `dai_yao_jiu` | 带幺九 | 2 | |
//! | `jiang_dui` | 将对 | 3 | 对对胡 (对对胡 of 2/5/8 only) |
//! | `jin_gou_diao` | 金钩钓 | 1 | added to 对对胡 (four declared pons/kongs, single wait): 2 in all |
//! | `qing_dui` | 清对 | 3 | 清一色, 对对胡 |
//! | `qing_qi_dui` | 清七对 | 4 | 清一色, 七对 |
//! | `qing_long_qi_dui` | 清龙七对 | 5 | 清一色, 七对, 龙七对, 清七对, one 根 |
//! | `qing_yao_jiu` | 清幺九 | 4 | 清一色, 带幺九 |
//! | `shi_ba_luo_han` | 十八罗汉 | 5 | 金钩钓 and its four 根 (with 对对胡: 6 in all) |
//! | `tian_hu` / `di_hu` | 天胡 / 地胡 | 5 | |
//! | `gen` | 根 | 1 each | every kind held 4 times, melds included (a kong counts) |
//! | `zi_mo` | 自摸 | 1 | |
//! | `gang_shang_hua` / `gang_shang_pao` | 杠上花 / 杠上炮 | 1 | (`kong` with / without `tsumo`) |
//! | `qiang_gang_hu` | 抢杠胡 | 1 | |
//! | `hai_di_lao_yue` / `hai_di_pao` | 海底捞月 / 海底炮 | 1 | (`last_wall` with / without `tsumo`) |
//!
//! So the composites equal the sums of their parts, as in the common texts: 清对 = 清一色 2 +
//! 对对胡 1, 龙七对 = 七对 2 + its 根 1, 清龙七对 = 清一色 2 + 龙七对 3, 将对 = 对对胡 1 + 2.
//! The table is data ([`FanRule`]: a value or `None` for "not recognised", the fans it absorbs,
//! the 根 it includes); presets: `common` (default), `zimo_jiadi` (自摸加底: 自摸 listed with 0
//! fan, the extra base point is outside the fan), `classic` (no 金钩钓/清幺九/十八罗汉/天胡/地胡,
//! 四番封顶). Any other platform table is a [`SichuanRules`] value.
//!
//! # Totals
//!
//! `fan_uncapped` = sum of `fan * count` over the rows; `fan` = `min(fan_uncapped, cap)` (封顶).
//! The score multiplier is `2^fan` ([`SichuanScore::multiplier`]; the CLI's extension field
//! `"multiplier"`). With wildcards, 根 counts every four copies of a kind (a wildcard may make a
//! fifth copy: eight copies are two 根).
//!
//! # The best reading
//!
//! Every decomposition (four sets + pair, seven pairs) under every wildcard substitution is a
//! reading; the answer is one of highest `fan_uncapped`. Ties go to the first in this order:
//! wildcard targets as a multiset in ascending tile order (1m < ... < 9s), the lexicographically
//! smallest first (with one suit held and none given up, wildcards that start a second suit take
//! the first empty one: m before p before s); then seven pairs; then the standard form as all-triplets and 带幺九, all
//! triplets, 带幺九, plain; the pair in the first suit (m, p, s) where it fits; inside a suit,
//! sets taken from the lowest tile, triplet before sequence before pair.
//! [`ScoredReading::wildcards`] says what each wildcard became (the CLI's `"wildcards"` extension:
//! `[{"tile": "7z", "as": "5m"}, ...]`, one entry per wildcard tile in hand order, present only
//! when the hand has wildcards).
//!
//! # Correctness and speed
//!
//! [`reference`](mod@reference) is a slow twin: backtracking over every set that can hold the lowest remaining
//! tile, each slot a real tile or a wildcard, and every multiset of wildcard pairs for seven
//! pairs, with fans computed from the sets one by one. The tests
//! (`tests/sichuan_reference.rs`) compare it with [`score`] on 250,000 seeded random situations
//! (0-4 wildcards, declared pons/kongs/chis, flags, near misses, every preset, some capped), on
//! 2,000 with 5-8 wildcards, and
//! exhaustively on every one-suit hand of 14 tiles, of 12 tiles + 2 wildcards and of 11 tiles +
//! 3 wildcards; [`reference::check_reading`] also re-derives the fans of the fast path's reading
//! from its groups. The fast path answers a hand without wildcards from three 8-bit suit masks
//! and digit masks (no search, no allocation); wildcards are searched as multisets of targets,
//! pruned by the hu tables (`benches/benches/score_sichuan.rs` measures both).
//!
//! # The `score` op
//!
//! `mj batch` answers `{"op": "score", "rules": "sichuan", ...}` with this module (see
//! `mj-protocol`'s `ops::score_sichuan`): request fields `win_tile`, `tsumo`, `kong`, `chankan`,
//! `last_wall`, `tenhou`, `chiihou`, `lack`, `cap`, option `sichuan_table` (a preset name);
//! answer `{"fan", "fans", "multiplier"}` plus `"wildcards"` when the hand holds any.

mod fast;
pub mod reference;
mod table;

use smallvec::SmallVec;

pub use mj_tiles::{Group, GroupKind, Reading};
use mj_tiles::{Meld, MeldKind, Suit, Tile};

use crate::FanEntry;

pub use table::{Fan, FanRule, SichuanRules};

pub use crate::Win;

/// What a Sichuan win adds to the [`Win`] (its wildcards are [`Win::wild`]; winds are not
/// read): the kong and last-tile flags and the suit given up ([`Default`]: none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Situation {
    /// On a kong: 杠上花 with `tsumo`, 杠上炮 without.
    pub kong: bool,
    /// Robbing a kong (抢杠胡); not with `tsumo`.
    pub chankan: bool,
    /// On the last tile: 海底捞月 with `tsumo`, 海底炮 without.
    pub last_wall: bool,
    /// 天胡 (needs `tsumo`, no melds).
    pub tenhou: bool,
    /// 地胡 (no melds).
    pub chiihou: bool,
    /// The suit given up (定缺), if declared.
    pub lack: Option<Suit>,
}

/// Why a situation is not a Sichuan win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotAWin {
    /// Tiles of the suit given up (花猪).
    #[error("the hand holds tiles of the suit given up ({0})")]
    LackedSuit(Suit),
    /// Tiles of all three suits (缺一门 fails).
    #[error("the hand holds tiles of all three suits (缺一门: at most two)")]
    ThreeSuits,
    /// No decomposition into four sets and a pair or seven pairs.
    #[error("no reading as four sets and a pair or as seven pairs")]
    NoShape,
}

/// Why a situation cannot be scored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SichuanError {
    /// Concealed tiles plus three per declared meld is not 14.
    #[error(
        "{concealed} concealed tiles with {melds} declared melds: a Sichuan win has 14 (concealed + 3 per meld, at most 4 melds)"
    )]
    HandSize {
        /// Concealed tiles, wildcards included.
        concealed: u32,
        /// Declared melds.
        melds: usize,
    },
    /// More than eight wildcards.
    #[error("{0} wildcards; at most 8 are supported")]
    TooManyWildcards(u32),
    /// The winning tile is not among the concealed tiles.
    #[error("the winning tile {0} is not among the concealed tiles")]
    WinTileNotInHand(Tile),
    /// A real honor tile (Sichuan has none; honors may only be wildcard kinds).
    #[error("{0} is an honor tile; Sichuan has none (an honor may only be a wildcard kind)")]
    HonorTile(Tile),
    /// More than four copies of a kind between the concealed tiles and the melds.
    #[error("fifth copy of {0} (concealed tiles and melds together)")]
    FifthCopy(Tile),
    /// Flags that cannot all hold.
    #[error("flags contradict: {0}")]
    Flags(&'static str),
    /// A valid situation that is not a win.
    #[error("not a win: {0}")]
    NotAWin(NotAWin),
    /// The committed hu tables failed validation (a broken build, never input).
    #[error("hu tables: {0}")]
    Tables(String),
}

/// What one wildcard became.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WildUse {
    /// The wildcard tile as held.
    pub tile: Tile,
    /// The tile it stands for in the reading.
    pub as_tile: Tile,
}

/// The reading a score comes from: its groups and what each wildcard became.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoredReading {
    /// Seven pairs (七对) rather than four sets and a pair.
    pub seven_pairs: bool,
    /// The concealed groups (the pair among them; seven pairs: seven pairs, a four of a kind as
    /// two), then the declared melds in the order given (a declared kong is a
    /// [`GroupKind::Quad`]).
    pub groups: Reading,
    /// One entry per wildcard tile, in hand order (by kind), with what it became.
    pub wildcards: SmallVec<[WildUse; 8]>,
}

/// A scored win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SichuanScore {
    /// The total after the cap.
    pub fan: u32,
    /// The total before the cap.
    pub fan_uncapped: u32,
    /// The fans that count, in [`Fan::ALL`] order (four inline: more spill to the heap).
    pub fans: SmallVec<[FanEntry; 4]>,
    /// The reading scored.
    pub reading: ScoredReading,
}

impl SichuanScore {
    /// `2^fan`, the payment multiplier of the capped total (saturating at `2^63`).
    pub fn multiplier(&self) -> u64 {
        1u64 << self.fan.min(63)
    }
}

/// Scores a winning situation: the best reading (module docs) under `rules`.
pub fn score(
    win: &Win,
    situation: &Situation,
    rules: &SichuanRules,
) -> Result<SichuanScore, SichuanError> {
    let prep = Prepared::new(win, situation)?;
    fast::score(&prep, rules)
}

/// A validated situation in the form both scorers start from.
#[derive(Clone, Debug)]
pub(crate) struct Prepared<'a> {
    /// Real (not wild) concealed tiles per numbered suit, one nibble per rank.
    pub conc: [u64; 3],
    /// Tiles of the declared melds per numbered suit, one nibble per rank.
    pub meld_tiles: [u64; 3],
    /// Wildcard tiles, in hand order.
    pub wild_tiles: SmallVec<[Tile; 8]>,
    /// Suits wildcards may become (bit per suit).
    pub allowed: u8,
    pub melds: &'a [Meld],
    /// Bit per numbered suit a declared meld uses.
    pub meld_suits: u8,
    pub kongs: u32,
    pub chis: u32,
    /// Every declared meld holds a 1 or a 9.
    pub melds_yaojiu: bool,
    /// Mask of the situation fans.
    pub situation: u32,
}

impl<'a> Prepared<'a> {
    pub(crate) fn new(win: &'a Win, sit: &Situation) -> Result<Prepared<'a>, SichuanError> {
        let n = win.concealed.total();
        let melds = win.melds.len();
        if melds > 4 || n + 3 * melds as u32 != 14 {
            return Err(SichuanError::HandSize {
                concealed: n,
                melds,
            });
        }
        if win.concealed.get(win.win_tile) == 0 {
            return Err(SichuanError::WinTileNotInHand(win.win_tile));
        }
        let held = win.concealed.eigens().map(|e| e.raw());
        // Real tiles: the held eigens minus the wildcard kinds.
        let mut real = held;
        let mut wild_tiles = SmallVec::new();
        for t in win.wild {
            let c = win.concealed.get(t);
            if c == 0 {
                continue;
            }
            if wild_tiles.len() + usize::from(c) > 8 {
                let w = win
                    .wild
                    .iter()
                    .map(|k| u32::from(win.concealed.get(k)))
                    .sum();
                return Err(SichuanError::TooManyWildcards(w));
            }
            for _ in 0..c {
                wild_tiles.push(t);
            }
            real[t.suit().index()] -= u64::from(c) << (4 * (t.rank() - 1));
        }
        if real[3] != 0 {
            let rank = real[3].trailing_zeros() / 4 + 1;
            let t = Tile::from_suit_rank(Suit::Honor, rank as u8).unwrap_or(Tile::EAST);
            return Err(SichuanError::HonorTile(t));
        }
        let mut meld_tiles = [0u64; 3];
        let (mut kongs, mut chis, mut melds_yaojiu, mut meld_suits) = (0, 0, true, 0u8);
        for m in &win.melds {
            let base = m.base();
            if base.is_honor() {
                return Err(SichuanError::HonorTile(base));
            }
            let s = base.suit().index();
            let unit = 1u64 << (4 * (base.rank() - 1));
            meld_suits |= 1 << s;
            let rank = base.rank();
            match m.kind() {
                MeldKind::Chi => {
                    chis += 1;
                    melds_yaojiu &= rank == 1 || rank == 7;
                    meld_tiles[s] += unit * 0x111;
                }
                k => {
                    kongs += u32::from(k.is_kan());
                    melds_yaojiu &= rank == 1 || rank == 9;
                    meld_tiles[s] += unit * k.tile_count() as u64;
                }
            }
        }
        // No fifth copy between the concealed tiles (wildcards of a numbered kind included) and
        // the melds: every digit of the sum at most 4 (a digit is at most 8, so no carry).
        for s in 0..3 {
            let sum = held[s] + meld_tiles[s];
            let over = (sum + 0x3_3333_3333) & 0x8_8888_8888;
            if over != 0 {
                let rank = over.trailing_zeros() / 4 + 1;
                return Err(SichuanError::FifthCopy(tile_of(s, rank - 1)));
            }
        }
        let situation = situation(win, sit)?;
        let conc = [real[0], real[1], real[2]];
        let mut real_suits = meld_suits;
        for (s, c) in conc.iter().enumerate() {
            if *c != 0 {
                real_suits |= 1 << s;
            }
        }
        let allowed = match sit.lack {
            Some(lack) => {
                if real_suits >> lack.index() & 1 != 0 {
                    return Err(SichuanError::NotAWin(NotAWin::LackedSuit(lack)));
                }
                0b111 & !(1 << lack.index())
            }
            None => 0b111,
        };
        if real_suits == 0b111 {
            return Err(SichuanError::NotAWin(NotAWin::ThreeSuits));
        }
        // With two suits held, wildcards stay in them (a third would break 缺一门). With one
        // suit held and none given up, the two empty suits are interchangeable: keep the first.
        let allowed = match real_suits.count_ones() {
            2 => real_suits,
            1 if sit.lack.is_none() => {
                let other = !real_suits & 0b111;
                real_suits | (other & other.wrapping_neg())
            }
            _ => allowed,
        };
        Ok(Prepared {
            conc,
            meld_tiles,
            wild_tiles,
            allowed,
            melds: &win.melds,
            meld_suits,
            kongs,
            chis,
            melds_yaojiu,
            situation,
        })
    }
}

/// The mask of situation fans, after checking that the flags can all hold.
fn situation(win: &Win, sit: &Situation) -> Result<u32, SichuanError> {
    let conflicts: [(bool, &'static str); 7] = [
        (
            sit.chankan && win.tsumo,
            "`chankan` (抢杠胡) is a win on another's tile, not `tsumo`",
        ),
        (
            sit.chankan && sit.kong,
            "`chankan` and `kong` cannot both hold",
        ),
        (
            sit.chankan && sit.last_wall,
            "`chankan` and `last_wall` cannot both hold",
        ),
        (
            sit.tenhou && !win.tsumo,
            "`tenhou` (天胡) is a self-drawn win: set `tsumo`",
        ),
        (
            sit.tenhou && sit.chiihou,
            "`tenhou` and `chiihou` cannot both hold",
        ),
        (
            (sit.tenhou || sit.chiihou) && !win.melds.is_empty(),
            "`tenhou`/`chiihou` hands have no declared melds",
        ),
        (
            sit.tenhou && (sit.kong || sit.last_wall),
            "`tenhou` is the first draw: no `kong` or `last_wall`",
        ),
    ];
    if let Some((_, why)) = conflicts.iter().find(|(c, _)| *c) {
        return Err(SichuanError::Flags(why));
    }
    let mut m = 0;
    let mut set = |on: bool, fan: Fan| {
        if on {
            m |= fan.bit();
        }
    };
    set(win.tsumo, Fan::ZiMo);
    set(sit.kong && win.tsumo, Fan::GangShangHua);
    set(sit.kong && !win.tsumo, Fan::GangShangPao);
    set(sit.chankan, Fan::QiangGangHu);
    set(sit.last_wall && win.tsumo, Fan::HaiDiLaoYue);
    set(sit.last_wall && !win.tsumo, Fan::HaiDiPao);
    set(sit.tenhou, Fan::TianHu);
    set(sit.chiihou, Fan::DiHu);
    Ok(m)
}

/// The tile of numbered suit `s` (0..3) and 0-based rank `r`.
pub(crate) fn tile_of(s: usize, r: u32) -> Tile {
    const SUITS: [Suit; 3] = [Suit::Man, Suit::Pin, Suit::Sou];
    // Ranks come from nibble positions 0..9 of a suit: always a tile.
    Tile::from_suit_rank(SUITS[s], r as u8 + 1).unwrap_or(Tile::EAST)
}

/// The declared melds as reading groups.
pub(crate) fn meld_groups(melds: &[Meld]) -> impl Iterator<Item = Group> + '_ {
    melds.iter().map(Group::of_meld)
}
