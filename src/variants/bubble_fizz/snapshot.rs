//! Bubble Fizz's snapshot (SPEC section 4): FEN and two fields, `bubbles` (`g7w,e4b`:
//! square and owner) and `pauses` (`e4:3,f3:0`: turns still to sit out, 0 for an
//! invigorated unit), both in reading order on output and any order on input. A
//! plain six-field FEN (or four-field EPD) is read as a position without bubbles or
//! pauses.

use super::bubbles::{owner_at, PAUSE_TURNS};
use super::safety;
use super::TERRAIN;
use crate::geometry::Square;
use crate::rules::impossible::{king_problems, misplaced_pawns, waiting_side_in_check, Kings, ORTHODOX_PAWN_RANKS};
use crate::rules::{Color, Piece, Position};
use crate::snapshot::fen::{self, Fields};
use crate::snapshot::SnapshotError;

/// The squares of the board in reading order (rank 8 first, files a to h).
pub(super) fn reading_order() -> impl Iterator<Item = Square> {
    TERRAIN.area.reading_order()
}

/// Reads a snapshot of 4, 6 or 8 fields and rejects impossible positions, listing
/// every problem.
pub(super) fn read(text: &str) -> Result<Position, SnapshotError> {
    let fields = Fields::split(text, 4, 8)?;
    let count = fields.fields.len();
    if count == 5 || count == 7 {
        return Err(SnapshotError::one(format!(
            "a bubble-fizz snapshot has 8 fields (FEN, bubbles, pauses), or 6 or 4 without bubbles and pauses; \
             this one has {count}"
        )));
    }
    let mut pos =
        fen::read_orthodox(&fields, TERRAIN.area, TERRAIN.castling.back_rank, fen::orthodox_symbol, &mut Vec::new())?;
    let mut problems = Vec::new();
    read_bubbles(fields.get(6).unwrap_or("-"), &mut pos, &mut problems);
    read_pauses(fields.get(7).unwrap_or("-"), &mut pos, &mut problems);
    problems.extend(impossible(&pos));
    SnapshotError::check(problems)?;
    Ok(pos)
}

/// Entries of a list field (`-` is the empty list); at most this many are read, a
/// board holds no more squares.
const MAX_ENTRIES: usize = 64;

fn entries(text: &str) -> impl Iterator<Item = &str> {
    text.split(',').filter(move |_| text != "-").take(MAX_ENTRIES + 1)
}

/// The `bubbles` field: `g7w,e4b`. A bubble never stands on a unit (F3), twice on
/// one square (F2), on its owner's first rank (it is born one step up, F1, F2).
fn read_bubbles(text: &str, pos: &mut Position, problems: &mut Vec<String>) {
    for (i, entry) in entries(text).enumerate() {
        if i == MAX_ENTRIES {
            problems.push("the bubbles field lists more bubbles than the board has squares".to_string());
            break;
        }
        let (square, owner) = entry.split_at(entry.char_indices().last().map_or(0, |(i, _)| i));
        let owner = match owner {
            "w" => Some(Color::White),
            "b" => Some(Color::Black),
            _ => None,
        };
        let (Some(sq), Some(owner)) = (Square::parse(square).filter(|s| TERRAIN.area.contains(*s)), owner) else {
            problems.push(format!(
                "`{}` is not a bubble; write a square and its owner, as in `g7w` or `e4b`",
                entry.escape_debug()
            ));
            continue;
        };
        if owner_at(pos, sq).is_some() {
            problems.push(format!("the bubbles field lists {sq} twice; a square holds at most one bubble"));
            continue;
        }
        if let Some(piece) = pos.board().get(sq) {
            problems.push(format!("the bubble on {sq} stands on the {piece}; bubbles stand only on empty squares"));
            continue;
        }
        if sq.rank() == TERRAIN.castling.back_rank_of(owner) {
            problems.push(format!(
                "a {} bubble cannot be on {sq}: bubbles are born one step up from a unit and only rise",
                owner.name().to_lowercase()
            ));
            continue;
        }
        pos.add_bubble(owner, sq);
    }
}

/// The `pauses` field: `e4:3,f3:0`, a unit's square and the turns it still sits out.
fn read_pauses(text: &str, pos: &mut Position, problems: &mut Vec<String>) {
    let mut listed = Vec::new();
    for (i, entry) in entries(text).enumerate() {
        if i == MAX_ENTRIES {
            problems.push("the pauses field lists more units than the board has squares".to_string());
            break;
        }
        let parsed = entry.split_once(':').and_then(|(sq, n)| {
            Some((Square::parse(sq).filter(|s| TERRAIN.area.contains(*s))?, n.parse::<u8>().ok()?))
        });
        let Some((sq, counter)) = parsed else {
            problems.push(format!(
                "`{}` is not a pause; write a square and the turns left, as in `e4:3` (0: invigorated)",
                entry.escape_debug()
            ));
            continue;
        };
        if listed.contains(&sq) {
            problems.push(format!("the pauses field lists {sq} twice"));
            continue;
        }
        listed.push(sq);
        if counter > PAUSE_TURNS {
            problems.push(format!("the pause on {sq} is {counter}; a pause counts from {PAUSE_TURNS} down to 0"));
            continue;
        }
        if pos.board().is_empty_at(sq) {
            problems.push(format!("the pauses field lists {sq}, an empty square"));
            continue;
        }
        pos.board_mut().set_counter(sq, Some(counter));
    }
}

/// O9 as Bubble Fizz reads it: one king each, no pawn on the first or last rank, and
/// the side not to move not in check by an unpaused unit (F8).
fn impossible(pos: &Position) -> Vec<String> {
    let mut problems = king_problems(pos, Kings::ExactlyOne);
    problems.extend(misplaced_pawns(pos, ORTHODOX_PAWN_RANKS, ""));
    if problems.is_empty() {
        problems.extend(waiting_side_in_check(pos, safety::in_check(pos, pos.turn().other()), ""));
    }
    problems
}

/// Writes the eight fields; `ep` is the en passant square when a capture there is legal.
pub(super) fn write(pos: &Position, ep: Option<Square>) -> String {
    let placement = fen::write_placement(TERRAIN.area, |sq| pos.board().get(sq).map(Piece::fen_char));
    let bubbles: Vec<String> =
        reading_order().filter_map(|sq| owner_at(pos, sq).map(|c| format!("{sq}{}", c.char()))).collect();
    let pauses: Vec<String> =
        reading_order().filter_map(|sq| pos.board().counter(sq).map(|c| format!("{sq}:{c}"))).collect();
    format!("{} {} {}", fen::write_orthodox(pos, &placement, ep), list(&bubbles), list(&pauses))
}

fn list(items: &[String]) -> String {
    if items.is_empty() {
        "-".to_string()
    } else {
        items.join(",")
    }
}
