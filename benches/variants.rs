//! Variant benchmark: the cost of replaying a ply in each implemented variant, side
//! by side with orthodox chess in one run (SPEC section 8: variants within 2x of
//! standard chess per turn).
//!
//! ```text
//! cargo bench --bench variants
//! ARBITER_BENCH_GAMES=2000 cargo bench --bench variants
//! ```
//!
//! For every variant, seeded random legal games (up to 120 plies, the same seeds for
//! every variant) are written as records in canonical notation. What is timed is the
//! work `arbiter validate` does per game: parsing the record, resolving every written
//! turn, playing it, checking its notation and check mark, repetition bookkeeping and
//! the final outcome (`arbiter::cli::load`), on one thread, best of three runs.

#![allow(clippy::cast_precision_loss, reason = "rates and ratios of counts far below 2^52")]

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
const RUNS: usize = 3;

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
            if variant.outcome(&pos).is_some() {
                break;
            }
            turns.clear();
            variant.legal_turns(&pos, &mut turns);
            let turn = &turns[rng.gen_range(0..turns.len())];
            if pos.turn() == Color::White {
                text.push_str(&format!("{}. ", pos.fullmove()));
            }
            text.push_str(&variant.write_turn(&pos, turn));
            text.push(' ');
            pos = variant.play(&pos, turn);
            plies += 1;
        }
        text.push_str("*\n\n");
    }
    (text, plies)
}

/// The best time of [`RUNS`] replays of every game of `text`.
fn time_replay(text: &str) -> Duration {
    let options = ReplayOptions::default();
    (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            for raw in GameReader::new(text.as_bytes()).flatten() {
                let loaded = load("bench.pgn", raw, &options);
                assert!(loaded.problems().is_empty(), "a random game has problems");
            }
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let games = std::env::var("ARBITER_BENCH_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(500);
    println!("{games} random games per variant, up to {MAX_PLIES} plies each; replay on one thread, best of {RUNS}");
    println!("{:<10} {:>8} {:>10} {:>12} {:>10}", "variant", "plies", "time", "µs per ply", "vs chess");
    let mut chess_per_ply = None;
    for info in VARIANTS.iter().filter(|v| v.is_implemented()) {
        let variant = lookup(info.id, &std::collections::BTreeMap::new()).expect("an implemented variant builds");
        let (text, plies) = random_records(variant.as_ref(), games);
        let time = time_replay(&text);
        let per_ply = time.as_secs_f64() * 1e6 / plies.max(1) as f64;
        let base = *chess_per_ply.get_or_insert(per_ply);
        println!(
            "{:<10} {:>8} {:>9.3}s {:>12.2} {:>9.2}x",
            info.id,
            plies,
            time.as_secs_f64(),
            per_ply,
            per_ply / base
        );
    }
}
