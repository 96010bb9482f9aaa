//! The fast Sichuan scorer against the slow reference (`mj_score::sichuan::reference`): seeded
//! random winning situations (0-4 wildcards, melds, flags, near misses) and exhaustive one-suit
//! sweeps. Every answer must agree on the total, and the fast path's reading must be a real
//! reading of the hand whose fans, computed from its groups, are the ones it reports.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_score::sichuan::{SichuanError, SichuanRules, Situation, Win, reference, score};
use mj_tiles::random::SplitMix64;
use mj_tiles::{Meld, MeldKind, Piece, Suit, Tile, TileCounts, TileSet};

const SUITS: [Suit; 3] = [Suit::Man, Suit::Pin, Suit::Sou];
const PRESETS: [SichuanRules; 3] = [
    SichuanRules::COMMON,
    SichuanRules::ZIMO_JIADI,
    SichuanRules::CLASSIC,
];

fn tile(suit: Suit, rank: u8) -> Tile {
    Tile::from_suit_rank(suit, rank).unwrap()
}

/// Compares both scorers on one situation; returns `true` if it is a win.
fn check(win: &Win, sit: &Situation, rules: &SichuanRules) -> bool {
    check_counting(win, sit, rules, &mut std::collections::BTreeMap::new())
}

/// [`check`], counting the fans of the wins by id.
fn check_counting(
    win: &Win,
    sit: &Situation,
    rules: &SichuanRules,
    seen: &mut std::collections::BTreeMap<&'static str, usize>,
) -> bool {
    let fast = score(win, sit, rules);
    let slow = reference::score(win, sit, rules);
    match (&fast, &slow) {
        (Err(a), Err(b)) => {
            assert_eq!(a, b, "{win:?}");
            false
        }
        (Ok(f), Ok(s)) => {
            assert_eq!(
                f.fan_uncapped, s.fan_uncapped,
                "totals differ: {win:?}\nfast {f:?}\nslow {s:?}"
            );
            assert_eq!(f.fan, s.fan, "{win:?}");
            let (total, fans) = reference::check_reading(win, sit, &f.reading, rules)
                .unwrap_or_else(|e| panic!("bad reading {e}: {win:?}\n{f:?}"));
            assert_eq!(total, f.fan_uncapped, "{win:?}\n{f:?}");
            assert_eq!(fans.as_slice(), f.fans.as_slice(), "{win:?}");
            for e in &f.fans {
                *seen.entry(e.name).or_default() += 1;
            }
            true
        }
        _ => panic!("fast {fast:?} vs slow {slow:?} on {win:?}"),
    }
}

/// One random situation built as a win, then possibly spoiled.
fn situation(rng: &mut SplitMix64, many_wild: bool) -> Option<(Win, Situation)> {
    let lack = rng.below(3) as usize;
    let others: Vec<Suit> = (0..3).filter(|&s| s != lack).map(|s| SUITS[s]).collect();
    let suits: Vec<Suit> = if rng.chance(1, 3) {
        vec![others[rng.below(2) as usize]]
    } else {
        others.clone()
    };
    let pick = |rng: &mut SplitMix64| suits[rng.below(suits.len() as u32) as usize];
    let mut held = TileCounts::EMPTY;
    let mut concealed: Vec<Tile> = Vec::new();
    let mut melds: Vec<Meld> = Vec::new();
    let add = |held: &mut TileCounts, t: Tile, n: u8| -> bool {
        if held.get(t) + n > 4 {
            return false;
        }
        held.set(t, held.get(t) + n).is_ok()
    };
    // Small ranks ranges make quads and triplets likelier.
    let span = if rng.chance(1, 2) { 9 } else { 5 };
    let rank = |rng: &mut SplitMix64, max: u8| 1 + rng.below(u32::from(max.min(span))) as u8;
    if rng.chance(1, 5) {
        for _ in 0..7 {
            let t = tile(pick(rng), rank(rng, 9));
            if !add(&mut held, t, 2) {
                return None;
            }
            concealed.extend([t, t]);
        }
    } else {
        let declared = match rng.below(10) {
            0..=3 => 0,
            4..=5 => 1,
            6 => 2,
            7 => 3,
            _ => 4,
        };
        for i in 0..4 {
            let suit = pick(rng);
            let kind = rng.below(10);
            if i < declared {
                let (mk, n, start) = match kind {
                    0..=4 => (MeldKind::Pon, 3, rank(rng, 9)),
                    5..=8 => (
                        [MeldKind::Minkan, MeldKind::Ankan, MeldKind::Kakan][rng.below(3) as usize],
                        4,
                        rank(rng, 9),
                    ),
                    _ => (MeldKind::Chi, 3, rank(rng, 7)),
                };
                let tiles: Vec<Tile> = if mk == MeldKind::Chi {
                    (0..3).map(|d| tile(suit, start + d)).collect()
                } else {
                    vec![tile(suit, start); n]
                };
                for &t in &tiles {
                    if !add(&mut held, t, 1) {
                        return None;
                    }
                }
                let pieces: Vec<Piece> = tiles.iter().map(|&t| Piece::new(t)).collect();
                melds.push(Meld::new(mk, &pieces, None, None).unwrap());
            } else if kind < 4 {
                let t = tile(suit, rank(rng, 9));
                if !add(&mut held, t, 3) {
                    return None;
                }
                concealed.extend([t, t, t]);
            } else {
                let start = rank(rng, 7);
                for d in 0..3 {
                    let t = tile(suit, start + d);
                    if !add(&mut held, t, 1) {
                        return None;
                    }
                    concealed.push(t);
                }
            }
        }
        let t = tile(pick(rng), rank(rng, 9));
        if !add(&mut held, t, 2) {
            return None;
        }
        concealed.extend([t, t]);
    }
    // Near misses: one concealed tile swapped for any numbered tile.
    if rng.chance(1, 10) {
        let i = rng.below(concealed.len() as u32) as usize;
        concealed[i] = tile(SUITS[rng.below(3) as usize], 1 + rng.below(9) as u8);
    }
    // Wildcards: 0-4 concealed tiles become red dragons (sometimes white dragons too).
    let w = if many_wild {
        5 + rng.below(4) as usize
    } else {
        match rng.below(20) {
            0..=7 => 0,
            8..=11 => 1,
            12..=14 => 2,
            15..=17 => 3,
            _ => 4,
        }
    };
    let w = w.min(concealed.len());
    rng.shuffle(&mut concealed);
    let two_kinds = rng.chance(1, 4);
    // One time in ten the wildcard kind is a numbered tile (its natural copies are wild too).
    let numbered = rng
        .chance(1, 10)
        .then(|| tile(SUITS[rng.below(3) as usize], 1 + rng.below(9) as u8));
    for (i, t) in concealed.iter_mut().take(w).enumerate() {
        *t = match numbered {
            Some(n) => n,
            None if two_kinds && i % 2 == 1 => Tile::WHITE,
            None => Tile::RED,
        };
    }
    let counts = TileCounts::from_tiles(concealed.iter().copied()).ok()?;
    let win_tile = concealed[rng.below(concealed.len() as u32) as usize];
    let wild: TileSet = match numbered {
        Some(n) => TileSet::single(n),
        None => [Tile::RED, Tile::WHITE].into_iter().collect(),
    };
    let mut win = Win::new(counts, &melds, win_tile);
    win.wild = wild;
    let mut sit = Situation::default();
    win.tsumo = rng.chance(1, 2);
    sit.kong = rng.chance(1, 10);
    sit.chankan = !win.tsumo && !sit.kong && rng.chance(1, 20);
    sit.last_wall = !sit.chankan && rng.chance(1, 20);
    let first = win.melds.is_empty() && !sit.kong && !sit.last_wall && !sit.chankan;
    sit.tenhou = first && win.tsumo && rng.chance(1, 30);
    sit.chiihou = first && !sit.tenhou && rng.chance(1, 30);
    if rng.chance(7, 10) {
        sit.lack = Some(SUITS[lack]);
    }
    if rng.chance(1, 200) {
        sit.chankan = true; // sometimes contradictory flags
    }
    Some((win, sit))
}

fn corpus(seed: u64, n: usize) -> (usize, usize, [usize; 5]) {
    let mut fans = std::collections::BTreeMap::new();
    let mut rng = SplitMix64::new(seed);
    let (mut seen, mut wins, mut by_wild) = (0, 0, [0usize; 5]);
    while seen < n {
        let Some((win, sit)) = situation(&mut rng, false) else {
            continue;
        };
        let rules = PRESETS[seen % 3];
        let rules = if seen % 7 == 0 {
            rules.with_cap(Some(3))
        } else {
            rules
        };
        seen += 1;
        if check_counting(&win, &sit, &rules, &mut fans) {
            wins += 1;
            let w = win
                .wild
                .iter()
                .map(|k| usize::from(win.concealed.get(k)))
                .sum::<usize>();
            by_wild[w.min(4)] += 1;
        }
    }
    eprintln!("wins by fan: {fans:?}");
    // Every fan and doubler of the table shows up.
    assert_eq!(fans.len(), 22, "{fans:?}");
    (seen, wins, by_wild)
}

/// 250,000 situations (at least 200,000 of them wins) in the ordinary test run; set
/// `SICHUAN_CORPUS` for more.
#[test]
fn random_situations_agree_with_the_reference() {
    let n = std::env::var("SICHUAN_CORPUS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(250_000);
    let (seen, wins, by_wild) = corpus(0x5C_2026, n);
    eprintln!("{seen} situations, {wins} wins; wins by wildcards 0..=4: {by_wild:?}");
    assert!(wins * 10 >= seen * 8, "{wins} wins of {seen}");
}

/// Five to eight wildcards (the most the API takes): a smaller corpus, the reference is slow.
#[test]
fn many_wildcards_agree_with_the_reference() {
    let mut rng = SplitMix64::new(0x5C_0006);
    let (mut seen, mut wins) = (0, 0);
    while seen < 2_000 {
        let Some((win, sit)) = situation(&mut rng, true) else {
            continue;
        };
        seen += 1;
        wins += usize::from(check(&win, &sit, &SichuanRules::COMMON));
    }
    eprintln!("{seen} situations with 5-8 wildcards, {wins} wins");
    assert!(wins > 1_800);
}

/// Every one-suit concealed hand of 14 tiles (no wildcards), each counted once.
#[test]
fn every_one_suit_hand_agrees() {
    let mut wins = 0;
    let mut all = 0;
    sweep(14, &mut |c| {
        all += 1;
        let counts = TileCounts::from_tiles(c.iter().copied()).unwrap();
        let win = Win::new(counts, &[], c[0]);
        let sit = Situation::default();
        wins += usize::from(check(&win, &sit, &SichuanRules::COMMON));
    });
    eprintln!("{all} one-suit hands, {wins} wins");
    assert_eq!(all, 118_800);
    assert!(wins > 0);
}

/// Every one-suit concealed hand of 12 tiles plus two wildcards.
#[test]
fn every_one_suit_hand_with_two_wildcards_agrees() {
    let mut wins = 0;
    sweep(12, &mut |c| {
        let mut tiles = c.to_vec();
        tiles.extend([Tile::RED, Tile::RED]);
        let counts = TileCounts::from_tiles(tiles).unwrap();
        let wild = TileSet::single(Tile::RED);
        let mut win = Win::new(counts, &[], Tile::RED);
        win.wild = wild;
        let sit = Situation {
            lack: Some(Suit::Sou),
            ..Situation::default()
        };
        wins += usize::from(check(&win, &sit, &SichuanRules::COMMON));
    });
    eprintln!("{wins} wins");
    assert!(wins > 0);
}

/// Every one-suit concealed hand of 11 tiles plus three wildcards (two 红中, one 白板), 缺 s,
/// self-drawn on a wildcard.
#[test]
fn every_one_suit_hand_with_three_wildcards_agrees() {
    let mut wins = 0;
    let mut all = 0;
    sweep(11, &mut |c| {
        all += 1;
        let mut tiles = c.to_vec();
        tiles.extend([Tile::RED, Tile::RED, Tile::WHITE]);
        let counts = TileCounts::from_tiles(tiles).unwrap();
        let wild: TileSet = [Tile::RED, Tile::WHITE].into_iter().collect();
        let mut win = Win::new(counts, &[], Tile::WHITE);
        win.wild = wild;
        let sit = Situation {
            lack: Some(Suit::Sou),
            ..Situation::default()
        };
        win.tsumo = true;
        wins += usize::from(check(&win, &sit, &SichuanRules::COMMON));
    });
    eprintln!("{all} hands, {wins} wins");
    assert!(wins > 0);
}

/// Calls `f` with every multiset of `n` tiles of 1m-9m, at most four of a kind.
fn sweep(n: usize, f: &mut impl FnMut(&[Tile])) {
    fn go(rank: u8, left: usize, acc: &mut Vec<Tile>, f: &mut impl FnMut(&[Tile])) {
        if left == 0 {
            f(acc);
            return;
        }
        if rank > 9 {
            return;
        }
        for k in (0..=4.min(left)).rev() {
            for _ in 0..k {
                acc.push(tile(Suit::Man, rank));
            }
            go(rank + 1, left - k, acc, f);
            acc.truncate(acc.len() - k);
        }
    }
    go(1, n, &mut Vec::new(), f);
}

#[test]
fn errors_name_the_problem() {
    let counts: TileCounts = "11223344556677m".parse().unwrap();
    let win = Win::new(counts, &[], tile(Suit::Pin, 1));
    assert_eq!(
        score(&win, &Situation::default(), &SichuanRules::COMMON),
        Err(SichuanError::WinTileNotInHand(tile(Suit::Pin, 1)))
    );
}
