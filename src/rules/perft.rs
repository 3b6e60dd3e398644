//! Perft: counting legal turn sequences, the standard test of move generators.

use super::{Notation, Position};

/// The number of legal turn sequences of `depth` plies from `pos`; the last ply is
/// counted without being played ([`Rules::count_legal_turns`](super::Rules::count_legal_turns)).
pub fn perft<V: Notation + ?Sized>(variant: &V, pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => return 1,
        1 => return variant.count_legal_turns(pos),
        _ => {}
    }
    let mut turns = Vec::new();
    variant.legal_turns(pos, &mut turns);
    turns.iter().map(|t| perft(variant, &variant.play(pos, t), depth - 1)).sum()
}

/// Perft split by first turn: each legal turn with its canonical notation and count,
/// sorted by notation.
pub fn divide<V: Notation + ?Sized>(variant: &V, pos: &Position, depth: u32) -> Vec<(String, u64)> {
    let mut turns = Vec::new();
    variant.legal_turns(pos, &mut turns);
    let mut rows: Vec<(String, u64)> = turns
        .iter()
        .map(|t| {
            let count = perft(variant, &variant.play(pos, t), depth.saturating_sub(1));
            (variant.write_turn(pos, t), count)
        })
        .collect();
    rows.sort();
    rows
}
