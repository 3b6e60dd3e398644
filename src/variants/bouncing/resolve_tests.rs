//! A move resolved from attacks against the listing it shortcuts: the move of every
//! legal turn (with a bounce or without) of seeded random games, written canonically
//! and from square to square, gives the same move and the same text both ways,
//! whether or not the replay says the side to move stands in check.

use super::notation::{move_from_attacks, move_from_listing};
use super::safety::KingSafety;
use super::Bouncing;
use crate::rules::san_from_attacks::tests::token;
use crate::rules::Position;
use crate::variants::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Compares both ways for the move of every legal turn of `pos`; how many tokens the
/// attacks decided.
fn compare_at(variant: &Bouncing, pos: &Position) -> usize {
    let mut turns = Vec::new();
    variant.legal_turns(pos, &mut turns);
    let in_check = variant.is_check(pos);
    let mut decided = 0;
    for turn in &turns {
        let [mv] = turn.moves() else { continue };
        let promotion = mv.promotion.map(|r| r.letter().to_string()).unwrap_or_default();
        for text in [variant.write_move(pos, mv), format!("{}{}{promotion}", mv.from, mv.to)] {
            let san = token(&text);
            let mut listed = String::new();
            let expected = move_from_listing(variant, pos, &mut KingSafety::new(pos), &san, None, &mut listed);
            for known in [Some(in_check), None] {
                let mut fast = String::from("left over");
                match move_from_attacks(pos, &san, known, &mut fast) {
                    Some(found) => {
                        assert_eq!(Ok(found), expected, "`{text}` in {pos:?}");
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
    for seed in 0..16 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut pos = variant.start();
        for _ in 0..80 {
            decided += compare_at(&variant, &pos);
            let mut turns = Vec::new();
            variant.legal_turns(&pos, &mut turns);
            if turns.is_empty() {
                break;
            }
            pos = variant.play(&pos, &turns[rng.gen_range(0..turns.len())]);
        }
    }
    assert!(decided > 10_000, "only {decided} tokens resolved by attacks");
}
