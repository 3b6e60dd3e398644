//! The remarks of one game's reading: what the reader tolerated and the game's warnings
//! should say (an unclosed tag quote, words after the result, a `;` comment that holds
//! moves). A hostile record may earn one on every line, so only the first
//! [`MAX_REMARKS_PER_GAME`] keep their message and the rest are counted: a game's
//! remarks cost memory bounded by that number, however long the game.

use std::ops::Deref;

use super::ast::{Span, Spanned};

/// Remarks kept with their message per game; the same bound as the replay's problems of
/// each severity.
pub(crate) const MAX_REMARKS_PER_GAME: usize = 100;

/// The remarks of one game, the first [`MAX_REMARKS_PER_GAME`] kept, the rest counted.
/// Reads as the slice of those kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Remarks {
    kept: Vec<Spanned<String>>,
    /// How many were not kept, and where the first of them was.
    not_kept: usize,
    first_not_kept: Span,
}

impl Remarks {
    /// A remark at `span`; its message is built only when it is kept.
    pub(crate) fn push_with(&mut self, span: Span, message: impl FnOnce() -> String) {
        if self.kept.len() < MAX_REMARKS_PER_GAME {
            self.kept.push(Spanned { value: message(), span });
            return;
        }
        if self.not_kept == 0 {
            self.first_not_kept = span;
        }
        self.not_kept += 1;
    }

    /// A remark at `span` with this message.
    pub(crate) fn push(&mut self, span: Span, message: String) {
        self.push_with(span, || message);
    }

    /// The remarks of `other`, after these.
    pub(crate) fn append(&mut self, other: Remarks) {
        for remark in other.kept {
            self.push(remark.span, remark.value);
        }
        if other.not_kept > 0 {
            if self.not_kept == 0 {
                self.first_not_kept = other.first_not_kept;
            }
            self.not_kept += other.not_kept;
        }
    }

    /// How many remarks were not kept, and where the first of them was; `None` when all
    /// were.
    pub fn not_kept(&self) -> Option<(usize, Span)> {
        (self.not_kept > 0).then_some((self.not_kept, self.first_not_kept))
    }
}

impl Deref for Remarks {
    type Target = [Spanned<String>];

    fn deref(&self) -> &[Spanned<String>] {
        &self.kept
    }
}

#[cfg(test)]
mod tests {
    use super::{Remarks, MAX_REMARKS_PER_GAME};
    use crate::record::ast::Span;

    #[test]
    fn past_the_bound_remarks_are_counted_and_their_messages_never_built() {
        let mut remarks = Remarks::default();
        for at in 0..MAX_REMARKS_PER_GAME + 5 {
            let kept = at < MAX_REMARKS_PER_GAME;
            remarks.push_with(Span::new(at, at + 1), || {
                assert!(kept, "a message built past the bound");
                format!("remark {at}")
            });
        }
        assert_eq!(remarks.len(), MAX_REMARKS_PER_GAME);
        assert_eq!(remarks[0].value, "remark 0");
        let first = Span::new(MAX_REMARKS_PER_GAME, MAX_REMARKS_PER_GAME + 1);
        assert_eq!(remarks.not_kept(), Some((5, first)));
        // Appended to a game's other remarks, the count carries over.
        let mut all = Remarks::default();
        all.push(Span::new(0, 0), "a tag".to_owned());
        all.append(remarks);
        assert_eq!(all.len(), MAX_REMARKS_PER_GAME);
        assert_eq!(all.not_kept().map(|(count, _)| count), Some(6));
    }
}
