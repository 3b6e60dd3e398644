//! Zobrist keys: one random-looking number per thing a position can hold, so that a
//! position's key is the exclusive or of the numbers of what it holds, and a change
//! updates the key by two look-ups instead of a recount (O8).

#![allow(
    clippy::indexing_slicing,
    reason = "indices are Square::index() < SQUARE_SLOTS and unit kinds < 12, bounded by their types"
)]

use super::{Color, Piece, Wing};
use crate::geometry::{Square, SquareSet, SQUARE_SLOTS};

/// Spreads the bits of a value (splitmix64's finaliser).
pub const fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// What a key stands for, so that equal squares of different things differ.
#[derive(Clone, Copy, Debug)]
#[repr(u64)]
pub enum Tag {
    Unit = 1,
    Crater = 2,
    WhiteBubble = 3,
    BlackBubble = 4,
    Castling = 5,
    EnPassant = 6,
    Extra = 7,
    Counter = 8,
    Turn = 9,
}

/// A table of one number per row and square, `rows` giving each row's bits beside the
/// tag's and the square's, made at compile time.
const fn keys<const ROWS: usize>(tag: Tag, rows: [u64; ROWS]) -> [[u64; SQUARE_SLOTS]; ROWS] {
    let mut table = [[0u64; SQUARE_SLOTS]; ROWS];
    let mut row = 0;
    while row < ROWS {
        let mut sq = 0;
        while sq < SQUARE_SLOTS {
            table[row][sq] = mix((tag as u64) << 40 | rows[row] | sq as u64);
            sq += 1;
        }
        row += 1;
    }
    table
}

/// One number per unit kind (colour and role) and square, made at compile time.
static UNIT_KEYS: [[u64; SQUARE_SLOTS]; 12] = keys(Tag::Unit, {
    let mut rows = [0u64; 12];
    let mut unit = 0;
    while unit < 12 {
        rows[unit] = (unit as u64) << 16;
        unit += 1;
    }
    rows
});

/// The key of a unit on a square.
pub fn unit(piece: Piece, sq: Square) -> u64 {
    UNIT_KEYS[piece.color as usize * 6 + piece.role as usize][sq.index()]
}

/// The key of a unit's counter (stun or pause) on a square.
pub fn counter(sq: Square, counter: u8) -> u64 {
    mix((Tag::Counter as u64) << 40 | u64::from(counter) << 8 | sq.index() as u64)
}

/// The key of one square of a kind (`tag`).
pub fn square(tag: Tag, sq: Square) -> u64 {
    mix((tag as u64) << 40 | sq.index() as u64)
}

/// The key of a set of squares of one kind.
pub fn set(tag: Tag, squares: SquareSet) -> u64 {
    if squares.is_empty() {
        // Most positions have no craters or bubbles: no walk over empty words.
        return 0;
    }
    squares.iter().fold(0, |key, sq| key ^ square(tag, sq))
}

/// One number per castling right (colour, wing) and rook square, made at compile
/// time: a position's key folds its rights in at every ply.
static CASTLING_KEYS: [[u64; SQUARE_SLOTS]; 4] = keys(Tag::Castling, {
    let mut rows = [0u64; 4];
    let mut right = 0;
    while right < 4 {
        let (color, wing) = (right as u64 / 2, right as u64 % 2);
        rows[right] = color << 12 | wing << 8;
        right += 1;
    }
    rows
});

/// The key of a castling right.
pub fn castling(color: Color, wing: Wing, rook: Square) -> u64 {
    CASTLING_KEYS[color as usize * 2 + wing as usize][rook.index()]
}

/// The key of the side to move.
pub fn turn(color: Color) -> u64 {
    match color {
        Color::White => 0,
        Color::Black => mix((Tag::Turn as u64) << 40),
    }
}

/// The key of a small number of a variant's own state (bombs, phase).
pub const fn extra(value: u64) -> u64 {
    mix((Tag::Extra as u64) << 40 | value)
}
