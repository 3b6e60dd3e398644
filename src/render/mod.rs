//! Diagrams of positions: one board view (the position and its [`Caption`]) drawn as
//! plain text, with chess glyphs, or as SVG.

mod caption;
mod pieces;
mod svg;
mod text;

pub use caption::{caption, position_caption, status};
pub use svg::draw_svg;
pub use text::{draw, Caption, Style};
