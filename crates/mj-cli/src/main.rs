//! `mj`: mahjong hand analysis by hand (`mj parse`) and over JSON Lines (`mj batch`).

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Mahjong hands: show one, or answer JSON Lines requests (PROTOCOL.md).
#[derive(Debug, Parser)]
#[command(name = "mj", version)]
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
    /// Answer one JSON request per line of standard input, one JSON answer per line.
    Batch,
}

/// The exit code of an invalid hand (as for other usage errors).
const INVALID_INPUT: u8 = 2;

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
        Command::Parse { hand } => {
            let text = hand.join(" ");
            match mj_cli::parse_cmd::render(&text) {
                Ok(out) => {
                    let mut stdout = io::stdout().lock();
                    stdout.write_all(out.as_bytes())?;
                    stdout.flush()?;
                    Ok(ExitCode::SUCCESS)
                }
                Err(e) => {
                    eprintln!("mj parse: {}", e.report());
                    Ok(ExitCode::from(INVALID_INPUT))
                }
            }
        }
        Command::Batch => {
            mj_cli::run_batch(io::stdin().lock(), io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|cause| cause.downcast_ref::<io::Error>())
        .any(|io| io.kind() == io::ErrorKind::BrokenPipe)
}
