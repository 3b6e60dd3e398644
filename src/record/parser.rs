//! The entry point of the grammar: the text of one game to its syntax tree.

use nom::{Input as _, Parser};

use super::ast::{Game, GameResult, Line, Spanned};
use super::error::{ParseError, Problem, SyntaxError};
use super::lex::{text_len, Input, PResult};
use super::movetext::element;
use super::tags::tag_section;
use super::tree::LineStack;

/// Reads the text of one game (as [`super::RawGame::text`] holds it) into its syntax tree.
///
/// Spans in the tree and in the error are byte offsets into `text`. A leading byte order
/// mark is skipped.
pub fn parse_game(text: &str) -> Result<Game, ParseError> {
    let mut input = Input::new(text);
    if text.starts_with('\u{feff}') {
        input = input.take_from('\u{feff}'.len_utf8());
    }
    match game.parse(input) {
        Ok((_, game)) => Ok(game),
        Err(nom::Err::Error(error) | nom::Err::Failure(error)) => Err(error.into_parse_error(text)),
        Err(nom::Err::Incomplete(_)) => {
            Err(SyntaxError::at("", Problem::Message("the game ends too early")).into_parse_error(text))
        }
    }
}

/// The most plies reserved in the main line before any is read.
const MAX_RESERVED_PLIES: usize = 256;

// game = tag_section , movetext ;
fn game(input: Input) -> PResult<Game> {
    let (input, (tags, comments)) = tag_section(input)?;
    let (rest, (line, result)) = movetext(input, comments)?;
    Ok((rest, Game { tags, line, result }))
}

// movetext = { element } ;   (* the last element finds only space, or nothing *)
/// The tokens up to the end of the text, built into lines by [`LineStack`].
fn movetext(input: Input, comments: Vec<Spanned<String>>) -> PResult<(Line, Option<Spanned<GameResult>>)> {
    // About one ply per 8 bytes of movetext, never more than a few hundred up front.
    let expected_plies = (input.fragment().len() / 8).min(MAX_RESERVED_PLIES);
    let mut lines = LineStack::new(comments, expected_plies, text_len(&input));
    let mut input = input;
    loop {
        let (rest, more) = element(input, &mut lines)?;
        input = rest;
        if !more {
            break;
        }
    }
    let (line, result) = lines.finish().map_err(nom::Err::Failure)?;
    Ok((input, (line, result)))
}
