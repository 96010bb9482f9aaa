//! 红中麻将 on the Sichuan machinery ([`super::sichuan`]): the four 红中 (7z) are wildcards, a
//! win is checked by `mj_hu` with 7z wild, one win ends the round, and 抓鸟 turns birds over
//! from the live wall after it. The wall, turns, pon and kong, kong payments (the ledger) and
//! the round's end are the machinery's; this module holds what differs: the wins, the waits,
//! the offer.

use mj_hu::{Checker, Hand};
use mj_tiles::{Suit, Tile, TileCounts, TileSet};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use super::ActionList;
use super::claims::{ClaimSource, Claims, OFFER_RON};
use super::hooks::{self, FlowHooks};
use super::hu::{HuSet, checker};
use super::ledger::{SettleKind, fan_win_score};
use super::sichuan::{self, HONGZHONG, OnSichuan, SichuanFlow, parked, start};
use super::state::Table;
use crate::action::{Action, IllegalAction, Seat, refuse};
use crate::mjai::Event;
use crate::tiles::kind;
use crate::wall::Wall;

pub use super::hu::hongzhong_hu_rules;

/// The wildcard set of the hongzhong flow: 7z.
pub const HONGZHONG_WILD: TileSet = TileSet::single(HONGZHONG);

/// The checker of 红中麻将's rules with seven pairs or without.
fn hz_checker(seven_pairs: bool) -> Option<&'static Checker> {
    checker(HuSet::Hongzhong { seven_pairs })
}

/// Where a bird points, counting the winner as 1 and going on in turn order: rank 1, 5 and 9
/// point at the winner, 2/6 at the next seat, 3/7 across, 4/8 at the previous seat. A 红中
/// points at the winner when `wild_hits`. Returns the seat offset from the winner (0..4).
pub fn bird_offset(t: Tile, wild_hits: bool) -> Option<u8> {
    if t == HONGZHONG {
        return wild_hits.then_some(0);
    }
    if t.as_u8() >= 27 {
        return None;
    }
    Some(t.as_u8() % 9 % 4)
}

/// The birds turned over after a win: up to `hz_birds` of the `live_left` live tiles, in
/// drawing order.
pub(super) fn birds(t: &Table, live_left: u8) -> SmallVec<[u8; 8]> {
    let n = usize::from(t.rules.hongzhong.hz_birds.min(live_left));
    (0..n)
        .map(|i| t.wall.at(usize::from(t.live_next) - i))
        .collect()
}

/// The 红中麻将 flow: the Sichuan machinery's state, wins of its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct HongzhongFlow {
    /// The machinery's state (the ledger; 换三张 and 定缺 when the rules ask for them).
    pub(super) base: SichuanFlow,
}

impl HongzhongFlow {
    pub(super) fn new(wall: &Wall) -> HongzhongFlow {
        HongzhongFlow {
            base: SichuanFlow::new(wall),
        }
    }

    fn hand(t: &Table, seat: Seat, extra: Option<Tile>) -> Option<Hand> {
        let p = t.player(seat & 3);
        let mut counts: TileCounts = p.counts;
        if let Some(k) = extra {
            counts.add(k).ok()?;
        }
        Hand::new(counts, &p.meld_list(), HONGZHONG_WILD).ok()
    }

    /// Hongzhong waits: every numbered kind that completes the hand (a drawn 红中 completes
    /// any waiting hand too).
    fn hz_waits(t: &Table, seat: Seat) -> TileSet {
        let Some(c) = hz_checker(t.rules.hongzhong.hz_seven_pairs) else {
            return TileSet::EMPTY;
        };
        let w = Self::hand(t, seat, None)
            .and_then(|h| c.waits(&h).ok())
            .unwrap_or(TileSet::EMPTY);
        // Only the kinds in the wall: the three suits and 红中.
        let mut in_wall = HONGZHONG_WILD;
        for suit in [Suit::Man, Suit::Pin, Suit::Sou] {
            in_wall |= TileSet::suit(suit);
        }
        w & in_wall
    }

    /// Does the hand in turn (14 tiles) win: four 红中, or a winning shape with 7z wild.
    fn hz_tsumo_ok(t: &Table, seat: Seat) -> bool {
        if t.player(seat & 3).counts.get(HONGZHONG) == 4 {
            return true;
        }
        let Some(c) = hz_checker(t.rules.hongzhong.hz_seven_pairs) else {
            return false;
        };
        Self::hand(t, seat, None).is_some_and(|h| c.is_winning(&h).unwrap_or(false))
    }

    /// A win on a discard (only under `hz_ron_without_wild`) or on another seat's added kong
    /// (抢杠胡, under `hz_rob_kong`), with no 红中 in the hand.
    fn hz_ron_ok(t: &Table, seat: Seat, c: &Claims) -> bool {
        let allowed = match c.source {
            ClaimSource::Discard { .. } => t.rules.hongzhong.hz_ron_without_wild,
            ClaimSource::Kakan => t.rules.hongzhong.hz_rob_kong,
            _ => false,
        };
        if !allowed {
            return false;
        }
        let p = t.player(seat & 3);
        let k = kind(c.tile);
        if k == HONGZHONG || p.counts.get(HONGZHONG) > 0 || !p.waits.contains(k) {
            return false;
        }
        let Some(ch) = hz_checker(t.rules.hongzhong.hz_seven_pairs) else {
            return false;
        };
        Self::hand(t, seat, Some(k)).is_some_and(|h| ch.is_winning(&h).unwrap_or(false))
    }

    /// What the winning hand is called: `si_hong_zhong` (four 红中), `qi_dui` (seven pairs
    /// only), `hu`.
    fn hz_win_name(t: &Table, seat: Seat, extra: Option<Tile>) -> &'static str {
        if extra.is_none() && t.player(seat & 3).counts.get(HONGZHONG) == 4 {
            return "si_hong_zhong";
        }
        let standard = hz_checker(false)
            .zip(Self::hand(t, seat, extra))
            .is_some_and(|(c, h)| c.is_winning(&h).unwrap_or(false));
        if standard { "hu" } else { "qi_dui" }
    }

    /// A hongzhong win (`from` the winner on a self-draw, the discarder or the robbed kong's
    /// owner otherwise; `rinshan`: a self-draw on a kong's replacement tile): paid `hz_win`
    /// base stakes by each payer (杠上花: `hz_kong_bloom` times; 抢杠胡 under
    /// `hz_rob_kong_pays_all`: the robbed seat pays three shares), then 抓鸟 (the same shares),
    /// then the round ends.
    fn hz_win(
        &mut self,
        t: &mut Table,
        seat: Seat,
        tile: u8,
        from: Seat,
        claims: Option<&Claims>,
        rinshan: bool,
    ) {
        let tsumo = seat == from;
        let robbed = claims.is_some_and(|c| c.source == ClaimSource::Kakan);
        let bloom = tsumo && rinshan;
        let base = t.rules.sichuan.base_stake;
        let name = Self::hz_win_name(t, seat, if tsumo { None } else { Some(kind(tile)) });
        let payers: SmallVec<[Seat; 3]> = if tsumo {
            (0..4u8).filter(|&x| x != seat).collect()
        } else {
            SmallVec::from_iter([from])
        };
        // Shares each payer pays: three for the robbed seat under 包赔.
        let shares: i32 = if robbed && t.rules.hongzhong.hz_rob_kong_pays_all {
            3
        } else {
            1
        };
        let per = base
            .saturating_mul(t.rules.hongzhong.hz_win)
            .saturating_mul(shares)
            .saturating_mul(if bloom {
                t.rules.hongzhong.hz_kong_bloom
            } else {
                1
            });
        let mut d = [0i32; 4];
        for &x in &payers {
            d[usize::from(x)] -= per;
            d[usize::from(seat)] += per;
        }
        let yaku = [name]
            .into_iter()
            .chain(robbed.then_some("qiang_gang_hu"))
            .chain(bloom.then_some("gang_shang_hua"))
            .map(|n| (n.to_string(), 0))
            .collect();
        let ws = fan_win_score(seat, from, 0, yaku, per.max(0) as u32, d);
        self.base.ledger.win(t, seat, from, tile, ws, d);
        if let Some(c) = claims {
            hooks::take_won_tile(self, t, seat, c);
        }
        // 抓鸟.
        let birds = birds(t, self.live_left(t));
        let hits = birds
            .iter()
            .filter(|&&id| bird_offset(kind(id), t.rules.hongzhong.hz_bird_wild_hits) == Some(0))
            .count() as i32;
        let mut bd = [0i32; 4];
        let each = base
            .saturating_mul(t.rules.hongzhong.hz_bird_stake)
            .saturating_mul(hits)
            .saturating_mul(shares);
        for &x in &payers {
            bd[usize::from(x)] -= each;
            bd[usize::from(seat)] += each;
        }
        if !birds.is_empty() {
            self.base.ledger.book(t, SettleKind::Zhuaniao, seat, bd);
            let scores = t.scores;
            let pai = birds.iter().map(|&id| t.mt(id)).collect();
            t.emit(Event::Zhuaniao {
                actor: seat,
                pai,
                hits: hits as u8,
                deltas: bd,
                scores,
            });
        }
        self.base.close_win(t, seat);
        sichuan::finish(self, t, false);
    }
}

impl OnSichuan for HongzhongFlow {
    fn base(&self) -> &SichuanFlow {
        &self.base
    }

    fn base_mut(&mut self) -> &mut SichuanFlow {
        &mut self.base
    }

    fn tsumo_ok(&self, t: &Table, seat: Seat, _rinshan: bool) -> bool {
        Self::hz_tsumo_ok(t, seat)
    }

    fn tsumo(
        &mut self,
        t: &mut Table,
        seat: Seat,
        action: Action,
        d: u8,
        rinshan: bool,
    ) -> Result<(), IllegalAction> {
        if !Self::hz_tsumo_ok(t, seat) {
            return Err(refuse(action, "not a winning hand"));
        }
        self.hz_win(t, seat, d, seat, None, rinshan);
        Ok(())
    }

    /// One winner: the first in turn order from the discarder (截胡).
    fn win_on_claims(&mut self, t: &mut Table, c: &Claims, rons: SmallVec<[Seat; 3]>) -> bool {
        if let Some(&seat) = rons.first()
            && Self::hz_ron_ok(t, seat, c)
        {
            self.hz_win(t, seat, c.tile, c.from, Some(c), false);
            return true;
        }
        false
    }

    /// No flower pigs and no fan: ready is having a wait (reported only).
    fn standing_at_draw(&self, t: &Table, seat: Seat) -> (bool, bool, u32) {
        (!Self::hz_waits(t, seat).is_empty(), false, 0)
    }
}

impl FlowHooks for HongzhongFlow {
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
        Self::hz_waits(t, seat)
    }

    fn turn_actions(
        &self,
        t: &Table,
        seat: Seat,
        after_call: bool,
        rinshan: bool,
        out: &mut ActionList,
    ) {
        sichuan::turn_actions(self, t, seat, after_call, rinshan, out);
    }

    fn play_turn(
        &mut self,
        t: &mut Table,
        seat: Seat,
        action: Action,
        after_call: bool,
        rinshan: bool,
    ) -> Result<(), IllegalAction> {
        sichuan::play_turn(self, t, seat, action, after_call, rinshan)
    }

    /// A seat still playing may win on the tile when it may (see `hz_ron_ok`; not after
    /// passing a win since its last discard, under `pass_skips_ron`), pon or kong it; a
    /// discarded 红中 is dead.
    fn offer(&self, t: &Table, seat: Seat, c: &Claims, calls_ok: bool, _d: u8) -> u8 {
        if !self.base.active(seat) {
            return 0;
        }
        let k = kind(c.tile);
        if k == HONGZHONG {
            return 0;
        }
        let mut o = 0u8;
        let skip = t.rules.sichuan.pass_skips_ron && t.player(seat).temp_furiten;
        if !skip && Self::hz_ron_ok(t, seat, c) {
            o |= OFFER_RON;
        }
        o | sichuan::call_offer(&self.base, t, seat, k, calls_ok)
    }

    fn resolve(&mut self, t: &mut Table, c: Claims) {
        sichuan::resolve(self, t, c);
    }

    fn start_waiting(&self, t: &Table) -> u8 {
        start::waiting(&self.base, t)
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
