//! Captions of replayed positions: the turn just played, the status, the variant's state.

use super::Caption;
use crate::replay::Replay;
use crate::rules::{Color, Position};
use crate::variants::prelude::*;

/// The status words of a position: how the game ended, or `check`.
pub fn status(variant: &dyn Variant, pos: &Position) -> Option<String> {
    match variant.outcome(pos) {
        Some(outcome) => Some(outcome.to_string()),
        None if variant.is_check(pos) => Some("check".to_string()),
        None => None,
    }
}

/// The caption of the position after `ply` plies of a replay's main line.
pub fn caption(replay: &Replay, ply: usize, comments: Vec<String>) -> Caption {
    let variant = replay.variant.as_ref();
    let pos = replay.position(ply).unwrap_or(&replay.start);
    let mut state = Vec::new();
    let mut trace = None;
    let last_turn = ply.checked_sub(1).and_then(|i| {
        let before = replay.position(i)?;
        let played = replay.line.plies.get(i)?;
        let number = match before.turn() {
            Color::White => format!("{}.", before.fullmove()),
            Color::Black => format!("{}...", before.fullmove()),
        };
        state = variant.describe_turn(before, &played.turn);
        trace = Some(variant.trace_turn(before, &played.turn));
        Some(format!("{number} {}", played.canonical))
    });
    let mut caption = position_caption(variant, pos);
    state.append(&mut caption.state);
    Caption { last_turn, state, comments, trace, ..caption }
}

/// The caption of a position on its own: status, the variant's state, its marks.
pub fn position_caption(variant: &dyn Variant, pos: &Position) -> Caption {
    Caption {
        status: status(variant, pos),
        state: variant.describe_state(pos),
        marks: variant.unit_marks(pos),
        squares: variant.square_marks(pos),
        ..Caption::default()
    }
}
