//! Check and pins, once for every variant with check (O1; T6, B7, L6 and F7 build on
//! it): whether a king is attacked, which enemy units give check, which of the
//! mover's units are pinned, and whether a move leaves the mover's king safe.
//!
//! Attacks are judged inside a terrain's area (the orthodox board, or Bellows' board
//! of the next ply, L6); craters block lines (T4) and immobile units attack nothing
//! (K4, F8), as in the shared generator.

use super::castling::castle_rook_destination;
use super::movegen::{is_attacked, move_units, pseudo_moves, touched_squares, Arms, MoveFilter, PseudoMoves, Terrain};
use super::{Board, Color, Move, MoveKind, Position, Role};
use crate::geometry::{attacks, Delta, Square, SquareSet};

/// Whether `color`'s king is not attacked inside `terrain`'s area (a side without a
/// king is safe).
pub fn king_safe(pos: &Position, color: Color, terrain: &Terrain) -> bool {
    match pos.board().king(color) {
        Some(king) => !is_attacked(pos.board(), &pos.craters(), terrain, &terrain.area, king, color.other()),
        None => true,
    }
}

/// The mover's units that stand alone between its king and an enemy slider that
/// could otherwise take the king along that line: the pinned units. Only their
/// moves can expose the king (besides king moves and en passant).
pub fn slider_blockers(board: &Board, craters: &SquareSet, terrain: &Terrain, king: Square, us: Color) -> SquareSet {
    let open = SquareSet::of_rect(terrain.area).difference(*craters);
    if !open.contains(king) {
        // Nothing attacks a king outside the area (Bellows' next board), so nothing is pinned.
        return SquareSet::EMPTY;
    }
    let walls = attacks::grid().difference(open);
    let stops = board.occupied() | walls;
    let ours = board.occupied_by(us);
    let enemies = (board.occupied_by(us.other()) & open).difference(board.immobile());
    let queens = board.role_set(Role::Queen);
    let rook_like = enemies & (board.role_set(Role::Rook) | queens);
    let bishop_like = enemies & (board.role_set(Role::Bishop) | queens);
    // Enemy sliders on a line with the king, blockers ignored: each pins the one unit
    // (or finds the one wall) standing between them, if it is alone there and ours.
    let snipers = (attacks::rook_lines(king) & rook_like) | (attacks::bishop_lines(king) & bishop_like);
    let mut pinned = SquareSet::EMPTY;
    for sniper in &snipers {
        if let Some(shield) = (attacks::between(king, sniper) & stops).single() {
            if ours.contains(shield) {
                pinned.insert(shield);
            }
        }
    }
    pinned
}

/// Moves the units of `mv` on `scratch`, lets `look` see (and try more on) the board
/// after it, and takes the move back. `look` must leave the board as it found it.
pub fn with_move_tried<R>(scratch: &mut Board, mv: &Move, us: Color, look: impl FnOnce(&mut Board) -> R) -> R {
    let squares = touched_squares(mv, us);
    let saved = squares.map(|sq| sq.map(|sq| (sq, scratch.get(sq), scratch.counter(sq))));
    move_units(scratch, mv, us);
    let seen = look(scratch);
    for (sq, _, _) in saved.iter().flatten() {
        scratch.take(*sq);
    }
    for &(sq, piece, counter) in saved.iter().flatten() {
        if let Some(piece) = piece {
            scratch.put(sq, piece);
            scratch.set_counter(sq, counter);
        }
    }
    seen
}

/// Whether `us`'s king would be attacked (orthodox attacks inside `t`'s area) after
/// `mv`. The move is tried on `scratch`, a copy of the position's board, and taken
/// back, so that testing many moves copies the board only once.
pub fn king_attacked_after(scratch: &mut Board, craters: &SquareSet, t: &Terrain, mv: &Move, us: Color) -> bool {
    with_move_tried(scratch, mv, us, |board| {
        board.king(us).is_some_and(|king| is_attacked(board, craters, t, &t.area, king, us.other()))
    })
}

/// Decides whether moves leave the mover's king safe (O1), cheaply where it can: when
/// the king is not in check, a move that is not the king's, not en passant and not
/// by a pinned unit cannot expose it and needs no trial. Other moves are tried on one
/// scratch board per position.
#[derive(Debug)]
pub struct KingSafety<'a> {
    pos: &'a Position,
    terrain: Terrain,
    king: Option<Square>,
    /// The mover has at most one king, so plain moves are judged by sets.
    judged_by_sets: bool,
    scratch: Option<Board>,
    /// The opponent's units that attack inside the terrain.
    arms: Arms<'a>,
    checkers: Option<SquareSet>,
    pinned: Option<SquareSet>,
    /// Where a move of a unit other than the king may end (see `evasions`).
    evasions: Option<SquareSet>,
    /// The squares the opponent's knights, pawns and king attack.
    leaper_threats: Option<SquareSet>,
}

impl<'a> KingSafety<'a> {
    /// King safety judged by attacks inside `terrain`'s area.
    pub fn within(pos: &'a Position, terrain: Terrain) -> KingSafety<'a> {
        let judged_by_sets = !pos.board().pieces_of(pos.turn(), Role::King).has_several();
        let king = pos.board().king(pos.turn());
        let arms = Arms::new(pos.board(), &pos.craters(), &terrain, &terrain.area, pos.turn().other());
        KingSafety {
            pos,
            terrain,
            king,
            judged_by_sets,
            scratch: None,
            arms,
            checkers: None,
            pinned: None,
            evasions: None,
            leaper_threats: None,
        }
    }

    /// Whether the mover has at most one king, so that
    /// [`KingSafety::safe_destinations`] judges every plain move.
    pub fn judges_plain_moves(&self) -> bool {
        self.judged_by_sets
    }

    /// Whether some plain move of `generator` (neither en passant nor castling) leaves
    /// the mover's king safe, judged unit by unit on the sets of its destinations
    /// without building a move; `false` says nothing when plain moves are not judged
    /// by sets ([`KingSafety::judges_plain_moves`]).
    pub fn some_plain_move_is_safe(&mut self, generator: &PseudoMoves<'_>) -> bool {
        self.judged_by_sets
            && generator
                .movers()
                .iter()
                .any(|from| generator.reach(from).is_some_and(|(_, reach)| self.some_destination_is_safe(from, reach)))
    }

    /// Whether [`KingSafety::safe_destinations`] of the unit on `from` would hold a
    /// square: the king's steps are judged one by one only until a safe one is found.
    pub fn some_destination_is_safe(&mut self, from: Square, reach: SquareSet) -> bool {
        if self.king != Some(from) {
            return !self.safe_destinations(from, reach).is_empty();
        }
        let candidates = reach.difference(self.leaper_threats());
        candidates.iter().any(|to| self.king_step_is_safe(from, to))
    }

    /// The squares of `reach` on which a plain move (neither en passant nor castling)
    /// of the mover's unit on `from` may end and leave its king safe: a king's step
    /// is judged on a view of the board after it; another unit, out of check, may go
    /// anywhere unless it is pinned, and then only along the line from its king; in
    /// check, it may take the one checking unit or step between it and the king, if
    /// it is not pinned. Only for a mover with at most one king
    /// ([`KingSafety::judges_plain_moves`]).
    #[inline]
    pub fn safe_destinations(&mut self, from: Square, reach: SquareSet) -> SquareSet {
        let Some(king) = self.king else { return reach };
        if from == king {
            // Squares a knight, pawn or king attacks are out; the rest are judged
            // against the lines of the board after the step.
            let candidates = reach.difference(self.leaper_threats());
            let mut safe = candidates;
            for to in &candidates {
                if !self.king_step_is_safe(from, to) {
                    safe.remove(to);
                }
            }
            return safe;
        }
        let safe = reach & self.evasions(king);
        if safe.is_empty() || !self.is_pinned(king, from) {
            return safe;
        }
        // A pinned unit keeps to the line from its king (and so answers no check).
        attacks::line_beyond(king, from).map_or(SquareSet::EMPTY, |line| safe & line)
    }

    /// The squares on which a move of a unit other than the king may end and answer
    /// the check, if any: anywhere out of check, the checking unit or a square between
    /// it and the king in a single check, nowhere in a double check.
    #[inline]
    fn evasions(&mut self, king: Square) -> SquareSet {
        if let Some(evasions) = self.evasions {
            return evasions;
        }
        let checkers = self.checkers();
        let evasions = if checkers.is_empty() {
            attacks::grid()
        } else {
            checkers.single().map_or(SquareSet::EMPTY, |c| attacks::between(king, c) | SquareSet::only(c))
        };
        self.evasions = Some(evasions);
        evasions
    }

    /// Computes at once what judging every unit's moves needs (the checkers, the
    /// evasion squares, the pinned units), for walks over all of a side's moves.
    pub fn prepare_for_every_unit(&mut self) {
        self.pinned_units();
        self.evasion_squares();
    }

    /// The mover's pinned units (none without a king).
    pub fn pinned_units(&mut self) -> SquareSet {
        self.king.map_or(SquareSet::EMPTY, |king| self.pinned(king))
    }

    /// Where a plain move of a unit other than the king may end as far as check goes
    /// (see [`KingSafety::safe_destinations`]; pins aside): the whole grid out of
    /// check or without a king.
    pub fn evasion_squares(&mut self) -> SquareSet {
        self.king.map_or_else(attacks::grid, |king| self.evasions(king))
    }

    /// Whether the opponent attacks `sq` now (the squares castling needs, O1).
    pub fn is_threatened(&self, sq: Square) -> bool {
        self.arms.attack(sq, self.pos.board().occupied(), SquareSet::EMPTY)
    }

    /// Whether the mover's king stands attacked now.
    pub fn in_check(&mut self) -> bool {
        !self.checkers().is_empty()
    }

    /// The enemy units that attack the mover's king now.
    #[inline]
    fn checkers(&mut self) -> SquareSet {
        let (arms, units, king) = (&self.arms, self.pos.board().occupied(), self.king);
        *self
            .checkers
            .get_or_insert_with(|| king.map_or(SquareSet::EMPTY, |k| arms.attackers(k, units, SquareSet::EMPTY)))
    }

    /// Whether the mover's unit on `from` is pinned. A unit off every line through its
    /// king cannot be, and then the pins of the whole side need not be found.
    #[inline]
    fn is_pinned(&mut self, king: Square, from: Square) -> bool {
        if self.pinned.is_none() && attacks::line_beyond(king, from).is_none() {
            return false;
        }
        self.pinned(king).contains(from)
    }

    /// The mover's pinned units.
    #[inline]
    fn pinned(&mut self, king: Square) -> SquareSet {
        let (pos, terrain) = (self.pos, &self.terrain);
        *self.pinned.get_or_insert_with(|| slider_blockers(pos.board(), &pos.craters(), terrain, king, pos.turn()))
    }

    /// Whether `mv` certainly leaves the king as safe as it was, without a trial: the
    /// king is not in check and the move is neither the king's, en passant, nor by a
    /// pinned unit. `false` means only a trial can tell.
    pub fn needs_no_trial(&mut self, mv: &Move) -> bool {
        let Some(king) = self.king else { return true };
        if mv.role == Role::King || mv.kind == MoveKind::EnPassant || self.in_check() {
            return false;
        }
        !self.is_pinned(king, mv.from)
    }

    /// Plays `mv` on the scratch board, lets `look` see the board after it, and
    /// takes it back.
    pub fn try_move<R>(&mut self, mv: &Move, look: impl FnOnce(&mut Board) -> R) -> R {
        let pos = self.pos;
        let scratch = self.scratch.get_or_insert_with(|| pos.board().clone());
        with_move_tried(scratch, mv, pos.turn(), look)
    }

    /// Whether the mover's king is not attacked after `mv`. A king's step is judged
    /// on a view of the board after it; out of check, a pinned unit's move by its pin
    /// line; in check, another unit's move by whether it takes the one checking unit or
    /// steps between it and the king. Other moves (castling, en passant) are tried.
    pub fn allows(&mut self, mv: &Move) -> bool {
        if self.needs_no_trial(mv) {
            return true;
        }
        let plain = matches!(mv.kind, MoveKind::Normal | MoveKind::DoubleStep | MoveKind::PromoteInPlace);
        if plain && self.judged_by_sets {
            return self.safe_destinations(mv.from, SquareSet::only(mv.to)).contains(mv.to);
        }
        if let Some((king, units, captured)) =
            self.king.filter(|_| self.judged_by_sets).and_then(|k| after_special(self.pos, mv, k))
        {
            return !self.arms.attack(king, units, captured);
        }
        let (craters, terrain, us) = (self.pos.craters(), self.terrain, self.pos.turn());
        !self.try_move(mv, |board| {
            board.king(us).is_some_and(|king| is_attacked(board, &craters, &terrain, &terrain.area, king, us.other()))
        })
    }
}

impl KingSafety<'_> {
    /// Whether the king's step from `from` to `to` ends on a square no enemy rook,
    /// bishop or queen attacks, judged on the board as it would be after the step
    /// (the other units are judged by [`KingSafety::leaper_threats`]).
    fn king_step_is_safe(&self, from: Square, to: Square) -> bool {
        let arrived = SquareSet::only(to);
        let units = self.pos.board().occupied().difference(SquareSet::only(from)) | arrived;
        !self.arms.slider_attack(to, units, arrived)
    }

    /// The squares the opponent's knights, pawns and king attack inside the terrain,
    /// found once.
    pub fn leaper_threats(&mut self) -> SquareSet {
        let arms = &self.arms;
        *self.leaper_threats.get_or_insert_with(|| arms.leaper_threats())
    }

    /// Whether an enemy rook, bishop or queen attacks `sq` now; with
    /// [`KingSafety::leaper_threats`], [`KingSafety::is_threatened`] in two parts.
    pub fn is_threatened_by_sliders(&self, sq: Square) -> bool {
        self.arms.slider_attack(sq, self.pos.board().occupied(), SquareSet::EMPTY)
    }

    /// Whether the opponent has a rook or queen on `rank`, whose line a castling
    /// could open towards the king's destination.
    pub fn rook_like_on_rank(&self, rank: u8) -> bool {
        self.arms.has_rook_like_on_rank(rank)
    }
}

/// Where the mover's king stands after an en passant capture or a castling (`king`
/// is where it stands now), the occupied squares then, and the captured pawn: the two
/// moves that move no enemy unit but that pawn, so a view of the board judges them.
fn after_special(pos: &Position, mv: &Move, king: Square) -> Option<(Square, SquareSet, SquareSet)> {
    let occupied = pos.board().occupied();
    match mv.kind {
        MoveKind::Castle { rook, .. } => {
            let left = SquareSet::only(mv.from) | SquareSet::only(rook);
            let arrived = SquareSet::only(mv.to) | SquareSet::only(castle_rook_destination(mv));
            Some((mv.to, occupied.difference(left) | arrived, SquareSet::EMPTY))
        }
        MoveKind::EnPassant => {
            let victim = SquareSet::only(mv.to.step(Delta::new(0, -pos.turn().forward()))?);
            Some((king, occupied.difference(SquareSet::only(mv.from) | victim) | SquareSet::only(mv.to), victim))
        }
        _ => None,
    }
}

/// The units of `pos`'s side not to move that attack `sq` by an orthodox move inside
/// `terrain`'s area, on `pos`'s board (immobile units and inert pawns attack nothing;
/// craters block lines). An empty square is judged as if a unit of the side to move
/// stood there, so that pawns' attacks count.
pub fn attackers(pos: &Position, terrain: &Terrain, sq: Square) -> SquareSet {
    let mut enemy = pos.clone();
    if enemy.board().is_empty_at(sq) {
        enemy.board_mut().put(sq, super::Piece::new(pos.turn(), Role::Pawn));
    }
    enemy.set_turn(pos.turn().other());
    enemy.set_ep_square(None);
    let mut moves = Vec::new();
    pseudo_moves(&enemy, terrain, MoveFilter { role: None, to: Some(sq) }, &mut moves);
    moves.iter().map(|m| m.from).collect()
}
