//! What diagrams show of Bubble Fizz: bubbles as `^` (White's, rising north) and `v`
//! (Black's, sinking south), paused units with their counters, invigorated units, and
//! caption lines about what a turn did to bubbles and pauses.

use super::bubbles::{Birth, Log};
use super::snapshot::reading_order;
use super::turn_state::TurnState;
use crate::render::{MarkedUnit, SquareKind, SquareMarks, UnitMarks};
use crate::rules::{Color, Position, Turn};

/// What the turn did beyond moving units: bubbles born, cancelled, fizzled, entered,
/// risen onto units or out of the board.
pub(super) fn describe_turn(before: &Position, turn: &Turn, birth: Birth) -> Vec<String> {
    let mut st = TurnState::begin(before);
    st.log = Log::kept();
    for mv in turn.moves() {
        st.apply(mv, birth);
    }
    st.finish().1.lines()
}

/// `bubbles: white g7; black e4` when there are bubbles.
pub(super) fn describe_state(pos: &Position) -> Vec<String> {
    let (white, black) = (pos.bubbles(Color::White), pos.bubbles(Color::Black));
    if white.is_empty() && black.is_empty() {
        return Vec::new();
    }
    let names = |set: crate::geometry::SquareSet| {
        let squares: Vec<String> = reading_order().filter(|s| set.contains(*s)).map(|s| s.to_string()).collect();
        if squares.is_empty() {
            "none".to_string()
        } else {
            squares.join(" ")
        }
    };
    vec![format!("bubbles: white {}; black {}", names(white), names(black))]
}

/// Paused units (counter 1-3) and invigorated ones (0), drawn with their own letters
/// and listed under the board.
pub(super) fn unit_marks(pos: &Position) -> Vec<UnitMarks> {
    let mut paused = Vec::new();
    let mut invigorated = Vec::new();
    for square in reading_order() {
        let (Some(piece), Some(counter)) = (pos.board().get(square), pos.board().counter(square)) else { continue };
        let unit = MarkedUnit { square, counter, symbol: piece.fen_char() };
        if counter == 0 {
            invigorated.push(unit);
        } else {
            paused.push(unit);
        }
    }
    let mut marks = Vec::new();
    if !paused.is_empty() {
        marks.push(UnitMarks { label: "paused (turns left)", units: paused });
    }
    if !invigorated.is_empty() {
        marks.push(UnitMarks { label: "invigorated", units: invigorated });
    }
    marks
}

/// F1: White's bubbles rise (`^`), Black's sink (`v`).
pub(super) fn square_marks(pos: &Position) -> Vec<SquareMarks> {
    let (white, black) = (pos.bubbles(Color::White), pos.bubbles(Color::Black));
    vec![
        SquareMarks {
            kind: SquareKind::Bubble(Color::White),
            symbol: '^',
            label: "white bubble (rises)",
            squares: white,
        },
        SquareMarks {
            kind: SquareKind::Bubble(Color::Black),
            symbol: 'v',
            label: "black bubble (sinks)",
            squares: black,
        },
    ]
}
