//! `arbiter export`: records rewritten in canonical notation. Tags are kept, turns
//! become canonical with correct check marks, comments, NAGs and variations stay,
//! and a result the board decided fills a missing one. A game with errors is
//! copied as it was, so that nothing is lost. Games are replayed for their verdict
//! only, then each line is written as it is walked again: no position is kept per ply.

use super::args::Records;
use super::input::{for_each_game, Loaded};
use super::output::{to_stderr, Output};
use super::report::{rendered_problems, verdict};
use super::{CliError, Verdict};
use crate::record::ast::{Game, Line};
use crate::replay::play_resolved;
use crate::rules::{Color, Position};
use crate::variants::prelude::*;

const WIDTH: usize = 80;

pub(super) fn run(records: &Records, out: &mut Output) -> Result<Verdict, CliError> {
    let options = records.rules.replay_options(records.strict, true)?;
    let mut worst = Verdict::Valid;
    let skipped = for_each_game(
        &records.files,
        &options,
        |loaded: Loaded| (verdict(&loaded), rendered_problems(&loaded, records.shown), export_game(&loaded)),
        |(v, problems, text)| {
            worst = worst.max(v);
            to_stderr(&problems);
            out.text(&text)
        },
    )?;
    if skipped {
        worst = Verdict::Unreadable;
    }
    Ok(worst)
}

/// The game in canonical form, or its text as written when it has errors.
pub fn export_game(loaded: &Loaded) -> String {
    let (Some(game), Ok(replay)) = (&loaded.game, &loaded.replay) else {
        return verbatim(&loaded.raw.text);
    };
    if verdict(loaded) != Verdict::Valid {
        return verbatim(&loaded.raw.text);
    }
    // A `Result` tag that is no result token (`0-0`, `draw`) must not reach the movetext.
    let tag_result = game.tag("Result").filter(|r| ["1-0", "0-1", "1/2-1/2", "*"].contains(r));
    let declared = game.result.as_ref().map(|r| r.value.as_str()).or(tag_result).unwrap_or("*");
    let result = match replay.board_result() {
        Some(board) if declared == "*" => board,
        _ => declared,
    };
    let mut text = tags(game, result);
    let mut movetext = Movetext::default();
    write_line(&mut movetext, &game.line, replay.variant.as_ref(), &replay.start);
    movetext.token(result);
    text.push('\n');
    text.push_str(&movetext.finish());
    text.push('\n');
    text
}

fn verbatim(text: &str) -> String {
    let mut text = text.trim_end().to_string();
    text.push_str("\n\n");
    text
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

fn tags(game: &Game, result: &str) -> String {
    let mut text = String::new();
    let mut has_result = false;
    for tag in &game.tags {
        let value = if tag.name.value == "Result" {
            has_result = true;
            result
        } else {
            &tag.value.value
        };
        text.push_str(&format!("[{} \"{}\"]\n", tag.name.value, escape(value)));
    }
    if !has_result {
        text.push_str(&format!("[Result \"{result}\"]\n"));
    }
    text
}

/// Movetext tokens wrapped at 80 columns.
#[derive(Default)]
struct Movetext {
    text: String,
    column: usize,
}

impl Movetext {
    fn token(&mut self, token: &str) {
        if self.column > 0 && self.column + 1 + token.len() > WIDTH {
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
            self.text.push('\n');
            self.column = 0;
        } else {
            self.token(&format!("{{{text}}}"));
        }
    }

    fn finish(self) -> String {
        self.text + "\n"
    }
}

/// Writes a line replayed from `start`: each turn resolved again and played, so that
/// no position is kept beyond the one a variation branches from. Only lines whose
/// every turn was legal reach here; a turn that no longer resolves ends the line.
fn write_line(out: &mut Movetext, line: &Line, variant: &dyn Variant, start: &Position) {
    for comment in &line.comments {
        out.comment(&comment.value);
    }
    let mut current = start.clone();
    let mut need_number = true;
    for ply in &line.plies {
        let Ok(resolved) = variant.resolve(&current, &ply.turn.value) else { return };
        let (after, mark) = play_resolved(variant, &current, &resolved);
        let canonical = format!("{}{mark}", resolved.canonical);
        if current.turn() == Color::White {
            out.token(&format!("{}. {canonical}", current.fullmove()));
        } else if need_number {
            out.token(&format!("{}... {canonical}", current.fullmove()));
        } else {
            out.token(&canonical);
        }
        need_number = false;
        for nag in &ply.nags {
            out.token(&format!("${}", nag.value));
        }
        for comment in &ply.comments {
            out.comment(&comment.value);
            need_number = true;
        }
        for variation in &ply.variations {
            let mut inner = Movetext::default();
            write_line(&mut inner, variation, variant, &current);
            out.token(&format!("({})", inner.text));
            need_number = true;
        }
        current = after;
    }
}
