//! What a Koopa capture does: an unstunned target is stunned and the capturer bounces
//! on along its line (K2); a stunned target is kicked off the board with everything
//! behind it (K3). Tracing a capture reads the board only, so move generation can ask
//! where a capture ends without playing it.

use super::stuns::is_stunned;
use super::TERRAIN;
use crate::geometry::{Delta, Square, SquareSet};
use crate::rules::{Board, Color, Move, Piece, Position, Role};

/// The effect of one capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Strike {
    /// K2: the target and every unstunned unit passed are stunned; the capturer lands
    /// on the first empty square, or leaves the board (`landing` is `None`).
    Bounce {
        /// Units the capturer stuns, the target included.
        stunned: SquareSet,
        /// Units the capturer passes that were already stunned (they keep their counter).
        passed: SquareSet,
        landing: Option<Square>,
    },
    /// K3: the target and every unit behind it on the line leave the board; the
    /// capturer stays on the target's square.
    Kick { removed: SquareSet },
}

impl Strike {
    /// Where the capturer of `mv` ends, `None` when it runs off the board.
    pub(super) fn capturer_square(&self, mv: &Move) -> Option<Square> {
        match self {
            Strike::Bounce { landing, .. } => *landing,
            Strike::Kick { .. } => Some(mv.to),
        }
    }

    /// Whether the capture takes the king of `color` off the board, with `mv` made
    /// by a unit of that colour (K1 forbids it for the mover's own king).
    pub(super) fn removes_king(&self, board: &Board, mv: &Move, color: Color) -> bool {
        match self {
            Strike::Kick { removed } => board.king(color).is_some_and(|king| removed.contains(king)),
            Strike::Bounce { landing, .. } => landing.is_none() && mv.role == Role::King,
        }
    }
}

/// The line a capture continues along: one square at a time, or for a knight one
/// whole leap at a time (K2).
pub(super) fn direction(mv: &Move) -> Delta {
    let d = mv.from.delta_to(mv.to);
    if mv.role == Role::Knight {
        d
    } else {
        Delta::new(d.files.signum(), d.ranks.signum())
    }
}

/// The next square along `dir`, if it is on the board.
fn next(sq: Square, dir: Delta) -> Option<Square> {
    sq.step(dir).filter(|s| TERRAIN.area.contains(*s))
}

/// What the capture `mv` (a move with `capture` set, `to` the struck square) does.
pub(super) fn trace(board: &Board, mv: &Move) -> Strike {
    let dir = direction(mv);
    if is_stunned(board, mv.to) {
        let mut removed = SquareSet::EMPTY;
        let mut at = Some(mv.to);
        while let Some(sq) = at {
            if !board.is_empty_at(sq) {
                removed.insert(sq);
            }
            at = next(sq, dir);
        }
        return Strike::Kick { removed };
    }
    let mut stunned = SquareSet::EMPTY;
    let mut passed = SquareSet::EMPTY;
    let mut at = Some(mv.to);
    while let Some(sq) = at {
        if board.is_empty_at(sq) {
            break;
        }
        if is_stunned(board, sq) {
            passed.insert(sq);
        } else {
            stunned.insert(sq);
        }
        at = next(sq, dir);
    }
    Strike::Bounce { stunned, passed, landing: at }
}

/// Plays the capture `mv` of the side to move on `pos`'s board and castling rights,
/// and returns its effect. Newly stunned units are left for the stun clock to mark
/// (see [`super::stuns::tick`]).
pub(super) fn apply(pos: &mut Position, mv: &Move) -> Strike {
    let us = pos.turn();
    let strike = trace(pos.board(), mv);
    pos.board_mut().take(mv.from);
    pos.castling_mut().discard_rook(mv.from);
    if mv.role == Role::King {
        pos.castling_mut().discard_side(us);
    }
    if let Strike::Kick { removed } = strike {
        for sq in &removed {
            // K7: a king or rook that leaves the board takes its rights with it.
            if let Some((piece, _)) = pos.board_mut().take(sq) {
                match piece.role {
                    Role::King => pos.castling_mut().discard_side(piece.color),
                    Role::Rook => pos.castling_mut().discard_rook(sq),
                    _ => {}
                }
            }
        }
    }
    if let Some(square) = strike.capturer_square(mv) {
        // K8: a pawn that lands on its last rank (by a bounce or a kick) promotes.
        pos.board_mut().put(square, Piece::new(us, mv.promotion.unwrap_or(mv.role)));
    }
    strike
}
