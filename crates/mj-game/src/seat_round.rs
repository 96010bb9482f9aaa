//! A riichi round rebuilt from one seat's knowledge alone: the state an mjai bot keeps from the
//! events it is sent (others' draws and hands hidden as `?`).
//!
//! [`SeatRound`] holds a full [`Round`] whose hidden tiles (other seats' concealed hands, the
//! wall) are placeholders: real tile ids, dealt at random among those the seat has not seen,
//! so the round is always a consistent deal. When an event shows a tile (another seat's
//! discard, call, kan, a dora indicator, the seat's own draw), the id it names is swapped into
//! the place where it appeared, from the pool of ids the seat has not placed yet
//! (`Round::swap_ids`), and the event is then played as the engine's action. So the engine
//! itself says what the seat may do ([`SeatRound::legal_actions`]) and what it sees
//! ([`SeatRound::view`], the input of every [`Bot`](crate::Bot)); nothing is decided twice.
//!
//! Two events need more than one swap:
//! - a call (chi, pon, open kan) on a discard: the engine offered calls from the placeholder
//!   hands when the tile was discarded, so the round is taken back to just before that discard
//!   (kept for this), the caller's tiles are swapped in, the discard is played again, then the
//!   call and every other seat's pass;
//! - another seat's riichi: the engine accepts riichi only from a ready hand, so when the
//!   placeholders are not ready they are redealt, from ids the seat has not seen, as sets and a
//!   single tile.
//!
//! Seats that must answer a discard and are not named by the next event passed. Whatever the
//! events contradict (a tile the seat knows is elsewhere, an action the engine refuses, a seat
//! acting out of turn) is a [`SeatError`] and leaves the state as it was before that event;
//! the caller then waits for the next `start_kyoku`.
//!
//! The same primitive serves a search that deals the hidden tiles anew (determinization): the
//! placeholders are one deal consistent with what the seat saw.

use mj_tiles::Tile;
use mj_tiles::random::SplitMix64;
use smallvec::SmallVec;

use crate::action::{Action, Seat, SeatSet};
use crate::mjai::{Event, MjaiTile};
use crate::round::{ActionList, Phase, Round, RoundSetup};
use crate::rules::GameRules;
use crate::tiles::{kind as kind_of, tile_id};
use crate::view::SeatView;
use crate::wall::{DORA_AT, WALL_TILES, Wall};

/// Why an event does not fit what the seat knows; the state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SeatError(pub String);

fn err<T>(why: impl Into<String>) -> Result<T, SeatError> {
    Err(SeatError(why.into()))
}

/// One seat's round, rebuilt from the mjai events it sees (see the module docs).
#[derive(Clone, Debug)]
pub struct SeatRound {
    seat: Seat,
    round: Round,
    /// Ids whose place the seat knows (its own tiles, everything shown on the table).
    known: [bool; WALL_TILES],
    /// The round just before the last tile offered to the others, and the action that offered
    /// it (a call replays it after swapping the caller's tiles in).
    before_offer: Option<(Round, Seat, Action)>,
    /// A seat that declared riichi; its next discard is the riichi discard.
    reach: Option<Seat>,
    /// Dora indicators shown so far.
    doras: usize,
    /// A `hora`, `ryukyoku` or `end_kyoku` was seen: nothing more to decide.
    over: bool,
    /// The seat's own turn was announced (its `tsumo`, or its chi or pon): the engine deals
    /// the draw before the event shows it, and the seat acts only once it has.
    turn_seen: bool,
}

/// Where a shown tile left a hand from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    /// The tile just drawn (tsumogiri).
    Drawn,
    /// Any tile but the one just drawn.
    Kept,
    /// Any tile of the hand.
    Any,
}

impl SeatRound {
    /// The round of a `start_kyoku` event as `seat` sees it, under `rules` (four-player riichi:
    /// the events name no rules). Its own 13 tiles and the dora indicator are placed; every
    /// other tile is dealt from the rest, shuffled by `seed`.
    ///
    /// # Errors
    /// Not a `start_kyoku`, rules other than four-player riichi, or a hand or indicator that
    /// names more copies of a tile than exist.
    pub fn start(
        rules: GameRules,
        seat: Seat,
        event: &Event,
        seed: u64,
    ) -> Result<SeatRound, SeatError> {
        let Event::StartKyoku {
            bakaze,
            dora_marker,
            kyoku,
            honba,
            kyotaku,
            oya,
            scores,
            tehais,
        } = event
        else {
            return err("a round starts with start_kyoku");
        };
        if rules.players != 4 || rules.flow != crate::rules::Flow::Riichi {
            return err("only four-player riichi is played from mjai events");
        }
        if seat > 3 || *oya > 3 || *kyoku == 0 {
            return err("seat, oya or kyoku out of range");
        }
        let round_wind = match bakaze.tile_id().map(|id| id / 4) {
            Some(k @ 27..=30) => k - 27,
            _ => return err(format!("bakaze {bakaze} is not a wind")),
        };
        let mut known = [false; WALL_TILES];
        let mut placed = [255u8; WALL_TILES];
        // The deal: 4-4-4-1 from the dealer, from the top of the wall down.
        let mut at = WALL_TILES - 1;
        let mut mine = tehais[usize::from(seat)].iter();
        for pass in 0..4 {
            for k in 0..4 {
                let s = (oya + k) % 4;
                for _ in 0..if pass < 3 { 4 } else { 1 } {
                    if s == seat {
                        let Some(&t) = mine.next() else {
                            return err("a hand of 13 tiles");
                        };
                        placed[at] = claim(&mut known, t)?;
                    }
                    at -= 1;
                }
            }
        }
        placed[DORA_AT[0]] = claim(&mut known, *dora_marker)?;
        let mut rest: Vec<u8> = (0..WALL_TILES as u8)
            .filter(|&i| !known[usize::from(i)])
            .collect();
        let mut rng = SplitMix64::new(seed);
        for i in (1..rest.len()).rev() {
            rest.swap(i, rng.below(i as u32 + 1) as usize);
        }
        let mut rest = rest.into_iter();
        for p in placed.iter_mut().filter(|p| **p == 255) {
            *p = rest.next().unwrap_or(255);
        }
        let wall = Wall::from_ids(&placed).map_err(|e| SeatError(e.to_string()))?;
        let setup = RoundSetup {
            round_wind,
            dealer: *oya,
            honba: *honba,
            sticks: *kyotaku,
            scores: *scores,
        };
        let round =
            Round::try_new(rules, setup, wall, false).map_err(|e| SeatError(e.to_string()))?;
        Ok(SeatRound {
            seat,
            round,
            known,
            before_offer: None,
            reach: None,
            doras: 0,
            over: false,
            turn_seen: false,
        })
    }

    /// The seat modelled.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The round (placeholders where the seat cannot see: read it through [`SeatRound::view`]).
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// What the seat sees.
    pub fn view(&self) -> SeatView<'_> {
        self.round.view(self.seat)
    }

    /// `true` once the events ended the round for this seat (a win, a draw, `end_kyoku`).
    pub fn is_over(&self) -> bool {
        self.over || self.round.is_over()
    }

    /// The seat that declared riichi and has not discarded yet.
    pub fn reach_pending(&self) -> Option<Seat> {
        self.reach
    }

    /// The seat's legal actions now (empty when it has nothing to decide).
    pub fn legal_actions(&self) -> ActionList {
        let unseen_turn = matches!(self.round.phase(), Phase::Turn { seat, .. } if *seat == self.seat)
            && !self.turn_seen;
        if self.is_over() || unseen_turn {
            return ActionList::new();
        }
        self.round.legal_actions(self.seat)
    }

    /// Applies one event. On error nothing changes (see the module docs).
    ///
    /// # Errors
    /// The event contradicts what the seat knows, or the engine refuses it.
    pub fn apply(&mut self, event: &Event) -> Result<(), SeatError> {
        let mut next = self.clone();
        next.apply_in_place(event)?;
        debug_assert!(
            (0..4u8).filter(|&s| s != next.seat).all(|s| next
                .round
                .player(s)
                .hand_ids()
                .all(|i| !next.known[usize::from(i)])),
            "another seat's concealed tile marked known after {event:?}"
        );
        *self = next;
        Ok(())
    }

    fn apply_in_place(&mut self, event: &Event) -> Result<(), SeatError> {
        match *event {
            Event::Tsumo { actor, .. } | Event::Chi { actor, .. } | Event::Pon { actor, .. } => {
                self.turn_seen = actor == self.seat;
            }
            Event::Dahai { .. }
            | Event::Daiminkan { .. }
            | Event::Kakan { .. }
            | Event::Ankan { .. } => {
                self.turn_seen = false;
            }
            _ => {}
        }
        match event {
            Event::Hora { .. } | Event::Ryukyoku { .. } | Event::EndKyoku => {
                self.over = true;
                return Ok(());
            }
            Event::StartGame { .. } | Event::EndGame { .. } => return Ok(()),
            _ => {}
        }
        if self.is_over() {
            // A kan's dora may be shown after the win that ends the round.
            if let Event::Dora { .. } = event {
                return Ok(());
            }
            return err("the round is over");
        }
        match *event {
            Event::Tsumo { actor, pai } => {
                self.before_offer = None;
                self.pass_all(None)?;
                self.expect_turn(actor)?;
                if actor == self.seat {
                    let Some(d) = self.round.drawn() else {
                        return err("no tile drawn");
                    };
                    let x = self.free_id(pai, Some(d))?;
                    self.swap(x, d)?;
                    self.known[usize::from(x)] = true;
                }
                Ok(())
            }
            Event::Dahai {
                actor,
                pai,
                tsumogiri,
            } => {
                self.expect_turn(actor)?;
                let slot = match (tsumogiri, self.round.drawn()) {
                    (true, _) => Slot::Drawn,
                    (false, Some(_)) => Slot::Kept,
                    (false, None) => Slot::Any,
                };
                let id = self.place(actor, pai, slot)?;
                let action = if self.reach == Some(actor) {
                    self.reach = None;
                    if actor != self.seat {
                        self.make_ready(actor, id)?;
                    }
                    Action::Riichi { tile: tile_id(id) }
                } else {
                    Action::Discard { tile: tile_id(id) }
                };
                self.offer(actor, action)
            }
            Event::Reach { actor } => {
                self.expect_turn(actor)?;
                self.reach = Some(actor);
                Ok(())
            }
            // The engine accepts the riichi itself once nobody wins on the discard (a call on
            // it may follow this event in libriichi's order).
            Event::ReachAccepted { .. } => Ok(()),
            Event::Chi {
                actor,
                target,
                pai,
                consumed,
            }
            | Event::Pon {
                actor,
                target,
                pai,
                consumed,
            } => {
                let chi = matches!(event, Event::Chi { .. });
                self.replay_offer(target, pai)?;
                let a = self.place(actor, consumed[0], Slot::Any)?;
                let b = self.place(actor, consumed[1], Slot::Any)?;
                self.unblock(actor, pai)?;
                self.replay_discard()?;
                let call = if chi {
                    Action::Chi {
                        tiles: [tile_id(a), tile_id(b)],
                    }
                } else {
                    Action::Pon {
                        tiles: [tile_id(a), tile_id(b)],
                    }
                };
                self.call(actor, call)
            }
            Event::Daiminkan {
                actor,
                target,
                pai,
                consumed,
            } => {
                self.replay_offer(target, pai)?;
                for t in consumed {
                    self.place(actor, t, Slot::Any)?;
                }
                self.replay_discard()?;
                self.call(actor, Action::Minkan)
            }
            Event::Kakan { actor, pai, .. } => {
                self.expect_turn(actor)?;
                let id = self.place(actor, pai, Slot::Any)?;
                self.offer(actor, Action::Kakan { tile: tile_id(id) })
            }
            Event::Ankan { actor, consumed } => {
                self.expect_turn(actor)?;
                let mut kind = None;
                for t in consumed {
                    let id = self.place(actor, t, Slot::Any)?;
                    kind = Some(kind_of(id));
                }
                let kind = kind.unwrap_or(Tile::EAST);
                self.offer(actor, Action::Ankan { kind })
            }
            Event::Dora { dora_marker } => {
                self.doras += 1;
                if self.doras > 4 {
                    return err("more than five dora indicators");
                }
                let y = self.round.wall().at(self.round.dora_position(self.doras));
                let x = self.free_id(dora_marker, Some(y))?;
                self.swap(x, y)?;
                self.known[usize::from(x)] = true;
                Ok(())
            }
            _ => err("an event this engine does not play from mjai (four-player riichi only)"),
        }
    }

    /// Every seat still to answer a tile on offer, but `except`, passes.
    fn pass_all(&mut self, except: Option<Seat>) -> Result<(), SeatError> {
        while matches!(self.round.phase(), Phase::Claims(_)) {
            let waiting = self.round.to_act().bits() & !except.map_or(0, |s| 1 << s);
            let Some(s) = SeatSet::from_bits(waiting).first() else {
                break;
            };
            self.round
                .play(s, Action::Pass)
                .map_err(|e| SeatError(format!("seat {s} pass: {e}")))?;
        }
        Ok(())
    }

    fn expect_turn(&self, actor: Seat) -> Result<(), SeatError> {
        match self.round.phase() {
            Phase::Turn { seat, .. } if *seat == actor => Ok(()),
            Phase::Turn { seat, .. } => err(format!("seat {actor} acts in seat {seat}'s turn")),
            _ => err(format!("seat {actor} acts while no seat has a turn")),
        }
    }

    /// Plays a discard or kan that offers a tile, keeping the round before it.
    fn offer(&mut self, actor: Seat, action: Action) -> Result<(), SeatError> {
        let before = self.round.clone();
        self.round
            .play(actor, action)
            .map_err(|e| SeatError(format!("seat {actor}: {e}")))?;
        self.before_offer = Some((before, actor, action));
        Ok(())
    }

    /// Back to just before the offer of `pai` by `target` (checked), for a call.
    fn replay_offer(&mut self, target: Seat, pai: MjaiTile) -> Result<(), SeatError> {
        let Some((before, from, action)) = &self.before_offer else {
            return err("a call with no discard to call");
        };
        let tile = match *action {
            Action::Discard { tile } | Action::Riichi { tile } => tile.as_u8(),
            _ => return err("a call on a kan"),
        };
        if *from != target || MjaiTile::id(tile, true) != pai {
            return err(format!("no discard of {pai} by seat {target} to call"));
        }
        self.round = before.clone();
        Ok(())
    }

    fn replay_discard(&mut self) -> Result<(), SeatError> {
        let Some((_, from, action)) = self.before_offer else {
            return err("a call with no discard to call");
        };
        // The caller's tiles may have come from the discarder's placeholders: a riichi
        // discard needs them ready again.
        if let Action::Riichi { tile } = action
            && from != self.seat
        {
            self.make_ready(from, tile.as_u8())?;
        }
        self.offer(from, action)
    }

    fn call(&mut self, actor: Seat, call: Action) -> Result<(), SeatError> {
        // The engine lists one pair of ids per distinct choice (red or not); the same names.
        let names = |a: &Action| match *a {
            Action::Chi { tiles } | Action::Pon { tiles } => {
                let mut n = tiles.map(|i| MjaiTile::id(i.as_u8(), true).tile_id());
                n.sort_unstable();
                Some((matches!(a, Action::Chi { .. }), n))
            }
            _ => None,
        };
        let call = match names(&call) {
            Some(want) => self
                .round
                .legal_actions(actor)
                .into_iter()
                .find(|a| names(a) == Some(want))
                .unwrap_or(call),
            None => call,
        };
        if let Action::Chi { tiles } | Action::Pon { tiles } = call {
            for i in tiles {
                self.known[usize::from(i.as_u8())] = true;
            }
        }
        self.round
            .play(actor, call)
            .map_err(|e| SeatError(format!("seat {actor}: {e}")))?;
        self.pass_all(None)?;
        // Another seat's concealed tiles are never known: a placed copy the engine left in the
        // hand (it called with another id of the same name) is a placeholder again.
        if actor != self.seat {
            let hand: SmallVec<[u8; 14]> = self.round.player(actor).hand_ids().collect();
            for i in hand {
                self.known[usize::from(i)] = false;
            }
        }
        self.expect_turn(actor)
    }

    /// Swaps two unplaced ids, in the round and in the round kept for a call (an event between
    /// a discard and its call, a kan's dora, must hold there too).
    fn swap(&mut self, a: u8, b: u8) -> Result<(), SeatError> {
        if let Some((before, _, _)) = &mut self.before_offer {
            before.swap_ids(a, b);
        }
        if self.round.swap_ids(a, b) {
            Ok(())
        } else {
            err("tile ids out of range")
        }
    }

    /// An id named `pai` whose place the seat does not know; `prefer` when it is one.
    fn free_id(&self, pai: MjaiTile, prefer: Option<u8>) -> Result<u8, SeatError> {
        let Some(canon) = pai.tile_id() else {
            return err("a hidden tile where a tile must be shown");
        };
        let k = canon / 4;
        let fits = |i: u8| !self.known[usize::from(i)] && MjaiTile::id(i, true) == pai;
        if let Some(p) = prefer.filter(|&p| p / 4 == k && fits(p)) {
            return Ok(p);
        }
        (k * 4..k * 4 + 4)
            .find(|&i| fits(i))
            .map_or_else(|| err(format!("every {pai} is already placed")), Ok)
    }

    /// Puts the tile `pai` into `seat`'s concealed hand at `slot` (the own seat: finds it) and
    /// marks it known. Returns its id.
    fn place(&mut self, seat: Seat, pai: MjaiTile, slot: Slot) -> Result<u8, SeatError> {
        let drawn = self.round.drawn();
        let hand: SmallVec<[u8; 14]> = self.round.player(seat).hand_ids().collect();
        let slot_ok = |i: u8| match slot {
            Slot::Drawn => drawn == Some(i),
            Slot::Kept => drawn != Some(i),
            Slot::Any => true,
        };
        if seat == self.seat {
            let mut of_name = hand
                .iter()
                .copied()
                .filter(|&i| MjaiTile::id(i, true) == pai && self.known[usize::from(i)]);
            let mut ids: SmallVec<[u8; 4]> = of_name.by_ref().collect();
            ids.sort_by_key(|&i| !slot_ok(i));
            return match ids.first() {
                Some(&i) if slot_ok(i) || slot == Slot::Kept => Ok(i),
                _ => err(format!("{pai} is not in the seat's own hand")),
            };
        }
        // Another seat: a hidden slot of its hand takes an unplaced id of that name.
        let Some(y) = hand
            .iter()
            .copied()
            .filter(|&i| slot_ok(i) && !self.known[usize::from(i)])
            .max_by_key(|&i| MjaiTile::id(i, true) == pai)
        else {
            return err(format!("seat {seat} has no hidden tile left for {pai}"));
        };
        let x = self.free_id(pai, Some(y))?;
        self.swap(x, y)?;
        self.known[usize::from(x)] = true;
        Ok(x)
    }

    /// Before another seat's call on `pai`: its other placeholders leave `pai`'s suit (its kind,
    /// for an honor), so the engine's swap-calling rule (kuikae) leaves it a discard, as the
    /// real hand had.
    fn unblock(&mut self, seat: Seat, pai: MjaiTile) -> Result<(), SeatError> {
        if seat == self.seat {
            return Ok(());
        }
        let Some(k) = pai.tile_id().map(|i| i / 4) else {
            return err("a hidden tile where a tile must be shown");
        };
        let near = |i: u8| {
            let j = i / 4;
            if k >= 27 { j == k } else { j / 9 == k / 9 }
        };
        let blocked: SmallVec<[u8; 14]> = self
            .round
            .player(seat)
            .hand_ids()
            .filter(|&i| !self.known[usize::from(i)] && near(i))
            .collect();
        let mut spare = (0..WALL_TILES as u8).filter(|&i| {
            !self.known[usize::from(i)]
                && !near(i)
                && !self.round.player(seat).hand_ids().any(|h| h == i)
        });
        let swaps: SmallVec<[(u8, u8); 14]> = blocked
            .iter()
            .filter_map(|&y| spare.next().map(|x| (x, y)))
            .collect();
        for (x, y) in swaps {
            self.swap(x, y)?;
        }
        Ok(())
    }

    /// Another seat declares riichi discarding `keep`: unless its placeholders are ready
    /// without it, they are redealt as sets and a single from ids the seat has not seen.
    fn make_ready(&mut self, seat: Seat, keep: u8) -> Result<(), SeatError> {
        let riichi = Action::Riichi {
            tile: tile_id(keep),
        };
        let mut probe = self.round.clone();
        if probe.play(seat, riichi).is_ok() {
            return Ok(());
        }
        let hand: SmallVec<[u8; 14]> = self
            .round
            .player(seat)
            .hand_ids()
            .filter(|&i| i != keep)
            .collect();
        let sets = hand.len() / 3;
        let mut pool: [SmallVec<[u8; 4]>; 34] = core::array::from_fn(|_| SmallVec::new());
        for i in 0..WALL_TILES as u8 {
            if !self.known[usize::from(i)] && i != keep && !self.own_hand(i) {
                pool[usize::from(i / 4)].push(i);
            }
        }
        let mut target: SmallVec<[u8; 14]> = SmallVec::new();
        let mut made = 0;
        for ids in &mut pool {
            while made < sets && ids.len() >= 3 {
                for _ in 0..3 {
                    target.extend(ids.pop());
                }
                made += 1;
            }
        }
        for k in 0..27usize {
            while made < sets && k % 9 <= 6 && (0..3).all(|d| !pool[k + d].is_empty()) {
                for d in 0..3 {
                    target.extend(pool[k + d].pop());
                }
                made += 1;
            }
        }
        // The single waits on its own kind: not one the sets hold (four held is no wait).
        let single = pool
            .iter_mut()
            .enumerate()
            .filter(|(k, _)| !target.iter().any(|&i| usize::from(i / 4) == *k))
            .find_map(|(_, p)| p.pop());
        if made < sets {
            return err(format!("no ready hand fits seat {seat}'s riichi"));
        }
        target.extend(single);
        let mut spare: SmallVec<[u8; 14]> = hand
            .iter()
            .copied()
            .filter(|i| !target.contains(i))
            .collect();
        for &x in &target {
            if hand.contains(&x) {
                continue;
            }
            let Some(y) = spare.pop() else {
                return err("redeal: hand sizes differ");
            };
            self.swap(x, y)?;
        }
        let mut probe = self.round.clone();
        probe.play(seat, riichi).map_err(|e| {
            let hand: Vec<String> = self
                .round
                .player(seat)
                .hand_ids()
                .map(|i| crate::tiles::mjai_name(i, true))
                .collect();
            SeatError(format!(
                "redeal for seat {seat}'s riichi: {e} ({hand:?}, target {target:?})"
            ))
        })?;
        Ok(())
    }

    fn own_hand(&self, id: u8) -> bool {
        self.round.player(self.seat).hand_ids().any(|i| i == id)
    }
}

/// Marks an unplaced id named `t` known and returns it.
fn claim(known: &mut [bool; WALL_TILES], t: MjaiTile) -> Result<u8, SeatError> {
    let Some(canon) = t.tile_id() else {
        return err("a hidden tile in the seat's own hand or the dora indicator");
    };
    let k = canon / 4;
    let Some(i) = (k * 4..k * 4 + 4)
        .filter(|&i| i < WALL_TILES as u8)
        .find(|&i| !known[usize::from(i)] && MjaiTile::id(i, true) == t)
    else {
        return err(format!("more {t} than exist"));
    };
    known[usize::from(i)] = true;
    Ok(i)
}
