//! The one abstraction through which each variant supplies its rules.
//!
//! A variant decides which turns are legal, what a turn does, when the game is
//! over, and how its snapshots read and write. Everything else (SAN, replay,
//! perft, diagrams, the commands) is written once against this trait.

use super::{san, Color, Move, Outcome, Position, Role, Turn, TurnTrace};
use crate::geometry::{Square, SquareSet};
use crate::record::ast::TurnToken;
use crate::snapshot::SnapshotError;

/// A written turn resolved against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    pub turn: Turn,
    /// The turn's canonical notation, without check mark.
    pub canonical: String,
}

/// Why a written turn does not name exactly one legal turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveError {
    /// No legal turn fits; the reason in plain words ("no knight can move to e5").
    Illegal(String),
    /// Several legal turns fit: their canonical notations.
    Ambiguous(Vec<String>),
}

impl ResolveError {
    pub fn illegal(reason: impl Into<String>) -> ResolveError {
        ResolveError::Illegal(reason.into())
    }
}

/// A unit that diagrams draw marked, with a counter: Koopa's stunned units (K4);
/// Bubble Fizz's paused units fit the same shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarkedUnit {
    pub square: Square,
    pub counter: u8,
    /// The character text diagrams draw for the unit in place of its FEN letter.
    pub symbol: char,
}

/// Marked units of one kind, listed under a diagram as `label: b8 4, e5 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitMarks {
    /// What the counters mean: `stunned (plies left)`.
    pub label: &'static str,
    /// The units in reading order.
    pub units: Vec<MarkedUnit>,
}

/// Empty squares that diagrams draw with one sign, explained in the legend:
/// Tilting's craters (T3), Bubble Fizz's bubbles (F1), the squares outside
/// Bellows' active board (L4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareMarks {
    /// What the sign stands for; SVG diagrams draw each kind in its own way.
    pub kind: SquareKind,
    /// The character text diagrams draw on such an empty square.
    pub symbol: char,
    /// What the sign means, for the legend: `crater`.
    pub label: &'static str,
    pub squares: SquareSet,
}

/// What a sign on a square stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareKind {
    /// Tilting T3: a crater.
    Crater,
    /// Bubble Fizz F1: a bubble of this side, rising towards that side's up.
    Bubble(Color),
    /// Bellows L4: a square outside the active board (units there cannot move).
    Inactive,
}

/// The rules of one variant.
///
/// Required methods say what the variant *is*; provided ones are built on them and
/// may be overridden for speed or for variant-specific notation.
pub trait Variant: Send + Sync {
    /// The id used on the command line (`chess`, `tilting`, ...).
    fn id(&self) -> &'static str;

    /// The start position when a record gives no `[FEN]`.
    fn start(&self) -> Position;

    /// Reads the variant's snapshot (SPEC section 4), rejecting impossible positions.
    fn read_snapshot(&self, text: &str) -> Result<Position, SnapshotError>;

    /// Writes the variant's snapshot.
    fn write_snapshot(&self, pos: &Position) -> String;

    /// Every legal turn of the side to move.
    fn legal_turns(&self, pos: &Position, out: &mut Vec<Turn>);

    /// Plays a legal turn and returns the position after it.
    fn play(&self, pos: &Position, turn: &Turn) -> Position;

    /// Whether the side to move stands in check (always `false` in Koopa).
    fn is_check(&self, pos: &Position) -> bool;

    /// How the game stands decided on the board, if it is over.
    fn outcome(&self, pos: &Position) -> Option<Outcome>;

    /// Legal turns whose (first) move is by `role` to `to`; SAN resolution calls this,
    /// so a variant can answer it faster than by generating every turn.
    fn legal_turns_to(&self, pos: &Position, role: Option<Role>, to: Option<Square>, out: &mut Vec<Turn>) {
        self.legal_turns(pos, out);
        out.retain(|t| {
            t.moves().first().is_some_and(|m| role.is_none_or(|r| r == m.role) && to.is_none_or(|s| s == m.to))
        });
    }

    /// Whether the side to move has any legal turn.
    fn has_legal_turn(&self, pos: &Position) -> bool {
        let mut turns = Vec::new();
        self.legal_turns(pos, &mut turns);
        !turns.is_empty()
    }

    /// Why no legal move of `role` reaches `to`, when that is not simply "no such unit
    /// can get there" (a pin, a check, a crater, a pause).
    fn explain_unreachable(&self, _pos: &Position, _role: Role, _to: Option<Square>) -> Option<String> {
        None
    }

    /// Resolves a written turn against the position.
    fn resolve(&self, pos: &Position, token: &TurnToken) -> Result<Resolved, ResolveError> {
        san::resolve_single_move(self, pos, token)
    }

    /// The canonical notation of a legal turn, with its check mark.
    fn write_turn(&self, pos: &Position, turn: &Turn) -> String {
        san::write_turn(self, pos, turn)
    }

    /// Whether a turn written `written` (check marks and glyphs stripped) is in the
    /// canonical form `canonical`; any other accepted form earns an "imprecise
    /// notation" warning. Variants whose notation has parts written in any order
    /// (Tilting's capture list, T8) compare those parts as sets.
    fn is_canonical_spelling(&self, written: &str, canonical: &str) -> bool {
        san::same_text(written, canonical)
    }

    /// The notation of one move of a turn, without check mark.
    fn write_move(&self, pos: &Position, mv: &Move) -> String {
        san::write_move(self, pos, mv)
    }

    /// The en passant square when an en passant capture is legal there (FEN writes
    /// only such squares; repetition compares only such squares, O8).
    ///
    /// Most en passant squares have no pawn beside them that could take; those are
    /// answered from the board alone, and only the rest ask the variant's legality.
    fn capturable_ep_square(&self, pos: &Position) -> Option<Square> {
        let ep = pos.ep_square()?;
        if !super::movegen::en_passant_is_conceivable(pos, ep) {
            return None;
        }
        let mut turns = Vec::new();
        self.legal_turns_to(pos, Some(Role::Pawn), Some(ep), &mut turns);
        turns.iter().any(|t| t.moves().first().is_some_and(|m| m.kind == super::MoveKind::EnPassant)).then_some(ep)
    }

    /// Lines about what a turn did beyond moving its unit, for diagram captions
    /// ("the blast destroyed g5 h5"); `before` is the position the turn was played in.
    fn describe_turn(&self, _before: &Position, _turn: &Turn) -> Vec<String> {
        Vec::new()
    }

    /// The squares a turn touched, for highlighting it; `before` is the position it
    /// was played in. Variants whose turns reach beyond their moves' squares (blasts,
    /// Koopa landings and kicks) add those.
    fn trace_turn(&self, _before: &Position, turn: &Turn) -> TurnTrace {
        turn.trace()
    }

    /// Lines about the variant's own state for diagram captions ("bombs: White").
    fn describe_state(&self, _pos: &Position) -> Vec<String> {
        Vec::new()
    }

    /// Units that diagrams draw marked, with their counters (Koopa's stuns); none in
    /// most variants.
    fn unit_marks(&self, _pos: &Position) -> Vec<UnitMarks> {
        Vec::new()
    }

    /// Empty squares that diagrams draw with a sign (craters, bubbles, inactive
    /// squares); none in most variants. A square in several groups shows the first.
    fn square_marks(&self, _pos: &Position) -> Vec<SquareMarks> {
        Vec::new()
    }

    /// Whether the side to move has insufficient material to ever mate and the
    /// variant ends such games (orthodox chess only, O3).
    fn is_dead_position(&self, _pos: &Position) -> bool {
        false
    }
}
