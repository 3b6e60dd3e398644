//! The tag names a game has so far, for the cut between games (a repeated name starts
//! the next game; the parser's warning about a name written twice within a game is
//! `tags::repeated_names`, over the tags it read).
//!
//! A game has a few tags, looked for among a short list; a game written to have
//! thousands (hostile input) has them looked up in a hash set instead, so that reading
//! its tags takes time in proportion to their number, not to its square.

use std::collections::HashSet;

/// Names looked for one by one up to this many; beyond it, in the hash set.
const LISTED: usize = 32;

/// The tag names of one game, with buffers kept from game to game.
#[derive(Debug, Default)]
pub(super) struct TagNames {
    /// The first `count` of these buffers hold the names, in the order seen.
    listed: Vec<Vec<u8>>,
    count: usize,
    /// Every name, once there are more than [`LISTED`].
    many: HashSet<Vec<u8>>,
}

impl TagNames {
    /// Forgets the names (for the next game); a large set's room is given back.
    pub(super) fn clear(&mut self) {
        self.count = 0;
        if !self.many.is_empty() {
            self.many = HashSet::new();
        }
    }

    /// Whether `name` is among the names.
    pub(super) fn contains(&self, name: &[u8]) -> bool {
        if self.count > LISTED {
            return self.many.contains(name);
        }
        let listed = self.listed.get(..self.count).unwrap_or(&[]);
        // Names of another length or first letter are passed over without a comparison.
        listed.iter().any(|known| known.len() == name.len() && known.first() == name.first() && known == name)
    }

    /// Adds `name` (not yet among the names).
    pub(super) fn insert(&mut self, name: &[u8]) {
        if self.count < LISTED {
            match self.listed.get_mut(self.count) {
                Some(slot) => {
                    slot.clear();
                    slot.extend_from_slice(name);
                }
                None => self.listed.push(name.to_vec()),
            }
        } else {
            if self.count == LISTED {
                self.many.extend(self.listed.iter().cloned());
            }
            self.many.insert(name.to_vec());
        }
        self.count += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::{TagNames, LISTED};

    #[test]
    fn names_are_found_before_and_after_the_list_fills() {
        let mut names = TagNames::default();
        let name = |i: usize| format!("T{i}").into_bytes();
        for i in 0..3 * LISTED {
            assert!(!names.contains(&name(i)), "T{i} before it is added");
            names.insert(&name(i));
            assert!((0..=i).all(|j| names.contains(&name(j))), "every name up to T{i}");
        }
        assert!(!names.contains(b"T999"));
        names.clear();
        assert!((0..3 * LISTED).all(|j| !names.contains(&name(j))), "nothing after clear");
        names.insert(b"Event");
        assert!(names.contains(b"Event") && !names.contains(b"Site"));
    }
}
