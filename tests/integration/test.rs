//! `Test`: runs `arbiter` with arguments and standard input, and compares its exit code,
//! standard output and standard error exactly with what is expected, showing a line diff
//! of every stream that differs.
//!
//! ```ignore
//! Test::new().args(["validate", "-"]).stdin("1. e4 *\n").stdout("...").run();
//! ```
//!
//! Unless told otherwise a test expects exit code 0 and empty output on both streams.

use similar::TextDiff;
use std::ffi::OsString;
use std::process::{Command, Stdio};

/// One run of the `arbiter` binary and the output it must give.
#[must_use = "a Test does nothing until `run` is called"]
pub(crate) struct Test {
    args: Vec<OsString>,
    stdin: Vec<u8>,
    stdout: String,
    stderr: String,
    status: i32,
}

/// What a run printed and how it ended.
pub(crate) struct Output {
    pub stdout: String,
    pub stderr: String,
    pub status: Option<i32>,
}

impl Test {
    pub(crate) fn new() -> Test {
        Test { args: Vec::new(), stdin: Vec::new(), stdout: String::new(), stderr: String::new(), status: 0 }
    }

    pub(crate) fn arg(mut self, arg: impl Into<OsString>) -> Test {
        self.args.push(arg.into());
        self
    }

    pub(crate) fn args<A: Into<OsString>>(mut self, args: impl IntoIterator<Item = A>) -> Test {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    pub(crate) fn stdin(mut self, text: impl Into<Vec<u8>>) -> Test {
        self.stdin = text.into();
        self
    }

    pub(crate) fn stdout(mut self, text: impl Into<String>) -> Test {
        self.stdout = text.into();
        self
    }

    pub(crate) fn stderr(mut self, text: impl Into<String>) -> Test {
        self.stderr = text.into();
        self
    }

    pub(crate) fn status(mut self, code: i32) -> Test {
        self.status = code;
        self
    }

    /// Runs the command and panics with a diff of every stream that differs.
    pub(crate) fn run(self) -> Output {
        let output = run_arbiter(&self.args, &self.stdin);
        let mut report = String::new();
        if output.status != Some(self.status) {
            report.push_str(&format!("exit code: expected {}, got {:?}\n", self.status, output.status));
        }
        report.push_str(&stream_diff("stdout", &self.stdout, &output.stdout));
        report.push_str(&stream_diff("stderr", &self.stderr, &output.stderr));
        assert!(report.is_empty(), "`arbiter {}` did not give the expected output:\n{report}", shown_args(&self.args));
        output
    }
}

/// Runs the `arbiter` binary of this build with `args`, writing `stdin` to it.
pub(crate) fn run_arbiter(args: &[OsString], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the arbiter binary starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    // A writer thread, so that a child filling its output pipes cannot block on us.
    let writer = std::thread::spawn(move || std::io::Write::write_all(&mut pipe, &input));
    let output = child.wait_with_output().expect("arbiter runs to the end");
    // The child may exit without reading its input; a broken pipe is no failure.
    let _ = writer.join().expect("the stdin writer does not panic");
    Output {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        status: output.status.code(),
    }
}

/// A unified line diff of `expected` against `actual` under a heading, or nothing
/// when they are equal.
pub(crate) fn stream_diff(name: &str, expected: &str, actual: &str) -> String {
    if expected == actual {
        return String::new();
    }
    let diff = TextDiff::from_lines(expected, actual)
        .unified_diff()
        .context_radius(3)
        .header(&format!("expected {name}"), &format!("actual {name}"))
        .to_string();
    format!("{diff}\n{name} as printed:\n{actual}\n")
}

/// The arguments as one line, for messages.
fn shown_args(args: &[OsString]) -> String {
    args.iter().map(|a| a.to_string_lossy().into_owned()).collect::<Vec<_>>().join(" ")
}
