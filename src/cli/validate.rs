//! `arbiter validate`: replay every game of every file and give one verdict each.

use super::args::{Format, Records};
use super::input::{for_each_game, Loaded};
use super::report::{verdict, GameReport};
use super::{CliError, Verdict};
use crate::replay::ReplayOptions;
use std::io::Write;

pub fn run(records: &Records, format: Format) -> Result<Verdict, CliError> {
    let options = ReplayOptions { rules: records.rules.parse()?, strict: records.strict };
    let mut worst = Verdict::Valid;
    let mut counts = [0usize; 3];
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut first = true;
    if format == Format::Json {
        write!(out, "[")?;
    }
    let mut failed_write = None;
    let skipped = for_each_game(
        &records.files,
        &options,
        |loaded: Loaded| {
            let report = GameReport::new(&loaded);
            let rendered = if format == Format::Text { loaded.render_problems() } else { String::new() };
            (verdict(&loaded), loaded.label(), report, rendered)
        },
        |(v, label, report, rendered)| {
            worst = worst.max(v);
            if let Some(count) = counts.get_mut(v as usize) {
                *count += 1;
            }
            let written = match format {
                Format::Text => {
                    eprint!("{rendered}");
                    writeln!(out, "{}", report.line(&label))
                }
                Format::Json => {
                    let sep = if first { "" } else { "," };
                    first = false;
                    serde_json::to_string(&report)
                        .map_err(std::io::Error::other)
                        .and_then(|json| write!(out, "{sep}\n{json}"))
                }
            };
            if let Err(e) = written {
                failed_write.get_or_insert(e);
            }
        },
    )?;
    if let Some(e) = failed_write {
        return Err(e.into());
    }
    match format {
        Format::Json => writeln!(out, "\n]")?,
        Format::Text => writeln!(
            out,
            "{} game(s): {} valid, {} invalid, {} unreadable",
            counts.iter().sum::<usize>(),
            counts[0],
            counts[1],
            counts[2]
        )?,
    }
    out.flush()?;
    if skipped {
        worst = Verdict::Unreadable;
    }
    Ok(worst)
}
