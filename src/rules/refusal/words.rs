//! The one place where refusals become words: `Display` for every reason, shared
//! and variant-specific, so that each kind of refusal always reads the same.

use super::variant_causes::{BellowsCause, BombCause, BounceCause, BubbleCause, KoopaCause, TiltingCause};
use super::{CastlingCause, Obstacle, Refusal, Source, Target, UnitAt};
use crate::geometry::{Rect, Square};
use crate::rules::Color;
use std::fmt::{self, Display, Formatter};

impl Display for UnitAt {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "the {} on {}", self.role.name(), self.on)
    }
}

impl Display for Source {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Source::File(file) => write!(f, "on the {}-file", Square::file_char(*file)),
            Source::Rank(rank) => write!(f, "on rank {}", rank + 1),
            Source::Square(sq) => write!(f, "on {sq}"),
        }
    }
}

impl Display for Target {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Target::Square(sq) => write!(f, "{sq}"),
            Target::File(file) => write!(f, "the {}-file", Square::file_char(*file)),
        }
    }
}

/// `white`, `black`: a side as an adjective.
fn side(color: Color) -> String {
    color.name().to_lowercase()
}

/// A Bellows board: `10x10 (b2-k11)`.
struct Board(Rect);

impl Display for Board {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let rect = self.0;
        let (low, high) = (Square::at(rect.min_file, rect.min_rank), Square::at(rect.max_file, rect.max_rank));
        write!(f, "{}x{} ({low}-{high})", rect.files(), rect.ranks())
    }
}

/// Something that exists only in another variant, with the tag or flag that says the
/// game is of that variant.
fn other_variant(f: &mut Formatter<'_>, what: &str, title: &str, id: &str) -> fmt::Result {
    write!(
        f,
        "{what} exists only in {title}: if this is a game of {title}, add [Variant \"{title}\"] or pass --variant {id}"
    )
}

/// Squares in the given order, joined by `sep`.
fn squares(list: &[Square], sep: &str) -> String {
    list.iter().map(Square::to_string).collect::<Vec<_>>().join(sep)
}

fn is_or_are(list: &[String]) -> &'static str {
    if list.len() == 1 {
        "is"
    } else {
        "are"
    }
}

impl Display for Refusal {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotAPieceLetter(letter) => write!(f, "`{letter}` is not a piece letter"),
            Refusal::NotAPromotionLetter(letter) => write!(f, "`{letter}` is not a piece a pawn can promote to"),
            Refusal::OtherVariant { what, title, id } => other_variant(f, what, title, id),
            Refusal::SourceBeyondBoard { source, board } => {
                let named = match source {
                    Source::File(file) => format!("the {}-file", Square::file_char(*file)),
                    Source::Rank(rank) => format!("rank {}", rank + 1),
                    Source::Square(sq) => sq.to_string(),
                };
                let beyond = format!("{named}, beyond the {}x{} board,", board.files(), board.ranks());
                other_variant(f, &beyond, "Bellows Chess", "bellows")
            }
            Refusal::NoSuchUnit { side: color, role, source, to, own_unit_on_target, obstacle } => {
                write!(f, "no {} {}", side(*color), role.name())?;
                if let Some(source) = source {
                    write!(f, " {source}")?;
                }
                write!(f, " can move to {to}")?;
                if let Some(held) = own_unit_on_target {
                    write!(f, ", which a {} {} holds", side(*color), held.name())?;
                }
                match obstacle {
                    Some(Obstacle::PathBlocked { unit, by }) => write!(f, ": {by} blocks {unit}"),
                    Some(Obstacle::CannotMoveThatWay { unit }) => write!(f, ": {unit} does not move that way"),
                    None => Ok(()),
                }
            }
            Refusal::WrongSource { side: color, role, source, to, legal } => {
                let source = source.map(|s| s.to_string()).unwrap_or_default();
                let texts = legal.join(", ");
                write!(
                    f,
                    "no {} {} {source} can move to {to}; {texts} {} legal",
                    side(*color),
                    role.name(),
                    is_or_are(legal)
                )
            }
            Refusal::PushNotCapture { side: color, to, captures } => write!(
                f,
                "a pawn move written without its file is a push, and no {} pawn can advance to {to}; \
                 the capture {} can be played",
                side(*color),
                captures.join(", ")
            ),
            Refusal::PromotionToKing { legal } => {
                write!(f, "a pawn cannot promote to a king; {} can be played", legal.join(", "))
            }
            Refusal::NeedlessPromotion { to, legal } => {
                write!(f, "a pawn moving to {to} does not promote; write {}", legal.join(", "))
            }
            Refusal::PromotionMissing { to, legal } => {
                write!(f, "a pawn reaching {to} must promote: {}", legal.join(", "))
            }
            Refusal::KingIntoAttack { side: color, to, by } => {
                write!(f, "the {} king may not move to {to}: {by} would attack it there", side(*color))
            }
            Refusal::CheckNotAnswered { side: color, king, checker, unit, to } => write!(
                f,
                "the {} king on {king} is in check from {checker}, and the {} on {} moving to {to} does not answer it",
                side(*color),
                unit.role.name(),
                unit.on
            ),
            Refusal::EnPassantExposesKing { side: color, to, king, by } => {
                write!(f, "the en passant capture on {to} would expose the {} king on {king} to {by}", side(*color))
            }
            Refusal::Pinned { side: color, unit, to, king, by } => write!(
                f,
                "the {} on {} is pinned: moving it to {to} would expose the {} king on {king} to {by}",
                unit.role.name(),
                unit.on,
                side(*color)
            ),
            Refusal::Castling { wing, cause } => castling_words(f, wing.notation(), cause),
            Refusal::Tilting(cause) => cause.fmt(f),
            Refusal::Bouncing(cause) => cause.fmt(f),
            Refusal::Koopa(cause) => cause.fmt(f),
            Refusal::Bellows(cause) => cause.fmt(f),
            Refusal::BubbleFizz(cause) => cause.fmt(f),
        }
    }
}

fn castling_words(f: &mut Formatter<'_>, which: &str, cause: &CastlingCause) -> fmt::Result {
    match cause {
        CastlingCause::NoRight { side } => return write!(f, "{} has no right to castle {which}", side.name()),
        CastlingCause::Unexplained => return write!(f, "{which} is not legal here"),
        _ => write!(f, "{which} is not legal here: ")?,
    }
    match cause {
        CastlingCause::NoRight { .. } | CastlingCause::Unexplained => Ok(()),
        CastlingCause::KingOffRank { side: color } => {
            write!(f, "the {} king does not stand on the rook's rank", side(*color))
        }
        CastlingCause::NoRook { side: color, on } => write!(f, "no {} rook stands on {on}", side(*color)),
        CastlingCause::UnitInTheWay { unit } => write!(f, "{unit} stands in the way of king or rook"),
        CastlingCause::KingInCheck { side: color, king, by } => {
            write!(f, "the {} king on {king} is in check", side(*color))?;
            match by {
                Some(by) => write!(f, " from {by}"),
                None => Ok(()),
            }
        }
        CastlingCause::AttackedSquare { on, lands, by } => {
            let verb = if *lands { "lands on" } else { "crosses" };
            write!(f, "the king {verb} {on}, which {by} attacks")
        }
        CastlingCause::AttackedAfter { on, by } => {
            write!(f, "once king and rook stand on their new squares, {by} attacks the king on {on}")
        }
        CastlingCause::Crater { on } => write!(f, "the crater on {on} lies in the way of king or rook"),
        CastlingCause::Stunned { unit, plies } => stunned(f, unit, *plies),
        CastlingCause::SquareNotFree => f.write_str("a square the king or the rook crosses or lands on is not free"),
        CastlingCause::OffActiveBoard { on, board } => write!(
            f,
            "{on} lies outside the active board {}, and castling needs all its squares inside it",
            Board(*board)
        ),
        CastlingCause::CapturableNextPly { side, on, board } => write!(
            f,
            "{} could capture the king on {on} on its next ply, on the {} board",
            side.other().name(),
            Board(*board)
        ),
        CastlingCause::Paused { unit, turns } => paused(f, unit, *turns),
        CastlingCause::KingMovedThisTurn => f.write_str("the king may not move again this turn"),
    }
}

/// K4: "the knight on c3 is stunned (2 plies left) and cannot move".
fn stunned(f: &mut Formatter<'_>, unit: &UnitAt, plies: u8) -> fmt::Result {
    let left = if plies == 1 { "1 ply".to_string() } else { format!("{plies} plies") };
    write!(f, "{unit} is stunned ({left} left) and cannot move")
}

/// F5: "the bishop on f8 is paused for 2 more turns".
fn paused(f: &mut Formatter<'_>, unit: &UnitAt, turns: u8) -> fmt::Result {
    let more = if turns == 1 { "1 more turn".to_string() } else { format!("{turns} more turns") };
    write!(f, "{unit} is paused for {more}")
}

impl Display for TiltingCause {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            TiltingCause::Bomb { side: color, target, cause } => bomb_words(f, *color, *target, *cause),
            TiltingCause::ListedTwice { square, target } => {
                write!(f, "{square} is listed twice among the units the blast on {target} destroys")
            }
            TiltingCause::WrongList { target, destroys, listed, missing, extra } => {
                let destroys = if destroys.is_empty() { "nothing".to_string() } else { squares(destroys, " ") };
                let mut details = Vec::new();
                if !missing.is_empty() {
                    details.push(format!("missing {}", squares(missing, " ")));
                }
                if !extra.is_empty() {
                    details.push(format!("extra {}", squares(extra, " ")));
                }
                write!(
                    f,
                    "the blast on {target} destroys {destroys}; the record lists {} ({})",
                    squares(listed, " "),
                    details.join("; ")
                )
            }
            TiltingCause::CraterTarget { to } => write!(f, "{to} is a crater; no unit may end a move there"),
            TiltingCause::CraterInTheWay { unit, to, crater } => {
                write!(f, "{unit} cannot reach {to}: the crater on {crater} is in the way")
            }
        }
    }
}

fn bomb_words(f: &mut Formatter<'_>, color: Color, target: Square, cause: BombCause) -> fmt::Result {
    match cause {
        BombCause::GameOver => f.write_str("the game is over: a king has been destroyed"),
        BombCause::AlreadyUsed => write!(f, "{} has already used its bomb; each side has one per game", color.name()),
        BombCause::TooFewUnits { count, needed } => {
            write!(f, "a bomb needs at least {needed} units on the board; there are only {count}")
        }
        BombCause::OffBoard => write!(f, "{target} is not a square of the board"),
        BombCause::OutOfReach { first_rank, last_rank } => write!(
            f,
            "{}'s bomb must go off on ranks {}-{}; {target} is on rank {}",
            color.name(),
            first_rank + 1,
            last_rank + 1,
            target.rank() + 1
        ),
        BombCause::OnlyOwnKing => write!(
            f,
            "the blast on {target} would destroy the {} king but not the {} king",
            side(color),
            side(color.other())
        ),
        BombCause::LeavesKingInCheck => write!(f, "the blast on {target} leaves the {} king in check", side(color)),
    }
}

impl Display for BounceCause {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            BounceCause::AfterCastling => f.write_str("castling cannot be followed by a bounce"),
            BounceCause::BouncesItself { on } => write!(f, "the moved unit on {on} cannot bounce itself"),
            BounceCause::NotAdjacent { from, lands } => {
                write!(f, "{from} is not next to {lands}, where the moved unit stands, so it cannot be bounced")
            }
            BounceCause::NoNeighbourFor { lands, to } => {
                write!(f, "no unit stands next to {lands} that could bounce to {to}")
            }
            BounceCause::NoUnitOn { from } => write!(f, "no unit stands on {from} to be bounced"),
            BounceCause::WrongPiece { from, unit, named } => {
                write!(f, "the unit on {from} is a {unit}, not a {}", named.map_or("piece", |r| r.name()))
            }
            BounceCause::OffBoard { from, lands } => {
                write!(f, "the bounce would go off the board: a unit on {from} bounced by {lands} would leave it")
            }
            BounceCause::GoesElsewhere { from, lands, dest, to, dest_occupied } => {
                write!(f, "a unit on {from} bounced by {lands} goes to {dest}, not {to}")?;
                if *dest_occupied {
                    write!(f, " (and {dest} is occupied, so it cannot be bounced at all)")?;
                }
                Ok(())
            }
            BounceCause::Blocked { from, dest } => write!(f, "the bounce {from}-{dest} is blocked: {dest} is occupied"),
            BounceCause::BounceLeavesCheck { side: color, bounce, mv } => {
                write!(f, "the bounce {bounce} after {mv} would leave the {} king in check", side(*color))
            }
            BounceCause::NeedsBounce { side: color, mv, options } => {
                let options: Vec<String> = options.iter().map(|o| format!("`{o}`")).collect();
                write!(
                    f,
                    "without a bounce {mv} would leave the {} king in check; legal with a bounce: {}",
                    side(*color),
                    options.join(" or ")
                )
            }
            BounceCause::CheckNotEnded { side: color, unit, to } => write!(
                f,
                "the {} king is in check, and {unit} moving to {to} does not end it, with or without a bounce",
                side(*color)
            ),
            BounceCause::LeavesKingInCheck { side: color, unit, to } => write!(
                f,
                "{unit} cannot move to {to}: with or without a bounce it would leave the {} king in check",
                side(*color)
            ),
        }
    }
}

impl Display for KoopaCause {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            KoopaCause::OwnUnitOnTarget { on, piece } => {
                write!(f, "{on} holds a {piece}, and only enemy units can be captured")
            }
            KoopaCause::KickLosesKing { unit, to, side: color, king } => write!(
                f,
                "{unit} cannot take {to}: the kick would take the {} king on {king} off the board",
                side(*color)
            ),
            KoopaCause::KingBouncesOff { side: color, from, to } => {
                write!(f, "the {} king on {from} cannot take {to}: it would bounce off the board", side(*color))
            }
            KoopaCause::Stunned { unit, plies } => stunned(f, unit, *plies),
            KoopaCause::LandingWritten { on, role, capture } => write!(
                f,
                "{on} is where the {} lands after {}; a capture is written with the square it strikes",
                role.name(),
                capture.join(", ")
            ),
            KoopaCause::NoPromotionThere { capture, end } => {
                write!(f, "after {} the pawn ", capture.join(", "))?;
                match end {
                    Some(sq) => write!(f, "ends on {sq}")?,
                    None => f.write_str("runs off the board")?,
                }
                f.write_str(", not on its last rank, so it cannot promote")
            }
        }
    }
}

impl Display for BellowsCause {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            BellowsCause::CheckNotEnded { side: color, unit, to, next } => write!(
                f,
                "the {} king is in check ({} could capture it on its next ply, on the {} board), and {} {} to {to} \
                 does not end the check",
                side(*color),
                color.other().name(),
                Board(*next),
                unit.role.name(),
                unit.on
            ),
            BellowsCause::LeavesKingCapturable { side: color, unit, to, next } => write!(
                f,
                "{unit} cannot move to {to}: {} could then capture the {} king on its next ply, on the {} board",
                color.other().name(),
                side(*color),
                Board(*next)
            ),
            BellowsCause::TargetOffBoard { to, active } => {
                write!(f, "{to} lies outside the active board {}: no unit may move there this ply", Board(*active))
            }
            BellowsCause::UnitOffBoard { unit, active } => {
                write!(f, "{unit} stands outside the active board {} and may not move this ply", Board(*active))
            }
        }
    }
}

impl Display for BubbleCause {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            BubbleCause::Paused { unit, turns } => paused(f, unit, *turns),
            BubbleCause::AlreadyMoved { unit } => write!(f, "{unit} has already moved this turn"),
            BubbleCause::CaptureEndedTurn => {
                f.write_str("a capture ends the turn: a turn of several moves may not capture")
            }
            BubbleCause::NotInvigorated { unit, side } => {
                write!(f, "{unit} is not invigorated, and {} has already made its ordinary move this turn", side.name())
            }
            BubbleCause::SeveralMovesCapture { mv } => write!(f, "a turn of several moves may not capture: {mv}"),
            BubbleCause::KingCapturable { side: color, king, by } => {
                let king = king.map(|k| k.to_string()).unwrap_or_default();
                write!(f, "after this turn the {} king on {king} could be captured", side(*color))?;
                match by {
                    Some(by) => write!(f, " by {by}"),
                    None => Ok(()),
                }
            }
            BubbleCause::EmptyTurn => f.write_str("a turn needs at least one move"),
        }
    }
}
