//! The value method (价值法) of discard recommendation, after the seed article's 推荐出牌算法:
//! split the hand every possible way into melds, partial melds, pairs and isolated tiles; value
//! each tile by the combinations it takes part in, weighted by a table and scaled by how many
//! of the missing tiles are still live; discard the lowest-valued tile.
//!
//! Every split is counted: a tile that takes part in more splits is worth more, as the article
//! asks. Splits are enumerated per suit (groups never cross suits) in canonical order (the
//! lowest remaining tile chooses its group), with memoisation on the remaining counts, so a
//! dense suit costs a few thousand states rather than every split one by one.

use std::collections::HashMap;

use mj_tiles::{Suit, Tile, TileCounts};

use crate::hand::HandView;

/// The weight of each kind of group, and the divisor of live counts. Data, so it can be tuned
/// (or trained, as the article suggests).
///
/// A complete meld contributes its weight; a partial group or an isolated tile contributes its
/// weight times `(live copies of the tiles that would improve it) / live_divisor`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ValueWeights {
    /// Triplet (刻子), e.g. `555m`.
    pub triplet: f64,
    /// Sequence (顺子), e.g. `456m`.
    pub sequence: f64,
    /// Pair (对子 / 将), e.g. `55m`; improved by the same kind.
    pub pair: f64,
    /// Two-sided partial (两面), e.g. `45m`; improved by `3m` and `6m`.
    pub two_sided: f64,
    /// Edge partial (边张), `12m` or `89m`; improved by `3m` (or `7m`).
    pub edge: f64,
    /// Closed partial (嵌张 / 坎张), e.g. `46m`; improved by `5m`.
    pub closed: f64,
    /// Isolated tile (孤张); improved by its own kind and its neighbours within two ranks.
    pub isolated: f64,
    /// Live counts are divided by this before scaling partial groups and isolated tiles.
    pub live_divisor: f64,
}

impl ValueWeights {
    /// The article's table (刻子 1.1, 将 0.9, 两面 0.8, 边张 0.7, 嵌张 0.7), with a sequence at
    /// 1.0, an isolated tile at 0.2, and live counts divided by 4.
    pub const DEFAULT: ValueWeights = ValueWeights {
        triplet: 1.1,
        sequence: 1.0,
        pair: 0.9,
        two_sided: 0.8,
        edge: 0.7,
        closed: 0.7,
        isolated: 0.2,
        live_divisor: 4.0,
    };
}

impl Default for ValueWeights {
    fn default() -> ValueWeights {
        ValueWeights::DEFAULT
    }
}

/// Per-suit memo: remaining counts (packed) -> (number of splits, value per rank summed over
/// the splits).
type Memo = HashMap<u64, (f64, [f64; 9])>;

fn pack(c: &[u8; 9]) -> u64 {
    c.iter()
        .enumerate()
        .fold(0u64, |acc, (i, &n)| acc | u64::from(n) << (4 * i))
}

struct SuitValuer<'a> {
    numbered: bool,
    len: usize,
    live: [f64; 9],
    w: &'a ValueWeights,
    memo: Memo,
}

impl SuitValuer<'_> {
    fn live(&self, rank: isize) -> f64 {
        if rank < 0 || rank as usize >= self.len {
            0.0
        } else {
            self.live[rank as usize]
        }
    }

    /// `(splits, values)` of the remaining counts `c`.
    fn splits(&mut self, c: [u8; 9]) -> (f64, [f64; 9]) {
        let Some(r) = c[..self.len].iter().position(|&n| n > 0) else {
            return (1.0, [0.0; 9]);
        };
        let key = pack(&c);
        if let Some(&hit) = self.memo.get(&key) {
            return hit;
        }
        let w = *self.w;
        let ri = r as isize;
        let mut options: Vec<(Vec<usize>, f64)> = Vec::with_capacity(7);
        let isolated_live = if self.numbered {
            (-2..=2).map(|d| self.live(ri + d)).sum::<f64>()
        } else {
            self.live(ri)
        };
        options.push((vec![r], w.isolated * isolated_live / w.live_divisor));
        if c[r] >= 2 {
            options.push((vec![r, r], w.pair * self.live(ri) / w.live_divisor));
        }
        if c[r] >= 3 {
            options.push((vec![r, r, r], w.triplet));
        }
        if self.numbered {
            if r + 2 < self.len && c[r + 1] > 0 && c[r + 2] > 0 {
                options.push((vec![r, r + 1, r + 2], w.sequence));
            }
            if r + 1 < self.len && c[r + 1] > 0 {
                let (weight, missing) = if r == 0 {
                    (w.edge, self.live(2))
                } else if r + 1 == self.len - 1 {
                    (w.edge, self.live(ri - 1))
                } else {
                    (w.two_sided, self.live(ri - 1) + self.live(ri + 2))
                };
                options.push((vec![r, r + 1], weight * missing / w.live_divisor));
            }
            if r + 2 < self.len && c[r + 2] > 0 {
                options.push((
                    vec![r, r + 2],
                    w.closed * self.live(ri + 1) / w.live_divisor,
                ));
            }
        }
        let mut total = 0.0;
        let mut values = [0.0f64; 9];
        for (group, contribution) in options {
            let mut rest = c;
            for &g in &group {
                rest[g] -= 1;
            }
            let (n, sub) = self.splits(rest);
            total += n;
            for (v, s) in values.iter_mut().zip(sub) {
                *v += s;
            }
            // The group's contribution counts once per split of the rest, for each kind in it.
            let mut seen = [false; 9];
            for &g in &group {
                if !seen[g] {
                    seen[g] = true;
                    values[g] += contribution * n;
                }
            }
        }
        let out = (total, values);
        self.memo.insert(key, out);
        out
    }
}

/// The value of each kind of the hand's real tiles (zero for kinds not held; wildcards are
/// never valued here: the recommendation never discards one while a real tile is left).
///
/// ```
/// use mj_ai::{HandView, ValueWeights, tile_values};
/// use mj_tiles::TileCounts;
/// let hand = HandView::parse("345m 55p 79s 1z")?;
/// let values = tile_values(&hand, &TileCounts::EMPTY, &ValueWeights::DEFAULT);
/// let lowest = mj_tiles::Tile::ALL
///     .into_iter()
///     .filter(|&t| hand.count(t) > 0)
///     .min_by(|a, b| values[a.index()].total_cmp(&values[b.index()]))
///     .unwrap();
/// assert_eq!(lowest.to_string(), "1z");
/// # Ok::<(), mj_ai::AiError>(())
/// ```
pub fn tile_values(hand: &HandView, visible: &TileCounts, weights: &ValueWeights) -> [f64; 34] {
    let mut out = [0.0f64; 34];
    let real = hand.real().as_array();
    for suit in Suit::ALL {
        let first = suit.first_kind() as usize;
        let len = suit.ranks() as usize;
        let mut counts = [0u8; 9];
        counts[..len].copy_from_slice(&real[first..first + len]);
        if counts.iter().all(|&n| n == 0) {
            continue;
        }
        let mut live = [0.0f64; 9];
        for (r, l) in live.iter_mut().enumerate().take(len) {
            *l = f64::from(hand.live(Tile::ALL[first + r], visible));
        }
        let mut valuer = SuitValuer {
            numbered: suit.is_numbered(),
            len,
            live,
            w: weights,
            memo: HashMap::new(),
        };
        let (_, values) = valuer.splits(counts);
        out[first..first + len].copy_from_slice(&values[..len]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_counts_are_canonical() {
        // 123m alone: {1}{2}{3}, {12}{3}, {13}{2}, {1}{23}, {123}: five splits.
        let w = ValueWeights::DEFAULT;
        let mut v = SuitValuer {
            numbered: true,
            len: 9,
            live: [4.0; 9],
            w: &w,
            memo: HashMap::new(),
        };
        let (n, _) = v.splits([1, 1, 1, 0, 0, 0, 0, 0, 0]);
        assert_eq!(n, 5.0);
        // 11z: {1}{1}, {11}.
        let mut h = SuitValuer {
            numbered: false,
            len: 7,
            live: [4.0; 9],
            w: &w,
            memo: HashMap::new(),
        };
        assert_eq!(h.splits([2, 0, 0, 0, 0, 0, 0, 0, 0]).0, 2.0);
    }

    #[test]
    fn connected_tiles_beat_isolated_ones() {
        let hand = HandView::parse("2345m1p9s1z").unwrap();
        let v = tile_values(&hand, &TileCounts::EMPTY, &ValueWeights::DEFAULT);
        let val = |s: &str| v[s.parse::<Tile>().unwrap().index()];
        assert!(val("3m") > val("1p"));
        assert!(val("1p") > val("1z"));
        assert!(val("9s") < val("2m"));
    }
}
