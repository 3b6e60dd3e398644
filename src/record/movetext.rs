//! The tokens of movetext: move numbers, turns, NAGs and glyphs, comments, the
//! parentheses of variations and results, and the rule that picks one by its first character.

use nom::Input as _;

use super::ast::{GameResult, MoveNumber, Span, Spanned};
use super::error::{Problem, SyntaxError, NOT_A_MOVE};
use super::lex::{at_token_end, comment, offset, skip, space_len, text_len, Input, PResult, TResult};
use super::turn::{glyph, turn_token, TurnWithGlyphs};

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

// element = space , ( comment | "(" | ")" | nag | glyph | result | move_number | turn_token ) ;
/// Skips white space, then reads the next token of movetext (`None` at the end of the
/// text). The token's first character decides which rule reads it; digits may start a
/// result, castling with zeros, or a move number, tried in that order.
pub(crate) fn element(input: Input) -> PResult<Option<Element>> {
    let text = *input.fragment();
    let token = skip(text, space_len(text, offset(&input) == 0));
    let text_len = text_len(&input);
    // The span from the token's start to `rest`.
    let at = |rest: &str| Span::new(text_len - token.len(), text_len - rest.len());
    let Some(first) = token.chars().next() else {
        return Ok((input.take_from(text.len()), None));
    };
    let (rest, element) = match first {
        '{' | ';' => {
            let (rest, comment) = comment(token)?;
            (rest, Element::Comment(Spanned { value: comment, span: at(rest) }))
        }
        '(' if !token.starts_with("(****)") => (skip(token, 1), Element::Open(at(skip(token, 1)))),
        ')' => (skip(token, 1), Element::Close(at(skip(token, 1)))),
        '$' => {
            let (rest, nag) = nag(token)?;
            (rest, Element::Nag(Spanned { value: nag, span: at(rest) }))
        }
        '!' | '?' => {
            let (rest, nag) = glyph(token)?;
            (rest, Element::Nag(Spanned { value: nag, span: at(rest) }))
        }
        '*' | '½' | '0'..='9' if starts_result(token) => match result(token) {
            Ok((rest, result)) => (rest, Element::Result(Spanned { value: result, span: at(rest) })),
            Err(_) if !first.is_ascii_digit() => return SyntaxError::token_at(token, NOT_A_MOVE).fail(),
            Err(_) => number_or_castling(token, text_len, at)?,
        },
        '0'..='9' => number_or_castling(token, text_len, at)?,
        '[' => {
            let problem = Problem::Message("a tag pair cannot stand in the movetext");
            return SyntaxError::first_bytes(token, 1, problem).fail();
        }
        _ => {
            let (rest, turn) = turn_token(token, text_len)?;
            (rest, Element::Turn(turn))
        }
    };
    Ok((input.take_from(text.len() - rest.len()), Some(element)))
}

/// True when `token` may be a result: `*`, `½-½`, or a digit followed by `-` or `/`.
fn starts_result(token: &str) -> bool {
    token.starts_with(['*', '½']) || matches!(token.as_bytes(), [_, b'-' | b'/', ..])
}

/// A token that starts with a digit and is no result: castling with zeros, or a move number.
fn number_or_castling<'a>(token: &'a str, text_len: usize, at: impl Fn(&str) -> Span) -> TResult<'a, Element> {
    if token.starts_with("0-0") {
        let (rest, turn) = turn_token(token, text_len)?;
        return Ok((rest, Element::Turn(turn)));
    }
    let (rest, number) = move_number(token)?;
    Ok((rest, Element::Number(Spanned { value: number, span: at(rest) })))
}

// result = "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*" ;   (* followed by a delimiter or the end *)
/// A game termination marker.
pub(crate) fn result(input: &str) -> TResult<'_, GameResult> {
    const RESULTS: [(&str, GameResult); 5] = [
        ("1-0", GameResult::WhiteWins),
        ("0-1", GameResult::BlackWins),
        ("1/2-1/2", GameResult::Draw),
        ("½-½", GameResult::Draw),
        ("*", GameResult::Unknown),
    ];
    for (text, result) in RESULTS {
        if let Some(rest) = input.strip_prefix(text) {
            if at_token_end(rest) {
                return Ok((rest, result));
            }
        }
    }
    SyntaxError::at(input, Problem::Primitive).backtrack()
}

// move_number = digit , { digit } , { " " | "\t" } , dots ;
// dots = ( "." | "…" ) , { "." | "…" } ;
/// `12.` for White, `12...` (or `12…`, or any two or more dots) for Black.
pub(crate) fn move_number(input: &str) -> TResult<'_, MoveNumber> {
    let digits = input.bytes().take_while(u8::is_ascii_digit).count();
    let after_digits = skip(input, digits);
    let after_space = after_digits.trim_start_matches([' ', '\t']);
    let rest = after_space.trim_start_matches(['.', '…']);
    let dots = after_space.len() - rest.len();
    if digits == 0 {
        return SyntaxError::at(input, Problem::Primitive).backtrack();
    }
    if dots == 0 {
        if at_token_end(after_digits) {
            let problem = Problem::Message("a move number needs a dot, as in `12.` or `12...`");
            return SyntaxError::between(input, after_digits, problem).fail();
        }
        return SyntaxError::token_at(input, NOT_A_MOVE).fail();
    }
    let Ok(number) = input.get(..digits).unwrap_or("").parse::<u32>() else {
        let problem = Problem::Token("is too large for a move number");
        return SyntaxError::between(input, after_digits, problem).fail();
    };
    Ok((rest, MoveNumber { number, black: dots > 1 }))
}

// nag = "$" , digit , { digit } ;
/// A numeric annotation glyph, `$0` to `$255`.
pub(crate) fn nag(input: &str) -> TResult<'_, u8> {
    let Some(after_dollar) = input.strip_prefix('$') else {
        return SyntaxError::at(input, Problem::Primitive).backtrack();
    };
    let digits = after_dollar.bytes().take_while(u8::is_ascii_digit).count();
    let rest = skip(after_dollar, digits);
    if digits == 0 {
        return SyntaxError::token_at(input, Problem::Token("is not a NAG: `$` needs a number")).fail();
    }
    match after_dollar.get(..digits).unwrap_or("").parse::<u8>() {
        Ok(nag) => Ok((rest, nag)),
        Err(_) => SyntaxError::between(input, rest, Problem::Token("is not a NAG: NAGs run from $0 to $255")).fail(),
    }
}
