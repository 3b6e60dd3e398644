//! Tilting the Balance (`tilting`), rulings T1-T9 on top of O1-O9: orthodox chess
//! plus one bomb per side that blasts a 3x3 block of its own first ranks into
//! craters, destroying every unit there.
//!
//! Ordinary moves come from orthodox chess, whose shared generator already obeys
//! craters (T4); this module adds the bomb as a turn, the kings a blast can remove,
//! the bomb notation and the snapshot with craters and bombs.

mod blast;
mod bomb;
mod impossible;
mod notation;
mod snapshot;

use crate::geometry::SquareSet;
use crate::record::ast::{SanToken, TurnPart, TurnToken};
use crate::render::{SquareKind, SquareMarks};
use crate::rules::check::king_safe;
use crate::rules::check_by_move;
use crate::rules::legal::{any_legal_move, count_legal_moves, legal_moves, legal_moves_from, Arena};
use crate::rules::movegen::{self, MoveFilter, Terrain};
use crate::rules::moves_as_turns;
use crate::rules::refusal::{self, CastlingCause, Refusal};
use crate::rules::san::WrittenMove;
use crate::rules::{
    mate_or_stalemate, san, Color, EndReason, Judged, Move, Outcome, Position, ResolveError, Resolved, Turn, TurnTrace,
    Wing,
};
use crate::snapshot::SnapshotError;
use crate::variants::prelude::*;

/// The orthodox board, pawns and castling; craters come from the position.
const TERRAIN: Terrain = Terrain::orthodox();

/// Craters are features of the position, so the orthodox arena serves (T4).
const ARENA: Arena = Arena::same(TERRAIN);

/// The start position: the orthodox array, both bombs held.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Bb";

/// Tilting the Balance.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tilting;

/// Whether both kings stand on the board; otherwise a blast has ended the game (T5).
fn kings_stand(pos: &Position) -> bool {
    Color::ALL.iter().all(|&c| pos.board().king(c).is_some())
}

impl Rules for Tilting {
    fn id(&self) -> &'static str {
        "tilting"
    }

    fn start(&self) -> Position {
        let mut pos = crate::rules::setup::orthodox_array(TERRAIN.area, crate::geometry::Square::at(0, 0));
        for color in Color::ALL {
            pos.set_bomb(color, true);
        }
        pos
    }

    /// Bombs only for the empty filter: SAN never names a bomb, so resolving it
    /// generates none.
    fn legal_turns_to(&self, pos: &Position, filter: MoveFilter, out: &mut Vec<Turn>) {
        if !kings_stand(pos) {
            return;
        }
        moves_as_turns(out, |moves| legal_moves(pos, &ARENA, filter, moves));
        if filter == MoveFilter::default() {
            bomb::legal_bombs(pos, out);
        }
    }

    fn legal_moves_to(&self, pos: &Position, filter: MoveFilter, sources: SquareSet, out: &mut Vec<Move>) {
        if kings_stand(pos) {
            legal_moves_from(pos, &ARENA, filter, sources, out);
        }
    }

    /// A bomb is never written as SAN, so SAN's moves are the orthodox ones (while
    /// both kings stand).
    fn orthodox_arena(&self, pos: &Position) -> Option<Arena> {
        kings_stand(pos).then_some(ARENA)
    }

    fn count_legal_turns(&self, pos: &Position) -> u64 {
        if !kings_stand(pos) {
            return 0;
        }
        let mut bombs = Vec::new();
        bomb::legal_bombs(pos, &mut bombs);
        count_legal_moves(pos, &ARENA) + bombs.len() as u64
    }

    /// T6: a bomb may be the only answer to check, so mate needs no bomb either.
    fn has_legal_turn(&self, pos: &Position) -> Judged<bool> {
        Ok(kings_stand(pos) && (any_legal_move(pos, &ARENA) || bomb::any_legal_bomb(pos)))
    }

    fn play(&self, pos: &Position, turn: &Turn) -> Position {
        match turn {
            Turn::Bomb(target) => bomb::detonate(pos, *target),
            _ => movegen::play_orthodox(pos, turn),
        }
    }

    fn play_into(&self, pos: &Position, turn: &Turn, after: &mut Position) {
        if let Turn::Bomb(target) = turn {
            *after = bomb::detonate(pos, *target);
        } else {
            after.clone_from(pos);
            movegen::apply_orthodox(after, turn);
        }
    }

    fn play_in_place(&self, pos: &mut Position, turn: &Turn) {
        if let Turn::Bomb(target) = turn {
            *pos = bomb::detonate(pos, *target);
        } else {
            movegen::apply_orthodox(pos, turn);
        }
    }

    fn is_check(&self, pos: &Position) -> bool {
        !king_safe(pos, pos.turn(), &TERRAIN)
    }

    fn check_by_move(&self, after: &Position, mv: &Move) -> Option<bool> {
        check_by_move::gives_check(after, &TERRAIN, mv)
    }

    /// Pawns only advance, captures are for good, and a blast's craters stay (T3).
    fn clock_reset_ends_repetition(&self) -> bool {
        true
    }

    fn outcome(&self, pos: &Position) -> Judged<Option<Outcome>> {
        match Color::ALL.map(|c| pos.board().king(c).is_some()) {
            // T5: one blast removed both kings.
            [false, false] => return Ok(Some(Outcome::draw(EndReason::BothKingsDestroyed))),
            [true, false] => return Ok(Some(Outcome::win(Color::White, EndReason::KingDestroyed))),
            [false, true] => return Ok(Some(Outcome::win(Color::Black, EndReason::KingDestroyed))),
            [true, true] => {}
        }
        // T7: stalemate is a draw. No insufficient-material rule (O3).
        mate_or_stalemate(self, pos)
    }
}

/// A plain move (no bomb, no castling): resolved as SAN.
fn is_plain_move(token: &TurnToken) -> bool {
    matches!(token.parts(), [part] if matches!(part.value, TurnPart::Move { san: SanToken::Normal { .. }, bounce: None }))
}

impl Notation for Tilting {
    fn resolve(&self, pos: &Position, token: &TurnToken) -> Result<Resolved, ResolveError> {
        if let [part] = token.parts() {
            match &part.value {
                TurnPart::Bomb(bomb) => return notation::resolve_bomb(pos, bomb),
                TurnPart::Move { san: SanToken::Castle { long }, bounce: None } => {
                    let wing = Wing::of_long(*long);
                    return san::resolve_single_move(self, pos, token).map_err(|e| {
                        match (e, notation::castling_crater(pos, wing)) {
                            // T4: king or rook would cross or land on a crater.
                            (ResolveError::Illegal(_), Some(on)) => {
                                ResolveError::Illegal(Refusal::Castling { wing, cause: CastlingCause::Crater { on } })
                            }
                            (other, _) => other,
                        }
                    });
                }
                TurnPart::Move { .. } => {}
            }
        }
        san::resolve_single_move(self, pos, token)
    }

    /// A plain move (no bomb, no castling) is resolved as SAN, as `resolve` does.
    fn resolve_into_knowing(
        &self,
        pos: &Position,
        in_check: Option<bool>,
        token: &TurnToken,
        canonical: &mut String,
    ) -> Result<Turn, ResolveError> {
        if is_plain_move(token) {
            san::resolve_single_move_knowing(self, pos, in_check, token, canonical)
        } else {
            self.resolve_into(pos, token, canonical)
        }
    }

    /// A plain move is played in place; other turns into a second position.
    fn plays_in_place(&self, token: &TurnToken) -> bool {
        is_plain_move(token)
    }

    fn write_turn(&self, pos: &Position, turn: &Turn) -> Judged<String> {
        match turn {
            Turn::Bomb(target) => Ok(notation::bomb_text(pos, *target) + san::check_mark(self, &self.play(pos, turn))?),
            _ => san::write_turn(self, pos, turn),
        }
    }

    /// T8: the capture list may be written in any order or left out; `resolve` has
    /// already checked a written list, so only the bomb's target is compared.
    fn is_canonical_spelling(&self, written: &str, canonical: &str) -> bool {
        if canonical.starts_with(notation::BOMB) {
            return written.split(':').next() == canonical.split(':').next();
        }
        san::same_text(written, canonical)
    }

    fn explain_unreachable(&self, pos: &Position, written: &WrittenMove<'_>) -> Option<Refusal> {
        refusal::king_safety(pos, &TERRAIN, written).or_else(|| notation::crater_reason(pos, written))
    }
}

impl Snapshot for Tilting {
    fn read_snapshot(&self, text: &str) -> Result<Position, SnapshotError> {
        snapshot::read(text)
    }

    fn write_snapshot(&self, pos: &Position) -> String {
        snapshot::write(pos, self.capturable_ep_square(pos))
    }
}

impl Presentation for Tilting {
    fn describe_turn(&self, before: &Position, turn: &Turn) -> Vec<String> {
        let Turn::Bomb(target) = turn else { return Vec::new() };
        let hit = blast::destroyed(before.board(), &blast::blast_area(*target));
        let what = if hit.is_empty() { "nothing".to_string() } else { blast::names(&hit, " ") };
        vec![format!("the blast on {target} destroyed {what}")]
    }

    fn trace_turn(&self, _before: &Position, turn: &Turn) -> TurnTrace {
        let Turn::Bomb(target) = turn else { return turn.trace() };
        TurnTrace { struck: blast::blast_area(*target), ..TurnTrace::default() }
    }

    fn describe_state(&self, pos: &Position) -> Vec<String> {
        let holders = match Color::ALL.map(|c| pos.holds_bomb(c)) {
            [true, true] => "White and Black",
            [true, false] => "White",
            [false, true] => "Black",
            [false, false] => "none left",
        };
        vec![format!("bombs: {holders}")]
    }

    fn square_marks(&self, pos: &Position) -> Vec<SquareMarks> {
        vec![SquareMarks { kind: SquareKind::Crater, symbol: '*', label: "crater", squares: pos.craters() }]
    }
}
