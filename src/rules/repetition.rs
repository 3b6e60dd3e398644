//! Repetition keys (O8): what two positions must share to count as the same.

use super::{zobrist, Position, Rules};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A 64-bit key of everything O8 compares: the position's own incremental key (units
/// with their counters, craters, bubbles, side to move, castling rights, bombs and
/// phase) and the en passant square when a capture there is possible. Clocks are
/// left out.
pub fn key<V: Rules + ?Sized>(variant: &V, pos: &Position) -> u64 {
    if pos.ep_square().is_none() {
        // No double step on the last ply: nothing to ask the variant.
        return pos.key();
    }
    let ep = variant.capturable_ep_square(pos).map_or(0, zobrist::en_passant);
    pos.key() ^ ep
}

/// Keys are already well mixed; hashing them again would only cost time.
#[derive(Debug, Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// How often each position of a line occurred, counted as cheaply as the variant
/// allows. Where no position before a turn that resets the halfmove clock can occur
/// again after it ([`Rules::clock_reset_ends_repetition`]), only the keys since the
/// last reset can match: they are kept in a short list, scanned at each new position,
/// and moved into a hash map only when the list is full, so that most plies touch no
/// map. Elsewhere every key goes into the map. Either way the counts are exact, and the
/// work per position stays bounded however long the line runs.
///
/// Most positions are new, so the list is scanned only when a small filter of the
/// keys since the last reset says the key may be among them: a bit per value of the
/// key's top seven bits, set for every key noted. A clear bit proves the key new, and
/// the position is counted without a loop whose length the processor cannot guess.
#[derive(Debug)]
pub struct Occurrences {
    /// The keys since the last reset that are not yet in `older`, oldest first.
    recent: Vec<u64>,
    /// A bit for each value of the top seven bits of the keys since the last reset
    /// (those in `recent` and in `older`).
    filter: u128,
    /// How often each key occurred, for the keys moved out of `recent`.
    older: HashMap<u64, u32, BuildHasherDefault<KeyHasher>>,
    /// Whether a clock reset forgets every earlier position.
    resets: bool,
}

/// How many keys the short list holds before they move into the map: enough for the
/// runs between captures and pawn moves of most games, few enough to scan at once.
const RECENT: usize = 32;

impl Occurrences {
    /// The occurrences of a line in `variant` that will hold about `positions`
    /// positions.
    pub fn new<V: Rules + ?Sized>(variant: &V, positions: usize) -> Occurrences {
        let resets = variant.clock_reset_ends_repetition();
        let room = if resets { 0 } else { positions };
        Occurrences {
            recent: Vec::with_capacity(if resets { RECENT } else { 0 }),
            older: HashMap::with_capacity_and_hasher(room, BuildHasherDefault::default()),
            filter: 0,
            resets,
        }
    }

    /// Notes one more occurrence of `pos` (its [`key`] is `key`), reached by a turn
    /// that reset the halfmove clock when `pos.halfmove()` is 0; how often it has
    /// occurred so far, this time included.
    pub fn note(&mut self, key: u64, pos: &Position) -> u32 {
        if !self.resets {
            let count = self.older.entry(key).or_insert(0);
            *count += 1;
            return *count;
        }
        if pos.halfmove() == 0 {
            // No earlier position can come back (O6's resets are for good here).
            self.recent.clear();
            self.older.clear();
            self.filter = 0;
        }
        let bit = 1u128 << (key >> 57);
        let maybe_seen = self.filter & bit != 0;
        self.filter |= bit;
        let mut count = 1;
        if maybe_seen {
            count += self.recent.iter().map(|&k| u32::from(k == key)).sum::<u32>();
            if !self.older.is_empty() {
                count += self.older.get(&key).copied().unwrap_or(0);
            }
        }
        if self.recent.len() == RECENT {
            for old in self.recent.drain(..) {
                *self.older.entry(old).or_insert(0) += 1;
            }
        }
        self.recent.push(key);
        count
    }
}

#[cfg(test)]
mod tests {
    use super::{Occurrences, RECENT};
    use crate::rules::{Color, Position, Role};
    use crate::variants::lookup;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    use std::collections::{BTreeMap, HashMap};

    /// A position of a line, reached by a turn that reset the clock or not.
    fn reached(reset: bool) -> Position {
        let variant = lookup("chess", &BTreeMap::new()).expect("chess");
        let fen = format!("4k3/8/8/8/8/8/8/4K3 w - - {} 1", u32::from(!reset));
        variant.read_snapshot(&fen).expect("a snapshot")
    }

    #[test]
    fn counts_are_those_of_every_position_since_the_last_reset() {
        // Lines of few distinct keys, long runs between resets (past the short list),
        // resets now and then: each count against a plain count since the last reset.
        let chess = lookup("chess", &BTreeMap::new()).expect("chess");
        let (kept, reset) = (reached(false), reached(true));
        let mut rng = SmallRng::seed_from_u64(7);
        let mut repeated = 0;
        for _ in 0..200 {
            let mut seen = Occurrences::new(chess.as_ref(), 0);
            let mut plain: HashMap<u64, u32> = HashMap::new();
            for _ in 0..rng.gen_range(1..4 * RECENT) {
                let clears = rng.gen_bool(0.02);
                if clears {
                    plain.clear();
                }
                // Keys that share their top bits and keys that do not, so that the
                // filter both lets a key through and proves one new.
                let key = [0, 1, 1 << 57, 1 << 63, 1 << 63 | 5, 0x0123_4567_89ab_cdef][rng.gen_range(0..6)];
                let expected = *plain.entry(key).and_modify(|n| *n += 1).or_insert(1);
                repeated += usize::from(expected >= 5);
                assert_eq!(seen.note(key, if clears { &reset } else { &kept }), expected);
            }
        }
        assert!(repeated > 1000, "only {repeated} keys seen five times");
    }

    /// What never goes back in a game of a variant whose clock resets are for good: the
    /// units on the board (fewer), the pawns (fewer), how far the pawns stand
    /// (further), the craters (more). Compared in that order, it never decreases.
    fn progress(pos: &Position) -> (i64, i64, i64, i64) {
        let board = pos.board();
        let pawns: i64 = Color::ALL
            .iter()
            .flat_map(|&c| {
                board.pieces_of(c, Role::Pawn).iter().map(move |sq| i64::from(sq.rank()) * i64::from(c.forward()))
            })
            .sum();
        let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        (-count(board.occupied().len()), -count(board.role_set(Role::Pawn).len()), pawns, count(pos.craters().len()))
    }

    #[test]
    fn a_clock_reset_is_for_good_where_a_variant_says_so() {
        // Where the variant says so, every turn that resets the clock moves the
        // progress strictly forward and no turn moves it back: no position before a
        // reset can come again. The variants that say no can undo a reset.
        let mut resets = 0;
        for id in ["chess", "tilting", "bellows", "bubble-fizz", "bouncing", "koopa"] {
            let variant = lookup(id, &BTreeMap::new()).expect("a variant");
            assert_eq!(variant.clock_reset_ends_repetition(), !matches!(id, "bouncing" | "koopa"), "{id}");
            if !variant.clock_reset_ends_repetition() {
                continue;
            }
            for seed in 0..20 {
                let mut rng = SmallRng::seed_from_u64(seed);
                let mut pos = variant.start();
                let mut turns = Vec::new();
                for _ in 0..150 {
                    turns.clear();
                    variant.legal_turns(&pos, &mut turns);
                    let Some(turn) = turns.get(rng.gen_range(0..turns.len().max(1))) else { break };
                    let after = variant.play(&pos, turn);
                    let (before, now) = (progress(&pos), progress(&after));
                    if after.halfmove() == 0 {
                        resets += 1;
                        assert!(now > before, "{id}: a reset without progress: {turn:?}");
                    } else {
                        assert!(now >= before, "{id}: progress undone by {turn:?}");
                    }
                    pos = after;
                }
            }
        }
        assert!(resets > 1500, "only {resets} resets");
    }
}
