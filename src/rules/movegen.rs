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
use std::marker::PhantomData;

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

/// The squares a pawn of `us` may reach `to` from: one or two squares behind it, and
/// the two it captures from (en passant included).
fn pawn_sources(to: Square, us: Color) -> SquareSet {
    let mut sources = attacks::pawn_attacks(to, us == Color::Black);
    if let Some(one) = to.vertical(-us.forward()) {
        sources.insert(one);
        if let Some(two) = one.vertical(-us.forward()) {
            sources.insert(two);
        }
    }
    sources
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
    /// The rank where our pawns promote, as a set.
    promotion_rank: SquareSet,
    /// The targets a pawn may capture on: enemy units.
    capture_targets: SquareSet,
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
            promotion_rank: last_rank_set(terrain, pos.turn()),
            capture_targets: targets & board.occupied_by(pos.turn().other()),
        }
    }

    /// The squares of the units that may move (the filter's role not yet applied).
    pub fn movers(&self) -> SquareSet {
        self.movers
    }

    /// The movers that can make a move fitting the filter: those of its role, and for
    /// a unit other than a pawn with a destination, those its destination reaches back
    /// to (attacks are symmetric: a line from the destination stops at the same units
    /// and walls as a line towards it); for a pawn, the squares one or two behind the
    /// destination and those it captures from ([`PseudoMoves::moves_of`] judges them).
    pub fn candidates(&self) -> SquareSet {
        let Some(role) = self.filter.role else { return self.movers };
        let movers = self.movers & self.pos.board().role_set(role);
        let Some(to) = self.filter.to else { return movers };
        let blockers = self.blockers;
        movers
            & match role {
                Role::Pawn => pawn_sources(to, self.pos.turn()),
                Role::Knight => attacks::knight_attacks(to),
                Role::King => attacks::king_attacks(to),
                Role::Bishop => attacks::bishop_attacks(to, blockers),
                Role::Rook => attacks::rook_attacks(to, blockers),
                Role::Queen => attacks::rook_attacks(to, blockers) | attacks::bishop_attacks(to, blockers),
            }
    }

    /// Appends the pseudo-legal moves of the unit on `from` that fit the filter.
    pub fn moves_of(&self, from: Square, out: &mut Vec<Move>) {
        let Some((piece, reach)) = self.reach(from) else { return };
        if !reach.is_empty() {
            self.push_moves(piece.role, from, reach, out);
        }
        if let Some(mv) = self.en_passant(from) {
            out.push(mv);
        }
    }

    /// The unit on `from`, when it fits the filter's role, with the squares its plain
    /// moves (every move but en passant and castling) fitting the filter end on.
    #[inline]
    pub fn reach(&self, from: Square) -> Option<(Piece, SquareSet)> {
        let piece = self.pos.board().get(from)?;
        if !self.filter.wants_role(piece.role) {
            return None;
        }
        if piece.role == Role::Pawn {
            return Some((piece, self.pawn_reach(piece.color, from)));
        }
        Some((piece, self.reach_of(piece.role, from)))
    }

    /// What [`PseudoMoves::reach`] gives for a unit of the side to move, of `role`,
    /// on `from`.
    #[allow(
        clippy::inline_always,
        reason = "a set of three words returned through memory and read back at once stalls the load (measured with perf)"
    )]
    #[inline(always)]
    pub fn reach_of(&self, role: Role, from: Square) -> SquareSet {
        let blockers = self.blockers;
        let reach = match role {
            Role::Pawn => return self.pawn_reach(self.pos.turn(), from),
            Role::Knight => attacks::knight_attacks(from),
            Role::King => attacks::king_attacks(from),
            Role::Bishop => attacks::bishop_attacks(from, blockers),
            Role::Rook => attacks::rook_attacks(from, blockers),
            Role::Queen => attacks::rook_attacks(from, blockers) | attacks::bishop_attacks(from, blockers),
        };
        reach & self.targets
    }

    /// A pawn's advances and captures (en passant aside) that fit the filter.
    fn pawn_reach(&self, us: Color, from: Square) -> SquareSet {
        if !pawn_is_active(self.terrain, us, from) {
            return SquareSet::EMPTY;
        }
        let mut reach = attacks::pawn_attacks(from, us == Color::White) & self.capture_targets;
        let fwd = us.forward();
        if let Some(one) = from.vertical(fwd).filter(|&sq| !self.blockers.contains(sq)) {
            if self.targets.contains(one) {
                reach.insert(one);
            }
            let may_double = self.terrain.pawns.double_step_ranks[us.index()] & (1 << from.rank()) != 0;
            if let Some(two) = one.vertical(fwd).filter(|&sq| may_double && self.targets.contains(sq)) {
                if !self.blockers.contains(two) {
                    reach.insert(two);
                }
            }
        }
        reach
    }

    /// The en passant capture of the pawn on `from`, if the board allows one that fits
    /// the filter (whether it leaves the king safe is not judged).
    #[inline]
    pub fn en_passant(&self, from: Square) -> Option<Move> {
        let ep = self.pos.ep_square()?;
        let us = self.pos.turn();
        if !attacks::pawn_attacks(from, us == Color::White).contains(ep)
            || self.pos.board().get(from) != Some(Piece::new(us, Role::Pawn))
            || !self.filter.wants_role(Role::Pawn)
            || !self.filter.wants_square(ep)
            || !pawn_is_active(self.terrain, us, from)
            || !is_open(&self.pos.craters(), &self.terrain.area, ep)
            || !self.pos.board().is_empty_at(ep)
        {
            return None;
        }
        en_passant_victim(self.pos, ep)?;
        Some(Move { role: Role::Pawn, from, to: ep, capture: true, promotion: None, kind: MoveKind::EnPassant })
    }

    /// Appends the plain moves of the `role` on `from` to each square of `to`: a pawn's
    /// advances first (a promotion as four moves), then captures, by file.
    pub fn push_moves(&self, role: Role, from: Square, to: SquareSet, out: &mut Vec<Move>) {
        let board = self.pos.board();
        if role != Role::Pawn {
            for sq in &to {
                push(out, role, from, sq, !board.is_empty_at(sq), MoveKind::Normal);
            }
            return;
        }
        let us = self.pos.turn();
        let advances = to.difference(board.occupied());
        let (t, forward) = (self.terrain, us.forward());
        for sq in from.step(Delta::new(0, forward)).into_iter().chain(from.step(Delta::new(0, 2 * forward))) {
            if advances.contains(sq) {
                let kind = if sq.rank().abs_diff(from.rank()) == 2 { MoveKind::DoubleStep } else { MoveKind::Normal };
                push_pawn(out, t, us, from, sq, false, kind);
            }
        }
        for sq in &(to & board.occupied()) {
            push_pawn(out, t, us, from, sq, true, MoveKind::Normal);
        }
    }

    /// How many plain moves (en passant aside) the mover's working `pawns` have that
    /// end on `allowed`, counted for all of them at once by shifting the set: advances
    /// onto free squares, double steps from their ranks, captures on either side, a
    /// promotion counting four. For pawns free of pins; the filter is not applied.
    #[inline]
    pub fn count_pawn_moves(&self, pawns: SquareSet, allowed: SquareSet) -> u64 {
        let us = self.pos.turn();
        let pawns = pawns.difference(self.promotion_rank);
        let forward = Delta::new(0, us.forward()).slots();
        let free = attacks::grid().difference(self.blockers);
        let mut double_ranks = self.terrain.pawns.double_step_ranks[us.index()];
        let mut starters = SquareSet::EMPTY;
        while double_ranks != 0 {
            starters = starters | rank_set(double_ranks.trailing_zeros() as u8);
            double_ranks &= double_ranks - 1;
        }
        let one = pawns.shifted(forward) & free;
        let two = ((pawns & starters).shifted(forward) & free).shifted(forward) & free;
        let ends = allowed & self.targets;
        let counted = |set: SquareSet| self.count_moves(Role::Pawn, set);
        counted(one & ends)
            + counted(two & ends)
            + counted(pawns.shifted(forward - 1) & self.capture_targets & allowed)
            + counted(pawns.shifted(forward + 1) & self.capture_targets & allowed)
    }

    /// How many plain moves [`PseudoMoves::push_moves`] would append: one per square,
    /// four per promotion square.
    #[allow(
        clippy::inline_always,
        reason = "a set of three words passed through memory and read back at once stalls the load (measured with perf)"
    )]
    #[inline(always)]
    pub fn count_moves(&self, role: Role, to: SquareSet) -> u64 {
        let promoting = to & self.promotion_rank;
        // Promotions are rare: their squares are counted only when there are some.
        let promotions = if role == Role::Pawn && !promoting.is_empty() { promoting.len() } else { 0 };
        (to.len() + 3 * promotions) as u64
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
        Arms::new(self.board, craters, t, area, by).attack(sq, self.units, self.captured)
    }

    /// The units of `by` that could capture on `sq` by an orthodox move inside `area`
    /// (immobile units and inert pawns attack nothing; craters block lines).
    pub fn attackers(&self, craters: &SquareSet, t: &Terrain, area: &Rect, sq: Square, by: Color) -> SquareSet {
        Arms::new(self.board, craters, t, area, by).attackers(sq, self.units, self.captured)
    }
}

/// One side's units that may attack inside an area (on open squares, not immobile,
/// pawns not inert), sorted by how they attack, and the squares that stop lines there
/// (outside the area, craters): computed once, to judge many squares of one position.
#[derive(Clone, Copy, Debug)]
pub struct Arms<'b> {
    board: PhantomData<&'b Board>,
    area: Rect,
    walls: SquareSet,
    by: Color,
    pawns: SquareSet,
    knights: SquareSet,
    kings: SquareSet,
    /// Rooks and queens.
    rook_like: SquareSet,
    /// Bishops and queens.
    bishop_like: SquareSet,
}

impl<'b> Arms<'b> {
    /// The units of `by` on `board` that attack inside `area`, craters blocking lines.
    pub fn new(board: &'b Board, craters: &SquareSet, t: &Terrain, area: &Rect, by: Color) -> Arms<'b> {
        let open = SquareSet::of_rect(*area).difference(*craters);
        let inert = board.role_set(Role::Pawn) & last_rank_set(t, by);
        let armed = (board.occupied_by(by) & open).difference(board.immobile() | inert);
        let queens = board.role_set(Role::Queen);
        Arms {
            board: PhantomData,
            area: *area,
            walls: attacks::grid().difference(open),
            by,
            pawns: armed & board.role_set(Role::Pawn),
            knights: armed & board.role_set(Role::Knight),
            kings: armed & board.role_set(Role::King),
            rook_like: armed & (board.role_set(Role::Rook) | queens),
            bishop_like: armed & (board.role_set(Role::Bishop) | queens),
        }
    }

    /// Whether a unit could capture on `sq` when `units` are the occupied squares and
    /// the units on `captured` attack nothing (see [`BoardView`]); stops at the first
    /// kind of attacker found, the cheapest tested first.
    #[inline]
    pub fn attack(&self, sq: Square, units: SquareSet, captured: SquareSet) -> bool {
        if !self.area.contains(sq) {
            return false;
        }
        let present = |set: SquareSet| (set & units).difference(captured);
        let hits = |reach: SquareSet, set: SquareSet| reach.intersects(set) && reach.intersects(present(set));
        hits(attacks::knight_attacks(sq), self.knights)
            || hits(attacks::pawn_attacks(sq, self.by == Color::Black), self.pawns)
            || hits(attacks::king_attacks(sq), self.kings)
            || self.slider_attack(sq, units, captured)
    }

    /// Every square of the area the knights, pawns and king attack (a unit never
    /// attacks its own square, so a king taking one of them is judged right by this
    /// set too).
    pub fn leaper_threats(&self) -> SquareSet {
        let (left, right) = if self.by == Color::White { (15, 17) } else { (-17, -15) };
        let pawns = self.pawns.shifted(left) | self.pawns.shifted(right);
        let knights = self.knights.iter().fold(SquareSet::EMPTY, |set, sq| set | attacks::knight_attacks(sq));
        let all = self.kings.iter().fold(pawns | knights, |set, sq| set | attacks::king_attacks(sq));
        all & SquareSet::of_rect(self.area)
    }

    /// Whether a rook, bishop or queen could capture on `sq`, seen as in
    /// [`Arms::attack`].
    #[inline]
    pub fn slider_attack(&self, sq: Square, units: SquareSet, captured: SquareSet) -> bool {
        if !self.area.contains(sq) {
            return false;
        }
        // The sliders on a line with `sq`, blockers ignored (few, often none): one of
        // them attacks when nothing stands or walls between.
        let snipers = (attacks::rook_lines(sq) & self.rook_like) | (attacks::bishop_lines(sq) & self.bishop_like);
        if snipers.is_empty() {
            return false;
        }
        let blockers = units | self.walls;
        (snipers & units).difference(captured).iter().any(|sniper| !attacks::between(sq, sniper).intersects(blockers))
    }

    /// Whether `by` has a rook or queen armed on `rank`.
    pub fn has_rook_like_on_rank(&self, rank: u8) -> bool {
        self.rook_like.intersects(rank_set(rank))
    }

    /// The units that could capture on `sq`, seen as in [`Arms::attack`].
    pub fn attackers(&self, sq: Square, units: SquareSet, captured: SquareSet) -> SquareSet {
        if !self.area.contains(sq) {
            return SquareSet::EMPTY;
        }
        let present = |set: SquareSet| (set & units).difference(captured);
        let blockers = units | self.walls;
        let mut found = (attacks::knight_attacks(sq) & self.knights)
            | (attacks::king_attacks(sq) & self.kings)
            | (attacks::pawn_attacks(sq, self.by == Color::Black) & self.pawns);
        if attacks::rook_lines(sq).intersects(self.rook_like) {
            found = found | (attacks::rook_attacks(sq, blockers) & self.rook_like);
        }
        if attacks::bishop_lines(sq).intersects(self.bishop_like) {
            found = found | (attacks::bishop_attacks(sq, blockers) & self.bishop_like);
        }
        present(found)
    }
}

/// The rank where `color`'s pawns stand inert, as a set.
pub(crate) fn last_rank_set(t: &Terrain, color: Color) -> SquareSet {
    rank_set(t.pawns.last_rank_of(color))
}

/// Every square of one rank of the grid.
fn rank_set(rank: u8) -> SquareSet {
    SquareSet::of_rect(Rect::new(0, rank, crate::geometry::MAX_FILES - 1, rank))
}

/// Moves the units of an orthodox move of `us` on a board; nothing else changes.
#[inline]
pub fn move_units(board: &mut Board, mv: &Move, us: Color) {
    match mv.kind {
        MoveKind::Castle { .. } | MoveKind::EnPassant => move_units_of_two(board, mv, us),
        MoveKind::PromoteInPlace => {}
        MoveKind::Normal | MoveKind::DoubleStep => board.relocate(mv.from, mv.to),
    }
    if let Some(role) = mv.promotion {
        board.put(mv.to, Piece::new(us, role));
    }
}

/// [`move_units`] for the moves that change a second square: castling moves the rook,
/// en passant removes the pawn it takes.
fn move_units_of_two(board: &mut Board, mv: &Move, us: Color) {
    if let MoveKind::Castle { rook, .. } = mv.kind {
        let rook_to = castle_rook_destination(mv);
        board.take(rook);
        board.relocate(mv.from, mv.to);
        board.put(rook_to, Piece::new(us, Role::Rook));
        return;
    }
    if let Some(victim) = mv.to.step(Delta::new(0, -us.forward())) {
        board.take(victim);
    }
    board.relocate(mv.from, mv.to);
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
    if pos.castling().holds_some() {
        let castling = pos.castling_mut();
        if matches!(mv.kind, MoveKind::Normal | MoveKind::DoubleStep) {
            castling.discard_rook(mv.to);
        }
        if mv.role == Role::King {
            castling.discard_side(us);
        }
        castling.discard_rook(mv.from);
    }
    move_units(pos.board_mut(), mv, us);
    if mv.kind == MoveKind::DoubleStep {
        pos.set_ep_square(mv.from.step(Delta::new(0, us.forward())));
    }
}

/// Plays a turn of orthodox moves: units, castling rights, en passant square, then
/// the clocks (O6) and the side to move.
pub fn play_orthodox(pos: &Position, turn: &Turn) -> Position {
    let mut after = pos.clone();
    apply_orthodox(&mut after, turn);
    after
}

/// Plays a turn of orthodox moves on `pos` itself (see [`play_orthodox`]), for a
/// replay that reuses one position from ply to ply.
pub fn apply_orthodox(pos: &mut Position, turn: &Turn) {
    for mv in turn.moves() {
        apply_move(pos, mv);
    }
    let zeroing = turn.moves().iter().any(Move::is_zeroing);
    pos.pass_turn(zeroing);
}
