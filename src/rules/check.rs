//! Check and pins, once for every variant with check (O1; T6, B7, L6 and F7 build on
//! it): whether a king is attacked, which enemy units give check, which of the
//! mover's units are pinned, and whether a move leaves the mover's king safe.
//!
//! Attacks are judged inside a terrain's area (the orthodox board, or Bellows' board
//! of the next ply, L6); craters block lines (T4) and immobile units attack nothing
//! (K4, F8), as in the shared generator.

use super::movegen::{is_attacked, move_units, pseudo_moves, touched_squares, BoardView, MoveFilter, Terrain};
use super::{Board, Color, Move, MoveKind, Position, Role};
use crate::geometry::{attacks, Square, SquareSet};

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
    let units = board.occupied() & open;
    let enemies = (board.occupied_by(us.other()) & open).difference(board.immobile());
    let queens = board.role_set(Role::Queen);
    let rook_like = enemies & (board.role_set(Role::Rook) | queens);
    let bishop_like = enemies & (board.role_set(Role::Bishop) | queens);
    let mut pinned = SquareSet::EMPTY;
    for dir in 0..attacks::DIRECTION_COUNT {
        let sliders = if attacks::is_orthogonal(dir) { rook_like } else { bishop_like };
        if !attacks::ray(dir, king).intersects(sliders) {
            continue;
        }
        // The line from the king ends at its first unit (or wall): the shield.
        let Some(shield) = (attacks::ray_attacks(dir, king, units | walls) & units).single() else { continue };
        if !board.occupied_by(us).contains(shield) {
            continue;
        }
        if attacks::ray_attacks(dir, shield, units | walls).intersects(sliders) {
            pinned.insert(shield);
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
    scratch: Option<Board>,
    checkers: Option<SquareSet>,
    pinned: Option<SquareSet>,
}

impl<'a> KingSafety<'a> {
    /// King safety judged by attacks inside `terrain`'s area.
    pub fn within(pos: &'a Position, terrain: Terrain) -> KingSafety<'a> {
        KingSafety { pos, terrain, king: pos.board().king(pos.turn()), scratch: None, checkers: None, pinned: None }
    }

    /// Whether the mover's king stands attacked now.
    pub fn in_check(&mut self) -> bool {
        !self.checkers().is_empty()
    }

    /// The enemy units that attack the mover's king now.
    fn checkers(&mut self) -> SquareSet {
        let (pos, terrain, king) = (self.pos, &self.terrain, self.king);
        *self.checkers.get_or_insert_with(|| {
            let Some(king) = king else { return SquareSet::EMPTY };
            let view = BoardView { board: pos.board(), units: pos.board().occupied(), captured: SquareSet::EMPTY };
            view.attackers(&pos.craters(), terrain, &terrain.area, king, pos.turn().other())
        })
    }

    /// The mover's pinned units.
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
        !self.pinned(king).contains(mv.from)
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
        let Some(king) = self.king else { return true };
        if self.needs_no_trial(mv) {
            return true;
        }
        let plain = matches!(mv.kind, MoveKind::Normal | MoveKind::DoubleStep | MoveKind::PromoteInPlace);
        let one_king = self.pos.board().pieces_of(self.pos.turn(), Role::King).len() == 1;
        if plain && one_king {
            if mv.from == king {
                return self.king_step_is_safe(mv);
            }
            if !self.in_check() {
                // Not the king, not in check, yet not free of a trial: the unit is
                // pinned, and stays a shield only along the line from its king.
                return pin_line(king, mv.from).is_some_and(|line| line.contains(mv.to));
            }
            let checkers = self.checkers();
            let Some(checker) = checkers.single() else { return false };
            return !self.pinned(king).contains(mv.from)
                && (mv.to == checker || between(king, checker).contains(mv.to));
        }
        let (craters, terrain, us) = (self.pos.craters(), self.terrain, self.pos.turn());
        !self.try_move(mv, |board| {
            board.king(us).is_some_and(|king| is_attacked(board, &craters, &terrain, &terrain.area, king, us.other()))
        })
    }
}

impl KingSafety<'_> {
    /// Whether the king's move `mv` ends on a square no enemy unit attacks, judged on
    /// the board as it would be after the step.
    fn king_step_is_safe(&self, mv: &Move) -> bool {
        let board = self.pos.board();
        let arrived = SquareSet::only(mv.to);
        let view = BoardView {
            board,
            units: board.occupied().difference(SquareSet::only(mv.from)) | arrived,
            captured: arrived,
        };
        let t = &self.terrain;
        !view.is_attacked(&self.pos.craters(), t, &t.area, mv.to, self.pos.turn().other())
    }
}

/// The squares strictly between two squares on one line (none for squares not aligned).
fn between(a: Square, b: Square) -> SquareSet {
    (0..attacks::DIRECTION_COUNT)
        .find(|&dir| attacks::ray(dir, a).contains(b))
        .map_or(SquareSet::EMPTY, |dir| attacks::ray(dir, a).difference(attacks::ray(dir, b) | SquareSet::only(b)))
}

/// The line from `king` through `unit` to the grid's edge, when the two are aligned.
fn pin_line(king: Square, unit: Square) -> Option<SquareSet> {
    (0..attacks::DIRECTION_COUNT).map(|dir| attacks::ray(dir, king)).find(|line| line.contains(unit))
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
