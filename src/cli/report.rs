//! What a replayed game amounts to: its verdict, ending and problems, for text and
//! JSON output alike.

use super::input::Loaded;
use super::Verdict;
use crate::diagnostics::Severity;
use crate::text::{escape_controls, quote};
use serde::Serialize;

/// A problem located in the file.
#[derive(Serialize, Debug)]
pub(super) struct LocatedProblem {
    pub severity: Severity,
    pub line: usize,
    pub column: usize,
    pub message: String,
    pub notes: Vec<String>,
}

/// The summary of one game.
#[derive(Serialize, Debug)]
pub(super) struct GameReport {
    pub file: String,
    pub game: usize,
    pub white: Option<String>,
    pub black: Option<String>,
    pub verdict: &'static str,
    /// Plies replayed legally on the main line.
    pub plies: usize,
    /// The result: the board's if it decided, else the record's.
    pub result: Option<String>,
    /// How the result came about: `checkmate`, `decided off the board`, ...
    pub ending: Option<String>,
    /// Draws a player could claim, with the ply they became claimable.
    pub claimable: Vec<String>,
    pub problems: Vec<LocatedProblem>,
}

impl GameReport {
    pub(super) fn new(loaded: &Loaded) -> GameReport {
        let source = loaded.source();
        let problems = loaded
            .problems()
            .iter()
            .map(|p| {
                let (line, column) = source.line_col(p.span.start);
                LocatedProblem {
                    severity: p.severity,
                    line,
                    column,
                    message: p.message.clone(),
                    notes: p.notes.clone(),
                }
            })
            .collect();
        let tag = |name: &str| loaded.game.as_ref().and_then(|g| g.tag(name)).map(str::to_string);
        let declared = loaded
            .game
            .as_ref()
            .and_then(|g| g.result.as_ref().map(|r| r.value.as_str().to_string()).or_else(|| tag("Result")));
        let (plies, result, ending, claimable) = match &loaded.replay {
            Ok(replay) => {
                let (result, ending) = match replay.ending {
                    Some((outcome, at)) => (
                        Some(outcome.result().to_string()),
                        Some(format!("{} after ply {at}", outcome.reason.describe())),
                    ),
                    None if declared.as_deref().is_some_and(|r| r != "*") => {
                        (declared, Some("decided off the board".to_string()))
                    }
                    None => (declared, None),
                };
                let claimable = replay.claims.iter().map(|(c, at)| format!("{} from ply {at}", c.describe())).collect();
                (replay.line.length, result, ending, claimable)
            }
            Err(_) => (0, declared, None, Vec::new()),
        };
        GameReport {
            file: loaded.path.clone(),
            game: loaded.raw.number,
            white: tag("White"),
            black: tag("Black"),
            verdict: verdict_name(verdict(loaded)),
            plies,
            result,
            ending,
            claimable,
            problems,
        }
    }

    /// One line for people, control characters escaped.
    pub(super) fn line(&self, label: &str) -> String {
        let mut text = format!("{}: {label}: {}, {} plies", self.file, self.verdict, self.plies);
        if let Some(result) = &self.result {
            text.push_str(&format!(", {}", quote(result)));
        }
        if let Some(ending) = &self.ending {
            text.push_str(&format!(" ({ending})"));
        }
        for claim in &self.claimable {
            text.push_str(&format!("; draw claimable by {claim}"));
        }
        let warnings = self.problems.iter().filter(|p| p.severity == Severity::Warning).count();
        if warnings > 0 {
            text.push_str(&format!("; {warnings} warning(s)"));
        }
        escape_controls(&text).into_owned()
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
