//! Text diagrams: the board with coordinates, a legend for overlays, and a caption.

use super::caption::{Heading, KingAlert};
use crate::geometry::Square;
use crate::render::{SquareMarks, UnitMarks};
use crate::rules::{Piece, Position, TurnTrace};

/// Which characters draw units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// FEN letters, `.` for an empty square.
    Text,
    /// Chess glyphs, `·` for an empty square.
    Unicode,
}

/// What the caption under a diagram says.
#[derive(Clone, Debug, Default)]
pub struct Caption {
    /// The variant's id (`chess`, `tilting`, ...).
    pub variant: &'static str,
    /// Who played the game, where and when (none for a bare snapshot).
    pub heading: Option<Heading>,
    /// The turn just played, e.g. `12... Nf6` (none at the start).
    pub last_turn: Option<String>,
    /// `check`, `checkmate, 1-0`, ...
    pub status: Option<String>,
    /// The side to move's king when it stands in check or is mated.
    pub alert: Option<KingAlert>,
    /// The variant's own state, one line each.
    pub state: Vec<String>,
    /// Comments of the record on the turn.
    pub comments: Vec<String>,
    /// Units the board draws marked (text style: with their marked symbol), each group
    /// listed with its counters in a legend line under the board.
    pub marks: Vec<UnitMarks>,
    /// Empty squares drawn with a sign (craters, bubbles, inactive squares), each
    /// group explained in the legend when the board shows it.
    pub squares: Vec<SquareMarks>,
    /// The squares the last turn touched (SVG diagrams highlight them).
    pub trace: Option<TurnTrace>,
}

impl Caption {
    /// The caption's lines in every format: the tool's sentences, then the record's
    /// comments.
    pub fn lines(&self, pos: &Position) -> Vec<String> {
        let mut lines = self.sentences(pos);
        lines.extend(self.comments.iter().cloned());
        lines
    }

    /// The legend lines of the marked units: `stunned (plies left): b8 4, e5 1`.
    pub fn legend_lines(&self) -> Vec<String> {
        self.marks.iter().filter(|m| !m.units.is_empty()).map(marks_line).collect()
    }

    /// The tool's own sentences: the turn just played (or the start), who is to move
    /// with the status, the variant's state.
    pub fn sentences(&self, pos: &Position) -> Vec<String> {
        let mut lines = Vec::with_capacity(2 + self.state.len());
        lines.push(self.last_turn.as_ref().map_or_else(|| "start position".to_string(), |t| format!("after {t}")));
        let mut side = format!("{} to move", pos.turn().name());
        if let Some(status) = &self.status {
            side.push_str(&format!("; {status}"));
        }
        lines.push(side);
        lines.extend(self.state.iter().cloned());
        lines
    }
}

fn glyph(piece: Piece) -> char {
    crate::record::languages::figurine(piece.role, piece.color)
}

/// Unicode diagrams put one of these before a marked unit, one per group of marks
/// (stunned, paused, invigorated), and before the group's legend line.
const UNIT_MARKERS: [char; 4] = ['*', '+', '~', '!'];

/// The marker of the first group that marks the unit on `sq`, if any.
fn unit_marker(caption: &Caption, sq: Square) -> Option<char> {
    caption
        .marks
        .iter()
        .zip(UNIT_MARKERS.iter().cycle())
        .find(|(group, _)| group.units.iter().any(|u| u.square == sq))
        .map(|(_, &marker)| marker)
}

/// Draws a position with White at the bottom (or Black, when `flip`).
pub fn draw(pos: &Position, style: Style, flip: bool, caption: &Caption) -> String {
    let area = pos.board().area();
    let mut ranks: Vec<u8> = (area.min_rank..=area.max_rank).rev().collect();
    let mut files: Vec<u8> = (area.min_file..=area.max_file).collect();
    if flip {
        ranks.reverse();
        files.reverse();
    }
    let width = files.len() * 2 + 1;
    let border = format!("   +{}+\n", "-".repeat(width));
    let mut out = border.clone();
    let mut shown = vec![false; caption.squares.len()];
    for &rank in &ranks {
        out.push_str(&format!("{:>2} |", rank + 1));
        for &file in &files {
            let sq = Square::at(file, rank);
            let marked = caption.marks.iter().flat_map(|m| &m.units).find(|u| u.square == sq);
            let c = match pos.board().get(sq) {
                Some(piece) if style == Style::Unicode => glyph(piece),
                Some(piece) => marked.map_or_else(|| piece.fen_char(), |u| u.symbol),
                None if let Some(i) = caption.squares.iter().position(|g| g.squares.contains(sq)) => {
                    if let Some(seen) = shown.get_mut(i) {
                        *seen = true;
                    }
                    caption.squares.get(i).map_or('?', |g| g.symbol)
                }
                None if style == Style::Unicode => '·',
                None => '.',
            };
            let marker = match style {
                Style::Unicode if pos.board().get(sq).is_some() => unit_marker(caption, sq),
                _ => None,
            };
            out.push(marker.unwrap_or(' '));
            out.push(c);
        }
        out.push_str(" |\n");
    }
    out.push_str(&border);
    out.push_str("    ");
    for &file in &files {
        out.push(' ');
        out.push(Square::file_char(file));
    }
    out.push('\n');
    let legend: Vec<String> = caption
        .squares
        .iter()
        .zip(&shown)
        .filter(|(_, &seen)| seen)
        .map(|(g, _)| format!("{} {}", g.symbol, g.label))
        .collect();
    if !legend.is_empty() {
        out.push_str(&format!("legend: {}\n", legend.join(", ")));
    }
    for (group, marker) in caption.marks.iter().zip(UNIT_MARKERS.iter().cycle()) {
        if group.units.is_empty() {
            continue;
        }
        if style == Style::Unicode {
            out.push(*marker);
            out.push(' ');
        }
        out.push_str(&marks_line(group));
        out.push('\n');
    }
    out.push('\n');
    for line in caption.lines(pos) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The legend line of a group of marked units: `stunned (plies left): b8 4, e5 1`.
pub(super) fn marks_line(group: &UnitMarks) -> String {
    let units: Vec<String> = group.units.iter().map(|u| format!("{} {}", u.square, u.counter)).collect();
    format!("{}: {}", group.label, units.join(", "))
}
