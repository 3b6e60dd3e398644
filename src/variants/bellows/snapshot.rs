//! Bellows' snapshot (SPEC section 4): FEN on the 12x12 grid plus a seventh field,
//! `phase`, the active board of the side to move (`8`, `10`, `12`; Larry Smith's
//! schedule writes `8`, `10>`, `12`, `10<`).

use super::moves::{self, BACK_RANKS, CASTLING_FILES};
use super::schedule::{Region, Schedule};
use crate::geometry::Square;
use crate::record::quote;
use crate::rules::impossible::{king_problems, misplaced_pawns, waiting_side_in_check, Kings};
use crate::rules::{Piece, Position};
use crate::snapshot::fen::{self, Fields};
use crate::snapshot::SnapshotError;

/// L5: pawns stand only on ranks 4-9 (0-based 3..=8).
const PAWN_RANKS: std::ops::RangeInclusive<u8> = 3..=8;

/// Reads a snapshot of 4 to 7 fields and rejects impossible positions. Without the
/// `phase` field the active board is the 8x8 (the first place of the schedule).
pub(super) fn read(text: &str, schedule: &Schedule) -> Result<Position, SnapshotError> {
    let fields = Fields::split(text, 4, 7)?;
    let area = Region::Large.rect();
    let mut pos =
        fen::read_orthodox_in(&fields, area, BACK_RANKS, CASTLING_FILES, fen::orthodox_symbol, &mut Vec::new())?;
    let mut problems = Vec::new();
    if let Some(text) = fields.get(6) {
        match schedule.read_phase(text) {
            Some(phase) => pos.set_phase(phase),
            None => problems.push(format!(
                "the phase `{}` is not a board of the schedule {}; it is one of {}",
                quote(text),
                schedule.describe(),
                schedule.phase_texts()
            )),
        }
    }
    problems.extend(king_problems(&pos, Kings::ExactlyOne));
    problems.extend(misplaced_pawns(&pos, PAWN_RANKS, ": pawns stand only on ranks 4 to 9"));
    if problems.is_empty() {
        let how = format!(" (it could be captured on the {} board)", schedule.active(&pos).describe());
        problems.extend(waiting_side_in_check(&pos, moves::opponent_in_check(&pos, schedule), &how));
    }
    SnapshotError::check(problems)?;
    Ok(pos)
}

/// Writes the seven fields; `ep` is the en passant square when a capture there is legal.
pub(super) fn write(pos: &Position, schedule: &Schedule, ep: Option<Square>) -> String {
    let placement = fen::write_placement(Region::Large.rect(), |sq| pos.board().get(sq).map(Piece::fen_char));
    format!("{} {}", fen::write_orthodox_in(pos, &placement, ep, CASTLING_FILES), schedule.phase_text(pos.phase()))
}
