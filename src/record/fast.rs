//! A fast path in front of the grammar for the tokens most records are made of: plain
//! moves in English letters (`Nbd7`, `exd5`, `e8=Q+`, `O-O`), move numbers (`12.`,
//! `12...`), results, NAGs and `{}` comments (these read in [`super::movetext`] by the
//! grammar's own reader), a bounce written the canonical way after its move
//! (`Re8, Kg8+`, `Bh6, g7-f8`), plain moves joined the canonical way by ` & `
//! (`Nf3 & Bd3+`) and a bomb (`(****)g6:h7f6g5h5`, read by [`super::fast_bomb`]). Each
//! reader here looks at bytes only and builds exactly the value the grammar's rule would
//! build; whenever a token holds anything else (a figurine, another language's letter, a
//! dash other than `-`, a bounce or a `&` in another form or spacing, a check mark before
//! `&`, `e.p.`, a null move, an error of any kind) it answers `None`, and the grammar
//! reads the token instead.
//! [`super::movetext::element`] (with [`super::movetext::fast_elements`]) is the one
//! place that decides which path a token takes.

use super::ast::{
    BounceToken, CheckMark, Destination, GameResult, MoveNumber, PieceLetter, SanToken, Span, Spanned, TurnPart,
    TurnToken,
};
use super::fast_bomb::bomb;
use super::lex::{at_token_end, skip};
use super::lines::Ply;
use crate::geometry::Square;

/// The byte at `i`, if any.
fn at(bytes: &[u8], i: usize) -> Option<u8> {
    bytes.get(i).copied()
}

/// A file letter (`a` to `l`), 0-based.
fn file(byte: Option<u8>) -> Option<u8> {
    match byte {
        Some(letter @ b'a'..=b'l') => Some(letter - b'a'),
        _ => None,
    }
}

/// A rank of one or two digits at `i`, 0-based, and its length (as `san::rank` reads it).
fn rank(bytes: &[u8], i: usize) -> Option<(u8, usize)> {
    match (at(bytes, i), at(bytes, i + 1)) {
        (Some(b'1'), Some(second @ b'0'..=b'2')) => Some((9 + second - b'0', 2)),
        (Some(digit @ b'1'..=b'9'), _) => Some((digit - b'1', 1)),
        _ => None,
    }
}

/// An English piece letter (`K Q R B N P`). Other upper-case letters (another
/// language's) are the grammar's, so that every ply the fast path reads is in English.
fn piece_letter(byte: Option<u8>) -> Option<PieceLetter> {
    match byte {
        Some(letter @ (b'K' | b'Q' | b'R' | b'B' | b'N' | b'P')) => Some(char::from(letter)),
        _ => None,
    }
}

/// What the fast path cannot read for sure: a byte that may start a figurine or a dash.
fn is_wide(byte: Option<u8>) -> bool {
    byte.is_some_and(|b| b >= 0x80)
}

/// True when the text from `i` on may end a token, or holds what may follow a move inside
/// its token (a check mark, a glyph, a bounce's comma or a `&`).
fn may_follow_move(bytes: &[u8], i: usize) -> bool {
    match at(bytes, i) {
        None => true,
        Some(b'+' | b'#' | b'!' | b'?' | b',' | b'&') => true,
        Some(byte) => super::lex::is_delimiter(byte),
    }
}

/// A promotion letter after `=`, `/` or `(`: lower case `q r b n k` is read as upper case.
/// `Err` when the grammar must decide (a figurine).
fn promotion_letter(byte: Option<u8>) -> Result<Option<PieceLetter>, ()> {
    match byte {
        Some(letter @ (b'q' | b'r' | b'b' | b'n' | b'k')) => Ok(Some(char::from(letter.to_ascii_uppercase()))),
        _ if is_wide(byte) => Err(()),
        _ => Ok(piece_letter(byte)),
    }
}

/// The promotion written at `i` (`=Q`, `/Q`, `(Q)`, `Q`) and its length, as `san::promotion`
/// reads it; `Err` when the grammar must decide.
#[allow(clippy::inline_always, reason = "read for every move: see `plain_move`")]
#[inline(always)]
fn promotion(bytes: &[u8], i: usize) -> Result<Option<(PieceLetter, usize)>, ()> {
    let first = at(bytes, i);
    match first {
        Some(b'=' | b'/') => {
            if let Some(letter) = promotion_letter(at(bytes, i + 1))? {
                return Ok(Some((letter, 2)));
            }
        }
        Some(b'(') => {
            if let Some(letter) = promotion_letter(at(bytes, i + 1))? {
                if at(bytes, i + 2) == Some(b')') {
                    return Ok(Some((letter, 3)));
                }
            }
        }
        _ if is_wide(first) => return Err(()),
        _ => {}
    }
    Ok(piece_letter(first).map(|letter| (letter, 1)))
}

/// A normal move (not castling) from the start of `bytes`, as `san::normal` reads it, and
/// its length.
#[allow(clippy::inline_always, reason = "read for every turn: see `plain_move`")]
#[inline(always)]
fn normal(bytes: &[u8]) -> Option<(SanToken, usize)> {
    if is_wide(at(bytes, 0)) {
        return None;
    }
    let piece = piece_letter(at(bytes, 0));
    let mut i = usize::from(piece.is_some());
    let pawn = matches!(piece, None | Some('P'));
    let first_file = file(at(bytes, i));
    i += usize::from(first_file.is_some());
    let first_rank = rank(bytes, i).map(|(rank, len)| {
        i += len;
        rank
    });
    let separator_byte = at(bytes, i);
    let separator = match separator_byte {
        Some(b'x' | b':') => Some(true),
        Some(b'-') => Some(false),
        _ => None,
    };
    i += usize::from(separator.is_some());
    let second_file = file(at(bytes, i));
    i += usize::from(second_file.is_some());
    let second_rank = match second_file {
        Some(_) => rank(bytes, i).map(|(rank, len)| {
            i += len;
            rank
        }),
        None => None,
    };
    let capture = separator.unwrap_or(false);
    let (from_file, from_rank, capture, to) = match (second_file, second_rank, first_file, first_rank) {
        (Some(to_file), Some(to_rank), _, _) => {
            (first_file, first_rank, capture, Destination::of(Square::new(to_file, to_rank), to_file))
        }
        // `ch` is the check mark in words (`Qxf7 ch`), the grammar's: no pawn captures
        // from the c-file onto the h-file.
        (Some(to_file), None, Some(from_file), None)
            if pawn && separator != Some(false) && !(separator.is_none() && (from_file, to_file) == (2, 7)) =>
        {
            (Some(from_file), None, capture, Destination::File(to_file))
        }
        (None, _, Some(to_file), Some(to_rank)) if separator.is_none() => {
            (None, None, false, Destination::of(Square::new(to_file, to_rank), to_file))
        }
        _ => return None,
    };
    let to_square = matches!(to, Destination::Square(_));
    let square_to_square = from_file.is_some() && from_rank.is_some() && to_square;
    // Plain form (see `SanToken::Normal`): no `P`, no `:` or `-`, a destination square,
    // and a promotion only as `=` with an upper-case letter.
    let mut plain = at(bytes, 0) != Some(b'P') && !matches!(separator_byte, Some(b':' | b'-')) && to_square;
    let promotion = match promotion(bytes, i).ok()? {
        Some((letter, len)) => {
            plain &= at(bytes, i) == Some(b'=') && at(bytes, i + 1).is_some_and(|b| b.is_ascii_uppercase());
            plain &= letter != 'P';
            i += len;
            Some(letter)
        }
        None if square_to_square => match at(bytes, i) {
            Some(letter @ (b'q' | b'r' | b'b' | b'n' | b'k')) if may_follow_move(bytes, i + 1) => {
                i += 1;
                plain = false;
                Some(char::from(letter.to_ascii_uppercase()))
            }
            _ => None,
        },
        None => None,
    };
    Some((SanToken::Normal { piece, from_file, from_rank, capture, to, promotion, plain }, i))
}

/// Castling with the letter `O` and plain hyphens (`O-O`, `O-O-O`), and its length.
fn castle(bytes: &[u8]) -> Option<(SanToken, usize)> {
    if !bytes.starts_with(b"O-O") {
        return None;
    }
    match (at(bytes, 3), at(bytes, 4)) {
        (Some(b'-'), Some(b'O')) => Some((SanToken::Castle { long: true }, 5)),
        (third, _) if is_wide(third) => None,
        _ => Some((SanToken::Castle { long: false }, 3)),
    }
}

/// The check mark at `i` and its length.
fn check_mark(bytes: &[u8], i: usize) -> (Option<CheckMark>, usize) {
    match (at(bytes, i), at(bytes, i + 1)) {
        (Some(b'+'), Some(b'+')) => (Some(CheckMark::Mate), 2),
        (Some(b'+'), _) => (Some(CheckMark::Check), 1),
        (Some(b'#'), _) => (Some(CheckMark::Mate), 1),
        _ => (None, 0),
    }
}

/// The suffix glyph at `i` of `bytes` as its NAG, and its length.
fn glyph(bytes: &[u8], i: usize) -> Option<(u8, usize)> {
    match (at(bytes, i), at(bytes, i + 1)) {
        (Some(b'!'), Some(b'!')) => Some((3, 2)),
        (Some(b'?'), Some(b'?')) => Some((4, 2)),
        (Some(b'!'), Some(b'?')) => Some((5, 2)),
        (Some(b'?'), Some(b'!')) => Some((6, 2)),
        (Some(b'!'), _) => Some((1, 1)),
        (Some(b'?'), _) => Some((2, 1)),
        _ => None,
    }
}

/// True when what follows the move at `i`, past white space, would make the grammar read
/// on within the token: a bounce's comma, a `&`, or (after a pawn's move) `e.p.` or `ep`.
fn reads_on(bytes: &[u8], i: usize, pawn: bool) -> bool {
    let after = bytes.get(i..).unwrap_or(&[]);
    let Some(next) = after.iter().position(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n')) else { return false };
    let rest = after.get(next..).unwrap_or(&[]);
    match rest.first() {
        Some(b',' | b'&') => true,
        Some(b'e') => pawn && (rest.starts_with(b"e.p.") || rest.starts_with(b"ep")),
        _ => false,
    }
}

/// A square at `i` (`e4`, `k11`), as `san::square` reads it, and its length.
pub(super) fn square(bytes: &[u8], i: usize) -> Option<(Square, usize)> {
    let file = file(at(bytes, i))?;
    let (rank, len) = rank(bytes, i + 1)?;
    Some((Square::new(file, rank)?, 1 + len))
}

/// A bounce written the canonical way right after its move (B9): a comma, one space,
/// then a piece letter and the destination (`, Kg8`) or a pawn's from-to (`, g7-f8`).
/// Its token, where it starts and where it ends; `None` for any other spacing or form,
/// which the grammar reads.
fn canonical_bounce(bytes: &[u8], i: usize) -> Option<(BounceToken, usize, usize)> {
    if at(bytes, i) != Some(b',') || at(bytes, i + 1) != Some(b' ') {
        return None;
    }
    let begin = i + 2;
    let piece = piece_letter(at(bytes, begin));
    let (first, len) = square(bytes, begin + usize::from(piece.is_some()))?;
    let mut end = begin + usize::from(piece.is_some()) + len;
    let token = if piece.is_some() {
        BounceToken { piece, from: None, to: first }
    } else {
        if at(bytes, end) != Some(b'-') {
            return None;
        }
        let (to, len) = square(bytes, end + 1)?;
        end += 1 + len;
        BounceToken { piece: None, from: Some(first), to }
    };
    // A bounce that reads on (`Kf8-g8`, `g7f8`) is the grammar's.
    if matches!(at(bytes, end), Some(b'-' | b'0'..=b'9' | b'a'..=b'l')) {
        return None;
    }
    Some((token, begin, end))
}

/// The first part of a turn at the start of `bytes`, a suffix of a text that starts
/// `start` bytes before it: a plain move with its check mark and a canonical bounce, or
/// a bomb with its check mark. Also where it ends, its check mark, and whether `e.p.`
/// may follow it (a pawn's move without a bounce). Inlined in [`turn`]: out of line,
/// passing its answer back cost some 30 instructions a turn.
#[allow(clippy::inline_always, reason = "read for every turn; see the doc comment")]
#[inline(always)]
fn first_part(bytes: &[u8], start: usize) -> Option<(Spanned<TurnPart>, usize, Option<CheckMark>, bool)> {
    if at(bytes, 0) == Some(b'(') {
        let (bomb, end) = bomb(bytes, start)?;
        let (check, len) = check_mark(bytes, end);
        return Some((Spanned { value: bomb, span: Span::new(start, start + end + len) }, end + len, check, false));
    }
    let (san, mut i) = plain_move(bytes)?;
    let pawn = is_pawn(&san);
    let (mut check, len) = check_mark(bytes, i);
    i += len;
    let mut bounce = None;
    if at(bytes, i) == Some(b',') {
        let (token, begin, end) = canonical_bounce(bytes, i)?;
        bounce = Some(Box::new(Spanned { value: token, span: Span::new(start + begin, start + end) }));
        let (mark, len) = check_mark(bytes, end);
        check = mark.or(check);
        i = end + len;
    }
    let en_passant = pawn && bounce.is_none();
    Some((Spanned { value: TurnPart::Move { san, bounce }, span: Span::new(start, start + i) }, i, check, en_passant))
}

/// Castling or a normal move at the start of `bytes`, and its length. Inlined with the
/// reader of normal moves at both its calls: out of line, a turn of one move took some 40
/// instructions more.
#[allow(clippy::inline_always, reason = "read for every turn; see the doc comment")]
#[inline(always)]
fn plain_move(bytes: &[u8]) -> Option<(SanToken, usize)> {
    match at(bytes, 0) {
        Some(b'O') => castle(bytes),
        _ => normal(bytes),
    }
}

/// True for a pawn's move (no piece letter, or `P`).
fn is_pawn(san: &SanToken) -> bool {
    matches!(san, SanToken::Normal { piece: None | Some('P'), .. })
}

/// The joint between the parts of a Bubble Fizz turn, written the canonical way.
const JOINT: &[u8] = b" & ";

/// True when the joint of two parts starts at `i`. Its `&` is looked at first: after
/// most moves a space follows, then no `&`.
fn joint_at(bytes: &[u8], i: usize) -> bool {
    at(bytes, i + 1) == Some(b'&') && bytes.get(i..i + JOINT.len()) == Some(JOINT)
}

/// How many parts a turn has whose first part ends at `i`, as far as the bytes tell: one,
/// and one more for each joint after a run of bytes that holds no delimiter. Room is made
/// for as many; a turn that reads otherwise is still read right.
fn count_parts(bytes: &[u8], mut i: usize) -> usize {
    let mut parts = 1;
    while joint_at(bytes, i) {
        parts += 1;
        i += JOINT.len();
        match bytes.get(i..).and_then(|rest| rest.iter().position(|&b| super::lex::is_delimiter(b))) {
            Some(len) => i += len,
            None => break,
        }
    }
    parts
}

/// The parts of a turn whose `first` part, a plain move without a check mark, ends at
/// `i` where a joint follows: the plain moves after each joint, until one that has a
/// check mark or no joint after it. Also where the last ends, its check mark, and whether
/// `e.p.` may follow it. Kept out of line, so that the turn of one move stays lean.
#[inline(never)]
fn more_parts(
    bytes: &[u8],
    start: usize,
    first: Spanned<TurnPart>,
    mut i: usize,
) -> Option<(TurnToken, usize, Option<CheckMark>, bool)> {
    let mut parts = Vec::with_capacity(count_parts(bytes, i));
    parts.push(first);
    let (mut check, mut en_passant) = (None, false);
    while check.is_none() && joint_at(bytes, i) {
        let begin = i + JOINT.len();
        let (san, len) = plain_move(bytes.get(begin..)?)?;
        let (mark, mark_len) = check_mark(bytes, begin + len);
        en_passant = is_pawn(&san);
        check = mark;
        i = begin + len + mark_len;
        parts.push(Spanned { value: TurnPart::Move { san, bounce: None }, span: Span::new(start + begin, start + i) });
    }
    Some((TurnToken::new(parts), i, check, en_passant))
}

/// A turn at the start of `token`, a suffix of a text of `text_len` bytes, written the
/// canonical way: one plain move (with a bounce written canonically after it), a bomb,
/// or plain moves joined by ` & ` with a check mark only after the last (`Nf3 & Bd3+`),
/// then suffix glyphs. The ply `turn::turn_token` reads (its move number left for the
/// line to fill in) goes to `store`, whose answer comes back with the text after the
/// token and the text from its glyphs on if it has any (for [`glyphs`]); `None` (and
/// nothing stored) lets the grammar decide.
///
/// The ply is handed to `store` rather than returned: returned, it was copied whole
/// twice on its way to the line, each copy reading bytes just written in other sizes,
/// which the processor cannot forward (a stall on most plies of a record).
#[allow(clippy::inline_always, reason = "one call for most tokens: the ply is built where it is stored")]
#[inline(always)]
pub(crate) fn turn<T>(token: &str, text_len: usize, store: impl FnOnce(Ply) -> T) -> Option<(&str, T, Option<&str>)> {
    let bytes = token.as_bytes();
    let start = text_len.checked_sub(token.len())?;
    let (first, mut i, mut check, mut en_passant) = first_part(bytes, start)?;
    let plain = matches!(first.value, TurnPart::Move { bounce: None, .. });
    let turn_token = if joint_at(bytes, i) && check.is_none() && plain {
        let (parts, end, mark, pawn) = more_parts(bytes, start, first, i)?;
        (i, check, en_passant) = (end, mark, pawn);
        parts
    } else {
        TurnToken::one(first)
    };
    // A bounce after a later part, a mark before a joint, a joint in another spacing or
    // `e.p.`: the grammar's.
    if reads_on(bytes, i, en_passant) {
        return None;
    }
    let move_end = i;
    while let Some((_, len)) = glyph(bytes, i) {
        i += len;
    }
    let rest = token.get(i..)?;
    if !at_token_end(rest) {
        return None;
    }
    let glyphs = if i > move_end { token.get(move_end..) } else { None };
    Some((rest, store(Ply::new(turn_token, Span::new(start, start + i), check)), glyphs))
}

/// Whether `text` is one whole turn the fast path reads (a plain move in English, with
/// its check mark and glyphs), and nothing else: for the parser's hints and remarks
/// about moves written where they are not read.
pub(crate) fn is_whole_turn(text: &str) -> bool {
    turn(text, text.len(), |_| ()).is_some_and(|(rest, (), _)| rest.is_empty())
}

/// The suffix glyphs that start `text` (a suffix of a text of `text_len` bytes), each as
/// its NAG and its span.
pub(crate) fn glyphs(text: &str, text_len: usize) -> impl Iterator<Item = Spanned<u8>> + '_ {
    let (bytes, start) = (text.as_bytes(), text_len - text.len());
    let mut i = 0;
    std::iter::from_fn(move || {
        let (nag, len) = glyph(bytes, i)?;
        i += len;
        Some(Spanned { value: nag, span: Span::new(start + i - len, start + i) })
    })
}

/// A move number of plain digits and dots (`12.`, `12...`), as `movetext::move_number`
/// reads it, and the text after it; `None` for any other form (`12 .`, `12…`, a number
/// that starts with `0` or is too long). Inlined where the fast path reads a token: a
/// move number comes with nearly every other turn.
#[allow(clippy::inline_always, reason = "read for every other turn; see the doc comment")]
#[inline(always)]
pub(crate) fn move_number(token: &str) -> Option<(&str, MoveNumber)> {
    let bytes = token.as_bytes();
    if !matches!(at(bytes, 0), Some(b'1'..=b'9')) {
        return None;
    }
    // The digits and their value in one pass; ten digits are already too many.
    let (mut digits, mut number) = (0, 0u32);
    while let Some(digit @ b'0'..=b'9') = at(bytes, digits) {
        if digits == 9 {
            return None;
        }
        number = number * 10 + u32::from(digit - b'0');
        digits += 1;
    }
    let dots = bytes.get(digits..)?.iter().take_while(|&&b| b == b'.').count();
    if dots == 0 || is_wide(at(bytes, digits + dots)) {
        return None;
    }
    Some((skip(token, digits + dots), MoveNumber { number, black: dots > 1 }))
}

/// A result written the standard way (`1-0`, `0-1`, `1/2-1/2`, `*`) and standing alone.
pub(crate) fn result(token: &str) -> Option<(&str, GameResult)> {
    let (len, result) = match token.as_bytes() {
        [b'*', ..] => (1, GameResult::Unknown),
        [b'1', b'-', b'0', ..] => (3, GameResult::WhiteWins),
        [b'0', b'-', b'1', ..] => (3, GameResult::BlackWins),
        [b'1', b'/', b'2', b'-', b'1', b'/', b'2', ..] => (7, GameResult::Draw),
        _ => return None,
    };
    let rest = skip(token, len);
    at_token_end(rest).then_some((rest, result))
}

/// A NAG of one to three digits, `$0` to `$255`.
pub(crate) fn nag(token: &str) -> Option<(&str, u8)> {
    let digits = token.as_bytes().get(1..)?.iter().take_while(|b| b.is_ascii_digit()).count();
    if !token.starts_with('$') || digits == 0 || digits > 3 {
        return None;
    }
    let value = token.as_bytes().get(1..=digits)?.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
    Some((skip(token, 1 + digits), u8::try_from(value).ok()?))
}
