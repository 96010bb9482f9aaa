//! Before play on the Sichuan machinery: 换三张 (every seat passes three tiles of one suit, all
//! at once, in the direction of the rules or the dice) and 定缺 (every seat gives up a suit,
//! the declarations revealed together), then the dealer's first draw.

use mj_tiles::Tile;
use smallvec::SmallVec;

use super::super::ActionList;
use super::super::state::{Phase, Table};
use super::{OnSichuan, SichuanFlow, begin_play, suit_of};
use crate::action::{Action, IllegalAction, Seat, refuse};
use crate::mjai::Event;
use crate::rules::Exchange;
use crate::tiles::{kind, tile_id};

const SUIT_LETTERS: [&str; 3] = ["m", "p", "s"];

impl SichuanFlow {
    /// The direction offset of the exchange (1 next, 2 across, 3 previous).
    pub(in crate::round) fn exchange_offset(&self, t: &Table) -> u8 {
        match t.rules.sichuan.exchange.offset() {
            Some(o) => o,
            None => match (self.dice[0] + self.dice[1]) % 3 {
                0 => 2,
                1 => 1,
                _ => 3,
            },
        }
    }

    /// The three ids `seat` passes in the exchange (its choice while the exchange is
    /// collected, then what it passed).
    pub(in crate::round) fn exchange_out(&self, seat: Seat) -> Option<[u8; 3]> {
        let s = usize::from(seat & 3);
        self.exchange[s].or(self.passed[s])
    }

    /// The three ids `seat` received in the exchange, once it is done.
    pub(in crate::round) fn exchange_in(&self, t: &Table, seat: Seat) -> Option<[u8; 3]> {
        if matches!(t.phase, Phase::Exchange) {
            return None;
        }
        let from = (seat + 4 - self.exchange_offset(t)) & 3;
        self.passed[usize::from(from)]
    }
}

/// After the deal: the exchange, the declarations, or the dealer's first draw.
pub(in crate::round) fn start<F: OnSichuan>(f: &mut F, t: &mut Table) {
    if t.rules.sichuan.exchange != Exchange::Off {
        t.phase = Phase::Exchange;
    } else {
        after_exchange(f, t);
    }
}

fn after_exchange<F: OnSichuan>(f: &mut F, t: &mut Table) {
    if t.rules.sichuan.declare_lack {
        t.phase = Phase::DeclareLack;
    } else {
        begin_play(f, t);
    }
}

/// Seats still to choose in the exchange or the declarations.
pub(in crate::round) fn waiting(sc: &SichuanFlow, t: &Table) -> u8 {
    let mut m = 0;
    for s in 0..4 {
        let pending = match t.phase {
            Phase::Exchange => sc.exchange[s].is_none(),
            Phase::DeclareLack => sc.declared[s].is_none(),
            _ => false,
        };
        if pending {
            m |= 1 << s;
        }
    }
    m
}

/// `seat`'s choices in the exchange or the declarations.
pub(in crate::round) fn actions(t: &Table, seat: Seat, out: &mut ActionList) {
    match t.phase {
        Phase::Exchange => exchange_actions(t, seat, out),
        Phase::DeclareLack => lack_actions(t, seat, out),
        _ => {}
    }
}

/// Every way to pass three tiles of one suit: one action per multiset of kinds, with the
/// lowest ids of each kind.
fn exchange_actions(t: &Table, seat: Seat, out: &mut ActionList) {
    let p = t.player(seat);
    for suit in 0..3u8 {
        let base = suit * 9;
        let kinds: SmallVec<[(u8, u8); 9]> = (base..base + 9)
            .filter_map(|k| Tile::new(k).map(|t| (k, p.counts.get(t))))
            .filter(|&(_, n)| n > 0)
            .collect();
        let total: u32 = kinds.iter().map(|&(_, n)| u32::from(n)).sum();
        if total < 3 {
            continue;
        }
        for i in 0..kinds.len() {
            for j in i..kinds.len() {
                for k in j..kinds.len() {
                    let mut need = [0u8; 9];
                    for x in [i, j, k] {
                        need[x] += 1;
                    }
                    if (0..kinds.len()).any(|x| need[x] > kinds[x].1) {
                        continue;
                    }
                    let mut ids = [0u8; 3];
                    let mut at = 0;
                    for (x, &(kd, _)) in kinds.iter().enumerate() {
                        let Some(t) = Tile::new(kd) else { continue };
                        for id in p.hand.of_kind(t).take(usize::from(need[x])) {
                            ids[at] = id;
                            at += 1;
                        }
                    }
                    if at == 3 {
                        out.push(Action::Exchange {
                            tiles: ids.map(tile_id),
                        });
                    }
                }
            }
        }
    }
}

/// The three suits, the one held least first.
fn lack_actions(t: &Table, seat: Seat, out: &mut ActionList) {
    let p = t.player(seat);
    let count = |s: u8| -> u32 {
        (s * 9..s * 9 + 9)
            .filter_map(Tile::new)
            .map(|t| u32::from(p.counts.get(t)))
            .sum()
    };
    let mut suits = [0u8, 1, 2];
    suits.sort_by_key(|&s| (count(s), s));
    for s in suits {
        out.push(Action::DeclareLack { suit: s });
    }
}

/// Plays a choice of the exchange or the declarations; the last one applies them all.
pub(in crate::round) fn play<F: OnSichuan>(
    f: &mut F,
    t: &mut Table,
    seat: Seat,
    action: Action,
) -> Result<(), IllegalAction> {
    let s = usize::from(seat);
    match (&t.phase, action) {
        (Phase::Exchange, Action::Exchange { tiles }) => {
            for &id in &tiles {
                t.check_tile(seat, id)?;
            }
            let tiles = tiles.map(mj_tiles::TileId::as_u8);
            if tiles[0] == tiles[1] || tiles[1] == tiles[2] || tiles[0] == tiles[2] {
                return Err(refuse(action, "three different tiles"));
            }
            let su = suit_of(kind(tiles[0]));
            if tiles.iter().any(|&i| suit_of(kind(i)) != su) {
                return Err(refuse(action, "the three tiles must be of one suit"));
            }
            if su > 2 {
                return Err(refuse(
                    action,
                    "红中 belong to no suit: they are not exchanged",
                ));
            }
            f.base_mut().exchange[s] = Some(tiles);
            if waiting(f.base(), t) == 0 {
                apply_exchange(f, t);
            }
            Ok(())
        }
        (Phase::DeclareLack, Action::DeclareLack { suit }) => {
            if suit > 2 {
                return Err(refuse(action, "a suit is 0 (m), 1 (p) or 2 (s)"));
            }
            f.base_mut().declared[s] = Some(suit);
            if waiting(f.base(), t) == 0 {
                apply_lacks(f, t);
            }
            Ok(())
        }
        (Phase::Exchange, _) => Err(refuse(action, "each seat passes three tiles (换三张)")),
        _ => Err(refuse(
            action,
            "each seat declares the suit it gives up (定缺)",
        )),
    }
}

fn apply_exchange<F: OnSichuan>(f: &mut F, t: &mut Table) {
    let off = f.base().exchange_offset(t);
    let choices = f.base().exchange;
    for (s, c) in choices.iter().enumerate() {
        for &id in c.iter().flatten() {
            t.players[s].take(id);
        }
    }
    let direction = match off {
        1 => "next",
        2 => "across",
        _ => "previous",
    };
    for (s, c) in choices.iter().enumerate() {
        let Some(c) = c else { continue };
        let target = (s as u8 + off) & 3;
        for &id in c {
            t.players[usize::from(target)].add(id);
        }
        let pai = c.map(|id| t.mt(id));
        t.emit(Event::Huansanzhang {
            actor: s as Seat,
            target,
            pai,
            direction: direction.to_string(),
        });
    }
    let sc = f.base_mut();
    sc.passed = sc.exchange;
    sc.exchange = [None; 4];
    after_exchange(f, t);
}

fn apply_lacks<F: OnSichuan>(f: &mut F, t: &mut Table) {
    let sc = f.base_mut();
    sc.lack = sc.declared;
    let lacks = sc.lack;
    for (s, l) in lacks.iter().enumerate() {
        if let Some(l) = l {
            t.emit(Event::Dingque {
                actor: s as Seat,
                suit: SUIT_LETTERS[usize::from(*l)].to_string(),
            });
        }
    }
    begin_play(f, t);
}
