//! The special winning forms, on eigens: seven pairs, thirteen orphans and MCR's knitted shapes.
//!
//! All three need 14 concealed tiles and no declared melds (a knitted straight, 组合龙, also
//! allows one declared meld). Wildcards fill any gap, with no four-copy limit. The checks are
//! digit masks and popcounts over the four eigens; kind sets are built only for the waits of a
//! form that is actually one tile away.

use mj_tiles::{Eigen, Suit, Tile, TileSet};

const BIT3: u64 = 0x8_8888_8888;
const ONES: u64 = 0x1_1111_1111;
/// Ranks 2-8 of a numbered suit.
const SIMPLES: u64 = 0x0_FFFF_FFF0;

/// Bit 3 of each digit set where the count is at least `n` (1..=3).
#[inline]
const fn at_least(e: u64, n: u32) -> u64 {
    match n {
        1 => (e + 0x7_7777_7777) & BIT3,
        2 => (e + 0x6_6666_6666) & BIT3,
        _ => (e + 0x5_5555_5555) & BIT3,
    }
}

/// How many digits of the four eigens `f` flags (bit 3 or bit 0 of a digit, as `at_least` and
/// `& ONES` leave them): the flags moved to bit 0 and added digit by digit (at most 4 each),
/// then summed by [`digit_sum`], with no bit counting (baseline x86-64 counts bits in software).
#[inline]
fn count(e: &[Eigen; 4], f: impl Fn(u64) -> u64) -> u32 {
    digit_sum(e.iter().fold(0, |acc, x| {
        let v = f(x.raw());
        acc + ((v | v >> 3) & ONES)
    }))
}

/// The sum of nine hex digits of at most 4 each: digit pairs into bytes (at most 8), then the
/// five bytes summed in one multiply.
#[inline]
fn digit_sum(digits: u64) -> u32 {
    let bytes = (digits & 0x0F_0F0F_0F0F) + (digits >> 4 & 0x0F_0F0F_0F0F);
    (bytes.wrapping_mul(0x01_0101_0101) >> 32 & 0xFF) as u32
}

/// No simple (rank 2-8 of a numbered suit) among the real tiles: what thirteen orphans needs.
#[inline]
pub(crate) fn no_simples(e: &[Eigen; 4]) -> bool {
    (e[0].raw() | e[1].raw() | e[2].raw()) & SIMPLES == 0
}

/// How many kinds are held an odd number of times: each needs a wildcard in seven pairs.
#[inline]
pub(crate) fn odd_kinds(e: &[Eigen; 4]) -> u32 {
    count(e, |x| x & ONES)
}

/// `odd_kinds(e) <= k`, without the count for the common `k = 0`: bit 0 of a digit is set in
/// the OR of the four eigens exactly when some suit's digit there is odd.
#[inline]
pub(crate) fn at_most_odd_kinds(e: &[Eigen; 4], k: u32) -> bool {
    if k == 0 {
        e.iter().fold(0, |acc, x| acc | x.raw()) & ONES == 0
    } else {
        odd_kinds(e) <= k
    }
}

/// Seven pairs with `w` wildcards and 14 tiles in all.
#[inline]
pub(crate) fn seven_pairs(e: &[Eigen; 4], w: u32, distinct: bool) -> bool {
    if w == 0 {
        // 14 real tiles (the caller's size check): seven pairs iff no kind is held an odd
        // number of times, nor (distinct) three or four times. Digit masks, no bit counting
        // (baseline x86-64 counts bits in software).
        let bad = e.iter().fold(0, |acc, x| {
            let x = x.raw();
            acc | x & ONES | if distinct { at_least(x, 3) } else { 0 }
        });
        return bad == 0;
    }
    if distinct {
        // Every kind at most twice and at most seven kinds; wildcards pair the singles and make
        // the missing pairs of new kinds.
        // Most hands hold more than seven kinds: test that first.
        count(e, |x| at_least(x, 1)) <= 7 && count(e, |x| at_least(x, 3)) == 0
    } else {
        // Each odd count needs one wildcard; the other wildcards pair among themselves.
        count(e, |x| x & ONES) <= w
    }
}

/// Thirteen orphans with wildcards and 14 tiles in all: only terminals and honors, none three
/// times, at most one twice.
#[inline]
pub(crate) fn thirteen_orphans(e: &[Eigen; 4]) -> bool {
    no_simples(e) && count(e, |x| at_least(x, 3)) == 0 && count(e, |x| at_least(x, 2)) <= 1
}

fn kinds(e: &[Eigen; 4], f: impl Fn(Eigen) -> u16) -> TileSet {
    TileSet::from_rank_mask(Suit::Man, f(e[0]))
        | TileSet::from_rank_mask(Suit::Pin, f(e[1]))
        | TileSet::from_rank_mask(Suit::Sou, f(e[2]))
        | TileSet::from_rank_mask(Suit::Honor, f(e[3]))
}

/// The thirteen terminal and honor kinds.
pub(crate) fn orphans() -> TileSet {
    Tile::ORPHANS.into_iter().collect()
}

/// Waits of seven pairs for 13 tiles and `w` wildcards: the real kinds that complete it.
pub(crate) fn seven_pairs_waits(e: &[Eigen; 4], w: u32, distinct: bool) -> TileSet {
    if distinct {
        // Drawing a single's kind keeps the kind count; a new kind adds one. At most seven.
        let n = count(e, |x| at_least(x, 1));
        if count(e, |x| at_least(x, 3)) != 0 || n > 7 {
            return TileSet::EMPTY;
        }
        let held = kinds(e, |x| x.ranks_at_least(1));
        let mut out = held - kinds(e, |x| x.ranks_at_least(2));
        if n <= 6 {
            out |= !held;
        }
        out
    } else {
        let odd = count(e, |x| x & ONES);
        if odd > w + 1 {
            return TileSet::EMPTY;
        }
        let odd_kinds = kinds(e, Eigen::odd_ranks);
        if odd < w { TileSet::ALL } else { odd_kinds }
    }
}

/// Waits of thirteen orphans for 13 tiles: the real kinds that complete it.
pub(crate) fn thirteen_orphans_waits(e: &[Eigen; 4]) -> TileSet {
    if !thirteen_orphans(e) {
        TileSet::EMPTY
    } else if count(e, |x| at_least(x, 2)) == 0 {
        orphans()
    } else {
        orphans() - kinds(e, |x| x.ranks_at_least(1))
    }
}

/// The six knitted straights (组合龙): 147 in one suit, 258 in another, 369 in the third.
pub(crate) const KNITTED_PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The digits of ranks 1-4-7, 2-5-8 and 3-6-9.
const KNIT: [u64; 3] = [0x001_001_001, 0x010_010_010, 0x100_100_100];

/// 全不靠 (Lesser Honors and Knitted Tiles): 14 different kinds from one knitted straight and
/// the seven honors; wildcards stand for the missing ones.
pub(crate) fn lesser_honors_knitted(e: &[Eigen; 4]) -> bool {
    count(e, |x| at_least(x, 2)) == 0
        && KNITTED_PERMS.iter().any(|perm| {
            perm.iter()
                .enumerate()
                .all(|(suit, &offset)| e[suit].raw() & !KNIT[offset] == 0)
        })
}

/// For a knitted straight: the real tiles it takes from each suit (one of each held rank of its
/// 147/258/369 digits) and how many of its nine tiles are missing.
pub(crate) fn knitted_straights(e: &[Eigen; 4]) -> [([Eigen; 4], u32); 6] {
    KNITTED_PERMS.map(|perm| {
        let mut rest = *e;
        let mut missing = 0u32;
        for (suit, &offset) in perm.iter().enumerate() {
            let held = at_least(e[suit].raw(), 1) >> 3 & KNIT[offset];
            missing += 3 - held.count_ones();
            rest[suit] = Eigen::new(e[suit].raw() - held).unwrap_or(e[suit]);
        }
        (rest, missing)
    })
}
