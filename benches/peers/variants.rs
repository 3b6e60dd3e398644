//! The variants round: the cost of replaying a ply in each variant, side by side with
//! orthodox chess in one run (the goal: every variant within 2x of chess per turn).
//!
//! For every variant, seeded random legal games (up to 120 plies, the same seeds for
//! every variant) are written as records in canonical notation. What is timed is the
//! work `arbiter validate` does per game: parsing the record, resolving every written
//! turn, playing it, checking its notation and check mark, repetition bookkeeping and
//! the final outcome (`arbiter::cli::load`), on one thread, median of several runs.

use crate::stats::median;
use arbiter::cli::load;
use arbiter::record::GameReader;
use arbiter::replay::ReplayOptions;
use arbiter::rules::{Color, Turn};
use arbiter::variants::prelude::*;
use arbiter::variants::{lookup, VARIANTS};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

const MAX_PLIES: usize = 120;

/// A record of `games` random legal games and its number of plies.
fn random_records(variant: &dyn Variant, games: usize) -> (String, usize) {
    let mut text = String::new();
    let mut plies = 0;
    let mut turns: Vec<Turn> = Vec::new();
    for seed in 0..games as u64 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut pos = variant.start();
        text.push_str(&format!("[Variant \"{}\"]\n\n", variant.id()));
        for _ in 0..MAX_PLIES {
            if !matches!(variant.outcome(&pos), Ok(None)) {
                break;
            }
            turns.clear();
            variant.legal_turns(&pos, &mut turns);
            let turn = &turns[rng.gen_range(0..turns.len())];
            if pos.turn() == Color::White {
                text.push_str(&format!("{}. ", pos.fullmove()));
            }
            text.push_str(&variant.write_turn(&pos, turn).expect("a decided notation"));
            text.push(' ');
            pos = variant.play(&pos, turn);
            plies += 1;
        }
        text.push_str("*\n\n");
    }
    (text, plies)
}

/// One replay of every game of `text`.
fn time_replay(text: &str) -> Duration {
    // As `arbiter validate` replays: a verdict only, no position kept per ply.
    let options = ReplayOptions { verdict_only: true, ..ReplayOptions::default() };
    let start = Instant::now();
    for raw in GameReader::new(text.as_bytes()).flatten() {
        let loaded = load("bench.pgn", raw, &options);
        assert!(loaded.problems().is_empty(), "a random game has problems");
    }
    start.elapsed()
}

/// Runs the round and prints its table.
pub(crate) fn run(games: usize, runs: usize) {
    let records: Vec<(&'static str, String, usize)> = VARIANTS
        .iter()
        .filter(|v| v.is_implemented())
        .map(|info| {
            let variant = lookup(info.id, &std::collections::BTreeMap::new()).expect("an implemented variant builds");
            let (text, plies) = random_records(variant.as_ref(), games);
            (info.id, text, plies)
        })
        .collect();
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); records.len()];
    for _ in 0..runs {
        for ((_, text, _), samples) in records.iter().zip(&mut times) {
            samples.push(time_replay(text));
        }
    }
    println!("variants: {games} random games each, up to {MAX_PLIES} plies, 1 thread, median of {runs} runs");
    println!("{:<12} {:>8} {:>10} {:>12} {:>10}", "variant", "plies", "time (s)", "µs per ply", "vs chess");
    let mut chess_per_ply = None;
    for ((id, _, plies), samples) in records.iter().zip(&times) {
        let time = median(samples).as_secs_f64();
        let per_ply = time * 1e6 / (*plies).max(1) as f64;
        let base = *chess_per_ply.get_or_insert(per_ply);
        println!("{id:<12} {plies:>8} {time:>10.3} {per_ply:>12.2} {:>9.2}x", per_ply / base);
    }
}
