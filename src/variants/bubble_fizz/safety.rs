//! Check and king safety: a king is in check when an unpaused enemy unit could
//! capture it (F8; invigorated units count), and a turn is legal only if the mover's
//! king is safe at its very end, after the rise (F7).

use super::bubbles::{self, Birth, PAUSE_TURNS};
use super::turn_state::TurnState;
use super::TERRAIN;
use crate::geometry::{attacks, Square, SquareSet};
use crate::rules::check::KingSafety;
use crate::rules::check_by_move;
use crate::rules::movegen::{self, MoveFilter};
use crate::rules::{Board, Color, Move, Position};

/// F8: whether an unpaused unit of `by` could capture on `sq` (the shared
/// generator already lets paused units attack nothing).
pub(super) fn attacked(board: &Board, sq: Square, by: Color) -> bool {
    movegen::is_attacked(board, &SquareSet::EMPTY, &TERRAIN, &TERRAIN.area, sq, by)
}

/// Whether the unit on `from` could capture on `target` were it unpaused: its reach
/// from there, lines stopped by any unit.
pub(super) fn attacks_from(board: &Board, from: Square, target: Square) -> bool {
    board.get(from).is_some_and(|piece| check_by_move::reaches(piece, from, target, || board.occupied()))
}

/// Whether some unit on `units` could capture on `target` were it unpaused (see
/// [`attacks_from`]). Only the units on a line or a knight's jump from `target` are
/// looked at one by one: no other can reach it.
pub(super) fn some_attacks(board: &Board, units: SquareSet, target: Square) -> bool {
    let near = attacks::rook_lines(target) | attacks::bishop_lines(target) | attacks::knight_attacks(target);
    (units & near).iter().any(|from| attacks_from(board, from, target))
}

/// F8: whether `color`'s king stands in check.
pub(super) fn in_check(pos: &Position, color: Color) -> bool {
    pos.board().king(color).is_some_and(|king| attacked(pos.board(), king, color.other()))
}

/// F7: whether the mover's king is safe once the turn in progress ends. Only the
/// rise can still change who attacks it (a bubble striking an enemy unit pauses it),
/// so the full end of the turn is needed only when the king is attacked now.
pub(super) fn safe_at_end(st: &TurnState) -> bool {
    let us = st.pos.turn();
    let Some(king) = st.pos.board().king(us) else { return true };
    if !attacked(st.pos.board(), king, us.other()) {
        return true;
    }
    let struck = bubbles::struck_by_rise(&st.pos, us);
    if struck.is_empty() {
        return false;
    }
    let mut board = st.pos.board().clone();
    for sq in &struck {
        board.set_counter(sq, Some(PAUSE_TURNS));
    }
    !attacked(&board, king, us.other())
}

/// Judges cheaply whether single last moves of a turn leave the mover's king safe
/// (F7), the way orthodox generators do, for one turn state; `None` when only
/// playing the move out can tell.
///
/// Nothing but the moved units can add an attacker: bubbles never block, and births,
/// entries and the rise only pause units. So a move after which the king is not
/// attacked is safe; one after which it is attacked is unsafe unless a pause can still
/// take the attacker away (a birth under `birth=strike`, or the rise striking an enemy
/// unit).
pub(super) struct QuickSafety<'a> {
    st: &'a TurnState<'a>,
    birth: Birth,
    /// Made when first needed: a part resolved from attacks judges its moves itself.
    moves: Option<KingSafety<'a>>,
    rise_may_strike: Option<bool>,
}

impl<'a> QuickSafety<'a> {
    pub(super) fn new(st: &'a TurnState<'a>, birth: Birth) -> QuickSafety<'a> {
        QuickSafety { st, birth, moves: None, rise_may_strike: None }
    }

    /// Whether the king is safe after `mv` when the turn ends right after it.
    pub(super) fn judge(&mut self, mv: &Move) -> Option<bool> {
        let pos = &self.st.pos;
        let allowed = self.moves.get_or_insert_with(|| KingSafety::within(pos, TERRAIN)).allows(mv);
        self.verdict(allowed)
    }

    /// [`QuickSafety::judge`] of a move after which the king is unattacked
    /// (`allowed`) or not, on the board right after it.
    pub(super) fn verdict(&mut self, allowed: bool) -> Option<bool> {
        if allowed {
            return Some(true);
        }
        let pos = &self.st.pos;
        let us = pos.turn();
        let rise_may_strike = *self.rise_may_strike.get_or_insert_with(|| {
            let enemy = pos.board().occupied_by(us.other());
            bubbles::struck_by_rise(pos, us).iter().any(|sq| enemy.contains(sq))
        });
        (self.birth == Birth::Fizzle && !rise_may_strike).then_some(false)
    }
}

/// An unpaused unit of the side not to move in `after` that could capture the king
/// of `color`: its square.
pub(super) fn attacker(after: &Position, color: Color) -> Option<Square> {
    let king = after.board().king(color)?;
    let mut enemy = after.clone();
    enemy.set_turn(color.other());
    enemy.set_ep_square(None);
    let mut moves = Vec::new();
    movegen::pseudo_moves(&enemy, &TERRAIN, MoveFilter { role: None, to: Some(king) }, &mut moves);
    moves.first().map(|m| m.from)
}

/// Whether some plain move (neither en passant nor castling) may start the side to
/// move's turn in `pos` and leave its king unattacked right after it (every unpaused
/// unit may make the first move): such a move alone is a legal turn (F7: bubbles never
/// block, and births, entries and the rise only pause units). `false` also when it
/// cannot be judged so (several kings).
pub(super) fn some_plain_first_move_is_safe(pos: &Position) -> bool {
    let units = movegen::PseudoMoves::new(pos, &TERRAIN, MoveFilter::default());
    let mut judge = KingSafety::within(pos, TERRAIN);
    // The king's own steps first: asked for a check mark, the side stands in check,
    // and a step of the king is the usual way out. The same judge says the rest.
    let king_steps = judge.judges_plain_moves()
        && pos.board().king(pos.turn()).is_some_and(|king| {
            units.movers().contains(king)
                && units.reach(king).is_some_and(|(_, reach)| judge.some_destination_is_safe(king, reach))
        });
    king_steps || judge.some_plain_move_is_safe(&units)
}
