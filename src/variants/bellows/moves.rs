//! Legal moves (L4-L6): orthodox moves inside the active board, kept when the
//! opponent could not capture the mover's king on its next ply, on that ply's board.

use super::schedule::{Region, Schedule};
use crate::geometry::SquareSet;
use crate::rules::castling::CastlingRules;
use crate::rules::check::king_safe;
use crate::rules::legal::{self, Arena};
use crate::rules::movegen::{MoveFilter, PawnRules, Terrain};
use crate::rules::{Move, Position};

/// L5: White double-steps from rank 4 and promotes on rank 10, Black from rank 9 and
/// on rank 3; the promotion rank runs straight across all three boards.
const PAWNS: PawnRules = PawnRules { double_step_ranks: [1 << 3, 1 << 8], last_rank: [9, 2] };

/// L2: Chess960 castling inside the 8x8 region: the king goes to e or i, the rook
/// beside it, on ranks 3 and 10.
const CASTLING: CastlingRules = CastlingRules { back_rank: [2, 9], king_files: [4, 8] };

/// The files on which `K`/`Q` of the castling field look for the outermost rook
/// (L2: c-j, the files of the 8x8 region).
pub(super) const CASTLING_FILES: std::ops::RangeInclusive<u8> = 2..=9;

/// The back ranks on which each side castles (L2).
pub(super) const BACK_RANKS: [u8; 2] = CASTLING.back_rank;

/// The shared generator's terrain with `region` as the area units may use.
pub(super) const fn terrain(region: Region) -> Terrain {
    Terrain { area: region.rect(), pawns: PAWNS, castling: CASTLING }
}

/// L4: only units inside the active board move, and only inside it; L6: threats
/// are judged on the board of the opponent's next ply.
pub(super) fn arena(pos: &Position, schedule: &Schedule) -> Arena {
    Arena { moves: terrain(schedule.active(pos)), threats: terrain(schedule.next(pos)) }
}

/// Legal moves of the side to move that fit `filter`, castling included (its squares
/// inside the active board, the king's not capturable on the next ply).
pub(super) fn legal_moves(pos: &Position, schedule: &Schedule, filter: MoveFilter, out: &mut Vec<Move>) {
    legal::legal_moves(pos, &arena(pos, schedule), filter, out);
}

/// [`legal_moves`] of the units on `sources` only (SAN resolution).
pub(super) fn legal_moves_from(
    pos: &Position,
    schedule: &Schedule,
    filter: MoveFilter,
    sources: SquareSet,
    out: &mut Vec<Move>,
) {
    legal::legal_moves_from(pos, &arena(pos, schedule), filter, sources, out);
}

/// How many legal moves the side to move has, counted without building them.
pub(super) fn count_legal_moves(pos: &Position, schedule: &Schedule) -> u64 {
    legal::count_legal_moves(pos, &arena(pos, schedule))
}

/// Whether the side to move has a legal move; stops at the first.
pub(super) fn any_legal_move(pos: &Position, schedule: &Schedule) -> bool {
    legal::any_legal_move(pos, &arena(pos, schedule))
}

/// L6: the side to move is in check when the opponent could capture its king on the
/// opponent's next ply, on that ply's board.
pub(super) fn in_check(pos: &Position, schedule: &Schedule) -> bool {
    !king_safe(pos, pos.turn(), &terrain(schedule.next(pos)))
}

/// O9 in L6's sense: the side not to move stands in check when the side to move could
/// capture its king now, on the active board.
pub(super) fn opponent_in_check(pos: &Position, schedule: &Schedule) -> bool {
    !king_safe(pos, pos.turn().other(), &terrain(schedule.active(pos)))
}
