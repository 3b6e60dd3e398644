//! `arbiter fen`: the snapshot after a given ply of one game; of a broken game, the
//! last legal position by default.

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
    let ply = ply.unwrap_or(reached);
    let pos = replay.position(ply).ok_or_else(|| match &replay.line.refused {
        Some(refused) => {
            format!("the game stops at the illegal turn {refused}; the last legal position is after ply {reached}")
        }
        None => format!("the game has {reached} plies; there is no ply {ply}"),
    })?;
    let snapshot = replay.variant.write_snapshot(pos);
    match format {
        Format::Text => out.line(&escape_controls(&snapshot))?,
        Format::Json => out.line(&serde_json::json!({ "ply": ply, "snapshot": snapshot }).to_string())?,
    }
    Ok(verdict)
}
