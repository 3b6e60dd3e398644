//! The mate question of a check written `+`, put off by a verdict-only replay.
//!
//! Whether a check is mate asks whether the side in check has a legal turn: a search
//! of its replies, some 900 instructions in chess. In a record the next turn is
//! nearly always there to answer it: a side that plays a legal turn had one, so the
//! check was no mate and `+` was right, and nothing is reported either way. So a
//! replay that keeps only a verdict writes `+` down as pending and asks the question
//! only when nothing else answers it: the line ends after that turn, or its next
//! turn is refused or is a null move, or something is about to be reported before
//! the next turn is played (its variations, a wrong move number, an earlier draw),
//! so that problems keep the order a replay asking at once gives them. Asked late,
//! the question gets the answer it would have got at once: a mate written `+` earns
//! the same warning.
//!
//! Only a question answered without a search is asked late
//! ([`Rules::answers_without_search`](crate::rules::Rules::answers_without_search)):
//! where a search may stop at a budget that a game's questions share (Bubble Fizz
//! with an invigorated unit to move), asking them in another order could change
//! which of them is left undecided.

use super::{number_is_right, without_marks, At, ReplayedLine, Run};
use crate::record::ast::{CheckMark, PlyView};
use crate::rules::{san, EndReason, Outcome, Position};

/// A turn whose check, written `+`, may yet be mate.
#[derive(Clone, Copy)]
pub(super) struct PutOff<'w, 't> {
    ply: PlyView<'t>,
    context: At<'w>,
}

impl<'w, 't> PutOff<'w, 't> {
    /// The put-off question of `ply`, just played at `context`.
    pub(super) fn new(ply: PlyView<'t>, context: At<'w>) -> Self {
        PutOff { ply, context }
    }

    /// Whether a turn written as `ply` (its check mark `+`, its text the canonical
    /// one, `canonical`, or `canonical` empty when the resolution found it so) may
    /// have its mate question put off.
    pub(super) fn applies(ply: PlyView, written: &str, canonical: &str) -> bool {
        ply.check() == Some(CheckMark::Check)
            && (canonical.is_empty() || san::same_text(without_marks(written), canonical))
    }
}

impl<'w> Run<'w> {
    /// Asks the question `put_off` left open in `after`, the position after its turn:
    /// the mate the turn gives, if it does, after the warning that `+` should be `#`.
    /// A question is put off only where every question is answered; were one left
    /// undecided all the same, it would be reported at its turn, and the line would go
    /// on.
    fn settle(&mut self, put_off: PutOff<'w, '_>, after: &Position) -> Option<Outcome> {
        let PutOff { ply, context } = put_off;
        match san::check_mark_knowing(self.variant, after, Some(true)) {
            Ok("#") => {
                let written = context.written;
                self.check_notation(ply, written, without_marks(written), "#", &context);
                Some(Outcome::win(context.side, EndReason::Checkmate))
            }
            Ok(_) => None,
            Err(undecided) => {
                self.undecided(ply.span(), &undecided, &context);
                None
            }
        }
    }

    /// Asks the question put off, if any, before `ply` is played from `pos` (the
    /// position the put-off turn left) when `ply` cannot answer it (a null move) or
    /// something is reported before it is played: its variations, a wrong move
    /// number, or (`warns_drawn`) the warning that the game was already drawn.
    pub(super) fn settle_before_turn(&mut self, ply: PlyView, pos: &Position, warns_drawn: bool) {
        let asks_now = ply.has_variations() || warns_drawn || !number_is_right(ply, pos) || ply.turn().is_null();
        if let Some(open) = self.put_off.take_if(|_| asks_now) {
            // A mate found is the line's last position's if the line stops here; the
            // end of the replay judges that position again.
            self.settle(open, pos);
        }
    }

    /// `out` at the end of its line, whose last position is `last` (`None`: `start`),
    /// with the question put off there asked.
    pub(super) fn end_line(&mut self, mut out: ReplayedLine, last: Option<Position>, start: &Position) -> ReplayedLine {
        if let Some(open) = self.put_off.take() {
            out.last_mate = self.settle(open, last.as_ref().unwrap_or(start));
        }
        out.last = last;
        out
    }

    /// Asks the question put off, if any, in `after` (the position its turn left)
    /// before the problem that stops the line there is reported: a refusal of the
    /// next turn (which leaves the position as it was), or a question about the
    /// position left undecided. The mate found, if any, is the line's last
    /// position's, which the end of the replay judges again.
    pub(super) fn settle_before_stop(&mut self, after: &Position) {
        if let Some(open) = self.put_off.take() {
            self.settle(open, after);
        }
    }
}
