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
//! Only a variant that answers every question is asked late
//! ([`Rules::always_decides`](crate::rules::Rules::always_decides)): where a search
//! may stop at a budget that a game's questions share (Bubble Fizz), asking them in
//! another order could change which of them is left undecided.

use super::{number_is_right, without_marks, At, ReplayedLine, Run};
use crate::record::ast::{CheckMark, PlyView};
use crate::rules::{san, EndReason, Outcome, Position};

/// A turn whose check, written `+`, may yet be mate.
#[derive(Clone, Copy)]
pub(super) struct PutOff<'w, 't> {
    ply: PlyView<'t>,
    context: At<'w>,
    /// The line's length before the turn.
    length: usize,
}

impl<'w, 't> PutOff<'w, 't> {
    /// The put-off question of `ply`, just played; the line held `length` plies
    /// before it.
    pub(super) fn new(ply: PlyView<'t>, context: At<'w>, length: usize) -> Self {
        PutOff { ply, context, length }
    }

    /// Whether a turn written as `ply` (its check mark `+`, its text the canonical
    /// one, `canonical`) may have its mate question put off.
    pub(super) fn applies(ply: PlyView, written: &str, canonical: &str) -> bool {
        ply.check() == Some(CheckMark::Check) && san::same_text(without_marks(written), canonical)
    }
}

/// A line that stops at a put-off turn whose question was left undecided.
pub(super) struct Stop<'w> {
    context: At<'w>,
    length: usize,
    message: String,
}

impl Stop<'_> {
    /// `out`, stopped at the turn; `after` is the position after it. A question is put
    /// off only where every question is answered, so no line stops this way; were
    /// one to, it would keep the position after the turn (the one before it is played
    /// over) and the claims and ending the history noted there.
    pub(super) fn apply(self, mut out: ReplayedLine, after: &Position) -> ReplayedLine {
        out.length = self.length;
        out.last_mate = None;
        out.refused_at(&self.context, Some(after), self.message)
    }
}

impl<'w> Run<'w> {
    /// Asks the question `put_off` left open in `after`, the position after its turn:
    /// the mate the turn gives, if it does (after the warning that `+` should be `#`),
    /// or the line's stop when the question is left undecided.
    pub(super) fn settle(&mut self, put_off: PutOff<'w, '_>, after: &Position) -> Result<Option<Outcome>, Stop<'w>> {
        let PutOff { ply, context, length } = put_off;
        match san::check_mark_knowing(self.variant, after, Some(true)) {
            Ok("#") => {
                let written = context.written;
                self.check_notation(ply, written, without_marks(written), "#", &context);
                Ok(Some(Outcome::win(context.side, EndReason::Checkmate)))
            }
            Ok(_) => Ok(None),
            Err(undecided) => {
                let message = self.undecided(ply.span(), &undecided, &context);
                Err(Stop { context, length, message })
            }
        }
    }

    /// Asks the question put off, if any, before `ply` is played from `pos` (the
    /// position the put-off turn left) when `ply` cannot answer it (a null move) or
    /// something is reported before it is played: its variations, a wrong move
    /// number, or (`warns_drawn`) the warning that the game was already drawn.
    pub(super) fn settle_before_turn(
        &mut self,
        ply: PlyView,
        pos: &Position,
        warns_drawn: bool,
    ) -> Result<(), Stop<'w>> {
        let asks_now = ply.has_variations() || warns_drawn || !number_is_right(ply, pos) || ply.turn().is_null();
        match self.put_off.take_if(|_| asks_now) {
            // A mate found is the line's last position's if the line stops here; the
            // end of the replay judges that position again.
            Some(open) => self.settle(open, pos).map(|_mate| ()),
            None => Ok(()),
        }
    }

    /// `out` at the end of its line, whose last position is `last` (`None`: `start`),
    /// with the question put off there asked.
    pub(super) fn end_line(&mut self, mut out: ReplayedLine, last: Option<Position>, start: &Position) -> ReplayedLine {
        if let Some(open) = self.put_off.take() {
            let pos = last.as_ref().unwrap_or(start);
            match self.settle(open, pos) {
                Ok(mate) => out.last_mate = mate,
                Err(stop) => return stop.apply(out, pos),
            }
        }
        out.last = last;
        out
    }

    /// Asks the question put off, if any, in `after` (the position its turn left)
    /// before the problem that stops the line there is reported: a refusal of the
    /// next turn (which leaves the position as it was), or a question about the
    /// position left undecided. The mate found, if any, is the line's last
    /// position's, which the end of the replay judges again. (A put-off question left
    /// undecided, which cannot be, would be reported first.)
    pub(super) fn settle_before_stop(&mut self, after: &Position) {
        if let Some(open) = self.put_off.take() {
            let _mate_or_stop = self.settle(open, after);
        }
    }
}
