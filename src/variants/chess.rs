//! Orthodox chess (`chess`), rulings O1-O9: FIDE moves, Chess960 castling from any
//! start position, checkmate, stalemate and insufficient material.

use crate::geometry::{Square, SquareSet};
use crate::rules::movegen::{self, MoveFilter, Terrain};
use crate::rules::{
    mate_or_stalemate, Color, EndReason, Move, MoveKind, Outcome, Piece, Position, Role, Turn, Variant,
};
use crate::snapshot::fen::{self, Fields};
use crate::snapshot::SnapshotError;

const TERRAIN: Terrain = Terrain::orthodox();

/// The orthodox start position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Orthodox chess.
#[derive(Clone, Copy, Debug, Default)]
pub struct Chess;

impl Chess {
    /// Legal moves of the side to move that fit `filter`, castling included (O1, O2).
    pub fn legal_moves(pos: &Position, filter: MoveFilter, out: &mut Vec<Move>) {
        let start = out.len();
        movegen::pseudo_moves(pos, &TERRAIN, filter, out);
        let them = pos.turn.other();
        if filter.role.is_none_or(|r| r == Role::King) {
            let before = out.len();
            movegen::castling_moves(pos, &TERRAIN, out, |sq| {
                !movegen::is_attacked(&pos.board, &pos.features.craters, &TERRAIN, &TERRAIN.area, sq, them)
            });
            if let Some(to) = filter.to {
                movegen::retain_from(out, before, |m| m.to == to);
            }
        }
        let mut safety = KingSafety::new(pos);
        movegen::retain_from(out, start, |m| safety.allows(m));
    }

    /// Whether the side to move has at least one legal move; stops at the first.
    pub fn any_legal_move(pos: &Position) -> bool {
        let mut moves = Vec::with_capacity(64);
        movegen::pseudo_moves(pos, &TERRAIN, MoveFilter::default(), &mut moves);
        let mut safety = KingSafety::new(pos);
        if moves.iter().any(|m| safety.allows(m)) {
            return true;
        }
        // Castling can be the only legal move (Chess960: a king that stays put
        // while its rook jumps over to shield it).
        moves.clear();
        Chess::legal_moves(pos, MoveFilter { role: Some(Role::King), to: None }, &mut moves);
        !moves.is_empty()
    }
}

/// Decides whether moves leave the mover's king safe (O1), cheaply where it can: a
/// unit that does not stand on a line with its own king cannot expose it, so when the
/// king is not in check such a move needs no trial.
///
/// Attacks are judged inside the terrain's area: the orthodox board, or Bellows'
/// board of the next ply (L6).
pub struct KingSafety<'a> {
    pos: &'a Position,
    terrain: Terrain,
    scratch: Option<crate::rules::Board>,
    in_check: Option<bool>,
}

impl<'a> KingSafety<'a> {
    fn new(pos: &'a Position) -> KingSafety<'a> {
        KingSafety::within(pos, TERRAIN)
    }

    /// King safety judged by attacks inside `terrain`'s area.
    pub fn within(pos: &'a Position, terrain: Terrain) -> KingSafety<'a> {
        KingSafety { pos, terrain, scratch: None, in_check: None }
    }

    /// Whether the mover's king is not attacked after `mv`.
    pub fn allows(&mut self, mv: &Move) -> bool {
        let pos = self.pos;
        let Some(king) = pos.board.king(pos.turn) else { return true };
        let d = king.delta_to(mv.from);
        let aligned = d.files == 0 || d.ranks == 0 || d.files.abs() == d.ranks.abs();
        if mv.role != Role::King && mv.kind != MoveKind::EnPassant && !aligned {
            let terrain = &self.terrain;
            let in_check = *self.in_check.get_or_insert_with(|| !king_safe_within(pos, pos.turn, terrain));
            if !in_check {
                return true;
            }
        }
        let scratch = self.scratch.get_or_insert_with(|| pos.board.clone());
        !movegen::king_attacked_after(scratch, &pos.features.craters, &self.terrain, mv, pos.turn)
    }
}

/// Whether `color`'s king is not attacked (a side without a king is safe).
pub fn king_safe(pos: &Position, color: Color) -> bool {
    king_safe_within(pos, color, &TERRAIN)
}

/// Whether `color`'s king is not attacked inside `terrain`'s area (a side without a
/// king is safe).
pub fn king_safe_within(pos: &Position, color: Color, terrain: &Terrain) -> bool {
    match pos.board.king(color) {
        Some(king) => {
            !movegen::is_attacked(&pos.board, &pos.features.craters, terrain, &terrain.area, king, color.other())
        }
        None => true,
    }
}

/// python-chess's `has_insufficient_material` for one side (O3).
fn has_insufficient_material(pos: &Position, color: Color) -> bool {
    let board = &pos.board;
    let own = |role| board.units(color, role).next().is_some();
    let any = |role| Color::ALL.iter().any(|&c| board.units(c, role).next().is_some());
    if own(Role::Pawn) || own(Role::Rook) || own(Role::Queen) {
        return false;
    }
    if own(Role::Knight) {
        let enemy_minor_or_more =
            board.pieces().any(|(_, p)| p.color != color && !matches!(p.role, Role::King | Role::Queen));
        return board.occupied_by(color).len() <= 2 && !enemy_minor_or_more;
    }
    if own(Role::Bishop) {
        let shades: SquareSet = Color::ALL.iter().flat_map(|&c| board.units(c, Role::Bishop)).collect();
        let light = shades.iter().any(|s| (s.file() + s.rank()) % 2 == 1);
        let dark = shades.iter().any(|s| (s.file() + s.rank()) % 2 == 0);
        return !(any(Role::Pawn) || any(Role::Knight) || light && dark);
    }
    true
}

/// Problems that make an orthodox position impossible (O9).
pub fn impossible_position(pos: &Position, pawn_ranks_forbidden: bool) -> Vec<String> {
    let mut problems = impossible_units(pos, true, pawn_ranks_forbidden);
    if problems.is_empty() && !king_safe(pos, pos.turn.other()) {
        problems.push(format!(
            "{} is to move while the {} king stands in check",
            pos.turn.name(),
            pos.turn.other().name().to_lowercase()
        ));
    }
    problems
}

/// The units that make a position impossible (O9): more than one king of a colour,
/// no king (when `king_required`), pawns on the first or last rank (when
/// `pawn_ranks_forbidden`).
pub fn impossible_units(pos: &Position, king_required: bool, pawn_ranks_forbidden: bool) -> Vec<String> {
    let mut problems = Vec::new();
    for color in Color::ALL {
        let kings = pos.board.units(color, Role::King).count();
        if kings > 1 || (king_required && kings == 0) {
            let needed = if king_required { "exactly one" } else { "at most one" };
            problems.push(format!("{} has {kings} kings; it needs {needed}", color.name()));
        }
    }
    if pawn_ranks_forbidden {
        for (sq, piece) in pos.board.pieces() {
            if piece.role == Role::Pawn && (sq.rank() == 0 || sq.rank() == 7) {
                problems.push(format!("the {piece} on {sq} stands where no pawn can be"));
            }
        }
    }
    problems
}

/// Reads a plain FEN on the 8x8 board and rejects impossible positions (O9); Bouncing
/// lets pawns stand on the first and last ranks (`pawns_on_edge_ranks`).
pub fn read_plain_snapshot(text: &str, pawns_on_edge_ranks: bool) -> Result<Position, SnapshotError> {
    let fields = Fields::split(text, 4, 6)?;
    let pos =
        fen::read_orthodox(&fields, TERRAIN.area, TERRAIN.castling.back_rank, fen::orthodox_symbol, &mut Vec::new())?;
    SnapshotError::check(impossible_position(&pos, !pawns_on_edge_ranks))?;
    Ok(pos)
}

/// Writes a plain FEN; `ep` is the en passant square when a capture there is legal.
pub fn write_plain_snapshot(pos: &Position, ep: Option<Square>) -> String {
    let placement = fen::write_placement(TERRAIN.area, |sq| pos.board.get(sq).map(Piece::fen_char));
    fen::write_orthodox(pos, placement, ep)
}

impl Variant for Chess {
    fn id(&self) -> &'static str {
        "chess"
    }

    fn start(&self) -> Position {
        self.read_snapshot(START).unwrap_or_else(|_| Position::new(crate::rules::Board::empty(TERRAIN.area)))
    }

    fn read_snapshot(&self, text: &str) -> Result<Position, SnapshotError> {
        read_plain_snapshot(text, false)
    }

    fn write_snapshot(&self, pos: &Position) -> String {
        write_plain_snapshot(pos, self.capturable_ep_square(pos))
    }

    fn legal_turns(&self, pos: &Position, out: &mut Vec<Turn>) {
        self.legal_turns_to(pos, None, None, out);
    }

    fn legal_turns_to(&self, pos: &Position, role: Option<Role>, to: Option<Square>, out: &mut Vec<Turn>) {
        let mut moves = Vec::with_capacity(48);
        Chess::legal_moves(pos, MoveFilter { role, to }, &mut moves);
        out.extend(moves.into_iter().map(Turn::Move));
    }

    fn has_legal_turn(&self, pos: &Position) -> bool {
        Chess::any_legal_move(pos)
    }

    fn play(&self, pos: &Position, turn: &Turn) -> Position {
        let mut after = pos.clone();
        for mv in turn.moves() {
            movegen::apply_move(&mut after, mv);
        }
        let zeroing = turn.moves().iter().any(Move::is_zeroing);
        after.pass_turn(zeroing);
        after
    }

    fn is_check(&self, pos: &Position) -> bool {
        !king_safe(pos, pos.turn)
    }

    fn outcome(&self, pos: &Position) -> Option<Outcome> {
        mate_or_stalemate(self, pos)
            .or_else(|| self.is_dead_position(pos).then(|| Outcome::draw(EndReason::InsufficientMaterial)))
    }

    fn explain_unreachable(&self, pos: &Position, role: Role, to: Option<Square>) -> Option<String> {
        let mut pseudo = Vec::new();
        movegen::pseudo_moves(pos, &TERRAIN, MoveFilter { role: Some(role), to }, &mut pseudo);
        let mv = pseudo.first()?;
        let king = pos.turn.name().to_lowercase();
        Some(if self.is_check(pos) {
            format!("the {king} king is in check, and {} {} to {} does not end the check", role.name(), mv.from, mv.to)
        } else {
            format!(
                "the {} on {} cannot move to {}: it would leave the {king} king in check",
                role.name(),
                mv.from,
                mv.to
            )
        })
    }

    fn is_dead_position(&self, pos: &Position) -> bool {
        Color::ALL.iter().all(|&c| has_insufficient_material(pos, c))
    }
}
