//! Movetext inside a `;` comment. PGN's `;` starts a comment that runs to the end of its
//! line, and some records use it as a separator between moves (`1. e4 e5; 2. Nf3 Nc6;
//! *`): the moves after it are then silently not played. A comment that reads as
//! movetext and nothing else gets a remark, so that the game's shortened line does
//! not pass unnoticed; it is still a comment, as PGN reads it.

use super::fast;
use super::movetext::result_of_text;

/// Whether the body of a `;` comment is movetext and nothing else: move numbers, turns
/// written plainly in English and results, separated by white space or `;`, with one
/// turn or result at least. A comment of words (`; 12. Nf3 was better`) is not.
pub(crate) fn is_movetext(body: &str) -> bool {
    let mut holds_play = false;
    for token in body.split([' ', '\t', '\r', ';']).filter(|token| !token.is_empty()) {
        // A move number, possibly with its turn glued to it (`2.Nf3`).
        let after_number = fast::move_number(token).map_or(token, |(rest, _)| rest);
        if after_number.is_empty() {
            continue;
        }
        if !fast::is_whole_turn(after_number) && result_of_text(after_number).is_none() {
            return false;
        }
        holds_play = true;
    }
    holds_play
}

#[cfg(test)]
mod tests {
    use super::is_movetext;

    #[test]
    fn moves_numbers_and_results_are_movetext() {
        for body in [" 2. Nf3 Nc6; *", " 2.Nf3 Nc6", "1-0", " 12... Qxf7+ 13. O-O-O", "Nf3;"] {
            assert!(is_movetext(body), "{body:?}");
        }
    }

    #[test]
    fn words_and_numbers_alone_are_not() {
        for body in [" 12. Nf3 was better", " a fine move", " 12.", "", "  ", " see move 12"] {
            assert!(!is_movetext(body), "{body:?}");
        }
    }
}
