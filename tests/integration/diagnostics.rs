//! Golden diagnostics: `arbiter validate` on each record of `fixtures/diagnostics/` must
//! print exactly the `NAME.stdout` and `NAME.stderr` kept beside it, and exit with the
//! code listed here. One representative problem each: illegal and ambiguous turns,
//! imprecise notation, a syntax error and bad snapshots; and one game per kind of
//! refusal of each variant (`VARIANT-refusals.pgn`), pinning its exact words.
//!
//! After a deliberate change of the messages, rewrite the files with
//! `ARBITER_BLESS=1 cargo test diagnostics` and review the diff before committing.

use crate::test::{run_arbiter, stream_diff};

use std::ffi::OsString;
use std::path::Path;

const DIR: &str = "fixtures/diagnostics";

/// Each record's name and the exit code `validate` must give it.
const CASES: &[(&str, i32)] = &[
    ("chess-illegal-turn", 1),
    ("chess-ambiguous-turn", 1),
    ("chess-imprecise-notation", 0),
    ("chess-castling-right-lost", 1),
    ("chess-refusals", 1),
    ("chess-broken-variation", 1),
    ("chess-result-after-draw", 0),
    ("tilting-wrong-bomb-list", 1),
    ("tilting-refusals", 1),
    ("bouncing-refusals", 1),
    ("koopa-refusals", 1),
    ("bellows-refusals", 1),
    ("bubble-fizz-refusals", 1),
    ("bouncing-wrong-bounce", 1),
    ("koopa-stunned-unit", 1),
    ("koopa-snapshot-stuns", 2),
    ("bellows-outside-active-board", 1),
    ("bubble-fizz-paused-unit", 1),
    ("syntax-error", 2),
    ("snapshot-two-kings", 2),
];

fn blessing() -> bool {
    std::env::var_os("ARBITER_BLESS").is_some_and(|v| v != "0")
}

/// The golden text of `path`, or an empty text when the file does not exist yet.
fn golden(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

#[test]
fn every_record_gives_its_golden_diagnostics() {
    let mut failures = Vec::new();
    for &(name, status) in CASES {
        let record = format!("{DIR}/{name}.pgn");
        let output = run_arbiter(&[OsString::from("validate"), OsString::from(&record)], b"");
        let mut report = String::new();
        if output.status != Some(status) {
            report.push_str(&format!("exit code: expected {status}, got {:?}\n", output.status));
        }
        for (stream, actual) in [("stdout", &output.stdout), ("stderr", &output.stderr)] {
            let path = Path::new(DIR).join(format!("{name}.{stream}"));
            if blessing() {
                std::fs::write(&path, actual).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            } else {
                report.push_str(&stream_diff(stream, &golden(&path), actual));
            }
        }
        if !report.is_empty() {
            failures.push(format!("== arbiter validate {record}\n{report}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n(after a deliberate change: ARBITER_BLESS=1 cargo test diagnostics)",
        failures.join("\n")
    );
}

#[test]
fn every_record_in_the_folder_is_a_case() {
    let mut names: Vec<String> = std::fs::read_dir(DIR)
        .expect("the diagnostics folder is readable")
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "pgn"))
        .map(|path| path.file_stem().expect("a file name").to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut listed: Vec<String> = CASES.iter().map(|(name, _)| (*name).to_owned()).collect();
    listed.sort();
    assert_eq!(names, listed, "the records of {DIR} and the cases of this test");
}
