//! Koopa's legal moves: the orthodox moves of unstunned units (the shared generator
//! already holds stunned units still, K4), castling without check conditions (K7),
//! no en passant (K6), promotions decided by where a capturing pawn ends (K8), and
//! no move that takes the mover's own king off the board (K1).

use super::strike;
use super::TERRAIN;
use crate::rules::castling::castling_moves;
use crate::rules::movegen::{self, MoveFilter};
use crate::rules::{Color, Move, Position, Role};

/// Whether the game is over because a king has left the board (K5); no side moves then.
pub(super) fn king_gone(pos: &Position) -> bool {
    Color::ALL.iter().any(|&c| pos.board().king(c).is_none())
}

/// Legal moves of the side to move that fit `filter` (`to` is the struck square of a
/// capture, K10).
pub(super) fn legal_moves(pos: &Position, filter: MoveFilter, out: &mut Vec<Move>) {
    if king_gone(pos) {
        return;
    }
    let start = out.len();
    // K6: the snapshot never holds an en passant square, so the shared generator makes
    // no en passant capture; K5: it captures enemy units only.
    movegen::pseudo_moves(pos, &TERRAIN, filter, out);
    if filter.role.is_none_or(|r| r == Role::King) {
        // K7: Chess960 castling, no square needs to be safe.
        let before = out.len();
        castling_moves(pos, &TERRAIN, out, |_| true);
        if let Some(to) = filter.to {
            movegen::retain_from(out, before, |m| m.to == to);
        }
    }
    settle_captures(pos, start, out);
}

/// Refines the captures from `start` on: drops those that lose the mover's own king
/// (K1) and gives pawn captures the promotions their end square calls for (K8).
fn settle_captures(pos: &Position, start: usize, out: &mut Vec<Move>) {
    let us = pos.turn();
    let last_rank = TERRAIN.pawns.last_rank_of(us);
    let mut i = start;
    while let Some(&mv) = out.get(i) {
        if !mv.capture {
            i += 1;
            continue;
        }
        let strike = strike::trace(pos.board(), &mv);
        if strike.removes_king(pos.board(), &mv, us) {
            out.swap_remove(i);
            continue;
        }
        if mv.role == Role::Pawn {
            let promotes = strike.capturer_square(&mv).is_some_and(|sq| sq.rank() == last_rank);
            match (mv.promotion, promotes) {
                (None, false) | (Some(_), true) => {}
                // The generator promoted a capture on the last rank, but the pawn
                // bounces on off the board: one move without promotion is left.
                (Some(Role::Queen), false) => {
                    if let Some(m) = out.get_mut(i) {
                        m.promotion = None;
                    }
                }
                (Some(_), false) => {
                    out.swap_remove(i);
                    continue;
                }
                // The pawn bounces onto its last rank: one move per promotion.
                (None, true) => {
                    if let Some(m) = out.get_mut(i) {
                        m.promotion = Some(Role::Queen);
                    }
                    for role in [Role::Rook, Role::Bishop, Role::Knight] {
                        out.push(Move { promotion: Some(role), ..mv });
                    }
                }
            }
        }
        i += 1;
    }
}
