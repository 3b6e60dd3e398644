//! Castling refusals in orthodox terms: no right, no king or rook where the right
//! needs them, a unit in the way, or the king in check, crossing or reaching an
//! attacked square; each names the squares and units.

use super::king_safety::unit_at;
use super::{CastlingCause, Refusal, UnitAt};
use crate::rules::castling::{CastlingPath, CastlingRules};
use crate::rules::check::{attackers, king_safe};
use crate::rules::movegen::{move_units, Terrain};
use crate::rules::{Piece, Position, Role, Wing};

/// The unit standing on a square king or rook must cross or reach, when one does.
pub fn unit_in_the_way(pos: &Position, path: &CastlingPath) -> Option<UnitAt> {
    path.occupied_square(pos).map(|sq| unit_at(pos, sq))
}

/// Why castling on `wing` is refused in orthodox terms (attacks judged inside
/// `threats`' area).
pub fn castling(pos: &Position, rules: &CastlingRules, threats: &Terrain, wing: Wing) -> Refusal {
    Refusal::Castling { wing, cause: castling_cause(pos, rules, threats, wing) }
}

fn castling_cause(pos: &Position, rules: &CastlingRules, threats: &Terrain, wing: Wing) -> CastlingCause {
    let side = pos.turn();
    let Some(rook) = pos.castling().rook(side, wing) else {
        return CastlingCause::NoRight { side };
    };
    let Some(path) = CastlingPath::of(pos, rules, wing) else {
        return CastlingCause::KingOffRank { side };
    };
    if pos.board().get(rook) != Some(Piece::new(side, Role::Rook)) {
        return CastlingCause::NoRook { side, on: rook };
    }
    if let Some(unit) = unit_in_the_way(pos, &path) {
        return CastlingCause::UnitInTheWay { unit };
    }
    if !king_safe(pos, side, threats) {
        let king = path.king;
        let by = attackers(pos, threats, king).iter().next().map(|sq| unit_at(pos, sq));
        return CastlingCause::KingInCheck { side, king, by };
    }
    for on in path.king_squares().filter(|&sq| sq != path.king) {
        if let Some(attacker) = attackers(pos, threats, on).iter().next() {
            return CastlingCause::AttackedSquare { on, lands: on == path.king_to, by: unit_at(pos, attacker) };
        }
    }
    let mut after = pos.clone();
    let castle = path.to_move();
    move_units(after.board_mut(), &castle, side);
    if let Some(attacker) = attackers(&after, threats, path.king_to).iter().next() {
        return CastlingCause::AttackedAfter { on: path.king_to, by: unit_at(&after, attacker) };
    }
    CastlingCause::Unexplained
}
