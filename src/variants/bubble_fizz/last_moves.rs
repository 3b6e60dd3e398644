//! Last moves that land out of sight (F2, F3, F6): moves of one unit, each its last in
//! the turn, to squares that nothing left in the turn reads, all lead to states with
//! one and the same memo key (see [`super::generate::memo_key`]). So once one of them
//! is found to lead to no legal end, the others need not be played: the search would
//! only copy the state, play the move and find its key among the states searched.
//!
//! Take a state `v` and a unit `u` on `a` whose move is its last (it holds no extra and
//! spends the ordinary move, or spends its extra with the ordinary move gone), no
//! capture and no castling. Let `b` be `v` with `u` lifted off `a` and its move spent:
//! the state after a move of `u` to `x` is `b` with `u` put on `x`, the bubble on `x`
//! (if any) entered and the bubble born above `x`. The key reads the *shown* squares:
//! the region of [`super::relevance::seen_region`], the movers, the enemy's units and
//! bubbles, each with its content. Suppose
//!
//! - `x` is not shown in `b`, nor is the square above it unless a unit stands there
//!   (not `u`, whose square `a` is empty by then), on which the bubble fizzles and
//!   changes nothing;
//! - under `birth=strike` no unit stands above `x` (the bubble would pause it, and it
//!   may be a mover or an enemy line unit); and
//! - neither `x` nor the square above it holds an enemy bubble (entering or cancelling
//!   one would change the enemy's bubbles, which are always read).
//!
//! Then the movers are those of `b` (`u` has no move left, and nobody is struck), the
//! enemy's units and their counters are those of `b`, and the region is
//! `b`'s: it is made of the squares the movers' moves may read with the units that are
//! not movers as obstacles, and in `b` none of those reaches `x`, so the unit now on `x`
//! stops no line and no step, and the lines between the enemy's line units and the
//! king's squares do not depend on our units at all. The shown squares keep their
//! content (`x` and the square above it are not among them, or keep theirs), and so do
//! the extras, the ordinary move and the castling rights (all spent or lost by leaving
//! `a`, whatever the landing). So every such `x` gives the key of `b`.
//!
//! The search learns the shown squares of `b` from the first state after such a move
//! that it finds without a legal end: when that move's own landing passes the test
//! above against that state's shown squares, they are `b`'s (the landing adds nothing
//! to them: a unit on a square that no line or step reached stops none, and nobody is
//! struck), and every later move of
//! the same unit passing the same test leads to a state with the same key, which has
//! no legal end either (two states with one key end legally alike). The memo would
//! have answered the same for each of them; only the copy, the move and the key are
//! saved. A test compares the keys of every pair of such moves on crowded positions
//! and jams under both `birth` options.

use super::bubbles::{above, Birth};
use super::turn_state::TurnState;
use crate::geometry::{Square, SquareSet};
use crate::rules::{Move, MoveKind};

/// The unit of a state whose last moves out of sight lead to no legal end, by its
/// square, with the squares shown once it has moved (see the module's doc).
#[derive(Default)]
pub(super) struct OutOfSight {
    spent: Option<(Square, SquareSet)>,
}

impl OutOfSight {
    /// Whether `mv`, a move that may come next from `st`, is known to lead to no legal
    /// end: a last move of the unit noted, landing out of sight.
    pub(super) fn known_dead(&self, st: &TurnState, mv: &Move, birth: Birth) -> bool {
        self.spent.is_some_and(|(from, shown)| from == mv.from && lands_unseen(st, mv, birth, shown))
    }

    /// Notes that `mv`, played from `st`, led to a state without a legal end that shows
    /// `shown` (see [`super::relevance::shown_squares`]).
    pub(super) fn note(&mut self, st: &TurnState, mv: &Move, shown: SquareSet, birth: Birth) {
        if self.spent.is_none_or(|(from, _)| from != mv.from) && lands_unseen(st, mv, birth, shown) {
            self.spent = Some((mv.from, shown));
        }
    }
}

/// Whether `mv` is the last move its unit may make in the turn, and moves it alone
/// without capturing.
fn is_last(st: &TurnState, mv: &Move) -> bool {
    let twice = st.extras.contains(mv.from) && !st.ordinary_used;
    !twice && !mv.capture && !matches!(mv.kind, MoveKind::Castle { .. } | MoveKind::EnPassant)
}

/// Whether the last move `mv` from `st` lands out of sight of `shown`, the squares the
/// key reads after a last move of its unit (see the module's doc).
fn lands_unseen(st: &TurnState, mv: &Move, birth: Birth, shown: SquareSet) -> bool {
    let us = st.pos.turn();
    let theirs = st.pos.bubbles(us.other());
    let board = st.pos.board();
    // The bubble born above the landing: on a unit (not the mover's own square, empty
    // by then) it fizzles and changes nothing, or under `birth=strike` pauses the unit,
    // which may be a mover or an enemy line unit: never allowed then.
    let born_on = |sq: Square| {
        let unit_there = sq != mv.from && board.get(sq).is_some();
        let unchanged = match (unit_there, birth) {
            (true, Birth::Fizzle) => true,
            (true, Birth::Strike) => false,
            (false, _) => !shown.contains(sq),
        };
        unchanged && !theirs.contains(sq)
    };
    is_last(st, mv) && !shown.contains(mv.to) && !theirs.contains(mv.to) && above(mv.to, us).is_none_or(born_on)
}
