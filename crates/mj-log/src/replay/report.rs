//! What a replay found: [`ReplayReport`] for one log, [`Replay`] for many, with every
//! comparison counted ([`Checks`]) so that a replay that compared nothing shows as such.

use core::fmt;

use mj_game::{Event, MatchResult, Round};

use crate::log::Format;

/// One disagreement between the engine and a log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// Round index in the file (0-based; a file of several games numbers the rounds of game
    /// `g` from `100 * g`), `None` for the whole game.
    pub round: Option<usize>,
    /// Event index in the round, if the mismatch is at an event.
    pub event: Option<usize>,
    /// What differs.
    pub what: String,
}

impl Mismatch {
    /// A mismatch of the whole game.
    pub(crate) fn game(what: impl Into<String>) -> Mismatch {
        Mismatch {
            round: None,
            event: None,
            what: what.into(),
        }
    }
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
    /// tenpai, as far as the log states them.
    pub results: usize,
    /// Next rounds: the match rules' next deal (round, dealer, honba, sticks, scores) after a
    /// round, compared with the log's next deal.
    pub transitions: usize,
    /// Final scores compared with the log's (`owari`, tenhou.net/6 `sc`, mjai `end_game`;
    /// a libriichi log, whose `end_game` has none, with the scores its last result leaves).
    pub finals: usize,
    /// Final points (uma and oka) compared with the log's.
    pub points: usize,
    /// Botzone's judge: chances to win (`canHu`) compared with the engine's offers.
    pub judge: usize,
}

impl core::ops::AddAssign for Checks {
    fn add_assign(&mut self, o: Checks) {
        self.results += o.results;
        self.transitions += o.transitions;
        self.finals += o.finals;
        self.points += o.points;
        self.judge += o.judge;
    }
}

/// How a report prints: Tenhou's and mjai's riichi games, our own Chinese logs, Botzone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ReportKind {
    /// Riichi (Tenhou, tenhou.net/6, mjai): rounds, results, next rounds, the end.
    #[default]
    Riichi,
    /// Our own Sichuan, 红中 and MCR logs: the preset, rounds (`hands` for MCR).
    Chinese {
        /// `rounds` or `hands`.
        unit: &'static str,
    },
    /// Botzone: the presets of the hands.
    Botzone,
}

/// The replay of one log.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReplayReport {
    /// The log's name (set by the caller; empty otherwise).
    pub name: String,
    /// The format it was read from (`None` when it could not be read).
    pub format: Option<Format>,
    /// How the report prints.
    pub kind: ReportKind,
    /// The rules it replayed under: the preset's name (`custom` for rules that are no
    /// preset), or the room's (`tenhou room GO type 0xa9`); for Botzone every hand's preset,
    /// in order of first use, joined by `+`.
    pub rules: String,
    /// Refused, and why: a room whose rules are not modelled, a log whose rules are not
    /// stated and none was given. A refused log is not replayed and does not pass. A log that
    /// cannot be read is not refused: it is a mismatch.
    pub unsupported: Option<String>,
    /// Rounds replayed (MCR and Botzone: hands).
    pub rounds: usize,
    /// Logged actions played through the engine.
    pub actions: usize,
    /// The comparisons made.
    pub checks: Checks,
    /// Disagreements.
    pub mismatches: Vec<Mismatch>,
    /// Disagreements the log's own rules explain, each naming the rule: libriichi's known
    /// departures from Tenhou's rules (`replay::libriichi`). They do not fail the replay; the
    /// match is not compared past them.
    pub differences: Vec<Mismatch>,
    /// What was not compared, and why (a truncated log, a log without final scores).
    pub notes: Vec<String>,
    /// The engine's end of the match (final scores with the sticks left on the table, ranks,
    /// points), when the log's end was reached and compared.
    pub result: Option<MatchResult>,
    /// The engine's own mjai events (with [`crate::ReplayOptions::record`]).
    pub events: Vec<Event>,
    /// Every round as the engine played and ended it, in order (with
    /// [`crate::ReplayOptions::record`]; for our own Chinese logs and Botzone those of the
    /// preset that matched).
    pub played: Vec<Round>,
}

impl ReplayReport {
    /// `true` when the log was replayed and nothing disagreed (and, for our own Chinese logs
    /// and Botzone, at least one round was replayed).
    pub fn matches(&self) -> bool {
        self.unsupported.is_none()
            && self.mismatches.is_empty()
            && (self.kind == ReportKind::Riichi || self.rounds > 0)
    }

    /// A report of a log that could not be read (a mismatch, not a refusal).
    pub fn unreadable(name: String, why: impl fmt::Display) -> ReplayReport {
        ReplayReport {
            name,
            mismatches: vec![Mismatch::game(format!("unreadable: {why}"))],
            ..ReplayReport::default()
        }
    }
}

impl fmt::Display for ReplayReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(why) = &self.unsupported {
            return write!(f, "{}: unsupported: {why}", self.name);
        }
        match self.kind {
            ReportKind::Chinese { unit } => {
                write!(
                    f,
                    "{}: {}, {} {unit}, {} actions, ",
                    self.name, self.rules, self.rounds, self.actions
                )?;
                return match self.mismatches.first() {
                    None if self.rounds > 0 => f.write_str("all match"),
                    None => write!(f, "no {unit}"),
                    Some(m) => write!(f, "{} mismatches: {}", self.mismatches.len(), m.what),
                };
            }
            ReportKind::Botzone => {
                return match self.mismatches.first() {
                    None => write!(
                        f,
                        "{}: botzone {}, {} hands, {} actions, all match",
                        self.name, self.rules, self.rounds, self.actions
                    ),
                    Some(m) => write!(f, "{}: botzone, mismatch: {}", self.name, m.what),
                };
            }
            ReportKind::Riichi => {}
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
        if !self.differences.is_empty() {
            write!(f, ", {} known differences", self.differences.len())?;
        }
        for n in &self.notes {
            write!(f, "\n  note: {n}")?;
        }
        for m in &self.mismatches {
            write!(f, "\n  {m}")?;
        }
        for m in &self.differences {
            write!(f, "\n  known difference: {m}")?;
        }
        Ok(())
    }
}

/// The replay of many logs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Replay {
    /// One entry per log, in order.
    pub files: Vec<ReplayReport>,
}

impl Replay {
    /// Logs replayed (not refused).
    pub fn replayed(&self) -> usize {
        self.files
            .iter()
            .filter(|f| f.unsupported.is_none())
            .count()
    }
    /// Logs refused: their rules are not modelled or not known.
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
    /// Every comparison made, over all logs.
    pub fn checks(&self) -> Checks {
        let mut c = Checks::default();
        for f in &self.files {
            c += f.checks;
        }
        c
    }
    /// Mismatches in all logs.
    pub fn mismatches(&self) -> usize {
        self.files.iter().map(|f| f.mismatches.len()).sum()
    }
    /// Known differences in all logs (libriichi's departures from Tenhou's rules, named).
    pub fn differences(&self) -> usize {
        self.files.iter().map(|f| f.differences.len()).sum()
    }
    /// `true` when every log was replayed (none refused) and nothing disagreed.
    pub fn all_match(&self) -> bool {
        self.files.iter().all(ReplayReport::matches)
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
        )?;
        if self.differences() > 0 {
            write!(
                f,
                "; {} known differences (named above)",
                self.differences()
            )?;
        }
        Ok(())
    }
}
