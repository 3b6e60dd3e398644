//! Tilting's notation (T8): written bombs and their lists of destroyed units, the
//! canonical bomb, and the reasons that name a crater when one makes a written move
//! illegal (T4).

use super::blast::{blast_area, destroyed, names, reading_order};
use super::bomb;
use super::TERRAIN;
use crate::geometry::{Delta, Square, SquareSet};
use crate::record::ast::{BombToken, Spanned};
use crate::rules::castling::CastlingPath;
use crate::rules::movegen::{self, MoveFilter};
use crate::rules::refusal::{Refusal, TiltingCause, UnitAt};
use crate::rules::san::WrittenMove;
use crate::rules::{Position, ResolveError, Resolved, Turn, Wing};

/// What every written bomb starts with.
pub(super) const BOMB: &str = "(****)";

/// The canonical bomb: `(****)g6:h7f6g5h5`, the destroyed units' squares in reading
/// order, or `(****)e3` when the blast destroys nothing (T8). No check mark.
pub(super) fn bomb_text(pos: &Position, target: Square) -> String {
    let hit = destroyed(pos.board(), &blast_area(target));
    if hit.is_empty() {
        format!("{BOMB}{target}")
    } else {
        format!("{BOMB}{target}:{}", names(&hit, ""))
    }
}

/// Resolves a written bomb: it must be allowed (T1, T2, T5, T6), and a written list
/// must name exactly the squares of the units the blast destroys (T8).
pub(super) fn resolve_bomb(pos: &Position, token: &BombToken) -> Result<Resolved, ResolveError> {
    let target = token.target;
    if let Some(refusal) = bomb::refusal(pos, target) {
        let cause = TiltingCause::Bomb { side: pos.turn(), target, cause: refusal };
        return Err(ResolveError::Illegal(Refusal::Tilting(cause)));
    }
    if let Some(listed) = &token.destroyed {
        check_list(target, listed, &destroyed(pos.board(), &blast_area(target)))?;
    }
    Ok(Resolved { turn: Turn::Bomb(target), canonical: bomb_text(pos, target) })
}

/// T8: the written list names each square once, and exactly the destroyed units' squares.
fn check_list(target: Square, listed: &[Spanned<Square>], hit: &SquareSet) -> Result<(), ResolveError> {
    let mut seen = SquareSet::EMPTY;
    for square in listed {
        if seen.contains(square.value) {
            let cause = TiltingCause::ListedTwice { square: square.value, target };
            return Err(ResolveError::Illegal(Refusal::Tilting(cause)));
        }
        seen.insert(square.value);
    }
    if seen == *hit {
        return Ok(());
    }
    let missing: SquareSet = hit.iter().filter(|&sq| !seen.contains(sq)).collect();
    let cause = TiltingCause::WrongList {
        target,
        destroys: reading_order(hit),
        listed: listed.iter().map(|sq| sq.value).collect(),
        missing: reading_order(&missing),
        extra: listed.iter().filter(|sq| !hit.contains(sq.value)).map(|sq| sq.value).collect(),
    };
    Err(ResolveError::Illegal(Refusal::Tilting(cause)))
}

/// Why no `role` reaches `to` when a crater is the cause (T4): `to` is a crater, or
/// a crater stands between a unit and `to`.
pub(super) fn crater_reason(pos: &Position, written: &WrittenMove<'_>) -> Option<Refusal> {
    let (role, to) = (written.role, written.to()?);
    if pos.craters().contains(to) {
        return Some(Refusal::Tilting(TiltingCause::CraterTarget { to }));
    }
    let mut open = pos.clone();
    open.clear_craters();
    let mut moves = Vec::new();
    movegen::pseudo_moves(&open, &TERRAIN, MoveFilter { role: Some(role), to: Some(to) }, &mut moves);
    moves.iter().filter(|m| written.fits(m)).find_map(|m| {
        let crater = crater_between(&pos.craters(), m.from, m.to)?;
        let unit = UnitAt { role, on: m.from };
        Some(Refusal::Tilting(TiltingCause::CraterInTheWay { unit, to, crater }))
    })
}

/// The first crater on the straight line strictly between two squares.
fn crater_between(craters: &SquareSet, from: Square, to: Square) -> Option<Square> {
    let d = from.delta_to(to);
    if !(d.files == 0 || d.ranks == 0 || d.files.abs() == d.ranks.abs()) {
        return None;
    }
    let step = Delta::new(d.files.signum(), d.ranks.signum());
    let mut sq = from.step(step)?;
    while sq != to {
        if craters.contains(sq) {
            return Some(sq);
        }
        sq = sq.step(step)?;
    }
    None
}

/// A crater that king or rook would cross or land on when castling on `wing` (T4).
pub(super) fn castling_crater(pos: &Position, wing: Wing) -> Option<Square> {
    CastlingPath::of(pos, &TERRAIN.castling, wing)?.squares().find(|&sq| pos.craters().contains(sq))
}
