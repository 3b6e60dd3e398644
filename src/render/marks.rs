//! What diagrams show beyond units, the presentation part of
//! `crate::variants::Variant`: caption lines, marked units, signs on squares and the
//! squares a turn touched. Every hook has an empty default.

use crate::geometry::{Square, SquareSet};
use crate::rules::{Color, Position, Rules, Turn, TurnTrace};

/// A unit that diagrams draw marked, with a counter: Koopa's stunned units (K4);
/// Bubble Fizz's paused units fit the same shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarkedUnit {
    pub square: Square,
    pub counter: u8,
    /// The character text diagrams draw for the unit in place of its FEN letter.
    pub symbol: char,
}

/// Marked units of one kind, listed under a diagram as `label: b8 4, e5 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitMarks {
    /// What the counters mean: `stunned (plies left)`.
    pub label: &'static str,
    /// The units in reading order.
    pub units: Vec<MarkedUnit>,
}

/// Empty squares that diagrams draw with one sign, explained in the legend:
/// Tilting's craters (T3), Bubble Fizz's bubbles (F1), the squares outside
/// Bellows' active board (L4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareMarks {
    /// What the sign stands for; SVG diagrams draw each kind in its own way.
    pub kind: SquareKind,
    /// The character text diagrams draw on such an empty square.
    pub symbol: char,
    /// What the sign means, for the legend: `crater`.
    pub label: &'static str,
    pub squares: SquareSet,
}

/// What a sign on a square stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareKind {
    /// Tilting T3: a crater.
    Crater,
    /// Bubble Fizz F1: a bubble of this side, rising towards that side's up.
    Bubble(Color),
    /// Bellows L4: a square outside the active board (units there cannot move).
    Inactive,
}

/// A variant's hooks for diagrams.
pub trait Presentation: Rules {
    /// Lines about what a turn did beyond moving its unit, for diagram captions
    /// ("the blast destroyed g5 h5"); `before` is the position the turn was played in.
    fn describe_turn(&self, _before: &Position, _turn: &Turn) -> Vec<String> {
        Vec::new()
    }

    /// The squares a turn touched, for highlighting it; `before` is the position it
    /// was played in. Variants whose turns reach beyond their moves' squares (blasts,
    /// Koopa landings and kicks) add those.
    fn trace_turn(&self, _before: &Position, turn: &Turn) -> TurnTrace {
        turn.trace()
    }

    /// Lines about the variant's own state for diagram captions ("bombs: White").
    fn describe_state(&self, _pos: &Position) -> Vec<String> {
        Vec::new()
    }

    /// Units that diagrams draw marked, with their counters (Koopa's stuns); none in
    /// most variants.
    fn unit_marks(&self, _pos: &Position) -> Vec<UnitMarks> {
        Vec::new()
    }

    /// Empty squares that diagrams draw with a sign (craters, bubbles, inactive
    /// squares); none in most variants. A square in several groups shows the first.
    fn square_marks(&self, _pos: &Position) -> Vec<SquareMarks> {
        Vec::new()
    }
}
