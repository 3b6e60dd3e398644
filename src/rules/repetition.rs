//! Repetition keys (O8): what two positions must share to count as the same.

#![allow(
    clippy::indexing_slicing,
    reason = "indices are Square::index() < SQUARE_SLOTS and Color::index() < 2, bounded by their types"
)]

use super::{Position, Variant};
use crate::geometry::{SquareSet, SQUARE_SLOTS};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Spreads the bits of a value (splitmix64's finaliser).
const fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// One random-looking number per unit kind (colour and role) and square, made at
/// compile time, so that a position's key costs a table look-up per unit.
static UNIT_KEYS: [[u64; SQUARE_SLOTS]; 12] = {
    let mut table = [[0u64; SQUARE_SLOTS]; 12];
    let mut unit = 0;
    while unit < 12 {
        let mut sq = 0;
        while sq < SQUARE_SLOTS {
            table[unit][sq] = mix((1 << 40) | ((unit as u64) << 16) | sq as u64);
            sq += 1;
        }
        unit += 1;
    }
    table
};

/// Folds a set of squares of one kind (`tag`) into the key.
fn fold_set(key: u64, tag: u64, set: &SquareSet) -> u64 {
    set.iter().fold(key, |k, sq| k ^ mix(tag << 16 | sq.index() as u64))
}

/// A 64-bit key of everything O8 compares: units with their counters, craters,
/// bubbles, side to move, castling rights, a capturable en passant square, bombs and
/// phase. Clocks are left out.
pub fn key<V: Variant + ?Sized>(variant: &V, pos: &Position) -> u64 {
    let mut key = 0u64;
    for (sq, piece) in pos.board.pieces() {
        key ^= UNIT_KEYS[piece.color as usize * 6 + piece.role as usize][sq.index()];
        if let Some(counter) = pos.board.counter(sq) {
            key ^= mix(8 << 16 | (counter as u64) << 8 | sq.index() as u64);
        }
    }
    key = fold_set(key, 2, &pos.features.craters);
    key = fold_set(key, 3, &pos.features.bubbles[0]);
    key = fold_set(key, 4, &pos.features.bubbles[1]);
    for color in crate::rules::Color::ALL {
        for wing in crate::rules::Wing::ALL {
            if let Some(rook) = pos.castling.rook(color, wing) {
                key ^= mix(5 << 16 | (color as u64) << 12 | (wing as u64) << 8 | rook.index() as u64);
            }
        }
    }
    if let Some(ep) = variant.capturable_ep_square(pos) {
        key ^= mix(6 << 16 | ep.index() as u64);
    }
    let extra = (pos.turn as u64) | (pos.bombs[0] as u64) << 1 | (pos.bombs[1] as u64) << 2 | (pos.phase as u64) << 3;
    key ^ mix(7 << 16 | extra)
}

/// Keys are already well mixed; hashing them again would only cost time.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// How often each position occurred.
pub type Occurrences = HashMap<u64, u32, BuildHasherDefault<KeyHasher>>;
