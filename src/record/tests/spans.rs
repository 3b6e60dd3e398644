//! Spans: every token of the tree slices back to its text.

use super::parse;
use super::Line;
use crate::record::ast::{Span, TurnPart};

fn slice(text: &str, span: Span) -> &str {
    text.get(span.start()..span.end()).unwrap_or_else(|| panic!("span {span:?} is not in the text"))
}

#[test]
fn tags_spans() {
    let text = "[Event \"Open \\\"A\\\"\"]\n[ Site  \"x\" ]\n\n*";
    let game = parse(text);
    assert_eq!(slice(text, game.tags[0].name.span), "Event");
    // The value's span is the text between the quotes, escapes as written.
    assert_eq!(slice(text, game.tags[0].value.span), "Open \\\"A\\\"");
    assert_eq!(slice(text, game.tags[1].name.span), "Site");
    assert_eq!(slice(text, game.tags[1].value.span), "x");
    assert_eq!(slice(text, game.result.clone().unwrap().span), "*");
}

#[test]
fn movetext_spans() {
    let text = "1. e4! {c1} 1... e5 $14 (1... c5 2.Nf3+) 2 . Re8+, Kg8!? ; end\n3. Nf3 & Bd3+ (****)g6:h5h7 1/2-1/2";
    let game = parse(text);
    let plies = &game.line.plies;
    let turns: Vec<_> = plies.iter().map(|p| slice(text, p.turn.span)).collect();
    assert_eq!(turns, vec!["e4!", "e5", "Re8+, Kg8!?", "Nf3 & Bd3+", "(****)g6:h5h7"]);
    let numbers: Vec<_> = plies.iter().filter_map(|p| p.number.as_ref().map(|n| slice(text, n.span))).collect();
    assert_eq!(numbers, vec!["1.", "1...", "2 .", "3."]);
    assert_eq!(slice(text, plies[0].nags[0].span), "!");
    assert_eq!(slice(text, plies[0].comments[0].span), "{c1}");
    assert_eq!(slice(text, plies[1].nags[0].span), "$14");
    assert_eq!(slice(text, plies[2].comments[0].span), "; end");
    let glyphs: Vec<_> = plies[2].nags.iter().map(|n| slice(text, n.span)).collect();
    assert_eq!(glyphs, vec!["!?"]);
    assert_eq!(slice(text, game.result.clone().unwrap().span), "1/2-1/2");

    let variation = &plies[1].variations[0].plies;
    assert_eq!(slice(text, variation[1].turn.span), "Nf3+");
    assert_eq!(slice(text, variation[1].number.as_ref().unwrap().span), "2.");

    let parts: Vec<_> = plies[3].turn.value.parts.iter().map(|p| slice(text, p.span)).collect();
    assert_eq!(parts, vec!["Nf3", "Bd3+"]);
    match &plies[2].turn.value.parts[0].value {
        TurnPart::Move { bounce: Some(bounce), .. } => assert_eq!(slice(text, bounce.span), "Kg8"),
        other => panic!("no bounce: {other:?}"),
    }
    assert_eq!(slice(text, plies[2].turn.value.parts[0].span), "Re8+, Kg8");
    match &plies[4].turn.value.parts[0].value {
        TurnPart::Bomb(bomb) => {
            let squares: Vec<_> = bomb.destroyed.iter().flatten().map(|s| slice(text, s.span)).collect();
            assert_eq!(squares, vec!["h5", "h7"]);
        }
        other @ TurnPart::Move { .. } => panic!("no bomb: {other:?}"),
    }
}

/// Checks the spans of every ply of a line and its variations against their values.
fn check_line(text: &str, line: &Line) {
    for ply in &line.plies {
        let turn = slice(text, ply.turn.span);
        assert!(!turn.is_empty() && !turn.starts_with(char::is_whitespace));
        for part in &ply.turn.value.parts {
            assert!(turn.contains(slice(text, part.span)));
        }
        for comment in &ply.comments {
            let written = slice(text, comment.span);
            assert!(written.contains(comment.value.as_str()), "{written:?} vs {:?}", comment.value);
        }
        for variation in &ply.variations {
            check_line(text, variation);
        }
    }
}

#[test]
fn spans_are_offsets_in_text_with_a_bom_and_multibyte_characters() {
    let text = "\u{feff}[Event \"Échecs ½\"]\n\n1. e4 {très bien…} 1… e5 ½-½";
    let game = parse(text);
    assert_eq!(slice(text, game.tags[0].value.span), "Échecs ½");
    assert_eq!(slice(text, game.line.plies[1].number.as_ref().unwrap().span), "1…");
    assert_eq!(slice(text, game.line.plies[1].turn.span), "e5");
    assert_eq!(slice(text, game.result.clone().unwrap().span), "½-½");
    check_line(text, &game.line);
}
