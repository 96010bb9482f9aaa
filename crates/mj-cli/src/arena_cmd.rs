//! `mj arena`: seeded matches between named players ([`mj_bot::arena`]), the statistics per
//! name as text, the report as JSON (`--json`) and a PNG chart (`--chart`).
//!
//! `--bot NAME=COMMAND` seats an outside mjai bot under NAME ([`crate::outside_bot`]): one
//! process per seat and match, launched as `COMMAND PLAYER_ID` and spoken to in mjai.app's
//! protocol; its replaced reactions and restarts are counted in both reports and its errors
//! logged on stderr. Outside bots play four-player riichi only (mjai's game).
//!
//! The chart is drawn with `plotters`' bitmap backend. Its text needs a TrueType font, read at
//! run time from `MJ_CHART_FONT` or the usual system places (DejaVu Sans, Liberation Sans,
//! Arial); without one the chart is drawn without text (bars, axes and the legend's colours
//! only), so nothing at build time depends on system fonts.

use std::fmt::Write as _;
use std::io::IsTerminal as _;
use std::time::{Duration, Instant};

use mj_bot::arena::{ArenaConfig, Report, Seated, run_seated, summarize};
use mj_game::{Flow, GameRules, Length};

use crate::outside_bot::OutsideBot;

/// `mj arena`'s choices (its command line).
#[derive(Debug, Clone, clap::Args)]
pub struct ArenaArgs {
    /// Matches to play (with --duplicate, each wall is played once per seat).
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// The run's seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// One player per seat, comma-separated: random, tsumogiri, efficiency, value,
    /// value_untuned, defense, imitation, search (`search:20` thinks 20 ms a decision; three names
    /// with three-player rules).
    #[arg(long, value_delimiter = ',', required = true)]
    pub players: Vec<String>,
    /// Rules preset: tenhou, mahjong_soul, sanma (three players), sanma_mahjong_soul,
    /// sichuan (血战到底), sichuan_hongzhong (红中血战), hongzhong (红中麻将), mcr (国标),
    /// mcr_botzone (国标 on Botzone's own walls).
    #[arg(long, default_value = "tenhou")]
    pub rules: String,
    /// Match length: one (round), east, hanchan.
    #[arg(long, default_value = "hanchan")]
    pub length: String,
    /// Duplicate play: every wall with the line-up rotated through all seats.
    #[arg(long)]
    pub duplicate: bool,
    /// Write the report as JSON to this file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<String>,
    /// Draw the rank distribution and the rates as a PNG to this file.
    #[arg(long, value_name = "FILE.png")]
    pub chart: Option<String>,
    /// Seat an outside mjai bot under NAME (then usable in --players): launched as
    /// `COMMAND PLAYER_ID` (through sh) per seat and match, spoken to in mjai.app's
    /// protocol. Repeatable. Four-player riichi only. docs/bots-and-arena.md.
    #[arg(long = "bot", value_name = "NAME=COMMAND")]
    pub bots: Vec<String>,
    /// Seconds an outside bot may take per reaction (at least 10 s for start_game and a
    /// round's first question); a late, invalid or missing reaction is replaced by the
    /// default action and counted as an error.
    #[arg(long, default_value_t = 2.0, value_name = "SECONDS")]
    pub bot_timeout: f64,
}

impl ArenaArgs {
    /// The arguments with no outside bot and the default timeout (2 s).
    pub fn new(players: Vec<String>, rules: &str, length: &str, games: u64, seed: u64) -> Self {
        ArenaArgs {
            games,
            seed,
            players,
            rules: rules.into(),
            length: length.into(),
            duplicate: false,
            json: None,
            chart: None,
            bots: Vec::new(),
            bot_timeout: 2.0,
        }
    }
}

/// The outside bots of `--bot NAME=COMMAND`, checked: a name each, unique, not one of ours.
///
/// # Errors
/// A malformed or repeated `--bot`.
pub fn outside_bots(args: &ArenaArgs) -> Result<Vec<(String, String)>, ArenaCmdError> {
    let mut out: Vec<(String, String)> = Vec::new();
    for b in &args.bots {
        let Some((name, command)) = b.split_once('=') else {
            return Err(ArenaCmdError::Usage(format!(
                "--bot {b:?}: expected NAME=COMMAND"
            )));
        };
        let (name, command) = (name.trim(), command.trim());
        if name.is_empty() || command.is_empty() || name.contains(',') {
            return Err(ArenaCmdError::Usage(format!(
                "--bot {b:?}: expected NAME=COMMAND (a name without commas, a command)"
            )));
        }
        if mj_bot::registry::entry(name).is_some() {
            return Err(ArenaCmdError::Usage(format!(
                "--bot {name}: the name of one of our players; choose another"
            )));
        }
        if out.iter().any(|(n, _)| n == name) {
            return Err(ArenaCmdError::Usage(format!("--bot {name}: given twice")));
        }
        out.push((name.to_owned(), command.to_owned()));
    }
    Ok(out)
}

/// Why `mj arena` failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArenaCmdError {
    /// Bad arguments (exit code 2).
    #[error("{0}")]
    Usage(String),
    /// A file could not be written (exit code 1).
    #[error("{0}")]
    Io(String),
}

/// The configuration `args` describe.
///
/// # Errors
/// An unknown preset or length, no games.
pub fn config(args: &ArenaArgs) -> Result<ArenaConfig, ArenaCmdError> {
    let rules = GameRules::preset(&args.rules).ok_or_else(|| {
        ArenaCmdError::Usage(format!(
            "--rules: unknown preset `{}` ({})",
            args.rules,
            GameRules::PRESETS.join(", ")
        ))
    })?;
    let length = Length::from_name(&args.length).ok_or_else(|| {
        ArenaCmdError::Usage(format!(
            "--length: unknown `{}` (one, east, hanchan)",
            args.length
        ))
    })?;
    if args.games == 0 {
        return Err(ArenaCmdError::Usage("--games: at least 1".into()));
    }
    let bots = outside_bots(args)?;
    for p in &args.players {
        if mj_bot::registry::entry(p).is_none() && !bots.iter().any(|(n, _)| n == p) {
            let mut known: Vec<&str> = mj_bot::NAMES.to_vec();
            known.extend(bots.iter().map(|(n, _)| n.as_str()));
            return Err(ArenaCmdError::Usage(format!(
                "--players: unknown player `{p}` (known: {}; an outside bot is named by --bot NAME=COMMAND)",
                known.join(", ")
            )));
        }
    }
    let seated = args
        .players
        .iter()
        .any(|p| bots.iter().any(|(n, _)| n == p));
    if seated && (rules.players != 4 || rules.flow != Flow::Riichi) {
        return Err(ArenaCmdError::Usage(format!(
            "--bot: outside mjai bots play four-player riichi only (tenhou, mahjong_soul), not `{}`",
            args.rules
        )));
    }
    if !(args.bot_timeout.is_finite() && args.bot_timeout > 0.0 && args.bot_timeout <= 3600.0) {
        return Err(ArenaCmdError::Usage(format!(
            "--bot-timeout {}: seconds, above 0 and at most 3600",
            args.bot_timeout
        )));
    }
    Ok(ArenaConfig {
        rules,
        length,
        games: args.games,
        seed: args.seed,
        players: args.players.clone(),
        duplicate: args.duplicate,
    })
}

/// Plays the run (progress on stderr when it is a terminal), writes the JSON and the chart
/// when asked, and returns the text report.
///
/// # Errors
/// Bad arguments, or a file that cannot be written.
pub fn arena(args: &ArenaArgs) -> Result<String, ArenaCmdError> {
    let config = config(args)?;
    let bots = outside_bots(args)?;
    let timeout = Duration::from_secs_f64(args.bot_timeout);
    let bar = std::io::stderr().is_terminal();
    let start = Instant::now();
    let mut last = 0.0f64;
    let seats = config.players.len().max(1) as u64;
    let mut made = 0u64;
    let make = |place: usize, _seat, seed| {
        let game = made / seats;
        made += 1;
        let name = &config.players[place];
        match bots.iter().find(|(n, _)| n == name) {
            Some((n, command)) => {
                Seated::Events(Box::new(OutsideBot::new(n, command, timeout, game)))
            }
            // One of ours (`config` checked the names).
            None => Seated::Bot(match mj_bot::registry::make(name, seed) {
                Ok(b) => b,
                Err(_) => Box::new(mj_game::TsumogiriBot),
            }),
        }
    };
    let records = run_seated(&config, make, |done, total| {
        if !bar {
            return;
        }
        let t = start.elapsed().as_secs_f64();
        if done == total || t - last >= 0.2 {
            last = t;
            let width = 30;
            let filled = (done * width / total.max(1)) as usize;
            eprint!(
                "\r[{}{}] {done}/{total} games, {:.1} games/s ",
                "#".repeat(filled),
                ".".repeat(width as usize - filled),
                done as f64 / t.max(1e-9)
            );
            if done == total {
                eprintln!();
            }
        }
    })
    .map_err(|e| ArenaCmdError::Usage(format!("--players: {e}")))?;
    let report = summarize(&config.players, &records, start.elapsed().as_secs_f64());
    if let Some(path) = &args.json {
        let text = serde_json::to_string_pretty(&report)
            .map_err(|e| ArenaCmdError::Io(format!("--json {path}: {e}")))?;
        std::fs::write(path, text + "\n")
            .map_err(|e| ArenaCmdError::Io(format!("--json {path}: {e}")))?;
    }
    if let Some(path) = &args.chart {
        chart(&report, path).map_err(|e| ArenaCmdError::Io(format!("--chart {path}: {e}")))?;
    }
    Ok(text(&report, args))
}

/// The text report: one block per name.
pub fn text(r: &Report, args: &ArenaArgs) -> String {
    let mut out = String::new();
    let outside = outside_bots(args).unwrap_or_default();
    let _ = writeln!(
        out,
        "{} games ({}, {}, seed {}{}) in {:.2} s: {:.1} games/s",
        r.games,
        args.rules,
        args.length,
        args.seed,
        if args.duplicate { ", duplicate" } else { "" },
        r.seconds,
        r.games_per_second
    );
    // The Chinese flows: the points are the stakes won and lost (no uma, no oka), in Sichuan
    // several seats win a round, and there is no riichi.
    let sichuan = GameRules::preset(&args.rules).is_some_and(|g| g.is_chinese());
    if sichuan {
        let _ = writeln!(
            out,
            "{}: points are stakes won and lost; win and deal-in rates per round (in Sichuan several seats win a round)",
            args.rules
        );
    }
    for p in &r.players {
        let _ = writeln!(
            out,
            "{:<11} games {:>6}  avg rank {:.3} [{:.3}, {:.3}]  ranks {:?}  avg points {:+.1}",
            p.name,
            p.games,
            p.avg_rank,
            p.avg_rank_ci95[0],
            p.avg_rank_ci95[1],
            p.ranks,
            p.avg_points
        );
        let _ = writeln!(
            out,
            "{:<11} win {:.1}%  deal-in {:.1}%  {}call {:.1}%  avg win {:.0}  avg deal-in {:.0}  {:.2} us/decision{}",
            "",
            100.0 * p.win_rate,
            100.0 * p.deal_in_rate,
            if sichuan {
                String::new()
            } else {
                format!("riichi {:.1}%  ", 100.0 * p.riichi_rate)
            },
            100.0 * p.call_rate,
            p.avg_win_value,
            p.avg_deal_in_value,
            p.us_per_decision,
            if p.illegal > 0 {
                format!("  ILLEGAL ACTIONS: {}", p.illegal)
            } else {
                String::new()
            }
        );
        if args.players.contains(&p.name) && outside.iter().any(|(n, _)| *n == p.name) {
            let _ = writeln!(
                out,
                "{:<11} outside bot: {} errors (reactions replaced by the default action, logged on stderr), {} restarts",
                "", p.errors, p.restarts
            );
        }
    }
    if let Some(c) = &r.comparison {
        let _ = writeln!(
            out,
            "{} vs {}: rank advantage {:+.3} [{:+.3}, {:+.3}] over {} walls",
            c.name,
            c.against,
            c.rank_advantage,
            c.rank_advantage_ci95[0],
            c.rank_advantage_ci95[1],
            c.walls
        );
    }
    out
}

/// A TrueType font for the chart's text, loaded once (see the module docs); `false` when none
/// was found.
pub(crate) fn font() -> bool {
    static FONT: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *FONT.get_or_init(|| {
        let mut places: Vec<String> = std::env::var("MJ_CHART_FONT").into_iter().collect();
        places.extend(
            [
                "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                "/usr/share/fonts/dejavu/DejaVuSans.ttf",
                "/usr/share/fonts/TTF/DejaVuSans.ttf",
                "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
                "/Library/Fonts/Arial.ttf",
                "/System/Library/Fonts/Supplemental/Arial.ttf",
                "C:\\Windows\\Fonts\\arial.ttf",
            ]
            .map(String::from),
        );
        for p in places {
            // A font file is a few hundred KiB; refuse anything unreasonably large.
            let Ok(meta) = std::fs::metadata(&p) else {
                continue;
            };
            if meta.len() > 32 << 20 {
                continue;
            }
            if let Ok(bytes) = std::fs::read(&p) {
                let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
                if plotters::style::register_font(
                    "sans-serif",
                    plotters::style::FontStyle::Normal,
                    bytes,
                )
                .is_ok()
                {
                    return true;
                }
            }
        }
        false
    })
}

/// Draws the rank distribution (share of games at each rank) and the rates (win, deal-in,
/// riichi, call per round) side by side, one colour per name, into a PNG at `path`.
///
/// # Errors
/// The file cannot be written.
pub fn chart(r: &Report, path: &str) -> Result<(), String> {
    use plotters::prelude::*;
    let with_text = font();
    let err = |e: &dyn core::fmt::Display| e.to_string();
    let root = BitMapBackend::new(path, (1200, 520)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let (top, body) = root.split_vertically(50);
    if with_text {
        top.draw(&Text::new(
            format!(
                "mj arena: {} games, {}",
                r.games,
                r.players
                    .iter()
                    .map(|p| p.name.as_str())
                    .collect::<Vec<_>>()
                    .join(" / ")
            ),
            (20, 15),
            ("sans-serif", 22).into_font(),
        ))
        .map_err(|e| err(&e))?;
    }
    let colours = [
        RGBColor(31, 119, 180),
        RGBColor(255, 127, 14),
        RGBColor(44, 160, 44),
        RGBColor(214, 39, 40),
        RGBColor(148, 103, 189),
    ];
    let colour = |i: usize| colours[i % colours.len()];
    // Legend: a swatch per name.
    for (i, p) in r.players.iter().enumerate() {
        let x = 760 + 90 * i as i32;
        top.draw(&Rectangle::new([(x, 18), (x + 14, 32)], colour(i).filled()))
            .map_err(|e| err(&e))?;
        if with_text {
            top.draw(&Text::new(
                p.name.clone(),
                (x + 18, 17),
                ("sans-serif", 15).into_font(),
            ))
            .map_err(|e| err(&e))?;
        }
    }
    let (left, right) = body.split_horizontally(600);
    let k = r.players.len().max(1) as f64;
    let seats = r.players.first().map_or(4, |p| p.ranks.len()).max(1);
    // Left: rank distribution.
    {
        let mut b = ChartBuilder::on(&left);
        b.margin(15);
        if with_text {
            b.caption("rank distribution (share of games)", ("sans-serif", 18))
                .x_label_area_size(30)
                .y_label_area_size(45);
        }
        let mut c = b
            .build_cartesian_2d(0.5f64..seats as f64 + 0.5, 0f64..1f64)
            .map_err(|e| err(&e))?;
        if with_text {
            c.configure_mesh()
                .x_labels(seats)
                .x_label_formatter(&|x| format!("{:.0}", x))
                .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
                .disable_x_mesh()
                .draw()
                .map_err(|e| err(&e))?;
        }
        for (i, p) in r.players.iter().enumerate() {
            let games = p.games.max(1) as f64;
            c.draw_series(p.ranks.iter().enumerate().map(|(rank, &n)| {
                let x0 = rank as f64 + 1.0 - 0.4 + 0.8 * i as f64 / k;
                let x1 = x0 + 0.8 / k;
                Rectangle::new([(x0, 0.0), (x1, n as f64 / games)], colour(i).filled())
            }))
            .map_err(|e| err(&e))?;
        }
    }
    // Right: the rates.
    {
        let rates = |p: &mj_bot::arena::PlayerSummary| {
            [p.win_rate, p.deal_in_rate, p.riichi_rate, p.call_rate]
        };
        let top_rate = r
            .players
            .iter()
            .flat_map(rates)
            .fold(0.05f64, f64::max)
            .min(1.0)
            * 1.15;
        let mut b = ChartBuilder::on(&right);
        b.margin(15);
        if with_text {
            b.caption(
                "per round: win / deal-in / riichi / call",
                ("sans-serif", 18),
            )
            .x_label_area_size(30)
            .y_label_area_size(45);
        }
        let mut c = b
            .build_cartesian_2d(0.5f64..4.5f64, 0f64..top_rate)
            .map_err(|e| err(&e))?;
        if with_text {
            let names = ["win", "deal-in", "riichi", "call"];
            c.configure_mesh()
                .x_labels(4)
                .x_label_formatter(&|x| {
                    let i = x.round() as usize;
                    names.get(i.wrapping_sub(1)).unwrap_or(&"").to_string()
                })
                .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
                .disable_x_mesh()
                .draw()
                .map_err(|e| err(&e))?;
        }
        for (i, p) in r.players.iter().enumerate() {
            c.draw_series(rates(p).into_iter().enumerate().map(|(j, v)| {
                let x0 = j as f64 + 1.0 - 0.4 + 0.8 * i as f64 / k;
                Rectangle::new([(x0, 0.0), (x0 + 0.8 / k, v)], colour(i).filled())
            }))
            .map_err(|e| err(&e))?;
        }
    }
    root.present().map_err(|e| err(&e))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(players: &[&str], rules: &str) -> ArenaArgs {
        ArenaArgs::new(
            players.iter().map(|s| s.to_string()).collect(),
            rules,
            "one",
            3,
            1,
        )
    }

    #[test]
    fn bad_arguments_are_usage_errors() {
        let a = ArenaArgs {
            rules: "nope".into(),
            ..args(&["random"; 4], "tenhou")
        };
        assert!(matches!(arena(&a), Err(ArenaCmdError::Usage(_))));
        let a = args(&["random"; 4], "sanma");
        assert!(matches!(arena(&a), Err(ArenaCmdError::Usage(m)) if m.contains("3 seats")));
        let a = args(&["random", "who", "random", "random"], "tenhou");
        assert!(matches!(arena(&a), Err(ArenaCmdError::Usage(m)) if m.contains("who")));
    }

    #[test]
    fn outside_bots_are_checked_before_anything_starts() {
        let with = |players: &[&str], rules: &str, bots: &[&str]| ArenaArgs {
            bots: bots.iter().map(|s| s.to_string()).collect(),
            ..args(players, rules)
        };
        let usage = |a: &ArenaArgs, part: &str| {
            let r = arena(a);
            assert!(
                matches!(&r, Err(ArenaCmdError::Usage(m)) if m.contains(part)),
                "{part}: {r:?}"
            );
        };
        let four = ["ext", "random", "random", "random"];
        usage(&with(&four, "tenhou", &["ext"]), "NAME=COMMAND");
        usage(&with(&four, "tenhou", &["ext="]), "NAME=COMMAND");
        usage(&with(&four, "tenhou", &["ext=a", "ext=b"]), "twice");
        usage(
            &with(&four, "tenhou", &["random=cat"]),
            "one of our players",
        );
        usage(&with(&four, "tenhou", &[]), "--bot NAME=COMMAND");
        usage(&with(&four, "sichuan", &["ext=cat"]), "four-player riichi");
        usage(
            &with(&["ext", "random", "random"], "sanma", &["ext=cat"]),
            "four-player riichi",
        );
        let a = ArenaArgs {
            bot_timeout: 0.0,
            ..with(&four, "tenhou", &["ext=cat"])
        };
        usage(&a, "--bot-timeout");
        // A --bot nobody sits as does not restrict the rules.
        let a = with(&["random", "random", "random"], "sanma", &["ext=cat"]);
        assert!(arena(&a).is_ok());
    }

    #[test]
    fn writes_json_and_chart() {
        let dir = std::env::temp_dir().join(format!("mj-arena-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temp dir");
        let json = dir.join("r.json").to_string_lossy().into_owned();
        let png = dir.join("r.png").to_string_lossy().into_owned();
        let a = ArenaArgs {
            json: Some(json.clone()),
            chart: Some(png.clone()),
            ..args(&["efficiency", "random", "random"], "sanma")
        };
        let out = arena(&a).expect("a run");
        assert!(out.starts_with("3 games (sanma, one, seed 1)"), "{out}");
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).expect("json")).expect("JSON");
        assert_eq!(v["games"], 3);
        assert!(v["seconds"].is_number());
        let p = &v["players"][0];
        assert_eq!(p["name"], "efficiency");
        for key in [
            "avg_rank",
            "avg_points",
            "win_rate",
            "deal_in_rate",
            "riichi_rate",
            "call_rate",
        ] {
            assert!(p[key].is_number(), "{key}");
        }
        assert_eq!(p["avg_rank_ci95"].as_array().map(Vec::len), Some(2));
        assert_eq!(p["ranks"].as_array().map(Vec::len), Some(3));
        let bytes = std::fs::read(&png).expect("png");
        assert!(bytes.starts_with(b"\x89PNG"), "a PNG file");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn sichuan_runs_with_its_own_statistics() {
        let a = ArenaArgs {
            games: 4,
            duplicate: true,
            ..args(&["efficiency", "random", "random", "random"], "sichuan")
        };
        let out = arena(&a).expect("a Sichuan run");
        assert!(
            out.starts_with("4 games (sichuan, one, seed 1, duplicate)"),
            "{out}"
        );
        assert!(out.contains("stakes won and lost"), "{out}");
        assert!(!out.contains("riichi"), "{out}");
        assert!(!out.contains("ILLEGAL"), "{out}");
        let config = config(&a).expect("a config");
        let records = mj_bot::arena::run(&config, |_, _| {}).expect("a run");
        let r = summarize(&config.players, &records, 1.0);
        // Sichuan is zero-sum: every seat's points over the run add up to nothing.
        let total: f64 = r
            .players
            .iter()
            .map(|p| p.avg_points * p.games as f64)
            .sum();
        assert!(total.abs() < 1e-6, "{total}");
        assert_eq!(r.players.iter().map(|p| p.games).sum::<u64>(), 16);
    }
}
