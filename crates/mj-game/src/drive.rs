//! The one decision loop: who must decide, ask that seat's player, play its answer, until the
//! game is over. The arena, self-play, the Python environments, the benches and `mj game` all
//! play through [`drive`] or [`drive_with`], on a [`Round`](crate::Round) or a
//! [`Match`](crate::Match) alike (any [`Position`]).
//!
//! * [`Seats`] are the players: a slice of [`Bot`]s (`&mut [Box<dyn Bot>]`, or any concrete
//!   bot type, statically dispatched), or a slice of `Option`s where `None` is a seat played
//!   from outside (a learner, a remote player).
//! * An [`Observer`] sees every decision before the player is asked and after its action is
//!   played (recording features, counting, rewards), and may stop the loop.
//! * The loop returns at the end of the game, or *yields* when a seat with no player must
//!   decide ([`Stop::Yield`], with that seat's legal actions): the step-wise form an
//!   environment uses to hand a decision to Python; calling [`drive`] again after playing it
//!   goes on.
//!
//! At each decision the seat asked is the lowest seat that must decide (claims are resolved
//! once every claimant has answered, so the order among them changes nothing). A choice the
//! engine refuses is the player's bug: the driver plays the seat's first legal action instead
//! and tells the observer (`refused`), so one faulty player cannot stop a run.
//!
//! ```
//! use mj_game::drive::{Stop, drive};
//! use mj_game::{Bot, GameRules, Length, Match, RandomBot, TsumogiriBot};
//! let mut m = Match::seeded(GameRules::tenhou(), Length::EastOnly, 7, false);
//! let mut bots: Vec<Box<dyn Bot>> = vec![
//!     Box::new(RandomBot::new(1)),
//!     Box::new(TsumogiriBot),
//!     Box::new(RandomBot::new(2)),
//!     Box::new(TsumogiriBot),
//! ];
//! let driven = drive(&mut m, &mut bots[..]);
//! assert_eq!(driven.stop, Stop::Over);
//! assert!(driven.decisions > 0);
//! assert_eq!(m.result().unwrap().scores.iter().sum::<i32>(), 100_000);
//! ```

use core::ops::ControlFlow;

use crate::action::{Action, IllegalAction, Seat};
use crate::position::Position;
use crate::round::ActionList;
use crate::view::SeatView;

/// The most decisions one call plays: a match has a few thousand, so reaching it means an
/// engine or player bug ([`Stop::Limit`]), never a long game.
pub const DECISION_LIMIT: u64 = 1_000_000;

/// The players of a table, as the driver asks them.
pub trait Seats {
    /// The choice of `seat` among `legal` (never empty), seeing `view`; `None` when this
    /// seat is not played here: the driver then yields the decision to its caller
    /// ([`Stop::Yield`]).
    fn choose(&mut self, seat: Seat, view: &SeatView<'_>, legal: &[Action]) -> Option<Action>;
}

/// A player per seat (seat `s` is `self[s]`); a seat beyond the slice yields.
impl<B: Bot> Seats for [B] {
    #[inline]
    fn choose(&mut self, seat: Seat, view: &SeatView<'_>, legal: &[Action]) -> Option<Action> {
        self.get_mut(usize::from(seat))
            .map(|bot| bot.act(view, legal))
    }
}

/// A player per seat, or `None` for a seat played from outside (it yields).
impl<B: Bot> Seats for [Option<B>] {
    #[inline]
    fn choose(&mut self, seat: Seat, view: &SeatView<'_>, legal: &[Action]) -> Option<Action> {
        self.get_mut(usize::from(seat))?
            .as_mut()
            .map(|bot| bot.act(view, legal))
    }
}

impl<B: Bot, const N: usize> Seats for [B; N] {
    #[inline]
    fn choose(&mut self, seat: Seat, view: &SeatView<'_>, legal: &[Action]) -> Option<Action> {
        self[..].choose(seat, view, legal)
    }
}

impl<B: Bot> Seats for Vec<B> {
    #[inline]
    fn choose(&mut self, seat: Seat, view: &SeatView<'_>, legal: &[Action]) -> Option<Action> {
        self[..].choose(seat, view, legal)
    }
}

/// What a driver's caller sees of each decision. Both hooks do nothing by default; `()` is
/// the observer that sees nothing.
pub trait Observer<P: ?Sized> {
    /// `seat` must decide among `legal` (never empty), the game as the seat decides; called
    /// before its player is asked (and before a yield).
    #[inline]
    fn before(&mut self, game: &P, seat: Seat, legal: &[Action]) {
        let _ = (game, seat, legal);
    }

    /// `action` was played for `seat`, and `game` is the state after it (a new round may
    /// have started). `refused` is the player's own choice when the engine refused it and
    /// `action` is the seat's first legal action, played instead. `Break` stops the loop
    /// ([`Stop::Observer`]).
    #[inline]
    fn after(
        &mut self,
        game: &P,
        seat: Seat,
        action: Action,
        refused: Option<Action>,
    ) -> ControlFlow<()> {
        let _ = (game, seat, action, refused);
        ControlFlow::Continue(())
    }
}

impl<P: ?Sized> Observer<P> for () {}

/// Why [`drive`] returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The game is over ([`Position::outcome`] has the result).
    Over,
    /// `seat` must decide and has no player here: play one of `legal` for it, then drive on.
    Yield {
        /// The seat to decide.
        seat: Seat,
        /// Its legal actions (never empty).
        legal: ActionList,
    },
    /// The observer asked to stop.
    Observer,
    /// The engine refused both the player's choice and the seat's first legal action (an
    /// engine bug): the game is as it was before the decision.
    Refused {
        /// The seat.
        seat: Seat,
        /// The first legal action, refused.
        action: Action,
        /// Why.
        error: IllegalAction,
    },
    /// Nobody must decide, yet the game is not over, or the seats that must decide have no
    /// legal action (an engine bug).
    Stuck,
    /// [`DECISION_LIMIT`] decisions were played in this call.
    Limit,
}

/// What [`drive`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Driven {
    /// Decisions played (each player's answer, a refused one replaced, counts once).
    pub decisions: u64,
    /// Why it returned.
    pub stop: Stop,
}

/// Plays `game` with `seats` until it is over or a seat with no player must decide.
pub fn drive<P, S>(game: &mut P, seats: &mut S) -> Driven
where
    P: Position + ?Sized,
    S: Seats + ?Sized,
{
    drive_with(game, seats, &mut ())
}

/// [`drive`], showing every decision to `observer`.
pub fn drive_with<P, S, O>(game: &mut P, seats: &mut S, observer: &mut O) -> Driven
where
    P: Position + ?Sized,
    S: Seats + ?Sized,
    O: Observer<P> + ?Sized,
{
    let mut decisions = 0u64;
    let stop = 'decisions: loop {
        if decisions >= DECISION_LIMIT {
            break Stop::Limit;
        }
        // The lowest seat that must decide and has an action (every such seat has one). The
        // list is built in place: moving it costs a copy of the whole list a decision.
        let mut deciding = game.to_act().iter();
        let Some(mut seat) = deciding.next() else {
            break if game.is_over() {
                Stop::Over
            } else {
                Stop::Stuck
            };
        };
        let mut legal = game.legal_actions(seat);
        while legal.is_empty() {
            let Some(next) = deciding.next() else {
                break 'decisions Stop::Stuck;
            };
            seat = next;
            legal = game.legal_actions(seat);
        }
        let first = legal[0];
        observer.before(game, seat, &legal);
        let Some(chosen) = seats.choose(seat, &game.view(seat), &legal) else {
            break Stop::Yield { seat, legal };
        };
        let (action, refused) = match game.play(seat, chosen) {
            Ok(()) => (chosen, None),
            Err(_) => match game.play(seat, first) {
                Ok(()) => (first, Some(chosen)),
                Err(error) => {
                    break Stop::Refused {
                        seat,
                        action: first,
                        error,
                    };
                }
            },
        };
        decisions += 1;
        if observer.after(game, seat, action, refused).is_break() {
            break Stop::Observer;
        }
    };
    Driven { decisions, stop }
}

/// A player (打ち手): picks one of the legal actions from what its seat sees.
///
/// The driver gives it a [`SeatView`] (its own hand, everything on the table, nothing hidden
/// from the seat) and the seat's legal actions, never empty. Whatever it returns should be one
/// of `legal`; the drivers in this workspace treat anything else as a bug of the player.
pub trait Bot: core::fmt::Debug {
    /// Chooses among `legal` (never empty) for the seat of `view`.
    fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action;

    /// The player's own judgement of a decision, for a review: its choice, and a score of each
    /// of `legal` (same order, higher is better, the choice scored highest). By default the
    /// choice scores 1 and every other action 0; players that rank their options say more.
    fn scores(&mut self, view: &SeatView<'_>, legal: &[Action]) -> (Action, Vec<f64>) {
        let chosen = self.act(view, legal);
        let scores = legal
            .iter()
            .map(|&a| f64::from(u8::from(a == chosen)))
            .collect();
        (chosen, scores)
    }
}

/// A boxed player plays as the player inside (so `Box<dyn Bot>` is a `Bot`).
impl<B: Bot + ?Sized> Bot for Box<B> {
    #[inline]
    fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action {
        (**self).act(view, legal)
    }

    #[inline]
    fn scores(&mut self, view: &SeatView<'_>, legal: &[Action]) -> (Action, Vec<f64>) {
        (**self).scores(view, legal)
    }
}
