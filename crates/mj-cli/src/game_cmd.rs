//! `mj replay` and `mj game`: thin drivers over [`mj_log`] and [`mj_game`]. They read files
//! and print; every format and every rule lives in those crates.

use std::fmt::Write as _;

use mj_bot::registry::{self, SeedScheme, seat_seed};
use mj_game::{Action, Event, GameRules, Length, Match, Observer, Seat, drive_with, play};
use mj_log::{Limits, LogError, Replay, ReplayOptions, ReplayReport, ReportKind};

/// What `mj replay` prints and whether every file matched.
#[derive(Debug)]
pub struct ReplayOutput {
    /// One line per file and the summary (stdout; stderr when events are printed).
    pub report: String,
    /// The engine's own mjai events, one JSON object per line, game after game (`--mjai`).
    pub events: String,
    /// `true` when every file was read and replayed without a mismatch.
    pub all_match: bool,
}

/// `mj replay`'s choices.
#[derive(Debug, Clone, Default)]
pub struct ReplayArgs {
    /// The log files.
    pub files: Vec<String>,
    /// Keep the engine's own mjai events.
    pub mjai: bool,
    /// A preset for logs that do not state their rules (mjai), or to replay our own Chinese
    /// logs under.
    pub rules: Option<String>,
    /// The match length of logs that do not state it: one, east, hanchan.
    pub length: Option<String>,
    /// Most bytes a log may expand to (gzip).
    pub max_bytes: Option<u64>,
}

/// The options of `mj replay`'s arguments.
///
/// # Errors
/// An unknown preset or length.
pub fn replay_options(args: &ReplayArgs) -> Result<(ReplayOptions, Limits), String> {
    let rules = match &args.rules {
        None => None,
        Some(name) => {
            let r = GameRules::preset(name).ok_or_else(|| {
                format!(
                    "--rules: unknown preset `{name}` ({})",
                    GameRules::PRESETS.join(", ")
                )
            })?;
            Some(r)
        }
    };
    let length = match &args.length {
        None => None,
        Some(l) => Some(
            Length::from_name(l)
                .ok_or_else(|| format!("--length: unknown `{l}` (one, east, hanchan)"))?,
        ),
    };
    let limits = Limits {
        max_bytes: args.max_bytes.unwrap_or(mj_log::DEFAULT_MAX_BYTES),
    };
    Ok((
        ReplayOptions {
            rules,
            length,
            record: args.mjai,
        },
        limits,
    ))
}

/// `mj replay FILE...`: every log through [`mj_log::read`] and [`mj_log::replay_with`]: every
/// logged action through the engine, each round's result, the next deal, the final scores and
/// the final points compared with what the log states (a Tenhou game under its room's rules,
/// a room not modelled refused by name; an mjai log under the rules it states, or `--rules`).
/// A file that cannot be read counts as a mismatch. Our own Sichuan, 红中 and MCR logs and
/// Botzone's print one line each, naming the preset they replayed under; the riichi games one
/// line each and a summary.
///
/// # Errors
/// An unknown preset or length.
pub fn replay(args: &ReplayArgs) -> Result<ReplayOutput, String> {
    let (opts, limits) = replay_options(args)?;
    let mut unread = Vec::new();
    let mut chinese = String::new();
    let mut chinese_events = String::new();
    let mut chinese_ok = true;
    let mut riichi = Replay::default();
    for path in &args.files {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                unread.push(format!("{path}: {e}"));
                continue;
            }
        };
        let mut report = match mj_log::read_with(&bytes, limits) {
            Ok(log) => mj_log::replay_with(&log, &opts),
            // Bytes that are no text at all: as an IO error.
            Err(
                e @ (LogError::Gzip { .. } | LogError::TooLarge { .. } | LogError::NotText { .. }),
            ) => {
                unread.push(format!("{path}: {e}"));
                continue;
            }
            Err(e) => ReplayReport::unreadable(path.clone(), e),
        };
        report.name.clone_from(path);
        if report.kind == ReportKind::Riichi {
            riichi.files.push(report);
        } else {
            chinese_ok &= report.matches();
            let _ = writeln!(chinese, "{report}");
            push_events(&mut chinese_events, &report.events);
        }
    }
    let mut report = String::new();
    for e in &unread {
        let _ = writeln!(report, "{e}: unreadable");
    }
    report.push_str(&chinese);
    if riichi.files.is_empty() && !chinese.is_empty() {
        return Ok(ReplayOutput {
            report,
            events: chinese_events,
            all_match: unread.is_empty() && chinese_ok,
        });
    }
    let mut events = chinese_events;
    for file in &riichi.files {
        push_events(&mut events, &file.events);
    }
    let _ = write!(report, "{riichi}");
    if !unread.is_empty() {
        let _ = write!(report, "; {} files unreadable", unread.len());
    }
    report.push('\n');
    Ok(ReplayOutput {
        report,
        events,
        all_match: unread.is_empty() && riichi.all_match() && chinese_ok,
    })
}

/// `mj game`'s choices.
#[derive(Debug, Clone)]
pub struct GameArgs {
    /// The wall seed.
    pub seed: u64,
    /// A rules preset (`tenhou`, `mahjong_soul`, `sanma`, `sanma_mahjong_soul`, `sichuan`,
    /// `sichuan_hongzhong`, `hongzhong`, `mcr`, `mcr_botzone`), or `libriichi` (the rules of
    /// libriichi's arena: Tenhou's, where three rons do not abort).
    pub rules: String,
    /// `one`, `east` or `hanchan`.
    pub length: String,
    /// A player name per seat (fewer repeat cyclically), each one of `mj_bot::NAMES`.
    pub players: Vec<String>,
    /// Print a summary instead of the mjai events.
    pub summary: bool,
    /// Print, before each decision, the seat asked and its legal actions among the events.
    pub legal: bool,
}

/// `mj game`: a seeded match between built-in players, as mjai events (one JSON object per
/// line) or a summary.
///
/// # Errors
/// An unknown preset, length or player name.
pub fn game(args: &GameArgs) -> Result<String, String> {
    let rules = if args.rules == "libriichi" {
        mj_log::mjai::libriichi_rules()
    } else {
        GameRules::preset(&args.rules).ok_or_else(|| {
            format!(
                "--rules: unknown preset `{}` ({}, libriichi)",
                args.rules,
                GameRules::PRESETS.join(", ")
            )
        })?
    };
    // The check `Match::try_new` makes: rules that cannot be played are reported, not dealt.
    rules.validate().map_err(|e| format!("--rules: {e}"))?;
    let length = Length::from_name(&args.length)
        .ok_or_else(|| format!("--length: unknown `{}` (one, east, hanchan)", args.length))?;
    if args.players.is_empty() || args.players.len() > 4 {
        return Err(format!(
            "--players: 1 to 4 names, got {} ({})",
            args.players.len(),
            mj_bot::NAMES.join(", ")
        ));
    }
    let mut bots: Vec<Box<dyn mj_game::Bot>> = Vec::with_capacity(4);
    for seat in 0..4 {
        let name = &args.players[seat % args.players.len()];
        // Each seat's random stream is its own, derived from the wall seed.
        let seed = seat_seed(SeedScheme::GameCommand, args.seed, seat);
        let bot = registry::make(name, seed).map_err(|e| format!("--players: {e}"))?;
        bots.push(bot);
    }
    let mut bots: [_; 4] = bots
        .try_into()
        .map_err(|_| "--players: four seats".to_string())?;
    if args.legal {
        return Ok(game_with_legal(rules, length, args.seed, &mut bots));
    }
    // A Sichuan summary is read from the events (its settlement is in them), so it records.
    let record = !args.summary || rules.is_chinese();
    let played = play::play(rules, length, args.seed, &mut bots, record);
    if args.summary {
        let names: Vec<&str> = (0..usize::from(rules.players))
            .map(|s| args.players[s % args.players.len()].as_str())
            .collect();
        let mut out = format!(
            "seed {} ({}, {}, {}): {}\n",
            args.seed,
            args.rules,
            length.name(),
            names.join(","),
            played
        );
        if rules.is_chinese() {
            out.push_str(&sichuan_summary(&played.events));
        }
        return Ok(out);
    }
    let mut out = String::new();
    push_events(&mut out, &played.events);
    Ok(out)
}

/// Each decision as the driver asks it: the round (rounds played before it), the number of
/// that round's events before it, the seat and its legal actions.
#[derive(Default)]
struct Decisions(Vec<(usize, usize, Seat, Vec<String>)>);

impl Observer<Match> for Decisions {
    fn before(&mut self, game: &Match, seat: Seat, legal: &[Action]) {
        self.0.push((
            game.history().len(),
            game.round().events().len(),
            seat,
            legal.iter().map(ToString::to_string).collect(),
        ));
    }
}

/// `mj game --legal`: the match's events with a `{"legal":{"actor","actions"}}` line before
/// each decision, after the events that came before it.
fn game_with_legal(
    rules: GameRules,
    length: Length,
    seed: u64,
    bots: &mut [Box<dyn mj_game::Bot>; 4],
) -> String {
    let mut m = Match::seeded(rules, length, seed, true);
    let mut decisions = Decisions::default();
    drive_with(&mut m, &mut bots[..], &mut decisions);
    let events = m.events();
    // Where each round's events start in the match's (each round opens with `start_kyoku`).
    let starts: Vec<usize> = events
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Event::StartKyoku { .. }))
        .map(|(i, _)| i)
        .collect();
    let mut out = String::new();
    let mut next = 0;
    for (round, at, seat, actions) in decisions.0 {
        let Some(&start) = starts.get(round) else {
            break;
        };
        let upto = (start + at).min(events.len());
        push_events(&mut out, &events[next.min(upto)..upto]);
        next = next.max(upto);
        let line = serde_json::json!({"legal": {"actor": seat, "actions": actions}});
        out.push_str(&line.to_string());
        out.push('\n');
    }
    push_events(&mut out, &events[next.min(events.len())..]);
    out
}

/// Appends `events` to `out`, one mjai JSON object per line.
fn push_events(out: &mut String, events: &[Event]) {
    for e in events {
        out.push_str(&e.to_json());
        out.push('\n');
    }
}

/// A Sichuan game's rounds as text: the exchange, the lacking suits, every win with its fans,
/// every payment outside a win (kongs, transfers, the draw's settlement) and the scores.
pub fn sichuan_summary(events: &[Event]) -> String {
    let signed = |d: &[i32; 4]| {
        d.iter()
            .map(|x| format!("{x:+}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = String::new();
    let mut round = 0;
    let mut lacks = [String::new(), String::new(), String::new(), String::new()];
    let mut scores = [0i32; 4];
    for e in events {
        match e {
            Event::StartKyoku { oya, .. } => {
                round += 1;
                let _ = writeln!(out, "round {round} (dealer seat {oya})");
            }
            Event::Huansanzhang {
                actor: 0,
                direction,
                ..
            } => {
                let _ = writeln!(out, "  exchange (换三张): {direction}");
            }
            Event::Dingque { actor, suit } => {
                lacks[usize::from(*actor & 3)] = suit.clone();
                if *actor == 3 {
                    let _ = writeln!(out, "  lacks (定缺): {}", lacks.join(" "));
                }
            }
            Event::Hora {
                actor,
                target,
                pai,
                yakus,
                fan,
                deltas,
                ..
            } => {
                let how = if actor == target {
                    "self-draw".to_string()
                } else {
                    format!("from seat {target}")
                };
                let fans: Vec<String> = yakus.iter().map(|(n, f)| format!("{n} {f}")).collect();
                let _ = writeln!(
                    out,
                    "  win: seat {actor} on {pai} {how}, {fan} fan ({}): {}",
                    fans.join(", "),
                    signed(deltas)
                );
            }
            Event::Settle {
                reason,
                actor,
                deltas,
                ..
            } => {
                let _ = writeln!(out, "  {reason} (seat {actor}): {}", signed(deltas));
            }
            Event::Zhuaniao {
                actor,
                pai,
                hits,
                deltas,
                ..
            } => {
                let birds: Vec<String> = pai.iter().map(|t| t.to_string()).collect();
                let _ = writeln!(
                    out,
                    "  birds (抓鸟) for seat {actor}: {} ({hits} hit): {}",
                    birds.join(" "),
                    signed(deltas)
                );
            }
            Event::Ryukyoku { tenpais, .. } => {
                let ready: Vec<String> = (0..4)
                    .filter(|&s| tenpais[s])
                    .map(|s| s.to_string())
                    .collect();
                let _ = writeln!(
                    out,
                    "  wall empty; ready: {}",
                    if ready.is_empty() {
                        "none".to_string()
                    } else {
                        ready.join(" ")
                    }
                );
            }
            Event::EndKyoku => {
                let _ = writeln!(out, "  scores: {}", signed(&scores));
            }
            _ => {}
        }
        match e {
            Event::StartKyoku { scores: s, .. }
            | Event::Hora { scores: s, .. }
            | Event::Settle { scores: s, .. }
            | Event::Zhuaniao { scores: s, .. }
            | Event::Ryukyoku { scores: s, .. } => scores = *s,
            _ => {}
        }
    }
    out
}
