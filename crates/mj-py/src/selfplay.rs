//! Self-play data: seeded matches played entirely in Rust between mj-bot players, every
//! decision recorded in the learning environments' vocabulary (the 121-action space and the
//! `PLANES x 34` feature planes of [`crate::env`]), with the GIL released.
//!
//! A game is a function of its seed, the players per seat, the rules preset and the length:
//! the wall is `Match::seeded(rules, length, seed)` and the bot of seat `s` is seeded
//! `mj_bot::registry::seat_seed(SeedScheme::Env, seed, s)`, exactly as `Game(...,
//! bots=players, seed=seed)` seeds them, so a seed list splits over processes or machines in
//! any way and gives the same rows. The games are played by `mj_game::drive`, with an
//! observer that records each decision.
//!
//! The observation is stored as float16 by default (2,448 bytes a decision instead of 4,896):
//! every plane value that is a count / 4, a one-hot or a flag is exact in float16; the broadcast
//! scalars (live tiles / 70, score / 100,000, honba / 10, sticks / 10) are rounded to nearest
//! even, a relative error under 2^-11, which keeps every distinct value distinct (scores up to
//! 200,000 in steps of 100). `obs_dtype="float32"` returns the environment's floats unchanged.

// Seats index several parallel arrays at once; indices read clearer than zips here.
#![allow(clippy::needless_range_loop)]

use core::ops::ControlFlow;

use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use mj_bot::arena::Tally;
use mj_bot::registry::{self, SeedScheme, seat_seed};
use mj_game::drive::{Observer, Stop, drive_with};
use mj_game::{Action, Bot, GameRules, Length, Match, Seat};

use crate::env::{ACTIONS, PLANES, encode_into, index_of};

/// The most games one call plays (the Python driver calls it per chunk, so memory stays
/// bounded: a hanchan records about a thousand decisions of 2.5 kB each).
pub const MAX_GAMES: usize = 4096;

/// The decisions (one entry per decision, in game order then decision order).
#[derive(Default)]
struct Rows {
    game: Vec<i64>,
    seed: Vec<u64>,
    seat: Vec<i8>,
    step: Vec<i32>,
    round: Vec<i16>,
    obs32: Vec<f32>,
    obs16: Vec<u16>,
    mask: Vec<i8>,
    action: Vec<i16>,
}

/// One finished game: its result and what each seat did.
#[derive(Default, Clone, Copy)]
struct GameStats {
    scores: [i32; 4],
    ranks: [i8; 4],
    points: [f64; 4],
    rounds: i32,
    wins: [i32; 4],
    deal_ins: [i32; 4],
    win_points: [i64; 4],
    deal_in_points: [i64; 4],
    decisions: [i32; 4],
}

/// The float16 bits of `x`, rounded to nearest even (overflow to infinity, NaN kept quiet).
/// Checked against NumPy's `astype(float16)` on every 251st f32 bit pattern (17 M values:
/// subnormals, ties, overflow and both signs; identical) when it was written, and on the
/// planes by `tests/test_selfplay.py`.
fn f16_bits(x: f32) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xff) as i32;
    let man = b & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 31 {
        return sign | 0x7c00;
    }
    if e <= 0 {
        // A subnormal float16: the value in units of 2^-24 is `full >> (126 - exp)`.
        let shift = (126 - exp) as u32;
        if shift > 25 {
            return sign;
        }
        let full = man | 0x80_0000;
        let q = full >> shift;
        let rem = full & ((1 << shift) - 1);
        let half = 1 << (shift - 1);
        let up = rem > half || (rem == half && q & 1 == 1);
        return sign | (q + u32::from(up)) as u16;
    }
    let h = ((e as u32) << 10) | (man >> 13);
    let rem = man & 0x1fff;
    let up = rem > 0x1000 || (rem == 0x1000 && h & 1 == 1);
    // A carry out of the mantissa moves to the next exponent (up to infinity), as it should.
    sign | (h + u32::from(up)) as u16
}

/// The observer of a self-play game: each decision's planes, mask, seat and step before the
/// player answers, its action index after, and the arena's [`Tally`].
struct Recorder<'a> {
    rows: &'a mut Rows,
    tally: Tally,
    planes: Box<[f32; PLANES * 34]>,
    g: usize,
    seed: u64,
    half: bool,
    reds: bool,
    step: i32,
    /// The tile on offer at the decision being played (for the action's index).
    offer: Option<u8>,
    error: Option<String>,
}

impl Observer<Match> for Recorder<'_> {
    fn before(&mut self, m: &Match, seat: Seat, legal: &[Action]) {
        let view = m.round().view(seat);
        self.offer = view.offer().map(|o| o.tile);
        let rows = &mut *self.rows;
        encode_into(m, seat, &mut self.planes[..]);
        if self.half {
            rows.obs16.extend(self.planes.iter().map(|&x| f16_bits(x)));
        } else {
            rows.obs32.extend_from_slice(&self.planes[..]);
        }
        let start = rows.mask.len();
        rows.mask.resize(start + ACTIONS, 0);
        for l in legal {
            if let Some(i) = index_of(l, self.offer, self.reds) {
                rows.mask[start + i] = 1;
            }
        }
        rows.game.push(self.g as i64);
        rows.seed.push(self.seed);
        rows.seat.push(seat as i8);
        rows.step.push(self.step);
        rows.round
            .push(m.history().len().min(i16::MAX as usize) as i16);
    }

    fn after(&mut self, m: &Match, seat: Seat, a: Action, _: Option<Action>) -> ControlFlow<()> {
        // Bots choose legal actions; one the engine refused was replaced by the first legal
        // action (as in the arena), which is what is recorded.
        let Some(ai) = index_of(&a, self.offer, self.reds) else {
            self.error = Some(format!("seed {}: action {a} has no index", self.seed));
            return ControlFlow::Break(());
        };
        self.rows.action.push(ai as i16);
        self.tally.seats[usize::from(seat & 3)].decisions += 1;
        self.tally.after_play(m);
        self.step += 1;
        ControlFlow::Continue(())
    }
}

/// Plays game `g` from `seed` with `players`, appending its decisions to `rows`.
#[allow(clippy::too_many_arguments)]
fn play_one(
    rules: GameRules,
    length: Length,
    players: &[String],
    g: usize,
    seed: u64,
    half: bool,
    rows: &mut Rows,
) -> Result<GameStats, String> {
    let n = players.len();
    let mut m = Match::seeded(rules, length, seed, false);
    let mut bots: Vec<Box<dyn Bot + Send + Sync>> = Vec::with_capacity(n);
    for (s, name) in players.iter().enumerate() {
        let bot = registry::make(name, seat_seed(SeedScheme::Env, seed, s))
            .map_err(|_| format!("players[{s}]: unknown bot {name:?}"))?;
        bots.push(bot);
    }
    let mut rec = Recorder {
        rows,
        tally: Tally::new(n),
        planes: Box::new([0f32; PLANES * 34]),
        g,
        seed,
        half,
        reds: rules.red_fives,
        step: 0,
        offer: None,
        error: None,
    };
    let driven = drive_with(&mut m, &mut bots[..], &mut rec);
    match driven.stop {
        Stop::Over => {}
        Stop::Yield { seat, .. } => {
            return Err(format!(
                "seed {seed}: seat {seat} decides at a table of {n}"
            ));
        }
        Stop::Refused { action, error, .. } => {
            return Err(format!("seed {seed}: {action} refused: {error}"));
        }
        Stop::Observer => {
            return Err(rec.error.unwrap_or_else(|| format!("seed {seed}: stopped")));
        }
        Stop::Stuck | Stop::Limit => {}
    }
    let r = m
        .result()
        .ok_or_else(|| format!("seed {seed}: the match did not finish"))?;
    let mut stats = GameStats::default();
    for s in 0..n {
        stats.scores[s] = r.scores[s];
        stats.ranks[s] = r.ranks[s] as i8;
        stats.points[s] = f64::from(r.points_tenths[s]) / 10.0;
    }
    stats.rounds = r.rounds as i32;
    // The arena's own counting (mj_bot::arena::Tally), so self-play and `mj arena` agree.
    for (s, t) in rec.tally.seats.iter().enumerate() {
        stats.wins[s] = t.wins as i32;
        stats.deal_ins[s] = t.deal_ins as i32;
        stats.win_points[s] = t.win_points;
        stats.deal_in_points[s] = t.deal_in_points;
        stats.decisions[s] = t.decisions as i32;
    }
    Ok(stats)
}

/// Plays the games of `seeds` (at most 4096) with one mj-bot player per seat (`players`:
/// `random`, `tsumogiri`, `efficiency`, `value`, `value_untuned`, `defense`; as many as the
/// preset seats) under the rules preset (`tenhou`, `mahjong_soul`, `sanma`,
/// `sanma_mahjong_soul`, `sichuan`) and length (`hanchan`, `east`, `one`), with the GIL
/// released, and returns a dict of NumPy arrays. Per decision (D rows, game order then
/// decision order): `game` (index into `seeds`), `seed`, `seat`, `step` (decision number in its
/// game), `round` (rounds finished before it), `obs` (D, PLANES, 34) (float16, or float32 with
/// `obs_dtype="float32"`), `mask` (D, ACTIONS) int8, `action` (the index the player chose).
/// Per game (G rows): `game_seed`, `scores`, `ranks`, `points` (uma and oka included),
/// `rounds`, `wins`, `deal_ins` (a double ron counts once), `win_points`, `deal_in_points`,
/// `decisions` (each (G, 4); seat 3 zero with three players).
#[pyfunction]
#[pyo3(signature = (seeds, players, rules="tenhou", length="hanchan", obs_dtype="float16"))]
pub(crate) fn selfplay_games<'py>(
    py: Python<'py>,
    seeds: Vec<u64>,
    players: Vec<String>,
    rules: &str,
    length: &str,
    obs_dtype: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let half = match obs_dtype {
        "float16" => true,
        "float32" => false,
        other => {
            return Err(PyValueError::new_err(format!(
                "obs_dtype {other:?}: float16 or float32"
            )));
        }
    };
    if seeds.len() > MAX_GAMES {
        return Err(PyValueError::new_err(format!(
            "seeds: {} games in one call, at most {MAX_GAMES} (split the list)",
            seeds.len()
        )));
    }
    let game_rules = GameRules::preset(rules)
        .ok_or_else(|| PyValueError::new_err(format!("unknown rules preset {rules:?}")))?;
    let Some(game_length) = Length::from_name(length) else {
        return Err(PyValueError::new_err(format!(
            "unknown length {length:?} (hanchan, east, one)"
        )));
    };
    let n = usize::from(game_rules.players.clamp(3, 4));
    if players.len() != n {
        return Err(PyValueError::new_err(format!(
            "players: {} names for a table of {n} ({rules})",
            players.len()
        )));
    }
    for (s, name) in players.iter().enumerate() {
        if registry::entry(name).is_none() {
            return Err(PyValueError::new_err(format!(
                "players[{s}]: unknown bot {name:?} ({})",
                registry::NAMES.join(", ")
            )));
        }
    }
    let (rows, games) = py
        .detach(|| -> Result<(Rows, Vec<GameStats>), String> {
            let mut rows = Rows::default();
            let mut games = Vec::with_capacity(seeds.len());
            for (g, &seed) in seeds.iter().enumerate() {
                games.push(play_one(
                    game_rules,
                    game_length,
                    &players,
                    g,
                    seed,
                    half,
                    &mut rows,
                )?);
            }
            Ok((rows, games))
        })
        .map_err(PyValueError::new_err)?;
    let d_rows = rows.game.len();
    let g_rows = games.len();
    let out = PyDict::new(py);
    out.set_item("game", PyArray1::from_vec(py, rows.game))?;
    out.set_item("seed", PyArray1::from_vec(py, rows.seed))?;
    out.set_item("seat", PyArray1::from_vec(py, rows.seat))?;
    out.set_item("step", PyArray1::from_vec(py, rows.step))?;
    out.set_item("round", PyArray1::from_vec(py, rows.round))?;
    if half {
        let bits = PyArray1::from_vec(py, rows.obs16).reshape([d_rows, PLANES, 34])?;
        out.set_item("obs", bits.call_method1("view", ("float16",))?)?;
    } else {
        let obs = PyArray1::from_vec(py, rows.obs32).reshape([d_rows, PLANES, 34])?;
        out.set_item("obs", obs)?;
    }
    out.set_item(
        "mask",
        PyArray1::from_vec(py, rows.mask).reshape([d_rows, ACTIONS])?,
    )?;
    out.set_item("action", PyArray1::from_vec(py, rows.action))?;
    out.set_item("game_seed", PyArray1::from_vec(py, seeds))?;
    let per_seat = |f: &dyn Fn(&GameStats) -> [i64; 4]| -> PyResult<Bound<'py, PyAny>> {
        let v: Vec<i64> = games.iter().flat_map(f).collect();
        Ok(PyArray1::from_vec(py, v).reshape([g_rows, 4])?.into_any())
    };
    out.set_item("scores", per_seat(&|g| g.scores.map(i64::from))?)?;
    out.set_item("ranks", per_seat(&|g| g.ranks.map(i64::from))?)?;
    out.set_item("wins", per_seat(&|g| g.wins.map(i64::from))?)?;
    out.set_item("deal_ins", per_seat(&|g| g.deal_ins.map(i64::from))?)?;
    out.set_item("win_points", per_seat(&|g| g.win_points)?)?;
    out.set_item("deal_in_points", per_seat(&|g| g.deal_in_points)?)?;
    out.set_item("decisions", per_seat(&|g| g.decisions.map(i64::from))?)?;
    let points: Vec<f64> = games.iter().flat_map(|g| g.points).collect();
    out.set_item(
        "points",
        PyArray1::from_vec(py, points).reshape([g_rows, 4])?,
    )?;
    let rounds: Vec<i64> = games.iter().map(|g| i64::from(g.rounds)).collect();
    out.set_item("rounds", PyArray1::from_vec(py, rounds))?;
    out.set_item("players", n)?;
    Ok(out)
}

/// Registers the self-play function.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SELFPLAY_MAX_GAMES", MAX_GAMES)?;
    m.add_function(wrap_pyfunction!(selfplay_games, m)?)?;
    Ok(())
}
