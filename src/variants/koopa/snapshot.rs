//! Koopa snapshots (SPEC section 4): `placement side castling stuns halfmove fullmove`,
//! stunned units in vchess's letters `s u o c t l` (upper case for White) and `stuns`
//! as `e5:4,d6:4`. Positions in vchess's own layout, `position turn movesCount flags
//! stuns` with stuns like `e54,d64`, are read too.

use super::stuns::{from_stunned_letter, stunned_letter, stunned_units, STUN_PLIES};
use super::TERRAIN;
use crate::geometry::Square;
use crate::record::quote;
use crate::rules::impossible::{king_problems, misplaced_pawns, Kings, ORTHODOX_PAWN_RANKS};
use crate::rules::{Castling, Color, Piece, Position, Role};
use crate::snapshot::fen::{self, Fields, Placed};
use crate::snapshot::SnapshotError;

/// A placement symbol: an orthodox letter, or a stunned one.
fn symbol(c: char) -> Option<Placed> {
    fen::orthodox_symbol(c).or_else(|| from_stunned_letter(c).map(Placed::MarkedUnit))
}

/// Reads a snapshot in the project's layout or in vchess's.
pub(super) fn read(text: &str) -> Result<Position, SnapshotError> {
    let fields = Fields::split(text, 4, 6)?;
    let vchess = fields.fields.len() == 5 && fields.get(2).is_some_and(|f| f.bytes().all(|b| b.is_ascii_digit()));
    let mut stunned = Vec::new();
    let (board, _) = fen::read_placement(fields.get(0).unwrap_or_default(), TERRAIN.area, symbol, &mut stunned)?;
    let mut pos = Position::new(board);
    let mut problems = Vec::new();
    let mut keep = |result: Result<(), SnapshotError>| {
        if let Err(e) = result {
            problems.extend(e.problems);
        }
    };
    keep(fen::read_turn(fields.get(1).unwrap_or("w")).map(|turn| pos.set_turn(turn)));
    if vchess {
        keep(read_vchess_clocks(fields.get(2).unwrap_or("0"), &mut pos));
        keep(read_vchess_flags(fields.get(3).unwrap_or("-"), &mut pos));
        keep(read_stuns(fields.get(4).unwrap_or("-"), &stunned, &mut pos));
    } else {
        keep(fen::read_castling(fields.get(2).unwrap_or("-"), pos.board(), TERRAIN.castling.back_rank).map(|c| {
            *pos.castling_mut() = c;
        }));
        keep(read_stuns(fields.get(3).unwrap_or("-"), &stunned, &mut pos));
        keep(fen::read_number(fields.get(4), "halfmove clock", 0).map(|n| pos.set_halfmove(n)));
        keep(fen::read_number(fields.get(5), "fullmove number", 1).map(|n| pos.set_fullmove(n.max(1))));
    }
    problems.extend(impossible_position(&pos));
    SnapshotError::check(problems)?;
    Ok(pos)
}

/// Writes the project's layout.
pub(super) fn write(pos: &Position) -> String {
    let placement = fen::write_placement(TERRAIN.area, |sq| {
        let piece = pos.board().get(sq)?;
        Some(if pos.board().counter(sq).is_some() { stunned_letter(piece) } else { piece.fen_char() })
    });
    let stuns: Vec<String> = stunned_units(pos).into_iter().map(|(sq, _, counter)| format!("{sq}:{counter}")).collect();
    let stuns = if stuns.is_empty() { "-".to_string() } else { stuns.join(",") };
    format!(
        "{placement} {} {} {stuns} {} {}",
        pos.turn().char(),
        fen::write_castling(pos),
        pos.halfmove(),
        pos.fullmove()
    )
}

/// Entries of the stuns field read at most: the board has no more squares.
const MAX_STUNS: usize = 64;

/// Reads the `stuns` field (`e5:4,d6:4`, or vchess's `e54,d64`, in any order) and
/// checks it against the stunned letters of the placement, found on `stunned`.
fn read_stuns(text: &str, stunned: &[Square], pos: &mut Position) -> Result<(), SnapshotError> {
    let mut problems = Vec::new();
    let mut listed = Vec::new();
    // At most one stun per square is read: a longer list is refused at once.
    let entries = text.split(',').filter(|_| text != "-").take(MAX_STUNS + 1);
    for (i, entry) in entries.enumerate() {
        if i == MAX_STUNS {
            problems.push("the stuns field lists more stuns than the board has squares".to_string());
            break;
        }
        let (square, counter) = match entry.split_once(':') {
            Some((sq, n)) => (sq, n),
            // vchess writes the plies left as one digit right after the square.
            None => entry.split_at(entry.char_indices().last().map_or(0, |(i, _)| i)),
        };
        let (Some(sq), Ok(counter)) =
            (Square::parse(square).filter(|s| TERRAIN.area.contains(*s)), counter.parse::<u8>())
        else {
            problems.push(format!("`{}` is not a stun; write a square and the plies left, as in `e5:4`", quote(entry)));
            continue;
        };
        if listed.contains(&sq) {
            problems.push(format!("the stuns field lists {sq} twice"));
            continue;
        }
        listed.push(sq);
        if !(1..=STUN_PLIES).contains(&counter) {
            problems.push(format!("the stun on {sq} has {counter} plies left; a stun lasts 1 to {STUN_PLIES}"));
            continue;
        }
        match pos.board().get(sq) {
            None => problems.push(format!("the stuns field lists {sq}, an empty square")),
            Some(piece) if !stunned.contains(&sq) => problems.push(format!(
                "the stuns field lists {sq}, but the {piece} there is not written stunned (`{}`)",
                stunned_letter(piece)
            )),
            Some(_) => pos.board_mut().set_counter(sq, Some(counter)),
        }
    }
    for &sq in stunned {
        if !listed.contains(&sq) {
            let name = pos.board().get(sq).map_or_else(|| "unit".to_string(), |p| p.to_string());
            problems.push(format!("the stunned {name} on {sq} has no entry in the stuns field"));
        }
    }
    SnapshotError::check(problems)
}

/// vchess's `movesCount` counts plies from 0; the fullmove number follows from it.
/// vchess keeps no halfmove clock: it starts at 0.
fn read_vchess_clocks(text: &str, pos: &mut Position) -> Result<(), SnapshotError> {
    let plies = fen::read_number(Some(text), "move count", 0)?;
    pos.set_fullmove(plies / 2 + 1);
    pos.set_halfmove(0);
    Ok(())
}

/// vchess's castling flags: four file letters, White's queen-side and king-side rook,
/// then Black's; a letter past the board (`i`) means no right. A flag whose rook no
/// longer stands on its square is dropped, as vchess itself ignores it.
fn read_vchess_flags(text: &str, pos: &mut Position) -> Result<(), SnapshotError> {
    let letters: Vec<char> = text.chars().collect();
    if letters.len() != 4 || !letters.iter().all(char::is_ascii_lowercase) {
        return Err(SnapshotError::one(format!(
            "vchess castling flags are four file letters such as `ahah`, not `{text}`"
        )));
    }
    let mut castling = Castling::default();
    for (i, &letter) in letters.iter().enumerate() {
        let color = if i < 2 { Color::White } else { Color::Black };
        let wing = if i % 2 == 0 { crate::rules::Wing::Queen } else { crate::rules::Wing::King };
        let rank = TERRAIN.castling.back_rank_of(color);
        let Some(rook) = Square::new(letter as u8 - b'a', rank).filter(|s| TERRAIN.area.contains(*s)) else {
            continue;
        };
        let Some(king) = pos.board().king(color).filter(|k| k.rank() == rank) else { continue };
        let on_wing = match wing {
            crate::rules::Wing::Queen => rook.file() < king.file(),
            crate::rules::Wing::King => rook.file() > king.file(),
        };
        if on_wing && pos.board().get(rook) == Some(Piece::new(color, Role::Rook)) {
            castling.set(color, wing, Some(rook));
        }
    }
    *pos.castling_mut() = castling;
    Ok(())
}

/// Problems that make a Koopa position impossible (O9): more than one king of a side,
/// no king at all, a pawn on its first or last rank. One missing king is a finished
/// game (K5) and is allowed.
fn impossible_position(pos: &Position) -> Vec<String> {
    let mut problems = king_problems(pos, Kings::AtMostOne);
    if Color::ALL.iter().all(|&c| pos.board().king(c).is_none()) {
        problems.push("neither side has a king; a Koopa game ends when the first king leaves the board".to_string());
    }
    problems.extend(misplaced_pawns(pos, ORTHODOX_PAWN_RANKS, ""));
    problems
}
