//! The bomb as a turn: when a side may set it off (T1, T2, T5, T6) and what the
//! blast does to the position (T3, T4, T7).

use super::blast::{blast_area, targets, within_reach, AREA};
use super::TERRAIN;
use crate::geometry::{Square, SquareSet};
use crate::rules::movegen::is_attacked;
use crate::rules::{Color, Position, Turn};

/// T1: a bomb needs at least this many units (both colours) on the board.
pub(super) const MIN_UNITS: usize = 16;

/// Why a bomb may not go off (the causes are shared with the refusal words).
pub(super) use crate::rules::refusal::BombCause as Refusal;

/// Whether the side to move may use its bomb at all in this position (T1).
pub(super) fn may_bomb(pos: &Position) -> Result<(), Refusal> {
    if !super::kings_stand(pos) {
        return Err(Refusal::GameOver);
    }
    if !pos.holds_bomb(pos.turn()) {
        return Err(Refusal::AlreadyUsed);
    }
    let units = pos.board().unit_count();
    if units < MIN_UNITS {
        return Err(Refusal::TooFewUnits { count: units, needed: MIN_UNITS });
    }
    Ok(())
}

/// Why the side to move may not set off its bomb on `target`, or `None` when it may.
pub(super) fn refusal(pos: &Position, target: Square) -> Option<Refusal> {
    may_bomb(pos).err().or_else(|| {
        if !AREA.contains(target) {
            Some(Refusal::OffBoard)
        } else if !within_reach(pos.turn(), target) {
            let ranks = super::blast::target_ranks(pos.turn());
            Some(Refusal::OutOfReach { first_rank: *ranks.start(), last_rank: *ranks.end() })
        } else {
            judge_blast(pos, target, in_check(pos)).err()
        }
    })
}

fn in_check(pos: &Position) -> bool {
    !crate::rules::check::king_safe(pos, pos.turn(), &super::TERRAIN)
}

/// Judges the kings after a blast on a target the bomber may aim at (T5, T6);
/// `in_check` says whether the bomber's king stands in check now.
fn judge_blast(pos: &Position, target: Square, in_check: bool) -> Result<(), Refusal> {
    let us = pos.turn();
    let hits = |color: Color| pos.board().king(color).is_some_and(|king| in_blast(target, king));
    match (hits(us), hits(us.other())) {
        // T5: the enemy king is gone, and the game ends at once (won or drawn).
        (_, true) => Ok(()),
        (true, false) => Err(Refusal::OnlyOwnKing),
        // T9: craters block every line the destroyed units blocked, so a blast
        // never exposes a king; only a king already in check needs a trial.
        (false, false) if !in_check => Ok(()),
        (false, false) if king_attacked_after(pos, &blast_area(target)) => Err(Refusal::LeavesKingInCheck),
        (false, false) => Ok(()),
    }
}

/// Whether a blast on `target` reaches `sq` (T3), without building the blast area.
fn in_blast(target: Square, sq: Square) -> bool {
    let d = target.delta_to(sq);
    d.files.abs() <= 1 && d.ranks.abs() <= 1
}

/// Whether the side to move's king is attacked once `area` is cleared and cratered.
fn king_attacked_after(pos: &Position, area: &SquareSet) -> bool {
    let us = pos.turn();
    let Some(king) = pos.board().king(us) else { return false };
    let mut board = pos.board().clone();
    for sq in area {
        board.take(sq);
    }
    let craters = pos.craters().union(*area);
    is_attacked(&board, &craters, &TERRAIN, &AREA, king, us.other())
}

/// Adds every legal bomb of the side to move (T1, T2, T5, T6).
pub(super) fn legal_bombs(pos: &Position, out: &mut Vec<Turn>) {
    if may_bomb(pos).is_err() {
        return;
    }
    let check = in_check(pos);
    out.extend(targets(pos.turn()).filter(|&t| judge_blast(pos, t, check).is_ok()).map(Turn::Bomb));
}

/// Whether the side to move has a legal bomb (T6: a bomb can be the only answer to check).
pub(super) fn any_legal_bomb(pos: &Position) -> bool {
    if may_bomb(pos).is_err() {
        return false;
    }
    let check = in_check(pos);
    targets(pos.turn()).any(|t| judge_blast(pos, t, check).is_ok())
}

/// The position after the side to move sets off its bomb on `target`.
pub(super) fn detonate(pos: &Position, target: Square) -> Position {
    let mut after = pos.clone();
    let area = blast_area(target);
    for sq in &area {
        after.board_mut().take(sq);
        // T4: a rook destroyed on its home square takes its castling right along.
        after.castling_mut().discard_rook(sq);
    }
    // T3: the blast's squares stay craters for the rest of the game.
    after.add_craters(area);
    for color in Color::ALL {
        if after.board().king(color).is_none() {
            // T4: a destroyed king loses both castling rights.
            after.castling_mut().discard_side(color);
        }
    }
    after.set_bomb(pos.turn(), false);
    // The bomb is the whole turn (T2): an en passant chance lapses with it.
    after.set_ep_square(None);
    // T7, O6: a blast counts as a capture for the halfmove clock.
    after.pass_turn(true);
    after
}
