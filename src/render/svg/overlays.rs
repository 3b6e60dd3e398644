//! What variants add to the board: craters, bubbles with owner and direction,
//! Bellows' boards (the squares off the active one dimmed, all three outlined),
//! and badges with the counters of marked units.

use super::layout::{Layout, SQ};
use super::theme::Theme;
use crate::geometry::{Rect, SquareSet};
use crate::render::{SquareKind, SquareMarks, UnitMarks};
use crate::rules::Color;
use std::fmt::Write;

/// Badge colours of the unit-mark groups (stuns, pauses, invigoration), in order.
pub(super) const BADGE_COLOURS: [&str; 4] = ["#c62828", "#2e7d32", "#1565c0", "#6a1b9a"];

/// Craters, bubbles, and the dimmed squares off Bellows' active board, with the
/// boards outlined.
pub(super) fn signs(svg: &mut String, layout: &Layout, theme: &Theme, groups: &[SquareMarks]) {
    for group in groups {
        for sq in group.squares.iter().filter(|sq| layout.area.contains(*sq)) {
            let (x, y) = layout.corner(sq);
            let (cx, cy) = layout.centre(sq);
            match group.kind {
                SquareKind::Crater => {
                    let _ = write!(
                        svg,
                        r##"<g class="crater"><circle cx="{cx}" cy="{cy}" r="{}" fill="#4e342e" stroke="#2b1b17" stroke-width="3"/><circle cx="{cx}" cy="{cy}" r="{}" fill="#1b0f0b"/><circle cx="{}" cy="{}" r="{}" fill="#8d6e63" fill-opacity="0.6"/></g>"##,
                        SQ * 2 / 5,
                        SQ / 5,
                        cx - SQ / 8,
                        cy - SQ / 8,
                        SQ / 14
                    );
                }
                SquareKind::Bubble(owner) => bubble(svg, layout, owner, cx, cy),
                SquareKind::Inactive => {
                    let _ = write!(
                        svg,
                        r##"<rect class="inactive" x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="#000" fill-opacity="0.4"/>"##
                    );
                }
            }
        }
    }
    for group in groups.iter().filter(|g| g.kind == SquareKind::Inactive) {
        board_outlines(svg, layout, theme, &group.squares);
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
    let tip = if rises_up_the_page { -10 } else { 10 };
    let _ = write!(
        svg,
        r#"<g class="bubble {class}"><circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}" fill-opacity="0.9" stroke="{stroke}" stroke-width="3"/><circle cx="{}" cy="{}" r="{}" fill="white" fill-opacity="0.7"/><path d="M{} {} L{} {} L{} {} Z" fill="{stroke}"/></g>"#,
        SQ * 7 / 20,
        cx - SQ / 9,
        cy - SQ / 9,
        SQ / 16,
        cx - 8,
        cy - tip / 2,
        cx + 8,
        cy - tip / 2,
        cx,
        cy + tip,
    );
}

/// The boards a variant with an active board plays on, nested in its grid: the
/// centred even-sized squares from 8x8 up to the whole grid (Bellows: c3-j10,
/// b2-k11, a1-l12).
fn nested_boards(area: Rect) -> Vec<Rect> {
    let size = area.files().min(area.ranks());
    (8..=size)
        .step_by(2)
        .map(|s| {
            let inset = (size - s) / 2;
            Rect::new(area.min_file + inset, area.min_rank + inset, area.max_file - inset, area.max_rank - inset)
        })
        .collect()
}

/// Outlines every board of the grid thinly, and the one in play (the squares not
/// dimmed) boldly.
fn board_outlines(svg: &mut String, layout: &Layout, theme: &Theme, inactive: &SquareSet) {
    let boards = nested_boards(layout.area);
    let active = boards.iter().rev().copied().find(|b| b.squares().all(|sq| !inactive.contains(sq)));
    for board in &boards {
        let (x, y, w, h) = layout.frame(*board);
        let _ = write!(
            svg,
            r#"<rect class="board-outline" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="2" stroke-dasharray="8 5"/>"#,
            x + 1,
            y + 1,
            w - 2,
            h - 2,
            theme.outline
        );
    }
    if let Some(board) = active {
        let (x, y, w, h) = layout.frame(board);
        let _ = write!(
            svg,
            r#"<rect class="board-outline active-board" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="5"/>"#,
            x + 2,
            y + 2,
            w - 4,
            h - 4,
            theme.active
        );
    }
}

/// A badge with the counter of every marked unit (stuns, pauses).
pub(super) fn badges(svg: &mut String, layout: &Layout, marks: &[UnitMarks]) {
    for (group, colour) in marks.iter().zip(BADGE_COLOURS.iter().cycle()) {
        for unit in group.units.iter().filter(|u| layout.area.contains(u.square)) {
            let (x, y) = layout.corner(unit.square);
            let (cx, cy) = (x + SQ - 11, y + 11);
            let _ = write!(
                svg,
                r#"<g class="badge"><circle cx="{cx}" cy="{cy}" r="10" fill="{colour}" stroke="white" stroke-width="2"/><text x="{cx}" y="{}" font-size="13" font-weight="bold" fill="white" text-anchor="middle">{}</text></g>"#,
                cy + 5,
                unit.counter
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::nested_boards;
    use crate::geometry::Rect;

    #[test]
    fn bellows_grid_holds_three_nested_boards() {
        assert_eq!(
            nested_boards(Rect::board(12, 12)),
            vec![Rect::new(2, 2, 9, 9), Rect::new(1, 1, 10, 10), Rect::new(0, 0, 11, 11)]
        );
        assert_eq!(nested_boards(Rect::board(8, 8)), vec![Rect::board(8, 8)]);
    }
}
