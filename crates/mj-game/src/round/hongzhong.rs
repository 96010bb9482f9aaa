//! 红中麻将 on the Sichuan machinery ([`super::sichuan`]): the four 红中 (7z) are wildcards, a
//! win is checked by `mj_hu` with 7z wild, one win ends the round, and 抓鸟 turns birds over
//! from the live wall after it. The wall, turns, pon and kong, kong payments (the ledger) and
//! the round's end are the Sichuan flow's; this module holds what differs.

use mj_hu::{Checker, Hand, Rules};
use mj_tiles::{Meld, Suit, Tile, TileCounts, TileSet};
use smallvec::SmallVec;

use super::sichuan::{HONGZHONG, SettleKind};
use super::{ClaimSource, Claims, HuSet, Round, WinRecord, checker};
use crate::action::Seat;
use crate::mjai::Event;
use crate::settle::{Payments, WinScore};
use crate::tiles::kind;

/// The win shapes of 红中麻将 as `mj_hu` rules: four sets and a pair (any suits), seven pairs
/// per `seven_pairs`, no thirteen orphans. `honors` stays on because `mj_hu` refuses a hand
/// holding an honor kind otherwise, wild or not; the honors other than 7z are not in the wall,
/// and a wildcard standing for an honor wins exactly when it could stand for a numbered tile.
pub fn hongzhong_hu_rules(seven_pairs: bool) -> Rules {
    Rules {
        seven_pairs,
        thirteen_orphans: false,
        lack_one_suit: false,
        ..Rules::GENERIC
    }
}

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

impl Round {
    fn hz_hand(&self, seat: Seat, extra: Option<Tile>) -> Option<Hand> {
        let p = &self.players[usize::from(seat & 3)];
        let mut counts: TileCounts = p.counts;
        if let Some(t) = extra {
            counts.add(t).ok()?;
        }
        let melds: SmallVec<[Meld; 4]> = p.melds.iter().map(|m| m.meld).collect();
        Hand::new(counts, &melds, HONGZHONG_WILD).ok()
    }

    /// Hongzhong waits: every numbered kind that completes the hand (a drawn 红中 completes
    /// any waiting hand too).
    pub(super) fn hz_waits(&self, seat: Seat) -> TileSet {
        let Some(c) = hz_checker(self.rules.hz_seven_pairs) else {
            return TileSet::EMPTY;
        };
        let w = self
            .hz_hand(seat, None)
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
    pub(super) fn hz_tsumo_ok(&self, seat: Seat) -> bool {
        let p = &self.players[usize::from(seat & 3)];
        if p.counts.get(HONGZHONG) == 4 {
            return true;
        }
        let Some(c) = hz_checker(self.rules.hz_seven_pairs) else {
            return false;
        };
        self.hz_hand(seat, None)
            .is_some_and(|h| c.is_winning(&h).unwrap_or(false))
    }

    /// A win on a discard (only under `hz_ron_without_wild`) or on another seat's added kong
    /// (抢杠胡, under `hz_rob_kong`), with no 红中 in the hand.
    pub(super) fn hz_ron_ok(&self, seat: Seat, c: &Claims) -> bool {
        let allowed = match c.source {
            ClaimSource::Discard { .. } => self.rules.hz_ron_without_wild,
            ClaimSource::Kakan => self.rules.hz_rob_kong,
            _ => false,
        };
        if !allowed {
            return false;
        }
        let p = &self.players[usize::from(seat & 3)];
        let k = kind(c.tile);
        if k == HONGZHONG || p.counts.get(HONGZHONG) > 0 || !p.waits.contains(k) {
            return false;
        }
        let Some(ch) = hz_checker(self.rules.hz_seven_pairs) else {
            return false;
        };
        self.hz_hand(seat, Some(k))
            .is_some_and(|h| ch.is_winning(&h).unwrap_or(false))
    }

    /// What the winning hand is called: `si_hong_zhong` (four 红中), `qi_dui` (seven pairs
    /// only), `hu`.
    fn hz_win_name(&self, seat: Seat, extra: Option<Tile>) -> &'static str {
        let p = &self.players[usize::from(seat & 3)];
        if extra.is_none() && p.counts.get(HONGZHONG) == 4 {
            return "si_hong_zhong";
        }
        let standard = hz_checker(false)
            .zip(self.hz_hand(seat, extra))
            .is_some_and(|(c, h)| c.is_winning(&h).unwrap_or(false));
        if standard { "hu" } else { "qi_dui" }
    }

    /// The birds turned over after a win: up to `hz_birds` live tiles, in drawing order.
    pub fn hongzhong_birds(&self) -> SmallVec<[u8; 8]> {
        let n = usize::from(self.rules.hz_birds.min(self.live_left()));
        (0..n)
            .map(|i| self.wall.at(usize::from(self.live_next) - i))
            .collect()
    }

    /// A hongzhong win (`from` the winner on a self-draw, the discarder or the robbed kong's
    /// owner otherwise; `rinshan`: a self-draw on a kong's replacement tile): paid `hz_win`
    /// base stakes by each payer (杠上花: `hz_kong_bloom` times; 抢杠胡 under
    /// `hz_rob_kong_pays_all`: the robbed seat pays three shares), then 抓鸟 (the same shares),
    /// then the round ends.
    pub(super) fn hz_win(
        &mut self,
        seat: Seat,
        tile: u8,
        from: Seat,
        claims: Option<&Claims>,
        rinshan: bool,
    ) {
        let tsumo = seat == from;
        let robbed = claims.is_some_and(|c| c.source == ClaimSource::Kakan);
        let bloom = tsumo && rinshan;
        let base = self.rules.base_stake;
        let name = self.hz_win_name(seat, if tsumo { None } else { Some(kind(tile)) });
        let payers: SmallVec<[Seat; 3]> = if tsumo {
            (0..4u8).filter(|&x| x != seat).collect()
        } else {
            SmallVec::from_iter([from])
        };
        // Shares each payer pays: three for the robbed seat under 包赔.
        let shares: i32 = if robbed && self.rules.hz_rob_kong_pays_all {
            3
        } else {
            1
        };
        let per = base
            .saturating_mul(self.rules.hz_win)
            .saturating_mul(shares)
            .saturating_mul(if bloom { self.rules.hz_kong_bloom } else { 1 });
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
        let rec = self.announce_win(seat, from, tile, ws, d);
        if let Some(c) = claims {
            self.take_won_tile(seat, c);
        }
        // 抓鸟.
        let birds = self.hongzhong_birds();
        let hits = birds
            .iter()
            .filter(|&&id| bird_offset(kind(id), self.rules.hz_bird_wild_hits) == Some(0))
            .count() as i32;
        let mut bd = [0i32; 4];
        let each = base
            .saturating_mul(self.rules.hz_bird_stake)
            .saturating_mul(hits)
            .saturating_mul(shares);
        for &x in &payers {
            bd[usize::from(x)] -= each;
            bd[usize::from(seat)] += each;
        }
        if !birds.is_empty() {
            self.book(SettleKind::Zhuaniao, seat, bd);
            let scores = self.scores;
            let pai = birds.iter().map(|&id| self.mt(id)).collect();
            self.emit(Event::Zhuaniao {
                actor: seat,
                pai,
                hits: hits as u8,
                deltas: bd,
                scores,
            });
        }
        self.interrupted = true;
        self.drawn = None;
        if let Some(sc) = self.sc.as_deref_mut() {
            sc.wins.push(rec);
            sc.won |= 1 << seat;
            sc.after_kong = None;
            sc.kong = None;
            if sc.next_dealer.is_none() {
                sc.next_dealer = Some(seat);
            }
        }
        self.sichuan_finish(false);
    }
}

/// The score of a win paid in fan alone (红中麻将 and MCR: no fu, no yakuman, no 包): `fan`
/// (0 for 红中麻将, whose wins are paid per win, not per fan), the wins by name, `each` what a
/// payer pays (every other seat on a self-draw, the discarder on a discard) and the winner's
/// gain out of the deltas `d`.
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

impl Round {
    /// Books a win scored by [`fan_win_score`] in the ledger (deltas `d`), writes its `hora`
    /// event (no ura-dora, no fu; the fan is `ws.han`) and gives its record.
    pub(super) fn announce_win(
        &mut self,
        seat: Seat,
        from: Seat,
        tile: u8,
        ws: WinScore,
        d: [i32; 4],
    ) -> WinRecord {
        self.book(SettleKind::Win, seat, d);
        let scores = self.scores;
        self.emit(Event::Hora {
            actor: seat,
            target: from,
            pai: self.mt(tile),
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
        WinRecord {
            seat,
            from,
            tile,
            score: ws,
            pao: None,
            ura: SmallVec::new(),
            deltas: d,
        }
    }
}
