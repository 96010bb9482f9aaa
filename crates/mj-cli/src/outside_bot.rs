//! Outside mjai bots in `mj arena` (`--bot NAME=COMMAND`): a bot process seated by name beside
//! our players, spoken to as mjai.app speaks to a submission.
//!
//! - **Launch**: `sh -c "COMMAND PLAYER_ID"` when its match starts, standard error passed
//!   through; standard input and output carry the protocol.
//! - **Protocol** (mjai.app's, `mjai.engine.DockerMjaiLogEngine` over libriichi's arena): the
//!   bot is asked exactly when its seat may act (a discard, a call, a win, a pass); each line
//!   sent is a JSON array of the round's events since its last answer, from its seat's view
//!   (others' draws and starting hands as `"?"`), and it answers one JSON line per array,
//!   `{"type":"none"}` for a pass. The match starts with
//!   `[{"type":"start_game","names":["0","1","2","3"],"id":0}]`, every round ends with
//!   `[{"type":"end_kyoku"}]` (sent before the bot's next question, or at the end of the match:
//!   `hora` and `ryukyoku` are never sent, as in mjai.app) and the match with
//!   `[{"type":"end_game"}]`; those three are answered too, and the answers read and ignored.
//!   A riichi is two answers, as in libriichi: `reach`, then, sent `[{"type":"reach",...}]`, the
//!   discard.
//! - **Time**: each answer within `--bot-timeout` (2 s by default); the first question of a
//!   round (its `start_kyoku`) and `start_game` within at least 10 s, as mjai.app allows for
//!   loading a model.
//! - **Errors**: an answer that is not JSON, not one of the seat's legal reactions, late, or
//!   missing (the bot exited) is replaced by the default action (the drawn tile discarded, or a
//!   pass; after a `reach`, the riichi discard of the drawn tile), counted for the bot
//!   ([`Faults::errors`]) and logged on stderr with the offending line. A late answer that
//!   comes in afterwards is read and dropped, so later answers stay in step.
//! - **Restart**: a bot that exited is started again at the next round (with its
//!   `start_game`), as mjai.app does; until then each question is a missing answer.
//!
//! An answer is read by rendering each legal action as the mjai reaction `mj bot` would write
//! ([`crate::bot_cmd`]'s `reaction`) and taking the one that agrees with it on the fields the
//! answer gives (`pai`, `target`, `consumed` in any order; `tsumogiri` breaks ties).

use std::io::{BufRead, BufReader, Read as _, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use mj_bot::arena::{EventPlayer, Faults};
use mj_game::{Action, Event, Seat, SeatView};
use serde_json::{Value, json};

use crate::bot_cmd::reaction;

/// The longest answer line read (bytes); a longer one is an invalid answer.
const MAX_LINE: u64 = 1 << 20;

/// The least time allowed for `start_game` and a round's first question (mjai.app's).
const START_TIMEOUT: Duration = Duration::from_secs(10);

/// An outside bot: `COMMAND PLAYER_ID` speaking mjai.app's protocol (see the module docs).
#[derive(Debug)]
pub struct OutsideBot {
    name: String,
    command: String,
    timeout: Duration,
    /// The match number in the run, for the log.
    game: u64,
    seat: Seat,
    proc: Option<Proc>,
    /// Started at least once (a later start is a restart).
    started: bool,
    /// The round whose events are being sent, and how many of them were sent.
    round: Option<usize>,
    sent: usize,
    /// The stop of the process was logged this round.
    down_logged: bool,
    faults: Faults,
}

/// A running bot process.
#[derive(Debug)]
struct Proc {
    child: Child,
    /// `None` once closed.
    stdin: Option<ChildStdin>,
    lines: Receiver<Result<String, String>>,
    /// Answers still owed to questions that timed out (dropped when they come).
    owed: usize,
    /// The process closed its output or its input.
    gone: bool,
}

/// Why a question got no usable answer line.
enum NoAnswer {
    Late,
    Gone(String),
}

impl OutsideBot {
    /// The bot `name` running `command`, for match `game` of the run; it starts with the match.
    pub fn new(name: &str, command: &str, timeout: Duration, game: u64) -> OutsideBot {
        OutsideBot {
            name: name.to_owned(),
            command: command.to_owned(),
            timeout,
            game,
            seat: 0,
            proc: None,
            started: false,
            round: None,
            sent: 0,
            down_logged: false,
            faults: Faults::default(),
        }
    }

    fn log(&self, why: &str) {
        let round = self
            .round
            .map_or(String::new(), |r| format!(", round {}", r + 1));
        eprintln!(
            "mj arena: bot {} (game {}, seat {}{round}): {why}",
            self.name,
            self.game + 1,
            self.seat
        );
    }

    fn error(&mut self, why: &str) {
        self.faults.errors += 1;
        self.log(why);
    }

    /// Starts the process and sends `start_game`.
    fn launch(&mut self) {
        if self.started {
            self.faults.restarts += 1;
            self.log("restarted");
        }
        self.started = true;
        self.proc = None;
        match Proc::spawn(&self.command, self.seat) {
            Ok(p) => self.proc = Some(p),
            Err(e) => {
                self.error(&format!("cannot start `{}`: {e}", self.command));
                return;
            }
        }
        let start = json!([{"type": "start_game", "names": ["0", "1", "2", "3"], "id": 0}]);
        self.notify(&start.to_string(), self.timeout.max(START_TIMEOUT));
    }

    fn alive(&self) -> bool {
        self.proc.as_ref().is_some_and(|p| !p.gone)
    }

    /// Sends a line whose answer is read and ignored (`start_game`, `end_kyoku`, `end_game`).
    fn notify(&mut self, line: &str, timeout: Duration) {
        if !self.alive() {
            return;
        }
        match self.ask(line, timeout) {
            Ok(answer) if serde_json::from_str::<Value>(&answer).is_ok() => {}
            Ok(answer) => self.error(&format!(
                "answered {line} with a line that is not JSON: {answer}"
            )),
            Err(e) => self.no_answer(line, e),
        }
    }

    fn no_answer(&mut self, line: &str, e: NoAnswer) {
        let sent = clip(line);
        match e {
            NoAnswer::Late => self.error(&format!(
                "no answer within {:.3} s to {sent}",
                self.timeout.as_secs_f64()
            )),
            NoAnswer::Gone(why) => {
                self.error(&format!("{why}; no answer to {sent}"));
                self.down_logged = true;
            }
        }
    }

    fn ask(&mut self, line: &str, timeout: Duration) -> Result<String, NoAnswer> {
        let Some(p) = &mut self.proc else {
            return Err(NoAnswer::Gone("not running".into()));
        };
        let (answer, late) = p.ask(line, timeout);
        for l in late {
            self.log(&format!("dropped a late answer: {}", clip(&l)));
        }
        answer
    }

    /// The round's events since the last question, seen from the seat, as one line.
    fn batch(&mut self, events: &[Event]) -> (String, bool) {
        let from = self.sent.min(events.len());
        let seen: Vec<Event> = events[from..].iter().map(|e| e.view(self.seat)).collect();
        self.sent = events.len();
        let first = matches!(seen.first(), Some(Event::StartKyoku { .. }));
        (serde_json::to_string(&seen).unwrap_or_default(), first)
    }
}

impl EventPlayer for OutsideBot {
    fn start_game(&mut self, seat: Seat) {
        self.seat = seat;
        self.launch();
    }

    fn act(
        &mut self,
        round: usize,
        events: &[Event],
        view: &SeatView<'_>,
        legal: &[Action],
    ) -> Action {
        if self.round != Some(round) {
            if let Some(r) = self.round {
                for _ in r..round {
                    self.notify(r#"[{"type":"end_kyoku"}]"#, self.timeout);
                }
            }
            self.round = Some(round);
            self.sent = 0;
            self.down_logged = false;
            if !self.alive() {
                self.launch();
            }
        }
        let fallback = default_action(view, legal);
        let (line, first) = self.batch(events);
        if !self.alive() {
            self.faults.errors += 1;
            if !self.down_logged {
                self.down_logged = true;
                self.log("not running: default actions until the next round");
            }
            return fallback;
        }
        let timeout = if first {
            self.timeout.max(START_TIMEOUT)
        } else {
            self.timeout
        };
        let answer = match self.ask(&line, timeout) {
            Ok(a) => a,
            Err(e) => {
                self.no_answer(&line, e);
                return fallback;
            }
        };
        let choice = match read_answer(view, legal, &answer) {
            Ok(c) => c,
            Err(why) => {
                self.error(&format!("{why}: {}", clip(&answer)));
                return fallback;
            }
        };
        let riichi = match choice {
            Answer::Action(a) => return a,
            Answer::Reach(riichi) => riichi,
        };
        // The engine logs this `reach` itself with the discard: it is sent now.
        self.sent += 1;
        let riichi_fallback = riichi
            .iter()
            .find(|(_, r)| r["tsumogiri"] == Value::Bool(true))
            .or(riichi.first())
            .map_or(fallback, |(a, _)| *a);
        let line = json!([{"type": "reach", "actor": self.seat}]).to_string();
        let answer = match self.ask(&line, self.timeout) {
            Ok(a) => a,
            Err(e) => {
                self.no_answer(&line, e);
                return riichi_fallback;
            }
        };
        match parse(&answer).and_then(|v| pick(self.seat, &riichi, &v)) {
            Ok(a) => a,
            Err(why) => {
                self.error(&format!("after its reach: {why}: {}", clip(&answer)));
                riichi_fallback
            }
        }
    }

    fn end_game(&mut self, rounds: usize) {
        if let Some(r) = self.round {
            for _ in r..rounds {
                self.notify(r#"[{"type":"end_kyoku"}]"#, self.timeout);
            }
        }
        self.notify(r#"[{"type":"end_game"}]"#, self.timeout);
        self.proc = None;
    }

    fn faults(&self) -> Faults {
        self.faults
    }
}

impl Proc {
    fn spawn(command: &str, seat: Seat) -> std::io::Result<Proc> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("{command} {seat}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(std::io::Error::other("no pipes to the process"));
        };
        let (tx, lines) = channel();
        // The reader: one answer line at a time into the channel, until the bot closes its
        // output (the channel then disconnects).
        std::thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                match (&mut out).take(MAX_LINE + 1).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
                let line = if buf.last() != Some(&b'\n') && buf.len() as u64 > MAX_LINE {
                    // Skip the rest of the overlong line.
                    let mut rest = Vec::new();
                    let _ = out.read_until(b'\n', &mut rest);
                    Err(format!("a line longer than {MAX_LINE} bytes"))
                } else {
                    Ok(String::from_utf8_lossy(&buf).trim_end().to_owned())
                };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Ok(Proc {
            child,
            stdin: Some(stdin),
            lines,
            owed: 0,
            gone: false,
        })
    }

    /// Sends `line` and waits up to `timeout` for its answer; also returns the late answers
    /// of earlier questions that were dropped meanwhile.
    #[allow(clippy::type_complexity)]
    fn ask(&mut self, line: &str, timeout: Duration) -> (Result<String, NoAnswer>, Vec<String>) {
        let mut late = Vec::new();
        let written = match &mut self.stdin {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|()| stdin.flush()),
            None => Err(std::io::Error::other("input closed")),
        };
        if let Err(e) = written {
            self.gone = true;
            let why = format!("exited ({})", self.exit_status(e.to_string()));
            return (Err(NoAnswer::Gone(why)), late);
        }
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(answer) if self.owed > 0 => {
                    self.owed -= 1;
                    late.push(answer.unwrap_or_else(|e| e));
                }
                Ok(Ok(answer)) => return (Ok(answer), late),
                Ok(Err(too_long)) => return (Ok(too_long), late),
                Err(RecvTimeoutError::Timeout) => {
                    self.owed += 1;
                    return (Err(NoAnswer::Late), late);
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.gone = true;
                    let why = format!("exited ({})", self.exit_status("output closed".into()));
                    return (Err(NoAnswer::Gone(why)), late);
                }
            }
        }
    }

    fn exit_status(&mut self, otherwise: String) -> String {
        // The output closes just before the process is reaped: wait a moment for the status.
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.to_string();
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        otherwise
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        // End of input first (a bot exits at the end of its input), then a kill.
        drop(self.stdin.take());
        for _ in 0..100 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What an answer asks for.
enum Answer {
    /// One of the legal actions.
    Action(Action),
    /// A riichi: the discard is asked next; the riichi actions with their discards rendered.
    Reach(Vec<(Action, Value)>),
}

/// The default action: a pass when the seat may pass, else the drawn tile discarded (or the
/// first discard, after a call), else the first legal action.
fn default_action(view: &SeatView<'_>, legal: &[Action]) -> Action {
    let drawn = view.drawn();
    legal
        .iter()
        .find(|a| matches!(a, Action::Pass))
        .or_else(|| {
            legal
                .iter()
                .find(|a| matches!(a, Action::Discard { tile } if Some(tile.as_u8()) == drawn))
        })
        .or_else(|| legal.iter().find(|a| matches!(a, Action::Discard { .. })))
        .or(legal.first())
        .copied()
        .unwrap_or(Action::Pass)
}

fn parse(answer: &str) -> Result<Value, String> {
    match serde_json::from_str::<Value>(answer) {
        Ok(v @ Value::Object(_)) => Ok(v),
        Ok(_) => Err("not a JSON object".into()),
        Err(e) => Err(format!("not JSON ({e})")),
    }
}

/// The legal action an answer names (see the module docs).
fn read_answer(view: &SeatView<'_>, legal: &[Action], answer: &str) -> Result<Answer, String> {
    let v = parse(answer)?;
    let render = |a: Action| serde_json::from_str::<Value>(&reaction(view, a)).unwrap_or_default();
    match v.get("type").and_then(Value::as_str) {
        Some("none") => legal
            .iter()
            .find(|a| matches!(a, Action::Pass))
            .map(|a| Answer::Action(*a))
            .ok_or_else(|| "`none` where the seat must act".to_owned()),
        Some("reach") => {
            let riichi: Vec<(Action, Value)> = legal
                .iter()
                .filter_map(|a| match *a {
                    Action::Riichi { tile } => Some((*a, render(Action::Discard { tile }))),
                    _ => None,
                })
                .collect();
            check_actor(view.seat(), &v)?;
            if riichi.is_empty() {
                return Err("riichi is not legal here".into());
            }
            Ok(Answer::Reach(riichi))
        }
        Some(_) => {
            let cands: Vec<(Action, Value)> = legal
                .iter()
                .filter(|a| !matches!(a, Action::Pass | Action::Riichi { .. }))
                .map(|a| (*a, render(*a)))
                .collect();
            pick(view.seat(), &cands, &v).map(Answer::Action)
        }
        None => Err("no `type`".into()),
    }
}

fn check_actor(seat: Seat, v: &Value) -> Result<(), String> {
    if v.get("actor").and_then(Value::as_u64) == Some(u64::from(seat)) {
        Ok(())
    } else {
        Err(format!("`actor` is not {seat}"))
    }
}

/// The candidate whose rendering agrees with the answer `v`: the same `type`, and the same
/// `pai`, `target` and `consumed` (in any order) wherever the answer gives them; the fields a
/// type needs to name one action must be given. `tsumogiri` breaks ties.
fn pick(seat: Seat, cands: &[(Action, Value)], v: &Value) -> Result<Action, String> {
    check_actor(seat, v)?;
    let ty = v.get("type").and_then(Value::as_str).unwrap_or("");
    let needed: &[&str] = match ty {
        "dahai" | "kakan" => &["pai"],
        "chi" | "pon" | "ankan" => &["consumed"],
        _ => &[],
    };
    if let Some(f) = needed.iter().find(|f| v.get(**f).is_none()) {
        return Err(format!("`{ty}` without `{f}`"));
    }
    let norm = |x: &Value| -> Value {
        match x {
            Value::Array(a) => {
                let mut names: Vec<String> = a.iter().map(|t| t.to_string()).collect();
                names.sort();
                Value::from(names)
            }
            other => other.clone(),
        }
    };
    let agrees = |r: &Value| {
        r.get("type").and_then(Value::as_str) == Some(ty)
            && ["pai", "target", "consumed"]
                .iter()
                .all(|f| match (v.get(*f), r.get(*f)) {
                    (Some(a), Some(b)) => norm(a) == norm(b),
                    _ => true,
                })
    };
    let fits: Vec<&(Action, Value)> = cands.iter().filter(|(_, r)| agrees(r)).collect();
    fits.iter()
        .find(|(_, r)| v.get("tsumogiri").is_some() && r.get("tsumogiri") == v.get("tsumogiri"))
        .or(fits.first())
        .map(|(a, _)| *a)
        .ok_or_else(|| {
            let legal: Vec<String> = cands.iter().map(|(_, r)| r.to_string()).collect();
            format!("not a legal reaction (legal: {})", legal.join(" "))
        })
}

/// A line cut for the log.
fn clip(line: &str) -> String {
    const MAX: usize = 400;
    if line.len() <= MAX {
        return line.to_owned();
    }
    let mut end = MAX;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} bytes)", &line[..end], line.len())
}
