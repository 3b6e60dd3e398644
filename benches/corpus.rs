//! Corpus benchmark: how fast `arbiter validate` replays a real PGN corpus,
//! compared with pgn-reader + shakmaty replaying the same main lines.
//!
//! Run it with
//!
//! ```text
//! cargo bench --bench corpus
//! cargo bench --bench corpus -- /path/to/games.pgn      # another corpus
//! ARBITER_CORPUS=/path/to/games.pgn cargo bench --bench corpus
//! ARBITER_BENCH_RUNS=5 cargo bench --bench corpus       # best of 5, not 3
//! ```
//!
//! The default corpus is the repository's sample of 3,000 real games,
//! `fixtures/games/lichess-3000.pgn`; pass a bigger file for steadier numbers.
//!
//! What is measured, each as the best wall-clock time of several runs:
//!
//! 1. pgn-reader + shakmaty, in this process: a visitor plays every SAN move of
//!    each game's main line (variations skipped) on a shakmaty `Chess` position
//!    and counts the plies. Its ply count is used for every row.
//! 2. `arbiter validate FILE` as a child process, the release binary, once with
//!    `RAYON_NUM_THREADS=1` and once with the variable unset (all cores).
//!
//! Peak memory (maximum resident set size) of the arbiter runs is taken from
//! GNU `/usr/bin/time -v` when it is installed (`apt-get install time`);
//! otherwise the memory column says so.
//!
//! The arbiter binary is `CARGO_BIN_EXE_arbiter` when Cargo provides it, else
//! `target/release/arbiter` found from this executable's directory; when it is
//! missing, `cargo build --release --bin arbiter` builds it first.

#![allow(clippy::cast_precision_loss, reason = "rates and ratios of counts far below 2^52")]

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const DEFAULT_RUNS: usize = 3;

// ---------------------------------------------------------------------------
// pgn-reader + shakmaty
// ---------------------------------------------------------------------------

/// Totals over the whole corpus.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tally {
    games: u64,
    plies: u64,
    /// Games with an illegal or unparsable move, or a bad `[FEN]`.
    broken: u64,
}

#[derive(Default)]
struct Replayer {
    tally: Tally,
}

/// Per-game state: the position, or `None` once the game has gone wrong.
struct Game {
    pos: Option<Chess>,
}

impl Visitor for Replayer {
    type Tags = Option<Chess>;
    type Movetext = Game;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.tally.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let parsed = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|fen| fen.into_position::<Chess>(CastlingMode::Chess960).ok());
            if let Some(pos) = parsed {
                *tags = Some(pos);
            } else {
                self.tally.broken += 1;
                // Replay nothing for this game.
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(Game { pos: Some(tags.unwrap_or_default()) })
    }

    fn san(&mut self, game: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        if let Some(pos) = game.pos.as_mut() {
            if let Ok(m) = san_plus.san.to_move(pos) {
                pos.play_unchecked(m);
                self.tally.plies += 1;
            } else {
                self.tally.broken += 1;
                game.pos = None;
            }
        }
        ControlFlow::Continue(())
    }

    // `begin_variation` keeps its default: skip every variation.

    fn end_game(&mut self, _game: Self::Movetext) -> Self::Output {}
}

fn replay_with_pgn_reader(corpus: &Path) -> Tally {
    let file = std::fs::File::open(corpus).unwrap_or_else(|e| panic!("cannot open {}: {e}", corpus.display()));
    let mut reader = Reader::new(file);
    let mut replayer = Replayer::default();
    while reader.read_game(&mut replayer).unwrap_or_else(|e| panic!("cannot read {}: {e}", corpus.display())).is_some()
    {
    }
    replayer.tally
}

// ---------------------------------------------------------------------------
// arbiter validate
// ---------------------------------------------------------------------------

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `target/release/arbiter`, looked for in the directories above this executable
/// (`target/release/deps/corpus-HASH`).
fn find_release_binary() -> Option<PathBuf> {
    let exe_name = format!("arbiter{}", std::env::consts::EXE_SUFFIX);
    let me = std::env::current_exe().ok()?;
    me.ancestors().skip(1).take(4).map(|dir| dir.join(&exe_name)).find(|p| p.is_file())
}

/// The binary and where it was found.
fn arbiter_binary() -> (PathBuf, &'static str) {
    if let Some(path) = option_env!("CARGO_BIN_EXE_arbiter").map(PathBuf::from).filter(|p| p.is_file()) {
        return (path, "CARGO_BIN_EXE_arbiter");
    }
    if let Some(path) = find_release_binary() {
        return (path, "next to the bench executable");
    }
    eprintln!("arbiter binary not found; running `cargo build --release --bin arbiter`");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "--release", "--bin", "arbiter"])
        .current_dir(manifest_dir())
        .status()
        .expect("cannot run cargo");
    assert!(status.success(), "cargo build --release --bin arbiter failed");
    let path = find_release_binary()
        .or_else(|| Some(manifest_dir().join("target/release/arbiter")).filter(|p| p.is_file()))
        .expect("arbiter binary still missing after cargo build");
    (path, "built by `cargo build --release --bin arbiter`")
}

/// Whether GNU time's `-v` works here.
fn gnu_time() -> Option<PathBuf> {
    let path = PathBuf::from("/usr/bin/time");
    let ok = Command::new(&path)
        .args(["-v", "true"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    ok.then_some(path)
}

/// One `arbiter validate` run.
struct ArbiterRun {
    wall: Duration,
    /// Kilobytes, from GNU time.
    max_rss_kb: Option<u64>,
    /// CPU time over wall time in percent, from GNU time (above 100 means threads worked in parallel).
    cpu_percent: Option<u64>,
    exit_code: Option<i32>,
    /// The last line of standard output: `N game(s): a valid, b invalid, c unreadable`.
    summary: String,
}

fn run_arbiter(binary: &Path, corpus: &Path, threads: Option<usize>, time: Option<&Path>) -> ArbiterRun {
    let rss_file = std::env::temp_dir().join(format!("arbiter-bench-rss-{}.txt", std::process::id()));
    let mut cmd = match time {
        Some(time) => {
            let mut c = Command::new(time);
            c.arg("-v").arg("-o").arg(&rss_file).arg(binary);
            c
        }
        None => Command::new(binary),
    };
    cmd.arg("validate").arg(corpus).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::null());
    match threads {
        Some(n) => cmd.env("RAYON_NUM_THREADS", n.to_string()),
        None => cmd.env_remove("RAYON_NUM_THREADS"),
    };
    let started = Instant::now();
    let output = cmd.output().unwrap_or_else(|e| panic!("cannot run {}: {e}", binary.display()));
    let wall = started.elapsed();
    let report = time.and_then(|_| std::fs::read_to_string(&rss_file).ok()).unwrap_or_default();
    let _ = std::fs::remove_file(&rss_file);
    let field = |name: &str| -> Option<u64> {
        report
            .lines()
            .find_map(|l| l.trim().strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches('%').parse().ok())
    };
    let max_rss_kb = field("Maximum resident set size (kbytes):");
    let cpu_percent = field("Percent of CPU this job got:");
    let stdout = String::from_utf8_lossy(&output.stdout);
    ArbiterRun {
        wall,
        max_rss_kb,
        cpu_percent,
        exit_code: output.status.code(),
        summary: stdout.lines().last().unwrap_or("").to_string(),
    }
}

// ---------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------

fn corpus_path() -> PathBuf {
    // `cargo bench` passes `--bench`; the corpus is the first argument that is not a flag.
    if let Some(arg) = std::env::args().skip(1).find(|a| !a.starts_with('-')) {
        return PathBuf::from(arg);
    }
    if let Some(path) = std::env::var_os("ARBITER_CORPUS") {
        return PathBuf::from(path);
    }
    manifest_dir().join("fixtures/games/lichess-3000.pgn")
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}

fn human_rate(per_sec: f64) -> String {
    if per_sec >= 1e6 {
        format!("{:.2} M", per_sec / 1e6)
    } else if per_sec >= 1e3 {
        format!("{:.1} k", per_sec / 1e3)
    } else {
        format!("{per_sec:.0}")
    }
}

fn main() {
    let corpus = corpus_path();
    let size = std::fs::metadata(&corpus)
        .unwrap_or_else(|e| panic!("corpus {}: {e} (pass a path or set ARBITER_CORPUS)", corpus.display()))
        .len();
    let runs: usize =
        std::env::var("ARBITER_BENCH_RUNS").ok().and_then(|v| v.parse().ok()).unwrap_or(DEFAULT_RUNS).max(1);
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);

    // (a) pgn-reader + shakmaty.
    let mut best_ref = Duration::MAX;
    let mut tally = Tally::default();
    for run in 0..runs {
        let started = Instant::now();
        let t = replay_with_pgn_reader(&corpus);
        best_ref = best_ref.min(started.elapsed());
        if run > 0 {
            assert_eq!(t, tally, "pgn-reader counted differently between runs");
        }
        tally = t;
    }
    let plies = tally.plies as f64;

    // (b) arbiter validate, one thread and all cores.
    let (binary, found) = arbiter_binary();
    let time = gnu_time();
    let configs: [(String, Option<usize>); 2] =
        [("arbiter validate, 1 thread".to_string(), Some(1)), (format!("arbiter validate, all cores ({cores})"), None)];
    let mut rows = Vec::new();
    for (label, threads) in configs {
        let mut best = Duration::MAX;
        let mut rss: Option<u64> = None;
        let mut cpu: Option<u64> = None;
        let mut last = None;
        for _ in 0..runs {
            let r = run_arbiter(&binary, &corpus, threads, time.as_deref());
            if r.wall < best {
                best = r.wall;
                cpu = r.cpu_percent;
            }
            rss = match (rss, r.max_rss_kb) {
                (Some(a), Some(b)) => Some(a.max(b)),
                (a, b) => a.or(b),
            };
            last = Some(r);
        }
        rows.push((label, best, rss, cpu, last.expect("at least one run")));
    }

    // Table.
    println!();
    println!("corpus   {} ({:.1} MB)", corpus.display(), size as f64 / 1e6);
    println!(
        "games    {} ({} broken for shakmaty), {} plies on the main lines (pgn-reader's count, used for every row)",
        tally.games, tally.broken, tally.plies
    );
    println!("binary   {} ({found})", binary.display());
    println!("runs     best of {runs}; {cores} core(s) available");
    println!();
    println!(
        "{:<34} {:>9} {:>12} {:>18} {:>14} {:>6}",
        "", "time (s)", "plies/s", "ratio vs pgn-rdr", "max RSS", "CPU"
    );
    let ref_rate = plies / secs(best_ref);
    println!(
        "{:<34} {:>9.3} {:>12} {:>18} {:>14}",
        "pgn-reader + shakmaty (in-process)",
        secs(best_ref),
        human_rate(ref_rate),
        "1.00",
        "-"
    );
    for (label, best, rss, cpu, _) in &rows {
        let rate = plies / secs(*best);
        let mem = match (rss, &time) {
            (Some(kb), _) => format!("{:.1} MB", *kb as f64 / 1024.0),
            (None, None) => "n/a (no GNU time)".to_string(),
            (None, Some(_)) => "n/a".to_string(),
        };
        let cpu = cpu.map_or_else(|| "-".to_string(), |c| format!("{c}%"));
        println!(
            "{label:<34} {:>9.3} {:>12} {:>18.3} {mem:>14} {cpu:>6}",
            secs(*best),
            human_rate(rate),
            rate / ref_rate
        );
    }
    println!();
    for (label, _, _, _, last) in &rows {
        println!(
            "{label}: exit code {}, {}",
            last.exit_code.map_or_else(|| "none (killed by a signal)".to_string(), |c| c.to_string()),
            if last.summary.is_empty() { "no output" } else { &last.summary }
        );
    }
    if time.is_none() {
        println!("peak memory not measured: GNU /usr/bin/time is not installed (apt-get install time)");
    }
    if let [(_, one, _, _, _), (_, all, _, _, _)] = rows.as_slice() {
        println!("speed-up with all cores: {:.2}x", secs(*one) / secs(*all));
    }
}
