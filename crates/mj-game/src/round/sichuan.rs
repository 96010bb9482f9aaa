//! Sichuan 血战到底 and the machinery 红中麻将 plays on: the turn (self-draw, concealed and
//! added kongs, discards of the suit given up first), the offer (win, pon, open kong; no chi),
//! wins that do not end the round (the winner leaves), kong payments (刮风下雨), 呼叫转移 and
//! the settlement at an exhaustive draw (查花猪, 查大叫, 退税). 换三张 and 定缺 are in
//! `start`. The machinery's functions are generic over `OnSichuan`, which `SichuanFlow` and
//! `HongzhongFlow` implement with their own wins.

use mj_hu::Hand;
use mj_score::Win;
use mj_score::sichuan::{SichuanScore, Situation};
use mj_tiles::random::SplitMix64;
use mj_tiles::{Suit, Tile, TileCounts, TileSet};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use super::ActionList;
use super::actions::kan_turn_ok;
use super::claims::{self, ClaimSource, Claims, OFFER_KAN, OFFER_PON, OFFER_RON};
use super::hooks::{self, FlowHooks};
use super::hu::{HuSet, checker};
use super::ledger::{Ledger, SettleKind, fan_win_score};
use super::state::{DrawKind, Table};
use crate::action::{Action, IllegalAction, Seat, refuse};
use crate::mjai::Event;
use crate::rules::SichuanTable;
use crate::tiles::{kind, tile_id};
use crate::wall::{HONGZHONG_PARKED, SICHUAN_PARKED, Wall};

pub(super) mod start;

/// 红中 (7z), the hongzhong flow's wildcard.
pub(crate) const HONGZHONG: Tile = Tile::RED;

/// The Sichuan machinery's state: the ledger, 定缺 and 换三张, the kong a discard follows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SichuanFlow {
    /// Every payment, the wins, who won (and left the table).
    pub(super) ledger: Ledger,
    /// The suit each seat gave up.
    pub(super) lack: [Option<u8>; 4],
    /// The two dice of the exchange (from the wall).
    pub(super) dice: [u8; 2],
    /// Ledger indices of kongs whose income went to a 杠上炮 winner.
    transferred: SmallVec<[u16; 4]>,
    /// The ledger index of the last kong of the seat to act (its replacement tile is in hand).
    pub(super) kong: Option<u16>,
    /// The discard on offer follows a kong (杠上炮): that kong's ledger index.
    pub(super) after_kong: Option<u16>,
    /// Who deals next (set by the first win).
    pub(super) next_dealer: Option<Seat>,
    /// Exchange choices while they are collected.
    pub(super) exchange: [Option<[u8; 3]>; 4],
    /// Lack declarations while they are collected.
    pub(super) declared: [Option<u8>; 4],
    /// The tiles each seat passed in the exchange, once it is done.
    pub(super) passed: [Option<[u8; 3]>; 4],
}

pub use super::hu::sichuan_hu_rules;

/// The suit index (0..3) of a suited kind.
pub(super) fn suit_of(t: Tile) -> u8 {
    t.suit().index() as u8
}

pub(super) fn suit_by_index(i: u8) -> Option<Suit> {
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

/// The wall positions below the tiles in play: 28 honors parked in Sichuan, the 24 honors
/// other than 红中 when 红中 are in the wall.
pub(super) fn parked(t: &Table) -> usize {
    if t.rules.red_wildcards() {
        HONGZHONG_PARKED
    } else {
        SICHUAN_PARKED
    }
}

/// The wildcard kinds of this game: 7z in 红中血战 and the hongzhong flow, none otherwise.
pub(super) fn wild_set(t: &Table) -> TileSet {
    if t.rules.red_wildcards() {
        TileSet::single(HONGZHONG)
    } else {
        TileSet::EMPTY
    }
}

/// A flow on the Sichuan machinery: its state and the wins it scores its own way.
pub(super) trait OnSichuan: FlowHooks {
    /// The machinery's state.
    fn base(&self) -> &SichuanFlow;
    /// The machinery's state.
    fn base_mut(&mut self) -> &mut SichuanFlow;
    /// `seat` may win on the tile it drew (`rinshan`: a kong's replacement).
    fn tsumo_ok(&self, t: &Table, seat: Seat, rinshan: bool) -> bool;
    /// Plays `seat`'s self-drawn win on `d`, or refuses `action`.
    fn tsumo(
        &mut self,
        t: &mut Table,
        seat: Seat,
        action: Action,
        d: u8,
        rinshan: bool,
    ) -> Result<(), IllegalAction>;
    /// The wins on the claims `c` answered by `rons` (in turn order from the tile's owner):
    /// `true` once a win was paid (and play went on or the round ended).
    fn win_on_claims(&mut self, t: &mut Table, c: &Claims, rons: SmallVec<[Seat; 3]>) -> bool;
    /// At an exhaustive draw, `seat` (still playing): ready, a flower pig, its best fan.
    fn standing_at_draw(&self, t: &Table, seat: Seat) -> (bool, bool, u32);
}

impl SichuanFlow {
    pub(super) fn new(wall: &Wall) -> SichuanFlow {
        // The dice come from the wall (FNV-1a of its ids), so a given wall always rolls the same.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for &id in wall.sichuan_ids() {
            h = (h ^ u64::from(id)).wrapping_mul(0x0100_0000_01b3);
        }
        let mut rng = SplitMix64::new(h);
        let d1 = rng.below(6) as u8 + 1;
        let d2 = rng.below(6) as u8 + 1;
        SichuanFlow {
            ledger: Ledger::default(),
            lack: [None; 4],
            dice: [d1, d2],
            transferred: SmallVec::new(),
            kong: None,
            after_kong: None,
            next_dealer: None,
            exchange: [None; 4],
            declared: [None; 4],
            passed: [None; 4],
        }
    }

    /// Still at the table.
    pub(super) fn active(&self, seat: Seat) -> bool {
        seat < 4 && !self.ledger.has_won(seat)
    }

    fn active_count(&self) -> u32 {
        (0..4).filter(|&s| self.active(s)).count() as u32
    }

    /// The next seat after `s` still playing (`s` itself when none is).
    fn next_active(&self, s: Seat) -> Seat {
        (1..=4)
            .map(|d| (s + d) & 3)
            .find(|&x| self.active(x))
            .unwrap_or(s)
    }

    /// Does `seat`'s hand hold a tile of the suit it gave up?
    pub(super) fn holds_lack(&self, t: &Table, seat: Seat) -> bool {
        let Some(l) = self.lack[usize::from(seat)] else {
            return false;
        };
        t.player(seat)
            .counts
            .kinds()
            .iter()
            .any(|k| suit_of(k) == l)
    }

    pub(super) fn is_lack_kind(&self, seat: Seat, k: Tile) -> bool {
        self.lack[usize::from(seat)].is_some_and(|l| suit_of(k) == l)
    }

    /// The suit `seat` gave up, once declared.
    pub(super) fn lack(&self, seat: Seat) -> Option<Suit> {
        self.lack[usize::from(seat & 3)].and_then(suit_by_index)
    }

    // ----- waits and scores -----

    /// Waits of `seat`'s waiting hand under the Sichuan rules (melds' suits counted, kinds held
    /// four times left out); none while it holds the suit it gave up. With wildcards (红中血战)
    /// `mj_hu` answers with 7z wild; the waits are then the numbered kinds of the suits kept,
    /// and 7z itself whenever the hand is ready (a drawn wildcard completes it) unless all four
    /// are held.
    fn sichuan_waits(&self, t: &Table, seat: Seat) -> TileSet {
        if self.holds_lack(t, seat) {
            return TileSet::EMPTY;
        }
        let wild = wild_set(t);
        let Some(c) = checker(HuSet::Sichuan {
            wild: !wild.is_empty(),
        }) else {
            return TileSet::EMPTY;
        };
        let p = t.player(seat);
        let Ok(hand) = Hand::new(p.counts, &p.meld_list(), wild) else {
            return TileSet::EMPTY;
        };
        let mut w = c.waits(&hand).unwrap_or(TileSet::EMPTY);
        let mc = p.meld_counts();
        for k in w {
            let numbered = k.as_u8() < 27;
            if !numbered || p.counts.get(k) + mc.get(k) >= 4 || self.is_lack_kind(seat, k) {
                w.remove(k);
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
    fn score(
        &self,
        t: &Table,
        seat: Seat,
        win: Tile,
        tsumo: bool,
        mut sit: Situation,
    ) -> Option<SichuanScore> {
        let p = t.player(seat);
        let mut counts: TileCounts = p.counts;
        if !tsumo {
            counts.add(win).ok()?;
        }
        let mut w = Win::new(counts, &p.meld_list(), win);
        w.tsumo = tsumo;
        w.wild = wild_set(t);
        sit.lack = self.lack(seat);
        let rules = t.rules.sichuan.sichuan_table.rules(t.rules.sichuan.fan_cap);
        mj_score::sichuan::score(&w, &sit, &rules).ok()
    }

    /// A win on the tile just drawn.
    fn tsumo_score(&self, t: &Table, seat: Seat, rinshan: bool) -> Option<SichuanScore> {
        let d = t.drawn?;
        let p = t.player(seat);
        // The waits of the 13 tiles before the draw (kept since the seat's last discard, or
        // from the start) rule out most draws without scoring; after a kong they are stale.
        if !rinshan && !p.waits.contains(kind(d)) {
            return None;
        }
        let first = !t.interrupted && p.river.is_empty() && p.melds.is_empty();
        let dealer = seat == t.setup.dealer;
        let sit = Situation {
            kong: rinshan,
            last_wall: self.live_left(t) == 0,
            tenhou: first && dealer,
            chiihou: first && !dealer,
            ..Situation::default()
        };
        self.score(t, seat, kind(d), true, sit)
    }

    /// A win on the tile on offer (a discard, or an added kong's tile: 抢杠胡).
    fn ron_score(&self, t: &Table, seat: Seat, c: &Claims) -> Option<SichuanScore> {
        let chankan = c.source == ClaimSource::Kakan;
        let p = t.player(seat);
        let sit = Situation {
            kong: !chankan && self.after_kong.is_some(),
            chankan,
            last_wall: !chankan && self.live_left(t) == 0,
            chiihou: !chankan
                && !t.interrupted
                && t.discards == 1
                && p.river.is_empty()
                && p.melds.is_empty(),
            ..Situation::default()
        };
        self.score(t, seat, kind(c.tile), false, sit)
    }

    /// The best fan `seat` could win with now, on a discard of one of its waits (查大叫).
    fn best_fan(&self, t: &Table, seat: Seat) -> Option<u32> {
        let w = self.sichuan_waits(t, seat);
        w.iter()
            .filter(|&k| k != HONGZHONG)
            .filter_map(|k| {
                self.score(t, seat, k, false, Situation::default())
                    .map(|s| s.fan)
            })
            .max()
    }

    /// A flower pig (花猪): holds the suit it gave up, or tiles of three suits (melds included).
    fn is_flower_pig(&self, t: &Table, seat: Seat) -> bool {
        if self.holds_lack(t, seat) {
            return true;
        }
        let p = t.player(seat);
        let mut suits = 0u8;
        for k in p
            .counts
            .kinds()
            .iter()
            .chain(p.melds.iter().map(|m| m.meld.base()))
        {
            // 红中 (wildcards in 红中血战) belong to no suit.
            if k.as_u8() < 27 {
                suits |= 1 << suit_of(k);
            }
        }
        suits.count_ones() >= 3
    }

    // ----- payments -----

    /// 刮风下雨: an open kong is paid by the discarder `from`, an added or concealed kong by
    /// every other seat still playing.
    fn kong_pay(&mut self, t: &mut Table, seat: Seat, kind_: SettleKind, from: Seat) {
        let base = t.rules.sichuan.base_stake;
        let mut d = [0i32; 4];
        match kind_ {
            SettleKind::GangOpen => {
                let a = base.saturating_mul(t.rules.sichuan.kong_open);
                d[usize::from(from)] -= a;
                d[usize::from(seat)] += a;
            }
            _ => {
                let per = if kind_ == SettleKind::GangAdded {
                    t.rules.sichuan.kong_added
                } else {
                    t.rules.sichuan.kong_concealed
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
        self.kong = Some(self.ledger.book(t, kind_, seat, d));
    }

    /// Wins on one tile: a tsumo (`from` the winner) or every ron on a discard or an added kong
    /// (`claims`), in turn order from the discarder. Each is paid `base * 2^fan` by the
    /// discarder, or on a tsumo by every other seat still playing (自摸加底: one base more).
    /// The winners leave; the round goes on from the seat after the last winner.
    fn apply_wins(
        &mut self,
        t: &mut Table,
        wins: SmallVec<[(Seat, u8, SichuanScore); 3]>,
        from: Seat,
        tsumo: bool,
        claims: Option<&Claims>,
    ) {
        let base = t.rules.sichuan.base_stake;
        let jiadi = tsumo && t.rules.sichuan.sichuan_table == SichuanTable::ZimoJiadi;
        let several = wins.len() > 1;
        let transfer = if tsumo || !t.rules.sichuan.call_transfer {
            None
        } else {
            self.after_kong
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
            let yaku = score
                .fans
                .iter()
                .map(|e| (e.name.to_string(), e.fan * e.count))
                .collect();
            let ws = fan_win_score(*seat, from, score.fan, yaku, per as u32, d);
            self.ledger.win(t, *seat, from, *tile, ws, d);
            // 呼叫转移: the first winner takes the kong's income from the kong's owner.
            if i == 0
                && let Some(k) = transfer
            {
                let income = self
                    .ledger
                    .items
                    .get(usize::from(k))
                    .map_or(0, |it| it.deltas[usize::from(from)]);
                if income > 0 {
                    let mut d = [0i32; 4];
                    d[usize::from(from)] -= income;
                    d[w] += income;
                    self.ledger.book(t, SettleKind::CallTransfer, from, d);
                    self.transferred.push(k);
                }
            }
            last = *seat;
        }
        // The tile: a discard (or a robbed kong's tile) goes to the first winner's hand.
        if let (Some(c), Some((first, _, _))) = (claims, wins.first()) {
            hooks::take_won_tile(self, t, *first, c);
        }
        t.interrupted = true;
        t.drawn = None;
        for (seat, _, _) in &wins {
            self.ledger.won |= 1 << seat;
        }
        self.after_kong = None;
        self.kong = None;
        if self.next_dealer.is_none() {
            self.next_dealer = Some(if several { from } else { wins[0].0 });
        }
        if self.active_count() <= 1 {
            finish(self, t, false);
        } else if self.live_left(t) == 0 {
            finish(self, t, true);
        } else {
            let next = self.next_active(last);
            draw(t, next, false);
        }
    }

    /// A seat that won is done: its record goes to the ledger with the next dealer (the 红中
    /// and MCR wins, which end the hand).
    pub(super) fn close_win(&mut self, t: &mut Table, seat: Seat) {
        t.interrupted = true;
        t.drawn = None;
        self.ledger.won |= 1 << seat;
        self.after_kong = None;
        self.kong = None;
        if self.next_dealer.is_none() {
            self.next_dealer = Some(seat);
        }
    }
}

/// A draw from the one wall: live draws from the top, a kong's replacement from the far end.
fn draw(t: &mut Table, seat: Seat, rinshan: bool) {
    let id = if rinshan {
        // Replacement tiles come from the far end of the one wall.
        let id = t.wall.at(parked(t) + usize::from(t.rinshan));
        t.rinshan += 1;
        id
    } else {
        let id = t.wall.at(usize::from(t.live_next));
        t.live_next -= 1;
        id
    };
    t.player_mut(seat).add(id);
    t.turn_after_draw(seat, id, rinshan);
    let pai = t.mt(id);
    t.emit(Event::Tsumo { actor: seat, pai });
}

/// The start of play, after 换三张 and 定缺: every seat's waits, then the dealer draws.
pub(super) fn begin_play<F: OnSichuan>(f: &mut F, t: &mut Table) {
    for s in 0..4u8 {
        let w = f.waits(t, s);
        t.player_mut(s).waits = w;
    }
    let dealer = t.setup.dealer;
    draw(t, dealer, false);
}

/// The turn's actions: the self-drawn win, concealed kongs (not of the suit given up, not of
/// 红中 wildcards), added kongs, the discards (the suit given up first, under `lack_first`).
pub(super) fn turn_actions<F: OnSichuan>(
    f: &F,
    t: &Table,
    seat: Seat,
    after_call: bool,
    rinshan: bool,
    out: &mut ActionList,
) {
    let sc = f.base();
    let p = t.player(seat);
    if !after_call {
        if f.tsumo_ok(t, seat, rinshan) {
            out.push(Action::Tsumo);
        }
        if kan_turn_ok(after_call, false, t.kans, f.live_left(t)).is_ok() {
            for k in p.counts.kinds_at_least(4) {
                let wild = t.rules.red_wildcards() && k == HONGZHONG;
                if !sc.is_lack_kind(seat, k) && !wild {
                    out.push(Action::Ankan { kind: k });
                }
            }
            t.kakan_choices(seat, out);
        }
    }
    let lack_only = t.rules.sichuan.lack_first && sc.holds_lack(t, seat);
    for id in t.discard_choices(seat) {
        if !lack_only || sc.is_lack_kind(seat, kind(id)) {
            out.push(Action::Discard { tile: tile_id(id) });
        }
    }
}

/// Plays a turn action.
pub(super) fn play_turn<F: OnSichuan>(
    f: &mut F,
    t: &mut Table,
    seat: Seat,
    action: Action,
    after_call: bool,
    rinshan: bool,
) -> Result<(), IllegalAction> {
    match action {
        Action::Discard { tile } => {
            let tile = t.check_tile(seat, tile)?;
            let sc = f.base_mut();
            if t.rules.sichuan.lack_first
                && sc.holds_lack(t, seat)
                && !sc.is_lack_kind(seat, kind(tile))
            {
                return Err(refuse(
                    action,
                    "tiles of the suit given up (定缺) must be discarded first",
                ));
            }
            sc.after_kong = if rinshan { sc.kong } else { None };
            sc.kong = None;
            t.discard(seat, tile, false);
            let w = f.waits(t, seat);
            t.player_mut(seat).waits = w;
            claims::open(
                f,
                t,
                seat,
                tile,
                ClaimSource::Discard { riichi: false },
                None,
            );
            Ok(())
        }
        Action::Tsumo => {
            let d = t.drawn_for_tsumo(action, after_call)?;
            f.tsumo(t, seat, action, d, rinshan)
        }
        Action::Ankan { kind: k } => {
            kan_turn_ok(after_call, false, t.kans, f.live_left(t))
                .map_err(|why| refuse(action, why))?;
            if t.player(seat).counts.get(k) < 4 {
                return Err(refuse(action, "needs four of the kind in hand"));
            }
            if f.base().is_lack_kind(seat, k) {
                return Err(refuse(action, "no kong of the suit given up"));
            }
            if t.rules.red_wildcards() && k == HONGZHONG {
                return Err(refuse(action, "红中 are wildcards: no kong of them"));
            }
            t.ankan(seat, k);
            f.base_mut()
                .kong_pay(t, seat, SettleKind::GangConcealed, seat);
            draw(t, seat, true);
            Ok(())
        }
        Action::Kakan { tile } => {
            let kan = kan_turn_ok(after_call, false, t.kans, f.live_left(t));
            let mi = t.kakan_target(seat, tile, kan)?;
            let tile = tile.as_u8();
            t.kakan(seat, tile, mi);
            claims::open(f, t, seat, tile, ClaimSource::Kakan, None);
            Ok(())
        }
        _ => Err(refuse(action, "not a Sichuan turn action")),
    }
}

/// Pon and open kong of the tile on offer (not of the suit given up), when calls are possible.
pub(super) fn call_offer(sc: &SichuanFlow, t: &Table, seat: Seat, k: Tile, calls_ok: bool) -> u8 {
    let mut o = 0u8;
    if calls_ok && !sc.is_lack_kind(seat, k) {
        let n = t.player(seat).counts.get(k);
        if n >= 2 {
            o |= OFFER_PON;
        }
        if n >= 3 {
            o |= OFFER_KAN;
        }
    }
    o
}

/// Resolves the answers: the seats that passed a win they were offered may not win on a
/// discard until their own next discard (`pass_skips_ron`); the wins are the flow's; else the
/// added kong stands (and is paid), or pon and kong, else the next seat still playing draws.
pub(super) fn resolve<F: OnSichuan>(f: &mut F, t: &mut Table, c: Claims) {
    let mut rons: SmallVec<[Seat; 3]> = SmallVec::new();
    for d in 1..4 {
        let seat = (c.from + d) & 3;
        if c.answered_ron(seat) {
            rons.push(seat);
        } else if c.ron_offered(seat) && t.rules.sichuan.pass_skips_ron {
            t.player_mut(seat).temp_furiten = true;
        }
    }
    if !rons.is_empty() && f.win_on_claims(t, &c, rons) {
        return;
    }
    match c.source {
        ClaimSource::Kakan => {
            f.base_mut()
                .kong_pay(t, c.from, SettleKind::GangAdded, c.from);
            draw(t, c.from, true);
        }
        ClaimSource::Discard { .. } => {
            f.base_mut().after_kong = None;
            if let Some((seat, meld)) = t.call_pon_or_kan(&c) {
                if meld == mj_tiles::MeldKind::Minkan {
                    f.base_mut().kong_pay(t, seat, SettleKind::GangOpen, c.from);
                    draw(t, seat, true);
                }
                return;
            }
            if f.live_left(t) == 0 {
                finish(f, t, true);
            } else {
                let next = f.base().next_active(c.from);
                draw(t, next, false);
            }
        }
        ClaimSource::Ankan | ClaimSource::Kita => draw(t, c.from, true),
    }
}

/// Ends the round: at an exhaustive draw (`exhaustive`) 查花猪, 查大叫 and 退税 among the
/// seats still playing, then the result.
pub(super) fn finish<F: OnSichuan>(f: &mut F, t: &mut Table, exhaustive: bool) {
    let mut ready = [false; 4];
    let mut pigs = [false; 4];
    let mut best = [0u32; 4];
    let before = t.scores;
    if exhaustive {
        for s in 0..4u8 {
            if !f.base().active(s) {
                continue;
            }
            let (r, p, b) = f.standing_at_draw(t, s);
            let i = usize::from(s);
            (ready[i], pigs[i], best[i]) = (r, p, b);
        }
        let sc = f.base_mut();
        let base = t.rules.sichuan.base_stake;
        let cap = t
            .rules
            .sichuan
            .sichuan_table
            .rules(t.rules.sichuan.fan_cap)
            .cap;
        let pig_fan = cap.unwrap_or(u32::from(t.rules.sichuan.hua_zhu_fan));
        if t.rules.sichuan.check_flower_pig {
            for p in 0..4u8 {
                if !pigs[usize::from(p)] {
                    continue;
                }
                let mut d = [0i32; 4];
                for q in 0..4u8 {
                    if q != p && sc.active(q) && !pigs[usize::from(q)] {
                        let a = stake(base, pig_fan);
                        d[usize::from(p)] -= a;
                        d[usize::from(q)] += a;
                    }
                }
                if d != [0; 4] {
                    sc.ledger.book(t, SettleKind::FlowerPig, p, d);
                }
            }
        }
        if t.rules.sichuan.check_ready {
            for p in 0..4u8 {
                let pi = usize::from(p);
                if !sc.active(p) || pigs[pi] || ready[pi] {
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
                    sc.ledger.book(t, SettleKind::NotReady, p, d);
                }
            }
        }
        if t.rules.sichuan.refund_kongs {
            for p in 0..4u8 {
                if !sc.active(p) || ready[usize::from(p)] {
                    continue;
                }
                let mut d = [0i32; 4];
                for (i, it) in sc.ledger.items.iter().enumerate() {
                    if it.kind.is_kong() && it.actor == p && !sc.transferred.contains(&(i as u16)) {
                        for (x, v) in d.iter_mut().zip(it.deltas) {
                            *x -= v;
                        }
                    }
                }
                if d != [0; 4] {
                    sc.ledger.book(t, SettleKind::Refund, p, d);
                }
            }
        }
    }
    let mut draw_deltas = [0i32; 4];
    for (x, (a, b)) in draw_deltas.iter_mut().zip(t.scores.iter().zip(before)) {
        *x = a - b;
    }
    if exhaustive {
        let scores = t.scores;
        t.emit(Event::Ryukyoku {
            reason: DrawKind::Exhaustive.name().to_string(),
            tenpais: ready,
            deltas: draw_deltas,
            scores,
        });
    }
    t.emit(Event::EndKyoku);
    let sc = f.base();
    let next_dealer = sc.next_dealer.unwrap_or(t.setup.dealer);
    sc.ledger.close(t, sc.lack, ready, pigs, next_dealer);
}

impl OnSichuan for SichuanFlow {
    fn base(&self) -> &SichuanFlow {
        self
    }

    fn base_mut(&mut self) -> &mut SichuanFlow {
        self
    }

    fn tsumo_ok(&self, t: &Table, seat: Seat, rinshan: bool) -> bool {
        self.tsumo_score(t, seat, rinshan).is_some()
    }

    fn tsumo(
        &mut self,
        t: &mut Table,
        seat: Seat,
        action: Action,
        d: u8,
        rinshan: bool,
    ) -> Result<(), IllegalAction> {
        let score = self
            .tsumo_score(t, seat, rinshan)
            .ok_or_else(|| refuse(action, "not a winning hand (or it holds the suit given up)"))?;
        self.apply_wins(t, SmallVec::from_iter([(seat, d, score)]), seat, true, None);
        Ok(())
    }

    fn win_on_claims(&mut self, t: &mut Table, c: &Claims, mut rons: SmallVec<[Seat; 3]>) -> bool {
        if !t.rules.double_ron {
            rons.truncate(1);
        }
        let mut wins = SmallVec::new();
        for &seat in &rons {
            if let Some(score) = self.ron_score(t, seat, c) {
                wins.push((seat, c.tile, score));
            }
        }
        if wins.is_empty() {
            return false;
        }
        self.apply_wins(t, wins, c.from, false, Some(c));
        true
    }

    fn standing_at_draw(&self, t: &Table, seat: Seat) -> (bool, bool, u32) {
        if self.is_flower_pig(t, seat) {
            return (false, true, 0);
        }
        match self.best_fan(t, seat) {
            Some(f) => (true, false, f),
            None => (false, false, 0),
        }
    }
}

impl FlowHooks for SichuanFlow {
    fn start(&mut self, t: &mut Table) {
        start::start(self, t);
    }

    fn live_left(&self, t: &Table) -> u8 {
        t.live_left_above(parked(t))
    }

    fn tiles_in_wall(&self, t: &Table) -> usize {
        usize::from(t.live_next) + 1 - usize::from(t.rinshan) - parked(t)
    }

    fn waits(&self, t: &Table, seat: Seat) -> TileSet {
        self.sichuan_waits(t, seat)
    }

    fn turn_actions(
        &self,
        t: &Table,
        seat: Seat,
        after_call: bool,
        rinshan: bool,
        out: &mut ActionList,
    ) {
        turn_actions(self, t, seat, after_call, rinshan, out);
    }

    fn play_turn(
        &mut self,
        t: &mut Table,
        seat: Seat,
        action: Action,
        after_call: bool,
        rinshan: bool,
    ) -> Result<(), IllegalAction> {
        play_turn(self, t, seat, action, after_call, rinshan)
    }

    /// What `seat` may do with the tile on offer: win (not after passing a win since its last
    /// discard, under `pass_skips_ron`), pon or open kong (not of the suit it gave up).
    fn offer(&self, t: &Table, seat: Seat, c: &Claims, calls_ok: bool, _d: u8) -> u8 {
        if !self.active(seat) {
            return 0;
        }
        let p = t.player(seat);
        let k = kind(c.tile);
        let mut o = 0u8;
        let skip = t.rules.sichuan.pass_skips_ron && p.temp_furiten;
        if t.rules.red_wildcards() && k == HONGZHONG {
            // 红中血战: a discarded wildcard is dead, claimed by nobody.
            return 0;
        } else if p.waits.contains(k) && !skip && self.ron_score(t, seat, c).is_some() {
            o |= OFFER_RON;
        }
        o | call_offer(self, t, seat, k, calls_ok)
    }

    fn resolve(&mut self, t: &mut Table, c: Claims) {
        resolve(self, t, c);
    }

    fn start_waiting(&self, t: &Table) -> u8 {
        start::waiting(self, t)
    }

    fn start_actions(&self, t: &Table, seat: Seat, out: &mut ActionList) {
        start::actions(t, seat, out);
    }

    fn play_start(
        &mut self,
        t: &mut Table,
        seat: Seat,
        action: Action,
    ) -> Result<(), IllegalAction> {
        start::play(self, t, seat, action)
    }
}
