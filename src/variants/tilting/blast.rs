//! Where a bomb may go off and what its blast covers (T2, T3).

use crate::geometry::{Rect, Square, SquareSet};
use crate::rules::movegen::KING_STEPS;
use crate::rules::{Board, Color};

/// The board of Tilting the Balance.
pub(super) const AREA: Rect = Rect::board(8, 8);

/// The ranks (0-based) on which `color` may aim its bomb: its first three (T2).
pub(super) fn target_ranks(color: Color) -> std::ops::RangeInclusive<u8> {
    match color {
        Color::White => 0..=2,
        Color::Black => 5..=7,
    }
}

/// The ranks (0-based) that a blast of `color` can reach: its first four. The two
/// halves never overlap, so every crater tells which side's bomb made it.
pub(super) fn reached_ranks(color: Color) -> std::ops::RangeInclusive<u8> {
    match color {
        Color::White => 0..=3,
        Color::Black => 4..=7,
    }
}

/// Whether `color` may aim its bomb at `target` (T2).
pub(super) fn within_reach(color: Color, target: Square) -> bool {
    AREA.contains(target) && target_ranks(color).contains(&target.rank())
}

/// The 24 squares `color` may aim its bomb at, from a1 (or a6) upwards (T2).
pub(super) fn targets(color: Color) -> impl Iterator<Item = Square> {
    target_ranks(color).flat_map(|rank| (0..8).map(move |file| Square::at(file, rank)))
}

/// The squares a bomb on `target` turns into craters: the target and every
/// adjacent square of the board, up to nine (T3).
pub(super) fn blast_area(target: Square) -> SquareSet {
    let mut area = SquareSet::EMPTY;
    if AREA.contains(target) {
        area.insert(target);
    }
    for &step in &KING_STEPS {
        if let Some(sq) = target.step(step).filter(|&sq| AREA.contains(sq)) {
            area.insert(sq);
        }
    }
    area
}

/// The squares of the units a blast over `area` destroys (T3).
pub(super) fn destroyed(board: &Board, area: &SquareSet) -> SquareSet {
    area.iter().filter(|&sq| !board.is_empty_at(sq)).collect()
}

/// Squares in reading order: rank by rank from the top, files left to right (T8).
pub(super) fn reading_order(squares: &SquareSet) -> Vec<Square> {
    let mut list: Vec<Square> = squares.iter().collect();
    list.sort_by_key(|sq| (std::cmp::Reverse(sq.rank()), sq.file()));
    list
}

/// Square names joined by `separator`, in reading order.
pub(super) fn names(squares: &SquareSet, separator: &str) -> String {
    reading_order(squares).iter().map(Square::to_string).collect::<Vec<_>>().join(separator)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).expect("a square name")
    }

    #[test]
    fn a_blast_covers_nine_squares_in_the_open_and_four_in_a_corner() {
        assert_eq!(blast_area(sq("e3")).len(), 9);
        assert_eq!(blast_area(sq("h3")).len(), 6);
        assert_eq!(blast_area(sq("a1")).len(), 4);
        assert!(!blast_area(sq("h3")).iter().any(|s| !AREA.contains(s)));
    }

    #[test]
    fn each_side_has_24_targets_and_its_blasts_stay_in_its_half() {
        for color in Color::ALL {
            assert_eq!(targets(color).count(), 24);
            for target in targets(color) {
                assert!(within_reach(color, target));
                assert!(blast_area(target).iter().all(|s| reached_ranks(color).contains(&s.rank())));
            }
        }
        assert!(!within_reach(Color::White, sq("e4")));
        assert!(!within_reach(Color::Black, sq("e5")));
    }

    #[test]
    fn reading_order_goes_down_the_ranks_and_along_the_files() {
        let set: SquareSet = ["h5", "h7", "g5", "f6"].into_iter().map(sq).collect();
        assert_eq!(names(&set, " "), "h7 f6 g5 h5");
    }
}
