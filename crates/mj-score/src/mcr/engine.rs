//! The scoring engine: readings of a winning hand (standard sets + pair, knitted straight with a
//! set and a pair, the special forms) and the fans of each, on fixed-size count arrays.
//!
//! Tiles are numbered here in the order the reference implementation of these rules walks them
//! (so that equal-total readings are met in the same order): 0-8 characters (m), 9-17 bamboo
//! (s), 18-26 dots (p), 27-30 East South West North, 31 Red (中), 32 Green (發), 33 White (白).

use super::table::{EXCLUSIONS, Exclusion, FAN_COUNT, Fan};

/// Counts of one fan per table row (signed: the wind clauses subtract 幺九刻 they absorbed).
pub(crate) type FanTable = [i8; TABLE_LEN];

/// The table's length: the fans, padded to whole 8-byte words.
pub(crate) const TABLE_LEN: usize = FAN_COUNT.div_ceil(8) * 8;

pub(crate) const RED: u8 = 31;
pub(crate) const GREEN: u8 = 32;
pub(crate) const WHITE: u8 = 33;
const EAST: u8 = 27;

const fn is_num(t: u8) -> bool {
    t < 27
}
const fn suit(t: u8) -> u8 {
    t / 9
}
const fn rank(t: u8) -> u8 {
    t % 9 + 1
}
const fn is_wind(t: u8) -> bool {
    t >= 27 && t <= 30
}
const fn is_dragon(t: u8) -> bool {
    t >= 31
}
const fn is_terminal(t: u8) -> bool {
    is_num(t) && (rank(t) == 1 || rank(t) == 9)
}

macro_rules! mask_of {
    ($pred:ident) => {{
        let mut m = 0u64;
        let mut t = 0u8;
        while t < 34 {
            if $pred(t) {
                m |= 1 << t;
            }
            t += 1;
        }
        m
    }};
}

const fn reversible(t: u8) -> bool {
    match suit(t) {
        2 => matches!(rank(t), 1 | 2 | 3 | 4 | 5 | 8 | 9),
        1 => matches!(rank(t), 2 | 4 | 5 | 6 | 8 | 9),
        3 => t == WHITE,
        _ => false,
    }
}
const fn green(t: u8) -> bool {
    (suit(t) == 1 && matches!(rank(t), 2 | 3 | 4 | 6 | 8)) || t == GREEN
}

const ALL_MASK: u64 = (1 << 34) - 1;
const NUM_MASK: u64 = (1 << 27) - 1;
const HONOR_MASK: u64 = ALL_MASK & !NUM_MASK;
const WIND_MASK: u64 = 0b1111 << 27;
const DRAGON_MASK: u64 = 0b111 << 31;
const TERMINAL_MASK: u64 = mask_of!(is_terminal);
const ORPHAN_MASK: u64 = TERMINAL_MASK | HONOR_MASK;
const REVERSIBLE_MASK: u64 = mask_of!(reversible);
const GREEN_MASK: u64 = mask_of!(green);
const SUIT_MASKS: [u64; 4] = [0x1ff, 0x1ff << 9, 0x1ff << 18, HONOR_MASK];

/// The six knitted straights (组合龙): 147, 258, 369 in three different suits.
pub(crate) const KNITTED: [[u8; 9]; 6] = {
    const PERMS: [[u8; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = [[0u8; 9]; 6];
    let mut p = 0;
    while p < 6 {
        let mut k = 0;
        while k < 3 {
            let base = PERMS[p][k] * 9 + k as u8;
            out[p][k * 3] = base;
            out[p][k * 3 + 1] = base + 3;
            out[p][k * 3 + 2] = base + 6;
            k += 1;
        }
        p += 1;
    }
    out
};

/// What a group of a reading is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Kind {
    Chow,
    Pung,
    Kong,
    Pair,
}

/// One group of a reading: `tile` is the middle tile of a chow, the kind of the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pack {
    pub(crate) kind: Kind,
    pub(crate) tile: u8,
    /// Declared from a discard (chi, pon, open or added kong); a closed kong is not.
    pub(crate) melded: bool,
}

impl Pack {
    const NONE: Pack = Pack {
        kind: Kind::Pair,
        tile: 0,
        melded: false,
    };
    const fn new(kind: Kind, tile: u8) -> Pack {
        Pack {
            kind,
            tile,
            melded: false,
        }
    }
}

/// The reading a score was taken from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reading {
    Standard([Pack; 5]),
    /// Knitted straight (index into [`KNITTED`]) plus one set and a pair.
    Knitted(usize, Pack, Pack),
    SevenPairs,
    SevenShiftedPairs,
    ThirteenOrphans,
    HonorsAndKnitted,
    NineGates,
}

/// A checked winning situation in engine numbering.
#[derive(Clone, Debug)]
pub(crate) struct Ctx {
    /// Concealed tiles, the winning tile included.
    pub(crate) standing: [u8; 34],
    /// Tiles of the declared melds.
    pub(crate) fixed: [u8; 34],
    pub(crate) fixed_packs: [Pack; 4],
    pub(crate) fixed_cnt: usize,
    pub(crate) win: u8,
    pub(crate) tsumo: bool,
    pub(crate) last_tile: bool,
    pub(crate) kong: bool,
    pub(crate) last_wall: bool,
    /// 0-3 for East-North.
    pub(crate) seat: u8,
    pub(crate) prevalent: u8,
    /// Kinds among the concealed tiles.
    pub(crate) held: u64,
    /// Kinds in the hand (concealed or declared).
    pub(crate) unique: u64,
    /// Concealed kinds held at least twice.
    pub(crate) pairs: u64,
    /// Concealed kinds held an odd number of times.
    pub(crate) odd: u64,
    /// Kinds with all four tiles in the hand.
    pub(crate) fours: i32,
}

impl Ctx {
    /// Applies what the situation implies about the flags: 和绝张 needs the winning tile to be
    /// the only copy in hand and is certain when the melds show the other three; 杠上开花 needs a
    /// declared kong; 抢杠和 needs the winning tile to appear nowhere else.
    pub(crate) fn normalise_flags(&mut self) {
        let w = self.win as usize;
        if self.standing[w] != 1 {
            self.last_tile = false;
        }
        if self.fixed[w] == 3 {
            self.last_tile = true;
        }
        if self.kong {
            if self.tsumo {
                let has_kong = self.fixed_packs[..self.fixed_cnt]
                    .iter()
                    .any(|p| p.kind == Kind::Kong);
                if !has_kong {
                    self.kong = false;
                }
            } else if self.fixed[w] != 0 || self.standing[w] != 1 {
                self.kong = false;
            }
        }
    }
}

/// The best reading and its fans, or `None` if the hand is not a win.
pub(crate) fn evaluate(ctx: &Ctx) -> Option<(FanTable, Reading)> {
    let unique = ctx.unique;
    let mut best: Option<(FanTable, Reading)> = None;
    let mut max_fan = 0u32;
    if ctx.fixed_cnt == 0 {
        let mut table = [0i8; TABLE_LEN];
        let reading = special_form(ctx, unique, &mut table)
            .or_else(|| knitted_straight(ctx, &mut table))
            .or_else(|| nine_gates(ctx, &mut table));
        if let Some(r) = reading {
            max_fan = total(&table);
            best = Some((table, r));
        }
    } else if ctx.fixed_cnt == 1 {
        let mut table = [0i8; TABLE_LEN];
        if let Some(r) = knitted_straight(ctx, &mut table) {
            max_fan = total(&table);
            best = Some((table, r));
        }
    }
    let seven_pairs = matches!(&best, Some((t, _)) if t[Fan::QiDui as usize] == 1);
    if max_fan == 0 || seven_pairs {
        let mut counts = ctx.standing;
        let unique_standing = ctx.held;
        // Whether the hand waited on one kind only: worked out the first time a reading asks.
        let mut waiting: Option<bool> = None;
        let mut unique_waiting = || {
            *waiting.get_or_insert_with(|| {
                let mut standing = [0u16; 34];
                for (s, &c) in standing.iter_mut().zip(ctx.standing.iter()) {
                    *s = u16::from(c);
                }
                let standing_cnt = 13 - 3 * ctx.fixed_cnt as i32;
                is_unique_waiting(&mut standing, standing_cnt, ctx.win, ctx.held, Some(4))
            })
        };
        let mut packs = [Pack::NONE; 5];
        packs[..ctx.fixed_cnt].copy_from_slice(&ctx.fixed_packs[..ctx.fixed_cnt]);
        if ctx.pairs != 0 {
            let mut chosen: Option<(FanTable, Reading)> = None;
            divide(
                &mut counts,
                unique_standing,
                ctx.fixed_cnt,
                0,
                false,
                &mut packs,
                &mut |packs| {
                    let table = regular(ctx, packs, unique, &mut unique_waiting);
                    let fan = total(&table);
                    let take = if fan > max_fan {
                        max_fan = fan;
                        true
                    } else {
                        // Equal totals: the later reading wins if it has 一色三同顺 or 三同刻 (or
                        // if the competitor is the seven-pairs reading).
                        fan == max_fan
                            && (table[Fan::YiSeSanTongShun as usize] == 1
                                || seven_pairs
                                || table[Fan::SanTongKe as usize] != 0)
                    };
                    if take {
                        chosen = Some((table, Reading::Standard(*packs)));
                    }
                },
            );
            if chosen.is_some() {
                best = chosen;
            }
        }
    }
    if max_fan == 0 { None } else { best }
}

/// The sum of value × count (flowers are added by the caller).
pub(crate) fn total(table: &FanTable) -> u32 {
    let mut sum = 0;
    for_each_counted(table, |i, count| sum += count * super::table::FANS[i].value);
    sum
}

/// Calls `f(index, count)` for every fan of `table` with a positive count, in table order
/// (eight counts at a time: a word whose bytes are all zero is skipped at once).
pub(crate) fn for_each_counted(table: &FanTable, mut f: impl FnMut(usize, u32)) {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    for (k, chunk) in table.chunks_exact(8).enumerate() {
        let word = <[i8; 8]>::try_from(chunk).unwrap_or_default();
        let x = u64::from_le_bytes(word.map(|c| c.to_ne_bytes()[0]));
        if x == 0 {
            continue;
        }
        // The high bit of each byte: set when the byte is non-zero and not negative.
        let mut positive = (((x & !HIGH) + !HIGH) | x) & HIGH & !x;
        while positive != 0 {
            let j = positive.trailing_zeros() as usize / 8;
            positive &= positive - 1;
            f(k * 8 + j, u32::from(chunk[j].unsigned_abs()));
        }
    }
}

/// The order key of a set (its three tiles), as the reference compares sets: never 0.
const fn eigen(a: u8, b: u8, c: u8) -> u32 {
    ((a as u32 + 1) << 16) | ((b as u32 + 1) << 8) | (c as u32 + 1)
}

/// The first tile a set after `prev` can start at (sets come in non-decreasing order).
const fn start_of(prev: u32) -> u8 {
    if prev == 0 { 0 } else { (prev >> 16) as u8 - 1 }
}

/// A tile code with gaps between the suits, so that `+ 1` / `+ 3` never cross a suit.
const fn sp(t: u8) -> u8 {
    suit(t) * 16 + rank(t)
}

/// The kinds with a non-zero count.
fn mask_of_counts<T: Copy + Default + PartialEq>(counts: &[T; 34]) -> u64 {
    let zero = T::default();
    counts
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c != zero)
        .fold(0u64, |m, (i, _)| m | 1 << i)
}

/// `mask` without the kinds `range` whose count is now 0.
fn clear_empty<T: Copy + Default + PartialEq>(
    mask: u64,
    counts: &[T; 34],
    range: std::ops::Range<usize>,
) -> u64 {
    let mut m = mask;
    for i in range {
        if counts[i] == T::default() {
            m &= !(1 << i);
        }
    }
    m
}

/// Every standard reading of `counts` (sets in non-decreasing order, then the pair), in the
/// order of the sets' tiles, each passed to `f` with the declared melds in front. `mask`: the
/// kinds with a non-zero count; `below`: a tile below the sets still to come is left over (it
/// can only be the pair).
fn divide(
    counts: &mut [u8; 34],
    mask: u64,
    idx: usize,
    prev: u32,
    below: bool,
    packs: &mut [Pack; 5],
    f: &mut impl FnMut(&[Pack; 5]),
) {
    if idx == 4 {
        // The rest must be exactly one pair.
        let t = mask.trailing_zeros() as u8;
        if mask.count_ones() == 1 && counts[t as usize] == 2 {
            packs[4] = Pack::new(Kind::Pair, t);
            f(packs);
        }
        return;
    }
    let mut below = below;
    let mut m = mask & (!0u64 << start_of(prev));
    while m != 0 {
        let t = m.trailing_zeros() as u8;
        m &= m - 1;
        let i = t as usize;
        if counts[i] > 2 {
            let e = eigen(t, t, t);
            if e > prev {
                packs[idx] = Pack::new(Kind::Pung, t);
                counts[i] -= 3;
                let child = clear_empty(mask, counts, i..i + 1);
                divide(counts, child, idx + 1, e, below, packs, f);
                counts[i] += 3;
            }
        }
        if is_num(t) && rank(t) < 8 && counts[i + 1] > 0 && counts[i + 2] > 0 {
            let e = eigen(t, t + 1, t + 2);
            if e >= prev {
                packs[idx] = Pack::new(Kind::Chow, t + 1);
                counts[i] -= 1;
                counts[i + 1] -= 1;
                counts[i + 2] -= 1;
                let child = clear_empty(mask, counts, i..i + 3);
                divide(counts, child, idx + 1, e, below, packs, f);
                counts[i] += 1;
                counts[i + 1] += 1;
                counts[i + 2] += 1;
            }
        }
        // Later sets start above `t`: what is left of it can only be the pair.
        if counts[i] != 2 || below {
            return;
        }
        below = true;
    }
}

// ---------------------------------------------------------------- waits

/// Marks the tile a two-tile partial set (after the pair is removed) waits on. Counts are
/// 16-bit and wrap like the reference's, see [`knitted_straight`].
fn partial_waits(table: &[u16; 34], mask: u64, waits: &mut u64) {
    let mut m = mask;
    while m != 0 {
        let t = m.trailing_zeros() as u8;
        m &= m - 1;
        let i = t as usize;
        if table[i] > 1 {
            *waits |= 1 << t;
            return;
        }
        if is_num(t) {
            let r = rank(t);
            if r > 1 && table[i - 1] != 0 {
                if r < 9 {
                    *waits |= 1 << (t + 1);
                }
                if r > 2 {
                    *waits |= 1 << (t - 2);
                }
                return;
            }
            if r > 2 && table[i - 2] != 0 {
                *waits |= 1 << (t - 1);
                return;
            }
        }
    }
}

/// The waits of a standard hand (`cnt` = 3k + 1 tiles; `mask`: the kinds with a non-zero
/// count). `left`: how many tiles below the sets still to come may be left over (at most 4
/// remain at the end: a pair and a partial set), or `None` for counts that wrapped (no pruning).
fn regular_waits(
    table: &mut [u16; 34],
    mask: u64,
    cnt: i32,
    prev: u32,
    left: Option<u32>,
    waits: &mut u64,
) {
    if cnt == 1 {
        let mut m = mask;
        while m != 0 {
            let t = m.trailing_zeros() as u8;
            m &= m - 1;
            if table[t as usize] == 1 {
                *waits |= 1 << t;
                break;
            }
        }
        return;
    }
    if cnt == 4 {
        let mut m = mask;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            if table[i] < 2 {
                continue;
            }
            table[i] = table[i].wrapping_sub(2);
            partial_waits(table, clear_empty(mask, table, i..i + 1), waits);
            table[i] = table[i].wrapping_add(2);
        }
    }
    let mut left = left;
    let mut m = mask & (!0u64 << start_of(prev));
    while m != 0 {
        if waits.count_ones() > 1 {
            return;
        }
        let t = m.trailing_zeros() as u8;
        m &= m - 1;
        let i = t as usize;
        if table[i] > 2 {
            let e = eigen(t, t, t);
            if e > prev {
                table[i] = table[i].wrapping_sub(3);
                let child = clear_empty(mask, table, i..i + 1);
                regular_waits(table, child, cnt - 3, e, left, waits);
                table[i] = table[i].wrapping_add(3);
            }
        }
        if is_num(t) && rank(t) < 8 && table[i + 1] != 0 && table[i + 2] != 0 {
            let e = eigen(t, t + 1, t + 2);
            if e >= prev {
                for c in &mut table[i..i + 3] {
                    *c = c.wrapping_sub(1);
                }
                let child = clear_empty(mask, table, i..i + 3);
                regular_waits(table, child, cnt - 3, e, left, waits);
                for c in &mut table[i..i + 3] {
                    *c = c.wrapping_add(1);
                }
            }
        }
        if let Some(l) = left {
            match l.checked_sub(u32::from(table[i])) {
                Some(rest) => left = Some(rest),
                None => return,
            }
        }
    }
}

/// Whether the hand before the winning tile (`table` holds it; `cnt` tiles without it) waits on
/// exactly one kind, by shape (standard form, plus seven pairs for 13 tiles).
/// `mask`: the kinds `table` holds; `left`: see [`regular_waits`].
fn is_unique_waiting(
    table: &mut [u16; 34],
    cnt: i32,
    win: u8,
    mask: u64,
    left: Option<u32>,
) -> bool {
    let w = win as usize;
    let mut waits = 0u64;
    table[w] = table[w].wrapping_sub(1);
    let mask = clear_empty(mask, table, w..w + 1);
    if cnt == 13 {
        // Seven pairs: six pairs (four of a kind is two) and the tile of the odd one out.
        let (mut pairs, mut odd) = (0u32, None);
        let mut m = mask;
        while m != 0 {
            let t = m.trailing_zeros() as u8;
            m &= m - 1;
            match table[t as usize] {
                1 => odd = odd.or(Some(t)),
                2 => pairs += 1,
                3 => {
                    pairs += 1;
                    odd = odd.or(Some(t));
                }
                4 => pairs += 2,
                _ => {}
            }
        }
        if let Some(t) = odd.filter(|_| pairs == 6) {
            waits |= 1 << t;
        }
    }
    regular_waits(table, mask, cnt, 0, left, &mut waits);
    table[w] = table[w].wrapping_add(1);
    waits.count_ones() == 1
}

/// 边张, 嵌张 or 单钓将 from where the winning tile sits in the concealed groups (only one
/// counts: edge, else closed, else single).
fn wait_fans(packs: &[Pack], win: u8, unique: impl FnOnce() -> bool, table: &mut FanTable) {
    if table[Fan::QuanQiuRen as usize] != 0 || table[Fan::SiGang as usize] != 0 {
        return;
    }
    let (mut edge, mut closed, mut single) = (false, false, false);
    for p in packs {
        match p.kind {
            Kind::Chow if p.tile == win => closed = true,
            Kind::Chow if p.tile + 1 == win || p.tile == win + 1 => edge = true,
            Kind::Pair if p.tile == win => single = true,
            _ => {}
        }
    }
    if !(edge || closed || single) || !unique() {
        return;
    }
    if edge {
        table[Fan::BianZhang as usize] = 1;
    } else if closed {
        table[Fan::KanZhang as usize] = 1;
    } else if single {
        table[Fan::DanDiaoJiang as usize] = 1;
    }
}

// ---------------------------------------------------------------- groups of sets

fn is_mixed(a: u8, b: u8, c: u8) -> bool {
    a != b && a != c && b != c
}

fn shifted_1_unordered(a: u8, b: u8, c: u8) -> bool {
    let mut r = [a, b, c];
    r.sort_unstable();
    r[0] + 1 == r[1] && r[1] + 1 == r[2]
}

fn four_chows_fan(t: [u8; 4]) -> Option<Fan> {
    let t = t.map(sp);
    let step = |d: u8| t[0] + d == t[1] && t[1] + d == t[2] && t[2] + d == t[3];
    if step(2) || step(1) {
        return Some(Fan::YiSeSiBuGao);
    }
    if step(0) {
        return Some(Fan::YiSeSiTongShun);
    }
    None
}

fn three_chows_fan(t0: u8, t1: u8, t2: u8) -> Option<Fan> {
    let (r0, r1, r2) = (rank(t0), rank(t1), rank(t2));
    if is_mixed(suit(t0), suit(t1), suit(t2)) {
        if shifted_1_unordered(r0, r1, r2) {
            return Some(Fan::SanSeSanBuGao);
        }
        if r0 == r1 && r1 == r2 {
            return Some(Fan::SanSeSanTongShun);
        }
        let mut r = [r0, r1, r2];
        r.sort_unstable();
        if r == [2, 5, 8] {
            return Some(Fan::HuaLong);
        }
    } else {
        let (t0, t1, t2) = (sp(t0), sp(t1), sp(t2));
        if t0 + 3 == t1 && t1 + 3 == t2 {
            return Some(Fan::QingLong);
        }
        if (t0 + 2 == t1 && t1 + 2 == t2) || (t0 + 1 == t1 && t1 + 1 == t2) {
            return Some(Fan::YiSeSanBuGao);
        }
        if t0 == t1 && t0 == t2 {
            return Some(Fan::YiSeSanTongShun);
        }
    }
    None
}

fn two_chows_fan(t0: u8, t1: u8) -> Option<Fan> {
    if suit(t0) != suit(t1) {
        if rank(t0) == rank(t1) {
            return Some(Fan::XiXiangFeng);
        }
    } else {
        if t0 + 3 == t1 || t1 + 3 == t0 {
            return Some(Fan::LianLiu);
        }
        let (r0, r1) = (rank(t0), rank(t1));
        if (r0 == 2 && r1 == 8) || (r0 == 8 && r1 == 2) {
            return Some(Fan::LaoShaoFu);
        }
        if t0 == t1 {
            return Some(Fan::YiBanGao);
        }
    }
    None
}

fn four_pungs_fan(t: [u8; 4]) -> Option<Fan> {
    let s = t.map(sp);
    if is_num(t[0]) && s[0] + 1 == s[1] && s[1] + 1 == s[2] && s[2] + 1 == s[3] {
        return Some(Fan::YiSeSiJieGao);
    }
    if t == [EAST, EAST + 1, EAST + 2, EAST + 3] {
        return Some(Fan::DaSiXi);
    }
    None
}

fn three_pungs_fan(t0: u8, t1: u8, t2: u8) -> Option<Fan> {
    if is_num(t0) && is_num(t1) && is_num(t2) {
        let (r0, r1, r2) = (rank(t0), rank(t1), rank(t2));
        if is_mixed(suit(t0), suit(t1), suit(t2)) {
            if shifted_1_unordered(r0, r1, r2) {
                return Some(Fan::SanSeSanJieGao);
            }
            if r0 == r1 && r1 == r2 {
                return Some(Fan::SanTongKe);
            }
        } else if sp(t0) + 1 == sp(t1) && sp(t1) + 1 == sp(t2) {
            return Some(Fan::YiSeSanJieGao);
        }
    } else {
        if is_wind(t0) && is_wind(t1) && is_wind(t2) {
            return Some(Fan::SanFengKe);
        }
        if t0 == RED && t1 == GREEN && t2 == WHITE {
            return Some(Fan::DaSanYuan);
        }
    }
    None
}

fn two_pungs_fan(t0: u8, t1: u8) -> Option<Fan> {
    if is_num(t0) && is_num(t1) {
        if rank(t0) == rank(t1) {
            return Some(Fan::ShuangTongKe);
        }
    } else if is_dragon(t0) && is_dragon(t1) {
        return Some(Fan::ShuangJianKe);
    }
    None
}

/// With three chows already combined, the fourth counts at most once with them (套算一次):
/// 一般高, else 喜相逢, else 连六, else 老少副.
fn extra_chow_fan(t: [u8; 3], extra: u8) -> Option<Fan> {
    let fans = [
        two_chows_fan(t[0], extra),
        two_chows_fan(t[1], extra),
        two_chows_fan(t[2], extra),
    ];
    [
        Fan::YiBanGao,
        Fan::XiXiangFeng,
        Fan::LianLiu,
        Fan::LaoShaoFu,
    ]
    .into_iter()
    .find(|f| fans.contains(&Some(*f)))
}

/// 不重复 / 套算一次 for the two-chow fans: at most `max` of them, dropping repeats first
/// (老少副, 连六, 喜相逢, 一般高 in that order) and then the rest in the same order.
fn limit_pair_fans(found: &[Option<Fan>], max: i32, table: &mut FanTable) {
    const ORDER: [Fan; 4] = [
        Fan::YiBanGao,
        Fan::XiXiangFeng,
        Fan::LianLiu,
        Fan::LaoShaoFu,
    ];
    let mut n = [0i8; 4];
    let mut cnt = 0;
    for f in found.iter().flatten() {
        if let Some(k) = ORDER.iter().position(|o| o == f) {
            n[k] += 1;
            cnt += 1;
        }
    }
    let mut limit = 1;
    while cnt > max && limit >= 0 {
        let mut k = 4;
        while cnt > max && k > 0 {
            k -= 1;
            while n[k] > limit && cnt > max {
                n[k] -= 1;
                cnt -= 1;
            }
        }
        limit -= 1;
    }
    for (k, f) in ORDER.iter().enumerate() {
        table[*f as usize] = n[k];
    }
}

/// The four ways to take three of four sets, with the one left out.
const THREE_OF_FOUR: [([usize; 3], usize); 4] = [
    ([0, 1, 2], 3),
    ([0, 1, 3], 2),
    ([0, 2, 3], 1),
    ([1, 2, 3], 0),
];

fn four_chows(t: [u8; 4], table: &mut FanTable) {
    if let Some(f) = four_chows_fan(t) {
        table[f as usize] = 1;
        return;
    }
    for (three, extra) in THREE_OF_FOUR {
        if let Some(f) = three_chows_fan(t[three[0]], t[three[1]], t[three[2]]) {
            table[f as usize] = 1;
            if let Some(e) = extra_chow_fan([t[three[0]], t[three[1]], t[three[2]]], t[extra]) {
                table[e as usize] = 1;
            }
            return;
        }
    }
    let pairs = [
        two_chows_fan(t[0], t[1]),
        two_chows_fan(t[0], t[2]),
        two_chows_fan(t[0], t[3]),
        two_chows_fan(t[1], t[2]),
        two_chows_fan(t[1], t[3]),
        two_chows_fan(t[2], t[3]),
    ];
    // A chow related to no other lowers the cap of three (each chow combines once).
    let mut max = 3;
    for lone in [[0, 1, 2], [0, 3, 4], [1, 3, 5], [2, 4, 5]] {
        if lone.iter().all(|&k| pairs[k].is_none()) {
            max -= 1;
        }
    }
    if max > 0 {
        limit_pair_fans(&pairs, max, table);
    }
}

fn three_chows(t: [u8; 3], table: &mut FanTable) {
    if let Some(f) = three_chows_fan(t[0], t[1], t[2]) {
        table[f as usize] = 1;
        return;
    }
    let pairs = [
        two_chows_fan(t[0], t[1]),
        two_chows_fan(t[0], t[2]),
        two_chows_fan(t[1], t[2]),
    ];
    limit_pair_fans(&pairs, 2, table);
}

fn four_pungs(t: [u8; 4], table: &mut FanTable) {
    if let Some(f) = four_pungs_fan(t) {
        table[f as usize] = 1;
        return;
    }
    for (three, free) in THREE_OF_FOUR {
        if let Some(f) = three_pungs_fan(t[three[0]], t[three[1]], t[three[2]]) {
            table[f as usize] = 1;
            // The fourth pung combines once with the others.
            for i in (0..4).filter(|&i| i != free) {
                if let Some(f) = two_pungs_fan(t[i], t[free]) {
                    table[f as usize] += 1;
                    break;
                }
            }
            return;
        }
    }
    for (a, b) in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)] {
        if let Some(f) = two_pungs_fan(t[a], t[b]) {
            table[f as usize] += 1;
        }
    }
}

fn three_pungs(t: [u8; 3], table: &mut FanTable) {
    if let Some(f) = three_pungs_fan(t[0], t[1], t[2]) {
        table[f as usize] = 1;
        return;
    }
    for (a, b) in [(0, 1), (0, 2), (1, 2)] {
        if let Some(f) = two_pungs_fan(t[a], t[b]) {
            table[f as usize] += 1;
        }
    }
}

/// 双暗刻 / 三暗刻 / 四暗刻, 明杠 / 暗杠 / 双明杠 / 双暗杠 / 三杠 / 四杠 from the numbers of
/// concealed pungs, exposed kongs and concealed kongs.
fn kongs_and_concealed(
    concealed_pungs: i32,
    melded_kongs: i32,
    concealed_kongs: i32,
    t: &mut FanTable,
) {
    use Fan::*;
    // Concealed pungs and kongs together (a concealed kong is also a concealed pung).
    let concealed = concealed_pungs + concealed_kongs;
    let pungs_fan = |n: i32| match n {
        2 => Some(ShuangAnKe),
        3 => Some(SanAnKe),
        4 => Some(SiAnKe),
        _ => None,
    };
    match (melded_kongs, concealed_kongs) {
        (0, 0) => {}
        (1, 0) => t[MingGang as usize] = 1,
        (0, 1) => t[AnGang as usize] = 1,
        (2, 0) => t[ShuangMingGang as usize] = 1,
        // The official rules: 明杠 and 暗杠 (the reference's optional 明暗杠 is not a fan).
        (1, 1) => {
            t[MingGang as usize] = 1;
            t[AnGang as usize] = 1;
        }
        (0, 2) => t[ShuangAnGang as usize] = 1,
        (m, c) if m + c == 3 => t[SanGang as usize] = 1,
        _ => t[SiGang as usize] = 1,
    }
    // 双暗杠 already holds its two concealed pungs.
    let two_concealed_kongs_only =
        melded_kongs == 0 && concealed_kongs == 2 && concealed_pungs == 0;
    if let Some(f) = pungs_fan(concealed).filter(|_| !two_concealed_kongs_only) {
        t[f as usize] = 1;
    }
}

/// The fans of one standard reading.
fn regular(
    ctx: &Ctx,
    packs: &[Pack; 5],
    unique: u64,
    unique_waiting: &mut impl FnMut() -> bool,
) -> FanTable {
    let mut table = [0i8; TABLE_LEN];
    let t = &mut table;
    let mut pair = 0u8;
    let mut chows = [0u8; 4];
    let mut pungs = [Pack::NONE; 4];
    let (mut nc, mut np) = (0usize, 0usize);
    let (mut concealed_pungs, mut melded_kongs, mut concealed_kongs) = (0i32, 0i32, 0i32);
    for p in packs {
        match p.kind {
            Kind::Chow => {
                chows[nc] = p.tile;
                nc += 1;
            }
            Kind::Pung => {
                pungs[np] = *p;
                np += 1;
                if !p.melded {
                    concealed_pungs += 1;
                }
            }
            Kind::Kong => {
                pungs[np] = *p;
                np += 1;
                if p.melded {
                    melded_kongs += 1;
                } else {
                    concealed_kongs += 1;
                }
            }
            Kind::Pair => pair = p.tile,
        }
    }
    let win = ctx.win;
    win_flags(ctx, t);

    // On a discard, a concealed pung of the winning tile is exposed, unless the tile can be read
    // into a concealed chow.
    if !ctx.tsumo {
        let in_chow = packs[ctx.fixed_cnt..].iter().any(|p| {
            p.kind == Kind::Chow && (p.tile == win || p.tile + 1 == win || p.tile == win + 1)
        });
        if !in_chow {
            for p in &pungs[..np] {
                if p.tile == win && !p.melded && p.kind == Kind::Pung {
                    concealed_pungs -= 1;
                }
            }
        }
    }

    if np != 0 {
        kongs_and_concealed(concealed_pungs, melded_kongs, concealed_kongs, t);
        if np == 4 && t[Fan::SiGang as usize] == 0 && t[Fan::SiAnKe as usize] == 0 {
            t[Fan::PengPengHe as usize] = 1;
        }
        for p in &pungs[..np] {
            if is_dragon(p.tile) {
                t[Fan::JianKe as usize] += 1;
            } else if is_terminal(p.tile) || is_wind(p.tile) {
                t[Fan::YaoJiuKe as usize] += 1;
            }
        }
    }

    match nc {
        4 => {
            if three_suited_terminal_chows(&chows, pair) {
                t[Fan::SanSeShuangLongHui as usize] = 1;
            } else if pure_terminal_chows(&chows, pair) {
                t[Fan::YiSeShuangLongHui as usize] = 1;
            } else {
                let mut c = chows;
                c.sort_unstable();
                four_chows(c, t);
            }
        }
        3 => {
            let mut c = [chows[0], chows[1], chows[2]];
            c.sort_unstable();
            three_chows(c, t);
        }
        2 => {
            if let Some(f) = two_chows_fan(chows[0], chows[1]) {
                t[f as usize] += 1;
            }
            if let Some(f) = two_pungs_fan(pungs[0].tile, pungs[1].tile) {
                t[f as usize] += 1;
            }
        }
        1 => {
            let mut p = [pungs[0].tile, pungs[1].tile, pungs[2].tile];
            p.sort_unstable();
            three_pungs(p, t);
        }
        _ => {
            let mut p = [pungs[0].tile, pungs[1].tile, pungs[2].tile, pungs[3].tile];
            p.sort_unstable();
            four_pungs(p, t);
        }
    }

    // 不求人 / 门前清 / 全求人 / 自摸 by how many groups were declared from discards.
    let melded = ctx.fixed_packs[..ctx.fixed_cnt]
        .iter()
        .filter(|p| p.melded)
        .count();
    match melded {
        0 => {
            t[if ctx.tsumo {
                Fan::BuQiuRen
            } else {
                Fan::MenQianQing
            } as usize] = 1;
        }
        4 => {
            t[if ctx.tsumo {
                Fan::ZiMo
            } else {
                Fan::QuanQiuRen
            } as usize] = 1
        }
        _ => {
            if ctx.tsumo {
                t[Fan::ZiMo as usize] = 1;
            }
        }
    }

    // The pair: 平和, 小三元, 小四喜.
    if nc == 4 {
        if is_num(pair) {
            t[Fan::PingHe as usize] = 1;
        }
    } else if t[Fan::ShuangJianKe as usize] != 0 {
        if is_dragon(pair) {
            t[Fan::XiaoSanYuan as usize] = 1;
            t[Fan::ShuangJianKe as usize] = 0;
        }
    } else if t[Fan::SanFengKe as usize] != 0 && is_wind(pair) {
        t[Fan::XiaoSiXi as usize] = 1;
        t[Fan::SanFengKe as usize] = 0;
    }

    group_traits(packs, t);
    suit_fans(unique, t);
    tile_traits(unique, t);
    rank_range(unique, t);
    if t[Fan::YiSeSiTongShun as usize] == 0 {
        tile_hog(ctx, melded_kongs + concealed_kongs, t);
    }
    wait_fans(&packs[ctx.fixed_cnt..], win, unique_waiting, t);
    exclusions(t);
    if t[Fan::DaSiXi as usize] == 0 {
        for p in &pungs[..np] {
            if is_wind(p.tile) {
                wind_pung(ctx, p.tile, t);
            }
        }
    }
    if t.iter().all(|&c| c == 0) {
        t[Fan::WuFanHe as usize] = 1;
    }
    table
}

fn three_suited_terminal_chows(chows: &[u8; 4], pair: u8) -> bool {
    if !is_num(pair) || rank(pair) != 5 {
        return false;
    }
    let ps = suit(pair);
    let (mut low, mut high) = ([0u8; 3], [0u8; 3]);
    for &c in chows {
        if suit(c) == ps {
            return false;
        }
        match rank(c) {
            2 => low[suit(c) as usize] += 1,
            8 => high[suit(c) as usize] += 1,
            _ => return false,
        }
    }
    (0..3)
        .filter(|&s| s != ps as usize)
        .all(|s| low[s] != 0 && high[s] != 0)
}

fn pure_terminal_chows(chows: &[u8; 4], pair: u8) -> bool {
    if !is_num(pair) || rank(pair) != 5 {
        return false;
    }
    let (mut low, mut high) = (0, 0);
    for &c in chows {
        if suit(c) != suit(pair) {
            return false;
        }
        match rank(c) {
            2 => low += 1,
            8 => high += 1,
            _ => return false,
        }
    }
    low == 2 && high == 2
}

fn win_flags(ctx: &Ctx, t: &mut FanTable) {
    if ctx.last_tile {
        t[Fan::HeJueZhang as usize] = 1;
    }
    if ctx.tsumo {
        t[Fan::ZiMo as usize] = 1;
        if ctx.last_wall {
            t[Fan::MiaoShouHuiChun as usize] = 1;
            t[Fan::ZiMo as usize] = 0;
        }
        if ctx.kong {
            t[Fan::GangShangKaiHua as usize] = 1;
            t[Fan::ZiMo as usize] = 0;
        }
    } else {
        if ctx.last_wall {
            t[Fan::HaiDiLaoYue as usize] = 1;
        }
        if ctx.kong {
            t[Fan::QiangGangHe as usize] = 1;
            t[Fan::HeJueZhang as usize] = 0;
        }
    }
}

/// 全带幺, 全带五, 全双刻 from the five groups.
fn group_traits(packs: &[Pack; 5], t: &mut FanTable) {
    let (mut terminal, mut honor, mut five, mut even) = (0, 0, 0, 0);
    for p in packs {
        if !is_num(p.tile) {
            honor += 1;
            continue;
        }
        let r = rank(p.tile);
        if p.kind == Kind::Chow {
            match r {
                2 | 8 => terminal += 1,
                4..=6 => five += 1,
                _ => {}
            }
        } else {
            match r {
                1 | 9 => terminal += 1,
                5 => five += 1,
                2 | 4 | 6 | 8 => even += 1,
                _ => {}
            }
        }
    }
    if terminal + honor == 5 {
        t[Fan::QuanDaiYao as usize] = 1;
    } else if five == 5 {
        t[Fan::QuanDaiWu as usize] = 1;
    } else if even == 5 {
        t[Fan::QuanShuangKe as usize] = 1;
    }
}

/// 无字, 缺一门, 混一色, 清一色, 五门齐 from the kinds present.
fn suit_fans(unique: u64, t: &mut FanTable) {
    let has_honor = unique & HONOR_MASK != 0;
    if !has_honor {
        t[Fan::WuZi as usize] = 1;
    }
    let voids = SUIT_MASKS[..3].iter().filter(|&&m| unique & m == 0).count() as i8;
    t[Fan::QueYiMen as usize] = voids;
    if voids == 2 {
        t[Fan::QueYiMen as usize] = 0;
        if has_honor {
            t[Fan::HunYiSe as usize] = 1;
        } else {
            t[Fan::QingYiSe as usize] = 1;
            t[Fan::WuZi as usize] = 0;
        }
    }
    if voids == 0 && unique & WIND_MASK != 0 && unique & DRAGON_MASK != 0 {
        t[Fan::WuMenQi as usize] = 1;
    }
}

/// 断幺, 推不倒, 绿一色, 字一色, 清幺九, 混幺九 from the kinds present.
fn tile_traits(unique: u64, t: &mut FanTable) {
    if unique & ORPHAN_MASK == 0 {
        t[Fan::DuanYao as usize] = 1;
    }
    if unique & !REVERSIBLE_MASK == 0 {
        t[Fan::TuiBuDao as usize] = 1;
    }
    if unique & !GREEN_MASK == 0 {
        t[Fan::LvYiSe as usize] = 1;
    }
    if t[Fan::DuanYao as usize] != 0 {
        return;
    }
    if unique & !HONOR_MASK == 0 {
        t[Fan::ZiYiSe as usize] = 1;
    } else if unique & !TERMINAL_MASK == 0 {
        t[Fan::QingYaoJiu as usize] = 1;
    } else if unique & !ORPHAN_MASK == 0 {
        t[Fan::HunYaoJiu as usize] = 1;
    }
}

/// 大于五, 小于五, 全大, 全中, 全小 from the ranks present (numbered tiles only).
fn rank_range(unique: u64, t: &mut FanTable) {
    if unique & HONOR_MASK != 0 {
        return;
    }
    let mut ranks = 0u16;
    for s in 0..3 {
        ranks |= ((unique >> (9 * s)) & 0x1ff) as u16;
    }
    // bit r-1 = rank r
    if ranks & !0b1111 == 0 {
        t[if ranks & 0b1000 != 0 {
            Fan::XiaoYuWu
        } else {
            Fan::QuanXiao
        } as usize] = 1;
    } else if ranks & !0b1_1110_0000 == 0 {
        t[if ranks & 0b10_0000 != 0 {
            Fan::DaYuWu
        } else {
            Fan::QuanDa
        } as usize] = 1;
    } else if ranks & !0b11_1000 == 0 {
        t[Fan::QuanZhong as usize] = 1;
    }
}

/// 四归一: kinds with all four tiles in the hand, not counting declared kongs.
fn tile_hog(ctx: &Ctx, kongs: i32, t: &mut FanTable) {
    t[Fan::SiGuiYi as usize] = (ctx.fours - kongs) as i8;
}

fn exclusions(t: &mut FanTable) {
    for &(fan, rule) in EXCLUSIONS {
        if t[fan as usize] == 0 {
            continue;
        }
        match rule {
            Exclusion::Drop(fans) => {
                for &f in fans {
                    t[f as usize] = 0;
                }
            }
            Exclusion::FourConcealedPungs => {
                t[Fan::PengPengHe as usize] = 0;
                t[Fan::MenQianQing as usize] = 0;
                if t[Fan::BuQiuRen as usize] != 0 {
                    t[Fan::BuQiuRen as usize] = 0;
                    t[Fan::ZiMo as usize] = 1;
                }
            }
            Exclusion::BigThreeWinds => {
                if t[Fan::ZiYiSe as usize] == 0 && t[Fan::HunYaoJiu as usize] == 0 {
                    t[Fan::YaoJiuKe as usize] -= 3;
                }
            }
        }
    }
}

/// 圈风刻 / 门风刻 for a wind pung (it is then not also a 幺九刻).
fn wind_pung(ctx: &Ctx, tile: u8, t: &mut FanTable) {
    let deducted = t[Fan::SanFengKe as usize] != 0
        || t[Fan::HunYaoJiu as usize] != 0
        || t[Fan::ZiYiSe as usize] != 0
        || t[Fan::XiaoSiXi as usize] != 0;
    let w = tile - EAST;
    if w == ctx.prevalent {
        t[Fan::QuanFengKe as usize] = 1;
        if !deducted {
            t[Fan::YaoJiuKe as usize] -= 1;
        }
    }
    if w == ctx.seat {
        t[Fan::MenFengKe as usize] = 1;
        if ctx.seat != ctx.prevalent && !deducted {
            t[Fan::YaoJiuKe as usize] -= 1;
        }
    }
}

// ---------------------------------------------------------------- special forms

/// 七对 / 连七对, 全不靠 / 七星不靠, 十三幺 (fully concealed hands only).
fn special_form(ctx: &Ctx, unique: u64, t: &mut FanTable) -> Option<Reading> {
    let s = &ctx.standing;
    if ctx.odd == 0 {
        if seven_shifted_pairs(s, ctx.win) {
            t[Fan::LianQiDui as usize] = 1;
            let base = suit(ctx.win) as usize * 9;
            if s[base] == 0 && s[base + 8] == 0 {
                t[Fan::DuanYao as usize] = 1;
            }
            win_flags(ctx, t);
            return Some(Reading::SevenShiftedPairs);
        }
        t[Fan::QiDui as usize] = 1;
        suit_fans(unique, t);
        tile_traits(unique, t);
        rank_range(unique, t);
        tile_hog(ctx, 0, t);
        win_flags(ctx, t);
        exclusions(t);
        return Some(Reading::SevenPairs);
    }
    if unique.count_ones() == 14 {
        let numbered = unique & NUM_MASK;
        let n = numbered.count_ones();
        if (7..=9).contains(&n) && KNITTED.iter().any(|k| numbered & !knit_mask(k) == 0) {
            if n == 7 {
                t[Fan::QiXingBuKao as usize] = 1;
            } else {
                t[Fan::QuanBuKao as usize] = 1;
                if n == 9 {
                    t[Fan::ZuHeLong as usize] = 1;
                }
            }
            win_flags(ctx, t);
            return Some(Reading::HonorsAndKnitted);
        }
    }
    if unique == ORPHAN_MASK {
        t[Fan::ShiSanYao as usize] = 1;
        win_flags(ctx, t);
        return Some(Reading::ThirteenOrphans);
    }
    None
}

const fn knit_mask(k: &[u8; 9]) -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < 9 {
        m |= 1 << k[i];
        i += 1;
    }
    m
}

fn seven_shifted_pairs(s: &[u8; 34], win: u8) -> bool {
    if !is_num(win) {
        return false;
    }
    let b = suit(win) as usize * 9;
    if (2..7).all(|r| s[b + r] == 2) {
        if s[b + 1] == 2 {
            return s[b] == 2 || s[b + 7] == 2;
        }
        return s[b + 7] == 2 && s[b + 8] == 2;
    }
    false
}

/// 组合龙 with one more set (declared or concealed) and a pair.
fn knitted_straight(ctx: &Ctx, t: &mut FanTable) -> Option<Reading> {
    let s = &ctx.standing;
    if ctx.pairs == 0 {
        return None;
    }
    const KNIT_MASKS: [u64; 6] = {
        let mut m = [0u64; 6];
        let mut i = 0;
        while i < 6 {
            m[i] = knit_mask(&KNITTED[i]);
            i += 1;
        }
        m
    };
    let which = KNIT_MASKS.iter().position(|&k| ctx.held & k == k)?;
    let mut rest = *s;
    for &x in &KNITTED[which] {
        rest[x as usize] -= 1;
    }
    // The rest: exactly one reading as (set +) pair.
    let mut found: Option<[Pack; 5]> = None;
    let mut readings = 0;
    let mut packs = [Pack::NONE; 5];
    if ctx.fixed_cnt == 1 {
        packs[3] = ctx.fixed_packs[0];
    }
    let mut work = rest;
    let mask = mask_of_counts(&work);
    divide(
        &mut work,
        mask,
        3 + ctx.fixed_cnt,
        0,
        false,
        &mut packs,
        &mut |p| {
            readings += 1;
            found = Some(*p);
        },
    );
    if readings != 1 {
        return None;
    }
    let packs = found?;
    let (set, pair) = (packs[3], packs[4].tile);
    let total = |x: u8| ctx.fixed[x as usize] + ctx.standing[x as usize];

    t[Fan::ZuHeLong as usize] = 1;
    if set.kind == Kind::Chow {
        if is_num(pair) {
            t[Fan::PingHe as usize] = 1;
        }
        if total(pair) == 4 {
            t[Fan::SiGuiYi as usize] = 1;
        }
    } else if !is_num(set.tile) {
        if is_wind(set.tile) {
            t[Fan::YaoJiuKe as usize] = 1;
            wind_pung(ctx, set.tile, t);
            if is_dragon(pair) {
                t[Fan::WuMenQi as usize] = 1;
            }
        } else {
            t[Fan::JianKe as usize] = 1;
            if is_wind(pair) {
                t[Fan::WuMenQi as usize] = 1;
            }
        }
    } else {
        if is_terminal(set.tile) {
            t[Fan::YaoJiuKe as usize] = 1;
        }
        if is_num(pair) {
            t[Fan::WuZi as usize] = 1;
        }
        if set.kind != Kind::Kong && total(set.tile) == 4 {
            t[Fan::SiGuiYi as usize] = 1;
        }
    }
    win_flags(ctx, t);
    if set.melded {
        if set.kind == Kind::Kong {
            t[Fan::MingGang as usize] = 1;
        }
    } else {
        if set.kind == Kind::Kong {
            t[Fan::AnGang as usize] = 1;
        }
        if ctx.tsumo {
            t[Fan::BuQiuRen as usize] = 1;
            t[Fan::ZiMo as usize] = 0;
        } else {
            t[Fan::MenQianQing as usize] = 1;
        }
    }
    let in_body = KNITTED[which].contains(&ctx.win);
    if ctx.fixed_cnt == 0 {
        // The wait is judged on the set and pair left beside the straight; when the winning tile
        // is only in the straight its count there wraps as in the reference (16-bit counts).
        let mut table = [0u16; 34];
        for (d, &c) in table.iter_mut().zip(rest.iter()) {
            *d = u16::from(c);
        }
        let mask = mask_of_counts(&table);
        let mut wrapped = table;
        let w = ctx.win as usize;
        wrapped[w] = wrapped[w].wrapping_sub(1);
        let left = wrapped.iter().all(|&c| c <= 4).then_some(4);
        wait_fans(
            &packs[3..5],
            ctx.win,
            || is_unique_waiting(&mut table, 4, ctx.win, mask, left),
            t,
        );
    } else if !in_body || ctx.standing[ctx.win as usize] == 3 {
        t[Fan::DanDiaoJiang as usize] = 1;
    }
    exclusions(t);
    Some(Reading::Knitted(which, set, packs[4]))
}

/// 九莲宝灯: 1112345678999 of one suit concealed, won on any tile of the suit; the extra
/// combinations of the winning tile are counted (清龙 + 四归一 on 1/9, 双暗刻 + 幺九刻 on
/// 2/5/8, 连六 on 2/3/4/6/7/8).
fn nine_gates(ctx: &Ctx, t: &mut FanTable) -> Option<Reading> {
    let s = &ctx.standing;
    let w = ctx.win;
    if !is_num(w) {
        return None;
    }
    let b = suit(w) as usize * 9;
    let r = rank(w) as usize;
    let want = |k: usize| -> u8 {
        let base = match k {
            1 | 9 => 3,
            _ => 1,
        };
        if k == r { base + 1 } else { base }
    };
    if !(1..=9).all(|k| s[b + k - 1] == want(k)) {
        return None;
    }
    t[Fan::JiuLianBaoDeng as usize] = 1;
    match r {
        1 | 9 => {
            t[Fan::QingLong as usize] = 1;
            t[Fan::SiGuiYi as usize] = 1;
        }
        2 | 8 => {
            t[Fan::ShuangAnKe as usize] = 1;
            t[Fan::LianLiu as usize] = 1;
            t[Fan::YaoJiuKe as usize] = 1;
        }
        5 => {
            t[Fan::ShuangAnKe as usize] = 1;
            t[Fan::YaoJiuKe as usize] = 1;
        }
        _ => t[Fan::LianLiu as usize] = 1,
    }
    win_flags(ctx, t);
    Some(Reading::NineGates)
}
