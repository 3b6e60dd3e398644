//! How a variant reads and writes its snapshots (SPEC section 4), the snapshot part
//! of `crate::variants::Variant`.

use super::SnapshotError;
use crate::rules::{Position, Rules};

/// A variant's snapshot format.
pub trait Snapshot: Rules {
    /// Reads the variant's snapshot (SPEC section 4), rejecting impossible positions.
    fn read_snapshot(&self, text: &str) -> Result<Position, SnapshotError>;

    /// Writes the variant's snapshot.
    fn write_snapshot(&self, pos: &Position) -> String;
}
