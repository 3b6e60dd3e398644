//! Orthodox legality on any terrain: pseudo-legal moves and castling, kept when they
//! leave the mover's king safe. Chess, Tilting and Bellows use it as it is; Bellows
//! moves on its active board and judges threats on the next ply's board (L4, L6).

use super::castling::castling_moves;
use super::check::KingSafety;
use super::movegen::{is_attacked, pseudo_moves, retain_from, MoveFilter, PseudoMoves, Terrain};
use super::{Move, Position, Role};
use crate::geometry::{attacks, Square, SquareSet};

/// Where units move, and where attacks on the king are judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arena {
    /// The terrain the side to move moves in.
    pub moves: Terrain,
    /// The terrain in which the opponent's attacks count (the same, but in Bellows).
    pub threats: Terrain,
}

impl Arena {
    /// Moves and threats on the same terrain.
    pub const fn same(terrain: Terrain) -> Arena {
        Arena { moves: terrain, threats: terrain }
    }

    /// Whether the opponent attacks `sq` on the threat terrain.
    pub fn is_threatened(&self, pos: &Position, sq: crate::geometry::Square) -> bool {
        let t = &self.threats;
        is_attacked(pos.board(), &pos.craters(), t, &t.area, sq, pos.turn().other())
    }
}

/// Legal moves of the side to move that fit `filter`, castling included (O1, O2):
/// castling may not start from, cross or reach a threatened square.
pub fn legal_moves(pos: &Position, arena: &Arena, filter: MoveFilter, out: &mut Vec<Move>) {
    legal_moves_from(pos, arena, filter, attacks::grid(), out);
}

/// [`legal_moves`] of the units standing on `sources` only: SAN resolution asks for
/// the pawns of the written file, and skips the others' generation and king safety.
pub fn legal_moves_from(pos: &Position, arena: &Arena, filter: MoveFilter, sources: SquareSet, out: &mut Vec<Move>) {
    let mut safety = KingSafety::within(pos, arena.threats);
    if safety.judges_plain_moves() {
        walk_legal_moves(pos, arena, filter, sources, &mut safety, out);
        return;
    }
    // Several kings (a composed position): every move that might expose one is tried.
    let start = out.len();
    pseudo_moves(pos, &arena.moves, filter, out);
    retain_from(out, start, |m| sources.contains(m.from) && safety.allows(m));
    castling(pos, &arena.moves, filter, &mut safety, &mut |mv| {
        if sources.contains(mv.from) {
            out.push(mv);
        }
    });
}

/// How many legal moves the side to move has (perft's last ply): the moves of
/// [`legal_moves`], counted unit by unit from the sets of their destinations, without
/// building them.
pub fn count_legal_moves(pos: &Position, arena: &Arena) -> u64 {
    let mut safety = KingSafety::within(pos, arena.threats);
    if !safety.judges_plain_moves() {
        let mut moves = Vec::new();
        legal_moves(pos, arena, MoveFilter::default(), &mut moves);
        return moves.len() as u64;
    }
    let mut tally = Tally(0);
    walk_legal_moves(pos, arena, MoveFilter::default(), attacks::grid(), &mut safety, &mut tally);
    tally.0
}

/// Where [`walk_legal_moves`] puts what it finds: a list of moves, or a count.
trait MoveSink {
    /// The plain moves of the unit of `role` on `from` to each square of `to`.
    fn plain(&mut self, generator: &PseudoMoves<'_>, role: Role, from: Square, to: SquareSet);
    /// One legal en passant capture or castling.
    fn special(&mut self, mv: Move);
}

impl MoveSink for Vec<Move> {
    fn plain(&mut self, generator: &PseudoMoves<'_>, role: Role, from: Square, to: SquareSet) {
        generator.push_moves(role, from, to, self);
    }

    fn special(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// A count of legal moves.
struct Tally(u64);

impl MoveSink for Tally {
    fn plain(&mut self, generator: &PseudoMoves<'_>, role: Role, _from: Square, to: SquareSet) {
        self.0 += generator.count_moves(role, to);
    }

    fn special(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// The legal moves fitting `filter` of the units on `sources`, for a mover with at
/// most one king: each unit's plain moves cut to the squares that keep the king safe
/// (evasions in check, pin lines), en passant and castling tried one by one.
fn walk_legal_moves(
    pos: &Position,
    arena: &Arena,
    filter: MoveFilter,
    sources: SquareSet,
    safety: &mut KingSafety<'_>,
    sink: &mut impl MoveSink,
) {
    let generator = PseudoMoves::new(pos, &arena.moves, filter);
    for from in &(generator.candidates() & sources) {
        let Some((piece, reach)) = generator.reach(from) else { continue };
        if !reach.is_empty() {
            let safe = safety.safe_destinations(from, reach);
            if !safe.is_empty() {
                sink.plain(&generator, piece.role, from, safe);
            }
        }
        if piece.role == Role::Pawn {
            if let Some(mv) = generator.en_passant(from).filter(|mv| safety.allows(mv)) {
                sink.special(mv);
            }
        }
    }
    castling(pos, &arena.moves, filter, safety, &mut |mv| {
        if sources.contains(mv.from) {
            sink.special(mv);
        }
    });
}

/// The legal castling moves fitting `filter` (O1, O2): the king's squares are not
/// threatened, and the king is safe after the move.
fn castling(
    pos: &Position,
    moves: &Terrain,
    filter: MoveFilter,
    safety: &mut KingSafety<'_>,
    found: &mut dyn FnMut(Move),
) {
    if filter.role.is_some_and(|r| r != Role::King) || pos.castling().rights().all(|(c, _, _)| c != pos.turn()) {
        return;
    }
    let mut castles = Vec::new();
    castling_moves(pos, moves, &mut castles, |sq| !safety.is_threatened(sq));
    for mv in castles {
        if filter.to.is_none_or(|to| mv.to == to) && safety.allows(&mv) {
            found(mv);
        }
    }
}

/// Whether the side to move has at least one legal move; stops at the first, trying
/// the units one by one, the king first (its steps are the most often legal when the
/// others are not).
pub fn any_legal_move(pos: &Position, arena: &Arena) -> bool {
    let mut moves = Vec::new();
    let generator = PseudoMoves::new(pos, &arena.moves, MoveFilter::default());
    let mut safety = KingSafety::within(pos, arena.threats);
    let king = pos.board().king(pos.turn()).filter(|k| generator.movers().contains(*k));
    for from in king.into_iter().chain(generator.movers().iter().filter(|&sq| Some(sq) != king)) {
        if let Some((piece, reach)) = generator.reach(from) {
            if safety.judges_plain_moves() {
                if !safety.safe_destinations(from, reach).is_empty() {
                    return true;
                }
            } else {
                moves.clear();
                generator.push_moves(piece.role, from, reach, &mut moves);
                if moves.iter().any(|m| safety.allows(m)) {
                    return true;
                }
            }
        }
        if generator.en_passant(from).is_some_and(|mv| safety.allows(&mv)) {
            return true;
        }
    }
    // Castling can be the only legal move (Chess960: a king that stays put while its
    // rook jumps over to shield it).
    let mut any = false;
    castling(pos, &arena.moves, MoveFilter::default(), &mut safety, &mut |_| any = true);
    any
}
