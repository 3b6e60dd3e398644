//! `arbiter variants`: the variants, their names and rule options.

use super::output::Output;
use super::{CliError, Verdict};
use crate::variants::VARIANTS;

pub(super) fn run(out: &mut Output) -> Result<Verdict, CliError> {
    writeln!(out, "{:<12} {:<12} {:<40} options (default first)", "id", "status", "names in [Variant]")?;
    for info in VARIANTS {
        let options: Vec<String> = info.options.iter().map(|o| format!("{}={}", o.key, o.values.join("|"))).collect();
        writeln!(
            out,
            "{:<12} {:<12} {:<40} {}",
            info.id,
            if info.is_implemented() { "ready" } else { "not yet" },
            info.names.join(", "),
            if options.is_empty() { "-".to_string() } else { options.join("; ") }
        )?;
    }
    Ok(Verdict::Valid)
}
