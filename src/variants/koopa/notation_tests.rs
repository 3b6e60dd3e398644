//! A move found from attacks against the listing it shortcuts: the move of every
//! legal turn of seeded random games, written canonically and from square to square,
//! gives the same move and text both ways whenever the attacks decide it.

use super::notation::move_from_attacks;
use super::Koopa;
use crate::record::parse_game;
use crate::rules::san;
use crate::rules::Turn;
use crate::variants::prelude::*;
use crate::variants::tests::walk_random_games;

#[test]
fn moves_from_attacks_agree_with_the_listing() {
    let variant = Koopa;
    let mut decided = 0;
    walk_random_games(&variant, 16, 100, |pos, turns, _| {
        for turn in turns {
            let Turn::Move(mv) = turn else { continue };
            let promotion = mv.promotion.map(|r| r.letter().to_string()).unwrap_or_default();
            let canonical = variant.write_move(pos, mv);
            for text in [canonical.clone(), format!("{}{}{promotion}", mv.from, mv.to)] {
                let game = parse_game(&format!("{text} *")).expect("a move the parser reads");
                let token = game.line().plies().next().expect("one ply").turn().clone();
                let mut listed = String::new();
                let expected = san::resolve_single_move_into(&variant, pos, &token, &mut listed);
                let mut fast = String::from("left over");
                match move_from_attacks(pos, &token, &mut fast) {
                    Some(found) => {
                        assert_eq!(Ok(Turn::Move(found)), expected, "`{text}` in {pos:?}");
                        // Left empty exactly when written as the canonical text.
                        assert_eq!(fast.is_empty(), text == canonical, "`{text}` in {pos:?}");
                        san::write_if_as_written(&token, &mut fast);
                        assert_eq!(fast, listed, "`{text}` in {pos:?}");
                        decided += 1;
                    }
                    None => assert_eq!(fast, "", "`{text}` in {pos:?}"),
                }
            }
        }
    });
    assert!(decided > 10_000, "only {decided} moves found from attacks");
}
