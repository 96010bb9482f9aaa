//! Riichi discard candidates: the discards that leave a ready hand, with the waits.

use mj_hu::Hand;
use mj_tiles::{Tile, TileSet};

use crate::shape::{Discard, Shape, packed_of, tile_at};
use crate::tables::AgariTables;
use crate::{AgariError, ORPHANS, require_riichi, wrong_size};

use crate::machi::orphans_waits;

/// Whether a wait on a tile the hand already holds four of counts (空聴, karaten).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Karaten {
    /// Such a wait is listed: the shape is ready (many rule sets allow riichi on it).
    Counts,
    /// Such a wait is left out; a discard whose every wait is one is not a candidate.
    LeftOut,
}

/// One riichi discard: the tile and the waits it leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The discard.
    pub discard: Tile,
    /// The waits after it.
    pub waits: TileSet,
}

/// The discards that leave a hand ready, in kind order.
#[derive(Clone, Copy, Debug)]
pub struct Candidates {
    items: [Candidate; 14],
    len: usize,
}

impl Candidates {
    /// The candidates.
    pub fn as_slice(&self) -> &[Candidate] {
        self.items.get(..self.len).unwrap_or(&[])
    }
}

/// The discards of a 3k+2 hand (at most 14 concealed tiles) that leave it ready, each with its
/// waits.
///
/// ```
/// use mj_agari::{Karaten, riichi_candidates};
/// let hand = mj_hu::Hand::parse("2344m456p789s111z9p", "")?;
/// let c = riichi_candidates(&hand, Karaten::LeftOut)?;
/// let listed: Vec<String> = c.as_slice().iter().map(|c| format!("{}:{}", c.discard, c.waits)).collect();
/// assert_eq!(listed, ["4m:9p", "9p:14m"]);
/// # Ok::<(), mj_agari::AgariError>(())
/// ```
pub fn riichi_candidates(hand: &Hand, karaten: Karaten) -> Result<Candidates, AgariError> {
    require_riichi(hand)?;
    let total = hand.eigens().total();
    if total % 3 != 2 || total > 14 {
        return Err(wrong_size(hand, "3k+2 concealed tiles, at most 14"));
    }
    let tables = AgariTables::committed()?;
    Ok(candidates_of(tables, hand, karaten))
}

#[inline]
pub(crate) fn candidates_of(tables: &AgariTables, hand: &Hand, karaten: Karaten) -> Candidates {
    let mut out = Candidates {
        items: [Candidate {
            discard: Tile::ALL[0],
            waits: TileSet::EMPTY,
        }; 14],
        len: 0,
    };
    let counts = hand.concealed().as_array();
    let held = hand.held().as_array();
    let Some(shape) = Shape::of_eigens(hand.eigens().suits()) else {
        return out;
    };
    // Thirteen orphans ready after a discard holds 12 or 13 kinds, so 12 to 14 before it.
    let orphans = hand.melds().is_empty()
        && shape.n >= 12
        && ORPHANS
            .iter()
            .map(|&t| u32::from(counts[usize::from(t)]))
            .sum::<u32>()
            >= 13;
    // First every discard's shape and the first slot of its probe, so that the table's cache
    // misses overlap; then the waits.
    let mut rests = [Discard::default(); 14];
    let mut starts = [(0usize, 0u64); 14];
    for i in 0..shape.n.min(14) {
        let rest = shape.discard(i);
        // The filter has no false negatives: a clear bit is not a ready pattern.
        if tables.may_be_ready(rest.key) {
            starts[i] = tables.machi_start(packed_of(rest.bits));
        }
        rests[i] = rest;
    }
    for i in 0..shape.n.min(14) {
        let d = shape.tiles[i];
        let rest = &rests[i];
        let mut waits = 0u64;
        if starts[i].1 != 0 {
            for (w, _) in tables.machi_from(packed_of(rest.bits), starts[i]) {
                let Some(t) = shape.wait_tile_after(i, rest.gone, w) else {
                    continue;
                };
                let h = held[usize::from(t)] - u8::from(t == d);
                if h < 4 || karaten == Karaten::Counts {
                    waits |= 1 << t;
                }
            }
        }
        if orphans {
            let mut c = *counts;
            c[usize::from(d)] -= 1;
            if let Some((set, _)) = orphans_waits(&c) {
                for t in set.iter() {
                    let h = held[t.index()] - u8::from(t.as_u8() == d);
                    if h < 4 || karaten == Karaten::Counts {
                        waits |= 1 << t.index();
                    }
                }
            }
        }
        if waits != 0
            && let Some(slot) = out.items.get_mut(out.len)
        {
            *slot = Candidate {
                discard: tile_at(d),
                waits: TileSet::from_bits(waits),
            };
            out.len += 1;
        }
    }
    out
}
