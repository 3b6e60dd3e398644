//! Positions a Tilting snapshot cannot describe: O9 as it applies here (a king may be
//! missing: the game is then over), and craters, bombs and missing kings that no
//! sequence of legal turns could leave behind (T1-T5).

use super::blast::{blast_area, names, reached_ranks, target_ranks, targets};
use super::TERRAIN;
use crate::geometry::SquareSet;
use crate::rules::check::king_safe;
use crate::rules::impossible::{king_problems, misplaced_pawns, waiting_side_in_check, Kings, ORTHODOX_PAWN_RANKS};
use crate::rules::{Color, Position};

/// Every reason the position is impossible; empty when it is possible.
pub(super) fn problems(pos: &Position) -> Vec<String> {
    let mut problems = king_problems(pos, Kings::AtMostOne);
    problems.extend(misplaced_pawns(pos, ORTHODOX_PAWN_RANKS, ""));
    let both_kings = Color::ALL.iter().all(|&c| pos.board().king(c).is_some());
    if problems.is_empty() && both_kings {
        problems.extend(waiting_side_in_check(pos, !king_safe(pos, pos.turn().other(), &TERRAIN), ""));
    }
    for color in Color::ALL {
        problems.extend(crater_problem(pos, color));
    }
    problems.extend(missing_king_problems(pos));
    problems
}

/// Whether the craters in the half of the board `color`'s blast reaches agree with
/// its bomb: none while it holds the bomb, else exactly one blast (T1, T2, T3).
fn crater_problem(pos: &Position, color: Color) -> Option<String> {
    let reach = reached_ranks(color);
    let zone: SquareSet = pos.craters().iter().filter(|sq| reach.contains(&sq.rank())).collect();
    let side = color.name();
    let ranks = format!("ranks {}-{}", reach.start() + 1, reach.end() + 1);
    let held = pos.holds_bomb(color);
    if held && !zone.is_empty() {
        return Some(format!(
            "{side} still holds its bomb, yet craters stand on {ranks} ({}), which only {side}'s blast reaches",
            names(&zone, " ")
        ));
    }
    if !held && zone.is_empty() {
        return Some(format!(
            "{side}'s bomb is used, yet no crater stands on {ranks}, where its blast must have left at least four"
        ));
    }
    if !held && !targets(color).any(|target| blast_area(target) == zone) {
        let aims = target_ranks(color);
        return Some(format!(
            "the craters on {ranks} ({}) are not the blast of one bomb: {side}'s one bomb leaves the block of \
             squares around a target on ranks {}-{}",
            names(&zone, " "),
            aims.start() + 1,
            aims.end() + 1
        ));
    }
    None
}

/// A king leaves the board only in a blast, which ends the game at once (T5): a
/// missing king needs the last turn to have been a blast of the side not to move.
fn missing_king_problems(pos: &Position) -> Vec<String> {
    let mut problems = Vec::new();
    let missing: Vec<Color> = Color::ALL.into_iter().filter(|&c| pos.board().king(c).is_none()).collect();
    let bomber = pos.turn().other();
    match missing.as_slice() {
        [] => {}
        [gone] => {
            let owner = gone.name().to_lowercase();
            let enemy = gone.other().name();
            if *gone != pos.turn() {
                problems.push(format!(
                    "the {owner} king is gone, which only a blast of {enemy} can do, and after it {} is to move",
                    gone.name()
                ));
            }
            if pos.holds_bomb(gone.other()) {
                problems.push(format!(
                    "the {owner} king is gone, yet {enemy} still holds the bomb that alone could destroy it"
                ));
            }
        }
        _ => {
            if pos.holds_bomb(bomber) {
                problems.push(format!(
                    "both kings are gone, which only a blast on the last turn can do, yet {} still holds its bomb",
                    bomber.name()
                ));
            }
        }
    }
    problems
}
