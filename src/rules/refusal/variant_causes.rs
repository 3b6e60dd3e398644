//! The refusal causes only one variant has, as data: Tilting's bombs and craters,
//! Bouncing's bounces, Koopa's stuns and kicks, Bellows' active board, Bubble Fizz's
//! pauses and turns of several moves. Their words are in [`super::words`].

use super::UnitAt;
use crate::geometry::{Rect, Square};
use crate::rules::{Color, Piece, Role};

/// Tilting the Balance (T1-T8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TiltingCause {
    /// A bomb of `side` on `target` may not go off.
    Bomb { side: Color, target: Square, cause: BombCause },
    /// T8: a square listed twice among the destroyed units.
    ListedTwice { square: Square, target: Square },
    /// T8: the written list is not the set of destroyed units' squares (all lists in
    /// reading order, `listed` as written).
    WrongList { target: Square, destroys: Vec<Square>, listed: Vec<Square>, missing: Vec<Square>, extra: Vec<Square> },
    /// T4: the destination is a crater.
    CraterTarget { to: Square },
    /// T4: a crater stands between the unit and its destination.
    CraterInTheWay { unit: UnitAt, to: Square, crater: Square },
}

/// Why a bomb may not go off (T1, T2, T5, T6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BombCause {
    /// T5: a king is gone, so the game is already over.
    GameOver,
    /// T1: one bomb per side and game.
    AlreadyUsed,
    /// T1: fewer units than `needed` stand on the board.
    TooFewUnits { count: usize, needed: usize },
    /// The target is not a square of the 8x8 board.
    OffBoard,
    /// T2: the target is not on the bomber's first three ranks (0-based, inclusive).
    OutOfReach { first_rank: u8, last_rank: u8 },
    /// T5: the blast would remove the bomber's king and not the enemy's.
    OnlyOwnKing,
    /// T6: the bomber's king would stand in check after the blast.
    LeavesKingInCheck,
}

/// Bouncing Pieces (B1-B10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BounceCause {
    /// B1: castling is followed by no bounce.
    AfterCastling,
    /// B1: the moved unit itself is named as the bounced one.
    BouncesItself { on: Square },
    /// B1: the named unit is not next to the moved unit's square `lands`.
    NotAdjacent { from: Square, lands: Square },
    /// B2: no unit stands where a unit bounced to `to` by `lands` would start.
    NoNeighbourFor { lands: Square, to: Square },
    /// No unit stands on the square named as the bounce's start.
    NoUnitOn { from: Square },
    /// The written letter names another piece than the one on `from`.
    WrongPiece { from: Square, unit: Piece, named: Option<Role> },
    /// B3: the bounce leaves the board.
    OffBoard { from: Square, lands: Square },
    /// B2, B10: the unit goes to `dest`, not to the written `to`.
    GoesElsewhere { from: Square, lands: Square, dest: Square, to: Square, dest_occupied: bool },
    /// B3: the bounce's destination is occupied.
    Blocked { from: Square, dest: Square },
    /// B7: after the move and this bounce the mover's king is in check.
    BounceLeavesCheck { side: Color, bounce: String, mv: String },
    /// B7: the move alone leaves the king in check, but a bounce would save it
    /// (`options`: the whole turns that are legal).
    NeedsBounce { side: Color, mv: String, options: Vec<String> },
    /// B7: the king is in check and the move ends it with no bounce.
    CheckNotEnded { side: Color, unit: UnitAt, to: Square },
    /// B7: the move leaves the king in check with every bounce and without one.
    LeavesKingInCheck { side: Color, unit: UnitAt, to: Square },
}

impl BounceCause {
    pub(super) fn candidates(&self) -> &[String] {
        match self {
            BounceCause::NeedsBounce { options, .. } => options,
            _ => &[],
        }
    }
}

/// Koopa (K1-K10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KoopaCause {
    /// K5: the destination holds one of the mover's own units.
    OwnUnitOnTarget { on: Square, piece: Piece },
    /// K1: the kick would take the mover's own king off the board.
    KickLosesKing { unit: UnitAt, to: Square, side: Color, king: Square },
    /// K1: the capturing king would bounce off the board.
    KingBouncesOff { side: Color, from: Square, to: Square },
    /// K4: the unit is stunned for `plies` more plies.
    Stunned { unit: UnitAt, plies: u8 },
    /// K10: the written square is where the capture lands, not the one it strikes.
    LandingWritten { on: Square, role: Role, capture: Vec<String> },
    /// K8: the capture does not end on the last rank (`end`: where the pawn ends,
    /// `None` when it runs off the board), so it cannot promote.
    NoPromotionThere { capture: Vec<String>, end: Option<Square> },
}

impl KoopaCause {
    pub(super) fn candidates(&self) -> &[String] {
        match self {
            KoopaCause::LandingWritten { capture, .. } | KoopaCause::NoPromotionThere { capture, .. } => capture,
            _ => &[],
        }
    }
}

/// Bellows (L4, L6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BellowsCause {
    /// L6: the king can be captured on the opponent's next ply, on the `next` board,
    /// and the move does not end that.
    CheckNotEnded { side: Color, unit: UnitAt, to: Square, next: Rect },
    /// L6: after the move the opponent could capture the king on its next ply.
    LeavesKingCapturable { side: Color, unit: UnitAt, to: Square, next: Rect },
    /// L4: the destination lies off the active board.
    TargetOffBoard { to: Square, active: Rect },
    /// L4: the unit stands off the active board.
    UnitOffBoard { unit: UnitAt, active: Rect },
}

/// Refreshing Bubble Fizz (F5-F7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BubbleCause {
    /// F5: the unit is paused for `turns` more turns of its side.
    Paused { unit: UnitAt, turns: u8 },
    /// F6: the unit has already moved in this turn.
    AlreadyMoved { unit: UnitAt },
    /// F6: a capture was made earlier in the turn, which ends it.
    CaptureEndedTurn,
    /// F6: the ordinary move is made and the unit is not invigorated.
    NotInvigorated { unit: UnitAt, side: Color },
    /// F6: a turn of several moves captures (`mv`: the capture).
    SeveralMovesCapture { mv: String },
    /// F7: at the end of the turn an unpaused enemy unit could capture the king.
    KingCapturable { side: Color, king: Option<Square>, by: Option<UnitAt> },
    /// A turn written with no move.
    EmptyTurn,
}
