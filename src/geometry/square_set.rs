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

    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.0[sq.index() / 64] & (1 << (sq.index() % 64)) != 0
    }

    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0[sq.index() / 64] |= 1 << (sq.index() % 64);
    }

    /// Inserts `sq` when `condition` holds, without a branch (for loops whose
    /// condition a processor cannot guess).
    #[inline]
    pub fn insert_if(&mut self, sq: Square, condition: bool) {
        self.0[sq.index() / 64] |= u64::from(condition) << (sq.index() % 64);
    }

    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0[sq.index() / 64] &= !(1 << (sq.index() % 64));
    }

    /// The set's words, a bit per slot of the grid (for hashing it whole).
    #[inline]
    pub fn words(self) -> [u64; WORDS] {
        self.0
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        let [a, b, c] = self.0;
        a | b | c == 0
    }

    #[inline]
    pub fn len(&self) -> usize {
        // Without a popcount instruction, the three words are counted together: each
        // word's bits summed per byte (at most 8 a byte), the three sums added (at
        // most 24 a byte), then the bytes summed by one multiplication.
        const ODD: u64 = 0x5555_5555_5555_5555;
        const PAIRS: u64 = 0x3333_3333_3333_3333;
        const NIBBLES: u64 = 0x0f0f_0f0f_0f0f_0f0f;
        const BYTES: u64 = 0x0101_0101_0101_0101;
        let per_byte = |word: u64| {
            let pairs = word - ((word >> 1) & ODD);
            let quads = (pairs & PAIRS) + ((pairs >> 2) & PAIRS);
            (quads + (quads >> 4)) & NIBBLES
        };
        let [a, b, c] = self.0;
        if a | b | c == 0 {
            return 0;
        }
        // The top four ranks (the third word) are empty on an 8x8 board.
        let low = per_byte(a) + per_byte(b);
        let bytes = if c == 0 { low } else { low + per_byte(c) };
        (bytes.wrapping_mul(BYTES) >> 56) as usize
    }

    #[inline]
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
        let [a, b, c] = self.0;
        let index = if a != 0 {
            a.trailing_zeros()
        } else if b != 0 {
            64 + b.trailing_zeros()
        } else if c != 0 {
            128 + c.trailing_zeros()
        } else {
            return None;
        };
        Some(Square::from_slot(index as usize))
    }

    /// The highest square.
    #[inline]
    pub fn last(&self) -> Option<Square> {
        let [a, b, c] = self.0;
        let index = if c != 0 {
            128 + c.ilog2()
        } else if b != 0 {
            64 + b.ilog2()
        } else if a != 0 {
            a.ilog2()
        } else {
            return None;
        };
        Some(Square::from_slot(index as usize))
    }

    /// The first eight ranks as one 128-bit word, and the last four: an 8x8 board's
    /// squares are all in the first, so reading them never turns to another word.
    #[inline]
    fn halves(&self) -> (u128, u64) {
        let [low, middle, high] = self.0;
        (u128::from(middle) << 64 | u128::from(low), high)
    }

    /// The set of the halves [`SquareSet::halves`] gives.
    #[inline]
    fn from_halves(low: u128, high: u64) -> SquareSet {
        // Truncations meant: each word takes its 64 bits of the low half.
        #[allow(clippy::cast_possible_truncation)]
        SquareSet([low as u64, (low >> 64) as u64, high])
    }

    /// The squares of the set for which `keep` holds, each asked once in increasing
    /// order. The set is built in registers, without a branch on `keep`'s answer: a
    /// set written square by square in memory and read back whole right after makes
    /// the processor wait, since it cannot forward the small writes to the whole read.
    #[inline]
    pub fn filtered(self, mut keep: impl FnMut(Square) -> bool) -> SquareSet {
        let (mut low, mut high) = self.halves();
        let (mut kept_low, mut kept_high) = (0u128, 0u64);
        while low != 0 {
            let bit = low & low.wrapping_neg();
            kept_low |= bit & u128::from(keep(Square::from_slot(low.trailing_zeros() as usize))).wrapping_neg();
            low ^= bit;
        }
        while high != 0 {
            let bit = high & high.wrapping_neg();
            kept_high |= bit & u64::from(keep(Square::from_slot(128 + high.trailing_zeros() as usize))).wrapping_neg();
            high ^= bit;
        }
        SquareSet::from_halves(kept_low, kept_high)
    }

    /// Whether the set holds two squares or more (no count needed).
    #[inline]
    pub fn has_several(&self) -> bool {
        let [a, b, c] = self.0;
        let words_used = u32::from(a != 0) + u32::from(b != 0) + u32::from(c != 0);
        // A word with two bits keeps one when its lowest is cleared.
        words_used > 1 || (a & a.wrapping_sub(1)) | (b & b.wrapping_sub(1)) | (c & c.wrapping_sub(1)) != 0
    }

    /// The one square of a set of one, else `None`.
    #[inline]
    pub fn single(&self) -> Option<Square> {
        let first = self.first()?;
        let mut rest = *self;
        rest.remove(first);
        rest.is_empty().then_some(first)
    }

    /// Every square moved by `slots` slots (fewer than 64 either way; up the board when
    /// positive: 16 slots make a rank), those pushed off either end of the grid dropped. On the 16-slot rank
    /// layout a step sideways off a board's edge lands on a slot no grid square uses,
    /// never on the far side of the board.
    #[inline]
    pub fn shifted(self, slots: i32) -> SquareSet {
        let [a, b, c] = self.0;
        let n = slots.unsigned_abs() % 64;
        if slots == 0 || n == 0 {
            return self;
        }
        let words = if slots > 0 {
            [a << n, b << n | a >> (64 - n), c << n | b >> (64 - n)]
        } else {
            [a >> n | b << (64 - n), b >> n | c << (64 - n), c >> n]
        };
        SquareSet(words)
    }

    /// The set of one square.
    #[inline]
    pub fn only(sq: Square) -> SquareSet {
        SquareSet::EMPTY.with_index(sq.index())
    }

    /// The squares from `a` to `b` on `a`'s rank, both included (`b`'s file counts).
    #[inline]
    pub fn rank_span(a: Square, b: Square) -> SquareSet {
        let files = u64::from(file_span(a.file(), b.file()));
        // Four ranks of 16 slots make a word.
        SquareSet::in_word(usize::from(a.rank() / 4), files << (u32::from(a.rank() % 4) * 16))
    }

    /// The set's squares on `rank`, a bit per file (bit `f` for file `f`): a rank's
    /// questions (castling's) answered with one small word instead of whole sets.
    #[inline]
    pub fn rank_bits(&self, rank: u8) -> u16 {
        let [low, middle, high] = self.0;
        let word = match rank / 4 {
            0 => low,
            1 => middle,
            _ => high,
        };
        // Four ranks of 16 slots make a word; the cast keeps the rank's own 16.
        (word >> (u32::from(rank % 4) * 16)) as u16
    }

    /// The set whose word `word` is `bits`, the others empty (chosen without indexing,
    /// so that the set stays in registers).
    #[inline]
    fn in_word(word: usize, bits: u64) -> SquareSet {
        let pick = |w: usize| if word == w { bits } else { 0 };
        SquareSet([pick(0), pick(1), pick(2)])
    }

    /// The set with one more square, for tables built at compile time.
    #[inline]
    pub(crate) const fn with_index(mut self, index: usize) -> SquareSet {
        self.0[index / 64] |= 1 << (index % 64);
        self
    }

    /// Whether the set holds the slot `index`, for tables built at compile time.
    #[inline]
    pub(crate) const fn contains_index(&self, index: usize) -> bool {
        self.0[index / 64] & (1 << (index % 64)) != 0
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
    #[inline]
    pub fn iter(&self) -> SquareSetIter {
        let (low, high) = self.halves();
        SquareSetIter { low, high }
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

/// The files from `a` to `b`, both included, a bit per file (as [`SquareSet::rank_bits`]
/// gives a rank).
#[inline]
pub fn file_span(a: u8, b: u8) -> u16 {
    let (lo, hi) = (a.min(b), a.max(b));
    // A file is below 16, so `2 << hi` fits the wider word the subtraction needs.
    ((2u32 << hi) - (1u32 << lo)) as u16
}

/// The files whose bits are set in `bits` (as [`SquareSet::rank_bits`] gives them), in
/// increasing order.
#[inline]
pub fn files_of(mut bits: u16) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        let file = bits.trailing_zeros() as u8;
        bits &= bits.wrapping_sub(1);
        (file < 16).then_some(file)
    })
}

/// Iterator over the squares of a [`SquareSet`]: the first eight ranks as one 128-bit
/// word, so that a set of an 8x8 board is read without a turn from one word to the
/// next (a branch the processor cannot guess), then the last four ranks.
#[derive(Debug)]
pub struct SquareSetIter {
    /// Ranks 1 to 8, the squares not yet read.
    low: u128,
    /// Ranks 9 to 12, the squares not yet read.
    high: u64,
}

impl Iterator for SquareSetIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.low != 0 {
            let bit = self.low.trailing_zeros() as usize;
            self.low &= self.low - 1;
            return Some(Square::from_slot(bit));
        }
        if self.high != 0 {
            let bit = self.high.trailing_zeros() as usize;
            self.high &= self.high - 1;
            return Some(Square::from_slot(128 + bit));
        }
        None
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// The set of the squares named in `names`, separated by spaces (`"a1 h8"`).
    pub(in crate::geometry) fn set(names: &str) -> SquareSet {
        names.split_whitespace().map(|n| Square::parse(n).expect("a square")).collect()
    }

    #[test]
    fn shifts_cross_words_and_drop_what_leaves_the_grid() {
        assert_eq!(set("a4 h4 l12").shifted(16), set("a5 h5"));
        assert_eq!(set("a5 b1").shifted(-16), set("a4"));
        assert_eq!(set("d8").shifted(17), set("e9"));
        // Off the a-file to the left lands on no grid square.
        assert!(set("a2").shifted(15).iter().all(|sq| sq.file() >= 12));
    }

    #[test]
    fn squares_are_read_in_order_over_the_whole_grid() {
        let names = "a1 l1 h4 a5 d8 h8 a9 e11 l12";
        let read: Vec<String> = set(names).iter().map(|sq| sq.to_string()).collect();
        assert_eq!(read.join(" "), names);
        assert_eq!(set("l12").iter().count(), 1);
        assert_eq!(SquareSet::EMPTY.iter().next(), None);
    }

    #[test]
    fn sizes_are_counted_over_all_three_words() {
        assert_eq!(SquareSet::EMPTY.len(), 0);
        assert_eq!(set("a1 h8 l12 l1 a12").len(), 5);
        assert_eq!(crate::geometry::attacks::grid().len(), 144);
    }

    #[test]
    fn a_rank_is_read_as_bits_by_file_on_every_rank() {
        let grid = set("a1 c1 l1 b4 e5 h8 a9 k12 l12");
        assert_eq!(grid.rank_bits(0), 0b1000_0000_0101);
        assert_eq!(grid.rank_bits(3), 0b10);
        assert_eq!(grid.rank_bits(4), 0b1_0000);
        assert_eq!(grid.rank_bits(7), 0b1000_0000);
        assert_eq!(grid.rank_bits(8), 1);
        assert_eq!(grid.rank_bits(11), 0b1100_0000_0000);
        assert_eq!(grid.rank_bits(2), 0);
        // Every square of the grid, rank by rank, is its own file's bit.
        for sq in &crate::geometry::attacks::grid() {
            assert_eq!(SquareSet::only(sq).rank_bits(sq.rank()), 1 << sq.file(), "{sq}");
        }
    }

    #[test]
    fn file_spans_and_their_files_agree_with_rank_spans() {
        assert_eq!(super::file_span(4, 2), 0b1_1100);
        assert_eq!(super::file_span(0, 11), 0b1111_1111_1111);
        assert_eq!(super::file_span(6, 6), 0b100_0000);
        assert_eq!(super::files_of(0b1000_0010_0101).collect::<Vec<_>>(), [0, 2, 5, 11]);
        assert_eq!(super::files_of(0).next(), None);
        for (a, b, rank) in [(0, 11, 0), (3, 7, 5), (11, 1, 11), (5, 5, 8)] {
            let (from, to) = (Square::at(a, rank), Square::at(b, rank));
            assert_eq!(SquareSet::rank_span(from, to).rank_bits(rank), super::file_span(a, b));
        }
    }

    #[test]
    fn a_filtered_set_keeps_what_its_test_keeps_asking_each_square_once_in_order() {
        let grid = crate::geometry::attacks::grid();
        let mut asked = Vec::new();
        let light = grid.filtered(|sq| {
            asked.push(sq);
            (sq.file() + sq.rank()) % 2 == 1
        });
        assert_eq!(asked, grid.iter().collect::<Vec<_>>());
        assert_eq!(light.len(), 72);
        assert!(light.iter().all(|sq| (sq.file() + sq.rank()) % 2 == 1));
        // Squares of all three words, and none.
        let spread = set("a1 h4 a5 h8 a9 l12");
        assert_eq!(spread.filtered(|sq| sq.file() == 0), set("a1 a5 a9"));
        assert_eq!(spread.filtered(|sq| sq.rank() >= 7), set("h8 a9 l12"));
        assert_eq!(spread.filtered(|_| true), spread);
        assert_eq!(spread.filtered(|_| false), SquareSet::EMPTY);
    }

    #[test]
    fn spans_on_a_rank_are_the_squares_between_their_ends() {
        let sq = |n: &str| Square::parse(n).expect("a square");
        assert_eq!(SquareSet::rank_span(sq("e1"), sq("c1")), set("c1 d1 e1"));
        assert_eq!(SquareSet::rank_span(sq("f8"), sq("h8")), set("f8 g8 h8"));
        assert_eq!(SquareSet::rank_span(sq("k12"), sq("a12")).len(), 11);
        assert_eq!(SquareSet::rank_span(sq("d5"), sq("d5")), set("d5"));
        assert_eq!(SquareSet::only(sq("l9")), set("l9"));
    }

    #[test]
    fn a_single_square_is_found_only_alone() {
        assert_eq!(set("c3").single(), Square::parse("c3"));
        assert_eq!(set("c3 k12").single(), None);
        assert_eq!(SquareSet::EMPTY.single(), None);
    }

    #[test]
    fn several_squares_are_told_from_one_in_any_words() {
        assert!(!SquareSet::EMPTY.has_several());
        for one in ["a1", "h4", "a5", "l12"] {
            assert!(!set(one).has_several(), "{one}");
        }
        for two in ["a1 b1", "a1 a5", "h4 l12", "a9 b9", "a5 a9 l12"] {
            assert!(set(two).has_several(), "{two}");
        }
    }
}
