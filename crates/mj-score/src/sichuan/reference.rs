//! The slow reference scorer: written to be obviously correct, not fast. Tests bind
//! [`super::score`] to it.
//!
//! Every reading is enumerated outright. Standard form: take the lowest remaining real tile and
//! try every group that can hold it (the pair, a triplet, each of the three sequences through
//! it), each other slot filled by a real tile when one is left or by a wildcard (both tried);
//! when no real tile is left, the remaining wildcards form every possible pair, triplet and
//! sequence of the allowed kinds. Seven pairs: each odd count takes a wildcard, the other
//! wildcards form every multiset of pairs. Each reading's fans are computed from its groups one
//! by one (a group holds a 1 or 9, a sequence breaks 对对胡, ...), and the best total is kept.
//! Only the validation of the input and the table lookup (fans that apply -> fans that count)
//! are shared with the fast path.

use mj_tiles::{MeldKind, Suit, Tile};

use super::table::{Fan, Features};
use super::{
    GroupKind, NotAWin, Prepared, ScoredReading, SichuanError, SichuanRules, Situation, Win,
};
use crate::FanEntry;

/// A group of a reading: the kinds it holds (0..27 = suit * 9 + rank - 1).
#[derive(Clone, Debug, PartialEq, Eq)]
struct RGroup {
    kinds: Vec<u8>,
    sequence: bool,
}

/// The reference answer: the best total before the cap and that reading's breakdown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefScore {
    /// The best total before the cap.
    pub fan_uncapped: u32,
    /// The total after the cap.
    pub fan: u32,
    /// The breakdown of one best reading.
    pub fans: Vec<FanEntry>,
    /// Readings seen (for the tests' curiosity).
    pub readings: u64,
}

fn kind_of(t: Tile) -> u8 {
    (t.suit().index() * 9) as u8 + t.rank() - 1
}

fn suit_of(kind: u8) -> usize {
    usize::from(kind / 9)
}

fn rank_of(kind: u8) -> u8 {
    kind % 9 + 1
}

struct Ctx<'a> {
    win: &'a Win,
    sit: &'a Situation,
    rules: &'a SichuanRules,
    situation: u32,
    /// Kinds a wildcard may become.
    allowed: Vec<u8>,
    best: Option<(u32, Vec<FanEntry>)>,
    readings: u64,
}

/// Scores `win` by enumerating every reading.
pub fn score(
    win: &Win,
    situation: &Situation,
    rules: &SichuanRules,
) -> Result<RefScore, SichuanError> {
    let prep = Prepared::new(win, situation)?;
    let mut real = [0u8; 27];
    let mut w = 0usize;
    for t in win.concealed.tiles() {
        if win.wild.contains(t) {
            w += 1;
        } else {
            real[usize::from(kind_of(t))] += 1;
        }
    }
    let allowed = (0..27u8)
        .filter(|&k| situation.lack.is_none_or(|l| l.index() != suit_of(k)))
        .collect();
    let mut ctx = Ctx {
        win,
        sit: situation,
        rules,
        situation: prep.situation,
        allowed,
        best: None,
        readings: 0,
    };
    let mut groups = Vec::new();
    let mut subs = Vec::new();
    let original = real;
    ctx.standard(&original, &mut real, w, false, &mut groups, &mut subs);
    if win.melds.is_empty() {
        ctx.seven_pairs(&original, w);
    }
    let (total, fans) = ctx.best.ok_or(SichuanError::NotAWin(NotAWin::NoShape))?;
    Ok(RefScore {
        fan_uncapped: total,
        fan: rules.cap.map_or(total, |c| total.min(c)),
        fans,
        readings: ctx.readings,
    })
}

impl Ctx<'_> {
    fn standard(
        &mut self,
        original: &[u8; 27],
        real: &mut [u8; 27],
        w: usize,
        has_pair: bool,
        groups: &mut Vec<RGroup>,
        subs: &mut Vec<u8>,
    ) {
        let Some(low) = (0..27).find(|&k| real[k] > 0) else {
            self.wild_only(original, w, has_pair, groups, subs);
            return;
        };
        let low = low as u8;
        // Every group that holds `low`: its kinds; `low` itself is real, the rest real or wild.
        let mut shapes: Vec<(Vec<u8>, bool, bool)> = Vec::new(); // kinds, sequence, pair
        if !has_pair {
            shapes.push((vec![low, low], false, true));
        }
        shapes.push((vec![low, low, low], false, false));
        let r = rank_of(low);
        for start in [r.wrapping_sub(2), r.wrapping_sub(1), r] {
            if (1..=7).contains(&start) {
                let first = low - (r - start);
                shapes.push((vec![first, first + 1, first + 2], true, false));
            }
        }
        for (kinds, sequence, pair) in shapes {
            // Position of `low` (taken real); every other slot: real if any left, or wild.
            let me = kinds.iter().position(|&k| k == low).unwrap_or(0);
            real[usize::from(low)] -= 1;
            let others: Vec<u8> = kinds
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != me)
                .map(|(_, &k)| k)
                .collect();
            self.fill(
                original,
                real,
                w,
                has_pair || pair,
                &kinds,
                sequence,
                &others,
                groups,
                subs,
            );
            real[usize::from(low)] += 1;
        }
    }

    /// Fills the remaining slots `others` of a group with real tiles or wildcards, every way.
    #[allow(clippy::too_many_arguments)]
    fn fill(
        &mut self,
        original: &[u8; 27],
        real: &mut [u8; 27],
        w: usize,
        has_pair: bool,
        kinds: &[u8],
        sequence: bool,
        others: &[u8],
        groups: &mut Vec<RGroup>,
        subs: &mut Vec<u8>,
    ) {
        let Some((&k, rest)) = others.split_first() else {
            groups.push(RGroup {
                kinds: kinds.to_vec(),
                sequence,
            });
            self.standard(original, real, w, has_pair, groups, subs);
            groups.pop();
            return;
        };
        if real[usize::from(k)] > 0 {
            real[usize::from(k)] -= 1;
            self.fill(
                original, real, w, has_pair, kinds, sequence, rest, groups, subs,
            );
            real[usize::from(k)] += 1;
        }
        if w > 0 && self.allowed.contains(&k) {
            subs.push(k);
            self.fill(
                original,
                real,
                w - 1,
                has_pair,
                kinds,
                sequence,
                rest,
                groups,
                subs,
            );
            subs.pop();
        }
    }

    /// No real tile left: the wildcards form every pair (if none yet), triplet and sequence.
    fn wild_only(
        &mut self,
        original: &[u8; 27],
        w: usize,
        has_pair: bool,
        groups: &mut Vec<RGroup>,
        subs: &mut Vec<u8>,
    ) {
        if w == 0 {
            if has_pair {
                self.visit_standard(original, groups, subs);
            }
            return;
        }
        let allowed = self.allowed.clone();
        for k in allowed {
            let mut shapes = vec![(vec![k, k, k], false)];
            if !has_pair {
                shapes.push((vec![k, k], false));
            }
            if rank_of(k) <= 7 {
                shapes.push((vec![k, k + 1, k + 2], true));
            }
            for (kinds, sequence) in shapes {
                if kinds.len() > w || !kinds.iter().all(|x| self.allowed.contains(x)) {
                    continue;
                }
                let pair = kinds.len() == 2;
                subs.extend(&kinds);
                groups.push(RGroup {
                    kinds: kinds.clone(),
                    sequence,
                });
                self.wild_only(original, w - kinds.len(), has_pair || pair, groups, subs);
                groups.pop();
                subs.truncate(subs.len() - kinds.len());
            }
        }
    }

    /// All tiles of a reading (concealed real, wildcard targets, melds) per kind.
    fn full_counts(&self, original: &[u8; 27], subs: &[u8]) -> [u32; 27] {
        let mut full = original.map(u32::from);
        for &k in subs {
            full[usize::from(k)] += 1;
        }
        for m in &self.win.melds {
            for t in m.tiles() {
                full[usize::from(kind_of(t))] += 1;
            }
        }
        full
    }

    /// Tile-level facts; `None` if the reading breaks 缺一门 or the suit given up.
    fn tile_facts(&self, full: &[u32; 27]) -> Option<Features> {
        let mut suits = [false; 3];
        for (k, &n) in full.iter().enumerate() {
            if n > 0 {
                suits[k / 9] = true;
            }
        }
        let used = suits.iter().filter(|&&u| u).count();
        if used > 2 {
            return None;
        }
        if let Some(l) = self.sit.lack
            && suits[l.index()]
        {
            return None;
        }
        Some(Features {
            qing: used == 1,
            gens: full.iter().map(|n| n / 4).sum(),
            ..Features::default()
        })
    }

    fn visit_standard(&mut self, original: &[u8; 27], groups: &[RGroup], subs: &[u8]) {
        self.readings += 1;
        let full = self.full_counts(original, subs);
        let Some(base) = self.tile_facts(&full) else {
            return;
        };
        let melds = &self.win.melds;
        let mut all: Vec<RGroup> = groups.to_vec();
        for m in melds {
            all.push(RGroup {
                kinds: m.tiles().map(kind_of).collect(),
                sequence: m.kind() == MeldKind::Chi,
            });
        }
        let dui = all.iter().all(|g| !g.sequence);
        let yaojiu = all
            .iter()
            .all(|g| g.kinds.iter().any(|&k| rank_of(k) == 1 || rank_of(k) == 9));
        let all_258 = full
            .iter()
            .enumerate()
            .all(|(k, &n)| n == 0 || matches!(k % 9 + 1, 2 | 5 | 8));
        let kongs = melds.iter().filter(|m| m.kind().is_kan()).count();
        let f = Features {
            dui,
            yaojiu,
            jiang: dui && all_258,
            jingou: dui && melds.len() == 4,
            luohan: kongs == 4,
            ..base
        };
        self.offer(f);
    }

    fn seven_pairs(&mut self, original: &[u8; 27], w: usize) {
        let mut subs: Vec<u8> = Vec::new();
        for (k, &n) in original.iter().enumerate() {
            if n % 2 == 1 {
                subs.push(k as u8);
            }
        }
        if subs.len() > w || !(w - subs.len()).is_multiple_of(2) {
            return;
        }
        if subs.iter().any(|k| !self.allowed.contains(k)) {
            return;
        }
        let pairs = (w - subs.len()) / 2;
        self.pair_multisets(original, &mut subs, pairs, 0);
    }

    fn pair_multisets(
        &mut self,
        original: &[u8; 27],
        subs: &mut Vec<u8>,
        left: usize,
        from: usize,
    ) {
        if left == 0 {
            self.readings += 1;
            let full = self.full_counts(original, subs);
            let Some(base) = self.tile_facts(&full) else {
                return;
            };
            let f = Features {
                seven_pairs: true,
                long: full.iter().any(|&n| n >= 4),
                ..base
            };
            self.offer(f);
            return;
        }
        let allowed = self.allowed.clone();
        for &k in allowed.iter().filter(|&&k| usize::from(k) >= from) {
            subs.push(k);
            subs.push(k);
            self.pair_multisets(original, subs, left - 1, usize::from(k));
            subs.truncate(subs.len() - 2);
        }
    }

    fn offer(&mut self, f: Features) {
        let r = self.rules.resolve(f.present() | self.situation, f.gens);
        if self.best.as_ref().is_none_or(|(t, _)| r.total > *t) {
            self.best = Some((r.total, self.rules.entries(&r).to_vec()));
        }
    }
}

/// Checks that `reading` is a reading of `win` (its groups hold exactly the hand's tiles with
/// each wildcard as stated, and have a legal shape) and returns its fans, computed from the groups
/// one by one: the test of the fast path's answer beyond its total.
pub fn check_reading(
    win: &Win,
    situation: &Situation,
    reading: &ScoredReading,
    rules: &SichuanRules,
) -> Result<(u32, Vec<FanEntry>), String> {
    let prep = Prepared::new(win, situation).map_err(|e| e.to_string())?;
    // The hand as the reading claims it: real tiles plus wildcard targets, plus melds.
    let mut claimed = [0u32; 27];
    let mut wild_seen = 0usize;
    for t in win.concealed.tiles() {
        if win.wild.contains(t) {
            wild_seen += 1;
        } else {
            claimed[usize::from(kind_of(t))] += 1;
        }
    }
    if reading.wildcards.len() != wild_seen {
        return Err(format!(
            "{} wildcard entries for {wild_seen} wildcards",
            reading.wildcards.len()
        ));
    }
    for u in &reading.wildcards {
        if !win.wild.contains(u.tile) || u.as_tile.is_honor() {
            return Err(format!("bad wildcard use {} as {}", u.tile, u.as_tile));
        }
        if situation.lack == Some(u.as_tile.suit()) {
            return Err(format!("wildcard as {} of the suit given up", u.as_tile));
        }
        claimed[usize::from(kind_of(u.as_tile))] += 1;
    }
    for m in &win.melds {
        for t in m.tiles() {
            claimed[usize::from(kind_of(t))] += 1;
        }
    }
    // The groups' tiles.
    let mut grouped = [0u32; 27];
    let mut pairs = 0;
    let mut concealed_groups = 0;
    let mut declared = 0;
    let mut sequences = 0;
    let mut yaojiu = true;
    for g in &reading.groups {
        if g.tile.suit() == Suit::Honor {
            return Err(format!("honor group {}", g.tile));
        }
        let k = kind_of(g.tile);
        let kinds: Vec<u8> = match g.kind {
            GroupKind::Pair => vec![k; 2],
            GroupKind::Triplet => vec![k; 3],
            GroupKind::Quad => vec![k; 4],
            GroupKind::Sequence => {
                if rank_of(k) > 7 {
                    return Err(format!("sequence from {}", g.tile));
                }
                sequences += 1;
                vec![k, k + 1, k + 2]
            }
        };
        yaojiu &= kinds.iter().any(|&x| rank_of(x) == 1 || rank_of(x) == 9);
        for x in &kinds {
            grouped[usize::from(*x)] += 1;
        }
        if g.is_declared() {
            declared += 1;
        } else {
            concealed_groups += 1;
            pairs += u32::from(g.kind == GroupKind::Pair);
        }
    }
    if grouped != claimed {
        return Err("the groups do not hold the hand's tiles".to_owned());
    }
    if declared != win.melds.len() {
        return Err("declared groups differ from the melds".to_owned());
    }
    let base = Features {
        gens: claimed.iter().map(|n| n / 4).sum(),
        qing: {
            let mut suits = [false; 3];
            for (k, &n) in claimed.iter().enumerate() {
                suits[k / 9] |= n > 0;
            }
            let used = suits.iter().filter(|&&u| u).count();
            if used > 2 || situation.lack.is_some_and(|l| suits[l.index()]) {
                return Err("缺一门 broken".to_owned());
            }
            used == 1
        },
        ..Features::default()
    };
    let f = if reading.seven_pairs {
        if pairs != 7 || concealed_groups != 7 {
            return Err("seven pairs without seven pairs".to_owned());
        }
        Features {
            seven_pairs: true,
            long: claimed.iter().any(|&n| n >= 4),
            ..base
        }
    } else {
        if pairs != 1 || concealed_groups + declared != 5 {
            return Err("not four sets and a pair".to_owned());
        }
        let dui = sequences == 0;
        let kongs = win.melds.iter().filter(|m| m.kind().is_kan()).count();
        Features {
            dui,
            yaojiu,
            jiang: dui
                && claimed
                    .iter()
                    .enumerate()
                    .all(|(k, &n)| n == 0 || matches!(k % 9 + 1, 2 | 5 | 8)),
            jingou: dui && win.melds.len() == 4,
            luohan: kongs == 4,
            ..base
        }
    };
    let r = rules.resolve(f.present() | prep.situation, f.gens);
    Ok((r.total, rules.entries(&r).to_vec()))
}

/// The fans of a breakdown by id, for tests that look for one.
pub fn has_fan(fans: &[FanEntry], fan: Fan) -> bool {
    fans.iter().any(|e| e.name == fan.name())
}
