//! The truth a reading of other seats is fitted and checked on (`mj_bot::reads`): in a real
//! game, at every turn where a seat may discard, each other seat not in riichi as the
//! discarding seat sees it ([`mj_bot::reads::features`]), and whether its hand, which the log
//! shows, was ready (waiting on something, yaku or not).

use core::ops::ControlFlow;

use mj_bot::reads::{FEATURES, features};
use mj_game::{Action, Observer, Round, Seat};
use mj_log::GameLog;

/// One seat read at one turn.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatRead {
    /// The features of the seat read.
    pub features: [f64; FEATURES],
    /// Its hand was ready.
    pub ready: bool,
}

#[derive(Default)]
struct Collect {
    reads: Vec<SeatRead>,
}

impl Observer<Round> for Collect {
    fn before(&mut self, game: &Round, seat: Seat, legal: &[Action]) {
        let view = game.view(seat);
        if view.players() != 4
            || view.drawn().is_none()
            || !legal.iter().any(|a| matches!(a, Action::Discard { .. }))
        {
            return;
        }
        for s in (0..view.players()).filter(|&s| s != seat && !view.in_riichi(s)) {
            self.reads.push(SeatRead {
                features: features(&view, s),
                ready: !game.waits(s).is_empty(),
            });
        }
    }

    fn after(&mut self, _: &Round, _: Seat, _: Action, _: Option<Action>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// Every seat read in the four-player riichi rounds of `log` (none in three-player games).
///
/// # Errors
/// A round the engine cannot replay: the replay's reason, with the round.
pub fn seat_reads(log: &GameLog) -> Result<Vec<SeatRead>, String> {
    let mut c = Collect::default();
    let r = mj_log::replay_observed(log, &mj_log::ReplayOptions::default(), &mut c);
    if let Some(u) = r.unsupported {
        return Err(format!("not replayed: {u:?}"));
    }
    Ok(c.reads)
}

/// The mean log loss and Brier score of the chances `chance` gives `reads` (each chance clamped
/// away from 0 and 1); zeros for no read.
pub fn scores(reads: &[SeatRead], chance: impl Fn(&SeatRead) -> f64) -> (f64, f64) {
    let (mut ll, mut brier) = (0.0, 0.0);
    for r in reads {
        let q = chance(r).clamp(1e-9, 1.0 - 1e-9);
        let y = f64::from(u8::from(r.ready));
        ll -= y * q.ln() + (1.0 - y) * (1.0 - q).ln();
        brier += (q - y) * (q - y);
    }
    let n = reads.len().max(1) as f64;
    (ll / n, brier / n)
}
