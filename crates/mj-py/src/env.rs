//! Learning environments over `mj_game::Match` (riichi four and three players, Sichuan): a
//! fixed action space with a legal-action mask, a feature tensor of `PLANES x 34`, rewards,
//! mj-bot players in the seats no learner plays, and a vectorised game stepping B games with the
//! GIL released.
//!
//! The action space and the planes are documented in README ("Learning environments") and in
//! `ACTION_NAMES` / `PLANE_NAMES`; the pure-Python environments (`mj_engine.env`) wrap
//! [`Game`] and [`VecGame`].

// Seats and kinds index several parallel arrays at once; indices read clearer than zips here.
#![allow(clippy::needless_range_loop)]

use core::ops::ControlFlow;
use std::thread;

use numpy::{PyArray1, PyArray2, PyArray3, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use mj_bot::registry::{self, SeedScheme, seat_seed};
use mj_game::drive::{Observer, Stop, drive_with};
use mj_game::{Action, Bot, GameRules, Length, Match, Seat};
use mj_tiles::TileId;

/// Actions: 0..34 discard kind k (a plain copy), 34..37 discard the red 5m/5p/5s, 37..71 riichi
/// discarding kind k, 71..74 chi with the called tile lowest/middle/highest, 74 pon, 75 open
/// kan, 76..110 closed or added kan of kind k, 110 tsumo, 111 ron, 112 pass, 113 kita, 114
/// nine terminals; Sichuan: 115..118 exchange three tiles of suit m/p/s (the engine's first
/// offer of that suit: the lowest kinds), 118..121 declare the lacking suit m/p/s.
pub const ACTIONS: usize = 121;
const RED_DISCARD: usize = 34;
const RIICHI: usize = 37;
const CHI: usize = 71;
const PON: usize = 74;
const MINKAN: usize = 75;
const SELF_KAN: usize = 76;
const TSUMO: usize = 110;
const RON: usize = 111;
const PASS: usize = 112;
const KITA: usize = 113;
const NINE: usize = 114;
const EXCHANGE: usize = 115;
const LACK: usize = 118;

/// Feature planes of 34 kinds each (README has the table).
pub const PLANES: usize = 44;

/// Tenhou ids of the red fives (5m, 5p, 5s).
const REDS: [u8; 3] = [16, 52, 88];

/// How the environment pays its seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RewardKind {
    /// Final points (uma and oka included) at the end of the match.
    Points,
    /// `(n + 1 - 2 rank) / (n - 1)` at the end: +1 first, -1 last.
    Rank,
    /// Every change of the seat's score, in thousands of points, when it happens.
    Score,
}

impl RewardKind {
    fn from_name(name: &str) -> Option<RewardKind> {
        match name {
            "points" => Some(RewardKind::Points),
            "rank" => Some(RewardKind::Rank),
            "score" => Some(RewardKind::Score),
            _ => None,
        }
    }
}

/// The player of a seat: a registry bot, or `None` for a learner (`None` or `"learner"` as
/// the name). `Send + Sync`, as a Python class must be.
pub(crate) type SeatBot = Option<Box<dyn Bot + Send + Sync>>;

/// The player named `name` for a seat, seeded `seed`.
pub(crate) fn seat_bot(name: Option<&str>, seed: u64) -> Result<SeatBot, String> {
    match name {
        None | Some("learner") => Ok(None),
        Some(n) => registry::make(n, seed).map(Some).map_err(|_| {
            format!(
                "unknown bot {n:?} ({}; None or \"learner\" for a learner seat)",
                registry::NAMES.join(", ")
            )
        }),
    }
}

/// The dora kind an indicator kind points at (three players: 1m points at 9m).
fn dora_of(kind: usize, players: u8) -> usize {
    match kind {
        0 if players == 3 => 8,
        0..=26 => kind / 9 * 9 + (kind % 9 + 1) % 9,
        27..=30 => 27 + (kind - 27 + 1) % 4,
        _ => 31 + (kind.saturating_sub(31) + 1) % 3,
    }
}

/// Index of an action in the fixed space (every action has one; `None` is kept for actions the
/// space may leave out).
pub(crate) fn index_of(a: &Action, offer: Option<u8>, red_fives: bool) -> Option<usize> {
    let is_red = |t: TileId| red_fives && REDS.contains(&t.as_u8());
    let kind = |t: TileId| usize::from(t.tile().as_u8());
    Some(match *a {
        Action::Discard { tile } if is_red(tile) => {
            RED_DISCARD + REDS.iter().position(|&r| r == tile.as_u8()).unwrap_or(0)
        }
        Action::Discard { tile } => kind(tile),
        Action::Riichi { tile } => RIICHI + kind(tile),
        Action::Chi { tiles } => {
            let called = offer.map_or(0, |t| usize::from(t / 4));
            let below = tiles.iter().filter(|&&t| kind(t) < called).count();
            CHI + below
        }
        Action::Pon { .. } => PON,
        Action::Minkan => MINKAN,
        Action::Ankan { kind } => SELF_KAN + usize::from(kind.as_u8()),
        Action::Kakan { tile } => SELF_KAN + kind(tile),
        Action::Tsumo => TSUMO,
        Action::Ron => RON,
        Action::Pass => PASS,
        Action::Kita { .. } => KITA,
        Action::NineTerminals => NINE,
        Action::Exchange { tiles } => EXCHANGE + (kind(tiles[0]) / 9).min(2),
        Action::DeclareLack { suit } => LACK + usize::from(suit.min(2)),
    })
}

/// Whether `new` replaces `old` in the same slot: the drawn tile (tsumogiri) first, then a plain
/// copy over a red one (riichi), else the first offered.
fn better(new: &Action, old: &Action, drawn: Option<u8>, red_fives: bool) -> bool {
    let tile = |a: &Action| match *a {
        Action::Discard { tile } | Action::Riichi { tile } => Some(tile.as_u8()),
        _ => None,
    };
    let (Some(n), Some(o)) = (tile(new), tile(old)) else {
        return false;
    };
    let red = |t: u8| red_fives && REDS.contains(&t);
    if red(n) != red(o) {
        return !red(n);
    }
    Some(n) == drawn && Some(o) != drawn
}

/// What the seats are owed: the observer of every action played.
#[derive(Debug)]
struct Rewards {
    reward: RewardKind,
    paid_final: bool,
    last_scores: [i32; 4],
    owed: [f32; 4],
}

impl Rewards {
    /// Books what each seat is owed after a play.
    fn accrue(&mut self, m: &Match) {
        let n = usize::from(m.rules().players.clamp(3, 4));
        match self.reward {
            RewardKind::Score => {
                let now = match m.result() {
                    Some(r) => r.scores,
                    None => m.round().scores(),
                };
                for s in 0..n {
                    self.owed[s] += (now[s] - self.last_scores[s]) as f32 / 1000.0;
                }
                self.last_scores = now;
            }
            RewardKind::Points | RewardKind::Rank => {
                if self.paid_final {
                    return;
                }
                let Some(r) = m.result() else {
                    return;
                };
                for s in 0..n {
                    self.owed[s] += match self.reward {
                        RewardKind::Points => r.points_tenths[s] as f32 / 10.0,
                        _ => (n as f32 + 1.0 - 2.0 * f32::from(r.ranks[s])) / (n as f32 - 1.0),
                    };
                }
                self.paid_final = true;
            }
        }
    }
}

/// The bots' actions are paid as they are played.
impl Observer<Match> for Rewards {
    fn after(&mut self, m: &Match, _: Seat, _: Action, _: Option<Action>) -> ControlFlow<()> {
        self.accrue(m);
        ControlFlow::Continue(())
    }
}

/// One game for learners: a match, a player per seat, rewards owed.
#[derive(Debug)]
pub(crate) struct Core {
    rules: GameRules,
    length: Length,
    names: [Option<String>; 4],
    bots: [SeatBot; 4],
    rewards: Rewards,
    pub(crate) m: Match,
    steps: u64,
    /// The action table of the seat to act (`cache_seat`), so a step computes the legal
    /// actions once for the mask and the play.
    cache: [Option<Action>; ACTIONS],
    /// Its mask (1 where `cache` has an action), written with it.
    cache_mask: [i8; ACTIONS],
    cache_seat: Option<Seat>,
}

impl Core {
    pub(crate) fn new(
        rules: &str,
        length: &str,
        names: [Option<String>; 4],
        reward: &str,
    ) -> Result<Core, String> {
        let rules =
            GameRules::preset(rules).ok_or_else(|| format!("unknown rules preset {rules:?}"))?;
        let length =
            Length::from_name(length).ok_or_else(|| format!("unknown length {length:?}"))?;
        let reward = RewardKind::from_name(reward)
            .ok_or_else(|| format!("unknown reward {reward:?} (points, rank, score)"))?;
        for n in &names {
            seat_bot(n.as_deref(), 0)?;
        }
        Ok(Core::start(rules, length, names, reward, 0))
    }

    /// A game of checked players, reset to `seed`.
    fn start(
        rules: GameRules,
        length: Length,
        names: [Option<String>; 4],
        reward: RewardKind,
        seed: u64,
    ) -> Core {
        let mut c = Core {
            rules,
            length,
            names,
            bots: [None, None, None, None],
            rewards: Rewards {
                reward,
                paid_final: false,
                last_scores: [0; 4],
                owed: [0.0; 4],
            },
            m: Match::seeded(rules, length, seed, false),
            steps: 0,
            cache: [None; ACTIONS],
            cache_mask: [0; ACTIONS],
            cache_seat: None,
        };
        c.reset(seed);
        c
    }

    fn players(&self) -> u8 {
        self.rules.players.clamp(3, 4)
    }

    /// A game of the same rules, length, players and rewards, reset to `seed`.
    pub(crate) fn fresh(&self, seed: u64) -> Core {
        let (rules, length, reward) = (self.rules, self.length, self.rewards.reward);
        Core::start(rules, length, self.names.clone(), reward, seed)
    }

    pub(crate) fn reset(&mut self, seed: u64) {
        self.m = Match::seeded(self.rules, self.length, seed, false);
        for s in 0..4 {
            let seed = seat_seed(SeedScheme::Env, seed, s);
            // The names were checked by `Core::new`.
            self.bots[s] = seat_bot(self.names[s].as_deref(), seed).unwrap_or(None);
        }
        self.rewards.paid_final = false;
        self.rewards.last_scores = self.m.round().scores();
        self.rewards.owed = [0.0; 4];
        self.steps = 0;
        self.advance();
    }

    /// Recomputes the action table of the seat to act.
    fn refresh(&mut self) {
        self.cache_seat = self.current();
        (self.cache, self.cache_mask) = match self.cache_seat {
            Some(seat) => self.compute_table(seat),
            None => ([None; ACTIONS], [0; ACTIONS]),
        };
    }

    /// The first seat that must decide (the engine resolves claims after all have answered, so
    /// the order among claimants does not matter), or `None` when the match is over.
    fn first_to_act(&self) -> Option<Seat> {
        self.m.to_act().first()
    }

    /// The learner seat to act now, `None` once the match is over.
    pub(crate) fn current(&self) -> Option<Seat> {
        self.first_to_act()
    }

    pub(crate) fn is_over(&self) -> bool {
        self.m.is_over()
    }

    /// Plays the bots' decisions ([`mj_game::drive`], step-wise: it yields at a learner's
    /// seat) until a learner must decide or the match is over, then fills the action table of
    /// the seat to act (from the legal list the driver yields, so a step asks the engine for
    /// its legal actions once).
    fn advance(&mut self) {
        let driven = drive_with(&mut self.m, &mut self.bots[..], &mut self.rewards);
        if let Stop::Yield { seat, legal } = driven.stop {
            // A learner's turn: its table from this list.
            (self.cache, self.cache_mask) = self.table_of(seat, &legal);
            self.cache_seat = Some(seat);
            return;
        }
        self.refresh();
    }

    /// The rewards owed since the last call.
    pub(crate) fn take_rewards(&mut self) -> [f32; 4] {
        std::mem::take(&mut self.rewards.owed)
    }

    /// The legal actions of `seat` by index of the fixed space.
    pub(crate) fn table(&self, seat: Seat) -> [Option<Action>; ACTIONS] {
        if self.cache_seat == Some(seat) {
            return self.cache;
        }
        self.compute_table(seat).0
    }

    fn compute_table(&self, seat: Seat) -> Table {
        if usize::from(seat) >= usize::from(self.players()) {
            return ([None; ACTIONS], [0; ACTIONS]);
        }
        self.table_of(seat, &self.m.legal_actions(seat))
    }

    /// The table of `seat` from its legal list.
    fn table_of(&self, seat: Seat, legal: &[Action]) -> Table {
        let mut t = [None; ACTIONS];
        let mut mask = [0; ACTIONS];
        let view = self.m.round().view(seat);
        let offer = view.offer().map(|o| o.tile);
        let drawn = view.drawn();
        let reds = self.rules.red_fives;
        for a in legal.iter() {
            let Some(i) = index_of(a, offer, reds) else {
                continue;
            };
            match &t[i] {
                Some(old) if !better(a, old, drawn, reds) => {}
                _ => t[i] = Some(*a),
            }
            mask[i] = 1;
        }
        (t, mask)
    }

    pub(crate) fn mask_into(&self, seat: Seat, out: &mut [i8]) {
        let mask = if self.cache_seat == Some(seat) {
            self.cache_mask
        } else {
            self.compute_table(seat).1
        };
        let n = out.len().min(ACTIONS);
        out[..n].copy_from_slice(&mask[..n]);
    }

    /// Plays action index `i` for the seat to act; an illegal index is refused (the game is
    /// unchanged). Then the bots play until a learner must decide.
    pub(crate) fn step(&mut self, i: usize) -> Result<(), String> {
        let seat = self
            .current()
            .ok_or_else(|| "the match is over: reset it".to_owned())?;
        // The cached table is read in place (a copy of the whole table was a memmove a step).
        let a = if self.cache_seat == Some(seat) {
            self.cache.get(i).copied().flatten()
        } else {
            self.compute_table(seat).0.get(i).copied().flatten()
        }
        .ok_or_else(|| format!("action {i} is not legal for seat {seat} now"))?;
        self.m.play(seat, a).map_err(|e| e.to_string())?;
        self.steps += 1;
        self.rewards.accrue(&self.m);
        self.advance();
        Ok(())
    }

    /// Plays `i`, or the lowest legal index when `i` is not legal; `true` when it substituted.
    pub(crate) fn step_or_first(&mut self, i: usize) -> bool {
        if self.step(i).is_ok() {
            return false;
        }
        let Some(seat) = self.current() else {
            return true;
        };
        let first = if self.cache_seat == Some(seat) {
            self.cache.iter().position(Option::is_some)
        } else {
            self.compute_table(seat).0.iter().position(Option::is_some)
        };
        if let Some(j) = first {
            let _ = self.step(j);
        }
        true
    }

    /// The feature planes of `seat` into `out` ([`encode_into`]).
    pub(crate) fn encode_into(&self, seat: Seat, out: &mut [f32]) {
        encode_into(&self.m, seat, out);
    }

    fn raw_json(&self, seat: Seat) -> String {
        serde_json::to_string(&self.m.round().observation(seat & 3)).unwrap_or_default()
    }
}

/// The legal actions of a seat by index of the fixed space, and its mask (1 where legal).
type Table = ([Option<Action>; ACTIONS], [i8; ACTIONS]);

/// The feature planes of `seat` in `m` into `out` (`PLANES * 34` floats, row-major). Every
/// element is written, so `out` may hold anything before (a reused buffer needs no memset).
/// Count planes are counted in bytes first and converted a row at a time.
pub(crate) fn encode_into(m: &Match, seat: Seat, out: &mut [f32]) {
    let Some(out) = out.get_mut(..PLANES * 34) else {
        return;
    };
    let rules = m.rules();
    let n = rules.players.clamp(3, 4);
    if usize::from(seat) >= usize::from(n) {
        out.fill(0.0);
        return;
    }
    let (rows, _) = out.as_chunks_mut::<34>();
    let kind = |id: u8| usize::from(id / 4).min(33);
    let v = m.round().view(seat);
    let hand = *v.hand().as_array();
    let mut seen = hand;
    // 0..4 hand thermometer, 4 red fives held.
    for (j, r) in rows[..4].iter_mut().enumerate() {
        for (d, &c) in r.iter_mut().zip(&hand) {
            *d = if usize::from(c) > j { 1.0 } else { 0.0 };
        }
    }
    rows[4].fill(0.0);
    if rules.red_fives && [4, 13, 22].iter().any(|&k| hand[k] > 0) {
        for id in v.hand_ids().filter(|id| REDS.contains(id)) {
            rows[4][kind(id)] = 1.0;
        }
    }
    // 5 drawn, 6 on offer.
    one_hot(&mut rows[5], v.drawn().map(kind));
    one_hot(&mut rows[6], v.offer().map(|o| kind(o.tile)));
    let scores = v.scores();
    for r in 0..4 {
        if r >= usize::from(n) {
            for p in [7, 11, 15, 24, 32] {
                rows[p + r].fill(0.0);
            }
            continue;
        }
        let s = ((usize::from(seat) + r) % usize::from(n)) as Seat;
        let mut river = [0u8; 34];
        for t in v.river(s) {
            river[kind(t.tile)] += 1;
        }
        let mut melded = [0u8; 34];
        for m in v.melds(s) {
            for &id in m.ids.iter().filter(|&&id| id < 136) {
                melded[kind(id)] += 1;
            }
        }
        for &id in v.kita(s) {
            seen[kind(id)] += 1;
        }
        for k in 0..34 {
            seen[k] += river[k] + melded[k];
        }
        quarters(&mut rows[7 + r], &river);
        quarters(&mut rows[11 + r], &melded);
        rows[15 + r].fill(if v.in_riichi(s) { 1.0 } else { 0.0 });
        rows[24 + r].fill(scores[usize::from(s)] as f32 / 100_000.0);
        one_hot(&mut rows[32 + r], v.river(s).last().map(|t| kind(t.tile)));
    }
    // 19 dora (indicated kinds, count / 4), 20 unseen copies / 4.
    let mut dora = [0u8; 34];
    for id in v.dora_indicators() {
        let k = kind(id);
        dora[dora_of(k, n)] += 1;
        seen[k] += 1;
    }
    quarters(&mut rows[19], &dora);
    quarters(&mut rows[20], &seen.map(|c| 4u8.saturating_sub(c)));
    // 21 round wind, 22 seat wind, 23 live tiles, 28 honba, 29 sticks, 30 own kita, 31 furiten.
    one_hot(&mut rows[21], Some(27 + usize::from(v.round_wind() & 3)));
    one_hot(&mut rows[22], Some(27 + usize::from(v.seat_wind(seat) & 3)));
    rows[23].fill(f32::from(v.live_left()) / 70.0);
    rows[28].fill(v.honba() as f32 / 10.0);
    rows[29].fill(v.sticks() as f32 / 10.0);
    rows[30].fill(v.kita(seat).len() as f32 / 4.0);
    rows[31].fill(if v.is_furiten() { 1.0 } else { 0.0 });
    // The Chinese flows: 36..40 the declared lacking suit (定缺: its nine kinds), 40..44
    // has won and left the table (血战), per relative seat; all zero in riichi.
    for row in &mut rows[36..44] {
        row.fill(0.0);
    }
    if rules.is_chinese() {
        for r in 0..usize::from(n) {
            let s = ((usize::from(seat) + r) % usize::from(n)) as Seat;
            let suit = match v.lack(s) {
                Some(mj_tiles::Suit::Man) => Some(0),
                Some(mj_tiles::Suit::Pin) => Some(1),
                Some(mj_tiles::Suit::Sou) => Some(2),
                _ => None,
            };
            if let Some(i) = suit {
                rows[36 + r][i * 9..i * 9 + 9].fill(1.0);
            }
            if v.has_won(s) {
                rows[40 + r].fill(1.0);
            }
        }
    }
}

/// A row that is 1 at `k` and 0 elsewhere (all 0 for `None`).
fn one_hot(row: &mut [f32; 34], k: Option<usize>) {
    row.fill(0.0);
    if let Some(k) = k {
        row[k.min(33)] = 1.0;
    }
}

/// A row of counts divided by four (exact in f32).
fn quarters(row: &mut [f32; 34], counts: &[u8; 34]) {
    for (d, &c) in row.iter_mut().zip(counts) {
        *d = f32::from(c) * 0.25;
    }
}

/// The names of the actions, by index.
pub(crate) fn action_names() -> Vec<String> {
    const KINDS: [&str; 34] = [
        "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p",
        "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N",
        "P", "F", "C",
    ];
    let mut v = Vec::with_capacity(ACTIONS);
    v.extend(KINDS.iter().map(|k| format!("discard {k}")));
    v.extend(["discard 0m", "discard 0p", "discard 0s"].map(str::to_owned));
    v.extend(KINDS.iter().map(|k| format!("riichi {k}")));
    v.extend(["chi low", "chi middle", "chi high", "pon", "open kan"].map(str::to_owned));
    v.extend(KINDS.iter().map(|k| format!("kan {k}")));
    v.extend(["tsumo", "ron", "pass", "kita", "nine terminals"].map(str::to_owned));
    v.extend(["exchange m", "exchange p", "exchange s"].map(str::to_owned));
    v.extend(["lack m", "lack p", "lack s"].map(str::to_owned));
    v
}

/// The names of the feature planes, by index.
pub(crate) fn plane_names() -> Vec<String> {
    let mut v: Vec<String> = ["hand >= 1", "hand >= 2", "hand >= 3", "hand >= 4"]
        .map(str::to_owned)
        .to_vec();
    v.extend(["red fives held", "drawn tile", "tile on offer"].map(str::to_owned));
    let rel = ["self", "next", "across", "previous"];
    for what in ["river count / 4", "meld tiles / 4", "in riichi"] {
        v.extend(rel.iter().map(|r| format!("{what} ({r})")));
    }
    v.extend(
        [
            "dora (indicated kinds) / 4",
            "unseen copies / 4",
            "round wind",
            "seat wind",
            "live tiles left / 70",
        ]
        .map(str::to_owned),
    );
    v.extend(rel.iter().map(|r| format!("score / 100000 ({r})")));
    v.extend(
        [
            "honba / 10",
            "riichi sticks / 10",
            "own kita / 4",
            "furiten",
        ]
        .map(str::to_owned),
    );
    v.extend(rel.iter().map(|r| format!("last discard ({r})")));
    v.extend(rel.iter().map(|r| format!("lacking suit ({r})")));
    v.extend(rel.iter().map(|r| format!("has won ({r})")));
    v
}

fn parse_bots(bots: Option<Vec<Option<String>>>) -> PyResult<[Option<String>; 4]> {
    let bots = bots.unwrap_or_else(|| vec![None; 4]);
    if bots.len() > 4 {
        return Err(PyValueError::new_err("bots: at most four seats"));
    }
    Ok(core::array::from_fn(|s| bots.get(s).cloned().flatten()))
}

fn seat_arg(core: &Core, seat: Option<i64>) -> PyResult<Seat> {
    match seat {
        Some(s) if (0..i64::from(core.players())).contains(&s) => Ok(s as Seat),
        Some(s) => Err(PyValueError::new_err(format!(
            "seat {s} is not at the table"
        ))),
        None => core
            .current()
            .ok_or_else(|| PyValueError::new_err("the match is over: name a seat")),
    }
}

/// One match for learners. `bots`: a player name per seat (`random`, `tsumogiri`,
/// `efficiency`, `value`, `value_untuned`, `defense`) or None for a learner seat; the bots'
/// decisions are played inside `reset` and `step`, so `seat` is always a learner's (or -1 once
/// the match is over).
#[pyclass(module = "mj_engine")]
pub(crate) struct Game {
    core: Core,
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (rules="tenhou", length="hanchan", bots=None, reward="points", seed=0))]
    fn new(
        rules: &str,
        length: &str,
        bots: Option<Vec<Option<String>>>,
        reward: &str,
        seed: u64,
    ) -> PyResult<Game> {
        let mut core =
            Core::new(rules, length, parse_bots(bots)?, reward).map_err(PyValueError::new_err)?;
        core.reset(seed);
        Ok(Game { core })
    }

    /// Starts a new match from `seed` (walls and bots both follow it).
    fn reset(&mut self, seed: u64) {
        self.core.reset(seed);
    }

    /// Seats at the table (3 or 4).
    #[getter]
    fn players(&self) -> u8 {
        self.core.players()
    }

    /// The learner seat to act, -1 once the match is over.
    #[getter]
    fn seat(&self) -> i64 {
        self.core.current().map_or(-1, i64::from)
    }

    /// True once the match is over.
    #[getter]
    fn done(&self) -> bool {
        self.core.is_over()
    }

    /// Learner decisions played since the reset.
    #[getter]
    fn steps(&self) -> u64 {
        self.core.steps
    }

    /// The `(PLANES, 34)` float32 features of `seat` (default: the seat to act).
    #[pyo3(signature = (seat=None))]
    fn obs<'py>(&self, py: Python<'py>, seat: Option<i64>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let s = seat_arg(&self.core, seat)?;
        let mut v = vec![0f32; PLANES * 34];
        self.core.encode_into(s, &mut v);
        PyArray1::from_vec(py, v).reshape([PLANES, 34])
    }

    /// The `(ACTIONS,)` int8 legal-action mask of `seat` (default: the seat to act; all zero for
    /// a seat with nothing to decide).
    #[pyo3(signature = (seat=None))]
    fn mask<'py>(&self, py: Python<'py>, seat: Option<i64>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let mut v = vec![0i8; ACTIONS];
        if let Ok(s) = seat_arg(&self.core, seat) {
            self.core.mask_into(s, &mut v);
        } else if let Some(s) = seat {
            return Err(PyValueError::new_err(format!(
                "seat {s} is not at the table"
            )));
        }
        Ok(PyArray1::from_vec(py, v))
    }

    /// The legal actions of `seat` as `{index: text}` (default: the seat to act).
    #[pyo3(signature = (seat=None))]
    fn legal(&self, seat: Option<i64>) -> PyResult<Vec<(usize, String)>> {
        let s = seat_arg(&self.core, seat)?;
        Ok(self
            .core
            .table(s)
            .iter()
            .enumerate()
            .filter_map(|(i, a)| a.map(|a| (i, a.to_string())))
            .collect())
    }

    /// Plays action `index` for the seat to act, then the bots until a learner must decide.
    /// `ValueError` when it is not legal (the game is unchanged).
    fn step(&mut self, py: Python<'_>, index: i64) -> PyResult<()> {
        let i = usize::try_from(index).unwrap_or(usize::MAX);
        let core = &mut self.core;
        py.detach(|| core.step(i)).map_err(PyValueError::new_err)
    }

    /// The rewards owed to the four seats since the last call (a list of 4 floats).
    fn take_rewards(&mut self) -> Vec<f32> {
        self.core.take_rewards().to_vec()
    }

    /// What `seat` sees (`mj_game::Observation` as a dict: hand, rivers, melds, scores, legal
    /// actions...).
    #[pyo3(signature = (seat=None))]
    fn raw<'py>(&self, py: Python<'py>, seat: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let s = match seat {
            None => self.core.current().unwrap_or(0),
            Some(_) => seat_arg(&self.core, seat)?,
        };
        let text = self.core.raw_json(s);
        crate::json_fn(py, &crate::JSON_LOADS, "loads")?.call1((text,))
    }

    /// The end of the match as a dict (`scores`, `ranks`, `points`, `rounds`), None before.
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(r) = self.core.m.result() else {
            return Ok(None);
        };
        let n = usize::from(self.core.players());
        let d = PyDict::new(py);
        d.set_item("scores", r.scores[..n].to_vec())?;
        d.set_item(
            "ranks",
            r.ranks[..n]
                .iter()
                .map(|&x| u32::from(x))
                .collect::<Vec<_>>(),
        )?;
        let pts: Vec<f64> = r.points_tenths[..n]
            .iter()
            .map(|&p| f64::from(p) / 10.0)
            .collect();
        d.set_item("points", pts)?;
        d.set_item("rounds", r.rounds)?;
        Ok(Some(d))
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(players={}, seat={}, done={})",
            // Python spelling of the flag.
            self.core.players(),
            self.seat(),
            if self.done() { "True" } else { "False" }
        )
    }
}

/// One batch's output rows, each a slice of B rows.
struct Out<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [i8],
    seat: &'a mut [i64],
    rewards: &'a mut [f32],
    done: &'a mut [bool],
    illegal: &'a mut [bool],
}

/// A batch's output arrays, as NumPy returns them.
struct Arrays {
    obs: Py<PyArray3<f32>>,
    mask: Py<PyArray2<i8>>,
    seat: Py<PyArray1<i64>>,
    rewards: Py<PyArray2<f32>>,
    done: Py<PyArray1<bool>>,
    illegal: Py<PyArray1<bool>>,
}

impl Arrays {
    /// Fresh arrays for `b` games.
    fn new(py: Python<'_>, b: usize) -> Arrays {
        Arrays {
            obs: PyArray3::zeros(py, [b, PLANES, 34], false).unbind(),
            mask: PyArray2::zeros(py, [b, ACTIONS], false).unbind(),
            seat: PyArray1::zeros(py, b, false).unbind(),
            rewards: PyArray2::zeros(py, [b, 4], false).unbind(),
            done: PyArray1::zeros(py, b, false).unbind(),
            illegal: PyArray1::zeros(py, b, false).unbind(),
        }
    }

    fn clone_ref(&self, py: Python<'_>) -> Arrays {
        Arrays {
            obs: self.obs.clone_ref(py),
            mask: self.mask.clone_ref(py),
            seat: self.seat.clone_ref(py),
            rewards: self.rewards.clone_ref(py),
            done: self.done.clone_ref(py),
            illegal: self.illegal.clone_ref(py),
        }
    }

    /// Runs `f` over the arrays' elements, each array borrowed for writing (`None`, and `f` not
    /// run, when one cannot be: made read-only, borrowed by other Rust code, or resized).
    fn write<R>(&self, py: Python<'_>, b: usize, f: impl FnOnce(Out<'_>) -> R) -> Option<R> {
        let mut obs = self.obs.bind(py).try_readwrite().ok()?;
        let mut mask = self.mask.bind(py).try_readwrite().ok()?;
        let mut seat = self.seat.bind(py).try_readwrite().ok()?;
        let mut rewards = self.rewards.bind(py).try_readwrite().ok()?;
        let mut done = self.done.bind(py).try_readwrite().ok()?;
        let mut illegal = self.illegal.bind(py).try_readwrite().ok()?;
        let out = Out {
            obs: obs.as_slice_mut().ok()?,
            mask: mask.as_slice_mut().ok()?,
            seat: seat.as_slice_mut().ok()?,
            rewards: rewards.as_slice_mut().ok()?,
            done: done.as_slice_mut().ok()?,
            illegal: illegal.as_slice_mut().ok()?,
        };
        let sizes = [
            (out.obs.len(), b * PLANES * 34),
            (out.mask.len(), b * ACTIONS),
            (out.seat.len(), b),
            (out.rewards.len(), b * 4),
            (out.done.len(), b),
            (out.illegal.len(), b),
        ];
        if sizes.iter().any(|(have, want)| have != want) {
            return None;
        }
        Some(f(out))
    }
}

/// B matches stepped together with the GIL released. A finished match is restarted at
/// once from the next seed (`seed + B`, `seed + B + 1`, ... in game order), so every row always
/// has a learner to act; `done` says the row's match ended in that step, and its `rewards` are
/// the final ones of that match. With `copy=False` every call returns the same six arrays,
/// overwritten in place (no allocation per step).
#[pyclass(module = "mj_engine")]
pub(crate) struct VecGame {
    games: Vec<Core>,
    next_seed: u64,
    threads: usize,
    copy: bool,
    /// The arrays the last call returned, written again by the next when `copy` is off.
    kept: Option<Arrays>,
}

type Batch<'py> = (
    Bound<'py, PyArray3<f32>>,
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray1<i64>>,
);

type StepBatch<'py> = (
    Bound<'py, PyArray3<f32>>,
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
);

/// Runs `f` on every game and its output rows, over `threads` threads.
fn run<F>(games: &mut [Core], threads: usize, out: &mut Out<'_>, f: F)
where
    F: Fn(usize, &mut Core, &mut [f32], &mut [i8], &mut i64, &mut [f32], &mut bool, &mut bool)
        + Sync,
{
    let b = games.len();
    let threads = threads.clamp(1, b.max(1));
    let chunk = b.div_ceil(threads).max(1);
    let f = &f;
    thread::scope(|sc| {
        let parts = games
            .chunks_mut(chunk)
            .zip(out.obs.chunks_mut(chunk * PLANES * 34))
            .zip(out.mask.chunks_mut(chunk * ACTIONS))
            .zip(out.seat.chunks_mut(chunk))
            .zip(out.rewards.chunks_mut(chunk * 4))
            .zip(out.done.chunks_mut(chunk))
            .zip(out.illegal.chunks_mut(chunk))
            .enumerate();
        // The first part runs on the calling thread (its GIL released), the others on threads
        // of their own: `threads` parts start `threads - 1` threads.
        let mut handles = Vec::new();
        let mut here = None;
        for (p, ((((((g, o), m), s), r), d), il)) in parts {
            let job = move || {
                for (j, game) in g.iter_mut().enumerate() {
                    f(
                        p * chunk + j,
                        game,
                        &mut o[j * PLANES * 34..(j + 1) * PLANES * 34],
                        &mut m[j * ACTIONS..(j + 1) * ACTIONS],
                        &mut s[j],
                        &mut r[j * 4..(j + 1) * 4],
                        &mut d[j],
                        &mut il[j],
                    );
                }
            };
            if p == 0 {
                here = Some(job);
            } else {
                handles.push(sc.spawn(job));
            }
        }
        if let Some(mut job) = here {
            job();
        }
        for h in handles {
            let _ = h.join();
        }
    });
}

/// Writes the seat to act's planes, mask and seat number (or zeros and -1 once over).
fn fill(core: &Core, o: &mut [f32], m: &mut [i8], s: &mut i64) {
    match core.current() {
        Some(seat) => {
            core.encode_into(seat, o);
            core.mask_into(seat, m);
            *s = i64::from(seat);
        }
        None => {
            o.fill(0.0);
            m.fill(0);
            *s = -1;
        }
    }
}

impl VecGame {
    /// The arrays this call writes: the kept ones when `copy` is off (and they can be written),
    /// else fresh ones, kept for the next call.
    fn arrays(&mut self, py: Python<'_>) -> Arrays {
        let b = self.games.len();
        if self.copy {
            return Arrays::new(py, b);
        }
        match &self.kept {
            Some(kept) => kept.clone_ref(py),
            None => {
                let fresh = Arrays::new(py, b);
                self.kept = Some(fresh.clone_ref(py));
                fresh
            }
        }
    }

    /// Runs `body` with the GIL released over this call's output arrays (fresh ones if the
    /// kept arrays cannot be written).
    fn with_outputs(
        &mut self,
        py: Python<'_>,
        body: impl Fn(&mut VecGame, &mut Out<'_>) + Send + Sync,
    ) -> Arrays {
        let b = self.games.len();
        let arrays = self.arrays(py);
        let me = &mut *self;
        let ran = arrays.write(py, b, |mut out| py.detach(|| body(me, &mut out)));
        if ran.is_some() {
            return arrays;
        }
        let fresh = Arrays::new(py, b);
        if !self.copy {
            self.kept = Some(fresh.clone_ref(py));
        }
        let me = &mut *self;
        let _ = fresh.write(py, b, |mut out| py.detach(|| body(me, &mut out)));
        fresh
    }
}

#[pymethods]
impl VecGame {
    #[new]
    #[pyo3(signature = (
        n, rules="tenhou", length="hanchan", bots=None, reward="points", seed=0, threads=1,
        copy=true
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        n: usize,
        rules: &str,
        length: &str,
        bots: Option<Vec<Option<String>>>,
        reward: &str,
        seed: u64,
        threads: usize,
        copy: bool,
    ) -> PyResult<VecGame> {
        if n == 0 || n > 1 << 20 {
            return Err(PyValueError::new_err("n: 1 ..= 1048576 games"));
        }
        let proto =
            Core::new(rules, length, parse_bots(bots)?, reward).map_err(PyValueError::new_err)?;
        // Game i from `seed + i`, as `seed_all` restarts them.
        let games = (0..n)
            .map(|i| proto.fresh(seed.wrapping_add(i as u64)))
            .collect();
        Ok(VecGame {
            games,
            next_seed: seed.wrapping_add(n as u64),
            threads: threads.clamp(1, 256),
            copy,
            kept: None,
        })
    }

    /// Restarts every match: game i from `seed + i`.
    fn seed_all(&mut self, seed: u64) {
        for (i, g) in self.games.iter_mut().enumerate() {
            g.reset(seed.wrapping_add(i as u64));
        }
        self.next_seed = seed.wrapping_add(self.games.len() as u64);
    }

    /// Number of games (B).
    fn __len__(&self) -> usize {
        self.games.len()
    }

    /// Whether each call returns fresh arrays (`True`) or the same ones written again.
    #[getter]
    fn copy(&self) -> bool {
        self.copy
    }

    /// Restarts every match (game i from `seed + i`) and returns `(obs (B, PLANES, 34) float32,
    /// mask (B, ACTIONS) int8, seat (B,) int64)`.
    fn reset<'py>(&mut self, py: Python<'py>, seed: u64) -> PyResult<Batch<'py>> {
        let arrays = self.with_outputs(py, |me, out| {
            me.seed_all(seed);
            out.rewards.fill(0.0);
            out.done.fill(false);
            out.illegal.fill(false);
            run(&mut me.games, me.threads, out, |_, g, o, m, s, _, _, _| {
                fill(g, o, m, s)
            });
        });
        Ok((
            arrays.obs.into_bound(py),
            arrays.mask.into_bound(py),
            arrays.seat.into_bound(py),
        ))
    }

    /// Plays `actions[i]` (an `(B,)` integer array) in game i (an illegal index plays the
    /// lowest legal one and sets `illegal[i]`), restarts finished matches, and returns `(obs,
    /// mask, seat, rewards (B, 4) float32, done (B,) bool, illegal (B,) bool)`.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<StepBatch<'py>> {
        let b = self.games.len();
        let acts = actions.as_slice()?;
        if acts.len() != b {
            return Err(PyValueError::new_err(format!(
                "actions: {} entries for {b} games",
                acts.len()
            )));
        }
        let acts = acts.to_vec();
        let arrays = self.with_outputs(py, |me, out| {
            run(&mut me.games, me.threads, out, |i, g, o, m, s, r, d, il| {
                let a = usize::try_from(acts[i]).unwrap_or(usize::MAX);
                *il = g.step_or_first(a);
                r.copy_from_slice(&g.take_rewards());
                *d = g.is_over();
                fill(g, o, m, s);
            });
            // Restart finished matches in game order, so the seeds do not depend on threads.
            for (i, g) in me.games.iter_mut().enumerate() {
                if out.done[i] {
                    g.reset(me.next_seed);
                    me.next_seed = me.next_seed.wrapping_add(1);
                    fill(
                        g,
                        &mut out.obs[i * PLANES * 34..(i + 1) * PLANES * 34],
                        &mut out.mask[i * ACTIONS..(i + 1) * ACTIONS],
                        &mut out.seat[i],
                    );
                }
            }
        });
        Ok((
            arrays.obs.into_bound(py),
            arrays.mask.into_bound(py),
            arrays.seat.into_bound(py),
            arrays.rewards.into_bound(py),
            arrays.done.into_bound(py),
            arrays.illegal.into_bound(py),
        ))
    }
}

/// Registers the environment classes and constants.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ACTIONS", ACTIONS)?;
    m.add("PLANES", PLANES)?;
    m.add("ACTION_NAMES", action_names())?;
    m.add("PLANE_NAMES", plane_names())?;
    m.add_class::<Game>()?;
    m.add_class::<VecGame>()?;
    Ok(())
}
