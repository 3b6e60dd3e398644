//! Diagrams of positions: one board view (the position and its [`Caption`]) drawn as
//! plain text, with chess glyphs, or as SVG.

mod caption;
mod marks;
mod pieces;
mod svg;
mod text;

pub use caption::{caption, position_caption, status};
pub use marks::{MarkedUnit, Presentation, SquareKind, SquareMarks, UnitMarks};
pub use svg::draw_svg;
pub use text::{draw, Caption, Style};
