//! The riichi flow (four or three players): the turn (tsumo, nine terminals, closed and added
//! kans, kita, discards and riichi), the offer of a tile (ron, pon, open kan, chi), the
//! resolution (ron first, several rons, three aborting; then pon or kan, then chi), furiten,
//! the dead wall and its dora, the aborts only a ron prevents; its settlement is
//! `super::settle`. See the crate docs for the rules.

use mj_tiles::{Meld, MeldKind, Piece, Tile, TileSet};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use super::ActionList;
use super::actions::{chi_neighbours, kan_turn_ok};
use super::claims::{self, ClaimSource, Claims, OFFER_CHI, OFFER_KAN, OFFER_PON, OFFER_RON};
use super::hooks::FlowHooks;
use super::hu::{is_winning, ready_discards, waits_of, waits_of_kept};
use super::settle::{self, WinContext, WinScore};
use super::state::{DrawKind, Table};
use crate::action::{Action, IllegalAction, Seat, refuse};
use crate::mjai::Event;
use crate::tiles::{kind, tile_id};
use crate::wall::{DEAD_WALL, DORA_AT, FIRST_LIVE, RINSHAN_AT, SANMA_TILES, URA_AT};

/// The riichi flow's own state: the dora indicators turned and to turn, who declared kans.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RiichiFlow {
    /// Dora indicators turned.
    pub(super) dora: u8,
    /// Kan dora indicators still to turn (open and added kans turn theirs with the
    /// replacement tile's discard, written just before it).
    pub(super) pending_dora: u8,
    /// Seats that declared a kan (a bit each; four kans by two or more seats abort).
    kan_seats: u8,
}

/// Wall position of the `k`-th dora indicator (three players: from `w[9]`).
pub(super) fn dora_at(players: u8, k: usize) -> usize {
    if players == 3 {
        9 + 2 * k
    } else {
        DORA_AT[k.min(4)]
    }
}

/// Wall position of the `k`-th ura dora indicator.
pub(super) fn ura_at(players: u8, k: usize) -> usize {
    if players == 3 {
        8 + 2 * k
    } else {
        URA_AT[k.min(4)]
    }
}

/// The first live position to draw after the deal.
pub(super) fn first_live(players: u8) -> u8 {
    if players == 3 {
        (SANMA_TILES - 1 - 39) as u8
    } else {
        FIRST_LIVE as u8
    }
}

impl RiichiFlow {
    /// Before the deal: the first indicator is turned.
    pub(super) fn new() -> RiichiFlow {
        RiichiFlow {
            dora: 1,
            pending_dora: 0,
            kan_seats: 0,
        }
    }

    /// The wall positions of the revealed dora indicators.
    pub(super) fn indicator_positions(&self, players: u8) -> impl Iterator<Item = usize> {
        (0..usize::from(self.dora)).map(move |i| dora_at(players, i))
    }

    fn draw(&mut self, t: &mut Table, seat: Seat, rinshan: bool) {
        let id = if rinshan {
            let id = if t.rules.players == 3 {
                t.wall.at(usize::from(t.rinshan.min(7) ^ 1))
            } else {
                t.wall.at(RINSHAN_AT[usize::from(t.rinshan.min(3))])
            };
            t.rinshan += 1;
            id
        } else {
            let id = t.wall.at(usize::from(t.live_next));
            t.live_next -= 1;
            id
        };
        t.player_mut(seat).add(id);
        t.turn_after_draw(seat, id, rinshan);
        t.emit_with(|t| Event::Tsumo {
            actor: seat,
            pai: t.mt(id),
        });
    }

    fn reveal_dora(&mut self, t: &mut Table) {
        if usize::from(self.dora) < DORA_AT.len() {
            let id = t.wall.at(dora_at(t.rules.players, usize::from(self.dora)));
            self.dora += 1;
            let m = t.mt(id);
            t.emit(Event::Dora { dora_marker: m });
        }
    }

    fn reveal_pending(&mut self, t: &mut Table) {
        while self.pending_dora > 0 {
            self.pending_dora -= 1;
            self.reveal_dora(t);
        }
    }

    // ----- the turn -----

    /// The north `seat` may set aside now: in riichi only the drawn tile.
    fn kita_tile(t: &Table, seat: Seat) -> Option<u8> {
        let p = t.player(seat);
        if p.riichi {
            t.drawn
                .filter(|&d| kind(d) == Tile::NORTH && p.hand.contains(d))
        } else {
            p.hand.of_kind(Tile::NORTH).next()
        }
    }

    fn can_nine_terminals(t: &Table, seat: Seat) -> bool {
        let p = t.player(seat);
        t.rules.riichi.nine_terminals
            && !t.interrupted
            && p.river.is_empty()
            && Tile::ORPHANS
                .iter()
                .filter(|&&k| p.counts.get(k) > 0)
                .count()
                >= 9
    }

    fn riichi_allowed(&self, t: &Table, seat: Seat) -> bool {
        let p = t.player(seat);
        !p.riichi
            && p.is_closed()
            && t.scores[usize::from(seat)] >= t.rules.riichi.riichi_min_points
            && self.live_left(t) >= t.rules.riichi.riichi_min_tiles
    }

    fn riichi_discard_ok(t: &Table, seat: Seat, id: u8) -> bool {
        let p = t.player(seat);
        if !p.hand.contains(id) {
            return false;
        }
        let mut c = p.counts;
        c.remove(kind(id));
        !waits_of(&c, &p.meld_counts()).is_empty()
    }

    /// [`RiichiFlow::riichi_discard_ok`] for a discard `ready_discards` found ready. A ready
    /// hand has a wait; `waits_of` drops only kinds held four times between hand and melds, so
    /// with no melds (closed kans) and no kind held four times the answer is yes without
    /// computing the waits; otherwise they are computed. Debug builds check the shortcut
    /// against the full computation.
    fn ready_discard_has_live_wait(t: &Table, seat: Seat, id: u8) -> bool {
        let p = t.player(seat);
        // Kinds held four times after the discard.
        let mut four = p.kinds_held_four();
        four.remove(kind(id));
        if p.melds.is_empty() && four.is_empty() && p.hand.contains(id) {
            debug_assert!(
                Self::riichi_discard_ok(t, seat, id),
                "riichi shortcut: {id}"
            );
            return true;
        }
        Self::riichi_discard_ok(t, seat, id)
    }

    /// A closed or added kan on one's own turn: not right after a call, fewer than four kans,
    /// a live tile left.
    fn kan_ok(&self, t: &Table, after_call: bool) -> Result<(), &'static str> {
        kan_turn_ok(after_call, true, t.kans, self.live_left(t))
    }

    fn ankan_ok(t: &Table, seat: Seat, k: Tile) -> bool {
        let p = t.player(seat);
        if p.counts.get(k) < 4 {
            return false;
        }
        if !p.riichi {
            return true;
        }
        // In riichi: only the drawn tile, and the waits must stay the same.
        let Some(d) = t.drawn else { return false };
        if kind(d) != k {
            return false;
        }
        let mut before = p.counts;
        before.remove(k);
        let mc = p.meld_counts();
        let w0 = waits_of(&before, &mc);
        let mut after = p.counts;
        let _ = after.set(k, 0);
        let mut mc2 = mc;
        let _ = mc2.set(k, 4);
        w0 == waits_of(&after, &mc2) && !w0.is_empty()
    }

    fn discard(&mut self, t: &mut Table, seat: Seat, tile: u8, riichi: bool) {
        // An open or added kan's indicator turns with the kanner's discard, its `dora` event
        // written before the `dahai` (libriichi's order); a ron on the discard counts it.
        self.reveal_pending(t);
        t.discard(seat, tile, riichi);
        let w = self.waits(t, seat);
        t.player_mut(seat).waits = w;
        // Aborts that only a ron can prevent.
        let mut abort = None;
        if t.rules.riichi.four_winds && t.n() == 4 && !t.interrupted && t.discards == 4 {
            let k0 = kind(tile);
            if k0.is_wind()
                && t.players
                    .iter()
                    .all(|p| p.river.len() == 1 && kind(p.river[0].tile) == k0)
            {
                abort = Some(DrawKind::FourWinds);
            }
        }
        if riichi
            && t.rules.riichi.four_riichi
            && t.n() == 4
            && t.players.iter().filter(|p| p.riichi).count() == 3
        {
            abort = Some(DrawKind::FourRiichi);
        }
        if t.rules.riichi.four_kans && t.kans == 4 && self.kan_seats.count_ones() > 1 {
            abort = Some(DrawKind::FourKans);
        }
        claims::open(self, t, seat, tile, ClaimSource::Discard { riichi }, abort);
    }

    /// Sets a north aside: an earlier kan's pending indicator turns, the first go-around
    /// ends, the north is offered for ron (not chankan; ippatsu still counts), then every
    /// ippatsu ends and the replacement tile is drawn.
    fn kita(&mut self, t: &mut Table, seat: Seat, tile: u8) {
        self.reveal_pending(t);
        let p = t.player_mut(seat);
        p.take(tile);
        p.kita.push(tile);
        // As on Tenhou: a kita ends the uninterrupted first go-around; every ippatsu ends once
        // the north is not robbed (a ron on the north itself keeps ippatsu).
        t.interrupted = true;
        t.drawn = None;
        let pai = t.mt(tile);
        t.emit(Event::Nukidora { actor: seat, pai });
        claims::open(self, t, seat, tile, ClaimSource::Kita, None);
    }

    /// A closed kan: an earlier kan's indicator turns first, its own at once; thirteen orphans
    /// may rob it (`chankan_ankan_kokushi`), else the replacement is drawn.
    fn ankan(&mut self, t: &mut Table, seat: Seat, k: Tile) {
        self.reveal_pending(t);
        let first = t.player(seat).hand.of_kind(k).next();
        t.ankan(seat, k);
        self.kan_seats |= 1 << seat;
        self.reveal_dora(t);
        match first {
            Some(tile) if t.rules.riichi.chankan_ankan_kokushi => {
                claims::open(self, t, seat, tile, ClaimSource::Ankan, None);
            }
            _ => self.draw(t, seat, true),
        }
    }

    // ----- scores -----

    fn context(
        &self,
        t: &Table,
        seat: Seat,
        tsumo: bool,
        rinshan: bool,
        chankan: bool,
        first: bool,
    ) -> WinContext {
        let p = t.player(seat);
        let mut ctx = WinContext {
            tsumo,
            seat_wind: t.seat_wind(seat),
            round_wind: t.setup.round_wind,
            honba: t.setup.honba,
            sticks: t.sticks,
            ..WinContext::default()
        };
        let n = t.rules.players;
        for i in 0..usize::from(self.dora) {
            // An indicator as the scorer reads it: the tile itself (with three players the
            // scorer knows 1m indicates 9m).
            ctx.dora.push(kind(t.wall.at(dora_at(n, i))));
            if p.riichi {
                ctx.ura.push(kind(t.wall.at(ura_at(n, i))));
            }
        }
        ctx.kita = p.kita.len() as u32;
        let f = &mut ctx.flags;
        f.riichi = p.riichi && !p.double_riichi;
        f.double_riichi = p.double_riichi;
        f.ippatsu = p.riichi && p.ippatsu;
        let last = self.live_left(t) == 0;
        f.haitei = tsumo && last && !rinshan;
        f.houtei = !tsumo && last && !chankan;
        f.rinshan = tsumo && rinshan;
        f.chankan = chankan;
        let dealer = seat == t.setup.dealer;
        f.tenhou = tsumo && first && dealer;
        f.chiihou = tsumo && first && !dealer;
        ctx
    }

    fn score(t: &Table, seat: Seat, win_id: u8, ctx: &WinContext) -> Option<WinScore> {
        let p = t.player(seat);
        let mut pieces: SmallVec<[Piece; 14]> = p.hand.iter().map(|i| t.piece(i)).collect();
        if !p.hand.contains(win_id) {
            pieces.push(t.piece(win_id));
        }
        let melds: SmallVec<[Meld; 4]> = p.meld_list();
        settle::score_win(&t.rules, &pieces, &melds, kind(win_id), ctx).ok()
    }

    fn tsumo_score(&self, t: &Table, seat: Seat, d: u8, rinshan: bool) -> Option<WinScore> {
        let p = t.player(seat);
        // After a plain draw the seat's waits are those of its 13 tiles before it (kept since
        // its last discard or the deal; kinds held four times left out, which cannot be drawn),
        // so the draw wins iff its kind is a wait. A replacement draw (after a kan or kita)
        // follows a hand change the waits have not seen: check the shape.
        let wins = if rinshan {
            is_winning(&p.counts)
        } else {
            let w = p.waits.contains(kind(d));
            debug_assert_eq!(w, is_winning(&p.counts), "tsumo shortcut: {d}");
            w
        };
        if !wins {
            return None;
        }
        let first = !t.interrupted && p.river.is_empty();
        let ctx = self.context(t, seat, true, rinshan, false, first);
        Self::score(t, seat, d, &ctx)
    }

    fn ron_score(&self, t: &Table, seat: Seat, c: &Claims) -> Option<WinScore> {
        let chankan = matches!(c.source, ClaimSource::Kakan | ClaimSource::Ankan);
        let ctx = self.context(t, seat, false, false, chankan, false);
        let s = Self::score(t, seat, c.tile, &ctx)?;
        if c.source == ClaimSource::Ankan && !s.yaku.iter().any(|(n, _)| n.starts_with("kokushi")) {
            return None;
        }
        Some(s)
    }

    /// The offer of a tile to a seat ([`FlowHooks::offer`]), every check made: ron (a wait,
    /// not furiten, a yaku), pon and chi (kuikae leaves a discard), open kan.
    #[inline(never)]
    fn offer_checked(&self, t: &Table, seat: Seat, c: &Claims, calls_ok: bool, d: u8) -> u8 {
        let p = t.player(seat);
        let k = kind(c.tile);
        let mut o = 0u8;
        if p.waits.contains(k) && !p.is_furiten() && self.ron_score(t, seat, c).is_some() {
            o |= OFFER_RON;
        }
        if calls_ok && !p.riichi {
            let n = p.counts.get(k);
            if n >= 2 && t.pon_possible(seat, c.tile) {
                o |= OFFER_PON;
            }
            if n >= 3 && t.kans < 4 {
                o |= OFFER_KAN;
            }
            if d == 1 && t.rules.chi && t.chi_possible(seat, c.tile) {
                o |= OFFER_CHI;
            }
        }
        o
    }

    /// The ura dora indicators under the dora turned, for a riichi winner.
    fn ura(&self, t: &Table) -> SmallVec<[u8; 5]> {
        (0..usize::from(self.dora))
            .map(|j| t.wall.at(ura_at(t.rules.players, j)))
            .collect()
    }

    /// The riichi declared with the discard on offer stands (nobody won on it): the stick is
    /// paid.
    fn accept_riichi(t: &mut Table, seat: Seat) {
        let s = usize::from(seat);
        t.players[s].riichi = true;
        t.players[s].ippatsu = true;
        t.scores[s] -= 1000;
        t.sticks += 1;
        let scores = t.scores;
        let mut deltas = [0; 4];
        deltas[s] = -1000;
        t.emit(Event::ReachAccepted {
            actor: seat,
            deltas,
            scores,
        });
    }
}

impl FlowHooks for RiichiFlow {
    fn start(&mut self, t: &mut Table) {
        let dealer = t.setup.dealer;
        self.draw(t, dealer, false);
    }

    fn live_left(&self, t: &Table) -> u8 {
        t.live_left_above(DEAD_WALL)
    }

    fn tiles_in_wall(&self, t: &Table) -> usize {
        // Indices 0..=live_next less the replacement tiles taken.
        usize::from(t.live_next) + 1 - usize::from(t.rinshan)
    }

    fn waits(&self, t: &Table, seat: Seat) -> TileSet {
        let p = t.player(seat);
        waits_of_kept(&p.index, &p.counts, || p.meld_counts())
    }

    fn turn_actions(
        &self,
        t: &Table,
        seat: Seat,
        after_call: bool,
        rinshan: bool,
        out: &mut ActionList,
    ) {
        let p = t.player(seat);
        if !after_call {
            if let Some(d) = t.drawn
                && self.tsumo_score(t, seat, d, rinshan).is_some()
            {
                out.push(Action::Tsumo);
            }
            if Self::can_nine_terminals(t, seat) {
                out.push(Action::NineTerminals);
            }
            if self.kan_ok(t, after_call).is_ok() {
                for k in p.kinds_held_four() {
                    if Self::ankan_ok(t, seat, k) {
                        out.push(Action::Ankan { kind: k });
                    }
                }
                if !p.riichi && !p.melds.is_empty() {
                    t.kakan_choices(seat, out);
                }
            }
        }
        if !after_call
            && t.rules.riichi.kita
            && self.live_left(t) > 0
            && let Some(id) = Self::kita_tile(t, seat)
        {
            out.push(Action::Kita { tile: tile_id(id) });
        }
        if p.riichi {
            if let Some(d) = t.drawn {
                out.push(Action::Discard { tile: tile_id(d) });
            }
            return;
        }
        let choices = t.discard_choices(seat);
        // Written to a buffer and copied at once: one capacity check, not one a discard.
        let mut buf = [Action::Pass; 14];
        let mut n = 0;
        let kuikae = p.kuikae;
        choices.for_each(|id| {
            if !kuikae.contains(kind(id))
                && let Some(slot) = buf.get_mut(n)
            {
                *slot = Action::Discard { tile: tile_id(id) };
                n += 1;
            }
        });
        out.extend_from_slice(&buf[..n]);
        if !after_call && self.riichi_allowed(t, seat) {
            let ready = ready_discards(&p.index);
            if ready != 0 {
                for id in choices {
                    if ready >> (id / 4) & 1 == 1 && Self::ready_discard_has_live_wait(t, seat, id)
                    {
                        out.push(Action::Riichi { tile: tile_id(id) });
                    }
                }
            }
        }
    }

    fn play_turn(
        &mut self,
        t: &mut Table,
        seat: Seat,
        action: Action,
        after_call: bool,
        rinshan: bool,
    ) -> Result<(), IllegalAction> {
        let s = usize::from(seat);
        match action {
            Action::Discard { tile } | Action::Riichi { tile } => {
                let tile = t.check_tile(seat, tile)?;
                let riichi = matches!(action, Action::Riichi { .. });
                let p = &t.players[s];
                if p.riichi && Some(tile) != t.drawn {
                    return Err(refuse(
                        action,
                        "in riichi only the drawn tile may be discarded",
                    ));
                }
                if p.kuikae.contains(kind(tile)) {
                    return Err(refuse(
                        action,
                        "swap-calling (kuikae): this kind may not be discarded right after the call",
                    ));
                }
                if riichi {
                    if after_call {
                        return Err(refuse(action, "riichi right after a call"));
                    }
                    if p.riichi {
                        return Err(refuse(action, "already in riichi"));
                    }
                    if !p.is_closed() {
                        return Err(refuse(action, "riichi needs a closed hand"));
                    }
                    if t.scores[s] < t.rules.riichi.riichi_min_points {
                        return Err(refuse(action, "riichi needs 1,000 points"));
                    }
                    if self.live_left(t) < t.rules.riichi.riichi_min_tiles {
                        return Err(refuse(action, "riichi needs 4 live tiles left"));
                    }
                    if !Self::riichi_discard_ok(t, seat, tile) {
                        return Err(refuse(action, "the hand is not ready after this discard"));
                    }
                }
                self.discard(t, seat, tile, riichi);
                Ok(())
            }
            Action::Tsumo => {
                let d = t.drawn_for_tsumo(action, after_call)?;
                let score = self
                    .tsumo_score(t, seat, d, rinshan)
                    .ok_or_else(|| refuse(action, "not a winning hand with a yaku"))?;
                let ura = self.ura(t);
                t.finish_wins(SmallVec::from_iter([(seat, seat, d, score)]), &ura);
                Ok(())
            }
            Action::Kita { tile } => {
                let tile = t.check_tile(seat, tile)?;
                if !t.rules.riichi.kita {
                    return Err(refuse(action, "no kita in these rules"));
                }
                if after_call {
                    return Err(refuse(action, "kita right after a call"));
                }
                if kind(tile) != Tile::NORTH {
                    return Err(refuse(action, "only a north may be set aside"));
                }
                if self.live_left(t) == 0 {
                    return Err(refuse(action, "no kita on the last tile"));
                }
                if t.players[s].riichi && t.drawn != Some(tile) {
                    return Err(refuse(action, "in riichi only a drawn north"));
                }
                self.kita(t, seat, tile);
                Ok(())
            }
            Action::NineTerminals => {
                if after_call || !Self::can_nine_terminals(t, seat) {
                    return Err(refuse(
                        action,
                        "needs nine different terminals and honors on an uninterrupted first draw",
                    ));
                }
                t.finish_draw(DrawKind::NineTerminals);
                Ok(())
            }
            Action::Ankan { kind: k } => {
                self.kan_ok(t, after_call)
                    .map_err(|why| refuse(action, why))?;
                if !Self::ankan_ok(t, seat, k) {
                    return Err(refuse(
                        action,
                        "needs four of the kind (in riichi: the drawn tile, waits unchanged)",
                    ));
                }
                self.ankan(t, seat, k);
                Ok(())
            }
            Action::Kakan { tile } => {
                let mi = t.kakan_target(seat, tile, self.kan_ok(t, after_call))?;
                let tile = tile.as_u8();
                t.kakan(seat, tile, mi);
                self.kan_seats |= 1 << seat;
                claims::open(self, t, seat, tile, ClaimSource::Kakan, None);
                Ok(())
            }
            _ => Err(refuse(action, "not a turn action")),
        }
    }

    fn offer(&self, t: &Table, seat: Seat, c: &Claims, calls_ok: bool, d: u8) -> u8 {
        let p = t.player(seat);
        let k = kind(c.tile);
        // Most seats can do nothing with a tile: neither a wait, nor a pair of it, nor (the
        // next seat) two kinds beside it. Answered without the checks below.
        let calls = calls_ok && !p.riichi;
        if !p.waits.contains(k)
            && !(calls && (p.counts.get(k) >= 2 || (d == 1 && t.rules.chi && chi_neighbours(p, k))))
        {
            debug_assert_eq!(self.offer_checked(t, seat, c, calls_ok, d), 0);
            return 0;
        }
        self.offer_checked(t, seat, c, calls_ok, d)
    }

    fn resolve(&mut self, t: &mut Table, c: Claims) {
        let k = kind(c.tile);
        // Every seat that could have won on this tile and did not is furiten.
        let mut rons: SmallVec<[Seat; 3]> = SmallVec::new();
        for d in 1..t.n() {
            let seat = t.next(c.from, d);
            if c.answered_ron(seat) {
                rons.push(seat);
            } else {
                let offered = c.ron_offered(seat);
                let p = t.player_mut(seat);
                // A closed kan is a chance to win only for thirteen orphans (offered or not).
                if p.waits.contains(k) && (offered || c.source != ClaimSource::Ankan) {
                    p.temp_furiten = true;
                    if p.riichi {
                        p.riichi_furiten = true;
                    }
                }
            }
        }
        if !rons.is_empty() {
            if rons.len() == 3 && t.rules.riichi.triple_ron_abort {
                t.finish_draw(DrawKind::TripleRon);
                return;
            }
            if !t.rules.double_ron {
                rons.truncate(1);
            }
            let mut wins = SmallVec::new();
            for &seat in &rons {
                if let Some(score) = self.ron_score(t, seat, &c) {
                    wins.push((seat, c.from, c.tile, score));
                }
            }
            let ura = self.ura(t);
            t.finish_wins(wins, &ura);
            return;
        }
        if let ClaimSource::Discard { riichi: true } = c.source {
            Self::accept_riichi(t, c.from);
        }
        if let Some(kind) = c.abort {
            t.finish_draw(kind);
            return;
        }
        match c.source {
            ClaimSource::Kita => {
                t.end_ippatsu();
                self.draw(t, c.from, true);
            }
            ClaimSource::Kakan | ClaimSource::Ankan => {
                if c.source == ClaimSource::Kakan {
                    t.end_ippatsu();
                    // The added kan stands: an earlier kan's indicator turns now, its own
                    // after the replacement tile's discard (a robbed kan turns neither).
                    self.reveal_pending(t);
                    self.pending_dora += 1;
                }
                self.draw(t, c.from, true);
            }
            ClaimSource::Discard { .. } => {
                // Pon or kan first, then chi; none when no seat was offered a call (most
                // discards), so the answers are not searched.
                let called = c
                    .offers
                    .iter()
                    .any(|&o| o & (OFFER_PON | OFFER_KAN | OFFER_CHI) != 0);
                if called && let Some((seat, meld)) = t.call_pon_or_kan(&c) {
                    if meld == MeldKind::Minkan {
                        self.kan_seats |= 1 << seat;
                        self.pending_dora += 1;
                        self.draw(t, seat, true);
                    }
                    return;
                }
                if called && t.call_chi(&c) {
                    return;
                }
                if self.live_left(t) == 0 {
                    t.finish_exhaustive();
                } else {
                    let next = t.next(c.from, 1);
                    self.draw(t, next, false);
                }
            }
        }
    }
}
