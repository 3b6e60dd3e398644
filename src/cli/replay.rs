//! `arbiter replay`: one row per ply of one game, and a row marked refused for the
//! turn a broken game stops at.

use super::args::{Format, OneRecord};
use super::input::{one_game, Loaded};
use super::output::{to_stderr, Output};
use super::report::{rendered_problems, verdict};
use super::{CliError, Verdict};
use crate::replay::Replay;
use crate::text::{escape_controls, quote};
use serde::Serialize;

#[derive(Serialize)]
struct Row {
    ply: usize,
    move_number: u32,
    side: &'static str,
    written: String,
    canonical: String,
    snapshot: String,
    /// Why the turn was refused; only on the row of a refused turn, which has no
    /// canonical turn and no snapshot.
    #[serde(skip_serializing_if = "Option::is_none")]
    refused: Option<String>,
}

/// Loads the game a one-record command names and prints its problems to stderr.
pub(super) fn load_one(record: &OneRecord) -> Result<(Loaded, Verdict), CliError> {
    let choice = &record.choice;
    let options = choice.rules.replay_options(choice.strict, false)?;
    let loaded = one_game(&record.file, choice.game, &options)?;
    to_stderr(&rendered_problems(&loaded, choice.shown));
    let v = verdict(&loaded);
    Ok((loaded, v))
}

fn rows(replay: &Replay) -> Vec<Row> {
    let mut before = &replay.start;
    replay
        .line
        .plies
        .iter()
        .enumerate()
        .map(|(i, ply)| {
            let row = Row {
                ply: i + 1,
                move_number: before.fullmove(),
                side: before.turn().name(),
                written: ply.written.clone(),
                canonical: ply.canonical.clone(),
                snapshot: replay.variant.write_snapshot(&ply.after),
                refused: None,
            };
            before = &ply.after;
            row
        })
        .chain(replay.line.refused.as_ref().map(|refused| Row {
            ply: refused.ply,
            move_number: refused.move_number,
            side: refused.side.name(),
            written: refused.written.clone(),
            canonical: String::new(),
            snapshot: String::new(),
            refused: Some(refused.message.clone()),
        }))
        .collect()
}

pub(super) fn run(record: &OneRecord, format: Format, out: &mut Output) -> Result<Verdict, CliError> {
    let (loaded, verdict) = load_one(record)?;
    let Ok(replay) = &loaded.replay else { return Ok(verdict) };
    let rows = rows(replay);
    match format {
        Format::Json => out.line(&serde_json::to_string_pretty(&rows)?)?,
        Format::Text => {
            for r in &rows {
                let number =
                    if r.side == "White" { format!("{}.", r.move_number) } else { format!("{}...", r.move_number) };
                let written = quote(&r.written);
                let (canonical, last) = match &r.refused {
                    Some(reason) => ("REFUSED".into(), escape_controls(reason)),
                    None => (escape_controls(&r.canonical), escape_controls(&r.snapshot)),
                };
                writeln!(out, "{:>4}  {:<8} {:<12} {:<12} {}", r.ply, number, written, canonical, last)?;
            }
        }
    }
    Ok(verdict)
}
