//! The syntax tree of a record: what was written, with where it was written.
//!
//! Nothing here knows the rules. A turn token is syntax only; a variant resolves
//! it against a position (`rules::san`).

use super::languages::ENGLISH;
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

impl CheckMark {
    /// The mark as SAN writes it: `+` or `#`.
    #[inline]
    pub fn symbol(self) -> &'static str {
        match self {
            CheckMark::Check => "+",
            CheckMark::Mate => "#",
        }
    }
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

    /// The turn read with its leading `b` or `k` as a bishop's or king's letter
    /// ([`SanToken::as_piece_move`]), with that file, for a turn of that one move.
    /// `None` for every other turn.
    pub fn as_piece_move(&self) -> Option<(TurnToken, u8)> {
        let [part] = self.parts() else { return None };
        let TurnPart::Move { san, bounce } = &part.value else { return None };
        let (san, file) = san.as_piece_move()?;
        let turn = TurnToken::one(Spanned { value: TurnPart::Move { san, bounce: bounce.clone() }, span: part.span });
        Some((turn, file))
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
        /// The destination: a square, or a file in the pawn form `ed` (file to file).
        to: Destination,
        /// Promotion letter (`Q R B N`, also `K` for variants that allow it).
        promotion: Option<PieceLetter>,
        /// Written in plain form: the text of the move (its check mark and glyphs
        /// aside) is exactly [`SanToken::write_plain`] of the fields above, in English
        /// letters (`K Q R B N`, none for a pawn), `x` alone between the squares, `=`
        /// and an upper-case letter for a promotion, nothing more (no `e.p.`). Such a
        /// text is the canonical notation of its move exactly when the fields are the
        /// ones that notation writes, which the resolution can tell without writing it.
        /// Cleared when the letters are read in another language.
        plain: bool,
    },
}

impl SanToken {
    /// The move read with its leading `b` or `k` as a bishop's or king's letter, not a
    /// file, and that file: for a pawn move from the b- or k-file with no rank written
    /// (`bc4`, `bxc6`, `kd3`), which records typed in lower case write for a bishop or
    /// a king. `None` for every other move.
    pub fn as_piece_move(&self) -> Option<(SanToken, u8)> {
        const B_FILE: u8 = 1;
        const K_FILE: u8 = 10;
        let SanToken::Normal {
            piece: None,
            from_file: Some(file),
            from_rank: None,
            capture,
            to: to @ Destination::Square(_),
            promotion: None,
            ..
        } = *self
        else {
            return None;
        };
        let letter = match file {
            B_FILE => 'B',
            K_FILE => 'K',
            _ => return None,
        };
        let san = SanToken::Normal {
            piece: Some(letter),
            from_file: None,
            from_rank: None,
            capture,
            to,
            promotion: None,
            plain: false,
        };
        Some((san, file))
    }

    /// Whether the move was written in plain form (`plain` of [`SanToken::Normal`]).
    pub fn is_plain(&self) -> bool {
        matches!(self, SanToken::Normal { plain: true, .. })
    }

    /// Sets whether a normal move read from `text` (its check mark and glyphs aside)
    /// is in plain form: English letters (no `P`), a destination square, and `text`
    /// exactly [`SanToken::write_plain`] of the fields.
    pub(crate) fn read_plain_form(&mut self, text: &str) {
        let english = |letter: PieceLetter| letter != 'P' && ENGLISH.writes(letter);
        let fits = match *self {
            SanToken::Normal { piece, to: Destination::Square(_), promotion, .. } => {
                piece.is_none_or(english) && promotion.is_none_or(english) && {
                    let mut fields = String::with_capacity(text.len());
                    self.write_plain(&mut fields);
                    fields == text
                }
            }
            SanToken::Normal { .. } | SanToken::Castle { .. } => false,
        };
        if let SanToken::Normal { plain, .. } = self {
            *plain = fits;
        }
    }

    /// Marks the move as not in plain form: more was written than the fields say
    /// (`e.p.`), or its letters were read in another language.
    pub(crate) fn forget_plain_form(&mut self) {
        if let SanToken::Normal { plain, .. } = self {
            *plain = false;
        }
    }

    /// Appends the fields of the move in plain form: the piece letter, the source file
    /// and rank that were written, `x` for a capture, the destination (the file alone
    /// in the form `ed`) and `=` with the promotion letter; castling as `O-O` or
    /// `O-O-O`. For a move written in plain form this is its text.
    pub fn write_plain(&self, out: &mut String) {
        let SanToken::Normal { piece, from_file, from_rank, capture, to, promotion, .. } = *self else {
            out.push_str(if matches!(self, SanToken::Castle { long: true }) { "O-O-O" } else { "O-O" });
            return;
        };
        out.extend(piece);
        out.extend(from_file.map(Square::file_char));
        if let Some(rank) = from_rank {
            Square::push_rank_number(out, rank);
        }
        if capture {
            out.push('x');
        }
        out.push(Square::file_char(to.file()));
        if let Destination::Square(to) = to {
            Square::push_rank_number(out, to.rank());
        }
        if let Some(letter) = promotion {
            out.push('=');
            out.push(letter);
        }
    }
}

/// Where a written move goes. Two bytes, so that a [`SanToken`] stays at sixteen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Destination {
    /// A square (`e4`, `exd5`, `Rb10xb12`).
    Square(Square),
    /// A file alone: a pawn's capture written `ed` or `exd`.
    File(u8),
}

impl Destination {
    /// The square, unless only a file was written.
    pub fn square(self) -> Option<Square> {
        match self {
            Destination::Square(square) => Some(square),
            Destination::File(_) => None,
        }
    }

    /// The file, written or the square's.
    pub fn file(self) -> u8 {
        match self {
            Destination::Square(square) => square.file(),
            Destination::File(file) => file,
        }
    }

    /// The square when there is one, else the file alone.
    pub fn of(square: Option<Square>, file: u8) -> Destination {
        square.map_or(Destination::File(file), Destination::Square)
    }
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
