//! A position: the board, the board features, whose turn it is, castling rights,
//! the en passant square, the clocks, and the state that variants add.

#![allow(
    clippy::indexing_slicing,
    reason = "indices are Square::index() < SQUARE_SLOTS and Color::index() < 2, bounded by their types"
)]

use super::{Board, Color};
use crate::geometry::{Square, SquareSet};

/// Things on squares that are not units.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Features {
    /// Tilting's craters (T4): no unit may stand on, and only knights may pass over, these.
    pub craters: SquareSet,
    /// Bubble Fizz's bubbles (F1), by owner: `[white, black]`.
    pub bubbles: [SquareSet; 2],
}

/// Which wing a castling right belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wing {
    /// Towards the a-file (`O-O-O`).
    Queen,
    /// Towards the h-file (`O-O`).
    King,
}

impl Wing {
    pub const ALL: [Wing; 2] = [Wing::Queen, Wing::King];
}

/// Castling rights, kept as the squares of the rooks that may still castle
/// (Chess960-capable, O2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Castling {
    rooks: [Option<Square>; 4],
}

impl Castling {
    fn slot(color: Color, wing: Wing) -> usize {
        color.index() * 2 + wing as usize
    }

    pub fn rook(&self, color: Color, wing: Wing) -> Option<Square> {
        self.rooks[Castling::slot(color, wing)]
    }

    pub fn set(&mut self, color: Color, wing: Wing, rook: Option<Square>) {
        self.rooks[Castling::slot(color, wing)] = rook;
    }

    /// Drops both rights of a side (its king moved or left the board).
    pub fn discard_side(&mut self, color: Color) {
        for wing in Wing::ALL {
            self.set(color, wing, None);
        }
    }

    /// Drops any right tied to a rook on `sq` (the rook moved or was removed).
    pub fn discard_rook(&mut self, sq: Square) {
        for slot in &mut self.rooks {
            if *slot == Some(sq) {
                *slot = None;
            }
        }
    }
}

/// Everything that decides what may happen next.
///
/// Fields that a variant does not use keep their neutral value (`features` empty,
/// `bombs` unused, `phase` 0), so one type serves all six variants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub board: Board,
    pub features: Features,
    pub turn: Color,
    pub castling: Castling,
    /// The square a pawn passed over with its two-square advance on the last ply,
    /// whether or not a capture there is possible.
    pub ep_square: Option<Square>,
    /// Plies since the last pawn move or capture (O6).
    pub halfmove: u32,
    /// Starts at 1 and grows after each Black turn.
    pub fullmove: u32,
    /// Tilting (T1): `[white, black]` still hold their bomb.
    pub bombs: [bool; 2],
    /// Bellows (L3): the ply's place in the board schedule.
    pub phase: u8,
}

impl Position {
    /// A position with no units, White to move, on a board of `board`'s area.
    pub fn new(board: Board) -> Position {
        Position {
            board,
            features: Features::default(),
            turn: Color::White,
            castling: Castling::default(),
            ep_square: None,
            halfmove: 0,
            fullmove: 1,
            bombs: [false; 2],
            phase: 0,
        }
    }

    /// Tilting (T1): whether `color` still holds its bomb.
    pub fn holds_bomb(&self, color: Color) -> bool {
        let [white, black] = self.bombs;
        match color {
            Color::White => white,
            Color::Black => black,
        }
    }

    /// Tilting (T1): gives or takes `color`'s bomb.
    pub fn set_bomb(&mut self, color: Color, held: bool) {
        let [white, black] = &mut self.bombs;
        *match color {
            Color::White => white,
            Color::Black => black,
        } = held;
    }

    /// Ends the side's turn: the clocks move on and the other side is to move.
    pub fn pass_turn(&mut self, resets_halfmove: bool) {
        self.halfmove = if resets_halfmove { 0 } else { self.halfmove.saturating_add(1) };
        if self.turn == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = self.turn.other();
    }
}
