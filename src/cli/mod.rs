//! The command line: clap arguments, one file per command, and the one place where
//! outcomes become exit codes (0 valid, 1 a rule broken, 2 unreadable input or a
//! bad command line).

mod args;
mod bless;
mod check;
mod diagram;
mod export;
mod fen;
mod input;
mod load;
mod moves;
mod output;
mod perft;
mod progress;
mod replay;
mod report;
mod turns;
mod validate;
mod variants;

use clap::Parser;
use std::process::ExitCode;

pub use args::Cli;
pub use export::{export_game, export_game_as};
pub use input::Loaded;
pub use load::load;

/// How a command ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// Everything valid.
    Valid = 0,
    /// A record broke a rule.
    Invalid = 1,
    /// Input could not be read or parsed, or the command line was wrong.
    Unreadable = 2,
}

/// Why a command stopped early.
#[derive(Debug)]
pub enum CliError {
    /// A message printed once to standard error; exit code 2.
    Message(String),
    /// Standard output was closed (a pipe whose reader left): the command ends
    /// quietly with exit code 0, as `head` and its kin expect.
    OutputClosed,
}

impl From<String> for CliError {
    fn from(message: String) -> CliError {
        CliError::Message(message)
    }
}

impl From<crate::rules::Undecided> for CliError {
    fn from(undecided: crate::rules::Undecided) -> CliError {
        CliError::Message(undecided.to_string())
    }
}

impl From<serde_json::Error> for CliError {
    fn from(error: serde_json::Error) -> CliError {
        CliError::Message(format!("cannot write JSON: {error}"))
    }
}

/// Parses the command line, runs the command and returns its exit code.
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { Verdict::Unreadable as u8 } else { 0 });
        }
    };
    if let Some(jobs) = cli.jobs {
        // Fails only when a pool already exists, which nothing builds before this line.
        let _ = rayon::ThreadPoolBuilder::new().num_threads(jobs.get()).build_global();
    }
    let mut out = output::Output::stdout();
    let ran = args::dispatch(cli, &mut out).and_then(|verdict| out.flush().map(|()| verdict));
    match ran {
        Ok(verdict) => ExitCode::from(verdict as u8),
        Err(CliError::OutputClosed) => ExitCode::SUCCESS,
        Err(CliError::Message(message)) => {
            output::to_stderr(&format!("error: {}\n", crate::text::escape_controls(&message)));
            ExitCode::from(Verdict::Unreadable as u8)
        }
    }
}
