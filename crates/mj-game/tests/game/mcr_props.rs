//! Property tests of the MCR flow (国标) over thousands of seeded hands played by a
//! flush-seeking player: every tile accounted for at every step (144 with the flowers), a
//! refused action changing nothing, every self-drawn win offered exactly when `mj-hu`'s slow
//! reference calls the hand a win and `mj-score` gives it 8 fan or more, every win confirmed
//! the same way and paid as the competitions pay (8 from each other seat, the fan on top from
//! the discarder or from all three on a self-draw), every settlement zero-sum, the same seed
//! giving the same hand, a hand serialized at a decision point continuing identically, and
//! the flowers set aside counted in the win's 花牌. The same for Botzone's game
//! (`mcr_botzone`: 136 tiles on four own walls), where besides no wall ever holds more than its
//! 34 and the hand is drawn exactly when the seat due to draw has an empty wall.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
use crate::common_mcr;

use common::{check_round_ledger, restore_round};

use mj_game::{Action, Event, GameRules, Phase, Round, RoundEnd, RoundSetup, Wall};
use mj_score::Win;
use mj_score::mcr::Situation;
use mj_tiles::random::SplitMix64;
use mj_tiles::{Meld, Tile, TileCounts};

fn kind_of(id: u8) -> Tile {
    Tile::new(id / 4).unwrap()
}

fn counts_of(r: &Round, seat: u8, extra: Option<u8>) -> TileCounts {
    let mut counts = TileCounts::EMPTY;
    for id in r.player(seat).hand_ids().chain(extra) {
        counts.add(kind_of(id)).unwrap();
    }
    counts
}

fn melds_of(r: &Round, seat: u8) -> Vec<Meld> {
    r.player(seat).melds().iter().map(|m| m.meld).collect()
}

/// The slow reference's answer: a winning shape under `mj_hu::Rules::MCR`.
fn reference_win(r: &Round, seat: u8, extra: Option<u8>) -> bool {
    let h = mj_hu::Hand::new(
        counts_of(r, seat, extra),
        &melds_of(r, seat),
        mj_tiles::TileSet::EMPTY,
    )
    .unwrap();
    mj_hu::reference::is_winning(&h, &mj_hu::Rules::MCR).unwrap()
}

/// `mj-score`'s fan of the self-drawn hand without flowers and situation flags (a lower
/// bound of the real total, which adds flags and flowers), or `None` when not a win.
fn plain_fan(r: &Round, seat: u8, extra: Option<u8>, tsumo: bool) -> Option<u32> {
    let win_tile = kind_of(extra.or(r.drawn())?);
    let mut w = Win::new(counts_of(r, seat, extra), &melds_of(r, seat), win_tile);
    w.tsumo = tsumo;
    w.seat_wind = Tile::new(27 + (seat + 4 - r.setup().dealer) % 4).unwrap();
    w.round_wind = Tile::new(27 + r.setup().round_wind).unwrap();
    mj_score::mcr::evaluate(&w, &Situation::default())
        .ok()
        .map(|s| s.total_without_flowers)
}

/// Plays one hand to its end, checking every step; returns it.
pub fn play(seed: u64, restore_at: Option<usize>) -> Round {
    play_with(GameRules::mcr(), seed, restore_at)
}

/// [`play`] under `rules` (`mcr` or `mcr_botzone`).
pub fn play_with(rules: GameRules, seed: u64, restore_at: Option<usize>) -> Round {
    let setup = RoundSetup {
        dealer: (seed % 4) as u8,
        round_wind: (seed / 4 % 4) as u8,
        ..RoundSetup::first(0)
    };
    let tiles = if rules.mcr.mcr_flowers { 144 } else { 136 };
    let mut r = Round::try_new(rules, setup, Wall::from_seed(seed), true).unwrap();
    let mut rng = SplitMix64::new(seed ^ 0x6d63);
    let mut steps = 0;
    while !r.is_over() {
        assert_eq!(r.tiles_accounted(), tiles, "seed {seed}");
        own_walls_hold(&r, seed);
        let flowers: usize = (0..4).map(|s| r.flowers(s).len()).sum();
        assert!(flowers <= 8);
        let mask = r.to_act();
        assert!(!mask.is_empty(), "seed {seed}: nobody to act");
        let seat = mask.first().unwrap_or(4);
        if let Phase::Turn {
            seat: s,
            after_call: false,
            ..
        } = r.phase()
        {
            // Tsumo is offered only for a reference win; a reference win of 8 fan before
            // the flags is always offered.
            let offered = r.legal_actions(*s).contains(&Action::Tsumo);
            let refw = reference_win(&r, *s, None);
            if offered {
                assert!(refw, "seed {seed}: tsumo offered on a non-win");
            } else if refw {
                assert!(
                    plain_fan(&r, *s, None, true).is_none_or(|f| f < 8),
                    "seed {seed}: a win of 8 fan not offered"
                );
            }
        }
        // A refused action changes nothing.
        if !r.legal_actions(seat).contains(&Action::Tsumo) {
            let before = r.clone();
            assert!(r.play(seat, Action::Tsumo).is_err());
            assert_eq!(r, before);
        }
        let a = common_mcr::choose(&r, seat, &mut rng);
        let before = r.clone();
        r.play(seat, a)
            .unwrap_or_else(|e| panic!("seed {seed}: legal {a} refused: {e}"));
        if matches!(a, Action::Ron | Action::Tsumo) && r.is_over() {
            let RoundEnd::Wins(ws) = &r.result().unwrap().end else {
                panic!("seed {seed}: a win that did not end the hand")
            };
            assert_eq!(ws.len(), 1, "seed {seed}: one winner");
            let w = &ws[0];
            let extra = (w.seat != w.from).then_some(w.tile);
            assert!(reference_win(&before, w.seat, extra), "seed {seed}");
            // The fan without flowers reaches 8; the flowers are 花牌 at 1 each.
            let flowers = before.flowers(w.seat).len() as u32;
            let hua: u32 = w
                .score
                .yaku
                .iter()
                .filter(|(n, _)| n == "hua_pai")
                .map(|(_, f)| *f)
                .sum();
            assert_eq!(hua, flowers, "seed {seed}");
            assert!(w.score.han - hua >= 8, "seed {seed}: {:?}", w.score);
            let fan = w.score.han as i32;
            // The competition payments.
            for x in 0..4u8 {
                let want = if x == w.seat {
                    if w.seat == w.from {
                        3 * (8 + fan)
                    } else {
                        24 + fan
                    }
                } else if w.seat == w.from || x == w.from {
                    -(8 + fan)
                } else {
                    -8
                };
                assert_eq!(w.deltas[usize::from(x)], want, "seed {seed} seat {x}");
            }
        }
        steps += 1;
        if restore_at == Some(steps) {
            restore_round(&mut r, seed);
        }
        assert!(steps < 2000, "seed {seed}: no end");
    }
    assert_eq!(r.tiles_accounted(), tiles, "seed {seed}");
    own_walls_hold(&r, seed);
    check_round_ledger(&r, seed);
    let res = r.result().unwrap();
    if matches!(res.end, RoundEnd::Draw { .. }) {
        assert_eq!(res.deltas, [0; 4], "seed {seed}: a draw pays nothing");
        if rules.mcr.mcr_own_walls {
            // Drawn exactly when the seat due to draw (after the last discard, or for the
            // last kong's replacement) has nothing.
            let due = r.events().iter().rev().find_map(|e| match e {
                Event::Dahai { actor, .. } => Some((actor + 1) & 3),
                Event::Daiminkan { actor, .. }
                | Event::Ankan { actor, .. }
                | Event::Kakan { actor, .. } => Some(*actor),
                _ => None,
            });
            let due = due.unwrap();
            assert_eq!(r.own_wall_left(due), Some(0), "seed {seed}");
        }
    }
    r
}

/// With own walls: none holds more than its quarter (34, 36 with flowers), and they hold what
/// the live count says (flowers aside).
fn own_walls_hold(r: &Round, seed: u64) {
    if !r.rules().mcr.mcr_own_walls {
        assert_eq!(r.own_wall_left(0), None);
        return;
    }
    let walls: Vec<u8> = (0..4).map(|s| r.own_wall_left(s).unwrap()).collect();
    let quarter = if r.rules().mcr.mcr_flowers { 36 } else { 34 };
    assert!(
        walls.iter().all(|&n| n <= quarter),
        "seed {seed}: {walls:?}"
    );
    let held = walls.iter().map(|&n| u32::from(n)).sum::<u32>();
    let flowers_out: u32 = (0..4).map(|s| r.flowers(s).len() as u32).sum();
    if r.rules().mcr.mcr_flowers {
        // The flowers not yet drawn are in the walls, not in the live count.
        assert_eq!(
            held,
            u32::from(r.live_left()) + 8 - flowers_out,
            "seed {seed}"
        );
    } else {
        assert_eq!(held, u32::from(r.live_left()), "seed {seed}");
    }
}

#[test]
fn seeded_hands_keep_every_invariant() {
    let (mut wins, mut tsumo, mut flowers_scored) = (0, 0, 0);
    for seed in 0..1200u64 {
        let r = play(seed, Some((seed % 60) as usize + 1));
        if let RoundEnd::Wins(ws) = &r.result().unwrap().end {
            wins += 1;
            tsumo += usize::from(ws[0].seat == ws[0].from);
            flowers_scored += usize::from(ws[0].score.yaku.iter().any(|(n, _)| n == "hua_pai"));
        }
        // Every flower is set aside exactly once, announced by a `hua` event.
        let hua = r
            .events()
            .iter()
            .filter(|e| matches!(e, Event::Hua { .. }))
            .count();
        let aside: usize = (0..4).map(|s| r.flowers(s).len()).sum();
        assert_eq!(hua, aside, "seed {seed}");
    }
    // The flush seekers win, on a discard and by self-draw, and flowers count.
    assert!(wins > 100, "{wins} wins");
    assert!(tsumo > 0 && tsumo < wins, "{tsumo} of {wins}");
    assert!(flowers_scored > 0);
}

#[test]
fn seeded_botzone_hands_keep_every_invariant() {
    let (mut wins, mut draws_with_tiles_left) = (0, 0);
    for seed in 0..400u64 {
        let r = play_with(
            GameRules::mcr_botzone(),
            seed,
            Some((seed % 60) as usize + 1),
        );
        match &r.result().unwrap().end {
            RoundEnd::Wins(_) => wins += 1,
            RoundEnd::Draw { .. } => {
                draws_with_tiles_left += usize::from((0..4).any(|s| r.own_wall_left(s) != Some(0)));
            }
        }
        assert!(!r.events().iter().any(|e| matches!(e, Event::Hua { .. })));
    }
    assert!(wins > 30, "{wins} wins");
    // Botzone's draw: the seat due to draw is out while another wall still holds tiles.
    assert!(draws_with_tiles_left > 0);
}

/// Own walls with the flowers (36 tiles each; no preset): the flowers dealt and drawn are
/// replaced from the seat's own wall.
#[test]
fn own_walls_with_flowers_keep_every_invariant() {
    let rules = {
        let mut r = GameRules::mcr_botzone();
        r.mcr.mcr_flowers = true;
        r
    };
    let mut flowers = 0;
    for seed in 0..200u64 {
        let r = play_with(rules, seed, Some((seed % 40) as usize + 1));
        flowers += (0..4).map(|s| r.flowers(s).len()).sum::<usize>();
    }
    assert!(flowers > 200, "{flowers} flowers set aside");
}

#[test]
fn same_seed_same_hand() {
    for seed in [3u64, 77, 1234] {
        let a = play(seed, None);
        let b = play(seed, None);
        assert_eq!(a, b);
        assert_eq!(a.events(), b.events());
    }
}
