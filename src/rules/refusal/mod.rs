//! Why a written turn is refused: one typed reason per kind of refusal, holding the
//! real units and squares as data. The reasons are found where the rules are (the
//! shared ones here, each variant's own in its `refusals` module) and put into words
//! in one place, [`words`], so that every message of a kind reads the same.

mod castling;
mod king_safety;
mod variant_causes;
mod words;
mod written;

pub use castling::{castling, unit_in_the_way};
pub use king_safety::{exposed_king, king_safety};
pub use variant_causes::{BellowsCause, BombCause, BounceCause, BubbleCause, KoopaCause, TiltingCause};
pub use written::written_refusal;

use super::{Color, Role, Wing};
use crate::geometry::Square;

/// A unit named in a refusal: `the bishop on b5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitAt {
    pub role: Role,
    pub on: Square,
}

/// Where a written move says its unit starts: a file (`Nbd2`), a rank (`N1d2`) or a
/// square (`Nb1d2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    File(u8),
    Rank(u8),
    Square(Square),
}

/// Where a written move goes: a square, or a file for the pawn capture form `ed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Square(Square),
    File(u8),
}

/// What stops the one unit a written move can mean from making it, when no unit of
/// its role can make the move at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Obstacle {
    /// A unit stands on the line between the unit and the destination.
    PathBlocked { unit: UnitAt, by: UnitAt },
    /// The unit on the written source square does not move that way.
    CannotMoveThatWay { unit: UnitAt },
}

/// Why a written turn is refused, with the units and squares that cause it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A letter that names no piece (`Xe4`).
    NotAPieceLetter(char),
    /// A promotion letter that names no piece a pawn can become.
    NotAPromotionLetter(char),
    /// A token that only another variant has (a bomb, a bounce, a turn of several moves).
    OtherVariant { what: &'static str, title: &'static str, id: &'static str },
    /// The written source names a file or rank beyond the variant's board (`id3` on an
    /// 8x8 board): only Bellows' 12x12 grid has it.
    SourceBeyondBoard { source: Source, board: crate::geometry::Rect },
    /// No unit of the role (from the written source, if any) can make the move; the
    /// destination may hold one of the mover's own units, and one unit may be named
    /// with what stops it.
    NoSuchUnit {
        side: Color,
        role: Role,
        source: Option<Source>,
        to: Target,
        own_unit_on_target: Option<Role>,
        obstacle: Option<Obstacle>,
    },
    /// The written source fits none of the legal moves of the role to the
    /// destination; `legal` are those moves' canonical notations.
    WrongSource { side: Color, role: Role, source: Option<Source>, to: Target, legal: Vec<String> },
    /// A pawn move written without its file is a push; only captures reach the square.
    PushNotCapture { side: Color, to: Target, captures: Vec<String> },
    /// `e8=K`; `legal` are the moves to that square that can be played.
    PromotionToKing { legal: Vec<String> },
    /// A promotion written for a pawn move that does not promote.
    NeedlessPromotion { to: Target, legal: Vec<String> },
    /// A pawn move to the last rank written without its promotion.
    PromotionMissing { to: Target, legal: Vec<String> },
    /// A king move onto a square an enemy unit attacks.
    KingIntoAttack { side: Color, to: Square, by: UnitAt },
    /// The king is in check and the move does not answer it.
    CheckNotAnswered { side: Color, king: Square, checker: UnitAt, unit: UnitAt, to: Square },
    /// An en passant capture that opens a line onto the mover's king.
    EnPassantExposesKing { side: Color, to: Square, king: Square, by: UnitAt },
    /// The unit is pinned to its king.
    Pinned { side: Color, unit: UnitAt, to: Square, king: Square, by: UnitAt },
    /// Castling refused, and why.
    Castling { wing: Wing, cause: CastlingCause },
    /// Tilting the Balance's own causes.
    Tilting(TiltingCause),
    /// Bouncing Pieces' own causes.
    Bouncing(BounceCause),
    /// Koopa's own causes.
    Koopa(KoopaCause),
    /// Bellows' own causes.
    Bellows(BellowsCause),
    /// Refreshing Bubble Fizz's own causes.
    BubbleFizz(BubbleCause),
}

/// Why castling on a wing is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CastlingCause {
    /// The side holds no right on that wing.
    NoRight { side: Color },
    /// The king does not stand on the rank of the rook the right names.
    KingOffRank { side: Color },
    /// No rook of the side stands where the right needs one.
    NoRook { side: Color, on: Square },
    /// A unit stands on a square king or rook must cross or reach.
    UnitInTheWay { unit: UnitAt },
    /// The king stands in check (from the unit named, when one is found).
    KingInCheck { side: Color, king: Square, by: Option<UnitAt> },
    /// The king crosses or lands on an attacked square.
    AttackedSquare { on: Square, lands: bool, by: UnitAt },
    /// Once king and rook stand on their new squares, the king is attacked.
    AttackedAfter { on: Square, by: UnitAt },
    /// T4: a crater lies on a square king or rook crosses or lands on.
    Crater { on: Square },
    /// K7: the king or the rook is stunned (`plies` left).
    Stunned { unit: UnitAt, plies: u8 },
    /// K7: a square between king and rook, or a destination, is not free.
    SquareNotFree,
    /// L4: a square of the castling lies off the active board.
    OffActiveBoard { on: Square, board: crate::geometry::Rect },
    /// L6: the opponent could capture the king on one of its squares next ply.
    CapturableNextPly { side: Color, on: Square, board: crate::geometry::Rect },
    /// F6: the king or the rook is paused (`turns` left).
    Paused { unit: UnitAt, turns: u8 },
    /// F6: the king has already moved in this turn.
    KingMovedThisTurn,
    /// Castling is refused for a reason none of the above names.
    Unexplained,
}

impl Refusal {
    /// The one move that would be right, when there is exactly one.
    pub fn suggestion(&self) -> Option<String> {
        match self.candidates() {
            [one] => Some(one.clone()),
            _ => None,
        }
    }

    /// The legal turns that fit what was written better (the right source, the
    /// capture for a push, the right promotion), in canonical notation without check
    /// mark; empty when there are none.
    pub fn candidates(&self) -> &[String] {
        match self {
            Refusal::WrongSource { legal, .. }
            | Refusal::PromotionToKing { legal }
            | Refusal::NeedlessPromotion { legal, .. }
            | Refusal::PromotionMissing { legal, .. } => legal,
            Refusal::PushNotCapture { captures, .. } => captures,
            Refusal::Koopa(cause) => cause.candidates(),
            Refusal::Bouncing(cause) => cause.candidates(),
            _ => &[],
        }
    }
}
