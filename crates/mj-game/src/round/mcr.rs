//! MCR (国标麻将, the Chinese Official rules of 2006 as the Chinese Standard Mahjong
//! competitions play them): the 144-tile wall with the eight flowers ([`McrWall`]), 补花,
//! chi / pon / kong claims, the 8-fan minimum (`mj_score::mcr`), 截和 (one winner per
//! discard), the competition payments (8 from every other seat, the fan on top from the
//! discarder, or from every seat on a self-draw) in the ledger (`round::ledger`). The
//! discards, the collection of claims, melds and events are the shared mechanics'.
//!
//! # The wall with flowers
//!
//! The 136 ordinary tiles keep their Tenhou ids and the [`crate::Wall`] they come from; the eight
//! flowers 春夏秋冬梅兰竹菊 are ids 136..144 ([`crate::tiles::FIRST_FLOWER`]). An MCR round
//! draws from a 144-position sequence ([`McrWall`]): the wall's ids in order with the eight
//! flowers inserted at positions drawn from the wall itself (FNV-1a of its ids seeds a
//! `SplitMix64`; each flower in turn goes to a uniform position of the sequence so far), so
//! a wall always gives the same sequence and a seeded match stays reproducible. Explicit
//! sequences (a logged game) go through [`super::Round::try_new_mcr`]. The deal takes the sequence
//! from position 143 down (four tiles to each seat from the dealer, three times, then one
//! each), live draws go on down from position 91, replacement tiles (for a flower or a kong)
//! come from the other end (position 0 up), and the wall is empty when no ordinary tile is
//! left between the two ends (flowers still in it stay there).
//!
//! # Own walls (Botzone)
//!
//! With `GameRules::mcr_own_walls` (the `mcr_botzone` preset) the same sequence is cut into
//! four walls of a quarter each, as Botzone's judge cuts its `walltiles`: the seat `k` places
//! after the dealer (seat wind `k`) owns positions `k*q .. (k+1)*q` (`q` = 34, or 36 with
//! flowers) and takes them from the top (`k*q + q - 1` first). The deal gives each seat, from
//! the dealer, the top 13 of its own wall; every draw, and every replacement for a flower or a
//! kong, is the next tile of the drawer's own wall. The hand is drawn (荒庄) when the seat due
//! to draw finds its wall empty, whatever the other walls still hold; a seat's turn is the
//! last one (no call on its discard; 妙手回春 / 海底捞月) when the next seat's wall is empty, and
//! a concealed or added kong needs tiles in the kong's own wall and in the next seat's. These
//! are the rules of Botzone's judge (see the crate docs' MCR section for the sources).

use mj_hu::{Checker, Hand};
use mj_score::Win;
use mj_score::mcr::{McrScore, Situation};
use mj_tiles::{MeldKind, Tile, TileSet};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use super::ActionList;
use super::actions::kan_turn_ok;
use super::claims::{self, ClaimSource, Claims, OFFER_CHI, OFFER_KAN, OFFER_PON, OFFER_RON};
use super::hooks::{self, FlowHooks};
use super::hu::{HuSet, checker};
use super::ledger::{Ledger, fan_win_score};
use super::state::{DrawKind, RoundSetup, Table};
use crate::action::{Action, IllegalAction, Seat, refuse};
use crate::mjai::Event;
use crate::rules::Length;
use crate::tiles::{is_flower, kind, tile_id};

mod wall;
pub use wall::{MCR_TILES, McrWall, McrWallError};

/// Hands in an MCR match of `length`: one hand, the East round (4), or the full match of four
/// prevailing winds (16) for [`Length::Hanchan`].
pub const fn mcr_hands(length: Length) -> u32 {
    match length {
        Length::OneRound => 1,
        Length::EastOnly => 4,
        Length::Hanchan => 16,
    }
}

/// The setup of the hand after `played` hands of an MCR match, or `None` when the match is
/// over: the dealer moves on every hand (no repeat), the prevailing wind changes every four
/// hands (East, South, West, North), scores carry over.
pub fn mcr_next_setup(length: Length, played: u32, scores: [i32; 4]) -> Option<RoundSetup> {
    if played >= mcr_hands(length) {
        return None;
    }
    Some(RoundSetup {
        round_wind: (played / 4 % 4) as u8,
        dealer: (played % 4) as u8,
        honba: 0,
        sticks: 0,
        scores,
    })
}

fn mcr_checker() -> Option<&'static Checker> {
    checker(HuSet::Mcr)
}

/// The MCR flow's state: its wall and its ledger.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct McrFlow {
    /// The wall as drawn, flowers included.
    pub(super) wall: McrWall,
    /// Every payment, the win.
    pub(super) ledger: Ledger,
}

impl McrFlow {
    pub(super) fn new(wall: McrWall) -> McrFlow {
        McrFlow {
            wall,
            ledger: Ledger::default(),
        }
    }

    /// With own walls: the tiles (flowers included) left in `seat`'s wall.
    pub(super) fn own_wall_left(&self, t: &Table, seat: Seat) -> Option<u8> {
        self.wall.own_left(t.seat_wind(seat & 3))
    }

    /// With own walls, the deal: each seat from the dealer takes the top 13 tiles of its own
    /// wall (a flower waits beside the hand until it is replaced, as in the deal from one wall).
    pub(super) fn deal_own_walls(&mut self, t: &mut Table) {
        for k in 0..4u8 {
            let seat = (t.setup.dealer + k) & 3;
            for _ in 0..13 {
                let Some(id) = self.wall.take_own(k) else {
                    return;
                };
                if is_flower(id) {
                    t.player_mut(seat).kita.push(id);
                } else {
                    t.player_mut(seat).add(id);
                }
            }
        }
    }

    /// Whether `seat`'s turn is the last of the hand: the next seat has nothing to draw (its own
    /// wall is empty; with one wall, no live tile is left). No call on `seat`'s discard then,
    /// and a win on its draw or its discard is 妙手回春 / 海底捞月.
    fn wall_last(&self, t: &Table, seat: Seat) -> bool {
        match self.own_wall_left(t, (seat + 1) & 3) {
            Some(n) => n == 0,
            None => self.live_left(t) == 0,
        }
    }

    /// Whether `seat` has nothing left to draw (its own wall is empty; with one wall, no live
    /// tile is left).
    fn wall_empty(&self, t: &Table, seat: Seat) -> bool {
        match self.own_wall_left(t, seat) {
            Some(n) => n == 0,
            None => self.live_left(t) == 0,
        }
    }

    /// A concealed or added kong of `seat` on its turn: not right after a call, a live tile
    /// left, and with own walls tiles left in the kong's own wall and in the next seat's
    /// (Botzone's judge).
    fn kan_ok(&self, t: &Table, seat: Seat, after_call: bool) -> Result<(), &'static str> {
        kan_turn_ok(after_call, false, t.kans, self.live_left(t))?;
        if self.own_wall_left(t, seat) == Some(0) {
            return Err("no kong with one's own wall empty");
        }
        if self.own_wall_left(t, (seat + 1) & 3) == Some(0) {
            return Err("no kong when the next seat's wall is empty");
        }
        Ok(())
    }

    /// Takes the next id for `seat`: from the live end (`front`) or the replacement end of the
    /// one wall, or the top of `seat`'s own wall.
    fn take(&mut self, t: &mut Table, seat: Seat, front: bool) -> u8 {
        let wind = t.seat_wind(seat & 3);
        let m = &mut self.wall;
        if m.own_left(wind).is_some() {
            return m.take_own(wind).unwrap_or(255);
        }
        if front {
            let id = m.at(usize::from(t.live_next));
            if t.live_next == 0 {
                // The last position taken from the top: mark it from the other end.
                t.rinshan = t.rinshan.saturating_add(1);
            } else {
                t.live_next -= 1;
            }
            id
        } else {
            let id = m.at(usize::from(t.rinshan));
            t.rinshan = t.rinshan.saturating_add(1);
            id
        }
    }

    /// A draw in MCR: flowers drawn are set aside (a `tsumo` of the flower, then `hua`) and
    /// replaced from the far end until an ordinary tile comes; `rinshan` marks a kong's
    /// replacement (杠上开花 when it wins).
    fn draw(&mut self, t: &mut Table, seat: Seat, rinshan: bool) {
        match self.take_ordinary(t, seat, !rinshan) {
            Some((id, flowered)) => {
                // Botzone's judge forgets the kong once a flower came in between: the tile
                // that replaces the flower is no kong's replacement (no 杠上开花).
                let rinshan = rinshan && !(flowered && t.rules.mcr.mcr_own_walls);
                t.turn_after_draw(seat, id, rinshan);
            }
            // Only flowers were left (never with a well-formed wall): the hand is drawn.
            None => self.finish(t, true),
        }
    }

    /// Takes tiles for `seat` until an ordinary one comes (the first from the front when
    /// `front`, every replacement from the far end): each is shown (`tsumo`), a flower is set
    /// aside (`hua`) and replaced. The ordinary tile joins the hand (with whether a flower came
    /// first); `None` when the wall (`seat`'s own wall) ran out first.
    fn take_ordinary(&mut self, t: &mut Table, seat: Seat, mut front: bool) -> Option<(u8, bool)> {
        let mut flowered = false;
        for _ in 0..=8 {
            if self.wall_empty(t, seat) {
                return None;
            }
            let id = self.take(t, seat, front);
            if usize::from(id) >= MCR_TILES {
                return None;
            }
            let pai = t.mt(id);
            t.emit(Event::Tsumo { actor: seat, pai });
            if is_flower(id) {
                t.player_mut(seat).kita.push(id);
                t.emit(Event::Hua { actor: seat, pai });
                front = false;
                flowered = true;
                continue;
            }
            t.player_mut(seat).add(id);
            return Some((id, flowered));
        }
        None
    }

    /// 和绝张: the three other copies of `win` are on the table (rivers and melds of every
    /// seat; the winning discard or robbed tile itself not counted).
    fn last_tile(t: &Table, win: Tile, tsumo: bool) -> bool {
        let mut seen = 0u32;
        for p in &t.players {
            seen += p
                .river
                .iter()
                .filter(|r| !r.called && kind(r.tile) == win)
                .count() as u32;
            for m in &p.melds {
                seen += m.meld.tiles().filter(|&k| k == win).count() as u32;
            }
        }
        if !tsumo {
            seen = seen.saturating_sub(1);
        }
        seen >= 3
    }

    /// Scores `seat`'s hand won on `win` (added to the concealed tiles unless `tsumo`):
    /// `None` below 8 fan (flowers not counted) or not a win.
    /// `from` is the discarder (the kong's owner on a robbed kong; `seat` on a self-draw).
    fn score(
        &self,
        t: &Table,
        seat: Seat,
        from: Seat,
        win: Tile,
        tsumo: bool,
        kong: bool,
    ) -> Option<McrScore> {
        let p = t.player(seat & 3);
        let mut counts = p.counts;
        if !tsumo {
            counts.add(win).ok()?;
        }
        let mut w = Win::new(counts, &p.meld_list(), win);
        w.tsumo = tsumo;
        w.seat_wind = Tile::new(27 + t.seat_wind(seat)).unwrap_or(Tile::EAST);
        w.round_wind = Tile::new(27 + (t.setup.round_wind & 3)).unwrap_or(Tile::EAST);
        let sit = Situation {
            last_tile: Self::last_tile(t, win, tsumo),
            kong,
            // 妙手回春 / 海底捞月: the turn of the drawer or of the discarder is the last; a
            // robbed kong is not the last tile.
            last_wall: (tsumo || !kong) && self.wall_last(t, if tsumo { seat } else { from }),
            flowers: p.kita.len().min(8) as u8,
        };
        mj_score::mcr::score(&w, &sit).ok()
    }

    /// A self-drawn win on the tile just drawn (杠上开花 after a kong's replacement).
    fn tsumo_score(&self, t: &Table, seat: Seat, rinshan: bool) -> Option<McrScore> {
        let d = t.drawn?;
        let c = mcr_checker()?;
        let p = t.player(seat & 3);
        let hand = Hand::new(p.counts, &p.meld_list(), TileSet::EMPTY).ok()?;
        if !c.is_winning(&hand).unwrap_or(false) {
            return None;
        }
        self.score(t, seat, seat, kind(d), true, rinshan)
    }

    /// A win on the tile on offer: a discard, or an added kong's tile (抢杠和).
    fn ron_score(&self, t: &Table, seat: Seat, c: &Claims) -> Option<McrScore> {
        let chankan = match c.source {
            ClaimSource::Discard { .. } => false,
            ClaimSource::Kakan => true,
            ClaimSource::Ankan | ClaimSource::Kita => return None,
        };
        if !t.player(seat & 3).waits.contains(kind(c.tile)) {
            return None;
        }
        self.score(t, seat, c.from, kind(c.tile), false, chankan)
    }

    /// Pays a win and ends the hand: on a discard the discarder pays `mcr_base` + fan and the
    /// two others `mcr_base` each; on a self-draw every other seat pays `mcr_base` + fan.
    fn win(
        &mut self,
        t: &mut Table,
        seat: Seat,
        tile: u8,
        from: Seat,
        claims: Option<&Claims>,
        s: &McrScore,
    ) {
        let tsumo = seat == from;
        let fan = i32::try_from(s.total).unwrap_or(i32::MAX / 2);
        let base = t.rules.mcr.mcr_base;
        let mut d = [0i32; 4];
        for x in 0..4u8 {
            if x == seat {
                continue;
            }
            let pay = if tsumo || x == from {
                base.saturating_add(fan)
            } else {
                base
            };
            d[usize::from(x)] -= pay;
            d[usize::from(seat)] += pay;
        }
        let yaku: SmallVec<[(String, u32); 8]> = s
            .fans
            .iter()
            .map(|e| (e.name.to_string(), e.fan * e.count))
            .collect();
        let each = base.saturating_add(fan).max(0) as u32;
        let ws = fan_win_score(seat, from, s.total, yaku, each, d);
        self.ledger.win(t, seat, from, tile, ws, d);
        if let Some(c) = claims {
            // 抢杠和: the added kong falls back to a pung.
            hooks::take_won_tile(self, t, seat, c);
        }
        t.drawn = None;
        self.ledger.won |= 1 << seat;
        self.finish(t, false);
    }

    /// Ends the hand: at an exhaustive draw (`exhaustive`) nobody pays (荒庄); `tenpais` of the
    /// `ryukyoku` are the seats whose hand had a winning shape's wait (reported only). The
    /// next hand is dealt by the next seat whatever happened.
    fn finish(&mut self, t: &mut Table, exhaustive: bool) {
        let ready: [bool; 4] =
            core::array::from_fn(|s| exhaustive && !t.players[s].waits.is_empty());
        if exhaustive {
            let scores = t.scores;
            t.emit(Event::Ryukyoku {
                reason: DrawKind::Exhaustive.name().to_string(),
                tenpais: ready,
                deltas: [0; 4],
                scores,
            });
        }
        t.emit(Event::EndKyoku);
        // The next seat deals whatever happened (no dealer repeat).
        let next = (t.setup.dealer + 1) & 3;
        self.ledger.close(t, [None; 4], ready, [false; 4], next);
    }
}

impl FlowHooks for McrFlow {
    /// After the deal: dealt flowers are set aside and replaced, seat by seat from the dealer
    /// (a replacement that is a flower is set aside and replaced too); then the dealer draws.
    fn start(&mut self, t: &mut Table) {
        for k in 0..4u8 {
            let seat = (t.setup.dealer + k) & 3;
            let dealt: SmallVec<[u8; 8]> = t.player(seat).kita.iter().copied().collect();
            for f in dealt {
                let pai = t.mt(f);
                t.emit(Event::Hua { actor: seat, pai });
                self.take_ordinary(t, seat, false);
            }
        }
        for s in 0..4u8 {
            let w = self.waits(t, s);
            t.player_mut(s).waits = w;
        }
        let dealer = t.setup.dealer;
        self.draw(t, dealer, false);
    }

    fn live_left(&self, t: &Table) -> u8 {
        self.wall.live_left(t.live_next, t.rinshan)
    }

    fn tiles_in_wall(&self, t: &Table) -> usize {
        match self.wall.own_walls_left() {
            // Own walls: what the four walls still hold.
            Some(left) => left,
            None => usize::from(t.live_next) + 1 - usize::from(t.rinshan),
        }
    }

    /// The kinds that complete `seat`'s 13-tile hand into some winning shape of MCR (four
    /// sets and a pair, seven pairs, thirteen orphans, the knitted forms), kinds held four
    /// times (hand and melds) left out. Whether such a win reaches 8 fan is the scorer's
    /// question, asked when the tile comes.
    fn waits(&self, t: &Table, seat: Seat) -> TileSet {
        let Some(c) = mcr_checker() else {
            return TileSet::EMPTY;
        };
        let p = t.player(seat & 3);
        let Ok(hand) = Hand::new(p.counts, &p.meld_list(), TileSet::EMPTY) else {
            return TileSet::EMPTY;
        };
        let mut w = c.waits(&hand).unwrap_or(TileSet::EMPTY);
        let mc = p.meld_counts();
        for k in w {
            if p.counts.get(k) + mc.get(k) >= 4 {
                w.remove(k);
            }
        }
        w
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
            if self.tsumo_score(t, seat, rinshan).is_some() {
                out.push(Action::Tsumo);
            }
            if self.kan_ok(t, seat, after_call).is_ok() {
                for k in p.counts.kinds_at_least(4) {
                    out.push(Action::Ankan { kind: k });
                }
                t.kakan_choices(seat, out);
            }
        }
        for id in t.discard_choices(seat) {
            out.push(Action::Discard { tile: tile_id(id) });
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
        match action {
            Action::Discard { tile } => {
                let tile = t.check_tile(seat, tile)?;
                t.discard(seat, tile, false);
                let w = self.waits(t, seat);
                t.player_mut(seat).waits = w;
                claims::open(
                    self,
                    t,
                    seat,
                    tile,
                    ClaimSource::Discard { riichi: false },
                    None,
                );
                Ok(())
            }
            Action::Tsumo => {
                let d = t.drawn_for_tsumo(action, after_call)?;
                let score = self
                    .tsumo_score(t, seat, rinshan)
                    .ok_or_else(|| refuse(action, "not a winning hand of 8 fan or more"))?;
                self.win(t, seat, d, seat, None, &score);
                Ok(())
            }
            Action::Ankan { kind: k } => {
                self.kan_ok(t, seat, after_call)
                    .map_err(|why| refuse(action, why))?;
                if t.player(seat).counts.get(k) < 4 {
                    return Err(refuse(action, "needs four of the kind in hand"));
                }
                t.ankan(seat, k);
                self.draw(t, seat, true);
                Ok(())
            }
            Action::Kakan { tile } => {
                if t.rules.mcr.mcr_own_walls {
                    self.kan_ok(t, seat, after_call)
                        .map_err(|why| refuse(action, why))?;
                }
                let kan = kan_turn_ok(after_call, false, t.kans, self.live_left(t));
                let mi = t.kakan_target(seat, tile, kan)?;
                let tile = tile.as_u8();
                t.kakan(seat, tile, mi);
                claims::open(self, t, seat, tile, ClaimSource::Kakan, None);
                Ok(())
            }
            _ => Err(refuse(action, "not an MCR turn action")),
        }
    }

    /// What `seat` (`d` seats after the discarder) may do with the tile on offer: win (8 fan
    /// or more; on an added kong's tile too, 抢杠和; no furiten in MCR), pon, open kong, chi
    /// (the next seat only: chi is from the left).
    fn offer(&self, t: &Table, seat: Seat, c: &Claims, calls_ok: bool, d: u8) -> u8 {
        let p = t.player(seat);
        let k = kind(c.tile);
        let mut o = 0u8;
        if self.ron_score(t, seat, c).is_some() {
            o |= OFFER_RON;
        }
        if calls_ok {
            let n = p.counts.get(k);
            if n >= 2 {
                o |= OFFER_PON;
            }
            if n >= 3 {
                o |= OFFER_KAN;
            }
            if d == 1 && t.rules.chi && !t.chi_choices(seat, c.tile).is_empty() {
                o |= OFFER_CHI;
            }
        }
        o
    }

    fn last_turn(&self, t: &Table, from: Seat) -> bool {
        self.wall_last(t, from)
    }

    /// Resolves the answers: the first seat in turn order from the discarder that won takes
    /// the tile (截和; the other winners get nothing), else pon or kong, else chi, else the
    /// next draw (the replacement tile when an added kong stood), or the exhaustive draw when
    /// the next seat has nothing to draw.
    fn resolve(&mut self, t: &mut Table, c: Claims) {
        for d in 1..4u8 {
            let seat = (c.from + d) & 3;
            if c.answered_ron(seat)
                && let Some(score) = self.ron_score(t, seat, &c)
            {
                self.win(t, seat, c.tile, c.from, Some(&c), &score);
                return;
            }
        }
        match c.source {
            ClaimSource::Discard { .. } => {
                if let Some((seat, meld)) = t.call_pon_or_kan(&c) {
                    if meld == MeldKind::Minkan {
                        self.draw(t, seat, true);
                    }
                    return;
                }
                if t.call_chi(&c) {
                    return;
                }
                if self.wall_last(t, c.from) {
                    self.finish(t, true);
                } else {
                    let next = (c.from + 1) & 3;
                    self.draw(t, next, false);
                }
            }
            ClaimSource::Kakan | ClaimSource::Ankan | ClaimSource::Kita => {
                self.draw(t, c.from, true);
            }
        }
    }
}
