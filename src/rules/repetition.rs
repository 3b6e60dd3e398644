//! Repetition keys (O8): what two positions must share to count as the same.

use super::{zobrist, Position, Rules};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A 64-bit key of everything O8 compares: the position's own incremental key (units
/// with their counters, craters, bubbles, side to move, castling rights, bombs and
/// phase) and the en passant square when a capture there is possible. Clocks are
/// left out.
pub fn key<V: Rules + ?Sized>(variant: &V, pos: &Position) -> u64 {
    if pos.ep_square().is_none() {
        // No double step on the last ply: nothing to ask the variant.
        return pos.key();
    }
    let ep = variant.capturable_ep_square(pos).map_or(0, zobrist::en_passant);
    pos.key() ^ ep
}

/// Keys are already well mixed; hashing them again would only cost time.
#[derive(Debug, Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// How often each position occurred.
pub type Occurrences = HashMap<u64, u32, BuildHasherDefault<KeyHasher>>;
