//! Perft against published node counts.
//!
//! Every `fixtures/perft/*.epd` file is read; the variant comes from the file
//! name (`chess.epd` → variant `chess`). A file holds blocks of
//!
//! ```text
//! id NAME
//! epd FEN
//! perft DEPTH NODES
//! perft DEPTH NODES
//! ```
//!
//! separated by blank lines; `#` starts a comment line.
//!
//! * `perft_small` (every `cargo test`) checks each count up to [`SMALL_LIMIT`] nodes.
//! * `perft_large` (`#[ignore]`) checks the rest; run it in release:
//!   `cargo test --release --test integration -- --ignored perft::`. Set
//!   `ARBITER_PERFT_MAX_NODES=N` to skip counts above N.
//!
//! Entries run in parallel on `available_parallelism()` threads (or
//! `ARBITER_PERFT_THREADS`).

use arbiter::rules::perft::perft;
use arbiter::variants::lookup;
use arbiter::variants::prelude::*;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Counts up to this many nodes run in the normal test run.
const SMALL_LIMIT: u64 = 2_000_000;

/// One `perft DEPTH NODES` line with the position it belongs to.
#[derive(Clone, Debug)]
struct Entry {
    file: PathBuf,
    line: usize,
    variant: String,
    id: String,
    fen: String,
    depth: u32,
    nodes: u64,
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{} [{}] {} depth {} ({})",
            self.file.display(),
            self.line,
            self.variant,
            self.id,
            self.depth,
            self.fen
        )
    }
}

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures").join("perft")
}

fn epd_files() -> Vec<PathBuf> {
    let dir = fixture_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|ext| ext == "epd"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no *.epd files in {}", dir.display());
    files
}

/// Reads one fixture file; panics with the file and line on malformed input.
fn parse_file(path: &Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let variant = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_else(|| panic!("{}: file name is not UTF-8", path.display()))
        .to_string();
    let mut entries = Vec::new();
    let mut id: Option<String> = None;
    let mut fen: Option<String> = None;
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = raw.trim();
        let here = || format!("{}:{line_no}", path.display());
        if line.is_empty() {
            // A blank line ends the block.
            id = None;
            fen = None;
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match key {
            "id" => {
                assert!(!rest.is_empty(), "{}: `id` without a name", here());
                id = Some(rest.to_string());
                fen = None;
            }
            "epd" => {
                assert!(!rest.is_empty(), "{}: `epd` without a position", here());
                fen = Some(rest.to_string());
            }
            "perft" => {
                let mut parts = rest.split_whitespace();
                let depth: u32 = parts
                    .next()
                    .and_then(|d| d.parse().ok())
                    .unwrap_or_else(|| panic!("{}: `perft` needs a depth", here()));
                let nodes: u64 = parts
                    .next()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or_else(|| panic!("{}: `perft` needs a node count", here()));
                assert!(parts.next().is_none(), "{}: trailing text after the node count", here());
                let fen = fen.clone().unwrap_or_else(|| panic!("{}: `perft` before any `epd`", here()));
                entries.push(Entry {
                    file: path.to_path_buf(),
                    line: line_no,
                    variant: variant.clone(),
                    id: id.clone().unwrap_or_else(|| format!("line {line_no}")),
                    fen,
                    depth,
                    nodes,
                });
            }
            other => panic!("{}: unknown key `{other}`", here()),
        }
    }
    entries
}

fn all_entries() -> Vec<Entry> {
    epd_files().iter().flat_map(|p| parse_file(p)).collect()
}

fn env_number<T: std::str::FromStr>(name: &str) -> Option<T> {
    let value = std::env::var(name).ok()?;
    Some(value.trim().parse().unwrap_or_else(|_| panic!("{name}={value} is not a number")))
}

/// Runs `entries` on several threads (largest first) and panics listing every
/// wrong count or unreadable position.
fn run(entries: Vec<Entry>) {
    assert!(!entries.is_empty(), "no perft entries selected");
    let mut entries = entries;
    entries.sort_by_key(|e| std::cmp::Reverse(e.nodes));

    // One variant per file name, looked up once.
    let mut variants: BTreeMap<String, Box<dyn Variant>> = BTreeMap::new();
    for e in &entries {
        if !variants.contains_key(&e.variant) {
            let v = lookup(&e.variant, &BTreeMap::new())
                .unwrap_or_else(|err| panic!("{}: variant from the file name: {err}", e.file.display()));
            variants.insert(e.variant.clone(), v);
        }
    }

    let threads = env_number::<usize>("ARBITER_PERFT_THREADS")
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get))
        .clamp(1, entries.len());
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::<String>::new());
    let started = Instant::now();

    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(e) = entries.get(i) else { break };
                let variant = variants[&e.variant].as_ref();
                let t = Instant::now();
                let outcome = match variant.read_snapshot(&e.fen) {
                    Err(err) => Err(format!("{e}: snapshot rejected: {err}")),
                    Ok(pos) => {
                        let got = perft(variant, &pos, e.depth);
                        if got == e.nodes {
                            Ok(())
                        } else {
                            let diff = i128::from(got) - i128::from(e.nodes);
                            Err(format!("{e}: expected {} nodes, got {got} ({diff:+})", e.nodes))
                        }
                    }
                };
                eprintln!(
                    "{} {:<22} depth {} {:>11} nodes {:>8.2?}",
                    if outcome.is_ok() { "ok  " } else { "FAIL" },
                    e.id,
                    e.depth,
                    e.nodes,
                    t.elapsed()
                );
                if let Err(msg) = outcome {
                    failures.lock().unwrap().push(msg);
                }
            });
        }
    });

    let total: u64 = entries.iter().map(|e| e.nodes).sum();
    eprintln!("{} entries, {total} nodes, {threads} threads, {:.2?}", entries.len(), started.elapsed());
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{} perft count(s) wrong:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn fixtures_are_well_formed() {
    for path in epd_files() {
        let entries = parse_file(&path);
        assert!(!entries.is_empty(), "{}: no perft lines", path.display());
        let stem = path.file_stem().unwrap().to_str().unwrap();
        let variant = lookup(stem, &BTreeMap::new()).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for e in &entries {
            assert!(e.depth >= 1, "{e}: depth 0 says nothing");
            if let Err(err) = variant.read_snapshot(&e.fen) {
                panic!("{e}: snapshot rejected: {err}");
            }
        }
    }
}

#[test]
fn perft_small() {
    let entries: Vec<Entry> = all_entries().into_iter().filter(|e| e.nodes <= SMALL_LIMIT).collect();
    run(entries);
}

#[test]
#[ignore = "deep perft; run with `cargo test --release --test integration -- --ignored perft::`"]
fn perft_large() {
    let cap = env_number::<u64>("ARBITER_PERFT_MAX_NODES").unwrap_or(u64::MAX);
    let entries: Vec<Entry> = all_entries().into_iter().filter(|e| e.nodes > SMALL_LIMIT && e.nodes <= cap).collect();
    run(entries);
}
