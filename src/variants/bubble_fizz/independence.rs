//! Moves of a turn in progress that commute (F2, F3, F6), so that the search of
//! [`super::generate`] need not play both orders of two moves that do not meet: a
//! *sleep set*, the moves known to lead only to states without a legal end.
//!
//! Two moves *commute* here when both are plain moves (no capture, no castling, no
//! two-square advance) and the squares each reads or changes are apart: where its unit
//! stands, the squares it passes, where it lands (and enters a bubble, F3) and where it
//! makes its bubble (F2). Played from a state where both may come next, in either
//! order, each finds its way as the other left it (the other touched none of its
//! squares, nor paused its unit: a birth strikes only the square above the landing),
//! spends the same thing (a unit's extra, or the turn's one ordinary move; the two
//! cannot both need the ordinary move, or the second would not be allowed after the
//! first) and does the same to the board, the bubbles, the counters and the extras. So
//! both orders reach one and the same state. A two-square advance is left out because
//! the last one of the turn names the en passant square (F10), castling because it
//! moves two units.
//!
//! Why skipping is exact. The search answers "no legal end" for a state only when it is
//! so (each refutation it uses is exact). Say `t` was tried from a state `v` and led to
//! no legal end, and then `x`, which commutes with `t`, is tried from `v`. From `v·x`
//! the move `t` leads to `v·x·t = v·t·x`, reached from `v·t`, which has no legal end, so
//! neither has `v·x·t`, and `t` need not be tried there. Deeper down the same holds: if
//! `t` need not be tried from a state `u` (its `u·t` has no legal end) and `y`, tried
//! from `u`, commutes with `t`, then `u·y·t = u·t·y` is reached from `u·t`, so `t` need
//! not be tried from `u·y` either. Every state the search then declares without a legal
//! end is so: a legal end would start with a move of a relevant unit (see
//! [`super::relevance`]); if that move was skipped it leads to no legal end, and if it
//! was tried the search below it found none, which by the same argument one move
//! deeper is exact. Remembered states (the memo) hold only such answers, so sleeping
//! moves and the memo combine without the care a search that must visit every state
//! would need.

use super::bubbles::above;
use crate::geometry::attacks::between;
use crate::geometry::SquareSet;
use crate::rules::{Color, Move, MoveKind};

/// Whether `a` and `b`, moves of `us` that may both come next in one state of a turn in
/// progress, reach the same state played in either order (see the module's doc).
#[cfg(test)]
pub(super) fn commute(a: &Move, b: &Move, us: Color) -> bool {
    commutes_with(a, us)(b)
}

/// Whether a move commutes with `played`, a move of `us` (see [`commute`]); the squares
/// `played` touches are found once for all the moves asked about.
fn commutes_with(played: &Move, us: Color) -> impl Fn(&Move) -> bool {
    let busy = is_plain(played).then(|| touched(played, us));
    move |mv| busy.is_some_and(|busy| is_plain(mv) && (touched(mv, us) & busy).is_empty())
}

/// A move of one unit that captures nothing and names no en passant square.
fn is_plain(mv: &Move) -> bool {
    !mv.capture && mv.kind == MoveKind::Normal
}

/// The squares a plain move of `us` reads or changes: its unit's square, the squares
/// it passes, its landing and the square above the landing, where its bubble is born.
fn touched(mv: &Move, us: Color) -> SquareSet {
    let mut squares = between(mv.from, mv.to);
    squares.insert(mv.from);
    squares.insert(mv.to);
    if let Some(bubble) = above(mv.to, us) {
        squares.insert(bubble);
    }
    squares
}

/// The moves that sleep in the state after a move `played` by `us`: those of `asleep`
/// (sleeping where it was played) and of `tried` (tried before it from there, each to
/// no legal end) that commute with it. Only listed when asked for, since most states
/// are refuted before their moves are looked at.
#[derive(Clone, Copy)]
pub(super) struct Sleep<'a> {
    played: Option<(&'a Move, Color)>,
    asleep: &'a [Move],
    tried: &'a [Move],
}

impl<'a> Sleep<'a> {
    /// No move sleeps (a question's first state, or one searched on its own).
    pub(super) const NONE: Sleep<'static> = Sleep { played: None, asleep: &[], tried: &[] };

    /// The moves that sleep after `played`, by `us`, from a state where `asleep` slept
    /// and `tried` were tried before it.
    pub(super) fn after(played: &'a Move, us: Color, asleep: &'a [Move], tried: &'a [Move]) -> Sleep<'a> {
        Sleep { played: Some((played, us)), asleep, tried }
    }

    /// The sleeping moves.
    pub(super) fn moves(&self) -> Vec<Move> {
        let Some((played, us)) = self.played.filter(|(played, _)| is_plain(played)) else { return Vec::new() };
        let commutes = commutes_with(played, us);
        self.asleep.iter().chain(self.tried).filter(|mv| commutes(mv)).copied().collect()
    }
}
