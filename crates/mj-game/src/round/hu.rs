//! The flows' questions to `mj-hu`: one [`Checker`] per rule set, built once per process, and
//! the riichi shape's waits and wins on tile counts.

use mj_hu::{Checker, Declared, Hand, HandIndex, Rules};
use mj_tiles::{EigenHand, TileCounts, TileSet};

/// The rule sets the flows ask `mj-hu` about.
#[derive(Clone, Copy, Debug)]
pub(super) enum HuSet {
    Riichi,
    /// [`sichuan_hu_rules`].
    Sichuan {
        wild: bool,
    },
    /// [`hongzhong_hu_rules`].
    Hongzhong {
        seven_pairs: bool,
    },
    Mcr,
}

impl HuSet {
    const COUNT: usize = 6;

    const fn index(self) -> usize {
        match self {
            HuSet::Riichi => 0,
            HuSet::Sichuan { wild } => 1 + wild as usize,
            HuSet::Hongzhong { seven_pairs } => 3 + seven_pairs as usize,
            HuSet::Mcr => 5,
        }
    }

    fn rules(self) -> Rules {
        match self {
            HuSet::Riichi => Rules::RIICHI,
            HuSet::Sichuan { wild } => sichuan_hu_rules(wild),
            HuSet::Hongzhong { seven_pairs } => hongzhong_hu_rules(seven_pairs),
            HuSet::Mcr => Rules::MCR,
        }
    }
}

/// The checker of a rule set, built once per process (`None` if `mj-hu` refused the rules,
/// which the presets' tests rule out).
pub(super) fn checker(set: HuSet) -> Option<&'static Checker> {
    static CHECKERS: [std::sync::OnceLock<Option<Checker>>; HuSet::COUNT] =
        [const { std::sync::OnceLock::new() }; HuSet::COUNT];
    CHECKERS[set.index()]
        .get_or_init(|| Checker::new(set.rules()).ok())
        .as_ref()
}

/// The declared melds of a hand of `concealed` tiles: 13 (or 14 after a draw) less 3 per meld.
pub(super) fn declared(concealed: u32, full: u32) -> Declared {
    Declared {
        count: (full.saturating_sub(concealed) / 3).min(4) as u8,
        suits: 0,
    }
}

/// Waits of a 13-tile (3k+1) concealed riichi hand, kinds held four times (hand and melds)
/// left out. A ready check (a few table lookups) comes first; only ready hands compute their
/// waits.
pub(crate) fn waits_of(counts: &TileCounts, meld_counts: &TileCounts) -> TileSet {
    let Some(c) = checker(HuSet::Riichi) else {
        return TileSet::EMPTY;
    };
    let eh = EigenHand::from_counts(counts, TileSet::EMPTY);
    if !c
        .is_ready_eigen(&eh, declared(counts.total(), 13))
        .unwrap_or(false)
    {
        return TileSet::EMPTY;
    }
    ready_waits(c, counts, meld_counts)
}

/// [`waits_of`] of a hand whose table offsets are kept (`index`, the same tiles as `counts`):
/// the ready check is four loads and a sum.
///
/// The declared melds' tile counts are asked for only when the hand is ready.
pub(super) fn waits_of_kept(
    index: &HandIndex,
    counts: &TileCounts,
    meld_counts: impl FnOnce() -> TileCounts,
) -> TileSet {
    debug_assert_eq!(*index, HandIndex::from_counts(counts, TileSet::EMPTY));
    let Some(c) = checker(HuSet::Riichi) else {
        return TileSet::EMPTY;
    };
    if !c
        .is_ready_index(index, declared(index.total(), 13))
        .unwrap_or(false)
    {
        debug_assert!(waits_of(counts, &TileCounts::EMPTY).is_empty());
        return TileSet::EMPTY;
    }
    let melds = meld_counts();
    let w = ready_waits(c, counts, &melds);
    debug_assert_eq!(w, waits_of(counts, &melds));
    w
}

/// The waits of a ready 13-tile hand, kinds held four times (hand and melds) left out.
fn ready_waits(c: &Checker, counts: &TileCounts, meld_counts: &TileCounts) -> TileSet {
    let Ok(hand) = Hand::new(*counts, &[], TileSet::EMPTY) else {
        return TileSet::EMPTY;
    };
    let mut w = c.waits(&hand).unwrap_or(TileSet::EMPTY);
    for t in w {
        if counts.get(t) + meld_counts.get(t) >= 4 {
            w.remove(t);
        }
    }
    w
}

/// A 14-tile (3k+2) concealed hand in a riichi winning shape.
pub(super) fn is_winning(counts: &TileCounts) -> bool {
    let Some(c) = checker(HuSet::Riichi) else {
        return false;
    };
    let eh = EigenHand::from_counts(counts, TileSet::EMPTY);
    c.is_winning_eigen(&eh, declared(counts.total(), 14))
        .unwrap_or(false)
}

/// Kinds whose discard leaves a riichi hand ready (a bit per kind index), from its kept table
/// offsets: one table lookup per kind held (`Checker::ready_discards_index`).
pub(super) fn ready_discards(index: &HandIndex) -> u64 {
    let Some(c) = checker(HuSet::Riichi) else {
        return 0;
    };
    let d = declared(index.total().saturating_sub(1), 13);
    let ready = c.ready_discards_index(index, d).unwrap_or(0);
    debug_assert_eq!(
        ready,
        c.ready_discards_eigen(&index.eigens(), d).unwrap_or(0)
    );
    ready
}

/// The `mj_hu` rules of a Sichuan win: [`Rules::SICHUAN`], with `honors` on when 7z is wild
/// (`mj_hu` refuses a hand holding an honor kind otherwise, wild or not; a wildcard standing for
/// an honor wins exactly when it could stand for a numbered tile).
pub fn sichuan_hu_rules(wild: bool) -> Rules {
    Rules {
        honors: wild,
        ..Rules::SICHUAN
    }
}

/// The win shapes of 红中麻将 as `mj_hu` rules: four sets and a pair (any suits), seven pairs
/// per `seven_pairs`, no thirteen orphans. `honors` stays on because `mj_hu` refuses a hand
/// holding an honor kind otherwise, wild or not; the honors other than 7z are not in the wall,
/// and a wildcard standing for an honor wins exactly when it could stand for a numbered tile.
pub fn hongzhong_hu_rules(seven_pairs: bool) -> Rules {
    Rules {
        seven_pairs,
        thirteen_orphans: false,
        lack_one_suit: false,
        ..Rules::GENERIC
    }
}
