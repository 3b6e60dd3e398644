//! Builds the main line and its variations from movetext tokens, with an explicit stack
//! instead of recursion, so that no nesting can overflow the call stack.

use super::ast::{GameResult, Line, MoveNumber, Ply, Span, Spanned};
use super::error::{Problem, SyntaxError};
use super::movetext::Element;

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
pub(crate) struct LineStack {
    open: Vec<OpenLine>,
    result: Option<Spanned<GameResult>>,
    /// Length of the game's text, to place errors (see [`SyntaxError`]).
    text_len: usize,
}

impl LineStack {
    /// A main line that starts with the comments written before the movetext, in a
    /// text of `text_len` bytes. `expected_plies` reserves room in the main line.
    pub fn new(comments: Vec<Spanned<String>>, expected_plies: usize, text_len: usize) -> LineStack {
        let mut main = OpenLine::new(Span::default());
        main.line.comments = comments;
        main.line.plies.reserve(expected_plies);
        LineStack { open: vec![main], result: None, text_len }
    }

    fn error(&self, span: Span, message: &'static str) -> SyntaxError {
        SyntaxError::spanning(span, self.text_len, Problem::Message(message))
    }

    /// Takes the next token of movetext.
    pub fn push(&mut self, element: Element) -> Result<(), SyntaxError> {
        let element = match element {
            Element::Comment(comment) => {
                self.attach_comment(comment);
                return Ok(());
            }
            // After the result only comments may follow.
            element if self.result.is_some() => {
                return Err(self.error(span_of(&element), "the movetext goes on after the result of the game"));
            }
            Element::Close(span) => return self.close(span),
            element => element,
        };
        let depth = self.open.len().saturating_sub(1);
        let text_len = self.text_len;
        let Some(current) = self.open.last_mut() else {
            return Ok(());
        };
        let error = |span, message| SyntaxError::spanning(span, text_len, Problem::Message(message));
        match element {
            Element::Number(number) => current.number = Some(number),
            Element::Turn((turn, nags)) => current.line.plies.push(Ply {
                number: current.number.take(),
                turn,
                nags,
                comments: Vec::new(),
                variations: Vec::new(),
            }),
            Element::Nag(nag) => match current.line.plies.last_mut() {
                Some(ply) => ply.nags.push(nag),
                None => return Err(error(nag.span, "a NAG must follow a move")),
            },
            Element::Open(span) => {
                if current.line.plies.is_empty() {
                    return Err(error(span, "a variation must follow the move it replaces"));
                }
                if depth >= MAX_VARIATION_DEPTH {
                    return Err(error(span, "variations are nested more than 200 deep"));
                }
                self.open.push(OpenLine::new(span));
            }
            // A result inside a variation says nothing about the game: it is ignored.
            Element::Result(result) if depth == 0 => self.result = Some(result),
            Element::Result(_) | Element::Comment(_) | Element::Close(_) => {}
        }
        Ok(())
    }

    /// A comment belongs to the last ply of the current line, or to the line itself.
    fn attach_comment(&mut self, comment: Spanned<String>) {
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

    /// `)`: the current variation joins the ply it replaces.
    fn close(&mut self, span: Span) -> Result<(), SyntaxError> {
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

    /// The main line and the result, once the movetext has ended.
    pub fn finish(mut self) -> Result<(Line, Option<Spanned<GameResult>>), SyntaxError> {
        if self.open.len() > 1 {
            let opened = self.open.last().map_or(Span::default(), |open| open.opened);
            return Err(self.error(opened, "unclosed variation, opened here"));
        }
        let main = self.open.pop().map(|open| open.line).unwrap_or_default();
        Ok((main, self.result))
    }
}

/// Where an element was written.
fn span_of(element: &Element) -> Span {
    match element {
        Element::Number(number) => number.span,
        Element::Turn((turn, _)) => turn.span,
        Element::Nag(nag) => nag.span,
        Element::Comment(comment) => comment.span,
        Element::Open(span) | Element::Close(span) => *span,
        Element::Result(result) => result.span,
    }
}
