//! The state inside one turn (F6): the position after the moves made so far, which
//! units may still move, and what the end of the turn must do (F5, F4, F10, O6).
//!
//! Roles: a move by an invigorated unit whose extra is unused spends that extra;
//! any other move spends the turn's one ordinary move. Spending the extra first
//! never loses a continuation (the ordinary move stays open for any unit), so each
//! sequence of moves has exactly one assignment and is generated once.
//!
//! The position lives in a [`Place`]: the state's own copy, which the search clones
//! freely, or the replay's position, lent, so that a turn resolved for the replay is
//! played where the replay keeps it and is never copied back.

use super::bubbles::{self, Birth, Log};
use crate::geometry::{Square, SquareSet};
use crate::rules::castling;
use crate::rules::movegen;
use crate::rules::{Color, Move, MoveKind, Position};
use std::ops::{Deref, DerefMut};

/// Where the position of a turn in progress lives.
#[derive(Debug)]
#[allow(
    clippy::large_enum_variant,
    reason = "a boxed copy would allocate at every clone of the search; the lent place exists to avoid a copy"
)]
pub(super) enum Place<'a> {
    /// The state's own copy.
    Own(Position),
    /// The replay's position, played on where it stands.
    Lent(&'a mut Position),
}

impl Deref for Place<'_> {
    type Target = Position;

    #[inline]
    fn deref(&self) -> &Position {
        match self {
            Place::Own(pos) => pos,
            Place::Lent(pos) => pos,
        }
    }
}

impl DerefMut for Place<'_> {
    #[inline]
    fn deref_mut(&mut self) -> &mut Position {
        match self {
            Place::Own(pos) => pos,
            Place::Lent(pos) => pos,
        }
    }
}

/// A copy is always the copy's own: a lent position has one borrower.
impl<'a> Clone for Place<'a> {
    fn clone(&self) -> Place<'a> {
        Place::Own(Position::clone(self))
    }
}

/// The side to move's units that start a turn apart: paused or invigorated.
#[derive(Clone, Copy)]
struct StartingUnits {
    /// Paused (counter 1-3): they sit the turn out.
    sat_out: SquareSet,
    /// Invigorated (counter 0): each holds an extra move.
    extras: SquareSet,
}

impl StartingUnits {
    /// Those of the side to move in `start` (read from the position the turn starts
    /// from, not from a copy of it just written).
    fn of(start: &Position) -> StartingUnits {
        let us = start.turn();
        let sat_out = start.board().occupied_by(us) & start.board().immobile();
        StartingUnits { sat_out, extras: invigorated(start, us) }
    }
}

/// The units of `side` that are invigorated in `pos`: those with a counter, and it 0
/// (paused units are the immobile ones, counter above 0).
#[inline]
pub(super) fn invigorated(pos: &Position, side: Color) -> SquareSet {
    let board = pos.board();
    (board.occupied_by(side) & board.counted()).difference(board.immobile())
}

/// A turn in progress.
#[derive(Clone, Debug)]
pub(super) struct TurnState<'a> {
    /// The position after the moves so far; the turn has not passed.
    pub pos: Place<'a>,
    /// Invigorated units (by the square they stand on) whose extra move is unused.
    pub extras: SquareSet,
    /// The turn's ordinary move is spent.
    pub ordinary_used: bool,
    /// Units paused during this turn (entered a bubble, struck at a birth): they keep
    /// their counter 3 at the end of the turn (F5), unless they were already paused
    /// when it began.
    pub fresh: SquareSet,
    /// The mover's units paused (1-3) when the turn began. Paused units do not move,
    /// so the squares stay theirs for the whole turn.
    pub sat_out: SquareSet,
    /// Where the units that moved this turn stand now (for refusals).
    pub moved: SquareSet,
    /// Moves made so far.
    pub count: usize,
    /// The first move captured: a capture is a turn of one move (F6).
    pub captured: bool,
    /// F10: the square passed by the last two-square advance of the turn.
    pub double_step: Option<Square>,
    /// O6: a pawn moved or a unit was captured.
    pub zeroing: bool,
    pub log: Log,
}

impl TurnState<'static> {
    /// The start of the side to move's turn in `pos`, on a copy of its own.
    pub(super) fn begin(pos: &Position) -> TurnState<'static> {
        TurnState::at(Place::Own(pos.clone()), StartingUnits::of(pos))
    }
}

impl<'a> TurnState<'a> {
    /// The start of the side to move's turn in `pos`, played on `place` (the replay's
    /// position after the turn), which is made a copy of `pos` first.
    #[allow(
        clippy::assigning_clones,
        reason = "one copy of the whole position is cheaper here than clone_from's copies field by field"
    )]
    pub(super) fn begin_in(pos: &Position, place: &'a mut Position) -> TurnState<'a> {
        *place = pos.clone();
        TurnState::at(Place::Lent(place), StartingUnits::of(pos))
    }

    /// The start of the side to move's turn in `place` itself, played where it
    /// stands: no copy is made, so nothing may be applied to it unless the turn is
    /// known to be legal.
    pub(super) fn begin_here(place: &'a mut Position) -> TurnState<'a> {
        let units = StartingUnits::of(place);
        TurnState::at(Place::Lent(place), units)
    }

    /// Back to the start of the turn, `pos`, in the same place.
    pub(super) fn restart(&mut self, pos: &Position) {
        *self = match std::mem::replace(&mut self.pos, Place::Own(pos.clone())) {
            Place::Lent(place) => TurnState::begin_in(pos, place),
            Place::Own(_) => TurnState::begin(pos),
        };
    }

    /// The start of the turn played on `pos`, whose side to move starts it with
    /// `units`: its invigorated units (counter 0) each hold an extra move (F6).
    fn at(pos: Place<'a>, StartingUnits { sat_out, extras }: StartingUnits) -> TurnState<'a> {
        TurnState {
            pos,
            extras,
            ordinary_used: false,
            fresh: SquareSet::EMPTY,
            sat_out,
            moved: SquareSet::EMPTY,
            count: 0,
            captured: false,
            double_step: None,
            zeroing: false,
            log: Log::default(),
        }
    }

    /// Whether the unit on `from` may make the next move of the turn (F6).
    pub(super) fn may_move(&self, from: Square) -> bool {
        !self.captured && (!self.ordinary_used || self.extras.contains(from))
    }

    /// The units of the side to move that may make the next move of the turn: not
    /// paused (counter above 0) and allowed by F6 ([`TurnState::may_move`]).
    pub(super) fn movers(&self) -> SquareSet {
        let board = self.pos.board();
        let unpaused = board.occupied_by(self.pos.turn()).difference(board.immobile());
        match (self.captured, self.ordinary_used) {
            (true, _) => SquareSet::EMPTY,
            (false, true) => unpaused & self.extras,
            (false, false) => unpaused,
        }
    }

    /// Whether some unit may still move in this turn.
    pub(super) fn may_continue(&self) -> bool {
        !self.captured && (!self.ordinary_used || !self.extras.is_empty())
    }

    /// Plays one move of the turn: the units move (their counters with them, a
    /// promoted pawn being the same unit), each landing unit enters the bubble on its
    /// square (F3) and makes its own bubble above it (F2; castling: the king's, then
    /// the rook's).
    pub(super) fn apply(&mut self, mv: &Move, birth: Birth) {
        let TurnState { pos, extras, fresh, moved, log, .. } = self;
        // Where the position lives is looked up once, for the whole move.
        let pos: &mut Position = pos;
        let us = pos.turn();
        if extras.contains(mv.from) {
            extras.remove(mv.from);
        } else {
            self.ordinary_used = true;
        }
        let counter = pos.board().counter(mv.from);
        let rook = match mv.kind {
            MoveKind::Castle { rook, .. } => {
                Some((rook, castling::castle_rook_destination(mv), pos.board().counter(rook)))
            }
            _ => None,
        };
        movegen::apply_move(pos, mv);
        // A unit that moves takes its counter along, but a promotion puts a new unit
        // (without one) where the pawn arrived: a counter is set again. A unit without
        // one has none where it lands either. A plain move's counter is already there.
        if counter.is_some() && pos.board().counter(mv.to) != counter {
            pos.board_mut().set_counter(mv.to, counter);
        }
        moved.remove(mv.from);
        moved.insert(mv.to);
        if let Some((from, to, rook_counter)) = rook {
            if rook_counter.is_some() && pos.board().counter(to) != rook_counter {
                pos.board_mut().set_counter(to, rook_counter);
            }
            // F6: the rook keeps its own extra, if it has one.
            if extras.contains(from) {
                extras.remove(from);
                extras.insert(to);
            }
        }
        // The unit that moved lands first (castling: the king), then the rook. A unit
        // that enters a bubble is paused, so it is among the fresh ones.
        bubbles::land(pos, mv.to, (us, birth), fresh, log);
        if let Some((_, to, _)) = rook {
            bubbles::land(pos, to, (us, birth), fresh, log);
        }
        // F6: a unit paused during the turn makes no further move in it.
        *extras = extras.difference(*fresh);
        if mv.kind == MoveKind::DoubleStep {
            self.double_step = pos.ep_square();
        }
        self.zeroing |= mv.is_zeroing();
        self.captured |= mv.capture;
        self.count += 1;
    }

    /// Ends the turn and returns the position after it, with what the bubbles did.
    pub(super) fn finish(mut self) -> (Position, Log) {
        self.end();
        let pos = match self.pos {
            Place::Own(pos) => pos,
            Place::Lent(pos) => pos.clone(),
        };
        (pos, self.log)
    }

    /// Ends the turn where its position lives: for a state begun
    /// [`TurnState::begin_in`] the replay's position, which is then the one after it.
    pub(super) fn finish_in_place(&mut self) {
        self.end();
    }

    /// Ends the turn in `pos`. F5's order: the mover's units that sat the turn out
    /// count down (1 -> 0: invigorated for the next turn), the invigoration of this
    /// turn lapses, then the other side's bubbles rise (F4).
    fn end(&mut self) {
        let pos: &mut Position = &mut self.pos;
        let us = pos.turn();
        // Most units have no counter, and keep none. Units paused during this turn keep
        // their full count; a unit that was already paused when the turn began sat the
        // turn out, so F5 counts it down even when a newborn bubble struck it again
        // (birth=strike). A counter 0 (invigorated at the turn's start, used or not)
        // goes.
        let kept = self.fresh.difference(self.sat_out);
        let counting = (pos.board().occupied_by(us) & pos.board().counted()).difference(kept);
        // Most turns end with no counter of the mover's to count down.
        if !counting.is_empty() {
            pos.board_mut().count_down(counting);
        }
        bubbles::rise(pos, us, &mut self.log);
        // F10: the last two-square advance of the turn leaves the en passant square.
        pos.set_ep_square(self.double_step);
        pos.pass_turn(self.zeroing);
    }
}

/// The turn in the snapshot `fen` after the moves `from`-`to`, each one that may come
/// next (for tests that build turns in progress by hand).
#[cfg(test)]
pub(super) fn after_moves(fen: &str, moves: &[(&str, &str)], birth: Birth) -> TurnState<'static> {
    let pos = super::snapshot::read(fen).expect("a valid snapshot");
    let mut st = TurnState::begin(&pos);
    for (from, to) in moves {
        let mut next = Vec::new();
        super::generate::next_moves(&st, movegen::MoveFilter::default(), &mut next);
        let (from, to) = (Square::parse(from), Square::parse(to));
        let mv = next.into_iter().find(|m| Some(m.from) == from && Some(m.to) == to);
        st.apply(&mv.expect("a move that may come next"), birth);
    }
    st
}
