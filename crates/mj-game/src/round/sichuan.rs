//! Sichuan 血战到底 on the shared round machinery: 换三张, 定缺, the Sichuan turn and claims,
//! wins that do not end the round, kong payments (刮风下雨), 呼叫转移 and the settlement at an
//! exhaustive draw (查花猪, 查大叫, 退税). The wall, draws, discards, claim collection, melds,
//! kongs and events are [`Round`]'s own; this module holds what differs.

use mj_hu::{Hand, Rules};
use mj_score::Win;
use mj_score::sichuan::{SichuanScore, Situation};
use mj_tiles::random::SplitMix64;
use mj_tiles::{Meld, MeldKind, Piece, Suit, Tile, TileCounts, TileSet};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use super::{
    ActionList, ClaimSource, Claims, DrawKind, HuSet, OFFER_KAN, OFFER_PON, OFFER_RON, Phase,
    Round, RoundEnd, RoundResult, WinRecord, checker,
};
use crate::action::{Action, IllegalAction, Seat, refuse};
use crate::mjai::Event;
use crate::rules::{Exchange, SichuanTable};
use crate::settle::{Payments, WinScore};
use crate::tiles::kind;
use crate::wall::Wall;

/// 红中 (7z), the hongzhong flow's wildcard.
pub(crate) const HONGZHONG: Tile = Tile::RED;

const SUIT_LETTERS: [&str; 3] = ["m", "p", "s"];

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

/// The Sichuan part of a round's state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SichuanState {
    /// The suit each seat gave up.
    pub(crate) lack: [Option<u8>; 4],
    /// Seats that won and left the table (a bit per seat).
    pub(crate) won: u8,
    /// The two dice of the exchange (from the wall).
    pub(crate) dice: [u8; 2],
    /// The ledger.
    pub(crate) ledger: Vec<SettleItem>,
    /// Ledger indices of kongs whose income went to a 杠上炮 winner.
    pub(crate) transferred: SmallVec<[u16; 4]>,
    /// The wins so far.
    pub(crate) wins: Vec<WinRecord>,
    /// The ledger index of the last kong of the seat to act (its replacement tile is in hand).
    pub(crate) kong: Option<u16>,
    /// The discard on offer follows a kong (杠上炮): that kong's ledger index.
    pub(crate) after_kong: Option<u16>,
    /// Who deals next (set by the first win).
    pub(crate) next_dealer: Option<Seat>,
    /// Exchange choices while they are collected.
    pub(crate) exchange: [Option<[u8; 3]>; 4],
    /// Lack declarations while they are collected.
    pub(crate) declared: [Option<u8>; 4],
    /// The tiles each seat passed in the exchange, once it is done.
    #[serde(default)]
    pub(crate) passed: [Option<[u8; 3]>; 4],
}

impl SichuanState {
    pub(crate) fn new(wall: &Wall) -> SichuanState {
        // The dice come from the wall (FNV-1a of its ids), so a given wall always rolls the same.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for &id in wall.sichuan_ids() {
            h = (h ^ u64::from(id)).wrapping_mul(0x0100_0000_01b3);
        }
        let mut rng = SplitMix64::new(h);
        let d1 = rng.below(6) as u8 + 1;
        let d2 = rng.below(6) as u8 + 1;
        SichuanState {
            lack: [None; 4],
            won: 0,
            dice: [d1, d2],
            ledger: Vec::new(),
            transferred: SmallVec::new(),
            wins: Vec::new(),
            kong: None,
            after_kong: None,
            next_dealer: None,
            exchange: [None; 4],
            declared: [None; 4],
            passed: [None; 4],
        }
    }
}

/// The `mj_hu` rules of a Sichuan win: [`Rules::SICHUAN`], with `honors` on when 7z is wild
/// (`mj_hu` refuses a hand holding an honor kind otherwise, wild or not; a wildcard standing for
/// an honor wins exactly when it could stand for a numbered tile).
pub fn sichuan_hu_rules(wild: bool) -> Rules {
    Rules {
        honors: wild,
        ..Rules::SICHUAN
    }
}

/// The suit index (0..3) of a suited kind.
fn suit_of(t: Tile) -> u8 {
    t.suit().index() as u8
}

fn suit_by_index(i: u8) -> Option<Suit> {
    match i {
        0 => Some(Suit::Man),
        1 => Some(Suit::Pin),
        2 => Some(Suit::Sou),
        _ => None,
    }
}

/// `base * 2^fan`, saturating.
fn stake(base: i32, fan: u32) -> i32 {
    base.saturating_mul(1i32 << fan.min(30))
}

impl Round {
    fn sc(&self) -> Option<&SichuanState> {
        self.sc.as_deref()
    }

    /// Sichuan: `true` once `seat` has won (it has left the table).
    pub fn has_won(&self, seat: Seat) -> bool {
        self.sc().is_some_and(|s| s.won >> (seat & 3) & 1 == 1)
    }

    /// Sichuan: the suit `seat` gave up (定缺), once declared.
    pub fn lack(&self, seat: Seat) -> Option<Suit> {
        self.sc()
            .and_then(|s| s.lack[usize::from(seat & 3)])
            .and_then(suit_by_index)
    }

    /// Sichuan: the payments so far, in order (empty in riichi).
    pub fn settlement(&self) -> &[SettleItem] {
        self.sc().map_or(&[], |s| &s.ledger)
    }

    /// Sichuan: the wins so far, in order (empty in riichi).
    pub fn sichuan_wins(&self) -> &[WinRecord] {
        self.sc().map_or(&[], |s| &s.wins)
    }

    /// Sichuan: the three ids `seat` passes in the exchange (its choice while the exchange is
    /// collected, then what it passed). Only for that seat's own eyes.
    pub(crate) fn exchange_out(&self, seat: Seat) -> Option<[u8; 3]> {
        let sc = self.sc()?;
        let s = usize::from(seat & 3);
        sc.exchange[s].or(sc.passed[s])
    }

    /// Sichuan: the three ids `seat` received in the exchange, once it is done.
    pub(crate) fn exchange_in(&self, seat: Seat) -> Option<[u8; 3]> {
        if matches!(self.phase, Phase::Exchange) {
            return None;
        }
        let from = (seat + 4 - self.exchange_offset()) & 3;
        self.sc()?.passed[usize::from(from)]
    }

    /// Sichuan: the dice of the exchange.
    pub fn dice(&self) -> Option<[u8; 2]> {
        self.sc().map(|s| s.dice)
    }

    /// Sichuan: still at the table.
    fn active(&self, seat: Seat) -> bool {
        seat < 4 && !self.has_won(seat)
    }

    fn active_count(&self) -> u32 {
        (0..4).filter(|&s| self.active(s)).count() as u32
    }

    /// The next seat after `s` still playing (`s` itself when none is).
    pub(super) fn next_active(&self, s: Seat) -> Seat {
        (1..=4)
            .map(|d| (s + d) & 3)
            .find(|&x| self.active(x))
            .unwrap_or(s)
    }

    /// Does `seat`'s hand hold a tile of the suit it gave up?
    fn holds_lack(&self, seat: Seat) -> bool {
        let Some(l) = self.sc().and_then(|s| s.lack[usize::from(seat)]) else {
            return false;
        };
        let p = &self.players[usize::from(seat)];
        p.counts.kinds().iter().any(|t| suit_of(t) == l)
    }

    fn is_lack_kind(&self, seat: Seat, t: Tile) -> bool {
        self.sc()
            .and_then(|s| s.lack[usize::from(seat)])
            .is_some_and(|l| suit_of(t) == l)
    }

    /// The direction offset of the exchange (1 next, 2 across, 3 previous).
    fn exchange_offset(&self) -> u8 {
        match self.rules.exchange.offset() {
            Some(o) => o,
            None => {
                let sum = self.sc().map_or(0, |s| s.dice[0] + s.dice[1]);
                match sum % 3 {
                    0 => 2,
                    1 => 1,
                    _ => 3,
                }
            }
        }
    }

    // ----- the start: exchange and lack -----

    /// After the deal: the exchange, the declarations, or the dealer's first draw.
    pub(super) fn sichuan_start(&mut self) {
        if self.rules.exchange != Exchange::Off {
            self.phase = Phase::Exchange;
        } else {
            self.after_exchange();
        }
    }

    fn after_exchange(&mut self) {
        if self.rules.declare_lack {
            self.phase = Phase::DeclareLack;
        } else {
            self.begin_play();
        }
    }

    fn begin_play(&mut self) {
        for s in 0..4u8 {
            self.players[usize::from(s)].waits = self.compute_waits(s);
        }
        self.draw(self.setup.dealer, false);
    }

    /// Seats still to choose in the exchange or the declarations.
    pub(super) fn sichuan_start_mask(&self) -> u8 {
        let Some(sc) = self.sc() else { return 0 };
        let mut m = 0;
        for s in 0..4 {
            let pending = match self.phase {
                Phase::Exchange => sc.exchange[s].is_none(),
                Phase::DeclareLack => sc.declared[s].is_none(),
                _ => false,
            };
            if pending {
                m |= 1 << s;
            }
        }
        m
    }

    /// Every way to pass three tiles of one suit: one action per multiset of kinds, with the
    /// lowest ids of each kind.
    pub(super) fn exchange_actions(&self, seat: Seat, out: &mut ActionList) {
        let p = &self.players[usize::from(seat)];
        for suit in 0..3u8 {
            let base = suit * 9;
            let kinds: SmallVec<[(u8, u8); 9]> = (base..base + 9)
                .filter_map(|k| Tile::new(k).map(|t| (k, p.counts.get(t))))
                .filter(|&(_, n)| n > 0)
                .collect();
            let total: u32 = kinds.iter().map(|&(_, n)| u32::from(n)).sum();
            if total < 3 {
                continue;
            }
            for i in 0..kinds.len() {
                for j in i..kinds.len() {
                    for k in j..kinds.len() {
                        let mut need = [0u8; 9];
                        for x in [i, j, k] {
                            need[x] += 1;
                        }
                        if (0..kinds.len()).any(|x| need[x] > kinds[x].1) {
                            continue;
                        }
                        let mut ids = [0u8; 3];
                        let mut at = 0;
                        for (x, &(kd, _)) in kinds.iter().enumerate() {
                            let Some(t) = Tile::new(kd) else { continue };
                            for id in p.hand.of_kind(t).take(usize::from(need[x])) {
                                ids[at] = id;
                                at += 1;
                            }
                        }
                        if at == 3 {
                            out.push(Action::Exchange { tiles: ids });
                        }
                    }
                }
            }
        }
    }

    /// The three suits, the one held least first.
    pub(super) fn lack_actions(&self, seat: Seat, out: &mut ActionList) {
        let p = &self.players[usize::from(seat)];
        let count = |s: u8| -> u32 {
            (s * 9..s * 9 + 9)
                .filter_map(Tile::new)
                .map(|t| u32::from(p.counts.get(t)))
                .sum()
        };
        let mut suits = [0u8, 1, 2];
        suits.sort_by_key(|&s| (count(s), s));
        for s in suits {
            out.push(Action::DeclareLack { suit: s });
        }
    }

    pub(super) fn play_start(&mut self, seat: Seat, action: Action) -> Result<(), IllegalAction> {
        let s = usize::from(seat);
        match (&self.phase, action) {
            (Phase::Exchange, Action::Exchange { tiles }) => {
                for &id in &tiles {
                    self.check_tile(seat, id)?;
                }
                if tiles[0] == tiles[1] || tiles[1] == tiles[2] || tiles[0] == tiles[2] {
                    return Err(refuse(action, "three different tiles"));
                }
                let su = suit_of(kind(tiles[0]));
                if tiles.iter().any(|&i| suit_of(kind(i)) != su) {
                    return Err(refuse(action, "the three tiles must be of one suit"));
                }
                if su > 2 {
                    return Err(refuse(
                        action,
                        "红中 belong to no suit: they are not exchanged",
                    ));
                }
                let Some(sc) = self.sc.as_deref_mut() else {
                    return Err(IllegalAction::RoundOver);
                };
                sc.exchange[s] = Some(tiles);
                if self.sichuan_start_mask() == 0 {
                    self.apply_exchange();
                }
                Ok(())
            }
            (Phase::DeclareLack, Action::DeclareLack { suit }) => {
                if suit > 2 {
                    return Err(refuse(action, "a suit is 0 (m), 1 (p) or 2 (s)"));
                }
                let Some(sc) = self.sc.as_deref_mut() else {
                    return Err(IllegalAction::RoundOver);
                };
                sc.declared[s] = Some(suit);
                if self.sichuan_start_mask() == 0 {
                    self.apply_lacks();
                }
                Ok(())
            }
            (Phase::Exchange, _) => Err(refuse(action, "each seat passes three tiles (换三张)")),
            _ => Err(refuse(
                action,
                "each seat declares the suit it gives up (定缺)",
            )),
        }
    }

    fn apply_exchange(&mut self) {
        let off = self.exchange_offset();
        let Some(choices) = self.sc().map(|s| s.exchange) else {
            return;
        };
        for (s, c) in choices.iter().enumerate() {
            for &id in c.iter().flatten() {
                self.players[s].take(id);
            }
        }
        let direction = match off {
            1 => "next",
            2 => "across",
            _ => "previous",
        };
        for (s, c) in choices.iter().enumerate() {
            let Some(c) = c else { continue };
            let target = (s as u8 + off) & 3;
            for &id in c {
                self.players[usize::from(target)].add(id);
            }
            let pai = c.map(|id| self.mt(id));
            self.emit(Event::Huansanzhang {
                actor: s as Seat,
                target,
                pai,
                direction: direction.to_string(),
            });
        }
        if let Some(sc) = self.sc.as_deref_mut() {
            sc.passed = sc.exchange;
            sc.exchange = [None; 4];
        }
        self.after_exchange();
    }

    fn apply_lacks(&mut self) {
        let Some(sc) = self.sc.as_deref_mut() else {
            return;
        };
        sc.lack = sc.declared;
        let lacks = sc.lack;
        for (s, l) in lacks.iter().enumerate() {
            if let Some(l) = l {
                self.emit(Event::Dingque {
                    actor: s as Seat,
                    suit: SUIT_LETTERS[usize::from(*l)].to_string(),
                });
            }
        }
        self.begin_play();
    }

    // ----- waits and scores -----

    /// The wildcard kinds of this game: 7z in 红中血战 and the hongzhong flow, none otherwise.
    pub(super) fn wild_set(&self) -> TileSet {
        if self.rules.red_wildcards() {
            TileSet::single(HONGZHONG)
        } else {
            TileSet::EMPTY
        }
    }

    /// Waits of `seat`'s waiting hand under the Sichuan rules (melds' suits counted, kinds held
    /// four times left out); none while it holds the suit it gave up. With wildcards (红中血战)
    /// `mj_hu` answers with 7z wild; the waits are then the numbered kinds of the suits kept,
    /// and 7z itself whenever the hand is ready (a drawn wildcard completes it) unless all four
    /// are held.
    pub(super) fn sichuan_waits(&self, seat: Seat) -> TileSet {
        if self.rules.is_hongzhong() {
            return self.hz_waits(seat);
        }
        if self.holds_lack(seat) {
            return TileSet::EMPTY;
        }
        let wild = self.wild_set();
        let Some(c) = checker(HuSet::Sichuan {
            wild: !wild.is_empty(),
        }) else {
            return TileSet::EMPTY;
        };
        let p = &self.players[usize::from(seat)];
        let melds: SmallVec<[Meld; 4]> = p.melds.iter().map(|m| m.meld).collect();
        let Ok(hand) = Hand::new(p.counts, &melds, wild) else {
            return TileSet::EMPTY;
        };
        let mut w = c.waits(&hand).unwrap_or(TileSet::EMPTY);
        let mc = p.meld_counts();
        for t in w {
            let numbered = t.as_u8() < 27;
            if !numbered || p.counts.get(t) + mc.get(t) >= 4 || self.is_lack_kind(seat, t) {
                w.remove(t);
            }
        }
        // A drawn wildcard completes a ready hand even when every kind it waits on is held
        // four times (a wildcard may be a fifth copy).
        if !wild.is_empty()
            && p.counts.get(HONGZHONG) < 4
            && (!w.is_empty() || c.is_ready(&hand).unwrap_or(false))
        {
            w.insert(HONGZHONG);
        }
        w
    }

    /// Scores `seat`'s hand won on `win` (added to the concealed tiles unless `tsumo`).
    fn sichuan_score(
        &self,
        seat: Seat,
        win: Tile,
        tsumo: bool,
        mut sit: Situation,
    ) -> Option<SichuanScore> {
        let p = &self.players[usize::from(seat)];
        let mut counts: TileCounts = p.counts;
        if !tsumo {
            counts.add(win).ok()?;
        }
        let melds: SmallVec<[Meld; 4]> = p.melds.iter().map(|m| m.meld).collect();
        let mut w = Win::new(counts, &melds, win);
        w.tsumo = tsumo;
        w.wild = self.wild_set();
        sit.lack = self.lack(seat);
        let rules = self.rules.sichuan_table.rules(self.rules.fan_cap);
        mj_score::sichuan::score(&w, &sit, &rules).ok()
    }

    /// A win on the tile just drawn.
    pub(super) fn sichuan_tsumo_score(&self, seat: Seat, rinshan: bool) -> Option<SichuanScore> {
        let d = self.drawn?;
        let p = &self.players[usize::from(seat)];
        // The waits of the 13 tiles before the draw (kept since the seat's last discard, or
        // from the start) rule out most draws without scoring; after a kong they are stale.
        if !rinshan && !p.waits.contains(kind(d)) {
            return None;
        }
        let first = !self.interrupted && p.river.is_empty() && p.melds.is_empty();
        let dealer = seat == self.setup.dealer;
        let sit = Situation {
            kong: rinshan,
            last_wall: self.live_left() == 0,
            tenhou: first && dealer,
            chiihou: first && !dealer,
            ..Situation::default()
        };
        self.sichuan_score(seat, kind(d), true, sit)
    }

    /// A win on the tile on offer (a discard, or an added kong's tile: 抢杠胡).
    fn sichuan_ron_score(&self, seat: Seat, c: &Claims) -> Option<SichuanScore> {
        let chankan = c.source == ClaimSource::Kakan;
        let p = &self.players[usize::from(seat)];
        let after_kong = self.sc().is_some_and(|s| s.after_kong.is_some());
        let sit = Situation {
            kong: !chankan && after_kong,
            chankan,
            last_wall: !chankan && self.live_left() == 0,
            chiihou: !chankan
                && !self.interrupted
                && self.discards == 1
                && p.river.is_empty()
                && p.melds.is_empty(),
            ..Situation::default()
        };
        self.sichuan_score(seat, kind(c.tile), false, sit)
    }

    // ----- the turn -----

    pub(super) fn sichuan_turn_actions(
        &self,
        seat: Seat,
        after_call: bool,
        rinshan: bool,
        out: &mut ActionList,
    ) {
        let p = &self.players[usize::from(seat)];
        let hz = self.rules.is_hongzhong();
        if !after_call {
            let win = if hz {
                self.hz_tsumo_ok(seat)
            } else {
                self.sichuan_tsumo_score(seat, rinshan).is_some()
            };
            if win {
                out.push(Action::Tsumo);
            }
            if self.kan_turn_ok(after_call).is_ok() {
                for t in p.counts.kinds_at_least(4) {
                    let wild = self.rules.red_wildcards() && t == HONGZHONG;
                    if !self.is_lack_kind(seat, t) && !wild {
                        out.push(Action::Ankan { kind: t.as_u8() });
                    }
                }
                for m in &p.melds {
                    if m.meld.kind() == MeldKind::Pon
                        && let Some(id) = p.hand.of_kind(m.meld.base()).next()
                    {
                        out.push(Action::Kakan { tile: id });
                    }
                }
            }
        }
        let lack_only = self.rules.lack_first && self.holds_lack(seat);
        for id in self.discard_choices(seat) {
            if !lack_only || self.is_lack_kind(seat, kind(id)) {
                out.push(Action::Discard { tile: id });
            }
        }
    }

    pub(super) fn sichuan_play_turn(
        &mut self,
        seat: Seat,
        action: Action,
        after_call: bool,
        rinshan: bool,
    ) -> Result<(), IllegalAction> {
        let s = usize::from(seat);
        match action {
            Action::Discard { tile } => {
                self.check_tile(seat, tile)?;
                if self.rules.lack_first
                    && self.holds_lack(seat)
                    && !self.is_lack_kind(seat, kind(tile))
                {
                    return Err(refuse(
                        action,
                        "tiles of the suit given up (定缺) must be discarded first",
                    ));
                }
                if let Some(sc) = self.sc.as_deref_mut() {
                    sc.after_kong = if rinshan { sc.kong } else { None };
                    sc.kong = None;
                }
                self.do_discard(seat, tile, false);
                Ok(())
            }
            Action::Tsumo => {
                let d = self.drawn_for_tsumo(action, after_call)?;
                if self.rules.is_hongzhong() {
                    if !self.hz_tsumo_ok(seat) {
                        return Err(refuse(action, "not a winning hand"));
                    }
                    self.hz_win(seat, d, seat, None, rinshan);
                    return Ok(());
                }
                let score = self.sichuan_tsumo_score(seat, rinshan).ok_or_else(|| {
                    refuse(action, "not a winning hand (or it holds the suit given up)")
                })?;
                self.apply_wins(SmallVec::from_iter([(seat, d, score)]), seat, true, None);
                Ok(())
            }
            Action::Ankan { kind: k } => {
                let t = Tile::new(k).ok_or_else(|| refuse(action, "no such kind"))?;
                self.kan_turn_ok(after_call)
                    .map_err(|why| refuse(action, why))?;
                if self.players[s].counts.get(t) < 4 {
                    return Err(refuse(action, "needs four of the kind in hand"));
                }
                if self.is_lack_kind(seat, t) {
                    return Err(refuse(action, "no kong of the suit given up"));
                }
                if self.rules.red_wildcards() && t == HONGZHONG {
                    return Err(refuse(action, "红中 are wildcards: no kong of them"));
                }
                self.do_ankan(seat, t);
                Ok(())
            }
            Action::Kakan { tile } => self.play_kakan(seat, tile, after_call),
            _ => Err(refuse(action, "not a Sichuan turn action")),
        }
    }

    // ----- claims -----

    /// What `seat` may do with the tile on offer: win (not after passing a win since its last
    /// discard, under `pass_skips_ron`), pon or open kong (not of the suit it gave up).
    pub(super) fn sichuan_offer(&self, seat: Seat, c: &Claims, calls_ok: bool) -> u8 {
        if !self.active(seat) {
            return 0;
        }
        let p = &self.players[usize::from(seat)];
        let k = kind(c.tile);
        let mut o = 0u8;
        let skip = self.rules.pass_skips_ron && p.temp_furiten;
        if self.rules.is_hongzhong() {
            if k == HONGZHONG {
                return 0;
            }
            if !skip && self.hz_ron_ok(seat, c) {
                o |= OFFER_RON;
            }
        } else if self.rules.red_wildcards() && k == HONGZHONG {
            // 红中血战: a discarded wildcard is dead, claimed by nobody.
            return 0;
        } else if p.waits.contains(k) && !skip && self.sichuan_ron_score(seat, c).is_some() {
            o |= OFFER_RON;
        }
        if calls_ok && !self.is_lack_kind(seat, k) {
            let n = p.counts.get(k);
            if n >= 2 {
                o |= OFFER_PON;
            }
            if n >= 3 {
                o |= OFFER_KAN;
            }
        }
        o
    }

    pub(super) fn sichuan_resolve(&mut self, c: Claims) {
        let mut rons: SmallVec<[Seat; 3]> = SmallVec::new();
        for d in 1..4 {
            let seat = (c.from + d) & 3;
            if c.answers[usize::from(seat)] == Some(Action::Ron) {
                rons.push(seat);
            } else if c.offers[usize::from(seat)] & OFFER_RON != 0 && self.rules.pass_skips_ron {
                self.players[usize::from(seat)].temp_furiten = true;
            }
        }
        if self.rules.is_hongzhong() {
            // One winner: the first in turn order from the discarder (截胡).
            if let Some(&seat) = rons.first()
                && self.hz_ron_ok(seat, &c)
            {
                self.hz_win(seat, c.tile, c.from, Some(&c), false);
                return;
            }
            rons.clear();
        }
        if !rons.is_empty() {
            if !self.rules.double_ron {
                rons.truncate(1);
            }
            let mut wins = SmallVec::new();
            for &seat in &rons {
                if let Some(score) = self.sichuan_ron_score(seat, &c) {
                    wins.push((seat, c.tile, score));
                }
            }
            if !wins.is_empty() {
                self.apply_wins(wins, c.from, false, Some(&c));
                return;
            }
        }
        match c.source {
            ClaimSource::Kakan => {
                self.sichuan_kong_pay(c.from, SettleKind::GangAdded, c.from);
                self.draw(c.from, true);
            }
            ClaimSource::Discard { .. } => {
                if let Some(sc) = self.sc.as_deref_mut() {
                    sc.after_kong = None;
                }
                if self.call_pon_or_kan(&c) {
                    return;
                }
                if self.live_left() == 0 {
                    self.sichuan_finish(true);
                } else {
                    let next = self.next_active(c.from);
                    self.draw(next, false);
                }
            }
            ClaimSource::Ankan | ClaimSource::Kita => self.draw(c.from, true),
        }
    }

    // ----- payments -----

    /// Adds a ledger entry, applies it to the scores and logs it (a `settle` event; wins log
    /// their `hora` instead). Returns its index.
    pub(super) fn book(&mut self, kind: SettleKind, actor: Seat, deltas: [i32; 4]) -> u16 {
        for (s, d) in self.scores.iter_mut().zip(deltas) {
            *s += d;
        }
        if !matches!(kind, SettleKind::Win | SettleKind::Zhuaniao) {
            let scores = self.scores;
            self.emit(Event::Settle {
                reason: kind.name().to_string(),
                actor,
                deltas,
                scores,
            });
        }
        let Some(sc) = self.sc.as_deref_mut() else {
            return 0;
        };
        sc.ledger.push(SettleItem {
            kind,
            actor,
            deltas,
        });
        (sc.ledger.len() - 1) as u16
    }

    /// 刮风下雨: an open kong is paid by the discarder `from`, an added or concealed kong by
    /// every other seat still playing.
    pub(super) fn sichuan_kong_pay(&mut self, seat: Seat, kind_: SettleKind, from: Seat) {
        let base = self.rules.base_stake;
        let mut d = [0i32; 4];
        match kind_ {
            SettleKind::GangOpen => {
                let a = base.saturating_mul(self.rules.kong_open);
                d[usize::from(from)] -= a;
                d[usize::from(seat)] += a;
            }
            _ => {
                let per = if kind_ == SettleKind::GangAdded {
                    self.rules.kong_added
                } else {
                    self.rules.kong_concealed
                };
                let a = base.saturating_mul(per);
                for x in 0..4u8 {
                    if x != seat && self.active(x) {
                        d[usize::from(x)] -= a;
                        d[usize::from(seat)] += a;
                    }
                }
            }
        }
        let i = self.book(kind_, seat, d);
        if let Some(sc) = self.sc.as_deref_mut() {
            sc.kong = Some(i);
        }
    }

    /// Wins on one tile: a tsumo (`from` the winner) or every ron on a discard or an added kong
    /// (`claims`), in turn order from the discarder. Each is paid `base * 2^fan` by the
    /// discarder, or on a tsumo by every other seat still playing (自摸加底: one base more).
    /// The winners leave; the round goes on from the seat after the last winner.
    fn apply_wins(
        &mut self,
        wins: SmallVec<[(Seat, u8, SichuanScore); 3]>,
        from: Seat,
        tsumo: bool,
        claims: Option<&Claims>,
    ) {
        let base = self.rules.base_stake;
        let jiadi = tsumo && self.rules.sichuan_table == SichuanTable::ZimoJiadi;
        let several = wins.len() > 1;
        let transfer = if tsumo || !self.rules.call_transfer {
            None
        } else {
            self.sc().and_then(|s| s.after_kong)
        };
        let mut last = from;
        for (i, (seat, tile, score)) in wins.iter().enumerate() {
            let w = usize::from(*seat);
            let per = stake(base, score.fan).saturating_add(if jiadi { base } else { 0 });
            let mut d = [0i32; 4];
            if tsumo {
                for x in 0..4u8 {
                    if x != *seat && self.active(x) {
                        d[usize::from(x)] -= per;
                        d[w] += per;
                    }
                }
            } else {
                d[usize::from(from)] -= per;
                d[w] += per;
            }
            let ws = WinScore {
                han: score.fan,
                fu: 0,
                yakuman: 0,
                yaku: score
                    .fans
                    .iter()
                    .map(|e| (e.name.to_string(), e.fan * e.count))
                    .collect(),
                payments: if tsumo {
                    Payments::Tsumo(None, per as u32)
                } else {
                    Payments::Ron(per as u32)
                },
                total: d[w].max(0) as u32,
                pao_yakuman: 0,
            };
            self.book(SettleKind::Win, *seat, d);
            let scores = self.scores;
            self.emit(Event::Hora {
                actor: *seat,
                target: from,
                pai: self.mt(*tile),
                uradora_markers: SmallVec::new(),
                yakus: ws.yaku.iter().cloned().collect(),
                fu: 0,
                fan: score.fan,
                yakuman: 0,
                hora_points: ws.total,
                deltas: d,
                scores,
                pao: None,
            });
            let rec = WinRecord {
                seat: *seat,
                from,
                tile: *tile,
                score: ws,
                pao: None,
                ura: SmallVec::new(),
                deltas: d,
            };
            if let Some(sc) = self.sc.as_deref_mut() {
                sc.wins.push(rec);
            }
            // 呼叫转移: the first winner takes the kong's income from the kong's owner.
            if i == 0
                && let Some(k) = transfer
            {
                let income = self
                    .sc()
                    .and_then(|s| s.ledger.get(usize::from(k)))
                    .map_or(0, |it| it.deltas[usize::from(from)]);
                if income > 0 {
                    let mut t = [0i32; 4];
                    t[usize::from(from)] -= income;
                    t[w] += income;
                    self.book(SettleKind::CallTransfer, from, t);
                    if let Some(sc) = self.sc.as_deref_mut() {
                        sc.transferred.push(k);
                    }
                }
            }
            last = *seat;
        }
        // The tile: a discard (or a robbed kong's tile) goes to the first winner's hand.
        if let (Some(c), Some((first, _, _))) = (claims, wins.first()) {
            self.take_won_tile(*first, c);
        }
        self.interrupted = true;
        self.drawn = None;
        if let Some(sc) = self.sc.as_deref_mut() {
            for (seat, _, _) in &wins {
                sc.won |= 1 << seat;
            }
            sc.after_kong = None;
            sc.kong = None;
            if sc.next_dealer.is_none() {
                sc.next_dealer = Some(if several { from } else { wins[0].0 });
            }
        }
        if self.active_count() <= 1 {
            self.sichuan_finish(false);
        } else if self.live_left() == 0 {
            self.sichuan_finish(true);
        } else {
            let next = self.next_active(last);
            self.draw(next, false);
        }
    }

    /// The claimed tile of a win goes to `winner`'s hand: a discard is marked called in its
    /// river, a robbed added kong (抢杠) falls back to a pon ([`Round::rob_kong`]). Shared by
    /// the Sichuan, 红中 and MCR wins.
    pub(super) fn take_won_tile(&mut self, winner: Seat, c: &Claims) {
        if c.source == ClaimSource::Kakan {
            self.rob_kong(c);
        } else if let Some(t) = self.players[usize::from(c.from)].river.last_mut() {
            t.called = true;
        }
        self.players[usize::from(winner)].add(c.tile);
    }

    /// 抢杠胡: the robbed added kong falls back to a pon (its tile goes to the winner).
    pub(super) fn rob_kong(&mut self, c: &Claims) {
        let f = usize::from(c.from);
        let p = &mut self.players[f];
        if let Some(mi) = p
            .melds
            .iter()
            .position(|m| m.meld.kind() == MeldKind::Kakan && m.meld.base() == kind(c.tile))
        {
            let old = p.melds[mi];
            let pieces: SmallVec<[Piece; 3]> =
                old.ids[..3].iter().map(|&i| Piece::new(kind(i))).collect();
            if let Ok(meld) = Meld::new(MeldKind::Pon, &pieces, old.meld.called(), old.meld.from())
            {
                let mut ids = old.ids;
                ids[3] = 255;
                p.melds[mi] = super::CalledMeld { meld, ids, ..old };
            }
        }
        self.kans = self.kans.saturating_sub(1);
        self.players[f].waits = self.compute_waits(c.from);
    }

    // ----- the end -----

    /// The best fan `seat` could win with now, on a discard of one of its waits (查大叫).
    fn best_fan(&self, seat: Seat) -> Option<u32> {
        let w = self.sichuan_waits(seat);
        w.iter()
            .filter(|&t| t != HONGZHONG)
            .filter_map(|t| {
                self.sichuan_score(seat, t, false, Situation::default())
                    .map(|s| s.fan)
            })
            .max()
    }

    /// A flower pig (花猪): holds the suit it gave up, or tiles of three suits (melds included).
    fn is_flower_pig(&self, seat: Seat) -> bool {
        if self.holds_lack(seat) {
            return true;
        }
        let p = &self.players[usize::from(seat)];
        let mut suits = 0u8;
        for t in p
            .counts
            .kinds()
            .iter()
            .chain(p.melds.iter().map(|m| m.meld.base()))
        {
            // 红中 (wildcards in 红中血战) belong to no suit.
            if t.as_u8() < 27 {
                suits |= 1 << suit_of(t);
            }
        }
        suits.count_ones() >= 3
    }

    /// Ends the round: at an exhaustive draw (`exhaustive`) 查花猪, 查大叫 and 退税 among the
    /// seats still playing, then the result.
    pub(super) fn sichuan_finish(&mut self, exhaustive: bool) {
        let mut ready = [false; 4];
        let mut pigs = [false; 4];
        let mut best = [0u32; 4];
        let before = self.scores;
        if exhaustive {
            for s in 0..4u8 {
                if !self.active(s) {
                    continue;
                }
                if self.rules.is_hongzhong() {
                    // No flower pigs and no fan: ready is having a wait (reported only).
                    ready[usize::from(s)] = !self.hz_waits(s).is_empty();
                    continue;
                }
                pigs[usize::from(s)] = self.is_flower_pig(s);
                if !pigs[usize::from(s)]
                    && let Some(f) = self.best_fan(s)
                {
                    ready[usize::from(s)] = true;
                    best[usize::from(s)] = f;
                }
            }
            let base = self.rules.base_stake;
            let cap = self.rules.sichuan_table.rules(self.rules.fan_cap).cap;
            let pig_fan = cap.unwrap_or(u32::from(self.rules.hua_zhu_fan));
            if self.rules.check_flower_pig {
                for p in 0..4u8 {
                    if !pigs[usize::from(p)] {
                        continue;
                    }
                    let mut d = [0i32; 4];
                    for q in 0..4u8 {
                        if q != p && self.active(q) && !pigs[usize::from(q)] {
                            let a = stake(base, pig_fan);
                            d[usize::from(p)] -= a;
                            d[usize::from(q)] += a;
                        }
                    }
                    if d != [0; 4] {
                        self.book(SettleKind::FlowerPig, p, d);
                    }
                }
            }
            if self.rules.check_ready {
                for p in 0..4u8 {
                    let pi = usize::from(p);
                    if !self.active(p) || pigs[pi] || ready[pi] {
                        continue;
                    }
                    let mut d = [0i32; 4];
                    for q in 0..4usize {
                        if ready[q] {
                            let a = stake(base, best[q]);
                            d[pi] -= a;
                            d[q] += a;
                        }
                    }
                    if d != [0; 4] {
                        self.book(SettleKind::NotReady, p, d);
                    }
                }
            }
            if self.rules.refund_kongs {
                for p in 0..4u8 {
                    if !self.active(p) || ready[usize::from(p)] {
                        continue;
                    }
                    let mut d = [0i32; 4];
                    if let Some(sc) = self.sc() {
                        for (i, it) in sc.ledger.iter().enumerate() {
                            let kong = matches!(
                                it.kind,
                                SettleKind::GangOpen
                                    | SettleKind::GangAdded
                                    | SettleKind::GangConcealed
                            );
                            if kong && it.actor == p && !sc.transferred.contains(&(i as u16)) {
                                for (x, v) in d.iter_mut().zip(it.deltas) {
                                    *x -= v;
                                }
                            }
                        }
                    }
                    if d != [0; 4] {
                        self.book(SettleKind::Refund, p, d);
                    }
                }
            }
        }
        let mut draw_deltas = [0i32; 4];
        for (x, (a, b)) in draw_deltas.iter_mut().zip(self.scores.iter().zip(before)) {
            *x = a - b;
        }
        if exhaustive {
            let scores = self.scores;
            self.emit(Event::Ryukyoku {
                reason: DrawKind::Exhaustive.name().to_string(),
                tenpais: ready,
                deltas: draw_deltas,
                scores,
            });
        }
        self.emit(Event::EndKyoku);
        let next_dealer = self
            .sc
            .as_deref()
            .and_then(|sc| sc.next_dealer)
            .unwrap_or(self.setup.dealer);
        self.close_chinese_round(ready, pigs, next_dealer);
    }

    /// The result of a round on the Sichuan machinery (Sichuan, 红中, MCR), once its events are
    /// out: the deltas summed from the ledger, the end (the wins, or an exhaustive draw with the
    /// `ready` seats), the settlement, the flower pigs and the next dealer; the round is over.
    pub(super) fn close_chinese_round(
        &mut self,
        ready: [bool; 4],
        flower_pigs: [bool; 4],
        next_dealer: Seat,
    ) {
        let Some(sc) = self.sc.as_deref() else {
            return;
        };
        let mut deltas = [0i32; 4];
        for it in &sc.ledger {
            for (x, v) in deltas.iter_mut().zip(it.deltas) {
                *x += v;
            }
        }
        let end = if sc.wins.is_empty() {
            RoundEnd::Draw {
                kind: DrawKind::Exhaustive,
                tenpai: ready,
            }
        } else {
            RoundEnd::Wins(sc.wins.clone())
        };
        let result = SichuanResult {
            settlement: sc.ledger.clone(),
            lacks: sc.lack,
            won: core::array::from_fn(|s| sc.won >> s & 1 == 1),
            ready,
            flower_pigs,
            next_dealer,
        };
        self.result = Some(RoundResult {
            end,
            deltas,
            scores: self.scores,
            sticks: 0,
            dealer_keeps: next_dealer == self.setup.dealer,
            sichuan: Some(Box::new(result)),
        });
        self.phase = Phase::Over;
    }
}
