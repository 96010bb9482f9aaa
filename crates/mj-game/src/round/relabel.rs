//! Relabelling, in one pass, every tile id one seat cannot see: the step that deals the hidden
//! tiles of a round anew for a search (determinization, [`crate::determinize`]).
//!
//! [`Round::swap_ids`](super::reveal) exchanges two ids and recomputes the waits each time; a
//! determinization relabels about a hundred ids at once, so this module applies a whole
//! permutation to the wall's sequence, the other seats' concealed hands and the drawn tile, then
//! recomputes what the engine derived from those hands once per seat: its waits, and while a
//! tile is on offer, what each other seat may answer.

use super::claims::ClaimSource;
use super::flow::each_flow;
use super::hooks::FlowHooks;
use super::state::Phase;
use super::{FlowState, Round};
use crate::action::Seat;
use crate::tiles::Ids;
use crate::wall::{WALL_TILES, Wall};
use mj_tiles::{TileCounts, TileSet};

impl Round {
    /// Relabels the ids `seat` cannot see: every id `i` becomes `map[i]`, in the wall's
    /// sequence, the other seats' concealed hands and the drawn tile. `map` must be a
    /// permutation of `0..136` that fixes every id `seat` can see (its own hand, rivers, melds,
    /// kita, dora indicators); the caller checks that ([`crate::determinize`]).
    ///
    /// What the engine derived from the relabelled hands is derived again: each other seat's
    /// waits, and, while a tile is on offer, what each other seat may answer (their answers
    /// are cleared: the seat cannot see them). Other seats' temporary and riichi furiten are
    /// cleared too (they come from passed winning tiles the seat cannot tell). The round stops
    /// recording events (they would name the hidden ids). In the Sichuan machinery's flows the
    /// ids other seats passed in 换三张 are relabelled too (they name places in hands). Riichi,
    /// Sichuan and 红中 only; `false` (and the round unchanged) for MCR or a map that is not a
    /// permutation.
    pub(crate) fn relabel_hidden(&mut self, map: &[u8; WALL_TILES], seat: Seat) -> bool {
        if matches!(self.flow, FlowState::Mcr(_)) {
            return false;
        }
        let mut ids = [0u8; WALL_TILES];
        for (out, &i) in ids.iter_mut().zip(self.table.wall.ids().iter()) {
            *out = map[usize::from(i)];
        }
        let Ok(wall) = Wall::from_ids(&ids) else {
            return false;
        };
        let base = match &mut self.flow {
            FlowState::Sichuan(f) => Some(&mut **f),
            FlowState::Hongzhong(f) => Some(&mut f.base),
            _ => None,
        };
        if let Some(b) = base {
            for s in (0..4u8).filter(|&s| s != seat) {
                if let Some(p) = &mut b.passed[usize::from(s)] {
                    *p = p.map(|i| map[usize::from(i)]);
                }
            }
        }
        let t = &mut self.table;
        t.wall = wall;
        t.log = None;
        t.drawn = t.drawn.map(|d| map[usize::from(d)]);
        let n = t.n();
        for s in (0..n).filter(|&s| s != seat) {
            let p = &mut t.players[usize::from(s)];
            let mut hand = Ids::default();
            let mut counts = TileCounts::EMPTY;
            for i in p.hand.iter() {
                let j = map[usize::from(i)];
                hand.insert(j);
                let _ = counts.add(crate::tiles::kind(j));
            }
            p.hand = hand;
            p.counts = counts;
            p.rebuild_index();
            p.temp_furiten = false;
            p.riichi_furiten = false;
        }
        let turn = match self.table.phase {
            Phase::Turn { seat, .. } => Some(seat),
            _ => None,
        };
        for s in (0..n).filter(|&s| s != seat) {
            // The waits of the hand without the tile just drawn, as the engine keeps them.
            let drawn = self.table.drawn.filter(|_| turn == Some(s));
            let i = usize::from(s);
            if let Some(d) = drawn {
                self.table.players[i].take(d);
            }
            let w: TileSet = self.compute_waits(s);
            if let Some(d) = drawn {
                self.table.players[i].add(d);
            }
            self.table.players[i].waits = w;
        }
        self.reoffer(seat);
        true
    }

    /// While a tile is on offer: what each seat but `seat` and the one that offered it may
    /// answer, from their hands now, as the flow offered it ([`super::claims::open`]).
    fn reoffer(&mut self, seat: Seat) {
        let Phase::Claims(c) = &self.table.phase else {
            return;
        };
        let mut c = c.clone();
        let t = &self.table;
        let calls_ok = matches!(c.source, ClaimSource::Discard { .. })
            && c.abort.is_none()
            && !each_flow!(&self.flow, f => f.last_turn(t, c.from));
        for d in 1..t.n() {
            let s = t.next(c.from, d);
            if s == seat {
                continue;
            }
            let i = usize::from(s);
            c.offers[i] = each_flow!(&self.flow, f => f.offer(t, s, &c, calls_ok, d));
            c.answers[i] = None;
        }
        if c.waiting() == 0 {
            // Nobody left to answer (`seat` already did): resolved at once, as `open` does.
            self.table.phase = Phase::Claims(c.clone());
            let t = &mut self.table;
            each_flow!(&mut self.flow, f => f.resolve(t, c));
        } else {
            self.table.phase = Phase::Claims(c);
        }
    }
}
