//! The state every flow shares: the table ([`Table`]: rules, scores, the wall and how far it
//! was drawn, the seats, the phase, the event log) and the seats' state ([`Player`]), with the
//! changes that are the same in every flow (a tile into or out of a hand, a discard into the
//! river, a closed or added kan, a draw's turn). Nothing here asks which flow is played: the
//! flows ([`super::flow`]) call these and decide what follows.

use mj_hu::HandIndex;
use mj_tiles::{Meld, MeldKind, Piece, Tile, TileCounts, TileSet};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::action::{Action, Seat};
use crate::mjai::{Event, MjaiTile};
use crate::rules::GameRules;
use crate::tiles::{Ids, kind, piece};
use crate::wall::Wall;

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

/// One seat's state in a round. The riichi fields (riichi, ippatsu, furiten, kuikae, nagashi,
/// pao) stay at their start values in the other flows, except `temp_furiten`, which the Sichuan
/// machinery uses for 过水不胡; `kita` holds the norths set aside in three-player riichi and
/// the flowers set aside in MCR.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub(crate) hand: Ids,
    pub(crate) counts: TileCounts,
    /// The same tiles as `mj_hu` table offsets (no wild kinds), kept with `counts` so that the
    /// riichi flow's ready checks read them without converting the counts each time. Not
    /// serialized: a deserialized [`super::Round`] rebuilds it from `counts`
    /// ([`Player::rebuild_index`]).
    #[serde(skip, default = "no_tiles")]
    pub(crate) index: HandIndex,
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
    /// Norths set aside as kita (抜きドラ), tile ids; MCR: the flowers set aside.
    pub(crate) kita: SmallVec<[u8; 4]>,
}

/// The kept offsets of no tiles.
fn no_tiles() -> HandIndex {
    HandIndex::new(TileSet::EMPTY)
}

impl Player {
    fn new() -> Player {
        Player {
            hand: Ids::default(),
            counts: TileCounts::EMPTY,
            index: no_tiles(),
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

    pub(super) fn add(&mut self, id: u8) {
        self.hand.insert(id);
        let k = kind(id);
        let _ = self.counts.add(k);
        let _ = self.index.add(k);
    }

    pub(super) fn take(&mut self, id: u8) {
        self.hand.remove(id);
        let k = kind(id);
        self.counts.remove(k);
        self.index.remove(k);
    }

    /// The kinds held four times in the hand: `counts.kinds_at_least(4)` from the kept eigens
    /// (a mask per suit instead of a pass over the 34 counts).
    pub(super) fn kinds_held_four(&self) -> TileSet {
        let e = self.index.real();
        let mut bits = 0u64;
        // A digit of 4 has its bit 2 set (no digit exceeds 4): most hands have none.
        if e.iter().fold(0, |a, x| a | x.raw()) & 0x4_4444_4444 != 0 {
            for (s, e) in e.iter().enumerate() {
                bits |= u64::from(e.ranks_at_least(4)) << (9 * s);
            }
        }
        let four = TileSet::from_bits(bits);
        debug_assert_eq!(four, self.counts.kinds_at_least(4));
        four
    }

    /// Sets `index` from `counts` (after a deserialization or a relabelling).
    pub(super) fn rebuild_index(&mut self) {
        self.index = HandIndex::from_counts(&self.counts, TileSet::EMPTY);
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

    pub(super) fn meld_counts(&self) -> TileCounts {
        let mut c = TileCounts::EMPTY;
        for m in &self.melds {
            for t in m.meld.tiles() {
                let _ = c.add(t);
            }
        }
        c
    }

    /// The declared melds as the scorer reads them.
    pub(super) fn meld_list(&self) -> SmallVec<[Meld; 4]> {
        self.melds.iter().map(|m| m.meld).collect()
    }
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
    /// The round is over; see [`super::Round::result`].
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

/// The state of a round that every flow shares (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Table {
    pub(super) rules: GameRules,
    pub(super) setup: RoundSetup,
    pub(super) scores: [i32; 4],
    pub(super) sticks: u32,
    pub(super) wall: Wall,
    /// The next live position to draw (counting down).
    pub(super) live_next: u8,
    /// Replacement tiles taken (from the dead wall or the far end).
    pub(super) rinshan: u8,
    pub(super) players: [Player; 4],
    pub(super) phase: Phase,
    pub(super) drawn: Option<u8>,
    /// The first go-around was interrupted (a call, a kan, a kita, a win that left).
    pub(super) interrupted: bool,
    pub(super) discards: u8,
    pub(super) kans: u8,
    pub(super) result: Option<RoundResult>,
    pub(super) log: Option<Vec<Event>>,
}

impl Table {
    /// A table before the deal: empty hands, the phase `Over` until the flow starts.
    pub(super) fn new(
        rules: GameRules,
        setup: RoundSetup,
        wall: Wall,
        live_next: u8,
        record: bool,
    ) -> Table {
        Table {
            rules,
            setup,
            scores: setup.scores,
            sticks: setup.sticks,
            wall,
            live_next,
            rinshan: 0,
            players: core::array::from_fn(|_| Player::new()),
            phase: Phase::Over,
            drawn: None,
            interrupted: false,
            discards: 0,
            kans: 0,
            result: None,
            log: record.then(Vec::new),
        }
    }

    /// Seats at the table (4, or 3).
    #[inline]
    pub(super) fn n(&self) -> u8 {
        self.rules.players
    }

    /// The seat `d` places after `s` in turn order.
    #[inline]
    pub(super) fn next(&self, s: Seat, d: u8) -> Seat {
        if self.rules.players == 4 {
            (s + d) & 3
        } else {
            (s + d) % self.rules.players
        }
    }

    /// `seat`'s wind, counted from the dealer (0 East).
    pub(super) fn seat_wind(&self, seat: Seat) -> u8 {
        (seat + self.n() - self.setup.dealer) % self.n()
    }

    pub(super) fn player(&self, seat: Seat) -> &Player {
        &self.players[usize::from(seat)]
    }

    pub(super) fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[usize::from(seat)]
    }

    /// A tile id as mjai writes it, red fives per the rules.
    pub(super) fn mt(&self, id: u8) -> MjaiTile {
        MjaiTile::id(id, self.rules.red_fives)
    }

    /// The piece of a tile id, red per the rules.
    pub(super) fn piece(&self, id: u8) -> Piece {
        piece(id, self.rules.red_fives)
    }

    pub(super) fn emit(&mut self, ev: Event) {
        if let Some(log) = self.log.as_mut() {
            log.push(ev);
        }
    }

    /// [`Table::emit`] for the events of every turn: the event is built only when the round
    /// records (building and dropping it costs a draw or a discard more than the rest).
    #[inline]
    pub(super) fn emit_with(&mut self, ev: impl FnOnce(&Table) -> Event) {
        if self.log.is_some() {
            let ev = ev(self);
            self.emit(ev);
        }
    }

    /// Live tiles left when the positions below `floor` are not drawn (the dead wall, or the
    /// positions parked below the Chinese flows' tiles).
    pub(super) fn live_left_above(&self, floor: usize) -> u8 {
        (i16::from(self.live_next) + 1 - floor as i16 - i16::from(self.rinshan)).max(0) as u8
    }

    /// `seat` drew `id` (already in its hand; `rinshan`: a kan's replacement): its turn.
    pub(super) fn turn_after_draw(&mut self, seat: Seat, id: u8, rinshan: bool) {
        self.drawn = Some(id);
        self.phase = Phase::Turn {
            seat,
            after_call: false,
            rinshan,
        };
    }

    /// The discard itself, the same in every flow: the tile leaves the hand for the river (the
    /// riichi marks, the furiten and nagashi bookkeeping, kuikae cleared), `reach` and
    /// `dahai` are logged. The flow then updates the seat's waits and offers the tile.
    pub(super) fn discard(&mut self, seat: Seat, tile: u8, riichi: bool) {
        let s = usize::from(seat);
        let tsumogiri = self.drawn == Some(tile);
        let first = self.players[s].river.is_empty() && !self.interrupted;
        if riichi {
            self.emit(Event::Reach { actor: seat });
        }
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
        self.drawn = None;
        self.discards += 1;
        self.emit_with(|t| Event::Dahai {
            actor: seat,
            pai: t.mt(tile),
            tsumogiri,
        });
    }

    /// Ends every seat's ippatsu.
    pub(super) fn end_ippatsu(&mut self) {
        for p in &mut self.players {
            p.ippatsu = false;
        }
    }

    /// A closed kan of `t` (held four times) on `seat`'s turn: the meld, ippatsu ends, the
    /// go-around is interrupted, `ankan` is logged. The replacement draw is the flow's.
    pub(super) fn ankan(&mut self, seat: Seat, t: Tile) {
        let s = usize::from(seat);
        let ids: SmallVec<[u8; 4]> = self.players[s].hand.of_kind(t).collect();
        let pieces: SmallVec<[Piece; 4]> = ids.iter().map(|&i| self.piece(i)).collect();
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
        self.end_ippatsu();
        self.interrupted = true;
        self.kans += 1;
        self.drawn = None;
        let consumed = [ids[0], ids[1], ids[2], ids[3]].map(|i| self.mt(i));
        self.emit(Event::Ankan {
            actor: seat,
            consumed,
        });
    }

    /// The pon of `seat` that `tile` would make an added kan, after the checks every flow
    /// makes: the tile is in hand, `kan` (the flow's answer to whether a kan is allowed now)
    /// holds, and the seat has a pon of its kind. Returns the meld's index.
    pub(super) fn kakan_target(
        &self,
        seat: Seat,
        tile: mj_tiles::TileId,
        kan: Result<(), &'static str>,
    ) -> Result<usize, crate::action::IllegalAction> {
        let action = crate::action::Action::Kakan { tile };
        let tile = self.check_tile(seat, tile)?;
        kan.map_err(|why| crate::action::refuse(action, why))?;
        let t = kind(tile);
        self.players[usize::from(seat)]
            .melds
            .iter()
            .position(|m| m.meld.kind() == MeldKind::Pon && m.meld.base() == t)
            .ok_or_else(|| crate::action::refuse(action, "no pon of this kind"))
    }

    /// An added kan: `tile` joins the pon at `mi`, the go-around is interrupted, `kakan` is
    /// logged. The flow then offers the tile (chankan).
    pub(super) fn kakan(&mut self, seat: Seat, tile: u8, mi: usize) {
        let s = usize::from(seat);
        let piece = self.piece(tile);
        let p = &mut self.players[s];
        let old = p.melds[mi];
        let mut pieces: SmallVec<[Piece; 4]> = old.meld.pieces().iter().copied().collect();
        pieces.push(piece);
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
        self.drawn = None;
        let consumed = [old.ids[0], old.ids[1], old.ids[2]].map(|i| self.mt(i));
        let pai = self.mt(tile);
        self.emit(Event::Kakan {
            actor: seat,
            pai,
            consumed,
        });
    }

    /// Tile ids accounted for in hands, melds, rivers (not called away) and set aside; the
    /// flow adds what its wall still holds.
    pub(super) fn tiles_at_seats(&self) -> usize {
        let mut n = 0usize;
        for p in &self.players {
            n += p.hand.len() as usize;
            for m in &p.melds {
                n += m.meld.kind().tile_count();
            }
            n += p.river.iter().filter(|t| !t.called).count();
            n += p.kita.len();
        }
        n
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

/// A seat may win on the tile.
pub(super) const OFFER_RON: u8 = 1;

/// A seat may pon the tile.
pub(super) const OFFER_PON: u8 = 2;

/// A seat may make an open kan of the tile.
pub(super) const OFFER_KAN: u8 = 4;

/// A seat may chi the tile.
pub(super) const OFFER_CHI: u8 = 8;

/// A tile on offer and the answers collected so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// Who discarded (or added to a kan).
    pub from: Seat,
    /// The tile id.
    pub tile: u8,
    /// Where it came from.
    pub source: ClaimSource,
    /// What each seat may do (`OFFER_*` bits).
    pub(super) offers: [u8; 4],
    pub(super) answers: [Option<Action>; 4],
    /// After the claims: the round aborts (four winds, four kans, four riichi) unless a ron.
    pub(super) abort: Option<DrawKind>,
}

impl Claims {
    /// Seats that were offered something and have not answered (a bit per seat).
    pub(super) fn waiting(&self) -> u8 {
        let mut m = 0;
        for s in 0..4 {
            if self.offers[s] != 0 && self.answers[s].is_none() {
                m |= 1 << s;
            }
        }
        m
    }

    /// `seat` was offered a win on the tile.
    pub(super) fn ron_offered(&self, seat: Seat) -> bool {
        self.offers[usize::from(seat)] & OFFER_RON != 0
    }

    /// `seat` answered with a win.
    pub(super) fn answered_ron(&self, seat: Seat) -> bool {
        self.answers[usize::from(seat)] == Some(Action::Ron)
    }
}

/// What a scored win pays and why (the parts of `mj_score::riichi::Score` the game keeps).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct WinScore {
    /// Han (翻), 0 for a yakuman hand.
    pub han: u32,
    /// Fu (符), 0 for a yakuman hand.
    pub fu: u32,
    /// Number of yakuman (役満).
    pub yakuman: u32,
    /// The yaku by name with their han (yakuman with 0).
    pub yaku: SmallVec<[(String, u32); 8]>,
    /// Base payment: what the discarder pays on a ron, or the dealer / each other player on a
    /// tsumo, honba included.
    pub payments: Payments,
    /// Everything the winner receives, honba and sticks included.
    pub total: u32,
    /// The yakuman that make a liable player (包) answer: big three dragons or big four winds.
    /// When it is not 0 the liable player answers for the whole hand (a compound yakuman
    /// included): all of a tsumo, half of a ron by another seat and every honba.
    pub pao_yakuman: u32,
}

/// Who pays what on a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Payments {
    /// The discarder pays this.
    Ron(u32),
    /// The dealer pays the first (absent when the winner is the dealer), every other player
    /// the second.
    Tsumo(Option<u32>, u32),
}

/// What a Sichuan payment outside the hand scores is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SettleKind {
    /// A win (its [`WinRecord`] has the details).
    Win,
    /// 刮风: an open kong on a discard (直杠), paid by the discarder.
    GangOpen,
    /// 刮风: an added kong (补杠), paid by every seat still playing.
    GangAdded,
    /// 下雨: a concealed kong (暗杠), paid by every seat still playing.
    GangConcealed,
    /// 呼叫转移: the kong's owner hands its income to the 杠上炮 winner.
    CallTransfer,
    /// 查花猪: a seat still holding three suits (or the suit it gave up) at the draw.
    FlowerPig,
    /// 查大叫: a seat not ready at the draw pays each ready seat its best hand.
    NotReady,
    /// 退税: a seat not ready at the draw gives back its kong income.
    Refund,
    /// Hongzhong 抓鸟: the birds pointing at the winner.
    Zhuaniao,
}

impl SettleKind {
    /// The name in `settle` events: `win`, `gang_open`, `gang_added`, `gang_concealed`,
    /// `call_transfer`, `flower_pig`, `not_ready`, `refund`, `zhuaniao`.
    pub const fn name(self) -> &'static str {
        match self {
            SettleKind::Win => "win",
            SettleKind::GangOpen => "gang_open",
            SettleKind::GangAdded => "gang_added",
            SettleKind::GangConcealed => "gang_concealed",
            SettleKind::CallTransfer => "call_transfer",
            SettleKind::FlowerPig => "flower_pig",
            SettleKind::NotReady => "not_ready",
            SettleKind::Refund => "refund",
            SettleKind::Zhuaniao => "zhuaniao",
        }
    }

    /// A kong's payment (刮风下雨).
    pub const fn is_kong(self) -> bool {
        matches!(
            self,
            SettleKind::GangOpen | SettleKind::GangAdded | SettleKind::GangConcealed
        )
    }
}

/// One entry of a Sichuan round's ledger: every payment, in the order it happened; each sums
/// to zero.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SettleItem {
    /// What for.
    pub kind: SettleKind,
    /// The seat it is about: the winner, the kong's owner, the paying seat at the draw.
    pub actor: Seat,
    /// Every seat's change.
    pub deltas: [i32; 4],
}

/// A Sichuan round's end beside the [`RoundResult`]'s common fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SichuanResult {
    /// Every payment of the round in order (wins, kongs, transfers, the draw's settlement).
    pub settlement: Vec<SettleItem>,
    /// The suit each seat gave up (0 `m`, 1 `p`, 2 `s`), when declared.
    pub lacks: [Option<u8>; 4],
    /// Seats that won.
    pub won: [bool; 4],
    /// At an exhaustive draw: seats still playing that were ready (not flower pigs).
    pub ready: [bool; 4],
    /// At an exhaustive draw: seats still playing that were flower pigs (花猪).
    pub flower_pigs: [bool; 4],
    /// Who deals the next round: the first winner, the discarder when the first win was on a
    /// discard several seats won on (一炮多响), the dealer again when nobody won.
    pub next_dealer: Seat,
}
