//! Orthodox legality on any terrain: pseudo-legal moves and castling, kept when they
//! leave the mover's king safe. Chess, Tilting and Bellows use it as it is; Bellows
//! moves on its active board and judges threats on the next ply's board (L4, L6).

use super::castling::castling_moves;
use super::check::KingSafety;
use super::movegen::{is_attacked, pseudo_moves, retain_from, MoveFilter, PseudoMoves, Terrain};
use super::{Move, Position, Role};

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
    let start = out.len();
    pseudo_moves(pos, &arena.moves, filter, out);
    if filter.role.is_none_or(|r| r == Role::King) {
        let before = out.len();
        castling_moves(pos, &arena.moves, out, |sq| !arena.is_threatened(pos, sq));
        if let Some(to) = filter.to {
            retain_from(out, before, |m| m.to == to);
        }
    }
    let mut safety = KingSafety::within(pos, arena.threats);
    retain_from(out, start, |m| safety.allows(m));
}

/// Whether the side to move has at least one legal move; stops at the first, trying
/// the units one by one, the king first (its steps are the most often legal when the
/// others are not).
pub fn any_legal_move(pos: &Position, arena: &Arena) -> bool {
    let mut moves = Vec::with_capacity(32);
    let generator = PseudoMoves::new(pos, &arena.moves, MoveFilter::default());
    let mut safety = KingSafety::within(pos, arena.threats);
    let king = pos.board().king(pos.turn()).filter(|k| generator.movers().contains(*k));
    for from in king.into_iter().chain(generator.movers().iter().filter(|&sq| Some(sq) != king)) {
        moves.clear();
        generator.moves_of(from, &mut moves);
        if moves.iter().any(|m| safety.allows(m)) {
            return true;
        }
    }
    // Castling can be the only legal move (Chess960: a king that stays put while its
    // rook jumps over to shield it).
    moves.clear();
    legal_moves(pos, arena, MoveFilter { role: Some(Role::King), to: None }, &mut moves);
    !moves.is_empty()
}
