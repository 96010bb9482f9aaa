//! What one seat may see of a round: [`SeatView`], borrowed (the input of a
//! [`Bot`](crate::Bot)), and [`Observation`], its owned snapshot.
//!
//! [`SeatView`] is a reference to the round and a seat, nothing more (two words, no cloning):
//! its methods answer only what that seat sees at the table, its own concealed tiles and drawn
//! tile, its legal actions, every river, meld, riichi declaration and kita, the dora
//! indicators, scores, sticks, honba, the tiles left, the tile on offer, the count of each kind
//! the seat can see, and in Sichuan each seat's declared lack, the seats that won and left,
//! and the exchange once it is done. Other seats' concealed tiles, the wall and other seats'
//! pending answers are not reachable from it, so a player written against it cannot cheat.
//!
//! [`Observation`] is the same facts copied out ([`SeatView::observation`], for serde and for
//! other processes): every field is filled from one of the view's methods, so the two cannot
//! disagree and there is one place that decides what a seat sees. Why two types and not one:
//! a bot in the same process reads a few facts per decision, and copying every river and meld
//! for it would cost more than the decision; a process on the other side of a pipe needs the
//! facts as data.

use core::fmt;

use mj_tiles::{Tile, TileCounts};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use serde_json::{Value, json};

use crate::action::{Action, Seat};
use crate::mjai::{Event, MjaiTile};
use crate::round::{ActionList, CalledMeld, ClaimSource, Phase, RiverTile, Round};
use crate::rules::GameRules;
use crate::tiles::kind;

/// One seat's view of a [`Round`] (see the module docs). `Copy`: pass it by value or reference.
#[derive(Clone, Copy)]
pub struct SeatView<'a> {
    round: &'a Round,
    seat: Seat,
}

impl fmt::Debug for SeatView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Only what the seat may see: never the whole round.
        f.debug_struct("SeatView")
            .field("seat", &self.seat)
            .field("hand", &self.hand().to_string())
            .field("drawn", &self.drawn())
            .field("live_left", &self.live_left())
            .finish()
    }
}

/// A tile on offer to the other seats (a discard, an added or closed kan, a kita).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    /// Who discarded it (or declared the kan / kita).
    pub from: Seat,
    /// The tile id.
    pub tile: u8,
    /// Where it came from.
    pub source: ClaimSource,
}

impl Round {
    /// What `seat` (taken modulo 4) sees now, borrowed.
    pub fn view(&self, seat: Seat) -> SeatView<'_> {
        SeatView {
            round: self,
            seat: seat & 3,
        }
    }
}

impl<'a> SeatView<'a> {
    /// The seat observing.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The whole round, hidden tiles included: for this crate's determinization only
    /// ([`crate::determinize`]), never for a player.
    pub(crate) fn round(&self) -> &'a Round {
        self.round
    }

    /// The rules of the round (public at the table).
    pub fn rules(&self) -> &'a GameRules {
        self.round.rules()
    }

    /// Seats at the table (3 or 4); with three, seat 3 is absent.
    pub fn players(&self) -> u8 {
        if self.round.rules().players == 3 {
            3
        } else {
            4
        }
    }

    /// Its own concealed tile ids, increasing (the drawn tile included).
    pub fn hand_ids(&self) -> impl Iterator<Item = u8> + 'a {
        self.round.player(self.seat).hand_ids()
    }

    /// Its own concealed tiles by kind (the drawn tile included).
    pub fn hand(&self) -> TileCounts {
        self.round.player(self.seat).counts
    }

    /// The tile it just drew, when it is its turn.
    pub fn drawn(&self) -> Option<u8> {
        match self.round.phase() {
            Phase::Turn { seat, .. } if *seat == self.seat => self.round.drawn(),
            _ => None,
        }
    }

    /// Its turn right after its own chi or pon (only a discard is possible).
    pub fn after_call(&self) -> bool {
        matches!(self.round.phase(), Phase::Turn { seat, after_call: true, .. } if *seat == self.seat)
    }

    /// Its own hand is furiten now (a wait among its discards, a passed winning tile, riichi
    /// furiten).
    pub fn is_furiten(&self) -> bool {
        self.round.player(self.seat).is_furiten()
    }

    /// The tile on offer while the seats answer claims.
    pub fn offer(&self) -> Option<Offer> {
        match self.round.phase() {
            Phase::Claims(c) => Some(Offer {
                from: c.from,
                tile: c.tile,
                source: c.source,
            }),
            _ => None,
        }
    }

    /// `seat`'s river (modulo 4).
    pub fn river(&self, seat: Seat) -> &'a [RiverTile] {
        self.round.player(seat & 3).river()
    }

    /// `seat`'s declared melds (closed kans included, as on the table).
    pub fn melds(&self, seat: Seat) -> &'a [CalledMeld] {
        self.round.player(seat & 3).melds()
    }

    /// `seat`'s kita (norths set aside, three players), tile ids.
    pub fn kita(&self, seat: Seat) -> &'a [u8] {
        self.round.player(seat & 3).kita()
    }

    /// `seat` has declared riichi (and it was accepted).
    pub fn in_riichi(&self, seat: Seat) -> bool {
        self.round.player(seat & 3).in_riichi()
    }

    /// `seat`'s hand is closed (no melds but closed kans).
    pub fn is_closed(&self, seat: Seat) -> bool {
        self.round.player(seat & 3).is_closed()
    }

    /// Revealed dora indicator ids.
    pub fn dora_indicators(&self) -> impl Iterator<Item = u8> + 'a {
        self.round.dora_indicators()
    }

    /// Scores by seat.
    pub fn scores(&self) -> [i32; 4] {
        self.round.scores()
    }

    /// Riichi sticks on the table.
    pub fn sticks(&self) -> u32 {
        self.round.sticks()
    }

    /// Honba.
    pub fn honba(&self) -> u32 {
        self.round.setup().honba
    }

    /// Round wind (0 East, 1 South, ...).
    pub fn round_wind(&self) -> u8 {
        self.round.setup().round_wind
    }

    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.round.setup().dealer
    }

    /// `seat`'s own wind (0 East, ...), counted from the dealer.
    pub fn seat_wind(&self, seat: Seat) -> u8 {
        let n = self.players();
        ((seat & 3) + n - self.dealer() % n) % n
    }

    /// Live tiles left to draw.
    pub fn live_left(&self) -> u8 {
        self.round.live_left()
    }

    /// MCR with own walls (`mcr_botzone`): the tiles left in `seat`'s own wall, public as on
    /// Botzone; `None` with one shared wall.
    pub fn own_wall_left(&self, seat: Seat) -> Option<u8> {
        self.round.own_wall_left(seat)
    }

    /// Sichuan: the suit `seat` (modulo 4) gave up (定缺), once every seat has declared (the
    /// declarations are revealed together); `None` before, and in riichi.
    pub fn lack(&self, seat: Seat) -> Option<mj_tiles::Suit> {
        self.round.lack(seat & 3)
    }

    /// Sichuan (血战到底): `seat` (modulo 4) has won and left the table; always `false` in
    /// riichi.
    pub fn has_won(&self, seat: Seat) -> bool {
        self.round.has_won(seat & 3)
    }

    /// Sichuan: how many seats ahead in turn order the three tiles of the exchange (换三张)
    /// went (1 next, 2 across, 3 previous), once the exchange is done; `None` before it, with
    /// no exchange, and in riichi. With [`Exchange::Dice`](crate::Exchange::Dice) the two
    /// dice's sum modulo 3 gives it (0 across, 1 next, 2 previous), as `GameRules` documents.
    pub fn exchange_offset(&self) -> Option<u8> {
        let rules = self.round.rules();
        if !rules.is_sichuan()
            || rules.sichuan.exchange == crate::Exchange::Off
            || matches!(self.round.phase(), Phase::Exchange)
        {
            return None;
        }
        rules.sichuan.exchange.offset().or_else(|| {
            let [a, b] = self.round.dice()?;
            Some(match (a + b) % 3 {
                0 => 2,
                1 => 1,
                _ => 3,
            })
        })
    }

    /// Its own legal actions now (empty when it has nothing to decide).
    pub fn legal_actions(&self) -> ActionList {
        self.round.legal_actions(self.seat)
    }

    /// The Chinese flows: the tile `seat` (modulo 4) won on (its id; a seat wins once), `None`
    /// while it has not won. In 血战到底 a seat that won has left the table.
    pub fn won_with(&self, seat: Seat) -> Option<u8> {
        self.round
            .sichuan_wins()
            .iter()
            .find(|w| w.seat == seat & 3)
            .map(|w| w.tile)
    }

    /// Sichuan: the three tile ids this seat passes in 换三张 (its choice while the exchange is
    /// collected, then what it passed); never another seat's.
    pub fn exchange_out(&self) -> Option<[u8; 3]> {
        self.round.exchange_out(self.seat)
    }

    /// Sichuan: the three tile ids this seat received in 换三张, once the exchange is done.
    pub fn exchange_in(&self) -> Option<[u8; 3]> {
        self.round.exchange_in(self.seat)
    }

    /// The mjai reaction of this seat taking `action` (one of its legal actions): the
    /// one translation of our actions into mjai's words (`mj bot` answers with it, `mj arena
    /// --bot` reads an outside bot's reaction by finding the legal action rendered as it, a review
    /// names actions with it). A riichi is its `reach` (the discard follows as a `dahai`); a
    /// pass, an exchange or a lack declaration is `{"type":"none"}`; a kita is `nukidora`.
    pub fn reaction(&self, action: Action) -> Value {
        let view = self;
        let seat = view.seat();
        let reds = view.rules().red_fives;
        let t = |id: u8| MjaiTile::id(id, reds);
        let offer = view.offer();
        let hand: Vec<u8> = view.hand_ids().collect();
        let of_kind = |k: u8, n: usize| -> Vec<MjaiTile> {
            hand.iter()
                .copied()
                .filter(|i| i / 4 == k)
                .take(n)
                .map(t)
                .collect()
        };
        let (from, on) = offer.map_or((seat, 0), |o| (o.from, o.tile));
        let ev = match action {
            Action::Discard { tile } => Event::Dahai {
                actor: seat,
                pai: t(tile.as_u8()),
                tsumogiri: view.drawn() == Some(tile.as_u8()),
            },
            Action::Riichi { .. } => Event::Reach { actor: seat },
            Action::Tsumo => {
                let pai = view.drawn().map_or(MjaiTile::HIDDEN, t);
                return json!({"type": "hora", "actor": seat, "target": seat, "pai": pai});
            }
            Action::Ron => {
                return json!({"type": "hora", "actor": seat, "target": from, "pai": t(on)});
            }
            Action::NineTerminals => return json!({"type": "ryukyoku", "actor": seat}),
            Action::Chi { tiles } => Event::Chi {
                actor: seat,
                target: from,
                pai: t(on),
                consumed: tiles.map(|i| t(i.as_u8())),
            },
            Action::Pon { tiles } => Event::Pon {
                actor: seat,
                target: from,
                pai: t(on),
                consumed: tiles.map(|i| t(i.as_u8())),
            },
            Action::Minkan => {
                let c = of_kind(on / 4, 3);
                Event::Daiminkan {
                    actor: seat,
                    target: from,
                    pai: t(on),
                    consumed: [0, 1, 2].map(|i| c.get(i).copied().unwrap_or(MjaiTile::HIDDEN)),
                }
            }
            Action::Ankan { kind } => {
                let c = of_kind(kind.as_u8(), 4);
                Event::Ankan {
                    actor: seat,
                    consumed: [0, 1, 2, 3].map(|i| c.get(i).copied().unwrap_or(MjaiTile::HIDDEN)),
                }
            }
            Action::Kakan { tile } => {
                let pon = view
                    .melds(seat)
                    .iter()
                    .find(|m| m.meld.base() == tile.tile())
                    .map_or([255; 4], |m| m.ids);
                Event::Kakan {
                    actor: seat,
                    pai: t(tile.as_u8()),
                    consumed: [pon[0], pon[1], pon[2]].map(t),
                }
            }
            Action::Kita { tile } => Event::Nukidora {
                actor: seat,
                pai: t(tile.as_u8()),
            },
            Action::Pass | Action::Exchange { .. } | Action::DeclareLack { .. } => {
                return json!({"type": "none"});
            }
        };
        serde_json::to_value(&ev).unwrap_or_default()
    }

    /// Everything this view answers, copied out (see the module docs).
    pub fn observation(&self) -> Observation {
        Observation {
            seat: self.seat,
            hand: self.hand_ids().collect(),
            drawn: self.drawn(),
            rivers: core::array::from_fn(|s| self.river(s as Seat).into()),
            melds: core::array::from_fn(|s| self.melds(s as Seat).into()),
            riichi: core::array::from_fn(|s| self.in_riichi(s as Seat)),
            kita: core::array::from_fn(|s| self.kita(s as Seat).into()),
            dora_indicators: self.dora_indicators().collect(),
            scores: self.scores(),
            sticks: self.sticks(),
            honba: self.honba(),
            round_wind: self.round_wind(),
            dealer: self.dealer(),
            live_left: self.live_left(),
            legal: self.legal_actions(),
            lacks: core::array::from_fn(|s| self.lack(s as Seat).map(|x| x.index() as u8)),
            won_with: core::array::from_fn(|s| self.won_with(s as Seat)),
            exchange_offset: self.exchange_offset(),
            exchange_out: self.exchange_out(),
            exchange_in: self.exchange_in(),
        }
    }

    /// Every copy of each kind this seat can see: its own concealed tiles, every meld, every
    /// river tile not taken by a call (that one is in the caller's meld), every kita and the
    /// dora indicators. At most 4 per kind. One pass over what is on the table, no allocation.
    pub fn visible_counts(&self) -> TileCounts {
        let mut c = *self.hand().as_array();
        self.add_table(&mut c);
        clamp(c)
    }

    /// [`SeatView::visible_counts`] less the seat's own concealed tiles and melds: the
    /// `visible` argument of `mj_ai` (whose live counts take the hand and its melds out
    /// themselves).
    pub fn seen_elsewhere(&self) -> TileCounts {
        let mut c = [0u8; 34];
        self.add_table(&mut c);
        let own = self.hand();
        let mut own_melds = [0u8; 34];
        for m in self.melds(self.seat) {
            for t in m.meld.tiles() {
                own_melds[t.index()] += 1;
            }
        }
        for (i, n) in c.iter_mut().enumerate() {
            let mine = own.as_array()[i] + own_melds[i];
            *n = (*n)
                .saturating_sub(own_melds[i])
                .min(4u8.saturating_sub(mine));
        }
        clamp(c)
    }

    /// Adds everything on the table (not the own concealed tiles) to `c`.
    fn add_table(&self, c: &mut [u8; 34]) {
        for s in 0..4u8 {
            let p = self.round.player(s);
            for r in p.river() {
                if !r.called {
                    c[kind(r.tile).index()] += 1;
                }
            }
            for m in p.melds() {
                for t in m.meld.tiles() {
                    c[t.index()] += 1;
                }
            }
            // MCR flowers (ids 136..144) are set aside with the kita; they are no kind.
            for &k in p.kita().iter().filter(|&&k| !crate::tiles::is_flower(k)) {
                c[kind(k).index()] += 1;
            }
        }
        for d in self.round.dora_indicators() {
            c[kind(d).index()] += 1;
        }
    }
}

/// What one seat may see of a round (観測), owned: a [`SeatView`] copied out
/// ([`SeatView::observation`], [`Round::observation`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Observation {
    /// The seat observing.
    pub seat: Seat,
    /// Its concealed tile ids, increasing.
    pub hand: SmallVec<[u8; 14]>,
    /// The tile it just drew, if it is its turn.
    pub drawn: Option<u8>,
    /// Every seat's river.
    pub rivers: [SmallVec<[RiverTile; 24]>; 4],
    /// Every seat's melds (closed kans are shown, as on the table).
    pub melds: [SmallVec<[CalledMeld; 4]>; 4],
    /// Seats in riichi.
    pub riichi: [bool; 4],
    /// Every seat's kita (norths set aside, three players; MCR: flowers).
    pub kita: [SmallVec<[u8; 4]>; 4],
    /// Revealed dora indicator ids.
    pub dora_indicators: SmallVec<[u8; 5]>,
    /// Scores.
    pub scores: [i32; 4],
    /// Riichi sticks on the table.
    pub sticks: u32,
    /// Honba.
    pub honba: u32,
    /// Round wind (0 East ..).
    pub round_wind: u8,
    /// The dealer.
    pub dealer: Seat,
    /// Live tiles left.
    pub live_left: u8,
    /// Its legal actions now (empty when it has nothing to decide).
    pub legal: ActionList,
    /// Sichuan (and 红中血战): the suit each seat gave up (0 `m`, 1 `p`, 2 `s`), public once
    /// every seat has declared (定缺); `None` before and in the other flows.
    #[serde(default)]
    pub lacks: [Option<u8>; 4],
    /// Sichuan / hongzhong / MCR: the tile each seat won on (its id; a seat wins once), `None`
    /// for a seat that has not won. A seat that won has left the table in 血战到底.
    #[serde(default)]
    pub won_with: [Option<u8>; 4],
    /// Sichuan: how many seats ahead the 换三张 tiles went (1 next, 2 across, 3 previous), once
    /// the exchange is done.
    #[serde(default)]
    pub exchange_offset: Option<u8>,
    /// Sichuan: the three tile ids this seat passes in 换三张 (its choice while the exchange is
    /// collected, then what it passed); never another seat's.
    #[serde(default)]
    pub exchange_out: Option<[u8; 3]>,
    /// Sichuan: the three tile ids this seat received in 换三张, once the exchange is done.
    #[serde(default)]
    pub exchange_in: Option<[u8; 3]>,
}

impl Round {
    /// What `seat` (modulo 4) sees now, owned: `self.view(seat).observation()`.
    pub fn observation(&self, seat: Seat) -> Observation {
        self.view(seat).observation()
    }
}

fn clamp(mut c: [u8; 34]) -> TileCounts {
    for n in &mut c {
        *n = (*n).min(4);
    }
    TileCounts::new(c).unwrap_or(TileCounts::EMPTY)
}

/// The kind of a tile id (0..136), for players reading a view.
pub fn kind_of(id: u8) -> Tile {
    kind(id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Action, GameRules, Match};

    /// Over seeded random games: the view's visible counts equal the count of every id this
    /// seat can see, gathered from the owned `Observation` (an independent path).
    #[test]
    fn visible_counts_match_the_observation() {
        let mut checked = 0;
        for seed in 0..4u64 {
            let mut m = Match::seeded(GameRules::tenhou(), crate::Length::EastOnly, seed, false);
            let mut rng = mj_tiles::random::SplitMix64::new(seed);
            let mut n = 0;
            while !m.is_over() && n < 20_000 {
                let seat = m.to_act().first().unwrap_or(4);
                let legal = m.legal_actions(seat);
                let Some(&first) = legal.first() else { break };
                let v = m.round().view(seat);
                let o = m.round().observation(seat);
                let mut want = [0u8; 34];
                for &id in &o.hand {
                    want[usize::from(id / 4)] += 1;
                }
                for s in 0..4 {
                    for r in o.rivers[s].iter().filter(|r| !r.called) {
                        want[usize::from(r.tile / 4)] += 1;
                    }
                    for mm in &o.melds[s] {
                        for id in mm.ids.iter().filter(|&&i| i < 136) {
                            want[usize::from(id / 4)] += 1;
                        }
                    }
                }
                for &d in &o.dora_indicators {
                    want[usize::from(d / 4)] += 1;
                }
                let want = want.map(|x| x.min(4));
                assert_eq!(v.visible_counts().as_array(), &want, "seed {seed} step {n}");
                assert_eq!(v.drawn(), o.drawn);
                assert_eq!(v.live_left(), o.live_left);
                let seen = v.seen_elsewhere();
                for t in Tile::ALL {
                    assert!(seen.get(t) + v.hand().get(t) <= 4);
                }
                let a = if legal.len() > 1 && rng.below(4) == 0 {
                    legal[rng.below(legal.len() as u32) as usize]
                } else {
                    legal
                        .iter()
                        .copied()
                        .find(|a| matches!(a, Action::Pon { .. } | Action::Chi { .. }))
                        .unwrap_or(first)
                };
                assert!(m.play(seat, a).is_ok());
                n += 1;
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    /// Over seeded Sichuan rounds: the view's lack, exchange direction and won seats agree with
    /// the round's own events (`dingque`, `huansanzhang`, `hora`), an independent path.
    #[test]
    fn sichuan_facts_match_the_events() {
        let mut rounds = 0;
        for seed in 0..12u64 {
            let mut m = Match::seeded(GameRules::sichuan(), crate::Length::OneRound, seed, true);
            let mut rng = mj_tiles::random::SplitMix64::new(seed);
            let mut seen_offset = None;
            let mut n = 0;
            while !m.is_over() && n < 5_000 {
                let seat = m.to_act().first().unwrap_or(4);
                let legal = m.legal_actions(seat);
                if legal.is_empty() {
                    break;
                }
                let v = m.round().view(seat);
                let events = m.events();
                for s in 0..4u8 {
                    let declared = events.iter().find_map(|e| match e {
                        crate::Event::Dingque { actor, suit } if *actor == s => Some(suit.clone()),
                        _ => None,
                    });
                    let letter = v.lack(s).map(|x| ["m", "p", "s"][x as usize].to_string());
                    assert_eq!(letter, declared, "seed {seed} seat {s}");
                    let won = events
                        .iter()
                        .any(|e| matches!(e, crate::Event::Hora { actor, .. } if *actor == s));
                    assert_eq!(v.has_won(s), won, "seed {seed} seat {s}");
                }
                let passed = events.iter().find_map(|e| match e {
                    crate::Event::Huansanzhang { actor, target, .. } => {
                        Some((target + 4 - actor) % 4)
                    }
                    _ => None,
                });
                assert_eq!(v.exchange_offset(), passed, "seed {seed}");
                seen_offset = seen_offset.or(passed);
                let a = legal
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::Tsumo | Action::Ron))
                    .unwrap_or(legal[rng.below(legal.len() as u32) as usize]);
                assert!(m.play(seat, a).is_ok());
                n += 1;
            }
            assert!(seen_offset.is_some(), "seed {seed}: no exchange seen");
            rounds += 1;
        }
        assert_eq!(rounds, 12);
    }
}
