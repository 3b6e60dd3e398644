//! Movetext: move numbers, comments, escape lines, NAGs and glyphs, variations,
//! results, and tag pairs.

use super::{error, parse, plies};
use crate::record::ast::{GameResult, MoveNumber};

/// The written SAN of each ply of a line, as text.
fn written(text: &str, plies: &[super::Ply]) -> Vec<String> {
    plies.iter().map(|p| text[p.turn.span.start()..p.turn.span.end()].to_owned()).collect()
}

#[test]
fn move_numbers_attach_to_the_next_ply() {
    let text = "1. e4 e5 2.Nf3 2... Nc6 3 . Bb5 3…a6 4..Ba4";
    let plies = plies(text);
    let numbers: Vec<_> = plies.iter().map(|p| p.number.as_ref().map(|n| n.value)).collect();
    let number = |number, black| Some(MoveNumber { number, black });
    assert_eq!(
        numbers,
        vec![
            number(1, false),
            None,
            number(2, false),
            number(2, true),
            number(3, false),
            number(3, true),
            number(4, true)
        ]
    );
    assert_eq!(written(text, &plies), vec!["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"]);
}

#[test]
fn comments_are_trimmed_and_attached_to_the_ply_before() {
    let text = "{ before } 1. e4 { [%clk 0:05:00] } e5 {a\nlong,\n comment } ; rest of line \n2. Nf3 {} *";
    let game = parse(text);
    assert_eq!(game.line.comments.iter().map(|c| c.value.as_str()).collect::<Vec<_>>(), vec!["before"]);
    let plies = &game.line.plies;
    assert_eq!(plies[0].comments[0].value, "[%clk 0:05:00]");
    let second: Vec<_> = plies[1].comments.iter().map(|c| c.value.as_str()).collect();
    assert_eq!(second, vec!["a\nlong,\n comment", "rest of line"]);
    assert_eq!(plies[2].comments[0].value, "");
}

#[test]
fn fides_draw_offer_mark_is_a_comment_of_the_move_before() {
    let game = parse("1. e4 e5 2. Nf3 (=) Nc6 (2... d6 (=)) 3. Bb5 *");
    let plies = &game.line.plies;
    assert_eq!(plies.len(), 5);
    assert_eq!(plies[2].comments[0].value, "(=)");
    assert!(plies[2].variations.is_empty());
    assert_eq!(plies[3].variations[0].plies[0].comments[0].value, "(=)");
    // A NAG at the start of a variation says that the variation has no move yet.
    assert_eq!(error("1. e4 ($1 1. d4) *").0, "a NAG must follow a move, and this variation has none before it");
}

#[test]
fn escape_lines_are_skipped() {
    let text = "%first line escaped\n[Event \"x\"]\n%between tags\n\n1. e4 e5\n% a note { not a comment\n2. Nf3 *";
    let game = parse(text);
    assert_eq!(game.tag("Event"), Some("x"));
    assert_eq!(game.line.plies.len(), 3);
    // A `%` that is not in the first column is not an escape.
    assert!(crate::record::parse_game("1. e4 %e5").is_err());
}

#[test]
fn nags_and_glyphs_in_order() {
    let text = "1. e4! $14 e5?? 2. Nf3 !? $1 $255 Nc6?! 3. Bb5!! a6? *";
    let plies = plies(text);
    let nags: Vec<Vec<u8>> = plies.iter().map(|p| p.nags.iter().map(|n| n.value).collect()).collect();
    assert_eq!(nags, vec![vec![1, 14], vec![4], vec![5, 1, 255], vec![6], vec![3], vec![2]]);
    assert_eq!(written(text, &plies)[0], "e4!");
}

#[test]
fn evaluation_symbols_written_apart_are_their_nags() {
    let text = "1. e4 = e5 += 2. Nf3 \u{b1} Nc6 +- 3. Bb5 \u{221e} a6 =+ 4. Ba4 \u{2213} Nf6 -+ 5. O-O \u{25a1} +/= =/\u{221e} *";
    let nags: Vec<Vec<u8>> = plies(text).iter().map(|p| p.nags.iter().map(|n| n.value).collect()).collect();
    assert_eq!(
        nags,
        vec![vec![10], vec![14], vec![16], vec![18], vec![13], vec![15], vec![17], vec![19], vec![7, 14, 44]]
    );
    // Only a symbol alone is one: glued to more, or before any move, it is refused as before.
    assert_eq!(error("1. e4 +-+").0, "`+-+` is not a move");
    assert_eq!(error("1. e4 =Q").0, "`=Q` is not a move");
    assert_eq!(error("\u{b1} 1. e4").0, "a NAG must follow a move");
}

#[test]
fn variations_attach_to_the_ply_they_replace() {
    let text = "1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4) 1... e5 2. Nf3 (2. f4 exf4) Nc6";
    let game = parse(text);
    let main = &game.line.plies;
    assert_eq!(written(text, main), vec!["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(main[0].variations.len(), 2);
    let first = &main[0].variations[0].plies;
    assert_eq!(written(text, first), vec!["d4", "d5", "c4"]);
    assert_eq!(written(text, &first[1].variations[0].plies), vec!["Nf6", "c4"]);
    assert_eq!(written(text, &main[0].variations[1].plies), vec!["c4"]);
    assert!(main[1].variations.is_empty());
    assert_eq!(written(text, &main[2].variations[0].plies), vec!["f4", "exf4"]);
}

#[test]
fn comments_at_the_start_of_a_variation_belong_to_it() {
    let game = parse("1. e4 ({with d4} 1. d4 {then}) e5");
    let variation = &game.line.plies[0].variations[0];
    assert_eq!(variation.comments[0].value, "with d4");
    assert_eq!(variation.plies[0].comments[0].value, "then");
}

#[test]
fn results() {
    for (text, result) in [
        ("1. e4 1-0", GameResult::WhiteWins),
        ("1. e4 0-1", GameResult::BlackWins),
        ("1. e4 1/2-1/2", GameResult::Draw),
        ("1. e4 ½-½", GameResult::Draw),
        ("1. e4 *", GameResult::Unknown),
    ] {
        assert_eq!(parse(text).result.clone().map(|r| r.value), Some(result), "{text}");
    }
    assert_eq!(parse("1. e4 e5").result, None);
    // A result alone: a game without moves.
    let empty = parse("[Result \"*\"]\n\n*\n");
    assert!(empty.line.plies.is_empty());
    assert_eq!(empty.result.clone().map(|r| r.value), Some(GameResult::Unknown));
}

#[test]
fn a_result_in_a_variation_is_ignored() {
    let game = parse("1. e4 (1. f3 e5 2. g4 Qh4# 0-1) e5 1-0");
    assert_eq!(game.result.clone().map(|r| r.value), Some(GameResult::WhiteWins));
    assert_eq!(game.line.plies[0].variations[0].plies.len(), 4);
}

#[test]
fn a_full_stop_after_a_result_written_as_one_token_is_the_results() {
    for (text, result) in [("1. e4 1-0.\n", GameResult::WhiteWins), ("1. e4 0.5-0.5.", GameResult::Draw)] {
        let game = parse(text);
        assert_eq!(game.game.result.as_ref().map(|r| r.value), Some(result), "{text:?}");
        assert_eq!(game.game.remarks.len(), 1, "{text:?}");
        assert!(game.game.remarks[0].value.starts_with("a full stop after the result is read as part of it"));
    }
    // Two full stops, or one after a result written with spaces, are not read.
    assert!(crate::record::read_game("1. e4 1-0..\n").1.is_some());
    assert!(crate::record::read_game("1. e4 1 - 0.\n").1.is_some());
}

#[test]
fn a_result_alone_in_parentheses_is_ignored_with_a_remark() {
    let game = parse("1. e4 e5 (1-0)\n");
    assert!(game.game.result.is_none());
    assert_eq!(game.game.remarks.len(), 1);
    assert!(game.game.remarks[0].value.starts_with("a result in parentheses, `(1-0)`, is read as a variation"));
    // A variation's own line may end with a result: no remark.
    assert!(parse("1. e4 e5 (1... c5 2. Nf3 1-0) *\n").game.remarks.is_empty());
}

#[test]
fn words_after_the_result_are_a_comment_to_the_end_of_their_line() {
    let game = parse("1. e4 1-0 Black resigned (time) {c}\r\nWhite: A. Player\n");
    let comments: Vec<&str> = game.line.plies[0].comments.iter().map(|c| c.value.as_str()).collect();
    assert_eq!(comments, vec!["Black resigned (time) {c}", "White: A. Player"]);
    assert_eq!(game.game.remarks.len(), 2);
    assert!(game.game.remarks[0].value.contains("`{Black resigned (time) {c}}`"), "{:?}", game.game.remarks);
    // Before the result a word between moves, or a mistyped move, still stops the game
    // (words about how the game ended, right before the result, do not: see
    // `closing_words`), and after the result a move is still no word.
    assert!(crate::record::read_game("1. e4 resigns e5 1-0\n").1.is_some());
    assert!(crate::record::read_game("1. e4 Nf resigns 1-0\n").1.is_some());
    assert!(crate::record::read_game("1. e4 1-0 e5\n").1.is_some());
}

#[test]
fn words_about_how_the_game_ended_before_the_result_or_at_the_end_are_a_comment() {
    for (text, words, result) in [
        ("1. e4 e5 White wins 1-0\n", "White wins", Some(GameResult::WhiteWins)),
        ("1. e4 e5 Black resigned.\n\n0-1", "Black resigned.", Some(GameResult::BlackWins)),
        ("1. e4 e5 resigns", "resigns", None),
    ] {
        let game = parse(text);
        assert_eq!(game.line.plies.len(), 2, "{text:?}");
        assert_eq!(game.line.plies[1].comments[0].value, words, "{text:?}");
        assert_eq!(game.game.result.as_ref().map(|r| r.value), result, "{text:?}");
        assert_eq!(game.game.remarks.len(), 1, "{text:?}");
        let expected = format!(
            "words about how the game ended are read as a comment; PGN writes comments in braces: `{{{words}}}`"
        );
        assert_eq!(game.game.remarks[0].value, expected);
    }
}

#[test]
fn a_semicolon_comment_that_holds_moves_is_still_a_comment_with_a_remark() {
    let game = parse("1. e4 e5; 2. Nf3 Nc6; *\n2. Nf3 *");
    assert_eq!(game.line.plies.len(), 3);
    assert_eq!(game.line.plies[1].comments[0].value, "2. Nf3 Nc6; *");
    assert_eq!(game.game.remarks.len(), 1);
    assert!(
        game.game.remarks[0]
            .value
            .starts_with("`;` starts a comment that runs to the end of its line: `2. Nf3 Nc6; *`"),
        "{:?}",
        game.game.remarks
    );
    // A comment of words earns no remark.
    assert!(parse("1. e4 e5 ; 2. Nf3 was better\n*").game.remarks.is_empty());
}

#[test]
fn comments_may_follow_the_result() {
    let game = parse("1. e4 1-0 {Black resigned}\n");
    assert_eq!(game.line.plies[0].comments[0].value, "Black resigned");
}

#[test]
fn tag_pairs() {
    let text =
        "[Event \"Club \\\"open\\\" \\\\ 2025\"]\n[ Site   \"here\" ]\n[White \"\"]\n[Round \"a\\b\"]\n\n1. e4 *";
    let game = parse(text);
    let tags: Vec<_> = game.tags.iter().map(|t| (t.name.value.as_str(), t.value.value.as_str())).collect();
    assert_eq!(tags, vec![("Event", "Club \"open\" \\ 2025"), ("Site", "here"), ("White", ""), ("Round", "a\\b")]);
    assert_eq!(game.tag("Site"), Some("here"));
    assert_eq!(game.tag("Black"), None);
}

#[test]
fn comments_among_tags_go_to_the_main_line() {
    let game = parse("[Event \"x\"]\n{about the game}\n[Site \"y\"]\n; more\n1. e4");
    assert_eq!(game.tags.len(), 2);
    let comments: Vec<_> = game.line.comments.iter().map(|c| c.value.as_str()).collect();
    assert_eq!(comments, vec!["about the game", "more"]);
}

#[test]
fn crlf_line_ends() {
    let text = "[Event \"x\"]\r\n[Site \"y\"]\r\n\r\n1. e4 ; note\r\ne5 {a\r\nb} 2. Nf3 *\r\n";
    let game = parse(text);
    assert_eq!(game.tag("Site"), Some("y"));
    let plies = &game.line.plies;
    assert_eq!(plies.len(), 3);
    assert_eq!(plies[0].comments[0].value, "note");
    assert_eq!(&text[plies[0].comments[0].span.start()..plies[0].comments[0].span.end()], "; note");
    assert_eq!(plies[1].comments[0].value, "a\r\nb");
}

#[test]
fn empty_and_blank_texts_are_empty_games() {
    for text in ["", "   \n\n", "\u{feff}", "%only an escape line\n"] {
        let game = parse(text);
        assert!(game.tags.is_empty() && game.line.plies.is_empty() && game.result.is_none(), "{text:?}");
    }
}
