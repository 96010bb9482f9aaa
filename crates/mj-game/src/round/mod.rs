//! One round (kyoku, 局) as a state machine: the deal, draws, discards, calls and their
//! priority, wins, draws and settlement, for every flow (riichi, Sichuan, 红中, MCR).
//!
//! At every decision point [`Round::to_act`] says which seats must decide, and
//! [`Round::legal_actions`] lists each one's actions. [`Round::play`] applies one; an illegal
//! action is an [`IllegalAction`] and leaves the round unchanged (all checks run before the
//! first change). Claims on a discard (or on an added kan) are collected from every seat that
//! has one, then resolved by the flow.
//!
//! # The modules
//!
//! | module | what |
//! |---|---|
//! | `mod.rs` (here) | [`Round`]: the deal, the queries, and the one dispatch of each decision to the flow |
//! | `state` | the shared state ([`Player`], [`Phase`], the table) and the changes every flow makes alike |
//! | `flow` | the flows as types: the flow's state (`FlowState`), with why an enum |
//! | `hooks` | the hooks where the flows differ (`FlowHooks`) and the helpers they share |
//! | `actions` | legal-action parts every flow shares: discard choices, pon and chi choices, kan checks |
//! | `claims` | a tile on offer: the offers, the answers, the calls |
//! | `settle`, `ledger` | riichi settlement (the scorer, honba, pao, draws); the stakes flows' ledger |
//! | `riichi`, `sichuan` (+ `sichuan::start`), `hongzhong`, `mcr` (+ `mcr::wall`) | each flow |
//! | `hu` | the checkers of `mj-hu` the flows ask |
//!
//! What one seat sees is [`crate::view`].

use mj_tiles::{Tile, TileCounts, TileSet};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::action::{Action, IllegalAction, Seat, SeatSet};
use crate::mjai::{Event, MjaiTile};
use crate::rules::{Flow, GameRules, GameRulesError};
use crate::wall::{SANMA_TILES, Wall};

mod actions;
mod claims;
mod flow;
pub mod hongzhong;
mod hooks;
mod hu;
mod ledger;
pub mod mcr;
mod relabel;
mod reveal;
mod riichi;
mod settle;
pub mod sichuan;
mod state;

use flow::{FlowState, HongzhongFlow, McrFlow, RiichiFlow, SichuanFlow, each_flow};
use hooks::FlowHooks;
use state::Table;

pub(crate) use hu::waits_of;

pub use claims::{ClaimSource, Claims};
pub use ledger::{SettleItem, SettleKind, SichuanResult};
pub use mcr::{McrWall, McrWallError};
pub use settle::{Payments, WinScore};
pub use state::{
    CalledMeld, DrawKind, Phase, Player, RiverTile, RoundEnd, RoundResult, RoundSetup, WinRecord,
};

/// The legal actions of one seat.
pub type ActionList = SmallVec<[Action; 32]>;

/// A round of any flow (`GameRules::flow`): the table every flow shares and the flow's own
/// state (see `round::flow`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Round {
    table: Table,
    flow: FlowState,
}

/// The fields as written, and each seat's kept table offsets (`Player::index`, not written)
/// rebuilt from its tile counts.
impl<'de> Deserialize<'de> for Round {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Round, D::Error> {
        #[derive(Deserialize)]
        #[serde(rename = "Round")]
        struct Fields {
            table: Table,
            flow: FlowState,
        }
        let Fields { mut table, flow } = Fields::deserialize(d)?;
        for p in &mut table.players {
            p.rebuild_index();
        }
        Ok(Round { table, flow })
    }
}

impl Round {
    /// Deals a round from `wall` and lets the dealer draw. With `record`, the round keeps its
    /// mjai events ([`Round::events`]). A three-player round expects a wall from
    /// [`Wall::sanma_from_seed`] or [`Wall::sanma_from_ids`].
    ///
    /// # Errors
    /// Rules that fail [`GameRules::validate`] (a seat count other than 3 or 4, kita with four
    /// players, the Sichuan flow with other than four): no round is dealt.
    pub fn try_new(
        rules: GameRules,
        setup: RoundSetup,
        wall: Wall,
        record: bool,
    ) -> Result<Round, GameRulesError> {
        rules.validate()?;
        Ok(Round::deal_valid(rules, setup, wall, record))
    }

    /// [`Round::try_new`] for rules known to be valid (the presets, rules already checked with
    /// [`GameRules::validate`]). Rules from outside (a file, Python, a command line) go through
    /// `try_new`.
    ///
    /// # Panics
    /// When `rules.validate()` fails: a program error, never a fallback to another game.
    #[allow(clippy::panic)]
    #[track_caller]
    pub fn new(rules: GameRules, setup: RoundSetup, wall: Wall, record: bool) -> Round {
        match Round::try_new(rules, setup, wall, record) {
            Ok(r) => r,
            Err(e) => panic!("Round::new with invalid rules ({e}); use Round::try_new"),
        }
    }

    /// An MCR round from an explicit wall sequence (144 ids with the flowers 136..144, or 136
    /// without; see `round::mcr` for the layout), e.g. one read from a log.
    ///
    /// # Errors
    /// Rules that are not valid or not the MCR flow, or a sequence that is not a wall.
    pub fn try_new_mcr(
        rules: GameRules,
        setup: RoundSetup,
        sequence: &[u8],
        record: bool,
    ) -> Result<Round, McrWallError> {
        rules.validate()?;
        if !rules.is_mcr() {
            return Err(McrWallError::NotMcr);
        }
        let state = McrWall::from_sequence(sequence)?;
        if rules.mcr.mcr_flowers != (state.len() == mcr::MCR_TILES) {
            return Err(McrWallError::Flowers);
        }
        let wall = state
            .wall()
            .ok_or(McrWallError::WrongSize(sequence.len()))?;
        Ok(Round::deal_with(rules, setup, wall, record, Some(state)))
    }

    /// Deals with rules already checked by `GameRules::validate` (a `Match` checks once).
    pub(crate) fn deal_valid(
        rules: GameRules,
        setup: RoundSetup,
        wall: Wall,
        record: bool,
    ) -> Round {
        Round::deal_with(rules, setup, wall, record, None)
    }

    /// The deal: the flow's state, 13 tiles to each seat (4-4-4-1 from the dealer, or from
    /// each seat's own wall in MCR with own walls; MCR's dealt flowers wait beside the hand),
    /// the `start_kyoku` event, then the flow's start.
    fn deal_with(
        rules: GameRules,
        setup: RoundSetup,
        wall: Wall,
        record: bool,
        mcr_wall: Option<McrWall>,
    ) -> Round {
        let mut flow = match rules.flow {
            Flow::Riichi => FlowState::Riichi(RiichiFlow::new()),
            Flow::Sichuan => FlowState::Sichuan(Box::new(SichuanFlow::new(&wall))),
            Flow::Hongzhong => FlowState::Hongzhong(Box::new(HongzhongFlow::new(&wall))),
            Flow::Mcr => {
                let m = mcr_wall.unwrap_or_else(|| McrWall::new(&wall, rules.mcr.mcr_flowers));
                let m = if rules.mcr.mcr_own_walls {
                    m.with_own_walls()
                } else {
                    m
                };
                FlowState::Mcr(Box::new(McrFlow::new(m)))
            }
        };
        let mut t = Table::new(
            rules,
            setup,
            wall,
            riichi::first_live(rules.players),
            record,
        );
        let n = t.n();
        let mut at = match &flow {
            FlowState::Mcr(m) => m.wall.len() - 1,
            _ if n == 3 => SANMA_TILES - 1,
            _ => 135usize,
        };
        // With own walls each seat takes its 13 from its own wall; else the 4-4-4-1 deal below.
        let passes = match &mut flow {
            FlowState::Mcr(m) if rules.mcr.mcr_own_walls => {
                m.deal_own_walls(&mut t);
                0
            }
            _ => 4,
        };
        for pass in 0..passes {
            for k in 0..n {
                let seat = (setup.dealer + k) % n;
                let n = if pass < 3 { 4 } else { 1 };
                for _ in 0..n {
                    let id = match &flow {
                        FlowState::Mcr(m) => m.wall.at(at),
                        _ => t.wall.at(at),
                    };
                    if crate::tiles::is_flower(id) {
                        // MCR: a dealt flower waits beside the hand until it is replaced.
                        t.player_mut(seat).kita.push(id);
                    } else {
                        t.player_mut(seat).add(id);
                    }
                    at = at.saturating_sub(1);
                }
            }
        }
        for s in 0..usize::from(n) {
            let p = &mut t.players[s];
            p.waits = hu::waits_of(&p.counts, &TileCounts::EMPTY);
        }
        if t.log.is_some() {
            let tehais: [[MjaiTile; 13]; 4] = core::array::from_fn(|s| {
                let mut tiles = [MjaiTile::HIDDEN; 13];
                let p = &t.players[s];
                for (slot, id) in tiles
                    .iter_mut()
                    .zip(p.hand.iter().chain(p.kita.iter().copied()))
                {
                    *slot = t.mt(id);
                }
                tiles
            });
            let dora_marker = match &flow {
                FlowState::Riichi(_) => t.mt(t.wall.at(riichi::dora_at(n, 0))),
                _ => MjaiTile::HIDDEN,
            };
            let ev = Event::StartKyoku {
                bakaze: MjaiTile::kind(
                    Tile::new(27 + (setup.round_wind & 3)).unwrap_or(Tile::EAST),
                ),
                dora_marker,
                kyoku: setup.dealer + 1,
                honba: setup.honba,
                kyotaku: setup.sticks,
                oya: setup.dealer,
                scores: setup.scores,
                tehais,
            };
            t.emit(ev);
        }
        if let FlowState::Mcr(_) = &flow {
            t.live_next = at as u8;
        }
        each_flow!(&mut flow, f => f.start(&mut t));
        Round { table: t, flow }
    }

    // ----- decisions -----

    /// Seats that must decide now.
    pub fn to_act(&self) -> SeatSet {
        let t = &self.table;
        SeatSet::from_bits(match &t.phase {
            Phase::Turn { seat, .. } => 1 << seat,
            Phase::Claims(c) => c.waiting(),
            Phase::Exchange | Phase::DeclareLack => {
                each_flow!(&self.flow, f => f.start_waiting(t))
            }
            Phase::Over => 0,
        })
    }

    /// The legal actions of `seat` now (empty when it has nothing to decide).
    pub fn legal_actions(&self, seat: Seat) -> ActionList {
        let mut out = ActionList::new();
        let t = &self.table;
        if seat >= t.n() || !self.to_act().contains(seat) {
            return out;
        }
        match &t.phase {
            Phase::Turn {
                after_call,
                rinshan,
                ..
            } => {
                let (a, r) = (*after_call, *rinshan);
                each_flow!(&self.flow, f => f.turn_actions(t, seat, a, r, &mut out));
            }
            Phase::Claims(c) => t.claim_actions(seat, c, &mut out),
            Phase::Exchange | Phase::DeclareLack => {
                each_flow!(&self.flow, f => f.start_actions(t, seat, &mut out));
            }
            Phase::Over => {}
        }
        out
    }

    /// Applies `action` by `seat`. On error nothing changes.
    pub fn play(&mut self, seat: Seat, action: Action) -> Result<(), IllegalAction> {
        if seat >= self.table.n() {
            return Err(IllegalAction::NoSuchSeat(seat));
        }
        if self.is_over() {
            return Err(IllegalAction::RoundOver);
        }
        if !self.to_act().contains(seat) {
            return Err(IllegalAction::NotYourTurn(seat));
        }
        let t = &mut self.table;
        match &t.phase {
            Phase::Turn {
                after_call,
                rinshan,
                ..
            } => {
                let (a, r) = (*after_call, *rinshan);
                each_flow!(&mut self.flow, f => f.play_turn(t, seat, action, a, r))
            }
            Phase::Claims(_) => {
                if let Some(c) = t.answer(seat, action)? {
                    each_flow!(&mut self.flow, f => f.resolve(t, c));
                }
                Ok(())
            }
            Phase::Exchange | Phase::DeclareLack => {
                each_flow!(&mut self.flow, f => f.play_start(t, seat, action))
            }
            Phase::Over => Err(IllegalAction::RoundOver),
        }
    }

    // ----- queries -----

    /// The rules.
    pub fn rules(&self) -> &GameRules {
        &self.table.rules
    }

    /// The setup the round started from.
    pub fn setup(&self) -> &RoundSetup {
        &self.table.setup
    }

    /// Current scores (riichi deposits taken).
    pub fn scores(&self) -> [i32; 4] {
        self.table.scores
    }

    /// Riichi sticks on the table.
    pub fn sticks(&self) -> u32 {
        self.table.sticks
    }

    /// The phase.
    pub fn phase(&self) -> &Phase {
        &self.table.phase
    }

    /// A seat's state.
    pub fn player(&self, seat: Seat) -> &Player {
        &self.table.players[usize::from(seat & 3)]
    }

    /// The waits of `seat` (modulo 4): the kinds that complete its hand, as the seed's servers
    /// push them to the player after every change of its hand. Kept up to date by the engine
    /// (no computation here): set at the deal, after 换三张 and 定缺, at each of the seat's
    /// discards (so in its turn, holding 3k+2 tiles, the waits of the hand before the draw or
    /// the call), and when a robbed added kong falls back to a pon. Kinds held four times
    /// (hand and melds) are left out. Riichi: any shape that wins, yaku or not. Sichuan: none
    /// while the hand holds the suit given up, never a kind of that suit. With 红中 wildcards
    /// (`sichuan_hongzhong`, `hongzhong`) the wildcards count, and 7z is listed whenever the
    /// hand waits (a drawn 红中 completes it) unless all four are held.
    pub fn waits(&self, seat: Seat) -> TileSet {
        self.table.players[usize::from(seat & 3)].waits
    }

    /// Computes `seat`'s waits from its hand now: what the engine runs after each change of a
    /// hand to keep [`Round::waits`] (equal to it whenever the seat holds 3k+1 tiles). For
    /// benchmarks of the update cost and for checks; players read [`Round::waits`].
    pub fn compute_waits(&self, seat: Seat) -> TileSet {
        let t = &self.table;
        each_flow!(&self.flow, f => f.waits(t, seat & 3))
    }

    /// The wall.
    pub fn wall(&self) -> &Wall {
        &self.table.wall
    }

    /// The tile just drawn by the seat to act, if any.
    pub fn drawn(&self) -> Option<u8> {
        self.table.drawn
    }

    /// Live tiles left to draw.
    pub fn live_left(&self) -> u8 {
        let t = &self.table;
        each_flow!(&self.flow, f => f.live_left(t))
    }

    /// Revealed dora indicator ids (riichi only).
    pub fn dora_indicators(&self) -> impl Iterator<Item = u8> + '_ {
        let players = self.table.rules.players;
        self.flow
            .riichi()
            .into_iter()
            .flat_map(move |r| r.indicator_positions(players))
            .map(|at| self.table.wall.at(at))
    }

    /// Kan dora indicators still to be turned (open and added kans turn theirs after the
    /// replacement tile's discard).
    pub fn pending_dora(&self) -> u8 {
        self.flow.riichi().map_or(0, |r| r.pending_dora)
    }

    /// Kans declared this round.
    pub fn kans(&self) -> u8 {
        self.table.kans
    }

    /// The outcome, once the round is over.
    pub fn result(&self) -> Option<&RoundResult> {
        self.table.result.as_ref()
    }

    /// `true` once the round is over.
    pub fn is_over(&self) -> bool {
        matches!(self.table.phase, Phase::Over)
    }

    /// The mjai events so far (empty unless recording).
    pub fn events(&self) -> &[Event] {
        self.table.log.as_deref().unwrap_or(&[])
    }

    /// Takes the recorded events out.
    pub fn take_events(&mut self) -> Vec<Event> {
        self.table
            .log
            .as_mut()
            .map(core::mem::take)
            .unwrap_or_default()
    }

    /// Tile ids accounted for: hands, melds, rivers (not called away), the wall not yet drawn
    /// and the dead wall, kita. Always 136, or 108 with three players and in Sichuan, 112 in
    /// hongzhong, 144 in MCR with flowers (a property the tests check).
    pub fn tiles_accounted(&self) -> usize {
        let t = &self.table;
        t.tiles_at_seats() + each_flow!(&self.flow, f => f.tiles_in_wall(t))
    }

    // ----- the Chinese flows' queries -----

    /// Sichuan: `true` once `seat` has won (it has left the table); the Chinese flows: `seat`
    /// won. Always `false` in riichi.
    pub fn has_won(&self, seat: Seat) -> bool {
        self.flow.ledger().is_some_and(|l| l.has_won(seat))
    }

    /// Sichuan: the suit `seat` gave up (定缺), once declared.
    pub fn lack(&self, seat: Seat) -> Option<mj_tiles::Suit> {
        self.flow.sichuan().and_then(|s| s.lack(seat))
    }

    /// The Chinese flows: the payments so far, in order (empty in riichi).
    pub fn settlement(&self) -> &[SettleItem] {
        self.flow.ledger().map_or(&[], |l| &l.items)
    }

    /// The Chinese flows: the wins so far, in order (empty in riichi).
    pub fn sichuan_wins(&self) -> &[WinRecord] {
        self.flow.ledger().map_or(&[], |l| &l.wins)
    }

    /// Sichuan (and 红中): the dice of the exchange.
    pub fn dice(&self) -> Option<[u8; 2]> {
        self.flow.sichuan().map(|s| s.dice)
    }

    /// Sichuan: the three ids `seat` passes in the exchange (its choice while the exchange is
    /// collected, then what it passed). Only for that seat's own eyes.
    pub(crate) fn exchange_out(&self, seat: Seat) -> Option<[u8; 3]> {
        self.flow.sichuan()?.exchange_out(seat)
    }

    /// Sichuan: the three ids `seat` received in the exchange, once it is done.
    pub(crate) fn exchange_in(&self, seat: Seat) -> Option<[u8; 3]> {
        self.flow.sichuan()?.exchange_in(&self.table, seat)
    }

    /// Hongzhong: the birds turned over after a win, up to `hz_birds` live tiles in drawing
    /// order.
    pub fn hongzhong_birds(&self) -> SmallVec<[u8; 8]> {
        hongzhong::birds(&self.table, self.live_left())
    }

    /// MCR: the wall sequence with the flowers (`None` in other flows).
    pub fn mcr_sequence(&self) -> Option<&[u8]> {
        self.flow.mcr().map(|m| m.wall.sequence())
    }

    /// MCR: the flowers `seat` has set aside (ids 136..144).
    pub fn flowers(&self, seat: Seat) -> &[u8] {
        match self.flow.mcr() {
            Some(_) => &self.table.players[usize::from(seat & 3)].kita,
            None => &[],
        }
    }

    /// MCR with own walls: the tiles (flowers included) left in `seat`'s wall, what Botzone's
    /// judge shows as `tileCnt`; `None` with one shared wall or in another flow.
    pub fn own_wall_left(&self, seat: Seat) -> Option<u8> {
        self.flow.mcr()?.own_wall_left(&self.table, seat)
    }
}
