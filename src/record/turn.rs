//! The turn token: everything one side writes for its ply. One or more parts joined by
//! `&` (F11); a part is a move with an optional bounce after a comma (B9) or a bomb (T8);
//! check marks may follow each piece, suffix glyphs follow the whole turn.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::char;
use nom::combinator::{cut, opt, value};
use nom::error::context;
use nom::multi::many1;
use nom::sequence::preceded;
use nom::Parser;

use super::ast::{BombToken, BounceToken, CheckMark, Spanned, TurnPart, TurnToken};
use super::error::{Problem, SyntaxError, NOT_A_MOVE};
use super::lex::{at_token_end, blank, spanned, Input, PResult};
use super::san::{is_pawn_move, piece_letter, san, square};
use crate::geometry::Square;

/// NAG numbers of the suffix glyphs, longest glyphs first.
const GLYPHS: [(&str, u8); 6] = [("!!", 3), ("??", 4), ("!?", 5), ("?!", 6), ("!", 1), ("?", 2)];

// check_mark = "++" | "+" | "#" ;
/// `+`, `#`, or `++` (read as mate).
pub(crate) fn check_mark(input: Input) -> PResult<CheckMark> {
    alt((value(CheckMark::Mate, tag("++")), value(CheckMark::Check, tag("+")), value(CheckMark::Mate, tag("#"))))
        .parse(input)
}

// glyph = "!!" | "??" | "!?" | "?!" | "!" | "?" ;
/// A suffix glyph, as the NAG it stands for (1 to 6).
pub(crate) fn glyph(input: Input) -> PResult<Spanned<u8>> {
    let start = input;
    for (text, nag) in GLYPHS {
        if let Ok((rest, _)) = tag::<_, _, SyntaxError>(text).parse(input) {
            return Ok((rest, spanned(nag, &start, &rest)));
        }
    }
    Err(nom::Err::Error(SyntaxError::at(&input, Problem::Primitive)))
}

// en_passant = blank , ( "e.p." | "ep" ) ;
/// The optional en passant remark after a pawn capture; it carries no meaning.
fn en_passant(input: Input) -> PResult<()> {
    value((), preceded(blank, alt((tag("e.p."), tag("ep"))))).parse(input)
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

// bounce_suffix = blank , "," , blank , bounce , [ check_mark ] ;
/// A comma and the bounce after it (B9); once the comma is read, a bounce must follow.
fn bounce_suffix(input: Input) -> PResult<(Spanned<BounceToken>, Option<CheckMark>)> {
    let (input, _) = (blank, char(','), blank).parse(input)?;
    let (input, bounce) = context("a bounce such as `Kg8` or `g7-f8` after the comma", cut(bounce)).parse(input)?;
    let (rest, check) = opt(check_mark).parse(input)?;
    Ok((rest, (bounce, check)))
}

/// A part of a turn with the last check mark written in it.
type PartWithCheck = (Spanned<TurnPart>, Option<CheckMark>);

// move_part = san , [ en_passant ] , [ check_mark ] , [ en_passant ] , [ bounce_suffix ] ;
/// A move, its check mark and its bounce. `e.p.` is only read after a pawn's move.
fn move_part(input: Input) -> PResult<PartWithCheck> {
    let start = input;
    let (input, san) = san(input)?;
    let pawn = is_pawn_move(&san);
    let (input, _) = if pawn { opt(en_passant).parse(input)? } else { (input, None) };
    let (input, mut check) = opt(check_mark).parse(input)?;
    let (input, _) = if pawn { opt(en_passant).parse(input)? } else { (input, None) };
    let (rest, bounce) = opt(bounce_suffix).parse(input)?;
    let bounce = bounce.map(|(bounce, after)| {
        check = after.or(check);
        bounce
    });
    Ok((rest, (spanned(TurnPart::Move { san, bounce }, &start, &rest), check)))
}

// bomb = "(****)" , square , [ ":" , square , { square } ] , [ check_mark ] ;
/// A bomb (T8): its target and, after a colon, the squares of the destroyed units.
fn bomb(input: Input) -> PResult<PartWithCheck> {
    let start = input;
    let (input, _) = tag("(****)").parse(input)?;
    let (input, target) = context("the target square of the bomb", cut(square)).parse(input)?;
    let listed = preceded(
        char(':'),
        context("the squares of the destroyed units after the colon", cut(many1(spanned_square))),
    );
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
fn turn_part(input: Input) -> PResult<PartWithCheck> {
    alt((bomb, move_part)).parse(input)
}

// next_part = blank , "&" , blank , turn_part ;
/// Another move of a multi-move turn (F11); once `&` is read, a move must follow.
fn next_part(input: Input) -> PResult<PartWithCheck> {
    let (input, _) = (blank, char('&'), blank).parse(input)?;
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

// turn = turn_part , { next_part } , { glyph } ;
/// A whole turn token. Its span covers the glyphs too; they are also returned as NAGs.
pub(crate) fn turn(input: Input) -> PResult<TurnWithGlyphs> {
    let start = input;
    let (mut input, (first, mut check)) = turn_part(input)?;
    let mut parts = vec![first];
    while let (rest, Some((part, part_check))) = opt(next_part).parse(input)? {
        check = part_check.or(check);
        parts.push(part);
        input = rest;
    }
    let mut glyphs = Vec::new();
    while let Ok((rest, nag)) = glyph(input) {
        glyphs.push(nag);
        input = rest;
    }
    Ok((input, (spanned(TurnToken { parts, check }, &start, &input), glyphs)))
}
