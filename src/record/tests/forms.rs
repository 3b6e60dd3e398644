//! The input forms beyond SAN: long algebraic and UCI, ICCF numeric, other letters and
//! figurines, castling dashes, result and move-number forms, null moves, and reading as
//! far as the syntax allows.

use super::{normal, parse, plies, san, turn};
use crate::record::ast::{CheckMark, GameResult, SanToken, Span};
use crate::record::read_game;

#[test]
fn uci_and_long_algebraic_moves() {
    assert_eq!(san("g1f3"), normal(None, Some('g'), Some(1), false, Some("f3"), 'f', None));
    assert_eq!(san("e1-g1"), normal(None, Some('e'), Some(1), false, Some("g1"), 'g', None));
    assert_eq!(san("d7d8q"), normal(None, Some('d'), Some(7), false, Some("d8"), 'd', Some('Q')));
    assert_eq!(san("a1a1q"), normal(None, Some('a'), Some(1), false, Some("a1"), 'a', Some('Q')));
    assert_eq!(san("e7xd8=q"), normal(None, Some('e'), Some(7), true, Some("d8"), 'd', Some('Q')));
    // Lower-case promotion only after a move from square to square.
    assert!(crate::record::parse_game("1. d8q").is_err());
}

#[test]
fn iccf_numeric_moves_and_promotions() {
    assert_eq!(san("5254"), normal(None, Some('e'), Some(2), false, Some("e4"), 'e', None));
    assert_eq!(san("62714"), normal(None, Some('f'), Some(2), false, Some("g1"), 'g', Some('♘')));
    assert_eq!(plies("1. 5254 5755 2. 7163").len(), 3);
    // Digits beyond the board, or a dot, make no move.
    assert!(crate::record::parse_game("1. 5294").is_err());
    assert_eq!(plies("1234. e4")[0].number.as_ref().map(|n| n.value.number), Some(1234));
}

#[test]
fn letters_of_every_language_and_figurines_are_piece_letters() {
    assert_eq!(san("Sf3"), normal(Some('S'), None, None, false, Some("f3"), 'f', None));
    assert_eq!(san("♘f3"), normal(Some('♘'), None, None, false, Some("f3"), 'f', None));
    assert_eq!(san("♞xe5"), normal(Some('♞'), None, None, true, Some("e5"), 'e', None));
    assert_eq!(san("e8=D"), normal(None, None, None, false, Some("e8"), 'e', Some('D')));
    assert_eq!(san("e8♕"), normal(None, None, None, false, Some("e8"), 'e', Some('♕')));
}

#[test]
fn lower_case_letters_that_are_no_file_name_the_moving_unit() {
    assert_eq!(san("nf3"), normal(Some('N'), None, None, false, Some("f3"), 'f', None));
    assert_eq!(san("qxf7"), normal(Some('Q'), None, None, true, Some("f7"), 'f', None));
    assert_eq!(san("r1a3"), normal(Some('R'), None, Some(1), false, Some("a3"), 'a', None));
    // `b` and `k` are files (Bellows' boards reach `l`): pawn moves.
    assert_eq!(san("bc4"), normal(None, Some('b'), None, false, Some("c4"), 'c', None));
    assert_eq!(san("kd3"), normal(None, Some('k'), None, false, Some("d3"), 'd', None));
}

#[test]
fn castling_with_any_dash() {
    for written in ["O-O", "0-0", "O\u{2011}O", "O\u{2013}O", "0\u{2014}0", "O\u{2212}O"] {
        assert_eq!(san(written), SanToken::Castle { long: false }, "{written}");
    }
    assert_eq!(san("O\u{2013}O\u{2013}O"), SanToken::Castle { long: true });
    // Lower case `o` is no file, so `o-o` can only be castling.
    assert_eq!(san("o-o"), SanToken::Castle { long: false });
    assert_eq!(san("o-o-o"), SanToken::Castle { long: true });
    // Without hyphens, with the letter: `OO`, `OOO` (zeros make a number, `00`).
    assert_eq!(san("OO"), SanToken::Castle { long: false });
    assert_eq!(san("OOO"), SanToken::Castle { long: true });
    assert_eq!(san("oo"), SanToken::Castle { long: false });
    assert_eq!(turn("1. OO+").check, Some(CheckMark::Check));
    assert!(crate::record::parse_game("1. OOOO").is_err());
    assert!(crate::record::parse_game("1. O-OO").is_err());
    // The Cyrillic `О` a Russian keyboard types, in either case, the same all through.
    assert_eq!(san("О-О"), SanToken::Castle { long: false });
    assert_eq!(san("о-о-о"), SanToken::Castle { long: true });
    assert_eq!(san("ОО"), SanToken::Castle { long: false });
    assert!(crate::record::parse_game("1. О-O").is_err());
    // As a piece letter `О` is Bulgarian's bishop: `Оc4` is a move of that unit.
    assert!(matches!(san("Оc4"), SanToken::Normal { .. }));
}

#[test]
fn move_numbers_without_a_dot_or_with_a_parenthesis_are_whites_with_one_remark() {
    let game = parse("1 e4 e5 2 Nf3 Nc6 3 Bb5 *");
    let numbers: Vec<_> = game.line.plies.iter().filter_map(|p| p.number.as_ref().map(|n| n.value)).collect();
    assert_eq!(numbers.iter().map(|n| (n.number, n.black)).collect::<Vec<_>>(), [(1, false), (2, false), (3, false)]);
    assert_eq!(game.line.plies.len(), 5);
    assert_eq!(game.remarks.len(), 1);
    assert_eq!(game.remarks.first().map(|r| r.span), Some(Span::new(0, 1)));
    // Black's number keeps its dots; a spaced result is still a result.
    assert_eq!(
        parse("12 ... Nf6 *").line.plies.first().and_then(|p| p.number.as_ref()).map(|n| n.value.black),
        Some(true)
    );
    assert_eq!(parse("1 e4 e5 1 - 0").result.as_ref().map(|r| r.value), Some(GameResult::WhiteWins));
    // `12)` too, when nothing but a delimiter follows its parenthesis.
    let game = parse("1) e4 e5 2) Nf3 (2) d4) Nc6 *");
    assert_eq!(game.line.plies.len(), 4);
    assert_eq!(game.line.plies.get(2).map(|p| p.variations.len()), Some(1));
    assert!(game.remarks.first().is_some_and(|r| r.value.contains("as `1)`; PGN writes `1.`")));
    assert!(crate::record::parse_game("1. e4 (1. d4 2))").is_err());
    // Four digits without a dot are a mistyped ICCF move, not a number.
    assert!(crate::record::parse_game("1. 5294").is_err());
}

#[test]
fn result_forms() {
    for (written, result) in [
        ("1:0", GameResult::WhiteWins),
        ("0:1", GameResult::BlackWins),
        ("½-½", GameResult::Draw),
        ("½:½", GameResult::Draw),
        ("0.5-0.5", GameResult::Draw),
        ("1\u{2013}0", GameResult::WhiteWins),
        ("1/2-1/2", GameResult::Draw),
        // A half point written once: the draw.
        ("1/2", GameResult::Draw),
        ("½", GameResult::Draw),
        ("0.5", GameResult::Draw),
    ] {
        let game = parse(&format!("1. e4 {written}"));
        assert_eq!(game.result.clone().map(|r| r.value), Some(result), "{written}");
    }
}

#[test]
fn dots_after_a_move_number_make_it_blacks() {
    for text in ["1. e4 1. ... e5", "1. e4 1...e5", "1. e4 1. …  e5", "1. e4 1 . ... e5"] {
        let plies = plies(text);
        let number = plies[1].number.as_ref().map(|n| n.value);
        assert_eq!(number.map(|n| (n.number, n.black)), Some((1, true)), "{text}");
    }
}

#[test]
fn null_moves_are_turns_without_parts() {
    assert!(turn("--").parts.is_empty());
    assert!(turn("Z0").parts.is_empty());
    assert_eq!(plies("1. e4 (1. -- e5) e5").len(), 2);
}

#[test]
fn an_unclosed_tag_quote_is_read_up_to_the_bracket_with_a_remark() {
    let game = parse("[Event \"Club game]\n[White \"Ann\"]\n\n1. e4 *");
    assert_eq!(game.tag("Event"), Some("Club game"));
    assert_eq!(game.tag("White"), Some("Ann"));
    assert_eq!(game.remarks.len(), 1);
}

#[test]
fn bare_quotes_inside_a_tag_value_are_read_up_to_the_quote_before_the_bracket() {
    let game =
        parse("[Event \"The \"Big\" Open\"]\n[Site \"6\" board\"]\n[White \"a \"b\"] [Black \"Bob\"]\n\n1. e4 *");
    assert_eq!(game.tag("Event"), Some("The \"Big\" Open"));
    assert_eq!(game.tag("Site"), Some("6\" board"));
    // The first quote that only spaces part from a `]` closes the value: the tag pair
    // after it on the line is its own.
    assert_eq!(game.tag("White"), Some("a \"b"));
    assert_eq!(game.tag("Black"), Some("Bob"));
    assert_eq!(game.remarks.len(), 3);
    // Escaped quotes, and a quote that closes the pair before spaces, are no remark.
    let game = parse("[Event \"The \\\"Big\\\" Open\" ]\n\n1. e4 *");
    assert_eq!(game.tag("Event"), Some("The \"Big\" Open"));
    assert!(game.remarks.is_empty());
    // A quote with text after it and no closing quote before a `]` is still an error.
    let (_, error) = read_game("[Event \"The \"Big Open]\n\n1. e4 *");
    assert!(error.is_some_and(|e| e.message.contains("`]` to close the tag pair")));
}

#[test]
fn a_check_mark_written_apart_from_its_move_is_the_moves_with_a_remark() {
    let game = parse("1. f3 e5 2. g4 Qh4 # 0-1");
    let last = game.line.plies.last().expect("a ply");
    assert_eq!(last.turn.value.check, Some(CheckMark::Mate));
    // The move's span stays the move's: warnings quote it as written.
    assert_eq!(last.turn.span, Span::new(15, 18));
    assert_eq!(game.remarks.len(), 1);
    assert_eq!(game.remarks.first().map(|r| r.span), Some(Span::new(19, 20)));
    assert_eq!(plies("1. e4 e5 2. Qh5 ++ *").last().and_then(|p| p.turn.value.check), Some(CheckMark::Mate));
    assert_eq!(plies("1. e4 + *").last().and_then(|p| p.turn.value.check), Some(CheckMark::Check));
    // In a variation too.
    let game = parse("1. e4 (1. d4 + d5) e5 *");
    let variation = game.line.plies.first().and_then(|p| p.variations.first()).expect("a variation");
    assert_eq!(variation.plies.first().and_then(|p| p.turn.value.check), Some(CheckMark::Check));
    // A mark with no move, after a marked move, or after an annotation is an error.
    for (text, message) in [
        ("# 1. e4 *", "a check mark must follow a move"),
        ("1. e4+ + *", "the move before already has its check mark"),
        ("1. e4 ! + *", "a check mark must follow its move, before any annotation"),
    ] {
        let (_, error) = read_game(text);
        assert_eq!(error.map(|e| e.message), Some(message.to_owned()), "{text}");
    }
}

#[test]
fn a_check_mark_in_words_glued_or_apart_is_the_moves_with_a_remark() {
    for (text, mark, move_span, word_span) in [
        ("1. e4 e5 2. Qxf7ch *", CheckMark::Check, Span::new(12, 16), Span::new(16, 18)),
        ("1. e4 e5 2. Qf7ch! *", CheckMark::Check, Span::new(12, 15), Span::new(15, 17)),
        ("1. e4 e5 2. Qxf7 ch *", CheckMark::Check, Span::new(12, 16), Span::new(17, 19)),
        ("1. e4 e5 2. Qxf7 check *", CheckMark::Check, Span::new(12, 16), Span::new(17, 22)),
        ("1. f3 e5 2. g4 Qh4mate 0-1", CheckMark::Mate, Span::new(15, 18), Span::new(18, 22)),
        ("1. f3 e5 2. g4 Qh4 checkmate 0-1", CheckMark::Mate, Span::new(15, 18), Span::new(19, 28)),
        ("1. f3 e5 2. g4 Qh4 Mate 0-1", CheckMark::Mate, Span::new(15, 18), Span::new(19, 23)),
        ("1. e4 e5 2. Qxf7 Check *", CheckMark::Check, Span::new(12, 16), Span::new(17, 22)),
    ] {
        let game = parse(text);
        let last = game.line.plies.last().expect("a ply");
        assert_eq!(last.turn.value.check, Some(mark), "{text}");
        assert_eq!(last.turn.span, move_span, "{text}");
        assert_eq!(game.remarks.first().map(|r| r.span), Some(word_span), "{text}");
        assert!(game.remarks.first().is_some_and(|r| r.value.contains("is a check mark in words")), "{text}");
    }
    // Glyphs after the word stay the move's.
    let game = parse("1. e4 e5 2. Qf7ch! *");
    assert_eq!(game.line.plies.last().map(|p| p.nags.len()), Some(1));
    // `cxh` is still a pawn's capture (which the rules refuse), and a word is no move.
    assert_eq!(plies("1. cxh *").first().map(|p| p.turn.value.parts.len()), Some(1));
    for (text, message) in [
        ("ch 1. e4 *", "a check mark must follow a move"),
        ("1. e4+ ch *", "the move before already has its check mark"),
        ("1. Qf7chx *", "`Qf7chx` is not a move"),
    ] {
        let (_, error) = read_game(text);
        assert_eq!(error.map(|e| e.message), Some(message.to_owned()), "{text}");
    }
}

#[test]
fn reading_stops_at_a_syntax_error_and_keeps_what_came_before() {
    let (game, error) = read_game("1. e4 e5 2. Nf3 (2. Bc4 Nf6 3. Zz9 Nc6 *");
    assert_eq!(error.map(|e| e.message), Some("`Zz9` is not a move".to_string()));
    assert_eq!(game.line().len(), 3);
    assert_eq!(game.line().ply(2).unwrap().variations().next().unwrap().len(), 2);
    let (game, error) = read_game("1. e4 (1. d4 d5");
    assert!(error.is_some_and(|e| e.message.starts_with("unclosed variation")));
    assert_eq!(game.line().first().unwrap().variations().len(), 1);
}
