//! Where things go in an SVG diagram: the squares, seen from White or (flipped)
//! Black, inside the frame left for coordinates, the title and the caption.

use crate::geometry::{Rect, Square};

/// Side of one square, in SVG user units.
pub(super) const SQ: i32 = 60;
/// Margin around everything.
pub(super) const PAD: i32 = 10;
/// Room on each side of the board for coordinates drawn outside it.
pub(super) const GUTTER: i32 = 22;

/// Where the board's squares are drawn.
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    pub area: Rect,
    pub flip: bool,
    /// The board's top-left corner.
    pub left: i32,
    pub top: i32,
}

impl Layout {
    /// The column and row (from the top left) a square is drawn in.
    pub(super) fn cell(&self, sq: Square) -> (i32, i32) {
        let (col, row) = if self.flip {
            (self.area.max_file - sq.file(), sq.rank() - self.area.min_rank)
        } else {
            (sq.file() - self.area.min_file, self.area.max_rank - sq.rank())
        };
        (i32::from(col), i32::from(row))
    }

    /// The top-left corner of a square's cell.
    pub(super) fn corner(&self, sq: Square) -> (i32, i32) {
        let (col, row) = self.cell(sq);
        (self.left + col * SQ, self.top + row * SQ)
    }

    pub(super) fn centre(&self, sq: Square) -> (i32, i32) {
        let (x, y) = self.corner(sq);
        (x + SQ / 2, y + SQ / 2)
    }

    pub(super) fn width(&self) -> i32 {
        i32::from(self.area.files()) * SQ
    }

    pub(super) fn height(&self) -> i32 {
        i32::from(self.area.ranks()) * SQ
    }

    /// The rectangle `region` covers, as `(x, y, width, height)`.
    pub(super) fn frame(&self, region: Rect) -> (i32, i32, i32, i32) {
        let corners = [Square::at(region.min_file, region.min_rank), Square::at(region.max_file, region.max_rank)]
            .map(|sq| self.corner(sq));
        let [(xa, ya), (xb, yb)] = corners;
        (xa.min(xb), ya.min(yb), (xa - xb).abs() + SQ, (ya - yb).abs() + SQ)
    }
}
