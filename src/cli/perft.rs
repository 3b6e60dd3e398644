//! `arbiter perft`: count legal turn sequences depth-first, collecting no turns (memory
//! linear in the depth), within the `--max-turns` budget; the count is the last line.

use super::args::PositionArgs;
use super::output::Output;
use super::turns::Turns;
use super::{CliError, Verdict};
use crate::rules::Position;

/// Rows `--divide` may show (one per legal turn of the position), sorted in memory.
const MAX_DIVIDE_ROWS: usize = 1_000_000;

pub(super) fn run(
    args: &PositionArgs,
    depth: u32,
    divide: bool,
    max_turns: u64,
    out: &mut Output,
) -> Result<Verdict, CliError> {
    let (variant, pos) = args.load()?;
    let turns = Turns::new(variant.as_ref(), &args.rules.parse()?, max_turns);
    let total = if divide && depth > 0 {
        let mut rows = Vec::new();
        turns.each(&pos, &mut |turn| {
            if rows.len() == MAX_DIVIDE_ROWS {
                return Err(CliError::Message(format!(
                    "the position has more than {MAX_DIVIDE_ROWS} legal turns; --divide cannot list them, leave it out"
                )));
            }
            let count = count(&turns, &variant.play(&pos, &turn), depth - 1)?;
            rows.push((variant.write_turn(&pos, &turn), count));
            Ok(())
        })?;
        rows.sort();
        for (turn, count) in &rows {
            writeln!(out, "{turn}: {count}")?;
        }
        rows.iter().map(|(_, c)| c).sum()
    } else {
        count(&turns, &pos, depth)?
    };
    writeln!(out, "{total}")?;
    Ok(Verdict::Valid)
}

/// The number of legal turn sequences of `depth` plies from `pos`.
fn count(turns: &Turns, pos: &Position, depth: u32) -> Result<u64, CliError> {
    if depth == 0 {
        return Ok(1);
    }
    let mut total = 0u64;
    turns.each(pos, &mut |turn| {
        total += if depth == 1 { 1 } else { count(turns, &turns.variant.play(pos, &turn), depth - 1)? };
        Ok(())
    })?;
    Ok(total)
}
