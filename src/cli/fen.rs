//! `arbiter fen`: the snapshot after a given ply of one game.

use super::args::{Format, OneRecord};
use super::output::Output;
use super::replay::load_one;
use super::{CliError, Verdict};
use crate::text::escape_controls;

pub(super) fn run(
    record: &OneRecord,
    ply: Option<usize>,
    format: Format,
    out: &mut Output,
) -> Result<Verdict, CliError> {
    let (loaded, verdict) = load_one(record)?;
    let Ok(replay) = &loaded.replay else { return Ok(verdict) };
    let reached = replay.line.plies.len();
    if replay.line.broken && ply.is_none_or(|p| p > reached) {
        return Ok(verdict);
    }
    let ply = ply.unwrap_or(reached);
    let pos = replay
        .position(ply)
        .ok_or_else(|| CliError::Message(format!("the game has {reached} plies; there is no ply {ply}")))?;
    let snapshot = replay.variant.write_snapshot(pos);
    match format {
        Format::Text => out.line(&escape_controls(&snapshot))?,
        Format::Json => out.line(&serde_json::json!({ "ply": ply, "snapshot": snapshot }).to_string())?,
    }
    Ok(verdict)
}
