//! The hooks where the flows differ ([`FlowHooks`], see `round::flow`) and the helpers a
//! flow's hook code shares, which call back into a flow only through the hooks they are given.

use mj_tiles::TileSet;

use super::ActionList;
use super::state::{Claims, Table};
use crate::action::{Action, IllegalAction, Seat};

/// The hooks where the flows differ (see the module docs).
pub(super) trait FlowHooks {
    /// After the deal: whatever precedes the dealer's first draw (换三张 and 定缺, flowers
    /// replaced), then that draw.
    fn start(&mut self, t: &mut Table);

    /// Live tiles left to draw.
    fn live_left(&self, t: &Table) -> u8;

    /// Tiles still in the wall (live or not, not yet drawn), for [`super::Round::tiles_accounted`].
    fn tiles_in_wall(&self, t: &Table) -> usize;

    /// The waits of `seat`'s hand now (3k+1 tiles), as [`super::Round::waits`] keeps them.
    fn waits(&self, t: &Table, seat: Seat) -> TileSet;

    /// `seat`'s actions in its turn (`after_call`: right after its chi or pon; `rinshan`: the
    /// tile in hand replaced a kan).
    fn turn_actions(
        &self,
        t: &Table,
        seat: Seat,
        after_call: bool,
        rinshan: bool,
        out: &mut ActionList,
    );

    /// Plays a turn action, or refuses it leaving the round unchanged.
    fn play_turn(
        &mut self,
        t: &mut Table,
        seat: Seat,
        action: Action,
        after_call: bool,
        rinshan: bool,
    ) -> Result<(), IllegalAction>;

    /// What `seat`, `d` places after the tile's owner, may do with the tile on offer
    /// (`OFFER_*` bits; `calls_ok`: chi, pon and kan are possible at all).
    fn offer(&self, t: &Table, seat: Seat, c: &Claims, calls_ok: bool, d: u8) -> u8;

    /// `from`'s turn is the last one: no call on its discard.
    fn last_turn(&self, t: &Table, _from: Seat) -> bool {
        self.live_left(t) == 0
    }

    /// Every seat answered the claims `c`: the winning answer is applied and play goes on.
    fn resolve(&mut self, t: &mut Table, c: Claims);

    /// Seats still to choose before play starts (换三张, 定缺), a bit per seat.
    fn start_waiting(&self, _t: &Table) -> u8 {
        0
    }

    /// `seat`'s choices before play starts.
    fn start_actions(&self, _t: &Table, _seat: Seat, _out: &mut ActionList) {}

    /// Plays a choice before play starts.
    fn play_start(
        &mut self,
        _t: &mut Table,
        _seat: Seat,
        _action: Action,
    ) -> Result<(), IllegalAction> {
        Err(IllegalAction::RoundOver)
    }
}

/// The won tile of a Chinese flow's win on a claim goes to the winner
/// ([`Table::take_won_tile`]); a robbed kong's owner gets its waits anew.
pub(super) fn take_won_tile<F: FlowHooks>(flow: &F, t: &mut Table, winner: Seat, c: &Claims) {
    if t.take_won_tile(winner, c) {
        let w = flow.waits(t, c.from);
        t.player_mut(c.from).waits = w;
    }
}
