//! True reasons for refused moves in orthodox terms, shared by the variants with
//! check: the unit that would attack the king is named, and the cause is the one a
//! trial of the move shows (a pin, an unanswered check, a king stepping into an
//! attack), never a guess. Castling refusals name the condition that fails.

use super::castling::{CastlingPath, CastlingRules};
use super::check::{attackers, king_safe};
use super::movegen::{move_units, pseudo_moves, MoveFilter, Terrain};
use super::san::WrittenMove;
use super::{Color, Move, MoveKind, Piece, Position, Role, Wing};
use crate::geometry::Square;

/// `the bishop on b5`: a unit by role and square.
fn unit_at(pos: &Position, sq: Square) -> String {
    let role = pos.board().get(sq).map_or("unit", |p| p.role.name());
    format!("the {role} on {sq}")
}

fn side(color: Color) -> String {
    color.name().to_lowercase()
}

/// Why the moves of `pos`'s board that fit `written` leave the mover's king attacked
/// (inside `terrain`'s area), for the first such pseudo-legal move; `None` when no
/// unit could make a move that fits.
pub fn king_safety(pos: &Position, terrain: &Terrain, written: &WrittenMove<'_>) -> Option<String> {
    let mut pseudo = Vec::new();
    pseudo_moves(pos, terrain, MoveFilter { role: Some(written.role), to: written.to() }, &mut pseudo);
    let mv = pseudo.iter().find(|m| written.fits(m))?;
    exposed_king(pos, terrain, mv)
}

/// Why `mv` leaves the mover's king attacked, naming the attacker; `None` when it
/// does not.
pub fn exposed_king(pos: &Position, terrain: &Terrain, mv: &Move) -> Option<String> {
    let us = pos.turn();
    let king_before = pos.board().king(us)?;
    let mut after = pos.clone();
    move_units(after.board_mut(), mv, us);
    let king = after.board().king(us)?;
    let attacker = attackers(&after, terrain, king).iter().next()?;
    let by = unit_at(&after, attacker);
    let checkers = attackers(pos, terrain, king_before);
    Some(if mv.role == Role::King {
        format!("the {} king may not move to {}: {by} would attack it there", side(us), mv.to)
    } else if checkers.contains(attacker) {
        format!(
            "the {} king on {king_before} is in check from {by}, and the {} on {} moving to {} does not answer it",
            side(us),
            mv.role.name(),
            mv.from,
            mv.to
        )
    } else if mv.kind == MoveKind::EnPassant {
        format!("the en passant capture on {} would expose the {} king on {king_before} to {by}", mv.to, side(us))
    } else {
        format!(
            "the {} on {} is pinned: moving it to {} would expose the {} king on {king_before} to {by}",
            mv.role.name(),
            mv.from,
            mv.to,
            side(us)
        )
    })
}

/// `the bishop on f1 stands in the way of king or rook`, when a unit does.
pub fn unit_in_the_way(pos: &Position, path: &CastlingPath) -> Option<String> {
    path.occupied_square(pos).map(|sq| format!("{} stands in the way of king or rook", unit_at(pos, sq)))
}

/// Why castling on `wing` is refused in orthodox terms: no right, no king or rook
/// where the right needs them, a square in the way, or the king in check, crossing
/// or reaching an attacked square (attacks judged inside `threats`' area).
pub fn castling(pos: &Position, rules: &CastlingRules, threats: &Terrain, wing: Wing) -> String {
    let us = pos.turn();
    let which = wing.notation();
    let Some(rook) = pos.castling().rook(us, wing) else {
        return format!("{} has no right to castle {which}", us.name());
    };
    let Some(path) = CastlingPath::of(pos, rules, wing) else {
        return format!("{which} is not legal here: the {} king does not stand on the rook's rank", side(us));
    };
    if pos.board().get(rook) != Some(Piece::new(us, Role::Rook)) {
        return format!("{which} is not legal here: no {} rook stands on {rook}", side(us));
    }
    if let Some(blocked) = unit_in_the_way(pos, &path) {
        return format!("{which} is not legal here: {blocked}");
    }
    if !king_safe(pos, us, threats) {
        let king = path.king;
        let by = attackers(pos, threats, king)
            .iter()
            .next()
            .map_or_else(String::new, |sq| format!(" from {}", unit_at(pos, sq)));
        return format!("{which} is not legal here: the {} king on {king} is in check{by}", side(us));
    }
    for sq in path.king_squares().filter(|&sq| sq != path.king) {
        if let Some(attacker) = attackers(pos, threats, sq).iter().next() {
            let verb = if sq == path.king_to { "lands on" } else { "crosses" };
            return format!(
                "{which} is not legal here: the king {verb} {sq}, which {} attacks",
                unit_at(pos, attacker)
            );
        }
    }
    let mut after = pos.clone();
    let castle = path.to_move();
    move_units(after.board_mut(), &castle, us);
    if let Some(attacker) = attackers(&after, threats, path.king_to).iter().next() {
        return format!(
            "{which} is not legal here: once king and rook stand on their new squares, {} attacks the king on {}",
            unit_at(&after, attacker),
            path.king_to
        );
    }
    format!("{which} is not legal here")
}
