//! The flows as types: each game's own state and the hooks where the games differ.
//!
//! A round is a [`Table`] (what every game shares: the seats, the wall and how far it was
//! drawn, the phase, scores, events) and a [`FlowState`]: [`RiichiFlow`] (the dora), the
//! Sichuan machinery's [`SichuanFlow`] (定缺, 换三张, winners who leave, the ledger),
//! [`HongzhongFlow`] (红中麻将 on that machinery) or [`McrFlow`] (the wall with its flowers and
//! the ledger). Each implements [`FlowHooks`]: the start after the deal, the turn's actions and
//! their play, the offer of a tile to a seat, the resolution of the answers, the waits, and
//! what the wall holds. [`super::Round`] matches on the enum in one place for each hook
//! ([`each_flow!`]), so which game is played is decided once per call, by type, never by
//! testing rules or optional parts; a flow's code gets its own state typed and the table as an
//! argument, and calls only the shared mechanics (`state`, `actions`, `claims`, `settle`,
//! `ledger`), which never call back into a flow except through the [`FlowHooks`] a generic
//! helper is given ([`super::claims::open`]).
//!
//! Why an enum of states with a trait rather than `Box<dyn FlowHooks>`: the round stays plain
//! data (`Clone`, `PartialEq`, serde with a tag per flow), the dispatch is a `match` the
//! compiler inlines on the hot path of riichi self-play, and the trait still states the hooks
//! every flow must answer, so a new flow cannot forget one.
//!
//! A walk of one action through [`super::Round::play`]: `round/mod.rs` checks the seat and
//! dispatches on the phase and the flow; the flow's file (`riichi.rs`, `sichuan.rs`, ...) then
//! makes every decision of that action in order, calling leaf mechanics that return to it.

use serde::{Deserialize, Serialize};

pub(super) use super::hongzhong::HongzhongFlow;
pub(super) use super::mcr::McrFlow;
pub(super) use super::riichi::RiichiFlow;
pub(super) use super::sichuan::SichuanFlow;

/// The state of the flow a round follows (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum FlowState {
    /// Japanese riichi, four or three players.
    Riichi(RiichiFlow),
    /// Sichuan 血战到底 (and 红中血战).
    Sichuan(Box<SichuanFlow>),
    /// 红中麻将.
    Hongzhong(Box<HongzhongFlow>),
    /// MCR 国标.
    Mcr(Box<McrFlow>),
}

/// Runs `$e` with `$f` bound to the flow's state, whichever flow it is: the one place a round
/// dispatches on its flow.
macro_rules! each_flow {
    ($flow:expr, $f:ident => $e:expr) => {
        match $flow {
            FlowState::Riichi($f) => $e,
            FlowState::Sichuan($f) => $e,
            FlowState::Hongzhong($f) => $e,
            FlowState::Mcr($f) => $e,
        }
    };
}
pub(super) use each_flow;

impl FlowState {
    /// The riichi flow's state.
    pub(super) fn riichi(&self) -> Option<&RiichiFlow> {
        match self {
            FlowState::Riichi(f) => Some(f),
            _ => None,
        }
    }

    /// The Sichuan machinery's state (Sichuan, 红中血战 and 红中麻将).
    pub(super) fn sichuan(&self) -> Option<&SichuanFlow> {
        match self {
            FlowState::Sichuan(f) => Some(f),
            FlowState::Hongzhong(f) => Some(&f.base),
            _ => None,
        }
    }

    /// The MCR flow's state.
    pub(super) fn mcr(&self) -> Option<&McrFlow> {
        match self {
            FlowState::Mcr(f) => Some(f),
            _ => None,
        }
    }

    /// The ledger of the flows that pay in stakes (every flow but riichi).
    pub(super) fn ledger(&self) -> Option<&super::ledger::Ledger> {
        match self {
            FlowState::Riichi(_) => None,
            FlowState::Sichuan(f) => Some(&f.ledger),
            FlowState::Hongzhong(f) => Some(&f.base.ledger),
            FlowState::Mcr(f) => Some(&f.ledger),
        }
    }
}
