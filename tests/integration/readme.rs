//! The README's commands work: every `$ arbiter ...` and `$ cargo run --release -- ...`
//! line of its console blocks runs with the exit code it states (`# exit N`, else 0);
//! where the README shows output under a command (the lines up to the next `$` line or
//! the end of the block), the real output is exactly that, standard error and standard
//! output together as a terminal shows them; and the test command it names is the one
//! `.ci/run` calls.

use crate::test::stream_diff;

use std::io::Read;
use std::process::{Command, Stdio};

/// Splits a command line at spaces, keeping double-quoted parts whole.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut current));
                    started = false;
                }
            }
            _ => {
                current.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(current);
    }
    words
}

/// One `$` line of a console block and the lines the README shows under it.
struct Example {
    /// The command as written, without `$ ` and the `# exit` comment.
    command: String,
    /// The exit code the README states.
    code: i32,
    /// The output shown under the command, one `\n` after each line; empty when none.
    shown: String,
}

impl Example {
    /// The arguments to give `arbiter`, when the command runs it.
    fn arbiter_args(&self) -> Option<Vec<String>> {
        let rest =
            self.command.strip_prefix("arbiter ").or_else(|| self.command.strip_prefix("cargo run --release -- "))?;
        Some(words(rest))
    }
}

/// Every `$` line of the README's console blocks, with the output shown under it.
fn readme_examples() -> Vec<Example> {
    let readme = std::fs::read_to_string("README.md").expect("README.md is readable");
    let mut examples: Vec<Example> = Vec::new();
    let mut in_console = false;
    for line in readme.lines() {
        if !in_console {
            in_console = line.trim_end() == "```console";
            continue;
        }
        if line.trim_end() == "```" {
            in_console = false;
        } else if let Some(command) = line.strip_prefix("$ ") {
            let (command, code) = match command.split_once("# exit ") {
                Some((c, code)) => (c, code.trim().parse().expect("a number after `# exit`")),
                None => (command, 0),
            };
            examples.push(Example { command: command.trim().to_owned(), code, shown: String::new() });
        } else if let Some(example) = examples.last_mut() {
            example.shown.push_str(line);
            example.shown.push('\n');
        }
    }
    examples
}

/// Runs `arbiter ARGS` with standard output and standard error on one pipe, as a
/// terminal shows them, and returns that text and the exit code.
fn run_as_on_a_terminal(args: &[String]) -> (String, Option<i32>) {
    let (mut reader, writer) = std::io::pipe().expect("a pipe");
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(writer.try_clone().expect("the pipe's writer clones"))
        .stderr(writer)
        .spawn()
        .expect("arbiter starts");
    let mut text = Vec::new();
    reader.read_to_end(&mut text).expect("the output is readable");
    let status = child.wait().expect("arbiter runs to the end");
    (String::from_utf8_lossy(&text).into_owned(), status.code())
}

#[test]
fn every_readme_command_runs_with_its_stated_exit_code_and_shown_output() {
    let examples: Vec<(Example, Vec<String>)> =
        readme_examples().into_iter().filter_map(|e| e.arbiter_args().map(|args| (e, args))).collect();
    assert!(examples.len() >= 10, "the README shows the commands: found {}", examples.len());
    assert!(examples.iter().any(|(e, _)| !e.shown.is_empty()), "the README shows some output");
    let mut failures = Vec::new();
    for (example, args) in &examples {
        let (output, code) = run_as_on_a_terminal(args);
        let mut report = String::new();
        if code != Some(example.code) {
            report.push_str(&format!("exit code: expected {}, got {code:?}\n", example.code));
        }
        if example.shown.is_empty() {
            if output.is_empty() {
                report.push_str("it printed nothing\n");
            }
        } else {
            report.push_str(&stream_diff("output", &example.shown, &output));
        }
        if !report.is_empty() {
            failures.push(format!("== $ {}\n{report}", example.command));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn shown_output_belongs_to_the_command_above_it() {
    let examples = readme_examples();
    let quick_start = examples.first().expect("the README has console blocks");
    assert_eq!(quick_start.command, "cargo run --release -- validate fixtures/records/opera-game.pgn");
    assert!(quick_start.shown.ends_with("1 game(s): 1 valid, 0 invalid, 0 unreadable\n"), "{}", quick_start.shown);
    let test_command = examples.get(1).expect("a second command");
    assert_eq!((test_command.command.as_str(), test_command.shown.as_str()), ("cargo test", ""));
}

#[test]
fn the_first_screen_shows_how_to_run_and_test() {
    let readme = std::fs::read_to_string("README.md").expect("README.md is readable");
    let first_screen: String = readme.lines().take(40).collect::<Vec<_>>().join("\n");
    assert!(first_screen.contains("$ cargo run --release -- validate fixtures/"));
    assert!(first_screen.contains("$ cargo test"));
    let ci = std::fs::read_to_string(".ci/run").expect(".ci/run is readable");
    assert!(ci.lines().any(|l| l.trim().starts_with("cargo test")), ".ci/run runs the README's test command");
}
