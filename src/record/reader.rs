//! Streams the games of a file one at a time, never holding more than one game.

use std::fmt;
use std::io::{self, BufRead};

use super::boundary::Splitter;
use super::encoding::{blank_line_starts, decode_windows_1252};

/// A game larger than this many bytes is skipped with [`ReadError::GameTooLarge`].
pub const MAX_GAME_BYTES: usize = 64 << 20;

/// The most bytes reserved for a game before it is read.
const RESERVED_GAME_BYTES: usize = 64 << 10;

const BOM: [u8; 3] = [0xef, 0xbb, 0xbf];

/// The text of one game, cut from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawGame {
    /// 1-based index of the game in the file.
    pub number: usize,
    /// The game's text, from the start of its first line up to the next game.
    pub text: String,
    /// 1-based line number in the file where `text` begins.
    pub first_line: usize,
    /// Byte offset of the first invalid UTF-8 sequence; the text was then decoded as
    /// Windows-1252 (a superset of ISO 8859-1).
    pub invalid_utf8: Option<usize>,
}

/// Why a game could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// The input failed; nothing more is read.
    Io(io::Error),
    /// The game is larger than the limit; it was skipped and the next game follows.
    GameTooLarge { number: usize, first_line: usize, limit: usize },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(error) => write!(f, "cannot read the input: {error}"),
            ReadError::GameTooLarge { number, first_line, limit } => {
                write!(f, "game {number} (from line {first_line}) is larger than {limit} bytes and was skipped")
            }
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Io(error) => Some(error),
            ReadError::GameTooLarge { .. } => None,
        }
    }
}

impl From<io::Error> for ReadError {
    fn from(error: io::Error) -> ReadError {
        ReadError::Io(error)
    }
}

/// The bytes of the game being read, up to a limit.
#[derive(Debug)]
struct GameBytes {
    bytes: Vec<u8>,
    limit: usize,
    /// The game outgrew the limit: its bytes are dropped until it ends.
    oversized: bool,
}

impl GameBytes {
    fn push(&mut self, chunk: &[u8]) {
        if self.oversized {
            return;
        }
        if self.bytes.len().saturating_add(chunk.len()) > self.limit {
            self.oversized = true;
            self.bytes = Vec::new();
            return;
        }
        self.bytes.extend_from_slice(chunk);
    }
}

/// An iterator over the games of a PGN-like file, read line by line from `R`.
///
/// Each item is one game's text, or an error: [`ReadError::Io`] ends the iteration,
/// [`ReadError::GameTooLarge`] does not. How games are told apart is described in
/// `notation/grammar.md` ("Cutting a file into games").
#[derive(Debug)]
pub struct GameReader<R: BufRead> {
    reader: R,
    splitter: Splitter,
    game: GameBytes,
    /// Games (or oversized games) handed out so far.
    number: usize,
    /// First line of the game being read.
    first_line: usize,
    bom_checked: bool,
    finished: bool,
}

impl<R: BufRead> GameReader<R> {
    /// A reader that skips games larger than [`MAX_GAME_BYTES`].
    pub fn new(reader: R) -> GameReader<R> {
        GameReader::with_limit(reader, MAX_GAME_BYTES)
    }

    /// A reader that skips games larger than `limit` bytes.
    pub fn with_limit(reader: R, limit: usize) -> GameReader<R> {
        GameReader {
            reader,
            splitter: Splitter::new(),
            game: GameBytes { bytes: Vec::new(), limit, oversized: false },
            number: 0,
            first_line: 1,
            bom_checked: false,
            finished: false,
        }
    }

    /// The same reader, with the scanner looking at movetext byte by byte (no runs):
    /// what tests compare the runs with.
    #[cfg(test)]
    pub(crate) fn byte_by_byte(mut self) -> GameReader<R> {
        self.splitter.byte_by_byte();
        self
    }

    /// Skips a byte order mark at the start of the input. Bytes that only begin like
    /// one are kept as text.
    fn skip_bom(&mut self) -> io::Result<()> {
        let mut matched = 0;
        while let Some(&expected) = BOM.get(matched) {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if buffer.first() != Some(&expected) {
                break;
            }
            self.reader.consume(1);
            matched += 1;
        }
        if matched < BOM.len() {
            let partial = BOM.get(..matched).unwrap_or(&[]);
            let (used, _) = self.splitter.scan(partial);
            self.game.push(partial.get(..used).unwrap_or(partial));
        }
        Ok(())
    }

    /// Hands out the game read so far (if it holds anything) and starts the next one,
    /// which begins with the bytes of the current line from `carry_from` on.
    fn end_game(&mut self, carry_from: usize) -> Option<Result<RawGame, ReadError>> {
        let split_at = self.splitter.split_at();
        let carried = if self.game.oversized || carry_from > self.game.bytes.len() {
            Vec::new()
        } else if let Some(at) = split_at.filter(|&at| (carry_from..=self.game.bytes.len()).contains(&at)) {
            // A token after the result, already taken, starts the next game: the line's
            // bytes before it stay with this game, and the next one sees spaces there.
            let mut carried = vec![b' '; at - carry_from];
            carried.extend_from_slice(self.game.bytes.get(at..).unwrap_or_default());
            self.game.bytes.truncate(at);
            carried
        } else if self.splitter.starts_mid_line() {
            // The line's start stays with this game; the next one sees spaces there.
            vec![b' '; self.game.bytes.len() - carry_from]
        } else {
            self.game.bytes.split_off(carry_from)
        };
        // The next game is likely about as long as this one: room for it at once spares
        // the copies of growing a buffer from nothing.
        let mut carried = carried;
        carried.reserve(self.game.bytes.len().min(RESERVED_GAME_BYTES));
        let mut bytes = std::mem::replace(&mut self.game.bytes, carried);
        let oversized = std::mem::replace(&mut self.game.oversized, false);
        let first_line = std::mem::replace(&mut self.first_line, self.splitter.line());
        let has_content = self.splitter.has_content();
        self.splitter.begin_game(self.game.bytes.len());
        if !has_content {
            return None;
        }
        self.number += 1;
        if oversized {
            let limit = self.game.limit;
            return Some(Err(ReadError::GameTooLarge { number: self.number, first_line, limit }));
        }
        blank_line_starts(&mut bytes);
        let (text, invalid_utf8) = match String::from_utf8(bytes) {
            Ok(text) => (text, None),
            Err(error) => {
                let at = error.utf8_error().valid_up_to();
                (decode_windows_1252(error.as_bytes()), Some(at))
            }
        };
        Some(Ok(RawGame { number: self.number, text, first_line, invalid_utf8 }))
    }

    fn fail(&mut self, error: io::Error) -> Option<Result<RawGame, ReadError>> {
        self.finished = true;
        self.game.bytes = Vec::new();
        Some(Err(ReadError::Io(error)))
    }
}

impl<R: BufRead> Iterator for GameReader<R> {
    type Item = Result<RawGame, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        if !self.bom_checked {
            self.bom_checked = true;
            if let Err(error) = self.skip_bom() {
                return self.fail(error);
            }
        }
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return self.fail(error),
            };
            if chunk.is_empty() {
                if self.splitter.end_of_input().is_some() {
                    // A token after the result that is no word of text ended the input:
                    // it is the last game, handed out at the next call.
                    let carry_from = self.splitter.line_start();
                    if let Some(item) = self.end_game(carry_from) {
                        return Some(item);
                    }
                    continue;
                }
                self.finished = true;
                let end = self.game.bytes.len();
                return self.end_game(end);
            }
            let (used, boundary) = self.splitter.scan(chunk);
            self.game.push(chunk.get(..used).unwrap_or(chunk));
            self.reader.consume(used);
            if boundary {
                let carry_from = self.splitter.line_start();
                if let Some(item) = self.end_game(carry_from) {
                    return Some(item);
                }
            }
        }
    }
}
