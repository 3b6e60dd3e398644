//! The error of a snapshot that cannot be read or is not a possible position.

use std::fmt;

/// Every problem found in a snapshot, in plain words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnapshotError {
    pub problems: Vec<String>,
}

impl SnapshotError {
    pub fn one(problem: impl Into<String>) -> SnapshotError {
        SnapshotError { problems: vec![problem.into()] }
    }

    /// `Ok` when no problem was found.
    pub fn check(problems: Vec<String>) -> Result<(), SnapshotError> {
        if problems.is_empty() {
            Ok(())
        } else {
            Err(SnapshotError { problems })
        }
    }
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.problems.join("; "))
    }
}

impl std::error::Error for SnapshotError {}
