//! What diagrams show of Bellows' state: the active board and the next one in the
//! caption, and the squares off the active board marked `:` (L3, L4).

use super::schedule::{Region, Schedule};
use crate::render::{SquareKind, SquareMarks};
use crate::rules::Position;

/// `active board: 10x10 (b2-k11); next ply: 12x12 (a1-l12)`.
pub(super) fn state(pos: &Position, schedule: &Schedule) -> Vec<String> {
    vec![format!("active board: {}; next ply: {}", schedule.active(pos).describe(), schedule.next(pos).describe())]
}

/// The squares of the grid outside the side to move's active board.
pub(super) fn outside_marks(pos: &Position, schedule: &Schedule) -> Vec<SquareMarks> {
    let active = schedule.active(pos).rect();
    let squares = Region::Large.rect().squares().filter(|sq| !active.contains(*sq)).collect();
    vec![SquareMarks { kind: SquareKind::Inactive, symbol: ':', label: "outside the active board", squares }]
}
