//! The variants, one file each, the registry that finds them by name, and the
//! [`Variant`] trait that joins the four parts each variant supplies.

pub mod bellows;
pub mod bouncing;
pub mod bubble_fizz;
pub mod chess;
pub mod koopa;
mod registry;
pub mod tilting;

pub use registry::{accepted_names, lookup, parse_rule_options, RuleOption, VariantInfo, VARIANTS};

use crate::render::Presentation;
use crate::rules::{Notation, Rules};
use crate::snapshot::Snapshot;

/// A whole variant: its [`Rules`], its [`Notation`], its [`Snapshot`] format and its
/// [`Presentation`] in diagrams. Every type with the four parts is a `Variant`, and
/// `dyn Variant` is what the commands hold.
pub trait Variant: Rules + Notation + Snapshot + Presentation {}

impl<T: Rules + Notation + Snapshot + Presentation + ?Sized> Variant for T {}

impl std::fmt::Debug for dyn Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

/// The traits a caller of a variant needs in scope: `use crate::variants::prelude::*`.
pub mod prelude {
    pub use super::Variant;
    pub use crate::render::Presentation;
    pub use crate::rules::{Notation, Rules};
    pub use crate::snapshot::Snapshot;
}

#[cfg(test)]
pub(crate) mod tests;
