//! Tilting's snapshot (SPEC section 4): FEN with `*` for craters in the placement and
//! a seventh field `bombs` (`Bb`, `B`, `b` or `-`: which sides still hold a bomb).

use super::blast::reached_ranks;
use super::impossible::problems;
use super::TERRAIN;
use crate::geometry::Square;
use crate::rules::{ByColor, Color, Piece, Position};
use crate::snapshot::fen::{self, Fields, Placed};
use crate::snapshot::SnapshotError;

/// The placement symbols: the orthodox letters and `*` for a crater.
fn symbol(c: char) -> Option<Placed> {
    if c == '*' {
        Some(Placed::Crater)
    } else {
        fen::orthodox_symbol(c)
    }
}

/// Reads a snapshot of 4 to 7 fields and rejects impossible positions. Without the
/// `bombs` field, a side holds its bomb unless craters stand in the half of the board
/// its blast reaches.
pub(super) fn read(text: &str) -> Result<Position, SnapshotError> {
    let fields = Fields::split(text, 4, 7)?;
    let mut pos = fen::read_orthodox(&fields, TERRAIN.area, TERRAIN.castling.back_rank, symbol, &mut Vec::new())?;
    let bombs = match fields.get(6) {
        Some(field) => read_bombs(field)?,
        None => ByColor::new(Color::White, Color::Black)
            .map(|c| !pos.craters().iter().any(|sq| reached_ranks(c).contains(&sq.rank()))),
    };
    for color in Color::ALL {
        pos.set_bomb(color, bombs[color]);
    }
    SnapshotError::check(problems(&pos))?;
    Ok(pos)
}

/// Reads the `bombs` field: `-`, or `B` (White) and `b` (Black) each at most once.
fn read_bombs(text: &str) -> Result<ByColor<bool>, SnapshotError> {
    let mut bombs = ByColor::both(false);
    if text == "-" {
        return Ok(bombs);
    }
    if text.chars().count() > 8 {
        return Err(SnapshotError::one(format!(
            "the bombs field `{}` is not `Bb`, `B`, `b` or `-`",
            crate::record::quote(text)
        )));
    }
    let mut problems = Vec::new();
    for c in text.chars() {
        let color = match c {
            'B' => Color::White,
            'b' => Color::Black,
            _ => {
                problems.push(format!("`{}` in the bombs field is not `B` (White) or `b` (Black)", c.escape_debug()));
                continue;
            }
        };
        if bombs[color] {
            problems.push(format!("the bombs field names {}'s bomb twice", color.name()));
        }
        bombs[color] = true;
    }
    SnapshotError::check(problems)?;
    Ok(bombs)
}

/// Writes the seven fields; `ep` is the en passant square when a capture there is legal.
pub(super) fn write(pos: &Position, ep: Option<Square>) -> String {
    let placement = fen::write_placement(TERRAIN.area, |sq| match pos.board().get(sq) {
        Some(piece) => Some(Piece::fen_char(piece)),
        None => pos.craters().contains(sq).then_some('*'),
    });
    format!("{} {}", fen::write_orthodox(pos, &placement, ep), bombs_field(pos))
}

fn bombs_field(pos: &Position) -> &'static str {
    match Color::ALL.map(|c| pos.holds_bomb(c)) {
        [true, true] => "Bb",
        [true, false] => "B",
        [false, true] => "b",
        [false, false] => "-",
    }
}
