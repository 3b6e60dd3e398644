//! Tests of the record module: the grammar rule by rule, spans, errors, the streaming
//! reader, and the corpus of real games.

mod corpus;
mod errors;
mod fast_path;
mod forms;
mod movetext;
mod reader;
mod size;
mod spans;
mod turns;

use super::ast::{CheckMark, Destination, Game, LineView, MoveNumber, SanToken, Spanned, TurnPart};
use super::parse_game;
use crate::geometry::Square;

/// A parsed game with its lines copied into owned values, so that tests may index them.
struct Parsed {
    game: Game,
    line: Line,
}

impl std::ops::Deref for Parsed {
    type Target = Game;
    fn deref(&self) -> &Game {
        &self.game
    }
}

/// A line as owned values.
#[derive(Debug)]
struct Line {
    comments: Vec<Spanned<String>>,
    plies: Vec<Ply>,
}

/// A ply as owned values: what [`super::ast::PlyView`] gives.
#[derive(Debug)]
struct Ply {
    number: Option<Spanned<MoveNumber>>,
    turn: Spanned<Turn>,
    nags: Vec<Spanned<u8>>,
    comments: Vec<Spanned<String>>,
    variations: Vec<Line>,
}

/// A turn as owned values: its parts and its check mark.
#[derive(Debug)]
struct Turn {
    parts: Vec<Spanned<TurnPart>>,
    check: Option<CheckMark>,
}

fn owned_comments(text: &str, comments: &[super::ast::Comment]) -> Vec<Spanned<String>> {
    comments.iter().map(|c| Spanned { value: c.text(text).to_owned(), span: c.span }).collect()
}

fn owned(text: &str, line: LineView) -> Line {
    let plies = line
        .plies()
        .map(|ply| Ply {
            number: ply.number().cloned(),
            turn: Spanned { value: Turn { parts: ply.turn().parts().to_vec(), check: ply.check() }, span: ply.span() },
            nags: ply.nags().to_vec(),
            comments: owned_comments(text, ply.comments()),
            variations: ply.variations().map(|variation| owned(text, variation)).collect(),
        })
        .collect();
    Line { comments: owned_comments(text, line.comments()), plies }
}

/// Parses a game that must be valid.
fn parse(text: &str) -> Parsed {
    match parse_game(text) {
        Ok(game) => Parsed { line: owned(text, game.line()), game },
        Err(error) => panic!("{text:?} did not parse: {} at {:?}", error.message, error.span),
    }
}

/// The plies of the main line of a valid game.
fn plies(text: &str) -> Vec<Ply> {
    parse(text).line.plies
}

/// The one turn of a text holding a single turn.
fn turn(text: &str) -> Turn {
    let mut plies = plies(text);
    assert_eq!(plies.len(), 1, "{text:?} should hold one turn");
    plies.remove(0).turn.value
}

/// The one move of a text holding a single turn of one part, without a bounce.
fn san(text: &str) -> SanToken {
    let turn = turn(text);
    assert_eq!(turn.parts.len(), 1, "{text:?} should hold one part");
    match &turn.parts[0].value {
        // Whether it is in plain form is pinned in `fast_path`; the fields are compared here.
        TurnPart::Move { san, bounce: None } => {
            let mut san = san.clone();
            san.forget_plain_form();
            san
        }
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
        to: Destination::of(to.map(sq), to_file as u8 - b'a'),
        promotion,
        plain: false,
    }
}

/// The message of the error a text must give, and the text its span covers.
fn error(text: &str) -> (String, String) {
    match parse_game(text) {
        Ok(game) => panic!("{text:?} should not parse, got {game:?}"),
        Err(error) => {
            (error.message, text.get(error.span.start()..error.span.end()).unwrap_or("<bad span>").to_owned())
        }
    }
}
