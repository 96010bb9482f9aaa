//! [`replay()`]: a log read by [`crate::read`] through the engine. Every logged action is
//! played ([`mj_game::Round::play`], so each must be legal); each round's result is compared
//! with what the log states (winners, han, fu, yakuman, every delta; the draw's kind, payments
//! and ready seats; our own logs event for event); the match rules must lead from each round
//! to the log's next deal, and the match end where the log's does, with its final scores and
//! points. Every comparison is counted ([`Checks`]), so a replay that compared nothing shows.
//!
//! Each round is replayed on its own, from its `start_kyoku`, so one mismatch does not hide
//! the rounds after it. A log whose rules are not modelled is refused by name
//! ([`ReplayReport::unsupported`]), never replayed under other rules.

mod chinese;
mod libriichi;
mod report;
mod riichi;
mod walls;

pub use report::{Checks, Mismatch, Replay, ReplayReport, ReportKind};

use mj_game::{Event, Flow, GameRules, Length, Observer, Round};

use crate::log::{Format, Game, GameLog, LogRules};

/// How to replay a log.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ReplayOptions {
    /// The rules of a log that does not state them (an mjai log; `mj replay --rules P`), or
    /// the one preset to replay our own Chinese logs under instead of trying theirs. A log
    /// that states its rules (a Tenhou room, libriichi's arena) keeps its own.
    pub rules: Option<GameRules>,
    /// The match's length for a log that does not state it (`None`: hanchan).
    pub length: Option<Length>,
    /// Keep the engine's own events ([`ReplayReport::events`]): `start_game`, every round's
    /// events and, when the log's end was reached, `end_game`.
    pub record: bool,
}

/// `Ok` when the engine wrote the log's events, else the first event that differs.
pub(crate) fn same_events(ours: &[Event], log: &[Event]) -> Result<(), String> {
    if ours == log {
        return Ok(());
    }
    let at = ours
        .iter()
        .zip(log)
        .position(|(a, b)| a != b)
        .unwrap_or(ours.len().min(log.len()));
    Err(format!(
        "event {at} differs: engine {:?}, log {:?}",
        ours.get(at),
        log.get(at)
    ))
}

/// Replays a log under the rules it states ([`replay_with`] with the default options).
pub fn replay(log: &GameLog) -> ReplayReport {
    replay_with(log, &ReplayOptions::default())
}

/// Replays a log (see the module docs).
pub fn replay_with(log: &GameLog, opts: &ReplayOptions) -> ReplayReport {
    replay_inner(log, opts, None)
}

/// [`replay_with`], showing every decision of a riichi log's seats to `observer`: its
/// `before` gets the round as the seat decides and the seat's legal actions, its `after` the
/// action the log played (every seat that could claim a discard and did not is shown a
/// `Pass`). A review asks its player at each `before` (`mj review`). Our own Chinese logs and
/// Botzone's are replayed unobserved.
pub fn replay_observed(
    log: &GameLog,
    opts: &ReplayOptions,
    observer: &mut dyn Observer<Round>,
) -> ReplayReport {
    replay_inner(log, opts, Some(observer))
}

fn replay_inner<'o>(
    log: &GameLog,
    opts: &ReplayOptions,
    mut observer: Option<&mut (dyn Observer<Round> + 'o)>,
) -> ReplayReport {
    let mut out = ReplayReport {
        format: Some(log.format),
        ..ReplayReport::default()
    };
    match log.format {
        Format::Botzone | Format::BotzoneMatch => {
            out.kind = ReportKind::Botzone;
            let mut presets: Vec<&str> = Vec::new();
            for g in &log.games {
                if let Some(p) = chinese_game(g, opts, &mut out)
                    && !presets.contains(&p)
                {
                    presets.push(p);
                }
                if !out.mismatches.is_empty() {
                    break;
                }
            }
            out.rules = presets.join("+");
        }
        _ => {
            let multi = log.games.len() > 1;
            for (gi, g) in log.games.iter().enumerate() {
                let base = if multi { gi * 100 } else { 0 };
                if let Err(why) = game(g, opts, base, &mut out, observer.as_deref_mut()) {
                    out.unsupported = Some(why);
                    break;
                }
            }
        }
    }
    if !opts.record || out.unsupported.is_some() {
        out.events.clear();
        out.played.clear();
    } else if out.kind != ReportKind::Botzone {
        frame(log, &mut out);
    }
    out
}

/// The rules a riichi game replays under, with the match's length.
fn riichi_rules(
    rules: &LogRules,
    opts: &ReplayOptions,
) -> Result<(GameRules, Option<Length>, bool, String), String> {
    match rules {
        LogRules::Known {
            rules,
            length,
            source,
            libriichi,
        } => Ok((*rules, *length, *libriichi, source.clone())),
        LogRules::Unsupported(why) => Err(why.clone()),
        LogRules::Candidates(_) => Err("no riichi rules".into()),
        LogRules::Unstated { players } => {
            let Some(rules) = opts.rules else {
                return Err(
                    "the log does not state its rules: name a preset (mj replay --rules PRESET)"
                        .to_string(),
                );
            };
            if rules.flow != Flow::Riichi {
                return Err(format!(
                    "the log is a riichi game; the rules given are of the {:?} flow",
                    rules.flow
                ));
            }
            if rules.players != *players {
                return Err(format!(
                    "the log has {players} players, the rules given {}",
                    rules.players
                ));
            }
            let name = rules.preset_name().unwrap_or("custom").to_string();
            Ok((
                rules,
                Some(opts.length.unwrap_or(Length::Hanchan)),
                false,
                name,
            ))
        }
    }
}

/// One game of a riichi or Chinese-flow log; `Err`: the log is refused, and why.
fn game<'o>(
    g: &Game,
    opts: &ReplayOptions,
    base: usize,
    out: &mut ReplayReport,
    observer: Option<&mut (dyn Observer<Round> + 'o)>,
) -> Result<(), String> {
    if let LogRules::Candidates(_) = &g.rules {
        out.kind = ReportKind::Chinese {
            unit: if is_mcr(g) { "hands" } else { "rounds" },
        };
        if let Some(p) = chinese_game(g, opts, out) {
            out.rules = p.to_string();
        }
        return Ok(());
    }
    let (rules, length, libriichi, source) = riichi_rules(&g.rules, opts)?;
    out.rules = source;
    riichi::replay_game(
        g,
        (rules, length, libriichi),
        base,
        out,
        opts.record,
        observer,
    );
    Ok(())
}

/// Frames the engine's events of a whole log as a game: `start_game` (riichi: seats named
/// `seat0`..; our own Chinese logs: the log's names) and `end_game` with the final scores (the
/// engine's when the log's end was reached; else those after the last result).
fn frame(log: &GameLog, out: &mut ReplayReport) {
    let chinese = matches!(out.kind, ReportKind::Chinese { .. });
    let names: [String; 4] = core::array::from_fn(|s| match log.games.first() {
        Some(g) if chinese && g.names.len() == 4 => g.names[s].clone(),
        _ => format!("seat{s}"),
    });
    out.events.insert(0, Event::StartGame { names });
    let logged_end = log
        .games
        .last()
        .and_then(|g| g.end.as_ref())
        .and_then(|e| e.scores.as_ref())
        .map(|s| core::array::from_fn(|k| s.get(k).copied().unwrap_or(0)));
    let scores = if chinese {
        match logged_end {
            Some(s) => s,
            None => return,
        }
    } else {
        match &out.result {
            Some(r) => r.scores,
            None => out
                .events
                .iter()
                .rev()
                .find_map(|e| match e {
                    Event::Hora { scores, .. } | Event::Ryukyoku { scores, .. } => Some(*scores),
                    _ => None,
                })
                .unwrap_or_default(),
        }
    };
    out.events.push(Event::EndGame { scores });
}

fn is_mcr(g: &Game) -> bool {
    matches!(&g.rules, LogRules::Candidates(c) if c.iter().any(|r| r.flow == Flow::Mcr))
}

/// Replays every round of a game of a Chinese flow under the first candidate preset every
/// round matches (or the one the options name); the mismatches are the first tried preset's
/// when none does. Gives the preset's name.
fn chinese_game(g: &Game, opts: &ReplayOptions, out: &mut ReplayReport) -> Option<&'static str> {
    let LogRules::Candidates(candidates) = &g.rules else {
        return None;
    };
    let chosen: Vec<GameRules> = match opts.rules {
        Some(r) if candidates.iter().any(|c| c.flow == r.flow) => vec![r],
        _ => candidates.clone(),
    };
    let mcr = is_mcr(g);
    let label = if mcr { "hand" } else { "round" };
    let mut first: Option<(ReplayReport, &'static str)> = None;
    for rules in chosen {
        let mut r = ReplayReport::default();
        for (ri, rl) in g.rounds.iter().enumerate() {
            r.rounds += 1;
            let played = if mcr {
                chinese::mcr_round(rl, rules)
            } else {
                chinese::sichuan_round(rl, rules)
            };
            match played {
                Ok(p) => {
                    r.actions += p.actions;
                    r.checks.judge += p.judge;
                    r.events.extend(p.round.events().iter().cloned());
                    if opts.record {
                        r.played.push(p.round);
                    }
                }
                Err(why) => r.mismatches.push(Mismatch {
                    round: Some(ri),
                    event: None,
                    what: format!("{label} {}: {why}", ri + 1),
                }),
            }
        }
        let name = preset_name(&rules);
        if r.mismatches.is_empty() && r.rounds > 0 {
            first = Some((r, name));
            break;
        }
        first.get_or_insert((r, name));
    }
    let (r, name) = first?;
    out.rounds += r.rounds;
    out.actions += r.actions;
    out.checks += r.checks;
    out.mismatches.extend(r.mismatches);
    out.events.extend(r.events);
    out.played.extend(r.played);
    Some(name)
}

/// A preset's name, `custom` for rules that are no preset (Botzone's own walls with flowers).
fn preset_name(rules: &GameRules) -> &'static str {
    rules.preset_name().unwrap_or("custom")
}
