//! Diagrams of positions: one board view drawn as plain text or with chess glyphs,
//! with a caption.

mod caption;
mod text;

pub use caption::{caption, position_caption, status};
pub use text::{draw, Caption, Style};
