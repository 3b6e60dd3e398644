//! Why a written Koopa turn is refused, in plain words naming squares: a capture of
//! one's own unit (K5), a capture that loses one's own king (K1), a stunned unit (K4),
//! castling that is blocked (K7), a promotion where the pawn does not end on its last
//! rank (K8), a capture written with its landing square (K10).

use super::moves;
use super::strike::{self, Strike};
use super::stuns::is_stunned;
use super::{Koopa, TERRAIN};
use crate::geometry::Square;
use crate::rules::castling::CastlingPath;
use crate::rules::movegen::{self, MoveFilter};
use crate::rules::refusal::{self, CastlingCause, KoopaCause, Refusal, UnitAt};
use crate::rules::san::WrittenMove;
use crate::rules::{Move, Position, Role, Wing};
use crate::variants::prelude::*;

/// Why no legal move of `role` strikes or reaches `to`, when there is more to say
/// than "no such unit can get there".
pub(super) fn unreachable(pos: &Position, written: &WrittenMove<'_>) -> Option<Refusal> {
    let (role, to) = (written.role, written.to());
    if let Some(on) = to {
        if let Some(piece) = pos.board().get(on).filter(|p| p.color == pos.turn()) {
            return Some(Refusal::Koopa(KoopaCause::OwnUnitOnTarget { on, piece }));
        }
    }
    let filter = MoveFilter { role: Some(role), to };
    let mut pseudo = Vec::new();
    movegen::pseudo_moves(pos, &TERRAIN, filter, &mut pseudo);
    if let Some(reason) = pseudo.iter().filter(|m| m.capture && written.fits(m)).find_map(|m| own_king_loss(pos, m)) {
        return Some(Refusal::Koopa(reason));
    }
    // Would a stunned unit of ours get there if it were free?
    let mut freed = pos.clone();
    for sq in &pos.board().occupied_by(pos.turn()) {
        freed.board_mut().set_counter(sq, None);
    }
    pseudo.clear();
    movegen::pseudo_moves(&freed, &TERRAIN, filter, &mut pseudo);
    if let Some(mv) = pseudo.iter().find(|m| written.fits(m) && is_stunned(pos.board(), m.from)) {
        return Some(Refusal::Koopa(stunned_unit(pos, mv.from, role)));
    }
    to.and_then(|sq| landing_written(pos, role, sq)).map(Refusal::Koopa)
}

/// K10: a capture is written with the struck square; when `sq` is where one of the
/// unit's captures would land, say so and name the capture.
fn landing_written(pos: &Position, role: Role, sq: Square) -> Option<KoopaCause> {
    let mut legal = Vec::new();
    moves::legal_moves(pos, MoveFilter { role: Some(role), to: None }, &mut legal);
    let mv = legal.iter().find(|m| m.capture && strike::trace(pos.board(), m).capturer_square(m) == Some(sq))?;
    Some(KoopaCause::LandingWritten { on: sq, role, capture: vec![Koopa.write_move(pos, mv)] })
}

fn stunned_unit(pos: &Position, sq: Square, role: Role) -> KoopaCause {
    KoopaCause::Stunned { unit: UnitAt { role, on: sq }, plies: pos.board().counter(sq).unwrap_or(0) }
}

fn stunned_castler(pos: &Position, sq: Square, role: Role) -> CastlingCause {
    CastlingCause::Stunned { unit: UnitAt { role, on: sq }, plies: pos.board().counter(sq).unwrap_or(0) }
}

/// Why castling on `wing` is refused although the right is still held.
pub(super) fn castling(pos: &Position, wing: Wing) -> Option<CastlingCause> {
    let rook = pos.castling().rook(pos.turn(), wing)?;
    let king = pos.board().king(pos.turn())?;
    Some(if is_stunned(pos.board(), king) {
        stunned_castler(pos, king, Role::King)
    } else if is_stunned(pos.board(), rook) {
        stunned_castler(pos, rook, Role::Rook)
    } else if let Some(unit) =
        CastlingPath::of(pos, &TERRAIN.castling, wing).and_then(|path| refusal::unit_in_the_way(pos, &path))
    {
        CastlingCause::UnitInTheWay { unit }
    } else {
        CastlingCause::SquareNotFree
    })
}

/// Why a promotion was written for a pawn capture that does not end on the last
/// rank; `mv` is the capture without promotion, `canonical` its notation.
pub(super) fn needless_promotion(pos: &Position, mv: &Move, canonical: String) -> KoopaCause {
    let end = match strike::trace(pos.board(), mv) {
        Strike::Bounce { landing: None, .. } => None,
        strike => Some(strike.capturer_square(mv).unwrap_or(mv.to)),
    };
    KoopaCause::NoPromotionThere { capture: vec![canonical], end }
}

/// Whether a capture is refused because it would take the mover's own king off the
/// board (K1), and how.
fn own_king_loss(pos: &Position, mv: &Move) -> Option<KoopaCause> {
    let strike = strike::trace(pos.board(), mv);
    if !strike.removes_king(pos.board(), mv, pos.turn()) {
        return None;
    }
    let side = pos.turn();
    Some(match strike {
        Strike::Kick { .. } => KoopaCause::KickLosesKing {
            unit: UnitAt { role: mv.role, on: mv.from },
            to: mv.to,
            side,
            king: pos.board().king(side).unwrap_or(mv.to),
        },
        Strike::Bounce { .. } => KoopaCause::KingBouncesOff { side, from: mv.from, to: mv.to },
    })
}
