//! What every rule shares: the input type, offsets and spans, white space, escape lines,
//! comments, and the characters that end a token.

use nom::bytes::complete::{take_till, take_while};
use nom::character::complete::char;
use nom::{IResult, Input as _, Parser};
use nom_locate::LocatedSpan;

use super::ast::{Span, Spanned};
use super::error::{Problem, SyntaxError};

/// The text still to read, with its byte offset in the game's text.
pub(crate) type Input<'a> = LocatedSpan<&'a str>;

/// What every rule returns.
pub(crate) type PResult<'a, O> = IResult<Input<'a>, O, SyntaxError>;

/// Byte offset of `input` in the game's text.
pub(crate) fn offset(input: &Input) -> usize {
    input.location_offset()
}

/// The span from `start` up to where `rest` begins.
pub(crate) fn span_between(start: &Input, rest: &Input) -> Span {
    Span::new(offset(start), offset(rest))
}

/// A value with the span from `start` to `rest`.
pub(crate) fn spanned<T>(value: T, start: &Input, rest: &Input) -> Spanned<T> {
    Spanned { value, span: span_between(start, rest) }
}

/// The first byte still to read.
pub(crate) fn peek_byte(input: &Input) -> Option<u8> {
    input.fragment().as_bytes().first().copied()
}

/// Bytes that end a token: ASCII white space and `{ ; ( ) $`.
pub(crate) fn is_delimiter(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | b'{' | b';' | b'(' | b')' | b'$')
}

/// True at the end of the text or before a delimiter: a token may end here.
pub(crate) fn at_token_end(input: &Input) -> bool {
    peek_byte(input).map_or(true, is_delimiter)
}

/// Length in bytes of the token that starts `text`, as it is quoted in messages: at least
/// one character, up to the next delimiter (a leading bomb sign `(****)` included).
pub(crate) fn token_len(text: &str) -> usize {
    let head = if text.starts_with("(****)") { 6 } else { text.chars().next().map_or(0, char::len_utf8) };
    let tail = text.get(head..).unwrap_or("");
    head + tail.bytes().position(is_delimiter).unwrap_or(tail.len())
}

// space = { white | newline | escape_line } ;
// escape_line = "%" , { any character but newline } ;   (only in the first column)
/// White space between tokens, with `%` escape lines, which are skipped whole.
pub(crate) fn space(input: Input) -> PResult<()> {
    let bytes = input.fragment().as_bytes();
    // The text of a game starts at the beginning of a line, and no token ends with a
    // newline, so a line starts here only at offset 0 or right after a newline skipped here.
    let mut at_line_start = offset(&input) == 0;
    let mut i = 0;
    while let Some(&byte) = bytes.get(i) {
        match byte {
            b'\n' => {
                at_line_start = true;
                i += 1;
            }
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                at_line_start = false;
                i += 1;
            }
            b'%' if at_line_start => {
                let line = bytes.get(i..).unwrap_or(&[]);
                i += line.iter().position(|&b| b == b'\n').unwrap_or(line.len());
                at_line_start = false;
            }
            _ => break,
        }
    }
    let (rest, _) = input.take_split(i);
    Ok((rest, ()))
}

// blank = { " " | "\t" | "\r" | "\n" } ;
/// White space inside a turn token: around `&`, around a bounce's comma, before `e.p.`.
pub(crate) fn blank(input: Input) -> PResult<()> {
    let (rest, _) = take_while(|c: char| matches!(c, ' ' | '\t' | '\r' | '\n')).parse(input)?;
    Ok((rest, ()))
}

/// The first byte after the white space that [`blank`] would skip, without reading it.
pub(crate) fn peek_after_blank(input: &Input) -> Option<u8> {
    input.fragment().bytes().find(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
}

// inline_space = { " " | "\t" } ;
/// White space that stays on one line: inside a tag pair, between a number and its dots.
pub(crate) fn inline_space(input: Input) -> PResult<()> {
    let (rest, _) = take_while(|c: char| c == ' ' || c == '\t').parse(input)?;
    Ok((rest, ()))
}

// brace_comment = "{" , { any character but "}" } , "}" ;
/// A `{...}` comment, over as many lines as it takes; its text is trimmed.
pub(crate) fn brace_comment(input: Input) -> PResult<Spanned<String>> {
    let start = input;
    let (input, _) = char('{').parse(input)?;
    let Some(len) = input.fragment().bytes().position(|b| b == b'}') else {
        let at = offset(&start);
        return SyntaxError::new(Span::new(at, at + 1), Problem::Message("unclosed comment, opened here")).fail();
    };
    let body = input.fragment().get(..len).unwrap_or("");
    let rest = input.take_from(len + 1);
    Ok((rest, spanned(body.trim().to_owned(), &start, &rest)))
}

// line_comment = ";" , { any character but newline } ;
/// A `;` comment up to the end of its line (the newline is left for [`space`]).
pub(crate) fn line_comment(input: Input) -> PResult<Spanned<String>> {
    let start = input;
    let (input, _) = char(';').parse(input)?;
    let (rest, body) = take_till(|c| c == '\n').parse(input)?;
    let mut span = span_between(&start, &rest);
    if body.fragment().ends_with('\r') {
        span.end -= 1;
    }
    Ok((rest, Spanned { value: body.fragment().trim().to_owned(), span }))
}

// comment = brace_comment | line_comment ;
/// Either kind of comment.
pub(crate) fn comment(input: Input) -> PResult<Spanned<String>> {
    match peek_byte(&input) {
        Some(b';') => line_comment(input),
        _ => brace_comment(input),
    }
}
