//! Helpers shared by the scenario tests: constructed walls in Tenhou's layout and small
//! drivers for a round.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_game::play::Bot;
use mj_game::{
    Action, GameRules, Length, Match, Phase, RandomBot, Round, RoundSetup, SeatSet, Wall,
};
use mj_tiles::Tile;
use mj_tiles::notation::parse_pieces;
use mj_tiles::random::SplitMix64;

/// A wall in Tenhou's layout: the four hands (seat 0 is the dealer), the live draws in order,
/// the dora indicator and the replacement tiles; every other id fills the rest.
pub fn wall(hands: [&str; 4], draws: &str, dora: &str, rinshan: &str) -> Wall {
    wall_ending(hands, draws, dora, rinshan, "")
}

/// As [`wall`], with `last` as the last live draws in order (its final tile is the haitei
/// tile when no kan was declared).
pub fn wall_ending(hands: [&str; 4], draws: &str, dora: &str, rinshan: &str, last: &str) -> Wall {
    Wall::from_ids(&wall_ids(&hands, draws, dora, rinshan, last)).unwrap()
}

/// The tile ids of a constructed wall in Tenhou's layout for `hands.len()` seats (3 or 4; with
/// three, 2m-8m are left out and the wall holds 108 tiles): the hands dealt 4-4-4-1 from the
/// top (seat 0 first), the live draws in order below them, the dora indicator (`w[5]`, three
/// seats `w[9]`), the replacement tiles (`w[k ^ 1]`) and `last` as the last live draws; every
/// other id fills the rest. A red five is written `0`; a plain five never takes the red copy.
pub fn wall_ids(hands: &[&str], draws: &str, dora: &str, rinshan: &str, last: &str) -> Vec<u8> {
    let players = hands.len();
    let len = if players == 3 { 108 } else { 136 };
    let mut used = [false; 136];
    if players == 3 {
        for u in &mut used[4..32] {
            *u = true; // 2m-8m are not in a three-player wall
        }
    }
    let mut take = |text: &str| -> Vec<u8> {
        parse_pieces(text)
            .unwrap()
            .into_iter()
            .map(|p| {
                let k = p.tile().as_u8();
                let five = p.tile().rank() == 5 && !p.tile().is_honor();
                let copies: &[u8] = if p.is_red() {
                    &[0]
                } else if five {
                    &[1, 2, 3]
                } else {
                    &[0, 1, 2, 3]
                };
                let c = copies
                    .iter()
                    .copied()
                    .find(|&c| !used[usize::from(k * 4 + c)])
                    .unwrap_or_else(|| panic!("a fifth {p}"));
                used[usize::from(k * 4 + c)] = true;
                k * 4 + c
            })
            .collect()
    };
    let mut w = vec![255u8; len];
    for (o, h) in hands.iter().enumerate() {
        let ids = take(h);
        assert_eq!(ids.len(), 13, "hand {o}");
        for (k, &id) in ids.iter().enumerate() {
            let from_top = if k < 12 {
                (k / 4) * 4 * players + o * 4 + k % 4
            } else {
                12 * players + o
            };
            w[len - 1 - from_top] = id;
        }
    }
    let live_top = len - 1 - 13 * players;
    for (j, id) in take(draws).into_iter().enumerate() {
        w[live_top - j] = id;
    }
    if !dora.is_empty() {
        w[if players == 3 { 9 } else { 5 }] = take(dora)[0];
    }
    for (k, id) in take(rinshan).into_iter().enumerate() {
        w[k ^ 1] = id;
    }
    let tail = take(last);
    for (j, &id) in tail.iter().enumerate() {
        w[14 + tail.len() - 1 - j] = id;
    }
    let mut rest = (0..136u8).filter(|&i| !used[usize::from(i)]);
    for slot in w.iter_mut().filter(|s| **s == 255) {
        *slot = rest.next().unwrap();
    }
    w
}

pub fn round(w: Wall) -> Round {
    Round::new(GameRules::tenhou(), RoundSetup::first(25000), w, true)
}

pub fn id(text: &str) -> u8 {
    let p = parse_pieces(text).unwrap()[0];
    let k = p.tile().as_u8();
    if p.is_red() {
        k * 4
    } else if p.tile().rank() == 5 && !p.tile().is_honor() {
        k * 4 + 1
    } else {
        k * 4
    }
}

/// The id of a kind in `seat`'s hand.
pub fn held(r: &Round, seat: u8, text: &str) -> u8 {
    let k = parse_pieces(text).unwrap()[0].tile().as_u8();
    r.player(seat)
        .hand_ids()
        .find(|i| i / 4 == k)
        .unwrap_or_else(|| panic!("seat {seat} holds no {text}"))
}

/// `seat` discards the tile it just drew (tsumogiri).
pub fn discard_drawn(r: &mut Round, seat: u8) {
    let tile = r.drawn().unwrap();
    r.play(seat, Action::Discard { tile: tid(tile) }).unwrap();
}

/// Discards the drawn tile and passes every claim until `seat` is to act (or the round ends).
pub fn tsumogiri_until(r: &mut Round, seat: u8) {
    for _ in 0..400 {
        if r.is_over()
            || r.to_act() == SeatSet::single(seat) && matches!(r.phase(), Phase::Turn { .. })
        {
            return;
        }
        tsumogiri_step(r);
    }
    panic!("seat {seat} never got a turn");
}

/// The seat to act discards its drawn tile on its turn, or passes a claim.
pub fn tsumogiri_step(r: &mut Round) {
    let s = r.to_act().first().unwrap_or(4);
    let a = match r.phase() {
        Phase::Turn { .. } => Action::Discard {
            tile: tid(r.drawn().unwrap()),
        },
        _ => Action::Pass,
    };
    r.play(s, a).unwrap();
}

pub fn refuse(r: &mut Round, seat: u8, a: Action) {
    let before = r.clone();
    assert!(r.play(seat, a).is_err(), "{a} by {seat} was accepted");
    assert_eq!(*r, before, "refusing {a} changed the round");
}

pub const FILLER: [&str; 4] = [
    "1m4m7m1p4p7p1s4s7s1z2z3z4z",
    "2m5m8m2p5p8p2s5s8s1z2z3z4z",
    "3m6m9m3p6p9p3s6s9s1z2z3z4z",
    "1m4m7m1p4p7p1s4s7s5z6z5z6z",
];

// ----- the Sichuan machinery (Sichuan, 红中血战, 红中麻将) -----

/// The kinds of an mpsz string (`"123m44p77z"`), in order (`mj_tiles`' own parser).
pub fn kinds(s: &str) -> Vec<Tile> {
    mj_tiles::notation::parse_tiles(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Tile ids handed out per kind in the order tiles are placed in a constructed wall (the first
/// copy of a kind gets `kind * 4`, the next `kind * 4 + 1`, ...), and which ids are placed.
#[derive(Debug)]
pub struct Ids {
    copies: [u8; 34],
    /// The ids placed so far.
    pub used: [bool; 136],
}

impl Ids {
    /// No id placed yet.
    pub const EMPTY: Ids = Ids {
        copies: [0; 34],
        used: [false; 136],
    };

    /// The next id of `t`'s kind; panics (failing the test) on a fifth copy.
    pub fn take(&mut self, t: Tile) -> u8 {
        let k = t.as_u8();
        let c = self.copies[usize::from(k)];
        assert!(c < 4, "a fifth {t}");
        self.copies[usize::from(k)] += 1;
        let id = k * 4 + c;
        self.used[usize::from(id)] = true;
        id
    }

    /// Puts four 13-tile hands (seat 0, the dealer, first) into `pos` as the Chinese flows
    /// deal them: four tiles to each seat three times, then one each, from position 135 down.
    pub fn deal(&mut self, pos: &mut [u8; 136], hands: &[Vec<Tile>]) {
        let mut at = 135;
        let mut next = [0usize; 4];
        for pass in 0..4 {
            for seat in 0..4 {
                for _ in 0..if pass < 3 { 4 } else { 1 } {
                    pos[at] = self.take(hands[seat][next[seat]]);
                    next[seat] += 1;
                    at -= 1;
                }
            }
        }
    }
}

/// A hongzhong wall (108 suited tiles and the four 红中): four 13-tile hands (dealer seat 0
/// first), the live draws in order and the kong replacement tiles in order; every other place
/// gets the unused ids.
pub fn hz_wall(hands: [&str; 4], draws: &str, replacements: &str) -> Wall {
    let mut ids = Ids::EMPTY;
    let mut pos = [255u8; 136];
    let hands: Vec<Vec<Tile>> = hands.iter().map(|h| kinds(h)).collect();
    ids.deal(&mut pos, &hands);
    for (i, d) in kinds(draws).into_iter().enumerate() {
        pos[83 - i] = ids.take(d);
    }
    for (i, d) in kinds(replacements).into_iter().enumerate() {
        pos[24 + i] = ids.take(d);
    }
    let mut free = (0..136u8).filter(|&id| !ids.used[usize::from(id)] && !(108..132).contains(&id));
    for p in pos.iter_mut().skip(24) {
        if *p == 255 {
            *p = free.next().unwrap();
        }
    }
    Wall::hongzhong_from_ids(&pos[24..]).unwrap()
}

/// The seat whose turn it is; panics (failing the test) outside a turn.
pub fn to_move(r: &Round) -> u8 {
    match r.phase() {
        Phase::Turn { seat, .. } => *seat,
        p => panic!("not a turn: {p:?}"),
    }
}

/// The seat to move discards a tile of kind `t` (mpsz, see [`kinds`]).
pub fn discard_kind(r: &mut Round, t: &str) {
    let s = to_move(r);
    let k = kinds(t)[0];
    let id = r
        .player(s)
        .hand_ids()
        .find(|&i| i / 4 == k.as_u8())
        .unwrap();
    r.play(s, Action::Discard { tile: tid(id) }).unwrap();
}

/// Every seat with a decision on a tile on offer passes.
pub fn pass_all(r: &mut Round) {
    while let Phase::Claims(_) = r.phase() {
        let s = r.to_act().first().unwrap_or(4);
        r.play(s, Action::Pass).unwrap();
    }
}

/// The kind of a tile id.
pub fn kind_of(id: u8) -> Tile {
    Tile::new(id / 4).unwrap()
}

/// The discard among `legal` of the least connected tile of `seat`'s hand (so random hands get
/// ready and win): a suited kind counts its copies and its neighbours within two ranks, an
/// honor its copies, and a 红中 (7z, a wildcard where it is in the wall) is kept. `None`
/// without a discard.
pub fn least_connected_discard(r: &Round, seat: u8, legal: &[Action]) -> Option<Action> {
    let mut counts = [0i32; 34];
    for id in r.player(seat).hand_ids() {
        counts[usize::from(id / 4)] += 1;
    }
    let link = |k: usize| -> i32 {
        if k >= 27 {
            return if k == 33 { 100 } else { 3 * (counts[k] - 1) };
        }
        let (lo, hi) = (k - k % 9, k - k % 9 + 8);
        let mut v = 3 * (counts[k] - 1);
        for d in 1..=2usize {
            if k >= lo + d {
                v += counts[k - d] * (3 - d as i32);
            }
            if k + d <= hi {
                v += counts[k + d] * (3 - d as i32);
            }
        }
        v
    };
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Discard { tile } => Some((link(usize::from(tile.tile().as_u8())), *a)),
            _ => None,
        })
        .min_by_key(|&(v, _)| v)
        .map(|(_, a)| a)
}

/// A player for random games of the Sichuan machinery that wins whenever it can, else acts
/// like `RandomBot` with a bias: it declares the suit held least most of the time, passes a
/// call half of the time and mostly discards by [`least_connected_discard`] (keeping 红中).
#[derive(Debug, Clone)]
pub struct Greedy(pub RandomBot, pub SplitMix64);

impl Greedy {
    pub fn new(seed: u64) -> Greedy {
        Greedy(RandomBot::new(seed), SplitMix64::new(seed ^ 0x5555))
    }

    pub fn act(&mut self, r: &Round, seat: u8, legal: &[Action]) -> Action {
        if let Some(a) = legal
            .iter()
            .find(|a| matches!(a, Action::Tsumo | Action::Ron))
        {
            return *a;
        }
        // Lack: the suit held least (listed first) most of the time.
        if matches!(legal[0], Action::DeclareLack { .. }) && self.1.below(4) != 0 {
            return legal[0];
        }
        // Calls: pass half of the time.
        if legal.contains(&Action::Pass) && self.1.below(2) == 0 {
            return Action::Pass;
        }
        if matches!(r.phase(), Phase::Turn { .. })
            && self.1.below(8) != 0
            && let Some(a) = least_connected_discard(r, seat, legal)
        {
            return a;
        }
        self.0.act(&r.view(seat), legal)
    }
}

/// Plays a seeded match of `rules` with [`Greedy`] players for a random number of decisions
/// (below `max_stop`), restores a copy from JSON and checks both continue identically to the
/// end: the same legal actions, the same choices, the same final match and events.
pub fn check_restore(rules: GameRules, length: Length, seed: u64, max_stop: u32) {
    let mut m = Match::seeded(rules, length, seed, true);
    let mut bots: [Greedy; 4] = core::array::from_fn(|s| Greedy::new(seed * 8 + s as u64));
    let stop = SplitMix64::new(seed).below(max_stop);
    let mut i = 0;
    while !m.is_over() && i < stop {
        let seat = m.to_act().first().unwrap_or(4);
        let legal = m.legal_actions(seat);
        let a = bots[usize::from(seat)].act(m.round(), seat, &legal);
        m.play(seat, a).unwrap();
        i += 1;
    }
    let json = serde_json::to_string(&m).unwrap();
    let mut b: Match = serde_json::from_str(&json).unwrap();
    assert_eq!(b, m, "seed {seed}: restore at step {i}");
    let mut bots_b = bots.clone();
    while !m.is_over() {
        let seat = m.to_act().first().unwrap_or(4);
        let legal = m.legal_actions(seat);
        assert_eq!(legal, b.legal_actions(seat), "seed {seed}");
        let a = bots[usize::from(seat)].act(m.round(), seat, &legal);
        let a2 = bots_b[usize::from(seat)].act(b.round(), seat, &legal);
        assert_eq!(a, a2);
        m.play(seat, a).unwrap();
        b.play(seat, a2).unwrap();
    }
    assert_eq!(m, b, "seed {seed}: the restored match ended differently");
    assert_eq!(m.events(), b.events());
}

/// The next decision of a checked random match: counts it in `steps` (a match still going
/// after 20,000 does not end), checks that all `tiles` of the wall are accounted for and that a
/// seat is to act with a legal action; gives the round as it stands, that seat and its legal
/// actions.
pub fn next_decision(
    m: &Match,
    seed: u64,
    steps: &mut u32,
    tiles: usize,
) -> (Round, u8, mj_game::ActionList) {
    *steps += 1;
    assert!(*steps < 20_000, "seed {seed}: the match does not end");
    let r = m.round().clone();
    assert_eq!(r.tiles_accounted(), tiles, "seed {seed} step {steps}");
    let mask = m.to_act();
    assert!(!mask.is_empty(), "seed {seed}: nobody to act");
    let seat = mask.first().unwrap_or(4);
    let legal = m.legal_actions(seat);
    assert!(!legal.is_empty(), "seed {seed}: seat {seat} has no action");
    (r, seat, legal)
}

/// `seat` tries a random discard not among `legal`; a refused action must leave the match as
/// it was (the discard may happen to be legal: a copy of a listed kind).
pub fn try_junk_discard(
    m: &mut Match,
    seat: u8,
    legal: &[Action],
    rng: &mut SplitMix64,
    seed: u64,
) {
    // An id above 135 cannot be named in an action at all (a `TileId` is below 136).
    let Some(tile) = mj_tiles::TileId::new(rng.below(140) as u8) else {
        return;
    };
    let junk = Action::Discard { tile };
    if !legal.contains(&junk) {
        let before = m.clone();
        if m.play(seat, junk).is_err() {
            assert_eq!(
                *m, before,
                "seed {seed}: a refused action changed the match"
            );
        }
    }
}

/// `mj-hu`'s slow reference on a Sichuan hand of `seat` in `r`: `counts` (the concealed tiles
/// with the winning tile) and `melds` win under `mj_game::sichuan_hu_rules(wild)` (7z wild
/// when `wild`) and hold no tile of the seat's suit given up.
pub fn sichuan_reference_win(
    r: &Round,
    seat: u8,
    counts: mj_tiles::TileCounts,
    melds: &[mj_tiles::Meld],
    wild: bool,
) -> bool {
    let wild_set = if wild {
        mj_tiles::TileSet::single(Tile::RED)
    } else {
        mj_tiles::TileSet::EMPTY
    };
    let hand = mj_hu::Hand::new(counts, melds, wild_set).unwrap();
    mj_hu::reference::is_winning(&hand, &mj_game::sichuan_hu_rules(wild)).unwrap()
        && r.lack(seat)
            .is_none_or(|l| counts.kinds().iter().all(|t| t.suit() != l))
}

/// The self-drawn win is offered to the seat to move (`legal`, in a turn not right after a
/// call) exactly when [`sichuan_reference_win`] says its hand wins.
pub fn check_tsumo_offer(r: &Round, seat: u8, legal: &[Action], seed: u64, wild: bool) {
    if let Phase::Turn {
        after_call: false, ..
    } = r.phase()
    {
        let p = r.player(seat);
        let counts = mj_tiles::TileCounts::from_tiles(p.hand_ids().map(kind_of)).unwrap();
        let melds: Vec<mj_tiles::Meld> = p.melds().iter().map(|m| m.meld).collect();
        assert_eq!(
            legal.contains(&Action::Tsumo),
            sichuan_reference_win(r, seat, counts, &melds, wild),
            "seed {seed}: {counts:?}"
        );
    }
}

/// Checks the Sichuan wins the last action added (`before` is the round before it, `wild`
/// when 红中 is wild, as in 红中血战): each is a win for `mj-hu`'s slow reference under
/// `mj_game::sichuan_hu_rules(wild)` holding no tile of the suit given up, never on a discarded
/// 红中, its fan what `mj_score::sichuan`'s slow reference gives under the flags the engine
/// listed (and the fans add up to it), paid `2^fan` by the discarder or by each seat still
/// playing, zero-sum. Returns how many of the new wins held a 红中.
pub fn check_sichuan_wins(before: &Round, after: &Round, seed: u64, wild: bool) -> usize {
    use mj_score::Win;
    use mj_score::sichuan::{SichuanRules, Situation};
    use mj_tiles::{Meld, TileCounts, TileSet};
    let wild_set = if wild {
        TileSet::single(Tile::RED)
    } else {
        TileSet::EMPTY
    };
    let old = before.sichuan_wins().len();
    let mut wild_wins = 0;
    for w in &after.sichuan_wins()[old..] {
        let p = before.player(w.seat);
        let mut counts = TileCounts::EMPTY;
        for id in p.hand_ids() {
            counts.add(kind_of(id)).unwrap();
        }
        let tsumo = w.from == w.seat;
        if !tsumo {
            assert_ne!(w.tile / 4, 33, "seed {seed}: a win on a discarded 红中");
            counts.add(kind_of(w.tile)).unwrap();
        }
        wild_wins += usize::from(counts.get(Tile::RED) > 0);
        let melds: Vec<Meld> = p.melds().iter().map(|m| m.meld).collect();
        assert!(
            sichuan_reference_win(before, w.seat, counts, &melds, wild),
            "seed {seed}: seat {} won with a hand that is not a win (or holds its lack)",
            w.seat
        );
        let lack = before.lack(w.seat);
        let names: Vec<&str> = w.score.yaku.iter().map(|(n, _)| n.as_str()).collect();
        let has = |n: &str| names.contains(&n);
        let sit = Situation {
            kong: has("gang_shang_hua") || has("gang_shang_pao"),
            chankan: has("qiang_gang_hu"),
            last_wall: has("hai_di_lao_yue") || has("hai_di_pao"),
            tenhou: has("tian_hu"),
            chiihou: has("di_hu"),
            lack,
        };
        let mut win = Win::new(counts, &melds, kind_of(w.tile));
        win.tsumo = tsumo;
        win.wild = wild_set;
        let r = mj_score::sichuan::reference::score(&win, &sit, &SichuanRules::COMMON)
            .unwrap_or_else(|e| panic!("seed {seed}: the reference refuses a win: {e}"));
        assert_eq!(r.fan, w.score.han, "seed {seed}: fan of seat {}", w.seat);
        let sum: u32 = w.score.yaku.iter().map(|(_, f)| f).sum();
        assert_eq!(
            sum, w.score.han,
            "seed {seed}: the fans add up to the total"
        );
        // Paid base * 2^fan by the discarder or by each seat still playing.
        let per = 1i32 << w.score.han;
        let payers = w.deltas.iter().filter(|&&d| d < 0).count() as i32;
        assert!(
            w.deltas
                .iter()
                .all(|&d| d == 0 || d == -per || d == per * payers)
        );
        assert_eq!(w.deltas.iter().sum::<i32>(), 0);
        if !tsumo {
            assert_eq!(w.deltas[usize::from(w.from)], -per, "seed {seed}");
        }
    }
    wild_wins
}

/// Replaces `r` by its JSON round trip, checking it equal (a round restored at a decision point).
pub fn restore_round(r: &mut Round, seed: u64) {
    let json = serde_json::to_string(&*r).unwrap();
    let back: Round = serde_json::from_str(&json).unwrap();
    assert_eq!(back, *r, "seed {seed}: restore");
    *r = back;
}

/// A finished round that started at 0 points: every settlement item zero-sum, their sum the
/// round's deltas, and the scores those deltas.
pub fn check_round_ledger(r: &Round, seed: u64) {
    let res = r.result().unwrap();
    let mut sum = [0i32; 4];
    for it in r.settlement() {
        assert_eq!(it.deltas.iter().sum::<i32>(), 0, "seed {seed}: {it:?}");
        for (s, d) in sum.iter_mut().zip(it.deltas) {
            *s += d;
        }
    }
    assert_eq!(sum, res.deltas, "seed {seed}");
    assert_eq!(res.scores, res.deltas, "seed {seed}");
}

/// The tile id `id` (below 136) for an action.
pub fn tid(id: u8) -> mj_tiles::TileId {
    mj_tiles::TileId::new(id).expect("a tile id below 136")
}

/// The tile kind of index `k` (below 34) for an action.
pub fn tkind(k: u8) -> Tile {
    Tile::new(k).expect("a tile kind below 34")
}
