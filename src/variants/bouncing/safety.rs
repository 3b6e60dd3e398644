//! King safety over the whole turn (B7): after the move and its bounce, the mover's
//! king must not be attacked. The move alone is judged by the shared king-safety
//! judge; a bounce that cannot have opened or closed a line to the king needs no
//! further trial, the others are tried on the same scratch board.

use super::{is_attacked, TERRAIN};
use crate::geometry::Square;
use crate::rules::check;
use crate::rules::movegen::PseudoMoves;
use crate::rules::{Board, Bounce, Color, Move, Position, Role, Turn};

/// Judges the turns of one position: the move alone by the shared king-safety judge,
/// each bounce on top of it.
pub(super) struct KingSafety<'a> {
    pos: &'a Position,
    us: Color,
    /// The mover's king before the turn.
    king: Option<Square>,
    moves: check::KingSafety<'a>,
}

impl<'a> KingSafety<'a> {
    pub(super) fn new(pos: &'a Position) -> KingSafety<'a> {
        KingSafety {
            pos,
            us: pos.turn(),
            king: pos.board().king(pos.turn()),
            moves: check::KingSafety::within(pos, TERRAIN),
        }
    }

    /// Whether some plain move of `generator` (the mover's pseudo-legal moves but en
    /// passant, castling and in-place promotions) leaves the king safe, judged by sets
    /// unit by unit without building moves. `false` says nothing of the other moves.
    pub(super) fn some_plain_move_is_safe(&mut self, generator: &PseudoMoves<'_>) -> bool {
        self.moves.some_plain_move_is_safe(generator)
    }

    /// Whether `mv` played alone leaves the mover's king safe.
    pub(super) fn allows(&mut self, mv: &Move) -> bool {
        self.moves.allows(mv)
    }

    /// Whether one of `bounces` after `mv` leaves the mover's king safe, when `mv`
    /// alone does not ([`KingSafety::allows`] said no): a bounce that cannot change
    /// the king's safety is not tried.
    pub(super) fn some_bounce_saves(&mut self, mv: &Move, bounces: &[Bounce]) -> bool {
        let Some(king) = self.king_after(mv) else { return true };
        let (pos, us) = (self.pos, self.us);
        let mut tried = bounces.iter().filter(|b| bounce_needs_trial(pos, us, b, false, king)).peekable();
        if tried.peek().is_none() {
            return false;
        }
        self.moves.try_move(mv, |board| tried.any(|bounce| bounce_is_safe(board, bounce, king, us)))
    }

    /// Whether the turn of `mv` followed by `bounce` leaves the mover's king safe.
    pub(super) fn allows_bounced(&mut self, mv: &Move, bounce: &Bounce) -> bool {
        let Some(king) = self.king_after(mv) else { return true };
        let plain_safe = self.moves.allows(mv);
        if !bounce_needs_trial(self.pos, self.us, bounce, plain_safe, king) {
            return plain_safe;
        }
        let us = self.us;
        self.moves.try_move(mv, |board| bounce_is_safe(board, bounce, king, us))
    }

    /// Pushes `mv` alone, and `mv` with each of `bounces`, where the mover's king
    /// ends the turn safe (B7: only the end of the whole turn counts).
    pub(super) fn keep_safe(&mut self, mv: &Move, bounces: &[Bounce], out: &mut Vec<Turn>) {
        let Some(king) = self.king_after(mv) else {
            out.push(Turn::Move(*mv));
            out.extend(bounces.iter().map(|b| Turn::Bounced(*mv, *b)));
            return;
        };
        let (pos, us) = (self.pos, self.us);
        let plain_safe = self.moves.allows(mv);
        if !bounces.iter().any(|b| bounce_needs_trial(pos, us, b, plain_safe, king)) {
            if plain_safe {
                out.push(Turn::Move(*mv));
                out.extend(bounces.iter().map(|b| Turn::Bounced(*mv, *b)));
            }
            return;
        }
        self.moves.try_move(mv, |board| {
            if plain_safe {
                out.push(Turn::Move(*mv));
            }
            for bounce in bounces {
                let safe = if bounce_needs_trial(pos, us, bounce, plain_safe, king) {
                    bounce_is_safe(board, bounce, king, us)
                } else {
                    plain_safe
                };
                if safe {
                    out.push(Turn::Bounced(*mv, *bounce));
                }
            }
        });
    }

    /// Where the mover's king stands after `mv`; `None` for a side without a king.
    fn king_after(&self, mv: &Move) -> Option<Square> {
        self.king.map(|king| if mv.role == Role::King { mv.to } else { king })
    }
}

/// Whether a bounce can change the king's safety from what it is after the move
/// alone (`plain_safe`), the king standing on `king` after the move.
///
/// A bounce empties its start and fills its end. A safe king comes under attack
/// only through a line opened at the start, or by an enemy unit arriving where it
/// reaches the king. An attacked king gets out only if the attacker is the unit
/// bounced away, or the bounced unit lands on the line of the attack. The king
/// itself being bounced is always tried.
fn bounce_needs_trial(pos: &Position, us: Color, bounce: &Bounce, plain_safe: bool, king: Square) -> bool {
    if bounce.from == king {
        return true;
    }
    if plain_safe {
        let enemy_arrives = pos.board().get(bounce.from).is_some_and(|p| p.color != us);
        bounce.from.is_aligned_with(king) || (enemy_arrives && bounce.to.is_within_reach_of(king))
    } else {
        bounce.from.is_within_reach_of(king) || bounce.to.is_aligned_with(king)
    }
}

/// Plays the bounce on `board` (the position after the move), tests the king, and
/// takes the bounce back.
fn bounce_is_safe(board: &mut Board, bounce: &Bounce, king: Square, us: Color) -> bool {
    board.relocate(bounce.from, bounce.to);
    let king = if bounce.from == king { bounce.to } else { king };
    let safe = !is_attacked(board, king, us.other());
    board.relocate(bounce.to, bounce.from);
    safe
}
