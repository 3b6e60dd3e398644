//! The entry point of the grammar: the text of one game to its syntax tree.

use nom::Input as _;

use super::ast::Game;
use super::error::{ParseError, Problem, SyntaxError};
use super::lex::{text_len, Input, TResult};
use super::movetext::{element, fast_elements};
use super::remarks::Remarks;
use super::tags::tag_section;
use super::tree::LineStack;

/// Reads the text of one game (as [`super::RawGame::text`] holds it) into its syntax tree.
///
/// Spans in the tree and in the error are byte offsets into `text`. A leading byte order
/// mark is skipped.
pub fn parse_game(text: &str) -> Result<Game, ParseError> {
    match read_game(text) {
        (game, None) => Ok(game),
        (_, Some(error)) => Err(error),
    }
}

/// Reads as much of a game as its syntax allows: the game up to the first syntax error,
/// and that error. The turns before the error are all there, so that they can still be
/// replayed and judged; variations still open at the error keep what was read of them.
pub fn read_game(text: &str) -> (Game, Option<ParseError>) {
    read_game_by(text, Path::Fast)
}

/// Which readers the movetext goes through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Path {
    /// The byte-level fast path first, the grammar's rules for the rest.
    Fast,
    /// The grammar's rules alone: what the fast path is tested against.
    #[cfg(test)]
    Grammar,
}

/// [`read_game`] through the readers `path` names.
pub(crate) fn read_game_by(text: &str, path: Path) -> (Game, Option<ParseError>) {
    let mut input = Input::new(text);
    if text.starts_with('\u{feff}') {
        input = input.take_from('\u{feff}'.len_utf8());
    }
    let mut remarks = Remarks::default();
    let (input, tags, comments) = match tag_section(input, &mut remarks, path == Path::Fast) {
        Ok((input, (tags, comments))) => (input, tags, comments),
        Err(error) => {
            let game = Game { remarks, ..Game::default() };
            return (game, Some(into_parse_error(&error, text)));
        }
    };
    let mut lines = LineStack::new(comments, expected_plies(&input), text_len(&input));
    let error = movetext(input.fragment(), text_len(&input), &mut lines, path)
        .err()
        .map(|error| into_parse_error(&error, text));
    let mut game = Game { tags, remarks, ..Game::default() };
    let unclosed = lines.finish(&mut game);
    let error = error.or_else(|| unclosed.map(|error| error.into_parse_error(text)));
    (game, error)
}

fn into_parse_error(error: &nom::Err<SyntaxError>, text: &str) -> ParseError {
    match *error {
        nom::Err::Error(error) | nom::Err::Failure(error) => error.into_parse_error(text),
        nom::Err::Incomplete(_) => {
            SyntaxError::at("", Problem::Message("the game ends too early")).into_parse_error(text)
        }
    }
}

/// The most plies reserved in the main line before any is read.
const MAX_RESERVED_PLIES: usize = 256;

/// One ply per 4 bytes of movetext (`1. e4 e5 ` takes 4.5 a ply), never more than a few
/// hundred up front: a plain game never grows its main line (with one ply per 8 bytes,
/// most games of a corpus grew it once, some 900 instructions each).
fn expected_plies(input: &Input) -> usize {
    (input.fragment().len() / 4).min(MAX_RESERVED_PLIES)
}

// game = tag_section , movetext ;
// movetext = { element } ;   (* the last element finds only space, or nothing *)
/// The tokens of `text`, a suffix of a game's text of `text_len` bytes, up to its end,
/// built into `lines`; stops at the first error.
fn movetext<'a>(text: &'a str, text_len: usize, lines: &mut LineStack, path: Path) -> TResult<'a, ()> {
    let mut text = text;
    loop {
        if path == Path::Fast {
            text = fast_elements(text, text_len, lines).map_err(nom::Err::Failure)?;
        }
        let (rest, more) = element(text, text_len, lines, path == Path::Fast)?;
        text = rest;
        if !more {
            return Ok((text, ()));
        }
    }
}
