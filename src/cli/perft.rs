//! `arbiter perft`: count legal turn sequences depth-first, collecting no turns below the
//! root (memory linear in the depth), within the `--max-turns` budget; the count is the
//! last line. The root's turns are shared out among the threads (`--jobs`); the last
//! ply is counted without being played, and (but in Bubble Fizz) without being built.

use super::args::PositionArgs;
use super::output::Output;
use super::turns::Turns;
use super::{CliError, Verdict};
use crate::rules::{Position, Turn};
use rayon::prelude::*;

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
    if depth == 0 {
        writeln!(out, "1")?;
        return Ok(Verdict::Valid);
    }
    let roots = root_turns(&turns, &pos, divide)?;
    let total = match roots {
        Some(roots) if divide => {
            let mut rows = roots
                .par_iter()
                .map(|turn| Ok((variant.write_turn(&pos, turn)?, count(&turns, &variant.play(&pos, turn), depth - 1)?)))
                .collect::<Result<Vec<(String, u64)>, CliError>>()?;
            rows.sort();
            for (turn, count) in &rows {
                writeln!(out, "{turn}: {count}")?;
            }
            rows.iter().map(|(_, c)| c).sum()
        }
        Some(roots) if depth > 1 => roots
            .par_iter()
            .map(|turn| count(&turns, &variant.play(&pos, turn), depth - 1))
            .try_reduce(|| 0, |a, b| Ok(a + b))?,
        _ => count(&turns, &pos, depth)?,
    };
    writeln!(out, "{total}")?;
    Ok(Verdict::Valid)
}

/// The root's legal turns, to share out among threads; `None` when there are more than
/// [`MAX_DIVIDE_ROWS`] (a crowded Bubble Fizz position), which the count then walks one
/// by one as they are found (and `--divide` refuses).
fn root_turns(turns: &Turns, pos: &Position, divide: bool) -> Result<Option<Vec<Turn>>, CliError> {
    let mut roots = Vec::new();
    let mut crowded = false;
    let walked = turns.each(pos, &mut |turn| {
        if roots.len() == MAX_DIVIDE_ROWS {
            crowded = true;
            return Err(CliError::Message(format!(
                "the position has more than {MAX_DIVIDE_ROWS} legal turns; --divide cannot list them, leave it out"
            )));
        }
        roots.push(turn);
        Ok(())
    });
    match walked {
        Err(_) if crowded && !divide => {
            // The count walks these again; they are not charged twice.
            turns.refund(roots.len() as u64 + 1);
            Ok(None)
        }
        Err(error) => Err(error),
        Ok(()) => Ok(Some(roots)),
    }
}

/// The number of legal turn sequences of `depth` plies from `pos`.
fn count(turns: &Turns, pos: &Position, depth: u32) -> Result<u64, CliError> {
    match depth {
        0 => return Ok(1),
        1 => return turns.count(pos),
        _ => {}
    }
    let mut total = 0u64;
    // One position after each turn, reused from turn to turn.
    let mut after = pos.clone();
    turns.each(pos, &mut |turn| {
        turns.variant.play_into(pos, &turn, &mut after);
        total += count(turns, &after, depth - 1)?;
        Ok(())
    })?;
    Ok(total)
}
