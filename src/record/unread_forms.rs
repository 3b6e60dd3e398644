//! Notations arbiter does not read, recognised in a token that is not a move so that the
//! error can say what the token looks like instead of only that it is no move: letters
//! of a script other than the Latin one where no piece letter stands (a file typed as a
//! Cyrillic `д` in `Кд3`, a Greek record's piece letters), English descriptive
//! notation (`P-K4`, `N-KB3`, `PxP`, `Q-R5ch`), two moves written without a space
//! between them (`Nf3Nc6`) and words of text (`resigns`, `Black`).
//! What is said is a likeness, never a reading: the token is refused either way.

use super::san::piece_letter;

/// A clause to add to "`token` is not a move", when the token looks like a notation
/// arbiter does not read.
pub(crate) fn hint(token: &str) -> Option<String> {
    // A leading piece letter (Cyrillic ones included) is read: the letter to name is after it.
    let after_letter = piece_letter(token).map_or(token, |(rest, _)| rest);
    if let Some((letter, script)) = after_letter.chars().find_map(|c| script_of(c).map(|script| (c, script))) {
        return Some(format!(
            "`{letter}` is a {script} letter, and arbiter reads squares in the Latin alphabet (`d3`; of \
             the Cyrillic letters, only `а`, `с` and `е` as the files a, c and e), piece letters in \
             English, in a language `--lang` names (Russian's `Кр Ф Л С К` among them) or in figurines, \
             and ICCF numbers"
        ));
    }
    if looks_descriptive(token) {
        return Some(
            "it looks like descriptive notation (`P-K4`, `N-KB3`), which arbiter does not read: moves \
             are read in algebraic notation (`e4`, `Nf3`)"
                .to_owned(),
        );
    }
    if let Some((first, second)) = two_moves(token) {
        return Some(format!("it reads as two moves written together, `{first} {second}`; write a space between them"));
    }
    is_result_word(token).then(|| format!("it is a word of text, which belongs in a comment: `{{{token}}}`"))
}

/// The two moves `token` reads as when it is cut in two (`Nf3Nc6`, `exd5Nxd5`, `O-ONf6`),
/// each a whole move as records write them in English.
fn two_moves(token: &str) -> Option<(&str, &str)> {
    // Two moves take a few bytes each: a longer token is looked at no further.
    const LONGEST: usize = 32;
    if token.len() > LONGEST {
        return None;
    }
    (2..token.len().saturating_sub(1))
        .filter_map(|at| token.split_at_checked(at))
        .find(|(first, second)| super::fast::is_whole_turn(first) && super::fast::is_whole_turn(second))
}

/// The words records write about how a game ended, in any case.
const RESULT_WORDS: [&str; 24] = [
    "resigns",
    "resigned",
    "resign",
    "resignation",
    "draw",
    "drawn",
    "agreed",
    "wins",
    "won",
    "white",
    "black",
    "time",
    "forfeit",
    "forfeits",
    "abandoned",
    "adjourned",
    "offered",
    "accepted",
    "repetition",
    "stalemate",
    "flagged",
    "timeout",
    "withdrew",
    "withdraws",
];

/// Whether `token` is a word of English text that records write about how a game ended
/// (`resigns`, `draw`, `Black`): the words of [`RESULT_WORDS`], in any case. Narrower
/// than a word of text after the result ([`super::text_words`]): before the result a
/// token may be a mistyped move, which the error must never call text.
pub(crate) fn is_result_word(token: &str) -> bool {
    RESULT_WORDS.iter().any(|word| word.eq_ignore_ascii_case(token))
}

/// The script of a letter that is neither Latin nor a figurine, for the scripts chess
/// records are written in.
fn script_of(c: char) -> Option<&'static str> {
    match c {
        '\u{0400}'..='\u{052F}' => Some("Cyrillic"),
        '\u{0370}'..='\u{03FF}' => Some("Greek"),
        _ => None,
    }
}

/// Whether `token` has the shape of a descriptive move: a unit (`P N Kt B R Q K`, possibly
/// with its wing, `KN`, `QR`), then `-` and a square named from the mover's side
/// (`K4`, `KB3`, `QR8`) or `x` and the unit taken (`P`, `KBP`, `N`), then perhaps a
/// promotion (`=Q`, `(Q)`, `/Q`), a check (`ch`, `+`) and glyphs. No algebraic move has
/// this shape: every algebraic square has a lower-case file.
fn looks_descriptive(token: &str) -> bool {
    let token = token.trim_end_matches(['!', '?', '+', '#']);
    let token = token.strip_suffix("ch").unwrap_or(token);
    let Some((unit, target, capture)) = split_at_operator(token) else { return false };
    let target = strip_promotion(target);
    is_unit(unit) && if capture { is_unit(target) } else { is_square(target) }
}

/// The token around its first `-` (a move) or `x` / `:` (a capture): the unit before it,
/// the rest after it, and whether it captures.
fn split_at_operator(token: &str) -> Option<(&str, &str, bool)> {
    let (unit, rest) = token.split_at_checked(token.find(['-', 'x', ':'])?)?;
    let capture = !rest.starts_with('-');
    Some((unit, rest.get(1..)?, capture))
}

/// `target` without a promotion written after it (`K8=Q`, `K8/Q`, `K8(Q)`, `K8Q`).
fn strip_promotion(target: &str) -> &str {
    if let Some((square, _)) = target.find(['=', '/', '(']).and_then(|at| target.split_at_checked(at)) {
        return square;
    }
    match target.as_bytes() {
        [.., b'1'..=b'8', b'Q' | b'R' | b'B' | b'N'] => target.get(..target.len() - 1).unwrap_or(target),
        _ => target,
    }
}

/// `text` without the side of the board it may start with (`K` or `Q`, as in `KB3` or
/// `QRP`), unless that is all of it or the `K` starts `Kt`.
fn without_side(text: &str) -> &str {
    if text.starts_with("Kt") {
        return text;
    }
    text.strip_prefix(['K', 'Q']).filter(|rest| !rest.is_empty()).unwrap_or(text)
}

/// `text` without the piece whose file it may start with (`R`, `N`, `Kt`, `B`, as in
/// `BP` or `KtP`), unless that is all of it.
fn without_wing(text: &str) -> &str {
    ["Kt", "R", "N", "B"]
        .iter()
        .find_map(|wing| text.strip_prefix(wing).filter(|rest| !rest.is_empty()))
        .unwrap_or(text)
}

/// A unit as descriptive notation names it: `P N Kt B R Q K`, perhaps after its side and
/// wing (`KN`, `QBP`, `KtP`).
fn is_unit(text: &str) -> bool {
    matches!(without_wing(without_side(text)), "P" | "N" | "Kt" | "B" | "R" | "Q" | "K")
}

/// A square as descriptive notation names it: a file (`K`, `Q`, `B`, `KB`, `QN`, `KR`,
/// `QKt`) and a rank from 1 to 8.
fn is_square(text: &str) -> bool {
    let Some(file) = text.strip_suffix(['1', '2', '3', '4', '5', '6', '7', '8']) else { return false };
    matches!(without_side(file), "K" | "Q" | "R" | "N" | "Kt" | "B")
}
