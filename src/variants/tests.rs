//! Invariants every variant keeps: its start position is the one its start snapshot
//! describes, and the incremental key of a position equals the key of the same
//! units placed from scratch, after every turn of random games.

use super::{bellows, bubble_fizz, chess, koopa, lookup, tilting, VARIANTS};
use crate::rules::{Board, Position, Turn};
use crate::variants::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;

/// Every variant with every combination of its rule options.
fn every_variant() -> Vec<(&'static str, Box<dyn Variant>)> {
    let mut all = Vec::new();
    for info in VARIANTS {
        let mut combos = vec![BTreeMap::new()];
        for option in info.options {
            combos = combos
                .into_iter()
                .flat_map(|combo| {
                    option.values.iter().map(move |value| {
                        let mut next = combo.clone();
                        next.insert(option.key.to_string(), value.to_string());
                        next
                    })
                })
                .collect();
        }
        for combo in combos {
            all.push((info.id, lookup(info.id, &combo).unwrap()));
        }
    }
    all
}

/// Walks `games` seeded random games of `variant` from its start, each at most `plies`
/// plies long: `visit` is given every position that has a legal turn, with its legal
/// turns and the game's random numbers, before one of those turns is played.
pub(crate) fn walk_random_games<V: Variant + ?Sized>(
    variant: &V,
    games: u64,
    plies: usize,
    mut visit: impl FnMut(&Position, &[Turn], &mut SmallRng),
) {
    for seed in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut pos = variant.start();
        for _ in 0..plies {
            let mut turns = Vec::new();
            variant.legal_turns(&pos, &mut turns);
            if turns.is_empty() {
                break;
            }
            visit(&pos, &turns, &mut rng);
            pos = variant.play(&pos, &turns[rng.gen_range(0..turns.len())]);
        }
    }
}

fn start_snapshot(id: &str) -> &'static str {
    match id {
        "tilting" => tilting::START,
        "koopa" => koopa::START,
        "bellows" => bellows::START,
        "bubble-fizz" => bubble_fizz::START,
        _ => chess::START,
    }
}

#[test]
fn start_positions_are_their_start_snapshots() {
    for (id, variant) in every_variant() {
        let read = variant.read_snapshot(start_snapshot(id)).unwrap();
        assert_eq!(variant.start(), read, "{id}");
        assert_eq!(variant.start().key(), read.key(), "{id}");
    }
}

/// The board's units and counters placed one by one on an empty board.
fn rebuilt(board: &Board) -> Board {
    let mut fresh = Board::empty(board.area());
    for (sq, piece) in board.pieces() {
        fresh.put(sq, piece);
        fresh.set_counter(sq, board.counter(sq));
    }
    fresh
}

#[test]
fn incremental_keys_match_keys_from_scratch() {
    for (id, variant) in every_variant() {
        for game in 0..8u64 {
            let mut pos: Position = variant.start();
            let mut seed = game.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            for _ in 0..80 {
                let mut turns = Vec::new();
                variant.legal_turns(&pos, &mut turns);
                if turns.is_empty() || !matches!(variant.outcome(&pos), Ok(None)) {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let turn = &turns[(seed % turns.len() as u64) as usize];
                pos = variant.play(&pos, turn);
                assert_eq!(pos.board().key(), rebuilt(pos.board()).key(), "{id}: {}", variant.write_snapshot(&pos));
            }
        }
    }
}
