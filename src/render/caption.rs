//! Captions of replayed positions: the turn just played, the status, the variant's
//! state, the king in check, and who played the game.

use super::Caption;
use crate::geometry::Square;
use crate::record::ast::Game;
use crate::rules::{Color, GameStatus, Judged, Position, Turn};
use crate::variants::prelude::*;

/// How a king stands attacked: diagrams mark its square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alert {
    Check,
    Mate,
}

/// The side to move's king when it stands in check or is mated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingAlert {
    pub square: Square,
    pub alert: Alert,
}

/// Who played a game, where and when: the title line of a diagram.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Heading {
    pub white: Option<String>,
    pub black: Option<String>,
    pub event: Option<String>,
    pub site: Option<String>,
    pub date: Option<String>,
    pub round: Option<String>,
}

impl Heading {
    /// The heading of a game's tags; unknown values (`?`, `????.??.??`) are left out.
    pub fn of(game: &Game) -> Heading {
        let tag = |name: &str| {
            game.tag(name).map(str::trim).filter(|v| !v.is_empty() && v.chars().any(|c| c != '?' && c != '.'))
        };
        Heading {
            white: tag("White").map(str::to_string),
            black: tag("Black").map(str::to_string),
            event: tag("Event").map(str::to_string),
            site: tag("Site").map(str::to_string),
            date: tag("Date").map(|d| d.trim_end_matches(".??").to_string()),
            round: tag("Round").map(str::to_string),
        }
    }

    /// `White - Black`, when either player is named.
    pub fn players(&self) -> Option<String> {
        match (&self.white, &self.black) {
            (None, None) => None,
            (white, black) => {
                Some(format!("{} – {}", white.as_deref().unwrap_or("?"), black.as_deref().unwrap_or("?")))
            }
        }
    }

    /// `Event, Site, Date, round N`, leaving out what the record does not say.
    pub fn occasion(&self) -> Option<String> {
        let round = self.round.as_ref().filter(|r| r.as_str() != "-").map(|r| format!("round {r}"));
        let parts: Vec<&str> =
            [&self.event, &self.site, &self.date, &round].into_iter().flatten().map(String::as_str).collect();
        (!parts.is_empty()).then(|| parts.join(", "))
    }
}

/// The turn that led to a position: the position it was played in, the turn, and
/// its canonical notation.
#[derive(Clone, Copy, Debug)]
pub struct LastTurn<'a> {
    pub before: &'a Position,
    pub turn: &'a Turn,
    pub canonical: &'a str,
}

/// The caption of `pos`, whose status the replay computed, reached by `last` (none
/// for a start position), with the record's comments on it.
pub fn caption(
    variant: &dyn Variant,
    pos: &Position,
    status: &GameStatus,
    last: Option<LastTurn<'_>>,
    comments: Vec<String>,
) -> Caption {
    let mut caption = status_caption(variant, pos, status);
    let Some(LastTurn { before, turn, canonical }) = last else { return Caption { comments, ..caption } };
    let mut state = variant.describe_turn(before, turn);
    state.append(&mut caption.state);
    Caption {
        last_turn: Some(format!("{} {canonical}", move_number(before))),
        state,
        comments,
        trace: Some(variant.trace_turn(before, turn)),
        ..caption
    }
}

/// `12.` before a White turn, `12...` before a Black one.
pub fn move_number(before: &Position) -> String {
    match before.turn() {
        Color::White => format!("{}.", before.fullmove()),
        Color::Black => format!("{}...", before.fullmove()),
    }
}

/// The caption of a position on its own, without a game's history: status, the
/// variant's state, its marks; an error when the variant cannot decide the status.
pub fn position_caption(variant: &dyn Variant, pos: &Position) -> Judged<Caption> {
    Ok(status_caption(variant, pos, &GameStatus::of_position(variant, pos)?))
}

/// The caption of a position with its status: status words, the variant's state, its marks.
fn status_caption(variant: &dyn Variant, pos: &Position, status: &GameStatus) -> Caption {
    Caption {
        variant: variant.id(),
        status: status.caption_words(),
        alert: king_alert(pos, status),
        state: variant.describe_state(pos),
        marks: variant.unit_marks(pos),
        squares: variant.square_marks(pos),
        ..Caption::default()
    }
}

/// The side to move's king, when it is mated or in check.
fn king_alert(pos: &Position, status: &GameStatus) -> Option<KingAlert> {
    let alert = match status.on_board {
        _ if status.is_mate() => Alert::Mate,
        Some(_) => return None,
        None if status.check => Alert::Check,
        None => return None,
    };
    Some(KingAlert { square: pos.board().king(pos.turn())?, alert })
}
