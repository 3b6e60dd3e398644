//! Orthodox move generation on any rectangular area, shared by every variant.
//!
//! The generator knows the moves of the six orthodox units and respects what the
//! variants add to the board: the *area* units may use (Bellows' active board, L4),
//! craters that nothing passes or lands on (T4, knights jump over them), and units
//! whose counter makes them immobile (Koopa's stun K4, Bubble Fizz's pause F5).
//! Check is not judged here (see `check.rs`), nor castling (see `castling.rs`).

#![allow(
    clippy::indexing_slicing,
    reason = "indices are Square::index() < SQUARE_SLOTS and Color::index() < 2, bounded by their types"
)]

use super::castling::{castle_rook_destination, CastlingRules};
use super::{Board, Color, Move, MoveKind, Piece, Position, Role, Turn};
use crate::geometry::{attacks, Delta, Rect, Square, SquareSet};

pub const ROOK_DIRS: [Delta; 4] = [Delta::new(0, 1), Delta::new(1, 0), Delta::new(0, -1), Delta::new(-1, 0)];
pub const BISHOP_DIRS: [Delta; 4] = [Delta::new(1, 1), Delta::new(1, -1), Delta::new(-1, -1), Delta::new(-1, 1)];
pub const KING_STEPS: [Delta; 8] = [
    Delta::new(0, 1),
    Delta::new(1, 1),
    Delta::new(1, 0),
    Delta::new(1, -1),
    Delta::new(0, -1),
    Delta::new(-1, -1),
    Delta::new(-1, 0),
    Delta::new(-1, 1),
];
pub const KNIGHT_JUMPS: [Delta; 8] = [
    Delta::new(1, 2),
    Delta::new(2, 1),
    Delta::new(2, -1),
    Delta::new(1, -2),
    Delta::new(-1, -2),
    Delta::new(-2, -1),
    Delta::new(-2, 1),
    Delta::new(-1, 2),
];

/// Where pawns start their double step and where they promote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PawnRules {
    /// Per colour, a bit per rank from which a two-square advance is allowed.
    pub double_step_ranks: [u16; 2],
    /// Per colour, the rank where a pawn promotes. A pawn standing on it is inert.
    pub last_rank: [u8; 2],
}

impl PawnRules {
    /// The rank where `color`'s pawns promote.
    pub fn last_rank_of(&self, color: Color) -> u8 {
        let [white, black] = self.last_rank;
        match color {
            Color::White => white,
            Color::Black => black,
        }
    }
}

/// The geometry a variant moves units in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terrain {
    /// Units may start, pass and land only inside this area.
    pub area: Rect,
    pub pawns: PawnRules,
    pub castling: CastlingRules,
}

impl Terrain {
    /// The orthodox 8x8 board.
    pub const fn orthodox() -> Terrain {
        Terrain {
            area: Rect::board(8, 8),
            pawns: PawnRules { double_step_ranks: [1 << 1, 1 << 6], last_rank: [7, 0] },
            castling: CastlingRules { back_rank: [0, 7], king_files: [2, 6] },
        }
    }
}

/// Narrows generation to the moves SAN could mean (both `None`: every move).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveFilter {
    pub role: Option<Role>,
    pub to: Option<Square>,
}

impl MoveFilter {
    fn wants_role(&self, role: Role) -> bool {
        self.role.is_none_or(|r| r == role)
    }

    fn wants_square(&self, sq: Square) -> bool {
        self.to.is_none_or(|t| t == sq)
    }
}

/// A unit whose counter is above 0 (stunned, paused) cannot move or attack.
pub fn is_immobile(board: &Board, sq: Square) -> bool {
    board.counter(sq).is_some_and(|c| c > 0)
}

/// A square a unit may pass over or land on: inside the area and no crater.
pub fn is_open(craters: &SquareSet, area: &Rect, sq: Square) -> bool {
    area.contains(sq) && !craters.contains(sq)
}

/// Whether a pawn of `color` on `sq` is a working pawn (not inert on its last rank).
fn pawn_is_active(t: &Terrain, color: Color, sq: Square) -> bool {
    sq.rank() != t.pawns.last_rank[color.index()]
}

/// Keeps the moves from `start` on that pass `keep` (their order is not kept).
pub fn retain_from(out: &mut Vec<Move>, start: usize, mut keep: impl FnMut(&Move) -> bool) {
    let mut i = start;
    while let Some(mv) = out.get(i) {
        if keep(mv) {
            i += 1;
        } else {
            out.swap_remove(i);
        }
    }
}

/// Pseudo-legal moves of the side to move, castling excluded.
pub fn pseudo_moves(pos: &Position, t: &Terrain, filter: MoveFilter, out: &mut Vec<Move>) {
    let generator = PseudoMoves::new(pos, t, filter);
    for from in &generator.candidates() {
        generator.moves_of(from, out);
    }
}

/// Pseudo-legal moves (castling excluded) unit by unit, with the sets every unit's
/// moves are cut from computed once per position.
#[derive(Debug)]
pub struct PseudoMoves<'p> {
    pos: &'p Position,
    terrain: &'p Terrain,
    filter: MoveFilter,
    /// Squares a line passes through only up to and including: units, and every square
    /// outside the area or cratered.
    blockers: SquareSet,
    /// Squares a move may end on: open, not ours, and the filter's square if it has one.
    targets: SquareSet,
    /// Our units that may move: inside the area and not immobile.
    movers: SquareSet,
}

impl<'p> PseudoMoves<'p> {
    pub fn new(pos: &'p Position, terrain: &'p Terrain, filter: MoveFilter) -> PseudoMoves<'p> {
        let board = pos.board();
        let open = SquareSet::of_rect(terrain.area).difference(pos.craters());
        let ours = board.occupied_by(pos.turn());
        let mut targets = open.difference(ours);
        if let Some(to) = filter.to {
            targets = targets & SquareSet::only(to);
        }
        PseudoMoves {
            pos,
            terrain,
            filter,
            blockers: board.occupied() | attacks::grid().difference(open),
            targets,
            movers: (ours & open).difference(board.immobile()),
        }
    }

    /// The squares of the units that may move (the filter's role not yet applied).
    pub fn movers(&self) -> SquareSet {
        self.movers
    }

    /// The movers that can make a move fitting the filter: those of its role, and for
    /// a unit other than a pawn with a destination, those its destination reaches back
    /// to (attacks are symmetric: a line from the destination stops at the same units
    /// and walls as a line towards it). Pawns are left to [`PseudoMoves::moves_of`].
    pub fn candidates(&self) -> SquareSet {
        let Some(role) = self.filter.role else { return self.movers };
        let movers = self.movers & self.pos.board().role_set(role);
        let Some(to) = self.filter.to else { return movers };
        let blockers = self.blockers;
        movers
            & match role {
                Role::Pawn => return movers,
                Role::Knight => attacks::knight_attacks(to),
                Role::King => attacks::king_attacks(to),
                Role::Bishop => attacks::bishop_attacks(to, blockers),
                Role::Rook => attacks::rook_attacks(to, blockers),
                Role::Queen => attacks::rook_attacks(to, blockers) | attacks::bishop_attacks(to, blockers),
            }
    }

    /// Appends the pseudo-legal moves of the unit on `from` that fit the filter.
    pub fn moves_of(&self, from: Square, out: &mut Vec<Move>) {
        let board = self.pos.board();
        let Some(piece) = board.get(from) else { return };
        if !self.filter.wants_role(piece.role) {
            return;
        }
        let blockers = self.blockers;
        let reach = match piece.role {
            Role::Pawn => return pawn_moves(self.pos, self.terrain, from, self.filter, out),
            Role::Knight => attacks::knight_attacks(from),
            Role::King => attacks::king_attacks(from),
            Role::Bishop => attacks::bishop_attacks(from, blockers),
            Role::Rook => attacks::rook_attacks(from, blockers),
            Role::Queen => attacks::rook_attacks(from, blockers) | attacks::bishop_attacks(from, blockers),
        };
        for to in &(reach & self.targets) {
            push(out, piece.role, from, to, !board.is_empty_at(to), MoveKind::Normal);
        }
    }
}

fn push(out: &mut Vec<Move>, role: Role, from: Square, to: Square, capture: bool, kind: MoveKind) {
    out.push(Move { role, from, to, capture, promotion: None, kind });
}

fn push_pawn(out: &mut Vec<Move>, t: &Terrain, color: Color, from: Square, to: Square, capture: bool, kind: MoveKind) {
    if to.rank() == t.pawns.last_rank[color.index()] {
        for promotion in Role::PROMOTIONS {
            out.push(Move { role: Role::Pawn, from, to, capture, promotion: Some(promotion), kind });
        }
    } else {
        push(out, Role::Pawn, from, to, capture, kind);
    }
}

fn pawn_moves(pos: &Position, t: &Terrain, from: Square, filter: MoveFilter, out: &mut Vec<Move>) {
    let us = pos.turn();
    if !pawn_is_active(t, us, from) {
        return;
    }
    let fwd = us.forward();
    if let Some(one) = from.step(Delta::new(0, fwd)) {
        if is_open(&pos.craters(), &t.area, one) && pos.board().is_empty_at(one) {
            if filter.wants_square(one) {
                push_pawn(out, t, us, from, one, false, MoveKind::Normal);
            }
            let may_double = t.pawns.double_step_ranks[us.index()] & (1 << from.rank()) != 0;
            if let Some(two) = one.step(Delta::new(0, fwd)).filter(|_| may_double) {
                if filter.wants_square(two) && is_open(&pos.craters(), &t.area, two) && pos.board().is_empty_at(two) {
                    push_pawn(out, t, us, from, two, false, MoveKind::DoubleStep);
                }
            }
        }
    }
    for side in [-1, 1] {
        let Some(to) = from.step(Delta::new(side, fwd)) else { continue };
        if !filter.wants_square(to) || !is_open(&pos.craters(), &t.area, to) {
            continue;
        }
        match pos.board().get(to) {
            Some(p) if p.color != us => push_pawn(out, t, us, from, to, true, MoveKind::Normal),
            None if pos.ep_square() == Some(to) && en_passant_victim(pos, to).is_some() => {
                push(out, Role::Pawn, from, to, true, MoveKind::EnPassant);
            }
            _ => {}
        }
    }
}

/// Whether the board alone allows an en passant capture onto `target`: an enemy pawn
/// stands in front of it and a pawn of the side to move stands beside that pawn.
/// Legality (pins, areas, pauses) is left to the variant.
pub fn en_passant_is_conceivable(pos: &Position, target: Square) -> bool {
    let Some(victim) = en_passant_victim(pos, target) else { return false };
    let own_pawn = Piece::new(pos.turn(), Role::Pawn);
    [-1, 1]
        .into_iter()
        .any(|side| victim.step(Delta::new(side, 0)).is_some_and(|sq| pos.board().get(sq) == Some(own_pawn)))
}

/// The enemy pawn an en passant capture onto `target` would take.
pub fn en_passant_victim(pos: &Position, target: Square) -> Option<Square> {
    let victim = target.step(Delta::new(0, -pos.turn().forward()))?;
    let piece = pos.board().get(victim)?;
    (piece == Piece::new(pos.turn().other(), Role::Pawn)).then_some(victim)
}

/// Whether a unit of `by` could capture on `sq` by an orthodox move inside `area`.
/// Immobile units and inert pawns attack nothing; craters block lines.
pub fn is_attacked(board: &Board, craters: &SquareSet, t: &Terrain, area: &Rect, sq: Square, by: Color) -> bool {
    let view = BoardView { board, units: board.occupied(), captured: SquareSet::EMPTY };
    view.is_attacked(craters, t, area, sq, by)
}

/// A board seen as if some units had moved: `units` are the occupied squares (lines
/// pass where a unit left, and stop where one arrived) and units on `captured` attack
/// nothing. Lets king moves be judged without playing them.
#[derive(Clone, Copy, Debug)]
pub struct BoardView<'b> {
    pub board: &'b Board,
    pub units: SquareSet,
    pub captured: SquareSet,
}

impl BoardView<'_> {
    /// [`is_attacked`] on this view.
    pub fn is_attacked(&self, craters: &SquareSet, t: &Terrain, area: &Rect, sq: Square, by: Color) -> bool {
        !self.attackers(craters, t, area, sq, by).is_empty()
    }

    /// The units of `by` that could capture on `sq` by an orthodox move inside `area`
    /// (immobile units and inert pawns attack nothing; craters block lines).
    pub fn attackers(&self, craters: &SquareSet, t: &Terrain, area: &Rect, sq: Square, by: Color) -> SquareSet {
        if !area.contains(sq) {
            return SquareSet::EMPTY;
        }
        let board = self.board;
        let open = SquareSet::of_rect(*area).difference(*craters);
        let active = (board.occupied_by(by) & open & self.units).difference(board.immobile() | self.captured);
        let of = |role: Role| board.role_set(role) & active;
        let blockers = self.units | attacks::grid().difference(open);
        let queens = of(Role::Queen);
        (attacks::knight_attacks(sq) & of(Role::Knight))
            | (attacks::king_attacks(sq) & of(Role::King))
            | (attacks::pawn_attacks(sq, by == Color::Black) & of(Role::Pawn).difference(last_rank_set(t, by)))
            | (attacks::rook_attacks(sq, blockers) & (of(Role::Rook) | queens))
            | (attacks::bishop_attacks(sq, blockers) & (of(Role::Bishop) | queens))
    }
}

/// The rank where `color`'s pawns stand inert, as a set.
fn last_rank_set(t: &Terrain, color: Color) -> SquareSet {
    let rank = t.pawns.last_rank_of(color);
    SquareSet::of_rect(Rect::new(0, rank, crate::geometry::MAX_FILES - 1, rank))
}

/// Moves the units of an orthodox move of `us` on a board; nothing else changes.
pub fn move_units(board: &mut Board, mv: &Move, us: Color) {
    match mv.kind {
        MoveKind::Castle { rook, .. } => {
            let rook_to = castle_rook_destination(mv);
            board.take(rook);
            board.relocate(mv.from, mv.to);
            board.put(rook_to, Piece::new(us, Role::Rook));
        }
        MoveKind::EnPassant => {
            if let Some(victim) = mv.to.step(Delta::new(0, -us.forward())) {
                board.take(victim);
            }
            board.relocate(mv.from, mv.to);
        }
        MoveKind::PromoteInPlace => {}
        MoveKind::Normal | MoveKind::DoubleStep => board.relocate(mv.from, mv.to),
    }
    if let Some(role) = mv.promotion {
        board.put(mv.to, Piece::new(us, role));
    }
}

/// The squares whose contents [`move_units`] may change.
pub fn touched_squares(mv: &Move, us: Color) -> [Option<Square>; 4] {
    match mv.kind {
        MoveKind::Castle { rook, .. } => [Some(mv.from), Some(mv.to), Some(rook), Some(castle_rook_destination(mv))],
        MoveKind::EnPassant => [Some(mv.from), Some(mv.to), mv.to.step(Delta::new(0, -us.forward())), None],
        _ => [Some(mv.from), Some(mv.to), None, None],
    }
}

/// Plays an orthodox move on the board: units, castling rights, en passant square.
/// The turn is not passed; see [`Position::pass_turn`].
pub fn apply_move(pos: &mut Position, mv: &Move) {
    let us = pos.turn();
    pos.set_ep_square(None);
    if matches!(mv.kind, MoveKind::Normal | MoveKind::DoubleStep) {
        pos.castling_mut().discard_rook(mv.to);
    }
    move_units(pos.board_mut(), mv, us);
    if mv.kind == MoveKind::DoubleStep {
        pos.set_ep_square(mv.from.step(Delta::new(0, us.forward())));
    }
    if mv.role == Role::King {
        pos.castling_mut().discard_side(us);
    }
    pos.castling_mut().discard_rook(mv.from);
}

/// Plays a turn of orthodox moves: units, castling rights, en passant square, then
/// the clocks (O6) and the side to move.
pub fn play_orthodox(pos: &Position, turn: &Turn) -> Position {
    let mut after = pos.clone();
    for mv in turn.moves() {
        apply_move(&mut after, mv);
    }
    let zeroing = turn.moves().iter().any(Move::is_zeroing);
    after.pass_turn(zeroing);
    after
}
