//! SVG diagrams: a self-contained picture of the board (no fonts or files needed
//! for the units, which the project draws itself), the last turn highlighted, the
//! variants' signs and counters, and the caption under the board.

use super::pieces;
use super::text::marks_line;
use super::Caption;
use crate::geometry::{Rect, Square, SquareSet};
use crate::render::{SquareKind, SquareMarks};
use crate::rules::{Color, Position, TurnTrace};
use std::fmt::Write;

/// Side of one square, in SVG user units.
const SQ: i32 = 48;
/// Room left of the board for rank numbers, and above it.
const LEFT: i32 = 30;
const TOP: i32 = 10;
/// Room under the board for file letters.
const FILES_ROW: i32 = 24;
const LINE: i32 = 18;
/// Roughly how many characters of the caption font fit in one unit of width.
const CHAR_WIDTH: i32 = 7;

/// Badge colours of the unit-mark groups (stuns, pauses, invigoration), in order.
const BADGE_COLOURS: [&str; 4] = ["#c62828", "#2e7d32", "#1565c0", "#6a1b9a"];

/// Where squares are drawn: the board's area, seen from White or (flipped) Black.
struct Layout {
    area: Rect,
    flip: bool,
}

impl Layout {
    /// The top-left corner of a square's cell.
    fn corner(&self, sq: Square) -> (i32, i32) {
        let (col, row) = if self.flip {
            (self.area.max_file - sq.file(), sq.rank() - self.area.min_rank)
        } else {
            (sq.file() - self.area.min_file, self.area.max_rank - sq.rank())
        };
        (LEFT + i32::from(col) * SQ, TOP + i32::from(row) * SQ)
    }

    fn centre(&self, sq: Square) -> (i32, i32) {
        let (x, y) = self.corner(sq);
        (x + SQ / 2, y + SQ / 2)
    }

    fn width(&self) -> i32 {
        i32::from(self.area.files()) * SQ
    }

    fn height(&self) -> i32 {
        i32::from(self.area.ranks()) * SQ
    }
}

/// Text made safe for XML: markup characters escaped, characters XML forbids replaced.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(' '),
            c if c < ' ' || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Splits a caption line into lines of at most `width` characters, at spaces.
fn wrap(line: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in line.split_whitespace() {
        if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    if !current.is_empty() || lines.is_empty() {
        lines.push(current);
    }
    lines
}

/// Draws a position as an SVG document, White at the bottom (or Black, when `flip`).
pub fn draw_svg(pos: &Position, flip: bool, caption: &Caption) -> String {
    let layout = Layout { area: pos.board().area(), flip };
    let lines = caption_lines(pos, caption, layout.width() + LEFT);
    let width = LEFT + layout.width() + 10;
    let height = TOP + layout.height() + FILES_ROW + lines.len() as i32 * LINE + 10;
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif">"#
    );
    svg.push_str(&format!("<defs>{}{}</defs>", pieces::definitions(), ARROW));
    svg.push_str(&format!(r#"<rect width="{width}" height="{height}" fill="white"/>"#));
    squares(&mut svg, &layout);
    if let Some(trace) = &caption.trace {
        highlight(&mut svg, &layout, trace);
    }
    signs(&mut svg, &layout, &caption.squares);
    units(&mut svg, &layout, pos, caption);
    if let Some(trace) = &caption.trace {
        arrows(&mut svg, &layout, trace);
    }
    coordinates(&mut svg, &layout);
    let mut y = TOP + layout.height() + FILES_ROW + LINE - 4;
    for (colour, text) in &lines {
        let x = if colour.is_some() { LEFT + 14 } else { LEFT };
        if let Some(colour) = colour {
            let _ = write!(svg, r#"<circle cx="{}" cy="{}" r="5" fill="{colour}"/>"#, LEFT + 5, y - 5);
        }
        let _ = write!(svg, r#"<text class="caption" x="{x}" y="{y}" font-size="13">{}</text>"#, escape(text));
        y += LINE;
    }
    svg.push_str("</svg>\n");
    svg
}

/// The arrow head used by bounce arrows.
const ARROW: &str = r##"<marker id="arrow" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0 L10 5 L0 10 Z" fill="#1565c0"/></marker>"##;

fn squares(svg: &mut String, layout: &Layout) {
    for sq in layout.area.squares() {
        let (x, y) = layout.corner(sq);
        let (class, fill) = if (sq.file() + sq.rank()) % 2 == 0 { ("dark", "#b58863") } else { ("light", "#f0d9b5") };
        let _ =
            write!(svg, r#"<rect class="square {class}" x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{fill}"/>"#);
    }
}

/// The last turn: its moves' squares in yellow, blasts and kicks in red, a Koopa
/// landing square ringed in green.
fn highlight(svg: &mut String, layout: &Layout, trace: &TurnTrace) {
    let mut moved = SquareSet::EMPTY;
    for &(from, to) in &trace.moves {
        moved.insert(from);
        moved.insert(to);
    }
    for sq in moved.iter() {
        let (x, y) = layout.corner(sq);
        let _ = write!(
            svg,
            r##"<rect class="last-move" x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="#f7ec5d" fill-opacity="0.6"/>"##
        );
    }
    for sq in trace.struck.iter() {
        let (x, y) = layout.corner(sq);
        let _ = write!(
            svg,
            r##"<rect class="struck" x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="#e53935" fill-opacity="0.45"/>"##
        );
    }
    if let Some(sq) = trace.landing {
        let (cx, cy) = layout.centre(sq);
        let _ = write!(
            svg,
            r##"<circle class="landing" cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="#2e7d32" stroke-width="4"/>"##,
            SQ / 2 - 3
        );
    }
}

/// Craters, bubbles with their owner and direction, and the dimmed squares outside
/// Bellows' active board with the active board outlined.
fn signs(svg: &mut String, layout: &Layout, groups: &[SquareMarks]) {
    let mut inactive = SquareSet::EMPTY;
    for group in groups {
        for sq in group.squares.iter().filter(|sq| layout.area.contains(*sq)) {
            let (x, y) = layout.corner(sq);
            let (cx, cy) = layout.centre(sq);
            match group.kind {
                SquareKind::Crater => {
                    let _ = write!(
                        svg,
                        r##"<g class="crater"><circle cx="{cx}" cy="{cy}" r="{}" fill="#4e342e" stroke="#2b1b17" stroke-width="3"/><circle cx="{cx}" cy="{cy}" r="{}" fill="#1b0f0b"/></g>"##,
                        SQ * 2 / 5,
                        SQ / 5
                    );
                }
                SquareKind::Bubble(owner) => bubble(svg, layout, owner, cx, cy),
                SquareKind::Inactive => {
                    inactive.insert(sq);
                    let _ = write!(
                        svg,
                        r##"<rect class="inactive" x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="#000" fill-opacity="0.4"/>"##
                    );
                }
            }
        }
    }
    if !inactive.is_empty() {
        active_outline(svg, layout, &inactive);
    }
}

/// A bubble: light for White's, dark for Black's, with a triangle pointing the way
/// it rises (F1).
fn bubble(svg: &mut String, layout: &Layout, owner: Color, cx: i32, cy: i32) {
    let (class, fill, stroke) = match owner {
        Color::White => ("white", "#e3f2fd", "#1e88e5"),
        Color::Black => ("black", "#0d47a1", "#90caf9"),
    };
    let rises_up_the_page = (owner == Color::White) != layout.flip;
    let tip = if rises_up_the_page { -8 } else { 8 };
    let _ = write!(
        svg,
        r#"<g class="bubble {class}"><circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="3"/><path d="M{} {} L{} {} L{} {} Z" fill="{stroke}"/></g>"#,
        SQ * 3 / 10,
        cx - 6,
        cy - tip / 2,
        cx + 6,
        cy - tip / 2,
        cx,
        cy + tip,
    );
}

/// Outlines the smallest rectangle holding every square not dimmed.
fn active_outline(svg: &mut String, layout: &Layout, inactive: &SquareSet) {
    let active: Vec<(i32, i32)> =
        layout.area.squares().filter(|sq| !inactive.contains(*sq)).map(|sq| layout.corner(sq)).collect();
    let (Some(x0), Some(y0), Some(x1), Some(y1)) = (
        active.iter().map(|c| c.0).min(),
        active.iter().map(|c| c.1).min(),
        active.iter().map(|c| c.0).max(),
        active.iter().map(|c| c.1).max(),
    ) else {
        return;
    };
    let _ = write!(
        svg,
        r##"<rect class="active-board" x="{x0}" y="{y0}" width="{}" height="{}" fill="none" stroke="#d32f2f" stroke-width="3"/>"##,
        x1 - x0 + SQ,
        y1 - y0 + SQ
    );
}

/// The units, and a badge with the counter of every marked unit (stuns, pauses).
fn units(svg: &mut String, layout: &Layout, pos: &Position, caption: &Caption) {
    for (sq, piece) in pos.board().pieces() {
        let (x, y) = layout.corner(sq);
        let _ = write!(
            svg,
            r##"<use class="piece" href="#{}" x="{}" y="{}" width="{}" height="{}"/>"##,
            pieces::symbol_id(piece),
            x + 2,
            y + 2,
            SQ - 4,
            SQ - 4
        );
    }
    for (group, colour) in caption.marks.iter().zip(BADGE_COLOURS.iter().cycle()) {
        for unit in &group.units {
            let (x, y) = layout.corner(unit.square);
            let (cx, cy) = (x + SQ - 10, y + 10);
            let _ = write!(
                svg,
                r#"<g class="badge"><circle cx="{cx}" cy="{cy}" r="9" fill="{colour}" stroke="white" stroke-width="1.5"/><text x="{cx}" y="{}" font-size="12" font-weight="bold" fill="white" text-anchor="middle">{}</text></g>"#,
                cy + 4,
                unit.counter
            );
        }
    }
}

/// A bounce drawn as an arrow from the bounced unit's start to where it went.
fn arrows(svg: &mut String, layout: &Layout, trace: &TurnTrace) {
    if let Some((from, to)) = trace.bounce {
        let (x1, y1) = layout.centre(from);
        let (x2, y2) = layout.centre(to);
        let _ = write!(
            svg,
            r##"<line class="bounce" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#1565c0" stroke-width="5" stroke-opacity="0.85" marker-end="url(#arrow)"/>"##
        );
    }
}

fn coordinates(svg: &mut String, layout: &Layout) {
    let bottom = TOP + layout.height();
    for file in layout.area.min_file..=layout.area.max_file {
        let (x, _) = layout.centre(Square::at(file, layout.area.min_rank));
        let _ = write!(
            svg,
            r#"<text x="{x}" y="{}" font-size="13" text-anchor="middle">{}</text>"#,
            bottom + 17,
            Square::file_char(file)
        );
    }
    for rank in layout.area.min_rank..=layout.area.max_rank {
        let (_, y) = layout.centre(Square::at(layout.area.min_file, rank));
        let _ =
            write!(svg, r#"<text x="{}" y="{}" font-size="13" text-anchor="end">{}</text>"#, LEFT - 6, y + 5, rank + 1);
    }
}

/// The caption's lines, wrapped to the picture's width; legend lines of unit marks
/// carry their badge colour.
fn caption_lines(pos: &Position, caption: &Caption, width: i32) -> Vec<(Option<&'static str>, String)> {
    let columns = usize::try_from(width / CHAR_WIDTH).unwrap_or(40).max(20);
    let mut raw: Vec<(Option<&'static str>, String)> = caption.lines(pos).into_iter().map(|l| (None, l)).collect();
    for (group, colour) in caption.marks.iter().zip(BADGE_COLOURS.iter().cycle()) {
        if !group.units.is_empty() {
            raw.push((Some(colour), marks_line(group)));
        }
    }
    raw.into_iter().flat_map(|(colour, line)| wrap(&line, columns).into_iter().map(move |l| (colour, l))).collect()
}

#[cfg(test)]
mod tests {
    use super::{escape, wrap};

    #[test]
    fn escape_makes_markup_and_control_characters_safe() {
        assert_eq!(escape("a<b & \"c\"\u{0}"), "a&lt;b &amp; &quot;c&quot;\u{FFFD}");
    }

    #[test]
    fn wrap_breaks_at_spaces_and_keeps_long_words_whole() {
        assert_eq!(wrap("one two three", 7), vec!["one two", "three"]);
        assert_eq!(wrap("abcdefghij", 4), vec!["abcdefghij"]);
        assert_eq!(wrap("", 4), vec![""]);
    }
}
