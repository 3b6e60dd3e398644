//! Progress of a run over many games, on standard error: drawn only when standard
//! error is a terminal and the output is text for people (never in pipes, never with
//! JSON), and cleared when the run ends.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// A counter of games replayed, or nothing when it must not be drawn.
#[derive(Debug)]
pub(super) struct Progress(Option<ProgressBar>);

impl Progress {
    /// A counter of games, drawn when `wanted` and standard error is a terminal.
    pub(super) fn games(wanted: bool) -> Progress {
        if !wanted || !std::io::stderr().is_terminal() {
            return Progress(None);
        }
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template("{spinner} {pos} game(s) replayed in {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner());
        bar.set_style(style);
        bar.enable_steady_tick(Duration::from_millis(250));
        Progress(Some(bar))
    }

    /// Whether the counter is drawn.
    pub(super) fn is_drawn(&self) -> bool {
        self.0.is_some()
    }

    /// Counts one game.
    pub(super) fn count(&self) {
        if let Some(bar) = &self.0 {
            bar.inc(1);
        }
    }

    /// Runs `print` with the counter hidden, so that what it prints is not torn.
    pub(super) fn hidden<R>(&self, print: impl FnOnce() -> R) -> R {
        match &self.0 {
            Some(bar) => bar.suspend(print),
            None => print(),
        }
    }

    /// Clears the counter.
    pub(super) fn finish(self) {
        if let Some(bar) = self.0 {
            bar.finish_and_clear();
        }
    }
}
