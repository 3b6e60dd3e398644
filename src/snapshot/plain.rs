//! The plain FEN of an 8x8 variant without extra fields (chess, Bouncing): read with
//! the impossible-position checks of O9, and written with the en passant square
//! only when a capture there is legal.

use super::fen::{self, Fields};
use super::SnapshotError;
use crate::geometry::{Rect, Square};
use crate::rules::check::king_safe;
use crate::rules::impossible::{king_problems, misplaced_pawns, waiting_side_in_check, Kings, ORTHODOX_PAWN_RANKS};
use crate::rules::movegen::Terrain;
use crate::rules::{Piece, Position};

const TERRAIN: Terrain = Terrain::orthodox();

/// Where pawns may stand in a plain FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PawnRanks {
    /// Never on the first or last rank (O9).
    Orthodox,
    /// On every rank (Bouncing, B4-B6).
    Any,
}

/// Problems that make an orthodox position impossible (O9): kings, pawns on the
/// first or last rank (unless `pawns` allows them), the side not to move in check.
pub fn impossible_position(pos: &Position, pawns: PawnRanks) -> Vec<String> {
    let mut problems = king_problems(pos, Kings::ExactlyOne);
    if pawns == PawnRanks::Orthodox {
        problems.extend(misplaced_pawns(pos, ORTHODOX_PAWN_RANKS, ""));
    }
    if problems.is_empty() {
        problems.extend(waiting_side_in_check(pos, !king_safe(pos, pos.turn().other(), &TERRAIN), ""));
    }
    problems
}

/// Reads a plain FEN on the 8x8 board and rejects impossible positions (O9).
pub fn read(text: &str, pawns: PawnRanks) -> Result<Position, SnapshotError> {
    let fields = Fields::split(text, 4, 6)?;
    let pos =
        fen::read_orthodox(&fields, TERRAIN.area, TERRAIN.castling.back_rank, fen::orthodox_symbol, &mut Vec::new())?;
    SnapshotError::check(impossible_position(&pos, pawns))?;
    Ok(pos)
}

/// Writes a plain FEN; `ep` is the en passant square when a capture there is legal.
pub fn write(pos: &Position, ep: Option<Square>) -> String {
    fen::write_orthodox(pos, &placement(pos, TERRAIN.area), ep)
}

/// The placement field of the units inside `area`.
pub fn placement(pos: &Position, area: Rect) -> String {
    fen::write_placement(area, |sq| pos.board().get(sq).map(Piece::fen_char))
}
