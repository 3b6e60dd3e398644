//! Zobrist keys: one random-looking number per thing a position can hold, so that a
//! position's key is the exclusive or of the numbers of what it holds, and a change
//! updates the key by two look-ups instead of a recount (O8). Sets of squares that
//! change many at a time (craters, bubbles) are keyed whole instead, from their words.

#![allow(
    clippy::indexing_slicing,
    reason = "indices are Square::index() < SQUARE_SLOTS and unit kinds < 12, bounded by their types"
)]

use super::{Color, Piece};
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
enum Tag {
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
#[inline]
pub fn unit(piece: Piece, sq: Square) -> u64 {
    UNIT_KEYS[piece.color as usize * 6 + piece.role as usize][sq.index()]
}

/// Counters with a key from the table; a larger one (never made by the rules) is
/// mixed when asked for.
const TABLED_COUNTERS: usize = 8;

/// One number per stored counter value (the counter plus one) and square, made at
/// compile time; the row of value 0 (no counter) is all zeros, so that a change of
/// counter is keyed by two look-ups without asking whether there was one.
static COUNTER_KEYS: [[u64; SQUARE_SLOTS]; TABLED_COUNTERS + 1] = COUNTER_TABLE;

/// The table of [`COUNTER_KEYS`], made once at compile time for both tables of counters.
const COUNTER_TABLE: [[u64; SQUARE_SLOTS]; TABLED_COUNTERS + 1] = {
    let keyed = keys(Tag::Counter, {
        let mut rows = [0u64; TABLED_COUNTERS];
        let mut counter = 0;
        while counter < TABLED_COUNTERS {
            rows[counter] = (counter as u64) << 8;
            counter += 1;
        }
        rows
    });
    let mut table = [[0u64; SQUARE_SLOTS]; TABLED_COUNTERS + 1];
    let mut row = 0;
    while row < TABLED_COUNTERS {
        table[row + 1] = keyed[row];
        row += 1;
    }
    table
};

/// The key of a unit's counter (stun or pause) on a square.
#[inline]
pub fn counter(sq: Square, counter: u8) -> u64 {
    match COUNTER_KEYS.get(usize::from(counter) + 1) {
        Some(row) => row[sq.index()],
        None => mix((Tag::Counter as u64) << 40 | u64::from(counter) << 8 | sq.index() as u64),
    }
}

/// What a counter stored as `stored` changes in the key when it counts down by one
/// (to `stored - 1`; a stored 0, no counter, stays): one number per stored value and
/// square, made at compile time, so that a countdown costs one look-up.
static COUNT_DOWN_KEYS: [[u64; SQUARE_SLOTS]; TABLED_COUNTERS + 1] = {
    let mut table = [[0u64; SQUARE_SLOTS]; TABLED_COUNTERS + 1];
    let mut stored = 1;
    while stored <= TABLED_COUNTERS {
        let mut sq = 0;
        while sq < SQUARE_SLOTS {
            table[stored][sq] = COUNTER_TABLE[stored][sq] ^ COUNTER_TABLE[stored - 1][sq];
            sq += 1;
        }
        stored += 1;
    }
    table
};

/// The change to the key when the counter stored as `stored` on `sq` counts down by
/// one: `stored_counter(sq, stored) ^ stored_counter(sq, stored - 1)` (0 for no counter).
#[inline]
pub fn counted_down(sq: Square, stored: u8) -> u64 {
    match COUNT_DOWN_KEYS.get(usize::from(stored)) {
        Some(row) => row[sq.index()],
        None => stored_counter(sq, stored) ^ stored_counter(sq, stored - 1),
    }
}

/// The key of a counter stored as `stored` (the counter plus one; 0, no counter, has
/// the key 0).
#[inline]
pub fn stored_counter(sq: Square, stored: u8) -> u64 {
    match COUNTER_KEYS.get(usize::from(stored)) {
        Some(row) => row[sq.index()],
        None => counter(sq, stored.saturating_sub(1)),
    }
}

/// One number per square for the en passant square, made at compile time.
static EN_PASSANT_KEYS: [u64; SQUARE_SLOTS] = {
    let [row] = keys(Tag::EnPassant, [0]);
    row
};

/// The key of the en passant square `sq` (when a capture there is possible, O8).
#[inline]
pub fn en_passant(sq: Square) -> u64 {
    EN_PASSANT_KEYS[sq.index()]
}

/// The sets of squares a position keys whole ([`set`]).
#[derive(Clone, Copy, Debug)]
pub enum SetKind {
    Craters = 0,
    WhiteBubbles = 1,
    BlackBubbles = 2,
}

/// The tags of the kinds of [`SetKind`], in its order.
const KEYED_SETS: [Tag; 3] = [Tag::Crater, Tag::WhiteBubble, Tag::BlackBubble];

/// One number per kind of [`KEYED_SETS`] and word of a set, made at compile time,
/// then the mix of the last one alone: the key of an empty last word (the top four
/// ranks, empty on an 8x8 board), known without mixing.
static SET_SALTS: [[u64; 4]; 3] = {
    let mut table = [[0u64; 4]; 3];
    let mut kind = 0;
    while kind < KEYED_SETS.len() {
        let mut word = 0;
        while word < 3 {
            table[kind][word] = mix((KEYED_SETS[kind] as u64) << 40 | 0xFF << 16 | word as u64);
            word += 1;
        }
        table[kind][3] = mix(table[kind][2]);
        kind += 1;
    }
    table
};

/// The key of a set of squares of one kind (craters, a side's bubbles): each word of
/// the set mixed with a number of its own (of the kind and the word), so that reading
/// it costs a few multiplications whatever the set holds, and no change to the set
/// has to keep a key up to date. The empty set's key is 0.
#[inline]
pub fn set(kind: SetKind, squares: SquareSet) -> u64 {
    if squares.is_empty() {
        return 0;
    }
    let salts = &SET_SALTS[kind as usize];
    let [a, b, c] = squares.words();
    let top = if c == 0 { salts[3] } else { mix(c ^ salts[2]) };
    mix(a ^ salts[0]) ^ mix(b ^ salts[1]) ^ top
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

/// The key of the castling right `right` (colour times two plus wing) held with the
/// rook on the square of index `rook`, or 0 when `rook` is no square's index (the
/// right is not held): a look-up, no branch.
#[inline]
pub fn castling_right(right: usize, rook: u8) -> u64 {
    CASTLING_KEYS.get(right).and_then(|row| row.get(usize::from(rook))).copied().unwrap_or(0)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables hold the numbers the mixing makes (as large counters and other
    /// kinds of squares get them), so every way to a key agrees.
    #[test]
    fn tabled_keys_are_the_mixed_ones() {
        for index in 0..SQUARE_SLOTS {
            let Some(sq) = Square::from_index(index) else { continue };
            assert_eq!(en_passant(sq), mix((Tag::EnPassant as u64) << 40 | index as u64));
            for value in 0..=u8::MAX {
                assert_eq!(counter(sq, value), mix((Tag::Counter as u64) << 40 | u64::from(value) << 8 | index as u64));
                let stored = if value == 0 { 0 } else { counter(sq, value - 1) };
                assert_eq!(stored_counter(sq, value), stored, "the stored value {value} on {sq}");
                let lower = value.saturating_sub(1);
                let down = stored_counter(sq, value) ^ stored_counter(sq, lower);
                assert_eq!(counted_down(sq, value), down, "the stored value {value} on {sq} counted down");
            }
        }
    }

    /// A set's key tells sets apart (every one square, and the square added to
    /// another) and kinds apart, and is 0 only for the empty set.
    #[test]
    fn set_keys_differ_by_square_and_kind() {
        let squares: Vec<Square> = (0..SQUARE_SLOTS).filter_map(Square::from_index).collect();
        // The empty set's key, 0, is taken from the start: no other set may have it.
        let mut seen = std::collections::HashSet::from([0]);
        for kind in [SetKind::Craters, SetKind::WhiteBubbles, SetKind::BlackBubbles] {
            assert_eq!(set(kind, SquareSet::EMPTY), 0);
            let mut growing = SquareSet::EMPTY;
            for &sq in &squares {
                growing.insert(sq);
                assert!(seen.insert(set(kind, SquareSet::only(sq))), "{kind:?} on {sq} repeats a key");
                if growing.has_several() {
                    assert!(seen.insert(set(kind, growing)), "{kind:?} up to {sq} repeats a key");
                }
                // The empty top word's key is taken from the table: the same as mixed.
                let [a, b, c] = growing.words();
                let salts = SET_SALTS[kind as usize];
                assert_eq!(set(kind, growing), mix(a ^ salts[0]) ^ mix(b ^ salts[1]) ^ mix(c ^ salts[2]));
            }
        }
    }
}
