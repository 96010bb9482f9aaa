//! Exchanging two tile ids that one seat cannot tell apart: the primitive of a round rebuilt
//! from one seat's knowledge (`crate::seat_round`), and of any search that deals the hidden
//! tiles anew (determinization).
//!
//! A round kept for one seat holds real ids where the seat has seen them (its own hand, every
//! river, meld and dora indicator) and placeholders elsewhere (other seats' concealed tiles,
//! the wall). When an event shows a hidden tile, the caller swaps the id it shows with the
//! placeholder where it appeared. [`Round::swap_ids`] does that everywhere at once: the wall's
//! sequence, every concealed hand and its counts, the drawn tile, and the waits the engine
//! keeps for the hands that changed. It never checks whether the seat could tell the two ids
//! apart: that is the caller's bookkeeping.

use super::Round;
use crate::tiles::kind;
use crate::wall::Wall;

impl Round {
    /// Swaps ids `a` and `b` wherever they are: in the wall's sequence, in concealed hands
    /// (counts and waits follow), and as the drawn tile. Ids in rivers, melds, kita or on offer
    /// are not touched (callers swap only ids hidden from the seat they model); `false` when
    /// either id is out of range or the wall is not the 136-tile one.
    pub(crate) fn swap_ids(&mut self, a: u8, b: u8) -> bool {
        if a == b {
            return true;
        }
        let t = &mut self.table;
        let mut ids = *t.wall.ids();
        let (Some(pa), Some(pb)) = (
            ids.iter().position(|&x| x == a),
            ids.iter().position(|&x| x == b),
        ) else {
            return false;
        };
        ids.swap(pa, pb);
        let Ok(wall) = Wall::from_ids(&ids) else {
            return false;
        };
        t.wall = wall;
        let mut changed = [false; 4];
        for (s, p) in t.players.iter_mut().enumerate() {
            let (ha, hb) = (p.hand.contains(a), p.hand.contains(b));
            if ha == hb {
                continue;
            }
            let (out, inn) = if ha { (a, b) } else { (b, a) };
            p.take(out);
            p.add(inn);
            changed[s] = kind(a) != kind(b);
        }
        if t.drawn == Some(a) {
            t.drawn = Some(b);
        } else if t.drawn == Some(b) {
            t.drawn = Some(a);
        }
        // The engine keeps the waits of the hand without the tile just drawn (the hand before
        // the draw); right after a call they are set again at the discard.
        let turn = match self.table.phase {
            super::Phase::Turn { seat, .. } => Some(seat),
            _ => None,
        };
        for (s, &c) in changed.iter().enumerate() {
            if !c {
                continue;
            }
            let seat = s as u8;
            let drawn = self.table.drawn.filter(|_| turn == Some(seat));
            match (turn == Some(seat), drawn) {
                (false, _) => {
                    let w = self.compute_waits(seat);
                    self.table.players[s].waits = w;
                }
                (true, Some(d)) => {
                    self.table.players[s].take(d);
                    let w = self.compute_waits(seat);
                    self.table.players[s].add(d);
                    self.table.players[s].waits = w;
                }
                (true, None) => {}
            }
        }
        true
    }

    /// The wall position of the `k`-th dora indicator (0 the first), four or three players.
    pub(crate) fn dora_position(&self, k: usize) -> usize {
        super::riichi::dora_at(self.table.rules.players, k)
    }
}
