//! One interface for a game in progress, a [`Round`] or a [`Match`]: who must decide, what
//! each seat may do, playing an action, and the outcome once it is over. As chess engines
//! put a `Position` trait over their board types, so that search, perft and the drivers are
//! written once, [`Position`] lets [`crate::drive()`] (and any search or test) work on a single
//! hand and on a whole match alike.
//!
//! ```
//! use mj_game::{GameRules, Length, Match, Position};
//! // The first listed action at every decision, to the end: a helper for either type.
//! fn first_actions<P: Position>(game: &mut P) -> u32 {
//!     let mut n = 0;
//!     while game.outcome().is_none() {
//!         let seat = game.to_act().first().unwrap();
//!         let first = game.legal_actions(seat)[0];
//!         game.play(seat, first).unwrap();
//!         n += 1;
//!     }
//!     n
//! }
//! let mut m = Match::seeded(GameRules::tenhou(), Length::OneRound, 3, false);
//! assert!(first_actions(&mut m) > 0);
//! assert_eq!(m.outcome().unwrap().scores.iter().sum::<i32>(), 100_000);
//! ```

use crate::action::{Action, IllegalAction, Seat, SeatSet};
use crate::game::{Match, MatchResult};
use crate::round::{ActionList, Round, RoundResult};
use crate::view::SeatView;

/// A game in progress: a hand ([`Round`], whose outcome is a [`RoundResult`]) or a match
/// ([`Match`], a [`MatchResult`]). The methods are the types' own, under one name each.
pub trait Position {
    /// What the game ends with.
    type Outcome;

    /// The seats that must decide now; empty once the game is over. In a claim several seats
    /// decide, in any order: the answers are resolved once all are in.
    fn to_act(&self) -> SeatSet;

    /// The legal actions of `seat` now (empty when it has nothing to decide).
    fn legal_actions(&self, seat: Seat) -> ActionList;

    /// Plays `action` for `seat`.
    ///
    /// # Errors
    /// An action that is not legal now: nothing changes.
    fn play(&mut self, seat: Seat, action: Action) -> Result<(), IllegalAction>;

    /// The result once the game is over, else `None`.
    fn outcome(&self) -> Option<&Self::Outcome>;

    /// What `seat` sees now: the input of a [`Bot`](crate::Bot).
    fn view(&self, seat: Seat) -> SeatView<'_>;

    /// `true` once the game is over.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
}

/// The trait over a type's own methods of the same names (`result` for `outcome`).
macro_rules! position {
    ($game:ty, $outcome:ty) => {
        impl Position for $game {
            type Outcome = $outcome;

            #[inline]
            fn to_act(&self) -> SeatSet {
                <$game>::to_act(self)
            }

            #[inline]
            fn legal_actions(&self, seat: Seat) -> ActionList {
                <$game>::legal_actions(self, seat)
            }

            #[inline]
            fn play(&mut self, seat: Seat, action: Action) -> Result<(), IllegalAction> {
                <$game>::play(self, seat, action)
            }

            #[inline]
            fn outcome(&self) -> Option<&$outcome> {
                <$game>::result(self)
            }

            #[inline]
            fn view(&self, seat: Seat) -> SeatView<'_> {
                <$game>::view(self, seat)
            }

            #[inline]
            fn is_over(&self) -> bool {
                <$game>::is_over(self)
            }
        }
    };
}

position!(Round, RoundResult);
position!(Match, MatchResult);
