//! Problems found in a record, and their rendering in the manner of rustc (through
//! codespan-reporting): <file:line:col>, the source line with a caret, and notes.

use crate::record::ast::Span;
use crate::rules::Color;
use crate::text::{escape_controls, escape_controls_keeping_lines};
use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::{Error as FilesError, Files};
use codespan_reporting::term::termcolor::Buffer;
use codespan_reporting::term::{self, Config};
use std::borrow::Cow;
use std::cell::{Cell, OnceCell};
use std::ops::Range;

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Imprecise notation, a wrong check mark: the record stands (an error under `--strict`).
    Warning,
    /// A rule is broken: an illegal or ambiguous turn, a result that contradicts the board.
    Error,
    /// The record cannot be read: bad syntax, bad start position, unknown variant.
    Unreadable,
}

/// What kind of problem a record has: one word for programs, and the short text
/// under the caret for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// A turn no rule allows.
    Illegal,
    /// A turn that fits several legal turns.
    Ambiguous,
    /// A legal turn written in a non-standard way.
    Imprecise,
    /// A missing or wrong `+` or `#`.
    CheckMark,
    /// A move number that does not match the position.
    MoveNumber,
    /// A declared result the board contradicts.
    Result,
    /// The movetext's result differs from the `Result` tag.
    ResultTag,
    /// A turn played after an automatic draw (O5).
    PlayedOn,
    /// Text that is not a record (the grammar is broken).
    Syntax,
    /// A record that cannot be used: not UTF-8, too large, an unknown variant or rule
    /// option, a bad start position.
    Unreadable,
    /// Problems left out of a long list, counted.
    NotShown,
    /// How the text was read, when that is worth saying: its encoding, the language of
    /// its piece letters, a form PGN writes otherwise (`1 e4`, `1-0 (time)`), a start
    /// position mended. Only ever a warning.
    Reading,
}

impl Kind {
    /// The short text under the caret.
    pub fn label(self) -> &'static str {
        match self {
            Kind::Illegal => "illegal",
            Kind::Ambiguous => "ambiguous",
            Kind::Imprecise => "imprecise notation",
            Kind::CheckMark => "wrong check mark",
            Kind::MoveNumber => "wrong move number",
            Kind::Result => "result contradicts the board",
            Kind::ResultTag => "result differs from the tag",
            Kind::PlayedOn => "played after an automatic draw",
            Kind::Syntax | Kind::Unreadable | Kind::NotShown | Kind::Reading => "",
        }
    }
}

/// The turn a problem is about: its ply (counted from the game's start, through the
/// variation when it stands in one), move number, side and text as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnPlace {
    pub ply: usize,
    pub move_number: u32,
    pub side: Color,
    pub written: String,
    pub in_variation: bool,
}

/// One problem of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub severity: Severity,
    pub kind: Kind,
    pub span: Span,
    /// The turn the problem is about, when it is about one.
    pub turn: Option<TurnPlace>,
    /// The one text that would be right (the canonical turn, the right move number).
    pub suggestion: Option<String>,
    /// The turns a written one could mean (an ambiguous turn).
    pub candidates: Vec<String>,
    /// What is wrong, in plain words.
    pub message: String,
    /// Short text under the caret.
    pub label: String,
    /// Context lines: game, players, move number and side, candidates.
    pub notes: Vec<String>,
}

impl Problem {
    pub fn new(severity: Severity, span: Span, message: impl Into<String>) -> Problem {
        let kind = if severity == Severity::Unreadable { Kind::Unreadable } else { Kind::Illegal };
        Problem {
            severity,
            kind,
            span,
            turn: None,
            suggestion: None,
            candidates: Vec::new(),
            message: message.into(),
            label: String::new(),
            notes: Vec::new(),
        }
    }

    /// A warning about how the text was read ([`Kind::Reading`]).
    pub fn reading(span: Span, message: impl Into<String>) -> Problem {
        Problem { kind: Kind::Reading, ..Problem::new(Severity::Warning, span, message) }
    }

    /// The one problem that stands for `count` of a game's `what` (`problem(s)`) left
    /// out past a cap, at the first of them, with the worst severity among them.
    pub fn not_shown(severity: Severity, first: Span, count: usize, what: &str) -> Problem {
        let message = format!("{count} more {what} in this game are not shown");
        let label = format!("the first of the {count} not shown");
        Problem::new(severity, first, message).of_kind(Kind::NotShown).with_label(label)
    }

    /// The problem as of a kind, labelled with the kind's caret text.
    pub fn of_kind(mut self, kind: Kind) -> Problem {
        self.kind = kind;
        self.label = kind.label().to_string();
        self
    }

    pub fn at_turn(mut self, turn: TurnPlace) -> Problem {
        self.turn = Some(turn);
        self
    }

    pub fn with_suggestion(mut self, suggestion: Option<String>, candidates: Vec<String>) -> Problem {
        self.suggestion = suggestion;
        self.candidates = candidates;
        self
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Problem {
        self.label = label.into();
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Problem {
        self.notes.push(note.into());
        self
    }
}

/// The text of one game, placed at its line in the file, so that diagnostics
/// show the file's own line numbers while only one game is held in memory. The
/// line index is built once per game, when a first problem asks for it (a clean game
/// never does); columns are counted from the last one asked for, so that many
/// problems on one long line cost time linear in the line.
#[derive(Debug)]
pub struct GameSource<'a> {
    pub path: &'a str,
    pub text: &'a str,
    /// 1-based line of the file where `text` begins.
    pub first_line: usize,
    /// Where each line starts, built on first use.
    line_starts: OnceCell<Vec<usize>>,
    /// Columns to add so that those of an excerpt (cut from a long line, with
    /// control characters escaped) stay those of the file at the marked text.
    column_shift: isize,
    /// The last column found: (line start, byte offset, 1-based column).
    last_column: Cell<(usize, usize, usize)>,
}

/// Lines longer than this many bytes are shown as an excerpt around the caret.
const MAX_SHOWN_LINE: usize = 200;

/// Bytes shown on each side of the marked text in an excerpt.
const EXCERPT_MARGIN: usize = 60;

/// The nearest character boundary of `text` at or before `index`.
fn boundary_before(text: &str, mut index: usize) -> usize {
    index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

fn to_isize(n: usize) -> isize {
    isize::try_from(n).unwrap_or(isize::MAX)
}

impl<'a> GameSource<'a> {
    pub fn new(path: &'a str, text: &'a str, first_line: usize) -> GameSource<'a> {
        GameSource {
            path,
            text,
            first_line,
            line_starts: OnceCell::new(),
            column_shift: 0,
            last_column: Cell::new((0, 0, 1)),
        }
    }

    /// Where each line of the text starts (0 first).
    fn line_starts(&self) -> &[usize] {
        self.line_starts.get_or_init(|| {
            std::iter::once(0).chain(memchr::memchr_iter(b'\n', self.text.as_bytes()).map(|i| i + 1)).collect()
        })
    }

    /// 0-based index of the line holding a byte offset.
    fn line_of(&self, offset: usize) -> usize {
        self.line_starts().partition_point(|&s| s <= offset).saturating_sub(1)
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = boundary_before(self.text, offset);
        let index = self.line_of(offset);
        let start = self.line_starts().get(index).copied().unwrap_or(0);
        let (cached_start, cached_offset, cached_column) = self.last_column.get();
        let (from, column) =
            if cached_start == start && cached_offset <= offset { (cached_offset, cached_column) } else { (start, 1) };
        let column = column + self.text.get(from..offset).map_or(offset - from, |s| s.chars().count());
        self.last_column.set((start, offset, column));
        (self.first_line + index, column)
    }

    fn line_start(&self, index: usize) -> Result<usize, FilesError> {
        match self.line_starts().get(index) {
            Some(&s) => Ok(s),
            None if index == self.line_starts().len() => Ok(self.text.len()),
            None => Err(FilesError::LineTooLarge { given: index, max: self.line_starts().len() }),
        }
    }

    /// Renders a problem as text (no colours), ending with a newline. A source line
    /// that is very long (a megabyte token, thousands of variations on one line) or
    /// holds control characters is shown as one escaped excerpt around the problem,
    /// so that a message stays readable and cannot act on the terminal.
    pub fn render(&self, problem: &Problem) -> String {
        self.render_in(problem, false)
    }

    /// Renders a problem as [`GameSource::render`] does, in colour (ANSI escapes)
    /// when `colour` is true.
    pub fn render_in(&self, problem: &Problem, colour: bool) -> String {
        let end = problem.span.end().clamp(problem.span.start(), self.text.len());
        let start = problem.span.start().min(end);
        let index = self.line_of(start);
        let line_start = self.line_starts().get(index).copied().unwrap_or(0);
        let line_end = self.line_starts().get(index + 1).map_or(self.text.len(), |&s| s.saturating_sub(1));
        let last_line_end = self.line_starts().get(self.line_of(end) + 1).map_or(self.text.len(), |&s| s);
        let short = line_end.saturating_sub(line_start) <= MAX_SHOWN_LINE;
        // Shown as written only when short and free of control characters (looked
        // for in a bounded stretch of text only).
        if short && last_line_end.saturating_sub(line_start) <= 16 * MAX_SHOWN_LINE {
            let shown = self.text.get(line_start..last_line_end).unwrap_or("");
            if matches!(escape_controls_keeping_lines(shown), Cow::Borrowed(_)) {
                return self.emit(problem, start..end, colour);
            }
        }
        let from = if short {
            line_start
        } else {
            boundary_before(self.text, start.saturating_sub(EXCERPT_MARGIN).max(line_start))
        };
        let marked_end = boundary_before(self.text, end.min(line_end).min(start + EXCERPT_MARGIN)).max(start);
        let to = if short {
            line_end
        } else {
            boundary_before(self.text, (marked_end + EXCERPT_MARGIN).min(line_end)).max(marked_end)
        };
        let piece = |a: usize, b: usize| escape_controls(self.text.get(a..b).unwrap_or(""));
        let (lead, tail) = (if from > line_start { "..." } else { "" }, if to < line_end { "..." } else { "" });
        let before = format!("{lead}{}", piece(from, start));
        let marked = piece(start, marked_end);
        let excerpt = format!("{before}{marked}{}{tail}", piece(marked_end, to));
        let (_, column) = self.line_col(start);
        let view = GameSource {
            path: self.path,
            text: &excerpt,
            first_line: self.first_line + index,
            line_starts: OnceCell::from(vec![0]),
            column_shift: to_isize(column) - 1 - to_isize(before.chars().count()),
            last_column: Cell::new((0, 0, 1)),
        };
        view.emit(problem, before.len()..before.len() + marked.len(), colour)
    }

    fn emit(&self, problem: &Problem, marked: Range<usize>, colour: bool) -> String {
        let diagnostic = match problem.severity {
            Severity::Warning => Diagnostic::warning(),
            Severity::Error | Severity::Unreadable => Diagnostic::error(),
        };
        let diagnostic = diagnostic
            .with_message(escape_controls(&problem.message))
            .with_labels(vec![Label::primary((), marked).with_message(escape_controls(&problem.label))])
            .with_notes(problem.notes.iter().map(|note| escape_controls(note).into_owned()).collect());
        let fallback = || format!("{}: {}\n", self.path, escape_controls(&problem.message));
        if !colour {
            return term::emit_into_string(&Config::default(), self, &diagnostic).unwrap_or_else(|_| fallback());
        }
        let mut buffer = Buffer::ansi();
        match term::emit_to_write_style(&mut buffer, &Config::default(), self, &diagnostic) {
            Ok(()) => String::from_utf8(buffer.into_inner()).unwrap_or_else(|_| fallback()),
            Err(_) => fallback(),
        }
    }
}

impl<'a> Files<'a> for GameSource<'_> {
    type FileId = ();
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, (): ()) -> Result<&'a str, FilesError> {
        Ok(self.path)
    }

    fn source(&'a self, (): ()) -> Result<&'a str, FilesError> {
        Ok(self.text)
    }

    fn line_index(&'a self, (): (), byte_index: usize) -> Result<usize, FilesError> {
        Ok(self.line_starts().partition_point(|&s| s <= byte_index).saturating_sub(1))
    }

    fn line_number(&'a self, (): (), line_index: usize) -> Result<usize, FilesError> {
        Ok(self.first_line + line_index)
    }

    fn line_range(&'a self, (): (), line_index: usize) -> Result<Range<usize>, FilesError> {
        Ok(self.line_start(line_index)?..self.line_start(line_index + 1)?)
    }

    fn column_number(&'a self, (): (), line_index: usize, byte_index: usize) -> Result<usize, FilesError> {
        let start = self.line_start(line_index)?;
        let before = self.text.get(start..byte_index.max(start)).map_or(0, |s| s.chars().count());
        Ok(usize::try_from(self.column_shift + to_isize(before) + 1).unwrap_or(1).max(1))
    }
}
