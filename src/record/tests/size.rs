//! The size of the syntax tree: a plain ply is one small record, and a game's tree
//! takes a small constant times the bytes of its text.

use std::fmt::Write as _;

use super::parse;
use crate::record::lines::Ply;

#[test]
fn a_plain_ply_fits_in_sixty_four_bytes() {
    assert!(size_of::<Ply>() <= 64, "a ply takes {} bytes", size_of::<Ply>());
    // A move's token is copied for every ply the parser reads: more than sixteen bytes
    // cost the parser over 1 % more instructions on the benchmark corpus.
    let san = size_of::<crate::record::ast::SanToken>();
    assert!(san <= 16, "a move's token takes {san} bytes");
}

/// Checks that the tree of a game of `text` takes less than `bound` bytes per byte of
/// text. Arrays grow by doubling, so up to half of what is counted may be room not yet
/// used (and not yet touched).
fn assert_tree_within(text: &str, bound: usize) {
    let bytes = parse(text).tree_bytes();
    assert!(bytes < bound * text.len(), "{bytes} bytes of tree for {} of text: {}...", text.len(), &text[..30]);
}

#[test]
fn a_long_main_line_takes_a_few_bytes_per_byte_of_text() {
    let text = (1..=50_000).fold(String::new(), |mut text, n| {
        let _ = write!(text, "{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * n - 1, 2 * n);
        text
    });
    let game = parse(&text);
    assert_eq!(game.line().len(), 200_000);
    assert!(game.tree_bytes() <= 200_000 * 2 * 64, "{} bytes for 200,000 plies", game.tree_bytes());
    assert_tree_within(&text, 12);
}

#[test]
fn sibling_variations_and_annotations_take_a_few_bytes_per_byte_of_text() {
    for text in [
        format!("1. e4 {}e5 *", "(1. d4) ".repeat(100_000)),
        format!("1. e4 {}e5 *", "$1 {a} ".repeat(100_000)),
        format!("1. e4 {}e5 *", "(1. d4 {x} d5 $2) ".repeat(50_000)),
    ] {
        assert_tree_within(&text, 20);
    }
}

#[test]
fn a_dropped_games_buffer_serves_the_next_game_unless_it_is_large() {
    use crate::record::lines::Tree;
    // Whatever an earlier test on this thread left.
    drop(Tree::spare_main());
    drop(parse("1. e4 e5 2. Nf3 Nc6 *"));
    let kept = Tree::spare_main();
    assert!(kept.capacity() >= 4 && kept.is_empty(), "{} plies of room kept", kept.capacity());
    assert_eq!(Tree::spare_main().capacity(), 0, "a buffer is handed out once");
    let long = (1..=5_000).fold(String::new(), |mut text, n| {
        let _ = write!(text, "{n}. Nf3 Nf6 ");
        text
    });
    drop(parse(&long));
    assert_eq!(Tree::spare_main().capacity(), 0, "the buffer of a long game goes back to the allocator");
}

/// Whether each ply of the main line of `text` owns memory on the heap, as the tree's
/// drop judges it before forgetting a ply instead of dropping it.
fn heap_owners(text: &str) -> Vec<bool> {
    let game = crate::record::parse_game(text).expect("a game the parser reads");
    game.line().plies().map(|ply| ply.turn().owns_heap()).collect()
}

#[test]
fn only_turns_with_boxed_parts_own_heap_memory() {
    // A plain move, castling, a promotion and a null move own nothing.
    assert_eq!(heap_owners("1. e4 O-O 2. e8=Q -- *"), [false, false, false, false]);
    // A bounce, several parts and a bomb each hold a box.
    assert_eq!(heap_owners("1. Re8, Kg8 Nf3 & Bd3 2. (****)g6:h7f6 *"), [true, true, true]);
}
