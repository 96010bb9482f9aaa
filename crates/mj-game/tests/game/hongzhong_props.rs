//! Property tests of the hongzhong flow (红中麻将) over thousands of seeded random rounds: every
//! tile accounted for at every step (112), every legal action accepted and a refused one
//! changing nothing, every payment zero-sum and the scores equal to the ledger's sum, every
//! win a winning hand for `mj-hu`'s slow reference with 7z wild (or four 红中), every self-drawn
//! win offered exactly when that reference says so, the birds' hits recounted from the event's
//! tiles, the same seed giving the same round, and a round serialized at a decision point
//! continuing identically after restoring.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{check_round_ledger, restore_round};
use mj_game::{
    Action, Event, GameRules, HONGZHONG_WILD, Phase, Round, RoundEnd, RoundSetup, Wall,
    bird_offset, hongzhong_hu_rules,
};
use mj_tiles::random::SplitMix64;
use mj_tiles::{Meld, Tile, TileCounts};

fn kind_of(id: u8) -> Tile {
    Tile::new(id / 4).unwrap()
}

/// The hand of `seat` (its concealed tiles plus `extra`) as mj-hu sees it, 7z wild.
fn hand(r: &Round, seat: u8, extra: Option<u8>) -> (mj_hu::Hand, u8) {
    let p = r.player(seat);
    let mut counts = TileCounts::EMPTY;
    for id in p.hand_ids().chain(extra) {
        counts.add(kind_of(id)).unwrap();
    }
    let melds: Vec<Meld> = p.melds().iter().map(|m| m.meld).collect();
    let reds = counts.get(Tile::RED);
    (
        mj_hu::Hand::new(counts, &melds, HONGZHONG_WILD).unwrap(),
        reds,
    )
}

fn reference_win(r: &Round, seat: u8, extra: Option<u8>) -> bool {
    let (h, reds) = hand(r, seat, extra);
    reds == 4
        || mj_hu::reference::is_winning(&h, &hongzhong_hu_rules(r.rules().hongzhong.hz_seven_pairs))
            .unwrap()
}

/// Wins whenever it can; else passes calls half the time and discards a random tile (never a
/// 红中 while it has another choice, so hands keep their wildcards and win).
fn choose(r: &Round, seat: u8, rng: &mut SplitMix64) -> Action {
    let legal = r.legal_actions(seat);
    let legal: Vec<Action> = legal.iter().copied().collect();
    if let Some(a) = legal
        .iter()
        .find(|a| matches!(a, Action::Tsumo | Action::Ron))
    {
        return *a;
    }
    if legal.contains(&Action::Pass) && rng.below(2) == 0 {
        return Action::Pass;
    }
    let keep: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| !matches!(a, Action::Discard { tile } if tile.tile() == mj_tiles::Tile::RED))
        .collect();
    let pool = if keep.is_empty() { &legal } else { &keep };
    pool[rng.below(pool.len() as u32) as usize]
}

fn rules_for(seed: u64) -> GameRules {
    {
        let mut r = GameRules::hongzhong();
        r.hongzhong.hz_ron_without_wild = seed.is_multiple_of(3);
        r.hongzhong.hz_seven_pairs = seed % 5 != 1;
        r.hongzhong.hz_birds = (seed % 7) as u8;
        r.hongzhong.hz_bird_wild_hits = seed.is_multiple_of(2);
        r.hongzhong.hz_rob_kong = seed % 11 != 3;
        r.hongzhong.hz_rob_kong_pays_all = seed % 4 != 1;
        r.hongzhong.hz_kong_bloom = 1 + (seed % 2) as i32;
        r
    }
}

/// Plays one round to its end, checking every step; returns it.
fn play(seed: u64, restore_at: Option<usize>) -> Round {
    let rules = rules_for(seed);
    let setup = RoundSetup {
        dealer: (seed % 4) as u8,
        ..RoundSetup::first(0)
    };
    let mut r = Round::try_new(rules, setup, Wall::hongzhong_from_seed(seed), true).unwrap();
    let mut rng = SplitMix64::new(seed ^ 0xabcd);
    let mut steps = 0;
    while !r.is_over() {
        assert_eq!(r.tiles_accounted(), 112, "seed {seed}");
        let mask = r.to_act();
        assert!(!mask.is_empty(), "seed {seed}: nobody to act");
        let seat = mask.first().unwrap_or(4);
        if let Phase::Turn { seat: s, .. } = r.phase() {
            // Tsumo is offered exactly when the slow reference calls the 14 tiles a win.
            let offered = r.legal_actions(*s).contains(&Action::Tsumo);
            let drawn = r.drawn().is_some();
            if drawn {
                assert_eq!(offered, reference_win(&r, *s, None), "seed {seed}");
            }
        }
        // A refused action changes nothing.
        if r.legal_actions(seat).iter().all(|a| *a != Action::Tsumo) {
            let before = r.clone();
            assert!(r.play(seat, Action::Tsumo).is_err());
            assert_eq!(r, before);
        }
        let a = choose(&r, seat, &mut rng);
        let before = r.clone();
        r.play(seat, a)
            .unwrap_or_else(|e| panic!("seed {seed}: legal {a} refused: {e}"));
        if matches!(a, Action::Ron) && r.is_over() {
            let RoundEnd::Wins(ws) = &r.result().unwrap().end else {
                panic!()
            };
            let w = &ws[0];
            assert_eq!(w.seat, seat);
            assert!(reference_win(&before, w.seat, Some(w.tile)), "seed {seed}");
            assert_eq!(
                before
                    .player(seat)
                    .hand_ids()
                    .filter(|i| i / 4 == 33)
                    .count(),
                0
            );
        }
        if matches!(a, Action::Tsumo) {
            assert!(reference_win(&before, seat, None), "seed {seed}");
        }
        steps += 1;
        if restore_at == Some(steps) {
            restore_round(&mut r, seed);
        }
        assert!(steps < 2000, "seed {seed}: no end");
    }
    check_round_ledger(&r, seed);
    let res = r.result().unwrap();
    // One win at most; the birds' hits recounted from the event's tiles.
    if let RoundEnd::Wins(ws) = &res.end {
        assert_eq!(ws.len(), 1, "seed {seed}");
        let birds: Vec<_> = r
            .events()
            .iter()
            .filter_map(|e| match e {
                Event::Zhuaniao { pai, hits, .. } => Some((pai.clone(), *hits)),
                _ => None,
            })
            .collect();
        assert!(birds.len() <= 1);
        if let Some((pai, hits)) = birds.first() {
            assert!(pai.len() <= usize::from(r.rules().hongzhong.hz_birds));
            let n = pai
                .iter()
                .filter(|t| {
                    let k = Tile::new(t.tile_id().unwrap() / 4).unwrap();
                    bird_offset(k, r.rules().hongzhong.hz_bird_wild_hits) == Some(0)
                })
                .count();
            assert_eq!(usize::from(*hits), n, "seed {seed}");
        }
    }
    r
}

#[test]
fn random_rounds_keep_every_invariant() {
    let mut wins = 0;
    let mut rons = 0;
    let mut birds_hit = 0;
    for seed in 0..3000u64 {
        let r = play(seed, None);
        if let RoundEnd::Wins(ws) = &r.result().unwrap().end {
            wins += 1;
            rons += usize::from(ws[0].from != ws[0].seat);
        }
        birds_hit += r
            .settlement()
            .iter()
            .filter(|i| i.kind == mj_game::SettleKind::Zhuaniao && i.deltas != [0; 4])
            .count();
    }
    // The random players do win, on a discard too when allowed, and birds do hit.
    assert!(wins > 300, "{wins} wins");
    assert!(rons > 0, "{rons} rons");
    assert!(birds_hit > 0);
}

#[test]
fn same_seed_same_round_and_restore_continues_identically() {
    for seed in 0..300u64 {
        let a = play(seed, None);
        let b = play(seed, None);
        assert_eq!(a, b, "seed {seed}");
        let c = play(seed, Some(1 + (seed as usize % 40)));
        assert_eq!(a.events(), c.events(), "seed {seed}");
        assert_eq!(a.result(), c.result(), "seed {seed}");
    }
}
