//! Start positions built directly, without reading a snapshot: the orthodox array of
//! O1 on any 8x8 block of a board, which every variant starts from (Bellows on its
//! 8x8 region, L2).

use super::{Board, Color, Piece, Position, Role, Wing};
use crate::geometry::{Delta, Rect, Square};

/// The pieces of the first rank, from the a-file to the h-file.
const BACK_RANK: [Role; 8] =
    [Role::Rook, Role::Knight, Role::Bishop, Role::Queen, Role::King, Role::Bishop, Role::Knight, Role::Rook];

/// The orthodox array on the 8x8 block whose a1 corner is `corner`, on a board
/// covering `area`: White to move, all four castling rights, clocks at 0 and 1.
pub fn orthodox_array(area: Rect, corner: Square) -> Position {
    let mut board = Board::empty(area);
    let mut rooks = Vec::with_capacity(4);
    for color in Color::ALL {
        let (first, second) = match color {
            Color::White => (0, 1),
            Color::Black => (7, 6),
        };
        for (file, role) in (0i8..).zip(BACK_RANK) {
            let (Some(piece_sq), Some(pawn_sq)) =
                (corner.step(Delta::new(file, first)), corner.step(Delta::new(file, second)))
            else {
                continue;
            };
            board.put(piece_sq, Piece::new(color, role));
            board.put(pawn_sq, Piece::new(color, Role::Pawn));
            if role == Role::Rook {
                let wing = if file == 0 { Wing::Queen } else { Wing::King };
                rooks.push((color, wing, piece_sq));
            }
        }
    }
    let mut pos = Position::new(board);
    for (color, wing, rook) in rooks {
        pos.castling_mut().set(color, wing, Some(rook));
    }
    pos
}
