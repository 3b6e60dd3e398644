//! Stun counters (K4): a stunned unit carries the number of plies it stays stunned in
//! the board's per-unit counter, and is written with vchess's stunned letters.

use crate::geometry::{Square, SquareSet};
use crate::render::{MarkedUnit, UnitMarks};
use crate::rules::{Board, Color, Piece, Position, Role};

/// The counter the stunning ply gives (K4: four half-moves).
pub(super) const STUN_PLIES: u8 = 4;

/// vchess's letters for stunned units, in the order of [`Role::ALL`]
/// (pawn, knight, bishop, rook, queen, king): `s o c u t l`.
const STUNNED_LETTERS: [char; 6] = ['s', 'o', 'c', 'u', 't', 'l'];

/// Whether the unit on `sq` is stunned.
pub(super) fn is_stunned(board: &Board, sq: Square) -> bool {
    board.counter(sq).is_some_and(|c| c > 0)
}

/// The letter of a stunned unit: `s u o c t l` for p r n b q k, upper case for White.
pub(super) fn stunned_letter(piece: Piece) -> char {
    let letter = STUNNED_LETTERS.get(piece.role as usize).copied().unwrap_or('?');
    match piece.color {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter,
    }
}

/// Reads a stunned letter.
pub(super) fn from_stunned_letter(c: char) -> Option<Piece> {
    let index = STUNNED_LETTERS.iter().position(|&l| l == c.to_ascii_lowercase())?;
    let role = *Role::ALL.get(index)?;
    let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
    Some(Piece::new(color, role))
}

/// The end of a ply (K4): every counter set before it drops by one (a unit at 0 has
/// recovered and loses its counter), and the units stunned during it get
/// [`STUN_PLIES`].
/// Only the units that hold a counter are visited.
pub(super) fn tick(board: &mut Board, fresh: SquareSet) {
    let fresh = fresh & board.occupied();
    for sq in &board.counted().difference(fresh) {
        let left = board.counter(sq).and_then(|c| c.checked_sub(1)).filter(|&c| c > 0);
        board.set_counter(sq, left);
    }
    for sq in &fresh {
        board.set_counter(sq, Some(STUN_PLIES));
    }
}

/// Stunned units in reading order, with their counters.
pub(super) fn stunned_units(pos: &Position) -> Vec<(Square, Piece, u8)> {
    pos.board()
        .area()
        .reading_order()
        .filter_map(|sq| Some((sq, pos.board().get(sq)?, pos.board().counter(sq)?)))
        .collect()
}

/// The stunned units as diagrams mark them: their stunned letters on the board and a
/// legend line of counters.
pub(super) fn marks(pos: &Position) -> Vec<UnitMarks> {
    let units: Vec<MarkedUnit> = stunned_units(pos)
        .into_iter()
        .map(|(square, piece, counter)| MarkedUnit { square, counter, symbol: stunned_letter(piece) })
        .collect();
    if units.is_empty() {
        return Vec::new();
    }
    vec![UnitMarks { label: "stunned (plies left)", units }]
}
