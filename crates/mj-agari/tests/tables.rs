//! The committed blob is fresh and refused when damaged; pattern counts ("perft") are frozen
//! and proven by an enumeration independent of the generator; textbook waits.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use mj_agari::{AgariTables, COMMITTED_BLOB, Form, WaitKind, decompositions, machi};
use mj_hu::Hand;
use rstest::rstest;

#[test]
fn committed_blob_is_fresh_and_generation_is_reproducible() {
    let first = mj_agari::generate::generate(&mut |_| {}).unwrap();
    let second = mj_agari::generate::generate(&mut |_| {}).unwrap();
    assert!(first.bytes == second.bytes, "two generations differ");
    assert!(
        first.bytes == COMMITTED_BLOB,
        "crates/mj-agari/data/agari.bin is stale: run `cargo xtask gen-tables` and commit it"
    );
    assert_eq!(
        first.agari_patterns,
        BTreeMap::from([(2, 1), (5, 11), (8, 112), (11, 997), (14, 8241)])
    );
    assert_eq!(
        first.machi_patterns,
        BTreeMap::from([(1, 1), (4, 27), (7, 513), (10, 7373), (13, 91029)])
    );
    assert_eq!(
        (first.agari_entries, first.machi_waits, first.machi_readings),
        (9824, 170_630, 203_726)
    );
    // All sizes together, 9,362 agari patterns: the count of mjscore's table (which also
    // covers hands with declared melds), so the encodings agree.
    let tables = AgariTables::committed().unwrap();
    assert_eq!(tables.pattern_counts(), (9362, 98943));
}

#[test]
fn without_the_nine_rank_limit_the_agari_count_is_larger() {
    let counts = mj_agari::generate::agari_pattern_counts(14).unwrap();
    assert_eq!(counts[&14], 8567);
}

#[test]
fn damaged_blobs_are_refused() {
    let cases = mj_tables::testing::damaged_blobs(COMMITTED_BLOB, mj_tables::COMMITTED_BLOB);
    for case in cases {
        let err = AgariTables::from_bytes(&case.bytes).expect_err(case.name);
        assert!(
            err.to_string().contains(case.expected),
            "{}: {err}",
            case.name
        );
    }
}

#[test]
fn a_resealed_blob_with_a_bad_offset_is_refused() {
    // Point every agari value past the entries and fix the checksum: validation must refuse it.
    let mut bytes = COMMITTED_BLOB.to_vec();
    let sections = mj_tables::blob::parse_layout(&mj_agari::layout::LAYOUT, &bytes).unwrap();
    let (start, len) = (
        sections[1].as_ptr() as usize - bytes.as_ptr() as usize,
        sections[1].len(),
    );
    for v in bytes[start..start + len].chunks_exact_mut(4) {
        if v != [0, 0, 0, 0] {
            v[2] = 0xFF;
        }
    }
    let sum = mj_tables::blob::fnv1a64(&bytes[32..]);
    bytes[24..32].copy_from_slice(&sum.to_le_bytes());
    let err = AgariTables::from_bytes(&bytes).unwrap_err();
    assert!(err.to_string().contains("agari-values"), "{err}");
}

// ---- the independent enumeration ----------------------------------------------------------

/// Can these run counts be split into melds only (`pair` false) or melds and one pair?
fn splits(c: &mut [u8], pair: bool) -> bool {
    if pair {
        for i in 0..c.len() {
            if c[i] >= 2 {
                c[i] -= 2;
                let ok = splits(c, false);
                c[i] += 2;
                if ok {
                    return true;
                }
            }
        }
        return false;
    }
    let Some(i) = c.iter().position(|&x| x > 0) else {
        return true;
    };
    if c[i] >= 3 {
        c[i] -= 3;
        let ok = splits(c, false);
        c[i] += 3;
        if ok {
            return true;
        }
    }
    if i + 2 < c.len() && c[i + 1] > 0 && c[i + 2] > 0 {
        for d in 0..3 {
            c[i + d] -= 1;
        }
        let ok = splits(c, false);
        for d in 0..3 {
            c[i + d] += 1;
        }
        return ok;
    }
    false
}

/// A pattern as counts and links (0 adjacent, 1 gap, 2 far): is it a win (runs of adjacent
/// positions split into melds, one of them with the pair, or seven 2s)?
fn is_win(counts: &[u8], links: &[u8]) -> bool {
    let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
    if total == 14 && counts.len() == 7 && counts.iter().all(|&c| c == 2) {
        return true;
    }
    // Runs as (start, end) of adjacent positions.
    let mut runs = [(0usize, 0usize); 16];
    let mut k = 0;
    let mut start = 0;
    for i in 0..counts.len() {
        if links.get(i).is_none_or(|&l| l != 0) {
            runs[k] = (start, i + 1);
            k += 1;
            start = i + 1;
        }
    }
    let mut with_pair = None;
    for (r, &(a, b)) in runs[..k].iter().enumerate() {
        let t: u32 = counts[a..b].iter().map(|&c| u32::from(c)).sum();
        if t % 3 == 2 {
            if with_pair.is_some() {
                return false;
            }
            with_pair = Some(r);
        } else if !t.is_multiple_of(3) {
            return false;
        }
    }
    with_pair.is_some()
        && runs[..k].iter().enumerate().all(|(r, &(a, b))| {
            let mut buf = [0u8; 16];
            buf[..b - a].copy_from_slice(&counts[a..b]);
            splits(&mut buf[..b - a], Some(r) == with_pair)
        })
}

/// Realizable: runs of adjacent positions and chains joined by gaps fit in nine ranks.
fn fits(counts: &[u8], links: &[u8]) -> bool {
    let (mut run, mut chain) = (1, 1);
    for (i, &l) in links.iter().enumerate() {
        let _ = counts[i];
        match l {
            0 => {
                run += 1;
                chain += 1;
            }
            1 => {
                run = 1;
                chain += 2;
            }
            _ => {
                run = 1;
                chain = 1;
            }
        }
        if run > 9 || chain > 9 {
            return false;
        }
    }
    true
}

/// Every pattern of `total` tiles with link values in `link_kinds`, at most 14 positions.
fn patterns(total: u8, link_kinds: &[u8], f: &mut dyn FnMut(&[u8], &[u8])) {
    fn rec(
        left: u8,
        kinds: &[u8],
        c: &mut Vec<u8>,
        l: &mut Vec<u8>,
        f: &mut dyn FnMut(&[u8], &[u8]),
    ) {
        for k in 1..=left.min(4) {
            c.push(k);
            if k == left {
                if fits(c, l) {
                    f(c, l);
                }
            } else if c.len() < 14 {
                for &link in kinds {
                    l.push(link);
                    if fits(c, l) {
                        rec(left - k, kinds, c, l, f);
                    }
                    l.pop();
                }
            }
            c.pop();
        }
    }
    rec(total, link_kinds, &mut Vec::new(), &mut Vec::new(), f);
}

#[test]
fn agari_pattern_counts_match_an_independent_enumeration() {
    for (total, expected) in [(2u8, 1usize), (5, 11), (8, 112), (11, 997), (14, 8241)] {
        let mut n = 0;
        patterns(total, &[0, 2], &mut |c, l| n += usize::from(is_win(c, l)));
        assert_eq!(n, expected, "{total} tiles");
    }
}

/// Ready: some added tile (on a position, in a gap, or beside a position next to a far link or
/// an end) gives a win that still fits in the suits (an unknown distance taken as far).
fn is_ready(c: &[u8], l: &[u8]) -> bool {
    let n = c.len();
    let (mut c2, mut l2) = ([0u8; 16], [0u8; 16]);
    let check = |c2: &[u8], l2: &[u8]| c2.len() <= 14 && fits(c2, l2) && is_win(c2, l2);
    for i in 0..n {
        if c[i] < 4 {
            c2[..n].copy_from_slice(c);
            c2[i] += 1;
            if check(&c2[..n], l) {
                return true;
            }
        }
        // A new kind just above position i: counts gain a 1 after i.
        let after = l.get(i).copied();
        if after != Some(0) && n < 14 {
            c2[..=i].copy_from_slice(&c[..=i]);
            c2[i + 1] = 1;
            c2[i + 2..=n].copy_from_slice(&c[i + 1..]);
            l2[..i].copy_from_slice(&l[..i]);
            l2[i] = 0;
            match after {
                Some(1) => {
                    l2[i + 1] = 0;
                    l2[i + 2..n].copy_from_slice(&l[i + 1..]);
                }
                Some(_) => l2[i + 1..n].copy_from_slice(&l[i..]),
                None => {}
            }
            if check(&c2[..=n], &l2[..n]) {
                return true;
            }
        }
        // A new kind just below position i (after a far link or at the start).
        let before = i.checked_sub(1).map(|j| l[j]);
        if before != Some(0) && before != Some(1) && n < 14 {
            c2[..i].copy_from_slice(&c[..i]);
            c2[i] = 1;
            c2[i + 1..=n].copy_from_slice(&c[i..]);
            l2[..i].copy_from_slice(&l[..i]);
            l2[i] = 0;
            l2[i + 1..n].copy_from_slice(&l[i..]);
            if check(&c2[..=n], &l2[..n]) {
                return true;
            }
        }
    }
    false
}

#[test]
fn machi_pattern_counts_match_an_independent_enumeration() {
    for (total, expected) in [(1u8, 1usize), (4, 27), (7, 513), (10, 7373), (13, 91_029)] {
        let mut n = 0;
        patterns(total, &[0, 1, 2], &mut |c, l| {
            n += usize::from(is_ready(c, l))
        });
        assert_eq!(n, expected, "{total} tiles");
    }
}

// ---- textbook cases ------------------------------------------------------------------------

fn kinds_of(hand: &str) -> Vec<(String, Vec<WaitKind>)> {
    let m = machi(&Hand::parse(hand, "").unwrap()).unwrap();
    m.waits
        .iter()
        .map(|w| {
            let mut k: Vec<WaitKind> = w.readings.iter().map(|r| r.kind).collect();
            k.sort();
            k.dedup();
            (w.tile.to_string(), k)
        })
        .collect()
}

use WaitKind::{Closed, Edge, PairWait, Single, TwoSided};

#[rstest]
#[case::two_sided_and_single("2344m456p789s111z", &[("1m", &[TwoSided][..]), ("4m", &[TwoSided, Single])])]
#[case::closed("13m456p789s11122z", &[("2m", &[Closed][..])])]
#[case::edge_low("12m456p789s11122z", &[("3m", &[Edge][..])])]
#[case::edge_high("89m456p789s11122z", &[("7m", &[Edge][..])])]
#[case::pair_wait("55m456p789s11122z", &[("5m", &[PairWait][..]), ("2z", &[PairWait])])]
#[case::single("456p789s111z123m5z", &[("5z", &[Single][..])])]
#[case::nobetan("1234m456p789s111z", &[("1m", &[Single][..]), ("4m", &[Single])])]
#[case::edge_or_closed("1233m456p789s111z", &[("3m", &[Edge, Single][..])])]
#[case::seven_pairs("1122m3344p5566s7z", &[("7z", &[Single][..])])]
fn textbook_wait_kinds(#[case] hand: &str, #[case] expected: &[(&str, &[WaitKind])]) {
    let got = kinds_of(hand);
    let want: Vec<(String, Vec<WaitKind>)> = expected
        .iter()
        .map(|(t, k)| (t.to_string(), k.to_vec()))
        .collect();
    assert_eq!(got, want, "{hand}");
}

#[test]
fn thirteen_orphans_thirteen_sided_and_single() {
    let m = machi(&Hand::parse("19m19p19s1234567z", "").unwrap()).unwrap();
    assert!(m.thirteen_sided);
    assert_eq!(m.waits.len(), 13);
    assert!(m.waits.iter().all(|w| w.readings.len() == 1
        && w.readings[0].kind == Single
        && w.readings[0].decomposition.form == Form::ThirteenOrphans
        && w.readings[0].decomposition.pair() == Some(w.tile)));
    let m = machi(&Hand::parse("19m19p19s1234566z", "").unwrap()).unwrap();
    assert!(!m.thirteen_sided);
    assert_eq!(m.waits().to_string(), "7z");
    let won = Hand::parse("19m19p19s12345677z", "").unwrap();
    let d: Vec<_> = decompositions(&won).unwrap().iter().collect();
    assert_eq!(d.len(), 1);
    assert_eq!(
        (d[0].form, d[0].pair().unwrap().to_string()),
        (Form::ThirteenOrphans, "7z".to_string())
    );
}

#[test]
fn nine_gates_nine_sided() {
    let m = machi(&Hand::parse("1112345678999p", "").unwrap()).unwrap();
    assert_eq!(m.waits().to_string(), "123456789p");
    for w in &m.waits {
        assert!(
            w.readings
                .iter()
                .all(|r| r.decomposition.flags.nine_gates()),
            "{}",
            w.tile
        );
    }
}

#[test]
fn shape_flags() {
    let d = |h: &str| -> Vec<_> {
        decompositions(&Hand::parse(h, "").unwrap())
            .unwrap()
            .iter()
            .collect()
    };
    let straight = d("123456789m11p456s");
    assert!(straight.iter().all(|x| x.flags.pure_straight()));
    let ryanpeikou = d("223344m556677p11s");
    assert!(ryanpeikou.iter().any(|x| x.flags.two_double_sequences()));
    assert!(ryanpeikou.iter().any(|x| x.form == Form::SevenPairs));
    let iipeikou = d("112233m456p789s11z");
    assert!(iipeikou[0].flags.double_sequence() && !iipeikou[0].flags.two_double_sequences());
    let three = d("111222333m789p55s");
    assert_eq!(three.len(), 2);
    assert!(three.iter().any(|x| x.flags.double_sequence()));
}

#[test]
fn decompositions_serialize_as_the_protocol_says() {
    let hand = Hand::parse("22334455667788p", "").unwrap();
    let json =
        serde_json::to_value(decompositions(&hand).unwrap().iter().collect::<Vec<_>>()).unwrap();
    let forms: Vec<&str> = json
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["form"].as_str().unwrap())
        .collect();
    assert_eq!(forms, ["standard", "standard", "standard", "seven_pairs"]);
    let two = json
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["pair"] == "2p")
        .unwrap();
    assert_eq!(
        two["melds"][0],
        serde_json::json!({"kind": "chi", "tiles": "345p", "concealed": true})
    );
    assert_eq!(two["flags"], serde_json::json!(["two_double_sequences"]));
    assert_eq!(json[3]["pair"], serde_json::Value::Null);
    assert_eq!(json[3]["pairs"].as_array().unwrap().len(), 7);
}

#[test]
fn declared_melds_are_listed_after_the_concealed_ones() {
    use mj_tiles::{Meld, MeldKind, TileSet};
    let concealed = mj_tiles::notation::parse_hand("123m456p11z").unwrap().1;
    let melds = [
        Meld::parse(MeldKind::Ankan, "5555s", None, None).unwrap(),
        Meld::parse(MeldKind::Chi, "789s", Some("7s"), Some(1)).unwrap(),
    ];
    let hand = Hand::new(concealed, &melds, TileSet::EMPTY).unwrap();
    let d: Vec<_> = decompositions(&hand).unwrap().iter().collect();
    assert_eq!(d.len(), 1);
    let json = serde_json::to_value(d[0]).unwrap();
    assert_eq!(
        json["melds"],
        serde_json::json!([
            {"kind": "chi", "tiles": "123m", "concealed": true},
            {"kind": "chi", "tiles": "456p", "concealed": true},
            {"kind": "pon", "tiles": "5555s", "concealed": true, "declared": "ankan"},
            {"kind": "chi", "tiles": "789s", "concealed": false, "declared": "chi"},
        ])
    );
}
