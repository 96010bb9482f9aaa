//! Determinization (確定化): a whole [`Round`] in the state one seat sees, with the tiles it
//! cannot see (other seats' concealed hands, the live wall, in riichi the dead wall but its
//! revealed indicators) dealt anew at random among the ids it has not seen. A search plays such
//! rounds forward as if every tile were known.
//!
//! [`Deal::new`] takes a [`SeatView`] and lists the hidden ids once; [`Deal::sample`] then
//! makes one round per call:
//!
//! * Everything the seat sees is the same in the sampled round: its own hand and drawn tile,
//!   every river, meld and kita, the riichi declarations, the dora indicators, scores, sticks,
//!   honba, the tiles left, the tile on offer and the seat's own legal actions.
//! * The hidden ids are a uniform random permutation of themselves over the places they
//!   occupy, except for **another seat in riichi**: its concealed tiles are dealt first, a
//!   ready (tenpai) hand built from the unseen tiles as shapes (sets, a pair and a two-tile
//!   wait, or sets and a single; see `ready_draw`), drawn again until it waits on no kind the
//!   seat itself discarded or another seat discarded after its declaration (it would be
//!   furiten, or would have won); at most [`Deal::ready_tries`] draws per seat, then the last
//!   ready draw, else a uniform one ([`Sample::unready`] counts those seats). A caller may
//!   name other seats to be dealt the same way by chance ([`Deal::set_ready_chance`]: how
//!   likely a reading of their calls and discards says they are ready), waiting on none of
//!   their own discards; those seats do not need a yaku. Built shapes are
//!   not the exact law of a ready hand given the unseen tiles, only a cheap stand-in: uniform
//!   draws rejected until ready (and not furiten) found a hand within 400 draws for 1 riichi
//!   seat in 35 in the tests' games.
//! * What the engine derives from the hidden hands (their waits; while a tile is on offer,
//!   what the others may answer) is derived again from the new hands; the others' answers
//!   already given and their temporary furiten are forgotten (the seat cannot see them), and
//!   the sampled round does not record events.
//!
//! Four- and three-player riichi (in three-player, the 28 ids of 2m-8m are out of play and
//! never dealt), and the flows on the Sichuan machinery (`sichuan`, `sichuan_hongzhong`,
//! `hongzhong`) once play has begun, with what the seat knows there kept (the ids it passed in
//! 换三张, the suits given up; see the `chinese` submodule: exactly uniform under those
//! constraints); MCR is [`DeterminizeError::Flow`], a Chinese round in 换三张 or 定缺
//! [`DeterminizeError::BeforePlay`].
//!
//! ```
//! use mj_game::determinize::Deal;
//! use mj_game::{GameRules, Round, RoundSetup, Wall};
//! use mj_tiles::random::SplitMix64;
//! let round = Round::new(GameRules::tenhou(), RoundSetup::first(25_000), Wall::from_seed(3), false);
//! let view = round.view(0);
//! let deal = Deal::new(&view)?;
//! let mut rng = SplitMix64::new(9);
//! let sample = deal.sample(&mut rng);
//! let seen = sample.round.view(0);
//! assert_eq!(seen.hand(), view.hand());
//! assert_eq!(seen.live_left(), view.live_left());
//! assert_eq!(seen.legal_actions(), view.legal_actions());
//! # Ok::<(), mj_game::determinize::DeterminizeError>(())
//! ```

use mj_tiles::random::SplitMix64;
use mj_tiles::{TileCounts, TileSet};
use smallvec::SmallVec;

use crate::action::Seat;
use crate::round::Round;
use crate::rules::Flow;
use crate::tiles::kind;
use crate::view::SeatView;
use crate::wall::WALL_TILES;

mod chinese;

/// Why a view cannot be determinized.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeterminizeError {
    /// A flow that is not dealt (MCR).
    #[error("determinization deals riichi, Sichuan and 红中 rounds, not {0:?}")]
    Flow(Flow),
    /// A Sichuan or 红中 round still in 换三张 or 定缺: play has not begun.
    #[error("determinization deals a Chinese round once play has begun (after 换三张 and 定缺)")]
    BeforePlay,
}

/// Deals tried per sample before one that leaves a seat without a legal action is kept.
pub const DEAL_TRIES: u32 = 16;

/// Every seat that must decide has a legal action.
fn playable(round: &Round) -> bool {
    round
        .to_act()
        .iter()
        .all(|s| !round.legal_actions(s).is_empty())
}

/// The default of [`Deal::ready_tries`].
pub const READY_TRIES: u32 = 400;

/// The hidden ids of one seat's view, ready to be dealt anew (see the module docs).
#[derive(Clone, Debug)]
pub struct Deal<'a> {
    view: SeatView<'a>,
    /// Ids the seat cannot see, increasing.
    hidden: Vec<u8>,
    /// Seats dealt a ready hand (always for another seat in riichi, by chance for the seats
    /// [`Deal::set_ready_chance`] names): their concealed ids, their melds' counts, the kinds
    /// they cannot be waiting on, the chance.
    ready: SmallVec<[ReadySeat; 3]>,
    /// Draws per seat dealt ready before giving up on a ready hand.
    pub ready_tries: u32,
    /// The Chinese flows' constraints (`None` in riichi).
    chinese: Option<chinese::Chinese>,
}

#[derive(Clone, Debug)]
struct ReadySeat {
    seat: Seat,
    hand: SmallVec<[u8; 14]>,
    melds: TileCounts,
    not_waiting: TileSet,
    /// Chance of a ready hand, over [`CHANCE_ONE`] (a riichi: always).
    chance: u32,
}

/// The denominator of a ready chance.
const CHANCE_ONE: u32 = 1 << 16;

/// One sampled round.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The round, as the seat sees it, hidden tiles dealt anew.
    pub round: Round,
    /// Seats to be dealt a ready hand (in riichi, or drawn so by their chance) whose hand
    /// could not be made ready within the tries.
    pub unready: u8,
}

impl<'a> Deal<'a> {
    /// The hidden ids of `view`'s round.
    ///
    /// # Errors
    /// MCR ([`DeterminizeError::Flow`]); a Chinese round before play
    /// ([`DeterminizeError::BeforePlay`]).
    pub fn new(view: &SeatView<'a>) -> Result<Deal<'a>, DeterminizeError> {
        let rules = view.rules();
        let mut seen = [false; WALL_TILES];
        let is_chinese = match rules.flow {
            Flow::Riichi => false,
            Flow::Sichuan | Flow::Hongzhong => true,
            f => return Err(DeterminizeError::Flow(f)),
        };
        if rules.players == 3 {
            // 2m-8m are not in a three-player wall (parked out of play).
            for s in &mut seen[4..32] {
                *s = true;
            }
        }
        let me = view.seat();
        for i in view.hand_ids() {
            seen[usize::from(i)] = true;
        }
        for s in 0..4u8 {
            for r in view.river(s) {
                seen[usize::from(r.tile)] = true;
            }
            for m in view.melds(s) {
                for &i in m.ids.iter().filter(|&&i| usize::from(i) < WALL_TILES) {
                    seen[usize::from(i)] = true;
                }
            }
            for &k in view.kita(s) {
                if let Some(x) = seen.get_mut(usize::from(k)) {
                    *x = true;
                }
            }
        }
        for d in view.dora_indicators() {
            seen[usize::from(d)] = true;
        }
        let chinese = if is_chinese {
            Some(chinese::new(view, &mut seen)?)
        } else {
            None
        };
        let hidden: Vec<u8> = (0..WALL_TILES as u8)
            .filter(|&i| !seen[usize::from(i)])
            .collect();
        if let Some(c) = chinese {
            return Ok(Deal {
                view: *view,
                hidden,
                ready: SmallVec::new(),
                ready_tries: READY_TRIES,
                chinese: Some(c),
            });
        }
        let ready = (0..view.players())
            .filter(|&s| s != me && view.in_riichi(s))
            .map(|s| ready_seat(view, s, CHANCE_ONE))
            .collect();
        Ok(Deal {
            view: *view,
            hidden,
            ready,
            ready_tries: READY_TRIES,
            chinese: None,
        })
    }

    /// Deals seat `s` a ready (tenpai) hand with probability `chance`, built as a riichi
    /// seat's is (the same shapes, not waiting on a kind in its own river: it would be
    /// furiten), and a uniform one otherwise: what a reading of `s`'s calls and discards says
    /// (in mj-bot, a model fitted on real games). Seats are dealt in the order named, after the
    /// seats in riichi. `false`, and nothing changed, for the seat that sees, a seat in riichi
    /// (always ready), a seat named already, a seat not in play, a chance outside `0..=1`,
    /// and in the Chinese flows (whose deal is exact under their own constraints).
    pub fn set_ready_chance(&mut self, s: Seat, chance: f64) -> bool {
        if self.chinese.is_some()
            || s == self.view.seat()
            || s >= self.view.players()
            || !(0.0..=1.0).contains(&chance)
            || self.ready.iter().any(|r| r.seat == s)
        {
            return false;
        }
        let chance = (chance * f64::from(CHANCE_ONE)).round() as u32;
        self.ready.push(ready_seat(&self.view, s, chance));
        true
    }

    /// The ids the seat cannot see, increasing.
    pub fn hidden(&self) -> &[u8] {
        &self.hidden
    }

    /// One round with the hidden ids dealt anew by `rng` (see the module docs).
    ///
    /// A deal that leaves a seat to decide with no legal action (another seat right after
    /// its call, dealt only kinds it may not discard) is dealt again, up to
    /// [`DEAL_TRIES`] times.
    pub fn sample(&self, rng: &mut SplitMix64) -> Sample {
        let mut s = self.sample_once(rng);
        for _ in 1..DEAL_TRIES {
            if playable(&s.round) {
                break;
            }
            s = self.sample_once(rng);
        }
        s
    }

    fn sample_once(&self, rng: &mut SplitMix64) -> Sample {
        if let Some(c) = &self.chinese {
            return c.sample(&self.view, &self.hidden, rng);
        }
        let mut pool: Vec<u8> = self.hidden.clone();
        rng.shuffle(&mut pool);
        let mut map = [0u8; WALL_TILES];
        for (i, m) in map.iter_mut().enumerate() {
            *m = i as u8;
        }
        let mut assigned = [false; WALL_TILES];
        // `pool[..free]` are the ids not dealt yet.
        let mut free = pool.len();
        let mut unready = 0u8;
        for r in &self.ready {
            let n = r.hand.len();
            if n > free {
                continue;
            }
            if r.chance < CHANCE_ONE && rng.below(CHANCE_ONE) >= r.chance {
                // Not ready this time: dealt with the rest.
                continue;
            }
            let mut fallback: Option<SmallVec<[u8; 14]>> = None;
            let mut chosen: Option<SmallVec<[u8; 14]>> = None;
            for _ in 0..self.ready_tries.max(1) {
                let extra = n % 3 == 2;
                let Some(mut draw) = ready_draw(&pool[..free], n - usize::from(extra), rng) else {
                    continue;
                };
                if extra {
                    // The drawn tile: any free id not in the ready hand.
                    let rest: Vec<u8> = pool[..free]
                        .iter()
                        .copied()
                        .filter(|i| !draw.contains(i))
                        .collect();
                    let Some(&d) = rest.get(rng.below(rest.len().max(1) as u32) as usize) else {
                        continue;
                    };
                    draw.push(d);
                }
                let ready: &[u8] = &draw[..n - usize::from(extra)];
                let mut counts = TileCounts::EMPTY;
                for &i in ready {
                    let _ = counts.add(kind(i));
                }
                let waits = crate::round::waits_of(&counts, &r.melds);
                if waits.is_empty() {
                    continue;
                }
                if (waits & r.not_waiting).is_empty() {
                    chosen = Some(draw);
                    break;
                }
                fallback = Some(draw);
            }
            if chosen.is_none() && fallback.is_none() {
                // No ready hand could be built: a uniform draw (counted as unready).
                for k in 0..n {
                    let top = free - k;
                    let j = rng.below(top as u32) as usize;
                    pool.swap(j, top - 1);
                }
                fallback = Some(pool[free - n..free].iter().copied().collect());
            }
            let Some(draw) = chosen.or_else(|| {
                unready += 1;
                fallback
            }) else {
                continue;
            };
            // Deal `draw` into the seat's places, taking the ids out of the pool.
            for (&old, &new) in r.hand.iter().zip(draw.iter()) {
                map[usize::from(old)] = new;
                assigned[usize::from(old)] = true;
            }
            for &new in &draw {
                if let Some(p) = pool[..free].iter().position(|&x| x == new) {
                    free -= 1;
                    pool.swap(p, free);
                }
            }
        }
        // Every other hidden place takes the next free id (the pool is in random order).
        let rest = &mut pool[..free];
        rng.shuffle(rest);
        let mut next = rest.iter();
        for &old in &self.hidden {
            if assigned[usize::from(old)] {
                continue;
            }
            if let Some(&new) = next.next() {
                map[usize::from(old)] = new;
            }
        }
        let mut round = self.view.round().clone();
        let ok = round.relabel_hidden(&map, self.view.seat());
        debug_assert!(
            ok,
            "a determinization map is a permutation of the hidden ids"
        );
        Sample { round, unready }
    }

    /// The seat whose view is dealt.
    pub fn seat(&self) -> Seat {
        self.view.seat()
    }
}

/// A ready hand of `n` ids (`n` = 3k + 1) from `free`, built as shapes: k - 1 sets, a pair and
/// a two-tile wait (two-sided, closed or edge: a run missing one tile, six times in ten; a
/// second pair, two in ten), or k sets and a single (two in ten); each set a run three times
/// in four, else a triplet, at a random place among the kinds `free` still holds. `None` when
/// a part found no room within a few tries.
fn ready_draw(free: &[u8], n: usize, rng: &mut SplitMix64) -> Option<SmallVec<[u8; 14]>> {
    let mut avail = [0u8; 34];
    for &i in free {
        avail[kind(i).index()] += 1;
    }
    let sets = (n.saturating_sub(1)) / 3;
    let mut kinds: SmallVec<[u8; 14]> = SmallVec::new();
    let take = |avail: &mut [u8; 34], ks: &[u8], kinds: &mut SmallVec<[u8; 14]>| -> bool {
        let mut need = [0u8; 34];
        for &k in ks {
            need[usize::from(k)] += 1;
        }
        if ks
            .iter()
            .any(|&k| avail[usize::from(k)] < need[usize::from(k)])
        {
            return false;
        }
        for &k in ks {
            avail[usize::from(k)] -= 1;
            kinds.push(k);
        }
        true
    };
    let shape = if sets == 0 { 9 } else { rng.below(10) };
    let full_sets = if shape >= 8 { sets } else { sets - 1 };
    let run_at = |rng: &mut SplitMix64| -> u8 {
        let suit = rng.below(3) as u8;
        suit * 9 + rng.below(7) as u8
    };
    for _ in 0..full_sets {
        let mut ok = false;
        for _ in 0..24 {
            let part: SmallVec<[u8; 3]> = if rng.below(4) < 3 {
                let k = run_at(rng);
                [k, k + 1, k + 2].into_iter().collect()
            } else {
                let k = rng.below(34) as u8;
                [k, k, k].into_iter().collect()
            };
            if take(&mut avail, &part, &mut kinds) {
                ok = true;
                break;
            }
        }
        if !ok {
            return None;
        }
    }
    let pair = |avail: &mut [u8; 34], kinds: &mut SmallVec<[u8; 14]>, rng: &mut SplitMix64| {
        (0..24).any(|_| {
            let k = rng.below(34) as u8;
            take(avail, &[k, k], kinds)
        })
    };
    let ok = match shape {
        8.. => (0..24).any(|_| {
            let k = rng.below(34) as u8;
            take(&mut avail, &[k], &mut kinds)
        }),
        6 | 7 => pair(&mut avail, &mut kinds, rng) && pair(&mut avail, &mut kinds, rng),
        _ => {
            pair(&mut avail, &mut kinds, rng)
                && (0..24).any(|_| {
                    let k = run_at(rng);
                    let run = [k, k + 1, k + 2];
                    let gap = rng.below(3) as usize;
                    let two: SmallVec<[u8; 2]> =
                        (0..3).filter(|&i| i != gap).map(|i| run[i]).collect();
                    take(&mut avail, &two, &mut kinds)
                })
        }
    };
    if !ok || kinds.len() != n {
        return None;
    }
    // A random free id of each kind.
    let mut ids: SmallVec<[u8; 14]> = SmallVec::new();
    let mut used = [false; WALL_TILES];
    for &k in &kinds {
        let copies: SmallVec<[u8; 4]> = free
            .iter()
            .copied()
            .filter(|&i| kind(i).index() == usize::from(k) && !used[usize::from(i)])
            .collect();
        let i = *copies.get(rng.below(copies.len().max(1) as u32) as usize)?;
        used[usize::from(i)] = true;
        ids.push(i);
    }
    Some(ids)
}

/// What dealing `s` a ready hand needs: its concealed ids (in its own turn, the drawn one
/// last: it is dealt apart from the ready hand), its melds' tiles, the kinds it cannot wait on.
fn ready_seat(view: &SeatView<'_>, s: Seat, chance: u32) -> ReadySeat {
    let round = view.round();
    let mut melds = TileCounts::EMPTY;
    for m in view.melds(s) {
        for t in m.meld.tiles() {
            let _ = melds.add(t);
        }
    }
    let drawn = round.drawn().filter(|_| round.view(s).drawn().is_some());
    let mut hand: SmallVec<[u8; 14]> = round
        .player(s)
        .hand_ids()
        .filter(|&i| Some(i) != drawn)
        .collect();
    hand.extend(drawn);
    ReadySeat {
        seat: s,
        hand,
        melds,
        not_waiting: not_waiting(view, s),
        chance,
    }
}

/// Kinds `s` cannot be waiting on without being furiten or having passed a win: its own
/// discards and, for a seat in riichi, the other seats' discards after its declaration (a
/// river index above the declaration's; calls shift rivers, so this is an approximation that
/// leaves some out, never one that was discarded before).
fn not_waiting(view: &SeatView<'_>, s: Seat) -> TileSet {
    let mut out = TileSet::EMPTY;
    let own = view.river(s);
    for r in own {
        out.insert(kind(r.tile));
    }
    let Some(at) = own.iter().position(|r| r.riichi) else {
        return out;
    };
    for o in (0..view.players()).filter(|&o| o != s) {
        for r in view.river(o).iter().skip(at + 1) {
            out.insert(kind(r.tile));
        }
    }
    out
}
