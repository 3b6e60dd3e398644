//! The fast path reads every token as the grammar does: for random soups of tokens (the
//! common ones, their near misses and every lenient form) and of characters, the game
//! read with the fast path equals the game read by the grammar's rules alone, error
//! included.

use proptest::prelude::*;

use crate::record::ast::TurnPart;
use crate::record::fast;
use crate::record::parser::{read_game_by, Path};

/// Tokens and pieces of tokens: what the fast path reads, what it must leave to the
/// grammar, and what is no token at all.
pub(super) const TOKENS: &[&str] = &[
    "1.",
    "12...",
    "1...",
    "1.e4",
    "nf3",
    "qxf7#",
    "r1a3",
    "(=)",
    "1 .",
    "3…",
    "12…",
    "007.",
    "1234567890.",
    "0.",
    "0.5-0.5",
    "o-o",
    "o-o-o",
    "+=",
    "±",
    "=",
    "0.5",
    "1/2",
    "½",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "½-½",
    "1:0",
    "1–0",
    "1 - 0",
    "0 -1",
    "1- 0",
    "1/2 - 1/2",
    "½ : ½",
    "1/2 - 1",
    "-",
    ":",
    "–",
    "e4",
    "exd5",
    "ed5",
    "e:d5",
    "ed",
    "exd",
    "e-d",
    "Nbd7",
    "Nf3",
    "R1a3",
    "Qh4e1",
    "Ng1xf3",
    "e8=Q",
    "e8Q",
    "e8(Q)",
    "e8/Q",
    "e8=q",
    "e8=",
    "e8(Q",
    "d7d8q",
    "a1a1q",
    "e2e4k",
    "O-O",
    "O-O-O",
    "0-0",
    "0-0-0",
    "O‑O",
    "O-O‑O",
    "O-O-",
    "Nf3+",
    "Qxf7#",
    "Qh5++",
    "e4!",
    "Nf3!?",
    "e4?!",
    "Nf3!!?",
    "$1",
    "$255",
    "$256",
    "$0012",
    "$",
    "{a comment}",
    "{ [%clk 0:05:00] }",
    "{\u{a0}no-break space\u{a0}}",
    "{}",
    "{",
    "}",
    ";line\n",
    "(",
    ")",
    "(****)g6",
    "(****)g6:h7f6",
    "Re8, Kg8+",
    "Bh6,g7f8",
    "Bh6, g7-f8",
    "Bh6, g7-f8#",
    "Re8+, Kg8",
    "Re8+, Kg8+",
    "Re8, Kg8!",
    "Re8, Kg8!?",
    "exd6, e5-e4",
    "exd6 e.p., e5-e4",
    "e8=Q, Kf8-g8",
    "Re8, g7",
    "Re8, g7f8",
    "Re8, g7-",
    "Re8, g7-f",
    "Re8, Kg8-",
    "Re8, Kg8-h8",
    "Re8, K",
    "Re8, Kg",
    "Re8,  Kg8",
    "Re8 , Kg8",
    "Re8,\nKg8",
    "Re8, ♔g8",
    "Re8, Kg8 & Nf3",
    "Re8, Kg8,",
    "Re8, Kg8, Kh8",
    "Rb10, Kb11",
    "Rb10, b11-b12",
    "Ra1, Kb13",
    "Ra1, a1-a1",
    "Re8, 6878",
    "O-O, Kg8",
    "Nf3 & Bd3",
    "e4&d4",
    "&",
    "Black",
    "О-О",
    "о-о-о+",
    "ОО",
    "Оc4",
    "1-0.",
    "0-1..",
    "1/2-1/2.",
    "resigned.",
    "Draw agreed",
    "White:",
    "Белые",
    "Résultat",
    "john@example.com",
    "Oooooooooooooo",
    "Blackresigned1",
    "OO",
    "oo+",
    ",",
    "exd6 e.p.",
    "exd6ep",
    "e5 ep",
    "e4 epsilon",
    "Nf3 & Bd3+",
    "e5 & Nc6",
    "a3 & Kb1",
    "a3 & Kb1 & c4#",
    "g3 & Rd1!?",
    "O-O & a3",
    "a3 & O-O-O",
    "a3&Kb1",
    "a3 &Kb1",
    "a3& Kb1",
    "a3 &  Kb1",
    "a3 &\nKb1",
    "a3+ & Kb1",
    "a3 & Kb1+ & c4",
    "a3 & ",
    "& a3",
    "a3 & & Kb1",
    "a3 & Kb1&c4",
    "a3 & Kb1! & c4",
    "a3 & Kb1, Kg8",
    "a3 & Kb1,",
    "Re8, Kg8 & a3",
    "a3 & exd6 e.p.",
    "a3 & exd6 ep",
    "a3 & 5254",
    "a3 & ♘f3",
    "a3 & O-",
    "a3 & (****)g6",
    "(****)g6 & a3",
    "(****)e3+",
    "(****)g6:h7f6g5h5",
    "(****)g6:h7f6!",
    "(****)g6:h7#?",
    "(****)k11:l12k10",
    "(****)g6:",
    "(****)",
    "(****)z9",
    "(****)g6h7",
    "(****)g6:h7x",
    "(****)g6, Kg8",
    "(****)g6:h7,",
    "(***)g6",
    "(****)g6 :h7",
    "--",
    "Z0",
    "♘f3",
    "e8=♕",
    "e8♕",
    "Zz9",
    "5254",
    "62714",
    "5171+",
    "g10=Q",
    "k11",
    "a12",
    "a13",
    "Rb10xb12",
    "xd5",
    "…",
    "e4e5",
    "e2-e4",
    "Ng1-f3",
    "P",
    "Pe4",
    "Pexd5",
    "e",
    "x",
    "+",
    "!",
    "?",
    "e4,",
    "12345.",
    "[Event \"x\"]",
    "%escape\n",
    "Kx",
    "B",
    "bc4",
    "b8B",
    "h9",
    "l12",
    "m4",
    "E4",
    "Ö",
    "O",
    "O-",
    "0",
    "9",
    "½",
    "ch",
    "Qxf7ch",
    "Qf7ch!",
    "cxh",
    "chx",
    "check",
    "mate",
    "Qh4mate",
    "checkmate",
    "1",
    "12",
    "0",
    "OO",
    "OOO",
    "oo",
    "1)",
    "3))",
    "е4",
    "Кс3",
    "Крe2",
    "Кд3",
    "Фd1+",
    "Mate",
    "Ch",
    "CHECK",
];

/// Tag pairs in their plain, lenient and broken forms.
pub(super) const TAGS: &[&str] = &[
    "[Event \"a\"]",
    "[ Site  \"b c\" ]",
    "[White\t\"M\u{fc}ller\"\t]",
    "[W \"x\\\"y\"]",
    "[P \"C:\\path\"]",
    "[X \"open]",
    "[Y \"v\"",
    "[Z",
    "[\"v\"]",
    "[Round \"\"]",
    "[A+B#C \"1\"]",
    "{tag comment}",
    "; line\n",
];

/// What may stand between two tokens.
const GAPS: &[&str] = &[" ", "\n", "", "\t", "\r\n", "  ", "\n%skip\n", "\n\n", "\r\n \r\n"];

pub(super) fn soup(pieces: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop::collection::vec((prop::sample::select(pieces), prop::sample::select(GAPS)), 0..40)
        .prop_map(|parts| parts.into_iter().flat_map(|(piece, gap)| [piece, gap]).collect())
}

/// Random characters of the alphabet records are made of.
pub(super) fn characters() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = "aeh18OQNPx=+#!?-.$(){}&, \n0/:;*[]\"e.p♘…".chars().collect();
    prop::collection::vec(prop::sample::select(alphabet), 0..80).prop_map(|chars| chars.into_iter().collect())
}

fn assert_same_reading(text: &str) {
    let fast = read_game_by(text, Path::Fast);
    let grammar = read_game_by(text, Path::Grammar);
    assert_eq!(fast, grammar, "the fast path reads {text:?} differently");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn token_soups_read_alike(tags in soup(TAGS), moves in soup(TOKENS)) {
        assert_same_reading(&format!("{tags}{moves}"));
    }

    #[test]
    fn character_soups_read_alike(tags in soup(TAGS), text in characters()) {
        assert_same_reading(&format!("{tags}{text}"));
        assert_same_reading(&format!("1. {text}"));
    }
}

#[test]
fn every_token_alone_and_in_company_reads_alike() {
    for token in TOKENS {
        for text in [token.to_string(), format!("1. e4 {token} e5 *"), format!("1. {token}!"), format!("{token}+")] {
            assert_same_reading(&text);
        }
    }
    for tag in TAGS {
        assert_same_reading(&format!("{tag}\n1. e4 *"));
    }
}

/// Turns the fast path reads itself.
const TAKEN: &[&str] = &[
    "Nbd7",
    "exd5",
    "e8=Q+",
    "O-O",
    "O-O-O#",
    "Nf3!?",
    "e4",
    "Rb10xb12",
    "Re8, Kg8+",
    "Bh6, g7-f8",
    "Nf3 & Bd3+",
    "e5 & Nc6 & a3",
    "(****)e3",
    "(****)g6:h7f6g5h5+!",
];

/// Turns the fast path leaves to the grammar.
const LEFT: &[&str] = &[
    "♘f3",
    "Re8,Kg8",
    "Re8, Kf8-g8",
    "Nf3&Bd3",
    "a3+ & Kb1",
    "a3 & Kb1, Kg8",
    "(****)g6:",
    "--",
    "Zz9",
    "O‑O",
    "exd6 e.p.",
];

#[test]
fn the_fast_path_takes_the_common_tokens() {
    for token in TAKEN {
        assert!(fast::turn(token, token.len(), |_| ()).is_some(), "{token}");
    }
    for token in LEFT {
        assert!(fast::turn(token, token.len(), |_| ()).is_none(), "{token}");
    }
    assert!(fast::move_number("12...").is_some() && fast::move_number("12 .").is_none());
    assert!(fast::result("1/2-1/2").is_some() && fast::result("½-½").is_none());
    assert!(fast::nag("$14").is_some() && fast::nag("$256").is_none());
}

#[test]
fn comment_bodies_are_trimmed_as_unicode_trims_them() {
    for body in ["", " ", " a ", "\u{a0}a\u{a0}", "\u{3000} a b \t", "é", " \u{85}x\u{85} ", "a\r\n", "\u{b}x\u{c}"] {
        let text = format!("{{{body}}}");
        let (_, (start, end)) = crate::record::lex::brace_comment(&text).unwrap();
        assert_eq!(&text[start..end], body.trim(), "{body:?}");
    }
}

/// Moves in plain form (the canonical shape: English letters, `x`, `=` and an upper-case
/// letter) and moves in every other form the parser reads, each read by both paths.
#[test]
fn both_paths_tell_the_plain_form() {
    let plain =
        ["e4", "Nf3", "exd5", "Nbd2", "R1a3", "Qh4xe1", "e8=Q", "bxa8=N+", "Kxe2#", "Rb10xb12", "e2e4", "Ng1f3"];
    let other = [
        "Pe4",
        "e:d5",
        "N:f3",
        "Ng1-f3",
        "e2-e4",
        "ed",
        "exd",
        "e8Q",
        "e8=q",
        "e8/Q",
        "e8(Q)",
        "e7e8q",
        "e8=P",
        "Sf3",
        "♘f3",
        "5254",
        "O-O",
        "0-0",
        "exd6 e.p.",
        "exd6ep",
    ];
    for (texts, expected) in [(&plain[..], true), (&other[..], false)] {
        for text in texts {
            for path in [Path::Fast, Path::Grammar] {
                let (game, error) = read_game_by(&format!("{text} *"), path);
                assert!(error.is_none(), "{text}");
                let ply = game.line().plies().next().expect("one ply");
                let TurnPart::Move { san, .. } = &ply.turn().parts()[0].value else { panic!("{text}: a move") };
                assert_eq!(san.is_plain(), expected, "{text} by {path:?}");
                if expected {
                    let mut written = String::new();
                    san.write_plain(&mut written);
                    assert_eq!(written, text.trim_end_matches(['+', '#']), "{text} by {path:?}");
                }
            }
        }
    }
}
