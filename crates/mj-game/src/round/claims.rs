//! Claims on a tile on offer (a discard, an added or closed kan, a kita): the offer to every
//! other seat ([`open`], with the flow's [`FlowHooks::offer`] for each), the answers and their
//! checks ([`Table::answer`]), and the calls themselves ([`Table::call`], the first pon or kan
//! in turn order, the won tile, a robbed kan falling back to a pon). Which answer wins is the
//! flow's [`FlowHooks::resolve`].

use mj_tiles::{Meld, MeldKind, Piece, Tile, TileId, TileSet};
use smallvec::SmallVec;

use super::hooks::FlowHooks;
use super::state::{CalledMeld, DrawKind, Phase, Table};
pub use super::state::{ClaimSource, Claims};
pub(super) use super::state::{OFFER_CHI, OFFER_KAN, OFFER_PON, OFFER_RON};
use crate::action::{Action, IllegalAction, Seat, refuse};
use crate::mjai::{Event, MjaiTile};
use crate::tiles::{is_red_id, kind, tile_id};

/// Offers `tile` to the seats after `from` (each gets the flow's [`FlowHooks::offer`]; calls
/// only on a discard that neither aborts the round nor is the last); resolves at once when
/// nobody can claim.
pub(super) fn open<F: FlowHooks>(
    flow: &mut F,
    t: &mut Table,
    from: Seat,
    tile: u8,
    source: ClaimSource,
    abort: Option<DrawKind>,
) {
    let mut c = Claims {
        from,
        tile,
        source,
        offers: [0; 4],
        answers: [None; 4],
        abort,
    };
    let last = flow.last_turn(t, from);
    let calls_ok = matches!(source, ClaimSource::Discard { .. }) && abort.is_none() && !last;
    for d in 1..t.n() {
        let seat = t.next(from, d);
        c.offers[usize::from(seat)] = flow.offer(t, seat, &c, calls_ok, d);
    }
    if c.waiting() == 0 {
        t.phase = Phase::Claims(c.clone());
        flow.resolve(t, c);
    } else {
        t.phase = Phase::Claims(c);
    }
}

impl Table {
    /// `seat`'s answers to the claims on offer: win, open kan, each pon and chi choice, pass.
    pub(super) fn claim_actions(&self, seat: Seat, c: &Claims, out: &mut super::ActionList) {
        let o = c.offers[usize::from(seat)];
        if o & OFFER_RON != 0 {
            out.push(Action::Ron);
        }
        if o & OFFER_KAN != 0 {
            out.push(Action::Minkan);
        }
        if o & OFFER_PON != 0 {
            for pair in self.pon_choices(seat, c.tile) {
                out.push(Action::Pon {
                    tiles: pair.map(tile_id),
                });
            }
        }
        if o & OFFER_CHI != 0 {
            for pair in self.chi_choices(seat, c.tile) {
                out.push(Action::Chi {
                    tiles: pair.map(tile_id),
                });
            }
        }
        out.push(Action::Pass);
    }

    /// Records `seat`'s answer to the claims on offer after checking it is one of the calls
    /// offered. Returns the claims once every seat has answered (the flow resolves them).
    pub(super) fn answer(
        &mut self,
        seat: Seat,
        action: Action,
    ) -> Result<Option<Claims>, IllegalAction> {
        let Phase::Claims(c) = &self.phase else {
            return Err(IllegalAction::RoundOver);
        };
        let s = usize::from(seat);
        let o = c.offers[s];
        let ok = match action {
            Action::Pass => true,
            Action::Ron => o & OFFER_RON != 0,
            Action::Minkan => o & OFFER_KAN != 0,
            Action::Pon { tiles } => {
                let tiles = tiles.map(TileId::as_u8);
                o & OFFER_PON != 0 && {
                    let p = &self.players[s];
                    tiles[0] != tiles[1]
                        && tiles
                            .iter()
                            .all(|&i| p.hand.contains(i) && kind(i) == kind(c.tile))
                        && self.call_leaves_discard(seat, &tiles, &[kind(c.tile)])
                }
            }
            Action::Chi { tiles } => {
                o & OFFER_CHI != 0 && self.chi_matches(seat, c.tile, tiles.map(TileId::as_u8))
            }
            _ => false,
        };
        if !ok {
            return Err(refuse(action, "not one of the calls on offer"));
        }
        let Phase::Claims(c) = &mut self.phase else {
            return Err(IllegalAction::RoundOver);
        };
        c.answers[s] = Some(action);
        Ok((c.waiting() == 0).then(|| c.clone()))
    }

    /// `tiles` chi `tile`: one of the offered pairs, or the same kinds and redness with other
    /// plain copies (the offered pairs use one representative per redness).
    fn chi_matches(&self, seat: Seat, tile: u8, tiles: [u8; 2]) -> bool {
        let mut want = self.chi_choices(seat, tile);
        want.retain(|p| {
            (p[0] == tiles[0] && p[1] == tiles[1]) || (p[0] == tiles[1] && p[1] == tiles[0])
        });
        let p = &self.players[usize::from(seat)];
        !want.is_empty() || {
            let alts = self.chi_choices(seat, tile);
            let key = |i: u8| (kind(i), self.rules.red_fives && is_red_id(i));
            tiles.iter().all(|&i| p.hand.contains(i))
                && tiles[0] != tiles[1]
                && alts.iter().any(|a| {
                    let (x, y) = (key(a[0]), key(a[1]));
                    (x, y) == (key(tiles[0]), key(tiles[1]))
                        || (y, x) == (key(tiles[0]), key(tiles[1]))
                })
        }
    }

    /// Gives a discard to the first seat after the discarder that answered pon or open kan
    /// (they outrank chi; at most one seat can hold a pair of the kind): the call is made
    /// ([`Table::call`]). Returns the caller and the meld's kind; `None` when nobody did.
    pub(super) fn call_pon_or_kan(&mut self, c: &Claims) -> Option<(Seat, MeldKind)> {
        for d in 1..self.n() {
            let seat = self.next(c.from, d);
            match c.answers[usize::from(seat)] {
                Some(Action::Pon { tiles }) => {
                    self.call(seat, c, MeldKind::Pon, &tiles.map(TileId::as_u8));
                    return Some((seat, MeldKind::Pon));
                }
                Some(Action::Minkan) => {
                    let ids: SmallVec<[u8; 3]> = self.players[usize::from(seat)]
                        .hand
                        .of_kind(kind(c.tile))
                        .collect();
                    self.call(seat, c, MeldKind::Minkan, &ids);
                    return Some((seat, MeldKind::Minkan));
                }
                _ => {}
            }
        }
        None
    }

    /// The chi answered by the seat after the discarder, if any: the call is made.
    pub(super) fn call_chi(&mut self, c: &Claims) -> bool {
        let next = self.next(c.from, 1);
        if let Some(Action::Chi { tiles }) = c.answers[usize::from(next)] {
            self.call(next, c, MeldKind::Chi, &tiles.map(TileId::as_u8));
            return true;
        }
        false
    }

    /// A call on the tile on offer with `own` from `seat`'s hand: the meld, the river mark,
    /// ippatsu ends, kuikae and pao (riichi switches), the event. After a chi or pon the seat
    /// discards next; after an open kan the flow draws its replacement.
    pub(super) fn call(&mut self, seat: Seat, c: &Claims, kind_: MeldKind, own: &[u8]) {
        let s = usize::from(seat);
        let from_rel = (seat + self.n() - c.from) % self.n();
        let mut ids = [255u8; 4];
        let mut pieces: SmallVec<[Piece; 4]> = SmallVec::new();
        for (i, &id) in own.iter().enumerate() {
            ids[i] = id;
            pieces.push(self.piece(id));
        }
        ids[own.len()] = c.tile;
        pieces.push(self.piece(c.tile));
        let called = self.piece(c.tile);
        let Ok(meld) = Meld::new(kind_, &pieces, Some(called), Some(from_rel)) else {
            debug_assert!(false, "call tiles were checked");
            return;
        };
        let k = kind(c.tile);
        {
            let d = &mut self.players[usize::from(c.from)];
            if let Some(last) = d.river.last_mut() {
                last.called = true;
            }
            d.nagashi = false;
        }
        self.end_ippatsu();
        self.interrupted = true;
        let kuikae = self.kuikae_forbidden();
        let pao_rule = self.pao_rule();
        let p = &mut self.players[s];
        for &id in own {
            p.take(id);
        }
        p.melds.push(CalledMeld {
            meld,
            ids,
            called: c.tile,
            from: c.from,
        });
        // Kuikae: the called kind, and for a chi from an end the other end.
        p.kuikae = TileSet::EMPTY;
        if kuikae && kind_ != MeldKind::Minkan {
            p.kuikae.insert(k);
            if kind_ == MeldKind::Chi {
                let lo = meld.base();
                if lo == k && k.rank() <= 6 {
                    if let Some(t) = Tile::new(k.as_u8() + 3) {
                        p.kuikae.insert(t);
                    }
                } else if lo.rank() + 2 == k.rank()
                    && k.rank() >= 4
                    && let Some(t) = Tile::new(k.as_u8() - 3)
                {
                    p.kuikae.insert(t);
                }
            }
        }
        // Pao: the third dragon set or the fourth wind set.
        if pao_rule && matches!(kind_, MeldKind::Pon | MeldKind::Minkan) && k.is_honor() {
            let sets = |dragon: bool| {
                p.melds
                    .iter()
                    .filter(|m| {
                        m.meld.kind() != MeldKind::Chi
                            && m.meld.base().is_dragon() == dragon
                            && m.meld.base().is_honor()
                    })
                    .count()
            };
            if (k.is_dragon() && sets(true) == 3) || (k.is_wind() && sets(false) == 4) {
                p.pao = Some(c.from);
            }
        }
        let consumed: SmallVec<[MjaiTile; 3]> = own.iter().map(|&i| self.mt(i)).collect();
        let pai = self.mt(c.tile);
        let ev = match kind_ {
            MeldKind::Chi => Event::Chi {
                actor: seat,
                target: c.from,
                pai,
                consumed: [consumed[0], consumed[1]],
            },
            MeldKind::Pon => Event::Pon {
                actor: seat,
                target: c.from,
                pai,
                consumed: [consumed[0], consumed[1]],
            },
            _ => Event::Daiminkan {
                actor: seat,
                target: c.from,
                pai,
                consumed: [consumed[0], consumed[1], consumed[2]],
            },
        };
        self.emit(ev);
        self.drawn = None;
        if kind_ == MeldKind::Minkan {
            self.kans += 1;
        } else {
            self.phase = Phase::Turn {
                seat,
                after_call: true,
                rinshan: false,
            };
        }
    }

    /// The claimed tile of a win goes to `winner`'s hand: a discard is marked called in its
    /// river, a robbed added kong (抢杠) falls back to a pon ([`Table::rob_kong`]). For the
    /// Chinese flows' wins, through [`super::hooks::take_won_tile`], which also updates the
    /// robbed seat's waits. Returns whether a kong was robbed.
    pub(super) fn take_won_tile(&mut self, winner: Seat, c: &Claims) -> bool {
        let robbed = c.source == ClaimSource::Kakan;
        if robbed {
            self.rob_kong(c);
        } else if let Some(t) = self.players[usize::from(c.from)].river.last_mut() {
            t.called = true;
        }
        self.players[usize::from(winner)].add(c.tile);
        robbed
    }

    /// 抢杠胡: the robbed added kong falls back to a pon (its tile goes to the winner).
    fn rob_kong(&mut self, c: &Claims) {
        let f = usize::from(c.from);
        let p = &mut self.players[f];
        if let Some(mi) = p
            .melds
            .iter()
            .position(|m| m.meld.kind() == MeldKind::Kakan && m.meld.base() == kind(c.tile))
        {
            let old = p.melds[mi];
            let pieces: SmallVec<[Piece; 3]> =
                old.ids[..3].iter().map(|&i| Piece::new(kind(i))).collect();
            if let Ok(meld) = Meld::new(MeldKind::Pon, &pieces, old.meld.called(), old.meld.from())
            {
                let mut ids = old.ids;
                ids[3] = 255;
                p.melds[mi] = CalledMeld { meld, ids, ..old };
            }
        }
        self.kans = self.kans.saturating_sub(1);
    }
}
