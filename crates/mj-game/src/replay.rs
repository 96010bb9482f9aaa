//! Replay of real Tenhou games: every logged action is played through [`Round::play`] (so each
//! must be legal), each round's result is compared with the log's (winners, han, fu, points,
//! every delta, draw kind, tenpai), the match rules' next round with the log's next `INIT`, and
//! the final scores and points (uma and oka) with `owari` (tenhou.net/6: `sc`), under the
//! rules of the game's room ([`mjlog::room`]). A room whose rules are not modelled is refused
//! by name ([`FileReplay::unsupported`]), never replayed under other rules.
//!
//! Each round is replayed on its own, from the log's `INIT` and the wall rebuilt from the
//! `SHUFFLE` seed, so one mismatch does not hide the rounds after it. Every comparison made is
//! counted ([`Checks`]), so a replay that compared nothing shows as such.

use core::fmt;

use mj_tiles::TileId;

use crate::action::{Action, Seat};
use crate::game::{MatchResult, Next, final_result, next_round};
use crate::mjlog::{self, GameLog, LogEvent, LogMeld, RoundLog};
use crate::round::{DrawKind, Phase, Round, RoundEnd, RoundResult, RoundSetup};
use crate::rules::{GameRules, Length};
use crate::wall::Wall;

mod tenhou6;

pub use tenhou6::replay_tenhou6_text;

/// One disagreement between the engine and a log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// Round index in the file (0-based), `None` for the whole game.
    pub round: Option<usize>,
    /// Event index in the round, if the mismatch is at an event.
    pub event: Option<usize>,
    /// What differs.
    pub what: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.round, self.event) {
            (Some(r), Some(e)) => write!(f, "round {r} event {e}: {}", self.what),
            (Some(r), None) => write!(f, "round {r}: {}", self.what),
            _ => write!(f, "game: {}", self.what),
        }
    }
}

/// The comparisons a replay made (whatever their outcome).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checks {
    /// Round results compared: winners, han, fu, yakuman, every delta; draw kind, payments,
    /// tenpai.
    pub results: usize,
    /// Next rounds: the match rules' next deal (round, dealer, honba, sticks, scores) after a
    /// round, compared with the log's next deal.
    pub transitions: usize,
    /// Final scores compared with the log's (`owari`, tenhou.net/6 `sc`), sticks left on the
    /// table included.
    pub finals: usize,
    /// Final points (uma and oka) compared with the log's.
    pub points: usize,
}

impl core::ops::AddAssign for Checks {
    fn add_assign(&mut self, o: Checks) {
        self.results += o.results;
        self.transitions += o.transitions;
        self.finals += o.finals;
        self.points += o.points;
    }
}

/// The replay of one file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileReplay {
    /// The file's name (as given).
    pub name: String,
    /// Refused, and why: a room whose rules are not modelled (`lobby rules of GO type 0x229
    /// (...)`), a three-player tenhou.net/6 game. A refused file is not replayed and does not
    /// pass. A file that cannot be read is not refused: it is a mismatch.
    pub unsupported: Option<String>,
    /// Rounds replayed.
    pub rounds: usize,
    /// Logged actions played through the engine.
    pub actions: usize,
    /// The comparisons made.
    pub checks: Checks,
    /// Disagreements.
    pub mismatches: Vec<Mismatch>,
    /// What was not compared, and why (a truncated log, a log without final scores).
    pub notes: Vec<String>,
    /// The engine's end of the match (final scores with the sticks left on the table, ranks,
    /// points), when the log's end was reached and compared.
    pub result: Option<MatchResult>,
    /// The engine's own mjai events for the game (with [`replay_with`]'s `mjai`).
    pub events: Vec<crate::mjai::Event>,
    record: bool,
}

impl FileReplay {
    /// `true` when the file was replayed and nothing disagreed.
    pub fn matches(&self) -> bool {
        self.unsupported.is_none() && self.mismatches.is_empty()
    }
}

impl fmt::Display for FileReplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(why) = &self.unsupported {
            return write!(f, "{}: unsupported: {why}", self.name);
        }
        let c = &self.checks;
        let end = match (c.finals, c.points) {
            (0, _) => "no final result".to_string(),
            (_, 0) => "final scores".to_string(),
            _ => "final scores and points".to_string(),
        };
        write!(
            f,
            "{}: {} rounds, {} actions, checked {} results, {} next rounds, {end}: {}",
            self.name,
            self.rounds,
            self.actions,
            c.results,
            c.transitions,
            if self.mismatches.is_empty() {
                "ok".to_string()
            } else {
                format!("{} mismatches", self.mismatches.len())
            }
        )?;
        for n in &self.notes {
            write!(f, "\n  note: {n}")?;
        }
        for m in &self.mismatches {
            write!(f, "\n  {m}")?;
        }
        Ok(())
    }
}

/// The replay of many files.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Replay {
    /// One entry per file, in order.
    pub files: Vec<FileReplay>,
}

impl Replay {
    /// Files replayed (not refused).
    pub fn replayed(&self) -> usize {
        self.files
            .iter()
            .filter(|f| f.unsupported.is_none())
            .count()
    }
    /// Files refused: their room's rules are not modelled.
    pub fn unsupported(&self) -> usize {
        self.files.len() - self.replayed()
    }
    /// Rounds replayed.
    pub fn rounds(&self) -> usize {
        self.files.iter().map(|f| f.rounds).sum()
    }
    /// Actions played.
    pub fn actions(&self) -> usize {
        self.files.iter().map(|f| f.actions).sum()
    }
    /// Every comparison made, over all files.
    pub fn checks(&self) -> Checks {
        let mut c = Checks::default();
        for f in &self.files {
            c += f.checks;
        }
        c
    }
    /// Mismatches in all files.
    pub fn mismatches(&self) -> usize {
        self.files.iter().map(|f| f.mismatches.len()).sum()
    }
    /// `true` when every file was replayed (none refused) and nothing disagreed.
    pub fn all_match(&self) -> bool {
        self.mismatches() == 0 && self.unsupported() == 0
    }
}

impl fmt::Display for Replay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for file in &self.files {
            writeln!(f, "{file}")?;
        }
        let c = self.checks();
        write!(
            f,
            "{} files replayed ({} unsupported), {} rounds, {} actions; checked {} results, \
             {} next rounds, {} final scores, {} final points; {} mismatches",
            self.replayed(),
            self.unsupported(),
            self.rounds(),
            self.actions(),
            c.results,
            c.transitions,
            c.finals,
            c.points,
            self.mismatches()
        )
    }
}

/// Replays log texts, `(name, text)` pairs: mjlog XML, or tenhou.net/6 JSON (text starting
/// with `{`).
pub fn replay<'a>(files: impl IntoIterator<Item = (String, &'a str)>) -> Replay {
    replay_with(files, false)
}

/// [`replay`], keeping the engine's own mjai events of each game when `mjai` is set
/// ([`FileReplay::events`]: `start_game`, every round's events, `end_game`). `end_game` carries
/// the engine's final scores: the sticks left on the table go to the first place. With three
/// players its fourth entry is 0, as in every other event (see [`crate::mjai`]).
pub fn replay_with<'a>(files: impl IntoIterator<Item = (String, &'a str)>, mjai: bool) -> Replay {
    Replay {
        files: files
            .into_iter()
            .map(|(name, text)| {
                let mut f = if text.trim_start().starts_with('{') {
                    tenhou6::t6_replay(name, text, mjai)
                } else {
                    mjlog_replay(name, text, mjai)
                };
                if mjai && f.unsupported.is_none() {
                    f.events.insert(
                        0,
                        crate::mjai::Event::StartGame {
                            names: core::array::from_fn(|s| format!("seat{s}")),
                        },
                    );
                    // A log cut off before its end: the scores after its last result.
                    let scores = f.result.as_ref().map(|r| r.scores).unwrap_or_else(|| {
                        f.events
                            .iter()
                            .rev()
                            .find_map(|e| match e {
                                crate::mjai::Event::Hora { scores, .. }
                                | crate::mjai::Event::Ryukyoku { scores, .. } => Some(*scores),
                                _ => None,
                            })
                            .unwrap_or_default()
                    });
                    f.events.push(crate::mjai::Event::EndGame { scores });
                }
                f
            })
            .collect(),
    }
}

/// Replays one mjlog XML text.
pub fn replay_text(name: String, text: &str) -> FileReplay {
    mjlog_replay(name, text, false)
}

fn mjlog_replay(name: String, text: &str, record: bool) -> FileReplay {
    let mut out = FileReplay {
        name,
        record,
        ..FileReplay::default()
    };
    let log = match mjlog::parse_mjlog(text) {
        Ok(log) => log,
        Err(e) => {
            out.mismatches.push(unreadable(e));
            return out;
        }
    };
    if log.players != 4 && log.players != 3 {
        out.mismatches
            .push(unreadable(format!("{} players", log.players)));
        return out;
    }
    let rules = match mjlog::room::room_rules(&log) {
        Ok(rules) => rules,
        Err(e) => {
            out.unsupported = Some(e.to_string());
            return out;
        }
    };
    replay_game(&log, rules, &mut out);
    out
}

/// The mismatch of a log the readers refuse.
fn unreadable(e: impl fmt::Display) -> Mismatch {
    Mismatch {
        round: None,
        event: None,
        what: format!("unreadable: {e}"),
    }
}

fn id(t: TileId) -> u8 {
    t.as_u8()
}

fn setup_of(r: &RoundLog) -> Result<RoundSetup, String> {
    if r.scores.len() != 4 && r.scores.len() != 3 {
        return Err(format!("{} scores in INIT", r.scores.len()));
    }
    Ok(RoundSetup {
        round_wind: r.round / 4,
        dealer: r.dealer,
        honba: u32::from(r.honba),
        sticks: u32::from(r.sticks),
        scores: [
            r.scores[0],
            r.scores[1],
            r.scores[2],
            r.scores.get(3).copied().unwrap_or(0),
        ],
    })
}

/// The rounds one after another: the match rules must lead from each round to the log's next
/// one (`prev`: the last round replayed, if it matched).
fn check_transition(
    rules: &GameRules,
    length: Length,
    prev: Option<&(RoundSetup, RoundResult)>,
    setup: &RoundSetup,
    round: usize,
    out: &mut FileReplay,
) {
    if let Some((ps, pr)) = prev {
        out.checks.transitions += 1;
        match next_round(rules, length, ps, pr) {
            Next::Continue(n) if n == *setup => {}
            other => out.mismatches.push(Mismatch {
                round: Some(round),
                event: None,
                what: format!("the match rules give {other:?}, the log starts {setup:?}"),
            }),
        }
    }
}

/// The end of the match: after the last round the match rules must end it, with the log's
/// final scores (`scores`) and points (`points`, as written: `52.0` or `52`).
fn check_end(
    rules: &GameRules,
    length: Length,
    last: &(RoundSetup, RoundResult),
    rounds: u32,
    (scores, points): (&[i32], &[f64]),
    out: &mut FileReplay,
) {
    let (ps, pr) = last;
    match next_round(rules, length, ps, pr) {
        Next::End {
            scores: engine,
            sticks,
        } => {
            let res = final_result(rules, engine, sticks, rounds);
            let n = usize::from(rules.players.clamp(3, 4));
            out.checks.finals += 1;
            if scores.len() != n || scores[..] != res.scores[..n] {
                out.mismatches.push(Mismatch {
                    round: None,
                    event: None,
                    what: format!("final scores {:?}, log {scores:?}", &res.scores[..n]),
                });
            }
            let tenths: Vec<i32> = points.iter().map(|u| (u * 10.0).round() as i32).collect();
            out.checks.points += 1;
            if tenths.len() != n || tenths[..] != res.points_tenths[..n] {
                out.mismatches.push(Mismatch {
                    round: None,
                    event: None,
                    what: format!(
                        "final points (tenths) {:?}, log {tenths:?}",
                        &res.points_tenths[..n]
                    ),
                });
            }
            out.result = Some(res);
        }
        Next::Continue(s) => out.mismatches.push(Mismatch {
            round: None,
            event: None,
            what: format!("the log ends but the match rules continue with {s:?}"),
        }),
    }
}

fn replay_game(log: &GameLog, rules: GameRules, out: &mut FileReplay) {
    let length = if log.hanchan {
        Length::Hanchan
    } else {
        Length::EastOnly
    };
    let mut last: Option<(RoundSetup, RoundResult)> = None;
    let mut chain_ok = true;
    for (ri, rl) in log.rounds.iter().enumerate() {
        let setup = match setup_of(rl) {
            Ok(s) => s,
            Err(e) => {
                out.mismatches.push(Mismatch {
                    round: Some(ri),
                    event: None,
                    what: e,
                });
                chain_ok = false;
                continue;
            }
        };
        check_transition(&rules, length, last.as_ref(), &setup, ri, out);
        let wall = match (&rl.wall, &rl.sanma_wall) {
            (Some(w), _) => Wall::from_ids(&w[..]).ok(),
            (None, Some(w)) => Wall::sanma_from_ids(&w[..]).ok(),
            (None, None) => None,
        };
        let Some(wall) = wall else {
            out.mismatches.push(Mismatch {
                round: Some(ri),
                event: None,
                what: "no wall (no SHUFFLE seed)".to_string(),
            });
            chain_ok = false;
            continue;
        };
        let has_result = rl
            .events
            .iter()
            .any(|e| matches!(e, LogEvent::Agari(_) | LogEvent::Ryuukyoku(_)));
        if !has_result && ri + 1 == log.rounds.len() {
            out.notes.push(format!(
                "round {ri} is cut off before its result: not compared"
            ));
            chain_ok = false;
            continue;
        }
        out.rounds += 1;
        let played = match replay_round(
            rules,
            setup,
            wall,
            &rl.hands,
            &rl.events,
            &mut out.actions,
            out.record,
        ) {
            Ok((mut r, i)) => {
                out.events.extend(r.take_events());
                if r.result().is_some() {
                    out.checks.results += 1;
                }
                finish(r, &rl.events, i)
            }
            Err(e) => Err(e),
        };
        match played {
            Ok(res) => last = Some((setup, res)),
            Err(m) => {
                out.mismatches.push(Mismatch {
                    round: Some(ri),
                    ..m
                });
                last = None;
                chain_ok = false;
            }
        }
    }
    match (&log.final_scores, &last, chain_ok) {
        (Some(fin), Some(last), true) => check_end(
            &rules,
            length,
            last,
            log.rounds.len() as u32,
            (&fin.points, &fin.uma),
            out,
        ),
        (None, Some(_), true) => out
            .notes
            .push("the log has no final result (owari): final scores not compared".to_string()),
        _ => {}
    }
}

fn at(event: usize, what: String) -> Mismatch {
    Mismatch {
        round: None,
        event: Some(event),
        what,
    }
}

/// Passes every seat still to decide except those in `keep`.
fn pass_all(r: &mut Round, keep: u8, event: usize, actions: &mut usize) -> Result<(), Mismatch> {
    for s in 0..4u8 {
        if r.to_act() >> s & 1 == 1 && keep >> s & 1 == 0 && matches!(r.phase(), Phase::Claims(_)) {
            r.play(s, Action::Pass)
                .map_err(|e| at(event, format!("seat {s} pass refused: {e}")))?;
            *actions += 1;
        }
    }
    Ok(())
}

fn play(
    r: &mut Round,
    seat: Seat,
    a: Action,
    event: usize,
    actions: &mut usize,
) -> Result<(), Mismatch> {
    r.play(seat, a).map_err(|e| {
        at(
            event,
            format!("seat {seat}: {a} refused: {e} (legal: {})", {
                let l: Vec<String> = r
                    .legal_actions(seat)
                    .iter()
                    .map(|a| a.to_string())
                    .collect();
                l.join(", ")
            }),
        )
    })?;
    *actions += 1;
    Ok(())
}

fn replay_round(
    rules: GameRules,
    setup: RoundSetup,
    wall: Wall,
    hands: &[Vec<TileId>],
    ev: &[LogEvent],
    actions: &mut usize,
    record: bool,
) -> Result<(Round, usize), Mismatch> {
    let mut r = Round::try_new(rules, setup, wall, record).map_err(|e| Mismatch {
        round: None,
        event: None,
        what: format!("rules: {e}"),
    })?;
    // Dealt hands.
    for (s, hand) in hands.iter().enumerate().take(4) {
        let mut want: Vec<u8> = hand.iter().map(|&t| id(t)).collect();
        want.sort_unstable();
        let mut have: Vec<u8> = r.player(s as u8).hand_ids().collect();
        if s as u8 == setup.dealer {
            have.retain(|&x| Some(x) != r.drawn());
        }
        if want != have {
            return Err(at(0, format!("seat {s} dealt {have:?}, log {want:?}")));
        }
    }
    let mut riichi_pending = [false; 4];
    let mut dora_seen = 1usize;
    let mut first_draw = true;
    let mut i = 0;
    while i < ev.len() {
        match &ev[i] {
            LogEvent::Draw { seat, tile } => {
                pass_all(&mut r, 0, i, actions)?;
                if first_draw && *seat == setup.dealer {
                    // The dealer's first draw is made by Round::new.
                }
                first_draw = false;
                match r.phase() {
                    Phase::Turn { seat: s, .. } if s == seat && r.drawn() == Some(id(*tile)) => {}
                    p => {
                        return Err(at(
                            i,
                            format!(
                                "log: seat {seat} draws {}; engine: {p:?}, drawn {:?}",
                                id(*tile),
                                r.drawn()
                            ),
                        ));
                    }
                }
            }
            LogEvent::Discard { seat, tile } => {
                pass_all(&mut r, 0, i, actions)?;
                let s = usize::from(*seat);
                let a = if riichi_pending[s] {
                    riichi_pending[s] = false;
                    Action::Riichi { tile: id(*tile) }
                } else {
                    Action::Discard { tile: id(*tile) }
                };
                play(&mut r, *seat, a, i, actions)?;
            }
            LogEvent::Riichi { seat, step } => {
                if *step == 1 {
                    riichi_pending[usize::from(*seat & 3)] = true;
                } else {
                    // Accepted once the discard passes; a call on it resolves the claims in
                    // `call` instead.
                    if !matches!(ev.get(i + 1), Some(LogEvent::Call { .. })) {
                        pass_all(&mut r, 0, i, actions)?;
                        if !r.player(*seat).in_riichi() && !r.is_over() {
                            return Err(at(i, format!("seat {seat}'s riichi not accepted")));
                        }
                    }
                }
            }
            LogEvent::Call { seat, meld } => {
                call(&mut r, *seat, meld, i, actions)?;
            }
            LogEvent::Dora { tile } => {
                // Tenhou writes an open or added kan's indicator before the discard that turns
                // it; the engine turns it with the discard (so a replacement-tile win does not
                // count it, as on Tenhou): compare with the revealed and pending indicators.
                dora_seen += 1;
                let turned = usize::from(r.dora_indicators().count() as u8 + r.pending_dora());
                let want = r.wall().at(r.dora_at((dora_seen - 1).min(4)));
                if turned < dora_seen || want != id(*tile) {
                    return Err(at(
                        i,
                        format!(
                            "log: dora indicator {} number {dora_seen}; engine: {} turned or pending, wall has {want}",
                            id(*tile),
                            turned
                        ),
                    ));
                }
            }
            LogEvent::Agari(a) => {
                if a.who == a.from_who {
                    play(&mut r, a.who, Action::Tsumo, i, actions)?;
                } else {
                    // Every ron on this tile, then the others pass.
                    let mut keep = 0u8;
                    let mut j = i;
                    while let Some(LogEvent::Agari(b)) = ev.get(j) {
                        keep |= 1 << b.who;
                        j += 1;
                    }
                    for s in 0..4u8 {
                        if keep >> s & 1 == 1 {
                            play(&mut r, s, Action::Ron, i, actions)?;
                        }
                    }
                    pass_all(&mut r, 0, i, actions)?;
                    i = j - 1;
                }
                return Ok((r, i));
            }
            LogEvent::Ryuukyoku(d) => {
                match d.kind {
                    Some(mjlog::DrawKind::NineTerminals) => {
                        let Phase::Turn { seat, .. } = *r.phase() else {
                            return Err(at(i, "nine terminals outside a turn".to_string()));
                        };
                        play(&mut r, seat, Action::NineTerminals, i, actions)?;
                    }
                    Some(mjlog::DrawKind::TripleRon) => {
                        for s in 0..4u8 {
                            if r.legal_actions(s).contains(&Action::Ron) {
                                play(&mut r, s, Action::Ron, i, actions)?;
                            }
                        }
                    }
                    _ => pass_all(&mut r, 0, i, actions)?,
                }
                return Ok((r, i));
            }
            LogEvent::Disconnect { .. } | LogEvent::Reconnect { .. } => {}
        }
        i += 1;
    }
    Err(at(
        ev.len(),
        "the log ends the round without a result".to_string(),
    ))
}

fn call(
    r: &mut Round,
    seat: Seat,
    meld: &LogMeld,
    i: usize,
    actions: &mut usize,
) -> Result<(), Mismatch> {
    use mjlog::MeldKind as K;
    let called = meld.called.map(id);
    let own: Vec<u8> = meld
        .tiles
        .iter()
        .map(|&t| id(t))
        .filter(|&t| Some(t) != called)
        .collect();
    match meld.kind {
        K::Chi | K::Pon => {
            if own.len() != 2 {
                return Err(at(i, format!("call {meld:?}: {} own tiles", own.len())));
            }
            let a = if meld.kind == K::Chi {
                Action::Chi {
                    tiles: [own[0], own[1]],
                }
            } else {
                Action::Pon {
                    tiles: [own[0], own[1]],
                }
            };
            play(r, seat, a, i, actions)?;
            pass_all(r, 0, i, actions)
        }
        K::Minkan => {
            play(r, seat, Action::Minkan, i, actions)?;
            pass_all(r, 0, i, actions)
        }
        K::Ankan => {
            pass_all(r, 0, i, actions)?;
            let k = meld.tiles.first().map(|&t| id(t) / 4).unwrap_or(0);
            play(r, seat, Action::Ankan { kind: k }, i, actions)
        }
        K::Kakan => {
            pass_all(r, 0, i, actions)?;
            let Some(t) = meld.added.map(id) else {
                return Err(at(i, format!("added kan without its tile: {meld:?}")));
            };
            play(r, seat, Action::Kakan { tile: t }, i, actions)
        }
        K::Nuki => {
            pass_all(r, 0, i, actions)?;
            let Some(&t) = meld.tiles.first() else {
                return Err(at(i, format!("kita without its tile: {meld:?}")));
            };
            play(r, seat, Action::Kita { tile: id(t) }, i, actions)
        }
    }
}

fn draw_kind_matches(ours: DrawKind, theirs: Option<mjlog::DrawKind>) -> bool {
    use mjlog::DrawKind as T;
    matches!(
        (ours, theirs),
        (DrawKind::Exhaustive, None)
            | (DrawKind::NagashiMangan, Some(T::NagashiMangan))
            | (DrawKind::NineTerminals, Some(T::NineTerminals))
            | (DrawKind::FourWinds, Some(T::FourWinds))
            | (DrawKind::FourRiichi, Some(T::FourRiichi))
            | (DrawKind::FourKans, Some(T::FourKans))
            | (DrawKind::TripleRon, Some(T::TripleRon))
    )
}

/// Compares the engine's result with the log's result events from `from` on.
fn finish(r: Round, ev: &[LogEvent], from: usize) -> Result<RoundResult, Mismatch> {
    let Some(res) = r.result().cloned() else {
        return Err(at(
            from,
            format!("the log ends the round; the engine is at {:?}", r.phase()),
        ));
    };
    // The log's result events: AGARI(s) or one RYUUKYOKU, ending at `from`.
    let mut start = from;
    while start > 0 && matches!(ev[start - 1], LogEvent::Agari(_)) {
        start -= 1;
    }
    let mut deltas = [0i32; 4];
    match (&res.end, &ev[start]) {
        (RoundEnd::Wins(wins), LogEvent::Agari(_)) => {
            let logged: Vec<&mjlog::AgariLog> = ev[start..=from]
                .iter()
                .filter_map(|e| match e {
                    LogEvent::Agari(a) => Some(a),
                    _ => None,
                })
                .collect();
            if logged.len() != wins.len() {
                return Err(at(
                    from,
                    format!("{} wins, log {}", wins.len(), logged.len()),
                ));
            }
            for (w, a) in wins.iter().zip(&logged) {
                for (d, x) in deltas.iter_mut().zip(&a.deltas) {
                    *d += x;
                }
                if w.seat != a.who || w.from != a.from_who {
                    return Err(at(
                        from,
                        format!(
                            "winner {}<-{}, log {}<-{}",
                            w.seat, w.from, a.who, a.from_who
                        ),
                    ));
                }
                let log_han: u32 = a.yaku.iter().map(|&(_, h)| u32::from(h)).sum();
                let s = &w.score;
                let ours_yakuman = s.yakuman;
                let theirs_yakuman = a.yakuman.len() as u32;
                let han_ok = if theirs_yakuman > 0 {
                    ours_yakuman == theirs_yakuman
                } else {
                    ours_yakuman == 0 && s.han == log_han && s.fu == a.fu
                };
                if !han_ok {
                    return Err(at(
                        from,
                        format!(
                            "seat {}: {} han {} fu, yaku {:?}, yakuman {}; log {} han {} fu, yakuman {:?}, yaku {:?}",
                            w.seat,
                            s.han,
                            s.fu,
                            s.yaku,
                            ours_yakuman,
                            log_han,
                            a.fu,
                            a.yakuman,
                            a.yaku
                                .iter()
                                .map(|&(y, h)| (mjlog::yaku_name(y), h))
                                .collect::<Vec<_>>()
                        ),
                    ));
                }
            }
            if deltas[..] != res.deltas[..] {
                return Err(at(
                    from,
                    format!("deltas {:?}, log {:?}", res.deltas, deltas),
                ));
            }
        }
        (RoundEnd::Draw { kind, tenpai }, LogEvent::Ryuukyoku(d)) => {
            if !draw_kind_matches(*kind, d.kind) {
                return Err(at(from, format!("draw {kind:?}, log {:?}", d.kind)));
            }
            if d.deltas[..] != res.deltas[..d.deltas.len().min(4)] {
                return Err(at(
                    from,
                    format!("draw deltas {:?}, log {:?}", res.deltas, d.deltas),
                ));
            }
            if d.kind.is_none() {
                let shown: Vec<bool> = d.shown.iter().map(Option::is_some).collect();
                if shown[..] != tenpai[..shown.len().min(4)] {
                    return Err(at(from, format!("tenpai {tenpai:?}, log shows {shown:?}")));
                }
            }
        }
        (ours, theirs) => {
            return Err(at(from, format!("engine {ours:?}, log {theirs:?}")));
        }
    }
    Ok(res)
}
