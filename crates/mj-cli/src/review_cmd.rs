//! `mj review`: one seat of a real game log judged decision by decision by one of our players
//! ([`mj_review`]), written as JSON (`--json`) and a self-contained HTML page (`--html`), with
//! a summary in words on standard output.

use std::fmt::Write as _;

use mj_review::{Review, ReviewOptions, SeatChoice};

/// The command's arguments.
#[derive(Clone, Debug, clap::Args)]
pub struct ReviewArgs {
    /// The logs: Tenhou mjlog XML, tenhou.net/6 JSON or mjai JSON Lines, gzipped or not.
    /// With more than one (or `--all-seats`), one line each and the agreement over all of
    /// them; `--json` and `--html` take one log and one seat.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<String>,
    /// Review every seat of each log (the agreement of a player with real players).
    #[arg(long, conflicts_with_all = ["seat", "name", "json", "html"])]
    pub all_seats: bool,
    /// The seat to review (0-based; seat 0 deals first). The default is seat 0.
    #[arg(long, conflicts_with = "name")]
    pub seat: Option<u8>,
    /// The seat to review, by the player's name in the log.
    #[arg(long)]
    pub name: Option<String>,
    /// The reviewing player (`mj arena --players` lists them).
    #[arg(long, default_value = "defense")]
    pub player: String,
    /// The player's seed (`search` and `random` use it).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Write the review as JSON here (`-` for standard output; docs/review.md has the fields).
    #[arg(long, value_name = "OUT")]
    pub json: Option<String>,
    /// Write the review as one self-contained HTML page here.
    #[arg(long, value_name = "OUT")]
    pub html: Option<String>,
    /// Only these rounds, by label: E1,S3.1 (round wind, dealer number, .honba).
    #[arg(long, value_delimiter = ',', value_name = "LABELS")]
    pub rounds: Vec<String>,
    /// Rules preset of an mjai log that does not state its rules (tenhou, sanma, ...).
    #[arg(long, value_name = "PRESET")]
    pub rules: Option<String>,
    /// Most bytes the log may take, or expand to once gzip is undone (default 64 MiB).
    #[arg(long, value_name = "BYTES")]
    pub max_bytes: Option<u64>,
}

/// Reviews the files and writes what was asked; the summary in words.
///
/// # Errors
/// A file cannot be read or is too large, a log is refused (named, with the round), or an
/// output cannot be written.
pub fn review(args: &ReviewArgs) -> Result<String, String> {
    if args.files.len() == 1 && !args.all_seats {
        return review_one(args, &args.files[0], None).map(|(text, _)| text);
    }
    if args.json.is_some() || args.html.is_some() {
        return Err("--json and --html take one log".into());
    }
    let mut out = String::new();
    let mut total: Vec<(String, usize, usize)> = Vec::new();
    let (mut decisions, mut agreed, mut seats) = (0usize, 0usize, 0usize);
    for file in &args.files {
        let mut players = 1;
        let mut seat = 0;
        while seat < players {
            let (_, r) = review_one(args, file, args.all_seats.then_some(seat))?;
            if args.all_seats {
                players = r.players;
            }
            seat += 1;
            seats += 1;
            let s = &r.summary;
            decisions += s.decisions;
            agreed += s.agreed;
            for k in &s.by_kind {
                match total.iter_mut().find(|t| t.0 == k.kind) {
                    Some(t) => {
                        t.1 += k.decisions;
                        t.2 += k.agreed;
                    }
                    None => total.push((k.kind.clone(), k.decisions, k.agreed)),
                }
            }
            let _ = writeln!(
                out,
                "{file} seat {}: {} of {} agree",
                r.seat, s.agreed, s.decisions
            );
        }
    }
    let _ = writeln!(
        out,
        "{} logs, {seats} seats, reviewed by {}: {agreed} of {decisions} decisions agree ({:.1} %)",
        args.files.len(),
        args.player,
        pct(agreed, decisions)
    );
    for (kind, n, a) in total.iter().filter(|t| t.1 > 0) {
        let _ = writeln!(out, "  {kind:<8} {a:>6} of {n:>6} ({:.1} %)", pct(*a, *n));
    }
    Ok(out)
}

fn pct(a: usize, n: usize) -> f64 {
    if n == 0 {
        0.0
    } else {
        100.0 * a as f64 / n as f64
    }
}

/// One log reviewed (`seat` overrides the arguments' seat); the summary in words, or the
/// JSON when `--json -`.
fn review_one(args: &ReviewArgs, file: &str, seat: Option<u8>) -> Result<(String, Review), String> {
    let mut limits = mj_log::Limits::default();
    if let Some(m) = args.max_bytes {
        limits.max_bytes = m;
    }
    let size = std::fs::metadata(file)
        .map_err(|e| format!("{file}: {e}"))?
        .len();
    if size > limits.max_bytes {
        return Err(format!(
            "{file}: {size} bytes, above the limit of {} (raise it with --max-bytes)",
            limits.max_bytes
        ));
    }
    let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
    let rules = match &args.rules {
        Some(p) => Some(
            mj_game::GameRules::preset(p).ok_or_else(|| format!("unknown --rules preset {p:?}"))?,
        ),
        None => None,
    };
    let opts = ReviewOptions {
        seat: match (&args.name, seat.or(args.seat)) {
            (Some(n), None) => SeatChoice::Name(n.clone()),
            (_, s) => SeatChoice::Seat(s.unwrap_or(0)),
        },
        player: args.player.clone(),
        seed: args.seed,
        rounds: args.rounds.clone(),
        rules,
        limits,
    };
    let review = mj_review::review_bytes(&bytes, &opts).map_err(|e| format!("{file}: {e}"))?;
    if let Some(out) = &args.html {
        std::fs::write(out, mj_review::html::render(&review)).map_err(|e| format!("{out}: {e}"))?;
    }
    if let Some(out) = &args.json {
        let text = serde_json::to_string(&review).map_err(|e| format!("internal: {e}"))?;
        if out == "-" {
            // The JSON is the output; the summary would spoil it.
            return Ok((text + "\n", review));
        }
        std::fs::write(out, text).map_err(|e| format!("{out}: {e}"))?;
    }
    Ok((summary(file, &review), review))
}

/// The review's totals in words.
pub fn summary(file: &str, r: &Review) -> String {
    let s = &r.summary;
    let name = r
        .names
        .get(usize::from(r.seat))
        .filter(|n| !n.is_empty())
        .map_or(String::new(), |n| format!(" ({n})"));
    let mut out = format!(
        "{file}: seat {}{name}, {} rounds, reviewed by {}: {} of {} decisions agree ({:.1} %)\n",
        r.seat,
        r.rounds.len(),
        r.player,
        s.agreed,
        s.decisions,
        pct(s.agreed, s.decisions)
    );
    for k in s.by_kind.iter().filter(|k| k.decisions > 0) {
        let _ = writeln!(
            out,
            "  {:<8} {:>4} of {:>4} ({:.1} %)",
            k.kind,
            k.agreed,
            k.decisions,
            pct(k.agreed, k.decisions)
        );
    }
    if !s.errors.is_empty() {
        let list: Vec<String> = s.errors.iter().map(|(e, n)| format!("{e} {n}")).collect();
        let _ = writeln!(out, "  errors: {}", list.join(", "));
    }
    out
}
