//! Koopa Chess (`koopa`), rulings K1-K10 and O1-O9: captures stun and bounce (K2) or
//! kick (K3), stunned units sit out four plies (K4), there is no check, and the game
//! ends when a king leaves the board (K1, K5).

mod caption;
mod moves;
mod notation;
#[cfg(test)]
mod notation_tests;
mod refusals;
mod snapshot;
mod strike;
mod stuns;

use crate::geometry::SquareSet;
use crate::record::ast::TurnToken;
use crate::render::UnitMarks;
use crate::rules::movegen::{self, MoveFilter, Terrain};
use crate::rules::moves_as_turns;
use crate::rules::refusal::{CastlingCause, Refusal};
use crate::rules::san::WrittenMove;
use crate::rules::{Color, EndReason, Judged, Move, Outcome, Position, ResolveError, Resolved, Turn, TurnTrace, Wing};
use crate::snapshot::SnapshotError;
use crate::variants::prelude::*;

/// Koopa is played on the orthodox board with the orthodox units.
const TERRAIN: Terrain = Terrain::orthodox();

/// The start position: the orthodox array.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Koopa Chess.
#[derive(Clone, Copy, Debug, Default)]
pub struct Koopa;

impl Rules for Koopa {
    fn id(&self) -> &'static str {
        "koopa"
    }

    fn start(&self) -> Position {
        crate::rules::setup::orthodox_array(TERRAIN.area, crate::geometry::Square::at(0, 0))
    }

    fn legal_turns_to(&self, pos: &Position, filter: MoveFilter, out: &mut Vec<Turn>) {
        moves_as_turns(out, |found| moves::legal_moves(pos, filter, found));
    }

    fn play(&self, pos: &Position, turn: &Turn) -> Position {
        let mut after = pos.clone();
        apply_turn(&mut after, turn);
        after
    }

    fn play_into(&self, pos: &Position, turn: &Turn, after: &mut Position) {
        after.clone_from(pos);
        apply_turn(after, turn);
    }

    fn play_in_place(&self, pos: &mut Position, turn: &Turn) {
        apply_turn(pos, turn);
    }

    /// K1: there is no check.
    fn is_check(&self, _pos: &Position) -> bool {
        false
    }

    fn outcome(&self, pos: &Position) -> Judged<Option<Outcome>> {
        // K5: a king taken off the board loses at once.
        for color in Color::ALL {
            if pos.board().king(color).is_none() {
                return Ok(Some(Outcome::win(color.other(), EndReason::KingGone)));
            }
        }
        // K9: no legal move draws.
        Ok((!self.has_legal_turn(pos)?).then(|| Outcome::draw(EndReason::NoLegalTurn)))
    }
}

impl Notation for Koopa {
    fn explain_unreachable(&self, pos: &Position, written: &WrittenMove<'_>) -> Option<Refusal> {
        refusals::unreachable(pos, written)
    }

    /// K7: no check in Koopa, so only the right, stuns and free squares count.
    fn explain_castling(&self, pos: &Position, wing: Wing) -> Refusal {
        let cause = refusals::castling(pos, wing).unwrap_or(CastlingCause::NoRight { side: pos.turn() });
        Refusal::Castling { wing, cause }
    }

    fn resolve(&self, pos: &Position, token: &TurnToken) -> Result<Resolved, ResolveError> {
        let mut canonical = String::new();
        let turn = notation::resolve_into(self, pos, token, &mut canonical)?;
        Ok(Resolved { turn, canonical })
    }

    fn resolve_into(&self, pos: &Position, token: &TurnToken, canonical: &mut String) -> Result<Turn, ResolveError> {
        notation::resolve_into(self, pos, token, canonical)
    }

    /// Koopa has no check, so nothing is asked; a move written exactly as its
    /// canonical text leaves `canonical` empty.
    fn resolve_into_knowing(
        &self,
        pos: &Position,
        _in_check: Option<bool>,
        token: &TurnToken,
        canonical: &mut String,
    ) -> Result<Turn, ResolveError> {
        notation::resolve_turn(self, pos, token, canonical)
    }

    /// Every question of Koopa is decided (no search has a budget), so a turn is
    /// played on the replay's one position.
    fn plays_in_place(&self, _token: &TurnToken) -> bool {
        true
    }
}

impl Snapshot for Koopa {
    fn read_snapshot(&self, text: &str) -> Result<Position, SnapshotError> {
        snapshot::read(text)
    }

    fn write_snapshot(&self, pos: &Position) -> String {
        snapshot::write(pos)
    }
}

impl Presentation for Koopa {
    fn describe_turn(&self, before: &Position, turn: &Turn) -> Vec<String> {
        caption::describe(before, turn)
    }

    fn trace_turn(&self, before: &Position, turn: &Turn) -> TurnTrace {
        caption::trace(before, turn)
    }

    fn unit_marks(&self, pos: &Position) -> Vec<UnitMarks> {
        stuns::marks(pos)
    }
}

/// Plays a legal turn on `pos`, which becomes the position after it.
fn apply_turn(pos: &mut Position, turn: &Turn) {
    let mut fresh = SquareSet::EMPTY;
    for mv in turn.moves() {
        if mv.capture {
            if let strike::Strike::Bounce { stunned, .. } = strike::apply(pos, mv) {
                fresh = fresh.union(stunned);
            }
        } else {
            movegen::apply_move(pos, mv);
        }
    }
    // K6: a double step leaves no en passant square.
    pos.set_ep_square(None);
    stuns::tick(pos.board_mut(), fresh);
    pos.pass_turn(turn.moves().iter().any(Move::is_zeroing));
}
