//! `arbiter export`: records rewritten in canonical notation, or in the notation and
//! letters `--notation` and `--lang` ask for. The Seven Tag Roster comes first, in
//! PGN's order, then the other tags as written; turns are written anew with correct
//! check marks; comments, NAGs and variations stay; a result the board decided fills a
//! missing one. Strictness changes the exit code, never the text written.
//!
//! Nothing is lost: a line stops being rewritten at its first illegal turn, where a
//! comment says why (`{arbiter: illegal turn 12. Nbd2: ...}`), and the rest of that
//! line follows as it was written; a game that cannot be read at all is copied as it
//! was, after a comment that says why. Games are replayed for their verdict only, then
//! each line is written as it is walked again: no position is kept per ply.

use super::args::Records;
use super::input::{for_each_game, Loaded};
use super::output::{to_stderr, Output};
use super::report::{rendered_problems, verdict};
use super::{CliError, Verdict};
use crate::diagnostics::Severity;
use crate::record::ast::{Game, LineView, PlyView};
use crate::replay::{play_null_move, play_resolved};
use crate::rules::written_forms::WrittenForm;
use crate::rules::{Color, Position, ResolveError};
use crate::variants::prelude::*;

const WIDTH: usize = 80;

/// The Seven Tag Roster with the value PGN's export format writes when a tag is missing.
const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

pub(super) fn run(records: &Records, form: &WrittenForm, out: &mut Output) -> Result<Verdict, CliError> {
    let options = records.rules.replay_options(records.strict, true)?;
    let mut worst = Verdict::Valid;
    let skipped = for_each_game(
        &records.files,
        &options,
        |loaded: Loaded| (verdict(&loaded), rendered_problems(&loaded, records.shown), export_game_as(&loaded, form)),
        |(v, problems, text)| {
            worst = worst.max(v);
            to_stderr(&problems);
            match text {
                Ok(text) => out.text(&text),
                Err(message) => {
                    to_stderr(&format!("error: {}\n", crate::text::escape_controls(&message)));
                    worst = Verdict::Unreadable;
                    Ok(())
                }
            }
        },
    )?;
    if skipped {
        worst = Verdict::Unreadable;
    }
    Ok(worst)
}

/// The game in canonical SAN (see [`export_game_as`]).
pub fn export_game(loaded: &Loaded) -> String {
    export_game_as(loaded, &WrittenForm::CANONICAL).unwrap_or_else(|message| marked_verbatim(loaded, &message))
}

/// The game written in `form`; an error when the form cannot write the game at all
/// (ICCF numeric beyond an 8x8 board).
pub fn export_game_as(loaded: &Loaded, form: &WrittenForm) -> Result<String, String> {
    let (Some(game), Ok(replay)) = (&loaded.game, &loaded.replay) else {
        let why = loaded.problems().first().map_or("it cannot be read", |p| p.message.as_str());
        return Ok(marked_verbatim(loaded, why));
    };
    // A game whose reading stopped at a syntax error is copied whole, so that nothing
    // after the error is lost.
    if let Some(stop) = loaded.problems().iter().find(|p| p.severity == Severity::Unreadable) {
        return Ok(marked_verbatim(loaded, &stop.message));
    }
    form.check_board(replay.start.board().area()).map_err(|e| format!("{}: {e}", loaded.label()))?;
    // A `Result` tag that is no result token (`0-0`, `draw`) must not reach the movetext.
    let tag_result = game.tag("Result").filter(|r| ["1-0", "0-1", "1/2-1/2", "*"].contains(r));
    let declared = game.result.as_ref().map(|r| r.value.as_str()).or(tag_result).unwrap_or("*");
    let result = match replay.board_result() {
        Some(board) if declared == "*" && !replay.line.broken => board,
        _ => declared,
    };
    let text = &loaded.raw.text;
    let writer = Writer { variant: replay.variant.as_ref(), form, text };
    let mut movetext = Movetext::default();
    let (tags, repeated) = tags(game, result);
    if let Some(note) = repeated {
        movetext.comment(&note);
    }
    let line_end = game.result.as_ref().map_or(text.len(), |r| r.span.start());
    writer.line(&mut movetext, game.line(), &replay.start, line_end);
    movetext.token(result);
    Ok(format!("{tags}\n{}\n", movetext.finish()))
}

/// A game that could not be read, as it was written, after a comment saying why.
fn marked_verbatim(loaded: &Loaded, why: &str) -> String {
    format!(
        "{}\n{}\n\n",
        comment_text(&format!("arbiter: unreadable game, copied as written: {why}")),
        loaded.raw.text.trim()
    )
}

/// `{text}` with the characters that would end it early replaced.
fn comment_text(text: &str) -> String {
    let inner: String = text
        .chars()
        .map(|c| {
            if c == '}' {
                ')'
            } else if c.is_control() {
                ' '
            } else {
                c
            }
        })
        .collect();
    format!("{{{inner}}}")
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The tag section: the Seven Tag Roster in order (`result` for `Result`), then every
/// other tag as written, each name once (the tag every command reads); and the text of a
/// comment that keeps the tags whose name came again, if any, for the start of the
/// movetext: written as tags, they would start a game of their own when read again.
fn tags(game: &Game, result: &str) -> (String, Option<String>) {
    let mut text = String::new();
    for (name, default) in SEVEN_TAG_ROSTER {
        let value = if name == "Result" { result } else { game.tag(name).unwrap_or(default) };
        text.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    let repeats = game.repeated_tags();
    let mut repeated = Vec::new();
    let mut next_repeat = repeats.iter().map(|&(repeat, _)| repeat).peekable();
    for (i, tag) in game.tags.iter().enumerate() {
        let name = tag.name.value.as_str();
        let written = format!("[{name} \"{}\"]", escape(&tag.value.value));
        if next_repeat.next_if_eq(&i).is_some() {
            repeated.push(written);
        } else if !SEVEN_TAG_ROSTER.iter().any(|(roster, _)| *roster == name) {
            text.push_str(&written);
            text.push('\n');
        }
    }
    let note =
        (!repeated.is_empty()).then(|| format!("arbiter: tags that repeat a name, not read: {}", repeated.join(" ")));
    (text, note)
}

/// Movetext tokens wrapped at 80 columns.
#[derive(Default)]
struct Movetext {
    text: String,
    column: usize,
}

impl Movetext {
    fn token(&mut self, token: &str) {
        if self.column > 0 && self.column + 1 + token.chars().count() > WIDTH {
            self.text.push('\n');
            self.column = 0;
        } else if self.column > 0 {
            self.text.push(' ');
            self.column += 1;
        }
        self.column += token.chars().count();
        self.text.push_str(token);
    }

    /// A comment: in braces, or, when its text holds a `}` (only a `;` comment can),
    /// as a `;` comment that runs to the end of its line.
    fn comment(&mut self, text: &str) {
        if text.contains('}') {
            self.token(&format!("; {}", text.replace('\n', " ")));
            self.end_line();
        } else {
            self.token(&format!("{{{text}}}"));
        }
    }

    /// Movetext copied as written; its lines stay as they are.
    fn verbatim(&mut self, copied: &Copied) {
        if copied.text.is_empty() {
            return;
        }
        if self.column > 0 {
            self.text.push(' ');
            self.column += 1;
        }
        self.text.push_str(copied.text);
        let last_line = copied.text.rsplit('\n').next().map_or(0, |last| last.chars().count());
        self.column = if copied.text.contains('\n') { last_line } else { self.column + last_line };
        if copied.ends_in_line_comment {
            self.end_line();
        }
    }

    fn end_line(&mut self) {
        self.text.push('\n');
        self.column = 0;
    }

    fn finish(self) -> String {
        self.text + "\n"
    }
}

/// What a game's lines are written with.
struct Writer<'a> {
    variant: &'a dyn Variant,
    form: &'a WrittenForm,
    /// The game's text, which spans point into.
    text: &'a str,
}

impl Writer<'_> {
    /// Writes a line replayed from `start`: each turn resolved again and played, so
    /// that no position is kept beyond the one a variation branches from. At a turn
    /// that does not resolve, a comment says why and the rest of the line, up to its
    /// closing parenthesis or `end`, is copied as written.
    fn line(&self, out: &mut Movetext, line: LineView, start: &Position, end: usize) {
        for comment in line.comments() {
            out.comment(comment.text(self.text));
        }
        let mut current = start.clone();
        let mut need_number = true;
        for ply in line.plies() {
            let (after, written) = if ply.turn().is_null() {
                // A null move (in a variation, or allowed in the main line).
                (play_null_move(&current), "--".to_string())
            } else {
                let played = self.variant.resolve(&current, ply.turn()).and_then(|resolved| {
                    let (after, mark) = play_resolved(self.variant, &current, &resolved)?;
                    Ok((resolved, after, mark))
                });
                let (resolved, after, mark) = match played {
                    Ok(played) => played,
                    Err(error) => {
                        out.token(&comment_text(&self.refusal(&current, ply, &error)));
                        let from = ply.number().map_or(ply.span().start(), |n| n.span.start());
                        out.verbatim(&rest_of_line(self.text, from, end));
                        return;
                    }
                };
                (after, self.form.write(&current, &resolved.turn, &resolved.canonical, mark))
            };
            if current.turn() == Color::White {
                out.token(&format!("{}. {written}", current.fullmove()));
            } else if need_number {
                out.token(&format!("{}... {written}", current.fullmove()));
            } else {
                out.token(&written);
            }
            need_number = false;
            for nag in ply.nags() {
                out.token(&format!("${}", nag.value));
            }
            for comment in ply.comments() {
                out.comment(comment.text(self.text));
                need_number = true;
            }
            for variation in ply.variations() {
                let mut inner = Movetext::default();
                self.line(&mut inner, variation, &current, self.text.len());
                out.token(&format!("({})", inner.text));
                need_number = true;
            }
            current = after;
        }
    }

    /// The marker's words: `arbiter: illegal turn 12. Nbd2: no knight ...`.
    fn refusal(&self, pos: &Position, ply: PlyView, error: &ResolveError) -> String {
        let written = ply.span().of(self.text);
        let number = match pos.turn() {
            Color::White => format!("{}.", pos.fullmove()),
            Color::Black => format!("{}...", pos.fullmove()),
        };
        // A game that ended before this turn says so; if the variant cannot tell, the
        // refusal stands on its own.
        let ended = || self.variant.outcome(pos).ok().flatten().filter(|o| !o.reason.allows_play_on());
        if let ResolveError::Undecided(undecided) = error {
            return format!("arbiter: undecided turn {number} {written}: {undecided}");
        }
        match (error, ended()) {
            (_, Some(outcome)) => {
                format!("arbiter: illegal turn {number} {written}: played after the game ended: {outcome}")
            }
            (ResolveError::Illegal(reason), None) => format!("arbiter: illegal turn {number} {written}: {reason}"),
            (ResolveError::Ambiguous(options), None) => {
                format!("arbiter: ambiguous turn {number} {written}: it may be {}", options.join(" or "))
            }
            (ResolveError::Undecided(undecided), None) => {
                format!("arbiter: undecided turn {number} {written}: {undecided}")
            }
        }
    }
}

/// Movetext copied as written.
struct Copied<'a> {
    text: &'a str,
    /// The copy ends inside a `;` comment, whose line break the copy left out.
    ends_in_line_comment: bool,
}

/// The written rest of a line from byte `from`: up to the `)` that closes the line's
/// variation or to `end`, whichever comes first, skipping what comments and nested
/// variations hold; trailing white space left out.
fn rest_of_line(text: &str, from: usize, end: usize) -> Copied<'_> {
    let rest = text.get(from..end.min(text.len()).max(from)).unwrap_or("");
    let mut depth = 0usize;
    let mut stop = rest.len();
    let mut in_brace = false;
    let mut line_comment: Option<(usize, Option<usize>)> = None;
    let mut in_line_comment = false;
    for (at, c) in rest.char_indices() {
        if in_brace {
            in_brace = c != '}';
        } else if in_line_comment {
            if c == '\n' {
                in_line_comment = false;
                line_comment = line_comment.map(|(start, _)| (start, Some(at)));
            }
        } else {
            match c {
                '{' => in_brace = true,
                ';' => {
                    in_line_comment = true;
                    line_comment = Some((at, None));
                }
                '(' => depth += 1,
                ')' if depth == 0 => {
                    stop = at;
                    break;
                }
                ')' => depth -= 1,
                _ => {}
            }
        }
    }
    let copied = rest.get(..stop).unwrap_or("").trim_end();
    let ends_in_line_comment =
        line_comment.is_some_and(|(start, newline)| start < copied.len() && newline.is_none_or(|n| n >= copied.len()));
    Copied { text: copied, ends_in_line_comment }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rest_of_a_variation_stops_at_its_closing_parenthesis() {
        let text = "e4 {a ) here} (d4 (c4)) e5) Nf3";
        let copied = rest_of_line(text, 0, text.len());
        assert_eq!(copied.text, "e4 {a ) here} (d4 (c4)) e5");
        assert!(!copied.ends_in_line_comment);
    }

    #[test]
    fn a_copy_that_ends_in_a_line_comment_says_so() {
        let text = "e4 ; a remark (\n  ";
        let copied = rest_of_line(text, 0, text.len());
        assert_eq!(copied.text, "e4 ; a remark (");
        assert!(copied.ends_in_line_comment);
        let closed = rest_of_line("e4 ; done\n e5\n", 0, 15);
        assert_eq!(closed.text, "e4 ; done\n e5");
        assert!(!closed.ends_in_line_comment);
    }
}
