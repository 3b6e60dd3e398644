//! Rectangular regions of the grid: a variant's board, or one of Bellows' boards.

use super::Square;

/// An inclusive rectangle of squares. The 8x8 board is `Rect::new(0, 0, 7, 7)`;
/// Bellows' 8x8 region is `c3..j10`, `Rect::new(2, 2, 9, 9)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rect {
    pub min_file: u8,
    pub min_rank: u8,
    pub max_file: u8,
    pub max_rank: u8,
}

impl Rect {
    #[inline]
    pub const fn new(min_file: u8, min_rank: u8, max_file: u8, max_rank: u8) -> Rect {
        Rect { min_file, min_rank, max_file, max_rank }
    }

    /// A board of `files` x `ranks` squares whose corner is `a1`.
    #[inline]
    pub const fn board(files: u8, ranks: u8) -> Rect {
        Rect::new(0, 0, files - 1, ranks - 1)
    }

    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        (self.min_file..=self.max_file).contains(&sq.file()) && (self.min_rank..=self.max_rank).contains(&sq.rank())
    }

    #[inline]
    pub const fn files(&self) -> u8 {
        self.max_file - self.min_file + 1
    }

    #[inline]
    pub const fn ranks(&self) -> u8 {
        self.max_rank - self.min_rank + 1
    }

    /// The squares of the rectangle rank by rank from the bottom, files left to right.
    #[inline]
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (self.min_rank..=self.max_rank).flat_map(move |rank| self.rank_squares(rank))
    }

    /// The squares in reading order: rank by rank from the top, files left to right.
    #[inline]
    pub fn reading_order(self) -> impl Iterator<Item = Square> {
        (self.min_rank..=self.max_rank).rev().flat_map(move |rank| self.rank_squares(rank))
    }

    fn rank_squares(self, rank: u8) -> impl Iterator<Item = Square> {
        (self.min_file..=self.max_file).map(move |file| Square::at(file, rank))
    }
}
