//! A flush-seeking player for MCR tests: random play almost never reaches the 8-fan minimum,
//! so this one picks the suit it holds most of, calls only into it (and pungs of honors),
//! discards the other suits first, and wins whenever it may. Seeded, so games repeat.

#![allow(dead_code, clippy::unwrap_used)]

use mj_game::{Action, Round};
use mj_tiles::TileId;
use mj_tiles::random::SplitMix64;

/// The suit (0 m, 1 p, 2 s) `seat` holds most of, melds included.
pub fn target_suit(r: &Round, seat: u8) -> u8 {
    let p = r.player(seat);
    let mut n = [0u32; 3];
    for id in p.hand_ids() {
        if id < 108 {
            n[usize::from(id / 36)] += 1;
        }
    }
    for m in p.melds() {
        for &id in m.ids.iter().filter(|&&i| i < 108) {
            n[usize::from(id / 36)] += 3;
        }
    }
    (0..3u8).max_by_key(|&s| (n[usize::from(s)], s)).unwrap()
}

fn isolated(r: &Round, seat: u8, id: u8) -> bool {
    let k = id / 4;
    let kinds: Vec<u8> = r.player(seat).hand_ids().map(|i| i / 4).collect();
    let same = kinds.iter().filter(|&&x| x == k).count();
    if same >= 2 {
        return false;
    }
    if k >= 27 {
        return true;
    }
    let rank = k % 9;
    !kinds.iter().any(|&x| {
        x / 9 == k / 9 && x != k && (i16::from(x % 9) - i16::from(rank)).abs() <= 2 && x < 27
    })
}

/// The action this player takes.
pub fn choose(r: &Round, seat: u8, rng: &mut SplitMix64) -> Action {
    let legal: Vec<Action> = r.legal_actions(seat).iter().copied().collect();
    if let Some(a) = legal
        .iter()
        .find(|a| matches!(a, Action::Tsumo | Action::Ron))
    {
        return *a;
    }
    let suit = target_suit(r, seat);
    let in_suit = |id: u8| id < 108 && id / 36 == suit;
    for a in &legal {
        match *a {
            Action::Pon { tiles } if in_suit(tiles[0].as_u8()) || tiles[0].as_u8() >= 108 => {
                return *a;
            }
            Action::Chi { tiles } if in_suit(tiles[0].as_u8()) => return *a,
            Action::Minkan | Action::Ankan { .. } | Action::Kakan { .. } if rng.below(2) == 0 => {
                return *a;
            }
            _ => {}
        }
    }
    if legal.contains(&Action::Pass) {
        return Action::Pass;
    }
    let discards: Vec<u8> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Discard { tile } => Some(tile.as_u8()),
            _ => None,
        })
        .collect();
    let score = |id: u8| -> u32 {
        let off = u32::from(id < 108 && !in_suit(id)) * 4;
        let honor_single = u32::from(id >= 108 && isolated(r, seat, id)) * 3;
        let iso = u32::from(isolated(r, seat, id)) * 2;
        off + honor_single + iso
    };
    let best = discards.iter().map(|&d| score(d)).max().unwrap_or(0);
    let pool: Vec<u8> = discards.into_iter().filter(|&d| score(d) == best).collect();
    Action::Discard {
        tile: TileId::new(pool[rng.below(pool.len() as u32) as usize]).unwrap(),
    }
}
