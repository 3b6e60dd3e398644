//! What every rule shares: the input types, offsets and spans, white space, escape
//! lines, comments, and the characters that end a token.
//!
//! Between tokens the parser reads a [`LocatedSpan`], which knows its offset in the
//! game's text. Inside one token (a turn, a move number, a NAG, a comment) the rules read
//! the plain `&str`, and the located input is moved past the token in one cut: cutting it
//! counts the newlines it passes, which is worth doing once per token, not once per
//! character. A plain `&str` is always a suffix of the game's text, so its offset is the
//! text's length minus its own.

use nom::bytes::complete::take_while;
use nom::{IResult, Input as _, Parser};
use nom_locate::LocatedSpan;

use super::ast::{Comment, Span, Spanned};
use super::error::{Problem, SyntaxError};

/// The text still to read, with its byte offset in the game's text.
pub(crate) type Input<'a> = LocatedSpan<&'a str>;

/// What a rule over located input returns.
pub(crate) type PResult<'a, O> = IResult<Input<'a>, O, SyntaxError>;

/// What a rule inside one token returns: it reads the plain text.
pub(crate) type TResult<'a, O> = IResult<&'a str, O, SyntaxError>;

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

/// Length of the whole game's text, seen from any located input.
pub(crate) fn text_len(input: &Input) -> usize {
    offset(input) + input.fragment().len()
}

/// The first byte of `text`.
pub(crate) fn first_byte(text: &str) -> Option<u8> {
    text.as_bytes().first().copied()
}

/// `text` without its first `len` bytes (empty when `len` is not a character boundary).
pub(crate) fn skip(text: &str, len: usize) -> &str {
    text.get(len..).unwrap_or("")
}

/// The rule did not match here; the caller may try another.
pub(crate) fn no_match<T>(text: &str) -> TResult<'_, T> {
    SyntaxError::at(text, Problem::Primitive).backtrack()
}

/// Runs `rule` over the plain text of `input`, then moves `input` past what it read.
/// Returns the rule's value and the span it read.
pub(crate) fn read_token<'a, O>(
    input: Input<'a>,
    rule: impl FnOnce(&'a str) -> TResult<'a, O>,
) -> PResult<'a, Spanned<O>> {
    let text = *input.fragment();
    let (rest, value) = rule(text)?;
    let len = text.len() - rest.len();
    let start = offset(&input);
    Ok((input.take_from(len), Spanned { value, span: Span::new(start, start + len) }))
}

/// Bytes that end a token: ASCII white space and `{ ; ( ) $`.
pub(crate) fn is_delimiter(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | b'{' | b';' | b'(' | b')' | b'$')
}

/// True at the end of the text or before a delimiter: a token may end here.
pub(crate) fn at_token_end(text: &str) -> bool {
    first_byte(text).is_none_or(is_delimiter)
}

/// Length in bytes of the token that starts `text`, as it is quoted in messages: at least
/// one character, up to the next delimiter (a leading bomb sign `(****)` included).
pub(crate) fn token_len(text: &str) -> usize {
    let head = if text.starts_with("(****)") { 6 } else { text.chars().next().map_or(0, char::len_utf8) };
    let tail = skip(text, head);
    head + tail.bytes().position(is_delimiter).unwrap_or(tail.len())
}

// space = { white | newline | escape_line } ;
// escape_line = "%" , { any character but newline } ;   (* only in the first column *)
/// How many bytes of white space and `%` escape lines start `text`. A `%` starts an
/// escape line only in the first column: at the start of `text` when `at_line_start`,
/// or right after a newline.
pub(crate) fn space_len(text: &str, at_line_start: bool) -> usize {
    let bytes = text.as_bytes();
    let mut at_line_start = at_line_start;
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
    i
}

/// [`space_len`] over located input. The text of a game starts at the beginning of a
/// line, and no token ends with a newline, so a line starts here only at offset 0.
pub(crate) fn space(input: Input) -> PResult<()> {
    let len = space_len(input.fragment(), offset(&input) == 0);
    Ok((input.take_from(len), ()))
}

// blank = { " " | "\t" | "\r" | "\n" } ;
/// White space inside a turn token: after `&`, after a bounce's comma, before `e.p.`.
pub(crate) fn blank(text: &str) -> TResult<'_, ()> {
    Ok((text.trim_start_matches([' ', '\t', '\r', '\n']), ()))
}

/// The first byte after the white space that [`blank`] would skip.
pub(crate) fn peek_after_blank(text: &str) -> Option<u8> {
    text.bytes().find(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
}

// inline_space = { " " | "\t" } ;
/// White space that stays on one line: inside a tag pair, between a number and its dots.
pub(crate) fn inline_space(input: Input) -> PResult<()> {
    let (rest, _) = take_while(|c: char| c == ' ' || c == '\t').parse(input)?;
    Ok((rest, ()))
}

/// Where the text of a comment lies, trimmed: a byte range from the start of the
/// comment token.
pub(crate) type CommentBody = (usize, usize);

/// The range of `body`, a part of a comment token at `offset` bytes from its start,
/// once trimmed.
fn trimmed(offset: usize, body: &str) -> CommentBody {
    let bytes = body.as_bytes();
    let lead = bytes.iter().take_while(|&&b| is_ascii_white(b)).count();
    let trail = bytes.get(lead..).unwrap_or(&[]).iter().rev().take_while(|&&b| is_ascii_white(b)).count();
    let inner = bytes.get(lead..bytes.len() - trail).unwrap_or(&[]);
    if inner.first().is_some_and(|&b| b >= 0x80) || inner.last().is_some_and(|&b| b >= 0x80) {
        // White space beyond ASCII may stand there (a no-break space): Unicode decides.
        let start = offset + (body.len() - body.trim_start().len());
        return (start, start + body.trim().len());
    }
    (offset + lead, offset + lead + inner.len())
}

/// The ASCII characters Unicode counts as white space.
fn is_ascii_white(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

// brace_comment = "{" , { any character but "}" } , "}" ;
/// A `{...}` comment, over as many lines as it takes; its text is trimmed.
pub(crate) fn brace_comment(text: &str) -> TResult<'_, CommentBody> {
    if first_byte(text) != Some(b'{') {
        return no_match(text);
    }
    let Some(len) = memchr::memchr(b'}', text.as_bytes()) else {
        return SyntaxError::first_bytes(text, 1, Problem::Message("unclosed comment, opened here")).fail();
    };
    let body = text.get(1..len).unwrap_or("");
    Ok((skip(text, len + 1), trimmed(1, body)))
}

// line_comment = ";" , { any character but newline } ;
/// A `;` comment up to the end of its line. The line break (`\n` or `\r\n`) is left for
/// [`space`].
pub(crate) fn line_comment(text: &str) -> TResult<'_, CommentBody> {
    if first_byte(text) != Some(b';') {
        return no_match(text);
    }
    let line = to_line_end(text);
    let body = line.get(1..).unwrap_or("");
    Ok((skip(text, line.len()), trimmed(1, body)))
}

// result_note = "(" , { any character but ")" and newline } , [ ")" ] ;   (* after the result *)
/// Text in parentheses after the game's result (`1-0 (time)`, as hand-typed records
/// give the reason): up to the `)` or the end of the line. Read as a comment.
pub(crate) fn result_note(text: &str) -> TResult<'_, CommentBody> {
    if first_byte(text) != Some(b'(') {
        return no_match(text);
    }
    let inner = text.get(1..).unwrap_or("");
    let len = memchr::memchr2(b')', b'\n', inner.as_bytes()).unwrap_or(inner.len());
    let body = inner.get(..len).unwrap_or("").trim_end_matches('\r');
    let closed = inner.as_bytes().get(len) == Some(&b')');
    let taken = if closed { len + 1 } else { body.len() };
    Ok((skip(inner, taken), trimmed(1, body)))
}

// text_note = word , { any character but newline } ;   (* after the result *)
/// Words of text after the game's result (`1-0 Black resigned`) and the rest of their
/// line, as hand-typed and e-mailed records add them: read as a comment. The line
/// break is left for [`space`].
pub(crate) fn text_note(text: &str) -> TResult<'_, CommentBody> {
    let line = to_line_end(text);
    Ok((skip(text, line.len()), trimmed(0, line)))
}

/// The start of `text` up to the end of its line, without the line break (`\n` or
/// `\r\n`).
fn to_line_end(text: &str) -> &str {
    let line_len = memchr::memchr(b'\n', text.as_bytes()).unwrap_or(text.len());
    text.get(..line_len).unwrap_or("").trim_end_matches('\r')
}

// comment = brace_comment | line_comment ;
/// Either kind of comment.
pub(crate) fn comment(text: &str) -> TResult<'_, CommentBody> {
    match first_byte(text) {
        Some(b';') => line_comment(text),
        _ => brace_comment(text),
    }
}

/// A comment read at `span`, its body given from the span's start.
pub(crate) fn located_comment(span: Span, (start, end): CommentBody) -> Comment {
    Comment { span, body: Span::new(span.start() + start, span.start() + end) }
}
