//! `arbiter perft`: count legal turn sequences; the count is the last line.

use super::args::PositionArgs;
use super::output::Output;
use super::{CliError, Verdict};
use crate::rules::perft;

pub fn run(args: &PositionArgs, depth: u32, divide: bool, out: &mut Output) -> Result<Verdict, CliError> {
    let (variant, pos) = args.load()?;
    let total = if divide && depth > 0 {
        let rows = perft::divide(variant.as_ref(), &pos, depth);
        for (turn, count) in &rows {
            writeln!(out, "{turn}: {count}")?;
        }
        rows.iter().map(|(_, c)| c).sum()
    } else {
        perft::perft(variant.as_ref(), &pos, depth)
    };
    writeln!(out, "{total}")?;
    Ok(Verdict::Valid)
}
