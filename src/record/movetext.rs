//! The tokens of movetext: move numbers, turns, NAGs and glyphs, comments, the
//! parentheses of variations and results, and the rule that picks one by its first
//! character and hands it to the lines being built.

use super::ast::{Comment, GameResult, MoveNumber, Span, Spanned};
use super::closing_words::closing_words;
use super::comment_moves;
use super::error::{Problem, SyntaxError, NOT_A_MOVE};
use super::fast;
use super::lex::{
    at_token_end, brace_comment, comment, is_delimiter, located_comment, result_note, skip, space_len, text_note,
    TResult,
};
use super::san;
use super::text_words;
use super::tree::LineStack;
use super::turn::{check_mark, evaluation, glyph, mark_word, starts_evaluation, turn_token};
use crate::text::quote;

// element = space , ( comment | result_note | text_note | draw_offer | "(" | ")" | nag | glyph | result
//                   | move_number | lone_dots | lone_mark | mark_word | evaluation | turn_token ) ;
/// Skips white space, then reads the next token of movetext into `lines`; false at the
/// end of the text. `text` is a suffix of a game's text of `text_len` bytes.
///
/// This and [`fast_elements`] are the one place that decides which path a token takes:
/// when `fast` is set, the byte-level readers of [`fast`] try the token first, and the grammar's rules read
/// whatever they leave. Otherwise the token's first character decides which rule reads
/// it; digits may start a result, castling with zeros, or a move number, tried in that
/// order.
pub(crate) fn element<'a>(text: &'a str, text_len: usize, lines: &mut LineStack, fast: bool) -> TResult<'a, bool> {
    let token = skip(text, space_len(text, text.len() == text_len));
    let Some(first) = token.chars().next() else {
        return Ok(("", false));
    };
    let found = if fast { fast_token(token, text_len, lines) } else { None };
    let (rest, step) = match found {
        Some(found) => found,
        None => grammar_token(token, first, text_len, lines)?,
    };
    step.map_err(nom::Err::Failure)?;
    Ok((rest, true))
}

/// What a token does to the lines, or why it cannot stand where it was written.
type Step = Result<(), SyntaxError>;

/// Reads the tokens the fast path reads, each after its white space, into `lines`, for
/// as long as it reads them: what [`element`] would do with them, without its wrapping
/// of each token. Returns the text from the first token it leaves (or the end), for
/// [`element`]; stops at the first error.
pub(crate) fn fast_elements<'a>(text: &'a str, text_len: usize, lines: &mut LineStack) -> Result<&'a str, SyntaxError> {
    let mut text = text;
    loop {
        let token = skip(text, space_len(text, text.len() == text_len));
        let Some((rest, step)) = fast_token(token, text_len, lines) else { return Ok(token) };
        step?;
        text = rest;
    }
}

/// The token at the start of `token` read by the fast path, or `None` when the grammar
/// must read it. Inlined in its two callers: out of line, passing the answer back cost
/// some 36 instructions a token.
#[allow(clippy::inline_always, reason = "read for every token; see the doc comment")]
#[inline(always)]
fn fast_token<'a>(token: &'a str, text_len: usize, lines: &mut LineStack) -> Option<(&'a str, Step)> {
    let start = text_len - token.len();
    let at = |rest: &str| Span::new(start, text_len - rest.len());
    match token.as_bytes().first()? {
        first @ b'1'..=b'9' => {
            // Of the results the fast path reads, only `1-0` and `1/2-1/2` start so.
            if let Some((rest, result)) = (*first == b'1').then(|| fast::result(token)).flatten() {
                return Some((rest, lines.result(Spanned { value: result, span: at(rest) })));
            }
            let (rest, number) = fast::move_number(token)?;
            Some((rest, lines.number(Spanned { value: number, span: at(rest) })))
        }
        b'0' | b'*' => {
            let (rest, result) = fast::result(token)?;
            Some((rest, lines.result(Spanned { value: result, span: at(rest) })))
        }
        b'$' => {
            let (rest, nag) = fast::nag(token)?;
            Some((rest, lines.nag(Spanned { value: nag, span: at(rest) })))
        }
        b'{' => {
            // A comment closed further on (an unclosed one is the grammar's to report).
            let (rest, body) = brace_comment(token).ok()?;
            lines.comment(located_comment(at(rest), body));
            Some((rest, Ok(())))
        }
        // A variation, or a note after the result (a bomb's sign too, as the cut
        // between games reads it): the grammar's.
        b'(' if !token.starts_with("(****)") || lines.has_ended() => None,
        b';' | b')' | b'!' | b'?' | b'.' | b'[' => None,
        _ => {
            let (rest, mut step, glyphs) = fast::turn(token, text_len, |ply| lines.ply(ply))?;
            if step.is_err() && lines.has_ended() {
                // No turn stands after the result (none was stored): the grammar reads
                // the token, which may be a word of text (`O-O,` is one).
                return None;
            }
            if let Some(glyphs) = glyphs {
                step = step.and_then(|()| fast::glyphs(glyphs, text_len).try_for_each(|nag| lines.nag(nag)));
            }
            Some((rest, step))
        }
    }
}

/// The token at the start of `token` (whose first character is `first`) read by the
/// grammar's rules. Kept out of line: the fast path reads nearly every token, and this
/// one's many arms, inlined, made the fast path's code slower.
#[inline(never)]
fn grammar_token<'a>(token: &'a str, first: char, text_len: usize, lines: &mut LineStack) -> TResult<'a, Step> {
    // The span from the token's start to `rest`.
    let at = |rest: &str| Span::new(text_len - token.len(), text_len - rest.len());
    let found = match first {
        _ if lines.has_ended() && text_words::is_whole_text_word(token_bytes(token)) => {
            let (rest, body) = text_note(token)?;
            let note = located_comment(at(rest), body);
            let text = token.get(..token.len() - rest.len()).unwrap_or_default().trim_end();
            lines.remarked_comment(note, || {
                format!(
                    "words after the result are read as a comment; PGN writes comments in braces: `{{{}}}`",
                    quote(text)
                )
            });
            (rest, Ok(()))
        }
        '{' | ';' => {
            let (rest, body) = comment(token)?;
            comment_token(token, located_comment(at(rest), body), rest, lines);
            (rest, Ok(()))
        }
        '(' if lines.has_ended() => {
            let (rest, body) = result_note(token)?;
            lines.result_note(located_comment(at(rest), body));
            (rest, Ok(()))
        }
        '(' if token.starts_with(DRAW_OFFER) => {
            let rest = skip(token, DRAW_OFFER.len());
            lines.draw_offer(at(rest));
            (rest, Ok(()))
        }
        '(' if !token.starts_with("(****)") => (skip(token, 1), lines.open(at(skip(token, 1)))),
        ')' => (skip(token, 1), lines.close(at(skip(token, 1)))),
        '$' => {
            let (rest, nag) = nag(token)?;
            (rest, lines.nag(Spanned { value: nag, span: at(rest) }))
        }
        '!' | '?' => {
            let (rest, nag) = glyph(token)?;
            (rest, lines.nag(Spanned { value: nag, span: at(rest) }))
        }
        '*' | '½' | '0'..='9' if starts_result(token) => match result(token) {
            Ok((rest, result)) => {
                let written = token.get(..token.len() - rest.len()).unwrap_or_default();
                if written.ends_with('.') {
                    lines.remark(at(rest), || {
                        format!("a full stop after the result is read as part of it; PGN writes `{}`", result.as_str())
                    });
                }
                (rest, lines.result(Spanned { value: result, span: at(rest) }))
            }
            Err(_) if !first.is_ascii_digit() => return SyntaxError::token_at(token, NOT_A_MOVE).fail(),
            Err(_) => number_or_castling(token, text_len, lines)?,
        },
        '0'..='9' => number_or_castling(token, text_len, lines)?,
        '.' | '…' => {
            let rest = token.trim_start_matches(['.', '…']);
            (rest, lines.dots(at(rest)))
        }
        '[' => {
            let problem = Problem::Message("a tag pair cannot stand in the movetext");
            return SyntaxError::first_bytes(token, 1, problem).fail();
        }
        '+' | '#' if check_mark(token).is_ok_and(|(rest, _)| at_token_end(rest)) => {
            let (rest, mark) = check_mark(token)?;
            let message = "the check mark stands apart from its move; write it right after the move, without a space";
            (rest, lines.detached_mark(mark, at(rest), || message.to_owned()))
        }
        'c' | 'm' | 'C' | 'M' if mark_word(token).is_ok() => {
            let (rest, mark) = mark_word(token)?;
            let word = token.get(..token.len() - rest.len()).unwrap_or_default();
            let message =
                || format!("`{word}` is a check mark in words; write `{}` right after the move", mark.symbol());
            (rest, lines.detached_mark(mark, at(rest), message))
        }
        first if starts_evaluation(first) && evaluation(token).is_ok() => {
            let (rest, nag) = evaluation(token)?;
            (rest, lines.nag(Spanned { value: nag, span: at(rest) }))
        }
        _ => match closing_words(token) {
            Some(len) if !lines.has_ended() => {
                let rest = skip(token, len);
                closing_words_token(token, located_comment(at(rest), (0, len)), rest, lines);
                (rest, Ok(()))
            }
            _ => {
                let (rest, turn) = turn_token(token, text_len)?;
                (rest, lines.turn(turn))
            }
        },
    };
    Ok(found)
}

/// A comment read from the start of `token` up to `rest`: a `;` comment that holds
/// moves is kept with a remark that says they are not played ([`comment_moves`]).
fn comment_token(token: &str, note: Comment, rest: &str, lines: &mut LineStack) {
    let written = token.get(1..token.len() - rest.len()).unwrap_or_default();
    if token.starts_with(';') && comment_moves::is_movetext(written) {
        lines.remarked_comment(note, || {
            format!(
                "`;` starts a comment that runs to the end of its line: `{}` is read as that comment, not as \
                 moves; PGN separates moves with spaces",
                quote(written.trim())
            )
        });
    } else {
        lines.comment(note);
    }
}

/// Words about how the game ended, from the start of `token` up to `rest` ([`closing_words`]):
/// a comment, with a remark.
fn closing_words_token(token: &str, note: Comment, rest: &str, lines: &mut LineStack) {
    lines.remarked_comment(note, || {
        format!(
            "words about how the game ended are read as a comment; PGN writes comments in braces: `{{{}}}`",
            quote(token.get(..token.len() - rest.len()).unwrap_or_default())
        )
    });
}

/// The bytes of the token that starts `text`, up to the first delimiter.
fn token_bytes(text: &str) -> &[u8] {
    let bytes = text.as_bytes();
    bytes.get(..bytes.iter().position(|&b| is_delimiter(b)).unwrap_or(bytes.len())).unwrap_or_default()
}

/// The mark of a draw offer in FIDE's Laws of Chess (`11. Kb1 (=)`).
const DRAW_OFFER: &str = "(=)";

/// True when `token` may be a result: `*`, `½-½`, a digit followed by `-`, `/`, `:`,
/// `.` or a dash (`1–0`, `0.5-0.5`), or `0` or `1` followed by white space (`1 - 0`).
fn starts_result(token: &str) -> bool {
    token.starts_with(['*', '½'])
        || matches!(token.as_bytes(), [_, b'-' | b'/' | b':' | b'.', ..] | [b'0' | b'1', b' ' | b'\t', ..])
        || token.get(1..).is_some_and(|after| after.starts_with(RESULT_DASHES))
}

/// A token that starts with a digit and is no result: castling with zeros, or a move number.
fn number_or_castling<'a>(token: &'a str, text_len: usize, lines: &mut LineStack) -> TResult<'a, Step> {
    if token.starts_with("0-0") || san::castle(token).is_ok() || san::is_numeric_move(token) {
        let (rest, turn) = turn_token(token, text_len)?;
        return Ok((rest, lines.turn(turn)));
    }
    let (rest, number) = move_number(token)?;
    let span = Span::new(text_len - token.len(), text_len - rest.len());
    let written = token.get(..token.len() - rest.len()).unwrap_or_default();
    let number = Spanned { value: number, span };
    let step =
        if written.contains(['.', '…']) { lines.number(number) } else { lines.dotless_number(number, written) };
    Ok((rest, step))
}

/// The dashes read between the two scores of a result besides `-` and `:` (`1–0`).
const RESULT_DASHES: &[char] = &['\u{2010}', '\u{2011}', '\u{2012}', '\u{2013}', '\u{2014}', '\u{2212}'];

// result = "*" | score , inline_space , result_sign , inline_space , score | half ;   (* followed by a delimiter or the end *)
// score = half | "1" | "0" ;                               (* 1-0, 0-1 or a half each *)
// half = "1/2" | "½" | "0.5" ;
// result_sign = "-" | ":" | dash ;
/// A game termination marker: `1-0`, `0-1`, `1/2-1/2`, `*`, and the forms records also
/// use: `1:0`, `½-½`, `½:½`, `0.5-0.5`, `1–0` (any dash), spaces around the sign
/// (`1 - 0`), and a half point written once for the draw (`1/2`, `½`): no move or
/// number is written so.
pub(crate) fn result(input: &str) -> TResult<'_, GameResult> {
    if let Some(rest) = input.strip_prefix('*') {
        if at_token_end(rest) {
            return Ok((rest, GameResult::Unknown));
        }
    }
    let Some((white, after_white)) = score(input) else {
        return SyntaxError::at(input, Problem::Primitive).backtrack();
    };
    // Spaces or tabs may stand around the sign (`1 - 0`, `1/2 - 1/2`).
    let sign_text = after_white.trim_start_matches(INLINE_SPACE);
    let parsed = sign_text.chars().next().filter(|&c| is_result_sign(c)).and_then(|sign| {
        let black_text = skip(sign_text, sign.len_utf8()).trim_start_matches(INLINE_SPACE);
        score(black_text).map(|(black, rest)| (white, black, rest))
    });
    // A full stop right after both scores of a result written as one token, as a
    // sentence ends (`1-0.`), is the result's.
    let parsed = parsed.map(|(white, black, rest)| {
        let one_token = !input.get(..input.len() - rest.len()).unwrap_or_default().contains(INLINE_SPACE);
        match rest.strip_prefix('.') {
            Some(after) if one_token && at_token_end(after) => (white, black, after),
            _ => (white, black, rest),
        }
    });
    let result = parsed
        .filter(|&(_, _, rest)| at_token_end(rest))
        .and_then(|(white, black, rest)| result_of_scores(white, black).map(|result| (rest, result)))
        // A half point alone is the draw.
        .or_else(|| (white == 1 && at_token_end(after_white)).then_some((after_white, GameResult::Draw)));
    match result {
        Some(found) => Ok(found),
        None => SyntaxError::at(input, Problem::Primitive).backtrack(),
    }
}

/// The white space a result may hold around its sign.
const INLINE_SPACE: [char; 2] = [' ', '\t'];

/// Whether `c` parts the two scores of a result: `-`, `:` or a dash.
fn is_result_sign(c: char) -> bool {
    matches!(c, '-' | ':') || RESULT_DASHES.contains(&c)
}

/// The result `text` states when it is one result token and nothing else, in any form
/// [`result`] reads: what a `Result` tag holds (`1-0`, `1:0`, `½-½`, `1/2`, `*`).
pub fn result_of_text(text: &str) -> Option<GameResult> {
    result(text).ok().filter(|(rest, _)| rest.is_empty()).map(|(_, result)| result)
}

/// The result two scores in half points make: 1-0, 0-1 or a draw.
pub(crate) fn result_of_scores(white: u8, black: u8) -> Option<GameResult> {
    match (white, black) {
        (2, 0) => Some(GameResult::WhiteWins),
        (0, 2) => Some(GameResult::BlackWins),
        (1, 1) => Some(GameResult::Draw),
        _ => None,
    }
}

/// What a token may be of a result written with spaces around its sign, where the
/// token ends at each space: `1 - 0` is `1`, `-`, `0`; `1- 0` is `1-`, `0`; `1 -0` is
/// `1`, `-0`. Scores are in half points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ResultPiece {
    Score(u8),
    ScoreAndSign(u8),
    Sign,
    SignAndScore(u8),
    Nothing,
}

/// The [`ResultPiece`] a whole token is.
pub(crate) fn result_piece(token: &str) -> ResultPiece {
    if let Some((score, rest)) = score(token) {
        let mut after = rest.chars();
        return match (after.next(), after.next()) {
            (None, _) => ResultPiece::Score(score),
            (Some(sign), None) if is_result_sign(sign) => ResultPiece::ScoreAndSign(score),
            _ => ResultPiece::Nothing,
        };
    }
    let mut chars = token.chars();
    if !chars.next().is_some_and(is_result_sign) {
        return ResultPiece::Nothing;
    }
    match (chars.as_str(), score(chars.as_str())) {
        ("", _) => ResultPiece::Sign,
        (_, Some((score, ""))) => ResultPiece::SignAndScore(score),
        _ => ResultPiece::Nothing,
    }
}

/// One side's score at the start of `text`, in half points, and the text after it.
fn score(text: &str) -> Option<(u8, &str)> {
    // Matched on bytes: the splitter asks at every token that starts with `0` or `1`.
    let (half_points, len) = match text.as_bytes() {
        [b'1', b'/', b'2', ..] | [b'0', b'.', b'5', ..] => (1, 3),
        // `½`, U+00BD.
        [0xc2, 0xbd, ..] => (1, 2),
        [b'1', ..] => (2, 1),
        [b'0', ..] => (0, 1),
        _ => return None,
    };
    Some((half_points, skip(text, len)))
}

// move_number = digit , { digit } , ( { " " | "\t" } , dots | [ ")" ] , delimiter ) ;
// dots = ( "." | "…" ) , { "." | "…" } ;
/// `12.` for White, `12...` (or `12…`, or any two or more dots) for Black; `12` alone
/// or `12)`, without a dot (one to three digits, not `0`), for White, as hand-typed
/// records write them.
pub(crate) fn move_number(input: &str) -> TResult<'_, MoveNumber> {
    let digits = input.bytes().take_while(u8::is_ascii_digit).count();
    let after_digits = skip(input, digits);
    let after_space = after_digits.trim_start_matches([' ', '\t']);
    let rest = after_space.trim_start_matches(['.', '…']);
    let dots = after_space.len() - rest.len();
    if digits == 0 {
        return SyntaxError::at(input, Problem::Primitive).backtrack();
    }
    if dots == 0 && !at_token_end(after_digits) {
        return SyntaxError::token_at(input, NOT_A_MOVE).fail();
    }
    let Ok(number) = input.get(..digits).unwrap_or("").parse::<u32>() else {
        let problem = Problem::Token("is too large for a move number");
        return SyntaxError::between(input, after_digits, problem).fail();
    };
    if dots == 0 {
        // A number without a dot (`12 e4`) or closed by a parenthesis (`12) e4`), as
        // hand-typed records write them: White's. No variation ends with a number.
        // Up to three digits: four are a mistyped ICCF move (`5294`), never a number.
        if number == 0 || digits > 3 {
            let problem = Problem::Message("a move number needs a dot, as in `12.` or `12...`");
            return SyntaxError::between(input, after_digits, problem).fail();
        }
        let rest = after_digits.strip_prefix(')').filter(|rest| at_token_end(rest) && !rest.starts_with(')'));
        return Ok((rest.unwrap_or(after_digits), MoveNumber { number, black: false }));
    }
    Ok((rest, MoveNumber { number, black: dots > 1 }))
}

// nag = "$" , digit , { digit } ;
/// A numeric annotation glyph, `$0` to `$255`.
pub(crate) fn nag(input: &str) -> TResult<'_, u8> {
    let Some(after_dollar) = input.strip_prefix('$') else {
        return SyntaxError::at(input, Problem::Primitive).backtrack();
    };
    let digits = after_dollar.bytes().take_while(u8::is_ascii_digit).count();
    let rest = skip(after_dollar, digits);
    if digits == 0 {
        return SyntaxError::token_at(input, Problem::Token("is not a NAG: `$` needs a number")).fail();
    }
    match after_dollar.get(..digits).unwrap_or("").parse::<u8>() {
        Ok(nag) => Ok((rest, nag)),
        Err(_) => SyntaxError::between(input, rest, Problem::Token("is not a NAG: NAGs run from $0 to $255")).fail(),
    }
}
