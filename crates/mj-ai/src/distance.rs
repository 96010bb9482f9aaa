//! The distance algebra of the wildcard fallback ([`crate::wild`]): per-suit distance vectors
//! with an excess budget ([`suit_distances_limited`]) and their min-plus combination
//! ([`combine`], [`combine_budgeted`]). A leaf: the reference ([`crate::reference`]) reads its
//! per-suit vectors from here but combines suits by its own rule.

use crate::tables::{MAX_MELDS, VECTOR_LEN, Vector};

/// An unreachable distance.
pub(crate) const INF: u8 = u8::MAX;
/// The largest excess budget (the most wildcards).
pub(crate) const MAX_BUDGET: usize = 8;

/// `reference::suit_distances` where excess is allowed only at the ranks in the mask `excess_at` (bit
/// `r` = rank `r + 1`), at most `max_melds` melds are asked for (entries for more melds stay
/// infinite), and partial costs of `bound` or more are dropped (entries that would reach it
/// read as infinite: a caller that only wants values below `bound` loses nothing). The wildcard fallback uses it with the quad ranks only, which is exact by the
/// lemma in the crate docs ("Algorithm and tables").
pub(crate) fn suit_distances_limited(
    counts: &[u8],
    caps: &[u8],
    sequences: bool,
    budget: usize,
    excess_at: u16,
    max_melds: usize,
    bound: u8,
) -> Vec<Vector> {
    let budget = budget.min(MAX_BUDGET);
    let max_melds = max_melds.min(MAX_MELDS);
    let len = counts.len();
    const N: usize = MAX_MELDS + 1;
    let e_n = budget + 1;
    let idx = |x: usize, y: usize, j: usize, p: usize, e: usize| {
        (((x * N + y) * N + j) * 2 + p) * e_n + e
    };
    let size = N * N * N * 2 * e_n;
    let mut cur = vec![INF; size];
    // Finite states of the current rank as (x, y, j, p, e), so that no index is decoded.
    let mut active: Vec<[usize; 5]> = vec![[0; 5]];
    cur[idx(0, 0, 0, 0, 0)] = 0;
    let mut next = vec![INF; size];
    let mut next_active: Vec<[usize; 5]> = Vec::new();
    for (r, &held) in counts.iter().enumerate() {
        let can_start = sequences && r + 2 < len;
        // A missing cap is the ordinary four.
        let cap = usize::from(caps.get(r).copied().unwrap_or(4));
        let held = usize::from(held);
        for &[x, y, j, p, e] in &active {
            let v = cur[idx(x, y, j, p, e)];
            // Tiles of this rank the target may hold: the cap plus what the budget allows.
            let room = if excess_at >> r & 1 == 1 {
                cap + (budget - e)
            } else {
                cap
            };
            if x + y > room {
                continue;
            }
            let free = room - x - y;
            let s_max = if can_start {
                (max_melds - j).min(free)
            } else {
                0
            };
            for s in 0..=s_max {
                for t in 0..=(max_melds - j - s).min((free - s) / 3) {
                    for q in 0..=(1 - p).min((free - s - 3 * t) / 2) {
                        let tiles = x + y + s + 3 * t + 2 * q;
                        let excess = tiles.saturating_sub(cap);
                        let cost = tiles.saturating_sub(held) as u8;
                        let value = v.saturating_add(cost);
                        if value >= bound {
                            continue;
                        }
                        let state = [s, x, j + s + t, p + q, e + excess];
                        let k = idx(s, x, j + s + t, p + q, e + excess);
                        if next[k] == INF {
                            next_active.push(state);
                        }
                        if value < next[k] {
                            next[k] = value;
                        }
                    }
                }
            }
        }
        for &[x, y, j, p, e] in &active {
            cur[idx(x, y, j, p, e)] = INF;
        }
        core::mem::swap(&mut cur, &mut next);
        core::mem::swap(&mut active, &mut next_active);
        next_active.clear();
    }
    let mut out = vec![[INF; VECTOR_LEN]; e_n];
    for (e, vector) in out.iter_mut().enumerate() {
        for j in 0..N {
            for p in 0..2 {
                let best = (0..=e)
                    .map(|ee| cur[idx(0, 0, j, p, ee)])
                    .min()
                    .unwrap_or(INF);
                vector[j * 2 + p] = best;
            }
        }
    }
    out
}

/// Min-plus combination of two vectors (melds add, at most one pair).
pub(crate) fn combine(a: &Vector, b: &Vector) -> Vector {
    let mut out = [INF; VECTOR_LEN];
    for ja in 0..=MAX_MELDS {
        for jb in 0..=MAX_MELDS - ja {
            for pa in 0..2 {
                for pb in 0..2 - pa {
                    let s = a[ja * 2 + pa].saturating_add(b[jb * 2 + pb]);
                    let k = (ja + jb) * 2 + pa + pb;
                    out[k] = out[k].min(s);
                }
            }
        }
    }
    out
}

/// Combination of budgeted vectors: `out[e] = min over e1 + e2 = e of a[e1] (+) b[e2]` where
/// the inputs mean "exactly" or "at most" consistently (the output means the same).
pub(crate) fn combine_budgeted(a: &[Vector], b: &[Vector], budget: usize) -> Vec<Vector> {
    let mut out = vec![[INF; VECTOR_LEN]; budget + 1];
    for (e1, va) in a.iter().enumerate().take(budget + 1) {
        for (e2, vb) in b.iter().enumerate().take(budget + 1 - e1) {
            let c = combine(va, vb);
            for (o, x) in out[e1 + e2].iter_mut().zip(c) {
                *o = (*o).min(x);
            }
        }
    }
    out
}
