//! Positions no game could reach (O9), once for every variant: too many or too few
//! kings, pawns where no pawn can stand, the side not to move standing in check.
//! Each variant says which of these apply and adds its own (craters, stuns, bubbles).

use super::{Color, Position, Role};
use std::ops::RangeInclusive;

/// How many kings a side may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kings {
    /// Exactly one each (chess, Bouncing, Bellows, Bubble Fizz).
    ExactlyOne,
    /// At most one each: a missing king means the game is over (Tilting, T5).
    AtMostOne,
}

/// Problems with the kings: more than one of a colour, or none where one is needed.
pub fn king_problems(pos: &Position, kings: Kings) -> Vec<String> {
    let mut problems = Vec::new();
    for color in Color::ALL {
        let count = pos.board().units(color, Role::King).count();
        let needed = match kings {
            Kings::ExactlyOne if count != 1 => "exactly one",
            Kings::AtMostOne if count > 1 => "at most one",
            _ => continue,
        };
        problems.push(format!("{} has {count} kings; it needs {needed}", color.name()));
    }
    problems
}

/// Pawns standing outside `ranks` (0-based); `why` adds the variant's reason.
pub fn misplaced_pawns(pos: &Position, ranks: RangeInclusive<u8>, why: &str) -> Vec<String> {
    pos.board()
        .pieces()
        .filter(|(sq, piece)| piece.role == Role::Pawn && !ranks.contains(&sq.rank()))
        .map(|(sq, piece)| format!("the {piece} on {sq} stands where no pawn can be{why}"))
        .collect()
}

/// The pawn ranks of an 8x8 board where pawns never stand on the first or last rank.
pub const ORTHODOX_PAWN_RANKS: RangeInclusive<u8> = 1..=6;

/// The problem of a side not to move whose king stands in check, when
/// `waiting_in_check` says it does; `how` may add in what sense.
pub fn waiting_side_in_check(pos: &Position, waiting_in_check: bool, how: &str) -> Option<String> {
    waiting_in_check.then(|| {
        format!(
            "{} is to move while the {} king stands in check{how}",
            pos.turn().name(),
            pos.turn().other().name().to_lowercase()
        )
    })
}
