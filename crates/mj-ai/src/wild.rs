//! Wildcard shanten beyond the tables: the case where a wildcard is worth more as a fifth (or
//! later) copy of a kind the hand already holds four times.
//!
//! With `w` wildcards and real tiles `r`, the distance of a completion `H` is
//! `sum_i max(0, H_i - r_i) - w` (every wildcard fills one missing tile; there are always at
//! least `w` missing tiles because `|r| + w <= 3m + 2`), subject to the **excess**
//! `sum_i max(0, H_i - 4) <= w` (tiles beyond four of a kind must be wildcards). Without excess
//! the minimum is the table distance of the real tiles minus `w`. Excess lowers it only when
//! the excess kind already has four real copies: beside three or fewer real copies, a pair or
//! triplet of the kind made of wildcards can move to a fresh kind at no cost, and a fifth copy
//! inside sequences can be traded for the neighbours (an exchange argument, checked against the
//! literal substitution brute force on seeded corpora rich in triplets and quads). So the table
//! path is exact unless the hand holds both a wildcard and four real tiles of a kind; then the
//! suits with such a quad run the budgeted per-suit programme with excess allowed at the quad
//! ranks only ([`crate::distance::suit_distances_limited`]), the other suits combine plainly,
//! and the two parts are combined at the end.

use mj_tiles::Suit;

use crate::distance::{combine, combine_budgeted, suit_distances_limited};
use crate::tables::{ShantenTables, Vector, suit_classes};

/// Distance (before subtracting the wildcards) of real counts `c` with `w` wildcards, `m` melds
/// and a pair, excess allowed on kinds held four times.
pub(crate) fn standard_distance_with_excess(
    t: &ShantenTables,
    c: &[u8; 34],
    w: u8,
    m: usize,
) -> u8 {
    let budget = usize::from(w);
    let classes = suit_classes(t, c);
    // Without excess the tables answer; the budgeted programme only looks for something better,
    // so partial costs at or above that answer are dropped.
    let [cm, cp, cs, cz] = classes;
    let without = t.distance(t.man_pin_class(cm, cp), t.sou_honor_key(cs, cz), m);
    // Suits without a quad combine plainly; suits with one keep a budget dimension.
    let mut plain: Option<Vector> = None;
    let mut budgeted: Option<Vec<Vector>> = None;
    for suit in Suit::ALL {
        let first = suit.first_kind() as usize;
        let counts = &c[first..first + suit.ranks() as usize];
        if counts.contains(&4) {
            let quads = counts
                .iter()
                .enumerate()
                .fold(0u16, |mask, (r, &n)| mask | u16::from(n == 4) << r);
            let v = suit_distances_limited(
                counts,
                &[4; 9],
                suit.is_numbered(),
                budget,
                quads,
                m,
                without,
            );
            budgeted = Some(match budgeted {
                None => v,
                Some(a) => combine_budgeted(&a, &v, budget),
            });
        } else {
            let v = if suit.is_numbered() {
                t.numbered_vec[classes[suit.index()]]
            } else {
                t.honor_vec[classes[3]]
            };
            plain = Some(match plain {
                None => v,
                Some(a) => combine(&a, &v),
            });
        }
    }
    // "At most e" vectors: the last one is the best within the whole budget.
    let quads = budgeted.and_then(|b| b.last().copied());
    let whole = match (quads, plain) {
        (Some(a), Some(b)) => combine(&a, &b),
        (Some(a), None) => a,
        (None, Some(b)) => b,
        (None, None) => return without,
    };
    whole[m * 2 + 1].min(without)
}
