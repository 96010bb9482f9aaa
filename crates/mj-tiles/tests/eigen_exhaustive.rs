//! Every single-suit count vector (all 5^9), checked against plain array arithmetic.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_tiles::Eigen;
use mj_tiles::random::SplitMix64;

fn counts_of(mut index: u32) -> [u8; 9] {
    let mut c = [0u8; 9];
    for digit in &mut c {
        *digit = (index % 5) as u8;
        index /= 5;
    }
    c
}

/// The melds and pairs that engines subtract: every unit, pair, triplet, quad and sequence.
fn shapes() -> Vec<[u8; 9]> {
    let mut out = Vec::new();
    for r in 0..9 {
        for n in 1..=4 {
            let mut c = [0u8; 9];
            c[r] = n;
            out.push(c);
        }
        if r + 2 < 9 {
            let mut c = [0u8; 9];
            c[r] = 1;
            c[r + 1] = 1;
            c[r + 2] = 1;
            out.push(c);
        }
    }
    out
}

fn array_sub(a: &[u8; 9], b: &[u8; 9]) -> Option<[u8; 9]> {
    let mut out = [0u8; 9];
    for i in 0..9 {
        out[i] = a[i].checked_sub(b[i])?;
    }
    Some(out)
}

fn array_add(a: &[u8; 9], b: &[u8; 9]) -> Option<[u8; 9]> {
    let mut out = [0u8; 9];
    for i in 0..9 {
        out[i] = a[i] + b[i];
        if out[i] > 4 {
            return None;
        }
    }
    Some(out)
}

fn rank_mask(a: &[u8; 9], keep: impl Fn(u8) -> bool) -> u16 {
    (0..9).filter(|&i| keep(a[i])).fold(0, |m, i| m | 1 << i)
}

#[test]
fn eigen_agrees_with_arrays_on_every_single_suit_shape() {
    let shapes = shapes();
    let shape_eigens: Vec<Eigen> = shapes
        .iter()
        .map(|s| Eigen::from_counts(s).unwrap())
        .collect();
    let mut rng = SplitMix64::new(0x5EED_E1CE);
    let mut checked = 0u64;
    for index in 0..5u32.pow(9) {
        let a = counts_of(index);
        let e = Eigen::from_counts(&a).unwrap();
        assert_eq!(e.to_counts(), a);
        assert_eq!(Eigen::new(e.raw()), Some(e));
        assert_eq!(
            e.total(),
            a.iter().map(|&c| u32::from(c)).sum::<u32>(),
            "{e}"
        );
        for n in 0..=5u8 {
            assert_eq!(
                e.ranks_at_least(n),
                rank_mask(&a, |c| c >= n),
                "{e} at least {n}"
            );
        }
        assert_eq!(e.odd_ranks(), rank_mask(&a, |c| c % 2 == 1), "{e}");
        assert_eq!(
            e.quads(),
            a.iter().filter(|&&c| c == 4).count() as u32,
            "{e}"
        );
        let random = counts_of(rng.below(5u32.pow(9)));
        let others = shapes.iter().zip(&shape_eigens).map(|(s, se)| (*s, *se));
        let random_pair = (random, Eigen::from_counts(&random).unwrap());
        for (b, be) in others.chain([random_pair]) {
            let expect_sub = array_sub(&a, &b);
            assert_eq!(e.contains(be), expect_sub.is_some(), "{e} contains {be}");
            assert_eq!(
                e.checked_sub(be).map(Eigen::to_counts),
                expect_sub,
                "{e} - {be}"
            );
            assert_eq!(
                e.checked_add(be).map(Eigen::to_counts),
                array_add(&a, &b),
                "{e} + {be}"
            );
            checked += 1;
        }
    }
    // Every shape was paired with every meld/pair shape and one random shape.
    assert_eq!(checked, 5u64.pow(9) * (shapes.len() as u64 + 1));
}
