//! Diagrams of positions: one board view drawn as plain text or with chess glyphs.

mod text;

pub use text::{draw, Caption, Style};
