//! ICCF numeric notation, the notation of international correspondence chess: a move is
//! the two digits of its source square and the two of its target (file 1-8 from a to h,
//! then rank 1-8), and a promotion adds one digit for the new unit. Castling is written as
//! the king's move. The notation names squares of an 8x8 board only.

use crate::geometry::Square;
use crate::rules::Role;

/// The promotion digits: 1 queen, 2 rook, 3 bishop, 4 knight.
const PROMOTION_DIGITS: [(char, Role); 4] =
    [('1', Role::Queen), ('2', Role::Rook), ('3', Role::Bishop), ('4', Role::Knight)];

/// The two digits of a square of the 8x8 board, or `None` beyond it.
pub fn square_digits(square: Square) -> Option<[char; 2]> {
    let digit = |n: u8| char::from_digit(u32::from(n) + 1, 10);
    if square.file() >= 8 || square.rank() >= 8 {
        return None;
    }
    Some([digit(square.file())?, digit(square.rank())?])
}

/// The square two ICCF digits name (`'5', '4'` is e4).
pub fn square_from_digits(file: char, rank: char) -> Option<Square> {
    let value = |c: char| c.to_digit(10).filter(|d| (1..=8).contains(d)).and_then(|d| u8::try_from(d - 1).ok());
    Square::new(value(file)?, value(rank)?)
}

/// The digit that writes a promotion to `role`.
pub fn promotion_digit(role: Role) -> Option<char> {
    PROMOTION_DIGITS.iter().find(|(_, r)| *r == role).map(|(d, _)| *d)
}

/// The role a promotion digit names.
pub fn promotion_from_digit(digit: char) -> Option<Role> {
    PROMOTION_DIGITS.iter().find(|(d, _)| *d == digit).map(|(_, r)| *r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip_and_stay_on_the_8x8_board() {
        let e4 = Square::at(4, 3);
        assert_eq!(square_digits(e4), Some(['5', '4']));
        assert_eq!(square_from_digits('5', '4'), Some(e4));
        assert_eq!(square_from_digits('9', '4'), None);
        assert_eq!(square_from_digits('0', '4'), None);
        assert_eq!(square_digits(Square::at(8, 0)), None);
    }

    #[test]
    fn promotion_digits() {
        assert_eq!(promotion_digit(Role::Knight), Some('4'));
        assert_eq!(promotion_from_digit('2'), Some(Role::Rook));
        assert_eq!(promotion_from_digit('5'), None);
        assert_eq!(promotion_digit(Role::King), None);
    }
}
