//! SVG diagrams: a self-contained picture (no fonts or files needed for the units,
//! which the project draws itself) with a title line, the board and coordinates,
//! the last turn highlighted and drawn as arrows, the king in check marked, the
//! variants' signs and counters, and the caption under the board.

mod arrows;
mod board;
mod caption_block;
mod layout;
mod overlays;
mod theme;
mod title;
mod xml;

pub use theme::{Theme, THEMES};
pub use title::{title_line, variant_name};
pub use xml::escape;

use super::pieces;
use super::Caption;
use crate::rules::Position;
use caption_block::CaptionBlock;
use layout::{Layout, GUTTER, PAD, SQ};
use std::fmt::Write;

/// Where the file letters and rank numbers go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Coordinates {
    None,
    /// Around the board, on all four sides.
    #[default]
    Outside,
    /// In the corners of the edge squares.
    Inside,
}

/// How a diagram is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// Black at the bottom.
    pub flip: bool,
    pub theme: Theme,
    pub coordinates: Coordinates,
    /// The title line above the board and the caption under it.
    pub caption: bool,
    /// The picture's width in pixels (its height follows); `None`: one pixel per unit.
    pub size: Option<u32>,
    /// The document carries the units' drawings; a page showing many boards leaves
    /// them out and holds one set for all (see [`definitions`]).
    pub standalone: bool,
}

/// The `<defs>` content every board refers to: the units and the check glow.
pub(super) fn definitions() -> String {
    format!("{}{}", pieces::definitions(), board::ALERT_GRADIENT)
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions {
            flip: false,
            theme: Theme::default(),
            coordinates: Coordinates::Outside,
            caption: true,
            size: None,
            standalone: true,
        }
    }
}

/// Height of a title line and its font size.
const TITLE_LINE: i32 = 26;
const TITLE_SIZE: i32 = 17;

/// Draws a position as an SVG document.
pub fn draw_svg(pos: &Position, options: &SvgOptions, caption: &Caption) -> String {
    let theme = &options.theme;
    let area = pos.board().area();
    let gutter = if options.coordinates == Coordinates::Outside { GUTTER } else { 0 };
    let board_width = i32::from(area.files()) * SQ;
    let inner_width = board_width + 2 * gutter;
    let title: Vec<String> = if options.caption {
        xml::wrap(&title_line(pos, caption), xml::columns(inner_width, TITLE_SIZE + 1))
    } else {
        Vec::new()
    };
    let title_height = i32::try_from(title.len()).unwrap_or(0) * TITLE_LINE + if title.is_empty() { 0 } else { 4 };
    let layout = Layout { area, flip: options.flip, left: PAD + gutter, top: PAD + title_height + gutter };
    let block = options.caption.then(|| CaptionBlock::new(pos, caption, inner_width));
    let width = inner_width + 2 * PAD;
    let below = layout.top + layout.height() + gutter;
    let height = below + block.as_ref().map_or(0, |b| b.height() + 4) + PAD;
    let (px_width, px_height) = match options.size {
        Some(size) => {
            let size = i32::try_from(size).unwrap_or(i32::MAX);
            (size, i32::try_from(i64::from(size) * i64::from(height) / i64::from(width.max(1))).unwrap_or(size))
        }
        None => (width, height),
    };
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{px_width}" height="{px_height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Verdana, Arial, sans-serif">"#
    );
    let _ = write!(svg, "<title>{}</title>", escape(&title::accessible_title(pos, caption)));
    if options.standalone {
        let _ = write!(svg, "<defs>{}</defs>", definitions());
    }
    let _ = write!(svg, r#"<rect class="background" width="{width}" height="{height}" fill="{}"/>"#, theme.background);
    for (i, line) in (0..).zip(&title) {
        let _ = write!(
            svg,
            r#"<text class="title" x="{PAD}" y="{}" font-size="{TITLE_SIZE}" font-weight="bold" fill="{}">{}</text>"#,
            PAD + 18 + i * TITLE_LINE,
            theme.ink,
            escape(line)
        );
    }
    board::squares(&mut svg, &layout, theme);
    if let Some(trace) = &caption.trace {
        board::highlight(&mut svg, &layout, theme, trace);
    }
    if let Some(alert) = &caption.alert {
        board::king_alert(&mut svg, &layout, alert);
    }
    overlays::signs(&mut svg, &layout, theme, &caption.squares);
    if options.coordinates == Coordinates::Inside {
        board::coordinates(&mut svg, &layout, theme, options.coordinates);
    }
    units(&mut svg, &layout, pos);
    overlays::badges(&mut svg, &layout, &caption.marks);
    if let Some(trace) = &caption.trace {
        arrows::arrows(&mut svg, &layout, theme, trace);
    }
    if options.coordinates == Coordinates::Outside {
        board::coordinates(&mut svg, &layout, theme, options.coordinates);
    }
    if let Some(block) = &block {
        block.draw(&mut svg, theme, PAD, below + 4);
    }
    svg.push_str("</svg>\n");
    svg
}

/// The units, each filling its square.
fn units(svg: &mut String, layout: &Layout, pos: &Position) {
    for (sq, piece) in pos.board().pieces() {
        let (x, y) = layout.corner(sq);
        let _ = write!(
            svg,
            r##"<use class="piece" href="#{}" x="{x}" y="{y}" width="{SQ}" height="{SQ}"/>"##,
            pieces::symbol_id(piece),
        );
    }
}
