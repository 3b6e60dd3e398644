//! How games end: on the board, automatically, or by a claim a player may make.

use super::Color;
use std::fmt;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    /// O3: fivefold repetition ends the game automatically.
    FivefoldRepetition,
    /// O3: 75 moves by each side without pawn move or capture.
    SeventyFiveMoveRule,
    /// O3: no sequence of legal moves can mate.
    InsufficientMaterial,
    /// Tilting T5: the blast removed the enemy king.
    KingDestroyed,
    /// Tilting T5: the blast removed both kings.
    BothKingsDestroyed,
    /// Koopa K1: a king left the board.
    KingGone,
    /// Koopa K9, Bellows L7, Bubble Fizz F9: the side to move has no legal turn.
    NoLegalTurn,
}

impl EndReason {
    /// Automatic draws after which records may play on (O5): a move after one is a
    /// warning, not an error.
    pub fn allows_play_on(self) -> bool {
        matches!(self, EndReason::FivefoldRepetition | EndReason::SeventyFiveMoveRule | EndReason::InsufficientMaterial)
    }

    pub fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::FivefoldRepetition => "fivefold repetition",
            EndReason::SeventyFiveMoveRule => "75-move rule",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::KingDestroyed => "king destroyed",
            EndReason::BothKingsDestroyed => "both kings destroyed",
            EndReason::KingGone => "king off the board",
            EndReason::NoLegalTurn => "no legal turn",
        }
    }
}

/// A finished game: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: EndReason,
}

impl Outcome {
    pub fn win(winner: Color, reason: EndReason) -> Outcome {
        Outcome { winner: Some(winner), reason }
    }

    pub fn draw(reason: EndReason) -> Outcome {
        Outcome { winner: None, reason }
    }

    /// The PGN result token.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(c) => {
                write!(f, "{} by {} ({})", c.name().to_lowercase() + " wins", self.reason.describe(), self.result())
            }
            None => write!(f, "draw by {} ({})", self.reason.describe(), self.result()),
        }
    }
}

/// Checkmate or stalemate (O1), when the side to move has no legal turn; `None`
/// while it has one.
pub fn mate_or_stalemate<V: super::Rules + ?Sized>(variant: &V, pos: &super::Position) -> Judged<Option<Outcome>> {
    if variant.has_legal_turn(pos)? {
        return Ok(None);
    }
    Ok(Some(if variant.is_check(pos) {
        Outcome::win(pos.turn().other(), EndReason::Checkmate)
    } else {
        Outcome::draw(EndReason::Stalemate)
    }))
}

/// The answer to a question about a position, or [`Undecided`] when the variant's
/// search stopped at its budget before it could answer.
pub type Judged<T> = Result<T, Undecided>;

/// A question about a position that the variant's search could not settle within
/// its budget (Bubble Fizz's search over the moves of a turn): the position is beyond
/// what arbiter decides, and the game is reported as such rather than guessed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undecided {
    /// The side whose turn was being judged.
    pub side: Color,
    pub question: Question,
    /// How many states the search visited before it stopped.
    pub states: usize,
    /// What stopped it.
    pub limit: Limit,
}

/// The budget an [`Undecided`] search ran out of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The question's own: the position is beyond what arbiter decides.
    Question,
    /// What was left of the game's, spent in part by the questions before it.
    Game,
}

/// What an [`Undecided`] search was deciding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Whether the side to move has any legal turn (checkmate, stalemate, `#`).
    LegalTurn,
    /// Which moves may come next in a turn and still let it end legally (reading or
    /// writing a turn's notation).
    NextMoves,
}

impl fmt::Display for Undecided {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.side.name();
        match self.question {
            Question::LegalTurn => write!(f, "cannot decide whether {side} has a legal turn")?,
            Question::NextMoves => write!(f, "cannot decide which moves of {side}'s turn can still end it legally")?,
        }
        let states = self.states;
        match self.limit {
            Limit::Question => write!(
                f,
                ": the search stopped after {states} states of the turn, and this position is beyond what arbiter decides"
            ),
            Limit::Game => write!(
                f,
                ": the search stopped after {states} states of the turn, when the steps left to this game's searches ran out \
                 (the game's earlier questions took the rest)"
            ),
        }
    }
}

/// A draw a player may claim; the game goes on (O3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    ThreefoldRepetition,
    FiftyMoveRule,
}

impl Claim {
    pub fn describe(self) -> &'static str {
        match self {
            Claim::ThreefoldRepetition => "threefold repetition",
            Claim::FiftyMoveRule => "50-move rule",
        }
    }
}
