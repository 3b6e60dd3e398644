//! The size of the syntax tree: a plain ply is one small record, and a game's tree
//! takes a small constant times the bytes of its text.

use super::parse;
use crate::record::lines::Ply;

#[test]
fn a_plain_ply_fits_in_sixty_four_bytes() {
    assert!(size_of::<Ply>() <= 64, "a ply takes {} bytes", size_of::<Ply>());
}

/// Bytes of tree per byte of text, for a game of `text`. Arrays grow by doubling, so up
/// to half of what is counted may be room not yet used (and not yet touched).
fn bytes_per_text_byte(text: &str) -> f64 {
    let game = parse(text);
    game.tree_bytes() as f64 / text.len() as f64
}

#[test]
fn a_long_main_line_takes_a_few_bytes_per_byte_of_text() {
    let text = (1..=50_000).map(|n| format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * n - 1, 2 * n)).collect::<String>();
    let game = parse(&text);
    assert_eq!(game.line().len(), 200_000);
    let per_ply = game.tree_bytes() as f64 / 200_000.0;
    assert!(per_ply <= 2.0 * 64.0, "{per_ply} bytes per ply");
    assert!(bytes_per_text_byte(&text) < 12.0, "{} bytes per byte", bytes_per_text_byte(&text));
}

#[test]
fn sibling_variations_and_annotations_take_a_few_bytes_per_byte_of_text() {
    for text in [
        format!("1. e4 {}e5 *", "(1. d4) ".repeat(100_000)),
        format!("1. e4 {}e5 *", "$1 {a} ".repeat(100_000)),
        format!("1. e4 {}e5 *", "(1. d4 {x} d5 $2) ".repeat(50_000)),
    ] {
        let ratio = bytes_per_text_byte(&text);
        assert!(ratio < 20.0, "{ratio} bytes per byte for {}", &text[..30]);
    }
}
