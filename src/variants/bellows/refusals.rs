//! Why a written move is refused, in Bellows' own terms: a unit or a square outside
//! the active board (L4), or a king the opponent could capture on its next ply (L6).

use super::moves::{self, terrain};
use super::schedule::{Region, Schedule};
use crate::geometry::Square;
use crate::rules::castling::CastlingPath;
use crate::rules::legal::Arena;
use crate::rules::movegen::{self, MoveFilter};
use crate::rules::refusal::{BellowsCause, CastlingCause, Refusal, UnitAt};
use crate::rules::san::WrittenMove;
use crate::rules::{Position, Role, Wing};

/// Why no legal move of `role` reaches `to`: a unit that could get there but would
/// leave its king capturable (L6), a destination off the active board, or a unit that
/// stands off it (L4). `None` leaves the general explanation (also when legal moves to
/// `to` exist and only the written source does not fit them).
pub(super) fn unreachable(pos: &Position, schedule: &Schedule, written: &WrittenMove<'_>) -> Option<Refusal> {
    let (role, to) = (written.role, written.to()?);
    let active = schedule.active(pos);
    let filter = MoveFilter { role: Some(role), to: Some(to) };
    let mut legal = Vec::new();
    moves::legal_moves(pos, schedule, filter, &mut legal);
    let mut inside = Vec::new();
    movegen::pseudo_moves(pos, &terrain(active), filter, &mut inside);
    if let Some(mv) = inside.iter().find(|m| written.fits(m) && !legal.contains(m)) {
        return Some(unsafe_king(pos, schedule, role, mv.from, mv.to));
    }
    if !legal.is_empty() {
        return None;
    }
    if !active.rect().contains(to) {
        // L4: the destination lies off the active board.
        return Some(Refusal::Bellows(BellowsCause::TargetOffBoard { to, active: active.rect() }));
    }
    let mut anywhere = Vec::new();
    movegen::pseudo_moves(pos, &terrain(Region::Large), filter, &mut anywhere);
    let mv = anywhere.iter().find(|m| written.fits(m))?;
    // L4, seed "Rules": a unit off the active board may not move (a unit on it that
    // could reach `to` only from outside cannot exist: the boards are rectangles).
    let unit = UnitAt { role, on: mv.from };
    Some(Refusal::Bellows(BellowsCause::UnitOffBoard { unit, active: active.rect() }))
}

/// L6: the move would let the opponent capture the mover's king on its next ply.
fn unsafe_king(pos: &Position, schedule: &Schedule, role: Role, from: Square, to: Square) -> Refusal {
    let (side, unit, next) = (pos.turn(), UnitAt { role, on: from }, schedule.next(pos).rect());
    Refusal::Bellows(if moves::in_check(pos, schedule) {
        BellowsCause::CheckNotEnded { side, unit, to, next }
    } else {
        BellowsCause::LeavesKingCapturable { side, unit, to, next }
    })
}

/// Why castling on `wing` is refused, when the reason is Bellows' own: a square of
/// king or rook outside the active board (L4), or a king's square the opponent could
/// capture on its next ply (L6). `None` leaves the general explanation.
pub(super) fn castling(pos: &Position, schedule: &Schedule, wing: Wing) -> Option<CastlingCause> {
    let path = CastlingPath::of(pos, &terrain(Region::Large).castling, wing)?;
    if path.occupied_square(pos).is_some() {
        return None;
    }
    let active = schedule.active(pos);
    if let Some(outside) = path.squares().find(|sq| !active.rect().contains(*sq)) {
        return Some(CastlingCause::OffActiveBoard { on: outside, board: active.rect() });
    }
    let next = schedule.next(pos);
    // L6: threats on the board of the opponent's next ply.
    let threats = Arena::same(terrain(next));
    let threatened = path.king_squares().find(|&sq| threats.is_threatened(pos, sq))?;
    Some(CastlingCause::CapturableNextPly { side: pos.turn(), on: threatened, board: next.rect() })
}
