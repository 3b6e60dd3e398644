//! Squares, regions and square sets on grids of up to 12x12 squares.
//!
//! Every variant lives on one coordinate grid of at most 12 files (`a`..`l`) and
//! 12 ranks (`1`..`12`). Squares are stored 16 to a rank, so that stepping off the
//! left or right edge never lands on a real square of the neighbouring rank.

pub mod attacks;
mod rect;
mod square;
mod square_set;

pub use rect::Rect;
pub use square::{Delta, Square, MAX_FILES, MAX_RANKS, SQUARE_SLOTS};
pub use square_set::{file_span, files_of, SquareSet};
