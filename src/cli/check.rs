//! `arbiter check`: run documented examples and show a diff for every mismatch.

use super::args::Format;
use super::{CliError, Verdict};
use crate::examples::{self, Checked};
use similar::TextDiff;
use std::io::IsTerminal;
use std::path::PathBuf;

/// A unified diff of expected against actual, coloured for terminals.
fn diff(expected: &str, actual: &str, colour: bool) -> String {
    let expected = format!("{}\n", expected.trim_end());
    let actual = format!("{}\n", actual.trim_end());
    let text = TextDiff::from_lines(&expected, &actual).unified_diff().header("expected", "actual").to_string();
    if !colour {
        return text;
    }
    text.lines()
        .map(|line| match line.chars().next() {
            Some('+') if !line.starts_with("+++") => format!("\x1b[32m{line}\x1b[0m\n"),
            Some('-') if !line.starts_with("---") => format!("\x1b[31m{line}\x1b[0m\n"),
            _ => format!("{line}\n"),
        })
        .collect()
}

fn print_text(path: &str, checked: &Checked, colour: bool) {
    if checked.passed() {
        println!("PASS {path}: {}", checked.name);
        return;
    }
    println!("FAIL {path}: {}", checked.name);
    for m in &checked.mismatches {
        println!("  {}:", m.key);
        for line in diff(&m.expected, &m.actual, colour).lines() {
            println!("    {line}");
        }
    }
}

pub fn run(files: &[PathBuf], format: Format) -> Result<Verdict, CliError> {
    let mut loaded = Vec::new();
    for path in files {
        let text =
            std::fs::read_to_string(path).map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
        let file = examples::read(&text).map_err(|e| CliError(format!("{}:{e}", path.display())))?;
        loaded.push((path.display().to_string(), file));
    }
    let colour = std::io::stdout().is_terminal();
    let (mut passed, mut failed) = (0, 0);
    let mut report = Vec::new();
    for (path, file) in &loaded {
        for checked in examples::check_file(file) {
            if checked.passed() {
                passed += 1;
            } else {
                failed += 1;
            }
            match format {
                Format::Text => print_text(path, &checked, colour),
                Format::Json => report.push(serde_json::json!({
                    "file": path,
                    "name": checked.name,
                    "passed": checked.passed(),
                    "mismatches": checked.mismatches,
                })),
            }
        }
    }
    match format {
        Format::Text => println!("{passed} passed, {failed} failed"),
        Format::Json => println!("{}", serde_json::json!({ "examples": report, "passed": passed, "failed": failed })),
    }
    Ok(if failed > 0 { Verdict::Invalid } else { Verdict::Valid })
}
