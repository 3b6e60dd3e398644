//! Tests of the record module: the grammar rule by rule, spans, errors, the streaming
//! reader, and the corpus of real games.

mod corpus;
mod errors;
mod forms;
mod movetext;
mod reader;
mod spans;
mod turns;

use super::ast::{Game, Ply, SanToken, TurnPart, TurnToken};
use super::parse_game;
use crate::geometry::Square;

/// Parses a game that must be valid.
fn parse(text: &str) -> Game {
    match parse_game(text) {
        Ok(game) => game,
        Err(error) => panic!("{text:?} did not parse: {} at {:?}", error.message, error.span),
    }
}

/// The plies of the main line of a valid game.
fn plies(text: &str) -> Vec<Ply> {
    parse(text).line.plies
}

/// The one turn of a text holding a single turn.
fn turn(text: &str) -> TurnToken {
    let mut plies = plies(text);
    assert_eq!(plies.len(), 1, "{text:?} should hold one turn");
    plies.remove(0).turn.value
}

/// The one move of a text holding a single turn of one part, without a bounce.
fn san(text: &str) -> SanToken {
    let turn = turn(text);
    assert_eq!(turn.parts.len(), 1, "{text:?} should hold one part");
    match &turn.parts[0].value {
        TurnPart::Move { san, bounce: None } => san.clone(),
        other => panic!("{text:?} is not a plain move: {other:?}"),
    }
}

/// A square by name.
fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// A normal move with everything spelled out.
#[allow(clippy::too_many_arguments)]
fn normal(
    piece: Option<char>,
    from_file: Option<char>,
    from_rank: Option<u8>,
    capture: bool,
    to: Option<&str>,
    to_file: char,
    promotion: Option<char>,
) -> SanToken {
    SanToken::Normal {
        piece,
        from_file: from_file.map(|f| f as u8 - b'a'),
        from_rank: from_rank.map(|r| r - 1),
        capture,
        to: to.map(sq),
        to_file: to_file as u8 - b'a',
        promotion,
    }
}

/// The message of the error a text must give, and the text its span covers.
fn error(text: &str) -> (String, String) {
    match parse_game(text) {
        Ok(game) => panic!("{text:?} should not parse, got {game:?}"),
        Err(error) => (error.message, text.get(error.span.start..error.span.end).unwrap_or("<bad span>").to_owned()),
    }
}
