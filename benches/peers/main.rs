//! The peers benchmark: arbiter side by side with the tools of its field, in one run.
//!
//! ```text
//! cargo bench --bench peers                                  # the repository's 3,000 games
//! cargo bench --bench peers -- /path/to/games.pgn            # another corpus
//! ARBITER_BENCH_RUNS=5 cargo bench --bench peers             # median of 5 runs, not 3
//! ARBITER_BENCH_ONLY=corpus,perft cargo bench --bench peers  # some rounds only
//! ARBITER_BENCH_SKIP=python-chess cargo bench --bench peers  # leave a slow peer out
//! tools/bench-peers.sh [CORPUS]                              # installs the peers first
//! ```
//!
//! Three rounds, each printing a table with ratios taken in the same run:
//!
//! 1. **corpus**: `arbiter validate` on one thread and on every core, pgn-reader +
//!    shakmaty replaying the same main lines in this process, pgn-extract `-r -s`
//!    (Debian's package) and python-chess's `read_game` loop, run in turns, with the
//!    peak memory of every child process (GNU `/usr/bin/time -v`). A peer that is not
//!    installed is named and left out.
//! 2. **perft**: `arbiter perft` against `shakmaty::perft` on Kiwipete
//!    (`ARBITER_BENCH_PERFT_DEPTH`, default 4).
//! 3. **variants**: the cost of a replayed ply in every variant against chess
//!    (`ARBITER_BENCH_GAMES` random games per variant, default 500).

#![allow(clippy::cast_precision_loss, reason = "rates and ratios of counts far below 2^52")]
#![allow(clippy::print_stdout, reason = "a benchmark prints its table")]

mod arbiter_binary;
mod child;
mod corpus;
mod perft;
mod pgn_reader_replay;
mod stats;
mod variants;

use std::path::PathBuf;

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default).max(1)
}

fn env_list(name: &str) -> Vec<String> {
    std::env::var(name)
        .map(|v| v.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect())
        .unwrap_or_default()
}

fn corpus_path() -> PathBuf {
    // `cargo bench` passes `--bench`; the corpus is the first argument that is not a flag.
    if let Some(arg) = std::env::args().skip(1).find(|a| !a.starts_with('-')) {
        return PathBuf::from(arg);
    }
    arbiter_binary::repository_file("fixtures/games/lichess-3000.pgn")
}

fn main() {
    let runs = env_number("ARBITER_BENCH_RUNS", 3);
    let only = env_list("ARBITER_BENCH_ONLY");
    let skip = env_list("ARBITER_BENCH_SKIP");
    let round = |name: &str| only.is_empty() || only.iter().any(|o| o == name);
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let (arbiter, found) = arbiter_binary::find_or_build();
    let time = child::gnu_time();
    println!("arbiter: {} ({found}); {cores} core(s)", arbiter.display());
    if time.is_none() {
        println!("peak memory not measured: GNU /usr/bin/time is not installed (apt-get install time)");
    }
    if round("corpus") {
        let corpus = corpus_path();
        let size = std::fs::metadata(&corpus)
            .unwrap_or_else(|e| panic!("corpus {}: {e} (pass a path after --)", corpus.display()))
            .len();
        println!("\ncorpus file: {} ({:.1} MB)", corpus.display(), size as f64 / 1e6);
        let setup =
            corpus::Setup { corpus: &corpus, arbiter: &arbiter, runs, cores, time: time.as_deref(), skip: &skip };
        corpus::run(&setup);
    }
    if round("perft") {
        println!();
        let depth = u32::try_from(env_number("ARBITER_BENCH_PERFT_DEPTH", 4)).unwrap_or(4);
        perft::run(&arbiter, depth, runs);
    }
    if round("variants") {
        println!();
        variants::run(env_number("ARBITER_BENCH_GAMES", 500), runs);
    }
}
