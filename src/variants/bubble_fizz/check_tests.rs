//! The check a turn of one move gives, judged from the move, against `is_check`
//! after every such turn of the positions of seeded random games, under both `birth`
//! options.

use super::{Birth, BubbleFizz};
use crate::rules::Turn;
use crate::variants::prelude::*;
use crate::variants::tests::walk_random_games;

#[test]
fn check_by_move_agrees_with_is_check() {
    for birth in [Birth::Fizzle, Birth::Strike] {
        let variant = BubbleFizz::new(birth);
        let (mut judged, mut checks, mut left) = (0, 0, 0);
        walk_random_games(&variant, 12, 100, |pos, turns, _| {
            for turn in turns {
                let Turn::Move(mv) = turn else { continue };
                let after = variant.play(pos, turn);
                match variant.check_by_move(&after, mv) {
                    Some(check) => {
                        assert_eq!(check, variant.is_check(&after), "{birth:?}: {turn:?} in {pos:?}");
                        judged += 1;
                        checks += usize::from(check);
                    }
                    None => left += 1,
                }
            }
        });
        // Castling and en passant are left to `is_check`.
        assert!(
            judged > 10_000 && checks > 100 && left * 20 < judged,
            "{birth:?}: {judged} moves judged, {checks} checks, {left} left to is_check"
        );
    }
}
