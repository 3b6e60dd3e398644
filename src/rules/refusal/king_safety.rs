//! King-safety refusals in orthodox terms, for the variants with check: the unit that
//! would attack the king is named, and the cause is the one a trial of the move
//! shows (a pin, an unanswered check, a king stepping into an attack), never a guess.

use super::{Refusal, UnitAt};
use crate::geometry::Square;
use crate::rules::check::attackers;
use crate::rules::movegen::{move_units, pseudo_moves, MoveFilter, Terrain};
use crate::rules::san::WrittenMove;
use crate::rules::{Move, MoveKind, Position, Role};

/// The unit standing on `sq` of `pos`'s board (a pawn where the square is empty,
/// which the callers never ask for).
pub(super) fn unit_at(pos: &Position, sq: Square) -> UnitAt {
    UnitAt { role: pos.board().get(sq).map_or(Role::Pawn, |p| p.role), on: sq }
}

/// Why the moves of `pos`'s board that fit `written` leave the mover's king attacked
/// (inside `terrain`'s area), for the first such pseudo-legal move; `None` when no
/// unit could make a move that fits.
pub fn king_safety(pos: &Position, terrain: &Terrain, written: &WrittenMove<'_>) -> Option<Refusal> {
    let mut pseudo = Vec::new();
    pseudo_moves(pos, terrain, MoveFilter { role: Some(written.role), to: written.to() }, &mut pseudo);
    let mv = pseudo.iter().find(|m| written.fits(m))?;
    exposed_king(pos, terrain, mv)
}

/// Why `mv` leaves the mover's king attacked, naming the attacker; `None` when it
/// does not.
pub fn exposed_king(pos: &Position, terrain: &Terrain, mv: &Move) -> Option<Refusal> {
    let side = pos.turn();
    let king_before = pos.board().king(side)?;
    let mut after = pos.clone();
    move_units(after.board_mut(), mv, side);
    let king = after.board().king(side)?;
    let attacker = attackers(&after, terrain, king).iter().next()?;
    let by = unit_at(&after, attacker);
    let checkers = attackers(pos, terrain, king_before);
    let unit = UnitAt { role: mv.role, on: mv.from };
    Some(if mv.role == Role::King {
        Refusal::KingIntoAttack { side, to: mv.to, by }
    } else if checkers.contains(attacker) {
        Refusal::CheckNotAnswered { side, king: king_before, checker: by, unit, to: mv.to }
    } else if mv.kind == MoveKind::EnPassant {
        Refusal::EnPassantExposesKing { side, to: mv.to, king: king_before, by }
    } else {
        Refusal::Pinned { side, unit, to: mv.to, king: king_before, by }
    })
}
