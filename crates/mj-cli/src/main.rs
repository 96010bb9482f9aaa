//! `mj`: mahjong hand analysis by hand (`mj parse`) and over JSON Lines (`mj batch`).

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Mahjong hands: show one, or answer JSON Lines requests (PROTOCOL.md).
#[derive(Debug, Parser)]
#[command(
    name = "mj",
    version,
    after_help = "Exit codes: 0 success; 1 an IO error, or a log `mj replay` could not match; 2 invalid input or usage; 3 an internal \
                  error (the program's own fault, never the input's). `mj batch` answers every \
                  line, errors included, and exits 0 when standard input ends.\n\
                  The protocol of `mj batch`: docs/protocol.md."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Show a hand: normalized mpsz, glyphs, Chinese names, counts. Exit code 2 if it is invalid.
    Parse {
        /// The hand in mpsz notation, e.g. `123m406p789s1122z`; several arguments are read as one
        /// hand, joined by spaces.
        #[arg(required = true, value_name = "HAND")]
        hand: Vec<String>,
    },
    /// Is this hand (3k+2 tiles) a win? Exit code 2 if the request is invalid.
    Hu(HandOpts),
    /// Which tiles complete this hand (3k+1 tiles)? Exit code 2 if the request is invalid.
    Waits(HandOpts),
    /// Every decomposition of a winning riichi hand (3k+2 tiles). Exit code 2 if invalid.
    Agari(HandOpts),
    /// The discards of a riichi hand (3k+2 tiles) that leave it ready, with their waits.
    Riichi {
        #[command(flatten)]
        hand: HandOpts,
        /// List waits on tiles the hand already holds four of (karaten).
        #[arg(long)]
        karaten: bool,
    },
    /// How far is this hand (3k+1 or 3k+2 tiles) from ready (shanten)? Exit code 2 if invalid.
    Shanten(HandOpts),
    /// Shanten, then each discard of a 3k+2 hand (best first) or the draws of a 3k+1 hand, with
    /// effective tiles and their live copies. Exit code 2 if the request is invalid.
    Analyze {
        #[command(flatten)]
        hand: HandOpts,
        /// Tiles seen elsewhere (discards, other melds, dora indicators), mpsz: they lower the
        /// live counts.
        #[arg(long)]
        visible: Option<String>,
    },
    /// Score a winning hand (including the winning tile) under riichi, sichuan or mcr rules:
    /// yaku/fan, fu and points in words. Exit code 2 if the request is invalid or no win.
    Score(ScoreOpts),
    /// Replay game logs through the engine (gzipped or not): Tenhou mjlog XML and tenhou.net/6
    /// JSON under the rules of each game's room, mjai JSON Lines (libriichi's arena, Mortal,
    /// mjai.app, `mj game`), Botzone's logs. Every logged action must be legal, and each
    /// round's result and deltas, the next deal, the final scores and the final points (uma
    /// and oka) must equal what the log states. One line per file with the checks made, and a
    /// summary; exit code 1 unless all match (a room whose rules are not modelled, or an mjai
    /// log whose rules are neither stated nor given, is refused by name and fails too).
    Replay {
        /// Log files.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
        /// Print the engine's own mjai events of each game on stdout (the report goes to
        /// stderr).
        #[arg(long)]
        mjai: bool,
        /// Rules preset for logs that do not state theirs (an mjai log without libriichi's
        /// seed): tenhou, mahjong_soul, sanma, sanma_mahjong_soul; for our own Chinese logs,
        /// the one preset to replay under.
        #[arg(long, value_name = "PRESET")]
        rules: Option<String>,
        /// Match length of logs that do not state it: one, east, hanchan (the default).
        #[arg(long)]
        length: Option<String>,
        /// Most bytes a log may expand to once gzip is undone (default 64 MiB).
        #[arg(long, value_name = "BYTES")]
        max_bytes: Option<u64>,
    },
    /// Play a seeded match between built-in players and print it as mjai events (JSON Lines).
    Game {
        /// The wall seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Rules preset: tenhou, mahjong_soul, sanma (three players), sanma_mahjong_soul,
        /// sichuan (血战到底), sichuan_hongzhong (红中血战), hongzhong (红中麻将), mcr (国标: hanchan
        /// plays 16 hands), mcr_botzone (国标 as Botzone plays it: a wall of its own per seat),
        /// libriichi (the rules of libriichi's arena: Tenhou's, where three rons do not abort).
        #[arg(long, default_value = "tenhou")]
        rules: String,
        /// Match length: one (round), east, hanchan.
        #[arg(long, default_value = "hanchan")]
        length: String,
        /// Players by seat, comma-separated (random, tsumogiri, efficiency, value,
        /// value_untuned, defense, imitation, search[:MS]); fewer than four repeat.
        #[arg(long, value_delimiter = ',', default_value = "random")]
        players: Vec<String>,
        /// A one-line summary (final scores, ranks, points) instead of the events.
        #[arg(long)]
        summary: bool,
        /// Before each decision, a line `{"legal":{"actor":S,"actions":[...]}}` among the
        /// events: the seat asked and its legal actions as text (`discard 5mr`, `pass`, ...).
        #[arg(long, conflicts_with = "summary")]
        legal: bool,
    },
    /// Play seeded matches between named players and report per name: average rank with its
    /// 95 % interval, rank distribution, points, win / deal-in / riichi / call rates, win and
    /// deal-in values, cost per decision, games/s. Exit code 2 for bad arguments, 1 when a
    /// file cannot be written.
    Arena(mj_cli::arena_cmd::ArenaArgs),
    /// Review one seat of a real game (Tenhou mjlog, tenhou.net/6, mjai; four or three
    /// players): every decision beside what one of our players advises, with shanten, ukeire,
    /// deal-in risk and error categories. A summary in words on stdout; `--json` and `--html`
    /// write the whole review. Exit code 2 for a log that cannot be reviewed (named, with the
    /// round).
    Review(mj_cli::review_cmd::ReviewArgs),
    /// Play as an mjai bot on stdin/stdout (four-player riichi): one of our players, keeping
    /// its own state from the events. Bad lines are reported on stderr and never end it; exit
    /// 0 at end of input. docs/bots-and-arena.md.
    Bot {
        /// The player: random, tsumogiri, efficiency, value, value_untuned, defense, imitation, search
        /// (`search:20` thinks 20 ms a decision).
        #[arg(long, default_value = "defense")]
        player: String,
        /// `mjai-app`: a JSON array of events per line, one answer per line (mjai.app);
        /// `events`: one event per line, an answer only when the bot acts (Mortal).
        #[arg(long, default_value = "mjai-app")]
        format: String,
        /// The player's seed (only `random` uses it).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// At end of input, print the action count and reaction times (p50, p99, max) on
        /// stderr.
        #[arg(long)]
        stats: bool,
        /// Instead of playing, write an mjai.app submission zip of --player to this file:
        /// `bot.py` and this `mj` executable (use a Linux x86_64 release build).
        #[arg(long, value_name = "OUT.zip")]
        package: Option<String>,
        /// The seat played, as mjai numbers players (0..4).
        #[arg(value_name = "PLAYER_ID", required_unless_present = "package")]
        player_id: Option<u8>,
    },
    /// Serve the web page (hand analysis, scores) and the JSON API (`POST /api`: protocol
    /// lines, answered as `mj batch` answers them) until Ctrl-C; docs/server.md.
    Serve(mj_cli::serve_cmd::ServeArgs),
    /// Answer one JSON request per line of standard input, one JSON answer per line.
    Batch {
        /// The longest line read (bytes, without its `\n`); a longer one answers
        /// `line_too_long` and is skipped unread.
        #[arg(long, value_name = "BYTES", default_value_t = mj_protocol::DEFAULT_MAX_LINE_BYTES)]
        max_line_bytes: usize,
    },
}

/// A hand and its rules on the command line.
#[derive(Debug, clap::Args)]
struct HandOpts {
    /// The concealed tiles in mpsz notation, e.g. `123m456p789s11122z`.
    hand: String,
    /// Wildcard kinds in mpsz, e.g. `7z` or `5z6z`.
    #[arg(long)]
    wild: Option<String>,
    /// Rule preset: generic, riichi, sichuan, mcr (and sanma, three-player riichi, for score).
    #[arg(long)]
    rules: Option<String>,
    /// A rule switch, `name=true|false` (just `name` means true); repeatable.
    #[arg(long = "option", value_name = "SWITCH")]
    options: Vec<String>,
    /// A declared meld, `kind:tiles` (chi, pon, minkan, ankan, kakan), e.g. `pon:555z`;
    /// repeatable.
    #[arg(long = "meld", value_name = "MELD")]
    melds: Vec<String>,
}

/// A winning situation on the command line (the `score` request's fields, PROTOCOL.md).
#[derive(Debug, clap::Args)]
struct ScoreOpts {
    #[command(flatten)]
    hand: HandOpts,
    /// The winning tile, e.g. `5p` (it is also part of HAND).
    #[arg(long)]
    win: String,
    /// Won by self-draw (otherwise by discard).
    #[arg(long)]
    tsumo: bool,
    /// A boolean field of the `score` request set to true (riichi: riichi, double_riichi,
    /// ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou, renhou; mcr: last_tile,
    /// kong, last_wall; sichuan: kong, chankan, last_wall, tenhou, chiihou); repeatable. A
    /// field the preset does not read is refused.
    #[arg(long = "flag", value_name = "FIELD")]
    flags: Vec<String>,
    /// Dora indicators (riichi), mpsz, e.g. `4z1m`.
    #[arg(long)]
    dora: Option<String>,
    /// Ura dora indicators (riichi), mpsz.
    #[arg(long)]
    ura: Option<String>,
    /// Seat wind, `1z`-`4z` (default `1z`).
    #[arg(long = "seat")]
    seat_wind: Option<String>,
    /// Round (prevalent) wind, `1z`-`4z` (default `1z`).
    #[arg(long = "round")]
    round_wind: Option<String>,
    /// Honba counters (riichi).
    #[arg(long)]
    honba: Option<u32>,
    /// Riichi sticks on the table (riichi).
    #[arg(long = "sticks")]
    riichi_sticks: Option<u32>,
    /// Flowers (mcr).
    #[arg(long)]
    flowers: Option<u32>,
    /// The suit given up (sichuan): m, p or s.
    #[arg(long)]
    lack: Option<String>,
    /// The fan cap (sichuan).
    #[arg(long)]
    cap: Option<u32>,
    /// Norths set aside as kita (sanma), 0-4.
    #[arg(long)]
    kita: Option<u32>,
}

impl From<ScoreOpts> for mj_cli::score_ops::ScoreArgs {
    fn from(o: ScoreOpts) -> Self {
        mj_cli::score_ops::ScoreArgs {
            hand: o.hand.into(),
            win: o.win,
            tsumo: o.tsumo,
            flags: o.flags,
            dora: o.dora,
            ura: o.ura,
            seat_wind: o.seat_wind,
            round_wind: o.round_wind,
            honba: o.honba,
            riichi_sticks: o.riichi_sticks,
            flowers: o.flowers,
            lack: o.lack,
            cap: o.cap,
            kita: o.kita,
        }
    }
}

impl From<HandOpts> for mj_cli::hand_cmd::HandArgs {
    fn from(o: HandOpts) -> Self {
        mj_cli::hand_cmd::HandArgs {
            hand: o.hand,
            wild: o.wild,
            rules: o.rules,
            options: o.options,
            melds: o.melds,
        }
    }
}

/// The exit code of an invalid hand (as for other usage errors).
const INVALID_INPUT: u8 = 2;

/// The exit code of an internal error (the program's own fault, such as damaged tables): never
/// caused by input. Exit codes: 0 success, 1 an IO error, 2 invalid input or usage, 3 internal.
const INTERNAL: u8 = 3;

/// The exit code of a subcommand's error message (`kind: message` for answers of the batch ops).
fn exit_code(message: &str) -> u8 {
    if message.starts_with("internal: ") {
        INTERNAL
    } else {
        INVALID_INPUT
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        // Whoever reads the output has gone (`mj parse ... | head -1`): nothing left to say.
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mj: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Parse { hand } => words(
            "parse",
            mj_cli::parse_cmd::render(&hand.join(" ")).map_err(|e| e.report()),
        ),
        Command::Hu(opts) => words("hu", mj_cli::hand_cmd::run("hu", &opts.into())),
        Command::Waits(opts) => words("waits", mj_cli::hand_cmd::run("waits", &opts.into())),
        Command::Shanten(opts) => words("shanten", mj_cli::hand_cmd::run("shanten", &opts.into())),
        Command::Analyze { hand, visible } => words(
            "analyze",
            mj_cli::hand_cmd::analyze(&hand.into(), visible.as_deref()),
        ),
        Command::Agari(opts) => words("agari", mj_cli::agari_ops::agari_text(&opts.into())),
        Command::Riichi { hand, karaten } => words(
            "riichi",
            mj_cli::agari_ops::riichi_text(&hand.into(), karaten),
        ),
        Command::Score(opts) => words("score", mj_cli::score_ops::run(&opts.into())),
        Command::Replay {
            files,
            mjai,
            rules,
            length,
            max_bytes,
        } => {
            let args = mj_cli::game_cmd::ReplayArgs {
                files,
                mjai,
                rules,
                length,
                max_bytes,
            };
            let out = match mj_cli::game_cmd::replay(&args) {
                Ok(out) => out,
                Err(e) => {
                    eprintln!("mj replay: {e}");
                    return Ok(ExitCode::from(INVALID_INPUT));
                }
            };
            if mjai {
                let mut stdout = io::stdout().lock();
                stdout.write_all(out.events.as_bytes())?;
                stdout.flush()?;
                eprint!("{}", out.report);
            } else {
                let mut stdout = io::stdout().lock();
                stdout.write_all(out.report.as_bytes())?;
                stdout.flush()?;
            }
            Ok(if out.all_match {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Command::Game {
            seed,
            rules,
            length,
            players,
            summary,
            legal,
        } => words(
            "game",
            mj_cli::game_cmd::game(&mj_cli::game_cmd::GameArgs {
                seed,
                rules,
                length,
                players,
                summary,
                legal,
            }),
        ),
        Command::Review(args) => words("review", mj_cli::review_cmd::review(&args)),
        Command::Arena(args) => match mj_cli::arena_cmd::arena(&args) {
            Ok(out) => words("arena", Ok(out)),
            Err(mj_cli::arena_cmd::ArenaCmdError::Usage(m)) => words("arena", Err(m)),
            Err(mj_cli::arena_cmd::ArenaCmdError::Io(m)) => {
                eprintln!("mj arena: {m}");
                Ok(ExitCode::FAILURE)
            }
        },
        Command::Bot {
            player,
            format,
            seed,
            stats,
            package,
            player_id,
        } => {
            if let Some(out) = package {
                return match mj_cli::mjai_app::package(&player, &out) {
                    Ok(p) => {
                        if cfg!(debug_assertions) {
                            eprintln!(
                                "mj bot: note: a debug build of mj was packaged; a release build answers faster"
                            );
                        }
                        words(
                            "bot",
                            Ok(format!(
                                "{out}: {} bytes (mj {} bytes), bot.py plays `{player}`\n",
                                p.bytes, p.executable
                            )),
                        )
                    }
                    Err(m) => words("bot", Err(m)),
                };
            }
            let Some(player_id) = player_id else {
                return words("bot", Err("PLAYER_ID is required".into()));
            };
            let format = match mj_cli::bot_cmd::Format::parse(&format) {
                Ok(f) => f,
                Err(m) => return words("bot", Err(m)),
            };
            let args = mj_cli::bot_cmd::BotArgs {
                player,
                format,
                seat: player_id,
                seed,
            };
            match mj_cli::bot_cmd::run(
                &args,
                io::stdin().lock(),
                io::stdout().lock(),
                io::stderr().lock(),
            ) {
                Ok(s) => {
                    if stats {
                        eprintln!(
                            "mj bot: {} lines, {} actions, {} errors; action time p50 {} us, p99 {} us, max {} us",
                            s.lines,
                            s.action_micros.len(),
                            s.errors,
                            s.quantile(0.5),
                            s.quantile(0.99),
                            s.quantile(1.0)
                        );
                    }
                    Ok(ExitCode::SUCCESS)
                }
                Err(mj_cli::bot_cmd::BotError::Usage(m)) => words("bot", Err(m)),
                Err(mj_cli::bot_cmd::BotError::Io(e)) => Err(e.into()),
            }
        }
        Command::Serve(args) => match mj_cli::serve_cmd::serve(&args) {
            Ok(()) => Ok(ExitCode::SUCCESS),
            Err(mj_cli::serve_cmd::ServeError::Usage(message)) => words("serve", Err(message)),
            Err(mj_cli::serve_cmd::ServeError::Io(message)) => {
                eprintln!("mj serve: {message}");
                Ok(ExitCode::FAILURE)
            }
        },
        Command::Batch { max_line_bytes } => {
            mj_protocol::run_batch_limited(
                io::stdin().lock(),
                io::stdout().lock(),
                max_line_bytes,
            )?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Prints a subcommand's text, or its error on stderr with exit code 2.
fn words(command: &str, result: Result<String, String>) -> anyhow::Result<ExitCode> {
    match result {
        Ok(out) => {
            let mut stdout = io::stdout().lock();
            stdout.write_all(out.as_bytes())?;
            stdout.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Err(message) => {
            eprintln!("mj {command}: {message}");
            Ok(ExitCode::from(exit_code(&message)))
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|cause| cause.downcast_ref::<io::Error>())
        .any(|io| io.kind() == io::ErrorKind::BrokenPipe)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_errors_have_their_own_exit_code() {
        assert_eq!(exit_code("internal: the tables are damaged"), INTERNAL);
        assert_eq!(exit_code("invalid_hand: hand: bad"), INVALID_INPUT);
        assert_eq!(exit_code("--rules is required"), INVALID_INPUT);
        assert_ne!(INTERNAL, INVALID_INPUT);
    }
}
