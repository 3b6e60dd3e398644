//! Why a written move is refused, in Bellows' own terms: a unit or a square outside
//! the active board (L4), or a king the opponent could capture on its next ply (L6).

use super::moves::{self, terrain};
use super::schedule::{Region, Schedule};
use crate::geometry::Square;
use crate::rules::movegen::{self, MoveFilter};
use crate::rules::{Position, Role, Wing};

/// Why no legal move of `role` reaches `to`, when a unit of that role could get there
/// on the whole grid or the active board's moves fail for king safety.
pub fn unreachable(pos: &Position, schedule: &Schedule, role: Role, to: Option<Square>) -> Option<String> {
    let active = schedule.active(pos);
    let filter = MoveFilter { role: Some(role), to };
    let mut inside = Vec::new();
    movegen::pseudo_moves(pos, &terrain(active), filter, &mut inside);
    if let Some(mv) = inside.first() {
        return Some(unsafe_king(pos, schedule, role, mv.from, mv.to));
    }
    if let Some(to) = to.filter(|sq| !active.rect().contains(*sq)) {
        // L4: the destination lies off the active board.
        return Some(format!(
            "{to} lies outside the active board {}: no unit may move there this ply",
            active.describe()
        ));
    }
    let mut anywhere = Vec::new();
    movegen::pseudo_moves(pos, &terrain(Region::Large), filter, &mut anywhere);
    let mv = anywhere.first()?;
    Some(if active.rect().contains(mv.from) {
        format!(
            "the {} on {} cannot leave the active board {} to reach {}",
            role.name(),
            mv.from,
            active.describe(),
            mv.to
        )
    } else {
        // L4, seed "Rules": a unit off the active board may not move.
        format!(
            "the {} on {} stands outside the active board {} and may not move this ply",
            role.name(),
            mv.from,
            active.describe()
        )
    })
}

/// L6: the move would let the opponent capture the mover's king on its next ply.
fn unsafe_king(pos: &Position, schedule: &Schedule, role: Role, from: Square, to: Square) -> String {
    let king = pos.turn.name().to_lowercase();
    let them = pos.turn.other().name();
    let next = schedule.next(pos).describe();
    if moves::in_check(pos, schedule) {
        format!(
            "the {king} king is in check ({them} could capture it on its next ply, on the {next} board), and {} {from} to {to} does not end the check",
            role.name()
        )
    } else {
        format!(
            "the {} on {from} cannot move to {to}: {them} could then capture the {king} king on its next ply, on the {next} board",
            role.name()
        )
    }
}

/// Why castling on `wing` is refused, when the reason is Bellows' own: a square of
/// king or rook outside the active board (L4), or a king's square the opponent could
/// capture on its next ply (L6). `None` leaves the general explanation.
pub fn castling(pos: &Position, schedule: &Schedule, wing: Wing) -> Option<String> {
    let rook = pos.castling.rook(pos.turn, wing)?;
    let king = pos.board.king(pos.turn).filter(|k| k.rank() == rook.rank())?;
    let name = if wing == Wing::King { "O-O" } else { "O-O-O" };
    let [queen_side, king_side] = terrain(Region::Large).castling.king_files;
    let king_to = Square::at(if wing == Wing::King { king_side } else { queen_side }, king.rank());
    let rook_to = movegen::rook_beside(king_to, wing);
    let active = schedule.active(pos);
    let mut squares = movegen::span(king, king_to).chain(movegen::span(rook, rook_to));
    if let Some(outside) = squares.find(|sq| !active.rect().contains(*sq)) {
        return Some(format!(
            "{name} is not legal here: {outside} lies outside the active board {}, and castling needs all its squares inside it",
            active.describe()
        ));
    }
    let next = schedule.next(pos);
    let threatened = movegen::span(king, king_to).find(|&sq| moves::is_threatened(pos, &terrain(next), sq))?;
    Some(format!(
        "{name} is not legal here: {} could capture the king on {threatened} on its next ply, on the {} board",
        pos.turn.other().name(),
        next.describe()
    ))
}
