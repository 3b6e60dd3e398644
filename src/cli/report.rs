//! What a replayed game amounts to: its verdict, ending and problems, for text and
//! JSON output alike.

use super::args::ShownArgs;
use super::input::Loaded;
use super::Verdict;
use crate::diagnostics::{GameSource, Kind, Problem, Severity};
use crate::rules::{Color, Ending};
use crate::text::{escape_controls, push_quoted};
use serde::Serialize;
use std::borrow::Cow;
use std::fmt::Write;

/// A problem located in the file, for programs (the schema is in `notation/json.md`).
/// Its texts are borrowed from the problem it locates.
#[derive(Serialize, Debug)]
pub(super) struct LocatedProblem<'a> {
    pub kind: Kind,
    pub severity: Severity,
    /// The ply of the turn the problem is about (through its variation), if any.
    pub ply: Option<usize>,
    pub move_number: Option<u32>,
    pub side: Option<&'static str>,
    /// The turn as written.
    pub written: Option<&'a str>,
    pub in_variation: bool,
    /// The text that would be right, when there is one.
    pub suggestion: Option<&'a str>,
    /// The turns an ambiguous one could mean.
    pub candidates: &'a [String],
    /// Where the marked text starts (1-based line and column, in characters).
    pub line: usize,
    pub column: usize,
    /// Where the marked text ends (just after it).
    pub end_line: usize,
    pub end_column: usize,
    pub message: &'a str,
    pub notes: &'a [String],
}

impl<'a> LocatedProblem<'a> {
    fn new(problem: &'a Problem, source: &GameSource<'_>) -> LocatedProblem<'a> {
        let (line, column) = source.line_col(problem.span.start());
        let (end_line, end_column) = source.line_col(problem.span.end().max(problem.span.start()));
        let turn = problem.turn.as_ref();
        LocatedProblem {
            kind: problem.kind,
            severity: problem.severity,
            ply: turn.map(|t| t.ply),
            move_number: turn.map(|t| t.move_number),
            side: turn.map(|t| t.side.name()),
            written: turn.map(|t| t.written.as_str()),
            in_variation: turn.is_some_and(|t| t.in_variation),
            suggestion: problem.suggestion.as_deref(),
            candidates: &problem.candidates,
            line,
            column,
            end_line,
            end_column,
            message: &problem.message,
            notes: &problem.notes,
        }
    }
}

/// The summary of one game, its texts borrowed from the game loaded (a report is made
/// for every game a run reads, and most need no text of their own).
#[derive(Serialize, Debug)]
pub(super) struct GameReport<'a> {
    pub file: &'a str,
    pub game: usize,
    pub white: Option<&'a str>,
    pub black: Option<&'a str>,
    pub verdict: &'static str,
    /// Plies replayed legally on the main line.
    pub plies: usize,
    /// The main line's first illegal turn, when there is one.
    pub refused: Option<RefusedReport<'a>>,
    /// How many variations stop at an illegal turn.
    pub broken_variations: usize,
    /// The result: the board's if it decided, else the record's.
    pub result: Option<&'a str>,
    /// How the result came about: on the board, automatically, or off the board.
    pub ending: Option<EndingReport>,
    /// Draws a player could claim, with the ply they became claimable.
    pub claimable: Vec<ClaimReport>,
    pub problems: Vec<LocatedProblem<'a>>,
    /// Names the game in the line for people ([`Loaded::push_label`]).
    #[serde(skip)]
    loaded: &'a Loaded,
}

/// How a game ended, for people (`checkmate after ply 7`) and programs.
#[derive(Serialize, Debug)]
pub(super) struct EndingReport {
    /// `checkmate`, `fivefold repetition`, ..., or `decided off the board`.
    pub reason: &'static str,
    /// The winner's colour, `null` for a draw or a result decided off the board.
    pub winner: Option<&'static str>,
    /// The ply after which the game ended on the board or automatically; `null` when
    /// decided off the board.
    pub ply: Option<usize>,
}

impl std::fmt::Display for EndingReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut text = String::new();
        self.push_to(&mut text);
        f.write_str(&text)
    }
}

impl EndingReport {
    /// The ending as people read it, appended to `text` (what `Display` shows).
    fn push_to(&self, text: &mut String) {
        text.push_str(self.reason);
        if let Some(ply) = self.ply {
            text.push_str(" after ply ");
            text.push_str(itoa::Buffer::new().format(ply));
        }
    }

    fn of(ending: Ending) -> EndingReport {
        EndingReport {
            reason: ending.outcome.reason.describe(),
            winner: ending.outcome.winner.map(Color::name),
            ply: Some(ending.ply),
        }
    }
}

/// Where the main line stops: the turn as written, its move number, side and ply.
#[derive(Serialize, Debug)]
pub(super) struct RefusedReport<'a> {
    pub ply: usize,
    pub move_number: u32,
    pub side: &'static str,
    pub written: &'a str,
    #[serde(skip)]
    shown: String,
}

/// A draw a player could claim, and the ply from which it could.
#[derive(Serialize, Debug)]
pub(super) struct ClaimReport {
    pub claim: &'static str,
    pub ply: usize,
}

impl<'a> GameReport<'a> {
    pub(super) fn new(loaded: &'a Loaded) -> GameReport<'a> {
        let source = loaded.source();
        let problems = loaded.problems().iter().map(|p| LocatedProblem::new(p, &source)).collect();
        let tag = |name: &str| loaded.game.as_ref().and_then(|g| g.tag(name));
        let declared =
            loaded.game.as_ref().and_then(|g| g.result.as_ref().map(|r| r.value.as_str()).or_else(|| tag("Result")));
        let refused = loaded.replay.as_ref().ok().and_then(|r| r.line.refused.as_ref()).map(|r| RefusedReport {
            ply: r.ply,
            move_number: r.move_number,
            side: r.side.name(),
            written: &r.written,
            shown: r.to_string(),
        });
        let broken_variations = loaded.replay.as_ref().map_or(0, |r| r.broken_variations);
        let (plies, result, ending, claimable) = match &loaded.replay {
            Ok(replay) => {
                let (result, ending) = match replay.ending() {
                    Some(ending) => (Some(ending.outcome.result()), Some(EndingReport::of(ending))),
                    None if declared.is_some_and(|r| r != "*") => {
                        (declared, Some(EndingReport { reason: "decided off the board", winner: None, ply: None }))
                    }
                    None => (declared, None),
                };
                let claimable = replay
                    .final_status
                    .claimable
                    .iter()
                    .map(|c| ClaimReport { claim: c.claim.describe(), ply: c.ply })
                    .collect();
                (replay.line.length, result, ending, claimable)
            }
            Err(_) => (0, declared, None, Vec::new()),
        };
        GameReport {
            file: &loaded.path,
            game: loaded.raw.number,
            white: tag("White"),
            black: tag("Black"),
            verdict: verdict_name(verdict(loaded)),
            plies,
            refused,
            broken_variations,
            result,
            ending,
            claimable,
            problems,
            loaded,
        }
    }

    /// One line for people, control characters escaped. Written into one string (a
    /// `format!` per part would allocate each).
    pub(super) fn line(&self) -> String {
        let mut text = String::with_capacity(128);
        // Writing into a string cannot fail.
        let _infallible = self.write_line(&mut text);
        match escape_controls(&text) {
            Cow::Borrowed(_) => text,
            Cow::Owned(escaped) => escaped,
        }
    }

    fn write_line(&self, text: &mut String) -> std::fmt::Result {
        // Pushed piece by piece (numbers by `itoa`): a line is written for every game.
        let mut number = itoa::Buffer::new();
        text.push_str(self.file);
        text.push_str(": ");
        self.loaded.push_label(text);
        text.push_str(": ");
        text.push_str(self.verdict);
        // Where the reading stopped (a syntax error), else where the replay did.
        let stop = self.problems.iter().find(|p| p.severity == Severity::Unreadable);
        match (stop, &self.refused, self.broken_variations) {
            (Some(stop), _, _) => write!(text, " at line {} ({})", stop.line, stop.message)?,
            (None, Some(refused), _) => write!(text, " at {}", refused.shown)?,
            (None, None, 0) => {}
            (None, None, 1) => text.push_str(" (main line valid, 1 variation broken)"),
            (None, None, n) => write!(text, " (main line valid, {n} variations broken)")?,
        }
        text.push_str(", ");
        text.push_str(number.format(self.plies));
        text.push_str(" plies");
        if let Some(result) = &self.result {
            text.push_str(", ");
            push_quoted(text, result);
        }
        if let Some(ending) = &self.ending {
            text.push_str(" (");
            ending.push_to(text);
            text.push(')');
        }
        for claim in &self.claimable {
            write!(text, "; draw claimable by {} from ply {}", claim.claim, claim.ply)?;
        }
        let warnings = self.problems.iter().filter(|p| p.severity == Severity::Warning).count();
        if warnings > 0 {
            write!(text, "; {warnings} warning(s)")?;
        }
        Ok(())
    }
}

/// The verdict of one game.
pub(super) fn verdict(loaded: &Loaded) -> Verdict {
    match loaded.worst() {
        Some(Severity::Unreadable) => Verdict::Unreadable,
        Some(Severity::Error) => Verdict::Invalid,
        _ => Verdict::Valid,
    }
}

pub(super) fn verdict_name(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Valid => "valid",
        Verdict::Invalid => "invalid",
        Verdict::Unreadable => "unreadable",
    }
}

/// A game's problems as shown on standard error: all of them, or errors only when
/// `--quiet`, coloured or not.
pub(super) fn rendered_problems(loaded: &Loaded, shown: ShownArgs) -> String {
    let source = loaded.source();
    let colour = shown.colour();
    loaded
        .problems()
        .iter()
        .filter(|p| !shown.quiet || p.severity >= Severity::Error)
        .map(|p| source.render_in(p, colour))
        .collect()
}
