//! `arbiter check`: run documented examples and show a diff for every mismatch; a
//! file whose settings cannot be used is a configuration error (exit 2), said once.

use super::args::Format;
use super::output::{to_stderr, Output};
use super::{CliError, Verdict};
use crate::examples::{self, Checked};
use crate::text::{escape_controls, escape_controls_keeping_lines};
use similar::TextDiff;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

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

/// One example's verdict, and a diff per mismatch; text from the example file is
/// escaped before the colours are added.
fn print_text(path: &str, line: usize, checked: &Checked, colour: bool, out: &mut Output) -> Result<(), CliError> {
    let (path, name) = (escape_controls(path), escape_controls(&checked.name));
    if checked.passed() {
        return writeln!(out, "PASS {path}: {name}");
    }
    writeln!(out, "FAIL {path}:{line}: {name}")?;
    for m in &checked.mismatches {
        writeln!(out, "  {}:", m.key)?;
        let (expected, actual) = (escape_controls_keeping_lines(&m.expected), escape_controls_keeping_lines(&m.actual));
        for line in diff(&expected, &actual, colour).lines() {
            writeln!(out, "    {line}")?;
        }
    }
    Ok(())
}

/// Reads and parses one example file, within the limits of [`examples::read`], and
/// checks its settings: the file, and the line of each example.
fn read_file(path: &Path) -> Result<(examples::ExampleFile, Vec<usize>), String> {
    read_text(path).map(|(_, file, lines)| (file, lines))
}

/// As [`read_file`], with the file's text.
fn read_text(path: &Path) -> Result<(String, examples::ExampleFile, Vec<usize>), String> {
    let name = path.display();
    let text = examples::read_limited(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    let file = examples::read(&text).map_err(|e| format!("{name}:{e}"))?;
    if let Some(problem) = examples::configuration_error(&file) {
        return Err(format!("{name}: {problem}"));
    }
    let lines = examples::example_lines(&text, &file);
    Ok((text, file, lines))
}

/// `--bless`: writes the actual values into a file's empty or wrong expectations.
fn bless_file(path: &Path) -> Result<(), String> {
    let (text, file, lines) = read_text(path)?;
    let checked = examples::check_file_for_bless(&file, false);
    let (blessed, written) = super::bless::bless(&text, &checked, &lines);
    if written > 0 {
        std::fs::write(path, blessed).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        to_stderr(&format!("{}: {written} value(s) written\n", escape_controls(&path.display().to_string())));
    }
    Ok(())
}

/// How strictly to check, and whether to write actual values first.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mode {
    pub strict: bool,
    pub bless: bool,
}

pub(super) fn run(files: &[PathBuf], mode: Mode, format: Format, out: &mut Output) -> Result<Verdict, CliError> {
    let strict = mode.strict;
    let mut loaded = Vec::new();
    let mut skipped = false;
    for path in files {
        let blessed = if mode.bless { bless_file(path) } else { Ok(()) };
        match blessed.and_then(|()| read_file(path)) {
            Ok((file, lines)) => loaded.push((path.display().to_string(), file, lines)),
            Err(message) => {
                to_stderr(&format!("error: {}\n", escape_controls(&message)));
                skipped = true;
            }
        }
    }
    let colour = std::io::stdout().is_terminal();
    let (mut passed, mut failed) = (0, 0);
    let mut report = Vec::new();
    for (path, file, lines) in &loaded {
        for (checked, &line) in examples::check_file(file, strict).iter().zip(lines) {
            if let Some(start) = checked.mismatches.iter().find(|m| m.key == "start") {
                let message = format!("{path}:{line}: {}: {}", checked.name, start.actual);
                to_stderr(&format!("error: {}\n", escape_controls(&message)));
                skipped = true;
                continue;
            }
            if checked.passed() {
                passed += 1;
            } else {
                failed += 1;
            }
            match format {
                Format::Text => print_text(path, line, checked, colour, out)?,
                Format::Json => report.push(serde_json::json!({
                    "file": path,
                    "line": line,
                    "name": checked.name,
                    "passed": checked.passed(),
                    "mismatches": checked.mismatches,
                })),
            }
        }
    }
    match format {
        Format::Text => writeln!(out, "{passed} passed, {failed} failed")?,
        Format::Json => {
            out.line(&serde_json::json!({ "examples": report, "passed": passed, "failed": failed }).to_string())?;
        }
    }
    Ok(if skipped {
        Verdict::Unreadable
    } else if failed > 0 {
        Verdict::Invalid
    } else {
        Verdict::Valid
    })
}
