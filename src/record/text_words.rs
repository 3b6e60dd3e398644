//! Words of text after a game's result (`1-0 Black resigned`, or a signature under the
//! last game of an e-mail): the cut between games keeps them with the game they follow,
//! and the parser reads the rest of their line as a comment, with a remark. A token is
//! such a word when it cannot be anything movetext holds, which the cut between games
//! must tell from a token's first bytes alone (it keeps no more).

/// How many of a token's first bytes the cut between games keeps, and so all that
/// [`is_text_word`] may look at besides the token's digits.
pub(crate) const WORD_HEAD_BYTES: usize = 12;

/// Whether a token that starts with `byte` may be a word of text: an ASCII letter, or
/// the first byte of a character from U+00C0 on (accented Latin, Cyrillic, Greek ...;
/// `½`, whose first byte is 0xC2, is not one).
pub(crate) fn may_start_word(byte: u8) -> bool {
    byte.is_ascii_alphabetic() || (0xc3..=0xf4).contains(&byte)
}

/// Whether a token of movetext is a word of text: it starts with a letter, holds no
/// digit, and is neither castling written with letters (`O-O`, `OO`) nor a pawn's
/// capture written by files alone (`ed`, `exd`). `head` is the token's first bytes (all
/// of them when `whole`), and `digit` says whether a digit stands anywhere in the token.
/// Every move but those two forms names a rank, so no move is taken for a word.
pub(crate) fn is_text_word(head: &[u8], whole: bool, digit: bool) -> bool {
    let Some(&first) = head.first() else { return false };
    if !may_start_word(first) || digit {
        return false;
    }
    // What may follow a move: its check mark and its glyphs.
    let core_len = head.iter().rposition(|b| !matches!(b, b'+' | b'#' | b'!' | b'?')).map_or(0, |at| at + 1);
    let core = head.get(..core_len).unwrap_or_default();
    let castling = matches!(first, b'O' | b'o') && core.iter().all(|b| matches!(b, b'O' | b'o' | b'-'));
    let is_file = |b: &u8| (b'a'..=b'l').contains(b);
    let files_capture = match core {
        [from, to] => is_file(from) && is_file(to),
        [from, b'x' | b':', to] => is_file(from) && is_file(to),
        _ => false,
    };
    !(whole && (castling || files_capture))
}

/// [`is_text_word`] of a whole token, judged as the cut between games judges it.
pub(crate) fn is_whole_text_word(token: &[u8]) -> bool {
    let head = token.get(..WORD_HEAD_BYTES).unwrap_or(token);
    is_text_word(head, head.len() == token.len(), token.iter().any(u8::is_ascii_digit))
}

#[cfg(test)]
mod tests {
    use super::{is_text_word, is_whole_text_word};

    #[test]
    fn words_are_told_from_moves() {
        for word in
            ["Black", "resigned.", "resigns", "Draw", "agreed", "White:", "time", "forfeit", "Résultat", "Белые"]
        {
            assert!(is_whole_text_word(word.as_bytes()), "{word}");
        }
        for token in
            ["e4", "Nf3", "Qxf7#", "O-O", "O-O-O+", "OO", "ooo", "ed", "exd", "dxe+", "Крe2", "--", "Z0", "1.", "½"]
        {
            assert!(!is_whole_text_word(token.as_bytes()), "{token}");
        }
    }

    #[test]
    fn a_long_token_is_judged_by_its_first_bytes_and_its_digits() {
        // The cut between games keeps twelve bytes of a token: `Oooooooooooo...` cut
        // there is no castling (too long), and a digit past them still tells.
        assert!(is_text_word(b"Ooooooooooo", false, false));
        assert!(!is_text_word(b"Ooooooooooo", true, false));
        assert!(!is_text_word(b"Blackresigne", false, true));
    }
}
