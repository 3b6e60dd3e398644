//! King safety over the whole turn (B7): after the move and its bounce, the mover's
//! king must not be attacked. A turn that cannot have opened or closed a line to
//! the king needs no trial; the others are tried on one scratch board per position.

use super::is_attacked;
use crate::geometry::Square;
use crate::rules::movegen;
use crate::rules::{Board, Bounce, Color, Move, Position, Role, Turn};

/// Judges the turns of one position.
pub struct KingSafety<'a> {
    pos: &'a Position,
    us: Color,
    /// The mover's king before the turn.
    king: Option<Square>,
    in_check: Option<bool>,
    scratch: Option<Board>,
}

/// Whether `a` and `b` share a rank, file or diagonal (a line a slider could use).
fn on_line(a: Square, b: Square) -> bool {
    let d = a.delta_to(b);
    d.files == 0 || d.ranks == 0 || d.files.abs() == d.ranks.abs()
}

/// Whether a unit on `a` could attack `b` by some unit's move: on a line, or a
/// knight's jump apart.
fn in_reach(a: Square, b: Square) -> bool {
    let d = a.delta_to(b);
    on_line(a, b) || matches!((d.files.abs(), d.ranks.abs()), (1, 2) | (2, 1))
}

impl<'a> KingSafety<'a> {
    pub fn new(pos: &'a Position) -> KingSafety<'a> {
        KingSafety { pos, us: pos.turn, king: pos.board.king(pos.turn), in_check: None, scratch: None }
    }

    /// Pushes `mv` alone, and `mv` with each of `bounces`, where the mover's king
    /// ends the turn safe (B7: only the end of the whole turn counts).
    pub fn keep_safe(&mut self, mv: &Move, bounces: &[Bounce], out: &mut Vec<Turn>) {
        let Some(king_before) = self.king else {
            out.push(Turn::Move(*mv));
            out.extend(bounces.iter().map(|b| Turn::Bounced(*mv, *b)));
            return;
        };
        let king = if mv.role == Role::King { mv.to } else { king_before };
        // Not in check before, the move alone can expose the king only through a
        // square it empties (its start, an en passant victim) or by moving the king.
        let plain_needs_trial = mv.role == Role::King
            || on_line(mv.from, king_before)
            || super::generate::en_passant_victim(self.pos, mv).is_some_and(|v| on_line(v, king_before))
            || self.in_check();
        let known_safe = !plain_needs_trial;
        if known_safe && !bounces.iter().any(|b| bounce_needs_trial(self.pos, self.us, b, true, king)) {
            out.push(Turn::Move(*mv));
            out.extend(bounces.iter().map(|b| Turn::Bounced(*mv, *b)));
            return;
        }
        let (pos, us) = (self.pos, self.us);
        let scratch = self.scratch.get_or_insert_with(|| pos.board.clone());
        movegen::with_move_tried(scratch, mv, us, |board| {
            let plain_safe = known_safe || !is_attacked(board, king, us.other());
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

    fn in_check(&mut self) -> bool {
        let (pos, us, king) = (self.pos, self.us, self.king);
        *self.in_check.get_or_insert_with(|| king.is_some_and(|k| is_attacked(&pos.board, k, us.other())))
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
        let enemy_arrives = pos.board.get(bounce.from).is_some_and(|p| p.color != us);
        on_line(bounce.from, king) || (enemy_arrives && in_reach(bounce.to, king))
    } else {
        in_reach(bounce.from, king) || on_line(bounce.to, king)
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
