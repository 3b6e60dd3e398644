//! A set of squares of the 12x12 grid, as a bit set.

#![allow(
    clippy::indexing_slicing,
    reason = "indices are Square::index() < SQUARE_SLOTS and Color::index() < 2, bounded by their types"
)]

use super::{Rect, Square, SQUARE_SLOTS};
use std::ops::{BitAnd, BitOr};

const WORDS: usize = SQUARE_SLOTS.div_ceil(64);

/// A set of squares: occupancy, craters, bubbles, blast areas.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SquareSet([u64; WORDS]);

impl SquareSet {
    pub const EMPTY: SquareSet = SquareSet([0; WORDS]);

    pub fn contains(&self, sq: Square) -> bool {
        self.0[sq.index() / 64] & (1 << (sq.index() % 64)) != 0
    }

    pub fn insert(&mut self, sq: Square) {
        self.0[sq.index() / 64] |= 1 << (sq.index() % 64);
    }

    pub fn remove(&mut self, sq: Square) {
        self.0[sq.index() / 64] &= !(1 << (sq.index() % 64));
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn union(self, other: SquareSet) -> SquareSet {
        self | other
    }

    /// The squares of `self` that are not in `other`.
    #[inline]
    pub fn difference(self, other: SquareSet) -> SquareSet {
        self.combine(other, |mine, theirs| mine & !theirs)
    }

    /// The set whose words are `op` of the two sets' words.
    #[inline]
    fn combine(self, other: SquareSet, op: impl Fn(u64, u64) -> u64) -> SquareSet {
        let [mine0, mine1, mine2] = self.0;
        let [theirs0, theirs1, theirs2] = other.0;
        SquareSet([op(mine0, theirs0), op(mine1, theirs1), op(mine2, theirs2)])
    }

    /// Whether the two sets share a square.
    #[inline]
    pub fn intersects(self, other: SquareSet) -> bool {
        !(self & other).is_empty()
    }

    /// The lowest square (a1 first, then upwards rank by rank).
    #[inline]
    pub fn first(&self) -> Option<Square> {
        let word = self.0.iter().position(|w| *w != 0)?;
        Square::from_index(word * 64 + self.0[word].trailing_zeros() as usize)
    }

    /// The highest square.
    #[inline]
    pub fn last(&self) -> Option<Square> {
        let word = self.0.iter().rposition(|w| *w != 0)?;
        Square::from_index(word * 64 + 63 - self.0[word].leading_zeros() as usize)
    }

    /// The one square of a set of one, else `None`.
    pub fn single(&self) -> Option<Square> {
        (self.len() == 1).then(|| self.first()).flatten()
    }

    /// The set of one square.
    pub fn only(sq: Square) -> SquareSet {
        SquareSet::EMPTY.with_index(sq.index())
    }

    /// The set with one more square, for tables built at compile time.
    pub(crate) const fn with_index(mut self, index: usize) -> SquareSet {
        self.0[index / 64] |= 1 << (index % 64);
        self
    }

    /// Every square of a rectangle.
    #[inline]
    pub fn of_rect(rect: Rect) -> SquareSet {
        let bands = &super::attacks::BANDS;
        let ranks = bands.ranks[usize::from(rect.min_rank)][usize::from(rect.max_rank)];
        let files = bands.files[usize::from(rect.min_file)][usize::from(rect.max_file)];
        ranks & files
    }

    /// Squares in increasing index order (a1, b1, ... rank by rank upwards).
    pub fn iter(&self) -> SquareSetIter {
        SquareSetIter { words: self.0, word: 0 }
    }
}

impl BitAnd for SquareSet {
    type Output = SquareSet;

    #[inline]
    fn bitand(self, other: SquareSet) -> SquareSet {
        self.combine(other, |mine, theirs| mine & theirs)
    }
}

impl BitOr for SquareSet {
    type Output = SquareSet;

    #[inline]
    fn bitor(self, other: SquareSet) -> SquareSet {
        self.combine(other, |mine, theirs| mine | theirs)
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

impl std::fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl IntoIterator for &SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;

    fn into_iter(self) -> SquareSetIter {
        self.iter()
    }
}

/// Iterator over the squares of a [`SquareSet`].
#[derive(Debug)]
pub struct SquareSetIter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for SquareSetIter {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        while self.word < WORDS {
            let bits = self.words[self.word];
            if bits != 0 {
                self.words[self.word] = bits & (bits - 1);
                return Square::from_index(self.word * 64 + bits.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}
