//! The corpus round: arbiter and its peers validate or replay the same file, the tools
//! taking turns run after run so that a noisy moment of the machine hits them all alike.

use crate::child::{self, ChildRun, Invocation};
use crate::pgn_reader_replay::{self, Tally};
use crate::stats::{human_rate, median, memory};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// One tool of the round.
enum Contender {
    /// pgn-reader + shakmaty in this process.
    PgnReader,
    /// A program run as a child process.
    Child(Invocation),
}

struct Row {
    label: String,
    contender: Contender,
    walls: Vec<Duration>,
    peak_kb: Option<u64>,
    last: Option<ChildRun>,
}

/// Where the tools are and how many rounds to run.
pub(crate) struct Setup<'a> {
    pub(crate) corpus: &'a Path,
    pub(crate) arbiter: &'a Path,
    pub(crate) runs: usize,
    pub(crate) cores: usize,
    pub(crate) time: Option<&'a Path>,
    /// Peers the user asked to leave out (`ARBITER_BENCH_SKIP`).
    pub(crate) skip: &'a [String],
}

fn rows(setup: &Setup<'_>) -> (Vec<Row>, Vec<String>) {
    let mut missing = Vec::new();
    let row = |label: String, contender| Row { label, contender, walls: Vec::new(), peak_kb: None, last: None };
    let validate =
        |threads: usize| Invocation::new(setup.arbiter, &[&"validate", &"--jobs", &threads.to_string(), &setup.corpus]);
    let mut rows = vec![
        row("pgn-reader + shakmaty (in-process)".into(), Contender::PgnReader),
        row("arbiter validate, 1 thread".into(), Contender::Child(validate(1))),
        row(format!("arbiter validate, {} cores", setup.cores), Contender::Child(validate(setup.cores))),
    ];
    let wanted = |name: &str| !setup.skip.iter().any(|s| s == name);
    if wanted("pgn-extract") {
        match child::find_program(&["pgn-extract", "/usr/games/pgn-extract"]) {
            Some(program) => rows.push(row(
                "pgn-extract -r -s".into(),
                Contender::Child(Invocation::new(program, &[&"-r", &"-s", &setup.corpus])),
            )),
            None => missing.push("pgn-extract (apt-get install pgn-extract)".into()),
        }
    }
    if wanted("python-chess") {
        let script = crate::arbiter_binary::repository_file("benches/peers/python_chess_replay.py");
        let python = PathBuf::from("python3");
        let has_chess =
            std::process::Command::new(&python).args(["-c", "import chess.pgn"]).status().is_ok_and(|s| s.success());
        if has_chess {
            rows.push(row(
                "python-chess read_game".into(),
                Contender::Child(Invocation::new(python, &[&script, &setup.corpus])),
            ));
        } else {
            missing.push("python-chess (pip install chess)".into());
        }
    }
    (rows, missing)
}

/// Runs the round and prints its table; returns pgn-reader's tally.
pub(crate) fn run(setup: &Setup<'_>) -> Tally {
    let (mut rows, missing) = rows(setup);
    let mut tally = None;
    for round in 0..setup.runs {
        // Each round starts with a different tool.
        let count = rows.len();
        for offset in 0..count {
            let Some(row) = rows.get_mut((round + offset) % count) else { continue };
            match &row.contender {
                Contender::PgnReader => {
                    let started = Instant::now();
                    let t = pgn_reader_replay::replay(setup.corpus);
                    row.walls.push(started.elapsed());
                    assert!(tally.is_none_or(|old| old == t), "pgn-reader counted differently between runs");
                    tally = Some(t);
                }
                Contender::Child(invocation) => {
                    let r = child::run(invocation, setup.time);
                    row.walls.push(r.wall);
                    row.peak_kb = row.peak_kb.max(r.max_rss_kb);
                    row.last = Some(r);
                }
            }
        }
    }
    let tally = tally.unwrap_or_default();
    print_table(setup, &rows, tally);
    for name in missing {
        println!("not measured: {name} is not installed");
    }
    tally
}

fn print_table(setup: &Setup<'_>, rows: &[Row], tally: Tally) {
    let plies = tally.plies as f64;
    println!(
        "corpus: {} games ({} broken for shakmaty), {} plies on the main lines; median of {} runs",
        tally.games, tally.broken, tally.plies, setup.runs
    );
    println!(
        "{:<36} {:>9} {:>10} {:>13} {:>12} {:>10}",
        "tool", "time (s)", "plies/s", "vs pgn-reader", "vs arbiter 1", "peak RSS"
    );
    let time_of = |label_start: &str| {
        rows.iter().find(|r| r.label.starts_with(label_start)).map(|r| median(&r.walls).as_secs_f64())
    };
    let reference = time_of("pgn-reader").unwrap_or(f64::NAN);
    let arbiter_one = time_of("arbiter validate, 1").unwrap_or(f64::NAN);
    for row in rows {
        let t = median(&row.walls).as_secs_f64();
        let measured = matches!(row.contender, Contender::Child(_)) && setup.time.is_some();
        println!(
            "{:<36} {:>9.3} {:>10} {:>12.3}x {:>11.2}x {:>10}",
            row.label,
            t,
            human_rate(plies / t),
            reference / t,
            arbiter_one / t,
            memory(row.peak_kb, measured)
        );
    }
    println!("(\"vs\" columns: how many times faster than that tool each row is; above 1 is faster)");
    for row in rows {
        if let Some(last) = &row.last {
            let code = last.exit_code.map_or_else(|| "killed by a signal".to_string(), |c| format!("exit {c}"));
            println!(
                "  {}: {code}, {}",
                row.label,
                if last.last_line.is_empty() { "no output" } else { &last.last_line }
            );
        }
    }
}
