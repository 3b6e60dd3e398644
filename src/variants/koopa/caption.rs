//! Caption lines for a played Koopa capture: what it stunned and where the capturer
//! landed or that it ran off the board (K2), or what a kick removed (K3); and the
//! squares diagrams highlight for it.

use super::strike::{self, direction, Strike};
use super::TERRAIN;
use crate::geometry::SquareSet;
use crate::rules::{Move, Position, Turn, TurnTrace};

/// The squares of `set` in the order the capture `mv` travels over them.
fn along_line(mv: &Move, set: SquareSet) -> String {
    let dir = direction(mv);
    let mut names = Vec::new();
    let mut at = Some(mv.to);
    while let Some(sq) = at.filter(|s| TERRAIN.area.contains(*s)) {
        if set.contains(sq) {
            names.push(sq.to_string());
        }
        at = sq.step(dir);
    }
    names.join(" ")
}

/// What the turn did beyond moving its unit; `before` is the position it was played in.
pub(super) fn describe(before: &Position, turn: &Turn) -> Vec<String> {
    let Some(mv) = turn.moves().first().filter(|m| m.capture) else { return Vec::new() };
    let unit = mv.role.name();
    let promoted = mv.promotion.map_or_else(String::new, |r| format!(" as a {}", r.name()));
    let line = match strike::trace(before.board(), mv) {
        Strike::Bounce { stunned, passed, landing } => {
            let mut line = format!("the {unit} stunned {}", along_line(mv, stunned));
            if !passed.is_empty() {
                line.push_str(&format!(", passed over {} (already stunned)", along_line(mv, passed)));
            }
            match landing {
                Some(sq) => line.push_str(&format!(" and landed on {sq}{promoted}")),
                None => line.push_str(" and ran off the board"),
            }
            line
        }
        Strike::Kick { mut removed } => {
            removed.remove(mv.to);
            let behind =
                if removed.is_empty() { String::new() } else { format!(" with {} behind it", along_line(mv, removed)) };
            format!("the {unit} kicked {} off the board{behind} and stands on {}{promoted}", mv.to, mv.to)
        }
    };
    vec![line]
}

/// The squares a turn touched: the move, and the capturer's landing square (K2) or
/// the units a kick removed (K3).
pub(super) fn trace(before: &Position, turn: &Turn) -> TurnTrace {
    let mut trace = turn.trace();
    if let Some(mv) = turn.moves().first().filter(|m| m.capture) {
        match strike::trace(before.board(), mv) {
            Strike::Bounce { landing, .. } => trace.landing = landing,
            Strike::Kick { removed } => trace.struck = removed,
        }
    }
    trace
}
