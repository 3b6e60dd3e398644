//! Steps of work left to a search: a game's budget (see `generate::GAME_BUDGET`), a
//! question's (see `generate::STEP_BUDGET`) and one state's refutation (see
//! `cover::COVER_WORK`) count down the same way.

use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

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

/// The steps all the questions of one game may take together (see
/// `generate::GAME_BUDGET`): each question may take what is left of it, up to its own
/// budget, and what it took is gone for the questions after it. A game whose every
/// turn is hard thus ends within the same bound as one hard question.
#[derive(Debug)]
pub(super) struct GameSteps {
    left: AtomicUsize,
}

impl GameSteps {
    /// `steps` steps for the whole game.
    pub(super) fn new(steps: usize) -> GameSteps {
        GameSteps { left: AtomicUsize::new(steps) }
    }

    /// The steps the game has not spent yet.
    pub(super) fn left(&self) -> usize {
        self.left.load(Ordering::Relaxed)
    }

    /// Takes `steps` from what the game has left, never below zero.
    pub(super) fn spend(&self, steps: usize) {
        // One game's questions are asked one after another on one thread, so a plain
        // load and store would do; the update keeps the variant `Sync` all the same.
        let _ = self.left.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| Some(left.saturating_sub(steps)));
    }
}
