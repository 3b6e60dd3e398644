//! One move in standard or lenient algebraic notation, on the grid of up to 12x12:
//! `e4`, `Nbd2`, `exd5`, `ed5`, `e:d5`, `ed`, `e2-e4`, `Ng1xf3`, `e8=Q`, `O-O`, `Rb10xb12`.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{char, one_of, satisfy};
use nom::combinator::{map, map_opt, opt, value};
use nom::sequence::{delimited, preceded};
use nom::Parser;

use super::ast::{PieceLetter, SanToken};
use super::error::{Problem, SyntaxError};
use super::lex::{Input, PResult};
use crate::geometry::Square;

// file = "a" | "b" | ... | "l" ;
/// A file letter of the 12x12 grid, 0-based. Lower case only: `b` is always a file.
pub(crate) fn file(input: Input) -> PResult<u8> {
    map(satisfy(|c| c.is_ascii() && (b'a'..=b'l').contains(&(c as u8))), |c| c as u8 - b'a').parse(input)
}

// rank = "10" | "11" | "12" | "1" | "2" | ... | "9" ;
/// A rank of one or two digits, 0-based; two digits are taken when they make a rank.
pub(crate) fn rank(input: Input) -> PResult<u8> {
    alt((
        value(9, tag("10")),
        value(10, tag("11")),
        value(11, tag("12")),
        map(satisfy(|c| c.is_ascii_digit() && c != '0'), |c| c as u8 - b'1'),
    ))
    .parse(input)
}

// square = file , rank ;
/// A square such as `e4` or `k11`.
pub(crate) fn square(input: Input) -> PResult<Square> {
    map_opt((file, rank), |(file, rank)| Square::new(file, rank)).parse(input)
}

// piece_letter = "K" | "Q" | "R" | "B" | "N" | "P" ;
/// The letter that names the moving unit (`P` for a pawn named explicitly).
pub(crate) fn piece_letter(input: Input) -> PResult<PieceLetter> {
    one_of("KQRBNP").parse(input)
}

// promotion_letter = "Q" | "R" | "B" | "N" | "K" ;
fn promotion_letter(input: Input) -> PResult<PieceLetter> {
    one_of("QRBNK").parse(input)
}

// promotion = ( "=" | "/" ) , promotion_letter | "(" , promotion_letter , ")" | promotion_letter ;
/// `=Q`, `/Q`, `(Q)` or a bare `Q` after the destination.
fn promotion(input: Input) -> PResult<PieceLetter> {
    alt((
        preceded(one_of("=/"), promotion_letter),
        delimited(char('('), promotion_letter, char(')')),
        promotion_letter,
    ))
    .parse(input)
}

// capture = "x" | ":" ;
// separator = capture | "-" ;
/// `x`, `:` (a capture) or `-` (long algebraic); true for a capture.
fn separator(input: Input) -> PResult<bool> {
    map(one_of("x:-"), |c| c != '-').parse(input)
}

// castle = "O-O-O" | "O-O" | "0-0-0" | "0-0" ;
/// Castling, with the letter O or the digit zero.
pub(crate) fn castle(input: Input) -> PResult<SanToken> {
    alt((
        value(SanToken::Castle { long: true }, tag("O-O-O")),
        value(SanToken::Castle { long: false }, tag("O-O")),
        value(SanToken::Castle { long: true }, tag("0-0-0")),
        value(SanToken::Castle { long: false }, tag("0-0")),
    ))
    .parse(input)
}

/// The squares and files of a normal move, before its piece and promotion are added.
#[derive(Clone, Copy)]
struct Coordinates {
    from_file: Option<u8>,
    from_rank: Option<u8>,
    capture: bool,
    to: Option<Square>,
    to_file: u8,
}

// origin_to_target = [ file ] , [ rank ] , [ separator ] , square ;
/// Everything with a written source: `bd2` (of `Nbd2`), `1a3`, `xd5`, `xd5`, `g1-f3`,
/// `e2e4`, `b10xb12`. The source is read greedily; the destination must follow it.
fn origin_to_target(input: Input) -> PResult<Coordinates> {
    map((opt(file), opt(rank), opt(separator), square), |(from_file, from_rank, sep, to)| {
        Coordinates { from_file, from_rank, capture: sep.unwrap_or(false), to: Some(to), to_file: to.file() }
    })
    .parse(input)
}

// file_to_file = file , [ capture ] , file ;
/// The pawn capture written with files only: `ed`, `exd`, `e:d`.
fn file_to_file(input: Input) -> PResult<Coordinates> {
    map((file, opt(one_of("x:")), file), |(from_file, capture, to_file)| Coordinates {
        from_file: Some(from_file),
        from_rank: None,
        capture: capture.is_some(),
        to: None,
        to_file,
    })
    .parse(input)
}

// target = square ;
/// The destination alone: `e4`, `f3` of `Nf3`.
fn target(input: Input) -> PResult<Coordinates> {
    map(square, |to| Coordinates { from_file: None, from_rank: None, capture: false, to: Some(to), to_file: to.file() })
        .parse(input)
}

// normal = [ piece_letter ] , ( origin_to_target | file_to_file | target ) , [ promotion ] ;
/// Every move but castling. `file_to_file` is only read for pawns.
pub(crate) fn normal<'a>(input: Input<'a>) -> PResult<'a, SanToken> {
    let (input, piece) = opt(piece_letter).parse(input)?;
    let pawn = matches!(piece, None | Some('P'));
    let pawn_file_to_file = |i: Input<'a>| -> PResult<'a, Coordinates> {
        if pawn {
            file_to_file(i)
        } else {
            Err(nom::Err::Error(SyntaxError::at(&i, Problem::Primitive)))
        }
    };
    let (input, c) = alt((origin_to_target, pawn_file_to_file, target)).parse(input)?;
    let (rest, promotion) = opt(promotion).parse(input)?;
    let san = SanToken::Normal {
        piece,
        from_file: c.from_file,
        from_rank: c.from_rank,
        capture: c.capture,
        to: c.to,
        to_file: c.to_file,
        promotion,
    };
    Ok((rest, san))
}

// san = castle | normal ;
/// One move as written, without check marks or suffixes.
pub(crate) fn san(input: Input) -> PResult<SanToken> {
    alt((castle, normal)).parse(input)
}

/// True for a move written as a pawn's (no piece letter, or `P`).
pub(crate) fn is_pawn_move(san: &SanToken) -> bool {
    matches!(san, SanToken::Normal { piece: None | Some('P'), .. })
}
