//! Refusals of a written move against the legal moves of the position: the wrong
//! source (with the moves that are legal), a capture written as a push, a promotion
//! written wrongly, or no unit of the role able to make the move (with the unit and
//! what stops it, when one unit is meant).

use super::{Obstacle, Refusal, Source, Target, UnitAt};
use crate::geometry::{Delta, Square};
use crate::record::ast::SanToken;
use crate::rules::san::{move_text, WrittenMove};
use crate::rules::{Move, Notation, Position, Role, Wing};

/// Why no legal move fits `written`; `peers` are the legal moves of its role to its
/// destination. The variant explains what it knows better (pins, craters, pauses)
/// when the written source is not simply wrong.
pub fn written_refusal<V: Notation + ?Sized>(
    written: &WrittenMove<'_>,
    variant: &V,
    pos: &Position,
    peers: &[Move],
) -> Refusal {
    match written.token() {
        SanToken::Castle { long } => variant.explain_castling(pos, Wing::of_long(*long)),
        SanToken::Normal { to, .. } => {
            if let Some(refusal) = source_beyond_board(written, pos) {
                return refusal;
            }
            let target = to.square().map_or(Target::File(to.file()), Target::Square);
            mismatch(written, pos, peers, target)
                .or_else(|| variant.explain_unreachable(pos, written))
                .unwrap_or_else(|| no_such_move(written, pos, target))
        }
    }
}

/// The refusal of a source whose file or rank lies beyond the board (`id3`, `N9f3` on
/// an 8x8 board), which no unit can stand on.
fn source_beyond_board(written: &WrittenMove<'_>, pos: &Position) -> Option<Refusal> {
    let board = pos.board().area();
    let source = match source(written)? {
        Source::Square(sq) if !board.contains(sq) => Source::Square(sq),
        Source::File(file) if !(board.min_file..=board.max_file).contains(&file) => Source::File(file),
        Source::Rank(rank) if !(board.min_rank..=board.max_rank).contains(&rank) => Source::Rank(rank),
        _ => return None,
    };
    Some(Refusal::SourceBeyondBoard { source, board })
}

/// The source the token names, if any.
fn source(written: &WrittenMove<'_>) -> Option<Source> {
    let SanToken::Normal { from_file, from_rank, .. } = written.token() else { return None };
    match (from_file, from_rank) {
        (Some(f), Some(r)) => Some(Source::Square(Square::at(*f, *r))),
        (Some(f), None) => Some(Source::File(*f)),
        (None, Some(r)) => Some(Source::Rank(*r)),
        (None, None) => None,
    }
}

/// Why the token fits none of the legal moves to its destination although there are
/// some: the wrong source, a capture written as a push, a promotion.
fn mismatch(written: &WrittenMove<'_>, pos: &Position, peers: &[Move], target: Target) -> Option<Refusal> {
    let reaches = |m: &&Move| match target {
        Target::Square(t) => m.to == t,
        Target::File(file) => m.to.file() == file && m.from.file() != m.to.file(),
    };
    let legal: Vec<&Move> = peers.iter().filter(reaches).collect();
    if legal.is_empty() {
        return None;
    }
    let texts = |moves: &[&Move]| moves.iter().map(|m| move_text(m, peers)).collect::<Vec<_>>();
    let side = pos.turn();
    if written.promotion() == Some(Role::King) {
        return Some(Refusal::PromotionToKing { legal: texts(&legal) });
    }
    let from_source: Vec<&Move> = legal.iter().copied().filter(|m| written.fits_source(m)).collect();
    if from_source.is_empty() {
        let (role, source) = (written.role, source(written));
        return Some(Refusal::WrongSource { side, role, source, to: target, legal: texts(&legal) });
    }
    if written.is_pawn_push() && from_source.iter().all(|m| m.capture) {
        return Some(Refusal::PushNotCapture { side, to: target, captures: texts(&from_source) });
    }
    match written.promotion() {
        Some(_) if from_source.iter().all(|m| m.promotion.is_none()) => {
            Some(Refusal::NeedlessPromotion { to: target, legal: texts(&from_source) })
        }
        None if from_source.iter().all(|m| m.promotion.is_some()) => {
            Some(Refusal::PromotionMissing { to: target, legal: texts(&from_source) })
        }
        _ => None,
    }
}

/// The refusal when no unit of the role can make the move at all.
fn no_such_move(written: &WrittenMove<'_>, pos: &Position, target: Target) -> Refusal {
    let side = pos.turn();
    let to = match target {
        Target::Square(sq) => Some(sq),
        Target::File(_) => None,
    };
    let own = to.and_then(|sq| pos.board().get(sq).filter(|unit| unit.color == side));
    Refusal::NoSuchUnit {
        side,
        role: written.role,
        source: source(written),
        to: target,
        own_unit_on_target: own.map(|unit| unit.role),
        obstacle: to.and_then(|to| obstacle(written, pos, to)),
    }
}

/// What stops the one unit the token can mean from reaching `to`: a unit on its line,
/// or (a source square written) a move its role never makes. Pawns and kings are
/// left out: their moves depend on more than the two squares.
fn obstacle(written: &WrittenMove<'_>, pos: &Position, to: Square) -> Option<Obstacle> {
    let role = written.role;
    if matches!(role, Role::Pawn | Role::King) {
        return None;
    }
    let fits = |sq: &Square| match source(written) {
        Some(Source::File(f)) => sq.file() == f,
        Some(Source::Rank(r)) => sq.rank() == r,
        Some(Source::Square(s)) => *sq == s,
        None => true,
    };
    let own: Vec<Square> = pos
        .board()
        .occupied_by(pos.turn())
        .iter()
        .filter(|sq| fits(sq) && pos.board().get(*sq).is_some_and(|p| p.role == role))
        .collect();
    let shaped: Vec<Square> = own.iter().copied().filter(|&from| moves_that_way(role, from, to)).collect();
    match (source(written), own.as_slice(), shaped.as_slice()) {
        (Some(Source::Square(_)), [from], []) => Some(Obstacle::CannotMoveThatWay { unit: UnitAt { role, on: *from } }),
        (_, _, [from]) if role != Role::Knight => {
            let by = first_unit_between(pos, *from, to)?;
            Some(Obstacle::PathBlocked { unit: UnitAt { role, on: *from }, by })
        }
        _ => None,
    }
}

/// Whether a unit of `role` moves from `from` to `to` on an empty board.
fn moves_that_way(role: Role, from: Square, to: Square) -> bool {
    let d = from.delta_to(to);
    let (files, ranks) = (d.files.abs(), d.ranks.abs());
    let straight = (files == 0) != (ranks == 0);
    let diagonal = files == ranks && files > 0;
    match role {
        Role::Knight => (files, ranks) == (1, 2) || (files, ranks) == (2, 1),
        Role::Bishop => diagonal,
        Role::Rook => straight,
        Role::Queen => straight || diagonal,
        Role::Pawn | Role::King => false,
    }
}

/// The first unit strictly between two squares on one line.
fn first_unit_between(pos: &Position, from: Square, to: Square) -> Option<UnitAt> {
    let d = from.delta_to(to);
    let step = Delta::new(d.files.signum(), d.ranks.signum());
    let mut sq = from.step(step)?;
    while sq != to {
        if let Some(piece) = pos.board().get(sq) {
            return Some(UnitAt { role: piece.role, on: sq });
        }
        sq = sq.step(step)?;
    }
    None
}
