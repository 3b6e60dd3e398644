//! Reading records: opening files or standard input, streaming games one batch at
//! a time, and parsing and replaying each game (in parallel over a batch, through
//! [`super::load`]).

use super::load::load;
use super::output::to_stderr;
use super::CliError;
use crate::diagnostics::{GameSource, Problem, Severity};
use crate::record::ast::{Game, Span};
use crate::record::{GameReader, RawGame, ReadError};
use crate::replay::{self, Replay, ReplayOptions};
use crate::text::escape_controls;
use rayon::prelude::*;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

/// Bytes of game text handed to the worker threads at once, all threads together:
/// enough to keep every core busy, small enough that memory stays flat whatever the
/// size of the games. A game larger than this goes alone.
const BATCH_BYTES: usize = 16 << 20;

/// Games handed to the worker threads at once at most, so that many tiny games do
/// not pile up their results either.
const BATCH_GAMES: usize = 256;

/// Opens a record file, or standard input for `-`. A directory, a device or a socket
/// is refused: only regular files, pipes and standard input hold records.
pub(super) fn open(path: &Path) -> Result<(String, Box<dyn BufRead + Send>), CliError> {
    if path.as_os_str() == "-" {
        return Ok(("<stdin>".to_string(), Box::new(BufReader::new(std::io::stdin()))));
    }
    let name = path.display().to_string();
    let file = File::open(path).map_err(|e| CliError::Message(format!("cannot read {name}: {e}")))?;
    let kind = file.metadata().map_err(|e| CliError::Message(format!("cannot read {name}: {e}")))?.file_type();
    if let Some(what) = refused_kind(kind) {
        return Err(CliError::Message(format!("cannot read {name}: it is {what}, not a file of records")));
    }
    Ok((name, Box::new(BufReader::with_capacity(1 << 16, file))))
}

/// What kind of file `kind` is, when it is one records cannot be read from.
fn refused_kind(kind: std::fs::FileType) -> Option<&'static str> {
    if kind.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() || kind.is_block_device() {
            return Some("a device");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    None
}

/// A game read from a file: its text, what it parsed to, and its replay.
#[derive(Debug)]
pub struct Loaded {
    pub path: String,
    pub raw: RawGame,
    pub game: Option<Game>,
    /// The replay, or the problems that kept it from starting.
    pub replay: Result<Box<Replay>, Vec<Problem>>,
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
        let mut label = String::with_capacity(48);
        self.push_label(&mut label);
        label
    }

    /// Appends [`Loaded::label`] to `text`.
    pub fn push_label(&self, text: &mut String) {
        if let Some(game) = &self.game {
            replay::push_game_label(text, game, self.raw.number);
        } else {
            text.push_str("game ");
            text.push_str(itoa::Buffer::new().format(self.raw.number));
        }
    }
}

/// A game the reader skipped because it is larger than it may hold.
fn too_large(path: &str, number: usize, first_line: usize, limit: usize) -> Loaded {
    let raw = RawGame { number, text: String::new(), first_line, invalid_utf8: None };
    let message = format!("game {number} is larger than {} MiB and was skipped", limit >> 20);
    let replay = Err(vec![Problem::new(Severity::Unreadable, Span::default(), message)]);
    Loaded { path: path.to_string(), raw, game: None, replay }
}

/// One item the reader handed out: a game's text, or the place of a game too large
/// to hold (it still counts as a game).
type Item = Result<RawGame, (usize, usize, usize)>;

/// The next batch of a file's games, up to [`BATCH_BYTES`] of text; a read error
/// ends the file and comes after the games read before it.
fn next_batch(games: &mut impl Iterator<Item = Result<RawGame, ReadError>>) -> Batch {
    let mut batch = Vec::new();
    let mut bytes = 0;
    while bytes < BATCH_BYTES && batch.len() < BATCH_GAMES {
        match games.next() {
            None => break,
            Some(Ok(raw)) => {
                bytes += raw.text.len();
                batch.push(Ok(raw));
            }
            Some(Err(ReadError::GameTooLarge { number, first_line, limit })) => {
                batch.push(Err((number, first_line, limit)));
            }
            Some(Err(e)) => return (batch, Some(e)),
        }
    }
    (batch, None)
}

/// A batch of games and the read error that ended the file after them, if any.
type Batch = (Vec<Item>, Option<ReadError>);

/// Streams every game of every file through `work` (in parallel, a batch at a time)
/// and hands the results to `sink` in file order. While a batch is replayed, the
/// results of the batch before it go to `sink` and the next batch is read, on the
/// worker threads, so that neither waits for the other. A file that cannot be opened
/// or read to its end is reported and skipped, and the next file follows; the answer
/// says whether that happened. An error from `sink` stops everything.
pub(super) fn for_each_game<T: Send>(
    files: &[std::path::PathBuf],
    options: &ReplayOptions,
    work: impl Fn(Loaded) -> T + Sync,
    mut sink: impl FnMut(T) -> Result<(), CliError> + Send,
) -> Result<bool, CliError> {
    let mut skipped = false;
    for file in files {
        let (name, reader) = match open(file) {
            Ok(opened) => opened,
            Err(CliError::Message(message)) => {
                to_stderr(&format!("error: {}\n", escape_controls(&message)));
                skipped = true;
                continue;
            }
            Err(e) => return Err(e),
        };
        let mut games = GameReader::new(reader);
        let replay_all = |batch: Vec<Item>| -> Vec<T> {
            batch
                .into_par_iter()
                .map(|raw| match raw {
                    Ok(raw) => work(load(&name, raw, options)),
                    Err((number, first_line, limit)) => work(too_large(&name, number, first_line, limit)),
                })
                .collect()
        };
        let (mut batch, mut failure) = next_batch(&mut games);
        let mut replayed: Vec<T> = Vec::new();
        loop {
            let last = batch.is_empty() || failure.is_some();
            let (results, (written, next)) = rayon::join(
                || replay_all(std::mem::take(&mut batch)),
                || {
                    let written = std::mem::take(&mut replayed).into_iter().try_for_each(&mut sink);
                    let next = if last || written.is_err() { (Vec::new(), None) } else { next_batch(&mut games) };
                    (written, next)
                },
            );
            written?;
            replayed = results;
            if last {
                replayed.into_iter().try_for_each(&mut sink)?;
                if let Some(e) = failure {
                    to_stderr(&format!("error: cannot read {name}: {e}; the rest of it was skipped\n"));
                    skipped = true;
                }
                break;
            }
            (batch, failure) = next;
        }
    }
    Ok(skipped)
}

/// The one game `number` (1-based) of a file, loaded. Games are counted as every
/// command counts them: a game too large to hold is a game too.
pub(super) fn one_game(file: &Path, number: usize, options: &ReplayOptions) -> Result<Loaded, CliError> {
    if number == 0 {
        return Err(CliError::Message("--game counts from 1".to_string()));
    }
    let (name, reader) = open(file)?;
    let mut count = 0;
    for raw in GameReader::new(reader) {
        count += 1;
        match raw {
            Ok(raw) if count == number => return Ok(load(&name, raw, options)),
            Err(ReadError::GameTooLarge { number: n, first_line, limit }) if count == number => {
                return Ok(too_large(&name, n, first_line, limit));
            }
            Ok(_) | Err(ReadError::GameTooLarge { .. }) => {}
            Err(e) => return Err(CliError::Message(format!("cannot read {name}: {e}"))),
        }
    }
    Err(CliError::Message(format!("{name} holds {count} game(s); there is no game {number}")))
}
