//! Bad input: each mistake gives a `ParseError` with a plain message and a span on it.

use super::{error, plies};
use crate::record::parse_game;

#[test]
fn unclosed_comment() {
    assert_eq!(error("1. e4 {never closed\n2. d4"), ("unclosed comment, opened here".into(), "{".into()));
}

#[test]
fn unclosed_variation() {
    assert_eq!(error("1. e4 (1. d4 (1. c4) d5 2. c4"), ("unclosed variation, opened here".into(), "(".into()));
}

#[test]
fn stray_closing_parenthesis() {
    assert_eq!(error("1. e4 e5) 2. Nf3"), ("unbalanced `)`: no variation is open".into(), ")".into()));
}

#[test]
fn variation_before_any_move() {
    let expected = ("a variation must follow the move it replaces".to_owned(), "(".to_owned());
    assert_eq!(error("(1. e4) 1. d4"), expected);
    assert_eq!(error("1. e4 ((1. d4))"), expected);
}

#[test]
fn bad_tags() {
    assert_eq!(error("[Event]\n1. e4"), ("expected a tag value in double quotes".into(), "]".into()));
    assert_eq!(error("[Event x]\n"), ("expected a tag value in double quotes".into(), "x".into()));
    assert_eq!(error("[\"x\"]"), ("expected a tag name after `[`".into(), "\"".into()));
    assert_eq!(error("[Event \"x\" 1. e4"), ("expected `]` to close the tag pair".into(), "1".into()));
    let (message, span) = error("[Event \"x\n1. e4");
    assert!(message.starts_with("unclosed tag value"), "{message}");
    assert_eq!(span, "\"");
    assert_eq!(error("1. e4 [Event \"x\"]").0, "a tag pair cannot stand in the movetext");
}

#[test]
fn garbage_tokens_are_named() {
    assert_eq!(error("1. e4 Zz9 2. d4"), ("`Zz9` is not a move".into(), "Zz9".into()));
    assert_eq!(error("1. e4 ---"), ("`---` is not a move".into(), "---".into()));
    assert_eq!(error("1. e4x"), ("`e4x` is not a move".into(), "e4x".into()));
    assert_eq!(error("1. Nbd"), ("`Nbd` is not a move".into(), "Nbd".into()));
    assert_eq!(error("1. e-d"), ("`e-d` is not a move".into(), "e-d".into()));
    assert_eq!(error("1. m4"), ("`m4` is not a move".into(), "m4".into()));
    assert_eq!(error("1. a13"), ("`a13` is not a move".into(), "a13".into()));
    assert_eq!(error("1. Re8, Kg8x"), ("`Re8, Kg8x` is not a move".into(), "Re8, Kg8x".into()));
    assert_eq!(error("1. e4 & Zz9"), ("`Zz9` is not a move".into(), "Zz9".into()));
    assert_eq!(error("1. e4 \u{0}"), ("`\\0` is not a move".into(), "\u{0}".into()));
    assert_eq!(error("1. e4 *x"), ("`*x` is not a move".into(), "*x".into()));
    assert_eq!(error("1. e4 .x"), ("`x` is not a move".into(), "x".into()));
}

#[test]
fn moves_in_another_script_are_named_so() {
    let named = |letter: &str, script: &str| {
        format!(
            "`{letter}` is a {script} letter, and arbiter reads squares in the Latin alphabet (`d3`; of the \
             Cyrillic letters, only `а`, `с` and `е` as the files a, c and e), piece letters in English, in a \
             language `--lang` names (Russian's `Кр Ф Л С К` among them) or in figurines, and ICCF numbers"
        )
    };
    // A file typed in Cyrillic (`д` for d), after a Latin or a Cyrillic piece letter.
    let cyrillic = named("д", "Cyrillic");
    assert_eq!(error("1. e4 e5 2. Nд3"), (format!("`Nд3` is not a move: {cyrillic}"), "Nд3".into()));
    assert_eq!(error("1. e4 e5 2. Кд3"), (format!("`Кд3` is not a move: {cyrillic}"), "Кд3".into()));
    assert!(error("1. Крд2").0.ends_with(&cyrillic), "{}", error("1. Крд2").0);
    assert!(error("1. д4").0.starts_with("`д4` is not a move: `д` is a Cyrillic letter"));
    // The Cyrillic letters that look like `a`, `c` and `e` are those files.
    assert_eq!(plies("1. е4 е5 2. Кс3 а6 *").len(), 4);
    assert!(error("1. Ιf3").0.ends_with(&named("Ι", "Greek")));
    // Figurines and Cyrillic piece letters are read, and so never reach this message.
    assert!(parse_game("1. ♘f3 ♞f6 *").is_ok());
    assert!(parse_game("1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. Крe2 *").is_ok());
}

#[test]
fn words_of_text_are_named_so() {
    for word in ["resigns", "draw", "Black", "agreed"] {
        let expected =
            format!("`{word}` is not a move: it is a word of text, which belongs in a comment: `{{{word}}}`");
        // Between two moves: words about how the game ended stand only before its result.
        assert_eq!(error(&format!("1. e4 e5 {word} 2. Nf3 1-0")).0, expected);
    }
    // Only the words records write about a game's end are named so.
    for token in ["exdx", "KtxP", "Nfxe", "wonder", "resigns2"] {
        assert!(!error(&format!("1. e4 e5 {token} 1-0")).0.contains("word of text"), "{token}");
    }
}

#[test]
fn descriptive_notation_is_named_so() {
    let descriptive = "it looks like descriptive notation (`P-K4`, `N-KB3`), which arbiter does not read: moves \
                       are read in algebraic notation (`e4`, `Nf3`)";
    for token in [
        "P-K4", "N-KB3", "N-B3", "PxP", "PxPch", "Q-R5ch", "B-N5", "B-KN5", "KtxP", "QR-Q1", "P-QR4", "BxN", "P-K8=Q",
        "P-K8/Q", "KBPxP", "K-Q2", "R-K1+", "P-Q4!",
    ] {
        assert_eq!(
            error(&format!("1. {token}")),
            (format!("`{token}` is not a move: {descriptive}"), token.to_owned())
        );
    }
    // Not descriptive: a lower-case file, a wrong rank or unit, no operator.
    for token in ["Zz9", "Nbd", "e-d", "P-K9", "X-K4", "PK4", "P-", "-K4", "N-Z3"] {
        assert_eq!(error(&format!("1. {token}")).0, format!("`{token}` is not a move"), "{token}");
    }
}

#[test]
fn two_moves_written_together_are_named_so() {
    for (token, moves) in
        [("Nf3Nc6", "Nf3 Nc6"), ("exd5Nxd5", "exd5 Nxd5"), ("O-ONf6", "O-O Nf6"), ("Qh5+Ke7", "Qh5+ Ke7")]
    {
        let expected = format!(
            "`{token}` is not a move: it reads as two moves written together, `{moves}`; write a space between them"
        );
        assert_eq!(error(&format!("1. e4 e5 2. {token} *")).0, expected);
    }
    // One move and garbage, or a long token, is not.
    for token in ["Nf3zz", "Nf3Nc", &"Nf3".repeat(20)] {
        assert!(!error(&format!("1. {token} *")).0.contains("two moves"), "{token}");
    }
}

#[test]
fn long_garbage_is_quoted_short() {
    let text = format!("1. {}", "z".repeat(10_000));
    let (message, span) = error(&text);
    assert!(message.len() < 100, "{message}");
    assert_eq!(span.len(), 10_000);
}

#[test]
fn incomplete_extensions() {
    assert_eq!(error("1. e4 &"), ("expected a move after `&`".into(), String::new()));
    assert_eq!(error("1. Re8, 2. Kg8").0, "expected a bounce such as `Kg8` or `g7-f8` after the comma");
    assert_eq!(error("1. (****)").0, "expected the target square of the bomb");
    assert_eq!(
        error("1. (****)g6: e4"),
        ("expected the squares of the destroyed units after the colon".into(), " ".into())
    );
}

#[test]
fn numbers_and_nags() {
    assert_eq!(error("0 e4"), ("a move number needs a dot, as in `12.` or `12...`".into(), "0".into()));
    assert_eq!(error("12x e4"), ("`12x` is not a move".into(), "12x".into()));
    assert_eq!(error("99999999999. e4").0, "`99999999999` is too large for a move number");
    assert_eq!(error("1. e4 $256"), ("`$256` is not a NAG: NAGs run from $0 to $255".into(), "$256".into()));
    assert_eq!(error("1. e4 $x"), ("`$x` is not a NAG: `$` needs a number".into(), "$x".into()));
    assert_eq!(error("$1 1. e4"), ("a NAG must follow a move".into(), "$1".into()));
    assert_eq!(error("! 1. e4"), ("a NAG must follow a move".into(), "!".into()));
}

#[test]
fn moves_after_the_result() {
    assert_eq!(error("1. e4 e5 1-0 2. Nf3"), ("the movetext goes on after the result of the game".into(), "2.".into()));
    assert_eq!(error("1. e4 * e5").1, "e5");
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    // Each variation replaces the ply before it, 200 deep is allowed.
    let nested = |depth: usize| format!("1. e4 {}{}", "(e5 ".repeat(depth), ")".repeat(depth));
    assert!(parse_game(&nested(200)).is_ok());
    let deeper = error(&nested(201));
    assert_eq!(deeper.0, "variations are nested more than 200 deep");

    let text = format!("1. e4 {}", "(e5 ".repeat(100_000));
    assert_eq!(error(&text).0, "variations are nested more than 200 deep");
    let text = format!("1. e4 {}", "(".repeat(100_000));
    assert_eq!(error(&text).0, "a variation must follow the move it replaces");
}

#[test]
fn no_input_panics() {
    // A few byte soups around every kind of token.
    let pieces = [
        "[", "]", "\"", "\\", "{", "}", "(", ")", "(****)", ":", ",", "&", "e", "4", "10", "x", "-", "=", "Q", "O-O",
        "0", "1", ".", "...", "…", "½", "/", "$", "2", "!", "?", "+", "#", " ", "\n", "\r", "%", ";", "*", "é",
        "\u{0}",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..20_000 {
        let mut text = String::new();
        for _ in 0..(seed % 12) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            text.push_str(pieces[(seed % pieces.len() as u64) as usize]);
        }
        if let Err(error) = parse_game(&text) {
            assert!(error.span.start() <= error.span.end() && error.span.end() <= text.len(), "{text:?}: {error:?}");
            assert!(text.is_char_boundary(error.span.start()) && text.is_char_boundary(error.span.end()), "{text:?}");
            assert!(!error.message.is_empty());
        }
    }
}
