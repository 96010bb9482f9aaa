//! The slow reference: plain backtracking with wildcards, written to be obviously correct, not
//! fast. Tests bind the table-driven answers to it.
//!
//! The standard form follows the classic method: melds never cross groups (m, p, s, winds,
//! dragons), so try every way to hand the wildcards out to the groups and every group for the
//! pair; inside a group, pick the pair first (every kind, with 0, 1 or 2 real tiles), then take
//! the lowest remaining tile and try every meld that can hold it (triplet, each run through it,
//! each honor sequence through it when allowed), filling each other slot with a real tile or a
//! wildcard, both tried. Family answers are cached per (family, shape, wildcards, pair rule), the
//! per-suit cache of the method's original description. Special forms are counted directly on
//! the count array. Waits try all 34 kinds.

use std::collections::HashMap;

use mj_tiles::{Suit, Tile, TileCounts, TileSet};

use crate::{Hand, HuError, Rules};

/// A family of kinds whose melds never mix with other families: a numbered suit, the winds or
/// the dragons (the tables' "groups"; a meld or pair is a [`mj_tiles::Group`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// A numbered suit: 9 ranks, runs and triplets.
    Suited,
    /// The four winds.
    Winds,
    /// The three dragons.
    Dragons,
}

/// The former name of [`Family`].
#[deprecated(note = "renamed Family: a `Group` is a meld or pair (`mj_tiles::Group`)")]
pub type Group = Family;

impl Family {
    fn kinds(self) -> usize {
        match self {
            Family::Suited => 9,
            Family::Winds => 4,
            Family::Dragons => 3,
        }
    }
}

/// What a group must finish as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Finish {
    /// Melds only.
    Melds,
    /// Melds and one pair of any kind.
    MeldsAndPair,
    /// Melds and one pair of rank 2, 5 or 8 (numbered suits only).
    MeldsAndPair258,
}

/// The reference, with its per-group cache. Keep one alive across many questions.
#[derive(Debug, Default)]
pub struct Reference {
    cache: HashMap<(Family, bool, [u8; 9], u8, Finish), bool>,
}

impl Reference {
    /// An empty cache.
    pub fn new() -> Reference {
        Reference::default()
    }

    /// Can `counts` (one group's counts, lowest kind first) plus exactly `wildcards` wildcards be
    /// split into melds (and the pair `finish` asks for)? `honor_sequences` lets three different
    /// winds, or the three dragons, be a sequence.
    pub fn group_completes(
        &mut self,
        group: Family,
        honor_sequences: bool,
        counts: &[u8; 9],
        wildcards: u8,
        finish: Finish,
    ) -> bool {
        let key = (group, honor_sequences, *counts, wildcards, finish);
        if let Some(&known) = self.cache.get(&key) {
            return known;
        }
        let answer = self.search(group, honor_sequences, counts, wildcards, finish);
        self.cache.insert(key, answer);
        answer
    }

    fn search(&mut self, group: Family, seq: bool, c: &[u8; 9], w: u8, finish: Finish) -> bool {
        let n = group.kinds();
        if finish != Finish::Melds {
            // Pick the pair first: any allowed kind, with 2, 1 or 0 real tiles.
            for t in 0..n {
                let allowed = match finish {
                    Finish::MeldsAndPair258 => group == Family::Suited && matches!(t, 1 | 4 | 7),
                    _ => true,
                };
                if !allowed {
                    continue;
                }
                for real in 0..=c[t].min(2) {
                    let wild = 2 - real;
                    if wild > w {
                        continue;
                    }
                    let mut rest = *c;
                    rest[t] -= real;
                    if self.group_completes(group, seq, &rest, w - wild, Finish::Melds) {
                        return true;
                    }
                }
            }
            return false;
        }
        let Some(low) = c[..n].iter().position(|&x| x > 0) else {
            // Only wildcards left: they make triplets among themselves.
            return w.is_multiple_of(3);
        };
        for meld in melds_through(group, seq, low) {
            // The lowest tile takes one slot of kind `low`; the other two slots each take a real
            // tile or a wildcard, every combination tried.
            let mut rest = *c;
            rest[low] -= 1;
            let others = [meld[1], meld[2]];
            for choice in 0..4u8 {
                let mut r = rest;
                let mut wild = 0u8;
                let mut ok = true;
                for (slot, &kind) in others.iter().enumerate() {
                    if choice >> slot & 1 == 1 {
                        if r[kind] == 0 {
                            ok = false;
                        } else {
                            r[kind] -= 1;
                        }
                    } else {
                        wild += 1;
                    }
                }
                if ok && wild <= w && self.group_completes(group, seq, &r, w - wild, Finish::Melds)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Does the hand (3k+2 concealed tiles) win?
    pub fn is_winning(&mut self, hand: &Hand, rules: &Rules) -> Result<bool, HuError> {
        hand.require_complete_size()?;
        hand.check_rules(rules)?;
        Ok(self.wins(hand, &real_counts(hand), hand.eigens().wildcards(), rules))
    }

    /// Does the hand (3k+1 concealed tiles) win with one more wildcard?
    pub fn is_ready(&mut self, hand: &Hand, rules: &Rules) -> Result<bool, HuError> {
        hand.require_waiting_size()?;
        hand.check_rules(rules)?;
        Ok(self.wins(
            hand,
            &real_counts(hand),
            hand.eigens().wildcards() + 1,
            rules,
        ))
    }

    /// Every kind whose draw wins (a wild kind: drawing a wildcard), kinds held four times left
    /// out, by trying all 34.
    pub fn waits(&mut self, hand: &Hand, rules: &Rules) -> Result<TileSet, HuError> {
        hand.require_waiting_size()?;
        hand.check_rules(rules)?;
        let real = real_counts(hand);
        let w = hand.eigens().wildcards();
        let mut out = TileSet::EMPTY;
        for t in Tile::ALL {
            if hand.held().get(t) >= 4 || (!rules.honors && t.is_honor()) {
                continue;
            }
            let wins = if hand.wild().contains(t) {
                // Drawing a wildcard never makes a ninth.
                w < crate::MAX_WILDCARDS && self.wins(hand, &real, w + 1, rules)
            } else {
                let mut more = real;
                more[t.index()] += 1;
                self.wins(hand, &more, w, rules)
            };
            if wins {
                out.insert(t);
            }
        }
        Ok(out)
    }

    /// Do real counts `c` and `w` wildcards, beside the hand's declared melds, win?
    fn wins(&mut self, hand: &Hand, c: &[u8; 34], w: u8, rules: &Rules) -> bool {
        if rules.lack_one_suit {
            let mut used = [false; 3];
            for (i, &n) in c.iter().enumerate().take(27) {
                used[i / 9] |= n > 0;
            }
            for meld in hand.melds() {
                if let Some(u) = used.get_mut(meld.base().suit().index()) {
                    *u = true;
                }
            }
            if used.iter().all(|&u| u) {
                return false;
            }
        }
        let declared = hand.melds().len();
        let concealed = c.iter().map(|&n| u32::from(n)).sum::<u32>() + u32::from(w);
        if self.standard(c, w, rules) {
            return true;
        }
        if concealed + 3 * declared as u32 != 14 {
            return false;
        }
        if declared == 0 {
            if rules.seven_pairs && seven_pairs(c, w, rules.distinct_pairs) {
                return true;
            }
            if rules.thirteen_orphans && thirteen_orphans(c) {
                return true;
            }
            if rules.knitted && lesser_honors_knitted(c) {
                return true;
            }
        }
        rules.knitted && declared <= 1 && self.knitted_straight(c, w, rules)
    }

    /// Standard form: every way to give the wildcards to the five groups and the pair to one.
    fn standard(&mut self, c: &[u8; 34], w: u8, rules: &Rules) -> bool {
        let groups = split_groups(c);
        let pair = if rules.eyes_258 {
            Finish::MeldsAndPair258
        } else {
            Finish::MeldsAndPair
        };
        for pair_group in 0..5 {
            if self.distribute(&groups, 0, w, pair_group, pair, rules.honor_sequences) {
                return true;
            }
        }
        false
    }

    fn distribute(
        &mut self,
        groups: &[(Family, [u8; 9]); 5],
        g: usize,
        w: u8,
        pair_group: usize,
        pair: Finish,
        seq: bool,
    ) -> bool {
        let (group, counts) = groups[g];
        let finish = if g == pair_group { pair } else { Finish::Melds };
        if g == 4 {
            return self.group_completes(group, seq, &counts, w, finish);
        }
        (0..=w).any(|mine| {
            self.group_completes(group, seq, &counts, mine, finish)
                && self.distribute(groups, g + 1, w - mine, pair_group, pair, seq)
        })
    }

    /// 组合龙: one of each tile of a knitted straight (wildcards for the missing ones), the rest a
    /// standard hand of one meld fewer.
    fn knitted_straight(&mut self, c: &[u8; 34], w: u8, rules: &Rules) -> bool {
        for perm in KNITTED_SUITS {
            let mut rest = *c;
            let mut missing = 0u8;
            for (offset, suit) in perm.iter().enumerate() {
                for rank in [0usize, 3, 6] {
                    let kind = suit * 9 + rank + offset;
                    if rest[kind] > 0 {
                        rest[kind] -= 1;
                    } else {
                        missing += 1;
                    }
                }
            }
            if missing <= w && self.standard(&rest, w - missing, rules) {
                return true;
            }
        }
        false
    }
}

/// The six ways to give 1-4-7, 2-5-8 and 3-6-9 to the three numbered suits: `perm[offset]` is
/// the suit of the ranks `offset + 1`, `offset + 4`, `offset + 7`.
const KNITTED_SUITS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The real (not wild) concealed counts of a hand.
fn real_counts(hand: &Hand) -> [u8; 34] {
    let mut c = *hand.concealed().as_array();
    for t in hand.wild() {
        c[t.index()] = 0;
    }
    c
}

fn split_groups(c: &[u8; 34]) -> [(Family, [u8; 9]); 5] {
    let mut out = [(Family::Suited, [0u8; 9]); 5];
    for s in 0..3 {
        out[s].1.copy_from_slice(&c[s * 9..s * 9 + 9]);
    }
    out[3].0 = Family::Winds;
    out[3].1[..4].copy_from_slice(&c[27..31]);
    out[4].0 = Family::Dragons;
    out[4].1[..3].copy_from_slice(&c[31..34]);
    out
}

/// Every meld holding kind `low` (as three kinds, `low` first) in a group.
fn melds_through(group: Family, seq: bool, low: usize) -> Vec<[usize; 3]> {
    let mut out = vec![[low, low, low]];
    match group {
        Family::Suited => {
            for start in low.saturating_sub(2)..=low {
                if start + 2 < 9 {
                    let others: Vec<usize> = (start..start + 3).filter(|&k| k != low).collect();
                    out.push([low, others[0], others[1]]);
                }
            }
        }
        Family::Winds | Family::Dragons if seq => {
            let n = group.kinds();
            for a in 0..n {
                for b in a + 1..n {
                    if a != low && b != low {
                        out.push([low, a, b]);
                    }
                }
            }
        }
        _ => {}
    }
    out
}

/// Seven pairs: real pairs, singles finished by a wildcard each, the other wildcards in pairs.
fn seven_pairs(c: &[u8; 34], w: u8, distinct: bool) -> bool {
    let singles: u32 = c.iter().map(|&n| u32::from(n % 2)).sum();
    let pairs: u32 = c.iter().map(|&n| u32::from(n / 2)).sum();
    let w = u32::from(w);
    if singles > w {
        return false;
    }
    let wild_pairs = (w - singles) / 2;
    if distinct {
        let kinds = c.iter().filter(|&&n| n > 0).count() as u32;
        // Each kind at most one pair; wildcard pairs must be of new kinds.
        c.iter().all(|&n| n <= 2) && kinds + wild_pairs == 7
    } else {
        pairs + singles + wild_pairs == 7
    }
}

/// Thirteen orphans: one of each terminal and honor, one of them twice.
fn thirteen_orphans(c: &[u8; 34]) -> bool {
    let orphan: Vec<usize> = Tile::ORPHANS.iter().map(|t| t.index()).collect();
    if (0..34).any(|k| c[k] > 0 && !orphan.contains(&k)) {
        return false;
    }
    orphan.iter().any(|&pair| {
        orphan
            .iter()
            .all(|&o| c[o] <= if o == pair { 2 } else { 1 })
    })
}

/// 全不靠: fourteen different kinds from one knitted straight and the honors.
fn lesser_honors_knitted(c: &[u8; 34]) -> bool {
    KNITTED_SUITS.iter().any(|perm| {
        let mut allowed = [false; 34];
        for (offset, suit) in perm.iter().enumerate() {
            for rank in [0usize, 3, 6] {
                allowed[suit * 9 + rank + offset] = true;
            }
        }
        for a in allowed.iter_mut().skip(27) {
            *a = true;
        }
        (0..34).all(|k| c[k] == 0 || (c[k] == 1 && allowed[k]))
    })
}

/// Convenience: the reference answer for `hand` under `rules` with a fresh cache.
pub fn is_winning(hand: &Hand, rules: &Rules) -> Result<bool, HuError> {
    Reference::new().is_winning(hand, rules)
}

/// Convenience: the reference waits for `hand` under `rules` with a fresh cache.
pub fn waits(hand: &Hand, rules: &Rules) -> Result<TileSet, HuError> {
    Reference::new().waits(hand, rules)
}

/// The counts of one suit of a `TileCounts`, for tests that build group shapes.
pub fn group_counts(counts: &TileCounts, suit: Suit) -> [u8; 9] {
    let mut out = [0u8; 9];
    for rank in 1..=suit.ranks() {
        if let Some(t) = Tile::from_suit_rank(suit, rank) {
            out[usize::from(rank) - 1] = counts.get(t);
        }
    }
    out
}
