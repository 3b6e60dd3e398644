//! Legal moves (L4-L6): orthodox moves inside the active board, kept when the
//! opponent could not capture the mover's king on its next ply, on that ply's board.

use super::schedule::{Region, Schedule};
use crate::rules::movegen::{self, CastlingRules, MoveFilter, PawnRules, Terrain};
use crate::rules::{Move, Position, Role};
use crate::variants::chess::{king_safe_within, KingSafety};

/// L5: White double-steps from rank 4 and promotes on rank 10, Black from rank 9 and
/// on rank 3; the promotion rank runs straight across all three boards.
const PAWNS: PawnRules = PawnRules { double_step_ranks: [1 << 3, 1 << 8], last_rank: [9, 2] };

/// L2: Chess960 castling inside the 8x8 region: the king goes to e or i, the rook
/// beside it, on ranks 3 and 10.
const CASTLING: CastlingRules = CastlingRules { back_rank: [2, 9], king_files: [4, 8] };

/// The files on which `K`/`Q` of the castling field look for the outermost rook
/// (L2: c-j, the files of the 8x8 region).
pub const CASTLING_FILES: std::ops::RangeInclusive<u8> = 2..=9;

/// The back ranks on which each side castles (L2).
pub const BACK_RANKS: [u8; 2] = CASTLING.back_rank;

/// The shared generator's terrain with `region` as the area units may use.
pub const fn terrain(region: Region) -> Terrain {
    Terrain { area: region.rect(), pawns: PAWNS, castling: CASTLING }
}

/// Legal moves of the side to move that fit `filter`, castling included.
pub fn legal_moves(pos: &Position, schedule: &Schedule, filter: MoveFilter, out: &mut Vec<Move>) {
    let start = out.len();
    // L4: only units inside the active board move, and only inside it.
    let active = terrain(schedule.active(pos));
    // L6: threats are judged on the board of the opponent's next ply.
    let next = terrain(schedule.next(pos));
    movegen::pseudo_moves(pos, &active, filter, out);
    if filter.role.is_none_or(|r| r == Role::King) {
        let before = out.len();
        // L4, L6: castling squares inside the active board; the king's squares not
        // capturable on the next ply.
        movegen::castling_moves(pos, &active, out, |sq| !is_threatened(pos, &next, sq));
        if let Some(to) = filter.to {
            movegen::retain_from(out, before, |m| m.to == to);
        }
    }
    let mut safety = KingSafety::within(pos, next);
    movegen::retain_from(out, start, |m| safety.allows(m));
}

/// Whether the side to move has a legal move; stops at the first.
pub fn any_legal_move(pos: &Position, schedule: &Schedule) -> bool {
    let mut moves = Vec::with_capacity(64);
    movegen::pseudo_moves(pos, &terrain(schedule.active(pos)), MoveFilter::default(), &mut moves);
    let mut safety = KingSafety::within(pos, terrain(schedule.next(pos)));
    if moves.iter().any(|m| safety.allows(m)) {
        return true;
    }
    moves.clear();
    legal_moves(pos, schedule, MoveFilter { role: Some(Role::King), to: None }, &mut moves);
    !moves.is_empty()
}

/// Whether a unit of the side not to move could capture on `sq` on its next ply,
/// on the board `next` (L6).
pub fn is_threatened(pos: &Position, next: &Terrain, sq: crate::geometry::Square) -> bool {
    movegen::is_attacked(&pos.board, &pos.features.craters, next, &next.area, sq, pos.turn.other())
}

/// L6: the side to move is in check when the opponent could capture its king on the
/// opponent's next ply, on that ply's board.
pub fn in_check(pos: &Position, schedule: &Schedule) -> bool {
    !king_safe_within(pos, pos.turn, &terrain(schedule.next(pos)))
}

/// O9 in L6's sense: the side not to move stands in check when the side to move could
/// capture its king now, on the active board.
pub fn opponent_in_check(pos: &Position, schedule: &Schedule) -> bool {
    !king_safe_within(pos, pos.turn.other(), &terrain(schedule.active(pos)))
}
