//! The slow twin: every decomposition by plain backtracking, written to be obviously correct.
//! Tests compare the tables with it.

use mj_tiles::{Tile, TileCounts};

use crate::{Decomposition, Form, GroupKind};

/// A decomposition of the concealed tiles in plain terms: the form, the pairs' kind indices and
/// the concealed melds `(lowest kind index, triplet)`, both sorted.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Plain {
    /// The form.
    pub form: Form,
    /// Pair kinds (one, seven for seven pairs, the doubled tile for thirteen orphans).
    pub pairs: Vec<u8>,
    /// Concealed melds.
    pub melds: Vec<(u8, bool)>,
}

impl From<&Decomposition> for Plain {
    fn from(d: &Decomposition) -> Plain {
        let mut pairs: Vec<u8> = d.pairs().iter().map(|t| t.as_u8()).collect();
        pairs.sort_unstable();
        let mut melds: Vec<(u8, bool)> = d
            .melds()
            .iter()
            .filter(|g| g.declared.is_none())
            .map(|g| (g.tile.as_u8(), g.kind == GroupKind::Triplet))
            .collect();
        melds.sort_unstable();
        Plain {
            form: d.form,
            pairs,
            melds,
        }
    }
}

fn melds(c: &mut [u8; 34], from: usize, acc: &mut Vec<(u8, bool)>, out: &mut Vec<Vec<(u8, bool)>>) {
    let Some(i) = (from..34).find(|&i| c[i] > 0) else {
        let mut m = acc.clone();
        m.sort_unstable();
        out.push(m);
        return;
    };
    if c[i] >= 3 {
        c[i] -= 3;
        acc.push((i as u8, true));
        melds(c, i, acc, out);
        acc.pop();
        c[i] += 3;
    }
    if i < 27 && i % 9 <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        acc.push((i as u8, false));
        melds(c, i, acc, out);
        acc.pop();
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
    }
}

/// Every decomposition of concealed tiles (3k+2) under riichi rules, sorted. `closed` (no
/// declared melds) allows seven pairs and thirteen orphans.
pub fn decompositions(counts: &TileCounts, closed: bool) -> Vec<Plain> {
    let c = *counts.as_array();
    let total: u32 = c.iter().map(|&x| u32::from(x)).sum();
    let mut out = Vec::new();
    if total % 3 != 2 {
        return out;
    }
    for p in 0..34 {
        if c[p] < 2 {
            continue;
        }
        let mut rest = c;
        rest[p] -= 2;
        let mut found = Vec::new();
        melds(&mut rest, 0, &mut Vec::new(), &mut found);
        for m in found {
            out.push(Plain {
                form: Form::Standard,
                pairs: vec![p as u8],
                melds: m,
            });
        }
    }
    if closed && total == 14 {
        let pairs: Vec<u8> = (0..34u8).filter(|&i| c[usize::from(i)] == 2).collect();
        if pairs.len() == 7 {
            out.push(Plain {
                form: Form::SevenPairs,
                pairs,
                melds: Vec::new(),
            });
        }
        let orphans: Vec<u8> = Tile::ALL
            .iter()
            .filter(|t| t.is_terminal_or_honor())
            .map(|t| t.as_u8())
            .collect();
        let all = orphans.iter().all(|&t| c[usize::from(t)] >= 1);
        let only: u32 = orphans.iter().map(|&t| u32::from(c[usize::from(t)])).sum();
        if all && only == 14 {
            let pair = orphans.iter().copied().find(|&t| c[usize::from(t)] == 2);
            out.push(Plain {
                form: Form::ThirteenOrphans,
                pairs: pair.into_iter().collect(),
                melds: Vec::new(),
            });
        }
    }
    // Taking the lowest tile's triplet first or its sequence first can reach one multiset of
    // melds twice (777 + 789 from 7777 8 9): keep each decomposition once.
    out.sort();
    out.dedup();
    out
}
