//! The tokens of movetext: move numbers, turns, NAGs and glyphs, comments, the
//! parentheses of variations and results, and the rule that picks one by its first character.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{char, digit1};
use nom::combinator::{map, value};
use nom::{Input as _, Parser};

use super::ast::{GameResult, MoveNumber, Span, Spanned};
use super::error::{Problem, SyntaxError, NOT_A_MOVE};
use super::lex::{at_token_end, comment, inline_space, offset, span_between, spanned, token_len, Input, PResult};
use super::turn::{glyph, turn, TurnWithGlyphs};

/// One token of movetext, as [`super::tree::LineStack`] takes it.
#[derive(Debug)]
pub(crate) enum Element {
    Number(Spanned<MoveNumber>),
    Turn(TurnWithGlyphs),
    Nag(Spanned<u8>),
    Comment(Spanned<String>),
    /// `(`: a variation of the last ply begins.
    Open(Span),
    /// `)`: the variation ends.
    Close(Span),
    Result(Spanned<GameResult>),
}

// element = comment | "(" | ")" | nag | glyph | result | move_number | turn_token ;
/// The next token of movetext. The first character decides which rule reads it; digits
/// may start a result, castling with zeros, or a move number, tried in that order.
pub(crate) fn element(input: Input) -> PResult<Element> {
    let Some(first) = input.fragment().chars().next() else {
        return Err(nom::Err::Error(SyntaxError::at(&input, Problem::Primitive)));
    };
    match first {
        '{' | ';' => map(comment, Element::Comment).parse(input),
        '(' if input.fragment().starts_with("(****)") => turn_token(input),
        '(' => map(char('('), |_| Element::Open(one_byte(&input))).parse(input),
        ')' => map(char(')'), |_| Element::Close(one_byte(&input))).parse(input),
        '$' => map(nag, Element::Nag).parse(input),
        '!' | '?' => map(glyph, Element::Nag).parse(input),
        '*' | '½' => match result(input) {
            Ok((rest, result)) => Ok((rest, Element::Result(result))),
            Err(_) => SyntaxError::token_at(&input, NOT_A_MOVE).fail(),
        },
        '0'..='9' => {
            let maybe_result = matches!(input.fragment().as_bytes().get(1), Some(b'-' | b'/'));
            if let Some(Ok((rest, result))) = maybe_result.then(|| result(input)) {
                Ok((rest, Element::Result(result)))
            } else if input.fragment().starts_with("0-0") {
                turn_token(input)
            } else {
                map(move_number, Element::Number).parse(input)
            }
        }
        '[' => SyntaxError::new(one_byte(&input), Problem::Message("a tag pair cannot stand in the movetext")).fail(),
        _ => turn_token(input),
    }
}

/// The span of the one-byte token at the start of `input`.
fn one_byte(input: &Input) -> Span {
    Span::new(offset(input), offset(input) + 1)
}

// turn_token = turn ;   (* followed by a delimiter or the end *)
/// A turn that ends where a token may end; anything else is named as "not a move".
fn turn_token(input: Input) -> PResult<Element> {
    match turn(input) {
        Ok((rest, turn)) if at_token_end(&rest) => Ok((rest, Element::Turn(turn))),
        Ok((rest, _)) => {
            let end = offset(&rest) + token_len(rest.fragment());
            SyntaxError::new(Span::new(offset(&input), end), NOT_A_MOVE).fail()
        }
        Err(nom::Err::Error(_)) => SyntaxError::token_at(&input, NOT_A_MOVE).fail(),
        Err(failure) => Err(failure),
    }
}

// result = ( "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*" ) ;   (* followed by a delimiter or the end *)
/// A game termination marker.
pub(crate) fn result(input: Input) -> PResult<Spanned<GameResult>> {
    let start = input;
    let (rest, result) = alt((
        value(GameResult::WhiteWins, tag("1-0")),
        value(GameResult::BlackWins, tag("0-1")),
        value(GameResult::Draw, tag("1/2-1/2")),
        value(GameResult::Draw, tag("½-½")),
        value(GameResult::Unknown, tag("*")),
    ))
    .parse(input)?;
    if !at_token_end(&rest) {
        return Err(nom::Err::Error(SyntaxError::at(&rest, Problem::Primitive)));
    }
    Ok((rest, spanned(result, &start, &rest)))
}

// move_number = digit , { digit } , inline_space , dots ;
// dots = ( "." | "…" ) , { "." | "…" } ;
/// `12.` for White, `12...` (or `12…`, or any two or more dots) for Black.
pub(crate) fn move_number(input: Input) -> PResult<Spanned<MoveNumber>> {
    let start = input;
    let (after_digits, digits) = digit1(input)?;
    let (input, _) = inline_space(after_digits)?;
    let fragment = input.fragment();
    let dots = fragment.len() - fragment.trim_start_matches(['.', '…']).len();
    if dots == 0 {
        if at_token_end(&after_digits) {
            let problem = Problem::Message("a move number needs a dot, as in `12.` or `12...`");
            return SyntaxError::new(span_between(&start, &after_digits), problem).fail();
        }
        return SyntaxError::token_at(&start, NOT_A_MOVE).fail();
    }
    let Ok(number) = digits.fragment().parse::<u32>() else {
        let problem = Problem::Token("is too large for a move number");
        return SyntaxError::new(span_between(&start, &after_digits), problem).fail();
    };
    let black = dots > 1;
    let rest = input.take_from(dots);
    Ok((rest, spanned(MoveNumber { number, black }, &start, &rest)))
}

// nag = "$" , digit , { digit } ;
/// A numeric annotation glyph, `$0` to `$255`.
pub(crate) fn nag(input: Input) -> PResult<Spanned<u8>> {
    let start = input;
    let (input, _) = char('$').parse(input)?;
    let Ok((rest, digits)) = digit1::<_, SyntaxError>(input) else {
        return SyntaxError::token_at(&start, Problem::Token("is not a NAG: `$` needs a number")).fail();
    };
    match digits.fragment().parse::<u8>() {
        Ok(nag) => Ok((rest, spanned(nag, &start, &rest))),
        Err(_) => {
            let problem = Problem::Token("is not a NAG: NAGs run from $0 to $255");
            SyntaxError::new(span_between(&start, &rest), problem).fail()
        }
    }
}
