//! A position: the board, whose turn it is, castling rights, the en passant square,
//! the clocks, and the state that variants add ([`VariantState`]).
//!
//! Fields are private: changes go through methods, so the position's Zobrist key
//! (O8) stays right. The board keeps its own key as units come and go; the small
//! parts (side, rights, the variant's state) are folded in when the key is read.

use super::zobrist::{self, SetKind};
use super::{Board, ByColor, Castling, Color};
use crate::geometry::{Square, SquareSet};

/// The state only some variants use, grouped in one place that hashes itself:
/// Tilting's craters and bombs, Bubble Fizz's bubbles, Bellows' phase. Variants that
/// do not use a part leave it at its neutral value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct VariantState {
    craters: SquareSet,
    bubbles: ByColor<SquareSet>,
    bombs: ByColor<bool>,
    phase: u8,
}

impl VariantState {
    /// Tilting's craters (T4): no unit may stand on, and only knights may pass over,
    /// these.
    pub fn craters(&self) -> SquareSet {
        self.craters
    }

    /// Bubble Fizz's bubbles of one owner (F1).
    pub fn bubbles(&self, owner: Color) -> SquareSet {
        self.bubbles[owner]
    }

    /// Tilting (T1): whether `color` still holds its bomb.
    pub fn holds_bomb(&self, color: Color) -> bool {
        self.bombs[color]
    }

    /// Bellows (L3): the ply's place in the board schedule.
    pub fn phase(&self) -> u8 {
        self.phase
    }

    /// Whether no part is in use (the default state), tested in one pass over its
    /// words instead of field by field (asked for every repetition key).
    #[inline]
    fn is_neutral(&self) -> bool {
        let (bombs, [white, black]) = (self.bombs, [self.bubbles.white, self.bubbles.black]);
        (self.craters | white | black).is_empty() && !(bombs.white | bombs.black) && self.phase == 0
    }

    /// The key of this state (O8: craters, bubbles, bombs and phase are compared).
    #[inline]
    pub fn key(&self) -> u64 {
        if self.is_neutral() {
            // Chess, Bouncing and Koopa never leave it: no sets to walk.
            return NEUTRAL_STATE_KEY;
        }
        self.key_of_parts()
    }

    /// [`VariantState::key`] of a state with some part in use, kept out of line so
    /// that the neutral test above stays a few instructions wherever it is inlined.
    #[inline(never)]
    fn key_of_parts(&self) -> u64 {
        let extra = u64::from(self.bombs.white) | u64::from(self.bombs.black) << 1 | u64::from(self.phase) << 2;
        // Bubble Fizz holds no bombs and no phase: its extra key is the neutral one,
        // known at compile time.
        let extra_key = if extra == 0 { NEUTRAL_STATE_KEY } else { zobrist::extra(extra) };
        let bubbles = zobrist::set(SetKind::WhiteBubbles, self.bubbles.white)
            ^ zobrist::set(SetKind::BlackBubbles, self.bubbles.black);
        zobrist::set(SetKind::Craters, self.craters) ^ bubbles ^ extra_key
    }
}

/// [`VariantState::key`] of the neutral state: no craters, bubbles or bombs, phase 0.
const NEUTRAL_STATE_KEY: u64 = zobrist::extra(0);

/// Everything that decides what may happen next.
#[derive(Debug, PartialEq, Eq)]
pub struct Position {
    board: Board,
    turn: Color,
    castling: Castling,
    /// The square a pawn passed over with its two-square advance on the last ply,
    /// whether or not a capture there is possible.
    ep_square: Option<Square>,
    /// Plies since the last pawn move or capture (O6).
    halfmove: u32,
    /// Starts at 1 and grows after each Black turn.
    fullmove: u32,
    variant: VariantState,
}

impl Clone for Position {
    fn clone(&self) -> Position {
        Position { board: self.board.clone(), ..*self }
    }

    /// Copies `source` into `self` in place (see [`Board`]'s `clone_from`): what the
    /// replay does before it plays each ply.
    fn clone_from(&mut self, source: &Position) {
        let Position { board, turn, castling, ep_square, halfmove, fullmove, variant } = source;
        self.board.clone_from(board);
        self.turn = *turn;
        self.castling = *castling;
        self.ep_square = *ep_square;
        self.halfmove = *halfmove;
        self.fullmove = *fullmove;
        self.variant = *variant;
    }
}

impl Position {
    /// A position with no units, White to move, on a board of `board`'s area.
    pub fn new(board: Board) -> Position {
        Position {
            board,
            turn: Color::White,
            castling: Castling::default(),
            ep_square: None,
            halfmove: 0,
            fullmove: 1,
            variant: VariantState::default(),
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board, to change; it keeps its own invariants and key.
    pub fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    pub fn set_turn(&mut self, color: Color) {
        self.turn = color;
    }

    pub fn castling(&self) -> &Castling {
        &self.castling
    }

    pub fn castling_mut(&mut self) -> &mut Castling {
        &mut self.castling
    }

    /// The square a pawn passed over with its two-square advance on the last ply,
    /// whether or not a capture there is possible.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    pub fn set_ep_square(&mut self, sq: Option<Square>) {
        self.ep_square = sq;
    }

    /// Plies since the last pawn move or capture (O6).
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// Starts at 1 and grows after each Black turn.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    pub fn set_halfmove(&mut self, halfmove: u32) {
        self.halfmove = halfmove;
    }

    pub fn set_fullmove(&mut self, fullmove: u32) {
        self.fullmove = fullmove;
    }

    /// The state only some variants use.
    pub fn variant(&self) -> &VariantState {
        &self.variant
    }

    /// Tilting's craters (T4).
    pub fn craters(&self) -> SquareSet {
        self.variant.craters
    }

    /// Tilting (T3): the squares become craters.
    pub fn add_craters(&mut self, squares: SquareSet) {
        self.variant.craters = self.variant.craters.union(squares);
    }

    /// Removes every crater (to ask what a move would do without them).
    pub fn clear_craters(&mut self) {
        self.variant.craters = SquareSet::EMPTY;
    }

    /// Bubble Fizz's bubbles of one owner (F1).
    #[inline]
    pub fn bubbles(&self, owner: Color) -> SquareSet {
        self.variant.bubbles[owner]
    }

    /// Bubble Fizz: whether a bubble of `owner` stands on `sq` (read in place, the
    /// set not copied).
    #[inline]
    pub fn has_bubble(&self, owner: Color, sq: Square) -> bool {
        self.variant.bubbles[owner].contains(sq)
    }

    /// Bubble Fizz: a bubble of `owner` on `sq`, if none of its stood there.
    #[inline]
    pub fn add_bubble(&mut self, owner: Color, sq: Square) {
        self.variant.bubbles[owner].insert(sq);
    }

    /// Bubble Fizz: the bubble of `owner` on `sq`, if any, vanishes.
    #[inline]
    pub fn remove_bubble(&mut self, owner: Color, sq: Square) {
        self.variant.bubbles[owner].remove(sq);
    }

    /// Bubble Fizz: `owner`'s bubbles replaced at once by `squares` (F4's rise).
    #[inline]
    pub fn replace_bubbles(&mut self, owner: Color, squares: SquareSet) {
        self.variant.bubbles[owner] = squares;
    }

    /// Tilting (T1): whether `color` still holds its bomb.
    pub fn holds_bomb(&self, color: Color) -> bool {
        self.variant.bombs[color]
    }

    /// Tilting (T1): gives or takes `color`'s bomb.
    pub fn set_bomb(&mut self, color: Color, held: bool) {
        self.variant.bombs[color] = held;
    }

    /// Bellows (L3): the ply's place in the board schedule.
    pub fn phase(&self) -> u8 {
        self.variant.phase
    }

    pub fn set_phase(&mut self, phase: u8) {
        self.variant.phase = phase;
    }

    /// The Zobrist key of everything O8 compares but the en passant square: units
    /// with their counters, side to move, castling rights and the variant's state.
    /// Clocks are left out. See [`crate::rules::repetition::key`] for the whole key.
    pub fn key(&self) -> u64 {
        self.board.key() ^ zobrist::turn(self.turn) ^ self.castling.key() ^ self.variant.key()
    }

    /// Ends the side's turn: the clocks move on and the other side is to move.
    /// Written without branches: which side moved and whether the clock resets
    /// alternate from ply to ply in ways a processor guesses badly.
    pub fn pass_turn(&mut self, resets_halfmove: bool) {
        // All ones when the clock goes on, zero when it resets.
        let kept = u32::from(resets_halfmove).wrapping_sub(1);
        self.halfmove = self.halfmove.saturating_add(1) & kept;
        self.fullmove = self.fullmove.saturating_add(u32::from(self.turn == Color::Black));
        self.turn = self.turn.other();
    }
}

#[cfg(test)]
mod tests {
    use super::{ByColor, VariantState};
    use crate::geometry::{Square, SquareSet};
    use crate::rules::Color;

    #[test]
    fn a_state_is_neutral_exactly_when_it_equals_the_neutral_state() {
        let sq = Square::new(3, 4).expect("d5 is a square");
        let mut states = vec![
            VariantState::default(),
            VariantState { craters: SquareSet::only(sq), ..VariantState::default() },
            VariantState { phase: 1, ..VariantState::default() },
        ];
        for owner in Color::ALL {
            let mut bubbles = ByColor::new(SquareSet::EMPTY, SquareSet::EMPTY);
            bubbles[owner] = SquareSet::only(sq);
            let mut bombs = ByColor::new(false, false);
            bombs[owner] = true;
            states.push(VariantState { bubbles, ..VariantState::default() });
            states.push(VariantState { bombs, ..VariantState::default() });
        }
        for state in states {
            assert_eq!(state.is_neutral(), state == VariantState::default(), "{state:?}");
        }
    }
}
