//! Parse errors: the public [`ParseError`] and the cheap error value the rules pass around.

use std::fmt;

use nom::error::{ContextError, ErrorKind};

use super::ast::Span;
use super::lex::{token_len, Input};

/// Why the text of a game is not a record: where, and what was wrong, in plain words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Byte range in the game's text.
    pub span: Span,
    /// Lower-case message, e.g. "expected a tag value in double quotes".
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

/// What went wrong. Built without allocating, because rules that backtrack create and
/// drop many of these; the message is only written out in [`SyntaxError::into_parse_error`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Problem {
    /// A nom primitive failed and no rule said what it expected.
    Primitive,
    /// "expected ..."
    Expected(&'static str),
    /// A message complete in itself.
    Message(&'static str),
    /// The spanned text, quoted, then this: "`Zz9` is not a move".
    Token(&'static str),
}

/// Message of [`Problem::Token`] for anything that should have been a move.
pub(crate) const NOT_A_MOVE: Problem = Problem::Token("is not a move");

/// The error type of every rule of the parser.
///
/// Every input a rule sees is a suffix of the game's text, so a position is kept as the
/// number of bytes from it to the end of the text. That needs no base offset, and works
/// the same for rules that read a [`LocatedSpan`](nom_locate::LocatedSpan) and rules that
/// read a plain `&str`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    /// Bytes from the start of the problem to the end of the text.
    start: usize,
    /// Bytes from the end of the problem to the end of the text (at most `start`).
    end: usize,
    pub problem: Problem,
}

impl SyntaxError {
    /// An error at the start of `rest`, covering nothing yet (widened when reported).
    pub(super) fn at(rest: &str, problem: Problem) -> SyntaxError {
        SyntaxError { start: rest.len(), end: rest.len(), problem }
    }

    /// An error about the token that starts `rest` (up to the next delimiter).
    pub(super) fn token_at(rest: &str, problem: Problem) -> SyntaxError {
        SyntaxError { start: rest.len(), end: rest.len().saturating_sub(token_len(rest)), problem }
    }

    /// An error about the text from `start` up to where `rest` begins.
    pub(super) fn between(start: &str, rest: &str, problem: Problem) -> SyntaxError {
        SyntaxError { start: start.len(), end: rest.len().min(start.len()), problem }
    }

    /// An error about the first `len` bytes of `rest`.
    pub(super) fn first_bytes(rest: &str, len: usize, problem: Problem) -> SyntaxError {
        SyntaxError { start: rest.len(), end: rest.len().saturating_sub(len), problem }
    }

    /// An error about `span` of a text of `text_len` bytes.
    pub(super) fn spanning(span: Span, text_len: usize, problem: Problem) -> SyntaxError {
        let start = text_len.saturating_sub(span.start());
        SyntaxError { start, end: text_len.saturating_sub(span.end()).min(start), problem }
    }

    /// As a nom failure: no other rule is tried after it.
    pub(super) fn fail<T>(self) -> Result<T, nom::Err<SyntaxError>> {
        Err(nom::Err::Failure(self))
    }

    /// As a nom error: the caller may try another rule.
    pub(super) fn backtrack<T>(self) -> Result<T, nom::Err<SyntaxError>> {
        Err(nom::Err::Error(self))
    }

    /// The public error, with its span and message written out against the game's text.
    pub(super) fn into_parse_error(self, text: &str) -> ParseError {
        let start = text.len().saturating_sub(self.start);
        let mut span = Span::new(start, text.len().saturating_sub(self.end).max(start));
        if span.end() == span.start() {
            // An empty span points at the next character, so that there is a caret.
            let next = text.get(span.start()..).and_then(|rest| rest.chars().next());
            span = Span::new(start, start + next.map_or(0, char::len_utf8));
        }
        let quoted = || quote(span.of(text));
        let message = match self.problem {
            Problem::Expected(what) => format!("expected {what}"),
            Problem::Message(message) => message.to_owned(),
            Problem::Token(what) => {
                // A token that is no move says what it looks like, when it looks like something.
                let hint = (self.problem == NOT_A_MOVE).then(|| super::unread_forms::hint(span.of(text))).flatten();
                match hint {
                    Some(hint) => format!("`{}` {what}: {hint}", quoted()),
                    None => format!("`{}` {what}", quoted()),
                }
            }
            Problem::Primitive if span.start() >= text.len() => "unexpected end of the game".to_owned(),
            Problem::Primitive => format!("unexpected `{}`", quoted()),
        };
        ParseError { span, message }
    }
}

pub use crate::text::quote;

impl<'a> nom::error::ParseError<&'a str> for SyntaxError {
    fn from_error_kind(input: &'a str, _kind: ErrorKind) -> Self {
        SyntaxError::at(input, Problem::Primitive)
    }

    fn append(_input: &'a str, _kind: ErrorKind, other: Self) -> Self {
        other
    }
}

impl<'a> nom::error::ParseError<Input<'a>> for SyntaxError {
    fn from_error_kind(input: Input<'a>, _kind: ErrorKind) -> Self {
        SyntaxError::at(input.fragment(), Problem::Primitive)
    }

    fn append(_input: Input<'a>, _kind: ErrorKind, other: Self) -> Self {
        other
    }
}

/// The innermost context wins: it names what was expected where its rule started, so
/// the error moves there. Errors that already say something are kept as they are.
fn with_context(rest: &str, context: &'static str, other: SyntaxError) -> SyntaxError {
    match other.problem {
        Problem::Primitive => SyntaxError::at(rest, Problem::Expected(context)),
        _ => other,
    }
}

impl<'a> ContextError<&'a str> for SyntaxError {
    fn add_context(input: &'a str, context: &'static str, other: Self) -> Self {
        with_context(input, context, other)
    }
}

impl<'a> ContextError<Input<'a>> for SyntaxError {
    fn add_context(input: Input<'a>, context: &'static str, other: Self) -> Self {
        with_context(input.fragment(), context, other)
    }
}
