//! The ledger of the flows that pay in stakes (Sichuan, 红中, MCR): every payment in order
//! ([`SettleItem`]), the wins, who won; a win's `hora` and score in fan ([`fan_win_score`]);
//! and the round's result built from it ([`Ledger::close`], [`SichuanResult`]).

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use super::state::{DrawKind, Payments, Phase, RoundEnd, RoundResult, Table, WinRecord, WinScore};
pub use super::state::{SettleItem, SettleKind, SichuanResult};
use crate::action::Seat;
use crate::mjai::Event;

/// The book of a round paid in stakes (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Ledger {
    /// Every payment, in order.
    pub(super) items: Vec<SettleItem>,
    /// The wins so far.
    pub(super) wins: Vec<WinRecord>,
    /// Seats that won (a bit per seat; in Sichuan they left the table).
    pub(super) won: u8,
}

impl Ledger {
    /// `seat` has won.
    pub(super) fn has_won(&self, seat: Seat) -> bool {
        self.won >> (seat & 3) & 1 == 1
    }

    /// Adds an entry, applies it to the scores and logs it (a `settle` event; wins log their
    /// `hora` instead, birds their `zhuaniao`). Returns its index.
    pub(super) fn book(
        &mut self,
        t: &mut Table,
        kind: SettleKind,
        actor: Seat,
        deltas: [i32; 4],
    ) -> u16 {
        for (s, d) in t.scores.iter_mut().zip(deltas) {
            *s += d;
        }
        if !matches!(kind, SettleKind::Win | SettleKind::Zhuaniao) {
            let scores = t.scores;
            t.emit(Event::Settle {
                reason: kind.name().to_string(),
                actor,
                deltas,
                scores,
            });
        }
        self.items.push(SettleItem {
            kind,
            actor,
            deltas,
        });
        (self.items.len() - 1) as u16
    }

    /// Books a win scored by [`fan_win_score`] (deltas `d`), writes its `hora` event (no
    /// ura-dora, no fu; the fan is `ws.han`) and records it.
    pub(super) fn win(
        &mut self,
        t: &mut Table,
        seat: Seat,
        from: Seat,
        tile: u8,
        ws: WinScore,
        d: [i32; 4],
    ) {
        self.book(t, SettleKind::Win, seat, d);
        let scores = t.scores;
        let pai = t.mt(tile);
        t.emit(Event::Hora {
            actor: seat,
            target: from,
            pai,
            uradora_markers: SmallVec::new(),
            yakus: ws.yaku.iter().cloned().collect(),
            fu: 0,
            fan: ws.han,
            yakuman: 0,
            hora_points: ws.total,
            deltas: d,
            scores,
            pao: None,
        });
        self.wins.push(WinRecord {
            seat,
            from,
            tile,
            score: ws,
            pao: None,
            ura: SmallVec::new(),
            deltas: d,
        });
    }

    /// The round's result, once its events are out: the deltas summed from the ledger, the
    /// end (the wins, or an exhaustive draw with the `ready` seats), the settlement, the
    /// `lacks`, the flower pigs and the next dealer; the round is over.
    pub(super) fn close(
        &self,
        t: &mut Table,
        lacks: [Option<u8>; 4],
        ready: [bool; 4],
        flower_pigs: [bool; 4],
        next_dealer: Seat,
    ) {
        let mut deltas = [0i32; 4];
        for it in &self.items {
            for (x, v) in deltas.iter_mut().zip(it.deltas) {
                *x += v;
            }
        }
        let end = if self.wins.is_empty() {
            RoundEnd::Draw {
                kind: DrawKind::Exhaustive,
                tenpai: ready,
            }
        } else {
            RoundEnd::Wins(self.wins.clone())
        };
        let result = SichuanResult {
            settlement: self.items.clone(),
            lacks,
            won: core::array::from_fn(|s| self.won >> s & 1 == 1),
            ready,
            flower_pigs,
            next_dealer,
        };
        t.result = Some(RoundResult {
            end,
            deltas,
            scores: t.scores,
            sticks: 0,
            dealer_keeps: next_dealer == t.setup.dealer,
            sichuan: Some(Box::new(result)),
        });
        t.phase = Phase::Over;
    }
}

/// The score of a win paid in fan alone (Sichuan, 红中麻将 and MCR: no fu, no yakuman, no 包):
/// `fan` (0 for 红中麻将, whose wins are paid per win, not per fan), the wins by name, `each`
/// what a payer pays (every other seat on a self-draw, the discarder on a discard) and the
/// winner's gain out of the deltas `d`.
pub(super) fn fan_win_score(
    seat: Seat,
    from: Seat,
    fan: u32,
    yaku: SmallVec<[(String, u32); 8]>,
    each: u32,
    d: [i32; 4],
) -> WinScore {
    WinScore {
        han: fan,
        fu: 0,
        yakuman: 0,
        yaku,
        payments: if seat == from {
            Payments::Tsumo(None, each)
        } else {
            Payments::Ron(each)
        },
        total: d[usize::from(seat)].max(0) as u32,
        pao_yakuman: 0,
    }
}
