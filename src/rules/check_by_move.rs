//! The check a move gives, judged from the move alone: the unit that moved attacks
//! the enemy king from where it landed (direct check), or a line from the king through
//! the square it left now ends at one of the mover's rooks, bishops or queens
//! (discovered check). Exact only when the enemy king stood unattacked before the move,
//! which the replay vouches for after every legal move of a variant whose threats do
//! not change from ply to ply (chess, Tilting).

use super::movegen::{is_open, Terrain};
use super::{Move, MoveKind, Piece, Position, Role};
use crate::geometry::{attacks, Square, SquareSet};

/// Whether `mv`, just played into `after` (the opponent of its mover now to move),
/// attacks the opponent's king inside `terrain`'s area, as `check::king_safe` would
/// find; `None` for castling and en passant, which move or remove a second unit.
pub fn gives_check(after: &Position, terrain: &Terrain, mv: &Move) -> Option<bool> {
    if matches!(mv.kind, MoveKind::Castle { .. } | MoveKind::EnPassant) {
        return None;
    }
    let board = after.board();
    let (them, us) = (after.turn(), after.turn().other());
    let Some(king) = board.king(them) else { return Some(false) };
    if !terrain.area.contains(king) {
        return Some(false);
    }
    let craters = after.craters();
    let armed = |sq| is_open(&craters, &terrain.area, sq) && !board.immobile().contains(sq);
    // What stops a line: units, and squares outside the area or cratered; made only
    // when a line is followed.
    let stops = || board.occupied() | attacks::grid().difference(SquareSet::of_rect(terrain.area).difference(craters));
    let role = mv.promotion.unwrap_or(mv.role);
    let inert = role == Role::Pawn && mv.to.rank() == terrain.pawns.last_rank_of(us);
    if armed(mv.to) && !inert && reaches(Piece::new(us, role), mv.to, king, stops) {
        return Some(true);
    }
    // A line the move opened: from the king through the square left, to the first unit
    // or wall beyond it.
    let Some(dir) = attacks::direction_towards(king, mv.from) else { return Some(false) };
    let along = if attacks::is_orthogonal(dir) { Role::Rook } else { Role::Bishop };
    let sliders = board.occupied_by(us) & (board.role_set(along) | board.role_set(Role::Queen));
    if !attacks::ray(dir, king).intersects(sliders) {
        return Some(false);
    }
    let stops = stops();
    let Some(sniper) = (attacks::ray_attacks(dir, king, stops) & stops).single() else { return Some(false) };
    Some(sliders.contains(sniper) && armed(sniper))
}

/// Whether `piece` on `from` attacks `target`: a leaper by its pattern, a slider along
/// one of its lines with nothing of `stops` (made only when it stands on one) between.
/// Whether it may attack at all (paused, stunned, inert) is the caller's to judge.
pub fn reaches(piece: Piece, from: Square, target: Square, stops: impl FnOnce() -> SquareSet) -> bool {
    let slides = |lines: SquareSet| lines.contains(from) && !attacks::between(from, target).intersects(stops());
    match piece.role {
        Role::Pawn => attacks::pawn_attacks(from, piece.color == super::Color::White).contains(target),
        Role::Knight => attacks::knight_attacks(from).contains(target),
        Role::King => attacks::king_attacks(from).contains(target),
        Role::Bishop => slides(attacks::bishop_lines(target)),
        Role::Rook => slides(attacks::rook_lines(target)),
        Role::Queen => slides(attacks::rook_lines(target) | attacks::bishop_lines(target)),
    }
}
