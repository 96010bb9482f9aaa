//! `mj replay` and `mj game`: thin drivers over [`mj_game`]. They read files (gzip or plain)
//! and print; every rule lives in `mj-game`.

use std::fmt::Write as _;
use std::io::Read as _;

use mj_bot::registry::{self, SeedScheme, seat_seed};
use mj_game::{Event, GameRules, Length, play};

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

/// Reads a log file, undoing gzip when the file is compressed (Tenhou serves mjlogs gzipped).
///
/// # Errors
/// The file cannot be read, is not valid gzip, or is not UTF-8 text.
pub fn read_log(path: &str) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let bytes = if bytes.starts_with(&[0x1f, 0x8b]) {
        // A log is a few hundred KiB at most; cap what a hostile archive may expand to.
        const LIMIT: u64 = 64 << 20;
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .take(LIMIT + 1)
            .read_to_end(&mut out)
            .map_err(|e| format!("{path}: gzip: {e}"))?;
        if out.len() as u64 > LIMIT {
            return Err(format!(
                "{path}: gzip: more than {LIMIT} bytes once expanded"
            ));
        }
        out
    } else {
        bytes
    };
    String::from_utf8(bytes).map_err(|e| format!("{path}: not UTF-8 text: {e}"))
}

/// `mj replay FILE...`: every logged action through the engine, each round's result, the next
/// deal, the final scores and the final points compared with the log's (`mj_game::replay`,
/// under the rules of the game's room, `mj_game::mjlog::room`; a room it does not model is
/// refused by name and does not pass). A file that cannot be read counts as a mismatch.
/// Three-player games replay under Tenhou's three-player rules. A file of mjai
/// events (JSON Lines) of a Sichuan game, as `mj game --rules sichuan` prints it (or
/// `sichuan_hongzhong`, or `hongzhong`), replays through `mj_game::sichuan_replay` (every
/// round's events must equal the log's), one of an MCR game through
/// `mj_game::mcr_log::replay_mcr`, and a Botzone / IJCAI Chinese Standard Mahjong log (text
/// starting with `Match `, or Botzone's JSON match log) through
/// `mj_game::mcr_log::read_botzone`, which picks the wall (one shared, or Botzone's own walls:
/// the `mcr_botzone` preset) from the log; the report names the preset.
pub fn replay(paths: &[String], mjai: bool) -> ReplayOutput {
    let mut texts = Vec::with_capacity(paths.len());
    let mut unread = Vec::new();
    let mut sichuan = String::new();
    let mut sichuan_events = String::new();
    let mut sichuan_ok = true;
    for path in paths {
        match read_log(path) {
            Ok(text) => {
                if mj_game::mcr_log::is_botzone_log(&text) {
                    // A Botzone / IJCAI Chinese Standard Mahjong log: the line form or
                    // Botzone's own match log (JSON).
                    match mj_game::mcr_log::read_botzone(&text) {
                        Ok(hands) => {
                            let actions: usize = hands.iter().map(|h| h.actions).sum();
                            // The rules each hand replayed under, in order of first use.
                            let mut presets: Vec<&str> = Vec::new();
                            for h in &hands {
                                let p = h.round.rules().preset_name().unwrap_or("custom");
                                if !presets.contains(&p) {
                                    presets.push(p);
                                }
                            }
                            let _ = writeln!(
                                sichuan,
                                "{path}: botzone {}, {} hands, {actions} actions, all match",
                                presets.join("+"),
                                hands.len()
                            );
                            if mjai {
                                for h in &hands {
                                    push_events(&mut sichuan_events, h.round.events());
                                }
                            }
                        }
                        Err(e) => {
                            sichuan_ok = false;
                            let _ = writeln!(sichuan, "{path}: botzone, mismatch: {e}");
                        }
                    }
                    continue;
                }
                let parsed = text
                    .trim_start()
                    .starts_with('{')
                    .then(|| mj_game::sichuan_replay::parse_events(&text).ok())
                    .flatten();
                if let Some(events) = parsed.as_ref().filter(|e| mj_game::mcr_log::is_mcr_log(e)) {
                    // An MCR game as `mj game --rules mcr` prints it.
                    let r = mj_game::mcr_log::replay_mcr(events);
                    sichuan_ok &= r.all_match();
                    summarize(
                        &mut sichuan,
                        path,
                        r.preset,
                        "hands",
                        r.rounds,
                        r.actions,
                        &r.mismatches,
                    );
                    if mjai {
                        push_events(&mut sichuan_events, events);
                    }
                    continue;
                }
                let events = parsed.filter(|e| mj_game::sichuan_replay::is_sichuan_log(e));
                match events {
                    Some(events) => {
                        let r = mj_game::sichuan_replay::replay_sichuan(&events);
                        sichuan_ok &= r.all_match();
                        summarize(
                            &mut sichuan,
                            path,
                            r.preset,
                            "rounds",
                            r.rounds,
                            r.actions,
                            &r.mismatches,
                        );
                        if mjai {
                            push_events(&mut sichuan_events, &events);
                        }
                    }
                    None => texts.push((path.clone(), text)),
                }
            }
            Err(e) => unread.push(e),
        }
    }
    if texts.is_empty() && !sichuan.is_empty() {
        let mut report = String::new();
        for e in &unread {
            let _ = writeln!(report, "{e}: unreadable");
        }
        report.push_str(&sichuan);
        return ReplayOutput {
            report,
            events: sichuan_events,
            all_match: unread.is_empty() && sichuan_ok,
        };
    }
    let result =
        mj_game::replay::replay_with(texts.iter().map(|(n, t)| (n.clone(), t.as_str())), mjai);
    let mut events = sichuan_events;
    if mjai {
        for file in &result.files {
            push_events(&mut events, &file.events);
        }
    }
    let mut report = String::new();
    for e in &unread {
        let _ = writeln!(report, "{e}: unreadable");
    }
    report.push_str(&sichuan);
    let _ = write!(report, "{result}");
    if !unread.is_empty() {
        let _ = write!(report, "; {} files unreadable", unread.len());
    }
    report.push('\n');
    ReplayOutput {
        report,
        events,
        all_match: unread.is_empty() && result.all_match() && sichuan_ok,
    }
}

/// `mj game`'s choices.
#[derive(Debug, Clone)]
pub struct GameArgs {
    /// The wall seed.
    pub seed: u64,
    /// A rules preset (`tenhou`, `mahjong_soul`, `sanma`, `sanma_mahjong_soul`, `sichuan`,
    /// `sichuan_hongzhong`, `hongzhong`, `mcr`, `mcr_botzone`).
    pub rules: String,
    /// `one`, `east` or `hanchan`.
    pub length: String,
    /// A player name per seat (fewer repeat cyclically), each one of `mj_bot::NAMES`.
    pub players: Vec<String>,
    /// Print a summary instead of the mjai events.
    pub summary: bool,
}

/// `mj game`: a seeded match between built-in players, as mjai events (one JSON object per
/// line) or a summary.
///
/// # Errors
/// An unknown preset, length or player name.
pub fn game(args: &GameArgs) -> Result<String, String> {
    let rules = GameRules::preset(&args.rules).ok_or_else(|| {
        format!(
            "--rules: unknown preset `{}` ({})",
            args.rules,
            GameRules::PRESETS.join(", ")
        )
    })?;
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

/// Appends `events` to `out`, one mjai JSON object per line.
fn push_events(out: &mut String, events: &[Event]) {
    for e in events {
        out.push_str(&e.to_json());
        out.push('\n');
    }
}

/// Appends the line of `mj replay` for one mjai log of a Chinese flow: `{path}: {flow},
/// {rounds} {unit}, {actions} actions, ` then `all match`, `no {unit}` (nothing replayed) or
/// the number of mismatches and the first.
fn summarize(
    out: &mut String,
    path: &str,
    flow: &str,
    unit: &str,
    rounds: usize,
    actions: usize,
    mismatches: &[String],
) {
    let _ = write!(out, "{path}: {flow}, {rounds} {unit}, {actions} actions, ");
    match mismatches.first() {
        // `all_match` of both replays: no mismatch and at least one round.
        None if rounds > 0 => out.push_str("all match\n"),
        None => {
            let _ = writeln!(out, "no {unit}");
        }
        Some(m) => {
            let _ = writeln!(out, "{} mismatches: {m}", mismatches.len());
        }
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
