//! Readings as sets: the standard decomposer (sets in the reference's order, so equal totals
//! meet in the same order) and the wait finder that decides 单钓将 / 坎张 / 边张 (a unique wait).

use super::context::EngineGroup;
use super::kinds::{is_num, rank};
use mj_tiles::GroupKind;

/// The order key of a set (its three tiles), as the reference compares sets: never 0.
pub(crate) const fn set_key(a: u8, b: u8, c: u8) -> u32 {
    ((a as u32 + 1) << 16) | ((b as u32 + 1) << 8) | (c as u32 + 1)
}

/// The first tile a set after `prev` can start at (sets come in non-decreasing order).
pub(crate) const fn start_of(prev: u32) -> u8 {
    if prev == 0 { 0 } else { (prev >> 16) as u8 - 1 }
}

/// The kinds with a non-zero count.
pub(crate) fn mask_of_counts<T: Copy + Default + PartialEq>(counts: &[T; 34]) -> u64 {
    let zero = T::default();
    counts
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c != zero)
        .fold(0u64, |m, (i, _)| m | 1 << i)
}

/// `mask` without the kinds `range` whose count is now 0.
pub(crate) fn clear_empty<T: Copy + Default + PartialEq>(
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
pub(crate) fn divide(
    counts: &mut [u8; 34],
    mask: u64,
    idx: usize,
    prev: u32,
    below: bool,
    packs: &mut [EngineGroup; 5],
    f: &mut impl FnMut(&[EngineGroup; 5]),
) {
    if idx == 4 {
        // The rest must be exactly one pair.
        let t = mask.trailing_zeros() as u8;
        if mask.count_ones() == 1 && counts[t as usize] == 2 {
            packs[4] = EngineGroup::new(GroupKind::Pair, t);
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
            let e = set_key(t, t, t);
            if e > prev {
                packs[idx] = EngineGroup::new(GroupKind::Triplet, t);
                counts[i] -= 3;
                let child = clear_empty(mask, counts, i..i + 1);
                divide(counts, child, idx + 1, e, below, packs, f);
                counts[i] += 3;
            }
        }
        if is_num(t) && rank(t) < 8 && counts[i + 1] > 0 && counts[i + 2] > 0 {
            let e = set_key(t, t + 1, t + 2);
            if e >= prev {
                packs[idx] = EngineGroup::new(GroupKind::Sequence, t + 1);
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
/// 16-bit and wrap like the reference's, see `special::knitted_straight`.
pub(crate) fn partial_waits(table: &[u16; 34], mask: u64, waits: &mut u64) {
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
pub(crate) fn regular_waits(
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
            let e = set_key(t, t, t);
            if e > prev {
                table[i] = table[i].wrapping_sub(3);
                let child = clear_empty(mask, table, i..i + 1);
                regular_waits(table, child, cnt - 3, e, left, waits);
                table[i] = table[i].wrapping_add(3);
            }
        }
        if is_num(t) && rank(t) < 8 && table[i + 1] != 0 && table[i + 2] != 0 {
            let e = set_key(t, t + 1, t + 2);
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
pub(crate) fn is_unique_waiting(
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
