//! `mj bot`: one of our players (any `mj_bot::registry` name) as an mjai bot on standard input
//! and output, four-player riichi under Tenhou's rules (what mjai.app and libriichi play).
//!
//! Two framings ([`Format`]):
//! - `mjai-app` (mjai.app's protocol): each input line is a JSON array of the events since the
//!   bot last answered (others' draws and hands as `"?"`); exactly one JSON line answers each
//!   input line, `{"type":"none"}` when there is nothing to do;
//! - `events` (Mortal's): one event per line, an answer only when the bot can act.
//!
//! The bot keeps its own state from the events alone ([`mj_game::SeatRound`]) and never asks
//! for the legal actions. A line that is not JSON, or an event that contradicts the state, is
//! reported on stderr (`mj bot: line N: why`), answered with `{"type":"none"}` in `mjai-app`
//! (nothing in `events`), and the bot waits for the next `start_kyoku`; meanwhile a later draw
//! of its own is answered by discarding the drawn tile. End of input ends it with success.

use std::io::{self, BufRead, Write};
use std::time::Instant;

use mj_game::{Action, Bot, Event, GameRules, MjaiTile, SeatRound, SeatView};
use mj_tiles::TileId;
use serde_json::Value;

/// How events come in and answers go out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// mjai.app: a JSON array of events per line, one answer per line.
    MjaiApp,
    /// Mortal: one event per line, an answer only when the bot acts.
    Events,
}

impl Format {
    /// `mjai-app` or `events`.
    pub fn parse(s: &str) -> Result<Format, String> {
        match s {
            "mjai-app" | "mjai_app" => Ok(Format::MjaiApp),
            "events" => Ok(Format::Events),
            _ => Err(format!("unknown --format {s:?} (mjai-app, events)")),
        }
    }
}

/// The command's arguments.
#[derive(Clone, Debug)]
pub struct BotArgs {
    /// The player's registry name.
    pub player: String,
    /// The framing.
    pub format: Format,
    /// The seat played (mjai's player id, 0..4).
    pub seat: u8,
    /// The player's seed (only `random` uses it) and the placeholders' shuffle.
    pub seed: u64,
}

/// What a run did: lines read, lines that could not be used, and each answer's time.
#[derive(Clone, Debug, Default)]
pub struct BotStats {
    /// Input lines read.
    pub lines: u64,
    /// Lines reported on stderr (not JSON, or contradicting the state).
    pub errors: u64,
    /// Microseconds from reading each line to writing an action (answers `none` left out).
    pub action_micros: Vec<u64>,
}

impl BotStats {
    /// The `q`-quantile (0..=1) of the action times, in microseconds.
    pub fn quantile(&self, q: f64) -> u64 {
        let mut v = self.action_micros.clone();
        v.sort_unstable();
        if v.is_empty() {
            return 0;
        }
        let i = ((v.len() - 1) as f64 * q).round() as usize;
        v[i.min(v.len() - 1)]
    }
}

/// One seat's session: the player, the round as the seat knows it.
struct Session {
    seat: u8,
    seed: u64,
    bot: Box<dyn Bot + Send + Sync>,
    state: Option<SeatRound>,
    /// The tile of the riichi this bot declared, discarded once the `reach` comes back.
    riichi_tile: Option<TileId>,
    /// While out of step: the own draw of the last event, discarded as drawn.
    lost_draw: Option<MjaiTile>,
    kyoku: u64,
}

const NONE: &str = r#"{"type":"none"}"#;

/// Runs the bot over `input` until it ends; answers to `out`, reports to `err`.
///
/// # Errors
/// An unknown player or a seat above 3 (before anything is read), or an IO error.
pub fn run(
    args: &BotArgs,
    input: impl BufRead,
    mut out: impl Write,
    mut err: impl Write,
) -> Result<BotStats, BotError> {
    if args.seat > 3 {
        return Err(BotError::Usage(format!(
            "PLAYER_ID {} is not a seat (0..4)",
            args.seat
        )));
    }
    let bot = mj_bot::registry::make(&args.player, args.seed)
        .map_err(|e| BotError::Usage(e.to_string()))?;
    warm_up(&args.player);
    let mut s = Session {
        seat: args.seat,
        seed: args.seed,
        bot,
        state: None,
        riichi_tile: None,
        lost_draw: None,
        kyoku: 0,
    };
    let mut stats = BotStats::default();
    for (n, line) in input.lines().enumerate() {
        let line = line?;
        let t0 = Instant::now();
        stats.lines += 1;
        let no = n + 1;
        let events: Result<Vec<Value>, String> = match serde_json::from_str::<Value>(&line) {
            Err(e) => Err(format!("not JSON: {e}")),
            Ok(Value::Array(v)) if args.format == Format::MjaiApp => Ok(v),
            Ok(v @ Value::Object(_)) if args.format == Format::Events => Ok(vec![v]),
            Ok(_) if args.format == Format::MjaiApp => Err("not a JSON array of events".to_owned()),
            Ok(_) => Err("not a JSON object (one event)".to_owned()),
        };
        let answer = match events {
            Err(why) => {
                stats.errors += 1;
                writeln!(err, "mj bot: line {no}: {why}")?;
                None
            }
            Ok(events) => {
                let mut failed = None;
                for ev in events {
                    if let Err(why) = s.handle(ev) {
                        failed.get_or_insert(why);
                    }
                }
                if let Some(why) = failed {
                    stats.errors += 1;
                    writeln!(
                        err,
                        "mj bot: line {no}: {why}; waiting for the next start_kyoku"
                    )?;
                    None
                } else {
                    s.decide()
                }
            }
        };
        match (&answer, args.format) {
            (Some(a), _) => writeln!(out, "{a}")?,
            (None, Format::MjaiApp) => writeln!(out, "{NONE}")?,
            (None, Format::Events) => {}
        }
        out.flush()?;
        if answer.as_deref().is_some_and(|a| a != NONE) {
            stats.action_micros.push(t0.elapsed().as_micros() as u64);
        }
    }
    Ok(stats)
}

/// Loads what the first decision would (the engine's and the players' tables), so that the
/// first reaction of a game is as quick as the others: a throwaway player of the same kind
/// decides once in a seeded round.
fn warm_up(player: &str) {
    let Ok(mut bot) = mj_bot::registry::make(player, 0) else {
        return;
    };
    let round = mj_game::Round::new(
        GameRules::tenhou(),
        mj_game::RoundSetup::first(25_000),
        mj_game::Wall::from_seed(0),
        false,
    );
    let Some(seat) = round.to_act().first() else {
        return;
    };
    let legal = round.legal_actions(seat);
    if !legal.is_empty() {
        let _ = bot.act(&round.view(seat), &legal);
    }
}

/// Why `mj bot` could not run.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// Bad arguments.
    #[error("{0}")]
    Usage(String),
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] io::Error),
}

impl Session {
    /// Takes one event into the state; `Err` names why it does not fit (the state is then
    /// dropped until the next `start_kyoku`).
    fn handle(&mut self, ev: Value) -> Result<(), String> {
        let kind = ev
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned();
        self.lost_draw = None;
        match kind.as_str() {
            // Ends and scores: read leniently (mjai.app sends them without their fields).
            "start_game" | "end_game" | "end_kyoku" => {
                self.state = None;
                self.riichi_tile = None;
                return Ok(());
            }
            "hora" | "ryukyoku" => {
                if let Some(st) = &mut self.state {
                    let _ = st.apply(&Event::EndKyoku);
                }
                return Ok(());
            }
            "reach_accepted" | "none" => return Ok(()),
            _ => {}
        }
        let event: Event = match serde_json::from_value(ev) {
            Ok(e) => e,
            Err(e) => {
                self.state = None;
                return Err(format!("not an mjai event ({kind:?}): {e}"));
            }
        };
        if let Event::StartKyoku { .. } = event {
            self.kyoku += 1;
            self.riichi_tile = None;
            let seed = self.seed ^ self.kyoku.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            return match SeatRound::start(GameRules::tenhou(), self.seat, &event, seed) {
                Ok(st) => {
                    self.state = Some(st);
                    Ok(())
                }
                Err(e) => {
                    self.state = None;
                    Err(format!("start_kyoku: {e}"))
                }
            };
        }
        let Some(st) = &mut self.state else {
            if let Event::Tsumo { actor, pai } = event
                && actor == self.seat
            {
                self.lost_draw = Some(pai);
            }
            return Ok(());
        };
        match st.apply(&event) {
            Ok(()) => Ok(()),
            Err(e) => {
                self.state = None;
                if let Event::Tsumo { actor, pai } = event
                    && actor == self.seat
                {
                    self.lost_draw = Some(pai);
                }
                Err(format!("{kind}: {e}"))
            }
        }
    }

    /// The answer to what the events so far ask of this seat (`none` for a pass), or `None`
    /// when they ask nothing.
    fn decide(&mut self) -> Option<String> {
        let seat = self.seat;
        let Some(st) = &self.state else {
            return self.lost_draw.map(|pai| {
                Event::Dahai {
                    actor: seat,
                    pai,
                    tsumogiri: true,
                }
                .to_json()
            });
        };
        let legal = st.legal_actions();
        if legal.is_empty() {
            return None;
        }
        // Our riichi came back: its discard.
        if st.reach_pending() == Some(seat) {
            let tile = self
                .riichi_tile
                .filter(|t| legal.contains(&Action::Riichi { tile: *t }))
                .or_else(|| {
                    legal.iter().find_map(|a| match *a {
                        Action::Riichi { tile } => Some(tile),
                        _ => None,
                    })
                })?;
            return Some(reaction(&st.view(), Action::Discard { tile }));
        }
        let chosen = self.bot.act(&st.view(), &legal);
        let action = if legal.contains(&chosen) {
            chosen
        } else {
            legal[0]
        };
        if let Action::Riichi { tile } = action {
            self.riichi_tile = Some(tile);
        }
        // A pass is an answer too (`none`): the seat could act.
        Some(reaction(&st.view(), action))
    }
}

/// The mjai reaction of the seat of `view` taking `action`, as one JSON line
/// ([`SeatView::reaction`]; `none` for a kita, which mjai.app's four-player games never
/// offer).
pub(crate) fn reaction(view: &SeatView<'_>, action: Action) -> String {
    if matches!(action, Action::Kita { .. }) {
        return NONE.to_owned();
    }
    let v = view.reaction(action);
    // An event is written in its own field order (`type` first), as mjai writes it.
    match serde_json::from_value::<Event>(v.clone()) {
        Ok(ev) => ev.to_json(),
        Err(_) => v.to_string(),
    }
}
