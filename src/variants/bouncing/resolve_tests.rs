//! A move resolved from attacks against the listing it shortcuts: the move of every
//! legal turn (with a bounce or without) of seeded random games, written canonically
//! and from square to square, gives the same move and the same text both ways,
//! whether or not the replay says the side to move stands in check; asked for a whole
//! turn, a move written as its canonical text (in plain form) leaves the text unwritten,
//! and one written otherwise never does.

use super::notation::{move_from_attacks, move_from_listing};
use super::safety::KingSafety;
use super::Bouncing;
use crate::rules::san_from_attacks::tests::token;
use crate::rules::{Position, Turn};
use crate::variants::prelude::*;
use crate::variants::tests::walk_random_games;

/// Compares both ways for the move of every one of `turns`, the legal turns of `pos`;
/// how many tokens the attacks decided.
fn compare_at(variant: &Bouncing, pos: &Position, turns: &[Turn]) -> usize {
    let in_check = variant.is_check(pos);
    let mut decided = 0;
    for turn in turns {
        let [mv] = turn.moves() else { continue };
        let promotion = mv.promotion.map(|r| r.letter().to_string()).unwrap_or_default();
        let canonical = variant.write_move(pos, mv);
        for text in [canonical.clone(), format!("{}{}{promotion}", mv.from, mv.to)] {
            let san = token(&text);
            let mut listed = String::new();
            let expected = move_from_listing(variant, pos, &mut KingSafety::new(pos), &san, None, &mut listed);
            for (known, whole_turn) in [(Some(in_check), false), (None, false), (Some(in_check), true)] {
                let mut fast = String::from("left over");
                match move_from_attacks(pos, &san, known, &mut fast, whole_turn) {
                    Some(found) => {
                        assert_eq!(Ok(found), expected, "`{text}` in {pos:?}");
                        let as_written = whole_turn && text == canonical && !mv.is_castle();
                        assert_eq!(fast.is_empty(), as_written, "`{text}` in {pos:?}");
                        if fast.is_empty() {
                            san.write_plain(&mut fast);
                        }
                        assert_eq!(fast, listed, "`{text}` in {pos:?}");
                        decided += 1;
                    }
                    None => assert_eq!(fast, "", "`{text}` in {pos:?}"),
                }
            }
        }
    }
    decided
}

#[test]
fn resolution_from_attacks_agrees_with_the_listing() {
    let variant = Bouncing;
    let mut decided = 0;
    walk_random_games(&variant, 16, 80, |pos, turns, _| decided += compare_at(&variant, pos, turns));
    assert!(decided > 10_000, "only {decided} tokens resolved by attacks");
}
