//! Every single-group shape (each kind 0-4, at most 17 tiles) x wildcards 0-8 x finish, table
//! entry against the backtracking reference; and every wait mask against the reference's needs.
//! The honors' tables hold the seven honors as one group; the reference answers for the winds
//! and the dragons apart, and the two are put together here by trying every split of the
//! wildcards and both places for the pair.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::needless_range_loop
)]

use mj_hu::reference::{Family, Finish, Reference};
use mj_tables::layout::{POW5, digits_of};
use mj_tables::{Entry, Tables};
use mj_tiles::Eigen;

const MAX_W: u8 = 8;
/// "More than 8": the reference found no completion with up to 8 wildcards.
const OVER: u8 = 99;

/// The seven honors, or a numbered suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Group {
    Suited,
    Honors,
}

fn entry_of(tables: &Tables<'_>, group: Group, seq: bool, eigen: Eigen) -> Entry {
    match group {
        Group::Suited => tables.suited(eigen),
        Group::Honors => tables.honors(eigen, seq),
    }
}

fn table_need(entry: Entry, finish: Finish) -> u8 {
    (match finish {
        Finish::Melds => entry.melds(),
        Finish::MeldsAndPair => entry.pair(),
        Finish::MeldsAndPair258 => entry.pair_258(),
    }) as u8
}

fn mask_of(tables: &Tables<'_>, group: Group, seq: bool, eigen: Eigen, finish: Finish) -> u16 {
    let m = match group {
        Group::Suited => tables.suited_waits(eigen),
        Group::Honors => tables.honor_waits(eigen, seq),
    };
    match finish {
        Finish::Melds => m.melds(),
        Finish::MeldsAndPair => m.pair(),
        Finish::MeldsAndPair258 => m.pair_258(),
    }
}

/// The reference's answer for a shape of `group` (the honors: winds in digits 0-3, dragons in
/// 4-6) with exactly `w` wildcards.
struct Completes {
    reference: Reference,
    /// Per family (winds, dragons), plane and finish: every shape's answers for w = 0..=8.
    honors: Vec<Vec<[bool; 9]>>,
}

impl Completes {
    fn new() -> Completes {
        let mut reference = Reference::new();
        let mut honors = Vec::new();
        for family in [Family::Winds, Family::Dragons] {
            let kinds = if family == Family::Winds { 4 } else { 3 };
            for seq in [false, true] {
                for finish in [Finish::Melds, Finish::MeldsAndPair, Finish::MeldsAndPair258] {
                    let answers = (0..POW5[kinds])
                        .map(|x| {
                            let d = digits_of(x, kinds);
                            core::array::from_fn(|w| {
                                reference.group_completes(family, seq, &d, w as u8, finish)
                            })
                        })
                        .collect();
                    honors.push(answers);
                }
            }
        }
        Completes { reference, honors }
    }

    fn family(&self, family: Family, seq: bool, finish: Finish) -> &[[bool; 9]] {
        let f = usize::from(family == Family::Dragons);
        let finish = match finish {
            Finish::Melds => 0,
            Finish::MeldsAndPair => 1,
            Finish::MeldsAndPair258 => 2,
        };
        &self.honors[6 * f + 3 * usize::from(seq) + finish]
    }

    fn completes(&mut self, group: Group, seq: bool, x: usize, w: u8, finish: Finish) -> bool {
        if group == Group::Suited {
            return self.reference.group_completes(
                Family::Suited,
                seq,
                &digits_of(x, 9),
                w,
                finish,
            );
        }
        let (xw, xd) = (x % POW5[4], x / POW5[4]);
        let w = usize::from(w);
        let melds = |family, xf: usize, a: usize| self.family(family, seq, Finish::Melds)[xf][a];
        let pair = |family, xf: usize, a: usize| self.family(family, seq, finish)[xf][a];
        (0..=w).any(|a| match finish {
            Finish::Melds => melds(Family::Winds, xw, a) && melds(Family::Dragons, xd, w - a),
            _ => {
                pair(Family::Winds, xw, a) && melds(Family::Dragons, xd, w - a)
                    || melds(Family::Winds, xw, a) && pair(Family::Dragons, xd, w - a)
            }
        })
    }
}

/// Sweeps one group and plane; returns how many (shape, wildcards) pairs were compared.
fn sweep(group: Group, seq: bool, finishes: &[Finish]) -> u64 {
    let tables = Tables::committed().unwrap();
    let kinds = match group {
        Group::Suited => 9,
        Group::Honors => 7,
    };
    let mut reference = Completes::new();
    let mut compared = 0u64;
    for &finish in finishes {
        // Reference need of every shape, by base-5 value (OVER beyond 8).
        let mut ref_need = vec![OVER; POW5[kinds]];
        for x in 0..POW5[kinds] {
            let d = digits_of(x, kinds);
            let total: u32 = d.iter().map(|&c| u32::from(c)).sum();
            if total > 17 {
                continue;
            }
            let eigen = Eigen::from_counts(&d[..kinds]).unwrap();
            let entry = entry_of(tables, group, seq, eigen);
            let need = table_need(entry, finish);
            for w in 0..=MAX_W {
                let by_table = need <= w && (w - need).is_multiple_of(3);
                let by_reference = reference.completes(group, seq, x, w, finish);
                assert_eq!(
                    by_table, by_reference,
                    "{group:?} seq={seq} {finish:?} shape {d:?} with {w} wildcards: table need {need}"
                );
                if by_reference && ref_need[x] == OVER {
                    ref_need[x] = w;
                }
                compared += 1;
            }
            if ref_need[x] == OVER {
                assert!(
                    need > MAX_W,
                    "{group:?} {finish:?} {d:?}: table need {need}, reference none <= 8"
                );
            }
        }
        // Wait masks: bit r set exactly when one more tile of rank r lowers the need by one.
        for x in 0..POW5[kinds] {
            let d = digits_of(x, kinds);
            let total: u32 = d.iter().map(|&c| u32::from(c)).sum();
            if total > 16 || ref_need[x] == OVER {
                continue;
            }
            let eigen = Eigen::from_counts(&d[..kinds]).unwrap();
            let mask = mask_of(tables, group, seq, eigen, finish);
            for r in 0..kinds {
                if d[r] == 4 {
                    assert_eq!(
                        mask >> r & 1,
                        0,
                        "{group:?} {finish:?} {d:?}: rank {} held 4",
                        r + 1
                    );
                    continue;
                }
                let expected = ref_need[x + POW5[r]] + 1 == ref_need[x];
                assert_eq!(
                    mask >> r & 1 == 1,
                    expected,
                    "{group:?} seq={seq} {finish:?} shape {d:?} + rank {}",
                    r + 1
                );
            }
        }
    }
    compared
}

// One test per finish for the suited plane (the largest sweep), so the test threads share them.
#[test]
fn suited_shapes_of_melds_match_the_reference() {
    assert_eq!(sweep(Group::Suited, false, &[Finish::Melds]), 886_400 * 9);
}

#[test]
fn suited_shapes_with_a_pair_match_the_reference() {
    assert_eq!(
        sweep(Group::Suited, false, &[Finish::MeldsAndPair]),
        886_400 * 9
    );
}

#[test]
fn suited_shapes_with_a_258_pair_match_the_reference() {
    assert_eq!(
        sweep(Group::Suited, false, &[Finish::MeldsAndPair258]),
        886_400 * 9
    );
}

#[test]
fn honor_shapes_match_the_reference() {
    let mut n = 0;
    for seq in [false, true] {
        n += sweep(
            Group::Honors,
            seq,
            &[Finish::Melds, Finish::MeldsAndPair, Finish::MeldsAndPair258],
        );
    }
    // Honor shapes of at most 17 tiles: 64,200 per plane.
    assert_eq!(n, 2 * 64_200 * 9 * 3);
}
