//! The board itself: squares, coordinates, the last turn's squares and the king in
//! check.

use super::layout::{Layout, GUTTER, SQ};
use super::theme::Theme;
use super::Coordinates;
use crate::geometry::{Square, SquareSet};
use crate::render::caption::{Alert, KingAlert};
use crate::rules::TurnTrace;
use std::fmt::Write;

/// Whether a square is a light one (`a1` is dark).
fn is_light(sq: Square) -> bool {
    (sq.file() + sq.rank()) % 2 == 1
}

pub(super) fn squares(svg: &mut String, layout: &Layout, theme: &Theme) {
    for sq in layout.area.squares() {
        let (x, y) = layout.corner(sq);
        let (class, fill) = if is_light(sq) { ("light", theme.light) } else { ("dark", theme.dark) };
        let _ = write!(
            svg,
            r#"<rect class="square {class}" data-square="{sq}" x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{fill}"/>"#
        );
    }
}

/// The last turn: its moves' squares tinted, blasts and kicks in red, a Koopa
/// landing square ringed in green.
pub(super) fn highlight(svg: &mut String, layout: &Layout, theme: &Theme, trace: &TurnTrace) {
    let mut moved = SquareSet::EMPTY;
    for &(from, to) in &trace.moves {
        moved.insert(from);
        moved.insert(to);
    }
    for sq in &moved {
        let (x, y) = layout.corner(sq);
        let _ = write!(
            svg,
            r#"<rect class="last-move" x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{}" fill-opacity="0.75"/>"#,
            theme.last_move
        );
    }
    for sq in &trace.struck {
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

/// The glow under a checked king, and a ring around a mated one.
pub(super) const ALERT_GRADIENT: &str = r##"<radialGradient id="king-alert"><stop offset="0" stop-color="#ff0000"/><stop offset="0.3" stop-color="#e70000"/><stop offset="0.75" stop-color="#a90000" stop-opacity="0.45"/><stop offset="1" stop-color="#9e0000" stop-opacity="0"/></radialGradient>"##;

pub(super) fn king_alert(svg: &mut String, layout: &Layout, alert: &KingAlert) {
    if !layout.area.contains(alert.square) {
        return;
    }
    let (x, y) = layout.corner(alert.square);
    let class = match alert.alert {
        Alert::Check => "check",
        Alert::Mate => "mate",
    };
    let _ = write!(
        svg,
        r#"<g class="king-alert {class}"><rect x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="url(#king-alert)"/>"#
    );
    if alert.alert == Alert::Mate {
        let _ = write!(
            svg,
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#b71c1c" stroke-width="4"/>"##,
            x + 2,
            y + 2,
            SQ - 4,
            SQ - 4
        );
    }
    svg.push_str("</g>");
}

/// File letters and rank numbers: around the board, or in the corners of its edge
/// squares.
pub(super) fn coordinates(svg: &mut String, layout: &Layout, theme: &Theme, mode: Coordinates) {
    let area = layout.area;
    let files =
        (area.min_file..=area.max_file).map(|f| Square::at(f, if layout.flip { area.max_rank } else { area.min_rank }));
    let ranks =
        (area.min_rank..=area.max_rank).map(|r| Square::at(if layout.flip { area.max_file } else { area.min_file }, r));
    match mode {
        Coordinates::None => {}
        Coordinates::Outside => {
            let (left, top) = (layout.left, layout.top);
            let (right, bottom) = (left + layout.width(), top + layout.height());
            for sq in files {
                let (x, _) = layout.centre(sq);
                let letter = Square::file_char(sq.file());
                for y in [bottom + GUTTER - 6, top - 7] {
                    let _ = write!(
                        svg,
                        r#"<text class="coordinate" x="{x}" y="{y}" font-size="14" text-anchor="middle" fill="{}">{letter}</text>"#,
                        theme.ink
                    );
                }
            }
            for sq in ranks {
                let (_, y) = layout.centre(sq);
                let number = sq.rank() + 1;
                for (x, anchor) in [(left - 6, "end"), (right + 6, "start")] {
                    let _ = write!(
                        svg,
                        r#"<text class="coordinate" x="{x}" y="{}" font-size="14" text-anchor="{anchor}" fill="{}">{number}</text>"#,
                        y + 5,
                        theme.ink
                    );
                }
            }
        }
        Coordinates::Inside => {
            let colour = |sq: Square| if is_light(sq) { theme.dark } else { theme.light };
            for sq in files {
                let (x, y) = layout.corner(sq);
                let _ = write!(
                    svg,
                    r#"<text class="coordinate" x="{}" y="{}" font-size="16" font-weight="bold" text-anchor="end" fill="{}">{}</text>"#,
                    x + SQ - 3,
                    y + SQ - 4,
                    colour(sq),
                    Square::file_char(sq.file())
                );
            }
            for sq in ranks {
                let (x, y) = layout.corner(sq);
                let _ = write!(
                    svg,
                    r#"<text class="coordinate" x="{}" y="{}" font-size="16" font-weight="bold" text-anchor="start" fill="{}">{}</text>"#,
                    x + 3,
                    y + 16,
                    colour(sq),
                    sq.rank() + 1
                );
            }
        }
    }
}
