//! The command line: clap arguments, one file per command, and the one place where
//! outcomes become exit codes (0 valid, 1 a rule broken, 2 unreadable input or a
//! bad command line).

mod args;
mod check;
mod diagram;
mod export;
mod fen;
mod input;
mod moves;
mod perft;
mod replay;
mod report;
mod validate;
mod variants;

use clap::Parser;
use std::process::ExitCode;

pub use args::Cli;
pub use export::export_game;
pub use input::{load, Loaded};

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

/// An error that stops a command: printed once, exit code 2.
#[derive(Debug)]
pub struct CliError(pub String);

impl<E: std::fmt::Display> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError(e.to_string())
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
    match args::dispatch(cli) {
        Ok(verdict) => ExitCode::from(verdict as u8),
        Err(CliError(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(Verdict::Unreadable as u8)
        }
    }
}
