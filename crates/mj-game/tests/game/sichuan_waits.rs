//! `Round::waits` (the waits the engine keeps for every seat, the seed's "push the waits to
//! the player" use) against a definition computed here with `mj-hu`'s slow reference: on every
//! state of random games, for every seat holding 3k+1 tiles that still plays, a kind is a wait
//! exactly when adding it to the hand makes a win for the reference (and a copy of it can still
//! be drawn: fewer than four held, hand and melds; Sichuan: no tile of the suit given up).
//! Presets: `sichuan`, `sichuan_hongzhong` (7z wild) and `hongzhong` (7z wild), `mcr` (the
//! MCR shapes of `mj_hu::Rules::MCR`; flowers are never in a hand) and `tenhou`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{kind_of, least_connected_discard};
use mj_game::{
    Action, GameRules, Length, Match, Phase, Round, hongzhong_hu_rules, sichuan_hu_rules,
};
use mj_tiles::random::SplitMix64;
use mj_tiles::{Meld, Tile, TileCounts, TileSet};

/// The waits by definition: every kind in the game's wall whose addition wins for the slow
/// reference.
fn reference_waits(r: &Round, seat: u8) -> TileSet {
    let rules = r.rules();
    let p = r.player(seat);
    let counts = TileCounts::from_tiles(p.hand_ids().map(kind_of)).unwrap();
    let melds: Vec<Meld> = p.melds().iter().map(|m| m.meld).collect();
    let mut held = counts;
    for m in &melds {
        for t in m.tiles() {
            held.add(t).unwrap_or(());
        }
    }
    let (wild, hu) = if rules.is_hongzhong() {
        (
            TileSet::single(Tile::RED),
            hongzhong_hu_rules(rules.hongzhong.hz_seven_pairs),
        )
    } else if rules.is_sichuan() {
        let w = rules.red_wildcards();
        (
            if w {
                TileSet::single(Tile::RED)
            } else {
                TileSet::EMPTY
            },
            sichuan_hu_rules(w),
        )
    } else if rules.is_mcr() {
        (TileSet::EMPTY, mj_hu::Rules::MCR)
    } else {
        (TileSet::EMPTY, mj_hu::Rules::RIICHI)
    };
    let lack = r.lack(seat);
    let mut out = TileSet::EMPTY;
    for k in 0..34u8 {
        let t = Tile::new(k).unwrap();
        let in_wall = !rules.is_chinese()
            || rules.is_mcr()
            || k < 27
            || (rules.red_wildcards() && t == Tile::RED);
        if !in_wall || held.get(t) >= 4 {
            continue;
        }
        let mut c = counts;
        c.add(t).unwrap();
        if lack.is_some_and(|l| c.kinds().iter().any(|x| x.as_u8() < 27 && x.suit() == l)) {
            continue;
        }
        let hand = mj_hu::Hand::new(c, &melds, wild).unwrap();
        if mj_hu::reference::is_winning(&hand, &hu).unwrap() {
            out.insert(t);
        }
    }
    out
}

/// Discards the least connected tile (keeping 红中) most of the time, so hands get ready.
fn choose(r: &Round, seat: u8, legal: &[Action], rng: &mut SplitMix64) -> Action {
    if legal.contains(&Action::Pass) && rng.below(3) != 0 {
        return Action::Pass;
    }
    if matches!(r.phase(), Phase::Turn { .. })
        && rng.below(6) != 0
        && let Some(a) = least_connected_discard(r, seat, legal)
    {
        return a;
    }
    legal[rng.below(legal.len() as u32) as usize]
}

fn check_preset(rules: GameRules, games: u64) -> (u64, u64) {
    let (mut checked, mut waiting) = (0u64, 0u64);
    for seed in 0..games {
        let mut m = Match::seeded(rules, Length::OneRound, seed, false);
        let mut rng = SplitMix64::new(seed ^ 0x77);
        while !m.is_over() {
            let r = m.round();
            if !matches!(r.phase(), Phase::Exchange | Phase::DeclareLack) {
                for s in 0..rules.players {
                    let n = r.player(s).hand_ids().count();
                    if n % 3 != 1 || r.has_won(s) {
                        continue;
                    }
                    let want = reference_waits(r, s);
                    assert_eq!(r.waits(s), want, "seed {seed} seat {s}: {:?}", r.player(s));
                    assert_eq!(r.compute_waits(s), want, "seed {seed} seat {s}");
                    checked += 1;
                    waiting += u64::from(!want.is_empty());
                }
            }
            let seat = m.to_act().first().unwrap_or(4);
            let legal = m.legal_actions(seat);
            let a = choose(m.round(), seat, &legal, &mut rng);
            m.play(seat, a).unwrap();
        }
    }
    (checked, waiting)
}

#[test]
fn waits_match_the_reference_in_every_preset() {
    for (name, games) in [
        ("sichuan", 60),
        ("sichuan_hongzhong", 120),
        ("hongzhong", 120),
        ("mcr", 40),
        ("tenhou", 20),
    ] {
        let (checked, waiting) = check_preset(GameRules::preset(name).unwrap(), games);
        println!("{name}: {checked} hands checked, {waiting} waiting");
        assert!(
            checked > 1000 && waiting > 50,
            "{name}: {checked} / {waiting}"
        );
    }
}
