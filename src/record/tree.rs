//! Builds the main line and its variations from movetext tokens, with an explicit stack
//! instead of recursion, so that no nesting can overflow the call stack.

use super::ast::{CheckMark, Comment, Game, GameResult, MoveNumber, Span, Spanned};
use super::error::{Problem, SyntaxError};
use super::letters::turn_is_english;
use super::lines::{Attached, Ply, Tree};
use super::remarks::Remarks;
use super::turn::WrittenTurn;

/// Variations may be nested this deep; one more `(` is an error.
pub(crate) const MAX_VARIATION_DEPTH: usize = 200;

/// A line being built: the main line, or a variation still open. Its buffers are reused
/// for the next variation once it is stored.
#[derive(Default)]
struct OpenLine {
    plies: Vec<Ply>,
    /// Comments before its first ply.
    comments: Vec<Comment>,
    /// What is attached to its last ply so far.
    attached: Attached,
    /// The `(` that opened it (empty for the main line).
    opened: Span,
    /// A move number read and not yet attached to a turn.
    number: Option<Spanned<MoveNumber>>,
}

impl OpenLine {
    /// Stores what is attached to the last ply in `tree` (which makes room for the notes
    /// of `room` plies when it stores its first).
    #[allow(clippy::inline_always, reason = "called for every ply, and most have nothing attached: one test inline")]
    #[inline(always)]
    fn settle(&mut self, tree: &mut Tree, room: usize) {
        if self.attached.is_empty() {
            return;
        }
        if let Some(last) = self.plies.last_mut() {
            tree.attach(last, &mut self.attached, room);
        }
    }
}

/// The lines open at the current point of the movetext, the main line at the bottom.
/// Each token of movetext is handed to the method named after it.
pub(crate) struct LineStack {
    /// Never empty: the main line stays at the bottom until [`LineStack::finish`].
    open: Vec<OpenLine>,
    /// Closed variations' buffers, for the next ones.
    spare: Vec<OpenLine>,
    tree: Tree,
    result: Option<Spanned<GameResult>>,
    /// Length of the game's text, to place errors (see [`SyntaxError`]).
    text_len: usize,
    /// How many plies' notes the tree makes room for at once.
    room: usize,
    /// What the reading tolerated and the game's warnings should say.
    remarks: Remarks,
    /// Whether a move number without a dot has had its remark.
    dotless_noted: bool,
}

/// What a token does to the lines, or why it cannot stand where it was written.
type Step = Result<(), SyntaxError>;

impl LineStack {
    /// A main line that starts with the comments written before the movetext, in a
    /// text of `text_len` bytes. `expected_plies` reserves room in the main line (and,
    /// once a ply has notes, for the notes of as many plies).
    pub(super) fn new(comments: Vec<Comment>, expected_plies: usize, text_len: usize) -> LineStack {
        let mut main = OpenLine { comments, plies: Tree::spare_main(), ..OpenLine::default() };
        main.plies.reserve(expected_plies);
        let tree = Tree::default();
        LineStack {
            open: vec![main],
            spare: Vec::new(),
            tree,
            result: None,
            text_len,
            room: expected_plies,
            remarks: Remarks::default(),
            dotless_noted: false,
        }
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
        let text_len = self.text_len;
        self.open.last_mut().ok_or_else(|| SyntaxError::spanning(span, text_len, Problem::Message("no line is open")))
    }

    /// A move number: it belongs to the next turn.
    pub(super) fn number(&mut self, number: Spanned<MoveNumber>) -> Step {
        let span = number.span;
        self.current(span)?.number = Some(number);
        Ok(())
    }

    /// A move number written without a dot (`written`: `12`, `12)`), with a remark the
    /// first time in the game.
    pub(super) fn dotless_number(&mut self, number: Spanned<MoveNumber>, written: &str) -> Step {
        let (span, value) = (number.span, number.value.number);
        self.number(number)?;
        if !self.dotless_noted {
            self.dotless_noted = true;
            self.remark(span, || {
                format!("move numbers are written without a dot, as `{written}`; PGN writes `{value}.`")
            });
        }
        Ok(())
    }

    /// Dots standing alone after a move number (`1. ... e5`, Crafty's `5. ...`): the
    /// number is Black's. Dots with no number before them say nothing and are dropped.
    pub(super) fn dots(&mut self, span: Span) -> Step {
        if let Some(number) = &mut self.current(span)?.number {
            number.value.black = true;
            number.span = Span::new(number.span.start(), span.end());
        }
        Ok(())
    }

    /// A turn the grammar read, with the glyphs written on it: a new ply, whose piece
    /// letters are noted ([`Tree::note_letters`]).
    pub(super) fn turn(&mut self, mut turn: WrittenTurn) -> Step {
        let english = turn_is_english(&mut turn.token);
        self.ply(Ply::new(turn.token, turn.span, turn.check))?;
        self.tree.note_letters(english);
        if let Some(current) = self.open.last_mut() {
            current.attached.nags.extend(turn.glyphs);
        }
        Ok(())
    }

    /// A new ply, whose piece letters are English (the fast path reads no others) or
    /// are noted by [`LineStack::turn`]. It takes the move number read before it.
    #[allow(clippy::inline_always, reason = "called for every ply: the ply is built where it is stored")]
    #[inline(always)]
    pub(super) fn ply(&mut self, mut ply: Ply) -> Step {
        self.current(ply.span)?;
        let Some(current) = self.open.last_mut() else { return Ok(()) };
        ply.number = current.number.take();
        current.settle(&mut self.tree, self.room);
        current.plies.push(ply);
        Ok(())
    }

    /// A NAG or a glyph standing alone: it belongs to the last ply.
    pub(super) fn nag(&mut self, nag: Spanned<u8>) -> Step {
        let in_variation = self.open.len() > 1;
        let current = self.current(nag.span)?;
        if current.plies.is_empty() {
            let message = if in_variation {
                "a NAG must follow a move, and this variation has none before it"
            } else {
                "a NAG must follow a move"
            };
            return Err(self.error(nag.span, message));
        }
        current.attached.nags.push(nag);
        Ok(())
    }

    /// A check mark written apart from its move (`Qh4 #`), or in words (`Qxf7ch`,
    /// `Qh4 mate`): the last ply's mark, when it has none and nothing was written
    /// between the two, with `message` as a remark.
    pub(super) fn detached_mark(&mut self, mark: CheckMark, span: Span, message: impl FnOnce() -> String) -> Step {
        let text_len = self.text_len;
        let error = |message| SyntaxError::spanning(span, text_len, Problem::Message(message));
        let current = self.current(span)?;
        let Some(last) = current.plies.last_mut() else {
            return Err(error("a check mark must follow a move"));
        };
        if last.check.is_some() {
            return Err(error("the move before already has its check mark"));
        }
        if !current.attached.is_empty() {
            return Err(error("a check mark must follow its move, before any annotation"));
        }
        last.check = Some(mark);
        self.remark(span, message);
        Ok(())
    }

    /// True once the main line has ended with its result.
    pub(super) fn has_ended(&self) -> bool {
        self.result.is_some()
    }

    /// FIDE's draw-offer mark `(=)`: kept as a comment of the move before it.
    pub(super) fn draw_offer(&mut self, mark: Span) {
        self.comment(Comment { span: mark, body: mark });
    }

    /// A remark on a form read at `span` that PGN writes otherwise.
    pub(super) fn remark(&mut self, span: Span, message: impl FnOnce() -> String) {
        self.remarks.push_with(span, message);
    }

    /// Text in parentheses after the result (`1-0 (time)`): a comment, with a remark.
    pub(super) fn result_note(&mut self, note: Comment) {
        let message =
            "text in parentheses after the result is read as a comment; PGN writes comments in braces, `{...}`";
        self.remarked_comment(note, || message.to_owned());
    }

    /// Text read as a comment although it is not written as one (words after the
    /// result and the rest of their line, `1-0 Black resigned`; words about how the
    /// game ended before it), or a `;` comment that holds moves: a comment, with the
    /// remark `message`, which says how it was read.
    pub(super) fn remarked_comment(&mut self, note: Comment, message: impl FnOnce() -> String) {
        self.remark(note.span, message);
        self.comment(note);
    }

    /// A comment belongs to the last ply of the current line, or to the line itself.
    pub(super) fn comment(&mut self, comment: Comment) {
        if let Some(current) = self.open.last_mut() {
            if current.plies.is_empty() {
                current.comments.push(comment);
            } else {
                current.attached.comments.push(comment);
            }
        }
    }

    /// `(`: a variation of the last ply of the current line begins.
    pub(super) fn open(&mut self, span: Span) -> Step {
        let depth = self.open.len().saturating_sub(1);
        if self.current(span)?.plies.is_empty() {
            return Err(self.error(span, "a variation must follow the move it replaces"));
        }
        if depth >= MAX_VARIATION_DEPTH {
            return Err(self.error(span, "variations are nested more than 200 deep"));
        }
        let line = OpenLine { opened: span, ..self.spare.pop().unwrap_or_default() };
        self.open.push(line);
        Ok(())
    }

    /// `)`: the current variation joins the ply it replaces.
    pub(super) fn close(&mut self, span: Span) -> Step {
        self.current(span)?;
        if self.open.len() < 2 {
            return Err(self.error(span, "unbalanced `)`: no variation is open"));
        }
        self.close_variation();
        Ok(())
    }

    /// Stores the innermost variation and attaches it to the ply it replaces.
    fn close_variation(&mut self) {
        if let Some(mut variation) = self.open.pop() {
            variation.settle(&mut self.tree, self.room);
            let id = self.tree.add_line(&mut variation.plies, &mut variation.comments);
            if let Some(parent) = self.open.last_mut() {
                parent.attached.variations.push(id);
            }
            variation.number = None;
            self.spare.push(variation);
        }
    }

    /// A result ends the main line. Inside a variation it says nothing about the game
    /// and is ignored; as the first thing in one (`(1-0)`, a result typed in
    /// parentheses), with a remark, for the game then has no result of its own.
    pub(super) fn result(&mut self, result: Spanned<GameResult>) -> Step {
        let current = self.current(result.span)?;
        let alone = current.plies.is_empty() && current.comments.is_empty();
        if self.open.len() == 1 {
            self.result = Some(result);
        } else if alone {
            self.remark(result.span, || {
                format!(
                    "a result in parentheses, `({})`, is read as a variation and ignored; the game's result \
                     stands after its last move, outside parentheses",
                    result.value.as_str()
                )
            });
        }
        Ok(())
    }

    /// The game's lines and result, once the movetext has ended or a syntax error has
    /// stopped it, and the error of the innermost variation left open, if any. Open
    /// variations join the plies they replace with what was read of them.
    pub(super) fn finish(mut self, game: &mut Game) -> Option<SyntaxError> {
        let unclosed = match self.open.last() {
            Some(open) if self.open.len() > 1 => Some(self.error(open.opened, "unclosed variation, opened here")),
            _ => None,
        };
        while self.open.len() > 1 {
            self.close_variation();
        }
        if let Some(mut main) = self.open.pop() {
            main.settle(&mut self.tree, self.room);
            self.tree.set_main(main.plies, &mut main.comments);
        }
        game.tree = self.tree;
        game.result = self.result;
        game.remarks.append(std::mem::take(&mut self.remarks));
        unclosed
    }
}
