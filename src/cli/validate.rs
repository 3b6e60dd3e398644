//! `arbiter validate`: replay every game of every file and give one verdict each.

use super::args::{Format, Records};
use super::input::{for_each_game, Loaded};
use super::output::{to_stderr, Output};
use super::progress::Progress;
use super::report::{rendered_problems, verdict, GameReport};
use super::{CliError, Verdict};

pub(super) fn run(records: &Records, format: Format, out: &mut Output) -> Result<Verdict, CliError> {
    let options = records.rules.replay_options(records.strict, true)?;
    let mut worst = Verdict::Valid;
    let mut counts = [0usize; 3];
    let mut first = true;
    let progress = Progress::games(format == Format::Text);
    if format == Format::Json {
        write!(out, "[")?;
    }
    let skipped = for_each_game(
        &records.files,
        &options,
        // Each game's report is written out on the worker that replayed it, so that the
        // report borrows the game's texts instead of copying them.
        |loaded: Loaded| {
            let report = GameReport::new(&loaded);
            let (written, rendered) = match format {
                Format::Text => (Ok(report.line()), rendered_problems(&loaded, records.shown)),
                Format::Json => (serde_json::to_string(&report), String::new()),
            };
            (verdict(&loaded), written, rendered)
        },
        |(v, written, rendered)| {
            worst = worst.max(v);
            if let Some(count) = counts.get_mut(v as usize) {
                *count += 1;
            }
            progress.count();
            match format {
                Format::Text => progress.hidden(|| {
                    to_stderr(&rendered);
                    out.line(&written?)?;
                    if progress.is_drawn() {
                        out.flush()?;
                    }
                    Ok(())
                }),
                Format::Json => {
                    let sep = if first { "" } else { "," };
                    first = false;
                    write!(out, "{sep}\n{}", written?)
                }
            }
        },
    )?;
    progress.finish();
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
    if skipped {
        worst = Verdict::Unreadable;
    }
    Ok(worst)
}
