//! `arbiter moves`: every legal turn of a position, canonical, in byte order. Turns
//! are written as they are found and only their text is kept for sorting; the
//! `--max-turns` budget bounds how many.

use super::args::{Format, PositionArgs};
use super::output::Output;
use super::turns::Turns;
use super::{CliError, Verdict};

pub(super) fn run(args: &PositionArgs, format: Format, max_turns: u64, out: &mut Output) -> Result<Verdict, CliError> {
    let (variant, pos) = args.load()?;
    let turns = Turns::new(variant.as_ref(), &args.rules.parse()?, max_turns);
    let mut written = Vec::new();
    turns.each(&pos, &mut |turn| {
        written.push(variant.write_turn(&pos, &turn)?);
        Ok(())
    })?;
    written.sort();
    match format {
        Format::Text => {
            for w in &written {
                out.line(w)?;
            }
        }
        Format::Json => out.line(&serde_json::to_string(&written)?)?,
    }
    Ok(Verdict::Valid)
}
