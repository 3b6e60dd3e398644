//! Builds the main line and its variations from movetext tokens, with an explicit stack
//! instead of recursion, so that no nesting can overflow the call stack.

use super::ast::{GameResult, Line, MoveNumber, Ply, Span, Spanned};
use super::error::{Problem, SyntaxError};
use super::turn::TurnWithGlyphs;

/// Variations may be nested this deep; one more `(` is an error.
pub(crate) const MAX_VARIATION_DEPTH: usize = 200;

/// A line being built: the main line, or a variation still open.
struct OpenLine {
    line: Line,
    /// The `(` that opened it (empty for the main line).
    opened: Span,
    /// A move number read and not yet attached to a turn.
    number: Option<Spanned<MoveNumber>>,
}

impl OpenLine {
    fn new(opened: Span) -> OpenLine {
        OpenLine { line: Line::default(), opened, number: None }
    }
}

/// The lines open at the current point of the movetext, the main line at the bottom.
/// Each token of movetext is handed to the method named after it.
pub(crate) struct LineStack {
    /// Never empty: the main line stays at the bottom until [`LineStack::finish`].
    open: Vec<OpenLine>,
    result: Option<Spanned<GameResult>>,
    /// Length of the game's text, to place errors (see [`SyntaxError`]).
    text_len: usize,
}

/// What a token does to the lines, or why it cannot stand where it was written.
type Step = Result<(), SyntaxError>;

impl LineStack {
    /// A main line that starts with the comments written before the movetext, in a
    /// text of `text_len` bytes. `expected_plies` reserves room in the main line.
    pub(super) fn new(comments: Vec<Spanned<String>>, expected_plies: usize, text_len: usize) -> LineStack {
        let mut main = OpenLine::new(Span::default());
        main.line.comments = comments;
        main.line.plies.reserve(expected_plies);
        LineStack { open: vec![main], result: None, text_len }
    }

    fn error(&self, span: Span, message: &'static str) -> SyntaxError {
        SyntaxError::spanning(span, self.text_len, Problem::Message(message))
    }

    /// The line being written to, unless the main line has ended with its result (then
    /// only comments may follow).
    fn current(&mut self, span: Span) -> Result<&mut OpenLine, SyntaxError> {
        if self.result.is_some() {
            return Err(self.error(span, "the movetext goes on after the result of the game"));
        }
        let error = self.error(span, "no line is open");
        self.open.last_mut().ok_or(error)
    }

    /// A move number: it belongs to the next turn.
    pub(super) fn number(&mut self, number: Spanned<MoveNumber>) -> Step {
        let span = number.span;
        self.current(span)?.number = Some(number);
        Ok(())
    }

    /// Dots standing alone after a move number (`1. ... e5`, Crafty's `5. ...`): the
    /// number is Black's. Dots with no number before them say nothing and are dropped.
    pub(super) fn dots(&mut self, span: Span) -> Step {
        if let Some(number) = &mut self.current(span)?.number {
            number.value.black = true;
            number.span.end = span.end;
        }
        Ok(())
    }

    /// A turn, with the glyphs written on it: a new ply.
    pub(super) fn turn(&mut self, (turn, nags): TurnWithGlyphs) -> Step {
        let current = self.current(turn.span)?;
        let number = current.number.take();
        current.line.plies.push(Ply { number, turn, nags, comments: Vec::new(), variations: Vec::new() });
        Ok(())
    }

    /// A NAG or a glyph standing alone: it belongs to the last ply.
    pub(super) fn nag(&mut self, nag: Spanned<u8>) -> Step {
        let error = self.error(nag.span, "a NAG must follow a move");
        match self.current(nag.span)?.line.plies.last_mut() {
            Some(ply) => ply.nags.push(nag),
            None => return Err(error),
        }
        Ok(())
    }

    /// A comment belongs to the last ply of the current line, or to the line itself.
    pub(super) fn comment(&mut self, comment: Spanned<String>) {
        if let Some(current) = self.open.last_mut() {
            match current.line.plies.last_mut() {
                Some(ply) => {
                    // Most plies have at most one comment: do not reserve room for four.
                    ply.comments.reserve_exact(1);
                    ply.comments.push(comment);
                }
                None => current.line.comments.push(comment),
            }
        }
    }

    /// `(`: a variation of the last ply of the current line begins.
    pub(super) fn open(&mut self, span: Span) -> Step {
        let depth = self.open.len().saturating_sub(1);
        if self.current(span)?.line.plies.is_empty() {
            return Err(self.error(span, "a variation must follow the move it replaces"));
        }
        if depth >= MAX_VARIATION_DEPTH {
            return Err(self.error(span, "variations are nested more than 200 deep"));
        }
        self.open.push(OpenLine::new(span));
        Ok(())
    }

    /// `)`: the current variation joins the ply it replaces.
    pub(super) fn close(&mut self, span: Span) -> Step {
        self.current(span)?;
        if self.open.len() < 2 {
            return Err(self.error(span, "unbalanced `)`: no variation is open"));
        }
        if let Some(variation) = self.open.pop() {
            if let Some(ply) = self.open.last_mut().and_then(|parent| parent.line.plies.last_mut()) {
                ply.variations.push(variation.line);
            }
        }
        Ok(())
    }

    /// A result ends the main line. Inside a variation it says nothing about the game
    /// and is ignored.
    pub(super) fn result(&mut self, result: Spanned<GameResult>) -> Step {
        self.current(result.span)?;
        if self.open.len() == 1 {
            self.result = Some(result);
        }
        Ok(())
    }

    /// The main line and the result, once the movetext has ended or a syntax error has
    /// stopped it, and the error of the innermost variation left open, if any. Open
    /// variations join the plies they replace with what was read of them.
    pub(super) fn finish(mut self) -> (Line, Option<Spanned<GameResult>>, Option<SyntaxError>) {
        let unclosed = match self.open.last() {
            Some(open) if self.open.len() > 1 => Some(self.error(open.opened, "unclosed variation, opened here")),
            _ => None,
        };
        while self.open.len() > 1 {
            if let Some(variation) = self.open.pop() {
                if let Some(ply) = self.open.last_mut().and_then(|parent| parent.line.plies.last_mut()) {
                    ply.variations.push(variation.line);
                }
            }
        }
        let main = self.open.pop().map(|open| open.line).unwrap_or_default();
        (main, self.result, unclosed)
    }
}
