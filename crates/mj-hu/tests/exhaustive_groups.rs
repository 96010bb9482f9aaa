//! Every single-group shape (each kind 0-4, at most 17 tiles) x wildcards 0-8 x finish, table
//! entry against the backtracking reference; and every wait mask against the reference's needs.

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

fn entry_of(tables: &Tables<'_>, group: Family, seq: bool, eigen: Eigen) -> Entry {
    match group {
        Family::Suited => tables.suited(eigen),
        Family::Winds => tables.winds(eigen, seq),
        Family::Dragons => tables.dragons(Eigen::new(eigen.raw() << 16).unwrap(), seq),
    }
}

fn table_need(entry: Entry, finish: Finish) -> u8 {
    (match finish {
        Finish::Melds => entry.melds(),
        Finish::MeldsAndPair => entry.pair(),
        Finish::MeldsAndPair258 => entry.pair_258(),
    }) as u8
}

fn mask_of(tables: &Tables<'_>, group: Family, seq: bool, eigen: Eigen, finish: Finish) -> u16 {
    let m = match group {
        Family::Suited => tables.suited_waits(eigen),
        Family::Winds => tables.wind_waits(eigen, seq),
        Family::Dragons => tables.dragon_waits(Eigen::new(eigen.raw() << 16).unwrap(), seq),
    };
    match finish {
        Finish::Melds => m.melds(),
        Finish::MeldsAndPair => m.pair(),
        Finish::MeldsAndPair258 => m.pair_258(),
    }
}

/// Sweeps one group and plane; returns how many (shape, wildcards) pairs were compared.
fn sweep(group: Family, seq: bool, finishes: &[Finish]) -> u64 {
    let tables = Tables::committed().unwrap();
    let kinds = match group {
        Family::Suited => 9,
        Family::Winds => 4,
        Family::Dragons => 3,
    };
    let mut reference = Reference::new();
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
                let by_reference = reference.group_completes(group, seq, &d, w, finish);
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

#[test]
fn suited_shapes_match_the_reference() {
    let n = sweep(
        Family::Suited,
        false,
        &[Finish::Melds, Finish::MeldsAndPair, Finish::MeldsAndPair258],
    );
    assert_eq!(n, 886_400 * 9 * 3);
}

#[test]
fn honor_shapes_match_the_reference() {
    let mut n = 0;
    for seq in [false, true] {
        n += sweep(
            Family::Winds,
            seq,
            &[Finish::Melds, Finish::MeldsAndPair, Finish::MeldsAndPair258],
        );
        n += sweep(
            Family::Dragons,
            seq,
            &[Finish::Melds, Finish::MeldsAndPair, Finish::MeldsAndPair258],
        );
    }
    assert_eq!(n, 2 * (625 + 125) * 9 * 3);
}
