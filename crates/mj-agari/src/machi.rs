//! Machi (待ち): the waits of a ready hand with their wait kinds, read from the tables.

use mj_hu::Hand;
use mj_tiles::{Tile, TileSet};

use crate::layout::decomposition_bits;
use crate::shape::{Shape, tile_at};
use crate::tables::AgariTables;
use crate::{
    AgariError, Decomposition, Form, ORPHANS, agari_of, decode, orphans_pair, require_riichi,
    wrong_size,
};

/// How the winning tile was waited on (待ちの形).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum WaitKind {
    /// Two-sided (両面): `23` on 1 or 4.
    TwoSided,
    /// Closed (嵌張): `13` on 2.
    Closed,
    /// Edge (辺張): `12` on 3, `89` on 7.
    Edge,
    /// Pair wait (双碰): one of two pairs becomes a triplet.
    PairWait,
    /// Single (単騎): the pair's second tile; every thirteen-orphans and seven-pairs wait.
    Single,
}

/// One way a wait completes the hand: the decomposition of the completed hand and the kind of
/// wait it implies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WaitReading {
    /// The completed hand's decomposition.
    pub decomposition: Decomposition,
    /// How the winning tile completed it.
    pub kind: WaitKind,
}

/// The former name of [`WaitReading`].
#[deprecated(note = "renamed WaitReading: a `mj_tiles::Reading` is the groups of a decomposition")]
pub type Reading = WaitReading;

/// One wait with every reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wait {
    /// The winning tile.
    pub tile: Tile,
    /// Every (decomposition, wait kind); a decomposition appears once per group the tile can
    /// complete in it.
    pub readings: Vec<WaitReading>,
}

/// The waits of a ready hand.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Machi {
    /// Waits in kind order, leaving out kinds the hand (with its melds) holds four of.
    pub waits: Vec<Wait>,
    /// The thirteen-sided wait of thirteen orphans (国士無双十三面).
    pub thirteen_sided: bool,
}

impl Machi {
    /// The wait kinds as a set.
    pub fn waits(&self) -> TileSet {
        let mut s = TileSet::EMPTY;
        for w in &self.waits {
            s.insert(w.tile);
        }
        s
    }
}

pub(crate) fn wait_kind(seq_low: Tile, group: usize, triplet: bool, offset: u16) -> WaitKind {
    if group == 0 {
        WaitKind::Single
    } else if triplet {
        WaitKind::PairWait
    } else {
        let rank = seq_low.rank();
        match offset {
            1 => WaitKind::Closed,
            0 if rank == 7 => WaitKind::Edge,
            2 if rank == 1 => WaitKind::Edge,
            _ => WaitKind::TwoSided,
        }
    }
}

/// Thirteen orphans ready with 13 concealed tiles: the waits (all 13, or the missing one).
pub(crate) fn orphans_waits(counts: &[u8; 34]) -> Option<(TileSet, bool)> {
    let mut total = 0u32;
    let mut missing = None;
    let mut doubled = false;
    for &t in &ORPHANS {
        match counts[usize::from(t)] {
            0 if missing.is_none() => missing = Some(t),
            1 => {}
            2 if !doubled => doubled = true,
            _ => return None,
        }
        total += u32::from(counts[usize::from(t)]);
    }
    if total != 13 {
        return None;
    }
    match missing {
        None => Some((
            ORPHANS.iter().fold(TileSet::EMPTY, |s, &t| {
                TileSet::from_bits(s.bits() | 1 << t)
            }),
            true,
        )),
        Some(t) if doubled => Some((TileSet::single(tile_at(t)), false)),
        Some(_) => None,
    }
}

/// The waits of a ready riichi hand (3k+1 concealed tiles, at most 13) with, per wait, every
/// decomposition of the completed hand and its wait kind. Empty when it is not ready.
pub fn machi(hand: &Hand) -> Result<Machi, AgariError> {
    require_riichi(hand)?;
    let total = hand.eigens().total();
    if total % 3 != 1 || total > 13 {
        return Err(wrong_size(hand, "3k+1 concealed tiles, at most 13"));
    }
    let tables = AgariTables::committed()?;
    let counts = hand.concealed().as_array();
    let held = hand.held();
    let mut out = Machi::default();
    if hand.melds().is_empty()
        && let Some((waits, thirteen)) = orphans_waits(counts)
    {
        out.thirteen_sided = thirteen;
        for t in waits.iter() {
            if held.get(t) >= 4 {
                continue;
            }
            let mut completed = *counts;
            completed[t.index()] += 1;
            let mut d = Decomposition::new(Form::ThirteenOrphans);
            d.push_pair(orphans_pair(&completed).unwrap_or(t));
            out.waits.push(Wait {
                tile: t,
                readings: vec![WaitReading {
                    decomposition: d,
                    kind: WaitKind::Single,
                }],
            });
        }
        return Ok(out);
    }
    let Some(shape) = Shape::of_eigens(hand.eigens().suits()) else {
        return Ok(out);
    };
    for (w, wait_readings) in tables.machi_packed(shape.machi_packed()) {
        let Some(t) = shape.wait_tile(w) else {
            continue;
        };
        let tile = tile_at(t);
        if held.get(tile) >= 4 {
            continue;
        }
        let mut completed = *hand.concealed();
        if completed.add(tile).is_err() {
            continue;
        }
        let agari = agari_of(
            tables,
            hand.eigens()
                .with_tile(tile)
                .and_then(|e| Shape::of_eigens(e.suits())),
            &completed,
            hand.melds(),
        );
        let win_pos = (0..agari.shape.n).find(|&p| agari.shape.tiles[p] == t);
        let mut readings = Vec::new();
        for &r in wait_readings {
            let (local, group, offset) = (
                usize::from(r & 0xFF),
                usize::from((r >> 8) & 7),
                (r >> 11) & 3,
            );
            let Some(&e) = agari.entries.get(local) else {
                continue;
            };
            let decomposition = decode(&agari.shape, e, hand.melds());
            let kind = if group == 0 {
                WaitKind::Single
            } else {
                let (pos, trip) = decomposition_bits::meld(e, group - 1);
                debug_assert!(win_pos.is_some());
                wait_kind(agari.shape.tile(pos), group, trip, offset)
            };
            readings.push(WaitReading {
                decomposition,
                kind,
            });
        }
        out.waits.push(Wait { tile, readings });
    }
    out.waits.sort_by_key(|w| w.tile);
    Ok(out)
}
