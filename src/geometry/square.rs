//! A square of the grid and the steps between squares.

use std::fmt;

/// The widest board any variant uses (Bellows' 12x12 grid).
pub const MAX_FILES: u8 = 12;
/// The tallest board any variant uses.
pub const MAX_RANKS: u8 = 12;
/// Squares are stored 16 to a rank: `index = rank * 16 + file`.
const STRIDE: i16 = 16;
/// Array length that holds every square of the largest grid.
pub const SQUARE_SLOTS: usize = (MAX_RANKS as usize) * (STRIDE as usize);

/// A square of the grid, 0-based file and rank packed as `rank * 16 + file`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// A step between squares: files and ranks to move by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Delta {
    pub files: i8,
    pub ranks: i8,
}

impl Delta {
    #[inline]
    pub const fn new(files: i8, ranks: i8) -> Delta {
        Delta { files, ranks }
    }

    /// The step counted in slots of the grid (16 to a rank), by which a whole
    /// [`SquareSet`](super::SquareSet) is shifted.
    #[inline]
    pub const fn slots(self) -> i32 {
        self.ranks as i32 * STRIDE as i32 + self.files as i32
    }
}

impl Square {
    /// The square at a 0-based file and rank, if both are on the 12x12 grid.
    #[inline]
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < MAX_FILES && rank < MAX_RANKS).then(|| Square(rank * STRIDE as u8 + file))
    }

    /// The square at a 0-based file and rank known to be on the grid.
    #[inline]
    pub const fn at(file: u8, rank: u8) -> Square {
        assert!(file < MAX_FILES && rank < MAX_RANKS);
        Square(rank * STRIDE as u8 + file)
    }

    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 15
    }

    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 4
    }

    /// The index into arrays of [`SQUARE_SLOTS`] entries.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square of a slot index known to be a grid square (a bit of a
    /// [`SquareSet`](super::SquareSet), whose every member is one).
    #[inline]
    pub(super) const fn from_slot(index: usize) -> Square {
        Square(index as u8)
    }

    /// Rebuilds a square from [`Square::index`].
    #[inline]
    pub fn from_index(index: usize) -> Option<Square> {
        let index = u8::try_from(index).ok()?;
        Square::new(index & 15, index >> 4)
    }

    /// The square one step away, if it is still on the 12x12 grid.
    #[inline]
    pub fn step(self, delta: Delta) -> Option<Square> {
        let file = i16::from(self.file()) + i16::from(delta.files);
        let rank = i16::from(self.rank()) + i16::from(delta.ranks);
        if (0..i16::from(MAX_FILES)).contains(&file) && (0..i16::from(MAX_RANKS)).contains(&rank) {
            Some(Square((rank * STRIDE + file) as u8))
        } else {
            None
        }
    }

    /// The square `ranks` ranks up (down when negative) on the same file, if it is
    /// still on the grid.
    #[inline]
    pub fn vertical(self, ranks: i8) -> Option<Square> {
        let rank = self.rank().checked_add_signed(ranks).filter(|&r| r < MAX_RANKS)?;
        Some(Square(rank * STRIDE as u8 + self.file()))
    }

    /// The step that leads from `self` to `other`.
    #[inline]
    pub fn delta_to(self, other: Square) -> Delta {
        Delta::new(other.file() as i8 - self.file() as i8, other.rank() as i8 - self.rank() as i8)
    }

    /// Whether `self` and `other` share a rank, file or diagonal: a line a slider
    /// could use (a square is on a line with itself).
    #[inline]
    pub fn is_aligned_with(self, other: Square) -> bool {
        let d = self.delta_to(other);
        d.files == 0 || d.ranks == 0 || d.files.abs() == d.ranks.abs()
    }

    /// Whether a unit on one square could attack the other by some orthodox move:
    /// on a line, or a knight's jump apart.
    #[inline]
    pub fn is_within_reach_of(self, other: Square) -> bool {
        let d = self.delta_to(other);
        self.is_aligned_with(other) || matches!((d.files.abs(), d.ranks.abs()), (1, 2) | (2, 1))
    }

    /// The letter of a 0-based file (`a`..`l`).
    #[inline]
    pub fn file_char(file: u8) -> char {
        (b'a' + file) as char
    }

    /// Appends the number of a 0-based rank (`1` to `12`) without formatting machinery.
    #[inline]
    pub fn push_rank_number(text: &mut String, rank: u8) {
        let number = rank + 1;
        if number >= 10 {
            text.push(char::from(b'0' + number / 10));
        }
        text.push(char::from(b'0' + number % 10));
    }

    /// Appends the square's name (`e4`, `k11`) without formatting machinery.
    #[inline]
    pub fn push_name(self, text: &mut String) {
        text.push(Square::file_char(self.file()));
        Square::push_rank_number(text, self.rank());
    }

    /// Reads a square name such as `e4` or `k11` (one letter, one or two digits).
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        let (&letter, digits) = bytes.split_first()?;
        if !letter.is_ascii_lowercase() || digits.is_empty() || digits.len() > 2 {
            return None;
        }
        if digits.first() == Some(&b'0') || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let rank: u8 = std::str::from_utf8(digits).ok()?.parse().ok()?;
        Square::new(letter - b'a', rank.checked_sub(1)?)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", Square::file_char(self.file()), self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_the_whole_grid() {
        for rank in 0..MAX_RANKS {
            for file in 0..MAX_FILES {
                let sq = Square::at(file, rank);
                assert_eq!(Square::parse(&sq.to_string()), Some(sq));
            }
        }
        assert_eq!(Square::parse("l12"), Some(Square::at(11, 11)));
        assert_eq!(Square::parse("m1"), None);
        assert_eq!(Square::parse("a13"), None);
        assert_eq!(Square::parse("a0"), None);
        assert_eq!(Square::parse("a01"), None);
    }

    #[test]
    fn steps_stop_at_the_grid_edge() {
        assert_eq!(Square::at(0, 0).step(Delta::new(-1, 0)), None);
        assert_eq!(Square::at(11, 3).step(Delta::new(1, 0)), None);
        assert_eq!(Square::at(4, 4).step(Delta::new(1, 2)), Some(Square::at(5, 6)));
        assert_eq!(Square::at(4, 4).vertical(-2), Some(Square::at(4, 2)));
        assert_eq!(Square::at(4, 0).vertical(-1), None);
        assert_eq!(Square::at(4, 11).vertical(1), None);
    }
}
