//! The legal turns of a position one at a time, within a budget: what `perft` and
//! `moves` walk. Bubble Fizz hands its turns out as its search finds them (a crowded
//! position has millions); other variants have few turns per position and collect
//! them. Every turn visited counts against `--max-turns`, shared by every thread that
//! walks; running out is an error that says how to go on.

use super::CliError;
use crate::rules::{Position, Turn};
use crate::variants::bubble_fizz::BubbleFizz;
use crate::variants::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

/// The turns of positions of one variant, with what is left of the budget.
pub(super) struct Turns<'v> {
    pub variant: &'v dyn Variant,
    bubble_fizz: Option<BubbleFizz>,
    left: AtomicU64,
    limit: u64,
}

impl<'v> Turns<'v> {
    /// A walker over `variant`'s turns (built with `rules`), allowed `limit` turns.
    pub(super) fn new(variant: &'v dyn Variant, rules: &BTreeMap<String, String>, limit: u64) -> Turns<'v> {
        let bubble_fizz = (variant.id() == "bubble-fizz").then(|| BubbleFizz::with_options(rules));
        Turns { variant, bubble_fizz, left: AtomicU64::new(limit), limit }
    }

    /// Hands each legal turn of `pos` to `visit`; stops at the first error, or when
    /// the budget is spent.
    pub(super) fn each(
        &self,
        pos: &Position,
        visit: &mut dyn FnMut(Turn) -> Result<(), CliError>,
    ) -> Result<(), CliError> {
        let mut failure = None;
        let mut step = |turn: Turn| {
            if self.left.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| left.checked_sub(1)).is_err() {
                failure = Some(self.spent());
                return true;
            }
            visit(turn).map_err(|e| failure = Some(e)).is_err()
        };
        if let Some(variant) = &self.bubble_fizz {
            variant.each_legal_turn(pos, &mut step);
        } else {
            let mut turns = Vec::new();
            self.variant.legal_turns(pos, &mut turns);
            for turn in turns {
                if step(turn) {
                    break;
                }
            }
        }
        failure.map_or(Ok(()), Err)
    }

    /// How many legal turns `pos` has (perft's last ply), charged to the budget all at
    /// once; Bubble Fizz's are walked one by one as they are found.
    pub(super) fn count(&self, pos: &Position) -> Result<u64, CliError> {
        if self.bubble_fizz.is_some() {
            let mut found = 0u64;
            self.each(pos, &mut |_| {
                found += 1;
                Ok(())
            })?;
            return Ok(found);
        }
        let found = self.variant.count_legal_turns(pos);
        self.left
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| left.checked_sub(found))
            .map_err(|_| self.spent())?;
        Ok(found)
    }

    /// Gives back `visits` to the budget, for turns that will be walked again.
    pub(super) fn refund(&self, visits: u64) {
        self.left.fetch_add(visits, Ordering::Relaxed);
    }

    fn spent(&self) -> CliError {
        CliError::Message(format!(
            "stopped after {} turns, the budget of --max-turns; give a larger one (say --max-turns {}) to go on",
            self.limit,
            self.limit.saturating_mul(10)
        ))
    }
}
