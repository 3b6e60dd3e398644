//! Repetition keys (O8): what two positions must share to count as the same.

use super::{Position, Variant};
use std::hash::{Hash, Hasher};

/// A hash of everything O8 compares: units with their counters, craters, bubbles,
/// side to move, castling rights, a capturable en passant square, bombs and phase.
/// Clocks are left out.
pub fn key<V: Variant + ?Sized>(variant: &V, pos: &Position) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for (sq, piece) in pos.board.pieces() {
        sq.hash(&mut h);
        piece.hash(&mut h);
        pos.board.counter(sq).hash(&mut h);
    }
    pos.features.hash(&mut h);
    pos.turn.hash(&mut h);
    pos.castling.hash(&mut h);
    variant.capturable_ep_square(pos).hash(&mut h);
    pos.bombs.hash(&mut h);
    pos.phase.hash(&mut h);
    h.finish()
}
