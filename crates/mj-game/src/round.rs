//! One round (kyoku, 局) as a state machine: the deal, draws, discards, calls and their
//! priority, riichi, furiten, kans and dora, every kind of draw, and settlement.
//!
//! At every decision point [`Round::to_act`] says which seats must decide, and
//! [`Round::legal_actions`] lists each one's actions. [`Round::play`] applies one; an illegal
//! action is an [`IllegalAction`] and leaves the round unchanged (all checks run before the
//! first change). Claims on a discard (or on an added kan) are collected from every seat that
//! has one, then resolved: ron before pon and kan before chi; several rons all win (up to the
//! rules' limit).

use mj_hu::{Checker, Declared, Hand, Rules};
use mj_tiles::{EigenHand, Meld, MeldKind, Piece, Tile, TileCounts, TileSet};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::action::{Action, IllegalAction, Seat, refuse};
use crate::mjai::{Event, MjaiTile};
use crate::rules::{GameRules, GameRulesError};
use crate::settle::{self, Payments, WinContext, WinScore};
use crate::tiles::{Ids, is_red_id, kind, piece};
use crate::wall::{
    DEAD_WALL, DORA_AT, FIRST_LIVE, HONGZHONG_PARKED, RINSHAN_AT, SANMA_TILES, SICHUAN_PARKED,
    URA_AT, Wall,
};

pub mod hongzhong;
pub mod mcr;
pub mod sichuan;
use sichuan::{SettleKind, SichuanResult, SichuanState};

/// The legal actions of one seat.
pub type ActionList = SmallVec<[Action; 32]>;

/// Where a round starts: the round wind, the dealer, counters and scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundSetup {
    /// Round wind (場風): 0 East, 1 South, 2 West, 3 North.
    pub round_wind: u8,
    /// The dealer's seat (親), 0..4; kyoku number minus one.
    pub dealer: Seat,
    /// Honba (本場) counters.
    pub honba: u32,
    /// Riichi sticks (供託) left on the table from earlier rounds.
    pub sticks: u32,
    /// Scores at the start of the round.
    pub scores: [i32; 4],
}

impl RoundSetup {
    /// East 1, no counters, every seat with `points`.
    pub fn first(points: i32) -> RoundSetup {
        RoundSetup {
            round_wind: 0,
            dealer: 0,
            honba: 0,
            sticks: 0,
            scores: [points; 4],
        }
    }
}

/// A declared meld with the exact tiles that moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CalledMeld {
    /// The meld as the scorer reads it.
    pub meld: Meld,
    /// The tile ids (3, or 4 for a kan; the rest is 255).
    pub ids: [u8; 4],
    /// The id taken from another seat (255 for a closed kan).
    pub called: u8,
    /// The seat it came from (the own seat for a closed kan).
    pub from: Seat,
}

/// A discarded tile in a river.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RiverTile {
    /// The tile id.
    pub tile: u8,
    /// Discarded straight after drawing it (ツモ切り).
    pub tsumogiri: bool,
    /// The riichi declaration tile (宣言牌).
    pub riichi: bool,
    /// Taken by another seat's call.
    pub called: bool,
}

/// One seat's state in a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub(crate) hand: Ids,
    pub(crate) counts: TileCounts,
    pub(crate) melds: SmallVec<[CalledMeld; 4]>,
    pub(crate) river: SmallVec<[RiverTile; 24]>,
    /// Kinds this seat ever discarded (furiten).
    pub(crate) discarded: TileSet,
    /// Riichi accepted (stick paid).
    pub(crate) riichi: bool,
    pub(crate) double_riichi: bool,
    pub(crate) ippatsu: bool,
    pub(crate) temp_furiten: bool,
    pub(crate) riichi_furiten: bool,
    /// Waits of the 13-tile hand (kinds held four times left out), kept up to date whenever the
    /// seat is not the one to discard.
    pub(crate) waits: TileSet,
    /// Kinds that may not be discarded this turn (kuikae).
    pub(crate) kuikae: TileSet,
    /// All discards terminals and honors and none called (nagashi mangan).
    pub(crate) nagashi: bool,
    /// The seat liable (包) for this seat's big three dragons / big four winds.
    pub(crate) pao: Option<Seat>,
    /// Norths set aside as kita (抜きドラ), tile ids.
    pub(crate) kita: SmallVec<[u8; 4]>,
}

impl Player {
    fn new() -> Player {
        Player {
            hand: Ids::default(),
            counts: TileCounts::EMPTY,
            melds: SmallVec::new(),
            river: SmallVec::new(),
            discarded: TileSet::EMPTY,
            riichi: false,
            double_riichi: false,
            ippatsu: false,
            temp_furiten: false,
            riichi_furiten: false,
            waits: TileSet::EMPTY,
            kuikae: TileSet::EMPTY,
            nagashi: true,
            pao: None,
            kita: SmallVec::new(),
        }
    }

    fn add(&mut self, id: u8) {
        self.hand.insert(id);
        let _ = self.counts.add(kind(id));
    }

    fn take(&mut self, id: u8) {
        self.hand.remove(id);
        self.counts.remove(kind(id));
    }

    /// Closed hand (門前): no melds but closed kans.
    pub fn is_closed(&self) -> bool {
        self.melds.iter().all(|m| m.meld.kind() == MeldKind::Ankan)
    }

    /// The concealed tile ids, increasing.
    pub fn hand_ids(&self) -> impl Iterator<Item = u8> + '_ {
        self.hand.iter()
    }

    /// The declared melds.
    pub fn melds(&self) -> &[CalledMeld] {
        &self.melds
    }

    /// The river.
    pub fn river(&self) -> &[RiverTile] {
        &self.river
    }

    /// Norths set aside as kita (tile ids).
    pub fn kita(&self) -> &[u8] {
        &self.kita
    }

    /// Riichi declared and accepted.
    pub fn in_riichi(&self) -> bool {
        self.riichi
    }

    /// Furiten now: a wait among its own discards, a passed winning tile, or riichi furiten.
    pub fn is_furiten(&self) -> bool {
        self.temp_furiten || self.riichi_furiten || !(self.waits & self.discarded).is_empty()
    }

    fn meld_counts(&self) -> TileCounts {
        let mut c = TileCounts::EMPTY;
        for m in &self.melds {
            for t in m.meld.tiles() {
                let _ = c.add(t);
            }
        }
        c
    }
}

/// Where the tile on offer came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClaimSource {
    /// A discard; `riichi` when it declared riichi.
    Discard {
        /// The discard declared riichi.
        riichi: bool,
    },
    /// A tile added to a pon (chankan, 槍槓).
    Kakan,
    /// A closed kan (chankan for thirteen orphans only).
    Ankan,
    /// A north set aside as kita (ron only, not chankan).
    Kita,
}

const OFFER_RON: u8 = 1;
const OFFER_PON: u8 = 2;
const OFFER_KAN: u8 = 4;
const OFFER_CHI: u8 = 8;

/// A tile on offer and the answers collected so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// Who discarded (or added to a kan).
    pub from: Seat,
    /// The tile id.
    pub tile: u8,
    /// Where it came from.
    pub source: ClaimSource,
    offers: [u8; 4],
    answers: [Option<Action>; 4],
    /// After the claims: the round aborts (four winds, four kans, four riichi) unless a ron.
    abort: Option<DrawKind>,
}

/// Where the round stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// `seat` holds 14 tiles (counting kans as 3) and must act.
    Turn {
        /// Who.
        seat: Seat,
        /// Right after a chi or pon: only a discard.
        after_call: bool,
        /// The tile in hand came from the dead wall (嶺上).
        rinshan: bool,
    },
    /// Seats decide on a tile on offer.
    Claims(Claims),
    /// Sichuan 换三张: every seat chooses three tiles of one suit to pass on.
    Exchange,
    /// Sichuan 定缺: every seat declares the suit it gives up.
    DeclareLack,
    /// The round is over; see [`Round::result`].
    Over,
}

/// How a round ended without a win, or aborted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawKind {
    /// The live wall ran out (荒牌流局), tenpai payments.
    Exhaustive,
    /// Nagashi mangan (流し満貫) at an exhaustive draw.
    NagashiMangan,
    /// Nine terminals (九種九牌).
    NineTerminals,
    /// Four winds (四風連打).
    FourWinds,
    /// Four riichi (四家立直).
    FourRiichi,
    /// Four kans (四開槓).
    FourKans,
    /// Three rons (三家和).
    TripleRon,
}

impl DrawKind {
    /// mjai / Tenhou-style name.
    pub const fn name(self) -> &'static str {
        match self {
            DrawKind::Exhaustive => "exhaustive",
            DrawKind::NagashiMangan => "nagashi_mangan",
            DrawKind::NineTerminals => "nine_terminals",
            DrawKind::FourWinds => "four_winds",
            DrawKind::FourRiichi => "four_riichi",
            DrawKind::FourKans => "four_kans",
            DrawKind::TripleRon => "triple_ron",
        }
    }
}

/// One winner of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WinRecord {
    /// The winner.
    pub seat: Seat,
    /// Who dealt in (the winner itself on a tsumo).
    pub from: Seat,
    /// The winning tile id.
    pub tile: u8,
    /// The score.
    pub score: WinScore,
    /// The liable seat (包), if it paid.
    pub pao: Option<Seat>,
    /// Ura dora indicators (ids) when the winner was in riichi.
    pub ura: SmallVec<[u8; 5]>,
    /// Each seat's change from this win alone.
    pub deltas: [i32; 4],
}

/// How a round ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoundEnd {
    /// One or more wins.
    Wins(Vec<WinRecord>),
    /// A draw; `tenpai` for the exhaustive draw (and nagashi mangan).
    Draw {
        /// Which kind.
        kind: DrawKind,
        /// Seats in tenpai (exhaustive draws).
        tenpai: [bool; 4],
    },
}

/// The outcome of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    /// How it ended.
    pub end: RoundEnd,
    /// Each seat's change from payments (sticks won included; riichi deposits not).
    pub deltas: [i32; 4],
    /// Scores after the round.
    pub scores: [i32; 4],
    /// Riichi sticks left on the table.
    pub sticks: u32,
    /// The dealer keeps the seat (連荘).
    pub dealer_keeps: bool,
    /// Sichuan: the ledger, the lacking suits, the draw's ready seats and flower pigs, the next
    /// dealer (`None` in riichi).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sichuan: Option<Box<SichuanResult>>,
}

/// The rule sets the flows ask `mj-hu` about.
#[derive(Clone, Copy, Debug)]
enum HuSet {
    Riichi,
    /// [`sichuan::sichuan_hu_rules`].
    Sichuan {
        wild: bool,
    },
    /// [`hongzhong::hongzhong_hu_rules`].
    Hongzhong {
        seven_pairs: bool,
    },
    Mcr,
}

impl HuSet {
    const COUNT: usize = 6;

    const fn index(self) -> usize {
        match self {
            HuSet::Riichi => 0,
            HuSet::Sichuan { wild } => 1 + wild as usize,
            HuSet::Hongzhong { seven_pairs } => 3 + seven_pairs as usize,
            HuSet::Mcr => 5,
        }
    }

    fn rules(self) -> Rules {
        match self {
            HuSet::Riichi => Rules::RIICHI,
            HuSet::Sichuan { wild } => sichuan::sichuan_hu_rules(wild),
            HuSet::Hongzhong { seven_pairs } => hongzhong::hongzhong_hu_rules(seven_pairs),
            HuSet::Mcr => Rules::MCR,
        }
    }
}

/// The checker of a rule set, built once per process (`None` if `mj-hu` refused the rules,
/// which the presets' tests rule out).
fn checker(set: HuSet) -> Option<&'static Checker> {
    static CHECKERS: [std::sync::OnceLock<Option<Checker>>; HuSet::COUNT] =
        [const { std::sync::OnceLock::new() }; HuSet::COUNT];
    CHECKERS[set.index()]
        .get_or_init(|| Checker::new(set.rules()).ok())
        .as_ref()
}

/// The declared melds of a hand of `concealed` tiles: 13 (or 14 after a draw) less 3 per meld.
fn declared(concealed: u32, full: u32) -> Declared {
    Declared {
        count: (full.saturating_sub(concealed) / 3).min(4) as u8,
        suits: 0,
    }
}

/// The chi shapes of a called kind `t`, the called tile highest, middle, then lowest: the two
/// other kinds of the sequence and the kind kuikae also forbids discarding after the call (the
/// far end of a two-sided shape, 筋; none for the middle). None for an honor.
fn chi_shapes(t: Tile) -> impl Iterator<Item = (Tile, Tile, Option<Tile>)> {
    let r = t.rank() as i8;
    let honor = t.is_honor();
    let at = move |d: i8| {
        (!honor && (1..=9).contains(&(r + d)))
            .then(|| Tile::new((t.as_u8() as i8 + d) as u8))
            .flatten()
    };
    [(-2i8, -1i8, -3i8), (-1, 1, 0), (1, 2, 3)]
        .into_iter()
        .filter_map(move |(a, b, other)| {
            let (ka, kb) = (at(a)?, at(b)?);
            Some((ka, kb, if other == 0 { None } else { at(other) }))
        })
}

/// Waits of a 13-tile (3k+1) concealed hand, kinds held four times (hand and melds) left out.
/// A ready check (a few table lookups) comes first; only ready hands compute their waits.
pub(crate) fn waits_of(counts: &TileCounts, meld_counts: &TileCounts) -> TileSet {
    let Some(c) = checker(HuSet::Riichi) else {
        return TileSet::EMPTY;
    };
    let eh = EigenHand::from_counts(counts, TileSet::EMPTY);
    if !c
        .is_ready_eigen(&eh, declared(counts.total(), 13))
        .unwrap_or(false)
    {
        return TileSet::EMPTY;
    }
    let Ok(hand) = Hand::new(*counts, &[], TileSet::EMPTY) else {
        return TileSet::EMPTY;
    };
    let mut w = c.waits(&hand).unwrap_or(TileSet::EMPTY);
    for t in w {
        if counts.get(t) + meld_counts.get(t) >= 4 {
            w.remove(t);
        }
    }
    w
}

fn is_winning(counts: &TileCounts) -> bool {
    let Some(c) = checker(HuSet::Riichi) else {
        return false;
    };
    let eh = EigenHand::from_counts(counts, TileSet::EMPTY);
    c.is_winning_eigen(&eh, declared(counts.total(), 14))
        .unwrap_or(false)
}

/// A round: riichi (four or three players) or Sichuan 血战到底, by `GameRules::flow`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    rules: GameRules,
    setup: RoundSetup,
    scores: [i32; 4],
    sticks: u32,
    wall: Wall,
    live_next: u8,
    rinshan: u8,
    dora: u8,
    pending_dora: u8,
    players: [Player; 4],
    phase: Phase,
    drawn: Option<u8>,
    interrupted: bool,
    discards: u8,
    kans: u8,
    kan_seats: u8,
    result: Option<RoundResult>,
    log: Option<Vec<Event>>,
    /// The Sichuan flow's state (`None` in riichi).
    #[serde(default)]
    sc: Option<Box<SichuanState>>,
    /// The MCR flow's state: the 144-position wall with the flowers (`None` otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    mcr: Option<Box<mcr::McrState>>,
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

    /// Deals with rules already checked by `GameRules::validate` (a `Match` checks once).
    pub(crate) fn deal_valid(
        rules: GameRules,
        setup: RoundSetup,
        wall: Wall,
        record: bool,
    ) -> Round {
        Round::deal_with(rules, setup, wall, record, None)
    }

    /// [`Round::deal_valid`], with MCR's wall sequence given (`None`: drawn from `wall`).
    fn deal_with(
        rules: GameRules,
        setup: RoundSetup,
        wall: Wall,
        record: bool,
        mcr_wall: Option<mcr::McrState>,
    ) -> Round {
        let sichuan = rules.is_chinese();
        let mut r = Round {
            rules,
            setup,
            scores: setup.scores,
            sticks: setup.sticks,
            wall,
            live_next: if rules.players == 3 {
                (SANMA_TILES - 1 - 39) as u8
            } else {
                FIRST_LIVE as u8
            },
            rinshan: 0,
            dora: u8::from(!sichuan),
            pending_dora: 0,
            players: core::array::from_fn(|_| Player::new()),
            phase: Phase::Over,
            drawn: None,
            interrupted: false,
            discards: 0,
            kans: 0,
            kan_seats: 0,
            result: None,
            log: record.then(Vec::new),
            sc: None,
            mcr: None,
        };
        if sichuan {
            r.sc = Some(Box::new(SichuanState::new(&r.wall)));
        }
        if rules.is_mcr() {
            let m = mcr_wall.unwrap_or_else(|| mcr::McrState::new(&r.wall, rules.mcr_flowers));
            let m = if rules.mcr_own_walls {
                m.with_own_walls()
            } else {
                m
            };
            r.mcr = Some(Box::new(m));
        }
        let n = r.n();
        let mut at = match &r.mcr {
            Some(m) => m.len() - 1,
            None if n == 3 => SANMA_TILES - 1,
            None => 135usize,
        };
        // With own walls each seat takes its 13 from its own wall; else the 4-4-4-1 deal below.
        let passes = if rules.mcr_own_walls {
            r.mcr_deal_own_walls();
            0
        } else {
            4
        };
        for pass in 0..passes {
            for k in 0..n {
                let seat = (setup.dealer + k) % n;
                let n = if pass < 3 { 4 } else { 1 };
                for _ in 0..n {
                    let id = match &r.mcr {
                        Some(m) => m.at(at),
                        None => r.wall.at(at),
                    };
                    if crate::tiles::is_flower(id) {
                        // MCR: a dealt flower waits beside the hand until it is replaced.
                        r.players[usize::from(seat)].kita.push(id);
                    } else {
                        r.players[usize::from(seat)].add(id);
                    }
                    at = at.saturating_sub(1);
                }
            }
        }
        for s in 0..usize::from(n) {
            let p = &mut r.players[s];
            p.waits = waits_of(&p.counts, &TileCounts::EMPTY);
        }
        if r.log.is_some() {
            let tehais: [[MjaiTile; 13]; 4] = core::array::from_fn(|s| {
                let mut t = [MjaiTile::HIDDEN; 13];
                let p = &r.players[s];
                for (slot, id) in t
                    .iter_mut()
                    .zip(p.hand.iter().chain(p.kita.iter().copied()))
                {
                    *slot = r.mt(id);
                }
                t
            });
            let ev = Event::StartKyoku {
                bakaze: MjaiTile::kind(
                    Tile::new(27 + (setup.round_wind & 3)).unwrap_or(Tile::EAST),
                ),
                dora_marker: if sichuan {
                    MjaiTile::HIDDEN
                } else {
                    r.mt(r.wall.at(r.dora_at(0)))
                },
                kyoku: setup.dealer + 1,
                honba: setup.honba,
                kyotaku: setup.sticks,
                oya: setup.dealer,
                scores: setup.scores,
                tehais,
            };
            r.emit(ev);
        }
        if r.mcr.is_some() {
            r.live_next = at as u8;
            r.mcr_start();
        } else if sichuan {
            r.sichuan_start();
        } else {
            r.draw(setup.dealer, false);
        }
        r
    }

    // ----- queries -----

    /// The rules.
    pub fn rules(&self) -> &GameRules {
        &self.rules
    }

    /// The setup the round started from.
    pub fn setup(&self) -> &RoundSetup {
        &self.setup
    }

    /// Current scores (riichi deposits taken).
    pub fn scores(&self) -> [i32; 4] {
        self.scores
    }

    /// Riichi sticks on the table.
    pub fn sticks(&self) -> u32 {
        self.sticks
    }

    /// The phase.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// A seat's state.
    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[usize::from(seat & 3)]
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
        self.players[usize::from(seat & 3)].waits
    }

    /// Computes `seat`'s waits from its hand now: what the engine runs after each change of a
    /// hand to keep [`Round::waits`] (equal to it whenever the seat holds 3k+1 tiles). For
    /// benchmarks of the update cost and for checks; players read [`Round::waits`].
    pub fn compute_waits(&self, seat: Seat) -> TileSet {
        let seat = seat & 3;
        if self.mcr.is_some() {
            return self.mcr_waits(seat);
        }
        if self.sc.is_some() {
            return self.sichuan_waits(seat);
        }
        let p = &self.players[usize::from(seat)];
        waits_of(&p.counts, &p.meld_counts())
    }

    /// The wall.
    pub fn wall(&self) -> &Wall {
        &self.wall
    }

    /// The tile just drawn by the seat to act, if any.
    pub fn drawn(&self) -> Option<u8> {
        self.drawn
    }

    /// Live tiles left to draw.
    pub fn live_left(&self) -> u8 {
        if let Some(m) = &self.mcr {
            return m.live_left(self.live_next, self.rinshan);
        }
        let dead = if self.sc.is_some() {
            self.parked() as i16
        } else {
            DEAD_WALL as i16
        };
        (i16::from(self.live_next) + 1 - dead - i16::from(self.rinshan)).max(0) as u8
    }

    /// Revealed dora indicator ids.
    pub fn dora_indicators(&self) -> impl Iterator<Item = u8> + '_ {
        (0..usize::from(self.dora)).map(|i| self.wall.at(self.dora_at(i)))
    }

    /// Kan dora indicators still to be turned (open and added kans turn theirs after the
    /// replacement tile's discard).
    pub fn pending_dora(&self) -> u8 {
        self.pending_dora
    }

    /// Kans declared this round.
    pub fn kans(&self) -> u8 {
        self.kans
    }

    /// The outcome, once the round is over.
    pub fn result(&self) -> Option<&RoundResult> {
        self.result.as_ref()
    }

    /// `true` once the round is over.
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    /// The mjai events so far (empty unless recording).
    pub fn events(&self) -> &[Event] {
        self.log.as_deref().unwrap_or(&[])
    }

    /// Takes the recorded events out.
    pub fn take_events(&mut self) -> Vec<Event> {
        self.log.as_mut().map(core::mem::take).unwrap_or_default()
    }

    /// Tile ids accounted for: hands, melds, rivers (not called away), the wall not yet drawn
    /// and the dead wall, kita. Always 136, or 108 with three players and in Sichuan, 112 in
    /// hongzhong, 144 in MCR with flowers (a property the tests check).
    pub fn tiles_accounted(&self) -> usize {
        let mut n = 0usize;
        for p in &self.players {
            n += p.hand.len() as usize;
            for m in &p.melds {
                n += m.meld.kind().tile_count();
            }
            n += p.river.iter().filter(|t| !t.called).count();
            n += p.kita.len();
        }
        if let Some(left) = self.mcr.as_deref().and_then(mcr::McrState::own_walls_left) {
            // MCR with own walls: what the four walls still hold.
            return n + left;
        }
        // Undrawn tiles: indices 0..=live_next less the replacement tiles taken.
        n += usize::from(self.live_next) + 1 - usize::from(self.rinshan);
        if self.sc.is_some() {
            n -= self.parked();
        }
        n
    }

    /// Seats that must decide now, as a bit mask (bit `s` for seat `s`).
    pub fn to_act(&self) -> u8 {
        match &self.phase {
            Phase::Turn { seat, .. } => 1 << seat,
            Phase::Claims(c) => {
                let mut m = 0;
                for s in 0..4 {
                    if c.offers[s] != 0 && c.answers[s].is_none() {
                        m |= 1 << s;
                    }
                }
                m
            }
            Phase::Exchange | Phase::DeclareLack => self.sichuan_start_mask(),
            Phase::Over => 0,
        }
    }

    fn mt(&self, id: u8) -> MjaiTile {
        MjaiTile::id(id, self.rules.red_fives)
    }

    fn emit(&mut self, ev: Event) {
        if let Some(log) = self.log.as_mut() {
            log.push(ev);
        }
    }

    fn seat_wind(&self, seat: Seat) -> u8 {
        (seat + self.n() - self.setup.dealer) % self.n()
    }

    /// Seats at the table (4, or 3).
    #[inline]
    fn n(&self) -> u8 {
        self.rules.players
    }

    /// Sichuan / hongzhong: wall positions below the tiles in play.
    #[inline]
    fn parked(&self) -> usize {
        if self.mcr.is_some() {
            0
        } else if self.rules.red_wildcards() {
            HONGZHONG_PARKED
        } else {
            SICHUAN_PARKED
        }
    }

    /// The seat `d` places after `s` in turn order.
    #[inline]
    fn next(&self, s: Seat, d: u8) -> Seat {
        if self.rules.players == 4 {
            (s + d) & 3
        } else {
            (s + d) % self.rules.players
        }
    }

    /// Wall position of the `k`-th dora indicator (three players: from `w[9]`).
    #[inline]
    pub(crate) fn dora_at(&self, k: usize) -> usize {
        if self.rules.players == 3 {
            9 + 2 * k
        } else {
            DORA_AT[k.min(4)]
        }
    }

    /// Wall position of the `k`-th ura dora indicator.
    #[inline]
    fn ura_at(&self, k: usize) -> usize {
        if self.rules.players == 3 {
            8 + 2 * k
        } else {
            URA_AT[k.min(4)]
        }
    }

    /// An indicator as the scorer reads it: the tile itself (with three players the scorer
    /// knows 1m indicates 9m).
    fn indicator(&self, id: u8) -> Tile {
        kind(id)
    }

    // ----- legal actions -----

    /// The legal actions of `seat` now (empty when it has nothing to decide).
    pub fn legal_actions(&self, seat: Seat) -> ActionList {
        let mut out = ActionList::new();
        if seat >= self.n() || self.to_act() >> seat & 1 == 0 {
            return out;
        }
        match &self.phase {
            Phase::Turn {
                after_call,
                rinshan,
                ..
            } => self.turn_actions(seat, *after_call, *rinshan, &mut out),
            Phase::Claims(c) => self.claim_actions(seat, c, &mut out),
            Phase::Exchange => self.exchange_actions(seat, &mut out),
            Phase::DeclareLack => self.lack_actions(seat, &mut out),
            Phase::Over => {}
        }
        out
    }

    /// The ids to offer for discards: one per (kind, redness), the drawn tile itself for its
    /// kind when it is one of them; the drawn tile first, then increasing ids. One step per kind
    /// held (the lowest plain id of a kind is its nibble's lowest bit, the red five its first
    /// id); debug builds check it against [`Round::discard_choices_by_ids`].
    fn discard_choices(&self, seat: Seat) -> SmallVec<[u8; 14]> {
        let p = &self.players[usize::from(seat)];
        let reds = self.rules.red_fives;
        let mut out: SmallVec<[u8; 14]> = SmallVec::new();
        // The kind whose plain copies, or whose red five, the drawn id already offers.
        let (mut drawn_plain, mut drawn_red) = (u8::MAX, u8::MAX);
        if let Some(d) = self.drawn
            && p.hand.contains(d)
        {
            out.push(d);
            if reds && is_red_id(d) {
                drawn_red = d / 4;
            } else {
                drawn_plain = d / 4;
            }
        }
        for (w, word) in p.hand.words().into_iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let shift = bits.trailing_zeros() & !3;
                let mut nibble = (bits >> shift) & 0xF;
                bits &= !(0xF << shift);
                let first = (w as u32 * 64 + shift) as u8;
                let k = first / 4;
                if reds && nibble & 1 == 1 && is_red_id(first) {
                    if k != drawn_red {
                        out.push(first);
                    }
                    nibble &= !1;
                }
                if nibble != 0 && k != drawn_plain {
                    out.push(first + nibble.trailing_zeros() as u8);
                }
            }
        }
        debug_assert_eq!(out, self.discard_choices_by_ids(seat));
        out
    }

    /// [`Round::discard_choices`] id by id: the slow twin the debug builds compare with.
    fn discard_choices_by_ids(&self, seat: Seat) -> SmallVec<[u8; 14]> {
        let p = &self.players[usize::from(seat)];
        let mut out: SmallVec<[u8; 14]> = SmallVec::new();
        let mut seen: u64 = 0;
        let mut seen_red: u8 = 0;
        if let Some(d) = self.drawn
            && p.hand.contains(d)
        {
            out.push(d);
            if is_red_id(d) && self.rules.red_fives {
                seen_red |= 1 << (d / 36);
            } else {
                seen |= 1 << (d / 4);
            }
        }
        for id in p.hand.iter() {
            if is_red_id(id) && self.rules.red_fives {
                let bit = 1 << (id / 36);
                if seen_red & bit == 0 {
                    seen_red |= bit;
                    out.push(id);
                }
            } else if seen >> (id / 4) & 1 == 0 {
                seen |= 1 << (id / 4);
                out.push(id);
            }
        }
        out
    }

    fn turn_actions(&self, seat: Seat, after_call: bool, rinshan: bool, out: &mut ActionList) {
        if self.mcr.is_some() {
            self.mcr_turn_actions(seat, after_call, rinshan, out);
            return;
        }
        if self.sc.is_some() {
            self.sichuan_turn_actions(seat, after_call, rinshan, out);
            return;
        }
        let p = &self.players[usize::from(seat)];
        if !after_call {
            if let Some(d) = self.drawn
                && self.tsumo_score(seat, d, rinshan).is_some()
            {
                out.push(Action::Tsumo);
            }
            if self.can_nine_terminals(seat) {
                out.push(Action::NineTerminals);
            }
            if self.kan_turn_ok(after_call).is_ok() {
                for t in p.counts.kinds_at_least(4) {
                    if self.ankan_ok(seat, t) {
                        out.push(Action::Ankan { kind: t.as_u8() });
                    }
                }
                if !p.riichi {
                    for m in &p.melds {
                        if m.meld.kind() == MeldKind::Pon
                            && let Some(id) = p.hand.of_kind(m.meld.base()).next()
                        {
                            out.push(Action::Kakan { tile: id });
                        }
                    }
                }
            }
        }
        if !after_call
            && self.rules.kita
            && self.live_left() > 0
            && let Some(id) = self.kita_tile(seat)
        {
            out.push(Action::Kita { tile: id });
        }
        let choices = self.discard_choices(seat);
        if p.riichi {
            if let Some(d) = self.drawn {
                out.push(Action::Discard { tile: d });
            }
            return;
        }
        for &id in &choices {
            if !p.kuikae.contains(kind(id)) {
                out.push(Action::Discard { tile: id });
            }
        }
        if !after_call && self.riichi_allowed(seat) {
            let ready = self.ready_discards(seat);
            for &id in &choices {
                if ready >> (id / 4) & 1 == 1 && self.ready_discard_has_live_wait(seat, id) {
                    out.push(Action::Riichi { tile: id });
                }
            }
        }
    }

    /// The north `seat` may set aside now: in riichi only the drawn tile.
    fn kita_tile(&self, seat: Seat) -> Option<u8> {
        let p = &self.players[usize::from(seat)];
        if p.riichi {
            self.drawn
                .filter(|&d| kind(d) == Tile::NORTH && p.hand.contains(d))
        } else {
            p.hand.of_kind(Tile::NORTH).next()
        }
    }

    fn can_nine_terminals(&self, seat: Seat) -> bool {
        let p = &self.players[usize::from(seat)];
        self.rules.nine_terminals
            && !self.interrupted
            && p.river.is_empty()
            && Tile::ORPHANS
                .iter()
                .filter(|&&t| p.counts.get(t) > 0)
                .count()
                >= 9
    }

    fn riichi_allowed(&self, seat: Seat) -> bool {
        let p = &self.players[usize::from(seat)];
        !p.riichi
            && p.is_closed()
            && self.scores[usize::from(seat)] >= self.rules.riichi_min_points
            && self.live_left() >= self.rules.riichi_min_tiles
    }

    fn riichi_discard_ok(&self, seat: Seat, id: u8) -> bool {
        let p = &self.players[usize::from(seat)];
        if !p.hand.contains(id) {
            return false;
        }
        let mut c = p.counts;
        c.remove(kind(id));
        !waits_of(&c, &p.meld_counts()).is_empty()
    }

    /// [`Round::riichi_discard_ok`] for a discard `ready_discards` found ready. A ready hand has
    /// a wait; `waits_of` drops only kinds held four times between hand and melds, so with no
    /// melds (closed kans) and no kind held four times the answer is yes without computing the
    /// waits; otherwise they are computed. Debug builds check the shortcut against the full
    /// computation.
    fn ready_discard_has_live_wait(&self, seat: Seat, id: u8) -> bool {
        let p = &self.players[usize::from(seat)];
        let mut c = p.counts;
        c.remove(kind(id));
        if p.melds.is_empty() && c.kinds_at_least(4).is_empty() && p.hand.contains(id) {
            debug_assert!(self.riichi_discard_ok(seat, id), "riichi shortcut: {id}");
            return true;
        }
        self.riichi_discard_ok(seat, id)
    }

    /// Kinds whose discard leaves `seat`'s hand ready (a bit per kind index): one eigen
    /// subtraction and one table lookup per kind held, the hand's eigens and the other suits'
    /// entries computed once (`Checker::ready_discards_eigen`).
    fn ready_discards(&self, seat: Seat) -> u64 {
        let Some(c) = checker(HuSet::Riichi) else {
            return 0;
        };
        let p = &self.players[usize::from(seat)];
        let d = declared(p.counts.total().saturating_sub(1), 13);
        c.ready_discards_eigen(&EigenHand::from_counts(&p.counts, TileSet::EMPTY), d)
            .unwrap_or(0)
    }

    /// What a closed or added kan on one's own turn needs besides its tiles: not right after a
    /// call, fewer than four kans on the table, and a live tile left to replace it.
    fn kan_turn_ok(&self, after_call: bool) -> Result<(), &'static str> {
        if after_call {
            Err("a kan right after a call")
        } else if self.kans >= 4 && self.sc.is_none() {
            Err("four kans were declared")
        } else if self.live_left() == 0 {
            Err("no kan on the last tile")
        } else {
            Ok(())
        }
    }

    fn ankan_ok(&self, seat: Seat, t: Tile) -> bool {
        let p = &self.players[usize::from(seat)];
        if p.counts.get(t) < 4 {
            return false;
        }
        if !p.riichi {
            return true;
        }
        // In riichi: only the drawn tile, and the waits must stay the same.
        let Some(d) = self.drawn else { return false };
        if kind(d) != t {
            return false;
        }
        let mut before = p.counts;
        before.remove(t);
        let mc = p.meld_counts();
        let w0 = waits_of(&before, &mc);
        let mut after = p.counts;
        let _ = after.set(t, 0);
        let mut mc2 = mc;
        let _ = mc2.set(t, 4);
        w0 == waits_of(&after, &mc2) && !w0.is_empty()
    }

    fn claim_actions(&self, seat: Seat, c: &Claims, out: &mut ActionList) {
        let o = c.offers[usize::from(seat)];
        if o & OFFER_RON != 0 {
            out.push(Action::Ron);
        }
        if o & OFFER_KAN != 0 {
            out.push(Action::Minkan);
        }
        if o & OFFER_PON != 0 {
            for pair in self.pon_choices(seat, c.tile) {
                out.push(Action::Pon { tiles: pair });
            }
        }
        if o & OFFER_CHI != 0 {
            for pair in self.chi_choices(seat, c.tile) {
                out.push(Action::Chi { tiles: pair });
            }
        }
        out.push(Action::Pass);
    }

    /// Pairs of ids that can pon `tile` (one per distinct redness mix), kuikae respected.
    fn pon_choices(&self, seat: Seat, tile: u8) -> SmallVec<[[u8; 2]; 2]> {
        let p = &self.players[usize::from(seat)];
        let t = kind(tile);
        let ids: SmallVec<[u8; 4]> = p.hand.of_kind(t).collect();
        let mut out = SmallVec::new();
        if ids.len() < 2 {
            return out;
        }
        let reds = self.rules.red_fives;
        let red: SmallVec<[u8; 1]> = ids
            .iter()
            .copied()
            .filter(|&i| reds && is_red_id(i))
            .collect();
        let plain: SmallVec<[u8; 4]> = ids
            .iter()
            .copied()
            .filter(|&i| !(reds && is_red_id(i)))
            .collect();
        if plain.len() >= 2 {
            out.push([plain[0], plain[1]]);
        }
        if let (Some(&r), Some(&n)) = (red.first(), plain.first()) {
            out.push([r, n]);
        }
        out.retain(|pair| self.call_leaves_discard(seat, pair, &[t]));
        out
    }

    /// Pairs of ids that can chi `tile`, kuikae respected.
    fn chi_choices(&self, seat: Seat, tile: u8) -> SmallVec<[[u8; 2]; 6]> {
        let p = &self.players[usize::from(seat)];
        let t = kind(tile);
        let mut out = SmallVec::new();
        let reds = self.rules.red_fives;
        for (ka, kb, other) in chi_shapes(t) {
            if p.counts.get(ka) == 0 || p.counts.get(kb) == 0 {
                continue;
            }
            let opts = |k: Tile| -> SmallVec<[u8; 2]> {
                let mut v = SmallVec::new();
                let mut plain = None;
                for i in p.hand.of_kind(k) {
                    if reds && is_red_id(i) {
                        v.push(i);
                    } else if plain.is_none() {
                        plain = Some(i);
                    }
                }
                if let Some(i) = plain {
                    v.insert(0, i);
                }
                v
            };
            let mut forbid: SmallVec<[Tile; 2]> = SmallVec::new();
            forbid.push(t);
            forbid.extend(other);
            for x in opts(ka) {
                for y in opts(kb) {
                    if self.call_leaves_discard(seat, &[x, y], &forbid) {
                        out.push([x, y]);
                    }
                }
            }
        }
        out
    }

    /// `!pon_choices(seat, tile).is_empty()` without building the list: the choices differ only
    /// in red copies, and whether a call leaves a discard depends on kinds alone.
    fn pon_possible(&self, seat: Seat, tile: u8) -> bool {
        let p = &self.players[usize::from(seat)];
        let t = kind(tile);
        let yes = p.counts.get(t) >= 2 && self.call_leaves_discard_kinds(seat, [t, t], &[t]);
        debug_assert_eq!(yes, !self.pon_choices(seat, tile).is_empty());
        yes
    }

    /// `!chi_choices(seat, tile).is_empty()` without building the list: some sequence whose
    /// two other kinds are held and whose call leaves a discard kuikae allows (which depends on
    /// kinds alone).
    fn chi_possible(&self, seat: Seat, tile: u8) -> bool {
        let p = &self.players[usize::from(seat)];
        let t = kind(tile);
        let yes = chi_shapes(t).any(|(ka, kb, other)| {
            p.counts.get(ka) != 0
                && p.counts.get(kb) != 0
                && match other {
                    Some(k) => self.call_leaves_discard_kinds(seat, [ka, kb], &[t, k]),
                    None => self.call_leaves_discard_kinds(seat, [ka, kb], &[t]),
                }
        });
        debug_assert_eq!(yes, !self.chi_choices(seat, tile).is_empty());
        yes
    }

    /// [`Round::call_leaves_discard`] by kinds.
    fn call_leaves_discard_kinds(&self, seat: Seat, used: [Tile; 2], forbid: &[Tile]) -> bool {
        if !self.rules.kuikae_forbidden {
            return true;
        }
        let p = &self.players[usize::from(seat)];
        let mut c = p.counts;
        c.remove(used[0]);
        c.remove(used[1]);
        Tile::ALL
            .iter()
            .any(|&t| c.get(t) > 0 && !forbid.contains(&t))
    }

    /// After taking `used` out of the hand, is some tile left that kuikae allows to discard?
    fn call_leaves_discard(&self, seat: Seat, used: &[u8; 2], forbid: &[Tile]) -> bool {
        if !self.rules.kuikae_forbidden {
            return true;
        }
        let p = &self.players[usize::from(seat)];
        let mut c = p.counts;
        c.remove(kind(used[0]));
        c.remove(kind(used[1]));
        c.tiles().any(|t| !forbid.contains(&t))
    }

    // ----- scoring helpers -----

    fn context(
        &self,
        seat: Seat,
        tsumo: bool,
        rinshan: bool,
        chankan: bool,
        first: bool,
    ) -> WinContext {
        let p = &self.players[usize::from(seat)];
        let mut ctx = WinContext {
            tsumo,
            seat_wind: self.seat_wind(seat),
            round_wind: self.setup.round_wind,
            honba: self.setup.honba,
            sticks: self.sticks,
            ..WinContext::default()
        };
        for i in 0..usize::from(self.dora) {
            ctx.dora.push(self.indicator(self.wall.at(self.dora_at(i))));
            if p.riichi {
                ctx.ura.push(self.indicator(self.wall.at(self.ura_at(i))));
            }
        }
        ctx.kita = p.kita.len() as u32;
        let f = &mut ctx.flags;
        f.riichi = p.riichi && !p.double_riichi;
        f.double_riichi = p.double_riichi;
        f.ippatsu = p.riichi && p.ippatsu;
        let last = self.live_left() == 0;
        f.haitei = tsumo && last && !rinshan;
        f.houtei = !tsumo && last && !chankan;
        f.rinshan = tsumo && rinshan;
        f.chankan = chankan;
        let dealer = seat == self.setup.dealer;
        f.tenhou = tsumo && first && dealer;
        f.chiihou = tsumo && first && !dealer;
        ctx
    }

    fn score(&self, seat: Seat, win_id: u8, ctx: &WinContext) -> Option<WinScore> {
        let p = &self.players[usize::from(seat)];
        let reds = self.rules.red_fives;
        let mut pieces: SmallVec<[Piece; 14]> = p.hand.iter().map(|i| piece(i, reds)).collect();
        if !p.hand.contains(win_id) {
            pieces.push(piece(win_id, reds));
        }
        let melds: SmallVec<[Meld; 4]> = p.melds.iter().map(|m| m.meld).collect();
        settle::score_win(&self.rules, &pieces, &melds, kind(win_id), ctx).ok()
    }

    fn tsumo_score(&self, seat: Seat, d: u8, rinshan: bool) -> Option<WinScore> {
        let p = &self.players[usize::from(seat)];
        // After a plain draw the seat's waits are those of its 13 tiles before it (kept since
        // its last discard or the deal; kinds held four times left out, which cannot be drawn),
        // so the draw wins iff its kind is a wait. A replacement draw (after a kan or kita)
        // follows a hand change the waits have not seen: check the shape.
        let wins = if rinshan || self.sc.is_some() {
            is_winning(&p.counts)
        } else {
            let w = p.waits.contains(kind(d));
            debug_assert_eq!(w, is_winning(&p.counts), "tsumo shortcut: {d}");
            w
        };
        if !wins {
            return None;
        }
        let first = !self.interrupted && p.river.is_empty();
        let ctx = self.context(seat, true, rinshan, false, first);
        self.score(seat, d, &ctx)
    }

    fn ron_score(&self, seat: Seat, c: &Claims) -> Option<WinScore> {
        let chankan = matches!(c.source, ClaimSource::Kakan | ClaimSource::Ankan);
        let ctx = self.context(seat, false, false, chankan, false);
        let s = self.score(seat, c.tile, &ctx)?;
        if c.source == ClaimSource::Ankan && !s.yaku.iter().any(|(n, _)| n.starts_with("kokushi")) {
            return None;
        }
        Some(s)
    }

    // ----- play -----

    /// Applies `action` by `seat`. On error nothing changes.
    pub fn play(&mut self, seat: Seat, action: Action) -> Result<(), IllegalAction> {
        if seat >= self.n() {
            return Err(IllegalAction::NoSuchSeat(seat));
        }
        if self.is_over() {
            return Err(IllegalAction::RoundOver);
        }
        if self.to_act() >> seat & 1 == 0 {
            return Err(IllegalAction::NotYourTurn(seat));
        }
        match self.phase.clone() {
            Phase::Turn {
                after_call,
                rinshan,
                ..
            } => self.play_turn(seat, action, after_call, rinshan),
            Phase::Claims(c) => self.play_claim(seat, action, c),
            Phase::Exchange | Phase::DeclareLack => self.play_start(seat, action),
            Phase::Over => Err(IllegalAction::RoundOver),
        }
    }

    fn check_tile(&self, seat: Seat, id: u8) -> Result<(), IllegalAction> {
        if id >= 136 {
            return Err(IllegalAction::NoSuchTile(id));
        }
        if !self.players[usize::from(seat)].hand.contains(id) {
            return Err(IllegalAction::NotInHand(crate::tiles::mjai_name(id, true)));
        }
        Ok(())
    }

    /// The drawn tile a self-drawn win (`action`) is declared on; none right after a call.
    fn drawn_for_tsumo(&self, action: Action, after_call: bool) -> Result<u8, IllegalAction> {
        self.drawn
            .filter(|_| !after_call)
            .ok_or_else(|| refuse(action, "no drawn tile"))
    }

    fn play_turn(
        &mut self,
        seat: Seat,
        action: Action,
        after_call: bool,
        rinshan: bool,
    ) -> Result<(), IllegalAction> {
        if self.mcr.is_some() {
            return self.mcr_play_turn(seat, action, after_call, rinshan);
        }
        if self.sc.is_some() {
            return self.sichuan_play_turn(seat, action, after_call, rinshan);
        }
        let s = usize::from(seat);
        match action {
            Action::Discard { tile } | Action::Riichi { tile } => {
                self.check_tile(seat, tile)?;
                let riichi = matches!(action, Action::Riichi { .. });
                let p = &self.players[s];
                if p.riichi && Some(tile) != self.drawn {
                    return Err(refuse(
                        action,
                        "in riichi only the drawn tile may be discarded",
                    ));
                }
                if p.kuikae.contains(kind(tile)) {
                    return Err(refuse(
                        action,
                        "swap-calling (kuikae): this kind may not be discarded right after the call",
                    ));
                }
                if riichi {
                    if after_call {
                        return Err(refuse(action, "riichi right after a call"));
                    }
                    if p.riichi {
                        return Err(refuse(action, "already in riichi"));
                    }
                    if !p.is_closed() {
                        return Err(refuse(action, "riichi needs a closed hand"));
                    }
                    if self.scores[s] < self.rules.riichi_min_points {
                        return Err(refuse(action, "riichi needs 1,000 points"));
                    }
                    if self.live_left() < self.rules.riichi_min_tiles {
                        return Err(refuse(action, "riichi needs 4 live tiles left"));
                    }
                    if !self.riichi_discard_ok(seat, tile) {
                        return Err(refuse(action, "the hand is not ready after this discard"));
                    }
                }
                self.do_discard(seat, tile, riichi);
                Ok(())
            }
            Action::Tsumo => {
                let d = self.drawn_for_tsumo(action, after_call)?;
                let score = self
                    .tsumo_score(seat, d, rinshan)
                    .ok_or_else(|| refuse(action, "not a winning hand with a yaku"))?;
                self.finish_wins(SmallVec::from_iter([(seat, seat, d, score)]));
                Ok(())
            }
            Action::Kita { tile } => {
                self.check_tile(seat, tile)?;
                if !self.rules.kita {
                    return Err(refuse(action, "no kita in these rules"));
                }
                if after_call {
                    return Err(refuse(action, "kita right after a call"));
                }
                if kind(tile) != Tile::NORTH {
                    return Err(refuse(action, "only a north may be set aside"));
                }
                if self.live_left() == 0 {
                    return Err(refuse(action, "no kita on the last tile"));
                }
                if self.players[s].riichi && self.drawn != Some(tile) {
                    return Err(refuse(action, "in riichi only a drawn north"));
                }
                self.do_kita(seat, tile);
                Ok(())
            }
            Action::NineTerminals => {
                if after_call || !self.can_nine_terminals(seat) {
                    return Err(refuse(
                        action,
                        "needs nine different terminals and honors on an uninterrupted first draw",
                    ));
                }
                self.finish_draw(DrawKind::NineTerminals);
                Ok(())
            }
            Action::Ankan { kind: k } => {
                let t = Tile::new(k).ok_or_else(|| refuse(action, "no such kind"))?;
                self.kan_turn_ok(after_call)
                    .map_err(|why| refuse(action, why))?;
                if !self.ankan_ok(seat, t) {
                    return Err(refuse(
                        action,
                        "needs four of the kind (in riichi: the drawn tile, waits unchanged)",
                    ));
                }
                self.do_ankan(seat, t);
                Ok(())
            }
            Action::Kakan { tile } => self.play_kakan(seat, tile, after_call),
            _ => Err(refuse(action, "not a turn action")),
        }
    }

    fn play_claim(&mut self, seat: Seat, action: Action, c: Claims) -> Result<(), IllegalAction> {
        let s = usize::from(seat);
        let o = c.offers[s];
        let ok = match action {
            Action::Pass => true,
            Action::Ron => o & OFFER_RON != 0,
            Action::Minkan => o & OFFER_KAN != 0,
            Action::Pon { tiles } => {
                o & OFFER_PON != 0 && {
                    let p = &self.players[s];
                    tiles[0] != tiles[1]
                        && tiles
                            .iter()
                            .all(|&i| p.hand.contains(i) && kind(i) == kind(c.tile))
                        && self.call_leaves_discard(seat, &tiles, &[kind(c.tile)])
                }
            }
            Action::Chi { tiles } => {
                o & OFFER_CHI != 0 && {
                    let mut want = self.chi_choices(seat, c.tile);
                    want.retain(|p| {
                        (p[0] == tiles[0] && p[1] == tiles[1])
                            || (p[0] == tiles[1] && p[1] == tiles[0])
                    });
                    // The offered pairs use one representative per redness; accept any plain copy.
                    let p = &self.players[s];
                    !want.is_empty() || {
                        let alts = self.chi_choices(seat, c.tile);
                        let key = |i: u8| (kind(i), self.rules.red_fives && is_red_id(i));
                        tiles.iter().all(|&i| p.hand.contains(i))
                            && tiles[0] != tiles[1]
                            && alts.iter().any(|a| {
                                let (x, y) = (key(a[0]), key(a[1]));
                                (x, y) == (key(tiles[0]), key(tiles[1]))
                                    || (y, x) == (key(tiles[0]), key(tiles[1]))
                            })
                    }
                }
            }
            _ => false,
        };
        if !ok {
            return Err(refuse(action, "not one of the calls on offer"));
        }
        let Phase::Claims(cl) = &mut self.phase else {
            return Err(IllegalAction::RoundOver);
        };
        cl.answers[s] = Some(action);
        if self.to_act() == 0 {
            self.resolve_claims();
        }
        Ok(())
    }

    // ----- state changes -----

    fn draw(&mut self, seat: Seat, rinshan: bool) {
        if self.mcr.is_some() {
            self.mcr_draw(seat, rinshan);
            return;
        }
        let id = if rinshan {
            let id = if self.sc.is_some() {
                // Sichuan: replacement tiles come from the far end of the one wall.
                self.wall.at(self.parked() + usize::from(self.rinshan))
            } else if self.rules.players == 3 {
                self.wall.at(usize::from(self.rinshan.min(7) ^ 1))
            } else {
                self.wall.at(RINSHAN_AT[usize::from(self.rinshan.min(3))])
            };
            self.rinshan += 1;
            id
        } else {
            let id = self.wall.at(usize::from(self.live_next));
            self.live_next -= 1;
            id
        };
        self.players[usize::from(seat)].add(id);
        self.turn_after_draw(seat, id, rinshan);
        let pai = self.mt(id);
        self.emit(Event::Tsumo { actor: seat, pai });
    }

    /// `seat` drew `id` (already in its hand; `rinshan`: a kong's replacement): its turn.
    fn turn_after_draw(&mut self, seat: Seat, id: u8, rinshan: bool) {
        self.drawn = Some(id);
        self.phase = Phase::Turn {
            seat,
            after_call: false,
            rinshan,
        };
    }

    fn reveal_dora(&mut self) {
        if self.sc.is_none() && usize::from(self.dora) < DORA_AT.len() {
            let id = self.wall.at(self.dora_at(usize::from(self.dora)));
            self.dora += 1;
            let m = self.mt(id);
            self.emit(Event::Dora { dora_marker: m });
        }
    }

    fn reveal_pending(&mut self) {
        while self.pending_dora > 0 {
            self.pending_dora -= 1;
            self.reveal_dora();
        }
    }

    fn do_discard(&mut self, seat: Seat, tile: u8, riichi: bool) {
        let s = usize::from(seat);
        let tsumogiri = self.drawn == Some(tile);
        let first = self.players[s].river.is_empty() && !self.interrupted;
        if riichi {
            self.emit(Event::Reach { actor: seat });
        }
        {
            let p = &mut self.players[s];
            p.take(tile);
            if p.riichi {
                p.ippatsu = false;
            }
            p.river.push(RiverTile {
                tile,
                tsumogiri,
                riichi,
                called: false,
            });
            let k = kind(tile);
            p.discarded.insert(k);
            if !k.is_terminal_or_honor() {
                p.nagashi = false;
            }
            p.temp_furiten = false;
            p.kuikae = TileSet::EMPTY;
            if riichi {
                p.double_riichi = first;
            }
        }
        self.players[s].waits = self.compute_waits(seat);
        self.drawn = None;
        self.discards += 1;
        let pai = self.mt(tile);
        self.emit(Event::Dahai {
            actor: seat,
            pai,
            tsumogiri,
        });
        self.reveal_pending();
        // Aborts that only a ron can prevent.
        let mut abort = None;
        if self.rules.four_winds && self.n() == 4 && !self.interrupted && self.discards == 4 {
            let k0 = kind(tile);
            if k0.is_wind()
                && self
                    .players
                    .iter()
                    .all(|p| p.river.len() == 1 && kind(p.river[0].tile) == k0)
            {
                abort = Some(DrawKind::FourWinds);
            }
        }
        if riichi
            && self.rules.four_riichi
            && self.n() == 4
            && self.players.iter().filter(|p| p.riichi).count() == 3
        {
            abort = Some(DrawKind::FourRiichi);
        }
        if self.rules.four_kans && self.kans == 4 && self.kan_seats.count_ones() > 1 {
            abort = Some(DrawKind::FourKans);
        }
        self.open_claims(seat, tile, ClaimSource::Discard { riichi }, abort);
    }

    /// Offers `tile` to the other seats; resolves at once when nobody can claim.
    fn open_claims(&mut self, from: Seat, tile: u8, source: ClaimSource, abort: Option<DrawKind>) {
        let mut c = Claims {
            from,
            tile,
            source,
            offers: [0; 4],
            answers: [None; 4],
            abort,
        };
        let k = kind(tile);
        let last = if self.mcr.is_some() {
            self.mcr_wall_last(from)
        } else {
            self.live_left() == 0
        };
        let calls_ok = matches!(source, ClaimSource::Discard { .. }) && abort.is_none() && !last;
        for d in 1..self.n() {
            let seat = self.next(from, d);
            if self.mcr.is_some() {
                c.offers[usize::from(seat)] = self.mcr_offer(seat, &c, calls_ok, d);
                continue;
            }
            if self.sc.is_some() {
                c.offers[usize::from(seat)] = self.sichuan_offer(seat, &c, calls_ok);
                continue;
            }
            let p = &self.players[usize::from(seat)];
            let mut o = 0u8;
            if p.waits.contains(k) && !p.is_furiten() && self.ron_score(seat, &c).is_some() {
                o |= OFFER_RON;
            }
            if calls_ok && !p.riichi {
                let n = p.counts.get(k);
                if n >= 2 && self.pon_possible(seat, tile) {
                    o |= OFFER_PON;
                }
                if n >= 3 && self.kans < 4 {
                    o |= OFFER_KAN;
                }
                if d == 1 && self.rules.chi && self.chi_possible(seat, tile) {
                    o |= OFFER_CHI;
                }
            }
            c.offers[usize::from(seat)] = o;
        }
        self.phase = Phase::Claims(c);
        if self.to_act() == 0 {
            self.resolve_claims();
        }
    }

    fn resolve_claims(&mut self) {
        let Phase::Claims(c) = self.phase.clone() else {
            return;
        };
        if self.mcr.is_some() {
            self.mcr_resolve(c);
            return;
        }
        if self.sc.is_some() {
            self.sichuan_resolve(c);
            return;
        }
        let k = kind(c.tile);
        // Every seat that could have won on this tile and did not is furiten.
        let mut rons: SmallVec<[Seat; 3]> = SmallVec::new();
        for d in 1..self.n() {
            let seat = self.next(c.from, d);
            let ron = c.answers[usize::from(seat)] == Some(Action::Ron);
            if ron {
                rons.push(seat);
            } else {
                let offered = c.offers[usize::from(seat)] & OFFER_RON != 0;
                let p = &mut self.players[usize::from(seat)];
                // A closed kan is a chance to win only for thirteen orphans (offered or not).
                if p.waits.contains(k) && (offered || c.source != ClaimSource::Ankan) {
                    p.temp_furiten = true;
                    if p.riichi {
                        p.riichi_furiten = true;
                    }
                }
            }
        }
        if !rons.is_empty() {
            if rons.len() == 3 && self.rules.triple_ron_abort {
                self.finish_draw(DrawKind::TripleRon);
                return;
            }
            if !self.rules.double_ron {
                rons.truncate(1);
            }
            let mut wins = SmallVec::new();
            for &seat in &rons {
                if let Some(score) = self.ron_score(seat, &c) {
                    wins.push((seat, c.from, c.tile, score));
                }
            }
            self.finish_wins(wins);
            return;
        }
        if let ClaimSource::Discard { riichi: true } = c.source {
            let s = usize::from(c.from);
            self.players[s].riichi = true;
            self.players[s].ippatsu = true;
            self.scores[s] -= 1000;
            self.sticks += 1;
            let scores = self.scores;
            let mut deltas = [0; 4];
            deltas[s] = -1000;
            self.emit(Event::ReachAccepted {
                actor: c.from,
                deltas,
                scores,
            });
        }
        if let Some(kind) = c.abort {
            self.finish_draw(kind);
            return;
        }
        match c.source {
            ClaimSource::Kita => {
                for p in &mut self.players {
                    p.ippatsu = false;
                }
                self.draw(c.from, true);
            }
            ClaimSource::Kakan | ClaimSource::Ankan => {
                if c.source == ClaimSource::Kakan {
                    for p in &mut self.players {
                        p.ippatsu = false;
                    }
                    // The added kan stands: an earlier kan's indicator turns now, its own
                    // after the replacement tile's discard (a robbed kan turns neither).
                    self.reveal_pending();
                    self.pending_dora += 1;
                }
                self.draw(c.from, true);
            }
            ClaimSource::Discard { .. } => {
                // Pon or kan first, then chi.
                if self.call_pon_or_kan(&c) {
                    return;
                }
                let next = self.next(c.from, 1);
                if let Some(Action::Chi { tiles }) = c.answers[usize::from(next)] {
                    self.do_call(next, &c, MeldKind::Chi, &tiles);
                    return;
                }
                if self.live_left() == 0 {
                    self.finish_exhaustive();
                } else {
                    self.draw(next, false);
                }
            }
        }
    }

    fn do_call(&mut self, seat: Seat, c: &Claims, kind_: MeldKind, own: &[u8]) {
        let s = usize::from(seat);
        let reds = self.rules.red_fives;
        let from_rel = (seat + self.n() - c.from) % self.n();
        let mut ids = [255u8; 4];
        let mut pieces: SmallVec<[Piece; 4]> = SmallVec::new();
        for (i, &id) in own.iter().enumerate() {
            ids[i] = id;
            pieces.push(piece(id, reds));
        }
        ids[own.len()] = c.tile;
        pieces.push(piece(c.tile, reds));
        let Ok(meld) = Meld::new(kind_, &pieces, Some(piece(c.tile, reds)), Some(from_rel)) else {
            debug_assert!(false, "call tiles were checked");
            return;
        };
        let k = kind(c.tile);
        {
            let d = &mut self.players[usize::from(c.from)];
            if let Some(last) = d.river.last_mut() {
                last.called = true;
            }
            d.nagashi = false;
        }
        for pl in &mut self.players {
            pl.ippatsu = false;
        }
        self.interrupted = true;
        let p = &mut self.players[s];
        for &id in own {
            p.take(id);
        }
        p.melds.push(CalledMeld {
            meld,
            ids,
            called: c.tile,
            from: c.from,
        });
        // Kuikae: the called kind, and for a chi from an end the other end.
        p.kuikae = TileSet::EMPTY;
        if self.rules.kuikae_forbidden && kind_ != MeldKind::Minkan {
            p.kuikae.insert(k);
            if kind_ == MeldKind::Chi {
                let lo = meld.base();
                if lo == k && k.rank() <= 6 {
                    if let Some(t) = Tile::new(k.as_u8() + 3) {
                        p.kuikae.insert(t);
                    }
                } else if lo.rank() + 2 == k.rank()
                    && k.rank() >= 4
                    && let Some(t) = Tile::new(k.as_u8() - 3)
                {
                    p.kuikae.insert(t);
                }
            }
        }
        // Pao: the third dragon set or the fourth wind set.
        if self.rules.pao && matches!(kind_, MeldKind::Pon | MeldKind::Minkan) && k.is_honor() {
            let sets = |dragon: bool| {
                p.melds
                    .iter()
                    .filter(|m| {
                        m.meld.kind() != MeldKind::Chi
                            && m.meld.base().is_dragon() == dragon
                            && m.meld.base().is_honor()
                    })
                    .count()
            };
            if (k.is_dragon() && sets(true) == 3) || (k.is_wind() && sets(false) == 4) {
                p.pao = Some(c.from);
            }
        }
        let consumed: SmallVec<[MjaiTile; 3]> =
            own.iter().map(|&i| MjaiTile::id(i, reds)).collect();
        let pai = MjaiTile::id(c.tile, reds);
        let ev = match kind_ {
            MeldKind::Chi => Event::Chi {
                actor: seat,
                target: c.from,
                pai,
                consumed: [consumed[0], consumed[1]],
            },
            MeldKind::Pon => Event::Pon {
                actor: seat,
                target: c.from,
                pai,
                consumed: [consumed[0], consumed[1]],
            },
            _ => Event::Daiminkan {
                actor: seat,
                target: c.from,
                pai,
                consumed: [consumed[0], consumed[1], consumed[2]],
            },
        };
        self.emit(ev);
        self.drawn = None;
        if kind_ == MeldKind::Minkan {
            self.kans += 1;
            self.kan_seats |= 1 << seat;
            self.pending_dora += 1;
            if self.sc.is_some() && self.mcr.is_none() {
                self.sichuan_kong_pay(seat, SettleKind::GangOpen, c.from);
            }
            self.draw(seat, true);
        } else {
            self.phase = Phase::Turn {
                seat,
                after_call: true,
                rinshan: false,
            };
        }
    }

    fn do_ankan(&mut self, seat: Seat, t: Tile) {
        let s = usize::from(seat);
        let reds = self.rules.red_fives;
        self.reveal_pending();
        let ids: SmallVec<[u8; 4]> = self.players[s].hand.of_kind(t).collect();
        let pieces: SmallVec<[Piece; 4]> = ids.iter().map(|&i| piece(i, reds)).collect();
        let Ok(meld) = Meld::new(MeldKind::Ankan, &pieces, None, None) else {
            debug_assert!(false, "four of a kind");
            return;
        };
        let p = &mut self.players[s];
        for &i in &ids {
            p.take(i);
        }
        let mut arr = [255u8; 4];
        arr[..4].copy_from_slice(&ids[..4]);
        p.melds.push(CalledMeld {
            meld,
            ids: arr,
            called: 255,
            from: seat,
        });
        for pl in &mut self.players {
            pl.ippatsu = false;
        }
        self.interrupted = true;
        self.kans += 1;
        self.kan_seats |= 1 << seat;
        self.drawn = None;
        let consumed = [ids[0], ids[1], ids[2], ids[3]].map(|i| MjaiTile::id(i, reds));
        self.emit(Event::Ankan {
            actor: seat,
            consumed,
        });
        self.reveal_dora();
        if self.sc.is_some() && self.mcr.is_none() {
            self.sichuan_kong_pay(seat, SettleKind::GangConcealed, seat);
        }
        let tile = ids[0];
        if self.rules.chankan_ankan_kokushi {
            self.open_claims(seat, tile, ClaimSource::Ankan, None);
        } else {
            self.draw(seat, true);
        }
    }

    /// Sets a north aside: an earlier kan's pending indicator turns, the first
    /// go-around ends, the north is offered for ron (not chankan; ippatsu still counts), then
    /// every ippatsu ends and the replacement tile is drawn.
    fn do_kita(&mut self, seat: Seat, tile: u8) {
        let s = usize::from(seat);
        self.reveal_pending();
        let p = &mut self.players[s];
        p.take(tile);
        p.kita.push(tile);
        // As on Tenhou: a kita ends the uninterrupted first go-around; every ippatsu ends once
        // the north is not robbed (a ron on the north itself keeps ippatsu).
        self.interrupted = true;
        self.drawn = None;
        let pai = self.mt(tile);
        self.emit(Event::Nukidora { actor: seat, pai });
        self.open_claims(seat, tile, ClaimSource::Kita, None);
    }

    /// An added kan (加槓) on one's own turn, in every flow: the tile is the fourth of a pon
    /// this seat called, and a kan is allowed now ([`Round::kan_turn_ok`]).
    fn play_kakan(&mut self, seat: Seat, tile: u8, after_call: bool) -> Result<(), IllegalAction> {
        let action = Action::Kakan { tile };
        self.check_tile(seat, tile)?;
        self.kan_turn_ok(after_call)
            .map_err(|why| refuse(action, why))?;
        let t = kind(tile);
        let Some(mi) = self.players[usize::from(seat)]
            .melds
            .iter()
            .position(|m| m.meld.kind() == MeldKind::Pon && m.meld.base() == t)
        else {
            return Err(refuse(action, "no pon of this kind"));
        };
        self.do_kakan(seat, tile, mi);
        Ok(())
    }

    /// Gives a discard to the first seat after the discarder that answered pon or open kan
    /// (they outrank chi; at most one seat can hold a pair of the kind); false when none did.
    fn call_pon_or_kan(&mut self, c: &Claims) -> bool {
        for d in 1..self.n() {
            let seat = self.next(c.from, d);
            match c.answers[usize::from(seat)] {
                Some(Action::Pon { tiles }) => {
                    self.do_call(seat, c, MeldKind::Pon, &tiles);
                    return true;
                }
                Some(Action::Minkan) => {
                    let ids: SmallVec<[u8; 3]> = self.players[usize::from(seat)]
                        .hand
                        .of_kind(kind(c.tile))
                        .collect();
                    self.do_call(seat, c, MeldKind::Minkan, &ids);
                    return true;
                }
                _ => {}
            }
        }
        false
    }

    fn do_kakan(&mut self, seat: Seat, tile: u8, mi: usize) {
        let s = usize::from(seat);
        let reds = self.rules.red_fives;
        let p = &mut self.players[s];
        let old = p.melds[mi];
        let mut pieces: SmallVec<[Piece; 4]> = old.meld.pieces().iter().copied().collect();
        pieces.push(piece(tile, reds));
        let Ok(meld) = Meld::new(MeldKind::Kakan, &pieces, old.meld.called(), old.meld.from())
        else {
            debug_assert!(false, "a pon plus its fourth tile");
            return;
        };
        p.take(tile);
        let mut ids = old.ids;
        ids[3] = tile;
        p.melds[mi] = CalledMeld { meld, ids, ..old };
        self.interrupted = true;
        self.kans += 1;
        self.kan_seats |= 1 << seat;
        self.drawn = None;
        let consumed = [old.ids[0], old.ids[1], old.ids[2]].map(|i| MjaiTile::id(i, reds));
        self.emit(Event::Kakan {
            actor: seat,
            pai: MjaiTile::id(tile, reds),
            consumed,
        });
        self.open_claims(seat, tile, ClaimSource::Kakan, None);
    }

    // ----- endings -----

    fn finish_wins(&mut self, wins: SmallVec<[(Seat, Seat, u8, WinScore); 3]>) {
        let mut deltas = [0i32; 4];
        let mut records: Vec<WinRecord> = Vec::with_capacity(wins.len());
        let dealer = self.setup.dealer;
        let honba = i32::try_from(self.setup.honba).unwrap_or(i32::MAX / 1000);
        for (i, (seat, from, tile, score)) in wins.into_iter().enumerate() {
            let mut wd = [0i32; 4];
            let w = usize::from(seat);
            let first = i == 0;
            // The scorer was given every honba and every stick; take back what this winner
            // does not get.
            let sticks = if first { 1000 * self.sticks as i32 } else { 0 };
            let honba_paid = if first || !self.rules.honba_to_first_winner {
                honba
            } else {
                0
            };
            let pao = self.players[w].pao.filter(|_| score.pao_yakuman > 0);
            match score.payments {
                Payments::Ron(ron) => {
                    let honba_due = self.rules.honba_value() * honba_paid;
                    let hand = ron as i32 - self.rules.honba_value() * honba;
                    match pao {
                        // The liable seat pays half the hand (the whole hand, a compound
                        // yakuman included) and every honba; the discarder the other half.
                        Some(p) if p != from => {
                            let half = hand / 2;
                            wd[usize::from(p)] -= half + honba_due;
                            wd[usize::from(from)] -= hand - half;
                        }
                        _ => wd[usize::from(from)] -= hand + honba_due,
                    }
                    wd[w] += hand + honba_due + sticks;
                }
                Payments::Tsumo(d, o) => {
                    let mut got = 0;
                    for x in 0..self.n() {
                        if x == seat {
                            continue;
                        }
                        let pay = if x == dealer { d.unwrap_or(o) } else { o } as i32;
                        got += pay;
                        match pao {
                            Some(p) => wd[usize::from(p)] -= pay,
                            None => wd[usize::from(x)] -= pay,
                        }
                    }
                    wd[w] += got + sticks;
                }
            }
            let ura = if self.players[w].riichi {
                (0..usize::from(self.dora))
                    .map(|j| self.wall.at(self.ura_at(j)))
                    .collect()
            } else {
                SmallVec::new()
            };
            for (d, x) in deltas.iter_mut().zip(wd) {
                *d += x;
            }
            records.push(WinRecord {
                seat,
                from,
                tile,
                score,
                pao,
                ura,
                deltas: wd,
            });
        }
        self.sticks = 0;
        let dealer_keeps = records.iter().any(|r| r.seat == dealer);
        for (score, d) in self.scores.iter_mut().zip(deltas) {
            *score += d;
        }
        if self.log.is_some() {
            let mut scores = self.scores;
            for (s, d) in scores.iter_mut().zip(deltas) {
                *s -= d;
            }
            for r in &records {
                let reds = self.rules.red_fives;
                for (s, d) in scores.iter_mut().zip(r.deltas) {
                    *s += d;
                }
                let ev = Event::Hora {
                    actor: r.seat,
                    target: r.from,
                    pai: MjaiTile::id(r.tile, reds),
                    uradora_markers: r.ura.iter().map(|&i| MjaiTile::id(i, reds)).collect(),
                    yakus: r.score.yaku.iter().cloned().collect(),
                    fu: r.score.fu,
                    fan: r.score.han,
                    yakuman: r.score.yakuman,
                    hora_points: r.score.total,
                    deltas: r.deltas,
                    scores,
                    pao: None,
                };
                self.emit(ev);
            }
            self.emit(Event::EndKyoku);
        }
        self.result = Some(RoundResult {
            end: RoundEnd::Wins(records),
            deltas,
            scores: self.scores,
            sticks: 0,
            dealer_keeps,
            sichuan: None,
        });
        self.phase = Phase::Over;
    }

    fn finish_draw(&mut self, kind: DrawKind) {
        self.finish_draw_with(kind, [false; 4], [0; 4]);
    }

    fn finish_draw_with(&mut self, kind: DrawKind, tenpai: [bool; 4], deltas: [i32; 4]) {
        for (score, d) in self.scores.iter_mut().zip(deltas) {
            *score += d;
        }
        let dealer_keeps = match kind {
            DrawKind::Exhaustive | DrawKind::NagashiMangan => {
                tenpai[usize::from(self.setup.dealer)]
            }
            _ => true,
        };
        if self.log.is_some() {
            self.emit(Event::Ryukyoku {
                reason: kind.name().to_string(),
                tenpais: tenpai,
                deltas,
                scores: self.scores,
            });
            self.emit(Event::EndKyoku);
        }
        self.result = Some(RoundResult {
            end: RoundEnd::Draw { kind, tenpai },
            deltas,
            scores: self.scores,
            sticks: self.sticks,
            dealer_keeps,
            sichuan: None,
        });
        self.phase = Phase::Over;
    }

    fn finish_exhaustive(&mut self) {
        let n = usize::from(self.n());
        let tenpai: [bool; 4] =
            core::array::from_fn(|s| s < n && !self.players[s].waits.is_empty());
        let mut deltas = [0i32; 4];
        let nagashi: SmallVec<[usize; 4]> = (0..n)
            .filter(|&s| {
                self.rules.nagashi_mangan
                    && self.players[s].nagashi
                    && !self.players[s].river.is_empty()
            })
            .collect();
        if !nagashi.is_empty() {
            let dealer = usize::from(self.setup.dealer);
            for &w in &nagashi {
                for x in 0..n {
                    if x == w {
                        continue;
                    }
                    let pay = if w == dealer || x == dealer {
                        4000
                    } else {
                        2000
                    };
                    deltas[x] -= pay;
                    deltas[w] += pay;
                }
            }
            self.finish_draw_with(DrawKind::NagashiMangan, tenpai, deltas);
            return;
        }
        // 3,000 with four players, 2,000 with three, split between ready and not-ready seats.
        let seats = n as i32;
        let pot = 1000 * (seats - 1);
        let t = tenpai.iter().filter(|&&t| t).count() as i32;
        if t > 0 && t < seats {
            for (d, &r) in deltas.iter_mut().zip(&tenpai).take(n) {
                *d = if r { pot / t } else { -pot / (seats - t) };
            }
        }
        self.finish_draw_with(DrawKind::Exhaustive, tenpai, deltas);
    }
}

/// What one seat may see of a round (観測): its own hand, every river (tsumogiri and called
/// marks), every meld, riichi declarations, dora indicators, scores, sticks, tiles left. Other
/// seats' concealed tiles and the wall are not in it.
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
    /// Every seat's kita (norths set aside, three players).
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
    /// Sichuan / hongzhong: the tile each seat won on (its id; a seat wins once), `None` for a
    /// seat that has not won. A seat that won has left the table in 血战到底.
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
    /// What `seat` sees now.
    pub fn observation(&self, seat: Seat) -> Observation {
        let s = usize::from(seat & 3);
        let drawn = match self.phase {
            Phase::Turn { seat: t, .. } if t == seat => self.drawn,
            _ => None,
        };
        Observation {
            seat: seat & 3,
            hand: self.players[s].hand.iter().collect(),
            drawn,
            rivers: core::array::from_fn(|i| self.players[i].river.clone()),
            melds: core::array::from_fn(|i| self.players[i].melds.clone()),
            riichi: core::array::from_fn(|i| self.players[i].riichi),
            kita: core::array::from_fn(|i| self.players[i].kita.clone()),
            dora_indicators: self.dora_indicators().collect(),
            scores: self.scores,
            sticks: self.sticks,
            honba: self.setup.honba,
            round_wind: self.setup.round_wind,
            dealer: self.setup.dealer,
            live_left: self.live_left(),
            legal: self.legal_actions(seat),
            lacks: self.sc.as_deref().map_or([None; 4], |sc| sc.lack),
            won_with: core::array::from_fn(|i| {
                self.sichuan_wins()
                    .iter()
                    .find(|w| usize::from(w.seat) == i)
                    .map(|w| w.tile)
            }),
            exchange_offset: self.view(seat).exchange_offset(),
            exchange_out: self.exchange_out(seat & 3),
            exchange_in: self.exchange_in(seat & 3),
        }
    }
}
