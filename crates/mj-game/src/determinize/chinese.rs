//! Determinization in the Chinese flows on the Sichuan machinery (`sichuan`,
//! `sichuan_hongzhong`, `hongzhong`): the hidden ids are the tiles in play (the 108 suited ids,
//! and the four 红中 when they are in the wall) that the seat has not seen; there is no dead
//! wall (kong replacements come from the live wall's other end) and no indicator.
//!
//! What the seat knows beyond what it sees, and how each fact is kept:
//!
//! * **换三张**: the ids it passed are in the receiver's hand until they are seen (discarded or
//!   called): they are not hidden, they stay where they are.
//! * **定缺 with the suit given up discarded first** (`lack_first`): a seat whose last discard
//!   was not of its lack suit held none of it then, and it has drawn nothing since but the
//!   tile in hand in its own turn; such a seat's concealed tiles (but that drawn tile) are
//!   dealt no tile of its lack suit.
//! * **Winners (血战)**: the winning tile stays where it is seen (`won_with`); a winner's
//!   concealed tiles held no tile of its lack suit (a hand holding it cannot win), so they are
//!   dealt none. That the hand was a winning shape is not kept (it no longer plays).
//!
//! Within these constraints the deal is exactly uniform: the number of tiles of each suit
//! (m, p, s, and 红中) each constrained seat gets is drawn from its exact law (a table of
//! counts has as many deals as `∏ 1/n!` over its cells, up to a constant; the sums over the
//! later seats are computed once per [`super::Deal`]), then the ids of each suit are shuffled
//! over the places given to it.

use std::collections::HashMap;

use mj_tiles::random::SplitMix64;
use smallvec::SmallVec;

use super::{DeterminizeError, Sample};
use crate::round::{Phase, Round};
use crate::tiles::kind;
use crate::view::SeatView;
use crate::wall::{SICHUAN_TILES, WALL_TILES};

/// Suit categories of the ids in play: m, p, s, 红中.
const CATS: usize = 4;

/// The category of an id in play.
fn cat(id: u8) -> usize {
    (kind(id).as_u8() / 9).min(3) as usize
}

/// One seat whose concealed places may hold no tile of one suit.
#[derive(Clone, Debug)]
struct Lacking {
    /// Its places (ids in the real round's hand) under the constraint.
    places: SmallVec<[u8; 14]>,
    /// The category it may not be dealt.
    lack: usize,
}

/// The Chinese flows' part of a [`super::Deal`].
#[derive(Clone, Debug)]
pub(super) struct Chinese {
    /// The constrained seats, in a fixed order.
    lacking: SmallVec<[Lacking; 3]>,
    /// Hidden ids of each category, increasing.
    by_cat: [Vec<u8>; CATS],
    /// `weights[k][r]`: the sum, over the ways the constrained seats from `k + 1` on and the
    /// free places share the remaining counts `r`, of `∏ 1/n!` (index 0 is seat 1's).
    weights: Vec<HashMap<[u8; CATS], f64>>,
}

/// Why a view in a Chinese flow is not dealt, or the part to deal.
pub(super) fn new(
    view: &SeatView<'_>,
    seen: &mut [bool; WALL_TILES],
) -> Result<Chinese, DeterminizeError> {
    let round = view.round();
    let rules = view.rules();
    if matches!(round.phase(), Phase::Exchange | Phase::DeclareLack) {
        return Err(DeterminizeError::BeforePlay);
    }
    // Out of play: the parked honors (all 28 in Sichuan, all but the four 红中 with them).
    for (i, s) in seen.iter_mut().enumerate().skip(SICHUAN_TILES) {
        let red = i >= WALL_TILES - 4;
        if !(red && rules.red_wildcards()) {
            *s = true;
        }
    }
    let me = view.seat();
    for s in 0..4u8 {
        if let Some(w) = view.won_with(s) {
            seen[usize::from(w)] = true;
        }
    }
    // The ids this seat passed: known to be in the receiver's hand while unseen.
    if let Some(out) = view.exchange_out() {
        for i in out {
            seen[usize::from(i)] = true;
        }
    }
    let mut lacking = SmallVec::new();
    for s in (0..4u8).filter(|&s| s != me) {
        let Some(lack) = view.lack(s) else { continue };
        let won = view.has_won(s);
        let last_clean = rules.sichuan.lack_first
            && view
                .river(s)
                .last()
                .is_some_and(|r| kind(r.tile).suit() != lack);
        if !won && !last_clean {
            continue;
        }
        let drawn = round
            .drawn()
            .filter(|_| !won && round.view(s).drawn().is_some());
        let places: SmallVec<[u8; 14]> = round
            .player(s)
            .hand_ids()
            .filter(|&i| Some(i) != drawn && !seen[usize::from(i)])
            .collect();
        lacking.push(Lacking {
            places,
            lack: lack.index(),
        });
    }
    let mut by_cat: [Vec<u8>; CATS] = Default::default();
    for i in (0..WALL_TILES as u8).filter(|&i| !seen[usize::from(i)]) {
        by_cat[cat(i)].push(i);
    }
    let mut c = Chinese {
        lacking,
        by_cat,
        weights: Vec::new(),
    };
    c.weigh();
    Ok(c)
}

/// `1/n!`.
fn inv_fact(n: u8) -> f64 {
    (2..=u32::from(n)).fold(1.0, |a, k| a / f64::from(k))
}

/// Every split of `n` places over the categories `allowed` (at most `r[c]` of category `c`).
fn rows(n: u8, allowed: [bool; CATS], r: [u8; CATS]) -> Vec<[u8; CATS]> {
    let mut out = Vec::new();
    let mut row = [0u8; CATS];
    fn go(
        c: usize,
        left: u8,
        allowed: &[bool; CATS],
        r: &[u8; CATS],
        row: &mut [u8; CATS],
        out: &mut Vec<[u8; CATS]>,
    ) {
        if c == CATS {
            if left == 0 {
                out.push(*row);
            }
            return;
        }
        let most = if allowed[c] { left.min(r[c]) } else { 0 };
        for x in 0..=most {
            row[c] = x;
            go(c + 1, left - x, allowed, r, row, out);
        }
        row[c] = 0;
    }
    go(0, n, &allowed, &r, &mut row, &mut out);
    out
}

impl Chinese {
    fn allowed(&self, k: usize) -> [bool; CATS] {
        let mut a = [true; CATS];
        if let Some(l) = self.lacking.get(k) {
            a[l.lack] = false;
        }
        a
    }

    fn size(&self, k: usize) -> u8 {
        self.lacking.get(k).map_or(0, |l| l.places.len() as u8)
    }

    /// The weight of the remaining counts `r` for the seats from `k` on (and the free places).
    fn weight(&self, k: usize, r: [u8; CATS]) -> f64 {
        if k >= self.lacking.len() {
            return r.iter().map(|&x| inv_fact(x)).product();
        }
        if let Some(w) = k
            .checked_sub(1)
            .and_then(|i| self.weights.get(i))
            .and_then(|m| m.get(&r))
        {
            return *w;
        }
        self.weight_fresh(k, r)
    }

    fn weight_fresh(&self, k: usize, r: [u8; CATS]) -> f64 {
        rows(self.size(k), self.allowed(k), r)
            .into_iter()
            .map(|x| {
                let here: f64 = x.iter().map(|&n| inv_fact(n)).product();
                here * self.weight(k + 1, sub(r, x))
            })
            .sum()
    }

    /// Fills `weights` for seats 1.. over every count they can be left (last seat first).
    fn weigh(&mut self) {
        let n = self.lacking.len();
        let start: [u8; CATS] = core::array::from_fn(|c| self.by_cat[c].len() as u8);
        // The counts each seat can be left, seat by seat.
        let mut reach: Vec<Vec<[u8; CATS]>> = vec![vec![start]];
        for k in 0..n.saturating_sub(1) {
            let mut next: Vec<[u8; CATS]> = Vec::new();
            let mut seen = std::collections::HashSet::new();
            for &r in &reach[k] {
                for x in rows(self.size(k), self.allowed(k), r) {
                    let left = sub(r, x);
                    if seen.insert(left) {
                        next.push(left);
                    }
                }
            }
            reach.push(next);
        }
        self.weights = vec![HashMap::new(); n.saturating_sub(1)];
        for k in (1..n).rev() {
            let mut m = HashMap::new();
            for &r in &reach[k] {
                m.insert(r, self.weight_fresh(k, r));
            }
            self.weights[k - 1] = m;
        }
    }

    /// One deal of the hidden ids: the map from each hidden place to its new id.
    pub(super) fn sample(
        &self,
        view: &SeatView<'_>,
        hidden: &[u8],
        rng: &mut SplitMix64,
    ) -> Sample {
        let mut pools: [Vec<u8>; CATS] = self.by_cat.clone();
        for p in &mut pools {
            rng.shuffle(p);
        }
        let mut map = [0u8; WALL_TILES];
        for (i, m) in map.iter_mut().enumerate() {
            *m = i as u8;
        }
        let mut assigned = [false; WALL_TILES];
        let mut r: [u8; CATS] = core::array::from_fn(|c| pools[c].len() as u8);
        for (k, seat) in self.lacking.iter().enumerate() {
            let choices = rows(self.size(k), self.allowed(k), r);
            let w: SmallVec<[f64; 64]> = choices
                .iter()
                .map(|&x| {
                    let here: f64 = x.iter().map(|&n| inv_fact(n)).product();
                    here * self.weight(k + 1, sub(r, x))
                })
                .collect();
            let total: f64 = w.iter().sum();
            let mut u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
            let mut pick = choices.len().saturating_sub(1);
            for (i, &wi) in w.iter().enumerate() {
                if u < wi {
                    pick = i;
                    break;
                }
                u -= wi;
            }
            let Some(&x) = choices.get(pick) else {
                continue;
            };
            let mut ids: SmallVec<[u8; 14]> = SmallVec::new();
            for c in 0..CATS {
                for _ in 0..x[c] {
                    ids.extend(pools[c].pop());
                }
            }
            rng.shuffle(&mut ids);
            for (&old, &new) in seat.places.iter().zip(ids.iter()) {
                map[usize::from(old)] = new;
                assigned[usize::from(old)] = true;
            }
            r = sub(r, x);
        }
        let mut rest: Vec<u8> = pools.concat();
        rng.shuffle(&mut rest);
        let mut next = rest.iter();
        for &old in hidden {
            if assigned[usize::from(old)] {
                continue;
            }
            if let Some(&new) = next.next() {
                map[usize::from(old)] = new;
            }
        }
        let mut round: Round = view.round().clone();
        let ok = round.relabel_hidden(&map, view.seat());
        debug_assert!(
            ok,
            "a determinization map is a permutation of the hidden ids"
        );
        Sample { round, unready: 0 }
    }
}

fn sub(a: [u8; CATS], b: [u8; CATS]) -> [u8; CATS] {
    core::array::from_fn(|c| a[c].saturating_sub(b[c]))
}
