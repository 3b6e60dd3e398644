//! The six orthodox FEN fields, read and written for boards up to 12x12.
//!
//! Variants reuse these pieces: the placement reader takes a decoder for the
//! variant's own symbols (`*` craters, Koopa's stunned letters), and variants add
//! their fields after the sixth.

use super::SnapshotError;
use crate::geometry::{Delta, Rect, Square, SquareSet};
use crate::record::quote;
use crate::rules::{Board, Castling, Color, Piece, Position, Role, Wing};
use std::ops::RangeInclusive;

/// What one placement symbol stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placed {
    Unit(Piece),
    /// A unit with a variant's mark (Koopa's stunned letters).
    MarkedUnit(Piece),
    Crater,
}

/// The orthodox symbols: `PNBRQK` and `pnbrqk`.
pub fn orthodox_symbol(c: char) -> Option<Placed> {
    Piece::from_fen_char(c).map(Placed::Unit)
}

/// A snapshot split into its space-separated fields.
#[derive(Debug)]
pub struct Fields<'a> {
    pub fields: Vec<&'a str>,
}

impl<'a> Fields<'a> {
    /// Splits at spaces; at least `min` fields are needed, at most `max`. Missing
    /// clocks may be left out as in EPD (`halfmove` 0, `fullmove` 1).
    pub fn split(text: &'a str, min: usize, max: usize) -> Result<Fields<'a>, SnapshotError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < min {
            return Err(SnapshotError::one(format!(
                "a snapshot needs at least {min} fields (placement, side to move, ...); this one has {}",
                fields.len()
            )));
        }
        if fields.len() > max {
            return Err(SnapshotError::one(format!(
                "a snapshot of this variant has at most {max} fields; this one has {}",
                fields.len()
            )));
        }
        Ok(Fields { fields })
    }

    pub fn get(&self, index: usize) -> Option<&'a str> {
        self.fields.get(index).copied()
    }
}

/// Reads a placement field into a board of `area` and its craters.
pub fn read_placement(
    text: &str,
    area: Rect,
    symbol: impl Fn(char) -> Option<Placed>,
    marked: &mut Vec<Square>,
) -> Result<(Board, SquareSet), SnapshotError> {
    let mut board = Board::empty(area);
    let mut craters = SquareSet::EMPTY;
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != area.ranks() as usize {
        return Err(SnapshotError::one(format!(
            "the placement has {} ranks; this board has {}",
            rows.len(),
            area.ranks()
        )));
    }
    let mut problems = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = area.max_rank - i as u8;
        let mut file = 0u32;
        let mut digits = 0u32;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                digits = digits.saturating_mul(10).saturating_add(d);
                if chars.peek().is_some_and(char::is_ascii_digit) {
                    continue;
                }
                if digits == 0 {
                    problems.push(format!("rank {}: an empty run of 0 squares", rank + 1));
                }
                file = file.saturating_add(digits);
                digits = 0;
                continue;
            }
            let Some(placed) = symbol(c) else {
                problems.push(format!("rank {}: `{c}` is not a unit or a board symbol", rank + 1));
                file = file.saturating_add(1);
                continue;
            };
            if file < u32::from(area.files()) {
                let sq = Square::at(area.min_file + file as u8, rank);
                match placed {
                    Placed::Unit(piece) => board.put(sq, piece),
                    Placed::MarkedUnit(piece) => {
                        board.put(sq, piece);
                        marked.push(sq);
                    }
                    Placed::Crater => craters.insert(sq),
                }
            }
            file = file.saturating_add(1);
            if file > 64 {
                break;
            }
        }
        if file != u32::from(area.files()) {
            let count = if file > 64 { "far too many".to_string() } else { file.to_string() };
            problems.push(format!("rank {} has {count} squares; this board has {}", rank + 1, area.files()));
        }
    }
    SnapshotError::check(problems)?;
    Ok((board, craters))
}

/// Writes a placement field; `symbol` gives the character of an occupied square
/// or a board feature, `None` for an empty square.
pub fn write_placement(area: Rect, symbol: impl Fn(Square) -> Option<char>) -> String {
    let mut out = String::with_capacity(80);
    for rank in (area.min_rank..=area.max_rank).rev() {
        let mut empty = 0;
        for file in area.min_file..=area.max_file {
            match symbol(Square::at(file, rank)) {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > area.min_rank {
            out.push('/');
        }
    }
    out
}

pub fn read_turn(text: &str) -> Result<Color, SnapshotError> {
    match text {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        _ => Err(SnapshotError::one(format!("the side to move is `w` or `b`, not `{}`", quote(text)))),
    }
}

/// Four rights, each written once; a longer field is not worth a message per letter.
const MAX_CASTLING_LETTERS: usize = 4;

/// Reads castling rights in X-FEN (`KQkq`, file letters where the rook is not the
/// outermost) or Shredder-FEN (`HAha`) against the units on the back ranks.
pub fn read_castling(text: &str, board: &Board, back_rank: [u8; 2]) -> Result<Castling, SnapshotError> {
    let area = board.area();
    read_castling_in(text, board, back_rank, area.min_file..=area.max_file)
}

/// Reads castling rights where `K`/`Q` name the outermost rook among `files` (Bellows
/// L2: files c-j of its 8x8 region); Shredder letters may name any file of the board.
pub fn read_castling_in(
    text: &str,
    board: &Board,
    back_rank: [u8; 2],
    files: RangeInclusive<u8>,
) -> Result<Castling, SnapshotError> {
    let mut castling = Castling::default();
    if text == "-" {
        return Ok(castling);
    }
    if text.chars().count() > MAX_CASTLING_LETTERS {
        return Err(SnapshotError::one(format!(
            "`{}` names more castling rights than a position can have",
            quote(text)
        )));
    }
    let mut problems = Vec::new();
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let Some(&rank) = back_rank.get(color.index()) else { continue };
        let Some(king) = board.king(color).filter(|k| k.rank() == rank) else {
            problems.push(format!(
                "castling right `{c}`: the {} king is not on its back rank",
                color.name().to_lowercase()
            ));
            continue;
        };
        let rook_at = |file: u8| {
            let sq = Square::at(file, rank);
            (board.get(sq) == Some(Piece::new(color, Role::Rook))).then_some(sq)
        };
        let (wing, rook) = match c.to_ascii_lowercase() {
            'k' => (Wing::King, (king.file() + 1..=*files.end()).rev().find_map(rook_at)),
            'q' => (Wing::Queen, (*files.start()..king.file()).find_map(rook_at)),
            f @ 'a'..='l' => {
                let file = f as u8 - b'a';
                let wing = if file > king.file() { Wing::King } else { Wing::Queen };
                (wing, rook_at(file))
            }
            _ => {
                problems.push(format!("`{c}` is not a castling letter"));
                continue;
            }
        };
        match rook {
            Some(sq) => castling.set(color, wing, Some(sq)),
            _ => problems.push(format!(
                "castling right `{c}`: no {} rook stands where it could castle",
                color.name().to_lowercase()
            )),
        }
    }
    SnapshotError::check(problems)?;
    Ok(castling)
}

/// Writes castling rights in X-FEN: `K`/`Q` for the outermost rook of a wing, the
/// rook's file letter otherwise; `-` when there are none.
pub fn write_castling(pos: &Position) -> String {
    let area = pos.board().area();
    write_castling_in(pos, area.min_file..=area.max_file)
}

/// Writes castling rights where `K`/`Q` stand for the outermost rook among `files`
/// (see [`read_castling_in`]); a rook outside `files` is named by its file letter.
pub fn write_castling_in(pos: &Position, files: RangeInclusive<u8>) -> String {
    let mut out = String::new();
    for color in Color::ALL {
        for wing in [Wing::King, Wing::Queen] {
            let Some(rook) = pos.castling().rook(color, wing) else { continue };
            let outer: Vec<u8> = match wing {
                Wing::King => (rook.file() + 1..=*files.end()).collect(),
                Wing::Queen => (*files.start()..rook.file()).collect(),
            };
            let outermost = files.contains(&rook.file())
                && !outer
                    .into_iter()
                    .any(|f| pos.board().get(Square::at(f, rook.rank())) == Some(Piece::new(color, Role::Rook)));
            let letter = if outermost {
                if wing == Wing::King {
                    'K'
                } else {
                    'Q'
                }
            } else {
                Square::file_char(rook.file()).to_ascii_uppercase()
            };
            out.push(if color == Color::White { letter } else { letter.to_ascii_lowercase() });
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

/// Reads the en passant field: `-` or a square (any square is accepted, SPEC 4).
pub fn read_ep(text: &str) -> Result<Option<Square>, SnapshotError> {
    if text == "-" {
        return Ok(None);
    }
    Square::parse(text)
        .map(Some)
        .ok_or_else(|| SnapshotError::one(format!("`{}` is not an en passant square or `-`", quote(text))))
}

/// Why `ep` cannot be an en passant square of `pos`, if it cannot: a pawn that
/// just passed it left it empty, and came from the square beyond it, so it is never
/// on the last rank of the side to move (where a capture would leave an unpromoted
/// pawn). Any other square is accepted, as SPEC section 4 asks.
fn impossible_ep(pos: &Position, ep: Square, area: Rect) -> Option<String> {
    if pos.board().get(ep).is_some() {
        return Some(format!("the en passant square {ep} is not empty"));
    }
    let beyond = ep.step(Delta::new(0, pos.turn().forward())).filter(|sq| area.contains(*sq));
    beyond
        .is_none()
        .then(|| format!("{ep} cannot be an en passant square: it is on the last rank for {}", pos.turn().name()))
}

pub fn read_number(text: Option<&str>, name: &str, default: u32) -> Result<u32, SnapshotError> {
    match text {
        None => Ok(default),
        Some(t) => {
            t.parse().map_err(|_| SnapshotError::one(format!("the {name} must be a number, not `{}`", quote(t))))
        }
    }
}

/// Reads the six orthodox fields (the last two optional) into a position.
pub fn read_orthodox(
    fields: &Fields,
    area: Rect,
    back_rank: [u8; 2],
    symbol: impl Fn(char) -> Option<Placed>,
    marked: &mut Vec<Square>,
) -> Result<Position, SnapshotError> {
    read_orthodox_in(fields, area, back_rank, area.min_file..=area.max_file, symbol, marked)
}

/// [`read_orthodox`] with `K`/`Q` naming the outermost rooks among `castling_files`
/// (see [`read_castling_in`]).
pub fn read_orthodox_in(
    fields: &Fields,
    area: Rect,
    back_rank: [u8; 2],
    castling_files: RangeInclusive<u8>,
    symbol: impl Fn(char) -> Option<Placed>,
    marked: &mut Vec<Square>,
) -> Result<Position, SnapshotError> {
    let placement = fields.get(0).unwrap_or_default();
    let (board, craters) = read_placement(placement, area, symbol, marked)?;
    let mut pos = Position::new(board);
    pos.add_craters(craters);
    pos.set_turn(read_turn(fields.get(1).unwrap_or("w"))?);
    *pos.castling_mut() = read_castling_in(fields.get(2).unwrap_or("-"), pos.board(), back_rank, castling_files)?;
    pos.set_ep_square(read_ep(fields.get(3).unwrap_or("-"))?);
    if let Some(problem) = pos.ep_square().and_then(|ep| impossible_ep(&pos, ep, area)) {
        return Err(SnapshotError::one(problem));
    }
    pos.set_halfmove(read_number(fields.get(4), "halfmove clock", 0)?);
    pos.set_fullmove(read_number(fields.get(5), "fullmove number", 1)?.max(1));
    Ok(pos)
}

/// Writes the six orthodox fields; `placement` is the variant's placement field.
pub fn write_orthodox(pos: &Position, placement: &str, ep: Option<Square>) -> String {
    let area = pos.board().area();
    write_orthodox_in(pos, placement, ep, area.min_file..=area.max_file)
}

/// [`write_orthodox`] with `K`/`Q` standing for the outermost rooks among
/// `castling_files` (see [`write_castling_in`]).
pub fn write_orthodox_in(
    pos: &Position,
    placement: &str,
    ep: Option<Square>,
    castling_files: RangeInclusive<u8>,
) -> String {
    format!(
        "{placement} {} {} {} {} {}",
        pos.turn().char(),
        write_castling_in(pos, castling_files),
        ep.map_or_else(|| "-".to_string(), |s| s.to_string()),
        pos.halfmove(),
        pos.fullmove()
    )
}
