//! Reading records: opening files or standard input, streaming games one batch at
//! a time, and parsing and replaying each game (in parallel over a batch).

use super::CliError;
use crate::diagnostics::{GameSource, Problem, Severity};
use crate::record::ast::{Game, Span};
use crate::record::{parse_game, GameReader, RawGame, ReadError};
use crate::replay::{self, Replay, ReplayOptions};
use rayon::prelude::*;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

/// Games handed to the worker threads at once; bounds memory while keeping cores busy.
const BATCH: usize = 256;

/// Opens a record file, or standard input for `-`.
pub fn open(path: &Path) -> Result<(String, Box<dyn BufRead + Send>), CliError> {
    if path.as_os_str() == "-" {
        return Ok(("<stdin>".to_string(), Box::new(BufReader::new(std::io::stdin()))));
    }
    let file = File::open(path).map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
    Ok((path.display().to_string(), Box::new(BufReader::with_capacity(1 << 16, file))))
}

/// A game read from a file: its text, what it parsed to, and its replay.
pub struct Loaded {
    pub path: String,
    pub raw: RawGame,
    pub game: Option<Game>,
    /// The replay, or the problems that kept it from starting.
    pub replay: Result<Replay, Vec<Problem>>,
}

impl Loaded {
    pub fn source(&self) -> GameSource<'_> {
        GameSource::new(&self.path, &self.raw.text, self.raw.first_line)
    }

    pub fn problems(&self) -> &[Problem] {
        match &self.replay {
            Ok(r) => &r.problems,
            Err(problems) => problems,
        }
    }

    /// The worst problem's severity, or `None` when the game is clean.
    pub fn worst(&self) -> Option<Severity> {
        self.problems().iter().map(|p| p.severity).max()
    }

    /// Every problem rendered with its source line.
    pub fn render_problems(&self) -> String {
        let source = self.source();
        self.problems().iter().map(|p| source.render(p)).collect()
    }

    pub fn label(&self) -> String {
        match &self.game {
            Some(game) => replay::game_label(game, self.raw.number),
            None => format!("game {}", self.raw.number),
        }
    }
}

/// Parses and replays one game.
pub fn load(path: &str, raw: RawGame, options: &ReplayOptions) -> Loaded {
    let unreadable = |span: Span, message: String| Err(vec![Problem::new(Severity::Unreadable, span, message)]);
    if let Some(offset) = raw.invalid_utf8 {
        let replay = unreadable(Span::new(offset, offset), "the record is not valid UTF-8 here".to_string());
        return Loaded { path: path.to_string(), raw, game: None, replay };
    }
    let game = match parse_game(&raw.text) {
        Ok(game) => game,
        Err(e) => {
            let replay = unreadable(e.span, e.message);
            return Loaded { path: path.to_string(), raw, game: None, replay };
        }
    };
    let replay = replay::setup(&game, options)
        .map(|(variant, start)| replay::replay(&game, &raw.text, raw.number, variant, start, options));
    Loaded { path: path.to_string(), raw, game: Some(game), replay }
}

/// A game the reader skipped because it is larger than it may hold.
fn too_large(path: &str, number: usize, first_line: usize, limit: usize) -> Loaded {
    let raw = RawGame { number, text: String::new(), first_line, invalid_utf8: None };
    let message = format!("game {number} is larger than {} MiB and was skipped", limit >> 20);
    let replay = Err(vec![Problem::new(Severity::Unreadable, Span::default(), message)]);
    Loaded { path: path.to_string(), raw, game: None, replay }
}

/// Streams every game of every file through `work` (in parallel, a batch at a time)
/// and hands the results to `sink` in file order. A file that cannot be opened is
/// reported and skipped; the answer says whether that happened.
pub fn for_each_game<T: Send>(
    files: &[std::path::PathBuf],
    options: &ReplayOptions,
    work: impl Fn(Loaded) -> T + Sync,
    mut sink: impl FnMut(T),
) -> Result<bool, CliError> {
    let mut skipped = false;
    for file in files {
        let (name, reader) = match open(file) {
            Ok(opened) => opened,
            Err(CliError(message)) => {
                eprintln!("error: {message}");
                skipped = true;
                continue;
            }
        };
        let mut games = GameReader::new(reader);
        loop {
            let mut batch = Vec::with_capacity(BATCH);
            for raw in games.by_ref().take(BATCH) {
                batch.push(match raw {
                    Ok(raw) => Ok(raw),
                    Err(ReadError::GameTooLarge { number, first_line, limit }) => Err((number, first_line, limit)),
                    Err(e) => return Err(CliError(format!("cannot read {name}: {e}"))),
                });
            }
            if batch.is_empty() {
                break;
            }
            let results: Vec<T> = batch
                .into_par_iter()
                .map(|raw| match raw {
                    Ok(raw) => work(load(&name, raw, options)),
                    Err((number, first_line, limit)) => work(too_large(&name, number, first_line, limit)),
                })
                .collect();
            results.into_iter().for_each(&mut sink);
        }
    }
    Ok(skipped)
}

/// The one game `number` (1-based) of a file, loaded.
pub fn one_game(file: &Path, number: usize, options: &ReplayOptions) -> Result<Loaded, CliError> {
    let (name, reader) = open(file)?;
    if number == 0 {
        return Err(CliError("--game counts from 1".to_string()));
    }
    let mut count = 0;
    for raw in GameReader::new(reader) {
        let raw = raw.map_err(|e| CliError(format!("cannot read {name}: {e}")))?;
        count += 1;
        if count == number {
            return Ok(load(&name, raw, options));
        }
    }
    Err(CliError(format!("{name} holds {count} game(s); there is no game {number}")))
}
