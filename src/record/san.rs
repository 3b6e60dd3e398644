//! One move in standard or lenient algebraic notation, on the grid of up to 12x12:
//! `e4`, `Nbd2`, `exd5`, `ed5`, `e:d5`, `ed`, `e2-e4`, `Ng1xf3`, `e8=Q`, `O-O`, `Rb10xb12`.

use nom::branch::alt;
use nom::character::complete::{char, one_of};
use nom::combinator::opt;
use nom::sequence::{delimited, preceded};
use nom::Parser;

use super::ast::{Destination, PieceLetter, SanToken};
use super::iccf;
use super::languages::{figurine, from_figurine, TWO_LETTER_KING};
use super::lex::{at_token_end, first_byte, no_match, skip, TResult};
use super::turn::mark_word;
use crate::geometry::Square;
use crate::rules::{Color, Role};

// file = "a" | "b" | ... | "l" | "а" | "с" | "е" ;   (* the last three Cyrillic *)
/// A file letter of the 12x12 grid, 0-based. Lower case only: `b` is always a file.
/// The Cyrillic letters that look like `a`, `c` and `e` are read as those files: records
/// typed with a Russian keyboard write them so (`Кс3`, `е4`).
pub(crate) fn file(input: &str) -> TResult<'_, u8> {
    match first_byte(input) {
        Some(letter @ b'a'..=b'l') => Ok((skip(input, 1), letter - b'a')),
        Some(0xd0 | 0xd1) => match input.chars().next() {
            Some('а') => Ok((skip(input, 'а'.len_utf8()), 0)),
            Some('с') => Ok((skip(input, 'с'.len_utf8()), 2)),
            Some('е') => Ok((skip(input, 'е'.len_utf8()), 4)),
            _ => no_match(input),
        },
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

// piece_letter = upper_case_letter - "O" | cyrillic_capital | "Кр" | figurine ;
/// The letter that names the moving unit (`P` for a pawn named explicitly): any upper-case
/// Latin letter but `O` (which starts castling) or Cyrillic capital, so that every
/// language's letters are read, or a figurine of either colour. `Кр`, the king of
/// Russian and Ukrainian records, is read as the king's figurine
/// ([`TWO_LETTER_KING`]). Which unit a letter means is decided later, by the record's
/// language (`record::languages`).
pub(crate) fn piece_letter(input: &str) -> TResult<'_, PieceLetter> {
    match input.chars().next() {
        Some(letter) if letter.is_ascii_uppercase() && letter != 'O' => Ok((skip(input, 1), letter)),
        Some(_) if input.starts_with(TWO_LETTER_KING) => {
            Ok((skip(input, TWO_LETTER_KING.len()), figurine(Role::King, Color::White)))
        }
        Some(letter @ '\u{0400}'..='\u{042F}') => Ok((skip(input, letter.len_utf8()), letter)),
        Some(glyph) if from_figurine(glyph).is_some() => Ok((skip(input, glyph.len_utf8()), glyph)),
        _ => no_match(input),
    }
}

// promotion_letter = piece_letter | "q" | "r" | "b" | "n" | "k" ;
/// The unit a pawn promotes to; lower case is read as upper case (`e8=q`).
fn promotion_letter(input: &str) -> TResult<'_, PieceLetter> {
    match first_byte(input) {
        Some(letter @ (b'q' | b'r' | b'b' | b'n' | b'k')) => Ok((skip(input, 1), letter.to_ascii_uppercase() as char)),
        _ => piece_letter(input),
    }
}

// promotion = ( "=" | "/" ) , promotion_letter | "(" , promotion_letter , ")" | piece_letter ;
/// `=Q`, `/Q`, `(Q)` or a bare `Q` after the destination.
fn promotion(input: &str) -> TResult<'_, PieceLetter> {
    alt((preceded(one_of("=/"), promotion_letter), delimited(char('('), promotion_letter, char(')')), piece_letter))
        .parse(input)
}

// uci_promotion = "q" | "r" | "b" | "n" | "k" ;   (* only after a source and a destination square *)
/// The lower-case promotion letter of UCI and long algebraic (`d7d8q`), read only after a
/// move written from square to square, where no file can follow.
fn uci_promotion(input: &str) -> TResult<'_, PieceLetter> {
    match first_byte(input) {
        Some(b'q' | b'r' | b'b' | b'n' | b'k') if at_token_end(skip(input, 1)) || is_suffix(skip(input, 1)) => {
            promotion_letter(input)
        }
        _ => no_match(input),
    }
}

/// True when `text` starts with what may follow a move inside its token: a check mark,
/// a glyph, a bounce's comma or a `&`.
fn is_suffix(text: &str) -> bool {
    matches!(first_byte(text), Some(b'+' | b'#' | b'!' | b'?' | b',' | b'&'))
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

/// Every character read as the hyphen of castling: the hyphen-minus, the Unicode
/// hyphens and dashes, and the minus sign (`O‑O`, `O–O`, `0—0`).
const CASTLING_HYPHENS: &[char] =
    &['-', '\u{2010}', '\u{2011}', '\u{2012}', '\u{2013}', '\u{2014}', '\u{2015}', '\u{2212}'];

/// A castling hyphen (see [`CASTLING_HYPHENS`]).
fn castling_hyphen(input: &str) -> TResult<'_, ()> {
    match input.chars().next() {
        Some(c) if CASTLING_HYPHENS.contains(&c) => Ok((skip(input, c.len_utf8()), ())),
        _ => no_match(input),
    }
}

// castle = o , hyphen , o , [ hyphen , o ]     (* o = letter_o | "0", the same all through *)
//        | letter_o , letter_o , [ letter_o ] ;   (* `OO`, `OOO` *)
// letter_o = "O" | "o" | "О" | "о" ;                (* Latin or Cyrillic *)
/// Castling, with the letter O (upper or lower case: `o` is no file; Latin, or Cyrillic
/// as a Russian keyboard types it) or the digit zero, and any hyphen or dash between;
/// or with the letter and no hyphens (`OO`, `OOO`).
pub(crate) fn castle(input: &str) -> TResult<'_, SanToken> {
    let Some(o @ ('O' | '0' | 'o' | CYRILLIC_O | CYRILLIC_SMALL_O)) = input.chars().next() else {
        return no_match(input);
    };
    if o != '0' && castling_hyphen(skip(input, o.len_utf8())).is_err() {
        let Some(rest) = input.strip_prefix(o).and_then(|rest| rest.strip_prefix(o)) else { return no_match(input) };
        return match rest.strip_prefix(o) {
            Some(after) => Ok((after, SanToken::Castle { long: true })),
            None => Ok((rest, SanToken::Castle { long: false })),
        };
    }
    let (rest, ()) = (char(o), castling_hyphen, char(o)).parse(input).map(|(rest, _)| (rest, ()))?;
    match (castling_hyphen, char(o)).parse(rest) {
        Ok((after, _)) => Ok((after, SanToken::Castle { long: true })),
        Err(_) => Ok((rest, SanToken::Castle { long: false })),
    }
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
        // A square, then the check mark in words (`Qf7ch`): the `c` is no file there.
        (Some(_), Some(to_file), Some(to_rank)) if separator.is_none() && mark_word(after).is_ok() => {
            let to = Square::new(to_file, to_rank);
            return Ok((after, Coordinates { from_file: None, from_rank: None, capture: false, to, to_file }));
        }
        _ => return no_match(input),
    };
    Ok((rest, coordinates))
}

// moving_letter = piece_letter | "n" | "q" | "r" ;
/// The letter of the moving unit, in upper case or, as hand-typed records write it, in
/// lower case for the letters that are no file on any board (`nf3`, `qh5`, `rd1`; `b`
/// and `k` are files). The replay warns about lower case as about any other spelling.
fn moving_letter(input: &str) -> TResult<'_, PieceLetter> {
    match first_byte(input) {
        Some(letter @ (b'n' | b'q' | b'r')) => Ok((skip(input, 1), letter.to_ascii_uppercase() as char)),
        _ => piece_letter(input),
    }
}

// normal = [ moving_letter ] , coordinates , [ promotion ] ;
/// Every move but castling.
pub(crate) fn normal(start: &str) -> TResult<'_, SanToken> {
    let (input, piece) = opt(moving_letter).parse(start)?;
    let pawn = matches!(piece, None | Some('P'));
    let (input, c) = coordinates(input, pawn)?;
    let square_to_square = c.from_file.is_some() && c.from_rank.is_some() && c.to.is_some();
    let (rest, promotion) = match opt(promotion).parse(input)? {
        (rest, Some(letter)) => (rest, Some(letter)),
        (rest, None) if square_to_square => opt(uci_promotion).parse(rest)?,
        (rest, None) => (rest, None),
    };
    let mut san = SanToken::Normal {
        piece,
        from_file: c.from_file,
        from_rank: c.from_rank,
        capture: c.capture,
        to: Destination::of(c.to, c.to_file),
        promotion,
        plain: false,
    };
    san.read_plain_form(start.get(..start.len() - rest.len()).unwrap_or_default());
    Ok((rest, san))
}

// numeric = iccf_digit , iccf_digit , iccf_digit , iccf_digit , [ "1" | "2" | "3" | "4" ] ;
// iccf_digit = "1" | "2" | ... | "8" ;
/// A move in ICCF numeric notation: source and target as two digits each (`5254` is
/// e2-e4), then the promotion digit if any (`57581`: e7-e8, a queen). The promotion is
/// kept as the white figurine of the unit, which every language reads the same way.
pub(crate) fn numeric(input: &str) -> TResult<'_, SanToken> {
    let len = input.bytes().take(5).take_while(u8::is_ascii_digit).count();
    let digit = |i: usize| input.as_bytes().get(i).filter(|_| i < len).map(|&b| char::from(b));
    let square = |file: Option<char>, rank: Option<char>| iccf::square_from_digits(file?, rank?);
    let (Some(from), Some(to)) = (square(digit(0), digit(1)), square(digit(2), digit(3))) else {
        return no_match(input);
    };
    let promotion = match digit(4) {
        None => None,
        Some(digit) => match iccf::promotion_from_digit(digit) {
            Some(role) => Some(figurine(role, Color::White)),
            None => return no_match(input),
        },
    };
    let rest = skip(input, len);
    if !(at_token_end(rest) || is_suffix(rest)) {
        return no_match(input);
    }
    let san = SanToken::Normal {
        piece: None,
        from_file: Some(from.file()),
        from_rank: Some(from.rank()),
        capture: false,
        to: Destination::Square(to),
        promotion,
        plain: false,
    };
    Ok((rest, san))
}

/// True when `token` starts with a move in ICCF numeric notation.
pub(crate) fn is_numeric_move(token: &str) -> bool {
    numeric(token).is_ok()
}

/// The Cyrillic `О` and `о`, which a Russian keyboard types for the letter of castling
/// (`О-О`); as a piece letter, `О` is Bulgarian's bishop (`Оc4`), which never reads as
/// castling.
const CYRILLIC_O: char = '\u{41e}';
/// The small Cyrillic `о` ([`CYRILLIC_O`]).
const CYRILLIC_SMALL_O: char = '\u{43e}';

// san = castle | numeric | normal ;
/// One move as written, without check marks or suffixes.
pub(crate) fn san(input: &str) -> TResult<'_, SanToken> {
    match first_byte(input) {
        Some(b'O' | b'o') => castle(input),
        // The first byte of the Cyrillic `О` and `о`, and of Cyrillic piece letters.
        Some(0xd0) if input.starts_with([CYRILLIC_O, CYRILLIC_SMALL_O]) => castle(input).or_else(|_| normal(input)),
        Some(b'0') => castle(input).or_else(|_| numeric(input)),
        Some(b'1'..=b'9') => numeric(input),
        _ => normal(input),
    }
}

/// True for a move written as a pawn's (no piece letter, or `P`).
pub(crate) fn is_pawn_move(san: &SanToken) -> bool {
    matches!(san, SanToken::Normal { piece: None | Some('P'), .. })
}
