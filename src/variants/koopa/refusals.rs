//! Why a written Koopa turn is refused, in plain words naming squares: a capture of
//! one's own unit (K5), a capture that loses one's own king (K1), a stunned unit (K4),
//! castling that is blocked (K7), a promotion where the pawn does not end on its last
//! rank (K8), a capture written with its landing square (K10).

use super::moves::{self, own_king_loss};
use super::strike::{self, Strike};
use super::stuns::is_stunned;
use super::{Koopa, TERRAIN};
use crate::geometry::Square;
use crate::rules::castling::CastlingPath;
use crate::rules::movegen::{self, MoveFilter};
use crate::rules::refusal;
use crate::rules::san::WrittenMove;
use crate::rules::{Move, Position, Role, Wing};
use crate::variants::prelude::*;

/// Why no legal move of `role` strikes or reaches `to`, when there is more to say
/// than "no such unit can get there".
pub(super) fn unreachable(pos: &Position, written: &WrittenMove<'_>) -> Option<String> {
    let (role, to) = (written.role, written.to());
    if let Some(sq) = to {
        if let Some(piece) = pos.board().get(sq).filter(|p| p.color == pos.turn()) {
            return Some(format!("{sq} holds a {piece}, and only enemy units can be captured"));
        }
    }
    let filter = MoveFilter { role: Some(role), to };
    let mut pseudo = Vec::new();
    movegen::pseudo_moves(pos, &TERRAIN, filter, &mut pseudo);
    if let Some(reason) = pseudo.iter().filter(|m| m.capture && written.fits(m)).find_map(|m| own_king_loss(pos, m)) {
        return Some(reason);
    }
    // Would a stunned unit of ours get there if it were free?
    let mut freed = pos.clone();
    for sq in &pos.board().occupied_by(pos.turn()) {
        freed.board_mut().set_counter(sq, None);
    }
    pseudo.clear();
    movegen::pseudo_moves(&freed, &TERRAIN, filter, &mut pseudo);
    if let Some(mv) = pseudo.iter().find(|m| written.fits(m) && is_stunned(pos.board(), m.from)) {
        return Some(stunned_unit(pos, mv.from, role));
    }
    to.and_then(|sq| landing_written(pos, role, sq))
}

/// K10: a capture is written with the struck square; when `sq` is where one of the
/// unit's captures would land, say so and name the capture.
fn landing_written(pos: &Position, role: Role, sq: Square) -> Option<String> {
    let mut legal = Vec::new();
    moves::legal_moves(pos, MoveFilter { role: Some(role), to: None }, &mut legal);
    let mv = legal.iter().find(|m| m.capture && strike::trace(pos.board(), m).capturer_square(m) == Some(sq))?;
    Some(format!(
        "{sq} is where the {} lands after {}; a capture is written with the square it strikes",
        role.name(),
        Koopa.write_move(pos, mv)
    ))
}

fn stunned_unit(pos: &Position, sq: Square, role: Role) -> String {
    let left = match pos.board().counter(sq).unwrap_or(0) {
        1 => "1 ply".to_string(),
        n => format!("{n} plies"),
    };
    format!("the {} on {sq} is stunned ({left} left) and cannot move", role.name())
}

/// Why castling on `wing` is refused although the right is still held.
pub(super) fn castling(pos: &Position, wing: Wing) -> Option<String> {
    let rook = pos.castling().rook(pos.turn(), wing)?;
    let king = pos.board().king(pos.turn())?;
    let which = wing.notation();
    Some(if is_stunned(pos.board(), king) {
        format!("{which} is not legal here: {}", stunned_unit(pos, king, Role::King))
    } else if is_stunned(pos.board(), rook) {
        format!("{which} is not legal here: {}", stunned_unit(pos, rook, Role::Rook))
    } else if let Some(blocked) =
        CastlingPath::of(pos, &TERRAIN.castling, wing).and_then(|path| refusal::unit_in_the_way(pos, &path))
    {
        format!("{which} is not legal here: {blocked}")
    } else {
        format!("{which} is not legal here: a square the king or the rook crosses or lands on is not free")
    })
}

/// Why a promotion was written for a pawn capture that does not end on the last
/// rank; `mv` is the capture without promotion, `canonical` its notation.
pub(super) fn needless_promotion(pos: &Position, mv: &Move, canonical: &str) -> String {
    let end = match strike::trace(pos.board(), mv) {
        Strike::Bounce { landing: None, .. } => "runs off the board".to_string(),
        strike => format!("ends on {}", strike.capturer_square(mv).map_or_else(String::new, |s| s.to_string())),
    };
    format!("after {canonical} the pawn {end}, not on its last rank, so it cannot promote")
}
