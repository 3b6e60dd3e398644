//! FEN-like snapshots: the orthodox fields every variant shares, and the error
//! that lists every problem of an impossible position.

mod error;
pub mod fen;
mod format;
pub mod plain;

pub use error::SnapshotError;
pub use format::Snapshot;
