//! The key of the bubbles, kept as they come and go (births, entries, the rise),
//! against the key of the same position read from its snapshot, whose bubbles are
//! keyed one by one, after every turn of seeded random games, under both `birth`
//! options.

use super::{Birth, BubbleFizz};
use crate::variants::prelude::*;
use crate::variants::tests::walk_random_games;

#[test]
fn kept_keys_match_keys_of_the_snapshot() {
    for birth in [Birth::Fizzle, Birth::Strike] {
        let variant = BubbleFizz::new(birth);
        let mut compared = 0;
        walk_random_games(&variant, 12, 100, |pos, turns, _| {
            for turn in turns {
                let after = variant.play(pos, turn);
                let snapshot = variant.write_snapshot(&after);
                let read = variant.read_snapshot(&snapshot).expect("a position's own snapshot reads back");
                assert_eq!(after.key(), read.key(), "{birth:?}: {snapshot}");
                assert_eq!(after.variant(), read.variant(), "{birth:?}: {snapshot}");
                compared += 1;
            }
        });
        assert!(compared > 10_000, "{birth:?}: {compared} positions compared");
    }
}
