//! Bellows Chess (`bellows`), rulings L1-L9 on top of O1-O9: orthodox chess on a
//! 12x12 grid whose active board breathes 8x8, 10x10, 12x12 from ply to ply. Units
//! move only inside the active board, check looks one ply ahead to the next board,
//! and a side without a legal move loses.
//!
//! The moves themselves come from the shared generator, given the active board as
//! its area; this module adds the schedule, the look-ahead of check and the
//! snapshot's `phase` field.

mod caption;
mod moves;
mod refusals;
mod schedule;
mod snapshot;

use crate::geometry::SquareSet;
use crate::record::ast::TurnToken;
use crate::render::SquareMarks;
use crate::rules::legal::Arena;
use crate::rules::movegen::{self, MoveFilter};
use crate::rules::moves_as_turns;
use crate::rules::refusal::{self, Refusal};
use crate::rules::san::WrittenMove;
use crate::rules::{EndReason, Judged, Move, Outcome, Position, ResolveError, Turn, Wing};
use crate::snapshot::SnapshotError;
use crate::variants::prelude::*;
use schedule::{Region, Schedule};
use std::collections::BTreeMap;

/// L2: the orthodox array on the 8x8 region c3-j10, White to move on the 8x8 board.
pub const START: &str = "12/12/2rnbqkbnr2/2pppppppp2/12/12/12/12/2PPPPPPPP2/2RNBQKBNR2/12/12 w KQkq - 0 1 8";

/// Bellows Chess with its schedule options (L3).
#[derive(Clone, Copy, Debug, Default)]
pub struct Bellows {
    schedule: Schedule,
}

impl Bellows {
    /// Reads the rule options `schedule` and `turn` (L3).
    pub fn from_options(options: &BTreeMap<String, String>) -> Bellows {
        Bellows { schedule: Schedule::from_options(options) }
    }
}

impl Bellows {
    /// Plays a legal turn on `pos` itself: the units, then the schedule and the clocks.
    fn play_on(&self, pos: &mut Position, turn: &Turn) {
        // Moving the units changes neither the phase nor the side to move.
        let (phase, mover) = (pos.phase(), pos.turn());
        for mv in turn.moves() {
            movegen::apply_move(pos, mv);
        }
        // L3: the next ply's place in the schedule.
        pos.set_phase(self.schedule.advance(phase, mover));
        pos.pass_turn(turn.moves().iter().any(Move::is_zeroing));
    }
}

impl Rules for Bellows {
    fn id(&self) -> &'static str {
        "bellows"
    }

    fn start(&self) -> Position {
        // L2: the orthodox array on the 8x8 region c3-j10; phase 0 is the 8x8 board.
        crate::rules::setup::orthodox_array(Region::Large.rect(), crate::geometry::Square::at(2, 2))
    }

    fn legal_turns_to(&self, pos: &Position, filter: MoveFilter, out: &mut Vec<Turn>) {
        moves_as_turns(out, |found| moves::legal_moves(pos, &self.schedule, filter, found));
    }

    fn legal_moves_to(&self, pos: &Position, filter: MoveFilter, sources: SquareSet, out: &mut Vec<Move>) {
        moves::legal_moves_from(pos, &self.schedule, filter, sources, out);
    }

    fn orthodox_arena(&self, pos: &Position) -> Option<Arena> {
        Some(moves::arena(pos, &self.schedule))
    }

    fn count_legal_turns(&self, pos: &Position) -> u64 {
        moves::count_legal_moves(pos, &self.schedule)
    }

    fn has_legal_turn(&self, pos: &Position) -> Judged<bool> {
        Ok(moves::any_legal_move(pos, &self.schedule))
    }

    fn play(&self, pos: &Position, turn: &Turn) -> Position {
        let mut after = pos.clone();
        self.play_on(&mut after, turn);
        after
    }

    fn play_into(&self, pos: &Position, turn: &Turn, after: &mut Position) {
        after.clone_from(pos);
        self.play_on(after, turn);
    }

    fn is_check(&self, pos: &Position) -> bool {
        moves::in_check(pos, &self.schedule)
    }

    /// Pawns only advance and captures are for good.
    fn clock_reset_ends_repetition(&self) -> bool {
        true
    }

    /// L7: a side with no legal move loses, in check (checkmate) or not. O3: no
    /// insufficient-material rule.
    fn outcome(&self, pos: &Position) -> Judged<Option<Outcome>> {
        if self.has_legal_turn(pos)? {
            return Ok(None);
        }
        let reason = if self.is_check(pos) { EndReason::Checkmate } else { EndReason::NoLegalTurn };
        Ok(Some(Outcome::win(pos.turn().other(), reason)))
    }
}

impl Notation for Bellows {
    fn resolve_into(&self, pos: &Position, token: &TurnToken, canonical: &mut String) -> Result<Turn, ResolveError> {
        crate::rules::san::resolve_single_move_into(self, pos, token, canonical)
    }

    fn resolve_into_knowing(
        &self,
        pos: &Position,
        in_check: Option<bool>,
        token: &TurnToken,
        canonical: &mut String,
    ) -> Result<Turn, ResolveError> {
        crate::rules::san::resolve_single_move_knowing(self, pos, in_check, token, canonical)
    }

    fn explain_unreachable(&self, pos: &Position, written: &WrittenMove<'_>) -> Option<Refusal> {
        refusals::unreachable(pos, &self.schedule, written)
    }

    /// L4 and L6 first (a square off the active board, a king's square the opponent
    /// could capture on its next ply), then the shared conditions on Bellows' squares.
    fn explain_castling(&self, pos: &Position, wing: Wing) -> Refusal {
        if let Some(cause) = refusals::castling(pos, &self.schedule, wing) {
            return Refusal::Castling { wing, cause };
        }
        let next = moves::terrain(self.schedule.next(pos));
        refusal::castling(pos, &next.castling, &next, wing)
    }
}

impl Snapshot for Bellows {
    fn read_snapshot(&self, text: &str) -> Result<Position, SnapshotError> {
        snapshot::read(text, &self.schedule)
    }

    fn write_snapshot(&self, pos: &Position) -> String {
        snapshot::write(pos, &self.schedule, self.capturable_ep_square(pos))
    }
}

impl Presentation for Bellows {
    fn describe_state(&self, pos: &Position) -> Vec<String> {
        caption::state(pos, &self.schedule)
    }

    fn square_marks(&self, pos: &Position) -> Vec<SquareMarks> {
        caption::outside_marks(pos, &self.schedule)
    }
}
