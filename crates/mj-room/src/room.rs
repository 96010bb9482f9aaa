//! One room: a match with its human seats and bots, the actions played so far (what the store
//! keeps), and each seat's view of it as mjai events.
//!
//! A room is its [`GameSpec`] and its list of [`Move`]s: [`Room::restore`] plays the list again
//! on the same seeded walls and arrives at the same state, which is how a restarted server
//! resumes every game. Bots' moves are in the list too, so a resumed game never asks a bot
//! again for a decision it already took.

use mj_bot::registry::{SeedScheme, make, seat_seed};
use mj_game::{Action, Bot, Event, Match, Observer, Seat, SeatView, Stop, WallSource, drive_with};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::RoomError;
use crate::reaction;
use crate::spec::{GameSpec, SeatKind};

/// The seat number of a spectator's view: no seat, so every concealed tile is hidden.
pub const SPECTATOR: Seat = u8::MAX;

/// One action taken in a room, by a person or a bot: a row of the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// Who.
    pub seat: Seat,
    /// What.
    pub action: Action,
}

type SeatBot = Option<Box<dyn Bot + Send + Sync>>;

/// A match in progress between people and bots.
#[derive(Debug)]
pub struct Room {
    spec: GameSpec,
    game: Match,
    bots: Vec<SeatBot>,
    moves: Vec<Move>,
    /// Every event so far with the room's names in `start_game`, refreshed after each change,
    /// so that a view copies only the events it answers.
    log: Vec<Event>,
}

/// The observer that keeps the bots' moves.
struct Recorder<'a>(&'a mut Vec<Move>);

impl Observer<Match> for Recorder<'_> {
    fn after(
        &mut self,
        _game: &Match,
        seat: Seat,
        action: Action,
        _refused: Option<Action>,
    ) -> core::ops::ControlFlow<()> {
        self.0.push(Move { seat, action });
        core::ops::ControlFlow::Continue(())
    }
}

impl Room {
    /// A new room; no move is played yet (call [`Room::advance`] to let the bots start).
    ///
    /// # Errors
    /// [`RoomError::Corrupt`] for a spec naming rules, a length or a player this build does
    /// not know (a spec from [`GameSpec::from_request`] always builds).
    pub fn new(spec: GameSpec) -> Result<Room, RoomError> {
        let rules = spec.game_rules()?;
        let length = spec.match_length()?;
        let game = Match::try_new(rules, length, WallSource::Seeded { seed: spec.seed }, true)
            .map_err(|e| RoomError::Corrupt(e.to_string()))?;
        if spec.seats.len() != usize::from(rules.players) {
            return Err(RoomError::Corrupt(format!(
                "{} seats for {} players",
                spec.seats.len(),
                rules.players
            )));
        }
        let mut bots = Vec::with_capacity(4);
        for (i, seat) in spec.seats.iter().enumerate() {
            bots.push(match seat {
                SeatKind::Human => None,
                SeatKind::Bot(name) => Some(
                    make(name, seat_seed(SeedScheme::Env, spec.seed, i))
                        .map_err(|e| RoomError::Corrupt(e.to_string()))?,
                ),
            });
        }
        let mut room = Room {
            spec,
            game,
            bots,
            moves: Vec::new(),
            log: Vec::new(),
        };
        room.refresh();
        Ok(room)
    }

    /// The room after `moves`, played again in order on the same walls.
    ///
    /// # Errors
    /// As [`Room::new`], and [`RoomError::Corrupt`] naming the first move the engine refuses.
    pub fn restore(spec: GameSpec, moves: &[Move]) -> Result<Room, RoomError> {
        let mut room = Room::new(spec)?;
        room.moves.reserve(moves.len());
        for (i, m) in moves.iter().enumerate() {
            room.game.play(m.seat, m.action).map_err(|e| {
                RoomError::Corrupt(format!("move {i} (seat {}, {:?}): {e}", m.seat, m.action))
            })?;
            room.moves.push(*m);
        }
        room.refresh();
        Ok(room)
    }

    /// Lets the bots play until a person must decide or the match ends; answers how many moves
    /// were added (the last ones of [`Room::moves`]).
    pub fn advance(&mut self) -> usize {
        let before = self.moves.len();
        let driven = drive_with(
            &mut self.game,
            &mut self.bots[..],
            &mut Recorder(&mut self.moves),
        );
        debug_assert!(matches!(driven.stop, Stop::Over | Stop::Yield { .. }));
        self.refresh();
        self.moves.len() - before
    }

    /// Plays the person at `seat`'s reaction `sent`, then the bots' answers; answers how many
    /// moves were added. A refused action changes nothing.
    ///
    /// # Errors
    /// [`RoomError::Over`] once the match is over, [`RoomError::BadRequest`] for a seat that is
    /// not a person's or a reaction that is not one, [`RoomError::NotYourTurn`] when the seat has
    /// nothing to decide, [`RoomError::Illegal`] for a reaction naming no legal action.
    pub fn act(&mut self, seat: Seat, sent: &Value) -> Result<usize, RoomError> {
        if self.game.is_over() {
            return Err(RoomError::Over);
        }
        if self.spec.seats.get(usize::from(seat)) != Some(&SeatKind::Human) {
            return Err(RoomError::BadRequest(format!(
                "seat {seat} is not a person's seat in this game"
            )));
        }
        let actions = self.game.legal_actions(seat);
        if actions.is_empty() || !self.game.to_act().contains(seat) {
            return Err(RoomError::NotYourTurn(format!(
                "seat {seat} has nothing to decide now (waiting for {})",
                self.waiting_for()
            )));
        }
        let view = self.game.view(seat);
        let legal = reaction::legal(&view, &actions);
        let action = reaction::find(&legal, sent)?;
        self.game
            .play(seat, action)
            .map_err(|e| RoomError::Illegal(e.to_string()))?;
        self.moves.push(Move { seat, action });
        Ok(1 + self.advance())
    }

    /// Copies the match's events into the room's log (the names put in).
    fn refresh(&mut self) {
        self.log = self.game.events();
        if let Some(Event::StartGame { names }) = self.log.first_mut() {
            for (slot, name) in names.iter_mut().zip(&self.spec.names) {
                slot.clone_from(name);
            }
        }
    }

    fn waiting_for(&self) -> String {
        let seats: Vec<String> = self.game.to_act().iter().map(|s| s.to_string()).collect();
        if seats.is_empty() {
            "nobody".into()
        } else {
            format!("seat {}", seats.join(", "))
        }
    }

    /// The definition.
    pub fn spec(&self) -> &GameSpec {
        &self.spec
    }

    /// Every move so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The match.
    pub fn game(&self) -> &Match {
        &self.game
    }

    /// `true` once the match is over.
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// `true` when the person at `seat` has something to decide now ([`Room::legal`] is not
    /// empty), without rendering the reactions.
    pub fn must_decide(&self, seat: Seat) -> bool {
        self.spec.seats.get(usize::from(seat)) == Some(&SeatKind::Human)
            && self.game.to_act().contains(seat)
            && !self.game.legal_actions(seat).is_empty()
    }

    /// The legal reactions of `seat` now (none for a bot's seat or a spectator).
    pub fn legal(&self, seat: Seat) -> Vec<Value> {
        if self.spec.seats.get(usize::from(seat)) != Some(&SeatKind::Human)
            || !self.game.to_act().contains(seat)
        {
            return Vec::new();
        }
        let actions = self.game.legal_actions(seat);
        reaction::legal(&self.game.view(seat), &actions)
            .into_iter()
            .map(|(_, v)| v)
            .collect()
    }

    /// The people who must decide now, each with what the server plays for them when their
    /// time runs out ([`reaction::on_timeout`]).
    pub fn overdue(&self) -> Vec<(Seat, Value)> {
        self.spec
            .humans()
            .filter(|&s| self.game.to_act().contains(s))
            .filter_map(|s| {
                let actions = self.game.legal_actions(s);
                let legal = reaction::legal(&self.game.view(s), &actions);
                reaction::on_timeout(&legal).map(|v| (s, v))
            })
            .collect()
    }

    /// The view of `viewer` ([`SPECTATOR`] for a spectator) of the events from `since` on.
    pub fn events(&self, viewer: Seat, since: usize) -> (Vec<Event>, usize) {
        let total = self.log.len();
        let shown = self
            .log
            .get(since.min(total)..)
            .unwrap_or_default()
            .iter()
            .map(|e| e.view(viewer))
            .collect();
        (shown, total)
    }

    /// Every event, nothing hidden, with the room's names in `start_game`: the log.
    pub fn log(&self) -> &[Event] {
        &self.log
    }

    /// The log as JSON Lines.
    pub fn log_lines(&self) -> String {
        let mut out = String::new();
        for e in &self.log {
            out.push_str(&e.to_json());
            out.push('\n');
        }
        out
    }

    /// Scores now (the final ones once over); three entries in sanma.
    pub fn scores(&self) -> Vec<i32> {
        let scores = match self.game.result() {
            Some(r) => r.scores,
            None => self.game.round().scores(),
        };
        scores[..self.spec.seats.len()].to_vec()
    }

    /// The view of `viewer` as a seat sees it: the round, every seat's river and melds, its own
    /// hand only (see `table`).
    pub fn view(&self, viewer: Seat) -> Option<SeatView<'_>> {
        (usize::from(viewer) < self.spec.seats.len()).then(|| self.game.view(viewer))
    }
}
