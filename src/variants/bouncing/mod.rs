//! Bouncing Pieces (`bouncing`, Event Chess #95), rulings B1-B10 on top of O1-O9:
//! after any move but castling, the mover may push one unit standing next to the
//! moved unit one square straight away from it.

mod generate;
mod notation;
#[cfg(test)]
mod resolve_tests;
mod safety;

use crate::geometry::{Square, SquareSet};
use crate::record::ast::TurnToken;
use crate::rules::check_by_move;
use crate::rules::movegen::{self, MoveFilter, PawnRules, Terrain};
use crate::rules::refusal::Refusal;
use crate::rules::san::{self, WrittenMove};
use crate::rules::{
    mate_or_stalemate, Board, Bounce, Color, Judged, Move, Outcome, Piece, Position, ResolveError, Resolved, Role, Turn,
};
use crate::snapshot::plain::{self, PawnRanks};
use crate::snapshot::SnapshotError;
use crate::variants::prelude::*;
use safety::KingSafety;

/// The orthodox board, but a pawn may advance two squares from its own first or
/// second rank (B6).
const TERRAIN: Terrain = Terrain {
    pawns: PawnRules { double_step_ranks: [1 << 0 | 1 << 1, 1 << 7 | 1 << 6], ..Terrain::orthodox().pawns },
    ..Terrain::orthodox()
};

/// Bouncing Pieces.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bouncing;

/// Whether a unit of `by` attacks `sq` on `board`. A pawn on its last rank attacks
/// nothing (B4); one on its first rank attacks like any pawn (B6).
fn is_attacked(board: &Board, sq: Square, by: Color) -> bool {
    movegen::is_attacked(board, &crate::geometry::SquareSet::EMPTY, &TERRAIN, &TERRAIN.area, sq, by)
}

fn king_attacked(pos: &Position, color: Color) -> bool {
    pos.board().king(color).is_some_and(|king| is_attacked(pos.board(), king, color.other()))
}

/// Pushes the bounced unit one square (B2). A bounced king or rook loses its
/// castling rights as if it had moved (B8). Returns the unit.
fn push_bounced(pos: &mut Position, bounce: &Bounce) -> Option<Piece> {
    let piece = pos.board().get(bounce.from)?;
    pos.board_mut().relocate(bounce.from, bounce.to);
    match piece.role {
        Role::King => pos.castling_mut().discard_side(piece.color),
        Role::Rook => pos.castling_mut().discard_rook(bounce.from),
        _ => {}
    }
    Some(piece)
}

/// Plays a legal turn on `pos`, the position before it.
fn play_on(pos: &mut Position, turn: &Turn) {
    for mv in turn.moves() {
        movegen::apply_move(pos, mv);
    }
    let mut zeroing = turn.moves().iter().any(Move::is_zeroing);
    if let Turn::Bounced(_, bounce) = turn {
        // O6: a bounced pawn resets the halfmove clock.
        zeroing |= push_bounced(pos, bounce).is_some_and(|p| p.role == Role::Pawn);
    }
    pos.pass_turn(zeroing);
}

impl Rules for Bouncing {
    fn id(&self) -> &'static str {
        "bouncing"
    }

    fn start(&self) -> Position {
        crate::rules::setup::orthodox_array(TERRAIN.area, crate::geometry::Square::at(0, 0))
    }

    fn legal_turns_to(&self, pos: &Position, filter: MoveFilter, out: &mut Vec<Turn>) {
        generate::legal_turns(pos, filter, out);
    }

    fn legal_moves_to(&self, pos: &Position, filter: MoveFilter, sources: SquareSet, out: &mut Vec<Move>) {
        generate::legal_moves(pos, &mut KingSafety::new(pos), filter, sources, out);
    }

    fn has_legal_turn(&self, pos: &Position) -> Judged<bool> {
        Ok(generate::any_legal_turn(pos))
    }

    fn play(&self, pos: &Position, turn: &Turn) -> Position {
        let mut after = pos.clone();
        play_on(&mut after, turn);
        after
    }

    fn play_into(&self, pos: &Position, turn: &Turn, after: &mut Position) {
        after.clone_from(pos);
        play_on(after, turn);
    }

    fn play_in_place(&self, pos: &mut Position, turn: &Turn) {
        play_on(pos, turn);
    }

    fn is_check(&self, pos: &Position) -> bool {
        king_attacked(pos, pos.turn())
    }

    /// A turn without a bounce moves one unit as in chess (its double steps, B6, and
    /// in-place promotions, B5, included), so the check it gives is judged the same
    /// way; a bounced turn is left to `is_check`.
    fn check_by_move(&self, after: &Position, mv: &Move) -> Option<bool> {
        check_by_move::gives_check(after, &TERRAIN, mv)
    }

    /// Checkmate and stalemate only; bounces can decide games that orthodox
    /// material could not, so there is no insufficient material (O3).
    fn outcome(&self, pos: &Position) -> Judged<Option<Outcome>> {
        mate_or_stalemate(self, pos)
    }
}

impl Notation for Bouncing {
    fn explain_unreachable(&self, pos: &Position, written: &WrittenMove<'_>) -> Option<Refusal> {
        notation::unreachable(self, pos, written)
    }

    fn resolve(&self, pos: &Position, token: &TurnToken) -> Result<Resolved, ResolveError> {
        let mut canonical = String::new();
        let turn = self.resolve_into(pos, token, &mut canonical)?;
        Ok(Resolved { turn, canonical })
    }

    fn resolve_into(&self, pos: &Position, token: &TurnToken, canonical: &mut String) -> Result<Turn, ResolveError> {
        let turn = notation::resolve_into(self, pos, None, token, canonical)?;
        san::write_if_as_written(token, canonical);
        Ok(turn)
    }

    fn resolve_into_knowing(
        &self,
        pos: &Position,
        in_check: Option<bool>,
        token: &TurnToken,
        canonical: &mut String,
    ) -> Result<Turn, ResolveError> {
        notation::resolve_into(self, pos, in_check, token, canonical)
    }

    /// Every question of Bouncing is decided (no search has a budget), so a turn is
    /// played on the replay's one position.
    fn plays_in_place(&self, _token: &TurnToken) -> bool {
        true
    }

    fn write_turn(&self, pos: &Position, turn: &Turn) -> Judged<String> {
        notation::write_turn(self, pos, turn)
    }
}

impl Snapshot for Bouncing {
    /// Plain FEN; pawns may stand on the first and last ranks (O9, B4, B6).
    fn read_snapshot(&self, text: &str) -> Result<Position, SnapshotError> {
        plain::read(text, PawnRanks::Any)
    }

    fn write_snapshot(&self, pos: &Position) -> String {
        plain::write(pos, self.capturable_ep_square(pos))
    }
}

impl Presentation for Bouncing {
    fn describe_turn(&self, before: &Position, turn: &Turn) -> Vec<String> {
        let Turn::Bounced(_, bounce) = turn else { return Vec::new() };
        match before.board().get(bounce.from) {
            Some(piece) => vec![format!("the {piece} on {} was bounced to {}", bounce.from, bounce.to)],
            None => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Bouncing;
    use crate::rules::Turn;
    use crate::variants::prelude::*;
    use crate::variants::tests::walk_random_games;

    /// The check a turn without a bounce gives, judged from its move, is the check
    /// `is_check` finds, after every such turn of the positions of random games.
    #[test]
    fn check_by_move_agrees_with_is_check() {
        let variant = Bouncing;
        let mut judged = 0;
        let mut checks = 0;
        walk_random_games(&variant, 20, 120, |pos, turns, _| {
            for turn in turns {
                let Turn::Move(mv) = turn else { continue };
                let after = variant.play(pos, turn);
                if let Some(check) = variant.check_by_move(&after, mv) {
                    assert_eq!(check, variant.is_check(&after), "{turn:?} in {pos:?}");
                    judged += 1;
                    checks += usize::from(check);
                }
            }
        });
        assert!(judged > 10_000 && checks > 100, "only {judged} moves judged, {checks} checks");
    }
}
