//! The syntax tree of a record: what was written, with where it was written.
//!
//! Nothing here knows the rules. A turn token is syntax only; a variant resolves
//! it against a position (`rules::san`).

use crate::geometry::Square;

pub use super::lines::{Comment, Game, LineView, PlyView};
pub use super::tag_text::TagText;

/// A byte range in the text of one game (`RawGame::text`). Offsets are kept in 32 bits
/// (a game is at most [`super::MAX_GAME_BYTES`]), so that the syntax tree stays small;
/// an offset beyond 4 GiB is kept as the largest one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    start: u32,
    end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        let narrow = |offset: usize| u32::try_from(offset).unwrap_or(u32::MAX);
        Span { start: narrow(start), end: narrow(end) }
    }

    /// The offset of the first byte.
    pub fn start(self) -> usize {
        self.start as usize
    }

    /// The offset just past the last byte.
    pub fn end(self) -> usize {
        self.end as usize
    }

    /// The spanned text of `text`, or nothing when the span is not in it.
    pub fn of(self, text: &str) -> &str {
        text.get(self.start()..self.end()).unwrap_or("")
    }
}

/// A value and the span it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

/// `[Name "value"]`. The value is unescaped (`\"` and `\\`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    pub name: Spanned<TagText>,
    pub value: Spanned<TagText>,
}

/// A written move number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    pub number: u32,
    /// `12...` (or `12…`): the next turn is Black's.
    pub black: bool,
}

/// `1-0`, `0-1`, `1/2-1/2` (also `½-½`), `*`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    Unknown,
}

impl GameResult {
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }
}

/// `+` or `#` (also `++`, read as `#`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckMark {
    Check,
    Mate,
}

/// Everything one side writes for one ply: one part for most turns; several joined by
/// `&` in a multi-move turn (F11); none for a null move (`--` or `Z0`), which passes the
/// turn. The check mark written in the token is kept on its ply ([`PlyView::check`]).
///
/// One part is kept inline, so that a plain turn costs no allocation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnToken {
    parts: Parts,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Parts {
    Null,
    One(Spanned<TurnPart>),
    Many(Box<[Spanned<TurnPart>]>),
}

impl TurnToken {
    /// A turn of these parts (none: a null move).
    pub fn new(mut parts: Vec<Spanned<TurnPart>>) -> TurnToken {
        let parts = match parts.len() {
            0 => Parts::Null,
            1 => parts.pop().map_or(Parts::Null, Parts::One),
            _ => Parts::Many(parts.into_boxed_slice()),
        };
        TurnToken { parts }
    }

    /// A turn of one part.
    pub fn one(part: Spanned<TurnPart>) -> TurnToken {
        TurnToken { parts: Parts::One(part) }
    }

    /// The parts in the order written; empty for a null move.
    pub fn parts(&self) -> &[Spanned<TurnPart>] {
        match &self.parts {
            Parts::Null => &[],
            Parts::One(part) => std::slice::from_ref(part),
            Parts::Many(parts) => parts,
        }
    }

    pub(crate) fn parts_mut(&mut self) -> &mut [Spanned<TurnPart>] {
        match &mut self.parts {
            Parts::Null => &mut [],
            Parts::One(part) => std::slice::from_mut(part),
            Parts::Many(parts) => parts,
        }
    }

    /// True for a null move (`--`, `Z0`).
    pub fn is_null(&self) -> bool {
        matches!(self.parts, Parts::Null)
    }

    /// Whether the token owns memory on the heap (several parts, a bounce, a bomb):
    /// dropping one that does not frees nothing.
    pub(crate) fn owns_heap(&self) -> bool {
        !matches!(self.parts, Parts::Null | Parts::One(Spanned { value: TurnPart::Move { bounce: None, .. }, .. }))
    }
}

/// One move of a turn, or a bomb. What is rare is boxed, so that a move stays small.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnPart {
    /// A move, with the bounce that follows it after a comma (B9).
    Move { san: SanToken, bounce: Option<Box<Spanned<BounceToken>>> },
    /// `(****)g6` or `(****)g6:h5h7g5f6` (T8).
    Bomb(Box<BombToken>),
}

/// A piece letter as written: `K Q R B N`, or `P` where a pawn is named explicitly.
pub type PieceLetter = char;

/// A move in standard or lenient algebraic notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanToken {
    /// `O-O` / `0-0` (long: `O-O-O` / `0-0-0`).
    Castle { long: bool },
    /// Everything else: `e4`, `exd5`, `ed5`, `e:d5`, `ed`, `Nbd2`, `Ng1-f3`, `e2e4`,
    /// `e8=Q`, `e8Q`, `e8(Q)`, `e8/Q`, `a1=Q` (in-place promotion, B5), `Rb10xb12`.
    Normal {
        /// `None` for a pawn move.
        piece: Option<PieceLetter>,
        /// Source file written (disambiguation, pawn capture file, long algebraic).
        from_file: Option<u8>,
        /// Source rank written (0-based).
        from_rank: Option<u8>,
        /// `x` or `:` was written.
        capture: bool,
        /// The destination square, or `None` in the pawn form `ed` (file to file).
        to: Option<Square>,
        /// The destination file of the form `ed`; equals `to`'s file when `to` is written.
        to_file: u8,
        /// Promotion letter (`Q R B N`, also `K` for variants that allow it).
        promotion: Option<PieceLetter>,
    },
}

/// The bounce after a comma (B9): `Kg8`, `g7-f8`, `g7f8`, `Kf8-g8`, `Nc6-b6`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BounceToken {
    pub piece: Option<PieceLetter>,
    pub from: Option<Square>,
    pub to: Square,
}

/// A bomb: target square and the optional list of destroyed units' squares (T8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BombToken {
    pub target: Square,
    /// `None` when no `:` list was written; the squares in the order written.
    pub destroyed: Option<Box<[Spanned<Square>]>>,
}
