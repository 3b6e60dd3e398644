//! Legal turns of Bouncing Pieces: every move alone and with each bounce it allows
//! (B1-B3), the in-place promotion (B5), kept when the mover's king is safe at the
//! end of the whole turn (B7).

use super::safety::KingSafety;
use super::{is_attacked, TERRAIN};
use crate::geometry::{attacks, Delta, Square, SquareSet};
use crate::rules::castling::castling_moves;
use crate::rules::movegen::{MoveFilter, PseudoMoves, KING_STEPS};
use crate::rules::{Bounce, Move, MoveKind, Position, Role, Turn};
use std::cell::Cell;

/// Every legal turn whose move fits `filter`.
pub(super) fn legal_turns(pos: &Position, filter: MoveFilter, out: &mut Vec<Turn>) {
    let mut moves = Vec::with_capacity(48);
    candidate_moves(pos, filter, attacks::grid(), &mut moves);
    let mut safety = KingSafety::new(pos);
    let mut bounces = Vec::with_capacity(8);
    for mv in &moves {
        turns_of_move(pos, &mut safety, mv, &mut bounces, out);
    }
}

/// Adds the legal turns of `mv` to `out`: alone and with each bounce it allows
/// (B1-B3), where the king ends safe (B7). `bounces` is scratch.
pub(super) fn turns_of_move(
    pos: &Position,
    safety: &mut KingSafety<'_>,
    mv: &Move,
    bounces: &mut Vec<Bounce>,
    out: &mut Vec<Turn>,
) {
    bounces.clear();
    // B1: castling is never followed by a bounce.
    if !mv.is_castle() {
        possible_bounces(pos, mv, bounces);
    }
    safety.keep_safe(mv, bounces, out);
}

/// Whether the side to move has a legal turn: first a move that is legal alone,
/// then one that a bounce makes legal.
pub(super) fn any_legal_turn(pos: &Position) -> bool {
    let mut safety = KingSafety::new(pos);
    if safety.some_plain_move_is_safe(&PseudoMoves::new(pos, &TERRAIN, MoveFilter::default())) {
        return true;
    }
    let mut moves = Vec::with_capacity(48);
    candidate_moves(pos, MoveFilter::default(), attacks::grid(), &mut moves);
    if moves.iter().any(|mv| safety.allows(mv)) {
        return true;
    }
    let mut bounces = Vec::with_capacity(8);
    moves.iter().any(|mv| saved_by_bounce(pos, &mut safety, mv, &mut bounces))
}

/// The moves that fit `filter`, start on `sources` and begin a legal turn (alone or
/// followed by a bounce, B7), each once: what a written move can mean. `safety`
/// judges `pos`.
pub(super) fn legal_moves(
    pos: &Position,
    safety: &mut KingSafety<'_>,
    filter: MoveFilter,
    sources: SquareSet,
    out: &mut Vec<Move>,
) {
    let mut moves = CANDIDATES.take();
    candidate_moves(pos, filter, sources, &mut moves);
    let mut bounces = Vec::new();
    for mv in moves.iter().filter(|mv| sources.contains(mv.from)) {
        let legal = safety.allows(mv) || saved_by_bounce(pos, safety, mv, &mut bounces);
        if legal && out.last() != Some(mv) {
            out.push(*mv);
        }
    }
    moves.clear();
    CANDIDATES.set(moves);
}

thread_local! {
    /// The candidate moves [`legal_moves`] judges, a buffer this thread reuses so that
    /// resolving a written move allocates nothing.
    static CANDIDATES: Cell<Vec<Move>> = const { Cell::new(Vec::new()) };
}

/// Whether a bounce after `mv`, which leaves the king attacked alone, makes the
/// turn legal (B7); castling has no bounce (B1). `bounces` is scratch.
fn saved_by_bounce(pos: &Position, safety: &mut KingSafety<'_>, mv: &Move, bounces: &mut Vec<Bounce>) -> bool {
    if mv.is_castle() {
        return false;
    }
    bounces.clear();
    possible_bounces(pos, mv, bounces);
    safety.some_bounce_saves(mv, bounces)
}

/// The moves that fit `filter` before king safety is judged: the shared
/// generator's (with B6's double steps), castling, and B5's in-place promotions.
/// Moves of other units than those on `sources` may be left out.
pub(super) fn candidate_moves(pos: &Position, filter: MoveFilter, sources: SquareSet, out: &mut Vec<Move>) {
    let generator = PseudoMoves::new(pos, &TERRAIN, filter);
    for from in &(generator.candidates() & sources) {
        generator.moves_of(from, out);
    }
    if filter.role.is_none_or(|r| r == Role::King) {
        let them = pos.turn().other();
        let before = out.len();
        castling_moves(pos, &TERRAIN, out, |sq| !is_attacked(pos.board(), sq, them));
        if let Some(to) = filter.to {
            let castles: Vec<Move> = out.drain(before..).filter(|m| m.to == to).collect();
            out.extend(castles);
        }
    }
    if filter.role.is_none_or(|r| r == Role::Pawn) {
        promotions_in_place(pos, filter.to, sources, out);
    }
}

/// B5: an unpromoted pawn on its last rank may spend the move promoting where it
/// stands (B4: a pawn bounced there did not promote).
fn promotions_in_place(pos: &Position, to: Option<Square>, sources: SquareSet, out: &mut Vec<Move>) {
    let us = pos.turn();
    let last_rank = TERRAIN.pawns.last_rank_of(us);
    for sq in pos.board().units(us, Role::Pawn) {
        if sq.rank() != last_rank || to.is_some_and(|t| t != sq) || !sources.contains(sq) {
            continue;
        }
        for promotion in Role::PROMOTIONS {
            out.push(Move {
                role: Role::Pawn,
                from: sq,
                to: sq,
                capture: false,
                promotion: Some(promotion),
                kind: MoveKind::PromoteInPlace,
            });
        }
    }
}

/// The square of the pawn an en passant move removes.
pub(super) fn en_passant_victim(pos: &Position, mv: &Move) -> Option<Square> {
    (mv.kind == MoveKind::EnPassant).then(|| mv.to.step(Delta::new(0, -pos.turn().forward()))).flatten()
}

/// Whether a unit stands on `sq` once `mv` is played (before any bounce).
pub(super) fn occupied_after(pos: &Position, mv: &Move, sq: Square) -> bool {
    if sq == mv.to {
        return true;
    }
    sq != mv.from && Some(sq) != en_passant_victim(pos, mv) && !pos.board().is_empty_at(sq)
}

/// Whether two squares touch (one of the eight neighbours).
pub(super) fn neighbours(a: Square, b: Square) -> bool {
    let d = a.delta_to(b);
    a != b && d.files.abs() <= 1 && d.ranks.abs() <= 1
}

/// B2: where a unit on `unit` goes when a unit on the neighbouring square `mover`
/// bounces it: one square straight away; `None` off the board.
pub(super) fn bounce_destination(mover: Square, unit: Square) -> Option<Square> {
    unit.step(mover.delta_to(unit)).filter(|to| TERRAIN.area.contains(*to))
}

/// B1-B3: the bounces that may follow `mv`: each unit next to the moved unit's
/// square after the move, of either colour, pushed straight away from it onto an
/// empty square of the board. A bounce never captures or promotes (B4).
fn possible_bounces(pos: &Position, mv: &Move, out: &mut Vec<Bounce>) {
    let lands = mv.to;
    let occupied = |sq: Square| occupied_after(pos, mv, sq);
    for step in KING_STEPS {
        let Some(from) = lands.step(step).filter(|sq| TERRAIN.area.contains(*sq) && occupied(*sq)) else {
            continue;
        };
        let Some(to) = from.step(step).filter(|sq| TERRAIN.area.contains(*sq)) else { continue };
        if !occupied(to) {
            out.push(Bounce { from, to });
        }
    }
}
