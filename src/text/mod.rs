//! Text from a record made safe to show: control characters escaped, long tokens cut.

mod escape;

pub use escape::{escape_controls, escape_controls_keeping_lines, push_quoted, quote, MAX_QUOTED_CHARS};
