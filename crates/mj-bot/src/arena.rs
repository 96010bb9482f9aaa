//! The arena: seeded matches between named players and their statistics.
//!
//! Game `g` of a run with seed `S` and line-up `p_0 .. p_{n-1}` (`n` = 3 or 4 seats) seats
//! `p_{(s + g) mod n}` at seat `s`, so every name sits in every seat in turn. Its wall seed is
//! `mix(S, g)`, or with `duplicate` `mix(S, g / n)`: then each wall is played `n` times with
//! the line-up rotated through all seats, which cancels most of the luck of the deal (a
//! "1 vs 3" line-up, one challenger and three copies of a baseline, is the usual comparison).
//! Random players are seeded from the wall seed and their place in the line-up. Everything
//! but the timings is a function of the configuration: a seed reproduces a run exactly.
//!
//! Per name ([`PlayerSummary`]): games, the average rank and its 95 % confidence interval
//! (normal approximation, `mean +- 1.96 s / sqrt(k)`), the rank distribution, the average final
//! points (uma and oka included), and per round (kyoku) the win, deal-in, riichi and call
//! rates (a call: a chi, pon or open kan that stood), the average value of a win (points
//! gained by it) and of a deal-in (points paid), and the microseconds a decision took. With
//! exactly two names, [`Comparison`] gives the first name's rank advantage over the other's
//! average, per wall, with its 95 % interval.
//!
//! A seat may also be played from outside the engine ([`EventPlayer`], seated with
//! [`Seated::Events`] through [`run_seated`]): a player that reads the round's mjai events, as
//! an mjai bot in another process does (`mj arena --bot`). Its reactions that had to be replaced
//! by a default action, and its restarts, are counted per name ([`PlayerSummary::errors`],
//! [`PlayerSummary::restarts`]).

use core::ops::ControlFlow;
use std::time::Instant;

use mj_game::drive::{Observer, Seats, Stop, drive_with};
use mj_game::{
    Action, Bot, Event, GameRules, Length, Match, MatchResult, RoundEnd, Seat, SeatView,
};
use serde::{Deserialize, Serialize};

use crate::registry::{self, SeedScheme, seat_seed};

/// What one seat did in one match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatStats {
    /// Rounds played.
    pub rounds: u32,
    /// Rounds won.
    pub wins: u32,
    /// Rounds in which it dealt in (a double ron counts once).
    pub deal_ins: u32,
    /// Rounds in which its riichi was accepted.
    pub riichi: u32,
    /// Rounds in which it made a chi, pon or open kan.
    pub calls: u32,
    /// Points gained by its wins (sticks and honba included).
    pub win_points: i64,
    /// Points paid by its deal-ins.
    pub deal_in_points: i64,
    /// Decisions taken.
    pub decisions: u64,
    /// Actions it chose that were not legal (the driver then plays its first legal action).
    pub illegal: u32,
    /// Nanoseconds spent in its `act` (not reproducible; excluded from comparisons).
    pub nanos: u64,
    /// An outside player's reactions replaced by a default action (invalid, late, missing).
    #[serde(default)]
    pub errors: u32,
    /// Times an outside player was restarted after it stopped.
    #[serde(default)]
    pub restarts: u32,
}

/// One finished match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GamePlayed {
    /// Final scores, ranks and points.
    pub result: MatchResult,
    /// Per seat (seat 3 unused with three players).
    pub seats: [SeatStats; 4],
}

/// Counts what each seat does over one match: [`Tally::after_play`] after every accepted
/// action reads the rounds as they end (wins, deal-ins with a double ron counted once, their
/// points, riichi and calls). Decisions, illegal actions and time are the driver's to add.
/// Used by [`play_game`] and by the Python package's self-play, so both report alike.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Per seat (seat 3 unused with three players).
    pub seats: [SeatStats; 4],
    n: usize,
    rounds_seen: usize,
    riichi: [bool; 4],
    called: [bool; 4],
}

impl Tally {
    /// A tally for a table of `n` seats (3 or 4).
    pub fn new(n: usize) -> Tally {
        Tally {
            n: n.min(4),
            ..Tally::default()
        }
    }

    /// Reads `m` after an action was played: within a round, who is in riichi and who has
    /// called; when a round has just ended, its wins and deal-ins.
    pub fn after_play(&mut self, m: &Match) {
        let n = self.n;
        if m.history().len() == self.rounds_seen {
            for o in 0..n {
                let p = m.round().player(o as u8);
                self.riichi[o] |= p.in_riichi();
                self.called[o] |= p
                    .melds()
                    .iter()
                    .any(|c| c.meld.kind() != mj_tiles::MeldKind::Ankan);
            }
            return;
        }
        self.rounds_seen = m.history().len();
        let Some(res) = m.history().last() else {
            return;
        };
        let seats = &mut self.seats;
        let mut dealt = [0u32; 4];
        if let RoundEnd::Wins(wins) = &res.end {
            for w in wins {
                let (ws, wf) = (usize::from(w.seat & 3), usize::from(w.from & 3));
                seats[ws].wins += 1;
                seats[ws].win_points += i64::from(w.deltas[ws]);
                if wf != ws {
                    dealt[wf] = 1;
                    seats[wf].deal_in_points -= i64::from(w.deltas[wf]);
                }
            }
        }
        for o in 0..n {
            seats[o].rounds += 1;
            seats[o].deal_ins += dealt[o];
            seats[o].riichi += u32::from(self.riichi[o]);
            seats[o].calls += u32::from(self.called[o]);
        }
        self.riichi = [false; 4];
        self.called = [false; 4];
    }
}

/// A seat played from outside the engine, from the round's mjai events rather than a
/// [`SeatView`]: an mjai bot in another process (`mj arena --bot` seats one). The arena calls
/// [`EventPlayer::start_game`] once, [`EventPlayer::act`] at each of the seat's decisions and
/// [`EventPlayer::end_game`] once; what it sends the bot, and when, is the player's part.
pub trait EventPlayer: core::fmt::Debug {
    /// A match starts, with this player at `seat`.
    fn start_game(&mut self, seat: Seat);

    /// The seat's choice among `legal` (never empty). `round` counts the rounds finished
    /// before this one; `events` are this round's mjai events so far, from its `start_kyoku`,
    /// as the engine recorded them (nothing hidden: [`Event::view`] hides what the seat may
    /// not see); `view` is what the seat sees. A choice not in `legal` is counted as illegal
    /// and replaced by the first legal action.
    fn act(
        &mut self,
        round: usize,
        events: &[Event],
        view: &SeatView<'_>,
        legal: &[Action],
    ) -> Action;

    /// The match is over, after `rounds` rounds.
    fn end_game(&mut self, rounds: usize);

    /// Reactions replaced by a default action, and restarts, since the player was made.
    fn faults(&self) -> Faults;
}

/// What went wrong with an [`EventPlayer`] so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Faults {
    /// Reactions replaced by a default action (invalid, late or missing).
    pub errors: u64,
    /// Restarts after the player stopped.
    pub restarts: u64,
}

/// A seat's player: one of ours on the seat's view, or one from outside on the mjai events.
#[derive(Debug)]
pub enum Seated {
    /// A player on the seat's view.
    Bot(Box<dyn Bot>),
    /// A player on the round's mjai events (an outside bot).
    Events(Box<dyn EventPlayer>),
}

/// A seat's player, borrowed for one match.
enum SeatRef<'a> {
    Bot(&'a mut dyn Bot),
    Events(&'a mut dyn EventPlayer),
}

/// The arena's seats: the players, with the time each decision took and the decisions taken
/// counted per seat. An outside seat yields its decisions to [`play_refs`], which holds the
/// match and so its events.
struct Timed<'a, 'b> {
    bots: &'a mut [SeatRef<'b>],
    nanos: [u64; 4],
    decisions: [u64; 4],
}

impl Seats for Timed<'_, '_> {
    fn choose(&mut self, seat: Seat, view: &SeatView<'_>, legal: &[Action]) -> Option<Action> {
        let s = usize::from(seat & 3);
        let SeatRef::Bot(bot) = self.bots.get_mut(s)? else {
            return None;
        };
        let t = Instant::now();
        let a = bot.act(view, legal);
        self.nanos[s] += t.elapsed().as_nanos() as u64;
        self.decisions[s] += 1;
        Some(a)
    }
}

/// The arena's observer: the [`Tally`] after every action, and the illegal choices.
impl Observer<Match> for Tally {
    fn after(
        &mut self,
        m: &Match,
        seat: Seat,
        _: Action,
        refused: Option<Action>,
    ) -> ControlFlow<()> {
        if refused.is_some() {
            self.seats[usize::from(seat & 3)].illegal += 1;
        }
        self.after_play(m);
        ControlFlow::Continue(())
    }
}

/// Plays one seeded match between `bots` (one per seat, 3 or 4 of them as `rules.players`
/// says; extra ones are ignored) through [`mj_game::drive()`] and counts what each seat did.
pub fn play_game(
    rules: GameRules,
    length: Length,
    seed: u64,
    bots: &mut [Box<dyn Bot>],
) -> GamePlayed {
    let mut seats: Vec<SeatRef<'_>> = bots.iter_mut().map(|b| SeatRef::Bot(&mut **b)).collect();
    play_refs(rules, length, seed, &mut seats)
}

/// [`play_game`] with players of both kinds: ours, and outside ones that play from the
/// round's mjai events (the match then records its events).
pub fn play_seated(
    rules: GameRules,
    length: Length,
    seed: u64,
    seats: &mut [Seated],
) -> GamePlayed {
    let mut refs: Vec<SeatRef<'_>> = seats
        .iter_mut()
        .map(|p| match p {
            Seated::Bot(b) => SeatRef::Bot(&mut **b),
            Seated::Events(e) => SeatRef::Events(&mut **e),
        })
        .collect();
    play_refs(rules, length, seed, &mut refs)
}

fn play_refs(rules: GameRules, length: Length, seed: u64, bots: &mut [SeatRef<'_>]) -> GamePlayed {
    let n = usize::from(if rules.players == 3 { 3u8 } else { 4 }).min(bots.len());
    let record = bots[..n].iter().any(|b| matches!(b, SeatRef::Events(_)));
    let mut m = Match::seeded(rules, length, seed, record);
    let mut tally = Tally::new(n);
    let mut faults = [Faults::default(); 4];
    for (s, b) in bots[..n].iter_mut().enumerate() {
        if let SeatRef::Events(p) = b {
            faults[s] = p.faults();
            p.start_game(s as Seat);
        }
    }
    let mut seats = Timed {
        bots: &mut bots[..n],
        nanos: [0; 4],
        decisions: [0; 4],
    };
    while let Stop::Yield { seat, legal } = drive_with(&mut m, &mut seats, &mut tally).stop {
        let s = usize::from(seat & 3);
        let chosen = match seats.bots.get_mut(s) {
            Some(SeatRef::Events(p)) => {
                let t = Instant::now();
                let events = m.round().events();
                let a = p.act(m.history().len(), events, &m.view(seat), &legal);
                seats.nanos[s] += t.elapsed().as_nanos() as u64;
                seats.decisions[s] += 1;
                a
            }
            // Cannot happen (only outside seats yield); keep the match moving.
            _ => legal[0],
        };
        let (action, refused) = match m.play(seat, chosen) {
            Ok(()) => (chosen, None),
            Err(_) => match m.play(seat, legal[0]) {
                Ok(()) => (legal[0], Some(chosen)),
                Err(_) => break,
            },
        };
        let _ = tally.after(&m, seat, action, refused);
    }
    let rounds = m.history().len();
    let mut seats_stats = tally.seats;
    for (s, st) in seats_stats.iter_mut().enumerate() {
        st.nanos += seats.nanos[s];
        st.decisions += seats.decisions[s];
        if let Some(SeatRef::Events(p)) = seats.bots.get_mut(s) {
            p.end_game(rounds);
            let f = p.faults();
            st.errors = u32::try_from(f.errors - faults[s].errors).unwrap_or(u32::MAX);
            st.restarts = u32::try_from(f.restarts - faults[s].restarts).unwrap_or(u32::MAX);
        }
    }
    let result = m.result().cloned().unwrap_or_else(|| MatchResult {
        scores: m.round().scores(),
        ranks: mj_game::game::ranks_of(&m.round().scores(), rules.players),
        points_tenths: [0; 4],
        rounds: m.history().len() as u32,
        players: rules.players,
    });
    GamePlayed {
        result,
        seats: seats_stats,
    }
}

/// What to play.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaConfig {
    /// The rules (3 or 4 players).
    pub rules: GameRules,
    /// The match length.
    pub length: Length,
    /// Matches to play.
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// Player names by line-up place, one per seat.
    pub players: Vec<String>,
    /// Each wall played once per seat with the line-up rotated.
    pub duplicate: bool,
}

/// Why a run cannot start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    /// A name the [`registry`] does not know.
    #[error("unknown player `{0}` (known: {known})", known = registry::NAMES.join(", "))]
    UnknownPlayer(String),
    /// Not one name per seat.
    #[error("{got} players named for {seats} seats")]
    PlayerCount {
        /// Seats of the rules.
        seats: u8,
        /// Names given.
        got: usize,
    },
}

/// One match of a run, with who sat where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The wall number (the same for the rotations of a duplicate set).
    pub wall: u64,
    /// The line-up place (index into the names) of each seat.
    pub lineup: Vec<usize>,
    /// The match.
    pub game: GamePlayed,
}

/// splitmix64's finaliser of `a + b * golden`: the wall seed of wall `b` of a run seeded `a`.
pub fn mix(a: u64, b: u64) -> u64 {
    mj_tiles::rng::mix(a.wrapping_add(b.wrapping_add(1).wrapping_mul(mj_tiles::rng::GOLDEN)))
}

/// Plays a run, calling `progress(done, total)` after each match.
///
/// # Errors
/// An unknown name, or not one name per seat.
pub fn run(
    config: &ArenaConfig,
    progress: impl FnMut(u64, u64),
) -> Result<Vec<GameRecord>, ArenaError> {
    for p in &config.players {
        if registry::entry(p).is_none() {
            return Err(ArenaError::UnknownPlayer(p.clone()));
        }
    }
    // `make` applies a name's option (`search:20`); every name was just checked.
    run_with(
        config,
        |i, seed| match registry::make(&config.players[i], seed) {
            Ok(b) => b,
            Err(_) => Box::new(mj_game::RandomBot::new(seed)),
        },
        progress,
    )
}

/// [`run`] with players made by `make(line-up place, seed)` instead of by name (the names
/// only label the statistics): how a tuning run plays a candidate. The seed is
/// [`seat_seed`]`(`[`SeedScheme::Arena`]`, wall seed, place)`.
///
/// # Errors
/// Not one name per seat.
pub fn run_with(
    config: &ArenaConfig,
    mut make: impl FnMut(usize, u64) -> Box<dyn Bot>,
    progress: impl FnMut(u64, u64),
) -> Result<Vec<GameRecord>, ArenaError> {
    run_seated(config, |i, _, seed| Seated::Bot(make(i, seed)), progress)
}

/// [`run_with`] with players of both kinds, made by `make(line-up place, seat, seed)` for
/// each match: ours, or outside ones ([`Seated::Events`]; an outside bot is told its seat).
///
/// # Errors
/// Not one name per seat.
pub fn run_seated(
    config: &ArenaConfig,
    mut make: impl FnMut(usize, Seat, u64) -> Seated,
    mut progress: impl FnMut(u64, u64),
) -> Result<Vec<GameRecord>, ArenaError> {
    let n = if config.rules.players == 3 { 3 } else { 4 };
    if config.players.len() != n {
        return Err(ArenaError::PlayerCount {
            seats: n as u8,
            got: config.players.len(),
        });
    }
    let mut out = Vec::with_capacity(config.games.min(1 << 20) as usize);
    for g in 0..config.games {
        let wall = if config.duplicate { g / n as u64 } else { g };
        let rot = (g % n as u64) as usize;
        let seed = mix(config.seed, wall);
        let lineup: Vec<usize> = (0..n).map(|s| (s + rot) % n).collect();
        let mut seats: Vec<Seated> = lineup
            .iter()
            .enumerate()
            .map(|(s, &i)| make(i, s as Seat, seat_seed(SeedScheme::Arena, seed, i)))
            .collect();
        let game = play_seated(config.rules, config.length, seed, &mut seats);
        out.push(GameRecord { wall, lineup, game });
        progress(g + 1, config.games);
    }
    Ok(out)
}

/// The statistics of one name (see the module docs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerSummary {
    /// The name.
    pub name: String,
    /// Seats it played (a name twice in the line-up counts twice per match).
    pub games: u64,
    /// Average rank (1 best).
    pub avg_rank: f64,
    /// 95 % confidence interval of the average rank.
    pub avg_rank_ci95: [f64; 2],
    /// How often it finished 1st, 2nd, ...
    pub ranks: Vec<u64>,
    /// Average final points (uma and oka included).
    pub avg_points: f64,
    /// Rounds it played.
    pub rounds: u64,
    /// Wins per round.
    pub win_rate: f64,
    /// Deal-ins per round.
    pub deal_in_rate: f64,
    /// Riichi per round.
    pub riichi_rate: f64,
    /// Rounds with a call, per round.
    pub call_rate: f64,
    /// Average points a win gained.
    pub avg_win_value: f64,
    /// Average points a deal-in cost.
    pub avg_deal_in_value: f64,
    /// Decisions taken.
    pub decisions: u64,
    /// Average microseconds per decision.
    pub us_per_decision: f64,
    /// Illegal actions chosen (0 for a correct player).
    pub illegal: u64,
    /// An outside player's reactions replaced by a default action (invalid, late, missing).
    pub errors: u64,
    /// Restarts of an outside player after it stopped.
    pub restarts: u64,
}

/// The first name's average rank advantage over the other name's seats, per wall.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    /// The challenger (the first name of the line-up).
    pub name: String,
    /// The other name.
    pub against: String,
    /// Walls compared.
    pub walls: u64,
    /// Mean over walls of (the other name's average rank - the challenger's); positive is
    /// better for the challenger.
    pub rank_advantage: f64,
    /// Its 95 % confidence interval.
    pub rank_advantage_ci95: [f64; 2],
}

/// The report of a run: `mj arena --json` writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Matches played.
    pub games: u64,
    /// Wall-clock seconds of the run.
    pub seconds: f64,
    /// Matches per second.
    pub games_per_second: f64,
    /// Per distinct name, in line-up order.
    pub players: Vec<PlayerSummary>,
    /// With exactly two names: the first's advantage.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comparison: Option<Comparison>,
}

/// Mean and 95 % interval (normal approximation) of `xs`; an empty slice gives zeros, a single
/// value a zero-width interval.
pub fn mean_ci95(xs: &[f64]) -> (f64, [f64; 2]) {
    if xs.is_empty() {
        return (0.0, [0.0, 0.0]);
    }
    let k = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / k;
    if xs.len() < 2 {
        return (mean, [mean, mean]);
    }
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (k - 1.0);
    let half = 1.96 * (var / k).sqrt();
    (mean, [mean - half, mean + half])
}

fn ratio(a: f64, b: f64) -> f64 {
    if b > 0.0 { a / b } else { 0.0 }
}

/// The statistics of played matches by name (`names` is the line-up; `seconds` the run's time).
pub fn summarize(names: &[String], records: &[GameRecord], seconds: f64) -> Report {
    let mut distinct: Vec<&str> = Vec::new();
    for n in names {
        if !distinct.contains(&n.as_str()) {
            distinct.push(n);
        }
    }
    let seats = names.len().clamp(1, 4);
    let mut players = Vec::with_capacity(distinct.len());
    for &name in &distinct {
        let mut ranks_seen: Vec<f64> = Vec::new();
        let mut ranks = vec![0u64; seats];
        let mut points = 0.0;
        let (mut rounds, mut wins, mut deal_ins, mut riichi, mut calls) = (0u64, 0u64, 0, 0, 0);
        let (mut wp, mut dp, mut dec, mut nanos, mut illegal) = (0i64, 0i64, 0u64, 0u64, 0u64);
        let (mut errors, mut restarts) = (0u64, 0u64);
        for r in records {
            for (s, &i) in r.lineup.iter().enumerate().take(seats) {
                if names.get(i).map(String::as_str) != Some(name) {
                    continue;
                }
                let rank = r.game.result.ranks[s];
                ranks_seen.push(f64::from(rank));
                if let Some(c) = ranks.get_mut(usize::from(rank).saturating_sub(1)) {
                    *c += 1;
                }
                points += f64::from(r.game.result.points_tenths[s]) / 10.0;
                let st = &r.game.seats[s];
                rounds += u64::from(st.rounds);
                wins += u64::from(st.wins);
                deal_ins += u64::from(st.deal_ins);
                riichi += u64::from(st.riichi);
                calls += u64::from(st.calls);
                wp += st.win_points;
                dp += st.deal_in_points;
                dec += st.decisions;
                nanos += st.nanos;
                illegal += u64::from(st.illegal);
                errors += u64::from(st.errors);
                restarts += u64::from(st.restarts);
            }
        }
        let games = ranks_seen.len() as u64;
        let (avg_rank, ci) = mean_ci95(&ranks_seen);
        let r = rounds as f64;
        players.push(PlayerSummary {
            name: name.to_string(),
            games,
            avg_rank,
            avg_rank_ci95: ci,
            ranks,
            avg_points: ratio(points, games as f64),
            rounds,
            win_rate: ratio(wins as f64, r),
            deal_in_rate: ratio(deal_ins as f64, r),
            riichi_rate: ratio(riichi as f64, r),
            call_rate: ratio(calls as f64, r),
            avg_win_value: ratio(wp as f64, wins as f64),
            avg_deal_in_value: ratio(dp as f64, deal_ins as f64),
            decisions: dec,
            us_per_decision: ratio(nanos as f64 / 1000.0, dec as f64),
            illegal,
            errors,
            restarts,
        });
    }
    let comparison =
        (distinct.len() == 2).then(|| compare(names, distinct[0], distinct[1], records));
    let games = records.len() as u64;
    Report {
        games,
        seconds,
        games_per_second: ratio(games as f64, seconds),
        players,
        comparison,
    }
}

/// Per wall: the mean rank of `b`'s seats minus the mean rank of `a`'s, over every match of
/// that wall; then the mean and interval over walls.
fn compare(names: &[String], a: &str, b: &str, records: &[GameRecord]) -> Comparison {
    let mut per_wall: Vec<(u64, f64, f64, f64, f64)> = Vec::new(); // wall, sum a, n a, sum b, n b
    for r in records {
        let idx = match per_wall.last() {
            Some(&(w, ..)) if w == r.wall => per_wall.len() - 1,
            _ => {
                per_wall.push((r.wall, 0.0, 0.0, 0.0, 0.0));
                per_wall.len() - 1
            }
        };
        for (s, &i) in r.lineup.iter().enumerate() {
            let rank = f64::from(r.game.result.ranks[s.min(3)]);
            let e = &mut per_wall[idx];
            match names.get(i).map(String::as_str) {
                Some(n) if n == a => {
                    e.1 += rank;
                    e.2 += 1.0;
                }
                Some(n) if n == b => {
                    e.3 += rank;
                    e.4 += 1.0;
                }
                _ => {}
            }
        }
    }
    let diffs: Vec<f64> = per_wall
        .iter()
        .filter(|e| e.2 > 0.0 && e.4 > 0.0)
        .map(|e| e.3 / e.4 - e.1 / e.2)
        .collect();
    let (mean, ci) = mean_ci95(&diffs);
    Comparison {
        name: a.to_string(),
        against: b.to_string(),
        walls: diffs.len() as u64,
        rank_advantage: mean,
        rank_advantage_ci95: ci,
    }
}
