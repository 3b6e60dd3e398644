//! Orthodox legality on any terrain: pseudo-legal moves and castling, kept when they
//! leave the mover's king safe. Chess, Tilting and Bellows use it as it is; Bellows
//! moves on its active board and judges threats on the next ply's board (L4, L6).

use super::castling::free_castlings;
use super::check::KingSafety;
use super::movegen::{is_attacked, pseudo_moves, retain_from, MoveFilter, PseudoMoves, Terrain};
use super::{Move, MoveKind, Position, Role, Wing};
use crate::geometry::{attacks, files_of, Square, SquareSet};

/// Where units move, and where attacks on the king are judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arena {
    /// The terrain the side to move moves in.
    pub moves: Terrain,
    /// The terrain in which the opponent's attacks count (the same, but in Bellows).
    pub threats: Terrain,
}

impl Arena {
    /// Moves and threats on the same terrain.
    pub const fn same(terrain: Terrain) -> Arena {
        Arena { moves: terrain, threats: terrain }
    }

    /// Whether the opponent attacks `sq` on the threat terrain.
    pub fn is_threatened(&self, pos: &Position, sq: crate::geometry::Square) -> bool {
        let t = &self.threats;
        is_attacked(pos.board(), &pos.craters(), t, &t.area, sq, pos.turn().other())
    }
}

/// Legal moves of the side to move that fit `filter`, castling included (O1, O2):
/// castling may not start from, cross or reach a threatened square.
pub fn legal_moves(pos: &Position, arena: &Arena, filter: MoveFilter, out: &mut Vec<Move>) {
    legal_moves_from(pos, arena, filter, attacks::grid(), out);
}

/// [`legal_moves`] of the units standing on `sources` only: SAN resolution asks for
/// the pawns of the written file, and skips the others' generation and king safety.
pub fn legal_moves_from(pos: &Position, arena: &Arena, filter: MoveFilter, sources: SquareSet, out: &mut Vec<Move>) {
    let mut safety = KingSafety::within(pos, arena.threats);
    if safety.judges_plain_moves() {
        walk_legal_moves(pos, arena, filter, sources, &mut safety, out);
        return;
    }
    // Several kings (a composed position): every move that might expose one is tried.
    let start = out.len();
    pseudo_moves(pos, &arena.moves, filter, out);
    retain_from(out, start, |m| sources.contains(m.from) && safety.allows(m));
    castling(pos, &arena.moves, filter, &mut safety, KingSteps::default(), &mut |mv| {
        if sources.contains(mv.from) {
            out.push(mv);
        }
    });
}

/// How many legal moves the side to move has (perft's last ply): the moves of
/// [`legal_moves`], counted from the sets of their destinations without building
/// them, the pawns free of pins all at once.
pub fn count_legal_moves(pos: &Position, arena: &Arena) -> u64 {
    let mut safety = KingSafety::within(pos, arena.threats);
    if !safety.judges_plain_moves() {
        let mut moves = Vec::new();
        legal_moves(pos, arena, MoveFilter::default(), &mut moves);
        return moves.len() as u64;
    }
    let generator = PseudoMoves::new(pos, &arena.moves, MoveFilter::default());
    let board = pos.board();
    let movers = generator.movers();
    let (evasions, pinned) = (safety.evasion_squares(), safety.pinned_units());
    let pawns = movers & board.role_set(Role::Pawn);
    let mut count = 0;
    // In a double check only the king moves.
    if !evasions.is_empty() {
        // Units free of pins go wherever they reach among the evasions: the pawns all
        // at once, the others one by one; pinned units keep to their line.
        count += generator.count_pawn_moves(pawns.difference(pinned), evasions);
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            for from in &(movers & board.role_set(role)).difference(pinned) {
                count += (generator.reach_of(role, from) & evasions).len() as u64;
            }
        }
        for from in &(movers & pinned) {
            if let Some(piece) = board.get(from) {
                let reach = generator.reach_of(piece.role, from);
                count += generator.count_moves(piece.role, safety.safe_destinations(from, reach));
            }
        }
    }
    let mut king_steps = KingSteps::default();
    for from in &(movers & board.role_set(Role::King)) {
        let reach = generator.reach_of(Role::King, from);
        king_steps = KingSteps { judged: reach, safe: safety.safe_destinations(from, reach) };
        count += king_steps.safe.len() as u64;
    }
    if pos.ep_square().is_some() {
        for from in &pawns {
            if generator.en_passant(from).is_some_and(|mv| safety.allows(&mv)) {
                count += 1;
            }
        }
    }
    castling(pos, &arena.moves, MoveFilter::default(), &mut safety, king_steps, &mut |_| count += 1);
    count
}

/// The legal moves fitting `filter` of the units on `sources`, for a mover with at
/// most one king: each unit's plain moves cut to the squares that keep the king safe
/// (evasions in check, pin lines), en passant and castling tried one by one.
fn walk_legal_moves(
    pos: &Position,
    arena: &Arena,
    filter: MoveFilter,
    sources: SquareSet,
    safety: &mut KingSafety<'_>,
    out: &mut Vec<Move>,
) {
    let generator = PseudoMoves::new(pos, &arena.moves, filter);
    for from in &(generator.candidates() & sources) {
        let Some((piece, reach)) = generator.reach(from) else { continue };
        if !reach.is_empty() {
            let safe = safety.safe_destinations(from, reach);
            if !safe.is_empty() {
                generator.push_moves(piece.role, from, safe, out);
            }
        }
        if piece.role == Role::Pawn {
            if let Some(mv) = generator.en_passant(from).filter(|mv| safety.allows(mv)) {
                out.push(mv);
            }
        }
    }
    castling(pos, &arena.moves, filter, safety, KingSteps::default(), &mut |mv| {
        if sources.contains(mv.from) {
            out.push(mv);
        }
    });
}

/// The king's steps already judged for this position: the squares it reaches and those
/// of them it may step to. Out of check, a square is threatened exactly when the king
/// may not step there (a line reaching it through the king's square would give check),
/// so castling need not judge these again.
#[derive(Clone, Copy, Debug, Default)]
struct KingSteps {
    judged: SquareSet,
    safe: SquareSet,
}

/// The legal castling moves fitting `filter` (O1, O2): the king's squares are not
/// threatened, and the king is safe after the move.
fn castling(
    pos: &Position,
    moves: &Terrain,
    filter: MoveFilter,
    safety: &mut KingSafety<'_>,
    steps: KingSteps,
    found: &mut dyn FnMut(Move),
) {
    if filter.role.is_some_and(|r| r != Role::King) || !pos.castling().holds_any(pos.turn()) {
        return;
    }
    // The king's own square must not be threatened: no castling out of check, and
    // out of check that square needs no second look.
    let out_of_check = safety.judges_plain_moves() && !safety.in_check();
    if safety.judges_plain_moves() && !out_of_check {
        return;
    }
    let king = pos.board().king(pos.turn());
    // Every square the king passes is judged with king and rook where they stand;
    // moving them opens only their rank, so without an enemy rook or queen on it the
    // king is safe where it lands.
    let landing_known_safe = out_of_check && king.is_some_and(|k| !safety.rook_like_on_rank(k.rank()));
    for path in free_castlings(pos, moves).into_iter().flatten() {
        if filter.to.is_some_and(|to| path.king_to != to) {
            continue;
        }
        // The squares the king crosses, as bits by file of its rank.
        let rank = path.king.rank();
        let mut crossed = path.king_files();
        let steps = if out_of_check { steps } else { KingSteps::default() };
        if out_of_check {
            crossed &= !(1 << path.king.file());
        }
        let (judged, safe) = (steps.judged.rank_bits(rank), steps.safe.rank_bits(rank));
        if crossed & judged & !safe != 0 {
            continue;
        }
        let unjudged = crossed & !judged;
        if unjudged != 0
            && (unjudged & safety.leaper_threats().rank_bits(rank) != 0
                || files_of(unjudged).any(|file| safety.is_threatened_by_sliders(Square::at(file, rank))))
        {
            continue;
        }
        let mv = path.to_move();
        if landing_known_safe || safety.allows(&mv) {
            found(mv);
        }
    }
}

/// The legal castling toward `wing` that [`legal_moves`] lists first, if any, found
/// without the king's other moves: what `O-O` and `O-O-O` mean.
pub fn legal_castling(pos: &Position, arena: &Arena, wing: Wing) -> Option<Move> {
    let mut safety = KingSafety::within(pos, arena.threats);
    let filter = MoveFilter { role: Some(Role::King), to: None };
    let mut first = None;
    castling(pos, &arena.moves, filter, &mut safety, KingSteps::default(), &mut |mv| {
        if first.is_none() && matches!(mv.kind, MoveKind::Castle { wing: w, .. } if w == wing) {
            first = Some(mv);
        }
    });
    first
}

/// Whether the side to move has at least one legal move; stops at the first, trying
/// the units one by one, the king first (its steps are the most often legal when the
/// others are not).
pub fn any_legal_move(pos: &Position, arena: &Arena) -> bool {
    let mut moves = Vec::new();
    let generator = PseudoMoves::new(pos, &arena.moves, MoveFilter::default());
    let mut safety = KingSafety::within(pos, arena.threats);
    let king = pos.board().king(pos.turn()).filter(|k| generator.movers().contains(*k));
    for from in king.into_iter().chain(generator.movers().iter().filter(|&sq| Some(sq) != king)) {
        if let Some((piece, reach)) = generator.reach(from) {
            if safety.judges_plain_moves() {
                if safety.some_destination_is_safe(from, reach) {
                    return true;
                }
            } else {
                moves.clear();
                generator.push_moves(piece.role, from, reach, &mut moves);
                if moves.iter().any(|m| safety.allows(m)) {
                    return true;
                }
            }
        }
        if generator.en_passant(from).is_some_and(|mv| safety.allows(&mv)) {
            return true;
        }
    }
    // Castling can be the only legal move (Chess960: a king that stays put while its
    // rook jumps over to shield it).
    let mut any = false;
    castling(pos, &arena.moves, MoveFilter::default(), &mut safety, KingSteps::default(), &mut |_| any = true);
    any
}
