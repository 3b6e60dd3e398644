//! Words about how a game ended, written outside any comment before the result or at
//! the end of the movetext (`32. Qh5 resigns`, `41... Kg7 White wins 1-0`,
//! `Draw agreed 1/2-1/2`): the parser reads them as a comment of the last ply, with a
//! remark, instead of stopping the game at the first of them.
//!
//! Only a run of words that nothing could take for a move qualifies: each token is a
//! word of text ([`super::text_words`]) that does not have the shape of a move written
//! without its rank (`Nf`, `exf`, `Bb`), one of them at least says how games end
//! ([`super::unread_forms::is_result_word`]), and after the run comes the result or
//! nothing. A mistyped move, a word between two moves, or words before a comment or a
//! variation still stop the game with an error, so that no written move vanishes.

use super::lex::{is_delimiter, skip, space_len};
use super::movetext::result;
use super::text_words::is_whole_text_word;
use super::unread_forms::is_result_word;

/// The length of the run of closing words that starts `text` (up to the end of its last
/// word), when the result or the end of the text follows it; `None` otherwise.
pub(crate) fn closing_words(text: &str) -> Option<usize> {
    let mut end = 0;
    let mut said_how = false;
    loop {
        let rest = skip(text, end);
        let token_start = end + space_len(rest, false);
        let token = skip(text, token_start);
        let len = token.bytes().position(is_delimiter).unwrap_or(token.len());
        let word = token.get(..len).unwrap_or_default();
        if len == 0 || !is_whole_text_word(word.as_bytes()) || has_move_shape(word) {
            let ends_here = token.is_empty() || result(token).is_ok();
            return (end > 0 && said_how && ends_here).then_some(end);
        }
        said_how |= is_result_word(word.trim_end_matches(['.', ',', '!', ':']));
        end = token_start + len;
    }
}

/// Whether `word` has the shape of a move whose rank was left out: a piece letter or a
/// file, then perhaps a capture sign and a file (`N`, `Nf`, `Nxf`, `ef`, `exf`, `Bb`),
/// with a check mark or glyphs after it.
fn has_move_shape(word: &str) -> bool {
    let core = word.trim_end_matches(['+', '#', '!', '?']).as_bytes();
    let is_file = |b: &u8| (b'a'..=b'l').contains(b);
    let is_piece = |b: &u8| matches!(b, b'K' | b'Q' | b'R' | b'B' | b'N' | b'P');
    let is_capture_sign = |b: &u8| matches!(b, b'x' | b':' | b'-');
    let core = match core.split_first() {
        Some((first, rest)) if is_piece(first) => rest,
        _ => core,
    };
    match core {
        [] => true,
        [a] => is_file(a),
        [a, b] => (is_file(a) || is_capture_sign(a)) && is_file(b),
        [a, sign, b] => is_file(a) && is_capture_sign(sign) && is_file(b),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::closing_words;

    #[test]
    fn words_up_to_the_result_or_the_end_are_closing_words() {
        for (text, words) in [
            ("resigns", "resigns"),
            ("resigns 1-0", "resigns"),
            ("White wins 1-0\n", "White wins"),
            ("Black resigned.\n\n0-1", "Black resigned."),
            ("Draw agreed 1/2-1/2", "Draw agreed"),
            ("White won on time *", "White won on time"),
            ("resigns\n", "resigns"),
        ] {
            assert_eq!(closing_words(text).and_then(|len| text.get(..len)), Some(words), "{text:?}");
        }
    }

    #[test]
    fn anything_a_move_could_be_or_that_goes_on_is_no_closing_word() {
        for text in [
            // No word says how the game ended.
            "Smith 1-0",
            "on the board",
            // A move without its rank, or with one.
            "Nf resigns 1-0",
            "resigns Nxf 1-0",
            "resigns exf",
            "wins Bb",
            "resigns e5 1-0",
            // More movetext, a comment or a variation after the words.
            "resigns 2. e4",
            "resigns {time} 1-0",
            "draw (1-0)",
            "draw; offered",
            // A digit in a word.
            "White wins in 41 moves 1-0",
            "",
        ] {
            assert_eq!(closing_words(text), None, "{text:?}");
        }
    }
}
