//! Arrows: the last turn's moves, and Bouncing's bounce as a second arrow that
//! stops short of the unit it pushed.

use super::layout::{Layout, SQ};
use super::theme::Theme;
use crate::geometry::Square;
use crate::rules::TurnTrace;
use std::fmt::Write;

/// How an arrow is cut and drawn, in units of a square's side.
struct Shape {
    /// Left off at the start and at the end of the centre-to-centre line.
    trim_start: f64,
    trim_end: f64,
    shaft: f64,
    head_length: f64,
    head_width: f64,
}

const MOVE: Shape = Shape { trim_start: 0.0, trim_end: 0.12, shaft: 0.2, head_length: 0.42, head_width: 0.5 };
const BOUNCE: Shape = Shape { trim_start: 0.18, trim_end: 0.42, shaft: 0.14, head_length: 0.28, head_width: 0.36 };

/// The last turn's arrows: one per move (a Koopa capture drawn to where the unit
/// landed), then the bounce.
pub(super) fn arrows(svg: &mut String, layout: &Layout, theme: &Theme, trace: &TurnTrace) {
    let count = trace.moves.len();
    for (i, &(from, to)) in trace.moves.iter().enumerate() {
        let end = if i + 1 == count { trace.landing.unwrap_or(to) } else { to };
        arrow(svg, layout, "move-arrow", theme.arrow, from, end, &MOVE);
    }
    if let Some((from, to)) = trace.bounce {
        arrow(svg, layout, "bounce", theme.bounce, from, to, &BOUNCE);
    }
}

/// One arrow as a filled outline (drawn the same by every renderer).
fn arrow(svg: &mut String, layout: &Layout, class: &str, colour: &str, from: Square, to: Square, shape: &Shape) {
    if from == to || !layout.area.contains(from) || !layout.area.contains(to) {
        return;
    }
    let point = |sq: Square| {
        let (x, y) = layout.centre(sq);
        (f64::from(x), f64::from(y))
    };
    let ((x1, y1), (x2, y2)) = (point(from), point(to));
    let length = (x2 - x1).hypot(y2 - y1);
    let side = f64::from(SQ);
    let (dx, dy) = ((x2 - x1) / length, (y2 - y1) / length);
    let (nx, ny) = (-dy, dx);
    let start = (x1 + dx * shape.trim_start * side, y1 + dy * shape.trim_start * side);
    let tip = (x2 - dx * shape.trim_end * side, y2 - dy * shape.trim_end * side);
    let head = shape.head_length * side;
    let neck = (tip.0 - dx * head, tip.1 - dy * head);
    let (shaft, wing) = (shape.shaft * side / 2.0, shape.head_width * side / 2.0);
    let points = [
        (start.0 + nx * shaft, start.1 + ny * shaft),
        (neck.0 + nx * shaft, neck.1 + ny * shaft),
        (neck.0 + nx * wing, neck.1 + ny * wing),
        tip,
        (neck.0 - nx * wing, neck.1 - ny * wing),
        (neck.0 - nx * shaft, neck.1 - ny * shaft),
        (start.0 - nx * shaft, start.1 - ny * shaft),
    ];
    let path: Vec<String> = points.iter().map(|(x, y)| format!("{x:.1} {y:.1}")).collect();
    let _ = write!(
        svg,
        r#"<path class="{class}" d="M{} Z" fill="{colour}" fill-opacity="0.78" stroke="white" stroke-opacity="0.5" stroke-width="1.5" stroke-linejoin="round"/>"#,
        path.join(" L")
    );
}
