//! The variants, one file each, and the registry that finds them by name.

pub mod bouncing;
pub mod chess;
mod registry;

pub use registry::{lookup, parse_rule_options, RuleOption, VariantInfo, VARIANTS};
