//! The variants, one file each, and the registry that finds them by name.

pub mod bellows;
pub mod bouncing;
pub mod bubble_fizz;
pub mod chess;
pub mod koopa;
mod registry;
pub mod tilting;

pub use registry::{lookup, parse_rule_options, RuleOption, VariantInfo, VARIANTS};

#[cfg(test)]
mod tests;
