//! The turn token: everything one side writes for its ply. One or more parts joined by
//! `&` (F11); a part is a move with an optional bounce after a comma (B9) or a bomb (T8);
//! check marks may follow each of them, suffix glyphs follow the whole turn.
//!
//! The rules here read plain `&str`. While they run, spans are counted back from the end
//! of the text (every input is a suffix of it); [`turn_token`] turns them into offsets.

use nom::bytes::complete::tag;
use nom::character::complete::char;
use nom::combinator::{cut, opt};
use nom::error::context;
use nom::multi::many1;
use nom::sequence::preceded;
use nom::Parser;

use super::ast::{BombToken, BounceToken, CheckMark, Destination, SanToken, Span, Spanned, TurnPart, TurnToken};
use super::error::{Problem, SyntaxError, NOT_A_MOVE};
use super::lex::{at_token_end, blank, first_byte, is_delimiter, no_match, peek_after_blank, skip, TResult};
use super::san::{is_pawn_move, numeric, piece_letter, san, square};
use crate::geometry::Square;

/// A value whose span is counted from the end of the text: `start` and `end` are the
/// numbers of bytes from there to the end. [`anchor`] makes offsets of them.
fn mark<T>(value: T, start: &str, rest: &str) -> Spanned<T> {
    Spanned { value, span: Span::new(start.len(), rest.len()) }
}

// check_mark = "++" | "+" | "#" ;
/// `+`, `#`, or `++` (read as mate).
pub(crate) fn check_mark(input: &str) -> TResult<'_, CheckMark> {
    let bytes = input.as_bytes();
    match (bytes.first(), bytes.get(1)) {
        (Some(b'+'), Some(b'+')) => Ok((skip(input, 2), CheckMark::Mate)),
        (Some(b'+'), _) => Ok((skip(input, 1), CheckMark::Check)),
        (Some(b'#'), _) => Ok((skip(input, 1), CheckMark::Mate)),
        _ => no_match(input),
    }
}

// mark_word = ( "ch" | "check" | "mate" | "checkmate" ) ;   (* any case; then the token's end or a glyph *)
/// A check mark written as an English word, as older books and hand-typed records do,
/// glued to its move or apart (`Qxf7ch`, `Qh4 mate`, `Qh4 Mate`): `ch` and `check` for
/// `+`, `mate` and `checkmate` for `#`, in any case. No move is written so: `ch` would
/// be a pawn's capture from the c-file onto the h-file, which no pawn can make.
pub(crate) fn mark_word(input: &str) -> TResult<'_, CheckMark> {
    const WORDS: [(&str, CheckMark); 4] = [
        ("checkmate", CheckMark::Mate),
        ("check", CheckMark::Check),
        ("ch", CheckMark::Check),
        ("mate", CheckMark::Mate),
    ];
    for (word, mark) in WORDS {
        if input.get(..word.len()).is_some_and(|written| written.eq_ignore_ascii_case(word)) {
            let rest = skip(input, word.len());
            if at_token_end(rest) || rest.starts_with(['!', '?']) {
                return Ok((rest, mark));
            }
        }
    }
    no_match(input)
}

// glyph = "!!" | "??" | "!?" | "?!" | "!" | "?" ;
/// A suffix glyph, as the NAG it stands for (1 to 6).
pub(crate) fn glyph(input: &str) -> TResult<'_, u8> {
    let bytes = input.as_bytes();
    let (len, nag) = match (bytes.first(), bytes.get(1)) {
        (Some(b'!'), Some(b'!')) => (2, 3),
        (Some(b'?'), Some(b'?')) => (2, 4),
        (Some(b'!'), Some(b'?')) => (2, 5),
        (Some(b'?'), Some(b'!')) => (2, 6),
        (Some(b'!'), _) => (1, 1),
        (Some(b'?'), _) => (1, 2),
        _ => return no_match(input),
    };
    Ok((skip(input, len), nag))
}

/// The evaluation symbols [`evaluation`] reads, each with its NAG.
const EVALUATIONS: [(&str, u8); 18] = [
    ("=", 10),
    ("\u{221e}", 13),
    ("+=", 14),
    ("+/=", 14),
    ("\u{2a72}", 14),
    ("=+", 15),
    ("=/+", 15),
    ("\u{2a71}", 15),
    ("\u{b1}", 16),
    ("+/-", 16),
    ("\u{2213}", 17),
    ("-/+", 17),
    ("+-", 18),
    ("+\u{2212}", 18),
    ("-+", 19),
    ("\u{2212}+", 19),
    ("=/\u{221e}", 44),
    ("\u{25a1}", 7),
];

// evaluation = "=" | "∞" | "+=" | "+/=" | "⩲" | "=+" | "=/+" | "⩱" | "±" | "+/-" | "∓" | "-/+"
//            | "+-" | "-+" | "=/∞" | "□" ;   (* a token of its own *)
/// An evaluation symbol written as a token of its own, as books and annotated records
/// write them after a move (`13. Bb5 ±`), as the NAG that stands for it (PGN's table:
/// `=` is $10, `±` $16, `+-` $18, `□` $7, ...). None of them is a move or a number.
/// Tried only on a token whose first character may start one ([`starts_evaluation`]).
pub(crate) fn evaluation(input: &str) -> TResult<'_, u8> {
    EVALUATIONS
        .iter()
        .find_map(|&(symbol, nag)| input.strip_prefix(symbol).filter(|rest| at_token_end(rest)).map(|rest| (rest, nag)))
        .map_or_else(|| no_match(input), Ok)
}

/// Whether an evaluation symbol ([`evaluation`]) may start with `first`: asked of every
/// token the grammar reads, before the symbols are, so that moves pay one comparison.
pub(crate) fn starts_evaluation(first: char) -> bool {
    matches!(first, '=' | '+' | '-' | '±' | '∓' | '∞' | '⩲' | '⩱' | '−' | '□')
}

// en_passant = "e.p." | "ep" ;
/// The en passant remark after a pawn capture; it carries no meaning.
fn en_passant(input: &str) -> TResult<'_, ()> {
    if let Some(rest) = input.strip_prefix("e.p.").or_else(|| input.strip_prefix("ep")) {
        return Ok((rest, ()));
    }
    no_match(input)
}

// bounce = numeric | [ piece_letter ] , square , [ [ "-" ] , square ] ;
/// What follows a bounce's comma: `Kg8`, `g7-f8`, `g7f8`, `Kf8-g8`, `Nc6-b6`, or the
/// bounce in ICCF numeric notation (`6878`).
fn bounce(input: &str) -> TResult<'_, Box<Spanned<BounceToken>>> {
    if let Ok((
        rest,
        SanToken::Normal {
            from_file: Some(file),
            from_rank: Some(rank),
            to: Destination::Square(to),
            promotion: None,
            ..
        },
    )) = numeric(input)
    {
        let token = BounceToken { piece: None, from: Square::new(file, rank), to };
        return Ok((rest, Box::new(mark(token, input, rest))));
    }
    let (rest, (piece, first, second)) =
        (opt(piece_letter), square, opt(preceded(opt(char('-')), square))).parse(input)?;
    let token = match second {
        Some(to) => BounceToken { piece, from: Some(first), to },
        None => BounceToken { piece, from: None, to: first },
    };
    Ok((rest, Box::new(mark(token, input, rest))))
}

// bounce_suffix = "," , blank , bounce , [ check_mark ] ;
/// A comma and the bounce after it (B9); once the comma is read, a bounce must follow.
fn bounce_suffix(input: &str) -> TResult<'_, (Box<Spanned<BounceToken>>, Option<CheckMark>)> {
    let (input, _) = (char(','), blank).parse(input)?;
    let (input, bounce) = context("a bounce such as `Kg8` or `g7-f8` after the comma", cut(bounce)).parse(input)?;
    let (rest, check) = opt(check_mark).parse(input)?;
    Ok((rest, (bounce, check)))
}

/// A part of a turn with the last check mark written in it.
type PartWithCheck = (Spanned<TurnPart>, Option<CheckMark>);

// move_part = san , [ check_mark ] , [ blank , en_passant , [ check_mark ] ] , [ blank , bounce_suffix ] ;
/// A move, its check mark and its bounce. `e.p.` is only read after a pawn's move.
/// White space is looked past only when `e.p.`, `ep` or a comma follows it.
fn move_part(start: &str) -> TResult<'_, PartWithCheck> {
    let (input, mut san) = san(start)?;
    let (mut input, mut check) = opt(check_mark).parse(input)?;
    if is_pawn_move(&san) && peek_after_blank(input) == Some(b'e') {
        if let Ok((after, ())) = preceded(blank, en_passant).parse(input) {
            let (after, mark) = opt(check_mark).parse(after)?;
            check = mark.or(check);
            input = after;
            san.forget_plain_form();
        }
    }
    let mut bounce = None;
    if peek_after_blank(input) == Some(b',') {
        let (after, (token, mark)) = preceded(blank, bounce_suffix).parse(input)?;
        bounce = Some(token);
        check = mark.or(check);
        input = after;
    }
    Ok((input, (mark(TurnPart::Move { san, bounce }, start, input), check)))
}

// bomb = "(****)" , square , [ ":" , square , { square } ] , [ check_mark ] ;
/// A bomb (T8): its target and, after a colon, the squares of the destroyed units.
fn bomb(start: &str) -> TResult<'_, PartWithCheck> {
    let (input, _) = tag("(****)").parse(start)?;
    let (input, target) = context("the target square of the bomb", cut(square)).parse(input)?;
    let listed =
        preceded(char(':'), context("the squares of the destroyed units after the colon", cut(many1(marked_square))));
    let (input, destroyed) = opt(listed).parse(input)?;
    let (rest, check) = opt(check_mark).parse(input)?;
    let destroyed = destroyed.map(Vec::into_boxed_slice);
    let part = TurnPart::Bomb(Box::new(BombToken { target, destroyed }));
    Ok((rest, (mark(part, start, rest), check)))
}

/// A square with its span, as listed after a bomb.
fn marked_square(input: &str) -> TResult<'_, Spanned<Square>> {
    let (rest, square) = square(input)?;
    Ok((rest, mark(square, input, rest)))
}

// turn_part = bomb | move_part ;
fn turn_part(input: &str) -> TResult<'_, PartWithCheck> {
    match first_byte(input) {
        Some(b'(') => bomb(input),
        _ => move_part(input),
    }
}

// next_part = "&" , blank , turn_part ;
/// Another move of a multi-move turn (F11); once `&` is read, a move must follow.
fn next_part(input: &str) -> TResult<'_, PartWithCheck> {
    let (input, _) = (char('&'), blank).parse(input)?;
    match turn_part(input) {
        Err(nom::Err::Error(_)) if at_token_end(input) => {
            SyntaxError::at(input, Problem::Expected("a move after `&`")).fail()
        }
        Err(nom::Err::Error(_)) => SyntaxError::token_at(input, NOT_A_MOVE).fail(),
        other => other,
    }
}

/// A turn as read: the token, its span, the last check mark written in it, and the
/// suffix glyphs written right after it, as NAGs.
pub(crate) struct WrittenTurn {
    pub(crate) token: TurnToken,
    pub(crate) span: Span,
    pub(crate) check: Option<CheckMark>,
    pub(crate) glyphs: Vec<Spanned<u8>>,
}

// turn = turn_part , { blank , next_part } , { glyph } ;
/// A whole turn token. Its span covers the glyphs too; they are also returned as NAGs.
/// A turn of one part allocates nothing.
fn turn(start: &str) -> TResult<'_, WrittenTurn> {
    let (mut input, (first, mut check)) = turn_part(start)?;
    let mut more = Vec::new();
    while peek_after_blank(input) == Some(b'&') {
        let (rest, (part, part_check)) = preceded(blank, next_part).parse(input)?;
        check = part_check.or(check);
        more.push(part);
        input = rest;
    }
    let token = if more.is_empty() {
        TurnToken::one(first)
    } else {
        more.insert(0, first);
        TurnToken::new(more)
    };
    let mut glyphs = Vec::new();
    while let Some(b'!' | b'?') = first_byte(input) {
        let (rest, nag) = glyph(input)?;
        glyphs.push(mark(nag, input, rest));
        input = rest;
    }
    let span = Span::new(start.len(), input.len());
    Ok((input, WrittenTurn { token, span, check, glyphs }))
}

// turn_token = turn ;   (* followed by a delimiter or the end *)
/// A turn that ends where a token may end; anything else is named as "not a move".
/// `text` is a suffix of a game's text of `text_len` bytes; the spans returned are
/// offsets in it.
pub(crate) fn turn_token(text: &str, text_len: usize) -> TResult<'_, WrittenTurn> {
    match turn(text) {
        // A check mark in words glued to the turn (`Qxf7ch`) is the next token's.
        Ok((rest, mut turn)) if at_token_end(rest) || mark_word(rest).is_ok() => {
            anchor(&mut turn, text_len);
            Ok((rest, turn))
        }
        Ok((rest, _)) => {
            let garbage = rest.bytes().position(is_delimiter).unwrap_or(rest.len());
            SyntaxError::between(text, skip(rest, garbage), NOT_A_MOVE).fail()
        }
        Err(nom::Err::Error(_)) if is_null_move(text) => {
            let rest = skip(text, 2);
            let span = Span::new(text.len(), rest.len());
            let mut null = WrittenTurn { token: TurnToken::new(Vec::new()), span, check: None, glyphs: Vec::new() };
            anchor(&mut null, text_len);
            Ok((rest, null))
        }
        Err(nom::Err::Error(_)) => SyntaxError::token_at(text, NOT_A_MOVE).fail(),
        Err(failure) => Err(failure),
    }
}

/// `--` or `Z0`, the null moves of analysis, standing alone as a token.
fn is_null_move(text: &str) -> bool {
    ["--", "Z0"].iter().any(|null| text.strip_prefix(null).is_some_and(at_token_end))
}

/// Makes offsets of the spans in `turn`, counted from the end of a text of `len` bytes.
fn anchor(turn: &mut WrittenTurn, len: usize) {
    let fix = |span: &mut Span| *span = Span::new(len.saturating_sub(span.start()), len.saturating_sub(span.end()));
    fix(&mut turn.span);
    for part in turn.token.parts_mut() {
        fix(&mut part.span);
        match &mut part.value {
            TurnPart::Move { bounce: Some(bounce), .. } => fix(&mut bounce.span),
            TurnPart::Move { bounce: None, .. } => {}
            TurnPart::Bomb(bomb) => {
                bomb.destroyed.iter_mut().flat_map(|list| list.iter_mut()).for_each(|square| fix(&mut square.span));
            }
        }
    }
    for glyph in &mut turn.glyphs {
        fix(&mut glyph.span);
    }
}

#[cfg(test)]
mod tests {
    use super::{evaluation, starts_evaluation, EVALUATIONS};

    #[test]
    fn every_evaluation_symbol_is_read_alone_as_its_nag() {
        for &(symbol, nag) in &EVALUATIONS {
            assert!(symbol.chars().next().is_some_and(starts_evaluation), "{symbol}");
            assert_eq!(evaluation(symbol).ok(), Some(("", nag)), "{symbol}");
            assert_eq!(evaluation(&format!("{symbol} e5")).ok(), Some((" e5", nag)), "{symbol}");
            assert!(evaluation(&format!("{symbol}x")).is_err(), "{symbol}");
        }
    }
}
