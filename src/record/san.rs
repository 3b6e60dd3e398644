//! One move in standard or lenient algebraic notation, on the grid of up to 12x12:
//! `e4`, `Nbd2`, `exd5`, `ed5`, `e:d5`, `ed`, `e2-e4`, `Ng1xf3`, `e8=Q`, `O-O`, `Rb10xb12`.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{char, one_of};
use nom::combinator::{opt, value};
use nom::sequence::{delimited, preceded};
use nom::Parser;

use super::ast::{PieceLetter, SanToken};
use super::lex::{first_byte, no_match, skip, TResult};
use crate::geometry::Square;

// file = "a" | "b" | ... | "l" ;
/// A file letter of the 12x12 grid, 0-based. Lower case only: `b` is always a file.
pub(crate) fn file(input: &str) -> TResult<'_, u8> {
    match first_byte(input) {
        Some(letter @ b'a'..=b'l') => Ok((skip(input, 1), letter - b'a')),
        _ => no_match(input),
    }
}

// rank = "10" | "11" | "12" | "1" | "2" | ... | "9" ;
/// A rank of one or two digits, 0-based. Two digits are taken when they make a rank
/// (`a12`); otherwise one (`a13` is `a1` followed by a stray `3`).
pub(crate) fn rank(input: &str) -> TResult<'_, u8> {
    let bytes = input.as_bytes();
    match (bytes.first(), bytes.get(1)) {
        (Some(b'1'), Some(&second @ b'0'..=b'2')) => Ok((skip(input, 2), 9 + second - b'0')),
        (Some(&digit @ b'1'..=b'9'), _) => Ok((skip(input, 1), digit - b'1')),
        _ => no_match(input),
    }
}

// square = file , rank ;
/// A square such as `e4` or `k11`.
pub(crate) fn square(input: &str) -> TResult<'_, Square> {
    let (rest, (file, rank)) = (file, rank).parse(input)?;
    match Square::new(file, rank) {
        Some(square) => Ok((rest, square)),
        None => no_match(input),
    }
}

// piece_letter = "K" | "Q" | "R" | "B" | "N" | "P" ;
/// The letter that names the moving unit (`P` for a pawn named explicitly).
pub(crate) fn piece_letter(input: &str) -> TResult<'_, PieceLetter> {
    match first_byte(input) {
        Some(letter @ (b'K' | b'Q' | b'R' | b'B' | b'N' | b'P')) => Ok((skip(input, 1), letter as char)),
        _ => no_match(input),
    }
}

// promotion_letter = "Q" | "R" | "B" | "N" | "K" ;
fn promotion_letter(input: &str) -> TResult<'_, PieceLetter> {
    one_of("QRBNK").parse(input)
}

// promotion = ( "=" | "/" ) , promotion_letter | "(" , promotion_letter , ")" | promotion_letter ;
/// `=Q`, `/Q`, `(Q)` or a bare `Q` after the destination.
fn promotion(input: &str) -> TResult<'_, PieceLetter> {
    if !matches!(first_byte(input), Some(b'=' | b'/' | b'(' | b'Q' | b'R' | b'B' | b'N' | b'K')) {
        return no_match(input);
    }
    alt((preceded(one_of("=/"), promotion_letter), delimited(char('('), promotion_letter, char(')')), promotion_letter))
        .parse(input)
}

// separator = "x" | ":" | "-" ;
/// `x` or `:` (a capture, true) or `-` (long algebraic, false).
fn separator(input: &str) -> TResult<'_, bool> {
    match first_byte(input) {
        Some(b'x' | b':') => Ok((skip(input, 1), true)),
        Some(b'-') => Ok((skip(input, 1), false)),
        _ => no_match(input),
    }
}

// castle = "O-O-O" | "O-O" | "0-0-0" | "0-0" ;
/// Castling, with the letter O or the digit zero.
pub(crate) fn castle(input: &str) -> TResult<'_, SanToken> {
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

// coordinates = [ file ] , [ rank ] , [ separator ] , [ file , [ rank ] ] ;
/// Source and destination of a normal move, read left to right without going back.
/// What was read decides the form:
/// - a second file and rank: the destination, after the source written before it
///   (`Nbd2`, `R1a3`, `exd5`, `ed5`, `e2-e4`, `e2e4`, `Ng1xf3`, `Rb10xb12`);
/// - a second file alone: a pawn's capture from file to file (`ed`, `exd`, not `e-d`);
/// - no second file: the first file and rank are the destination (`e4`, `Nf3`).
fn coordinates(input: &str, pawn: bool) -> TResult<'_, Coordinates> {
    let (after, (first_file, first_rank, separator)) = (opt(file), opt(rank), opt(separator)).parse(input)?;
    let (rest, second) = opt((file, opt(rank))).parse(after)?;
    let capture = separator.unwrap_or(false);
    let coordinates = match (second, first_file, first_rank) {
        (Some((to_file, Some(to_rank))), _, _) => {
            let to = Square::new(to_file, to_rank);
            Coordinates { from_file: first_file, from_rank: first_rank, capture, to, to_file }
        }
        (Some((to_file, None)), Some(from_file), None) if pawn && separator != Some(false) => {
            Coordinates { from_file: Some(from_file), from_rank: None, capture, to: None, to_file }
        }
        (None, Some(to_file), Some(to_rank)) if separator.is_none() => {
            let to = Square::new(to_file, to_rank);
            Coordinates { from_file: None, from_rank: None, capture: false, to, to_file }
        }
        _ => return no_match(input),
    };
    Ok((rest, coordinates))
}

// normal = [ piece_letter ] , coordinates , [ promotion ] ;
/// Every move but castling.
pub(crate) fn normal(input: &str) -> TResult<'_, SanToken> {
    let (input, piece) = opt(piece_letter).parse(input)?;
    let pawn = matches!(piece, None | Some('P'));
    let (input, c) = coordinates(input, pawn)?;
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
pub(crate) fn san(input: &str) -> TResult<'_, SanToken> {
    match first_byte(input) {
        Some(b'O' | b'0') => castle(input),
        _ => normal(input),
    }
}

/// True for a move written as a pawn's (no piece letter, or `P`).
pub(crate) fn is_pawn_move(san: &SanToken) -> bool {
    matches!(san, SanToken::Normal { piece: None | Some('P'), .. })
}
