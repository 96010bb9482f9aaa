//! Reviews of a real player's riichi games: every decision one seat made in a log (Tenhou
//! mjlog, tenhou.net/6, mjai; four and three players; East-only and hanchan) beside what one
//! of our players advises, with the numbers a player studies (shanten, ukeire with visible
//! counts, improvement-weighted ukeire, deal-in risk against each threat with its reasons),
//! error categories and an error curve. [`review`] gives the data ([`Review`], serialized as
//! the JSON of `docs/review.md`), [`html::render`] one self-contained page.
//!
//! ```no_run
//! let bytes = std::fs::read("game.mjlog")?;
//! let opts = mj_review::ReviewOptions { seat: mj_review::SeatChoice::Seat(0), ..Default::default() };
//! let review = mj_review::review_bytes(&bytes, &opts)?;
//! println!("{} of {} decisions agree", review.summary.agreed, review.summary.decisions);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # How
//!
//! Each round of the log is replayed through the engine (`mj_log::replay_observed`), so every
//! logged action must be legal and every draw, indicator and result must match; at each point
//! where the reviewed seat has two or more legal actions (a forced move is no decision) the
//! reviewing player is asked, as in a game, through the seat's view alone
//! ([`mj_game::Bot::scores`]), and the options are judged from that view. A log that does not
//! replay, a round cut off before its result, or rules the engine does not model is an error
//! naming the round: a review never skips what it cannot read.
//!
//! Our own Sichuan, 红中 and MCR logs, and Botzone's, are refused by name for now: the options
//! and errors here are riichi's.

mod decide;
pub mod games;
pub mod html;
mod model;
pub mod reads;
mod summary;

pub use model::{
    Candidate, Decision, KindAgreement, OfferNote, REVIEW_VERSION, Review, Risk, RiskAgainst,
    RoundReview, Summary, ThreatNote, Ukeire,
};

use core::ops::ControlFlow;

use mj_game::{Action, Bot, Event, GameRules, Length, Observer, Round, Seat};
use mj_log::{Format, Game, GameLog, Limits, LogError, LogRules, ReplayOptions};

use decide::{Judged, events, judge, key, kind_name};

/// Which seat to review.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatChoice {
    /// By number (0-based, mjai's `actor`; seat 0 is the first dealer).
    Seat(u8),
    /// By the player's name in the log.
    Name(String),
}

impl Default for SeatChoice {
    fn default() -> SeatChoice {
        SeatChoice::Seat(0)
    }
}

/// What to review and with whom.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewOptions {
    /// The seat.
    pub seat: SeatChoice,
    /// The reviewing player, a `mj_bot::registry` name (`defense` by default).
    pub player: String,
    /// The player's seed (only `random` and `search` use it).
    pub seed: u64,
    /// Only these rounds (labels as [`RoundReview::label`]: `E1`, `S3.1`); all when empty.
    pub rounds: Vec<String>,
    /// The rules of a log that does not state them (an mjai log from elsewhere than
    /// libriichi); Tenhou logs and libriichi's state their own.
    pub rules: Option<GameRules>,
    /// The limits of reading ([`Limits::max_bytes`]: 64 MiB expanded by default).
    pub limits: Limits,
}

impl Default for ReviewOptions {
    fn default() -> ReviewOptions {
        ReviewOptions {
            seat: SeatChoice::default(),
            player: "defense".into(),
            seed: 0,
            rounds: Vec::new(),
            rules: None,
            limits: Limits::default(),
        }
    }
}

/// Why a log was not reviewed.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// The log could not be read.
    #[error("the log cannot be read: {0}")]
    Log(#[from] LogError),
    /// No such reviewing player.
    #[error("unknown player {0:?} (players: {names})", names = mj_bot::NAMES.join(", "))]
    UnknownPlayer(String),
    /// The seat is not at the table.
    #[error("seat {seat} is not at this table of {players} players")]
    NoSuchSeat {
        /// The seat asked for.
        seat: u8,
        /// Players at the table.
        players: u8,
    },
    /// No player of that name.
    #[error("no player named {name:?} in the log (players: {names:?})")]
    NoSuchName {
        /// The name asked for.
        name: String,
        /// The log's names.
        names: Vec<String>,
    },
    /// A log the review does not cover, and why.
    #[error("not reviewed: {0}")]
    Unsupported(String),
    /// A round that cannot be reviewed, named.
    #[error("game {game}, round {round}: {what}")]
    Round {
        /// The game (0-based).
        game: usize,
        /// The round's label (`E1`, `S3.1`) or position.
        round: String,
        /// What is wrong.
        what: String,
    },
    /// `--rounds` named no round of the log.
    #[error("no round of the log is named {0:?}")]
    NoRounds(Vec<String>),
}

/// Reads a log (gzipped or plain, any format `mj_log` reads, within `opts.limits`) and
/// reviews it.
///
/// # Errors
/// See [`ReviewError`].
pub fn review_bytes(bytes: &[u8], opts: &ReviewOptions) -> Result<Review, ReviewError> {
    let log = mj_log::read_with(bytes, opts.limits)?;
    review(&log, opts)
}

/// The label of a round from its `start_kyoku`: `E1`, `S3.1`.
pub fn round_label(events: &[Event]) -> Option<String> {
    match events.first()? {
        Event::StartKyoku {
            bakaze,
            kyoku,
            honba,
            ..
        } => Some(if *honba > 0 {
            format!("{bakaze}{kyoku}.{honba}")
        } else {
            format!("{bakaze}{kyoku}")
        }),
        _ => None,
    }
}

fn players_of(g: &Game, opts: &ReviewOptions) -> Result<u8, ReviewError> {
    match &g.rules {
        LogRules::Known { rules, .. } => Ok(rules.players),
        LogRules::Unstated { players } => match opts.rules {
            Some(r) => Ok(r.players),
            None => Ok(*players),
        },
        LogRules::Candidates(_) => Err(ReviewError::Unsupported(
            "our own Chinese-flow logs (Sichuan, 红中, MCR) are not reviewed yet".into(),
        )),
        LogRules::Unsupported(why) => Err(ReviewError::Unsupported(why.clone())),
    }
}

/// Reviews a log that [`mj_log::read`] read.
///
/// # Errors
/// See [`ReviewError`].
pub fn review(log: &GameLog, opts: &ReviewOptions) -> Result<Review, ReviewError> {
    if matches!(log.format, Format::Botzone | Format::BotzoneMatch) {
        return Err(ReviewError::Unsupported(
            "Botzone logs are Chinese official (MCR) games, which are not reviewed yet".into(),
        ));
    }
    let mut bot = mj_bot::registry::make(&opts.player, opts.seed)
        .map_err(|_| ReviewError::UnknownPlayer(opts.player.clone()))?;
    let first = log
        .games
        .first()
        .ok_or_else(|| ReviewError::Unsupported("the log holds no game".into()))?;
    let players = players_of(first, opts)?;
    let seat = match &opts.seat {
        SeatChoice::Seat(s) if *s < players => *s,
        SeatChoice::Seat(s) => {
            return Err(ReviewError::NoSuchSeat { seat: *s, players });
        }
        SeatChoice::Name(n) => first
            .names
            .iter()
            .position(|x| x == n)
            .map(|p| p as u8)
            .filter(|&p| p < players)
            .ok_or_else(|| ReviewError::NoSuchName {
                name: n.clone(),
                names: first.names.clone(),
            })?,
    };
    let mut out = Review {
        version: REVIEW_VERSION,
        format: log.format.name().to_string(),
        rules: String::new(),
        players,
        names: first.names.clone(),
        seat,
        player: opts.player.clone(),
        rounds: Vec::new(),
        decisions: Vec::new(),
        summary: Summary::default(),
    };
    let mut judged: Vec<(Judged, usize)> = Vec::new();
    let mut named = vec![false; opts.rounds.len()];
    for (gi, g) in log.games.iter().enumerate() {
        players_of(g, opts)?;
        for (ri, rl) in g.rounds.iter().enumerate() {
            let label = round_label(&rl.events).unwrap_or_else(|| format!("#{}", ri + 1));
            if !opts.rounds.is_empty() {
                match opts.rounds.iter().position(|r| *r == label) {
                    Some(p) => named[p] = true,
                    None => continue,
                }
            }
            let fail = |what: String| ReviewError::Round {
                game: gi,
                round: label.clone(),
                what,
            };
            let Some(result) = result_words(&rl.events, seat) else {
                return Err(fail(
                    "the log is cut off before the round's result (a truncated log?)".into(),
                ));
            };
            let one = GameLog {
                format: log.format,
                games: vec![Game {
                    rounds: vec![rl.clone()],
                    end: None,
                    ..g.clone()
                }],
            };
            let mut watcher = Watcher {
                seat,
                bot: &mut bot,
                pending: None,
                round: out.rounds.len(),
                base: out.decisions.len(),
                decisions: Vec::new(),
            };
            let report = mj_log::replay_observed(
                &one,
                &ReplayOptions {
                    rules: opts.rules,
                    length: Some(Length::Hanchan),
                    record: false,
                },
                &mut watcher,
            );
            if let Some(why) = &report.unsupported {
                return Err(ReviewError::Unsupported(why.clone()));
            }
            if let Some(m) = report.mismatches.first().or(report.differences.first()) {
                return Err(fail(format!(
                    "the log does not replay: {}{}",
                    m.event.map_or(String::new(), |e| format!("event {e}: ")),
                    m.what
                )));
            }
            if out.rules.is_empty() {
                out.rules = report.rules.clone();
            }
            let first_decision = out.decisions.len();
            for (d, j, actual) in watcher.decisions {
                out.decisions.push(d);
                judged.push((j, actual));
            }
            out.rounds.push(RoundReview {
                game: gi,
                label,
                events: rl.events.clone(),
                result: result.0,
                delta: result.1,
                decisions: [first_decision, out.decisions.len()],
            });
        }
    }
    if let Some(p) = named.iter().position(|n| !n) {
        return Err(ReviewError::NoRounds(vec![opts.rounds[p].clone()]));
    }
    out.summary = summary::summarize(&out.decisions, &judged);
    Ok(out)
}

/// The round's result in words and the seat's change; `None` when the log has none.
fn result_words(events: &[Event], seat: Seat) -> Option<(String, i32)> {
    let mut words = Vec::new();
    let mut delta = 0;
    for e in events {
        match e {
            Event::Hora {
                actor,
                target,
                hora_points,
                deltas,
                ..
            } => {
                words.push(if actor == target {
                    format!("seat {actor} tsumo: {hora_points}")
                } else {
                    format!("seat {actor} ron from seat {target}: {hora_points}")
                });
                delta += deltas[usize::from(seat & 3)];
            }
            Event::Ryukyoku { reason, deltas, .. } => {
                let r = if reason.is_empty() {
                    "draw"
                } else {
                    reason.as_str()
                };
                words.push(r.replace('_', " "));
                delta += deltas[usize::from(seat & 3)];
            }
            _ => {}
        }
    }
    (!words.is_empty()).then(|| (words.join("; "), delta))
}

/// Watches one round's replay and judges each decision of the seat.
struct Watcher<'a> {
    seat: Seat,
    bot: &'a mut Box<dyn Bot + Send + Sync>,
    /// The decision being made: judged, and the round as the seat decided.
    pending: Option<(Judged, Round)>,
    round: usize,
    base: usize,
    decisions: Vec<(Decision, Judged, usize)>,
}

impl Observer<Round> for Watcher<'_> {
    fn before(&mut self, game: &Round, seat: Seat, legal: &[Action]) {
        self.pending = None;
        // A decision needs two distinct options (two copies of one kind are one option).
        if seat != self.seat || legal.iter().all(|&a| key(a) == key(legal[0])) {
            return;
        }
        let view = game.view(seat);
        let j = judge(&view, legal, &mut **self.bot);
        self.pending = Some((j, game.clone()));
    }

    fn after(
        &mut self,
        _game: &Round,
        seat: Seat,
        action: Action,
        _refused: Option<Action>,
    ) -> ControlFlow<()> {
        if seat != self.seat {
            return ControlFlow::Continue(());
        }
        let Some((j, before)) = self.pending.take() else {
            return ControlFlow::Continue(());
        };
        let k = key(action);
        let actual = j.keys.iter().position(|&x| x == k).unwrap_or(j.advised);
        let actual_events = events(&before.view(seat), action);
        let n = j.decision.candidates.len();
        let agree = actual == j.advised;
        let severity = if agree || n < 2 {
            0.0
        } else {
            (j.decision.candidates[actual].rank - 1) as f64 / (n - 1) as f64
        };
        let mut d = j.decision.clone();
        d.index = self.base + self.decisions.len();
        d.round = self.round;
        d.kind = kind_name(action).to_string();
        d.actual = actual_events;
        d.agree = agree;
        d.actual_index = actual;
        d.error = summary::category(&j, actual);
        d.severity = severity;
        d.reason = summary::reason(&j, actual);
        self.decisions.push((d, j, actual));
        ControlFlow::Continue(())
    }
}
