//! The status of a game at one position: check, how the board ends the game there,
//! the ending in force (with the ply it happened at) and the draws a player may
//! claim. The replay computes one per ply; verdicts, captions, `check` and JSON read it.

use super::{Claim, EndReason, Judged, Outcome, Position, Rules};
use std::fmt;

/// An ending and the ply after which it happened (0 = the start position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    pub outcome: Outcome,
    pub ply: usize,
}

/// A draw that became claimable, and the ply after which it first could be claimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Claimable {
    pub claim: Claim,
    pub ply: usize,
}

/// The status of a game after one ply.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameStatus {
    /// The ply this status follows (0 = the start position).
    pub ply: usize,
    /// The side to move stands in check (checkmated included).
    pub check: bool,
    /// How the board itself ends the game at this position: checkmate, stalemate, a
    /// variant's decisive ending, a dead position.
    pub on_board: Option<Outcome>,
    /// The ending in force: the first the game reached, on the board or automatically
    /// (fivefold repetition, 75-move rule, dead position), with its ply. It may lie
    /// before this ply when the record played on after an automatic draw (O5).
    pub ending: Option<Ending>,
    /// Draws claimable so far, each with the ply it first became claimable.
    pub claimable: Vec<Claimable>,
}

impl GameStatus {
    /// The status of a position judged on its own, without the history of a game:
    /// check and the board's ending (what a snapshot alone can say); an error when
    /// the variant cannot decide the ending.
    pub fn of_position<R: Rules + ?Sized>(rules: &R, pos: &Position) -> Judged<GameStatus> {
        let on_board = rules.outcome(pos)?;
        let check = rules.is_check(pos);
        Ok(GameStatus {
            ply: 0,
            check,
            on_board,
            ending: on_board.map(|outcome| Ending { outcome, ply: 0 }),
            claimable: Vec::new(),
        })
    }

    /// Whether the side to move is checkmated here.
    pub fn is_mate(&self) -> bool {
        self.on_board.is_some_and(|o| o.reason == EndReason::Checkmate)
    }

    /// The ending in force when it happened at this very ply.
    pub fn ending_here(&self) -> Option<Outcome> {
        self.ending.filter(|e| e.ply == self.ply).map(|e| e.outcome)
    }

    /// One word or phrase for the examples' `status`: how the game ended at this
    /// ply, `check`, or `ongoing`.
    pub fn word(&self) -> &'static str {
        match (self.on_board.or(self.ending_here()), self.check) {
            (Some(outcome), _) => outcome.reason.describe(),
            (None, true) => "check",
            (None, false) => "ongoing",
        }
    }

    /// The status words of a caption: how the game ended here, or `check`; an
    /// earlier automatic draw the record played on after is named with its ply.
    pub fn caption_words(&self) -> Option<String> {
        let earlier = self.ending.filter(|e| e.ply < self.ply);
        let here = self.on_board.or(self.ending_here()).filter(|o| earlier.is_none_or(|e| e.outcome != *o));
        let here = here.map(|o| o.to_string());
        let earlier = earlier.map(|e| format!("{} after ply {}", e.outcome, e.ply));
        let check = (self.check && here.is_none()).then(|| "check".to_string());
        let parts: Vec<String> = [check, here, earlier].into_iter().flatten().collect();
        (!parts.is_empty()).then(|| parts.join("; "))
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} after ply {}", self.outcome.reason.describe(), self.ply)
    }
}

impl fmt::Display for Claimable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} from ply {}", self.claim.describe(), self.ply)
    }
}
