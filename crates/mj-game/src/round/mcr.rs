//! MCR (国标麻将, the Chinese Official rules of 2006 as the Chinese Standard Mahjong
//! competitions play them) on the shared round machinery: the 144-tile wall with the eight
//! flowers, 补花, chi / pon / kong claims, the 8-fan minimum (`mj_score::mcr`), 截和 (one
//! winner per discard), the competition payments (8 from every other seat, the fan on top
//! from the discarder, or from every seat on a self-draw). The turns, discards, the
//! collection of claims, melds, kongs and events are [`Round`]'s own; the ledger and the
//! result are the Chinese flows' ([`super::sichuan`]); this module holds what differs.
//!
//! # The wall with flowers
//!
//! The 136 ordinary tiles keep their Tenhou ids and the [`Wall`] they come from; the eight
//! flowers 春夏秋冬梅兰竹菊 are ids 136..144 ([`crate::tiles::FIRST_FLOWER`]). An MCR round
//! draws from a 144-position sequence ([`McrState`]): the wall's ids in order with the eight
//! flowers inserted at positions drawn from the wall itself (FNV-1a of its ids seeds a
//! `SplitMix64`; each flower in turn goes to a uniform position of the sequence so far), so
//! a wall always gives the same sequence and a seeded match stays reproducible. Explicit
//! sequences (a logged game) go through [`Round::try_new_mcr`]. The deal takes the sequence
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
use mj_tiles::random::SplitMix64;
use mj_tiles::{Meld, MeldKind, Tile, TileSet};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use super::hongzhong::fan_win_score;
use super::{
    ActionList, ClaimSource, Claims, DrawKind, HuSet, OFFER_CHI, OFFER_KAN, OFFER_PON, OFFER_RON,
    Round, RoundSetup, checker,
};
use crate::action::{Action, IllegalAction, Seat, refuse};
use crate::mjai::Event;
use crate::rules::{GameRules, GameRulesError, Length};
use crate::tiles::{END_FLOWER, FIRST_FLOWER, is_flower, kind};
use crate::wall::{WALL_TILES, Wall};

/// Positions in an MCR wall with its flowers.
pub const MCR_TILES: usize = WALL_TILES + 8;

/// The MCR part of a round's state: the wall as drawn, flowers included. Restored state is
/// checked as [`McrState::from_sequence`] checks it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "McrStateData")]
pub struct McrState {
    /// Tile ids in drawing order from the top (the deal takes the last position first):
    /// the 136 ordinary ids and, with flowers, the eight flower ids 136..144.
    seq: Vec<u8>,
    /// With own walls (see the module docs): the tiles left in the wall of each seat wind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    own: Option<[u8; 4]>,
}

/// Why an explicit MCR wall is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum McrWallError {
    /// Not 136 or 144 ids.
    #[error("an MCR wall has 144 tiles (136 without flowers), got {0}")]
    WrongSize(usize),
    /// An id out of range or given twice.
    #[error("tile id {id} at position {at} is not a fresh id below 144")]
    BadId {
        /// The id.
        id: u8,
        /// Its position.
        at: usize,
    },
    /// A 136-tile sequence holding a flower, or a 144-tile one missing one.
    #[error("the flowers must be all eight or none")]
    Flowers,
    /// The rules are not the MCR flow, or are invalid.
    #[error("rules: {0}")]
    Rules(String),
    /// Restored own walls holding more tiles than a quarter of the sequence.
    #[error("an own wall holds at most a quarter of the tiles, got {0:?}")]
    OwnWalls([u8; 4]),
}

/// [`McrState`] as serialized, before its check.
#[derive(Deserialize)]
struct McrStateData {
    seq: Vec<u8>,
    #[serde(default)]
    own: Option<[u8; 4]>,
}

impl TryFrom<McrStateData> for McrState {
    type Error = McrWallError;
    fn try_from(d: McrStateData) -> Result<McrState, McrWallError> {
        let mut m = McrState::from_sequence(&d.seq)?;
        if let Some(own) = d.own {
            if own.iter().any(|&n| n > m.quarter()) {
                return Err(McrWallError::OwnWalls(own));
            }
            m.own = Some(own);
        }
        Ok(m)
    }
}

impl McrState {
    /// The sequence of a wall (see the module docs); without `flowers`, the wall's ids.
    pub(crate) fn new(wall: &Wall, flowers: bool) -> McrState {
        let mut seq: Vec<u8> = wall.ids().to_vec();
        if flowers {
            let mut h: u64 = 0xcbf2_9ce4_8422_2325;
            for &id in wall.ids() {
                h = (h ^ u64::from(id)).wrapping_mul(0x0100_0000_01b3);
            }
            let mut rng = SplitMix64::new(h ^ 0x4d43_5246);
            for f in FIRST_FLOWER..END_FLOWER {
                let at = rng.below(seq.len() as u32 + 1) as usize;
                seq.insert(at, f);
            }
        }
        McrState { seq, own: None }
    }

    /// The same sequence cut into four own walls, each full (see the module docs).
    pub(crate) fn with_own_walls(mut self) -> McrState {
        self.own = Some([self.quarter(); 4]);
        self
    }

    /// Tiles in one own wall: a quarter of the sequence (34, or 36 with flowers).
    fn quarter(&self) -> u8 {
        (self.seq.len() / 4) as u8
    }

    /// With own walls, the tiles (flowers included) left in the four walls together.
    pub(crate) fn own_walls_left(&self) -> Option<usize> {
        self.own.map(|o| o.iter().map(|&n| usize::from(n)).sum())
    }

    /// With own walls, the tiles (flowers included) left in the wall of seat wind `wind`.
    pub(crate) fn own_left(&self, wind: u8) -> Option<u8> {
        self.own.map(|o| o[usize::from(wind & 3)])
    }

    /// With own walls, takes the top tile of the wall of seat wind `wind` (`None` when that
    /// wall is empty, or with one shared wall).
    fn take_own(&mut self, wind: u8) -> Option<u8> {
        let q = usize::from(self.quarter());
        let k = usize::from(wind & 3);
        let own = self.own.as_mut()?;
        let left = own[k].checked_sub(1)?;
        own[k] = left;
        self.seq.get(k * q + usize::from(left)).copied()
    }

    /// An explicit sequence: 144 distinct ids below 144, or 136 below 136.
    ///
    /// # Errors
    /// The size, an id out of range or repeated, flowers in a 136-tile sequence.
    pub fn from_sequence(ids: &[u8]) -> Result<McrState, McrWallError> {
        if ids.len() != MCR_TILES && ids.len() != WALL_TILES {
            return Err(McrWallError::WrongSize(ids.len()));
        }
        let mut seen = [false; MCR_TILES];
        for (at, &id) in ids.iter().enumerate() {
            if usize::from(id) >= MCR_TILES || seen[usize::from(id)] {
                return Err(McrWallError::BadId { id, at });
            }
            if ids.len() == WALL_TILES && is_flower(id) {
                return Err(McrWallError::Flowers);
            }
            seen[usize::from(id)] = true;
        }
        Ok(McrState {
            seq: ids.to_vec(),
            own: None,
        })
    }

    /// The ids in drawing order (see the module docs).
    pub fn sequence(&self) -> &[u8] {
        &self.seq
    }

    /// The 136 ordinary ids in the sequence's order: a [`Wall`].
    pub(crate) fn wall(&self) -> Option<Wall> {
        let ids: Vec<u8> = self
            .seq
            .iter()
            .copied()
            .filter(|&i| !is_flower(i))
            .collect();
        Wall::from_ids(&ids).ok()
    }

    pub(crate) fn len(&self) -> usize {
        self.seq.len()
    }

    /// The id at a position (255 outside the sequence: never a tile).
    pub(crate) fn at(&self, i: usize) -> u8 {
        self.seq.get(i).copied().unwrap_or(255)
    }

    /// Ordinary tiles between the replacement end (`rinshan`, first not taken) and the live
    /// end (`live_next`, next to draw), both included; with own walls, the ordinary tiles left
    /// in the four walls together.
    pub(crate) fn live_left(&self, live_next: u8, rinshan: u8) -> u8 {
        if let Some(own) = self.own {
            let q = usize::from(self.quarter());
            let left = (0..4).flat_map(|k| {
                let start = k * q;
                self.seq
                    .get(start..start + usize::from(own[k]))
                    .unwrap_or(&[])
                    .iter()
            });
            return left.filter(|&&i| !is_flower(i)).count() as u8;
        }
        let (lo, hi) = (usize::from(rinshan), usize::from(live_next));
        if lo > hi {
            return 0;
        }
        self.seq
            .get(lo..=hi.min(self.seq.len().saturating_sub(1)))
            .map_or(0, |s| s.iter().filter(|&&i| !is_flower(i)).count() as u8)
    }
}

fn mcr_checker() -> Option<&'static Checker> {
    checker(HuSet::Mcr)
}

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

impl Round {
    /// An MCR round from an explicit wall sequence (144 ids with the flowers 136..144, or 136
    /// without; see the module docs for the layout), e.g. one read from a log.
    ///
    /// # Errors
    /// Rules that are not valid or not the MCR flow, or a sequence that is not a wall.
    pub fn try_new_mcr(
        rules: GameRules,
        setup: RoundSetup,
        sequence: &[u8],
        record: bool,
    ) -> Result<Round, McrWallError> {
        rules
            .validate()
            .map_err(|e: GameRulesError| McrWallError::Rules(e.to_string()))?;
        if !rules.is_mcr() {
            return Err(McrWallError::Rules("not the mcr flow".to_string()));
        }
        let state = McrState::from_sequence(sequence)?;
        if rules.mcr_flowers != (state.len() == MCR_TILES) {
            return Err(McrWallError::Flowers);
        }
        let wall = state
            .wall()
            .ok_or(McrWallError::WrongSize(sequence.len()))?;
        Ok(Round::deal_with(rules, setup, wall, record, Some(state)))
    }

    /// MCR: the wall sequence with the flowers (`None` in other flows).
    pub fn mcr_sequence(&self) -> Option<&[u8]> {
        self.mcr.as_deref().map(McrState::sequence)
    }

    /// MCR: the flowers `seat` has set aside (ids 136..144).
    pub fn flowers(&self, seat: Seat) -> &[u8] {
        if self.mcr.is_some() {
            &self.players[usize::from(seat & 3)].kita
        } else {
            &[]
        }
    }

    /// MCR with own walls: the tiles (flowers included) left in `seat`'s wall, what Botzone's
    /// judge shows as `tileCnt`; `None` with one shared wall or in another flow.
    pub fn own_wall_left(&self, seat: Seat) -> Option<u8> {
        self.mcr.as_deref()?.own_left(self.seat_wind(seat & 3))
    }

    /// Whether `seat`'s turn is the last of the hand: the next seat has nothing to draw (its own
    /// wall is empty; with one wall, no live tile is left). No call on `seat`'s discard then,
    /// and a win on its draw or its discard is 妙手回春 / 海底捞月.
    pub(super) fn mcr_wall_last(&self, seat: Seat) -> bool {
        match self.own_wall_left((seat + 1) & 3) {
            Some(n) => n == 0,
            None => self.live_left() == 0,
        }
    }

    /// Whether `seat` has nothing left to draw (its own wall is empty; with one wall, no live
    /// tile is left).
    fn mcr_wall_empty(&self, seat: Seat) -> bool {
        match self.own_wall_left(seat) {
            Some(n) => n == 0,
            None => self.live_left() == 0,
        }
    }

    /// A concealed or added kong of `seat` on its turn: [`Round::kan_turn_ok`], and with own
    /// walls tiles left in the kong's own wall and in the next seat's (Botzone's judge).
    fn mcr_kan_turn_ok(&self, seat: Seat, after_call: bool) -> Result<(), &'static str> {
        self.kan_turn_ok(after_call)?;
        if self.own_wall_left(seat) == Some(0) {
            return Err("no kong with one's own wall empty");
        }
        if self.own_wall_left((seat + 1) & 3) == Some(0) {
            return Err("no kong when the next seat's wall is empty");
        }
        Ok(())
    }

    /// With own walls, the deal: each seat from the dealer takes the top 13 tiles of its own
    /// wall (a flower waits beside the hand until it is replaced, as in the deal from one wall).
    pub(super) fn mcr_deal_own_walls(&mut self) {
        for k in 0..4u8 {
            let seat = usize::from((self.setup.dealer + k) & 3);
            for _ in 0..13 {
                let Some(id) = self.mcr.as_deref_mut().and_then(|m| m.take_own(k)) else {
                    return;
                };
                if is_flower(id) {
                    self.players[seat].kita.push(id);
                } else {
                    self.players[seat].add(id);
                }
            }
        }
    }

    /// Takes the next id for `seat`: from the live end (`front`) or the replacement end of the
    /// one wall, or the top of `seat`'s own wall (255 when there is none).
    fn mcr_take(&mut self, seat: Seat, front: bool) -> u8 {
        let wind = self.seat_wind(seat & 3);
        let Some(m) = self.mcr.as_deref_mut() else {
            return 255;
        };
        if m.own_left(wind).is_some() {
            return m.take_own(wind).unwrap_or(255);
        }
        if front {
            let id = m.at(usize::from(self.live_next));
            if self.live_next == 0 {
                // The last position taken from the top: mark it from the other end.
                self.rinshan = self.rinshan.saturating_add(1);
            } else {
                self.live_next -= 1;
            }
            id
        } else {
            let id = m.at(usize::from(self.rinshan));
            self.rinshan = self.rinshan.saturating_add(1);
            id
        }
    }

    /// A draw in MCR: flowers drawn are set aside (a `tsumo` of the flower, then `hua`) and
    /// replaced from the far end until an ordinary tile comes; `rinshan` marks a kong's
    /// replacement (杠上开花 when it wins).
    pub(super) fn mcr_draw(&mut self, seat: Seat, rinshan: bool) {
        match self.mcr_take_ordinary(seat, !rinshan) {
            Some((id, flowered)) => {
                // Botzone's judge forgets the kong once a flower came in between: the tile
                // that replaces the flower is no kong's replacement (no 杠上开花).
                let rinshan = rinshan && !(flowered && self.rules.mcr_own_walls);
                self.turn_after_draw(seat, id, rinshan);
            }
            // Only flowers were left (never with a well-formed wall): the hand is drawn.
            None => self.mcr_finish(true),
        }
    }

    /// Takes tiles for `seat` until an ordinary one comes (the first from the front when
    /// `front`, every replacement from the far end): each is shown (`tsumo`), a flower is set
    /// aside (`hua`) and replaced. The ordinary tile joins the hand (with whether a flower came
    /// first); `None` when the wall (`seat`'s own wall) ran out first.
    fn mcr_take_ordinary(&mut self, seat: Seat, mut front: bool) -> Option<(u8, bool)> {
        let mut flowered = false;
        for _ in 0..=8 {
            if self.mcr_wall_empty(seat) {
                return None;
            }
            let id = self.mcr_take(seat, front);
            if usize::from(id) >= MCR_TILES {
                return None;
            }
            let pai = self.mt(id);
            self.emit(Event::Tsumo { actor: seat, pai });
            if is_flower(id) {
                self.players[usize::from(seat)].kita.push(id);
                self.emit(Event::Hua { actor: seat, pai });
                front = false;
                flowered = true;
                continue;
            }
            self.players[usize::from(seat)].add(id);
            return Some((id, flowered));
        }
        None
    }

    /// After the deal: dealt flowers are set aside and replaced, seat by seat from the dealer
    /// (a replacement that is a flower is set aside and replaced too); then the dealer draws.
    pub(super) fn mcr_start(&mut self) {
        for k in 0..4u8 {
            let seat = (self.setup.dealer + k) & 3;
            let dealt: SmallVec<[u8; 8]> = self.players[usize::from(seat)]
                .kita
                .iter()
                .copied()
                .collect();
            for f in dealt {
                let pai = self.mt(f);
                self.emit(Event::Hua { actor: seat, pai });
                self.mcr_take_ordinary(seat, false);
            }
        }
        for s in 0..4u8 {
            self.players[usize::from(s)].waits = self.compute_waits(s);
        }
        self.draw(self.setup.dealer, false);
    }

    /// The kinds that complete `seat`'s 13-tile hand into some winning shape of MCR (four
    /// sets and a pair, seven pairs, thirteen orphans, the knitted forms), kinds held four
    /// times (hand and melds) left out. Whether such a win reaches 8 fan is the scorer's
    /// question, asked when the tile comes.
    pub(super) fn mcr_waits(&self, seat: Seat) -> TileSet {
        let Some(c) = mcr_checker() else {
            return TileSet::EMPTY;
        };
        let p = &self.players[usize::from(seat & 3)];
        let melds: SmallVec<[Meld; 4]> = p.melds.iter().map(|m| m.meld).collect();
        let Ok(hand) = Hand::new(p.counts, &melds, TileSet::EMPTY) else {
            return TileSet::EMPTY;
        };
        let mut w = c.waits(&hand).unwrap_or(TileSet::EMPTY);
        let mc = p.meld_counts();
        for t in w {
            if p.counts.get(t) + mc.get(t) >= 4 {
                w.remove(t);
            }
        }
        w
    }

    /// 和绝张: the three other copies of `win` are on the table (rivers and melds of every
    /// seat; the winning discard or robbed tile itself not counted).
    fn mcr_last_tile(&self, win: Tile, tsumo: bool) -> bool {
        let mut seen = 0u32;
        for p in &self.players {
            seen += p
                .river
                .iter()
                .filter(|t| !t.called && kind(t.tile) == win)
                .count() as u32;
            for m in &p.melds {
                seen += m.meld.tiles().filter(|&t| t == win).count() as u32;
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
    fn mcr_score(
        &self,
        seat: Seat,
        from: Seat,
        win: Tile,
        tsumo: bool,
        kong: bool,
    ) -> Option<McrScore> {
        let p = &self.players[usize::from(seat & 3)];
        let mut counts = p.counts;
        if !tsumo {
            counts.add(win).ok()?;
        }
        let melds: SmallVec<[Meld; 4]> = p.melds.iter().map(|m| m.meld).collect();
        let mut w = Win::new(counts, &melds, win);
        w.tsumo = tsumo;
        w.seat_wind = Tile::new(27 + self.seat_wind(seat)).unwrap_or(Tile::EAST);
        w.round_wind = Tile::new(27 + (self.setup.round_wind & 3)).unwrap_or(Tile::EAST);
        let sit = Situation {
            last_tile: self.mcr_last_tile(win, tsumo),
            kong,
            // 妙手回春 / 海底捞月: the turn of the drawer or of the discarder is the last; a
            // robbed kong is not the last tile.
            last_wall: (tsumo || !kong) && self.mcr_wall_last(if tsumo { seat } else { from }),
            flowers: p.kita.len().min(8) as u8,
        };
        mj_score::mcr::score(&w, &sit).ok()
    }

    /// A self-drawn win on the tile just drawn (杠上开花 after a kong's replacement).
    pub(super) fn mcr_tsumo_score(&self, seat: Seat, rinshan: bool) -> Option<McrScore> {
        let d = self.drawn?;
        let c = mcr_checker()?;
        let p = &self.players[usize::from(seat & 3)];
        let melds: SmallVec<[Meld; 4]> = p.melds.iter().map(|m| m.meld).collect();
        let hand = Hand::new(p.counts, &melds, TileSet::EMPTY).ok()?;
        if !c.is_winning(&hand).unwrap_or(false) {
            return None;
        }
        self.mcr_score(seat, seat, kind(d), true, rinshan)
    }

    /// A win on the tile on offer: a discard, or an added kong's tile (抢杠和).
    fn mcr_ron_score(&self, seat: Seat, c: &Claims) -> Option<McrScore> {
        let chankan = match c.source {
            ClaimSource::Discard { .. } => false,
            ClaimSource::Kakan => true,
            ClaimSource::Ankan | ClaimSource::Kita => return None,
        };
        if !self.players[usize::from(seat & 3)]
            .waits
            .contains(kind(c.tile))
        {
            return None;
        }
        self.mcr_score(seat, c.from, kind(c.tile), false, chankan)
    }

    pub(super) fn mcr_turn_actions(
        &self,
        seat: Seat,
        after_call: bool,
        rinshan: bool,
        out: &mut ActionList,
    ) {
        let p = &self.players[usize::from(seat)];
        if !after_call {
            if self.mcr_tsumo_score(seat, rinshan).is_some() {
                out.push(Action::Tsumo);
            }
            if self.mcr_kan_turn_ok(seat, after_call).is_ok() {
                for t in p.counts.kinds_at_least(4) {
                    out.push(Action::Ankan { kind: t.as_u8() });
                }
                for m in &p.melds {
                    if m.meld.kind() == MeldKind::Pon
                        && let Some(id) = p.hand.of_kind(m.meld.base()).next()
                    {
                        out.push(Action::Kakan { tile: id });
                    }
                }
            }
        }
        for id in self.discard_choices(seat) {
            out.push(Action::Discard { tile: id });
        }
    }

    pub(super) fn mcr_play_turn(
        &mut self,
        seat: Seat,
        action: Action,
        after_call: bool,
        rinshan: bool,
    ) -> Result<(), IllegalAction> {
        match action {
            Action::Discard { tile } => {
                self.check_tile(seat, tile)?;
                self.do_discard(seat, tile, false);
                Ok(())
            }
            Action::Tsumo => {
                let d = self.drawn_for_tsumo(action, after_call)?;
                let score = self
                    .mcr_tsumo_score(seat, rinshan)
                    .ok_or_else(|| refuse(action, "not a winning hand of 8 fan or more"))?;
                self.mcr_win(seat, d, seat, None, &score);
                Ok(())
            }
            Action::Ankan { kind: k } => {
                let t = Tile::new(k).ok_or_else(|| refuse(action, "no such kind"))?;
                self.mcr_kan_turn_ok(seat, after_call)
                    .map_err(|why| refuse(action, why))?;
                if self.players[usize::from(seat)].counts.get(t) < 4 {
                    return Err(refuse(action, "needs four of the kind in hand"));
                }
                self.do_ankan(seat, t);
                Ok(())
            }
            Action::Kakan { tile } => {
                if self.rules.mcr_own_walls {
                    self.mcr_kan_turn_ok(seat, after_call)
                        .map_err(|why| refuse(action, why))?;
                }
                self.play_kakan(seat, tile, after_call)
            }
            _ => Err(refuse(action, "not an MCR turn action")),
        }
    }

    /// What `seat` (`d` seats after the discarder) may do with the tile on offer: win (8 fan
    /// or more; on an added kong's tile too, 抢杠和; no furiten in MCR), pon, open kong, chi
    /// (the next seat only: chi is from the left).
    pub(super) fn mcr_offer(&self, seat: Seat, c: &Claims, calls_ok: bool, d: u8) -> u8 {
        let p = &self.players[usize::from(seat)];
        let k = kind(c.tile);
        let mut o = 0u8;
        if self.mcr_ron_score(seat, c).is_some() {
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
            if d == 1 && self.rules.chi && !self.chi_choices(seat, c.tile).is_empty() {
                o |= OFFER_CHI;
            }
        }
        o
    }

    /// Resolves the answers: the first seat in turn order from the discarder that won takes
    /// the tile (截和; the other winners get nothing), else pon or kong, else chi, else the
    /// next draw (the replacement tile when an added kong stood), or the exhaustive draw when
    /// the next seat has nothing to draw.
    pub(super) fn mcr_resolve(&mut self, c: Claims) {
        for d in 1..4u8 {
            let seat = (c.from + d) & 3;
            if c.answers[usize::from(seat)] == Some(Action::Ron)
                && let Some(score) = self.mcr_ron_score(seat, &c)
            {
                self.mcr_win(seat, c.tile, c.from, Some(&c), &score);
                return;
            }
        }
        match c.source {
            ClaimSource::Discard { .. } => {
                if self.call_pon_or_kan(&c) {
                    return;
                }
                let next = (c.from + 1) & 3;
                if let Some(Action::Chi { tiles }) = c.answers[usize::from(next)] {
                    self.do_call(next, &c, MeldKind::Chi, &tiles);
                    return;
                }
                if self.mcr_wall_last(c.from) {
                    self.mcr_finish(true);
                } else {
                    self.draw(next, false);
                }
            }
            ClaimSource::Kakan | ClaimSource::Ankan | ClaimSource::Kita => {
                self.draw(c.from, true);
            }
        }
    }

    /// Pays a win and ends the hand: on a discard the discarder pays `mcr_base` + fan and the
    /// two others `mcr_base` each; on a self-draw every other seat pays `mcr_base` + fan.
    fn mcr_win(&mut self, seat: Seat, tile: u8, from: Seat, claims: Option<&Claims>, s: &McrScore) {
        let tsumo = seat == from;
        let fan = i32::try_from(s.total).unwrap_or(i32::MAX / 2);
        let base = self.rules.mcr_base;
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
        let rec = self.announce_win(seat, from, tile, ws, d);
        if let Some(c) = claims {
            // 抢杠和: the added kong falls back to a pon.
            self.take_won_tile(seat, c);
        }
        self.drawn = None;
        if let Some(sc) = self.sc.as_deref_mut() {
            sc.wins.push(rec);
            sc.won |= 1 << seat;
        }
        self.mcr_finish(false);
    }

    /// Ends the hand: at an exhaustive draw (`exhaustive`) nobody pays (荒庄); `tenpais` of the
    /// `ryukyoku` are the seats whose hand had a winning shape's wait (reported only). The
    /// next hand is dealt by the next seat whatever happened.
    pub(super) fn mcr_finish(&mut self, exhaustive: bool) {
        let ready: [bool; 4] =
            core::array::from_fn(|s| exhaustive && !self.players[s].waits.is_empty());
        if exhaustive {
            let scores = self.scores;
            self.emit(Event::Ryukyoku {
                reason: DrawKind::Exhaustive.name().to_string(),
                tenpais: ready,
                deltas: [0; 4],
                scores,
            });
        }
        self.emit(Event::EndKyoku);
        // The next seat deals whatever happened (no dealer repeat).
        self.close_chinese_round(ready, [false; 4], (self.setup.dealer + 1) & 3);
    }
}
