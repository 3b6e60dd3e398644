//! Running a peer or arbiter as a child process, timed by the wall clock, with its peak
//! memory read from GNU `/usr/bin/time -v` when that is installed.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A command line to run: the program and its arguments.
#[derive(Clone, Debug)]
pub(crate) struct Invocation {
    pub(crate) program: PathBuf,
    pub(crate) args: Vec<OsString>,
}

impl Invocation {
    pub(crate) fn new(program: impl Into<PathBuf>, args: &[&dyn AsRef<std::ffi::OsStr>]) -> Invocation {
        Invocation { program: program.into(), args: args.iter().map(|a| a.as_ref().to_os_string()).collect() }
    }
}

/// What one run of a child showed.
#[derive(Clone, Debug)]
pub(crate) struct ChildRun {
    pub(crate) wall: Duration,
    /// Peak resident set size in kilobytes, from GNU time.
    pub(crate) max_rss_kb: Option<u64>,
    pub(crate) exit_code: Option<i32>,
    /// The last line the child wrote on standard output.
    pub(crate) last_line: String,
}

/// GNU time, when `/usr/bin/time -v` works here.
pub(crate) fn gnu_time() -> Option<PathBuf> {
    let path = PathBuf::from("/usr/bin/time");
    let ok = Command::new(&path)
        .args(["-v", "true"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    ok.then_some(path)
}

/// Runs `invocation` once (its standard error discarded).
pub(crate) fn run(invocation: &Invocation, time: Option<&Path>) -> ChildRun {
    let report_file = std::env::temp_dir().join(format!("arbiter-bench-time-{}.txt", std::process::id()));
    let mut cmd = match time {
        Some(time) => {
            let mut c = Command::new(time);
            c.arg("-v").arg("-o").arg(&report_file).arg(&invocation.program);
            c
        }
        None => Command::new(&invocation.program),
    };
    cmd.args(&invocation.args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::null());
    let started = Instant::now();
    let output = cmd.output().unwrap_or_else(|e| panic!("cannot run {}: {e}", invocation.program.display()));
    let wall = started.elapsed();
    let report = time.and_then(|_| std::fs::read_to_string(&report_file).ok()).unwrap_or_default();
    let _ = std::fs::remove_file(&report_file);
    let max_rss_kb = report
        .lines()
        .find_map(|l| l.trim().strip_prefix("Maximum resident set size (kbytes):"))
        .and_then(|v| v.trim().parse().ok());
    let stdout = String::from_utf8_lossy(&output.stdout);
    ChildRun {
        wall,
        max_rss_kb,
        exit_code: output.status.code(),
        last_line: stdout.lines().last().unwrap_or("").to_string(),
    }
}

/// The first of `candidates` that exists as a file, or a program found on `PATH`.
pub(crate) fn find_program(candidates: &[&str]) -> Option<PathBuf> {
    candidates.iter().find_map(|name| {
        let path = Path::new(name);
        if path.is_absolute() {
            return path.is_file().then(|| path.to_path_buf());
        }
        std::env::var_os("PATH")?.to_str()?.split(':').map(|dir| Path::new(dir).join(name)).find(|p| p.is_file())
    })
}
