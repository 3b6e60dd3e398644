//! The syntax tree of a record: what was written, with where it was written.
//!
//! Nothing here knows the rules. A turn token is syntax only; a variant resolves
//! it against a position (`rules::san`).

use crate::geometry::Square;

/// A byte range in the text of one game (`RawGame::text`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
}

/// A value and the span it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

/// One game of a record.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Game {
    /// Tag pairs in the order written.
    pub tags: Vec<Tag>,
    /// The main line.
    pub line: Line,
    /// The result token at the end of the movetext, if written.
    pub result: Option<Spanned<GameResult>>,
    /// What the reader accepted although the record should not have written it so
    /// (an unclosed tag quote): warnings, each on the text concerned.
    pub remarks: Vec<Spanned<String>>,
}

impl Game {
    /// The value of the first tag with this name (names compare case-sensitively, as PGN).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|t| t.name.value == name).map(|t| t.value.value.as_str())
    }
}

/// `[Name "value"]`. The value is unescaped (`\"` and `\\`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    pub name: Spanned<String>,
    pub value: Spanned<String>,
}

/// A sequence of plies: the main line or a variation.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Line {
    /// Comments written before the first ply of the line.
    pub comments: Vec<Spanned<String>>,
    pub plies: Vec<Ply>,
}

/// One ply as written, with what is attached to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move number written right before the turn (`12.` or `12...`), if any.
    pub number: Option<Spanned<MoveNumber>>,
    /// The turn; its span covers the whole token as written, suffixes included.
    pub turn: Spanned<TurnToken>,
    /// NAGs in the order written; suffix glyphs become NAGs 1-6 (`!` `?` `!!` `??` `!?` `?!`).
    pub nags: Vec<Spanned<u8>>,
    /// Comments after the turn (`{...}` and `;...` to the end of the line), trimmed.
    pub comments: Vec<Spanned<String>>,
    /// Variations that replace this ply: each starts in the position before it.
    pub variations: Vec<Line>,
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

/// Everything one side writes for one ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnToken {
    /// One part for most turns; several joined by `&` in a multi-move turn (F11); none
    /// for a null move (`--` or `Z0`), which passes the turn.
    pub parts: Vec<Spanned<TurnPart>>,
    /// The last check mark written anywhere in the token (`Re8+, Kg8` and `Re8, Kg8+`
    /// both give `Check`), or `None`.
    pub check: Option<CheckMark>,
}

/// One move of a turn, or a bomb.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnPart {
    /// A move, with the bounce that follows it after a comma (B9).
    Move { san: SanToken, bounce: Option<Spanned<BounceToken>> },
    /// `(****)g6` or `(****)g6:h5h7g5f6` (T8).
    Bomb(BombToken),
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
    pub destroyed: Option<Vec<Spanned<Square>>>,
}
