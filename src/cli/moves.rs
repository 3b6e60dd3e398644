//! `arbiter moves`: every legal turn of a position, canonical, in byte order.

use super::args::{Format, PositionArgs};
use super::output::Output;
use super::{CliError, Verdict};

pub fn run(args: &PositionArgs, format: Format, out: &mut Output) -> Result<Verdict, CliError> {
    let (variant, pos) = args.load()?;
    let mut turns = Vec::new();
    variant.legal_turns(&pos, &mut turns);
    let mut written: Vec<String> = turns.iter().map(|t| variant.write_turn(&pos, t)).collect();
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
