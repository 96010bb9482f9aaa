//! Slow, plainly written reference implementations: the oracles the tests compare the tables
//! with, and the exact fallback for the rare wildcard case the tables do not cover (see
//! the crate docs ("Algorithm and tables")).
//!
//! Everything here follows the definitions in the crate docs literally: a per-suit dynamic
//! programme over ranks that tries every way of placing sequences, triplets and the pair, and
//! for wildcards an explicit minimum over every substitution.

use mj_tiles::{Suit, Tile, TileCounts};

use crate::hand::ShapeRules;
use crate::shanten::ShantenReport;
use crate::tables::{MAX_MELDS, VECTOR_LEN, Vector};

/// The reference's own combination rule, one suit at a time: `table[e][j][p]` is the fewest
/// tiles to add to the suits read so far for `j` melds and `p` pairs with excess `e` (each
/// suit's vectors indexed by excess, `suits[s][e][j * 2 + p]`); the answer is the entry for
/// `m` melds, one pair and the whole `budget`.
fn distance_over_suits(suits: &[Vec<Vector>], m: usize, budget: usize) -> u8 {
    let empty = vec![[[INF; 2]; MAX_MELDS + 1]; budget + 1];
    let mut table = empty.clone();
    table[0][0][0] = 0;
    for vectors in suits {
        let mut next = empty.clone();
        for (e, by_melds) in table.iter().enumerate() {
            for (j, by_pair) in by_melds.iter().enumerate() {
                for (p, &so_far) in by_pair.iter().enumerate() {
                    if so_far == INF {
                        continue;
                    }
                    for (e2, v) in vectors.iter().enumerate().take(budget + 1 - e) {
                        for j2 in 0..=MAX_MELDS - j {
                            for p2 in 0..2 - p {
                                let total = so_far.saturating_add(v[j2 * 2 + p2]);
                                let cell = &mut next[e + e2][j + j2][p + p2];
                                *cell = (*cell).min(total);
                            }
                        }
                    }
                }
            }
        }
        table = next;
    }
    table[budget][m][1]
}

use crate::distance::{INF, MAX_BUDGET, suit_distances_limited};

/// Per-suit distances: `out[e][j * 2 + p]` is the fewest tiles to add to `counts` so that the
/// suit holds `j` melds and `p` pairs, over targets `T` whose **excess**
/// `sum_r max(0, T_r - caps[r])` is at most `e` (`e` = 0..=`budget`). Counts may exceed four.
/// Sequences only when `sequences` (numbered suits).
pub fn suit_distances(counts: &[u8], caps: &[u8], sequences: bool, budget: usize) -> Vec<Vector> {
    suit_distances_limited(counts, caps, sequences, budget, u16::MAX, MAX_MELDS, INF)
}

fn suit_slice(c: &[u8; 34], suit: Suit) -> &[u8] {
    let first = suit.first_kind() as usize;
    &c[first..first + suit.ranks() as usize]
}

/// Standard-shape distance (tiles to add for `m` melds and a pair) of counts `c` (which may
/// exceed four) where each kind's target is at most `caps`, plus an excess budget as in
/// [`suit_distances`].
pub fn standard_distance(c: &[u8; 34], caps: &[u8; 34], budget: usize, m: usize) -> u8 {
    if m > MAX_MELDS {
        return INF;
    }
    let suits: Vec<Vec<Vector>> = Suit::ALL
        .iter()
        .map(|&suit| {
            suit_distances(
                suit_slice(c, suit),
                suit_slice(caps, suit),
                suit.is_numbered(),
                budget,
            )
        })
        .collect();
    distance_over_suits(&suits, m, budget)
}

/// Standard-shape shanten of an ordinary hand (m inferred from the tile count).
pub fn standard_shanten(counts: &TileCounts) -> i8 {
    let m = (counts.total() / 3) as usize;
    standard_distance(counts.as_array(), &[4; 34], 0, m) as i8 - 1
}

/// Seven pairs: most tiles of `x` a seven-pairs target keeps, the target holding at most
/// `caps[i]` of kind `i`, with `extra` more tiles to place freely (wildcards) on any kinds.
#[allow(clippy::needless_range_loop)] // dp indices are counts
fn seven_pairs_kept(x: &[u8; 34], extra: usize, distinct: bool) -> i32 {
    // dp[pairs][used] = most kept.
    let mut dp = vec![[i32::MIN; MAX_BUDGET + 1]; 8];
    dp[0][0] = 0;
    for i in 0..34 {
        let mut next = vec![[i32::MIN; MAX_BUDGET + 1]; 8];
        for pairs in 0..8 {
            for used in 0..=extra {
                let v = dp[pairs][used];
                if v == i32::MIN {
                    continue;
                }
                for sigma in 0..=(extra - used) {
                    let held = i32::from(x[i]) + sigma as i32;
                    let cap = 4 + sigma as i32;
                    let max_pairs = if distinct { 1 } else { cap / 2 };
                    for np in 0..=max_pairs as usize {
                        if pairs + np > 7 {
                            break;
                        }
                        let kept = v + held.min(2 * np as i32);
                        let slot = &mut next[pairs + np][used + sigma];
                        *slot = (*slot).max(kept);
                    }
                }
            }
        }
        dp = next;
    }
    dp[7][extra]
}

#[allow(clippy::needless_range_loop)] // dp indices are counts
fn thirteen_orphans_kept(x: &[u8; 34], extra: usize) -> i32 {
    // dp[has_pair][used] = most kept, over the orphan kinds; other wildcards are wasted.
    let mut dp = [[i32::MIN; MAX_BUDGET + 1]; 2];
    dp[0][0] = 0;
    for t in Tile::ORPHANS {
        let i = t.index();
        let mut next = [[i32::MIN; MAX_BUDGET + 1]; 2];
        for has in 0..2 {
            for used in 0..=extra {
                let v = dp[has][used];
                if v == i32::MIN {
                    continue;
                }
                for sigma in 0..=(extra - used) {
                    let held = i32::from(x[i]) + sigma as i32;
                    for want in 1..=(2 - has) {
                        let h2 = has + usize::from(want == 2);
                        let slot = &mut next[h2][used + sigma];
                        *slot = (*slot).max(v + held.min(want as i32));
                    }
                }
            }
        }
        dp = next;
    }
    (0..=extra).map(|u| dp[1][u]).max().unwrap_or(i32::MIN)
}

/// The shanten report of real tiles `real` plus `w` wildcards, by the definition: the minimum
/// over every substitution of the wildcards of the ordinary shanten of the substituted hand,
/// where a kind may exceed four copies by as many wildcards as stand for it.
///
/// The standard shape is factorised by suit (a substitution is a choice per suit), each suit
/// trying every multiset of ranks for its wildcards; seven pairs and thirteen orphans try every
/// count per kind in a small dynamic programme. Slow: meant for tests.
pub fn shanten_by_substitution(
    real: &TileCounts,
    w: u8,
    m: usize,
    special: bool,
    rules: ShapeRules,
) -> ShantenReport {
    let m = m.min(MAX_MELDS);
    let w = usize::from(w).min(MAX_BUDGET);
    let c = real.as_array();
    // best[suit][u] = elementwise min over substitutions of u wildcards into that suit.
    let mut suits: Vec<Vec<Vector>> = Vec::with_capacity(4);
    for suit in Suit::ALL {
        let counts = suit_slice(c, suit);
        let len = counts.len();
        let mut per_u = vec![[INF; VECTOR_LEN]; w + 1];
        let mut sigma = vec![0u8; len];
        fn rec(
            pos: usize,
            left: usize,
            u: usize,
            sigma: &mut Vec<u8>,
            counts: &[u8],
            seq: bool,
            out: &mut Vec<Vector>,
        ) {
            if pos == sigma.len() {
                let x: Vec<u8> = counts
                    .iter()
                    .zip(sigma.iter())
                    .map(|(a, b)| a + b)
                    .collect();
                let caps: Vec<u8> = sigma.iter().map(|s| 4 + s).collect();
                let v = suit_distances(&x, &caps, seq, 0)[0];
                for (o, n) in out[u].iter_mut().zip(v) {
                    *o = (*o).min(n);
                }
                return;
            }
            for s in 0..=left {
                sigma[pos] = s as u8;
                rec(pos + 1, left - s, u + s, sigma, counts, seq, out);
            }
            sigma[pos] = 0;
        }
        rec(0, w, 0, &mut sigma, counts, suit.is_numbered(), &mut per_u);
        suits.push(per_u);
    }
    let distance = distance_over_suits(&suits, m, w);
    let standard = distance as i8 - 1;
    let (seven_pairs, thirteen_orphans) = if special {
        (
            rules
                .seven_pairs
                .then(|| (13 - seven_pairs_kept(c, w, rules.distinct_pairs)) as i8),
            rules
                .thirteen_orphans
                .then(|| (13 - thirteen_orphans_kept(c, w)) as i8),
        )
    } else {
        (None, None)
    };
    ShantenReport::of_forms(standard, seven_pairs, thirteen_orphans)
}

/// The shanten report of an ordinary hand without wildcards, by the reference programme.
pub fn shanten_report(counts: &TileCounts, special: bool, rules: ShapeRules) -> ShantenReport {
    let m = (counts.total() / 3) as usize;
    shanten_by_substitution(counts, 0, m, special, rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        let h = |s: &str| s.parse::<TileCounts>().unwrap();
        assert_eq!(standard_shanten(&h("123456789m1111z")), 1);
        assert_eq!(standard_shanten(&h("123m456p789s11222z")), -1);
        assert_eq!(standard_shanten(&h("1111m")), 1);
        let r = shanten_report(&h("19m19p19s1234567z"), true, ShapeRules::RIICHI);
        assert_eq!(r.thirteen_orphans, Some(0));
        assert_eq!(r.seven_pairs, Some(6));
        let r = shanten_report(&h("1122m3344p5566s7777z"), true, ShapeRules::GENERIC);
        assert_eq!(r.seven_pairs, Some(-1));
        // Four real 1m and one wildcard: 111m + 11m is a win.
        let real = h("1111m123p456p789p");
        let r = shanten_by_substitution(&real, 1, 4, false, ShapeRules::STANDARD_ONLY);
        assert_eq!(r.standard, -1);
    }
}
