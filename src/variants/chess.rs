//! Orthodox chess (`chess`), rulings O1-O9: FIDE moves, Chess960 castling from any
//! start position, checkmate, stalemate and insufficient material.

use crate::geometry::SquareSet;
use crate::record::ast::TurnToken;
use crate::rules::check::king_safe;
use crate::rules::check_by_move;
use crate::rules::legal::{any_legal_move, count_legal_moves, legal_moves, legal_moves_from, Arena};
use crate::rules::movegen::{self, MoveFilter, Terrain};
use crate::rules::moves_as_turns;
use crate::rules::refusal::{self, Refusal};
use crate::rules::san::{self, WrittenMove};
use crate::rules::setup;
use crate::rules::{mate_or_stalemate, Color, EndReason, Judged, Move, Outcome, Position, ResolveError, Role, Turn};
use crate::snapshot::plain::{self, PawnRanks};
use crate::snapshot::SnapshotError;
use crate::variants::prelude::*;

const TERRAIN: Terrain = Terrain::orthodox();

/// The orthodox start position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Orthodox chess.
#[derive(Clone, Copy, Debug, Default)]
pub struct Chess;

/// Moves on the orthodox board, threats judged on it too.
const ARENA: Arena = Arena::same(TERRAIN);

/// python-chess's `has_insufficient_material` for one side (O3).
fn has_insufficient_material(pos: &Position, color: Color) -> bool {
    let board = pos.board();
    let own = |role| !board.pieces_of(color, role).is_empty();
    if own(Role::Pawn) || own(Role::Rook) || own(Role::Queen) {
        return false;
    }
    if own(Role::Knight) {
        let enemy_minors_or_more =
            board.occupied_by(color.other()).difference(board.role_set(Role::King) | board.role_set(Role::Queen));
        return board.occupied_by(color).len() <= 2 && enemy_minors_or_more.is_empty();
    }
    if own(Role::Bishop) {
        let bishops = board.role_set(Role::Bishop);
        let light = bishops.iter().any(|s| (s.file() + s.rank()) % 2 == 1);
        let dark = bishops.iter().any(|s| (s.file() + s.rank()) % 2 == 0);
        let pawns_or_knights = board.role_set(Role::Pawn) | board.role_set(Role::Knight);
        return pawns_or_knights.is_empty() && !(light && dark);
    }
    true
}

impl Rules for Chess {
    fn id(&self) -> &'static str {
        "chess"
    }

    fn start(&self) -> Position {
        // Placed once; every game that starts from the array starts from a copy.
        static START: std::sync::LazyLock<Position> =
            std::sync::LazyLock::new(|| setup::orthodox_array(TERRAIN.area, crate::geometry::Square::at(0, 0)));
        START.clone()
    }

    fn legal_turns_to(&self, pos: &Position, filter: MoveFilter, out: &mut Vec<Turn>) {
        moves_as_turns(out, |moves| legal_moves(pos, &ARENA, filter, moves));
    }

    fn legal_moves_to(&self, pos: &Position, filter: MoveFilter, sources: SquareSet, out: &mut Vec<Move>) {
        legal_moves_from(pos, &ARENA, filter, sources, out);
    }

    fn orthodox_arena(&self, _pos: &Position) -> Option<Arena> {
        Some(ARENA)
    }

    fn count_legal_turns(&self, pos: &Position) -> u64 {
        count_legal_moves(pos, &ARENA)
    }

    fn has_legal_turn(&self, pos: &Position) -> Judged<bool> {
        Ok(any_legal_move(pos, &ARENA))
    }

    fn play(&self, pos: &Position, turn: &Turn) -> Position {
        movegen::play_orthodox(pos, turn)
    }

    fn play_into(&self, pos: &Position, turn: &Turn, after: &mut Position) {
        after.clone_from(pos);
        movegen::apply_orthodox(after, turn);
    }

    fn play_in_place(&self, pos: &mut Position, turn: &Turn) {
        movegen::apply_orthodox(pos, turn);
    }

    fn is_check(&self, pos: &Position) -> bool {
        !king_safe(pos, pos.turn(), &TERRAIN)
    }

    fn check_by_move(&self, after: &Position, mv: &Move) -> Option<bool> {
        check_by_move::gives_check(after, &TERRAIN, mv)
    }

    fn outcome(&self, pos: &Position) -> Judged<Option<Outcome>> {
        Ok(mate_or_stalemate(self, pos)?
            .or_else(|| self.is_dead_position(pos).then(|| Outcome::draw(EndReason::InsufficientMaterial))))
    }

    /// Pawns only advance and captures are for good.
    fn clock_reset_ends_repetition(&self) -> bool {
        true
    }

    fn is_dead_position(&self, pos: &Position) -> bool {
        let board = pos.board();
        // A pawn, rook or queen of either side can still mate: the common case, at once.
        let majors_or_pawns = board.role_set(Role::Pawn) | board.role_set(Role::Rook) | board.role_set(Role::Queen);
        majors_or_pawns.is_empty() && Color::ALL.iter().all(|&c| has_insufficient_material(pos, c))
    }
}

impl Notation for Chess {
    fn resolve_into(&self, pos: &Position, token: &TurnToken, canonical: &mut String) -> Result<Turn, ResolveError> {
        san::resolve_single_move_into(self, pos, token, canonical)
    }

    fn resolve_into_knowing(
        &self,
        pos: &Position,
        in_check: Option<bool>,
        token: &TurnToken,
        canonical: &mut String,
    ) -> Result<Turn, ResolveError> {
        san::resolve_single_move_knowing(self, pos, in_check, token, canonical)
    }

    /// Every question of chess is decided.
    fn plays_in_place(&self, _token: &TurnToken) -> bool {
        true
    }

    fn explain_unreachable(&self, pos: &Position, written: &WrittenMove<'_>) -> Option<Refusal> {
        refusal::king_safety(pos, &TERRAIN, written)
    }
}

impl Snapshot for Chess {
    fn read_snapshot(&self, text: &str) -> Result<Position, SnapshotError> {
        plain::read(text, PawnRanks::Orthodox)
    }

    fn write_snapshot(&self, pos: &Position) -> String {
        plain::write(pos, self.capturable_ep_square(pos))
    }
}

impl Presentation for Chess {}
