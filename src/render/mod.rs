//! Diagrams of positions: one board view (the position and its [`Caption`]) drawn as
//! plain text, with chess glyphs, as SVG, as PNG (the SVG rasterised), or a whole
//! game as one HTML page.

mod caption;
mod html;
mod marks;
mod pieces;
mod png;
mod svg;
mod text;

pub use caption::{caption, move_number, position_caption, Alert, Heading, KingAlert, LastTurn};
pub use html::{html_page, GameView, PlyView};
pub use marks::{MarkedUnit, Presentation, SquareKind, SquareMarks, UnitMarks};
pub use png::rasterise;
pub use svg::{draw_svg, escape, title_line, variant_name, Coordinates, SvgOptions, Theme, THEMES};
pub use text::{draw, Caption, Style};
