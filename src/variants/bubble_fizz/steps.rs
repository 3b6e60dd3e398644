//! Steps of work left to a search: a question's budget (see `generate::STEP_BUDGET`) and
//! one state's refutation (see `cover::COVER_WORK`) count down the same way.

use std::cell::Cell;

/// How many steps are left; spent as the work is done, never below zero.
pub(super) struct Steps {
    left: Cell<usize>,
}

impl Steps {
    /// `steps` steps to spend.
    pub(super) fn new(steps: usize) -> Steps {
        Steps { left: Cell::new(steps) }
    }

    /// Takes `steps` from what is left: `true` when there were enough; otherwise
    /// nothing is left and `false`.
    pub(super) fn spend(&self, steps: usize) -> bool {
        let left = self.left.get();
        if left < steps {
            self.left.set(0);
            return false;
        }
        self.left.set(left - steps);
        true
    }

    /// The steps not spent yet.
    pub(super) fn left(&self) -> usize {
        self.left.get()
    }
}
