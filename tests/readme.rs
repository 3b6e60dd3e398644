//! The README's commands work: every `$ arbiter ...` and `$ cargo run --release -- ...`
//! line of its console blocks runs with the exit code it states (`# exit N`, else 0),
//! and the test command it names is the one `.ci/run` calls.

use assert_cmd::Command;

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

/// `(arguments, expected exit code)` of every arbiter command in the README.
fn readme_commands() -> Vec<(Vec<String>, i32)> {
    let readme = std::fs::read_to_string("README.md").expect("README.md is readable");
    let mut commands = Vec::new();
    for line in readme.lines() {
        let Some(command) = line.strip_prefix("$ ") else { continue };
        let (command, code) = match command.split_once("# exit ") {
            Some((c, code)) => (c.trim(), code.trim().parse().expect("a number after `# exit`")),
            None => (command.trim(), 0),
        };
        let args = if let Some(rest) = command.strip_prefix("arbiter ") {
            words(rest)
        } else if let Some(rest) = command.strip_prefix("cargo run --release -- ") {
            words(rest)
        } else {
            continue;
        };
        commands.push((args, code));
    }
    commands
}

#[test]
fn every_readme_command_runs_with_its_stated_exit_code() {
    let commands = readme_commands();
    assert!(commands.len() >= 10, "the README shows the commands: found {}", commands.len());
    for (args, code) in commands {
        let output = Command::cargo_bin("arbiter").expect("binary").args(&args).output().expect("runs");
        assert_eq!(
            output.status.code(),
            Some(code),
            "`arbiter {}` exited {:?}\nstderr: {}",
            args.join(" "),
            output.status.code(),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(!output.stdout.is_empty(), "`arbiter {}` printed nothing", args.join(" "));
    }
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
