//! The turn token: everything one side writes for its ply. One or more parts joined by
//! `&` (F11); a part is a move with an optional bounce after a comma (B9) or a bomb (T8);
//! check marks may follow each of them, suffix glyphs follow the whole turn.

use nom::bytes::complete::tag;
use nom::character::complete::char;
use nom::combinator::{cut, opt};
use nom::error::context;
use nom::multi::many1;
use nom::sequence::preceded;
use nom::{Input as _, Parser};

use super::ast::{BombToken, BounceToken, CheckMark, Spanned, TurnPart, TurnToken};
use super::error::{Problem, SyntaxError, NOT_A_MOVE};
use super::lex::{at_token_end, blank, peek_after_blank, peek_byte, spanned, Input, PResult};
use super::san::{is_pawn_move, piece_letter, san, square};
use crate::geometry::Square;

/// A rule that did not match here; the caller may try another.
fn no_match<T>(input: &Input) -> PResult<'static, T> {
    Err(nom::Err::Error(SyntaxError::at(input, Problem::Primitive)))
}

// check_mark = "++" | "+" | "#" ;
/// `+`, `#`, or `++` (read as mate).
pub(crate) fn check_mark(input: Input) -> PResult<CheckMark> {
    let bytes = input.fragment().as_bytes();
    match (bytes.first(), bytes.get(1)) {
        (Some(b'+'), Some(b'+')) => Ok((input.take_from(2), CheckMark::Mate)),
        (Some(b'+'), _) => Ok((input.take_from(1), CheckMark::Check)),
        (Some(b'#'), _) => Ok((input.take_from(1), CheckMark::Mate)),
        _ => no_match(&input),
    }
}

// glyph = "!!" | "??" | "!?" | "?!" | "!" | "?" ;
/// A suffix glyph, as the NAG it stands for (1 to 6).
pub(crate) fn glyph(input: Input) -> PResult<Spanned<u8>> {
    let bytes = input.fragment().as_bytes();
    let (len, nag) = match (bytes.first(), bytes.get(1)) {
        (Some(b'!'), Some(b'!')) => (2, 3),
        (Some(b'?'), Some(b'?')) => (2, 4),
        (Some(b'!'), Some(b'?')) => (2, 5),
        (Some(b'?'), Some(b'!')) => (2, 6),
        (Some(b'!'), _) => (1, 1),
        (Some(b'?'), _) => (1, 2),
        _ => return no_match(&input),
    };
    let rest = input.take_from(len);
    Ok((rest, spanned(nag, &input, &rest)))
}

// en_passant = "e.p." | "ep" ;
/// The en passant remark after a pawn capture; it carries no meaning.
fn en_passant(input: Input) -> PResult<()> {
    let fragment = input.fragment();
    let len = if fragment.starts_with("e.p.") {
        4
    } else if fragment.starts_with("ep") {
        2
    } else {
        return no_match(&input);
    };
    Ok((input.take_from(len), ()))
}

// bounce = [ piece_letter ] , square , [ [ "-" ] , square ] ;
/// What follows a bounce's comma: `Kg8`, `g7-f8`, `g7f8`, `Kf8-g8`, `Nc6-b6`.
pub(crate) fn bounce(input: Input) -> PResult<Spanned<BounceToken>> {
    let start = input;
    let (input, piece) = opt(piece_letter).parse(input)?;
    let (input, first) = square(input)?;
    let (rest, second) = opt(preceded(opt(char('-')), square)).parse(input)?;
    let token = match second {
        Some(to) => BounceToken { piece, from: Some(first), to },
        None => BounceToken { piece, from: None, to: first },
    };
    Ok((rest, spanned(token, &start, &rest)))
}

// bounce_suffix = "," , blank , bounce , [ check_mark ] ;
/// A comma and the bounce after it (B9); once the comma is read, a bounce must follow.
fn bounce_suffix(input: Input) -> PResult<(Spanned<BounceToken>, Option<CheckMark>)> {
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
pub(crate) fn move_part(input: Input) -> PResult<PartWithCheck> {
    let start = input;
    let (input, san) = san(input)?;
    let (mut input, mut check) = opt(check_mark).parse(input)?;
    if is_pawn_move(&san) && peek_after_blank(&input) == Some(b'e') {
        if let Ok((after, ())) = preceded(blank, en_passant).parse(input) {
            let (after, mark) = opt(check_mark).parse(after)?;
            check = mark.or(check);
            input = after;
        }
    }
    let mut bounce = None;
    if peek_after_blank(&input) == Some(b',') {
        let (after, (token, mark)) = preceded(blank, bounce_suffix).parse(input)?;
        bounce = Some(token);
        check = mark.or(check);
        input = after;
    }
    Ok((input, (spanned(TurnPart::Move { san, bounce }, &start, &input), check)))
}

// bomb = "(****)" , square , [ ":" , square , { square } ] , [ check_mark ] ;
/// A bomb (T8): its target and, after a colon, the squares of the destroyed units.
fn bomb(input: Input) -> PResult<PartWithCheck> {
    let start = input;
    let (input, _) = tag("(****)").parse(input)?;
    let (input, target) = context("the target square of the bomb", cut(square)).parse(input)?;
    let listed =
        preceded(char(':'), context("the squares of the destroyed units after the colon", cut(many1(spanned_square))));
    let (input, destroyed) = opt(listed).parse(input)?;
    let (rest, check) = opt(check_mark).parse(input)?;
    let part = TurnPart::Bomb(BombToken { target, destroyed });
    Ok((rest, (spanned(part, &start, &rest), check)))
}

/// A square with its span, as listed after a bomb.
fn spanned_square(input: Input) -> PResult<Spanned<Square>> {
    let start = input;
    let (rest, sq) = square(input)?;
    Ok((rest, spanned(sq, &start, &rest)))
}

// turn_part = bomb | move_part ;
pub(crate) fn turn_part(input: Input) -> PResult<PartWithCheck> {
    match peek_byte(&input) {
        Some(b'(') => bomb(input),
        _ => move_part(input),
    }
}

// next_part = "&" , blank , turn_part ;
/// Another move of a multi-move turn (F11); once `&` is read, a move must follow.
fn next_part(input: Input) -> PResult<PartWithCheck> {
    let (input, _) = (char('&'), blank).parse(input)?;
    match turn_part(input) {
        Err(nom::Err::Error(_)) if at_token_end(&input) => {
            SyntaxError::at(&input, Problem::Expected("a move after `&`")).fail()
        }
        Err(nom::Err::Error(_)) => SyntaxError::token_at(&input, NOT_A_MOVE).fail(),
        other => other,
    }
}

/// A turn and the suffix glyphs written right after it, as NAGs.
pub(crate) type TurnWithGlyphs = (Spanned<TurnToken>, Vec<Spanned<u8>>);

// turn = turn_part , { blank , next_part } , { glyph } ;
/// A whole turn token. Its span covers the glyphs too; they are also returned as NAGs.
pub(crate) fn turn(input: Input) -> PResult<TurnWithGlyphs> {
    let start = input;
    let (mut input, (first, mut check)) = turn_part(input)?;
    let mut parts = vec![first];
    while peek_after_blank(&input) == Some(b'&') {
        let (rest, (part, part_check)) = preceded(blank, next_part).parse(input)?;
        check = part_check.or(check);
        parts.push(part);
        input = rest;
    }
    let mut glyphs = Vec::new();
    while let Some(b'!' | b'?') = peek_byte(&input) {
        let (rest, nag) = glyph(input)?;
        glyphs.push(nag);
        input = rest;
    }
    Ok((input, (spanned(TurnToken { parts, check }, &start, &input), glyphs)))
}
